package scratch

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// tmpfsMagic is TMPFS_MAGIC of linux/magic.h.
const tmpfsMagic = 0x01021994

// memoryDir returns /dev/shm when it is a writable tmpfs with minFree bytes free.
func memoryDir() string {
	const dir = "/dev/shm"
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil || st.Type != tmpfsMagic {
		return ""
	}
	if uint64(st.Bavail)*uint64(st.Bsize) < minFree || syscall.Access(dir, 2 /* W_OK */) != nil {
		return ""
	}
	return dir
}

// removeAbandoned removes the directories in base of test binaries whose process
// has ended.
func removeAbandoned(base string) {
	dirs, _ := filepath.Glob(filepath.Join(base, prefix+"*-*"))
	for _, d := range dirs {
		pidText, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), prefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid <= 0 {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.RemoveAll(d)
		}
	}
}
