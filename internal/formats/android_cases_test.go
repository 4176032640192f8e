package formats

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// androidElementCases are single resources, one rule of Android text each, with
// the target worked out by hand from translate-toolkit 3.9.2's unescaping
// (plural forms in English order, one and other). TestAndroidElementCases checks
// the parser against the hand values and, when python3-translate is installed,
// checks translate-toolkit against them too (3.8.4 answers turned into 3.9.2's,
// see ttk392_test.go), so a wrong hand value cannot hide.
var androidElementCases = []struct {
	name string
	xml  string
	want []string // nil: translate-toolkit refuses the element
}{
	{"escaped newline", `<string name="k">first\nsecond</string>`, []string{"first\nsecond"}},
	{"escaped newline at a line break in the file", "<string name=\"k\">Saved\n\\nOpen it\\n\nnow</string>", []string{"Saved\nOpen it\n now"}},
	{"escaped newline swallows the space before it", `<string name="k">Done \nNext</string>`, []string{"Done\nNext"}},
	{"upper-case N and T escapes", `<string name="k">a\Nb\Tc</string>`, []string{"a\nb\tc"}},
	{"escaped at sign", `<string name="k">\@string/app_name</string>`, []string{"@string/app_name"}},
	{"escaped question mark", `<string name="k">\?attr/colorPrimary</string>`, []string{"?attr/colorPrimary"}},
	{"escaped apostrophes", `<string name="k">Can\'t open \'%1$s\'</string>`, []string{"Can't open '%1$s'"}},
	{"escaped double quotes", `<string name="k">Press \"OK\"</string>`, []string{`Press "OK"`}},
	{"double backslash", `<string name="k">C:\\Users</string>`, []string{`C:\Users`}},
	{"escaped space keeps a space", `<string name="k">x\ \ y</string>`, []string{"x  y"}},
	{"space run collapses", `<string name="k">Hello     world</string>`, []string{"Hello world"}},
	{"quoted space run is kept", `<string name="k">"Hello     world"</string>`, []string{"Hello     world"}},
	{"quoted leading space", `<string name="k">"  indented"</string>`, []string{"  indented"}},
	{"quoted trailing space", `<string name="k">Total:" "</string>`, []string{"Total: "}},
	{"leading and trailing white space stripped", "<string name=\"k\">\n    Sync now\n</string>", []string{"Sync now"}},
	{"trailing spaces stripped", `<string name="k">Next   </string>`, []string{"Next"}},
	{"quotes come in pairs", `<string name="k">""""Archive""</string>`, []string{"Archive"}},
	{"empty element", `<string name="k"></string>`, []string{""}},
	{"self-closing element", `<string name="k"/>`, []string{""}},
	{"predefined entities", `<string name="k">Tom &amp; Jerry &lt;3 &gt;</string>`, []string{"Tom & Jerry <3 >"}},
	{"character references", `<string name="k">&#169; 2024 &#x2014; all</string>`, []string{"© 2024 — all"}},
	{"markup kept as XML", `<string name="k">Tap <b>Save</b> to keep it</string>`, []string{"Tap <b>Save</b> to keep it"}},
	{"link markup", `<string name="k">Read the <a href="https://example.org/terms">terms</a>.</string>`, []string{`Read the <a href="https://example.org/terms">terms</a>.`}},
	{"escaped markup is text", `<string name="k">&lt;i&gt;not italic&lt;/i&gt;</string>`, []string{"<i>not italic</i>"}},
	{"apostrophes inside markup", `<string name="k"><i>It\'s</i> Bob\'s</string>`, []string{"<i>It's</i> Bob's"}},
	{"space between markup and text is kept", `<string name="k"> <b>Now</b> later </string>`, []string{" <b>Now</b> later "}},
	{"quoted spaces inside markup", `<string name="k"><b>"two  spaces"</b> then "  more"</string>`, []string{"<b>two  spaces</b> then   more"}},
	{"ampersand in markup stays escaped", `<string name="k"><b>R&amp;D</b> &amp; QA</string>`, []string{"<b>R&amp;D</b> &amp; QA"}},
	{"namespaced placeholder", `<string name="k" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">Hi <xliff:g id="user" example="Ann">%1$s</xliff:g>!</string>`, []string{`Hi <xliff:g xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" id="user" example="Ann">%1$s</xliff:g>!`}},
	{"escaped space inside markup", `<string name="k"><b>a\u0020\u0020b</b></string>`, []string{"<b>a  b</b>"}},
	{"unicode escape", `<string name="k">\u00e9t\u00E9</string>`, []string{"été"}},
	{"bad unicode escape", `<string name="k">\uZZZZ</string>`, nil},
	{"CDATA read as text", `<string name="k"><![CDATA[<b>raw</b> & more]]></string>`, []string{"<b>raw</b> & more"}},
	{"not translatable", `<string name="k" translatable="false">com.example.app</string>`, []string{"com.example.app"}},
	{"plural items", `<plurals name="k"><item quantity="one">%d photo\nadded</item><item quantity="other">%d photos\nadded</item></plurals>`, []string{"%d photo\nadded", "%d photos\nadded"}},
	{"comments between plural items", "<plurals name=\"k\">\n  <!-- singular -->\n  <item quantity=\"one\">a day</item>\n  <!-- everything else -->\n  <item quantity=\"other\">%d days</item>\n</plurals>", []string{"a day", "%d days"}},
	// The 3.9.2 rule for a lone white-space character (see ttk392_test.go).
	{"lone newline outside quotes is a space", "<string name=\"k\">one\ntwo\tthree</string>", []string{"one two three"}},
	{"lone newline and tab between quotes are kept", "<string name=\"k\">\"one\ntwo\tthree\"</string>", []string{"one\ntwo\tthree"}},
	{"quoted lone white space between words", "<string name=\"k\">one\"\n\"two\"\t\"three</string>", []string{"one\ntwo\tthree"}},
	{"lone tab in quotes inside markup", "<string name=\"k\"><b>\"col1\tcol2\"</b></string>", []string{"<b>col1\tcol2</b>"}},
	{"lone white space ending an open quote is stripped", "<string name=\"k\">\"open\t</string>", []string{"open"}},
}

