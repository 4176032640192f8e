//go:build unix

package boltstore

import (
	"os"
	"syscall"
)

// funlock releases bbolt's lock on f. Closing f is not enough when bbolt panicked
// inside Open: its mapping of the file keeps the locked file open in the kernel.
func funlock(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
