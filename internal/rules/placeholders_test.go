package rules

import (
	"slices"
	"testing"
)

// Cases from Weblate's weblate/checks/tests/test_placeholders.py and the
// max-length cases of test_chars_checks.py, in other words; runMarkupCases
// (markup_test.go) runs them through Checker.Target.
func TestPlaceholderCheck(t *testing.T) {
	t.Parallel()
	const id = "placeholders"
	runMarkupCases(t, []markupCase{
		{"kept", id, one("string $URL$"), one("string $URL$"), "placeholders:$URL$", "", false},
		{"empty value", id, one("string"), one("string"), "placeholders:", "", false},
		{"needs the flag", id, one("$URL"), one("$OTHER"), "", "", false},
		{"dropped", id, one("string $URL$"), one("string"), "placeholders:$URL$", "", true},
		{"broken", id, one("string $URL$"), one("string $URL"), "placeholders:$URL$", "", true},
		{"one of two dropped", id, one("string $URL$ $2$"), one("string $URL$"), "placeholders:$URL$:$2$:", "", true},
		{"extra in target", id, one("string"), one("string $URL$"), "placeholders:$URL$", "", true},
		{"literal, not a pattern", id, one("a .* b"), one("a .* c"), `placeholders:".*"`, "", false},
		{"case differs", id, one("Hello %WORLD%"), one("Ahoj %world%"), "placeholders:%WORLD%", "", true},
		{"case-insensitive", id, one("Hello %WORLD%"), one("Ahoj %world%"), "placeholders:%WORLD%,case-insensitive", "", false},
		{"ignored", id, one("string $URL$"), one("string"), "placeholders:$URL$,ignore-placeholders", "", false},
	})
}

// placeholderSubject is the Subject of a unit of a Czech translation (three
// plural forms: 1, 2–4, other) with the given flags.
func placeholderSubject(flags string) *Subject {
	c := NewChecker(CheckContext{Lang: "cs", SourceLang: "en", PluralNumber: 3,
		PluralFormula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"})
	return c.subject(&CheckUnit{Flags: flags})
}

// Values written r"…" are regular expressions (test_placeholders.py's
// test_regexp, test_whitespace and PluralPlaceholdersTest, in other words,
// plus escapes and mixed values checked against Weblate's parser and check).
// The missing and extra placeholders are those Weblate's description lists.
func TestPlaceholderRegexFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name             string
		flags            string
		sources, targets []string
		missing, extra   []string
	}{
		{"dollar words", `placeholders:r"(\$)([^$]*)(\$)"`, one("string $URL$"), one("string $FOO$"), []string{"$URL$"}, []string{"$FOO$"}},
		{"the same dollar word", `placeholders:r"(\$)([^$]*)(\$)"`, one("string $URL$"), one("řetězec $URL$"), nil, nil},
		{"white space is part of it", `placeholders:r"\s?{\w+}\s?"`, one("string {URL} "), one("string {URL}"), []string{" {URL} "}, []string{" {URL}"}},
		{"singular may spell the number", `placeholders:r"%[0-9]"`, []string{"1 apple", "%1 apples"}, []string{"1 jablko", "%1 jablka", "%1 jablek"}, nil, nil},
		{"plural form misses it", `placeholders:r"%[0-9]"`, []string{"1 apple", "%1 apples"}, []string{"1 jablko", "1 jablka", "%1 jablek"}, []string{"%1"}, nil},
		{"from the singular source", `placeholders:r"%[0-9]"`, []string{"%1 apple", "%1 apples"}, []string{"1 jablko", "1 jablka", "%1 jablek"}, []string{"%1"}, nil},
		{"Unicode \\w", `placeholders:r"{\w+}"`, one("{název}"), one("{název}"), nil, nil},
		{"Unicode \\w differs", `placeholders:r"{\w+}"`, one("{název}"), one("{nazev}"), []string{"{název}"}, []string{"{nazev}"}},
		// \\ in the flag is one backslash: the pattern \d, a digit.
		{"escaped backslash", `placeholders:r"#\\d"`, one("item #1"), one("položka #2"), []string{"#1"}, []string{"#2"}},
		// \" is a quote inside the pattern.
		{"escaped quote", `placeholders:r"\"\w+\""`, one(`say "hi"`), one(`řekni hi`), []string{`"hi"`}, nil},
		// Literals and patterns in one alternation; the first listed wins
		// where two match at one place.
		{"literal before pattern", `placeholders:$URL$:r"\$\w+\$"`, one("$URL$ and $X$"), one("$URL$ a $Y$"), []string{"$X$"}, []string{"$Y$"}},
		{"literal stays literal", `placeholders:".*":r"%\d"`, one("a .* %1"), one("a %1"), []string{".*"}, nil},
		// case-insensitive applies to the patterns too.
		{"pattern, case differs", `placeholders:r"%[A-Z]+%"`, one("Hello %WORLD%"), one("Ahoj %world%"), []string{"%WORLD%"}, nil},
		{"pattern, case-insensitive", `placeholders:r"%[A-Z]+%",case-insensitive`, one("Hello %WORLD%"), one("Ahoj %world%"), nil, nil},
	}
	for _, tt := range tests {
		s := placeholderSubject(tt.flags)
		params := s.Flags.Params("placeholders")
		re, ok := placeholderPattern(params, s.Flags.Has("case-insensitive"))
		if !ok {
			t.Fatalf("%s: %q does not compile", tt.name, tt.flags)
		}
		missing, extra := placeholdersDiff(s, re, tt.sources, tt.targets)
		if !sameSet(missing, stringSet(tt.missing)) || !sameSet(extra, stringSet(tt.extra)) {
			t.Errorf("%s: missing %v extra %v, want %q %q", tt.name, missing, extra, tt.missing, tt.extra)
		}
		// The check fails exactly when something is missing or extra.
		want := len(tt.missing)+len(tt.extra) > 0
		if got := markupFails(markupCase{check: "placeholders", source: tt.sources, target: tt.targets, flags: tt.flags}); got != want {
			t.Errorf("%s: placeholders fails=%v, want %v", tt.name, got, want)
		}
	}
}

