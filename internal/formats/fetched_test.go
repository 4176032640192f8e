package formats

import (
	"os"
	"path/filepath"
	"testing"
)

// fetchedEnv names a directory of real translation files from public projects,
// kept outside the repository (their licences do not let them be committed
// here, or nobody checked): <dir>/formats/<format>/<project>/…, each project
// with a SOURCE file saying where its files come from. The tests reading it
// compare the parsers with translate-toolkit on them as on testdata.
const fetchedEnv = "GITLATE_TEST_FETCHED"

// fetchedFormats returns $GITLATE_TEST_FETCHED/formats, skipping the test when
// the variable is unset; a variable naming no such directory is an error.
func fetchedFormats(t testing.TB) string {
	t.Helper()
	dir := os.Getenv(fetchedEnv)
	if dir == "" {
		t.Skip(fetchedEnv + " is not set: the real files of public projects kept outside the repository are not compared " +
			"(set it to a directory holding formats/<format>/<project>/…)")
	}
	root := filepath.Join(dir, "formats")
	if info, err := os.Stat(root); err != nil || !info.IsDir() {
		t.Fatalf("%s=%s: no formats directory in it (%v)", fetchedEnv, dir, err)
	}
	return root
}
