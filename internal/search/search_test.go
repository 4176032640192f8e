package search

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

func date(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// testUnits cover each field a query can read; the expectations below are counted
// by hand from these values.
var testUnits = []Unit{
	{
		ID: 1, Position: 1, Source: []string{"Hello world"}, Target: []string{"Ahoj světe"},
		Context: "greeting", Note: "Shown on start", Location: "src/main.c:10, src/ui.c:20",
		State: 20, Priority: 100, Language: "cs", Component: "app", ComponentName: "Application", Project: "demo",
		Added:   date("2019-03-01T10:00:00Z"),
		Changed: []time.Time{date("2019-03-01T10:00:00Z"), date("2020-03-27T12:00:00Z")},
		Checks:  []string{"end_exclamation"},
	},
	{
		ID: 2, Position: 2, Source: []string{"%d file", "%d files"}, Target: []string{"%d soubor", "%d soubory", "%d souborů"},
		Explanation: "Count of files", State: 10, Priority: 100, Language: "cs", Component: "app",
		ComponentName: "Application", Project: "demo", Added: date("2020-01-20T08:00:00Z"),
		Changed: []time.Time{date("2020-01-20T08:00:00Z")},
		Checks:  []string{"c_format", "plurals"},
	},
	{
		ID: 3, Position: 3, Source: []string{"Bold <b>text</b>"}, Target: []string{""}, Context: "bold",
		State: 0, Priority: 100, Language: "cs", Component: "app", ComponentName: "Application", Project: "demo",
	},
	{
		ID: 4, Position: 4, Source: []string{"Read only"}, Target: []string{"Jen ke čtení"},
		State: 100, Priority: 100, Language: "cs", Component: "app", ComponentName: "Application", Project: "demo",
	},
	{
		ID: 5, Position: 5, Source: []string{"Approved string"}, Target: []string{"Schválený řetězec"},
		ExtraFlags: "max-length:10", State: 30, Priority: 100, Language: "cs", Component: "app",
		ComponentName: "Application", Project: "demo",
	},
	{
		ID: 6, Position: 1, Source: []string{"ab"}, Target: []string{"AB"},
		State: 20, Priority: 100, Language: "de", Component: "web", ComponentName: "Website", Project: "demo",
	},
	{
		ID: 7, Position: 6, Source: []string{`Say "hi"`}, Target: []string{`Řekni "ahoj"`},
		State: 20, Priority: 100, Language: "cs", Component: "app", ComponentName: "Application", Project: "demo",
	},
}

var allIDs = []int{1, 2, 3, 4, 5, 6, 7}

func TestMatch(t *testing.T) {
	t.Parallel()
	now := date("2023-06-15T10:20:30Z")
	cases := []struct {
		q    string
		want []int
	}{
		{"", allIDs},
		{"   ", allIDs},
		// bare words: source, target or context; ILIKE from three alphanumerics on
		{"hello", []int{1}},
		{"HELLO", []int{1}},
		{"greet", []int{1}},
		{"světe", []int{1}},
		{"SVĚTE", []int{1}},
		// fewer than three alphanumerics: a case-sensitive LIKE
		{"ab", []int{6}},
		{"AB", []int{6}},
		{"Ab", nil},
		{"%d", []int{2}},
		// implicit AND, OR, NOT, precedence and parentheses
		{"hello world", []int{1}},
		{"hello only", nil},
		{"source:hello OR source:read", []int{1, 4}},
		{"hello OR read AND only", []int{1, 4}},
		{"world OR only AND approved", []int{1}},
		{"(hello OR read) AND world", []int{1}},
		{"hello only OR approved", []int{1, 4, 5}}, // one OR makes the whole group OR
		{"NOT has:context", []int{2, 4, 5, 6, 7}},
		// quality checks: an exact (case-blind) id among the failing ones; none is dismissed
		{"has:check", []int{1, 2}},
		{"has:failing-check", []int{1, 2}},
		{"NOT has:check", []int{3, 4, 5, 6, 7}},
		{"check:plurals", []int{2}},
		{"check:PLURALS", []int{2}},
		{"check:plural", nil},
		{"check:end_exclamation OR check:c_format", []int{1, 2}},
		{`check:r"^end_"`, []int{1}},
		{"dismissed_check:plurals", nil},
		{"has:dismissed-check", nil},
		{"NOT NOT hello", []int{1}},
		{"NOT NOT NOT hello", []int{2, 3, 4, 5, 6, 7}},
		{"NOT NOT NOT NOT hello", []int{1}},
		{"NOT (NOT (NOT hello))", []int{2, 3, 4, 5, 6, 7}},
		{"hello AND NOT world", nil},
		{"NOT (hello OR ab)", []int{2, 3, 4, 5, 7}},
		{"hello or ab", []int{1, 6}},
		// quoting and escapes
		{"'hello world'", []int{1}},
		{`"world hello"`, nil},
		{`source:"Say \"hi\""`, []int{7}},
		{`'Say "hi"'`, []int{7}},
		{`source:"<b>text</b>"`, []int{3}},
		// an unclosed quote is the word ", searched with a case-sensitive LIKE
		{`source:"`, []int{7}},
		{`"`, []int{7}},
		{`source:""`, allIDs}, // LIKE '%%'
		{`source:"abc`, nil},
		{"source:<b>", []int{3}}, // the operator is searched for as text
		// exact
		{"source:='Read only'", []int{4}},
		{"source:='read only'", nil},
		// states
		{"state:<translated", []int{2, 3}},
		{"state:>=translated", []int{1, 4, 5, 6, 7}},
		{"state:translated", []int{1, 6, 7}},
		{"state:20", []int{1, 6, 7}},
		{"state:100", []int{4}},
		{"state:read-only", []int{4}},
		{"state:empty", []int{3}},
		{"state:needs-editing", []int{2}},
		{"state:approved", []int{5}},
		{"state:<=10", []int{2, 3}},
		{"is:translated", []int{1, 4, 5, 6, 7}},
		{"is:untranslated", []int{2, 3}},
		{"is:fuzzy", []int{2}},
		{"is:needs-editing", []int{2}},
		{"is:approved", []int{5}},
		{"is:read-only", []int{4}},
		{"is:readonly", []int{4}},
		{"is:pending", nil},
		// has
		{"has:plural", []int{2}},
		{"has:context", []int{1, 3}},
		{"has:note", []int{1}},
		{"has:explanation", []int{2}},
		{"has:flags", []int{5}},
		{"has:translation", []int{1, 4, 5, 6, 7}},
		{"has:suggestion", nil},
		{"has:comment", nil},
		{"has:label", nil},
		{"has:glossary", nil},
		// text fields
		{"key:greet", []int{1}},
		{"context:BOLD", []int{3}},
		{"note:start", []int{1}},
		{"location:ui.c", []int{1}},
		{"explanation:count", []int{2}},
		{"target:souborů", []int{2}},
		{"key:<c", []int{2, 3, 4, 5, 6, 7}}, // key is compared as text: "" and "bold" sort before "c"
		{"suggestion:x", nil},
		{"NOT comment:x", allIDs},
		// regular expressions: case-sensitive, over the joined plural forms
		{`source:r"^Hello"`, []int{1}},
		{`source:r"^hello"`, nil},
		{`source:r"files$"`, []int{2}},
		{`target:r"ů$"`, []int{2}},
		{`target:r"soubor\x1e"`, []int{2}},
		{`language:r"^d"`, []int{6}},
		// numbers
		{"id:2", []int{2}},
		{"id:2,4", []int{2, 4}},
		{"id:7,99999999999999999999,2,-3", []int{2, 7}},
		{"id:>5", []int{6, 7}},
		{"id:99999999999999999999", nil},
		{"id:<99999999999999999999", allIDs},
		{"position:<=2", []int{1, 2, 6}},
		{"priority:100", allIDs},
		{"priority:>100", nil},
		{"pending:false", allIDs},
		{"pending:true", nil},
		// language, component, project
		{"language:CS", []int{1, 2, 3, 4, 5, 7}},
		{"language:=CS", nil},
		{"language:c", nil},
		{"component:APP", []int{1, 2, 3, 4, 5, 7}},
		{"component:site", []int{6}}, // the component's name contains it
		{"component:=App", []int{1, 2, 3, 4, 5, 7}},
		{"project:demo", allIDs},
		{"project:dem", nil},
		// dates: a day, a year, comparisons, ranges
		{"changed:2019-03-01", []int{1}},
		{"changed:2020", []int{1, 2}},
		{"changed:>2020-01-21", []int{1}},
		{"changed:>2020-01-20", []int{1, 2}}, // > on a day is from its start
		{"changed:<2019-03-01", []int{1}},    // < on a day is up to its end
		{"changed:<2019-02-28", nil},
		{"changed:[2019-03-01 to 2019-03-02]", []int{1}},
		{"changed:03/27/2020", []int{1}},
		{"changed:20200327", []int{1}},
		{"changed:2019-03-01T10:00:00Z", []int{1}},
		{"changed:>2019-03-01T10:00:00Z", []int{1, 2}},
		{"added:>=2020-01-20", []int{2}},
		{"added:2019", []int{1}},
		{"added:<2000", []int{3, 4, 5, 6, 7}}, // an unknown time is before every date
	}
	for _, c := range cases {
		q, err := parseAt(c.q, now)
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		var got, gotM []int
		m := q.Matcher() // one for all units: what it keeps of one must not leak to the next
		for i := range testUnits {
			if q.Match(&testUnits[i]) {
				got = append(got, testUnits[i].ID)
			}
			if m.Match(&testUnits[i]) {
				gotM = append(gotM, testUnits[i].ID)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q matches %v, want %v", c.q, got, c.want)
		}
		if !slices.Equal(gotM, got) {
			t.Errorf("%q: a Matcher matches %v, Match %v", c.q, gotM, got)
		}
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q, msg, unsupported string
	}{
		{"state:<<<", "Unsupported state: <<", ""},
		{"state:invalid", "Unsupported state: invalid", ""},
		{"(hello", "Expected end of text, found '('  (at char 0), (line:1, col:1)", ""},
		{"hello )", "Expected end of text, found ')'  (at char 6), (line:1, col:7)", ""},
		{"a OR", "Expected end of text, found 'OR'  (at char 2), (line:1, col:3)", ""},
		{"a\n) b", "Expected end of text, found ')'  (at char 2), (line:2, col:1)", ""},
		{"nonexisting:true", "Unsupported field: nonexisting", ""},
		{"changed:inval", "Invalid timestamp: Unknown string format: inval", ""},
		{"changed:2019-13-01", "Invalid timestamp: month must be in 1..12: 2019-13-01", ""},
		{"id:1,", "invalid literal for int() with base 10: ''", ""},
		{"pending:maybe", "Invalid boolean value: maybe", ""},
		{"is:nothing", "Unsupported is lookup: nothing", ""},
		{"has:nothing", "Unsupported has lookup: nothing", ""},
		{"a\x00b", "Invalid query string.", ""},
		{`source:<r"x"`, `can only concatenate str (not "RegexExpr") to str`, ""},
		{"has:variant", "Unsupported lookup in gitlate: has:variant (gitlate does not group string variants)", "has:variant"},
		{"changed_by:nijel", "Unsupported lookup in gitlate: changed_by (gitlate does not keep Weblate user names)", "changed_by"},
		{strings.Repeat("(", 21) + "a" + strings.Repeat(")", 21), "maximum recursion depth exceeded", ""},
	}
	for _, c := range cases {
		_, err := Parse(c.q)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: error %v, want *Error", c.q, err)
			continue
		}
		if e.Message != c.msg || e.Unsupported != c.unsupported {
			t.Errorf("%q: error %q (unsupported %q), want %q (%q)", c.q, e.Message, e.Unsupported, c.msg, c.unsupported)
		}
	}
	if _, err := Parse(strings.Repeat("(", 20) + "a" + strings.Repeat(")", 20)); err != nil {
		t.Errorf("20 levels of parentheses: %v", err)
	}
}

func TestFields(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q    string
		want []Field
	}{
		{"", nil},
		{"hello", []Field{FieldSource, FieldTarget, FieldContext}},
		{"changed:2019 AND NOT added:2020", []Field{FieldAdded, FieldChanged}},
		{"is:translated OR has:plural", []Field{FieldSource, FieldState}},
		{"is:pending", nil},
		{"component:x language:y key:z", []Field{FieldContext, FieldLanguage, FieldComponent}},
	}
	for _, c := range cases {
		q, err := Parse(c.q)
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		if got := q.Fields(); !slices.Equal(got, c.want) {
			t.Errorf("%q reads %v, want %v", c.q, got, c.want)
		}
		if q.Reads(FieldChanged) != slices.Contains(c.want, FieldChanged) {
			t.Errorf("%q: Reads(FieldChanged) disagrees with Fields", c.q)
		}
	}
	if got := FieldChanged.String(); got != "changed" {
		t.Errorf("FieldChanged.String() = %q", got)
	}
	var zero *Query
	if !zero.Match(&testUnits[0]) || zero.Fields() != nil {
		t.Error("a nil Query must match everything and read nothing")
	}
}

