package repos

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// sinceSlop is how many consecutive commits older than HistoryOptions.Since the walk
// tolerates before it stops. Committer times along a first-parent chain are almost
// always decreasing; a few out-of-order ones (clock skew) must not end the walk
// early, and an old repository must not be walked to its root for a recent Since.
// `git log --since` uses the same idea.
const sinceSlop = 100

// History walks the first-parent chain from the branch head (opts.From when set),
// newest first, and keeps the commits that changed a blob below opts.Dirs, each with
// its changes against its first parent (the empty tree for a root, or for the
// boundary commit of a shallow clone). For each commit only the subtrees named by
// Dirs are compared, and inside them only subtrees whose ids differ are opened, so a
// commit costs a handful of tree reads however large the repository is.
func (r *repo) History(ctx context.Context, opts HistoryOptions) ([]CommitChanges, error) {
	head := opts.From
	if head.IsZero() {
		var err error
		if head, err = r.headHash(); err != nil || head.IsZero() {
			return nil, err
		}
	}
	dirs, err := historyDirs(opts.Dirs)
	if err != nil {
		return nil, err
	}
	shallow, err := r.st.shallow()
	if err != nil {
		return nil, err
	}
	d := differ{st: r.st}
	var out []CommitChanges
	older := 0
	var next *object.Commit // the parent read by the previous iteration
	reachedAfter, bounded := false, false
	for h := head; !h.IsZero(); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if h == opts.After {
			reachedAfter = true
			break
		}
		c := next
		if c == nil || c.Hash != h {
			if c, err = r.st.commit(h); err != nil {
				return nil, err
			}
		}
		next = nil
		var parent Hash
		if len(c.ParentHashes) > 0 && !shallow[h] {
			parent = c.ParentHashes[0]
		}
		h = parent
		if !opts.Since.IsZero() && c.Committer.When.Before(opts.Since) {
			if older++; older >= sinceSlop {
				bounded = true
				break
			}
			continue
		}
		older = 0
		var parentTree Hash
		if !parent.IsZero() {
			if next, err = r.st.commit(parent); err != nil {
				return nil, err
			}
			parentTree = next.TreeHash
		}
		var changes []FileChange
		for _, dir := range dirs {
			a, err := d.lookup(parentTree, dir)
			if err != nil {
				return nil, err
			}
			b, err := d.lookup(c.TreeHash, dir)
			if err != nil {
				return nil, err
			}
			if err := d.diff(strings.Join(dir, "/"), a, b, &changes); err != nil {
				return nil, err
			}
		}
		if len(changes) == 0 {
			continue
		}
		sort.Slice(changes, func(i, j int) bool { return changes[i].Path < changes[j].Path })
		out = append(out, CommitChanges{Commit: toCommit(c), Changes: changes})
		if opts.MaxCommits > 0 && len(out) >= opts.MaxCommits {
			bounded = true
			break
		}
	}
	if !opts.After.IsZero() && !reachedAfter && !bounded {
		return nil, fmt.Errorf("%w: %s", ErrNotAncestor, opts.After)
	}
	slices.Reverse(out)
	return out, nil
}

// historyDirs validates and normalizes the directories of a walk: "" (the whole
// tree) absorbs everything, a directory inside another one is dropped, duplicates
// go, so no change is reported twice.
func historyDirs(in []string) ([][]string, error) {
	if len(in) == 0 {
		return [][]string{nil}, nil
	}
	var clean []string
	for _, d := range in {
		comps, err := splitPath(d)
		if err != nil {
			return nil, err
		}
		if len(comps) == 0 {
			return [][]string{nil}, nil
		}
		clean = append(clean, strings.Join(comps, "/"))
	}
	sort.Strings(clean)
	var out [][]string
	last := ""
	for _, d := range clean {
		if last != "" && (d == last || strings.HasPrefix(d, last+"/")) {
			continue
		}
		last = d
		out = append(out, strings.Split(d, "/"))
	}
	return out, nil
}

// differ compares trees through the store's tree cache.
type differ struct{ st *store }

// lookup returns the entry at comps below the tree root (a zero entry when absent).
func (d *differ) lookup(root Hash, comps []string) (treeEntry, error) {
	if root.IsZero() {
		return treeEntry{}, nil
	}
	cur := treeEntry{mode: filemode.Dir, hash: root}
	for _, c := range comps {
		if !cur.isTree() {
			return treeEntry{}, nil
		}
		ents, err := d.st.tree(cur.hash)
		if err != nil {
			return treeEntry{}, err
		}
		e, ok := findEntry(ents, c)
		if !ok {
			return treeEntry{}, nil
		}
		cur = e
	}
	return cur, nil
}

// diff appends the blob changes between entries a (old) and b (new) at path p.
// Equal ids end the descent at once: that is what makes the walk cheap. Either
// side may be absent (zero entry); a path that turns from a file into a directory
// is a removal plus additions. Submodules are ignored.
func (d *differ) diff(p string, a, b treeEntry, out *[]FileChange) error {
	if a.hash == b.hash && a.isTree() == b.isTree() && a.isBlob() == b.isBlob() {
		return nil
	}
	if a.isBlob() && b.isBlob() {
		*out = append(*out, FileChange{Path: p, From: a.hash, To: b.hash})
		return nil
	}
	if a.isBlob() {
		*out = append(*out, FileChange{Path: p, From: a.hash})
	}
	if b.isBlob() {
		*out = append(*out, FileChange{Path: p, To: b.hash})
	}
	if !a.isTree() && !b.isTree() {
		return nil
	}
	var ea, eb []treeEntry
	var err error
	if a.isTree() {
		if ea, err = d.st.tree(a.hash); err != nil {
			return err
		}
	}
	if b.isTree() {
		if eb, err = d.st.tree(b.hash); err != nil {
			return err
		}
	}
	child := func(name string) string {
		if p == "" {
			return name
		}
		return p + "/" + name
	}
	// Both lists are in git order: merge them.
	i, j := 0, 0
	for i < len(ea) || j < len(eb) {
		var c int
		switch {
		case i == len(ea):
			c = 1
		case j == len(eb):
			c = -1
		default:
			c = entryCmp(ea[i].name, ea[i].isTree(), eb[j].name, eb[j].isTree())
		}
		switch {
		case c == 0:
			err = d.diff(child(ea[i].name), ea[i], eb[j], out)
			i++
			j++
		case c < 0:
			err = d.diff(child(ea[i].name), ea[i], treeEntry{}, out)
			i++
		default:
			err = d.diff(child(eb[j].name), treeEntry{}, eb[j], out)
			j++
		}
		if err != nil {
			return err
		}
	}
	return nil
}
