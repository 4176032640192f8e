package repos

import (
	"bytes"
	"crypto/sha1"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// racyWindow: a file modified this recently is hashed again on every read instead of
// being served from the blob cache. File timestamps are coarse (kernel ticks, 1–2 s
// on some file systems), so a second write with the same size inside the same tick
// would leave size, mtime, ctime and inode unchanged. Git's index has the same
// "racy git" problem and solves it the same way. (A variable for tests.)
var racyWindow = 2 * time.Second

// statKey is what must be unchanged for a cached blob id to be trusted: the fields
// git's index compares (size, mtime, ctime, inode, device).
type statKey struct {
	size         int64
	mtime, ctime int64 // nanoseconds
	ino, dev     uint64
}

// blobCache remembers the blob id of each working-tree file by path and statKey,
// so that rescanning an unchanged tree costs one lstat per file instead of reading
// and hashing every file. This is what git's index does for `git status`.
type blobCache struct {
	mu     sync.Mutex
	m      map[string]blobCacheEntry
	hashed int       // files read and hashed (for tests)
	seed   indexSeed // the git index last seeded from
}

type blobCacheEntry struct {
	key  statKey
	blob Hash
	// fromIndex marks an entry taken from git's index, which keeps only the low 32
	// bits of sizes, inodes and devices.
	fromIndex bool
}

// matches compares a file's stat with an entry's.
func (e *blobCacheEntry) matches(k statKey) bool {
	if !e.fromIndex {
		return e.key == k
	}
	return e.key.size == k.size && e.key.mtime == k.mtime && e.key.ctime == k.ctime &&
		uint32(e.key.ino) == uint32(k.ino) && uint32(e.key.dev) == uint32(k.dev)
}

func newBlobCache() *blobCache { return &blobCache{m: map[string]blobCacheEntry{}} }

func (c *blobCache) get(p string, k statKey) (Hash, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[p]
	if ok && e.matches(k) {
		return e.blob, true
	}
	return Hash{}, false
}

func (c *blobCache) put(p string, k statKey, h Hash) {
	c.mu.Lock()
	c.hashed++
	c.mu.Unlock()
	if time.Since(time.Unix(0, k.mtime)) < racyWindow || time.Since(time.Unix(0, k.ctime)) < racyWindow {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[p] = blobCacheEntry{key: k, blob: h}
}

// prune forgets files that a listing of dir, depth levels deep (negative: all),
// could have seen and did not (deleted files), so the cache stays the size of the
// tree. Deeper files were not looked at: they stay.
func (c *blobCache) prune(dir string, depth int, seen map[string]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for p := range c.m {
		if seen[p] {
			continue
		}
		rel := p
		if dir != "" {
			var ok bool
			if rel, ok = strings.CutPrefix(p, dir+"/"); !ok {
				continue
			}
		}
		if depth < 0 || strings.Count(rel, "/") <= depth {
			delete(c.m, p)
		}
	}
}

// workTree reads a checkout's working tree from disk. Every access goes through an
// os.Root, so even a directory swapped for a symlink between two calls cannot make
// the operating system resolve a path outside the checkout; links are resolved by
// resolve, never by the OS.
type workTree struct {
	root  string
	blobs *blobCache
}

// rootLstater answers lstat through an os.Root per directory it has seen. An
// os.Root walks every path it is given from its top, opening each directory on the
// way: resolving a path of depth d through the checkout's root costs O(d²) system
// calls, and reading a file O(d) more. Opening each directory once as a root of its
// own makes every later step a single fstatat or openat (issue 7: the system calls,
// not the reading, were half the cost of scanning a checkout). Sub-roots are opened
// through their parent root, so nothing can lead outside the checkout either way.
// close releases them.
type rootLstater struct {
	r    *os.Root
	dirs map[string]*os.Root // by directory path, "" excluded
}

func newRootLstater(r *os.Root) *rootLstater { return &rootLstater{r: r} }

func (l *rootLstater) close() {
	for _, d := range l.dirs {
		d.Close()
	}
	l.dirs = nil
}

// dir returns the root of directory p, opening it (and its parents) once.
func (l *rootLstater) dir(p string) (*os.Root, error) {
	if p == "" {
		return l.r, nil
	}
	if d := l.dirs[p]; d != nil {
		return d, nil
	}
	parent, name := splitLast(p)
	pr, err := l.dir(parent)
	if err != nil {
		return nil, err
	}
	d, err := pr.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	if l.dirs == nil {
		l.dirs = map[string]*os.Root{}
	}
	l.dirs[p] = d
	return d, nil
}

// parent returns the root of the directory holding p, and p's last component.
func (l *rootLstater) parent(p string) (*os.Root, string, error) {
	dir, name := splitLast(p)
	d, err := l.dir(dir)
	return d, name, err
}

// splitLast splits a slash-separated path at its last slash ("" for no directory).
func splitLast(p string) (dir, name string) {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i], p[i+1:]
	}
	return "", p
}

