package lang

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gitlate/gitlate/internal/lang/internal/cldrplural"
	"github.com/leonelquinteros/gotext/plurals"
)

// TestResolveTable covers the tricky shapes of codes met in repositories.
func TestResolveTable(t *testing.T) {
	tests := []struct {
		in, code  string
		generated bool
	}{
		// Android: -rXX regions, b+ tags, legacy codes.
		{"pt-rBR", "pt_BR", false},
		{"pt-rPT", "pt_PT", false},
		{"en-rGB", "en_GB", false},
		{"zh-rCN", "zh_Hans", false},
		{"zh-rTW", "zh_Hant", false},
		{"zh-rHK", "zh_Hant_HK", false},
		{"zh-rSG", "zh_Hans_SG", false},
		{"b+zh+Hans", "zh_Hans", false},
		{"b+zh+Hant+TW", "zh_Hant", false},
		{"b+sr+Latn", "sr_Latn", false},
		{"b+sr+Latn+RS", "sr_Latn", false},
		{"b+uz+Latn", "uz_Latn", false},
		{"b+ast", "ast", false},
		{"b+ca+ES+valencia", "ca@valencia", false},
		{"iw", "he", false},
		{"in", "id", false},
		{"ji", "yi", false},
		{"jw", "jv", false},
		{"iw-rIL", "he_IL", false},
		{"in-rID", "id", false},
		{"ast-rES", "ast", false},
		{"nb-rNO", "nb_NO", false},
		// Weblate's canonical codes.
		{"nb", "nb_NO", false},
		{"no", "nb_NO", false},
		{"yue", "yue_Hant", false},
		{"zh", "zh_Hans", false},
		{"cmn", "zh_Hans", false},
		{"pa-rPK", "pa_PK", false},
		{"pa_Arab", "pa_PK", false},
		{"ca@valencia", "ca@valencia", false},
		{"ca_valencia", "ca@valencia", false},
		{"sh", "sr_Latn", false},
		{"sr@latin", "sr_Latn", false},
		{"sr_RS@latin", "sr_Latn", false},
		{"uz@cyrillic", "uz_Cyrl", false},
		// Case, separators, default-country simplification.
		{"pt_br", "pt_BR", false},
		{"PT-BR", "pt_BR", false},
		{"ptbr", "pt_BR", false},
		{"zh_hans", "zh_Hans", false},
		{"zh-Hant", "zh_Hant", false},
		{"de_DE", "de", false},
		{"de-rDE", "de", false},
		{"DE", "de", false},
		{"es-rES", "es", false},
		{"sr-rRS", "sr", false},
		{"uz-rUZ", "uz", false},
		{"en_US", "en_US", false},
		{"en_us", "en_US", false},
		{"he_IL", "he_IL", false},
		{"es_419", "es_419", false},
		{"ar-rEG", "ar_EG", false},
		// Three-letter codes.
		{"deu", "de", false},
		{"ger", "de", false},
		{"fra", "fr", false},
		{"heb", "he", false},
		{"tgl", "tl", false},
		{"eng_GB", "en_GB", false},
		{"deu_DE", "de", false},
		{"ang", "ang", false},
		{"frc", "frc", false},
		{"tok", "tok", false},
		{"tl", "tl", false},
		{"fil", "fil", false},
		// Variants, copy suffixes, names.
		{"be-tarask", "be@tarask", false},
		{"el-polyton", "el@polyton", false},
		{"fr (2)", "fr", false},
		{"Portuguese", "pt", false},
		// Unknown but well-formed: generated, Weblate's way.
		{"sr_SP", "sr_SP", true},
		{"xx-rYY", "xx_YY", true},
		{"kk_LATN", "kk_Latn", true},
		{"de@formal", "de@formal", true},
		{"en-x-pirate", "en-x-pirate", true},
	}
	for _, tt := range tests {
		l, err := Resolve(tt.in)
		if err != nil {
			t.Errorf("Resolve(%q): %v", tt.in, err)
			continue
		}
		if l.Code != tt.code || l.Generated != tt.generated {
			t.Errorf("Resolve(%q) = %s (generated %v), want %s (generated %v)", tt.in, l.Code, l.Generated, tt.code, tt.generated)
		}
	}
}

