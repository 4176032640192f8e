package changelog_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/jsondoc"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

const (
	czech1 = `<resources><string name="hello">Ahoj</string></resources>`
	czech2 = `<resources><string name="hello">Ahoj</string><string name="empty">Prázdné</string></resources>`
	czech3 = `<resources><string name="hello">Nazdar</string><string name="empty">Prázdné</string></resources>`
	czech4 = `<resources><string name="hello">Čau</string></resources>`
)

func scanned(t *testing.T, s *livetest.Setup) (*snapshot.Snapshot, []*snapshot.Change) {
	t.Helper()
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return snap, s.Changes(t, snap)
}

// byTime lists the changes of each commit time.
func byTime(changes []*snapshot.Change) map[string][]int {
	out := map[string][]int{}
	for _, ch := range changes {
		k := ch.Timestamp.Format("15:04")
		out[k] = append(out[k], ch.ID)
	}
	return out
}

// TestForcePush: a branch rewritten under the log (its recorded head no longer
// an ancestor) has the changes of the vanished commits removed and the walk redone;
// the commits that stayed keep their changes' ids, the new ones get larger ids, and
// a removed id is never given to anything else. Forced back, the old commits'
// changes come back with their old ids.
func TestForcePush(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	testutil.Commit(t, repo, "2026-02-01T11:00:00Z", "two", map[string]string{"res/values-cs/strings.xml": czech2})
	old := strings.TrimSpace(testutil.Git(t, repo, nil, "rev-parse", "HEAD"))
	testutil.Commit(t, repo, "2026-02-01T12:00:00Z", "three", map[string]string{"res/values-cs/strings.xml": czech3})
	head3 := strings.TrimSpace(testutil.Git(t, repo, nil, "rev-parse", "HEAD"))
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	_, first := scanned(t, s)
	before := byTime(first)
	if len(before["10:00"]) == 0 || len(before["11:00"]) == 0 || len(before["12:00"]) == 0 {
		t.Fatalf("changes by commit time: %v", before)
	}
	maxID := 0
	for _, ch := range first {
		maxID = max(maxID, ch.ID)
	}
	testutil.Git(t, repo, nil, "reset", "-q", "--hard", old)
	testutil.Commit(t, repo, "2026-02-01T13:00:00Z", "rewritten", map[string]string{"res/values-cs/strings.xml": czech4})
	_, second := scanned(t, s)
	after := byTime(second)
	if len(after["12:00"]) != 0 {
		t.Errorf("changes of the vanished commit remain: %v", after["12:00"])
	}
	for _, k := range []string{"10:00", "11:00"} {
		if strings.Join(strs(after[k]), ",") != strings.Join(strs(before[k]), ",") {
			t.Errorf("commit at %s: ids %v, were %v", k, after[k], before[k])
		}
	}
	if len(after["13:00"]) == 0 {
		t.Fatal("no changes for the new commit")
	}
	for _, id := range after["13:00"] {
		if id <= maxID {
			t.Errorf("the new commit's change %d takes an id given before (max %d)", id, maxID)
		}
	}
	testutil.Git(t, repo, nil, "reset", "-q", "--hard", head3)
	_, third := scanned(t, s)
	back := byTime(third)
	if strings.Join(strs(back["12:00"]), ",") != strings.Join(strs(before["12:00"]), ",") || len(back["13:00"]) != 0 {
		t.Errorf("forced back: %v, want the 12:00 changes %v again and none of 13:00", back, before["12:00"])
	}
}

func strs(ids []int) []string {
	out := make([]string, len(ids))
	sort.Ints(ids)
	for i, id := range ids {
		out[i] = strconv.Itoa(id)
	}
	return out
}

