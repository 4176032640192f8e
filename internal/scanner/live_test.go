package scanner

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/snapshot"
)

func TestBackoff(t *testing.T) {
	interval := 5 * time.Minute
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 5 * time.Minute, 5 * time.Minute}
	for i, w := range want {
		if got := backoff(i+1, interval); got != w {
			t.Errorf("after %d failures: %s, want %s", i+1, got, w)
		}
	}
	if got := backoff(3, 20*time.Second); got != 20*time.Second {
		t.Errorf("short interval: %s", got)
	}
}

// TestRescanWithoutChangeKeepsSnapshot: a re-scan that finds nothing new keeps the
// snapshot being served (so nothing downstream is redone); a change swaps it, and
// Prepare sees the new one before it is served.
func TestRescanWithoutChangeKeepsSnapshot(t *testing.T) {
	repo := newRepo(t, map[string]string{"res/values/strings.xml": template, "res/values-cs/strings.xml": czech})
	cfg := parseConfig(t, t.TempDir(), strings.ReplaceAll(androidConfig, "%REPO%", repo))
	l, err := NewLive(context.Background(), New(cfg, Options{DataDir: t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	var prepared []*snapshot.Snapshot
	l.prepare = func(s *snapshot.Snapshot) {
		if l.Snapshot() == s {
			t.Error("Prepare called with the snapshot already served")
		}
		prepared = append(prepared, s)
	}
	first := l.Snapshot()
	if err := l.Rescan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l.Snapshot() != first || len(prepared) != 0 {
		t.Fatal("an unchanged repository swapped the snapshot")
	}
	writeFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(czech, "Ahoj", "Nazdar", 1)})
	if err := l.Rescan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l.Snapshot() == first || len(prepared) != 1 || prepared[0] != l.Snapshot() {
		t.Error("a change did not swap a prepared snapshot in")
	}
}

// TestNotifyDoesNotWaitForAScan: a webhook only notes its components; it never waits
// for the scan lock (forges time out, and hooks need no token).
func TestNotifyDoesNotWaitForAScan(t *testing.T) {
	repo := newRepo(t, map[string]string{"res/values/strings.xml": template})
	cfg := parseConfig(t, t.TempDir(), strings.ReplaceAll(androidConfig, "%REPO%", repo))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := New(cfg, Options{DataDir: t.TempDir()})
	l, err := NewLive(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock() // a scan in progress
	done := make(chan struct{})
	go func() {
		l.Notify([]string{"demo/android"}, "github")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Error("Notify waited for the scan")
	}
	s.mu.Unlock()
	cancel()
	l.Wait()
}
