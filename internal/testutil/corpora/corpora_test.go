package corpora

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// trimmedCommits are the commits a shell script of the same git steps made of the
// trimmed copies, independently of MakeRepo (see SOURCE.md): MakeRepo must make
// the same ones.
var trimmedCommits = map[string]string{
	"newpipe":         "5e83bd439f3f9b89b57ef736613a4d18c11909f8",
	"fdroidclient":    "d4d53d2dcbe53f1a716b63d0a676d10c6bbf8928",
	"slicer-glossary": "1baba6c6e374f32f9798977afe42ae9fd9c9321e",
}

// manifestCommits reads the local_commit column of the full corpora's
// MANIFEST.tsv.
func manifestCommits(t *testing.T) map[string]string {
	f, err := os.Open(filepath.Join(Dir(), "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		cols := strings.Split(s.Text(), "\t")
		if strings.HasPrefix(s.Text(), "#") || len(cols) < 5 {
			continue
		}
		out[cols[0]] = cols[4]
	}
	return out
}

func TestMakeRepo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	want := trimmedCommits
	if Full() {
		want = manifestCommits(t)
	}
	dir := t.TempDir()
	config, err := Make(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range All {
		out, err := exec.Command("git", "-C", filepath.Join(dir, "repos", c.Name), "rev-parse", "main").Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(out)); got != want[c.Name] {
			t.Errorf("%s: commit %s, want %s", c.Name, got, want[c.Name])
		}
		files, err := c.Files()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			rel, _ := filepath.Rel(Path(c.Name), f)
			if _, err := os.Stat(filepath.Join(dir, "repos", c.Name, rel)); err != nil {
				t.Errorf("not checked out: %v", err)
			}
		}
	}
	if _, err := os.Stat(config); err != nil {
		t.Error(err)
	}
	if n, size := Size(dir); n == 0 || size == 0 {
		t.Errorf("Size: %d files, %d bytes", n, size)
	}
}

// TestTrimmedCopiesAreReproducible: with the full corpora at hand, trim.go
// makes exactly the trimmed copies, and the scripts are those of the shared
// folder.
func TestTrimmedCopiesAreReproducible(t *testing.T) {
	if !Full() {
		t.Skip("needs the full corpora: set " + EnvShared)
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", filepath.Join(testdata(), "trim.go"), Dir(), out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("trim.go: %v\n%s", err, b)
	}
	count := 0
	for _, c := range All {
		err := filepath.Walk(filepath.Join(testdata(), c.Name), func(p string, fi os.FileInfo, err error) error {
			if err != nil || fi.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(testdata(), p)
			ours, _ := os.ReadFile(p)
			made, err := os.ReadFile(filepath.Join(out, rel))
			if err != nil || !bytes.Equal(ours, made) {
				t.Errorf("%s: not what trim.go makes (%v)", rel, err)
			}
			count++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if count < 80 {
		t.Errorf("only %d trimmed files", count)
	}
	for _, name := range []string{"ttk_stats.py", "langdata.json"} {
		ours, _ := os.ReadFile(filepath.Join(testdata(), name))
		theirs, err := os.ReadFile(filepath.Join(Shared(), "bench", name))
		if err != nil || !bytes.Equal(ours, theirs) {
			t.Errorf("testdata/%s differs from the shared bench/%s (%v)", name, name, err)
		}
	}
}