// TestDetail checks the 400 body against Python's json.dumps as DRF's
// JSONRenderer calls it (compact separators, ensure_ascii off, U+2028 and U+2029
// escaped afterwards).
func TestDetail(t *testing.T) {
	t.Parallel()
	msgs := []string{
		"Unsupported state: <<",
		"Unsupported state: a\"b\\c",
		"Unsupported state: čeština\u2028\u2029\x01\x7f\t",
	}
	want := map[string]string{
		msgs[0]: `["Could not parse query string: Unsupported state: <<"]`,
		msgs[1]: `["Could not parse query string: Unsupported state: a\"b\\c"]`,
		msgs[2]: "[\"Could not parse query string: Unsupported state: čeština\\u2028\\u2029\\u0001\x7f\\t\"]",
	}
	for _, m := range msgs {
		got := string((&Error{Message: m}).Detail())
		if got != want[m] {
			t.Errorf("Detail(%q) = %s, want %s", m, got, want[m])
		}
	}
	outside.Short(t, "Python's json.dumps")
	py := "/usr/bin/python3"
	for _, m := range msgs {
		out, err := exec.Command(py, "-c", `import json, sys
s = json.dumps(["Could not parse query string: " + sys.argv[1]], ensure_ascii=False, separators=(",", ":"))
sys.stdout.write(s.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))`, m).Output()
		if err != nil {
			t.Skipf("python3: %v", err)
		}
		if got := string((&Error{Message: m}).Detail()); got != string(out) {
			t.Errorf("Detail(%q) = %s, Python writes %s", m, got, out)
		}
	}
}

func TestPyRepr(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"abc":    `'abc'`,
		"it's":   `"it's"`,
		`a'"b`:   `'a\'"b'`,
		"\n\t\\": `'\n\t\\'`,
		"\x01é":  `'\x01é'`,
		"\u200b": `'\u200b'`,
	}
	for in, want := range cases {
		if got := pyRepr(in); got != want {
			t.Errorf("pyRepr(%q) = %s, want %s", in, got, want)
		}
	}
}
