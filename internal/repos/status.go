package repos

import (
	"container/heap"
	"context"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// Status is what is known of a repository beyond its head: how it stands against
// what it mirrors or tracks.
type Status struct {
	// Remote is the head of what the remote has (the upstream branch a checkout
	// tracks, the origin's branch a clone mirrors, the branch of a bare repository,
	// which is where commits arrive); nil when unknown or local.
	Remote *Commit
	// Behind is true when the remote has commits the branch lacks: a merge is needed
	// before they show.
	Behind bool
	// Upstream is the remote-tracking branch a checkout follows ("origin/main"), or "".
	Upstream string
	// GitStatus is the output of `git status` in a checkout, where git is installed
	// (read-only: no index refresh is written); "" otherwise.
	GitStatus string
}

// StatusOf describes a repository.
func StatusOf(ctx context.Context, r Repository) (*Status, error) {
	rr := baseRepo(r)
	if rr == nil {
		return &Status{}, nil
	}
	st := &Status{}
	switch r.Kind() {
	case KindLocal:
		return st, nil
	case KindRemote, KindBare:
		// A clone's branches mirror the origin's; a bare repository is where the
		// commits arrive: what it has, the branch has.
		head, err := r.Head()
		if err != nil {
			return nil, err
		}
		st.Remote = head
		return st, nil
	}
	upstream, remote, behind := rr.behindUpstream(ctx, r.Branch())
	st.Remote, st.Behind, st.Upstream = remote, behind, shortRef(upstream)
	if text, err := gitStatus(ctx, rr.dir); err == nil {
		st.GitStatus = text
	}
	return st, nil
}

// Behind is StatusOf's Behind alone, without running anything: only a checkout can
// lag behind what it tracks (a clone or a bare repository is what it reads), and
// that is read from git's configuration and objects. A project's repository status
// needs no more, for each of its components.
func Behind(ctx context.Context, r Repository) bool {
	rr := baseRepo(r)
	if rr == nil || r.Kind() != KindCheckout {
		return false
	}
	_, _, behind := rr.behindUpstream(ctx, r.Branch())
	return behind
}

// behindUpstream finds the upstream of a checkout's branch: its ref name (or ""),
// its head (nil when unknown) and whether it has commits the branch lacks.
func (r *repo) behindUpstream(ctx context.Context, branch string) (upstream string, remote *Commit, behind bool) {
	upstream = r.upstream(branch)
	if upstream == "" {
		return "", nil, false
	}
	h, err := r.st.resolveRef(plumbing.ReferenceName(upstream))
	if err != nil || h.IsZero() {
		return upstream, nil, false
	}
	c, err := r.st.commit(h)
	if err != nil {
		return upstream, nil, false
	}
	cc := toCommit(c)
	head, err := r.headHash()
	if err != nil || h == head {
		return upstream, &cc, false
	}
	found, known := r.isAncestor(ctx, h, c.Committer.When, head)
	// Unknown (a history too long to walk): nothing is claimed, as a merge that is
	// not needed would send someone looking for commits that are not there.
	return upstream, &cc, known && !found
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

// Bounds of isAncestor's walk: a request must not read a whole history.
const (
	// maxAncestryWalk is the most commits read.
	maxAncestryWalk = 20000
	// clockSkew is how much older than the commit looked for a commit may be and
	// still have it as an ancestor (committer clocks are not always right).
	clockSkew = 24 * time.Hour
)

// isAncestor reports whether a, committed at aTime, is reachable from b along first
// and other parents. Commits are visited newest first, and the walk stops once every
// commit left is older than a (with clockSkew's slack): no ancestor of those can be
// newer. known is false when it stopped at maxAncestryWalk or ctx ended first.
func (r *repo) isAncestor(ctx context.Context, a Hash, aTime time.Time, b Hash) (found, known bool) {
	cutoff := aTime.Add(-clockSkew)
	seen := map[Hash]bool{b: true}
	q := commitQueue{}
	push := func(h Hash) {
		c, err := r.st.commit(h)
		if err != nil {
			return // a shallow clone's boundary, or a missing object: not an ancestor there
		}
		heap.Push(&q, queuedCommit{h: h, when: c.Committer.When, parents: c.ParentHashes})
	}
	push(b)
	for n := 0; q.Len() > 0; n++ {
		if n >= maxAncestryWalk || (n%256 == 0 && ctx.Err() != nil) {
			return false, false
		}
		c := heap.Pop(&q).(queuedCommit)
		if c.h == a {
			return true, true
		}
		if c.when.Before(cutoff) {
			return false, true // the newest left is older than a: so are all the others
		}
		for _, p := range c.parents {
			if !seen[p] {
				seen[p] = true
				push(p)
			}
		}
	}
	return false, true
}

type queuedCommit struct {
	h       Hash
	when    time.Time
	parents []Hash
}

// commitQueue is a heap of commits, the newest on top.
type commitQueue []queuedCommit

func (q commitQueue) Len() int           { return len(q) }
func (q commitQueue) Less(i, j int) bool { return q[i].when.After(q[j].when) }
func (q commitQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *commitQueue) Push(x any)        { *q = append(*q, x.(queuedCommit)) }
func (q *commitQueue) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
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
