// Package scratch puts a test binary's temporary files (t.TempDir, os.MkdirTemp, and
// those of the programs it starts, git among them) in memory when the machine has
// room there: the tests create and delete tens of thousands of small files, which
// cost a disk file system far more than a tmpfs.
package scratch

import (
	"fmt"
	"os"
	"testing"
)

// prefix begins the name of each test binary's directory, which goes on with the
// binary's process id: a binary killed before it could remove its directory (a
// test timeout) leaves it behind, in memory, until the next binary removes it.
const prefix = "gitlate-test-"

// minFree is the room the tests need: below it (a container's small /dev/shm, say)
// the temporary files stay where they are.
const minFree = 1 << 30

// InMemory sets TMPDIR to a new directory in memory (under /dev/shm) and returns
// the function that removes it and restores TMPDIR. It changes nothing, and says
// nothing, when TMPDIR is already set (whoever runs the tests chose), when
// GITLATE_TEST_TMPDIR=keep, or when no tmpfs with enough room is found. Call it in
// TestMain, before anything makes a temporary file.
func InMemory() (restore func()) {
	if os.Getenv("TMPDIR") != "" || os.Getenv("GITLATE_TEST_TMPDIR") == "keep" {
		return func() {}
	}
	base := memoryDir()
	if base == "" {
		return func() {}
	}
	removeAbandoned(base)
	dir, err := os.MkdirTemp(base, fmt.Sprintf("%s%d-", prefix, os.Getpid()))
	if err != nil {
		return func() {}
	}
	// Others may pass through, not list: a test running as root hands a directory
	// inside to another user (pgtest's cluster runs as postgres), who must reach it
	// as it would through the system's temporary directory.
	if err := os.Chmod(dir, 0o711); err != nil {
		os.Remove(dir)
		return func() {}
	}
	if err := os.Setenv("TMPDIR", dir); err != nil {
		os.Remove(dir)
		return func() {}
	}
	return func() {
		os.Unsetenv("TMPDIR")
		if err := os.RemoveAll(dir); err != nil {
			fmt.Fprintf(os.Stderr, "scratch: %v\n", err)
		}
	}
}

// Run runs m's tests with their temporary files in memory (InMemory) and returns
// the exit code: TestMain is then os.Exit(scratch.Run(m)).
func Run(m *testing.M) int {
	restore := InMemory()
	defer restore()
	return m.Run()
}
