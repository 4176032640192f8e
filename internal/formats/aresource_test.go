package formats

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// unescapeCases are the Android text rules, one per row. Expected values were
// worked out by hand from translate-toolkit 3.9.2's aresource.unescape;
// TestTTKUnescape checks every row against translate-toolkit (3.8.4, its answers
// turned into 3.9.2's as ttk392_test.go describes).
var unescapeCases = []struct {
	name  string
	in    string
	strip bool
	want  string
	err   bool
}{
	{"plain text unchanged", "Hello world", true, "Hello world", false},
	{"empty", "", true, "", false},
	{"space run collapses", "a   b", true, "a b", false},
	{"newline and tab collapse with spaces", "a \n\t b", true, "a b", false},
	{"lone newline becomes a space", "a\nb", true, "a b", false},
	{"lone tab becomes a space", "a\tb", true, "a b", false},
	{"leading and trailing white space stripped", "  a b  ", true, "a b", false},
	{"single leading space stripped", " ab", true, "ab", false},
	{"single trailing space stripped", "ab ", true, "ab", false},
	{"no stripping keeps one space at the ends", "  a  b  ", false, " a b ", false},
	{"quotes removed", `"abc"`, true, "abc", false},
	{"white space kept inside quotes", `"a   b"`, true, "a   b", false},
	{"quoted then unquoted", `"a  b"  c`, true, "a  b c", false},
	{"unbalanced quote collapses at the end", `a"  b  `, true, "a  b", false},
	{`\n is a newline`, `a\nb`, true, "a\nb", false},
	{`\N is a newline too`, `a\Nb`, true, "a\nb", false},
	{`\n swallows one space before it`, `a \n b`, true, "a\n b", false},
	{`\n after a space run`, `a  \nb`, true, "a\nb", false},
	{`\t is a tab`, `a\tb`, true, "a\tb", false},
	{`backslash space is a space`, `a\ b`, true, "a b", false},
	{`escaped apostrophe`, `don\'t`, true, "don't", false},
	{`escaped double quote`, `say \"hi\"`, true, `say "hi"`, false},
	{`escaped at sign`, `\@string`, true, "@string", false},
	{`escaped question mark`, `\?`, true, "?", false},
	{`double backslash`, `a\\b`, true, `a\b`, false},
	{`\u with four hex digits`, `\u0041`, true, "A", false},
	{`\u short at the end is zero-padded`, `x\u41`, true, "xA", false},
	{`\u with non-hex letters fails`, `\u00zz`, true, "", true},
	{`\u with a Unicode decimal digit (Python int)`, "\\u\u0660\u0660\u0664\u0661", true, "A", false},
	{`\u surrogate becomes U+FFFD`, `\uD800`, true, "\uFFFD", false},
	{`a surrogate pair of \u escapes is one character`, `\uD83E\uDDD8 yoga`, true, "\U0001F9D8 yoga", false},
	{`a low surrogate before a high one is no pair`, `\uDDD8\uD83E`, true, "\uFFFD\uFFFD", false},
	{`a pair split by a quote is one character`, `"\uD83E"\uDDD8`, true, "\U0001F9D8", false},
	{`a high surrogate before a space`, `\uD83E x`, true, "\uFFFD x", false},
	{"a newline between quotes is kept (3.9)", "\"a\nb\tc d\"", true, "a\nb\tc d", false},
	{"quoted white space alone is kept (3.9)", "a\"\n\"b\"\t\"c\" \"d", true, "a\nb\tc d", false},
	{"a lone newline or tab outside quotes is a space", "a\nb\tc d", true, "a b c d", false},
	{"an unbalanced quote keeps a lone tab until the end", "a\"b\tc", true, "ab\tc", false},
	{"an unbalanced quote does not keep trailing white space", "a\"b\t", true, "ab", false},
	{`unknown escape drops both characters`, `a\qb`, true, "ab", false},
	{`character after a dropped escape is skipped (ttk accident)`, `\q\@`, true, `\@`, false},
	{`trailing backslash kept`, `a\`, true, `a\`, false},
	{`percent signs untouched`, "100%% done", true, "100%% done", false},
	{`leading white space run before a quote loses a character (ttk accident)`, "\n    \"text with  spaces  \"\n", true, "\"ext with  spaces  ", false},
	{`same without stripping`, "\n    \"text with  spaces  \"\n", false, " text with  spaces   ", false},
	{`two leading spaces and a quote`, `  "ab"`, true, `"b`, false},
	{`space runs after a stripped start are skipped (ttk accident)`, "  a  b  ", true, "a  b", false},
	{`\n after stripped white space`, `  \n`, true, `\n`, false},
	{"non-ASCII text", "Größe  日本", true, "Größe 日本", false},
}

func TestAndroidUnescape(t *testing.T) {
	for _, c := range unescapeCases {
		got, err := androidUnescape([]byte(c.in), c.strip)
		if c.err {
			if !errors.Is(err, errBadUnicodeEscape) {
				t.Errorf("%s: unescape(%q) = %q, %v; want bad unicode escape", c.name, c.in, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: unescape(%q, %v) = %q, %v; want %q", c.name, c.in, c.strip, got, err, c.want)
		}
	}
}

func TestUnescapeFastPathAgreesWithPort(t *testing.T) {
	for _, s := range []string{"", "a", "a b", "a b c", "x%y", "é ü", "a-b_c"} {
		for _, strip := range []bool{true, false} {
			if !unescapeIsIdentity([]byte(s), strip) {
				t.Errorf("%q should be on the fast path", s)
			}
			got, err := unescapeSlow([]byte(s), strip, false)
			if err != nil || got != s {
				t.Errorf("slow path changed %q (strip %v) to %q, %v", s, strip, got, err)
			}
		}
	}
}

func parseAndroid(t *testing.T, doc string) []Unit {
	t.Helper()
	f, err := androidFormat{}.Parse([]byte(doc))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, doc)
	}
	return f.Units
}

func TestAndroidUnits(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		want []Unit
	}{
		{
			"string and plurals",
			`<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app">NewPipe</string>
    <plurals name="songs">
        <item quantity="one">%d song</item>
        <item quantity="other">%d songs</item>
    </plurals>
</resources>`,
			[]Unit{
				{Key: "app", Target: []string{"NewPipe"}, Line: 3},
				{Key: "songs", Target: []string{"%d song", "%d songs"}, Categories: []string{"one", "other"}, Plural: true, Line: 4},
			},
		},
		{
			"translatable false is read-only",
			`<resources><string name="k" translatable="false">x</string><string name="l" translatable="False">y</string></resources>`,
			[]Unit{{Key: "k", Target: []string{"x"}, ReadOnly: true, Line: 1}, {Key: "l", Target: []string{"y"}, Line: 1}},
		},
		{
			"markup kept as text",
			`<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"><string name="k">Hi <b>you</b>, <xliff:g id="n">%d</xliff:g> &amp; more</string></resources>`,
			[]Unit{{Key: "k", Target: []string{`Hi <b xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">you</b>, <xliff:g xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" id="n">%d</xliff:g> &amp; more`}, Line: 1}},
		},
		{
			"markup without namespaces",
			`<resources><string name="k">a <i>b</i><br/>c<u></u></string></resources>`,
			[]Unit{{Key: "k", Target: []string{`a <i>b</i><br/>c<u/>`}, Line: 1}},
		},
		{
			"CDATA is text and is unescaped",
			`<resources><string name="k"><![CDATA[<b>"quoted"</b>  x]]></string></resources>`,
			[]Unit{{Key: "k", Target: []string{`<b>quoted</b> x`}, Line: 1}},
		},
		{
			"empty values",
			`<resources><string name="a"/><string name="b"></string><string name="c">  </string><plurals name="p"/></resources>`,
			[]Unit{
				{Key: "a", Target: []string{""}, Line: 1},
				{Key: "b", Target: []string{""}, Line: 1},
				{Key: "c", Target: []string{""}, Line: 1},
				{Key: "p", Target: []string{}, Categories: []string{}, Plural: true, Line: 1},
			},
		},
		{
			"string-array, integer-array, item and unnamed strings are not units",
			`<resources>
<string-array name="arr"><item>x</item></string-array>
<integer-array name="ints"><item>1</item></integer-array>
<item name="i" type="id"/>
<string>no name</string>
<string name="">empty name</string>
<x:string xmlns:x="urn:x" name="ns">namespaced</x:string>
<string name="ok">yes</string>
</resources>`,
			[]Unit{{Key: "ok", Target: []string{"yes"}, Line: 8}},
		},
		{
			"nested strings are not units",
			`<resources><group><string name="deep">x</string></group></resources>`,
			nil,
		},
		{
			"notes are the preceding comments",
			`<resources>
<!-- first -->
<!--second-->
<string name="a">x</string>
<string name="b">y</string>
<!-- c --><?pi?><string name="c">z</string>
</resources>`,
			[]Unit{
				{Key: "a", Target: []string{"x"}, Note: " first \nsecond", Line: 4},
				{Key: "b", Target: []string{"y"}, Line: 5},
				{Key: "c", Target: []string{"z"}, Line: 6},
			},
		},
		{
			"duplicate keys are all returned",
			`<resources><string name="a">1</string><string name="a">2</string></resources>`,
			[]Unit{{Key: "a", Target: []string{"1"}, Line: 1}, {Key: "a", Target: []string{"2"}, Line: 1}},
		},
		{
			"plural items: repeated quantity keeps first position and last value",
			`<resources><plurals name="p"><item quantity="one">a</item><item quantity="other">b</item><item quantity="one">c</item><item>no quantity</item></plurals></resources>`,
			[]Unit{{Key: "p", Target: []string{"c", "b"}, Categories: []string{"one", "other"}, Plural: true, Line: 1}},
		},
		{
			// TTKitUnit.flags merges parse_flags_xml of the unit's element;
			// formatted="false" is no flag in Weblate 4.18.
			"flags from the element's attributes",
			`<resources>
<string name="a" maxwidth="20" size-unit="char">x</string>
<string name="b" maxwidth="30">x</string>
<string name="c" weblate-flags="ignore-end-stop, max-length:5" font="Droid Sans;12;bold">x</string>
<plurals name="p" weblate-flags="c-format"><item quantity="other">o</item></plurals>
<string name="f" formatted="false">%s</string>
<string name="x:y" x:maxwidth="9" xmlns:x="urn:x">x</string>
</resources>`,
			[]Unit{
				{Key: "a", Target: []string{"x"}, Flags: "max-length:20", Line: 2},
				{Key: "b", Target: []string{"x"}, Flags: "max-size:30", Line: 3},
				{Key: "c", Target: []string{"x"}, Flags: "font-family:Droid_Sans, font-size:12, font-weight:bold, ignore-end-stop, max-length:5", Line: 4},
				{Key: "p", Target: []string{"o"}, Categories: []string{"other"}, Plural: true, Flags: "c-format", Line: 5},
				{Key: "f", Target: []string{"%s"}, Line: 6},
				{Key: "x:y", Target: []string{"x"}, Line: 7},
			},
		},
		{
			"declared entities stay references",
			`<!DOCTYPE resources [<!ENTITY app "NewPipe">]><resources><string name="k">Hi &app;!</string></resources>`,
			[]Unit{{Key: "k", Target: []string{"Hi &app;!"}, Line: 1}},
		},
	}
	for _, c := range cases {
		got := parseAndroid(t, c.doc)
		if len(got) == 0 && len(c.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", c.name, got, c.want)
		}
	}
}

