package repos

import (
	"context"
	"path/filepath"
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

// TestPoolSharesRepositories: components of one repository share one handle (one
// clone, one index read); each sees a fetch that moved the branch once.
func TestPoolSharesRepositories(t *testing.T) {
	t.Parallel()
	work := newCheckout(t, map[string]string{"a.txt": "1"})
	bare := filepath.Join(t.TempDir(), "app.git")
	git(t, work, "clone", "-q", "--bare", work, bare)
	p := NewPool(PoolOptions{DataDir: t.TempDir()})
	ctx := context.Background()
	spec := Spec{Repo: "file://" + bare, Branch: "main"}
	a, err := p.Open(ctx, "demo/a", spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Open(ctx, "demo/b", spec)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("two components of one repository have two handles")
	}
	other, err := p.Open(ctx, "demo/c", Spec{Repo: "local:"})
	if err != nil {
		t.Fatal(err)
	}
	if mine, _ := p.Open(ctx, "demo/d", Spec{Repo: "local:"}); mine == other {
		t.Error("two local: repositories share a handle")
	}
	for _, key := range []string{"demo/a", "demo/b"} {
		if moved, err := p.Fetch(ctx, key); err != nil || moved {
			t.Errorf("%s: first fetch moved %v, %v", key, moved, err)
		}
	}
	writeFile(t, work, "a.txt", "2")
	git(t, work, "commit", "-qam", "two")
	git(t, work, "push", "-q", bare, "HEAD:main")
	for _, key := range []string{"demo/a", "demo/b"} {
		if moved, err := p.Fetch(ctx, key); err != nil || !moved {
			t.Errorf("%s: fetch after a push moved %v, %v", key, moved, err)
		}
		if moved, _ := p.Fetch(ctx, key); moved {
			t.Errorf("%s: a second fetch moved again", key)
		}
	}
}
