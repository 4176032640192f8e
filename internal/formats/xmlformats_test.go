package formats

import (
	"reflect"
	"strings"
	"testing"
)

// Weblate 4.18's rules for XLIFF, Qt TS, RESX and stringsdict on small inputs
// written by hand; the expectations come from reading weblate/formats/ttkit.py
// (XliffUnit, RichXliffUnit, TSUnit, RESXUnit, MonolingualSimpleUnit),
// weblate/checks/flags.py and the translate-toolkit 3.9.2 stores they wrap.

// want is the part of a unit a table row checks.
type want struct {
	Key                       string
	Source, Target            []string
	Categories                []string
	Plural                    bool
	Fuzzy, Approved, ReadOnly bool
	Note, Location, Flags     string
}

func got(u *Unit) want {
	return want{Key: u.Key, Source: u.Source, Target: u.Target, Categories: u.Categories, Plural: u.Plural,
		Fuzzy: u.Fuzzy, Approved: u.Approved, ReadOnly: u.ReadOnly, Note: u.Note, Location: u.Location, Flags: u.Flags}
}

type formatCase struct {
	name string
	doc  string
	want []want
	err  string // part of the error message; "" when the file parses
}

func runFormatCases(t *testing.T, f Format, cases []formatCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			file, err := f.Parse([]byte(c.doc))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("error %T, want *SyntaxError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var units []want
			for i := range file.Units {
				units = append(units, got(&file.Units[i]))
			}
			if !reflect.DeepEqual(units, c.want) {
				t.Errorf("units\n got %+v\nwant %+v", units, c.want)
			}
		})
	}
}

