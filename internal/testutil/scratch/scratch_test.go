package scratch

import (
	"os"
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
	restore := InMemory()
	dir := os.Getenv("TMPDIR")
	if !strings.HasPrefix(dir, "/dev/shm/gitlate-test-") || os.TempDir() != dir {
		t.Fatalf("TMPDIR %q, os.TempDir %q", dir, os.TempDir())
	}
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
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
