// Command gen writes lang/tables_gen.go from Weblate's language-data CSV tables in data/.
package main

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func main() {
	out := flag.String("out", "tables_gen.go", "output file")
	dir := flag.String("data", filepath.Join("internal", "gen", "data"), "directory holding the language-data CSV files")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("gen: ")

	t, err := load(*dir)
	if err != nil {
		log.Fatal(err)
	}
	src, err := t.source()
	if err != nil {
		log.Fatal(err)
	}
	formatted, err := format.Source(src)
	if err != nil {
		log.Fatalf("format: %v", err)
	}
	if err := os.WriteFile(*out, formatted, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d languages, %d aliases, %d plural sets", *out, len(t.langs), len(t.aliases), len(t.sets))
}

// language is one row of languages.csv with what Weblate derives from it.
type language struct {
	code, name string
	number     int
	formula    string
	population int64
	rtl        bool
	set        int
}

type pluralSet struct {
	number     int
	formula    string
	typ        int
	categories string
}

type tables struct {
	langs        []language
	aliases      [][2]string // alias, code in ALIASES order
	defaultLangs []string
	rtl          []string
	tags         map[string]string // plural_tags.csv
	sets         []pluralSet
}

// readCSV returns the rows of a CSV file after checking its header.
func readCSV(dir, name string, header ...string) ([][]string, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = len(header)
	first, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if strings.Join(first, ",") != strings.Join(header, ",") {
		return nil, fmt.Errorf("%s: header %q, want %q", name, first, header)
	}
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		rows = append(rows, rec)
	}
}

func load(dir string) (*tables, error) {
	t := &tables{tags: map[string]string{}}
	langs, err := readCSV(dir, "languages.csv", "code", "name", "nplurals", "formula")
	if err != nil {
		return nil, err
	}
	pops, err := readCSV(dir, "population.csv", "code", "population")
	if err != nil {
		return nil, err
	}
	aliases, err := readCSV(dir, "aliases.csv", "alias", "code")
	if err != nil {
		return nil, err
	}
	defaults, err := readCSV(dir, "default_countries.csv", "code")
	if err != nil {
		return nil, err
	}
	rtl, err := readCSV(dir, "rtl.csv", "code")
	if err != nil {
		return nil, err
	}
	tags, err := readCSV(dir, "plural_tags.csv", "code", "tags")
	if err != nil {
		return nil, err
	}

	population := map[string]int64{}
	for _, p := range pops {
		n, err := strconv.ParseInt(p[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("population of %s: %w", p[0], err)
		}
		population[p[0]] = n
	}
	rtlSet := map[string]bool{}
	for _, r := range rtl {
		rtlSet[r[0]] = true
		t.rtl = append(t.rtl, r[0])
	}
	for _, d := range defaults {
		t.defaultLangs = append(t.defaultLangs, d[0])
	}
	for _, tg := range tags {
		t.tags[tg[0]] = tg[1]
	}
	known := map[string]bool{}
	setIndex := map[pluralSet]int{}
	for _, l := range langs {
		number, err := strconv.Atoi(l[2])
		if err != nil {
			return nil, fmt.Errorf("nplurals of %s: %w", l[0], err)
		}
		pop, ok := population[l[0]]
		if !ok {
			// Weblate's setup() reads POPULATION[code]: every language has one.
			return nil, fmt.Errorf("%s has no population", l[0])
		}
		code := l[0]
		if known[code] {
			return nil, fmt.Errorf("%s listed twice", code)
		}
		known[code] = true
		base := baseCode(code)
		typ := pluralType(base, l[3])
		if typ == pluralUnknown {
			return nil, fmt.Errorf("%s: Weblate knows no plural type for %q", code, l[3])
		}
		ps := pluralSet{number: number, formula: l[3], typ: typ, categories: t.categories(code, number, typ)}
		idx, ok := setIndex[ps]
		if !ok {
			idx = len(t.sets)
			setIndex[ps] = idx
			t.sets = append(t.sets, ps)
		}
		t.langs = append(t.langs, language{
			code: code, name: l[1], number: number, formula: l[3], population: pop,
			// Language.guess_direction: the base code or the code is in RTL_LANGS.
			rtl: rtlSet[base] || rtlSet[code],
			set: idx,
		})
	}
	for _, a := range aliases {
		t.aliases = append(t.aliases, [2]string{a[0], a[1]})
	}
	return t, nil
}

// baseCode is Weblate's Language.base_code: the code up to the first - or _.
func baseCode(code string) string {
	code = strings.ReplaceAll(code, "_", "-")
	base, _, _ := strings.Cut(code, "-")
	return base
}

// categories names each plural form of a language: the CLDR categories of
// plural_tags.csv for its code or base language when they are as many as
// the forms, else the names Weblate gives the forms of its plural type.
func (t *tables) categories(code string, number, typ int) string {
	lookups := []string{code, strings.ReplaceAll(code, "_", "-")}
	if base, _, _ := strings.Cut(baseCode(code), "@"); base != code {
		lookups = append(lookups, base)
	}
	for _, c := range lookups {
		if tags, ok := t.tags[c]; ok && len(strings.Fields(tags)) == number {
			return tags
		}
	}
	return pluralNames[typ]
}

func (t *tables) source() ([]byte, error) {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("// Code generated by \"go run ./internal/gen\"; DO NOT EDIT.\n")
	w("// Source: WeblateOrg/language-data 2023.5 (MIT licence), internal/gen/data/.\n\n")
	w("package lang\n\n")
	w("// languageDataVersion is the language-data release the table was generated from.\n")
	w("const languageDataVersion = %q\n\n", "2023.5")
	w("// pluralSets are the distinct default plurals: number, formula, Weblate type, form names.\n")
	w("var pluralSets = [...]pluralSet{\n")
	for _, s := range t.sets {
		if len(strings.Fields(s.categories)) != s.number {
			return nil, fmt.Errorf("%q: %d forms, categories %q", s.formula, s.number, s.categories)
		}
		w("\t{%d, %q, %d, %q},\n", s.number, s.formula, s.typ, s.categories)
	}
	w("}\n\n")
	w("// rows are languages.csv in order (Weblate creates them in this order, so ids follow it):\n")
	w("// code, name, plural set, right to left, population.\n")
	w("var rows = [...]row{\n")
	for _, l := range t.langs {
		w("\t{%q, %q, %d, %t, %d},\n", l.code, l.name, l.set, l.rtl, l.population)
	}
	w("}\n\n")
	w("// aliasRows is ALIASES in its order: alias, language code.\n")
	w("var aliasRows = [...][2]string{\n")
	for _, a := range t.aliases {
		w("\t{%q, %q},\n", a[0], a[1])
	}
	w("}\n\n")
	w("// defaultLangs is DEFAULT_LANGS: lang_country codes that mean lang.\n")
	w("const defaultLangs = %q\n\n", strings.Join(t.defaultLangs, " "))
	w("// rtlLangs is RTL_LANGS.\n")
	w("const rtlLangs = %q\n\n", strings.Join(t.rtl, " "))
	w("// androidTags is translate-toolkit 3.9's lang/data.py plural_tags.\n")
	w("var androidTags = map[string]string{\n")
	tt := androidTagTable(t.tags)
	for _, k := range sortedKeys(tt) {
		w("\t%q: %q,\n", k, tt[k])
	}
	w("}\n")
	return b.Bytes(), nil
}
