package rules

import (
	"slices"
	"testing"

	"github.com/gitlate/gitlate/internal/weblate"
)

// consistencyRun runs the target checks of a translation with plural forms
// forms (multivalue when multi) on one unit and reports whether check fails.
func consistencyRun(check string, sources, targets []string, forms int, multi bool, flags string) bool {
	c := NewChecker(CheckContext{Lang: "cs", SourceLang: "en", PluralNumber: forms,
		PluralFormula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", Multivalue: multi})
	u := &CheckUnit{Source: sources, Target: targets, State: weblate.StateTranslated, Flags: flags}
	return slices.Contains(c.Target(nil, u), check)
}

// The cases of Weblate's weblate/checks/tests/test_consistency_checks.py
// (PluralsCheckTest, SamePluralsCheckTest, which runs the same cases but its
// hit), and the conditions of consistency.py they do not reach.
func TestConsistencyPlurals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name             string
		sources, targets []string
		forms            int
		multi            bool
		flags            string
		plurals, same    bool
	}{
		{"singular unit", one("string"), one("string"), 2, false, "", false, false},
		{"no form translated", []string{"string", "plural"}, []string{"", ""}, 2, false, "", false, false},
		{"one form empty", []string{"string", "plural"}, []string{"string", ""}, 2, false, "", true, false},
		{"all forms translated", []string{"string", "plural"}, []string{"translation", "trplural"}, 2, false, "", false, false},
		{"all forms the same", []string{"string", "plural"}, []string{"string", "string"}, 2, false, "", false, true},
		{"the first form empty", []string{"string", "plural"}, []string{"", "plural"}, 2, false, "", true, false},
		{"a middle form empty", []string{"file", "files"}, []string{"soubor", "", "souborů"}, 3, false, "", true, false},
		{"three equal forms", []string{"file", "files"}, []string{"soubory", "soubory", "soubory"}, 3, false, "", false, true},
		{"two of three equal", []string{"file", "files"}, []string{"soubor", "soubory", "soubory"}, 3, false, "", false, false},
		// A language with one plural form has one target form.
		{"one plural form", []string{"file", "files"}, one("ファイル"), 1, false, "", false, false},
		// Multivalue formats have no plurals check; same-plurals still runs.
		{"multivalue", []string{"a", "b"}, []string{"x", ""}, 2, true, "", false, false},
		{"multivalue, same values", []string{"a", "b"}, []string{"x", "x"}, 2, true, "", false, true},
		{"ignore-plurals", []string{"string", "plural"}, []string{"string", ""}, 2, false, "ignore-plurals", false, false},
		{"ignore-same-plurals", []string{"string", "plural"}, []string{"string", "string"}, 2, false, "ignore-same-plurals", false, false},
	}
	for _, tc := range cases {
		if got := consistencyRun("plurals", tc.sources, tc.targets, tc.forms, tc.multi, tc.flags); got != tc.plurals {
			t.Errorf("%s: plurals = %v, want %v", tc.name, got, tc.plurals)
		}
		if got := consistencyRun("same-plurals", tc.sources, tc.targets, tc.forms, tc.multi, tc.flags); got != tc.same {
			t.Errorf("%s: same-plurals = %v, want %v", tc.name, got, tc.same)
		}
	}
}

// TestConsistencyDirect calls the unit functions on what the frame never
// passes: an all-empty target (the frame skips empty units).
func TestConsistencyDirect(t *testing.T) {
	t.Parallel()
	s := NewChecker(CheckContext{Lang: "cs", PluralNumber: 2}).subject(&CheckUnit{})
	if checkPlurals(s, []string{"a", "b"}, []string{"", ""}) {
		t.Error("plurals fails an untranslated unit")
	}
	if checkSamePlurals(s, []string{"a", "b"}, []string{"", ""}) {
		t.Error("same-plurals fails an untranslated unit")
	}
}

func TestConsistencyRegistered(t *testing.T) {
	t.Parallel()
	for id, w := range map[string][2]string{
		"plurals":      {"Missing plurals", "Some plural forms are untranslated"},
		"same-plurals": {"Same plurals", "Some plural forms are translated in the same way"},
	} {
		c := CheckByID(id)
		if c == nil || c.Name != w[0] || c.Description != w[1] || c.Kind != TargetCheck || c.Unit == nil || c.DefaultDisabled {
			t.Errorf("%s: %+v", id, c)
		}
	}
}