func TestXLIFFRules(t *testing.T) {
	t.Parallel()
	cases := []formatCase{
		{"context is file original and id", xliffDoc(`<trans-unit id="a"><source>Open</source><target>Öffnen</target></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("Open"), Target: one("Öffnen"), Flags: "xml-text"}}, ""},
		{"resname wins over id", xliffDoc(`<trans-unit id="a" resname="menu.open"><source>Open</source></trans-unit>`),
			[]want{{Key: "menu.open", Source: one("Open"), Target: one(""), Flags: "xml-text"}}, ""},
		{"groups add nothing to the context; plural groups are plain units",
			xliffDoc(`<group id="g1" restype="x-gettext-plurals"><trans-unit id="0[0]"><source>file</source></trans-unit><trans-unit id="0[1]"><source>files</source></trans-unit></group>`),
			[]want{{Key: "messages///0[0]", Source: one("file"), Target: one(""), Flags: "xml-text"},
				{Key: "messages///0[1]", Source: one("files"), Target: one(""), Flags: "xml-text"}}, ""},
		{"needs-editing states need a target",
			xliffDoc(`<trans-unit id="a"><source>s</source><target state="needs-translation">t</target></trans-unit>` +
				`<trans-unit id="b"><source>s</source><target state="new"></target></trans-unit>` +
				`<trans-unit id="c"><source>s</source><target state="needs-review-translation">t</target></trans-unit>` +
				`<trans-unit id="d"><source>s</source><target state="translated" state-qualifier="leveraged-mt">t</target></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("s"), Target: one("t"), Fuzzy: true, Flags: "xml-text"},
				{Key: "messages///b", Source: one("s"), Target: one(""), Flags: "xml-text"},
				{Key: "messages///c", Source: one("s"), Target: one("t"), Flags: "xml-text"},
				{Key: "messages///d", Source: one("s"), Target: one("t"), Flags: "xml-text"}}, ""},
		{"approved and read-only",
			xliffDoc(`<trans-unit id="a" approved="yes"><source>s</source><target>t</target></trans-unit><trans-unit id="b" translate="no"><source>s</source></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("s"), Target: one("t"), Approved: true, Flags: "xml-text"},
				{Key: "messages///b", Source: one("s"), Target: one(""), ReadOnly: true, Flags: "xml-text"}}, ""},
		{"every note is the note, once; no location",
			xliffDoc(`<trans-unit id="a"><source>s</source><note from="developer">Dev</note><note from="translator">Tr</note><note>Dev</note>` +
				`<context-group purpose="location"><context context-type="sourcefile">a.html</context></context-group></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("s"), Target: one(""), Note: "Dev\nTr", Flags: "xml-text"}}, ""},
		{"markup shown as Weblate rewrites it",
			xliffDoc(`<trans-unit id="a"><source>Hi <x ctype="x-b" id="1" equiv-text="{{n}}"/> and <g ctype="bold" id="2">  bold  </g>!</source></trans-unit>`),
			[]want{{Key: "messages///a", Source: one(`Hi <x id="1" ctype="x-b" equiv-text="{{n}}"/> and <g id="2" ctype="bold">bold</g>!`), Target: one(""), Flags: "xml-text"}}, ""},
		{"white space kept with xml:space",
			xliffDoc(`<trans-unit id="a" xml:space="preserve"><source>  a   b  </source></trans-unit><trans-unit id="b"><source>  a   b  </source></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("  a   b  "), Target: one(""), Flags: "xml-text"},
				{Key: "messages///b", Source: one("a b"), Target: one(""), Flags: "xml-text"}}, ""},
		{"empty sources are not units", xliffDoc(`<trans-unit id="a"><source> </source><target>t</target></trans-unit><trans-unit id="b"><target>t</target></trans-unit>`), nil, ""},
		{"maxwidth becomes max-size or max-length",
			xliffDoc(`<trans-unit id="a" maxwidth="30"><source>s</source></trans-unit><trans-unit id="b" maxwidth="30" size-unit="char" weblate-flags="c-format"><source>s</source></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("s"), Target: one(""), Flags: "max-size:30, xml-text"},
				{Key: "messages///b", Source: one("s"), Target: one(""), Flags: "c-format, max-length:30, xml-text"}}, ""},
		{"a <g> without id", xliffDoc(`<trans-unit id="a"><source><g>x</g></source></trans-unit>`), nil, "without id"},
		{"not XLIFF", `<resources/>`, nil, "not <xliff>"},
		{"no <file>", `<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"/>`, nil, "no <file>"},
	}
	runFormatCases(t, xliffFormat{rich: true}, cases)
	plain := []formatCase{
		{"plain text of the markup", xliffDoc(`<trans-unit id="a"><source>Hi <x id="1"/> and <g id="2">bold</g>!</source><target>&amp;#x7;</target></trans-unit>`),
			[]want{{Key: "messages///a", Source: one("Hi and bold!"), Target: one("\a")}}, ""},
	}
	runFormatCases(t, xliffFormat{}, plain)
}

