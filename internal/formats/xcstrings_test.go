package formats

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// xcUnit is what TestXcstringsUnits compares of a unit.
type xcUnit struct {
	Key, Note                      string
	Target, Categories             []string
	Plural, Fuzzy, Blank, ReadOnly bool
}

func xcUnitsOf(f *File) []xcUnit {
	out := make([]xcUnit, len(f.Units))
	for i, u := range f.Units {
		out[i] = xcUnit{u.Key, u.Note, u.Target, u.Categories, u.Plural, u.Fuzzy, u.Blank, u.ReadOnly}
	}
	return out
}

// TestXcstringsUnits: gitlate's reading of string catalogs (README.md, "Apple
// String Catalog") on small catalogs written by hand, one shape each; code ""
// is the source language (Parse).
func TestXcstringsUnits(t *testing.T) {
	t.Parallel()
	const head, tail = `{"sourceLanguage":"en","strings":{`, `},"version":"1.0"}`
	su := func(state, value string) string {
		return `{"stringUnit":{"state":"` + state + `","value":"` + value + `"}}`
	}
	for _, c := range []struct {
		name, strings, code string
		want                []xcUnit
	}{
		{"no localization: the key is the source", `"Hello":{"comment":"greeting"}`, "",
			[]xcUnit{{Key: "Hello", Note: "greeting", Target: []string{"Hello"}}}},
		{"no localization: nothing in a translation", `"Hello":{}`, "de", []xcUnit{}},
		{"the source value, whatever its state", `"k":{"localizations":{"en":` + su("new", "Hello") + `}}`, "",
			[]xcUnit{{Key: "k", Target: []string{"Hello"}}}},
		{"stale keys are no units", `"gone":{"extractionState":"stale"},"kept":{"extractionState":"manual"}`, "",
			[]xcUnit{{Key: "kept", Target: []string{"kept"}}}},
		{"shouldTranslate false is read-only", `"Logo":{"shouldTranslate":false,"localizations":{"de":` + su("translated", "Logo") + `}}`, "de",
			[]xcUnit{{Key: "Logo", Target: []string{"Logo"}, ReadOnly: true}}},
		{"states", `"a":{"localizations":{"de":` + su("translated", "A") + `}},"b":{"localizations":{"de":` + su("needs_review", "B") +
			`}},"c":{"localizations":{"de":` + su("new", "C") + `}},"d":{"localizations":{"de":` + su("stale", "D") +
			`}},"e":{"localizations":{"de":{"stringUnit":{"value":"E"}}}}`, "de",
			[]xcUnit{{Key: "a", Target: []string{"A"}}, {Key: "b", Target: []string{"B"}, Fuzzy: true},
				{Key: "c", Target: []string{"C"}, Blank: true}, {Key: "d", Target: []string{"D"}, Fuzzy: true},
				{Key: "e", Target: []string{"E"}}}},
		{"plural forms in file order, named", `"n":{"localizations":{"pl":{"variations":{"plural":{"other":` + su("translated", "O") +
			`,"one":` + su("needs_review", "J") + `,"few":` + su("translated", "F") + `}}}}}`, "pl",
			[]xcUnit{{Key: "n", Target: []string{"O", "J", "F"}, Categories: []string{"other", "one", "few"}, Plural: true, Fuzzy: true}}},
		{"a plural with a new form is untranslated", `"n":{"localizations":{"de":{"variations":{"plural":{"one":` + su("new", "") +
			`,"other":` + su("translated", "O") + `}}}}}`, "de",
			[]xcUnit{{Key: "n", Target: []string{"", "O"}, Categories: []string{"one", "other"}, Plural: true, Blank: true}}},
		{"devices, one unit each, a plural among them", `"t":{"localizations":{"en":{"variations":{"device":{"iphone":` + su("translated", "Tap") +
			`,"mac":{"variations":{"plural":{"other":` + su("translated", "Clicks") + `}}},"ipad":{}}}}}}`, "",
			[]xcUnit{{Key: "t:device=iphone", Target: []string{"Tap"}},
				{Key: "t:device=mac", Target: []string{"Clicks"}, Categories: []string{"other"}, Plural: true}}},
		{"substitutions, a plural unit each", `"v":{"comment":"c","localizations":{"de":{"stringUnit":{"state":"translated","value":"%#@n@ %#@m@"},` +
			`"substitutions":{"n":{"argNum":1,"variations":{"plural":{"one":` + su("translated", "1") + `,"other":` + su("needs_review", "N") +
			`}}},"m":{"formatSpecifier":"lld"}}}}}`, "de",
			[]xcUnit{{Key: "v", Note: "c", Target: []string{"%#@n@ %#@m@"}},
				{Key: "v:n", Note: "c", Target: []string{"1", "N"}, Categories: []string{"one", "other"}, Plural: true, Fuzzy: true}}},
		{"a source with substitutions only: the key is its text", `"v":{"localizations":{"en":{"substitutions":{"n":{"variations":{"plural":{"other":` +
			su("translated", "x") + `}}}}}}}`, "",
			[]xcUnit{{Key: "v", Target: []string{"v"}}, {Key: "v:n", Target: []string{"x"}, Categories: []string{"other"}, Plural: true}}},
		{"a stringUnit wins over plural variations", `"k":{"localizations":{"en":{"stringUnit":{"value":"S"},"variations":{"plural":{"other":` +
			su("translated", "P") + `}}}}}`, "",
			[]xcUnit{{Key: "k", Target: []string{"S"}}}},
		{"language codes are the file's, exactly", `"k":{"localizations":{"pt-BR":` + su("translated", "P") + `}}`, "pt_BR", []xcUnit{}},
	} {
		f, err := xcstringsFormat{}.ParseLanguage([]byte(head+c.strings+tail), c.code)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := xcUnitsOf(f); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

// TestXcstringsErrors: what cannot be read names its line.
func TestXcstringsErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ doc, code, want string }{
		{`[]`, "", "line 1: a string catalog is a JSON object, not array"},
		{"{\n\"strings\":{}}", "", "line 1: the catalog names no sourceLanguage"},
		{"{\"sourceLanguage\":\"en\",\n\"strings\":[]}", "", "line 2: strings is not an object"},
		{"{\"sourceLanguage\":\"en\",\"strings\":{\n\"a\":\"b\"}}", "", `line 2: the entry of "a" is not an object`},
		{"{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"localizations\":{\n\"de\":1}}}}", "de", `line 2: the localization of "a" into de is not an object`},
		{"{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"localizations\":{\"de\":{\"stringUnit\":{\n\"value\":1}}}}}}", "de", "line 2: a stringUnit's value is not a string"},
		{"{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"localizations\":{\"de\":{\"variations\":{\"plural\":\n[]}}}}}}", "de", "line 2: plural variations are not an object"},
		{"{\"sourceLanguage\":\"en\",\n\"strings\":{,}}", "", "line 2: Expecting property name enclosed in double quotes"},
	} {
		_, err := xcstringsFormat{}.ParseLanguage([]byte(c.doc), c.code)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.doc, err, c.want)
		}
	}
	// A broken localization of one language is that language's error only.
	doc := []byte(`{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":1,"fr":{"stringUnit":{"value":"A"}}}}}}`)
	if _, err := (xcstringsFormat{}).ParseLanguage(doc, "fr"); err != nil {
		t.Errorf("fr: %v", err)
	}
	if src, langs, err := (xcstringsFormat{}).Languages(doc); err != nil || src != "en" || strings.Join(langs, " ") != "de fr" {
		t.Errorf("Languages: %q %q %v", src, langs, err)
	}
}