func TestFormsFor(t *testing.T) {
	u := parseAndroid(t, `<resources><plurals name="p"><item quantity="other">o</item><item quantity="one">1</item></plurals></resources>`)[0]
	if got := u.FormsFor([]string{"one", "few", "other"}); !reflect.DeepEqual(got, []string{"1", "", "o"}) {
		t.Errorf("FormsFor = %q", got)
	}
	empty := parseAndroid(t, `<resources><plurals name="p"/></resources>`)[0]
	if got := empty.FormsFor([]string{"one", "other"}); !reflect.DeepEqual(got, []string{"", ""}) {
		t.Errorf("FormsFor on empty plurals = %q", got)
	}
}

func TestAndroidErrors(t *testing.T) {
	cases := []struct{ doc, msg string }{
		{"<resources>\n<string name=\"a\">x</strin>\n</resources>", "line 2"},
		{"<resources>\n<string name=\"a\">\\u12</string>\\u\n</resources>", ""},
		{"<resources>\n\n<string name=\"a\">\\uzzzz</string></resources>", "line 3: string a: bad unicode escape"},
		{"<notresources/>", "not <resources>"},
		{"<resources><string name=\"a\">&unknown;</string></resources>", "not defined"},
		{"", "no root element"},
		{"<resources>", "not closed"},
		{"<resources><x:y/></resources>", "prefix x"},
		{"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><resources/>", "unsupported encoding"},
		{"<resources>\xff</resources>", "UTF-8"},
		{"<resources>\n<string name=\"a\" weblate-flags=\"it's\">x</string></resources>", "line 2: the weblate-flags attribute"},
	}
	for _, c := range cases {
		_, err := androidFormat{}.Parse([]byte(c.doc))
		if c.msg == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", c.doc, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %v, want one containing %q", c.doc, err, c.msg)
		}
		var se *SyntaxError
		if err != nil && !errors.As(err, &se) {
			t.Errorf("%q: error %T is not a *SyntaxError", c.doc, err)
		}
	}
}

