package repos

import (
	"io/fs"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// gitTree is a committed tree. It is immutable: it reads the object database only.
type gitTree struct {
	st   *store
	root Hash // zero: the empty tree of a repository without commits
}

// node looks up the entry at the slash-separated path p without following links
// (p's prefixes are real directories, as resolve guarantees). The root is a tree
// entry with an empty name; ok is false when nothing is there.
func (t *gitTree) node(p string) (treeEntry, bool, error) {
	if t.root.IsZero() {
		return treeEntry{}, p == "", nil
	}
	cur := treeEntry{mode: filemode.Dir, hash: t.root}
	if p == "" {
		return cur, true, nil
	}
	for c := range strings.SplitSeq(p, "/") {
		if !cur.isTree() {
			return treeEntry{}, false, nil
		}
		ents, err := t.st.tree(cur.hash)
		if err != nil {
			return treeEntry{}, false, err
		}
		e, ok := findEntry(ents, c)
		if !ok {
			return treeEntry{}, false, nil
		}
		cur = e
	}
	return cur, true, nil
}

// findEntry finds name in a tree. Entries are in git order, where a tree "a" sorts
// as "a/": binary search for the name as a file and as a directory.
func findEntry(ents []treeEntry, name string) (treeEntry, bool) {
	for _, asTree := range []bool{false, true} {
		i := sort.Search(len(ents), func(i int) bool {
			return entryCmp(ents[i].name, ents[i].isTree(), name, asTree) >= 0
		})
		if i < len(ents) && ents[i].name == name && ents[i].isTree() == asTree {
			return ents[i], true
		}
	}
	return treeEntry{}, false
}

// entryCmp orders tree entries as git does (base_name_compare): by name, with a
// tree's name compared as if it ended in "/".
func entryCmp(a string, aTree bool, b string, bTree bool) int {
	n := min(len(a), len(b))
	if c := strings.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	var ac, bc byte
	if len(a) > n {
		ac = a[n]
	} else if aTree {
		ac = '/'
	}
	if len(b) > n {
		bc = b[n]
	} else if bTree {
		bc = '/'
	}
	switch {
	case ac < bc:
		return -1
	case ac > bc:
		return 1
	}
	return 0
}

func (t *gitTree) lstat(p string, _ bool) (nodeKind, string, error) {
	e, ok, err := t.node(p)
	if err != nil || !ok {
		return kindNone, "", err
	}
	switch {
	case e.isTree():
		return kindDir, "", nil
	case e.mode == filemode.Symlink:
		target, err := t.st.blob(e.hash)
		if err != nil {
			return kindNone, "", err
		}
		return kindLink, string(target), nil
	case e.isBlob():
		return kindFile, "", nil
	}
	return kindOther, "", nil
}

// List descends directly to the subtree dir and lists the blobs below it.
func (t *gitTree) List(dir string) ([]Entry, error) { return t.ListDepth(dir, -1) }

// ListDepth is List descending at most depth levels of subtrees (see Tree).
func (t *gitTree) ListDepth(dir string, depth int) ([]Entry, error) {
	comps, err := splitPath(dir)
	if err != nil {
		return nil, err
	}
	dir = strings.Join(comps, "/")
	e, ok, err := t.node(dir)
	if err != nil || !ok || !e.isTree() || t.root.IsZero() {
		return nil, err
	}
	var found []pathEntry
	if err := t.walk(dir, e.hash, depth, &found); err != nil {
		return nil, err
	}
	// The files' sizes in one request to git, not one each (entry then finds them
	// cached): a hundred language directories made a hundred round trips.
	var blobs []Hash
	for _, f := range found {
		if f.e.mode != filemode.Symlink {
			blobs = append(blobs, f.e.hash)
		}
	}
	t.st.prefetchSizes(blobs)
	out := make([]Entry, 0, len(found))
	for _, f := range found {
		ent, err := t.entry(f.path, f.e)
		if err != nil {
			return nil, err
		}
		out = append(out, ent)
	}
	// Git order is path order except where a name holds bytes below '/'; sorting
	// keeps the promise without relying on it.
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// pathEntry is a blob found by walk, with its path.
type pathEntry struct {
	path string
	e    treeEntry
}

// walk collects the blobs of tree h at dir and of depth levels of subtrees (all
// for a negative depth).
func (t *gitTree) walk(dir string, h Hash, depth int, out *[]pathEntry) error {
	ents, err := t.st.tree(h)
	if err != nil {
		return err
	}
	for _, e := range ents {
		p := e.name
		if dir != "" {
			p = dir + "/" + e.name
		}
		switch {
		case e.isTree():
			if depth == 0 {
				continue
			}
			if err := t.walk(p, e.hash, depth-1, out); err != nil {
				return err
			}
		case e.isBlob():
			*out = append(*out, pathEntry{p, e})
		}
	}
	return nil
}

// entry builds the Entry of the blob e at path p. A link's Blob and Size are those
// of the file it resolves to, as ReadFile reads it (see Entry).
func (t *gitTree) entry(p string, e treeEntry) (Entry, error) {
	if e.mode == filemode.Symlink {
		target, err := t.st.blob(e.hash)
		if err != nil {
			return Entry{}, pathErr("readlink", p, err)
		}
		ent := Entry{Path: p, Link: string(target)}
		rp, kind, err := resolve(t, strings.Split(p, "/"), true)
		if err != nil || kind != kindFile {
			if linkUnreadable(err) {
				return ent, nil
			}
			return Entry{}, pathErr("stat", p, err)
		}
		te, ok, err := t.node(rp)
		if err != nil {
			return Entry{}, pathErr("stat", p, err)
		}
		if !ok || !te.isBlob() || te.mode == filemode.Symlink {
			return ent, nil // resolve ends at a file: cannot happen
		}
		n, err := t.st.blobSize(te.hash)
		if err != nil {
			return Entry{}, pathErr("stat", rp, err)
		}
		ent.Blob, ent.Size = te.hash, n
		return ent, nil
	}
	n, err := t.st.blobSize(e.hash)
	if err != nil {
		return Entry{}, pathErr("stat", p, err)
	}
	return Entry{Path: p, Blob: e.hash, Size: n}, nil
}

func (t *gitTree) Stat(p string) (Entry, error) {
	comps, err := splitPath(p)
	if err != nil {
		return Entry{}, err
	}
	rp, kind, err := resolve(t, comps, false)
	if err != nil {
		return Entry{}, pathErr("stat", p, err)
	}
	if kind == kindDir {
		return Entry{}, pathErr("stat", p, ErrIsDir)
	}
	e, ok, err := t.node(rp)
	if err != nil {
		return Entry{}, err
	}
	if !ok || !e.isBlob() {
		return Entry{}, pathErr("stat", p, fs.ErrNotExist)
	}
	ent, err := t.entry(rp, e)
	if err != nil {
		return Entry{}, err
	}
	ent.Path = strings.Join(comps, "/")
	return ent, nil
}

func (t *gitTree) ReadFile(p string) ([]byte, error) {
	data, _, err := t.ReadFileInto(p, nil)
	return data, err
}

// ReadFileInto is ReadFile with the blob id of the content (see BufferedReader).
// buf is not used: blobs come from git as they are.
func (t *gitTree) ReadFileInto(p string, _ []byte) ([]byte, Hash, error) {
	comps, err := splitPath(p)
	if err != nil {
		return nil, Hash{}, err
	}
	rp, kind, err := resolve(t, comps, true)
	if err != nil {
		return nil, Hash{}, pathErr("read", p, err)
	}
	switch kind {
	case kindFile:
	case kindDir:
		return nil, Hash{}, pathErr("read", p, ErrIsDir)
	default:
		return nil, Hash{}, pathErr("read", p, fs.ErrNotExist)
	}
	e, ok, err := t.node(rp)
	if err != nil {
		return nil, Hash{}, err
	}
	if !ok {
		return nil, Hash{}, pathErr("read", p, fs.ErrNotExist)
	}
	data, err := t.st.blob(e.hash)
	if err != nil {
		return nil, Hash{}, pathErr("read", p, err)
	}
	return data, e.hash, nil
}
