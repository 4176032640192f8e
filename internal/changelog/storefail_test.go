package changelog_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/store/storetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestLogStoreFails: a store that cannot keep or read the change log fails no
// build: the log is shown as last read, every component shows a StorageError
// alert saying what failed (logged once however many builds see it), and once the
// store works the history walked meanwhile reaches the log.
func TestLogStoreFails(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	st := storetest.NewFaulty(memstore.New())
	log := &testutil.Log{}
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st, Logger: log.Logger()})
	_, before := scanned(t, s)
	if len(before) == 0 {
		t.Fatal("no changes")
	}
	st.Fail("States", errors.New("the database is away"))
	st.Fail("Commit", errors.New("the database is away"))
	testutil.Commit(t, repo, "2026-02-01T11:00:00Z", "two", map[string]string{"res/values-cs/strings.xml": czech2})
	for i := range 3 {
		snap, err := s.Scan(context.Background())
		if err != nil {
			t.Fatalf("build %d: %v", i, err)
		}
		if got := s.Changes(t, snap); len(got) != len(before) {
			t.Errorf("build %d shows %d changes, want the %d as last read", i, len(got), len(before))
		}
		if a := testutil.StorageAlerts(snap); len(a) != 1 || !strings.Contains(a[0], "change log cannot be kept") || !strings.Contains(a[0], "the database is away") {
			t.Errorf("build %d: alerts %q", i, a)
		}
	}
	if n := log.Count("the store failed the change log"); n != 1 {
		t.Errorf("logged %d times in 3 builds, want once", n)
	}
	st.Fail("States", nil)
	st.Fail("Commit", nil)
	snap, changes := scanned(t, s)
	if len(changes) <= len(before) || len(testutil.StorageAlerts(snap)) != 0 {
		t.Errorf("once the store works: %d changes (were %d), alerts %q", len(changes), len(before), testutil.StorageAlerts(snap))
	}
}

// staleStore lists its changes with store.ErrStale, as a shared store whose
// database is away lists its local copy.
type staleStore struct {
	*storetest.Faulty
	stale  bool
	listed int // records listed
}

func (s *staleStore) Changes(ctx context.Context, after int64, fn func(*store.Record) error) (int64, error) {
	last, err := s.Faulty.Changes(ctx, after, func(r *store.Record) error { s.listed++; return fn(r) })
	if err == nil && s.stale {
		err = fmt.Errorf("%w: connection refused", store.ErrStale)
	}
	return last, err
}

// TestStaleCopyIsRead: what a shared store's local copy lists while the shared
// one is away is shown (a restarted replica serves its log), with the alert, and
// read once: the next build asks only for what is newer.
func TestStaleCopyIsRead(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": czech1})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	mem := memstore.New()
	_, want := scanned(t, livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: mem}))
	st := &staleStore{Faulty: storetest.NewFaulty(mem), stale: true}
	st.Fail("States", errors.New("connection refused"))
	restarted := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st})
	snap, got := scanned(t, restarted)
	if len(got) != len(want) || len(want) == 0 {
		t.Errorf("the copy's %d changes shown as %d", len(want), len(got))
	}
	if a := testutil.StorageAlerts(snap); len(a) != 1 || !strings.Contains(a[0], "local copy") {
		t.Errorf("alerts %q", a)
	}
	st.listed = 0
	if _, err := restarted.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st.listed != 0 {
		t.Errorf("the next build listed %d records again", st.listed)
	}
}
