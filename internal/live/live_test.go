package live_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

// TestRebuildWithoutChangeKeepsSnapshot: a rebuild that finds nothing new keeps the
// snapshot being served (so nothing downstream is redone); a change swaps it, and
// the observers see the new one before it is served.
func TestRebuildWithoutChangeKeepsSnapshot(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": testutil.Czech})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	l := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Live
	var prepared []*snapshot.Snapshot
	l.OnSnapshot(func(s *snapshot.Snapshot) {
		if l.Snapshot() == s {
			t.Error("an observer was called with the snapshot already served")
		}
		prepared = append(prepared, s)
	})
	if err := l.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	first := l.Snapshot()
	if err := l.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l.Snapshot() != first || len(prepared) != 1 {
		t.Fatal("an unchanged repository swapped the snapshot")
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(testutil.Czech, "Ahoj", "Nazdar", 1)})
	if err := l.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l.Snapshot() == first || len(prepared) != 2 || prepared[1] != l.Snapshot() {
		t.Error("a change did not swap a prepared snapshot in")
	}
}

// TestObserversRunTogether: the observers of a snapshot are called at the same
// time (each waits here until the other has started), all before it is served.
func TestObserversRunTogether(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	l := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Live
	started := [2]chan struct{}{make(chan struct{}), make(chan struct{})}
	for i := range started {
		l.OnSnapshot(func(s *snapshot.Snapshot) {
			close(started[i])
			select {
			case <-started[1-i]:
			case <-time.After(10 * time.Second):
				t.Errorf("observer %d: the other one did not start while it ran", i)
			}
			if l.Snapshot() == s {
				t.Errorf("observer %d was called with the snapshot already served", i)
			}
		})
	}
	if err := l.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l.Snapshot() == nil {
		t.Fatal("no snapshot served")
	}
}

// TestOnSnapshotAfterStart: observers are registered before Start; later is a
// programming error, not a race.
func TestOnSnapshotAfterStart(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	l := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Live
	ctx, cancel := context.WithCancel(context.Background())
	defer func() { cancel(); l.Wait() }()
	if err := l.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("OnSnapshot after Start did not panic")
		}
	}()
	l.OnSnapshot(func(*snapshot.Snapshot) {})
}

// hooks counts the 53 Received repository notification events of a snapshot.
func hooks(snap *snapshot.Snapshot) int {
	n, _ := snap.Log.Select(&snapshot.ChangeFilter{Actions: map[weblate.Action]bool{weblate.ActionHook: true}}, 0, 0)
	return n
}

// eventually waits up to 30 s for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// TestWebhooksCoalesce: a flood of webhooks that bring nothing new logs 53 Received
// repository notification once per component per HookInterval, and rebuilds no
// more often; a Notify never waits for a build in progress.
func TestWebhooksCoalesce(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	var mu sync.Mutex
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Live: live.Options{HookInterval: time.Minute, Rescan: time.Hour, Now: clock}})
	l := s.Live
	hold := make(chan struct{})
	var held sync.Once
	swaps := 0
	l.OnSnapshot(func(snap *snapshot.Snapshot) {
		mu.Lock()
		swaps++
		mu.Unlock()
		if hooks(snap) > 0 {
			held.Do(func() { <-hold }) // the first rebuild a webhook causes waits
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer func() { cancel(); l.Wait() }()
	if err := l.Start(ctx); err != nil {
		t.Fatal(err)
	}
	<-l.Ready()
	mu.Lock()
	before := swaps
	mu.Unlock()

	start := time.Now()
	for range 500 {
		l.Notify([]string{"demo/android"}, "github")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("500 webhooks took %s to note", d)
	}
	close(hold)
	eventually(t, "the first 53", func() bool { return hooks(l.Snapshot()) == 1 })
	for range 500 {
		l.Notify([]string{"demo/android"}, "github")
	}
	time.Sleep(300 * time.Millisecond) // time for the worker to do what it would
	if n := hooks(l.Snapshot()); n != 1 {
		t.Errorf("%d 53 events after 1,000 webhooks within the interval, want 1", n)
	}
	mu.Lock()
	if extra := swaps - before; extra != 1 {
		t.Errorf("%d snapshots swapped in for the webhooks, want 1", extra)
	}
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	l.Notify([]string{"demo/android"}, "github")
	eventually(t, "a second 53 after the interval", func() bool { return hooks(l.Snapshot()) == 2 })
}
