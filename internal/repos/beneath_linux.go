package repos

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// beneath opens paths of a checkout in one system call each, through openat2(2)
// (Linux 5.6+) from a descriptor of the checkout's root: RESOLVE_BENEATH makes
// the kernel refuse any path leaving the root, RESOLVE_NO_SYMLINKS any symbolic
// link on the way (the last component included), so a path opened through it
// names exactly what resolve would have found without following any link, and
// never anything outside. An os.Root resolves a path one directory at a time, an
// openat per directory: for a file four directories deep that was most of the
// cost of reading it. Anything the kernel refuses is left to the os.Root path,
// which resolves links lexically (see resolve).
type beneath struct {
	fd int // O_PATH descriptor of the checkout's root
}

// openat2Missing is set once openat2 turned out to be unavailable (an older
// kernel, or a seccomp filter refusing it): the os.Root path serves alone.
var openat2Missing atomic.Bool

// openBeneath opens dir for beneath, checking that it is the directory r holds
// (dir could have been replaced between the two opens). It returns nil, never an
// error, when openat2 cannot serve: the caller goes through r alone.
func openBeneath(dir string, r *os.Root) *beneath {
	if openat2Missing.Load() {
		return nil
	}
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	b := &beneath{fd: fd}
	var st unix.Stat_t
	fi, err := r.Stat(".")
	if err != nil || unix.Fstat(fd, &st) != nil || keyOf(fi).ino != st.Ino || keyOf(fi).dev != uint64(st.Dev) {
		b.close()
		return nil
	}
	// Not probed: a kernel without openat2 answers the first call with ENOSYS,
	// that one path goes through r, and openat2Missing spares the others.
	return b
}

func (b *beneath) close() { unix.Close(b.fd) }

// open opens the slash-separated path p below the root with flags (O_CLOEXEC and
// O_NOFOLLOW added). A link anywhere on the way gives ELOOP, a path leading
// outside EXDEV; EAGAIN (a rename raced the lookup) is tried again a few times.
func (b *beneath) open(p string, flags int) (int, error) {
	if p == "" {
		p = "." // the root itself
	}
	how := unix.OpenHow{
		Flags:   uint64(flags | unix.O_CLOEXEC | unix.O_NOFOLLOW),
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	}
	for range 4 {
		fd, err := unix.Openat2(b.fd, p, &how)
		switch err {
		case nil:
			return fd, nil
		case unix.EAGAIN, unix.EINTR:
			continue
		case unix.ENOSYS, unix.EPERM:
			// EPERM: a seccomp filter (container runtimes) refusing the call.
			openat2Missing.Store(true)
		}
		return -1, err
	}
	return -1, unix.EAGAIN
}

