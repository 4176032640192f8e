package lang

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

// dataDir is the repository's copy of language-data 2023.5.
const dataDir = "internal/gen/data"

func readTable(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return recs[1:]
}

// TestLanguageData walks languages.csv and checks each language against the
// CSV files field by field, reading them here rather than trusting the
// generator: code, name, number and formula byte for byte, direction
// (Language.guess_direction: base code or code in rtl.csv), population and
// aliases (every alias of aliases.csv naming the code, in file order).
func TestLanguageData(t *testing.T) {
	t.Parallel()
	langs := readTable(t, "languages.csv")
	if len(langs) != 649 {
		t.Fatalf("languages.csv has %d languages, language-data 2023.5 has 649", len(langs))
	}
	pop := map[string]int64{}
	for _, r := range readTable(t, "population.csv") {
		n, err := strconv.ParseInt(r[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		pop[r[0]] = n
	}
	rtl := map[string]bool{}
	for _, r := range readTable(t, "rtl.csv") {
		rtl[r[0]] = true
	}
	aliases := map[string][]string{}
	for _, r := range readTable(t, "aliases.csv") {
		aliases[r[1]] = append(aliases[r[1]], r[0])
	}

	all := Languages()
	if len(all) != len(langs) {
		t.Fatalf("%d languages, languages.csv %d", len(all), len(langs))
	}
	for i, r := range langs {
		l := all[i]
		number, _ := strconv.Atoi(r[2])
		base := strings.Split(strings.ReplaceAll(r[0], "_", "-"), "-")[0]
		dir := "ltr"
		if rtl[base] || rtl[r[0]] {
			dir = "rtl"
		}
		want := aliases[r[0]]
		if want == nil {
			want = []string{}
		}
		switch {
		case l.Code != r[0]:
			t.Errorf("row %d: code %q, languages.csv %q", i+1, l.Code, r[0])
		case l.Name != r[1]:
			t.Errorf("%s: name %q, languages.csv %q", r[0], l.Name, r[1])
		case l.Plural.Number != number:
			t.Errorf("%s: %d forms, languages.csv %d", r[0], l.Plural.Number, number)
		case l.Plural.Formula != r[3]:
			t.Errorf("%s: formula %q, languages.csv %q", r[0], l.Plural.Formula, r[3])
		case l.Direction != dir:
			t.Errorf("%s: direction %s, rtl.csv says %s", r[0], l.Direction, dir)
		case l.Population != pop[r[0]]:
			t.Errorf("%s: population %d, population.csv %d", r[0], l.Population, pop[r[0]])
		case !slices.Equal(l.Aliases, want):
			t.Errorf("%s: aliases %q, aliases.csv %q", r[0], l.Aliases, want)
		case l.ID != i+1 || l.Generated:
			t.Errorf("%s: id %d generated %v at row %d", r[0], l.ID, l.Generated, i+1)
		}
	}
}

// TestDefaultCountries: each lang_country of default_countries.csv resolves to
// lang when lang is a language (SIMPLIFY_LANGUAGES), whatever its case.
func TestDefaultCountries(t *testing.T) {
	t.Parallel()
	n := 0
	for _, r := range readTable(t, "default_countries.csv") {
		lang, country, _ := strings.Cut(r[0], "_")
		want, ok := Get(lang)
		if !ok || hasQualifier(r[0]) {
			continue
		}
		for _, spelling := range []string{r[0], lang + "_" + strings.ToUpper(country), lang + "-r" + strings.ToUpper(country)} {
			if l, ok := byLower[strings.ToLower(lang+"_"+country)]; ok && l != want {
				continue // a language of its own (pt_PT), found before simplifying
			}
			if got, err := Resolve(spelling); err != nil || got != want {
				t.Errorf("Resolve(%q) = %v, %v; want %s", spelling, got, err, want.Code)
			}
			n++
		}
	}
	if n < 200 {
		t.Errorf("only %d spellings checked", n)
	}
}

// TestLanguageDataCopy: the repository's copy is byte for byte the reference
// export of language-data 2023.5, when $GITLATE_TEST_SHARED names the shared
// folder holding it (the tests read nothing outside the repository otherwise).
func TestLanguageDataCopy(t *testing.T) {
	t.Parallel()
	if !corpora.Full() {
		t.Skip("the reference export is outside the repository: set " + corpora.EnvShared + "=DIR (DIR/reference)")
	}
	ref := filepath.Join(corpora.Shared(), "reference", "weblate-language-data-2023.5")
	if _, err := os.Stat(ref); err != nil {
		t.Skipf("reference export not available (%v)", err)
	}
	names, err := filepath.Glob(filepath.Join(dataDir, "*.csv"))
	if err != nil || len(names) < 6 {
		t.Fatalf("copy has %d CSV files: %v", len(names), err)
	}
	for _, name := range append(names, filepath.Join(dataDir, "LICENSE")) {
		ours, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := os.ReadFile(filepath.Join(ref, filepath.Base(name)))
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(name), err)
			continue
		}
		if !bytes.Equal(ours, theirs) {
			t.Errorf("%s differs from the reference export", filepath.Base(name))
		}
	}
}
