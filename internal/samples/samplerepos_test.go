package samples

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/scratch"
	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"gopkg.in/yaml.v3"
)

// wantHeads are the branch heads every machine must produce; checked once with
// `git log` on a materialized copy. A change to history/ changes them on purpose.
var wantHeads = map[string]string{
	"samples/repos/tinynotes.git":   "9f971cd68727fafe8703df5541d0c5cdb2192f54",
	"samples/repos/blitzclock.git":  "f2df2026622c511c11a6afb9a331d95323ade4c1",
	"local/tinynotes/glossary.git":  "11e06e577628bfb710be90eb137516e825445913",
	"local/blitzclock/glossary.git": "686926ae3dfa761f1e7b109c0acfef8de5641ffb",
}

// wantCommits is the number of commits of each repository.
var wantCommits = map[string]int{
	"samples/repos/tinynotes.git":   15,
	"samples/repos/blitzclock.git":  11,
	"local/tinynotes/glossary.git":  6,
	"local/blitzclock/glossary.git": 4,
}

func materialize(t *testing.T) (dataDir, configPath string) {
	t.Helper()
	dataDir = t.TempDir()
	configPath, err := Materialize(dataDir)
	if err != nil {
		t.Fatalf("Materialize: %v", err)
	}
	return dataDir, configPath
}

// readOnly is one materialized data directory for the tests that only read it,
// made once (Materialize is the slow part of each test); TestMain removes it.
var readOnly struct {
	once             sync.Once
	dir, config, tmp string
	err              error
}

// materializedOnce is materialize for tests that change nothing in the data
// directory.
func materializedOnce(t *testing.T) (dataDir, configPath string) {
	t.Helper()
	readOnly.once.Do(func() {
		if readOnly.tmp, readOnly.err = os.MkdirTemp("", "samples-test-"); readOnly.err == nil {
			readOnly.dir = filepath.Join(readOnly.tmp, "data")
			readOnly.config, readOnly.err = Materialize(readOnly.dir)
		}
	})
	if readOnly.err != nil {
		t.Fatalf("Materialize: %v", readOnly.err)
	}
	return readOnly.dir, readOnly.config
}

func TestMain(m *testing.M) {
	restore := scratch.InMemory()
	code := m.Run()
	if readOnly.tmp != "" {
		os.RemoveAll(readOnly.tmp)
	}
	restore()
	os.Exit(code)
}

func head(t *testing.T, dir string) (string, int) {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	ref, err := repo.Reference(plumbing.HEAD, true)
	if err != nil {
		t.Fatalf("%s: HEAD: %v", dir, err)
	}
	if ref.Name() != plumbing.Main {
		t.Errorf("%s: HEAD resolves through %s, want %s", dir, ref.Name(), plumbing.Main)
	}
	iter, err := repo.Log(&git.LogOptions{From: ref.Hash()})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, err := iter.Next(); err == nil; _, err = iter.Next() {
		n++
	}
	return ref.Hash().String(), n
}

func TestHeadsAreDeterministic(t *testing.T) {
	t.Parallel()
	dataDir, _ := materializedOnce(t)
	if len(wantHeads) != len(repositories) {
		t.Fatalf("wantHeads lists %d repositories, the package builds %d", len(wantHeads), len(repositories))
	}
	for dir, want := range wantHeads {
		got, n := head(t, filepath.Join(dataDir, filepath.FromSlash(dir)))
		if got != want {
			t.Errorf("%s: head %s, want %s", dir, got, want)
		}
		if n != wantCommits[dir] {
			t.Errorf("%s: %d commits, want %d", dir, n, wantCommits[dir])
		}
	}
}

