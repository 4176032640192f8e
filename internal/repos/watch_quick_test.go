package repos

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestWatcherQuick: with Quick, a burst of edits after a quiet spell is notified
// once, as soon as it has been quiet for the quick delay (long before the full
// delay); a change right after that notification waits for the full delay, so a
// burst that pauses is not read once per pause. The delays are far apart, so a
// busy machine does not blur them.
func TestWatcherQuick(t *testing.T) {
	t.Parallel()
	const delay, quick = 2 * time.Second, 100 * time.Millisecond
	root := t.TempDir()
	dir := filepath.Join(root, "res", "values-cs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	got := make(chan []string, 10)
	w, err := NewWatcher(delay, 3*delay, func(tags []string) { got <- tags })
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Quick(quick)
	if err := w.Add("app", filepath.Join(root, "res"), 1); err != nil {
		t.Fatal(err)
	}
	write := func() {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "strings.xml"), []byte(time.Now().String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(what string, within time.Duration) time.Duration {
		t.Helper()
		start := time.Now()
		select {
		case tags := <-got:
			if !reflect.DeepEqual(tags, []string{"app"}) {
				t.Fatalf("%s: notified %v, want [app]", what, tags)
			}
			return time.Since(start)
		case <-time.After(within):
			t.Fatalf("%s: no notification within %s", what, within)
		}
		return 0
	}

	// A burst after a quiet spell: one notification, well before the delay.
	for range 20 {
		write()
	}
	if d := wait("burst after quiet", delay/2); d < quick/2 {
		t.Errorf("notified after %s, before the quick delay %s", d, quick)
	}
	// A change right after a notification waits for the whole delay.
	write()
	start := time.Now()
	select {
	case tags := <-got:
		t.Fatalf("a change right after a notification was notified after %s (%v), before the delay %s", time.Since(start), tags, delay)
	case <-time.After(delay / 2):
	}
	wait("change after a notification", 3*delay)
	// Quiet again for the delay: the next change is quick once more.
	time.Sleep(delay)
	write()
	wait("change after a quiet spell", delay/2)
}
