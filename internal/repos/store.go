package repos

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// objectCacheSize bounds go-git's cache of decoded objects (also its delta-base
// cache) per repository. Measured on the fdroid history bundle, a cold History walk
// takes the same time with 2 MiB as with 96 MiB: the walk reads each object about
// once. A small cache keeps a server with many repositories small.
const objectCacheSize = 8 * cache.MiByte

// treeCacheEntries bounds the parsed-tree cache by tree entries (about 60 bytes
// each) per generation; there are two generations.
const treeCacheEntries = 32 << 10

// store is the object and reference database of one repository: go-git's on-disk
// storage behind a mutex (go-git's storage is not safe for concurrent use), plus a
// cache of parsed trees (trees are immutable, so a cache never goes stale).
type store struct {
	gitDir string
	cat    *catFile // nil without a git binary

	mu sync.Mutex
	st *filesystem.Storage
	// Two generations: lookups promote from old to cur; when cur is full, old is
	// dropped. Gives LRU-like behaviour without per-entry bookkeeping.
	cur, old map[Hash][]treeEntry
	curSize  int // entries in cur
	sizes    map[Hash]int64
	reads    int64 // objects read from go-git (for benchmarks)
}

// treeEntry is one parsed entry of a git tree object.
type treeEntry struct {
	name string
	mode filemode.FileMode
	hash Hash
}

func (e treeEntry) isTree() bool { return e.mode == filemode.Dir }

// isBlob says whether the entry is file content: regular, executable or symlink.
// Submodules (gitlinks) are neither tree nor blob: their commits live elsewhere.
func (e treeEntry) isBlob() bool {
	switch e.mode {
	case filemode.Regular, filemode.Executable, filemode.Deprecated, filemode.Symlink:
		return true
	}
	return false
}

// openStore opens the git directory gitDir. commonDir is the shared directory of a
// linked worktree ("" otherwise).
func openStore(gitDir, commonDir string) *store {
	var dot billy.Filesystem = osfs.New(gitDir)
	if commonDir != "" {
		dot = dotgit.NewRepositoryFilesystem(dot, osfs.New(commonDir))
	}
	st := filesystem.NewStorageWithOptions(dot, cache.NewObjectLRU(objectCacheSize), filesystem.Options{
		// Keep a few packfiles open: reopening the pack for every object read
		// dominates a history walk otherwise. Bounded, and rotated, so packs removed
		// by a `git gc` in the user's checkout are eventually closed.
		MaxOpenDescriptors: 4,
	})
	return &store{gitDir: gitDir, cat: newCatFile(gitDir), st: st, cur: map[Hash][]treeEntry{}, sizes: map[Hash]int64{}}
}

// object reads one object. On a miss it re-reads the pack index once: go-git loads
// the list of packfiles a single time, and a `git fetch`, `git gc` or commit made by
// someone else since then adds packs it would never see.
func (s *store) object(t plumbing.ObjectType, h Hash) (plumbing.EncodedObject, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.objectLocked(t, h)
}

func (s *store) objectLocked(t plumbing.ObjectType, h Hash) (plumbing.EncodedObject, error) {
	s.reads++
	o, err := s.st.EncodedObject(t, h)
	if err != nil && (errors.Is(err, plumbing.ErrObjectNotFound) || errors.Is(err, fs.ErrNotExist)) {
		s.st.Reindex()
		o, err = s.st.EncodedObject(t, h)
	}
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		return nil, fmt.Errorf("%s object %s: %w (%w)", t, h, plumbing.ErrObjectNotFound, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s object %s: %w", t, h, err)
	}
	return o, nil
}

func readAll(o plumbing.EncodedObject) ([]byte, error) {
	r, err := o.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	buf := bytes.NewBuffer(make([]byte, 0, o.Size()))
	_, err = io.Copy(buf, r)
	return buf.Bytes(), err
}

