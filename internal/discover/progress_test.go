package discover

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestCloneProgress: a clone is announced, said to go on while it lasts, and
// timed when done: a line per period, not a flood.
func TestCloneProgress(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	done := cloneProgress(&b, "file:///srv/app.git", 20*time.Millisecond)
	time.Sleep(110 * time.Millisecond)
	done()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) < 3 || len(lines) > 8 || lines[0] != "cloning file:///srv/app.git…" ||
		!strings.HasPrefix(lines[1], "still cloning file:///srv/app.git (") ||
		!regexp.MustCompile(`^cloned in \d+\.\ds$`).MatchString(lines[len(lines)-1]) {
		t.Errorf("%q", lines)
	}
}

// TestRunProgress: RunWith tells Progress of a URL's clone, and says nothing
// of a path.
func TestRunProgress(t *testing.T) {
	t.Parallel()
	cfg, _ := testutil.Samples(t)
	bare := cfg.Projects[0].Components[0].RepoPath
	none := func(context.Context, *config.Config, string) (*snapshot.Snapshot, error) {
		return &snapshot.Snapshot{}, nil
	}
	var b bytes.Buffer
	if _, err := RunWith(context.Background(), "file://"+bare, none, Options{Progress: &b}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "cloning file://"+bare+"…\n") || !strings.Contains(b.String(), "\ncloned in ") {
		t.Errorf("%q", b.String())
	}
	b.Reset()
	if _, err := RunWith(context.Background(), bare, none, Options{Progress: &b}); err != nil || b.Len() != 0 {
		t.Errorf("a path: %v %q", err, b.String())
	}
}
