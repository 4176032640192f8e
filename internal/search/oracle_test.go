package search

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// The oracle test compares the Go parser with testdata/oracle.py, which builds
// Weblate's grammar with pyparsing 3.0.9 and converts values with Python's int()
// and python-dateutil 2.8.2 — the versions Weblate 4.18 runs with. Both sides
// describe a query the same way: the tree of groups and terms, each term with its
// converted value, or the error message.

var oracleNow = time.Date(2023, 6, 15, 10, 20, 30, 0, time.UTC)

func oraclePython(t *testing.T) string {
	t.Helper()
	outside.Short(t, "Weblate's query grammar in pyparsing")
	const py = "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		t.Skip("oracle: /usr/bin/python3 is missing")
	}
	if err := exec.Command(py, "-c", "import pyparsing, dateutil.parser; assert pyparsing.__version__.startswith('3.')").Run(); err != nil {
		t.Skipf("oracle: python3 lacks pyparsing 3 or dateutil: %v", err)
	}
	return py
}

type oracleAnswer struct {
	Tree      *string `json:"tree"`
	Error     *string `json:"error"`
	Recursion bool    `json:"recursion"`
	Matches   *[]int  `json:"matches"` // when units were given and the query reads only text
}

type oracleUnit struct {
	Source  []string `json:"source"`
	Target  []string `json:"target"`
	Context string   `json:"context"`
}

func runOracle(t *testing.T, queries []string) []oracleAnswer {
	t.Helper()
	return runOracleOn(t, queries, nil)
}

// runOracleOn asks the oracle for each query's reading and, when units are given,
// for the units a text search selects.
func runOracleOn(t *testing.T, queries []string, units []Unit) []oracleAnswer {
	t.Helper()
	py := oraclePython(t)
	var ou []oracleUnit
	for _, u := range units {
		ou = append(ou, oracleUnit{u.Source, u.Target, u.Context})
	}
	var in strings.Builder
	for _, q := range queries {
		req := map[string]any{"q": q, "now": oracleNow.Format("2006-01-02T15:04:05")}
		if units != nil {
			req["units"] = ou
		}
		b, _ := json.Marshal(req)
		in.Write(b)
		in.WriteByte('\n')
	}
	cmd := exec.Command(py, "testdata/oracle.py")
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	var answers []oracleAnswer
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a oracleAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("oracle output %q: %v", sc.Text(), err)
		}
		answers = append(answers, a)
	}
	if len(answers) != len(queries) {
		t.Fatalf("oracle answered %d of %d queries", len(answers), len(queries))
	}
	return answers
}

// pyJSON is json.dumps(s) with Python's default ensure_ascii.
func pyJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r >= 0x20 && r <= 0x7e:
				b.WriteRune(r)
			case r > 0xffff:
				r -= 0x10000
				fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
			default:
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

const unsupportedMark = "UNSUPPORTED"

func (n pyInteger) String() string {
	if n.over != 0 {
		return n.big
	}
	return fmt.Sprint(n.v)
}

// describe writes a parsed query as oracle.py does.
func describe(q string, now time.Time) (string, *Error) {
	tree, err := parseTree(q)
	if err != nil {
		return "", err.(*Error)
	}
	if tree == nil {
		return "EMPTY", nil
	}
	c := &compiler{now: now, fields: map[Field]bool{}}
	return c.describe(tree)
}

