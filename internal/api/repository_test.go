package api

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
)

// fakeRepos describes every repository alike.
type fakeRepos struct {
	st     *repos.Status
	err    error
	behind bool
}

func (f fakeRepos) Status(context.Context, string) (*repos.Status, error) { return f.st, f.err }
func (f fakeRepos) Behind(context.Context, string) bool                   { return f.behind }

// TestRepositoryStatusText: the status text is git's where git gave one, and
// otherwise the summary of the repository's kind.
func TestRepositoryStatusText(t *testing.T) {
	remote := &repos.Commit{Hash: repos.HashBlob([]byte("x")), Message: "Upstream\n\nmore", Author: repos.Signature{Name: "A", Email: "a@x", When: time.Unix(0, 0)}}
	tests := []struct {
		name  string
		kind  repos.Kind
		repo  fakeRepos
		want  []string
		avoid []string
	}{
		{"git status", repos.KindCheckout, fakeRepos{st: &repos.Status{GitStatus: "On branch main\nUntracked files:\n\tnew.txt\n"}}, []string{`"status":"On branch main\nUntracked files:\n\tnew.txt\n"`}, nil},
		{"checkout behind", repos.KindCheckout, fakeRepos{st: &repos.Status{Remote: remote, Behind: true, Upstream: "origin/main"}, behind: true},
			[]string{`"needs_merge":true`, `Your branch is behind 'origin/main'.`, `"summary":"Upstream"`}, nil},
		{"checkout even", repos.KindCheckout, fakeRepos{st: &repos.Status{Remote: remote, Upstream: "origin/main"}},
			[]string{`"needs_merge":false`, `Your branch is up to date with 'origin/main'.`}, nil},
		{"clone", repos.KindRemote, fakeRepos{st: &repos.Status{Remote: remote}}, []string{`Your branch is up to date with 'origin/main'.\n\nnothing to commit`}, nil},
		{"bare", repos.KindBare, fakeRepos{st: &repos.Status{Remote: remote}}, []string{`A bare repository: gitlate reads the head of the branch.`}, nil},
		{"local", repos.KindLocal, fakeRepos{st: &repos.Status{}}, []string{`"remote_commit":null`, `nothing to commit, working tree clean`}, nil},
		{"unreadable", repos.KindCheckout, fakeRepos{err: errors.New("boom")}, []string{`"status":"The repository cannot be read: boom\n"`}, nil},
	}
	for _, tt := range tests {
		snap := fixture(t)
		c := snap.Projects[0].Components[0]
		c.Repo.Kind, c.Repo.Branch = tt.kind, "main"
		h := serverFor(t, snap, Options{Repos: tt.repo})
		got := do(t, h, "GET", "/api/components/demo/android/repository/")
		for _, w := range tt.want {
			if !strings.Contains(got.body, w) {
				t.Errorf("%s: %s lacks %s", tt.name, got.body, w)
			}
		}
		proj := do(t, h, "GET", "/api/projects/demo/repository/")
		if want := `"needs_merge":` + map[bool]string{true: "true", false: "false"}[tt.repo.behind]; !strings.Contains(proj.body, want) {
			t.Errorf("%s: project %s lacks %s", tt.name, proj.body, want)
		}
	}
	// remote_commit: the upstream's head where a checkout tracks one; the branch
	// head where there is nothing else to follow (Weblate's local repositories);
	// null where an upstream is configured but was never fetched.
	head := &repos.Commit{Hash: repos.HashBlob([]byte("head")), Message: "Local head\n", Author: repos.Signature{Name: "B", Email: "b@x", When: time.Unix(60, 0)}}
	for _, tt := range []struct {
		name string
		kind repos.Kind
		st   *repos.Status
		want string
	}{
		{"local", repos.KindLocal, &repos.Status{}, `"summary":"Local head"`},
		{"checkout without upstream", repos.KindCheckout, &repos.Status{}, `"summary":"Local head"`},
		{"checkout with upstream", repos.KindCheckout, &repos.Status{Remote: remote, Upstream: "origin/main"}, `"summary":"Upstream"`},
		{"upstream never fetched", repos.KindCheckout, &repos.Status{Upstream: "origin/main"}, `"remote_commit":null`},
	} {
		snap := fixture(t)
		c := snap.Projects[0].Components[0]
		c.Repo.Kind, c.Repo.Branch, c.Repo.Head = tt.kind, "main", head
		got := do(t, serverFor(t, snap, Options{Repos: fakeRepos{st: tt.st}}), "GET", "/api/components/demo/android/repository/")
		if !strings.Contains(got.body, tt.want) {
			t.Errorf("%s: %s lacks %s", tt.name, got.body, tt.want)
		}
	}
	// A repository the scan could not read says why, whatever the reader says.
	snap := fixture(t)
	snap.Projects[0].Components[0].Repo.Err = errors.New("gone")
	got := do(t, serverFor(t, snap, Options{Repos: fakeRepos{st: &repos.Status{GitStatus: "x"}}}), "GET", "/api/components/demo/android/repository/")
	if !strings.Contains(got.body, `"status":"The repository cannot be read: gone\n"`) {
		t.Errorf("unreadable repository: %s", got.body)
	}
}