func TestAndroidElementCases(t *testing.T) {
	t.Parallel()
	docs := make([]string, len(androidElementCases))
	for i, c := range androidElementCases {
		docs[i] = "<resources>" + c.xml + "</resources>"
		f, err := androidFormat{}.Parse([]byte(docs[i]))
		if c.want == nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%s: %v, want a *SyntaxError", c.name, err)
			}
			continue
		}
		if err != nil || len(f.Units) != 1 {
			t.Errorf("%s: %v, %d units", c.name, err, len(f.Units))
			continue
		}
		u := f.Units[0]
		if got := u.FormsFor([]string{"one", "other"}); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if readOnly := strings.Contains(c.xml, `translatable="false"`); u.ReadOnly != readOnly {
			t.Errorf("%s: read-only %v", c.name, u.ReadOnly)
		}
	}
	if _, err := os.Stat(systemPython); err != nil {
		return
	}
	requireTTK(t)
	var reqs []ttkRequest
	for _, d := range docs {
		reqs = append(reqs, docRequest("aresource-bytes", d, "en"))
	}
	for i, r := range runTTK(t, reqs) {
		c := androidElementCases[i]
		switch {
		case c.want == nil:
			if r.Error == "" {
				t.Errorf("%s: translate-toolkit reads it: %+v", c.name, r.Units)
			}
		case r.Error != "" || len(r.Units) != 1 || r.Units[0].Target == nil:
			t.Errorf("%s: translate-toolkit: %s %+v", c.name, r.Error, r.Units)
		case !reflect.DeepEqual(*r.Units[0].Target, c.want):
			t.Errorf("%s: translate-toolkit %q, hand value %q", c.name, *r.Units[0].Target, c.want)
		}
	}
	compareAndroidDocs(t, docs)
}

