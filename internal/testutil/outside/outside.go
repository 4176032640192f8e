// Package outside is what tests need to run programs from outside Go: whether an oracle such as translate-toolkit or wlc, or a server such as PostgreSQL, runs (not under -short), and how git runs.
package outside

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Short skips t under -short because it runs program. Such tests are the slowest
// of the suite (a Python interpreter and its imports per oracle, a cluster per
// test process): -short keeps the tests that run in Go and git only.
func Short(t testing.TB, program string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: runs %s (go test without -short runs it)", program)
	}
}

// GitEnv is the environment of a git command a test runs, plus extra: the test
// process's own without its GIT_* variables (a GIT_DIR set by whoever runs the
// tests must not redirect the command), no user or system configuration, no
// prompt, and configuration that makes git create as few files and processes as
// it can: no template directory, so that git init and clone create no sample
// hooks; no automatic maintenance or gc, which git commit would otherwise start
// as another process; no fsync (a test's repository need not survive a crash).
func GitEnv(extra ...string) []string {
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GIT_") {
			env = append(env, e)
		}
	}
	env = append(env, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0")
	for i, kv := range gitConfig {
		env = append(env, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", i, kv[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", i, kv[1]))
	}
	env = append(env, fmt.Sprintf("GIT_CONFIG_COUNT=%d", len(gitConfig)))
	return append(env, extra...)
}

// gitConfig is the configuration GitEnv gives (see there). Keys a git release does
// not know are ignored by it.
var gitConfig = [][2]string{
	{"init.templateDir", ""},
	{"maintenance.auto", "false"},
	{"gc.auto", "0"},
	{"core.fsync", "none"},
}

// NeedGit skips t when the git command is not installed.
func NeedGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed (apt-get install git); this test builds repositories with it")
	}
}

// Git runs the git command in dir with GitEnv(env...) and returns its standard
// output; it skips t when git is not installed and fails it on an error.
func Git(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	return GitInput(t, dir, env, "", args...)
}

// GitInput is Git with stdin as the command's standard input.
func GitInput(t testing.TB, dir string, env []string, stdin string, args ...string) string {
	t.Helper()
	NeedGit(t)
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = GitEnv(env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}