// TestResolveRejects: Android qualifiers and other non-tags are not languages.
func TestResolveRejects(t *testing.T) {
	for _, in := range []string{
		"", "night", "notnight", "land", "port", "v21", "sw600dp", "w820dp", "h720dp",
		"hdpi", "xxhdpi", "nodpi", "anydpi", "ldrtl", "ldltr", "mcc310", "mcc310-mnc004",
		"car", "desk", "television", "watch", "round", "large", "xlarge", "keyshidden",
		"night-v8", "fr-land", "en-rGB-land", "fr-v21", "es-night", "b+", "x", "123",
		"strings.xml", "zh_CN.UTF-8", ".", "..", "source.tbx",
	} {
		if l, err := Resolve(in); !errors.Is(err, ErrNotLanguage) {
			t.Errorf("Resolve(%q) = %v, %v; want ErrNotLanguage", in, l, err)
		}
	}
}

func TestGeneratedIdentity(t *testing.T) {
	a, err := Resolve("qq-rZZ")
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "qq_ZZ (generated)" || a.Plural.Number != 2 || a.Plural.Formula != "n != 1" || a.Plural.Type != 1 || a.Direction != "ltr" {
		t.Errorf("generated language %+v", a)
	}
	b, _ := Resolve("qq_ZZ")
	c, _ := Resolve("QQ-rZZ")
	if a != b || a != c {
		t.Errorf("same code, different languages: %p %p %p", a, b, c)
	}
	if g, ok := Get("qq_ZZ"); !ok || g != a {
		t.Errorf("Get(qq_ZZ) = %v, %v", g, ok)
	}
	if ar, _ := Resolve("ar_XB"); !ar.Generated || ar.Direction != "rtl" {
		t.Errorf("ar_XB: %+v, want generated rtl like Weblate", ar)
	}
	if a.ID <= len(Languages()) {
		t.Errorf("generated ID %d collides with the table", a.ID)
	}
}

func TestConcurrentResolve(t *testing.T) {
	codes := []string{"pt-rBR", "zz-rQQ", "b+zh+Hant", "night", "qz", "qz", "de_DE", "iw"}
	results := make([][]*Language, 8)
	var wg sync.WaitGroup
	for g := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, c := range codes {
				l, _ := Resolve(c)
				results[g] = append(results[g], l)
			}
		}()
	}
	wg.Wait()
	for g := range results {
		for i := range codes {
			if results[g][i] != results[0][i] {
				t.Errorf("goroutine %d: %q resolved to %v, goroutine 0 to %v", g, codes[i], results[g][i], results[0][i])
			}
		}
	}
}