// A pattern Go cannot compile (Python's lookarounds and backreferences) leaves
// the unit unjudged: it does not fail, as with the regex flag.
func TestPlaceholderRegexUncompilable(t *testing.T) {
	t.Parallel()
	runMarkupCases(t, []markupCase{
		{"lookahead", "placeholders", one("$URL$"), one("nothing"), `placeholders:r"\$(?=U)\w+\$"`, "", false},
		{"backreference", "placeholders", one("<b>x</b>"), one("x"), `placeholders:r"<(\w)>.*</\1>"`, "", false},
		// The same values as literals are judged.
		{"lookahead as text", "placeholders", one(`$(?=U)\w+$`), one("nothing"), `placeholders:"$(?=U)\\w+$"`, "", true},
	})
}

func TestFlagsParams(t *testing.T) {
	t.Parallel()
	f := ParseFlags(`placeholders:a:r"\d+":'b c', c-format`)
	want := []FlagParam{{Text: "a"}, {Text: `\d+`, Regex: true}, {Text: "b c"}}
	if got := f.Params("placeholders"); !slices.Equal(got, want) {
		t.Errorf("Params = %v, want %v", got, want)
	}
	if got := f.Params("c-format"); got != nil {
		t.Errorf("Params of a plain flag = %v", got)
	}
	if got := f.Params("regex"); got != nil {
		t.Errorf("Params of an absent flag = %v", got)
	}
	// A later flag of the name replaces the marks.
	if got := f.Merge("placeholders:x").Params("placeholders"); !slices.Equal(got, []FlagParam{{Text: "x"}}) {
		t.Errorf("merged Params = %v", got)
	}
}