// snapshot records every path under dir with its modification time, so a
// second run can prove it touched nothing.
func snapshot(t *testing.T, dir string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		out[p] = info.ModTime()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSecondRunIsANoOp(t *testing.T) {
	dataDir := t.TempDir()
	start := time.Now()
	configPath, err := Materialize(dataDir)
	first := time.Since(start)
	if err != nil {
		t.Fatalf("Materialize: %v", err)
	}
	before := snapshot(t, dataDir)
	start = time.Now()
	again, err := Materialize(dataDir)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if again != configPath {
		t.Errorf("config path %q, first run gave %q", again, configPath)
	}
	after := snapshot(t, dataDir)
	if len(after) != len(before) {
		t.Errorf("second run changed the number of paths: %d -> %d", len(before), len(after))
	}
	for p, mt := range before {
		if !after[p].Equal(mt) {
			t.Errorf("second run touched %s", p)
		}
	}
	// Verification re-reads a few hundred small objects, a small part of what the
	// first run wrote; a rebuild would show up as touched paths above. Bounded by
	// the first run in the same process, not by a wall time, so that a slow or
	// loaded machine cannot fail it.
	if elapsed > first {
		t.Errorf("second run took %v, the first (which built everything) %v", elapsed, first)
	}
}

func TestBrokenRepositoriesAreRebuilt(t *testing.T) {
	t.Parallel()
	dataDir, _ := materialize(t)
	tinynotes := filepath.Join(dataDir, "samples", "repos", "tinynotes.git")
	blitz := filepath.Join(dataDir, "samples", "repos", "blitzclock.git")
	tinyGlossary := filepath.Join(dataDir, "local", "tinynotes", "glossary.git")
	blitzGlossary := filepath.Join(dataDir, "local", "blitzclock", "glossary.git")

	// A half-copied repository: objects missing.
	if err := os.RemoveAll(filepath.Join(tinynotes, "objects")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(tinynotes, "objects"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Corrupt objects: every file of the object store (the packfile and its
	// index) truncated in one repository.
	err := filepath.Walk(filepath.Join(blitz, "objects"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			err = os.Truncate(p, info.Size()/2)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// Something that is not a repository at all.
	if err := os.RemoveAll(tinyGlossary); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tinyGlossary, []byte("not a repository"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Another history: the branch moved.
	if err := os.WriteFile(filepath.Join(blitzGlossary, "refs", "heads", "main"),
		[]byte(wantHeads["samples/repos/tinynotes.git"]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A leftover from a crash long ago.
	leftover := filepath.Join(dataDir, "samples", "repos", ".tinynotes.git.tmp-123")
	if err := os.MkdirAll(leftover, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(leftover, old, old); err != nil {
		t.Fatal(err)
	}

	if _, err := Materialize(dataDir); err != nil {
		t.Fatalf("Materialize over broken repositories: %v", err)
	}
	for dir, want := range wantHeads {
		full := filepath.Join(dataDir, filepath.FromSlash(dir))
		if got, _ := head(t, full); got != want {
			t.Errorf("%s: head %s after rebuild, want %s", dir, got, want)
		}
		b, err := buildFor(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := verify(b, full); err != nil {
			t.Errorf("%s does not verify after rebuild: %v", dir, err)
		}
	}
	entries, err := os.ReadDir(filepath.Join(dataDir, "samples", "repos"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "tinynotes.git" && e.Name() != "blitzclock.git" {
			t.Errorf("left behind in samples/repos: %s", e.Name())
		}
	}
}

func buildFor(dir string) (*built, error) {
	for _, r := range repositories {
		if r.dir == dir {
			return build(r.history)
		}
	}
	return nil, os.ErrNotExist
}

// sampleConfig is the part of projects.yaml the tests look at.
type sampleConfig struct {
	Projects []struct {
		Name       string `yaml:"name"`
		Slug       string `yaml:"slug"`
		Components []struct {
			Slug       string `yaml:"slug"`
			Repo       string `yaml:"repo"`
			Filemask   string `yaml:"filemask"`
			Template   string `yaml:"template"`
			FileFormat string `yaml:"file_format"`
			IsGlossary bool   `yaml:"is_glossary"`
		} `yaml:"components"`
	} `yaml:"projects"`
}

func readConfig(t *testing.T, configPath string) sampleConfig {
	t.Helper()
	data, err := os.ReadFile(configPath)
	if err != nil {
		t.Fatal(err)
	}
	var c sampleConfig
	if err := yaml.Unmarshal(data, &c); err != nil {
		t.Fatalf("%s is not valid YAML: %v", configPath, err)
	}
	return c
}

// repoDir is where a component's repository is on disk: relative to the config
// for paths, in the data directory for local: (as gitlate keeps them).
func repoDir(dataDir, configPath, project, component, repo string) string {
	if repo == "local:" {
		return filepath.Join(dataDir, "local", project, component+".git")
	}
	return filepath.Join(filepath.Dir(configPath), filepath.FromSlash(repo))
}

func TestConfig(t *testing.T) {
	t.Parallel()
	dataDir, configPath := materializedOnce(t)
	if want := filepath.Join(dataDir, "samples", "projects.yaml"); configPath != want {
		t.Errorf("config path %q, want %q", configPath, want)
	}
	embedded, err := content.ReadFile(configName)
	if err != nil {
		t.Fatal(err)
	}
	if written, _ := os.ReadFile(configPath); !bytes.Equal(written, embedded) {
		t.Error("written projects.yaml differs from the embedded one")
	}
	c := readConfig(t, configPath)
	want := map[string][]string{
		"tinynotes":  {"app", "widget", "glossary"},
		"blitzclock": {"android", "glossary", "web"},
	}
	if len(c.Projects) != len(want) {
		t.Fatalf("%d projects, want %d", len(c.Projects), len(want))
	}
	for _, p := range c.Projects {
		slugs := want[p.Slug]
		if len(p.Components) != len(slugs) {
			t.Errorf("project %q: %d components, want %v", p.Slug, len(p.Components), slugs)
			continue
		}
		for i, comp := range p.Components {
			if comp.Slug != slugs[i] {
				t.Errorf("project %q component %d: slug %q, want %q", p.Slug, i, comp.Slug, slugs[i])
			}
			if comp.IsGlossary != (comp.FileFormat == "tbx") || comp.IsGlossary != (comp.Repo == "local:") {
				t.Errorf("%s/%s: glossaries are the local: TBX components", p.Slug, comp.Slug)
			}
			dir := repoDir(dataDir, configPath, p.Slug, comp.Slug, comp.Repo)
			if _, err := git.PlainOpen(dir); err != nil {
				t.Errorf("%s/%s: repository %s: %v", p.Slug, comp.Slug, dir, err)
			}
		}
	}
}
