package cldrplural

import (
	"slices"
	"strings"
	"testing"

	"github.com/leonelquinteros/gotext/plurals"
)

// Rules as CLDR 43 writes them (plurals.json).
var sets = map[string]map[string]string{
	"en": {
		"pluralRule-count-one":   "i = 1 and v = 0 @integer 1",
		"pluralRule-count-other": " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0",
	},
	"cs": {
		"pluralRule-count-one":   "i = 1 and v = 0 @integer 1",
		"pluralRule-count-few":   "i = 2..4 and v = 0 @integer 2~4",
		"pluralRule-count-many":  "v != 0   @decimal 0.0~1.5, 10.0, 100.0",
		"pluralRule-count-other": " @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …",
	},
	"fr": {
		"pluralRule-count-one":   "i = 0,1 @integer 0, 1 @decimal 0.0~1.5",
		"pluralRule-count-many":  "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6",
		"pluralRule-count-other": " @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5",
	},
	"ru": {
		"pluralRule-count-one":   "v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …",
		"pluralRule-count-few":   "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …",
		"pluralRule-count-many":  "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …",
		"pluralRule-count-other": "   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …",
	},
	"ar": {
		"pluralRule-count-zero":  "n = 0 @integer 0 @decimal 0.0, 0.00, 0.000, 0.0000",
		"pluralRule-count-one":   "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000",
		"pluralRule-count-two":   "n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000",
		"pluralRule-count-few":   "n % 100 = 3..10 @integer 3~10, 103~110, 1003, … @decimal 3.0",
		"pluralRule-count-many":  "n % 100 = 11..99 @integer 11~26, 111, 1011, … @decimal 11.0",
		"pluralRule-count-other": " @integer 100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9",
	},
	"ak": {
		"pluralRule-count-one":   "n = 0..1 @integer 0, 1 @decimal 0.0, 1.0, 0.00, 1.00, 0.000, 1.000, 0.0000, 1.0000",
		"pluralRule-count-other": " @integer 2~17, 100, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.0",
	},
	"is": {
		"pluralRule-count-one":   "t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1~1.6",
		"pluralRule-count-other": " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 2.0~3.4",
	},
	"da": {
		"pluralRule-count-one":   "n = 1 or t != 0 and i = 0,1 @integer 1 @decimal 0.1~1.6",
		"pluralRule-count-other": " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 2.0~3.4",
	},
	"ja": {
		"pluralRule-count-other": " @integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5",
	},
}

func TestFormulas(t *testing.T) {
	want := map[string]struct {
		cats    string
		formula string
		typ     int
	}{
		"en": {"one other", "n != 1", 1},
		"cs": {"one few other", "n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2", 2},
		"fr": {"one many other", "n == 0 || n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2", 20},
		"ru": {"one few many", "n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && n % 100 < 12 || n % 10 >= 2 && n % 10 <= 4 && n % 100 > 14 ? 1 : 2", 22},
		"ar": {"zero one two few many other", "n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5", 3},
		"ak": {"one other", "n > 1", 1},
		"is": {"one other", "n % 10 != 1 || n % 100 == 11", 1},
		"da": {"one other", "n != 1", 1},
		"ja": {"other", "0", 0},
	}
	for lang, rules := range sets {
		set, err := ParseSet(rules)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		w := want[lang]
		cats := set.IntegerCategories()
		if got := strings.Join(cats, " "); got != w.cats {
			t.Errorf("%s: categories %s, want %s", lang, got, w.cats)
		}
		f := set.Formula()
		if f != w.formula {
			t.Errorf("%s: formula %q, want %q", lang, f, w.formula)
		}
		if strings.ContainsAny(f, "()") {
			t.Errorf("%s: formula %q has parentheses", lang, f)
		}
		if got := Type(cats); got != w.typ {
			t.Errorf("%s: type %d, want %d", lang, got, w.typ)
		}
		expr, err := plurals.Compile(f)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		for n := int64(0); n <= 2000000; n += 1 + n/100 {
			if got, want := expr.Eval(uint32(n)), slices.Index(cats, set.CategoryInt(n)); got != want {
				t.Fatalf("%s: n=%d: formula gives %d, CLDR %d", lang, n, got, want)
			}
		}
	}
}

func TestSamplesAgreeWithRules(t *testing.T) {
	for lang, rules := range sets {
		set, _ := ParseSet(rules)
		for cat, r := range set {
			for _, n := range r.Integers {
				if got := set.CategoryInt(n); got != cat {
					t.Errorf("%s: sample %d of %s evaluates to %s", lang, n, cat, got)
				}
			}
		}
	}
}

func TestParse(t *testing.T) {
	r, err := Parse("n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99 @integer 3, 4, 9, 23~24, … @decimal 3.0")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Or) != 1 || len(r.Or[0]) != 2 || r.Or[0][0].Mod != 10 || !r.Or[0][1].Negate || len(r.Or[0][1].Ranges) != 3 {
		t.Errorf("parsed %+v", r)
	}
	if !slices.Equal(r.Integers, []int64{3, 4, 9, 23, 24}) || !r.HasIntegerSamples {
		t.Errorf("samples %v", r.Integers)
	}
	for n, want := range map[int64]bool{3: true, 9: true, 13: false, 73: false, 93: false, 103: true, 5: false} {
		if r.MatchInt(n) != want {
			t.Errorf("MatchInt(%d) = %v", n, !want)
		}
	}
	for _, bad := range []string{"x = 1", "n ~ 1", "n = a", "n % 0 = 1"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestTypeUnknown(t *testing.T) {
	if Type([]string{"two", "few", "other"}) != 666 {
		t.Error("unknown category set should be 666")
	}
}