func TestRegexCheck(t *testing.T) {
	t.Parallel()
	const id = "regex"
	runMarkupCases(t, []markupCase{
		{"matches", id, one("string URL"), one("string URL"), "regex:URL", "", false},
		{"empty expression", id, one("string"), one("string"), "regex:", "", false},
		{"no match", id, one("string URL"), one("string"), "regex:URL", "", true},
		{"case counts", id, one("string URL"), one("string url"), "regex:URL", "", true},
		{"anchored", id, one("string URL"), one("string URL"), "regex:^URL$", "", true},
		{"every plural form", id, []string{"%d file", "%d files"}, []string{"%d soubor", "%d soubory", "souborů"}, "regex:%d", "", true},
	})
	// Python's \w, \d and \s are Unicode-aware; the flag parser's handling of
	// backslashes is not under test here, so the expressions are passed as is.
	tests := []struct {
		expr    string
		targets []string
		want    bool
	}{
		{`^\w+$`, one("žluťoučký"), false},
		{`^\d+$`, one("١٢"), false},
		{`^\S+\s\S+$`, one("a\u00a0b"), false},
		{`^\W$`, one("ž"), true},
		{`^URL\Z`, one("URL\n"), true},
		{`^URL$`, one("URL\n"), false},
		{`^URL$`, one("URL\n\n"), true},
		{`(?m)^URL$`, one("a\nURL\nb"), false},
		// Go has no lookarounds: such an expression is not judged (Weblate
		// would fail this target).
		{`a(?=b)`, one("b"), false},
	}
	for _, tt := range tests {
		if got := regexMismatch(tt.expr, tt.targets); got != tt.want {
			t.Errorf("regexMismatch(%q, %q) = %v, want %v", tt.expr, tt.targets, got, tt.want)
		}
	}
}

func TestPyRegexToGo(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		`\w+`:      `[\p{L}\p{N}_]+`,
		`[\w-]`:    `[\p{L}\p{N}_-]`,
		`\d\Z`:     `\p{Nd}\z`,
		`[]a]`:     `[\]a]`,
		`[^]\d]`:   `[^\]\p{Nd}]`,
		`\\w`:      `\\w`,
		`a\.b`:     `a\.b`,
		`[\W]`:     `[\W]`,
		`(?P<x>.)`: `(?P<x>.)`,
		`^a$`:      `^a(?:\n?\z)`,
		`[$]`:      `[$]`,
		`(?m)a$`:   `(?m)a$`,
	}
	for in, want := range tests {
		if got := pyRegexToGo(in); got != want {
			t.Errorf("pyRegexToGo(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMaxLengthCheck(t *testing.T) {
	t.Parallel()
	const id = "max-length"
	runMarkupCases(t, []markupCase{
		{"short enough", id, one("strings"), one("less than 21"), "max-length:12", "", false},
		{"too long", id, one("strings"), one("less than 21"), "max-length:10", "", true},
		{"code points, not bytes", id, one("strings"), one("žluťoučký kůň"), "max-length:13", "", false},
		{"needs the flag", id, one("strings"), one("less than 21"), "", "", false},
		{"placeholder as written", id, one("hi %s"), one("ahoj %s"), "max-length:10", "", false},
		{"placeholder replaced", id, one("hi %s"), one("ahoj %s"), `max-length:10, replacements:%s:"very long text"`, "", true},
		{"markup counts", id, one("hi <mrk>%s</mrk>"), one("ahoj <mrk>%s</mrk>"), "max-length:10", "", true},
		{"markup stripped with xml-text", id, one("hi <mrk>%s</mrk>"), one("ahoj <mrk>%s</mrk>"), "max-length:10, xml-text", "", false},
		{"broken markup kept", id, one("hi <mrk>%s</mrk>"), one("ahoj <mrk>%s</mk>"), "max-length:10, xml-text", "", true},
		{"entities resolved", id, one("a"), one("a &amp; b &lt;c&gt;"), "max-length:9, xml-text", "", false},
		{"unknown entity keeps the text", id, one("a"), one("a&nbsp;b"), "max-length:3, xml-text", "", true},
		{"any plural form", id, []string{"%d file", "%d files"}, []string{"%d soubor", "%d soubory", "%d souborů tady"}, "max-length:10", "", true},
	})
}
