package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/testutil"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

// TestCheck: check lists every problem and exits non-zero; a clean config exits 0.
func TestCheck(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	repo, cfg := appCheckout(t, dir, `<resources><string name="a">A</string></resources>`, `<resources><string name="a">Á</string></resources>`, false, "")
	data := filepath.Join(dir, "data")
	if code, out, errs := runCLI("check", "--config", cfg, "--data", data); code != 0 || !strings.Contains(out, "ok: 1 projects, 1 components") {
		t.Fatalf("clean check: %d %s %s", code, out, errs)
	}
	writeFile(t, filepath.Join(repo, "res/values-night/strings.xml"), `<resources/>`)
	writeFile(t, filepath.Join(repo, "res/values-de/strings.xml"), `<resources><string name="a">`)
	code, out, _ := runCLI("check", "--config", cfg, "--data", data)
	if code == 0 {
		t.Errorf("check exited 0 with problems")
	}
	for _, want := range []string{"demo/app: NotLanguage", "values-night", "demo/app: ParseError", "values-de/strings.xml"} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
	// scan still answers for the rest, and warns.
	code, out, errs := runCLI("scan", "--config", cfg, "--data", data)
	if code != 0 || !strings.Contains(out, "cs") || !strings.Contains(errs, "warning: demo/app: ParseError") {
		t.Errorf("scan: %d\n%s\n%s", code, out, errs)
	}
}

// TestCheckCreatesNothing: check reads what the data directory holds and writes
// nothing there — no clone, no local: repository, no store, no samples — and an
// empty local: glossary is no problem.
func TestCheckCreatesNothing(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	repo, _ := appCheckout(t, dir, `<resources><string name="a">A</string></resources>`, `<resources><string name="a">Á</string></resources>`, true, "")
	bare := filepath.Join(dir, "app.git")
	gitCLI(t, dir, "clone", "-q", "--bare", repo, bare)
	cfg := filepath.Join(dir, "check.yaml")
	writeFile(t, cfg, `projects:
  - name: Demo
    slug: demo
    components:
      - name: Remote
        slug: remote
        repo: file://`+bare+`
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
      - name: Glossary
        slug: glossary
        repo: "local:"
        filemask: "*.tbx"
        file_format: tbx
        is_glossary: true
`)
	data := filepath.Join(dir, "data")
	if code, out, errs := runCLI("check", "--config", cfg, "--data", data); code != 0 || !strings.Contains(out, "ok: 1 projects, 2 components") {
		t.Fatalf("check: %d %s %s", code, out, errs)
	}
	if _, err := os.Stat(data); !errors.Is(err, fs.ErrNotExist) {
		entries, _ := os.ReadDir(data)
		t.Errorf("check wrote into the data directory: %v", entries)
	}
	// Without --config: the samples are checked without being written there either.
	if code, out, errs := runCLI("check", "--data", data); code != 0 || !strings.Contains(out, "ok:") {
		t.Fatalf("check of the samples: %d %s %s", code, out, errs)
	}
	if _, err := os.Stat(data); !errors.Is(err, fs.ErrNotExist) {
		t.Error("checking the samples wrote into the data directory")
	}
}

// TestConfigErrors: a bad projects.yaml stops every command with file, line and key.
func TestConfigErrors(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, "projects:\n  - name: Demo\n    slug: demo\n    colour: red\n")
	for _, cmd := range []string{"check", "scan", "serve"} {
		code, _, errs := runCLI(cmd, "--config", cfg, "--data", t.TempDir())
		if code == 0 || !strings.Contains(errs, "projects.yaml:4:5: projects[0].colour: unknown key") {
			t.Errorf("%s: exit %d, stderr %q", cmd, code, errs)
		}
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"help"}, 0},
		{[]string{"bogus"}, 2},
		{[]string{"scan", "--format", "xml", "--data", t.TempDir()}, 2},
		{[]string{"serve", "--no-such-flag"}, 2},
		{[]string{"check", "extra-arg"}, 2},
	}
	for _, tt := range tests {
		if code, _, _ := runCLI(tt.args...); code != tt.code {
			t.Errorf("%v: exit %d, want %d", tt.args, code, tt.code)
		}
	}
}

// TestEveryFlagReadsTheEnvironment: each flag of each command has its variable
// (GITLATE_ and its name), which sets it unless the command line does, and a bad
// value names the variable.
func TestEveryFlagReadsTheEnvironment(t *testing.T) {
	for _, cmd := range []string{"serve", "scan", "check", "lint", "health"} {
		var o options
		fs := newFlags(cmd, &o, io.Discard)
		fs.VisitAll(func(f *flag.Flag) {
			name := envName(f.Name)
			if own, ok := commandEnv[fs.Name()][f.Name]; ok {
				name = own
			}
			if !strings.HasPrefix(name, "GITLATE_") || strings.ContainsAny(name, "-abcdefghijklmnopqrstuvwxyz") {
				t.Errorf("%s --%s: variable %q", cmd, f.Name, name)
			}
			value := map[string]string{"rescan": "1h0m0s", "trust-proxy": "true", "format": "json", "checks": "false", "strict": "true", "access-log": "true", "timeout": "10s"}[f.Name]
			if value == "" {
				value = "/env/" + f.Name
			}
			t.Setenv(name, value)
			var o2 options
			fs2 := newFlags(cmd, &o2, io.Discard)
			if err := fromEnvironment(fs2); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := fs2.Lookup(f.Name).Value.String(); got != value {
				t.Errorf("%s --%s from %s: %q, want %q", cmd, f.Name, name, got, value)
			}
			if err := fs2.Parse([]string{"--" + f.Name + "=" + f.DefValue}); err != nil {
				t.Fatal(err)
			}
			if got := fs2.Lookup(f.Name).Value.String(); got != f.DefValue {
				t.Errorf("%s --%s: the command line does not win over %s", cmd, f.Name, name)
			}
			os.Unsetenv(name)
		})
	}
	t.Setenv("GITLATE_RESCAN", "soon")
	if code, _, errs := runCLI("serve", "--listen", "127.0.0.1:0"); code != 2 || !strings.Contains(errs, "GITLATE_RESCAN") {
		t.Errorf("a bad GITLATE_RESCAN: exit %d, %q", code, errs)
	}
}