func (l *rootLstater) lstat(p string) (nodeKind, string, error) {
	d, name, err := l.parent(p)
	var fi fs.FileInfo
	if err == nil {
		fi, err = d.Lstat(name)
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return kindNone, "", nil
	}
	if err != nil {
		return kindNone, "", err
	}
	switch k := fileKind(fi.Mode()); k {
	case kindLink:
		t, err := d.Readlink(name)
		if err != nil {
			return kindNone, "", err
		}
		return kindLink, t, nil
	default:
		return k, "", nil
	}
}

func fileKind(m fs.FileMode) nodeKind {
	switch {
	case m.IsRegular():
		return kindFile
	case m.IsDir():
		return kindDir
	case m&fs.ModeSymlink != 0:
		return kindLink
	}
	return kindOther
}

func (t *workTree) open() (*os.Root, error) {
	r, err := os.OpenRoot(t.root)
	if err != nil {
		return nil, fmt.Errorf("open working tree: %w", err)
	}
	return r, nil
}

// List walks the directory dir of the working tree (not following symlinks, not
// entering any .git nor a nested repository), hashing only files the blob cache
// does not know. A dir that does not exist, or is not a directory, lists nothing.
func (t *workTree) List(dir string) ([]Entry, error) { return t.ListDepth(dir, -1) }

// ListDepth is List descending at most depth levels of subdirectories (see Tree):
// what is deeper is neither read nor hashed.
func (t *workTree) ListDepth(dir string, depth int) ([]Entry, error) {
	comps, err := splitPath(dir)
	if err != nil {
		return nil, err
	}
	dir = strings.Join(comps, "/")
	root, err := t.open()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	l := newRootLstater(root)
	defer l.close()
	for i := range comps {
		// Every component must be a real directory: following a symlinked directory
		// would list files outside the tree git sees.
		k, _, err := l.lstat(strings.Join(comps[:i+1], "/"))
		if err != nil {
			return nil, pathErr("list", dir, err)
		}
		if k != kindDir || comps[i] == ".git" {
			return nil, nil
		}
	}
	d, err := l.dir(dir)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil, nil // removed since we looked
	}
	if err != nil {
		return nil, pathErr("list", dir, err)
	}
	var out []Entry
	seen := map[string]bool{}
	if err := t.walk(l, d, dir, depth, &out, seen); err != nil {
		return nil, err
	}
	t.blobs.prune(dir, depth, seen)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// walk lists directory dir, whose root is d, and depth levels of subdirectories
// below it (all for a negative depth); l resolves symlinks.
func (t *workTree) walk(l *rootLstater, d *os.Root, dir string, depth int, out *[]Entry, seen map[string]bool) error {
	f, err := d.Open(".")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed while we walked: it simply is not there
		}
		return pathErr("list", dir, err)
	}
	des, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return pathErr("list", dir, err)
	}
	if dir != "" && slices.ContainsFunc(des, func(de fs.DirEntry) bool { return de.Name() == ".git" }) {
		return nil // a nested repository (submodule): its files belong to another repository
	}
	for _, de := range des {
		if de.Name() == ".git" {
			continue
		}
		p := de.Name()
		if dir != "" {
			p = dir + "/" + p
		}
		switch fileKind(de.Type()) {
		case kindDir:
			if depth == 0 {
				continue
			}
			sub, err := d.OpenRoot(de.Name())
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				continue // removed or replaced while we walked
			}
			if err != nil {
				return pathErr("list", p, err)
			}
			err = t.walk(l, sub, p, depth-1, out, seen)
			sub.Close()
			if err != nil {
				return err
			}
		case kindFile, kindLink:
			e, content, err := t.entry(l, d, de.Name(), p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return err
			}
			seen[p] = true
			if content != "" {
				seen[content] = true // a link's target, cached by entry
			}
			*out = append(*out, e)
		}
	}
	return nil
}