func TestKnownValues(t *testing.T) {
	get := func(code string) *Language {
		t.Helper()
		l, ok := Get(code)
		if !ok {
			t.Fatalf("Get(%q) failed", code)
		}
		return l
	}
	cs := get("cs")
	if cs.Plural.Number != 3 || cs.Plural.Type != 2 || cs.Name != "Czech" {
		t.Errorf("cs: %+v", cs)
	}
	ar := get("ar")
	if ar.Plural.Number != 6 || ar.Plural.Type != 3 || ar.Direction != "rtl" {
		t.Errorf("ar: %+v", ar)
	}
	if ja := get("ja"); ja.Plural.Number != 1 || ja.Plural.Formula != "0" || ja.Plural.Type != 0 {
		t.Errorf("ja: %+v", ja)
	}
	if en := get("en"); en.Plural.Formula != "n != 1" || en.Plural.Type != 1 || en.Plural.Number != 2 || en.Name != "English" {
		t.Errorf("en: %+v", en)
	}
	if he := get("he"); !slices.Contains(he.Aliases, "iw") || he.Direction != "rtl" {
		t.Errorf("he: %+v", he)
	}
	for code, name := range map[string]string{
		"pt_BR":       "Portuguese (Brazil)",
		"zh_Hans":     "Chinese (Simplified)",
		"zh_Hant":     "Chinese (Traditional)",
		"zh_Hant_HK":  "Chinese (Traditional, Hong Kong)",
		"sr_Latn":     "Serbian (latin)",
		"nb_NO":       "Norwegian Bokmål",
		"ca@valencia": "Valencian",
		"en_GB":       "English (United Kingdom)",
		"es_419":      "Spanish (Latin America)",
	} {
		if l := get(code); l.Name != name {
			t.Errorf("%s: name %q, want %q", code, l.Name, name)
		}
	}
	for code, dir := range map[string]string{
		"fa": "rtl", "ur": "rtl", "ckb": "rtl", "ug": "rtl", "ps": "rtl", "yi": "rtl", "dv": "rtl",
		"nqo": "rtl", "syr": "rtl", "pa_PK": "rtl", "ar_SA": "rtl", "de": "ltr", "pa": "ltr", "ja": "ltr",
	} {
		if l := get(code); l.Direction != dir {
			t.Errorf("%s: direction %s, want %s", code, l.Direction, dir)
		}
	}
	for _, c := range []struct {
		code  string
		alias string
	}{{"id", "in"}, {"yi", "ji"}, {"zh_Hans", "zh_cn"}, {"zh_Hant", "zh_tw"}, {"de", "deu"}, {"de", "ger"}, {"en", "eng"}, {"nb_NO", "nb"}, {"yue_Hant", "yue"}} {
		if l := get(c.code); !slices.Contains(l.Aliases, c.alias) {
			t.Errorf("%s aliases %v lack %s", c.code, l.Aliases, c.alias)
		}
	}
	// Population: Σ territory population × share; the largest languages are
	// in the hundreds of millions, regional variants are counted too.
	for _, c := range []struct {
		code     string
		min, max int64
	}{{"en", 1e9, 2e9}, {"zh_Hans", 1e9, 2e9}, {"de", 1e8, 2e8}, {"pt_BR", 1e8, 3e8}, {"cs", 1e7, 2e7}, {"en_US", 2e8, 4e8}} {
		if p := get(c.code).Population; p < c.min || p > c.max {
			t.Errorf("%s population %d outside [%d, %d]", c.code, p, c.min, c.max)
		}
	}
	if _, ok := Get("pt-BR"); ok {
		t.Error("Get is exact: pt-BR is not a canonical code")
	}
}

// TestPluralProperty: for every language and n in 0…1000, gotext's evaluator
// on the formula gives the index of CLDR's category for n; number is the
// category count and type matches the category set.
func TestPluralProperty(t *testing.T) {
	langs := append([]*Language{}, Languages()...)
	gen, err := Resolve("qx-rQX")
	if err != nil {
		t.Fatal(err)
	}
	langs = append(langs, gen)
	type checked struct{ formula, rules string }
	done := map[checked]bool{}
	for _, l := range langs {
		rules := map[string]string{}
		for _, r := range l.cldrRules {
			cat, rule, _ := strings.Cut(r, ": ")
			rules[cat] = rule
		}
		set, err := cldrplural.ParseSet(rules)
		if err != nil {
			t.Fatalf("%s: %v", l.Code, err)
		}
		cats := set.IntegerCategories()
		if !slices.Equal(cats, l.Categories) {
			t.Errorf("%s: categories %v, CLDR %v", l.Code, l.Categories, cats)
		}
		if l.Plural.Number != len(cats) {
			t.Errorf("%s: number %d, %d categories", l.Code, l.Plural.Number, len(cats))
		}
		if want := cldrplural.Type(cats); l.Plural.Type != want || want == 666 {
			t.Errorf("%s: type %d, category set %v gives %d", l.Code, l.Plural.Type, cats, want)
		}
		if l.Plural.Source != 0 || l.Plural.ID != l.ID {
			t.Errorf("%s: plural source %d id %d", l.Code, l.Plural.Source, l.Plural.ID)
		}
		key := checked{l.Plural.Formula, strings.Join(l.cldrRules, "\n")}
		if done[key] {
			continue
		}
		done[key] = true
		expr, err := plurals.Compile(l.Plural.Formula)
		if err != nil {
			t.Errorf("%s: gotext cannot compile %q: %v", l.Code, l.Plural.Formula, err)
			continue
		}
		for n := int64(0); n <= 1000; n++ {
			want := slices.Index(cats, set.CategoryInt(n))
			if got := expr.Eval(uint32(n)); got != want {
				t.Errorf("%s: %q gives %d for n=%d, CLDR category %s is form %d", l.Code, l.Plural.Formula, got, n, set.CategoryInt(n), want)
				break
			}
		}
	}
	if len(done) < 20 {
		t.Errorf("only %d distinct plural rules checked", len(done))
	}
}

