package rules

import (
	"slices"
	"testing"

	"github.com/gitlate/gitlate/internal/weblate"
)

// charsCase is one unit judged by one check: the cases of Weblate's
// weblate/checks/tests/test_chars_checks.py, with Weblate 4.18's verdicts
// (4.x pairs plural forms without a CLDR mapping, and has the old punctuation
// spacing loop and no interrobang check).
type charsCase struct {
	name    string
	check   string
	source  []string
	target  []string
	lang    string // "cs" when empty, as Weblate's tests default to
	flags   string
	want    bool
	plurals int // the translation's plural number; 2 when 0
}

// charsRun runs every target check on the case's unit through Checker.Target
// and reports whether the case's check fails.
func charsRun(tc charsCase) bool {
	lang := tc.lang
	if lang == "" {
		lang = "cs"
	}
	n := tc.plurals
	if n == 0 {
		n = 2
	}
	c := NewChecker(CheckContext{Lang: lang, SourceLang: "en", PluralNumber: n, PluralFormula: "n != 1"})
	u := &CheckUnit{Source: tc.source, Target: tc.target, State: weblate.StateTranslated, Flags: tc.flags}
	return slices.Contains(c.Target(nil, u), tc.check)
}

func one(s string) []string { return []string{s} }

var charsCases = []charsCase{
	// begin_newline
	{"same leading newline", "begin_newline", one("\nstring"), one("\nstring"), "", "", false, 0},
	{"newline after a space", "begin_newline", one("\nstring"), one(" \nstring"), "", "", true, 0},
	{"extra leading newline", "begin_newline", one("string"), one("\nstring"), "", "", true, 0},
	// end_newline
	{"same trailing newline", "end_newline", one("string\n"), one("string\n"), "", "", false, 0},
	{"lost trailing newline", "end_newline", one("string\n"), one("string"), "", "", true, 0},
	{"extra trailing newline", "end_newline", one("string"), one("string\n"), "", "", true, 0},
	// begin_space
	{"same leading spaces", "begin_space", one("   string"), one("   string"), "", "", false, 0},
	{"one-character separator", "begin_space", one("."), one(" "), "", "", false, 0},
	{"spaces only", "begin_space", one(" The "), one("  "), "", "", false, 0},
	{"more leading spaces", "begin_space", one("  string"), one("    string"), "", "", true, 0},
	{"fewer leading spaces", "begin_space", one("    string"), one("  string"), "", "", true, 0},
	{"no-break space is no space", "begin_space", one(" string"), one("\u00a0string"), "", "", true, 0},
	// end_space
	{"same trailing spaces", "end_space", one("string  "), one("string  "), "", "", false, 0},
	{"one-character separator, end", "end_space", one("."), one(" "), "", "", false, 0},
	{"spaces only, end", "end_space", one(" The "), one("  "), "", "", false, 0},
	{"lost trailing spaces", "end_space", one("string  "), one("string"), "", "", true, 0},
	{"extra trailing space", "end_space", one("string"), one("string "), "", "", true, 0},
	// double_space
	{"double space in both", "double_space", one("string  string"), one("string  string"), "", "", false, 0},
	{"short strings", "double_space", one("  "), one(" "), "", "", false, 0},
	{"double space added", "double_space", one("string string"), one("string  string"), "", "", true, 0},
	// end_stop
	{"same full stop", "end_stop", one("string."), one("string."), "", "", false, 0},
	{"short source", "end_stop", one("."), one(" "), "", "", false, 0},
	{"four characters may be shortened", "end_stop", one("Tex."), one("Tex"), "", "", false, 0},
	{"lost full stop", "end_stop", one("string."), one("string"), "", "", true, 0},
	{"extra full stop", "end_stop", one("string"), one("string."), "", "", true, 0},
	{"three dots to ellipsis", "end_stop", one("string..."), one("string…"), "", "", false, 0},
	{"ideographic full stop", "end_stop", one("string."), one("string。"), "", "", false, 0},
	{"Thai has no full stop", "end_stop", one("string."), one("string"), "th", "", false, 0},
	{"Lojban has no full stop", "end_stop", one("string"), one("string."), "jbo", "", false, 0},
	{"Japanese colon to full stop", "end_stop", one("Text:"), one("Text。"), "ja", "", false, 0},
	{"Japanese colon lost", "end_stop", one("Text:"), one("Text"), "ja", "", true, 0},
	{"Japanese plain full stop", "end_stop", one("Text."), one("Text。"), "ja", "", false, 0},
	{"Hindi danda", "end_stop", one("Text."), one("Text।"), "hi", "", false, 0},
	{"Hindi lost full stop", "end_stop", one("Text."), one("Text"), "hi", "", true, 0},
	{"Hindi pipe", "end_stop", one("Text."), one("Text|"), "hi", "", false, 0},
	{"Bengali U+09F7", "end_stop", one("Text."), one("Text\u09f7"), "bn", "", false, 0},
	{"pipe elsewhere", "end_stop", one("Text."), one("Text|"), "cs", "", true, 0},
	{"Armenian colon to backtick", "end_stop", one("Text:"), one("Text`"), "hy", "", false, 0},
	{"Armenian colon to comma", "end_stop", one("Text:"), one("Text՝"), "hy", "", false, 0},
	{"Armenian lost full stop", "end_stop", one("Text."), one("Text"), "hy", "", true, 0},
	{"Santali full stop kept", "end_stop", one("Text."), one("Text."), "sat", "", false, 0},
	{"Santali full stop", "end_stop", one("Text."), one("Text᱾"), "sat", "", false, 0},
	{"Santali lost full stop", "end_stop", one("Text."), one("Text"), "sat", "", true, 0},
	{"Burmese no stop", "end_stop", one("Te xt"), one("Te xt"), "my", "", false, 0},
	{"Burmese extra stop", "end_stop", one("Te xt"), one("Te xt။"), "my", "", true, 0},
	{"Burmese stop", "end_stop", one("Text."), one("Text။"), "my", "", false, 0},
	{"Burmese question", "end_stop", one("Text?"), one("ပုံဖျက်မလး။"), "my", "", false, 0},
	{"Burmese question, plain source", "end_stop", one("Te xt"), one("ပုံဖျက်မလး။"), "my", "", false, 0},
	{"Burmese section mark elsewhere", "end_stop", one("Text."), one("Text။"), "cs", "", true, 0},
	{"French sentence", "end_stop",
		one("To enable password-less login, the public SSH key can be copied to the remote host."),
		one("Pour activer l’authentification sans mot de passe, la clé publique SSH peut être copiée sur le serveur distant."),
		"fr", "", false, 0},
	{"language variant uses its base", "end_stop", one("string"), one("string."), "th_TH", "", false, 0},
	// 4.x pairs the source's singular with the first form only: Weblate 5.1's
	// plural mapper judges these two the other way.
	{"Arabic plural, a form without stop", "end_stop",
		[]string{"<unused singular (hash=…)>", "Lorem ipsum dolor sit amet."},
		[]string{"zero", "one", "two", "few", "many", "other"}, "ar", "", true, 6},
	{"Arabic plural, singular paired with form 0", "end_stop",
		[]string{"<unused singular (hash=…)>", "Lorem ipsum dolor sit amet."},
		[]string{"zero.", "one.", "two.", "few.", "many.", "other."}, "ar", "", true, 6},
	{"Japanese single form paired with the singular", "end_stop",
		[]string{"<unused singular (hash=…)>", "English."}, one("Japanese…"), "ja", "", false, 1},
	{"plural forms paired with the source plural", "end_stop",
		[]string{"One file", "Many files."}, []string{"Jeden soubor", "Mnoho souborů."}, "", "", false, 0},
	{"plural form without stop", "end_stop",
		[]string{"One file", "Many files."}, []string{"Jeden soubor", "Mnoho souborů"}, "", "", true, 0},
	// end_colon
	{"same colon", "end_colon", one("string:"), one("string:"), "", "", false, 0},
	{"lost colon", "end_colon", one("string:"), one("string"), "", "", true, 0},
	{"extra colon", "end_colon", one("string"), one("string:"), "", "", true, 0},
	{"fullwidth colon", "end_colon", one("string:"), one("string："), "", "", false, 0},
	{"Khmer colon", "end_colon", one("string:"), one("string៖"), "km", "", false, 0},
	{"Armenian comma", "end_colon", one("Text:"), one("Texte՝"), "hy", "", false, 0},
	{"Armenian lost colon", "end_colon", one("Text:"), one("Texte"), "hy", "", true, 0},
	{"Armenian extra colon", "end_colon", one("Text"), one("Texte:"), "hy", "", false, 0},
	{"Japanese full stop for colon", "end_colon", one("Text:"), one("Texte。"), "ja", "", false, 0},
	{"Japanese plain", "end_colon", one("Text"), one("Texte"), "ja", "", false, 0},
	{"Japanese extra colon", "end_colon", one("Text"), one("Texte:"), "ja", "", false, 0},
	{"Lojban", "end_colon", one("Text:"), one("Texte"), "jbo", "", false, 0},
	// end_question
	{"same question mark", "end_question", one("string?"), one("string?"), "", "", false, 0},
	{"lost question mark", "end_question", one("string?"), one("string"), "", "", true, 0},
	{"extra question mark", "end_question", one("string"), one("string?"), "", "", true, 0},
	{"Arabic question mark", "end_question", one("string?"), one("string؟"), "ar", "", false, 0},
	{"Armenian question mark", "end_question", one("Text?"), one("Texte՞"), "hy", "", false, 0},
	{"Armenian lost question mark", "end_question", one("Text?"), one("Texte"), "hy", "", true, 0},
	{"Armenian extra question mark", "end_question", one("Text"), one("Texte?"), "hy", "", false, 0},
	{"Greek semicolon", "end_question", one("Text?"), one("Texte;"), "el", "", false, 0},
	{"Greek question mark U+037E", "end_question", one("Text?"), one("Texte\u037e"), "el", "", false, 0},
	{"Greek plain", "end_question", one("Text"), one("Texte"), "el", "", false, 0},
	{"Greek extra question mark", "end_question", one("Text"), one("Texte?"), "el", "", false, 0},
	{"Greek lost question mark", "end_question", one("Text?"), one("Texte"), "el", "", true, 0},
	{"Burmese plain", "end_question", one("Texte"), one("Texte"), "my", "", false, 0},
	{"Burmese question", "end_question", one("Text?"), one("ပုံဖျက်မလား။"), "my", "", false, 0},
	{"Burmese extra question", "end_question", one("Te xt"), one("ပုံဖျက်မလား။"), "my", "", true, 0},
	{"Burmese lost question", "end_question", one("Text?"), one("Text"), "my", "", true, 0},
	// 4.18 has no interrobang check: the last character decides.
	{"interrobang in source, same last", "end_question", one("string!?"), one("string?"), "", "", false, 0},
	{"interrobang in target", "end_question", one("string?"), one("string?!"), "", "", true, 0},
	{"interrobang character", "end_question", one("string?"), one("string⁉"), "", "", true, 0},
	{"Lojban question", "end_question", one("Text?"), one("Texte"), "jbo", "", false, 0},
	// end_exclamation
	{"same exclamation", "end_exclamation", one("string!"), one("string!"), "", "", false, 0},
	{"lost exclamation", "end_exclamation", one("string!"), one("string"), "", "", true, 0},
	{"extra exclamation", "end_exclamation", one("string"), one("string!"), "", "", true, 0},
	{"fullwidth exclamation", "end_exclamation", one("string!"), one("string！"), "", "", false, 0},
	{"Armenian exclamation", "end_exclamation", one("Text!"), one("Texte՜"), "hy", "", false, 0},
	{"Armenian lost exclamation", "end_exclamation", one("Text!"), one("Texte"), "hy", "", false, 0},
	{"Armenian extra exclamation", "end_exclamation", one("Text"), one("Texte!"), "hy", "", false, 0},
	{"Basque opening mark", "end_exclamation", one("Text!"), one("¡Texte!"), "eu", "", false, 0},
	{"Basque opening mark, no closing one", "end_exclamation", one("Text!"), one("¡Texte"), "eu", "", true, 0},
	{"Burmese exclamation", "end_exclamation", one("Text!"), one("Text႟"), "my", "", false, 0},
	{"Burmese lost exclamation", "end_exclamation", one("Text!"), one("Text"), "my", "", true, 0},
	{"Texy! in source", "end_exclamation", one("Powered by Texy!"), one("Používá Texy"), "", "", false, 0},
	{"Texy! in target", "end_exclamation", one("Uses Texy"), one("Používá Texy!"), "", "", false, 0},
	{"interrobang, last character is !", "end_exclamation", one("string!"), one("string?!"), "", "", false, 0},
	{"interrobang, last character is ?", "end_exclamation", one("string!"), one("string!?"), "", "", true, 0},
	// end_ellipsis
	{"same ellipsis", "end_ellipsis", one("string…"), one("string…"), "", "", false, 0},
	{"ellipsis to three dots", "end_ellipsis", one("string…"), one("string..."), "", "", true, 0},
	{"full stop to ellipsis", "end_ellipsis", one("string."), one("string…"), "", "", true, 0},
	{"two dots to ellipsis", "end_ellipsis", one("string.."), one("string…"), "", "", true, 0},
	{"three dots to ellipsis, end_ellipsis", "end_ellipsis", one("string..."), one("string…"), "", "", false, 0},
	{"Lojban ellipsis", "end_ellipsis", one("string…"), one("string"), "jbo", "", false, 0},
	// end_semicolon
	{"same semicolon", "end_semicolon", one("string;"), one("string;"), "", "", false, 0},
	{"lost semicolon", "end_semicolon", one("string;"), one("string"), "", "", true, 0},
	{"colon to semicolon", "end_semicolon", one("string:"), one("string;"), "", "", true, 0},
	{"extra semicolon", "end_semicolon", one("string"), one("string;"), "", "", true, 0},
	{"Greek question mark is no semicolon", "end_semicolon", one("Text?"), one("Texte;"), "el", "", false, 0},
	{"entity ends with a semicolon", "end_semicolon", one("Text"), one("Texte&amp;"), "", "", false, 0},
	{"numeric entity", "end_semicolon", one("Text"), one("Texte&#160;"), "", "", false, 0},
	// escaped_newline
	{"same escaped newlines", "escaped_newline", one(`string\nstring`), one(`string\nstring`), "", "", false, 0},
	{"Windows path", "escaped_newline", one(`C:\\path\name`), one(`C:\\path\jmeno`), "", "", false, 0},
	{"extra escaped newline", "escaped_newline", one(`string\nstring`), one(`string\n\nstring`), "", "", true, 0},
	{"lost escaped newline", "escaped_newline", one(`string\n\nstring`), one(`string\nstring`), "", "", true, 0},
	// newline-count
	{"same newlines", "newline-count", one("string\n\nstring"), one("string\n\nstring"), "", "", false, 0},
	{"more newlines", "newline-count", one("string\nstring"), one("string\n\n\nstring"), "", "", true, 0},
	{"fewer newlines", "newline-count", one("string\nstring\n\nstring"), one("string\nstring\nstring"), "", "", true, 0},
	// zero-width-space
	{"same zero-width space", "zero-width-space", one("str\u200bing"), one("str\u200bing"), "", "", false, 0},
	{"zero-width space dropped", "zero-width-space", one("str\u200bing"), one("string"), "", "", false, 0},
	{"zero-width space added", "zero-width-space", one("string"), one("str\u200bing"), "", "", true, 0},
	{"Khmer word separator", "zero-width-space", one("string"), one("str\u200bing"), "km", "", false, 0},
	// kashida
	{"no kashida", "kashida", one("string"), one("string"), "", "", false, 0},
	{"kashida after beh", "kashida", one("string"), one("بـ:"), "", "", false, 0},
	{"tatweel", "kashida", one("string"), one("string\u0640"), "", "", true, 0},
	{"presentation form U+FE79", "kashida", one("string"), one("string\ufe79"), "", "", true, 0},
	{"presentation form U+FE7F", "kashida", one("string"), one("string\ufe7f"), "", "", true, 0},
	{"kashida first", "kashida", one("string"), one("\u0640string"), "", "", true, 0},
	{"kashida after kaf and lam", "kashida", one("string"), one("\u0643\u0640\u0644\u0640"), "", "", false, 0},
	// punctuation_spacing (French and Breton)
	{"French spacing", "punctuation_spacing", one("string? string?! string! string: string;"),
		one("string ? string ?! string\u202f! string&nbsp;; string\u00a0:"), "fr", "", false, 0},
	{"entities and URLs", "punctuation_spacing", one("string &end; http://example.com"),
		one("string &end; &amp; http://example.com"), "fr", "", false, 0},
	{"no space before !", "punctuation_spacing", one("string"), one("string!"), "fr", "", true, 0},
	{"no space before the second mark", "punctuation_spacing", one("string"), one("string\u00a0? string;"), "fr", "", true, 0},
	{"no space before ?", "punctuation_spacing", one("string"), one("string\u00a0; string?"), "fr", "", true, 0},
	{"Breton", "punctuation_spacing", one("string"), one("string!"), "br", "", true, 0},
	{"French of France", "punctuation_spacing", one("string"), one("string!"), "fr_FR", "", true, 0},
	{"Canadian French", "punctuation_spacing", one("string"), one("string!"), "fr_CA", "", false, 0},
	{"other languages", "punctuation_spacing", one("string"), one("string!"), "cs", "", false, 0},
	{"mark at the start", "punctuation_spacing", one("string"), one("! string"), "fr", "", true, 0},
	{"thin space", "punctuation_spacing", one("string"), one("string\u2009!"), "fr", "", false, 0},
	{"mark before a tab", "punctuation_spacing", one("string"), one("string:\tx"), "fr", "", true, 0},
	{"mark before a word", "punctuation_spacing", one("string"), one("string:x"), "fr", "", false, 0},
	// 4.18 has no markup exceptions: "!" before "]" is inside a word.
	{"Markdown link", "punctuation_spacing",
		one("🎉 [Fedora Linux 39 released!](https://fedoramagazine.org/announcing-fedora-linux-39)"),
		one("🎉 [Fedora Linux 39 est sortie!](https://fedoramagazine.org/announcing-fedora-linux-39)"), "fr", "md-text", false, 0},
	{"reStructuredText role", "punctuation_spacing", one(":ref:`document` here"), one(":ref:`document` tam"), "fr", "", false, 0},
	{"mark before a newline", "punctuation_spacing", one("string"), one("Orangutan a:\nbanane"), "fr", "", true, 0},
	// Ignore flags.
	{"ignore-end-stop", "end_stop", one("string."), one("string"), "", "ignore-end-stop", false, 0},
	{"ignore-newline-count", "newline-count", one("a\nb"), one("ab"), "", "ignore-newline-count", false, 0},
	{"ignore-zero-width-space", "zero-width-space", one("string"), one("str\u200bing"), "", "ignore-zero-width-space", false, 0},
	{"ignore-punctuation-spacing", "punctuation_spacing", one("string"), one("string!"), "fr", "ignore-punctuation-spacing", false, 0},
}

