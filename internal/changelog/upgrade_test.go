package changelog_test

import (
	"encoding/binary"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

// TestUpgradeKeepsIDs: a data directory written before the change log lived in
// the store keeps its change ids — the history's, by their natural keys, and the
// runtime log's, which is imported once with its texts.
func TestUpgradeKeepsIDs(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	head := strings.TrimSpace(testutil.Git(t, repo, nil, "rev-parse", "HEAD"))
	dir := t.TempDir()
	cfg := testutil.Config(t, dir, testutil.AndroidConfig(repo))
	path := filepath.Join(dir, "ids.db")
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := func(n int) []byte {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(n))
		return b[:]
	}
	err = db.Update(func(tx *bolt.Tx) error {
		keys, _ := tx.CreateBucketIfNotExists([]byte("keys/change"))
		keys.Put(id(7), []byte("demo/android/demo/51/"+head+"/"))
		keys.Put(id(9), []byte("runtime/0/demo/android/47"))
		events, _ := tx.CreateBucketIfNotExists([]byte("events"))
		return events.Put(id(1), []byte(`{"id":9,"time":"2026-02-02T08:00:00Z","action":47,"project":"demo","component":"android","target":"ParseError: x"}`))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	st, err := boltstore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{Store: st})
	_, changes := scanned(t, s)
	got := map[weblate.Action]int{}
	for _, ch := range changes {
		got[ch.Action] = ch.ID
		if ch.Action == weblate.ActionAlert && (ch.Target != "ParseError: x" || ch.Timestamp.Format("15:04") != "08:00") {
			t.Errorf("imported alert: %+v", ch)
		}
	}
	if got[weblate.ActionCreateComponent] != 7 || got[weblate.ActionAlert] != 9 || got[weblate.ActionCreateProject] <= 9 {
		t.Errorf("ids after the upgrade: %v, want 51 → 7 (kept), 47 → 9 (imported), 50 after both", got)
	}
	// Imported once.
	_, again := scanned(t, s)
	if len(again) != len(changes) {
		t.Errorf("%d changes after a second build, %d after the first", len(again), len(changes))
	}
}