// TestTableInvariants: codes are unique (also ignoring case), ids follow the
// table order, every alias resolves to its language.
func TestTableInvariants(t *testing.T) {
	all := Languages()
	if len(all) < 700 {
		t.Fatalf("only %d languages", len(all))
	}
	lower := map[string]string{}
	aliases := 0
	for i, l := range all {
		if l.ID != i+1 || l.Plural.ID != l.ID {
			t.Errorf("%s: id %d at position %d", l.Code, l.ID, i)
		}
		if i > 0 && all[i-1].Code >= l.Code {
			t.Errorf("table not sorted at %s", l.Code)
		}
		if prev, dup := lower[strings.ToLower(l.Code)]; dup {
			t.Errorf("%s and %s differ only in case", prev, l.Code)
		}
		lower[strings.ToLower(l.Code)] = l.Code
		if l.Name == "" || strings.Contains(l.Name, "generated") || l.Generated {
			t.Errorf("%s: name %q generated %v", l.Code, l.Name, l.Generated)
		}
		if l.Direction != "ltr" && l.Direction != "rtl" {
			t.Errorf("%s: direction %q", l.Code, l.Direction)
		}
		if g, ok := Get(l.Code); !ok || g != l {
			t.Errorf("Get(%q) = %v, %v", l.Code, g, ok)
		}
		if r, err := Resolve(l.Code); (err != nil || r != l) && l.Code != "car" {
			t.Errorf("Resolve(%q) = %v, %v", l.Code, r, err)
		}
		for _, a := range l.Aliases {
			aliases++
			if a != strings.ToLower(a) {
				t.Errorf("%s: alias %q not lowercase", l.Code, a)
			}
			if r, err := Resolve(a); err != nil || r != l {
				t.Errorf("alias %q of %s resolves to %v, %v", a, l.Code, r, err)
			}
		}
	}
	if aliases < 300 {
		t.Errorf("only %d aliases", aliases)
	}
}

// TestLanguageDataAgreement: the codes of language-data 2023.5 (the bench
// oracle) resolve to themselves, except Weblate-only codes the generic rules
// cannot know (CLDR has no such locales).
func TestLanguageDataAgreement(t *testing.T) {
	b, err := os.ReadFile(shared + "/bench/langdata.json")
	if err != nil {
		t.Skipf("language-data oracle not available (%v)", err)
	}
	var d struct{ Languages [][2]string }
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	expected := map[string]string{
		"en_Shaw_GB": "en_Shaw",    // CLDR: en-Shaw-GB is the default content of en-Shaw
		"en_Shaw_US": "en_SHAW@us", // Weblate's rebuild for a code it does not know
		"en_devel":   "en_DEVEL",   // idem
		"my@Zawgyi":  "my@zawgyi",  // idem
		"tlh-qaak":   "tlh_QAAK",   // idem
		"car":        "",           // rejected: Android's car UI-mode qualifier
	}
	known := 0
	for _, ln := range d.Languages {
		l, err := Resolve(ln[0])
		want := ln[0]
		if w, ok := expected[want]; ok {
			want = w
		}
		if want == "" && errors.Is(err, ErrNotLanguage) {
			continue
		}
		if err != nil || l.Code != want {
			t.Errorf("language-data %s (%s) resolves to %v, %v", ln[0], ln[1], l, err)
			continue
		}
		if !l.Generated {
			known++
		}
	}
	t.Logf("%d of %d language-data languages are in the table", known, len(d.Languages))
}