// read reads the regular file p into dst's storage when it is large enough, as
// readRegularInto does. ok is false when p could not be opened in one call (a
// link on the way, not there, not a regular file, too large, a read error): the
// caller then takes the os.Root path, which tells why. The file is read until
// it has the size fstat gave, then stat-ed again: the same key means the bytes
// are those of that key (stable), without a last read to see the end of file.
func (b *beneath) read(p string, dst []byte) (data []byte, k statKey, stable, ok bool) {
	fd, err := b.open(p, unix.O_RDONLY|unix.O_NONBLOCK) // a FIFO must not block the open
	if err != nil {
		return nil, statKey{}, false, false
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size > MaxFileSize {
		return nil, statKey{}, false, false
	}
	k = statKeyOf(&st)
	if int64(cap(dst)) < k.size+1 {
		dst = make([]byte, 0, k.size+512)
	}
	data = dst[:0]
	for {
		if int64(len(data)) >= k.size {
			if int64(len(data)) > MaxFileSize {
				return nil, statKey{}, false, false
			}
			if int64(len(data)) == k.size {
				var after unix.Stat_t
				if unix.Fstat(fd, &after) == nil && statKeyOf(&after) == k {
					return data, k, true, true
				}
			}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
		n, err := unix.Read(fd, data[len(data):cap(data)])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, statKey{}, false, false
		}
		if n == 0 {
			// The file changed size while it was read: its bytes belong to no key.
			return data, k, false, true
		}
		data = data[:len(data)+n]
	}
}

// statKeyOf is keyOf of a raw stat.
func statKeyOf(st *unix.Stat_t) statKey {
	return statKey{size: st.Size, mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(), ino: uint64(st.Ino), dev: uint64(st.Dev)}
}

// fdDir is a directory of the checkout opened through beneath, for walk.
type fdDir struct {
	fd int
}

// openDir opens the directory p below the root; ok is false when it cannot be
// opened in one call for another reason than its being gone, replaced by a link
// or by a file (err then wraps fs.ErrNotExist, for the caller to skip it).
func (b *beneath) openDir(p string) (d walkDir, err error, ok bool) {
	fd, err := b.open(p, unix.O_RDONLY|unix.O_DIRECTORY)
	switch {
	case err == nil:
		return &fdDir{fd: fd}, nil, true
	case errors.Is(err, unix.ENOENT), errors.Is(err, unix.ENOTDIR), errors.Is(err, unix.ELOOP):
		return nil, fs.ErrNotExist, true
	}
	return nil, err, false
}

// direntBufs are readDir's buffers, as large as os's own.
var direntBufs = sync.Pool{New: func() any { b := make([]byte, 8192); return &b }}

// readDir lists the directory (once: it reads from the descriptor's offset) with
// getdents64 itself: wrapping the descriptor in an os.File cost an fcntl per
// directory, and a walk is little else than such calls.
func (d *fdDir) readDir() ([]fs.DirEntry, error) {
	bp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bp)
	buf := *bp
	var out []fs.DirEntry
	for {
		n, err := unix.Getdents(d.fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "readdirent", Path: ".", Err: err}
		}
		if n <= 0 {
			return out, nil
		}
		// struct linux_dirent64: d_ino u64, d_off s64, d_reclen u16, d_type u8,
		// then the name, NUL-terminated.
		for b := buf[:n]; len(b) >= 19; {
			reclen := int(binary.NativeEndian.Uint16(b[16:18]))
			if reclen < 19 || reclen > len(b) {
				return nil, &fs.PathError{Op: "readdirent", Path: ".", Err: unix.EIO}
			}
			ino, typ, name := binary.NativeEndian.Uint64(b[0:8]), b[18], b[19:reclen]
			b = b[reclen:]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if ino == 0 || string(name) == "." || string(name) == ".." {
				continue
			}
			e := &rawDirent{d: d, name: string(name)}
			switch typ {
			case unix.DT_REG:
			case unix.DT_DIR:
				e.typ = fs.ModeDir
			case unix.DT_LNK:
				e.typ = fs.ModeSymlink
			case unix.DT_UNKNOWN:
				// Some file systems do not say: ask, as os.ReadDir does.
				fi, err := d.Lstat(e.name)
				if err != nil {
					continue // gone meanwhile
				}
				e.typ = fi.Mode().Type()
			default:
				e.typ = fs.ModeIrregular
			}
			out = append(out, e)
		}
	}
}

func (d *fdDir) Close() error { return unix.Close(d.fd) }

// rawDirent is a directory entry read by readDir.
type rawDirent struct {
	d    *fdDir
	name string
	typ  fs.FileMode
}

func (e *rawDirent) Name() string               { return e.name }
func (e *rawDirent) IsDir() bool                { return e.typ.IsDir() }
func (e *rawDirent) Type() fs.FileMode          { return e.typ }
func (e *rawDirent) Info() (fs.FileInfo, error) { return e.d.Lstat(e.name) }

// Lstat is fstatat of the name in the directory, not following a link.
func (d *fdDir) Lstat(name string) (fs.FileInfo, error) {
	var st unix.Stat_t
	for {
		err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "lstat", Path: name, Err: err}
		}
		return &rawInfo{name: name, st: st}, nil
	}
}

// Readlink reads the link name in the directory.
func (d *fdDir) Readlink(name string) (string, error) {
	for n := 256; ; n *= 2 {
		buf := make([]byte, n)
		r, err := unix.Readlinkat(d.fd, name, buf)
		if err != nil {
			return "", &fs.PathError{Op: "readlink", Path: name, Err: err}
		}
		if r < n {
			return string(buf[:r]), nil
		}
	}
}

// OpenFile opens the name in the directory; flag must forbid following a link.
func (d *fdDir) OpenFile(name string, flag int, _ fs.FileMode) (*os.File, error) {
	fd, err := unix.Openat(d.fd, name, flag|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return os.NewFile(uintptr(fd), name), nil
}

// rawInfo is the fs.FileInfo of a raw stat (keyOf reads its statKey).
type rawInfo struct {
	name string
	st   unix.Stat_t
}

func (i *rawInfo) Name() string       { return i.name }
func (i *rawInfo) Size() int64        { return i.st.Size }
func (i *rawInfo) ModTime() time.Time { return time.Unix(i.st.Mtim.Unix()) }
func (i *rawInfo) IsDir() bool        { return i.Mode().IsDir() }
func (i *rawInfo) Sys() any           { return &i.st }
func (i *rawInfo) Mode() fs.FileMode {
	m := fs.FileMode(i.st.Mode & 0o777)
	switch i.st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		m |= fs.ModeDir
	case unix.S_IFLNK:
		m |= fs.ModeSymlink
	case unix.S_IFIFO:
		m |= fs.ModeNamedPipe
	case unix.S_IFSOCK:
		m |= fs.ModeSocket
	case unix.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		m |= fs.ModeDevice
	case unix.S_IFREG:
	default:
		m |= fs.ModeIrregular
	}
	return m
}