// TestAndroidEntities: a DOCTYPE with an internal subset parses, and references to
// its entities stay as written, in text and in the attributes of markup, since
// translate-toolkit parses with resolve_entities=False. Reading an attribute of the
// unit itself (its name, translatable) gives the entity's text, as lxml's get does.
func TestAndroidEntities(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		doc  string
		want []Unit
	}{
		{"entity in text", `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE resources [
<!ENTITY brand "Northwind">
]>
<resources>
    <string name="title">&brand;</string>
    <string name="about">About &brand; Notes</string>
</resources>`, []Unit{{Key: "title", Target: []string{"&brand;"}, Line: 6}, {Key: "about", Target: []string{"About &brand; Notes"}, Line: 7}}},
		{"entity in an attribute of markup", `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE resources [
<!ENTITY help_url "https://help.example.org/">
]>
<resources>
    <string name="help"><i><a href="&help_url;">Hilfe öffnen</a></i></string>
</resources>`, []Unit{{Key: "help", Target: []string{`<i><a href="&help_url;">Hilfe öffnen</a></i>`}, Line: 6}}},
		{"references in an attribute keep their place among escaped text", `<!DOCTYPE resources [<!ENTITY e "v">]><resources><string name="a">x<b t="&e;&amp;&#65;	&e;"/></string></resources>`,
			[]Unit{{Key: "a", Target: []string{`x<b t="&e;&amp;A &e;"/>`}, Line: 1}}},
		{"the attributes of a unit read the entity's text", "<!DOCTYPE resources [<!ENTITY app \"A\tp&amp;p\"><!ENTITY f \"false\"><!ENTITY o \"&n;e\"><!ENTITY n \"on\">]><resources><string name=\"n&app;\" translatable=\"&f;\">x</string><plurals name=\"p\"><item quantity=\"&o;\">z</item></plurals></resources>",
			[]Unit{{Key: "nA\tp&p", Target: []string{"x"}, ReadOnly: true, Line: 1}, {Key: "p", Target: []string{"z"}, Categories: []string{"one"}, Plural: true, Line: 1}}},
	}
	var docs []string
	for _, c := range cases {
		docs = append(docs, c.doc)
		f, err := androidFormat{}.Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(f.Units, c.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", c.name, f.Units, c.want)
		}
	}
	if _, err := os.Stat(systemPython); err == nil {
		requireTTK(t)
		compareAndroidDocs(t, docs)
	}
}

// TestAttributeEntityErrors: references in attribute values that libxml2 refuses.
func TestAttributeEntityErrors(t *testing.T) {
	for _, doc := range []string{
		`<!DOCTYPE resources [<!ENTITY e SYSTEM "x">]><resources><string name="a">x<b t="&e;"/></string></resources>`,
		`<!DOCTYPE resources [<!ENTITY e "<i/>">]><resources><string name="a">x<b t="&e;"/></string></resources>`,
		`<!DOCTYPE resources [<!ENTITY e "&#60;">]><resources><string name="a">x<b t="&e;"/></string></resources>`,
		`<!DOCTYPE resources [<!ENTITY e "&f;"><!ENTITY f "<i/>">]><resources><string name="a" t="&e;">x</string></resources>`,
		`<!DOCTYPE resources [<!ENTITY e "&f;"><!ENTITY f "&e;">]><resources><string name="a&e;">x</string></resources>`,
		`<!DOCTYPE resources [<!ENTITY e "x">]><resources><string name="a&u;">x</string></resources>`,
	} {
		_, err := androidFormat{}.Parse([]byte(doc))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%v, want a *SyntaxError\n%s", err, doc)
		}
	}
}

// TestTBXNotesByOrigin: translate-toolkit 3.9.2 picks a TBX unit's notes by origin
// (tbxunit._getnotelist keeps the <note> elements whose from attribute is the
// origin asked for), and Weblate 4.18 shows pos and developer notes as the note,
// translator notes as the explanation and definitions as the source explanation.
// Worked out by hand from testdata/tbx/cs.tbx: its <note> without "from" is in
// none of them.
func TestTBXNotesByOrigin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "tbx", "cs.tbx"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := tbxFormat{}.Parse(data)
	if err != nil || len(f.Units) != 3 {
		t.Fatalf("Parse: %v, %d units", err, len(f.Units))
	}
	u := f.Units[0]
	if u.Note != "noun" || u.Explanation != "Not the loudness" || u.SourceExplanation != "A 3D image" {
		t.Errorf("note %q, explanation %q, source explanation %q", u.Note, u.Explanation, u.SourceExplanation)
	}
	doc := `<martif><termEntry><langSet><term>a</term></langSet><termNote>p</termNote><note from="developer">d</note><note from="developer">d</note><note from="translator">t</note><note>n</note><note from="other">o</note></termEntry></martif>`
	f, err = tbxFormat{}.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if u := f.Units[0]; u.Note != "p\nd" || u.Explanation != "t" {
		t.Errorf("note %q, explanation %q; want %q, %q", u.Note, u.Explanation, "p\nd", "t")
	}
}
