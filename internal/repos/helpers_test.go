package repos

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/history"
	"github.com/gitlate/gitlate/internal/testutil/outside"
	"github.com/gitlate/gitlate/internal/testutil/scratch"
)

var (
	binTmp      string // removed by TestMain
	bundleOnce  sync.Once
	bundleClone string
	bundleErr   error
	gitIdentity = []string{
		"GIT_AUTHOR_NAME=Ann Author",
		"GIT_AUTHOR_EMAIL=ann@example.org",
		"GIT_COMMITTER_NAME=Carl Committer",
		"GIT_COMMITTER_EMAIL=carl@example.org",
	}
)

// Most tests call t.Parallel. Those that change a package variable (racyWindow,
// MaxFileSize, statusTTL), the environment (t.Setenv) or GOMAXPROCS, or count the
// package's cat-file helpers, do not: Go runs the parallel tests only once all the
// others have ended, so these never overlap them.
func TestMain(m *testing.M) {
	restore := scratch.InMemory()
	dir, err := os.MkdirTemp("", "repos-test-")
	if err != nil {
		panic(err)
	}
	binTmp = dir
	code := m.Run()
	os.RemoveAll(dir)
	restore()
	os.Exit(code)
}

// git runs the git CLI in dir with a fixed identity and no user configuration and
// returns its standard output.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return gitEnv(t, dir, nil, args...)
}

func gitEnv(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	return gitRun(t, dir, env, "", args...)
}

// gitInput is git with stdin as the command's standard input.
func gitInput(t testing.TB, dir, stdin string, args ...string) string {
	t.Helper()
	return gitRun(t, dir, nil, stdin, args...)
}

func gitRun(t testing.TB, dir string, env []string, stdin string, args ...string) string {
	t.Helper()
	return outside.GitInput(t, dir, append(append([]string(nil), gitIdentity...), env...), stdin, args...)
}

// writeFile writes content to dir/rel, creating directories.
func writeFile(t testing.TB, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newCheckout makes a non-bare repository on branch main with the given files
// committed in one commit.
func newCheckout(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	for p, c := range files {
		writeFile(t, dir, p, c)
	}
	if len(files) > 0 {
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-q", "-m", "initial")
	}
	return dir
}

// newBare makes a bare repository on branch main whose one commit holds the given
// files (slash-separated paths), with one git fast-import: a pack instead of a
// checkout's loose objects and a clone.
func newBare(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bare.git")
	git(t, "", "init", "-q", "--bare", "-b", "main", dir)
	var stream strings.Builder
	stream.WriteString("commit refs/heads/main\ncommitter Carl Committer <carl@example.org> 1704067200 +0000\ndata 7\ninitial\n")
	for _, p := range slices.Sorted(maps.Keys(files)) {
		fmt.Fprintf(&stream, "M 100644 inline %s\ndata %d\n%s\n", p, len(files[p]), files[p])
	}
	gitInput(t, dir, stream.String(), "fast-import", "--quiet")
	return dir
}

// fdroidRepo returns a bare clone of the real translation history the History
// tests and benchmark run on (internal/testutil/history: the trimmed bundle, or the
// whole one with GITLATE_TEST_SHARED), made once per test binary.
func fdroidRepo(t testing.TB) string {
	t.Helper()
	bundleOnce.Do(func() {
		bundleErr = errors.New("the first test to clone the bundle failed")
		bundleClone = history.Clone(t, filepath.Join(binTmp, "fdroidclient-history.git"), true)
		bundleErr = nil
	})
	if bundleErr != nil {
		t.Fatalf("clone bundle: %v", bundleErr)
	}
	return bundleClone
}
