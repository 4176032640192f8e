// Package testutil holds what the tests of several packages share: git repositories built for a test (the per-format end-to-end repositories among them), projects.yaml written and loaded, golden files, and the bundled samples materialized.
package testutil

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/samples"
	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// Update makes Golden rewrite the golden files instead of comparing with them
// (go test ./PKG/ -update): review every change it makes before committing it.
var Update = flag.Bool("update", false, "rewrite golden files from the current output")

// Identity is the author and committer of the commits Git makes.
var Identity = []string{
	"GIT_AUTHOR_NAME=Ann Author", "GIT_AUTHOR_EMAIL=ann@example.org",
	"GIT_COMMITTER_NAME=Ann Author", "GIT_COMMITTER_EMAIL=ann@example.org",
}

// NeedGit skips the test when the git command is not installed.
func NeedGit(t testing.TB) {
	t.Helper()
	outside.NeedGit(t)
}

// Git runs the git command in dir with Identity (outside.Git), plus env; it returns
// the standard output and fails the test on an error.
func Git(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	return outside.Git(t, dir, append(append([]string(nil), Identity...), env...), args...)
}

// WriteFiles writes files (slash-separated path below root → content), making
// directories as needed.
func WriteFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Commit writes files into the checkout dir and commits everything with message
// at the given date (RFC 3339; "" for now).
func Commit(t testing.TB, dir, date, message string, files map[string]string) {
	t.Helper()
	WriteFiles(t, dir, files)
	var env []string
	if date != "" {
		env = []string{"GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date}
	}
	Git(t, dir, nil, "add", "-A")
	Git(t, dir, env, "commit", "-q", "--allow-empty", "-m", message)
}

// NewRepo makes a checkout in a new temporary directory, on branch main, with one
// commit holding files, dated 2026-02-01T10:00:00Z.
func NewRepo(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	Git(t, dir, nil, "init", "-q", "-b", "main")
	Commit(t, dir, "2026-02-01T10:00:00Z", "initial", files)
	return dir
}

// Config writes text as dir/projects.yaml and loads it.
func Config(t testing.TB, dir, text string) *config.Config {
	t.Helper()
	p := filepath.Join(dir, "projects.yaml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// Golden compares got with the file at path (below the package's directory), or
// writes it there with -update.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it, then review it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (review the difference, then -update):\n got %s\nwant %s", path, got, want)
	}
}

// Samples materializes the bundled samples into a new data directory and returns
// their projects.yaml, loaded, and the data directory.
func Samples(t testing.TB) (*config.Config, string) {
	t.Helper()
	data := t.TempDir()
	cfg, err := SamplesIn(data)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, data
}

// SamplesIn materializes the bundled samples into the data directory data and
// returns their projects.yaml, loaded: for samples that outlive one test.
func SamplesIn(data string) (*config.Config, error) {
	path, err := samples.Materialize(data)
	if err != nil {
		return nil, err
	}
	return config.Load(path)
}

// Template is an Android template with one read-only string, one to translate,
// one empty (never translated), a plural and a string array (not a unit).
const Template = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name" translatable="false">Demo</string>
    <string name="hello">Hello, world!</string>
    <string name="empty"></string>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
    <string-array name="planets"><item>Mercury</item></string-array>
</resources>
`

// Czech translates Template: hello, the plural with every Czech form, and a key
// Template lacks (ignored).
const Czech = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="hello">Ahoj, světe!</string>
    <plurals name="files">
        <item quantity="one">%d soubor</item>
        <item quantity="few">%d soubory</item>
        <item quantity="other">%d souborů</item>
    </plurals>
    <string name="stale">Old</string>
</resources>
`

// AndroidConfig is a projects.yaml with project demo and component android reading
// res/values-*/strings.xml of the repository repo, with Template's path.
func AndroidConfig(repo string) string {
	return `projects:
  - name: Demo
    slug: demo
    components:
      - name: Android
        slug: android
        repo: ` + repo + `
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
`
}

// FixedDate makes Git date its commits 2026-02-01T10:00:00Z, for tests whose
// expectations hold times.
var FixedDate = []string{"GIT_AUTHOR_DATE=2026-02-01T10:00:00Z", "GIT_COMMITTER_DATE=2026-02-01T10:00:00Z"}

// AtOnce runs the subtests named names all at the same time, the i-th running
// f(t, i), and returns when every one has ended. It is for cases that wait (on
// file-system notifications, deadlines, other processes) rather than compute:
// parallel subtests would wait for one of -parallel's slots, GOMAXPROCS of them,
// and hold it while they sleep. (t.Run may be called from several goroutines at
// once.)
func AtOnce(t *testing.T, names []string, f func(t *testing.T, i int)) {
	t.Helper()
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.Run(name, func(t *testing.T) { f(t, i) })
		}()
	}
	wg.Wait()
}
