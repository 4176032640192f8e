package repos

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	t.Parallel()
	interval := 5 * time.Minute
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 5 * time.Minute, 5 * time.Minute}
	for i, w := range want {
		if got := Backoff(i+1, interval); got != w {
			t.Errorf("after %d failures: %s, want %s", i+1, got, w)
		}
	}
	if got := Backoff(3, 20*time.Second); got != 20*time.Second {
		t.Errorf("short interval: %s", got)
	}
}

// TestStatusReused: a checkout's status (`git status`) is read once per statusTTL,
// however many ask: an untracked file that appears within it shows only once it has
// passed.
func TestStatusReused(t *testing.T) {
	if gitBinary() == "" {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	p := NewPool(PoolOptions{DataDir: t.TempDir()})
	if _, err := p.Open(context.Background(), "demo/app", Spec{Repo: dir}); err != nil {
		t.Fatal(err)
	}
	first, err := p.Status(context.Background(), "demo/app")
	if err != nil || !strings.Contains(first.GitStatus, "On branch main") {
		t.Fatalf("%+v %v", first, err)
	}
	writeFile(t, dir, "new.txt", "x")
	if again, _ := p.Status(context.Background(), "demo/app"); again.GitStatus != first.GitStatus {
		t.Errorf("status read again within its time to live:\n%s", again.GitStatus)
	}
	if p.Behind(context.Background(), "demo/app") {
		t.Error("a checkout without upstream is behind")
	}
	old := statusTTL
	statusTTL = time.Nanosecond
	defer func() { statusTTL = old }()
	if later, _ := p.Status(context.Background(), "demo/app"); !strings.Contains(later.GitStatus, "new.txt") {
		t.Errorf("status not read again after its time to live:\n%s", later.GitStatus)
	}
	if st, err := p.Status(context.Background(), "demo/other"); err != nil || st.Remote != nil || st.GitStatus != "" {
		t.Errorf("a repository not open: %+v %v", st, err)
	}
}
