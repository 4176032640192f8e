// Package outside is what tests need to run programs from outside Go: whether an oracle such as translate-toolkit or wlc, or a server such as PostgreSQL, runs (not under -short), and the environment git runs in.
package outside

import (
	"os"
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
// prompt, and no template directory, so that git init and clone create no sample
// hooks (creating files is most of what those commands cost).
func GitEnv(extra ...string) []string {
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GIT_") {
			env = append(env, e)
		}
	}
	env = append(env, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=init.templateDir", "GIT_CONFIG_VALUE_0=")
	return append(env, extra...)
}
