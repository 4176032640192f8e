package rules

import (
	"slices"
	"testing"

	"github.com/gitlate/gitlate/internal/weblate"
)

// sourceRun runs the source checks on a unit of the source translation whose
// string fails rows target checks in the other translations.
func sourceRun(sources []string, flags string, rows int) []string {
	c := NewChecker(CheckContext{Lang: "en", SourceLang: "en", PluralNumber: 2, PluralFormula: "n != 1"})
	return c.Source(nil, &CheckUnit{Source: sources, Target: sources, State: weblate.StateReadOnly, Flags: flags}, rows)
}

// The cases of Weblate's weblate/checks/tests/test_source_checks.py, and the
// edges of PLURAL_MATCH.
func TestSourceChecks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		check   string
		sources []string
		flags   string
		want    bool
	}{
		{"plain text", "optional_plural", one("text"), "", false},
		{"plural unit", "optional_plural", []string{"text", "texts"}, "", false},
		{"plural unit with (s)", "optional_plural", []string{"text(s)", "texts"}, "", false},
		{"optional plural", "optional_plural", one("text(s)"), "", true},
		{"before a space", "optional_plural", one("Delete file(s) now"), "", true},
		{"before punctuation", "optional_plural", one("Delete file(s)?"), "", true},
		{"inside a word", "optional_plural", one("file(s)name"), "", false},
		{"before an underscore", "optional_plural", one("file(s)_x"), "", false},
		{"before a non-ASCII letter", "optional_plural", one("file(s)é"), "", false},
		{"after a space", "optional_plural", one("Delete (s)"), "", false},
		{"after a non-ASCII letter", "optional_plural", one("soubor(s) é"), "", true},
		{"after a digit", "optional_plural", one("item2(s)"), "", true},
		{"after a combining mark", "optional_plural", one("a\u0301(s)"), "", false},
		{"before a newline", "optional_plural", one("file(s)\nnext"), "", true},
		{"capital S", "optional_plural", one("file(S)"), "", false},
		{"ignore-optional-plural", "optional_plural", one("text(s)"), "ignore-optional-plural", false},
		{"plain text, ellipsis", "ellipsis", one("text"), "", false},
		{"ellipsis character", "ellipsis", one("text…"), "", false},
		{"three dots", "ellipsis", one("text..."), "", true},
		{"three dots inside", "ellipsis", one("Wait... then go"), "", true},
		{"two dots", "ellipsis", one("text.."), "", false},
		{"three dots in the plural form only", "ellipsis", []string{"file", "files..."}, "", false},
		{"ignore-ellipsis", "ellipsis", one("text..."), "ignore-ellipsis", false},
	}
	for _, tc := range cases {
		if got := slices.Contains(sourceRun(tc.sources, tc.flags, 0), tc.check); got != tc.want {
			t.Errorf("%s: %s(%q) = %v, want %v", tc.name, tc.check, tc.sources, got, tc.want)
		}
	}
}

// TestSourceMultipleFailures: the frame fails multiple_failures from two
// failing check rows in the other translations; its ignore flag turns it off.
func TestSourceMultipleFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows  int
		flags string
		want  bool
	}{{0, "", false}, {1, "", false}, {2, "", true}, {5, "", true}, {5, "ignore-multiple-failures", false}} {
		if got := slices.Contains(sourceRun(one("text"), tc.flags, tc.rows), MultipleFailures); got != tc.want {
			t.Errorf("rows %d flags %q: %v, want %v", tc.rows, tc.flags, got, tc.want)
		}
	}
}

func TestSourceRegistered(t *testing.T) {
	t.Parallel()
	for id, w := range map[string][2]string{
		"optional_plural":   {"Unpluralised", "The string is used as plural, but not using plural forms"},
		"ellipsis":          {"Ellipsis", "The string uses three dots (...) instead of an ellipsis character (…)"},
		"multiple_failures": {"Multiple failing checks", "The translations in several languages have failing checks"},
	} {
		c := CheckByID(id)
		if c == nil || c.Name != w[0] || c.Description != w[1] || c.Kind != SourceCheck || c.DefaultDisabled {
			t.Errorf("%s: %+v", id, c)
		}
	}
	if CheckByID(MultipleFailures).Source != nil {
		t.Error("multiple_failures has a Source func: the frame counts it")
	}
}