// TestXcstringsRealCatalogs: the languages and per-language unit counts of the
// real catalogs in testdata/xcstrings, counted by hand (the statistics are
// counted in internal/scan's TestStringCatalogStats): IceCubes' 15 keys, two of
// them stale, give 19 units in English (four devices, three substitutions);
// CubeTime's 10 keys, two stale, 8; CSE's 10 keys 10.
func TestXcstringsRealCatalogs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, source string
		units        map[string]int // language → units ("" the source)
		fuzzy        map[string]int
	}{
		{"icecubes", "en", map[string]int{"": 19, "de": 18, "ja": 17, "pl": 17, "pt-BR": 18}, map[string]int{"ja": 4, "pl": 1, "pt-BR": 2}},
		{"cubetime", "en", map[string]int{"": 8, "zh-Hans": 5}, nil},
		{"cse", "en", map[string]int{"": 10, "ar": 6, "de": 6, "ja": 6}, nil},
	} {
		data, err := os.ReadFile("testdata/xcstrings/" + c.name + ".xcstrings")
		if err != nil {
			t.Fatal(err)
		}
		src, langs, err := xcstringsFormat{}.Languages(data)
		if err != nil || src != c.source || len(langs) != len(c.units)-1 {
			t.Errorf("%s: languages %q %q %v", c.name, src, langs, err)
		}
		for _, code := range append([]string{""}, langs...) {
			f, err := xcstringsFormat{}.ParseLanguage(data, code)
			if err != nil {
				t.Errorf("%s/%s: %v", c.name, code, err)
				continue
			}
			fuzzy := 0
			for _, u := range f.Units {
				if u.Fuzzy {
					fuzzy++
				}
			}
			if len(f.Units) != c.units[code] || fuzzy != c.fuzzy[code] || len(f.Warnings) > 0 {
				t.Errorf("%s/%s: %d units, %d needing review, warnings %v; want %d, %d", c.name, code, len(f.Units), fuzzy, f.Warnings, c.units[code], c.fuzzy[code])
			}
		}
	}
}

// TestXcstringsDuplicateKey: a device's or substitution's key that another key
// of the catalog spells is a DuplicateString warning.
func TestXcstringsDuplicateKey(t *testing.T) {
	t.Parallel()
	doc := `{"sourceLanguage":"en","strings":{"t:device=mac":{},"t":{"localizations":{"en":{"variations":{"device":{"mac":{"stringUnit":{"value":"M"}}}}}}}}}`
	f, err := xcstringsFormat{}.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Warnings) != 1 || f.Warnings[0].Kind != DuplicateString {
		t.Errorf("warnings %v", f.Warnings)
	}
}
