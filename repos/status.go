package repos

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// Status is what the API's repository endpoints show of a repository.
type Status struct {
	// Remote is the head of what the remote has (the upstream branch a checkout
	// tracks, the origin's branch a clone mirrors); nil when unknown or local.
	Remote *Commit
	// Behind is true when the remote has commits the branch lacks: a merge is needed
	// before they show.
	Behind bool
	// Text describes the repository in the manner of `git status`.
	Text string
}

// StatusOf describes a repository. For a checkout it runs `git status` when git is
// installed (read-only: no index refresh is written), since that is what a user
// recognises; otherwise it writes a summary of its own.
func StatusOf(ctx context.Context, r Repository) (*Status, error) {
	rr := baseRepo(r)
	if rr == nil {
		return &Status{Text: "On branch " + r.Branch() + "\n"}, nil
	}
	branch := r.Branch()
	st := &Status{}
	switch r.Kind() {
	case KindRemote:
		head, err := r.Head()
		if err != nil {
			return nil, err
		}
		// The clone's branches mirror the origin's: what it has, the branch has.
		st.Remote = head
		st.Text = fmt.Sprintf("On branch %s\nYour branch is up to date with 'origin/%s'.\n\nnothing to commit, working tree clean\n", branch, branch)
		return st, nil
	case KindLocal:
		st.Text = "On branch " + branch + "\nnothing to commit, working tree clean\n"
		return st, nil
	case KindBare:
		// A bare repository is where the commits arrive: it is the remote read.
		head, err := r.Head()
		if err != nil {
			return nil, err
		}
		st.Remote = head
		st.Text = "On branch " + branch + "\nA bare repository: gitlate reads the head of the branch.\n"
		return st, nil
	}
	// A checkout: the branch's upstream, as git's configuration names it.
	upstream := rr.upstream(branch)
	if upstream != "" {
		if h, err := rr.st.resolveRef(plumbing.ReferenceName(upstream)); err == nil && !h.IsZero() {
			if c, err := rr.st.commit(h); err == nil {
				cc := toCommit(c)
				st.Remote = &cc
				head, _ := rr.headHash()
				st.Behind = h != head && !rr.isAncestor(h, head)
			}
		}
	}
	if text, err := gitStatus(ctx, rr.dir); err == nil {
		st.Text = text
		return st, nil
	}
	st.Text = "On branch " + branch + "\n"
	switch {
	case st.Remote == nil:
	case st.Behind:
		st.Text += "Your branch is behind '" + shortRef(upstream) + "'.\n"
	default:
		st.Text += "Your branch is up to date with '" + shortRef(upstream) + "'.\n"
	}
	return st, nil
}

func shortRef(name string) string { return strings.TrimPrefix(name, "refs/remotes/") }

// baseRepo unwraps the repositories this package made.
func baseRepo(r Repository) *repo {
	switch x := r.(type) {
	case *repo:
		return x
	case *localRepo:
		return x.repo
	case *remoteRepo:
		return x.repo
	}
	return nil
}

// upstream is the remote-tracking ref of branch (refs/remotes/<remote>/<name>), or "".
func (r *repo) upstream(branch string) string {
	if branch == "" {
		return ""
	}
	cfg, err := r.st.st.Config()
	if err != nil {
		return ""
	}
	b := cfg.Branches[branch]
	if b == nil || b.Remote == "" || b.Merge == "" {
		return ""
	}
	return "refs/remotes/" + b.Remote + "/" + b.Merge.Short()
}

// isAncestor reports whether a is reachable from b along first and other parents.
func (r *repo) isAncestor(a, b Hash) bool {
	seen := map[Hash]bool{}
	queue := []Hash{b}
	for len(queue) > 0 && len(seen) < 100000 {
		h := queue[0]
		queue = queue[1:]
		if h == a {
			return true
		}
		if seen[h] {
			continue
		}
		seen[h] = true
		c, err := r.st.commit(h)
		if err != nil {
			continue
		}
		queue = append(queue, c.ParentHashes...)
	}
	return false
}

// gitStatus runs `git status` in a checkout, without taking locks or writing.
func gitStatus(ctx context.Context, dir string) (string, error) {
	if gitBinary() == "" {
		return "", exec.ErrNotFound
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, gitBinary(), "-C", dir, "status")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0")
	out, err := cmd.Output()
	if err != nil {
		return "", err
	}
	return string(out), nil
}
