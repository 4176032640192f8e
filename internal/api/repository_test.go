package api

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
)

// TestRepositoryStatusCached: a checkout's status (`git status`) is read once per
// statusTTL, however many requests ask: an untracked file that appears within it
// shows only once it has passed.
func TestRepositoryStatusCached(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	cmd := exec.Command("git", "init", "-q", "-b", "main", dir)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	r, err := repos.Open(context.Background(), repos.Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	snap := fixture(t)
	c := snap.Projects[0].Components[0]
	c.Repo.Handle, c.Repo.Kind = r, repos.KindCheckout
	h := serverFor(t, snap, Options{})
	const path = "/api/components/demo/android/repository/"
	first := do(t, h, "GET", path)
	if first.status != 200 || !strings.Contains(first.body, "On branch main") {
		t.Fatalf("%d %s", first.status, first.body)
	}
	if err := os.WriteFile(filepath.Join(dir, "new.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if again := do(t, h, "GET", path); again.body != first.body {
		t.Errorf("status read again within its time to live:\n%s", again.body)
	}
	if got := do(t, h, "GET", "/api/projects/demo/repository/"); got.status != 200 || !strings.Contains(got.body, `"needs_merge":false`) {
		t.Errorf("project: %d %s", got.status, got.body)
	}
	old := statusTTL
	statusTTL = time.Nanosecond
	defer func() { statusTTL = old }()
	if later := do(t, h, "GET", path); !strings.Contains(later.body, "new.txt") {
		t.Errorf("status not read again after its time to live:\n%s", later.body)
	}
}