// TestAndroidPluralTags compares with translate-toolkit 3.8.4 itself for
// every code its table knows and every corpus directory.
func TestAndroidPluralTags(t *testing.T) {
	for code, want := range map[string]string{
		"":          "one other",
		"en":        "one other",
		"cs":        "one few other",
		"ru":        "one few many",
		"pt-rBR":    "one many other",
		"b+uz+Latn": "one other",
		"ar":        "zero one two few many other",
		"iw":        "one two many other",
		"he":        "one two many other",
		"in":        "other",
		"ja":        "other",
		"ca":        "one other",
		"tok":       "one other",
		"b+zh+Hans": "other",
	} {
		if got := strings.Join(AndroidPluralTags(code), " "); got != want {
			t.Errorf("AndroidPluralTags(%q) = %s, want %s", code, got, want)
		}
	}

	var codes []string
	for k := range androidTags {
		codes = append(codes, k, "b+"+k, k+"-rXX", k+"_XX")
	}
	if _, err := os.Stat(shared + "/corpora"); err == nil {
		codes = append(codes, corpusCodes(t)...)
	}
	codes = append(codes, "", "xx", "pt_PT", "zh-rTW", "lij", "vec")
	script := `
import json, sys
from translate.storage import aresource
store = aresource.AndroidResourceFile()
unit = store.UnitClass("x")
store.addunit(unit)
out = {}
for code in json.load(sys.stdin):
    store.settargetlanguage(code)
    out[code] = unit.get_plural_tags()
print(json.dumps(out))
`
	in, _ := json.Marshal(codes)
	cmd := exec.Command("/usr/bin/python3", "-c", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("translate-toolkit not available (Debian python3-translate): %v", err)
	}
	var want map[string][]string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if got := AndroidPluralTags(c); !slices.Equal(got, want[c]) {
			t.Errorf("AndroidPluralTags(%q) = %v, translate-toolkit %v", c, got, want[c])
		}
	}
}

func TestResolveCachedAllocs(t *testing.T) {
	for _, c := range []string{"pt-rBR", "b+zh+Hant", "night", "zz-rZZ"} {
		Resolve(c)
		if n := testing.AllocsPerRun(100, func() { Resolve(c) }); n != 0 {
			t.Errorf("Resolve(%q) on the cached path: %v allocs", c, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { AndroidPluralTags("pt-rBR") }); n != 0 {
		t.Errorf("AndroidPluralTags: %v allocs", n)
	}
}

func BenchmarkResolveCached(b *testing.B) {
	codes := []string{"pt-rBR", "b+zh+Hant", "iw", "de_DE", "values", "zz-rZZ"}
	for _, c := range codes {
		Resolve(c)
	}
	for _, c := range codes {
		b.Run(c, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Resolve(c)
			}
		})
	}
}

func BenchmarkResolveParallel(b *testing.B) {
	Resolve("pt-rBR")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Resolve("pt-rBR")
		}
	})
}

func ExampleResolve() {
	for _, code := range []string{"pt-rBR", "b+zh+Hant", "iw", "de_DE", "night"} {
		l, err := Resolve(code)
		if err != nil {
			fmt.Println(code, "->", err)
			continue
		}
		fmt.Println(code, "->", l.Code, l.Name)
	}
	// Output:
	// pt-rBR -> pt_BR Portuguese (Brazil)
	// b+zh+Hant -> zh_Hant Chinese (Traditional)
	// iw -> he Hebrew
	// de_DE -> de German
	// night -> lang: not a language code
}