// blob returns a blob's content; one larger than MaxFileSize gives ErrTooLarge
// without being read.
func (s *store) blob(h Hash) ([]byte, error) {
	if s.cat != nil {
		data, err := s.cat.blob(h)
		if _, broken := err.(errCatFile); !broken {
			return data, err
		}
	}
	// go-git holds a whole object in memory once it is read (loose objects, and
	// packed ones below its large-object threshold): the size comes first.
	if n, err := s.blobSize(h); err == nil && n > MaxFileSize {
		return nil, fmt.Errorf("blob %s: %w", h, tooLarge(n))
	}
	o, err := s.object(plumbing.BlobObject, h)
	if err != nil {
		return nil, err
	}
	if o.Size() > MaxFileSize {
		return nil, fmt.Errorf("blob %s: %w", h, tooLarge(o.Size()))
	}
	return readAll(o)
}

// blobSize returns a blob's size without inflating it when it is packed (go-git
// reads the size from the object or delta header). Sizes are cached: blobs are
// immutable.
func (s *store) blobSize(h Hash) (int64, error) {
	s.mu.Lock()
	n, ok := s.sizes[h]
	s.mu.Unlock()
	if ok {
		return n, nil
	}
	if s.cat != nil {
		if n, err := s.cat.size(h); err == nil {
			s.mu.Lock()
			s.putSize(h, n)
			s.mu.Unlock()
			return n, nil
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.st.EncodedObjectSize(h)
	if err != nil {
		s.st.Reindex()
		n, err = s.st.EncodedObjectSize(h)
	}
	if err != nil {
		return 0, fmt.Errorf("size of blob %s: %w", h, err)
	}
	s.putSize(h, n)
	return n, nil
}

// prefetchSizes puts the sizes of blobs hs into the cache, asking git for all the
// unknown ones at once. Errors are left to blobSize, which asks again one by one.
func (s *store) prefetchSizes(hs []Hash) {
	if s.cat == nil {
		return
	}
	s.mu.Lock()
	var ask []Hash
	for _, h := range hs {
		if _, ok := s.sizes[h]; !ok {
			ask = append(ask, h)
		}
	}
	s.mu.Unlock()
	if len(ask) < 2 {
		return
	}
	ns, err := s.cat.sizes(ask)
	if err != nil {
		return
	}
	s.mu.Lock()
	for i, h := range ask {
		s.putSize(h, ns[i])
	}
	s.mu.Unlock()
}

// putSize caches a blob's size; s.mu is held.
func (s *store) putSize(h Hash, n int64) {
	if len(s.sizes) > 1<<16 {
		clear(s.sizes)
	}
	s.sizes[h] = n
}

// tree returns the parsed entries of a tree object, in git's order. The slice is
// shared: callers must not modify it.
func (s *store) tree(h Hash) ([]treeEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.cur[h]; ok {
		return t, nil
	}
	if t, ok := s.old[h]; ok {
		s.putTree(h, t)
		return t, nil
	}
	o, err := s.objectLocked(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	data, err := readAll(o)
	if err != nil {
		return nil, fmt.Errorf("read tree %s: %w", h, err)
	}
	t, err := parseTree(data)
	if err != nil {
		return nil, fmt.Errorf("tree %s: %w", h, err)
	}
	s.putTree(h, t)
	return t, nil
}

func (s *store) putTree(h Hash, t []treeEntry) {
	if s.curSize+len(t) > treeCacheEntries {
		s.old, s.cur, s.curSize = s.cur, map[Hash][]treeEntry{}, 0
	}
	s.cur[h] = t
	s.curSize += len(t)
}

// parseTree decodes a raw tree object: repeated "<octal mode> <name>\x00<20-byte id>".
// Parsing it directly (rather than through object.Tree) avoids building go-git's
// per-tree lookup maps that a history walk never uses.
func parseTree(data []byte) ([]treeEntry, error) {
	var out []treeEntry
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp < 0 {
			return nil, errors.New("malformed tree: no mode")
		}
		mode, err := filemode.New(string(data[:sp]))
		if err != nil {
			return nil, fmt.Errorf("malformed tree: %w", err)
		}
		data = data[sp+1:]
		nul := bytes.IndexByte(data, 0)
		if nul < 0 || len(data) < nul+1+len(Hash{}) {
			return nil, errors.New("malformed tree: truncated entry")
		}
		e := treeEntry{name: string(data[:nul]), mode: mode}
		copy(e.hash[:], data[nul+1:])
		data = data[nul+1+len(Hash{}):]
		out = append(out, e)
	}
	return out, nil
}

// commit reads and decodes a commit object.
func (s *store) commit(h Hash) (*object.Commit, error) {
	o, err := s.object(plumbing.CommitObject, h)
	if err != nil {
		return nil, err
	}
	c := &object.Commit{}
	if err := c.Decode(o); err != nil {
		return nil, fmt.Errorf("decode commit %s: %w", h, err)
	}
	return c, nil
}

// ref reads a reference without resolving it (nil, nil when it does not exist).
func (s *store) ref(name plumbing.ReferenceName) (*plumbing.Reference, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := s.st.Reference(name)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil, nil
	}
	return r, err
}

// resolveRef follows symbolic references to a hash (zero hash when the chain ends
// at a reference that does not exist: an unborn branch).
func (s *store) resolveRef(name plumbing.ReferenceName) (Hash, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := storer.ResolveReference(s.st, name)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return Hash{}, nil
	}
	if err != nil {
		return Hash{}, err
	}
	return r.Hash(), nil
}