func TestTSRules(t *testing.T) {
	t.Parallel()
	cases := []formatCase{
		{"translated", tsDoc(`<message><location filename="main.cpp" line="12"/><source>Open</source><translation>Öffnen</translation></message>`),
			[]want{{Key: "MainWindow", Source: one("Open"), Target: one("Öffnen"), Location: "main.cpp:12"}}, ""},
		{"unfinished with text needs editing, without is empty",
			tsDoc(`<message><source>Open</source><translation type="unfinished">Öffnen</translation></message><message><source>Close</source><translation type="unfinished"/></message>`),
			[]want{{Key: "MainWindow", Source: one("Open"), Target: one("Öffnen"), Fuzzy: true},
				{Key: "MainWindow", Source: one("Close"), Target: one("")}}, ""},
		{"an empty finished translation is the source",
			tsDoc(`<message><source>OK</source><translation></translation></message>`),
			[]want{{Key: "MainWindow", Source: one("OK"), Target: one("OK")}}, ""},
		{"obsolete and vanished are not units",
			tsDoc(`<message><source>a</source><translation type="obsolete">x</translation></message><message><source>b</source><translation type="vanished">y</translation></message>`), nil, ""},
		{"numerus: two source forms, positional targets",
			tsDoc(`<message numerus="yes"><source>%n file(s)</source><translation><numerusform>%n soubor</numerusform><numerusform>%n soubory</numerusform><numerusform>%n souborů</numerusform></translation></message>`),
			[]want{{Key: "MainWindow", Source: []string{"%n file", "%n files"}, Target: []string{"%n soubor", "%n soubory", "%n souborů"}, Plural: true}}, ""},
		{"comment and id are context, the comments notes",
			tsDoc(`<message id="open.id"><source>Open</source><comment>verb</comment><extracomment>For the menu</extracomment><translatorcomment>checked</translatorcomment><translation>x</translation></message>`),
			[]want{{Key: "MainWindow\nverb\nopen.id", Source: one("Open"), Target: one("x"), Note: "For the menu\nchecked"}}, ""},
		{"relative locations are not shown",
			tsDoc(`<message><location filename="a.cpp" line="4"/><location filename="a.cpp" line="+2"/><source>s</source><translation>t</translation></message>`),
			[]want{{Key: "MainWindow", Source: one("s"), Target: one("t")}}, ""},
		{"a plural translation without forms", tsDoc(`<message numerus="yes"><source>%n</source><translation type="unfinished"></translation></message>`), nil, "no <numerusform>"},
		{"a context without name", `<TS><context><message><source>a</source></message></context><context><name>B</name><message><source>b</source></message></context></TS>`, nil, "without <name>"},
	}
	runFormatCases(t, tsFormat{}, cases)
}

func TestRESXRules(t *testing.T) {
	t.Parallel()
	cases := []formatCase{
		{"strings with comments", resxDoc(`<data name="Title" xml:space="preserve"><value>My App</value><comment>Window title</comment></data>`),
			[]want{{Key: "Title", Target: one("My App"), Note: "Window title"}}, ""},
		{"typed data are units too, empty ones are not",
			resxDoc(`<data name="Logo" type="System.Resources.ResXFileRef, System.Windows.Forms"><value>..\logo.png;System.Drawing.Bitmap</value></data><data name="Empty"><value/></data>`),
			[]want{{Key: "Logo", Target: one(`..\logo.png;System.Drawing.Bitmap`)}}, ""},
		{"white space is kept", resxDoc(`<data name="a"><value>  two  spaces </value></data>`),
			[]want{{Key: "a", Target: one("  two  spaces ")}}, ""},
		{"an unnamed data is named after its value", resxDoc(`<data><value> Hello </value></data>`),
			[]want{{Key: "Hello", Target: one(" Hello ")}}, ""},
		{"an unnamed data without value", resxDoc(`<data/>`), nil, "without name"},
		{"not RESX", `<resources/>`, nil, "not <root>"},
	}
	runFormatCases(t, resxFormat{}, cases)
}

func TestStringsdictRules(t *testing.T) {
	t.Parallel()
	cases := []formatCase{
		{"the format key and each variable are units",
			plistDoc(`<key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ in %#@d@</string>` +
				`<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>` +
				`<key>d</key><dict><key>other</key><string>%d folders</string><key>zero</key><string>no folder</string></dict></dict>`),
			[]want{{Key: "files", Target: one("%#@n@ in %#@d@")},
				{Key: "files:n", Target: []string{"%d file", "%d files"}, Categories: []string{"one", "other"}, Plural: true},
				{Key: "files:d", Target: []string{"%d folders", "no folder"}, Categories: []string{"other", "zero"}, Plural: true}}, ""},
		{"another spec type", plistDoc(`<key>k</key><dict><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string></dict></dict>`), nil, "not of NSStringPluralRuleType"},
		{"a value that is not a dict", plistDoc(`<key>k</key><string>x</string>`), nil, "is not a dict"},
		{"leading white space is not a plist", "\n" + plistDoc(""), nil, "not an XML property list"},
		{"entity declarations are refused", `<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "b">]><plist><dict/></plist>`, nil, "entity declarations"},
	}
	runFormatCases(t, stringsdictFormat{}, cases)

	// translate-toolkit's order: its table's categories, zero first.
	for code, tags := range map[string][]string{
		"en": {"zero", "one", "other"}, "cs": {"zero", "one", "few", "other"}, "ar": {"zero", "one", "two", "few", "many", "other"},
		"ja": {"zero", "other"}, "pt_BR": {"zero", "one", "many", "other"}, "xx": {"zero", "one", "two", "few", "many", "other"},
	} {
		if got := (stringsdictFormat{}).PluralTags(code); !reflect.DeepEqual(got, tags) {
			t.Errorf("PluralTags(%q) = %q, want %q", code, got, tags)
		}
	}
	// A variable without "zero" has an empty first form: not translated.
	f, err := stringsdictFormat{}.Parse([]byte(plistDoc(sdEntry("k", "%#@n@", "one", "a", "other", "b"))))
	if err != nil {
		t.Fatal(err)
	}
	if forms := f.Units[1].FormsFor(stringsdictFormat{}.PluralTags("en")); !reflect.DeepEqual(forms, []string{"", "a", "b"}) {
		t.Errorf("forms %q, want the empty zero form first", forms)
	}
}

