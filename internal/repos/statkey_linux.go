package repos

import (
	"io/fs"
	"syscall"
)

func keyOf(fi fs.FileInfo) statKey {
	if r, ok := fi.(*rawInfo); ok {
		return statKeyOf(&r.st)
	}
	k := statKey{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		k.ctime = st.Ctim.Nano()
		k.ino = st.Ino
		k.dev = uint64(st.Dev)
	}
	return k
}