func (c *compiler) describe(n *node) (string, *Error) {
	if n.op != "" {
		parts := make([]string, len(n.items))
		for i, it := range n.items {
			s, err := c.describe(it)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "(" + n.op + " " + strings.Join(parts, " ") + ")", nil
	}
	if !n.hasField {
		if n.val.kind != valString {
			return "[- : o]", nil
		}
		return "[- : s:" + pyJSON(n.val.text) + "]", nil
	}
	wrap := func(s string) string { return "[" + n.field + " " + n.operator + " " + s + "]" }
	if n.field == "is" || n.field == "has" {
		var err *Error
		if n.field == "is" {
			_, err = c.isField(n.val)
		} else {
			_, err = c.hasField(n.val)
		}
		if err != nil && err.Unsupported == "" {
			return "", err
		}
		return wrap(n.field + ":" + n.val.text), nil
	}
	v, err := c.convert(n)
	if err != nil {
		if err.Unsupported != "" {
			return unsupportedMark, nil
		}
		return "", err
	}
	var out string
	switch v.kind {
	case 'i':
		out = "i:" + v.i.String()
	case 'I':
		ns := slices.Clone(v.set)
		slices.SortFunc(ns, func(a, b pyInteger) int {
			if a.over != 0 || b.over != 0 {
				return int(a.over) - int(b.over)
			}
			return a.cmp(b.v)
		})
		ns = slices.Compact(ns)
		var ss []string
		for _, x := range ns {
			ss = append(ss, x.String())
		}
		out = "I:" + strings.Join(ss, ",")
	case 'b':
		out = fmt.Sprintf("b:%t", v.b)
	case 't':
		f := func(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000Z") }
		if v.t.span {
			out = "span:" + f(v.t.from) + "/" + f(v.t.to)
		} else {
			out = "at:" + f(v.t.at)
		}
	case 'r':
		if _, err := c.term(n); err != nil && strings.HasPrefix(err.Message, "Invalid regular expression") {
			return "", err
		}
		out = "r:" + pyJSON(v.text)
	case 'o':
		out = "o"
	default:
		out = "s:" + pyJSON(v.text)
	}
	f := n.field
	if !plainFields[f] && !stringFieldMap[f] && !exactFieldMap[f] && !nontextFields[f] {
		return "", errorf("Unsupported field: %s", f)
	}
	return wrap(out), nil
}

// checkAgainstOracle compares one query's Go reading with the oracle's.
func checkAgainstOracle(t *testing.T, q string, a oracleAnswer) {
	t.Helper()
	got, err := describe(q, oracleNow)
	switch {
	case a.Recursion:
		t.Errorf("%q: Python overflowed its stack; the generator should not make such queries", q)
	case a.Error != nil:
		want := *a.Error
		if err == nil {
			t.Errorf("%q: Weblate refuses it (%s), gitlate reads %s", q, want, got)
			return
		}
		if strings.HasPrefix(want, "Invalid regular expression: ") {
			// Python's re and Go's regexp word their errors differently.
			if !strings.HasPrefix(err.Message, "Invalid regular expression: ") {
				t.Errorf("%q: error %q, want a regular expression error (%q)", q, err.Message, want)
			}
			return
		}
		if err.Message != want {
			t.Errorf("%q:\n got error %q\nwant error %q", q, err.Message, want)
		}
	case a.Tree != nil:
		if err != nil {
			if err.Unsupported != "" || strings.Contains(*a.Tree, "nested") && strings.HasPrefix(err.Message, "Invalid range") {
				return
			}
			t.Errorf("%q: Weblate reads %s, gitlate refuses it: %s", q, *a.Tree, err.Message)
			return
		}
		if strings.Contains(got, unsupportedMark) {
			return
		}
		if got != *a.Tree {
			t.Errorf("%q:\n got %s\nwant %s", q, got, *a.Tree)
		}
	}
}

// oracleQueries are hand-picked: Weblate's own test queries
// (weblate/utils/tests/test_search.py) and the corners of the grammar.
var oracleQueries = []string{
	// Weblate's tests
	"hello world", `"hello world"`, "'hello world'", `key:"hello world"`, "context:'hello world'",
	"note:TEXT", "location:TEXT", "comment:TEXT", "resolved_comment:TEXT", "comment_author:nijel",
	"source:hello target:world", "location:hello.c", "source:='hello'", `source:="hello world"`,
	"source:='hello world'", "source:=hello", `source:r"^hello"`, `source:r"^(hello"`,
	"source:hello AND NOT target:world", "source:hello OR target:world", "",
	"changed:inval AND target:world", "changed:2018", "change_time:2018 AND change_action:marked-for-edit",
	"change_time:2018 AND change_action:'Marked for edit'", "changed:>20190301", "changed:>2019-03-01",
	"changed:2019-03-01", "changed:>=2010-01-", "changed:[2019-03-01 to 2019-04-01]",
	"added:>2019-03-01", "pending:true", "nonexisting:true", "state:>=empty", "state:>=translated",
	"state:<translated", "state:translated", "state:needs-editing", "state:invalid",
	"state:translated AND ( source:hello OR source:bar )", "state:translated AND (source:hello OR source:bar)",
	"language:cs", `language:r".*"`, "component:hello", "project:hello", "<b>bold</b>",
	"has:plural", "has:suggestion", "has:check", "has:comment", "has:note", "has:resolved-comment",
	"has:dismissed-check", "has:translation", "has:variant", "has:label", "has:context", "has:screenshot",
	"has:flags", "has:explanation", "has:glossary", "is:pending", "is:translated", "is:untranslated",
	"is:approved", "is:read-only", "is:fuzzy", "changed_by:nijel", "explanation:text", "suggestion:text",
	"suggestion_author:nijel", "check:ellipsis", "dismissed_check:ellipsis", "label:'test label'",
	"screenshot:'test screenshot'", "priority:10", "priority:>=10", "id:100", "id:100,900",
	"target:<name>", "[one to other]", "state:<translated or state:empty", "changed:>=01/20/2020",
	"changed:2020-03-27", "%(count)s word", "'%(count)s' 'word'", "{actor}", "'{actor}'",
	"to %{_topdir}", "https://weblate.org/", "'https://weblate.org/'", "'", `"'"`, `"`, `'"'`,
	"source:'", `source:"'"`, `source:"`, `source:'"'`,
	// the grammar's corners: operators, parentheses, empty terms
	"state:<<<", "a OR b AND c", "a AND b OR c", "a b OR c", "NOT a", "NOT NOT a", "NOT", "a NOT b",
	"a OR", "a AND", "OR", "AND b", "(a", "a)", "a )", "(a OR b) c", "((a))", "( )", "()", "a (b c) d",
	"source: hello", "source :hello", "source:<foo", "source:>=foo", "key:<foo", "explanation:>b",
	`source:<r"x"`, "source:<[1 to 2]", "source:[1 to 2]", "state:[1 to 2]", "priority:[1 to 2]",
	"id:[1 to 2]", "pending:[1 to 2]", `state:r"x"`, `priority:r"x"`, `id:r"x"`, `pending:r"x"`,
	`changed:r"x"`, `is:r"x"`, `has:[a to b]`, `r"bare"`, `r "spaced"`, "rabbit", `source:r "x"`,
	"position:5", "position:>=5", "position:abc", "priority:' 7 '", "id:1,", "id:1,2,2",
	"id:99999999999999999", "state:20", "state:100", "state:Translated", "is:Translated", "IS:translated",
	"HTTP://x", "ftp://x", "mailto:a@b", "https:foo", "foo123:bar", "a_b:c", "bool:yes", "bool:maybe",
	"int:12", "int:x", "datetime:2020", "pending:maybe", "pending:NO",
	"changed:[2019 to 2020]", "changed:[2019-01-01 to 2020]", "changed:[2019-01-01T10:00 to 2019-01-02]",
	"changed:2019-13-01", "changed:2019-02-30", "changed:0000", "changed:03-01", "changed:15",
	"changed:190301", "changed:2019-03-01T10:00", "changed:2019-03-01T10:00Z", `changed:"2019-03-01 10:00:05.25"`,
	`changed:"2019-03-01 10:00 +02:00"`, `changed:"2019-03-01 10:00 UTC"`, `changed:"2019-03-01 10:00 GMT+3"`,
	"changed:T", "changed:-", "changed:2019.03.01", "changed:01.02.2020", "changed:20190301T1030",
	"changed:10:30", "changed:123", "changed:12345", "changed:2019-03", "changed:45",
	"changed:201903011030", "changed:20190301103045", `changed:"10h"`, `changed:"10 h"`,
	"a\tb", "'a\tb'", "a\nb", "source:'a\\nb'", `source:"a\"b"`, `source:"a\\b"`, `source:"a\\\\nb"`,
	`source:'it\'s'`, `source:"unterminated`, "source:'x\ny'", "x\x00y",
	"éé", "ünïcödé word", ") x", "a b c d e f", "a OR b OR c", "a AND b AND c", "a or b and c",
	"a Or b", "ORacle", "ANDroid NOTes", "(a OR b) AND (c OR d)", "NOT (a OR b)", "source:(foo)",
	"source:", "source:=", "source:<=", ":foo", "::", "a:b:c", "[2019 to 2020]", "[",
	"a\n) b", "a\n( b", "a\r\n) b", "\tx )", "x\t\t)", "ǅ AND", "ıAND x", "a$AND b", "a_OR b",
}

func TestParserMatchesPyparsing(t *testing.T) {
	t.Parallel()
	answers := runOracle(t, oracleQueries)
	for i, q := range oracleQueries {
		checkAgainstOracle(t, q, answers[i])
	}
}

// genQuery makes a random query out of the grammar's pieces, nesting at most two
// parentheses deep (pyparsing's time grows fourfold with each level).
func genQuery(r *rand.Rand) string {
	pieces := []string{
		"source", "target", "context", "key", "note", "state", "is", "has", "changed", "added", "id",
		"priority", "position", "language", "component", "pending", "foo", "http", "explanation",
		":", ":=", ":<", ":<=", ":>", ":>=", ":", ":",
		"AND", "and", "OR", "or", "NOT", "not", "ORx", "ANDY",
		"hello", "wor'ld", `"quoted text"`, "'single'", `"esc\"aped"`, `'a\'b'`, `"back\\slash"`, `"\n"`,
		`r"^h.l+o"`, `r"(a|b)"`, `r"["`, `r"a{2}"`, "r", "[2019-01-01 to 2019-02-01]", "[1 to 2]", "[x to y]",
		"translated", "empty", "needs-editing", "approved", "read-only", "plural", "context", "untranslated",
		"2019", "2019-03-01", "03/04/2020", "20190301", "2019-03-01T10:00", "10:30", "1,2,3", "42", "-1",
		"(", ")", "(", ")", " ", " ", " ", "  ", "\t", "\n", "é", "ß", "日本", "%s", "<b>", "=", "<", ">",
		",", ".", "-", "_", "$", "\\", "'", `"`, "x", "Y", "0",
	}
	fields := []string{"source", "target", "key", "state", "is", "has", "changed", "added", "id", "position",
		"pending", "component", "language", "priority", "bool", "nope", "change_time", "check"}
	ops := []string{":", ":=", ":<", ":<=", ":>", ":>=", " : "}
	values := []string{"hello", `"a b"`, `'c\'d'`, `r"^x+"`, `r"(x"`, "[2019-01-01 to 2019-02-01]", "[2019 to x]",
		"translated", "20", "1,2", "abc", "2019", "2019-03-01", "20190301", "2019-03-01T10:00", `"2019-03-01 10:00 +01:00"`,
		"03/04/2020", "15", "13-14", "true", "Off", "plural", "fuzzy", "", ")", "(x)", "<b>", "99999999999999999999"}
	var b strings.Builder
	depth := 0
	for n := 1 + r.Intn(12); n > 0; n-- {
		p := pieces[r.Intn(len(pieces))]
		if r.Intn(3) == 0 {
			p = fields[r.Intn(len(fields))] + ops[r.Intn(len(ops))] + values[r.Intn(len(values))]
		}
		switch p {
		case "(":
			if depth >= 2 {
				p = "x"
			} else {
				depth++
			}
		case ")":
			if depth == 0 {
				p = ") "
			} else {
				depth--
			}
		}
		b.WriteString(p)
		if r.Intn(3) > 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func TestParserMatchesPyparsingRandom(t *testing.T) {
	t.Parallel()
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewSource(4180))
	queries := make([]string, n)
	for i := range queries {
		queries[i] = genQuery(r)
		if !utf8.ValidString(queries[i]) {
			t.Fatal("generator made invalid UTF-8")
		}
	}
	answers := runOracle(t, queries)
	for i, q := range queries {
		checkAgainstOracle(t, q, answers[i])
	}
}

// genDate makes date-like text out of what dateutil's numeric grammar reads:
// numbers of every length, separators, "T", time zones, h/m/s labels and jump words.
func genDate(r *rand.Rand) string {
	pieces := []string{
		"2019", "2020", "1999", "03", "3", "01", "13", "31", "32", "29", "00", "12", "24", "59", "60", "99",
		"123", "12345", "190301", "20190301", "201903011030", "20190301103045", "1030", "103045", "10.5",
		"05.250", "1.2.3", "10,5", "0", "-", "/", ".", ":", " ", " ", "T", "t", "Z", "z", "UTC", "GMT", "CET",
		"+", "-", "+02:00", "+0200", "-3", "h", "m", "s", "at", "of", "on", "st", "th", ",", ";", "'",
		"x", "AB", "nan", "1e5",
	}
	var b strings.Builder
	for n := 1 + r.Intn(7); n > 0; n-- {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	return b.String()
}

func TestDatesMatchDateutil(t *testing.T) {
	t.Parallel()
	n := 4000
	if testing.Short() {
		n = 400
	}
	r := rand.New(rand.NewSource(2023))
	queries := make([]string, n)
	for i := range queries {
		d := genDate(r)
		if slices.ContainsFunc(dateTokens(d), func(s string) bool { return dateNames[strings.ToLower(s)] }) {
			d = "2019-03-01" // dateutil reads month and weekday names, gitlate does not
		}
		queries[i] = `changed:"` + strings.ReplaceAll(strings.ReplaceAll(d, `\`, `\\`), `"`, `\"`) + `"`
		if r.Intn(4) == 0 {
			queries[i] = "added:[" + d + " to 2020-01-01]"
		}
	}
	answers := runOracle(t, queries)
	for i, q := range queries {
		if e := answers[i].Error; e != nil && strings.HasPrefix(*e, "Python int too large to convert to C int") {
			// a time zone offset of more digits than a C int: Python fails inside
			// timedelta, gitlate on the 24-hour limit
			continue
		}
		checkAgainstOracle(t, q, answers[i])
	}
}

// textUnits hold what text searches trip on: quotes, the LIKE wildcards % and _,
// a backslash, short and long needles in both cases, plural forms.
var textUnits = append(slices.Clone(testUnits),
	Unit{ID: 8, Source: []string{"100% done_now"}, Target: []string{"Hotovo na 100 %"}, Context: "pct"},
	Unit{ID: 9, Source: []string{`C:\path 'single'`}, Target: []string{`"`}, Context: `a"b`},
	Unit{ID: 10, Source: []string{"ÉCOLE école"}, Target: []string{"AB ab Ab"}, Context: "École"},
	Unit{ID: 11, Source: []string{"one", "many"}, Target: []string{"jeden", "mnoho", "mnoha"}},
)

// textQueries include the unclosed quote: Weblate's grammar reads source:" as a
// search for the word ", which has no letter or digit, so PostgreSQL runs a
// case-sensitive LIKE '%"%': the strings whose source holds a double quote, not
// every string. An empty quoted needle (source:"") is LIKE '%%', every string.
var textQueries = []string{
	`source:"`, `"`, `source:""`, `source:''`, `'"'`, `source:'`, `source:"abc`, `target:"`, `key:"`,
	`source:%`, `source:%d`, `source:_`, `_`, `%`, `source:\`, `\\`, `source:"\\"`, `100%`, "done_now",
	"ab", "AB", "Ab", "abc", "ABC", "école", "ÉCOLE", "éco", "ÉC", "source:=ab", "target:=AB", "key:=pct",
	"source:one", "source:\x1e", "mnoha", "jeden", "a b", `"a b"`, "NOT source:\"", `source:" OR x`,
	`source:"unterminated words`, `r"x"`, "source:<b>", "hello OR %", "NOT \"\"",
}

// TestTextMatchesAgreeWithOracle compares the strings text searches select with
// the oracle's model of Weblate's PostgreSQL lookups (ILIKE, or LIKE for needles
// of fewer than three letters or digits), on hand-picked queries and random ones
// made of words, quotes and wildcards.
func TestTextMatchesAgreeWithOracle(t *testing.T) {
	t.Parallel()
	queries := slices.Clone(textQueries)
	r := rand.New(rand.NewSource(1))
	pieces := []string{"source:", "target:", "key:", "source:=", "", "", "\"", "'", "%", "_", "\\", "ab", "AB",
		"hello", "World", "école", "ÉCOLE", "100", "one", "OR", "AND", "NOT", "(", ")", " ", " ", " "}
	for range 300 {
		var b strings.Builder
		for n := 1 + r.Intn(6); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		queries = append(queries, b.String())
	}
	answers := runOracleOn(t, queries, textUnits)
	compared := 0
	for i, q := range queries {
		a := answers[i]
		if a.Matches == nil {
			continue
		}
		query, err := parseAt(q, oracleNow)
		if err != nil {
			t.Errorf("%q: Weblate selects %v, gitlate refuses it: %v", q, *a.Matches, err)
			continue
		}
		var got []int
		for j := range textUnits {
			if query.Match(&textUnits[j]) {
				got = append(got, j)
			}
		}
		if !slices.Equal(got, *a.Matches) && !(len(got) == 0 && len(*a.Matches) == 0) {
			t.Errorf("%q selects units %v, Weblate %v", q, got, *a.Matches)
		}
		compared++
	}
	t.Logf("%d of %d queries compared", compared, len(queries))
	if compared < len(textQueries) {
		t.Errorf("only %d of %d queries compared", compared, len(queries))
	}
}
