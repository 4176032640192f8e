package layout

import (
	"os"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/scratch"
)

// TestMain keeps the tests' temporary files in memory.
func TestMain(m *testing.M) { os.Exit(scratch.Run(m)) }
