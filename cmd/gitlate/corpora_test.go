package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
	"github.com/gitlate/gitlate/internal/testutil/outside"
)

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

// corporaRepos turns the corpora (the trimmed copies of internal/testutil/corpora,
// or the full ones under $GITLATE_TEST_SHARED) into git repositories and writes a
// config naming them.
func corporaRepos(t *testing.T) (dir, configPath string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir = t.TempDir()
	configPath, err := corpora.Make(dir)
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
// (ttk_stats.py) once, by hand, for a few translations and the sums.
func TestScanCorporaKnownNumbers(t *testing.T) {
	t.Parallel()
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
	type knownRow struct {
		project, code, fileCode string
		counts                  [7]int // total, translated, readonly, words, translated words, chars, translated chars
	}
	// The trimmed corpora: the rows and sums of ttk_stats.py (testdata/ttk_stats.py
	// of internal/testutil/corpora, translate-toolkit 3.8.4) run on repositories
	// of the trimmed folders (internal/testutil/corpora/testdata/SOURCE.md), added up with a few lines of Python over its JSON. Cross-checked by
	// hand with grep: the templates hold 35 and 34 <string>/<plurals> (grep -c
	// '<string \|<plurals '), values-ace 15 of them (+1 read-only = 16
	// translated); there are 40+1, 28+1 and 20+1 translations (ls); the glossary's
	// source translation has 27 distinct (term, id) pairs, all read-only.
	known := []knownRow{
		{"newpipe", "en", "en", [7]int{35, 35, 1, 101, 101, 608, 608}},
		{"newpipe", "ace", "ace", [7]int{35, 16, 1, 101, 50, 608, 297}},
		{"newpipe", "zh_Hant_HK", "zh-rHK", [7]int{}},
		{"newpipe", "uz_Latn", "b+uz+Latn", [7]int{}},
		{"newpipe", "id", "in", [7]int{}},
		{"fdroidclient", "nb_NO", "nb", [7]int{}},
		{"fdroidclient", "yue_Hant", "yue", [7]int{}},
	}
	sums := map[string][8]int{
		// translations, then the sums of the seven counts, as ttk_stats.py prints them.
		"newpipe":         {41, 1435, 1096, 41, 4141, 3162, 24928, 19220},
		"fdroidclient":    {29, 986, 612, 0, 4553, 2673, 27173, 15957},
		"slicer-glossary": {21, 357, 137, 27, 566, 229, 3650, 1453},
	}
	if corpora.Full() {
		// The full corpora ($GITLATE_TEST_SHARED): read off ttk_stats.py's output
		// on them once, by hand.
		known[0].counts = [7]int{765, 765, 1, 3971, 3971, 24463, 24463}
		known[1].counts = [7]int{765, 16, 1, 3971, 50, 24463, 297}
		sums = map[string][8]int{
			"newpipe":         {126, 96390, 54760, 126, 500346, 264465, 3082338, 1631505},
			"fdroidclient":    {103, 43981, 26508, 0, 229072, 123355, 1391736, 745361},
			"slicer-glossary": {47, 7200, 1395, 292, 9336, 1840, 61922, 12153},
		}
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
	t.Parallel()
	outside.Short(t, "translate-toolkit")
	if why := corpora.HaveTTK(); why != "" {
		t.Skip("baseline not available: " + why)
	}
	dir, cfg := corporaRepos(t)
	got := scanJSON(t, dir, cfg)
	bases := make([][]corpora.TTKRow, len(corpora.All))
	errs := make([]error, len(corpora.All))
	var wg sync.WaitGroup
	for i, c := range corpora.All {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bases[i], errs[i] = corpora.RunTTK(c.TTKArgs(dir)...)
		}()
	}
	wg.Wait()
	for i, c := range corpora.All {
		if errs[i] != nil {
			t.Fatalf("%s: %v", c.Name, errs[i])
		}
		base := bases[i]
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