// hasBranches reports whether any refs/heads/* exists, to tell an empty repository
// (every branch is unborn, reading it gives an empty tree) from a missing branch.
func (s *store) hasBranches() (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.st.IterReferences()
	if err != nil {
		return false, err
	}
	defer it.Close()
	found := false
	err = it.ForEach(func(r *plumbing.Reference) error {
		if r.Name().IsBranch() {
			found = true
			return storer.ErrStop
		}
		return nil
	})
	return found, err
}

// shallow returns the commits whose parents are missing because the repository is a
// shallow clone; history treats them as roots, as git does.
func (s *store) shallow() (map[Hash]bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	hs, err := s.st.Shallow()
	if err != nil || len(hs) == 0 {
		return nil, err
	}
	m := make(map[Hash]bool, len(hs))
	for _, h := range hs {
		m[h] = true
	}
	return m, nil
}

// findGitDir returns the git directory of a checkout at dir (dir/.git, or the
// directory a ".git" file points to for linked worktrees and submodules) and, for
// linked worktrees, the common directory holding objects and refs.
func findGitDir(dir string) (gitDir, commonDir string, err error) {
	dot := filepath.Join(dir, ".git")
	fi, err := os.Stat(dot)
	if err != nil {
		return "", "", err
	}
	gitDir = dot
	if !fi.IsDir() {
		b, err := os.ReadFile(dot)
		if err != nil {
			return "", "", err
		}
		line, _, _ := strings.Cut(string(b), "\n")
		target, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
		if !ok {
			return "", "", fmt.Errorf("%s: no \"gitdir:\" line", dot)
		}
		target = strings.TrimSpace(target)
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		gitDir = target
	}
	if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		commonDir = c
	}
	if !isGitDir(gitDir, commonDir) {
		return "", "", fmt.Errorf("%s is not a git directory", gitDir)
	}
	return gitDir, commonDir, nil
}

// isGitDir applies git's own test (setup.c is_git_directory): HEAD, objects/ and
// refs/ exist (objects and refs in the common directory for linked worktrees).
func isGitDir(gitDir, commonDir string) bool {
	if commonDir == "" {
		commonDir = gitDir
	}
	if fi, err := os.Stat(filepath.Join(gitDir, "HEAD")); err != nil || fi.IsDir() {
		return false
	}
	for _, d := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(commonDir, d)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}