func TestCharsChecks(t *testing.T) {
	t.Parallel()
	for _, tc := range charsCases {
		if CheckByID(tc.check) == nil {
			t.Fatalf("%s: no check %q", tc.name, tc.check)
		}
		if got := charsRun(tc); got != tc.want {
			t.Errorf("%s: %s(%q, %q) [%s] = %v, want %v", tc.name, tc.check, tc.source, tc.target, tc.lang, got, tc.want)
		}
	}
}

// TestCharsEmpty is CheckTestCase's empty pair: no check fails on it (the frame
// never passes an empty unit, but a plural form may be empty).
func TestCharsEmpty(t *testing.T) {
	t.Parallel()
	s := NewChecker(CheckContext{Lang: "fr", SourceLang: "en", PluralNumber: 2}).subject(&CheckUnit{})
	for _, c := range charsChecks {
		if c.Single(s, "", "") {
			t.Errorf("%s fails on two empty strings", c.ID)
		}
	}
}

// TestCharsIgnored is CheckTestCase's ignore case: every check's own ignore flag
// turns it off.
func TestCharsIgnored(t *testing.T) {
	t.Parallel()
	for _, c := range charsChecks {
		u := &CheckUnit{Source: one("x"), Target: one("x"), State: weblate.StateTranslated, Flags: c.IgnoreFlag()}
		got := NewChecker(CheckContext{Lang: "cs", SourceLang: "en", PluralNumber: 3}).Target(nil, u)
		if slices.Contains(got, c.ID) {
			t.Errorf("%s runs under %s", c.ID, c.IgnoreFlag())
		}
	}
}

// TestCharsRegistered checks the names and descriptions users see, and the
// order of the group in Weblate's CHECK_LIST.
func TestCharsRegistered(t *testing.T) {
	t.Parallel()
	want := map[string][2]string{
		"end_stop":            {"Mismatched full stop", "Source and translation do not both end with a full stop"},
		"escaped_newline":     {`Mismatched \n`, `Number of \n literals in translation does not match source`},
		"punctuation_spacing": {"Punctuation spacing", "Missing non breakable space before double punctuation sign"},
		"begin_space":         {"Starting spaces", "Source and translation do not both start with same number of spaces"},
	}
	for id, w := range want {
		c := CheckByID(id)
		if c == nil || c.Name != w[0] || c.Description != w[1] || c.Kind != TargetCheck || c.DefaultDisabled {
			t.Errorf("%s: %+v", id, c)
		}
	}
	if len(charsChecks) != 16 {
		t.Errorf("%d chars checks, want 16", len(charsChecks))
	}
}