// changeView is what a client sees of a change, for comparisons.
func changeView(changes []*snapshot.Change) []string {
	var out []string
	for _, ch := range changes {
		tr, user := "", ""
		if ch.Translation != nil {
			tr = ch.Translation.Language.Code
		}
		if ch.User != nil {
			user = ch.User.Username
		}
		out = append(out, strings.Join([]string{itoa(ch.ID), itoa(int(ch.Action)), ch.Timestamp.String(), tr, itoa(ch.UnitID), ch.Target, user}, "|"))
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestRestartResumes: a restarted server serves the stored log in its first
// snapshot, before any walk, with the translations' last changes and the units'
// times as they were; the walk then goes on from the stored position, and the log
// ends as a walk of the whole history from scratch gives it.
func TestRestartResumes(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	testutil.Commit(t, repo, "2026-02-01T11:00:00Z", "two", map[string]string{"res/values-cs/strings.xml": czech2})
	dir := t.TempDir()
	cfg := testutil.Config(t, dir, testutil.AndroidConfig(repo))
	path := filepath.Join(dir, "ids.db")
	open := func() store.Store {
		st, err := boltstore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	st := open()
	s := livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{Store: st})
	snap, changes := scanned(t, s)
	cs := snap.Project("demo").Component("android").Translation("cs")
	units, err := s.Units.Units(cs)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	st = open()
	defer st.Close()
	s = livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{Store: st})
	first, err := s.Live.Build(context.Background(), false) // statistics first: no walk
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(changeView(s.Changes(t, first)), "\n"), strings.Join(changeView(changes), "\n"); got != want {
		t.Errorf("the first snapshot after a restart:\n%s\nwant\n%s", got, want)
	}
	cs2 := first.Project("demo").Component("android").Translation("cs")
	if cs2.Stats.LastChange != cs.Stats.LastChange || cs2.Stats.LastAuthor != cs.Stats.LastAuthor || cs2.Stats.RecentChanges != cs.Stats.RecentChanges {
		t.Errorf("last change after a restart: %v %q %d, was %v %q %d", cs2.Stats.LastChange, cs2.Stats.LastAuthor, cs2.Stats.RecentChanges,
			cs.Stats.LastChange, cs.Stats.LastAuthor, cs.Stats.RecentChanges)
	}
	units2, err := s.Units.Units(cs2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range units {
		if units2[i].ID != units[i].ID || !units2[i].Timestamp.Equal(units[i].Timestamp) {
			t.Errorf("unit %d after a restart: id %d at %v, was %d at %v", i, units2[i].ID, units2[i].Timestamp, units[i].ID, units[i].Timestamp)
		}
	}
	// A new commit: the walk goes on from where it stood.
	testutil.Commit(t, repo, "2026-02-01T12:00:00Z", "three", map[string]string{"res/values-cs/strings.xml": czech3})
	_, resumed := scanned(t, s)
	pos, err := st.States(context.Background(), "walkpos/")
	if err != nil || !strings.Contains(string(pos["walkpos/demo/android"]), `"version":2`) {
		t.Errorf("walk position after resuming: %q %v (want the second walk of the stored state)", pos, err)
	}
	fresh := livetest.New(t, cfg, filepath.Join(dir, "data2"), livetest.Options{Store: memstore.New()})
	_, whole := scanned(t, fresh)
	if got, want := strings.Join(changeView(resumed), "\n"), strings.Join(changeView(whole), "\n"); got != want {
		t.Errorf("resumed walk:\n%s\nwhole walk:\n%s", got, want)
	}
}

// TestReplicasLogOnce: two replicas sharing a store log an alert once however
// often both see it, again once after it was gone, and a fetch that moved a branch
// once for each new head.
func TestReplicasLogOnce(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	st := memstore.New()
	a := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st})
	b := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st})
	alerts := func(s *livetest.Setup) int {
		_, changes := scanned(t, s)
		n := 0
		for _, ch := range changes {
			if ch.Action == weblate.ActionAlert {
				n++
			}
		}
		return n
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": "<resources><string"})
	for range 2 {
		if na, nb := alerts(a), alerts(b); na != 1 || nb != 1 {
			t.Fatalf("a broken file seen by two replicas: %d and %d 47 changes, want 1", na, nb)
		}
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": czech1})
	alerts(a)
	alerts(b)
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": "<resources>"})
	if na, nb := alerts(b), alerts(a); na != 2 || nb != 2 {
		t.Errorf("broken again: %d and %d 47 changes, want 2", na, nb)
	}
	for _, s := range []*livetest.Setup{a, b, a} {
		if err := s.Log.Record(context.Background(), weblate.ActionRebase, "demo", "android", "", "1111"); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Log.Record(context.Background(), weblate.ActionRebase, "demo", "android", "", "2222"); err != nil {
		t.Fatal(err)
	}
	_, changes := scanned(t, a)
	n := 0
	for _, ch := range changes {
		if ch.Action == weblate.ActionRebase {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d 21 changes for fetches to two heads by two replicas, want 2", n)
	}
}

// linksOf reads what a change's stored JSON links.
func linksOf(t *testing.T, st store.Store, id int) (translation, unit any) {
	t.Helper()
	var v struct{ Translation, Unit any }
	err := st.Docs(context.Background(), []int{id}, func(_ int, doc []byte) {
		if err := json.Unmarshal(jsondoc.Fill(nil, doc, "http://h", "", id), &v); err != nil {
			t.Fatal(err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return v.Translation, v.Unit
}

// TestLinksFlip: a change points at its translation and unit only while they
// exist; when a build finds them gone its stored JSON is encoded again with nulls,
// and with their URLs again when they are back.
func TestLinksFlip(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	testutil.Commit(t, repo, "2026-02-01T11:00:00Z", "two", map[string]string{"res/values-cs/strings.xml": czech3})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	st := memstore.New()
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st})
	_, changes := scanned(t, s)
	var changed *snapshot.Change
	for _, ch := range changes {
		if ch.Action == weblate.ActionChange {
			changed = ch
		}
	}
	if changed == nil || changed.UnitID == 0 || changed.Translation == nil {
		t.Fatalf("no 2 Translation changed with its unit: %+v", changed)
	}
	tr, unit := linksOf(t, st, changed.ID)
	if tr != "http://h/api/translations/demo/android/cs/" || unit != "http://h/api/units/"+itoa(changed.UnitID)+"/" {
		t.Fatalf("links %v %v", tr, unit)
	}
	// The template loses hello: the unit is gone, the translation stays.
	tmpl := strings.Replace(testutil.Template, `<string name="hello">Hello, world!</string>`, "", 1)
	testutil.WriteFiles(t, repo, map[string]string{"res/values/strings.xml": tmpl})
	scanned(t, s)
	if tr, unit := linksOf(t, st, changed.ID); tr == nil || unit != nil {
		t.Errorf("unit gone: links %v %v, want the translation and a null unit", tr, unit)
	}
	testutil.Git(t, repo, nil, "checkout", "-q", "--", ".")
	snap, _ := scanned(t, s)
	if tr, unit := linksOf(t, st, changed.ID); tr == nil || unit != "http://h/api/units/"+itoa(changed.UnitID)+"/" {
		t.Errorf("unit back: links %v %v", tr, unit)
	}
	// The Czech file goes: translation and unit are null.
	testutil.Git(t, repo, nil, "rm", "-q", "res/values-cs/strings.xml")
	snap, _ = scanned(t, s)
	if snap.Project("demo").Component("android").Translation("cs") != nil {
		t.Fatal("cs still there")
	}
	if tr, unit := linksOf(t, st, changed.ID); tr != nil || unit != nil {
		t.Errorf("translation gone: links %v %v, want null and null", tr, unit)
	}
}
