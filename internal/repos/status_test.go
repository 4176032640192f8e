package repos

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// TestBehind: a checkout is behind when its upstream has commits it lacks, not when
// it is ahead or even; Behind (no subprocess) agrees with StatusOf.
func TestBehind(t *testing.T) {
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
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main", dir)
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var hashes []Hash
	for i := range 30 {
		when := start.Add(time.Duration(i) * 72 * time.Hour)
		writeFile(t, dir, "f.txt", strings.Repeat("x", i))
		git(t, dir, "add", "-A")
		gitEnv(t, dir, []string{"GIT_COMMITTER_DATE=" + when.Format(time.RFC3339)}, "commit", "-q", "-m", "c")
		hashes = append(hashes, mustHash(t, strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))))
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
