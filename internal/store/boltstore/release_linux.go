package boltstore

import "syscall"

// dropPages tells the kernel that the process no longer needs the mapped pages of
// [addr, addr+size) (madvise MADV_DONTNEED): for a read-only shared file mapping
// they leave the process's resident set and are read again from the page cache
// when touched.
func dropPages(addr, size uintptr) {
	if addr == 0 || size == 0 {
		return
	}
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, addr, size, syscall.MADV_DONTNEED)
}
