package scratch

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInMemory: with TMPDIR unset, the temporary files go to a new directory that
// restore removes; a TMPDIR already set is kept.
func TestInMemory(t *testing.T) {
	t.Setenv("TMPDIR", "")
	os.Unsetenv("TMPDIR")
	t.Setenv("GITLATE_TEST_TMPDIR", "")
	if memoryDir() == "" {
		t.Skip("no tmpfs with room at /dev/shm here")
	}
	// A directory left by a process that has ended is removed; one of a live
	// process is not.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	abandoned := fmt.Sprintf("/dev/shm/%s%d-x", prefix, dead.Process.Pid)
	live := fmt.Sprintf("/dev/shm/%s%d-x", prefix, os.Getppid())
	for _, d := range []string{abandoned, live} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	defer os.RemoveAll(live)
	defer os.RemoveAll(abandoned)

	restore := InMemory()
	dir := os.Getenv("TMPDIR")
	if !strings.HasPrefix(dir, fmt.Sprintf("/dev/shm/%s%d-", prefix, os.Getpid())) || os.TempDir() != dir {
		t.Fatalf("TMPDIR %q, os.TempDir %q", dir, os.TempDir())
	}
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Another user (pgtest's postgres) can pass through to a directory handed to it.
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o711 {
		t.Errorf("%s: %v, %v; want mode 0711", dir, fi.Mode(), err)
	}
	if _, err := os.Stat(abandoned); !os.IsNotExist(err) {
		t.Errorf("the directory of an ended process is still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the directory of a live process was removed: %v", err)
	}
	restore()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s is still there: %v", dir, err)
	}
	if v, ok := os.LookupEnv("TMPDIR"); ok {
		t.Errorf("TMPDIR left as %q", v)
	}

	chosen := t.TempDir()
	t.Setenv("TMPDIR", chosen)
	restore = InMemory()
	if os.Getenv("TMPDIR") != chosen {
		t.Errorf("TMPDIR set by the caller was changed to %q", os.Getenv("TMPDIR"))
	}
	restore()
	if os.Getenv("TMPDIR") != chosen {
		t.Errorf("restore changed a TMPDIR it did not set")
	}
}
