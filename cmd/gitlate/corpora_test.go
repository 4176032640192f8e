package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gitlate/gitlate/bench/corpora"
)

// shared is where every developer and CI run has the corpora and the baseline.
const shared = "../../../shared"

type row struct {
	Project      string `json:"project"`
	Component    string `json:"component"`
	Language     string `json:"language"`
	LanguageCode string `json:"language_code"`
	Filename     string `json:"filename"`
	corpora.Counts
}

// counts are the numbers the baseline and gitlate must agree on.
func (r row) counts() [7]int {
	return [7]int{r.Total, r.Translated, r.Readonly, r.TotalWords, r.TranslatedWords, r.TotalChars, r.TranslatedChars}
}

// corporaRepos turns ../shared/corpora into git repositories and writes a config
// naming them, or skips the test when the corpora are absent.
func corporaRepos(t *testing.T) (dir, configPath string) {
	t.Helper()
	if _, err := os.Stat(corpora.Script(shared)); err != nil {
		t.Skipf("corpora not available (%v): they live in ../shared next to the repository", err)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir = t.TempDir()
	configPath, err := corpora.Make(shared, dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, configPath
}

func scanJSON(t *testing.T, dir, configPath string) map[string][]row {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"scan", "--config", configPath, "--data", filepath.Join(dir, "data"), "--format", "json"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("gitlate scan exited %d: %s", code, stderr.String())
	}
	var rows []row
	if err := json.Unmarshal(stdout.Bytes(), &rows); err != nil {
		t.Fatalf("scan output: %v", err)
	}
	out := map[string][]row{}
	for _, r := range rows {
		out[r.Project] = append(out[r.Project], r)
	}
	return out
}

// TestScanCorporaKnownNumbers checks numbers read off translate-toolkit's baseline
// (../shared/bench/ttk_stats.py) once, by hand, for a few translations and the sums.
func TestScanCorporaKnownNumbers(t *testing.T) {
	dir, cfg := corporaRepos(t)
	got := scanJSON(t, dir, cfg)
	find := func(project, code string) row {
		for _, r := range got[project] {
			if r.Language == code {
				return r
			}
		}
		t.Fatalf("%s: no translation %s", project, code)
		return row{}
	}
	known := []struct {
		project, code, fileCode string
		counts                  [7]int // total, translated, readonly, words, translated words, chars, translated chars
	}{
		{"newpipe", "en", "en", [7]int{765, 765, 1, 3971, 3971, 24463, 24463}},
		{"newpipe", "ace", "ace", [7]int{765, 16, 1, 3971, 50, 24463, 297}},
		{"newpipe", "zh_Hant_HK", "zh-rHK", [7]int{}},
		{"newpipe", "uz_Latn", "b+uz+Latn", [7]int{}},
		{"newpipe", "id", "in", [7]int{}},
		{"fdroidclient", "nb_NO", "nb", [7]int{}},
		{"fdroidclient", "yue_Hant", "yue", [7]int{}},
	}
	for _, k := range known {
		r := find(k.project, k.code)
		if r.LanguageCode != k.fileCode {
			t.Errorf("%s %s: language_code %q, want %q", k.project, k.code, r.LanguageCode, k.fileCode)
		}
		if k.counts != [7]int{} && r.counts() != k.counts {
			t.Errorf("%s %s: %v, want %v", k.project, k.code, r.counts(), k.counts)
		}
	}
	sums := map[string][8]int{
		// translations, then the sums of the seven counts, as ttk_stats.py prints them.
		"newpipe":         {126, 96390, 54760, 126, 500346, 264465, 3082338, 1631505},
		"fdroidclient":    {103, 43981, 26508, 0, 229072, 123355, 1391736, 745361},
		"slicer-glossary": {47, 7200, 1395, 292, 9336, 1840, 61922, 12153},
	}
	for project, want := range sums {
		var s [8]int
		s[0] = len(got[project])
		for _, r := range got[project] {
			for i, v := range r.counts() {
				s[i+1] += v
			}
		}
		if s != want {
			t.Errorf("%s sums: %v, want %v", project, s, want)
		}
	}
}

// TestScanCorporaMatchesBaseline runs translate-toolkit's baseline on every corpus
// and compares every translation's numbers with gitlate scan.
func TestScanCorporaMatchesBaseline(t *testing.T) {
	ttk := filepath.Join(shared, "bench", "ttk_stats.py")
	if _, err := os.Stat(ttk); err != nil {
		t.Skipf("baseline not available: %v", err)
	}
	if err := exec.Command("/usr/bin/python3", "-c", "import translate.storage.aresource").Run(); err != nil {
		t.Skip("translate-toolkit is not installed (Debian package python3-translate)")
	}
	dir, cfg := corporaRepos(t)
	got := scanJSON(t, dir, cfg)
	for _, c := range corpora.All {
		out, err := exec.Command("/usr/bin/python3", append([]string{ttk}, c.TTKArgs(dir)...)...).Output()
		if err != nil {
			t.Fatalf("%s: ttk_stats.py: %v", c.Name, err)
		}
		var base []corpora.TTKRow
		if err := json.Unmarshal(out, &base); err != nil {
			t.Fatal(err)
		}
		rows := got[c.Name]
		if len(rows) != len(base) {
			t.Errorf("%s: gitlate has %d translations, baseline %d", c.Name, len(rows), len(base))
			continue
		}
		for i, b := range base {
			r := rows[i]
			want := row{Language: b.Code, LanguageCode: b.Raw, Filename: b.Filename, Counts: b.Counts}
			r.Project, r.Component = "", ""
			if r != want {
				t.Errorf("%s translation %d:\n gitlate  %+v\n baseline %+v", c.Name, i, r, want)
			}
		}
	}
}
