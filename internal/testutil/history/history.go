// Package history gives tests a real translation history, the first 152 commits of F-Droid client's strings.xml files (testdata/SOURCE.md), or the whole one that GITLATE_TEST_SHARED names.
package history

import (
	_ "embed"
	"os"
	"path/filepath"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// EnvShared names a folder of the uncut test data: when it is
// set, Path and Clone use DIR/history/fdroidclient-history.bundle, the whole history,
// instead of the trimmed bundle kept here.
const EnvShared = "GITLATE_TEST_SHARED"

// SharedBundle is the whole history's bundle relative to the directory EnvShared names.
const SharedBundle = "history/fdroidclient-history.bundle"

// Branch is the only branch of both bundles; HEAD points to it.
const Branch = "master"

//go:embed testdata/fdroidclient-history-152.bundle
var trimmed []byte

// Full reports whether the tests run on the whole history (EnvShared is set), so that
// they pick the expectations of that bundle rather than of the trimmed one.
func Full() bool {
	return os.Getenv(EnvShared) != ""
}

// Path returns the path of the bundle to test with: the whole history when EnvShared
// is set (failing the test if it is not there), otherwise the trimmed bundle written
// into t.TempDir() (it is embedded, so this works from any directory and build).
func Path(t testing.TB) string {
	t.Helper()
	if dir := os.Getenv(EnvShared); dir != "" {
		p := filepath.Join(dir, filepath.FromSlash(SharedBundle))
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s=%s: %v", EnvShared, dir, err)
		}
		return p
	}
	p := filepath.Join(t.TempDir(), "fdroidclient-history-152.bundle")
	if err := os.WriteFile(p, trimmed, 0o444); err != nil {
		t.Fatal(err)
	}
	return p
}

// Clone clones the bundle (see Path) into dir, bare or with master checked out, with
// no user or system git configuration; an empty dir means a new directory below
// t.TempDir(). It returns the repository's directory and skips the test when git is
// not installed.
func Clone(t testing.TB, dir string, bare bool) string {
	t.Helper()
	outside.NeedGit(t)
	if dir == "" {
		dir = filepath.Join(t.TempDir(), "fdroidclient-history")
		if bare {
			dir += ".git"
		}
	}
	args := []string{"clone", "-q"}
	if bare {
		args = append(args, "--bare")
	}
	outside.Git(t, "", nil, append(args, Path(t), dir)...)
	return dir
}