// entry builds the Entry of the regular file or symlink p (not following it), which
// is name in the directory whose root is d. content is the path whose content the
// entry's Blob names: p itself for a file, the resolved target for a link ("" when
// it resolves to no file).
func (t *workTree) entry(l *rootLstater, d *os.Root, name, p string) (e Entry, content string, err error) {
	fi, err := d.Lstat(name)
	if err != nil {
		return Entry{}, "", pathErr("stat", p, err)
	}
	switch fileKind(fi.Mode()) {
	case kindLink:
		target, err := d.Readlink(name)
		if err != nil {
			return Entry{}, "", pathErr("readlink", p, err)
		}
		e := Entry{Path: p, Link: target}
		rp, kind, err := resolve(l, strings.Split(p, "/"), true)
		if err != nil || kind != kindFile {
			if linkUnreadable(err) {
				return e, "", nil
			}
			return Entry{}, "", pathErr("stat", p, err)
		}
		td, tname, err := l.parent(rp)
		var tfi fs.FileInfo
		if err == nil {
			tfi, err = td.Lstat(tname)
		}
		if err != nil {
			err = pathErr("stat", rp, err)
		} else {
			var te Entry
			te, err = t.fileEntry(td, tname, rp, tfi)
			e.Blob, e.Size = te.Blob, te.Size
		}
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return Entry{Path: p, Link: target}, "", nil // the target went away meanwhile: dangling
		}
		if err != nil {
			return Entry{}, "", err
		}
		return e, rp, nil
	case kindFile:
		e, err := t.fileEntry(d, name, p, fi)
		if err != nil {
			return Entry{}, "", err
		}
		return e, p, nil
	case kindDir:
		return Entry{}, "", pathErr("stat", p, ErrIsDir)
	}
	return Entry{}, "", pathErr("stat", p, fs.ErrNotExist)
}

// linkUnreadable says whether resolving a link failed because of where it leads
// (outside, nowhere, a loop; err nil: to a directory or a special file), as opposed
// to a failure reading the tree. Such a link is listed with a zero Blob: ReadFile
// has no content to give for it, and the caller raises its alert from Link.
func linkUnreadable(err error) bool {
	return err == nil || errors.Is(err, ErrOutside) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrLinkDepth)
}

// fileEntry builds the Entry of the regular file p, name in the directory whose
// root is d, from its lstat fi, hashing it only when the blob cache does not know it.
func (t *workTree) fileEntry(d *os.Root, name, p string, fi fs.FileInfo) (Entry, error) {
	if !fi.Mode().IsRegular() {
		return Entry{}, pathErr("stat", p, fs.ErrNotExist) // replaced since resolved
	}
	k := keyOf(fi)
	if h, ok := t.blobs.get(p, k); ok {
		return Entry{Path: p, Blob: h, Size: fi.Size()}, nil
	}
	h, size, k, err := hashRegular(d, name, p)
	if err != nil {
		return Entry{}, err
	}
	if !h.IsZero() {
		t.blobs.put(p, k, h)
	}
	return Entry{Path: p, Blob: h, Size: size}, nil
}

// copyBufs are hashRegular's read buffers: io.Copy would allocate (and zero) one
// per file hashed.
var copyBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// hashRegular computes the blob id of the regular file p by streaming it, so that
// listing a tree never holds a whole file in memory. The header needs the size
// first: it is taken from fstat, and if the file grows or shrinks while it is read
// the file is read again into memory and hashed from there.
func hashRegular(d *os.Root, name, p string) (Hash, int64, statKey, error) {
	f, k, err := openRegular(d, name, p)
	if err != nil {
		return Hash{}, 0, statKey{}, err
	}
	defer f.Close()
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", k.size)
	bp := copyBufs.Get().(*[]byte)
	n, err := io.CopyBuffer(h, io.LimitReader(f, k.size+1), *bp)
	copyBufs.Put(bp)
	if err != nil {
		return Hash{}, 0, statKey{}, pathErr("read", p, err)
	}
	if n != k.size {
		data, k, _, err := readRegularInto(d, name, p, nil)
		if errors.Is(err, ErrTooLarge) {
			// Too large to hold and changing while it is read (a log being
			// written): listed with its size and no id, as nothing reads it anyway.
			return Hash{}, k.size, statKey{}, nil
		}
		if err != nil {
			return Hash{}, 0, statKey{}, err
		}
		return HashBlob(data), int64(len(data)), k, nil
	}
	var id Hash
	h.Sum(id[:0])
	return id, n, k, nil
}

// openRegular opens the regular file p (name in the directory whose root is d)
// without following a symlink in its last component and returns its statKey, taken
// before anything is read: if the file changes while it is read, the key is already
// stale and the next scan hashes it again.
func openRegular(d *os.Root, name, p string) (*os.File, statKey, error) {
	f, err := d.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			err = fs.ErrNotExist // became a symlink since we looked: let the caller retry later
		}
		return nil, statKey{}, pathErr("read", p, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, statKey{}, pathErr("read", p, err)
	}
	if !fi.Mode().IsRegular() {
		// A FIFO or device here would block or never end.
		f.Close()
		return nil, statKey{}, pathErr("read", p, fs.ErrNotExist)
	}
	return f, keyOf(fi), nil
}

