package repos

import (
	"bytes"
	"crypto/sha1"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
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
	// sorted is m's paths in order while sortedOK, made again after a path was
	// added or deleted: prune looks at the paths under its directory only. A
	// checkout of many components is listed once per component, and going through
	// every path of the checkout each time made a rescan quadratic in components.
	sorted   []string
	sortedOK bool
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
	c.set(p, blobCacheEntry{key: k, blob: h})
}

// set enters e for path p; c.mu is held.
func (c *blobCache) set(p string, e blobCacheEntry) {
	if _, ok := c.m[p]; !ok {
		c.sortedOK = false
	}
	c.m[p] = e
}

// prune forgets files that a listing of dir, depth levels deep (negative: all),
// could have seen and did not (deleted files), so the cache stays the size of the
// tree. Deeper files were not looked at: they stay.
func (c *blobCache) prune(dir string, depth int, seen map[string]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.sortedOK {
		c.sorted = slices.Sorted(maps.Keys(c.m))
		c.sortedOK = true
	}
	// The paths under dir are one run of the sorted paths.
	under, prefix := c.sorted, ""
	if dir != "" {
		prefix = dir + "/"
		lo, _ := slices.BinarySearch(under, prefix)
		hi := lo + sort.Search(len(under)-lo, func(i int) bool { return !strings.HasPrefix(under[lo+i], prefix) })
		under = under[lo:hi]
	}
	for _, p := range under {
		if seen[p] {
			continue
		}
		if depth < 0 || strings.Count(p[len(prefix):], "/") <= depth {
			delete(c.m, p)
			c.sortedOK = false
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
// own makes every later step a single fstatat or openat (the system calls,
// not the reading, were half the cost of scanning a checkout). Sub-roots are opened
// through their parent root, so nothing can lead outside the checkout either way.
// A directory it holds also answers lstat without a system call when resolution
// goes through it (see lstat): a batch, whose reads share one rootLstater, lstats
// each directory once. It is safe for concurrent use; close releases the roots,
// the checkout's own included.
type rootLstater struct {
	r *os.Root
	// fast opens a path in one system call where the kernel can (see beneath);
	// nil where it cannot, and everything goes through r.
	fast *beneath
	mu   sync.Mutex          // guards dirs
	dirs map[string]*os.Root // by directory path, "" excluded; only added to until close
}

// lstater opens the checkout's root for a rootLstater. The caller must close it.
func (t *workTree) lstater() (*rootLstater, error) {
	r, err := t.open()
	if err != nil {
		return nil, err
	}
	workTreeOpens.Add(1)
	return &rootLstater{r: r, fast: openBeneath(t.root, r)}, nil
}

// workTreeOpens and workTreeDirsRead count the working trees opened (one per
// lstater: a listing, a read outside a batch, a batch) and the directories
// listed, so that tests can tell that a scan reads a checkout once.
var workTreeOpens, workTreeDirsRead atomic.Int64

// WorkTreeCounts returns how many times working trees were opened and how many
// directories were listed, since the process started (for tests).
func WorkTreeCounts() (opens, dirsRead int64) {
	return workTreeOpens.Load(), workTreeDirsRead.Load()
}

// dirOps is what reading a directory's entries needs: an os.Root, or a
// directory opened through beneath.
type dirOps interface {
	Lstat(name string) (fs.FileInfo, error)
	Readlink(name string) (string, error)
	OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error)
}

// walkDir is a directory being walked.
type walkDir interface {
	dirOps
	readDir() ([]fs.DirEntry, error)
}

// rootDir is the walkDir of an os.Root.
type rootDir struct{ *os.Root }

func (d rootDir) readDir() ([]fs.DirEntry, error) {
	f, err := d.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

func (l *rootLstater) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.dirs {
		d.Close()
	}
	l.dirs = nil
	l.r.Close() // later calls fail with os.ErrClosed
	if l.fast != nil {
		l.fast.close()
		l.fast = nil
	}
}

// dir returns the root of directory p, opening it (and its parents) once.
func (l *rootLstater) dir(p string) (*os.Root, error) {
	if p == "" {
		return l.r, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.dirLocked(p)
}

func (l *rootLstater) dirLocked(p string) (*os.Root, error) {
	if p == "" {
		return l.r, nil
	}
	if d := l.dirs[p]; d != nil {
		return d, nil
	}
	parent, name := splitLast(p)
	pr, err := l.dirLocked(parent)
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

// holds says whether directory p is open already.
func (l *rootLstater) holds(p string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.dirs[p] != nil
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

// lstat is the lstater of the working tree. A directory it holds open is answered
// without a system call when resolution goes through it: what lies below it is
// reached through that open directory anyway (removed or replaced since, even by a
// link leading outside, it is still the directory inside the checkout that was
// opened), so looking at its path again would tell nothing. A last component is
// always looked at: it may have become a link or a file.
func (l *rootLstater) lstat(p string, through bool) (nodeKind, string, error) {
	if through && l.holds(p) {
		return kindDir, "", nil
	}
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
	l, err := t.lstater()
	if err != nil {
		return nil, err
	}
	defer l.close()
	return t.listDepth(l, comps, depth)
}

// listDepth is ListDepth of the directory whose components are comps, through l.
func (t *workTree) listDepth(l *rootLstater, comps []string, depth int) ([]Entry, error) {
	dir := strings.Join(comps, "/")
	var out []Entry
	seen := map[string]bool{}
	if l.fast != nil && !slices.Contains(comps, ".git") {
		// The kernel opens dir only if every component is a real directory.
		d, err, ok := l.fast.openDir(dir)
		if ok {
			if err != nil {
				return nil, nil
			}
			defer d.(io.Closer).Close()
			if err := t.walk(l, d, dir, depth, &out, seen, true); err != nil {
				return nil, err
			}
			t.blobs.prune(dir, depth, seen)
			sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
			return out, nil
		}
	}
	for i := range comps {
		// Every component must be a real directory: following a symlinked directory
		// would list files outside the tree git sees.
		k, _, err := l.lstat(strings.Join(comps[:i+1], "/"), false)
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
	if err := t.walk(l, rootDir{d}, dir, depth, &out, seen, true); err != nil {
		return nil, err
	}
	t.blobs.prune(dir, depth, seen)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// walk lists directory dir, whose root is d, and depth levels of subdirectories
// below it (all for a negative depth); l resolves symlinks. With fanout, the
// subdirectories of dir are walked on every core (see walkSubdirs).
func (t *workTree) walk(l *rootLstater, d walkDir, dir string, depth int, out *[]Entry, seen map[string]bool, fanout bool) error {
	workTreeDirsRead.Add(1)
	des, err := d.readDir()
	if errors.Is(err, fs.ErrNotExist) {
		return nil // removed while we walked: it simply is not there
	}
	if err != nil {
		return pathErr("list", dir, err)
	}
	if dir != "" && slices.ContainsFunc(des, func(de fs.DirEntry) bool { return de.Name() == ".git" }) {
		return nil // a nested repository (submodule): its files belong to another repository
	}
	var subdirs []string
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
			if depth != 0 {
				subdirs = append(subdirs, de.Name())
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
	if fanout {
		return t.walkSubdirs(l, d, dir, subdirs, depth-1, out, seen)
	}
	for _, name := range subdirs {
		if err := t.walkSubdir(l, d, dir, name, depth-1, out, seen); err != nil {
			return err
		}
	}
	return nil
}

// walkSubdir walks the subdirectory name of dir (whose root is d), depth levels
// below it.
func (t *workTree) walkSubdir(l *rootLstater, d walkDir, dir, name string, depth int, out *[]Entry, seen map[string]bool) error {
	p := name
	if dir != "" {
		p = dir + "/" + name
	}
	if l.fast != nil {
		sub, err, ok := l.fast.openDir(p)
		if ok {
			if err != nil {
				return nil // removed, or replaced by a link or a file, while we walked
			}
			defer sub.(io.Closer).Close()
			return t.walk(l, sub, p, depth, out, seen, false)
		}
	}
	var sub *os.Root
	var err error
	if rd, ok := d.(rootDir); ok {
		sub, err = rd.OpenRoot(name)
	} else {
		// The kernel would not open it in one call: through the checkout's root.
		sub, err = l.r.OpenRoot(p)
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil // removed or replaced while we walked
	}
	if err != nil {
		return pathErr("list", p, err)
	}
	defer sub.Close()
	return t.walk(l, rootDir{sub}, p, depth, out, seen, false)
}

// walkSubdirsPerWorker is how many subdirectories make it worth another core.
// A directory opened in one openat2 call (beneath) costs a handful of system
// calls: walking the 66 language directories of an Android module takes about a
// millisecond, and spreading them over the cores cost more in waking threads and
// handing them over (a scan of 41 modules made four times the futex calls, for
// no gain in time) than it saved.
const walkSubdirsPerWorker = 64

// walkSubdirs walks the subdirectories names of dir (whose root is d), on every
// core when there are many: listing is one system call after another (a hundred
// language directories of an Android app, each opened, read and closed), and the
// scan waits for it with the other cores idle. The result is the same as walking
// them in order; of several errors, that of the first directory in order wins.
func (t *workTree) walkSubdirs(l *rootLstater, d walkDir, dir string, names []string, depth int, out *[]Entry, seen map[string]bool) error {
	workers := min(runtime.GOMAXPROCS(0), len(names)/walkSubdirsPerWorker)
	if workers < 2 {
		for _, name := range names {
			if err := t.walkSubdir(l, d, dir, name, depth, out, seen); err != nil {
				return err
			}
		}
		return nil
	}
	type part struct {
		out  []Entry
		seen map[string]bool
	}
	parts := make([]part, workers)
	errs := make([]error, len(names))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range parts {
		part := &parts[w]
		part.seen = map[string]bool{}
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(names) {
					return
				}
				errs[i] = t.walkSubdir(l, d, dir, names[i], depth, &part.out, part.seen)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for _, part := range parts {
		*out = append(*out, part.out...)
		maps.Copy(seen, part.seen)
	}
	return nil
}

// entry builds the Entry of the regular file or symlink p (not following it), which
// is name in the directory whose root is d. content is the path whose content the
// entry's Blob names: p itself for a file, the resolved target for a link ("" when
// it resolves to no file).
func (t *workTree) entry(l *rootLstater, d dirOps, name, p string) (e Entry, content string, err error) {
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
func (t *workTree) fileEntry(d dirOps, name, p string, fi fs.FileInfo) (Entry, error) {
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
func hashRegular(d dirOps, name, p string) (Hash, int64, statKey, error) {
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
func openRegular(d dirOps, name, p string) (*os.File, statKey, error) {
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
func readRegularInto(d dirOps, name, p string, dst []byte) (data []byte, k statKey, stable bool, err error) {
	f, k, err := openRegular(d, name, p)
	if err != nil {
		return nil, statKey{}, false, err
	}
	defer f.Close()
	if k.size > MaxFileSize {
		return nil, k, false, pathErr("read", p, tooLarge(k.size))
	}
	// Sized from fstat, the file comes in one read; io.ReadAll's doubling from 512
	// bytes took ten reads and as many zeroed, discarded buffers per file.
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
	l, err := t.lstater()
	if err != nil {
		return Entry{}, err
	}
	defer l.close()
	return t.stat(l, p, comps)
}

// stat is Stat of the path p, whose components are comps, through l.
func (t *workTree) stat(l *rootLstater, p string, comps []string) (Entry, error) {
	if l.fast != nil && len(comps) > 0 && !slices.Contains(comps, ".git") {
		// No link on the way to its directory: p is where resolve would find it,
		// and entry looks at (and resolves) its last component.
		dir, name := splitLast(strings.Join(comps, "/"))
		if d, err, ok := l.fast.openDir(dir); ok && err == nil {
			e, _, err := t.entry(l, d, name, strings.Join(comps, "/"))
			d.(io.Closer).Close()
			if err == nil || !errors.Is(err, fs.ErrNotExist) {
				return e, err
			}
		}
	}
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
// BufferedReader). It opens the checkout and the directories on the way for this
// one file: a Batch keeps them open from one file to the next.
func (t *workTree) ReadFileInto(p string, buf []byte) ([]byte, Hash, error) {
	comps, err := splitPath(p)
	if err != nil {
		return nil, Hash{}, err
	}
	l, err := t.lstater()
	if err != nil {
		return nil, Hash{}, err
	}
	defer l.close()
	return t.readInto(l, p, comps, buf)
}

// readInto is ReadFileInto of the path p, whose components are comps, through l.
func (t *workTree) readInto(l *rootLstater, p string, comps []string, buf []byte) ([]byte, Hash, error) {
	if l.fast != nil && !slices.Contains(comps, ".git") {
		// No link on the way: the file is the one resolve would find. Anything
		// else (a link, nothing there) is resolved below, which tells why.
		rp := strings.Join(comps, "/")
		if data, k, stable, ok := l.fast.read(rp, buf); ok {
			return data, t.blobOf(rp, data, k, stable), nil
		}
	}
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

// Batch starts a batch of reads (see Batcher) sharing one rootLstater: the
// checkout and each directory on the way are opened, and lstat-ed, once for all
// the files read below them. The batch is a Tree too: its listings go through
// the same rootLstater, and a listing already made answers those it covers (see
// workTreeBatch.ListDepth).
func (t *workTree) Batch() (Batch, error) {
	l, err := t.lstater()
	if err != nil {
		return nil, err
	}
	return &workTreeBatch{t: t, l: l, users: map[*rootLstater]int{}}, nil
}

var _ Batcher = (*workTree)(nil)

// workTreeBatch is the Batch of a working tree.
type workTreeBatch struct {
	t  *workTree
	mu sync.Mutex
	l  *rootLstater // what reads go through; nil once closed
	// users counts the reads under way through each rootLstater: one that is no
	// longer l (closed, or renewed) is closed when its last read ends.
	users map[*rootLstater]int
	// listed are the listings made through the batch, in order.
	listed []batchListing
}

// batchListing is one listing made by a batch.
type batchListing struct {
	dir     string
	depth   int
	entries []Entry
}

var _ Tree = (*workTreeBatch)(nil)

// covers returns the entries of dir, depth levels deep, when the listing holds
// them all: dir is its directory or below it, and no deeper than it reached.
func (c *batchListing) covers(dir string, depth int) ([]Entry, bool) {
	below := 0 // levels from c.dir down to dir
	switch {
	case dir == c.dir:
	case c.dir == "" || strings.HasPrefix(dir, c.dir+"/"):
		rel := dir
		if c.dir != "" {
			rel = dir[len(c.dir)+1:]
		}
		below = strings.Count(rel, "/") + 1
	default:
		return nil, false
	}
	if c.depth >= 0 && (depth < 0 || below+depth > c.depth) {
		return nil, false
	}
	if below == 0 && depth == c.depth {
		return slices.Clone(c.entries), true
	}
	prefix := ""
	if dir != "" {
		prefix = dir + "/"
	}
	var out []Entry
	// Sorted by path: the entries below dir are one run.
	i, _ := slices.BinarySearchFunc(c.entries, prefix, func(e Entry, p string) int { return strings.Compare(e.Path, p) })
	for _, e := range c.entries[i:] {
		rel, ok := strings.CutPrefix(e.Path, prefix)
		if !ok {
			break
		}
		if depth < 0 || strings.Count(rel, "/") <= depth {
			out = append(out, e)
		}
	}
	return out, true
}

// ListDepth is workTree.ListDepth through the batch's directories. Components
// living in one checkout list it through one batch in a scan: a listing that
// covers an earlier one's directory and depth (the same directory, twice; a
// directory, then one below it) is answered from memory, so that the checkout is
// walked once however many components share it. What changes in the checkout
// meanwhile is seen by the next batch (the next scan).
func (b *workTreeBatch) ListDepth(dir string, depth int) ([]Entry, error) {
	comps, err := splitPath(dir)
	if err != nil {
		return nil, err
	}
	dir = strings.Join(comps, "/")
	b.mu.Lock()
	for i := range b.listed {
		if out, ok := b.listed[i].covers(dir, depth); ok {
			b.mu.Unlock()
			return out, nil
		}
	}
	b.mu.Unlock()
	l, err := b.acquire()
	if err != nil {
		return nil, err
	}
	defer b.release(l)
	out, err := b.t.listDepth(l, comps, depth)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	b.listed = append(b.listed, batchListing{dir: dir, depth: depth, entries: slices.Clone(out)})
	b.mu.Unlock()
	return out, nil
}

// List is ListDepth of every level.
func (b *workTreeBatch) List(dir string) ([]Entry, error) { return b.ListDepth(dir, -1) }

// Stat is workTree.Stat through the batch's directories: a last component is
// looked at afresh anyway.
func (b *workTreeBatch) Stat(p string) (Entry, error) {
	comps, err := splitPath(p)
	if err != nil {
		return Entry{}, err
	}
	l, err := b.acquire()
	if err != nil {
		return Entry{}, err
	}
	defer b.release(l)
	return b.t.stat(l, p, comps)
}

// ReadFile is ReadFileInto a new buffer.
func (b *workTreeBatch) ReadFile(p string) ([]byte, error) {
	data, _, err := b.ReadFileInto(p, nil)
	return data, err
}

// ReadFileInto is workTree.ReadFileInto, through the directories the batch holds.
func (b *workTreeBatch) ReadFileInto(p string, buf []byte) ([]byte, Hash, error) {
	comps, err := splitPath(p)
	if err != nil {
		return nil, Hash{}, err
	}
	l, err := b.acquire()
	if err != nil {
		return nil, Hash{}, err
	}
	defer b.release(l)
	data, blob, err := b.t.readInto(l, p, comps, buf)
	if !errors.Is(err, fs.ErrNotExist) {
		return data, blob, err
	}
	// A directory the batch holds may have been removed since it was opened, and
	// made again (a checkout switching branches, a directory replaced): a file
	// missing from what the batch holds is looked for afresh, as ReadFileInto
	// would, and when it is there the fresh view serves the reads that follow.
	fresh, err := b.t.lstater()
	if err != nil {
		return nil, Hash{}, err
	}
	data, blob, err = b.t.readInto(fresh, p, comps, buf)
	b.renew(l, fresh, err == nil)
	return data, blob, err
}

func (b *workTreeBatch) acquire() (*rootLstater, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.l == nil {
		return nil, fmt.Errorf("read working tree: batch: %w", os.ErrClosed)
	}
	b.users[b.l]++
	return b.l, nil
}

func (b *workTreeBatch) release(l *rootLstater) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.users[l]--; b.users[l] == 0 {
		delete(b.users, l)
		if l != b.l {
			l.close()
		}
	}
}

// renew makes fresh, which found a file that old (acquired by the caller) had
// not, what the batch reads through from now on; with !found it only closes fresh.
func (b *workTreeBatch) renew(old, fresh *rootLstater, found bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !found || b.l != old { // nothing to renew, closed, or renewed by another read
		fresh.close()
		return
	}
	b.l = fresh // old is closed by its last release
}

// Close releases what the batch holds, once the reads under way have ended.
// Reads after Close fail with os.ErrClosed.
func (b *workTreeBatch) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if l := b.l; l != nil {
		b.l = nil
		if b.users[l] == 0 {
			l.close()
		}
	}
	return nil
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
