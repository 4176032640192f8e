package corpora

import (
	"os"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/scratch"
)

// TestMain keeps the tests' temporary files in memory (see scratch).
func TestMain(m *testing.M) {
	restore := scratch.InMemory()
	code := m.Run()
	restore()
	os.Exit(code)
}
