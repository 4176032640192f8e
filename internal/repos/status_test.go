package repos

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// TestBehind: a checkout is behind when its upstream has commits it lacks, not when
// it is ahead or even; Behind (no subprocess) agrees with StatusOf.
func TestBehind(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	origin := filepath.Join(dir, "origin")
	clone := filepath.Join(dir, "clone")
	day := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	commit := func(repo, msg string, when time.Time) {
		t.Helper()
		date := []string{"GIT_AUTHOR_DATE=" + when.Format(time.RFC3339), "GIT_COMMITTER_DATE=" + when.Format(time.RFC3339)}
		writeFile(t, repo, "file.txt", msg)
		git(t, repo, "add", "-A")
		gitEnv(t, repo, date, "commit", "-q", "-m", msg)
	}
	git(t, dir, "init", "-q", "-b", "main", origin)
	commit(origin, "one", day)
	git(t, dir, "clone", "-q", origin, clone)
	check := func(what string, want bool) {
		t.Helper()
		r, err := Open(context.Background(), Spec{Repo: clone})
		if err != nil {
			t.Fatal(err)
		}
		if got := Behind(context.Background(), r); got != want {
			t.Errorf("%s: Behind %v, want %v", what, got, want)
		}
		st, err := StatusOf(context.Background(), r)
		if err != nil || st.Behind != want || st.Remote == nil {
			t.Errorf("%s: StatusOf %+v, %v", what, st, err)
		}
	}
	check("even", false)
	for i := range 5 {
		commit(clone, "local "+strings.Repeat("x", i), day.Add(time.Duration(i+1)*time.Hour))
	}
	check("ahead", false)
	commit(origin, "two", day.Add(48*time.Hour))
	git(t, clone, "fetch", "-q")
	check("diverged", true)
	git(t, clone, "reset", "-q", "--hard", "origin/main")
	check("even again", false)
	commit(origin, "three", day.Add(72*time.Hour))
	git(t, clone, "fetch", "-q")
	check("behind", true)
}

// TestBehindBounded: the walk stops at commits older than the one looked for, so
// an upstream that is not an ancestor is decided without reading the whole history.
func TestBehindBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main", dir)
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	// 30 commits three days apart, each rewriting f.txt, made by one git fast-import.
	var stream strings.Builder
	for i := range 30 {
		when := start.Add(time.Duration(i) * 72 * time.Hour)
		content := strings.Repeat("x", i)
		fmt.Fprintf(&stream, "commit refs/heads/main\ncommitter Carl Committer <carl@example.org> %d +0000\ndata 1\nc\n", when.Unix())
		fmt.Fprintf(&stream, "M 100644 inline f.txt\ndata %d\n%s\n\n", len(content), content)
	}
	gitInput(t, dir, stream.String(), "fast-import", "--quiet")
	git(t, dir, "reset", "-q", "--hard", "main")
	var hashes []Hash
	for _, h := range strings.Fields(git(t, dir, "rev-list", "--reverse", "main")) {
		hashes = append(hashes, mustHash(t, h))
	}
	if len(hashes) != 30 {
		t.Fatalf("%d commits made, want 30", len(hashes))
	}
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	rr := baseRepo(r)
	head := hashes[len(hashes)-1]
	// An old commit is found; a commit not in the history, dated after most of it,
	// is not, and the answer is known.
	if found, known := rr.isAncestor(context.Background(), hashes[3], start.Add(3*72*time.Hour), head); !found || !known {
		t.Errorf("ancestor: %v %v", found, known)
	}
	var stranger Hash
	stranger[0] = 1
	if found, known := rr.isAncestor(context.Background(), stranger, start.Add(25*72*time.Hour), head); found || !known {
		t.Errorf("stranger: %v %v", found, known)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, known := rr.isAncestor(ctx, stranger, start, head); known {
		t.Error("a cancelled walk claims an answer")
	}
}

func mustHash(t *testing.T, s string) Hash {
	t.Helper()
	if !plumbing.IsHash(s) {
		t.Fatalf("not a hash: %q", s)
	}
	return plumbing.NewHash(s)
}