func TestAndroidTestdata(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "android", "values", "strings.xml"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := androidFormat{}.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]Unit{}
	for _, u := range f.Units {
		keys[u.Key] = u
	}
	for _, k := range []string{"app_name", "escapes", "markup", "cdata", "readonly", "empty", "songs"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("unit %q missing", k)
		}
	}
	if _, ok := keys["planets"]; ok {
		t.Errorf("string-array became a unit")
	}
}

// TestSimpleEscapesAgreeWithPort checks the shortcut against the transcription on
// every string it accepts from a generator biased towards its edge cases.
func TestSimpleEscapesAgreeWithPort(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	pieces := []string{"a", "é", " ", " ", `\n`, `\N`, `\t`, `\T`, `\'`, `\"`, `\@`, `\?`, `\\`, `\`, `\q`, `\u0041`, "\n", `"`, "%"}
	accepted := 0
	for i := 0; i < 200000; i++ {
		var b strings.Builder
		for n := rng.IntN(8); n >= 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := []byte(b.String())
		strip := rng.IntN(2) == 0
		got, ok := appendSimpleEscapes(nil, text, strip)
		if !ok {
			continue
		}
		accepted++
		want, err := unescapeSlow(text, strip, false)
		if err != nil || string(got) != want {
			t.Fatalf("simple(%q, %v) = %q, transcription %q, %v", text, strip, got, want, err)
		}
	}
	if accepted < 1000 {
		t.Fatalf("only %d strings took the shortcut", accepted)
	}
}