func TestWeblateFlags(t *testing.T) {
	t.Parallel()
	cases := []struct{ text, want, err string }{
		{"c-format", "c-format", ""},
		{"max-length:100, c-format", "c-format, max-length:100", ""},
		{"fuzzy, read-only, #", "read-only", ""},
		{`placeholders:"%s":"%d"`, "placeholders:%s:%d", ""},
		{`placeholders:"{name}":'a b'`, `placeholders:{name}:"a b"`, ""},
		{`regex:r"\d+"`, `regex:r"\d+"`, ""},
		{`font-family:"Ubuntu Mono"`, `font-family:"Ubuntu Mono"`, ""},
		{"markdown-text", "md-text", ""},
		{"x:", "x:", ""},
		{"x::y", "x::y", ""},
		{"max-length:10, max-length:20", "max-length:20", ""},
		{" spaced , also ", "also, spaced", ""},
		{`quote:"a\"b"`, `quote:"a\"b"`, ""},
		{`a"b`, "", "not a list"},
		{`x:"unterminated`, "", "not a list"},
	}
	for _, c := range cases {
		var f weblateFlags
		err := f.mergeText(c.text)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil || f.String() != c.want {
			t.Errorf("%q: %q, %v; want %q", c.text, f.String(), err, c.want)
		}
	}
}

// TestXMLDuplicateWarnings: a second unit with the identity of an earlier one is
// a DuplicateString warning (Weblate keeps the first unit and raises the alert).
func TestXMLDuplicateWarnings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		format Format
		doc    string
		lines  []int
	}{
		{xliffFormat{rich: true}, xliffDoc("<trans-unit id=\"a\"><source>s</source></trans-unit>\n<trans-unit id=\"a\"><source>s</source></trans-unit>\n<trans-unit id=\"a\"><source>other</source></trans-unit>"), []int{6}},
		{tsFormat{}, tsDoc("<message><source>s</source></message>\n<message><source>s</source></message>\n<message><source>s</source><comment>c</comment></message>"), []int{7}},
		{resxFormat{}, resxDoc("<data name=\"k\"><value>a</value></data>\n<data name=\"k\"><value>b</value></data>"), []int{11}},
		{stringsdictFormat{}, plistDoc("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a</string></dict>\n<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>b</string></dict>"), nil},
	}
	for _, c := range cases {
		f, err := c.format.Parse([]byte(c.doc))
		if err != nil {
			t.Fatalf("%s: %v", formatName(c.format), err)
		}
		var lines []int
		for _, w := range f.Warnings {
			if w.Kind != DuplicateString {
				t.Errorf("%s: warning %v", formatName(c.format), w)
			}
			lines = append(lines, w.Line)
		}
		if !reflect.DeepEqual(lines, c.lines) {
			t.Errorf("%s: duplicate warnings on lines %v, want %v (%v)", formatName(c.format), lines, c.lines, f.Warnings)
		}
	}
}