// TestVersion: --version and the version command print the module version and the
// Go toolchain, exit 0, and start nothing.
func TestVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--version"}, {"version"}, {"serve", "--version"}} {
		code, out, _ := runCLI(args...)
		if code != 0 || !strings.HasPrefix(out, "gitlate ") || !strings.Contains(out, "go1.") {
			t.Errorf("%v: %d %q", args, code, out)
		}
	}
}

// TestSecondServerNamesData: a second server on the data directory another one holds
// says to give it its own --data.
func TestSecondServerNamesData(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	st, err := boltstore.Open(filepath.Join(data, "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, "projects: []\n")
	code, _, errs := runCLI("serve", "--config", cfg, "--data", data, "--listen", "127.0.0.1:0")
	if code != 1 || !strings.Contains(errs, "in use by another gitlate process") || !strings.Contains(errs, "--data") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestEnvironment: flags fall back to GITLATE_* variables.
func TestEnvironment(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, "projects: []\n")
	t.Setenv("GITLATE_CONFIG", cfg)
	t.Setenv("GITLATE_DATA", t.TempDir())
	code, out, errs := runCLI("check")
	if code != 0 || !strings.Contains(out, "ok: 0 projects") {
		t.Errorf("check with GITLATE_CONFIG: %d %s %s", code, out, errs)
	}
}

// TestServeFailsFast: a bad --base-url or a port in use stops serve before it opens
// the store or scans anything (a scan takes seconds on large installations).
func TestServeFailsFast(t *testing.T) {
	t.Parallel()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, "projects: []\n")
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--base-url", "htp:/typo", "--listen", "127.0.0.1:0"}, 2, "--base-url"},
		{[]string{"--listen", busy.Addr().String()}, 1, "address already in use"},
	}
	for _, tt := range tests {
		data := t.TempDir()
		code, _, errs := runCLI(append([]string{"serve", "--config", cfg, "--data", data}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, errs)
		}
		if _, err := os.Stat(filepath.Join(data, "ids.db")); err == nil {
			t.Errorf("%v: the store was opened before the failure", tt.args)
		}
	}
}

// TestHelp: -h lists the command's flags with their defaults (exit 0), and the usage
// names every serve flag.
func TestHelp(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("help")
	if code != 0 || !strings.Contains(out, "--trust-proxy") || !strings.Contains(out, "--rescan") {
		t.Errorf("help: %d %s", code, out)
	}
	for _, args := range [][]string{{"-h"}, {"serve", "--help"}} {
		code, _, errs = runCLI(args...)
		if code != 0 || !strings.Contains(errs, "Flags of gitlate serve:") || !strings.Contains(errs, "(default 30s)") || !strings.Contains(errs, `(default ":8080")`) {
			t.Errorf("%v: %d %s", args, code, errs)
		}
	}
	if code, _, errs = runCLI("scan", "-h"); code != 0 || !strings.Contains(errs, `--format FORMAT`) || !strings.Contains(errs, `(default "table")`) {
		t.Errorf("scan -h: %d %s", code, errs)
	}
}

// TestScanJSON: scan --format json writes every percentage with one decimal, as the
// API does (100.0, never 100).
func TestScanJSON(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	_, cfg := appCheckout(t, dir, `<resources><string name="a">A</string><string name="b">B</string></resources>`, `<resources><string name="a">Á</string></resources>`, false, "")
	code, out, errs := runCLI("scan", "--config", cfg, "--data", filepath.Join(dir, "data"), "--format", "json")
	if code != 0 {
		t.Fatalf("%d %s", code, errs)
	}
	if !strings.Contains(out, `"translated_percent": 100.0`) || !strings.Contains(out, `"translated_percent": 50.0`) {
		t.Errorf("percentages:\n%s", out)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 || rows[1]["translated_percent"] != 50.0 {
		t.Errorf("%v: %s", err, out)
	}
}

// TestDamagedStoreIsReported: a damaged ids.db is moved aside, the log says where
// and what it means, and every component shows a StorageError alert (47 in the
// change log).
func TestDamagedStoreIsReported(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	_, cfg := appCheckout(t, dir, `<resources><string name="a">A</string></resources>`, `<resources><string name="a">Á</string></resources>`, true, "")
	data := filepath.Join(dir, "data")
	writeFile(t, filepath.Join(data, "ids.db"), strings.Repeat("not a bbolt file ", 500))
	var logged testutil.Log
	base := serveLogging(t, &logged, "--config", cfg, "--data", data)
	var changes struct {
		Count   int
		Results []struct{ Target string }
	}
	eventually(t, "a 47 for the damaged store", 20*time.Second, func() bool {
		getJSON(t, base+"/api/changes/?action=47", &changes)
		return changes.Count > 0
	})
	if !strings.Contains(changes.Results[0].Target, "StorageError") || !strings.Contains(changes.Results[0].Target, "every id starts again") {
		t.Errorf("alert: %q", changes.Results[0].Target)
	}
	aside, _ := filepath.Glob(filepath.Join(data, "ids.db.corrupt-*"))
	if len(aside) != 1 || !strings.Contains(logged.String(), "moved to "+aside[0]) {
		t.Errorf("the log does not say where the damaged file went (%v):\n%s", aside, logged.String())
	}
}