// readRegularInto reads the regular file p into dst's storage when it is large
// enough (a caller reading many files reuses one buffer), else into a new one.
// stable reports that the file's statKey was the same after the read as before it:
// only then do the bytes read belong to that key (see blobOf). A file larger than
// MaxFileSize, before or while it is read, gives ErrTooLarge (k is still set).
func readRegularInto(d *os.Root, name, p string, dst []byte) (data []byte, k statKey, stable bool, err error) {
	f, k, err := openRegular(d, name, p)
	if err != nil {
		return nil, statKey{}, false, err
	}
	defer f.Close()
	if k.size > MaxFileSize {
		return nil, k, false, pathErr("read", p, tooLarge(k.size))
	}
	// Sized from fstat, the file comes in one read; io.ReadAll's doubling from 512
	// bytes took ten reads and as many zeroed, discarded buffers per file (issue 7).
	// A file that grew meanwhile is still read to its end, up to the limit.
	if int64(cap(dst)) < k.size+bytes.MinRead {
		dst = make([]byte, 0, k.size+bytes.MinRead)
	}
	buf := bytes.NewBuffer(dst[:0])
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxFileSize+1)); err != nil {
		return nil, statKey{}, false, pathErr("read", p, err)
	}
	if int64(buf.Len()) > MaxFileSize {
		return nil, k, false, pathErr("read", p, tooLarge(int64(buf.Len())))
	}
	data = buf.Bytes()
	fi, err := f.Stat()
	stable = err == nil && keyOf(fi) == k && int64(len(data)) == k.size
	return data, k, stable, nil
}

func (t *workTree) Stat(p string) (Entry, error) {
	comps, err := splitPath(p)
	if err != nil {
		return Entry{}, err
	}
	root, err := t.open()
	if err != nil {
		return Entry{}, err
	}
	defer root.Close()
	l := newRootLstater(root)
	defer l.close()
	rp, kind, err := resolve(l, comps, false)
	if err != nil {
		return Entry{}, pathErr("stat", p, err)
	}
	if kind == kindDir {
		return Entry{}, pathErr("stat", p, ErrIsDir)
	}
	if kind != kindFile && kind != kindLink {
		return Entry{}, pathErr("stat", p, fs.ErrNotExist)
	}
	d, name, err := l.parent(rp)
	if err != nil {
		return Entry{}, pathErr("stat", p, err)
	}
	e, _, err := t.entry(l, d, name, rp)
	if err != nil {
		return Entry{}, err
	}
	e.Path = strings.Join(comps, "/")
	return e, nil
}

func (t *workTree) ReadFile(p string) ([]byte, error) {
	data, _, err := t.ReadFileInto(p, nil)
	return data, err
}

// ReadFileInto is ReadFile reading into buf's storage when it is large enough (a
// caller that is done with each file's bytes before reading the next saves an
// allocation per file), and returning the blob id of the bytes it read (see
// BufferedReader).
func (t *workTree) ReadFileInto(p string, buf []byte) ([]byte, Hash, error) {
	comps, err := splitPath(p)
	if err != nil {
		return nil, Hash{}, err
	}
	root, err := t.open()
	if err != nil {
		return nil, Hash{}, err
	}
	defer root.Close()
	l := newRootLstater(root)
	defer l.close()
	rp, kind, err := resolve(l, comps, true)
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
	d, name, err := l.parent(rp)
	if err != nil {
		return nil, Hash{}, pathErr("read", rp, err)
	}
	data, k, stable, err := readRegularInto(d, name, rp, buf)
	if err != nil {
		return nil, Hash{}, err
	}
	return data, t.blobOf(rp, data, k, stable), nil
}

// blobOf returns the blob id of data, just read from the file rp whose statKey was
// k. The id a listing gave may be stale by now (the file was edited since), and the
// scanner keeps what it parses under this id: it must be the id of these very
// bytes. A cache hit for k is trusted as a listing trusts it; otherwise the bytes
// are hashed, which also spares the next listing from reading the file again. A file
// that changed while it was read (not stable) is hashed and not cached: its key
// names neither its old content nor what was read.
func (t *workTree) blobOf(rp string, data []byte, k statKey, stable bool) Hash {
	if !stable {
		return HashBlob(data)
	}
	if h, ok := t.blobs.get(rp, k); ok {
		return h
	}
	h := HashBlob(data)
	t.blobs.put(rp, k, h)
	return h
}
