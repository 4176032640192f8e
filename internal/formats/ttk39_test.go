package formats

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// ttk39ParseCases are the __check_parse cases of translate-toolkit 3.9.2's own
// tests (translate/storage/test_aresource.py, TestAndroidResourceUnit): an element
// and the target translate-toolkit reads from it (plural forms in English order,
// one and other). 3.9.2 is the version Weblate 4.18 uses; Debian's 3.8.4 reads the
// last three differently (a newline or tab between quotes became a space) and the
// quoted newlines of test_parse_quoted_newlines too.
var ttk39ParseCases = []struct {
	name string
	want []string
	xml  string
	err  bool
}{
	{"test_parse_message_with_newline", []string{"message\nwith newline"}, "<string name=\"teststring\">message\\nwith newline</string>\n", false},
	{"test_parse_message_with_newline_in_xml", []string{"message\nwith\n newline\n in xml"}, "<string name=\"teststring\">message\n\\nwith\\n\nnewline\\n\nin xml</string>\n", false},
	{"test_parse_twitter", []string{"@twitterescape"}, "<string name=\"teststring\">\\@twitterescape</string>\n", false},
	{"test_parse_question", []string{"?"}, "<string name=\"question\">\\?</string>", false},
	{"test_parse_quote", []string{"quote 'escape'"}, "<string name=\"teststring\">quote \\'escape\\'</string>\n", false},
	{"test_parse_double_space", []string{"double  space"}, "<string name=\"teststring\">\"double  space\"</string>\n", false},
	{"test_parse_leading_space", []string{" leading space"}, "<string name=\"teststring\">\" leading space\"</string>\n", false},
	{"test_parse_quoted_newlines", []string{"\n\n\n\nstring with newlines"}, "<string name=\"teststring\">\"\n\\n\n\\nstring with newlines\"</string>\n", false},
	{"test_parse_xml_entities", []string{">xml&entities"}, "<string name=\"teststring\">&gt;xml&amp;entities</string>\n", false},
	{"test_parse_html_code", []string{"some <b>html code</b> here"}, "<string name=\"teststring\">some <b>html code</b> here</string>\n", false},
	{"test_parse_arrows", []string{"<<< arrow"}, "<string name=\"teststring\">&lt;&lt;&lt; arrow</string>\n", false},
	{"test_parse_link", []string{"<a href=\"http://example.net\">link</a>"}, "<string name=\"teststring\"><a href=\"http://example.net\">link</a></string>\n", false},
	{"test_parse_link_and_text", []string{"<a href=\"http://example.net\">link</a> and text"}, "<string name=\"teststring\"><a href=\"http://example.net\">link</a> and text</string>\n", false},
	{"test_parse_blank_string", []string{""}, "<string name=\"teststring\"></string>\n", false},
	{"test_parse_trailing_space", []string{"test"}, "<string name=\"teststring\">test </string>\n", false},
	{"test_parse_trailing_spaces", []string{"test"}, "<string name=\"teststring\">test    </string>\n", false},
	{"test_parse_leading_spaces", []string{"test"}, "<string name=\"teststring\">    test</string>\n", false},
	{"test_parse_trailing_newline", []string{"test"}, "<string name=\"teststring\">test\n</string>\n", false},
	{"test_parse_many_quotes", []string{"test"}, "<string name=\"teststring\">\"\"\"\"\"\"\"\"\"\"test\"\"\"\"\"\"\"</string>\n", false},
	{"test_parse_blank_string_again", []string{""}, "<string name=\"teststring\"/>\n", false},
	{"test_parse_double_quotes_string", []string{"double quoted text"}, "<string name=\"teststring\">\"double quoted text\"</string>\n", false},
	{"test_parse_newline_in_string", []string{"newline\nin string"}, "<string name=\"teststring\">newline\\nin string</string>\n", false},
	{"test_parse_not_translatable_string", []string{"string"}, "<string name=\"teststring\" translatable=\"false\">string</string>\n", false},
	{"test_plural_parse_message_with_newline", []string{"one message\nwith newline", "other message\nwith newline"}, "<plurals name=\"teststring\">\n    <item quantity=\"one\">one message\\nwith newline</item>\n    <item quantity=\"other\">other message\\nwith newline</item>\n</plurals>\n", false},
	{"test_plural_parse_message_with_comments", []string{"one message", "other message"}, "<plurals name=\"teststring\">\n    <!-- comment of one string -->\n    <item quantity=\"one\">one message</item>\n    <!-- comment of other string -->\n    <item quantity=\"other\">other message</item>\n</plurals>\n", false},
	{"test_parse_html_quote", []string{"start 'here' <b>html code 'to escape'</b> also 'here'"}, "<string name=\"teststring\">start \\'here\\' <b>html code \\'to escape\\'</b> also \\'here\\'</string>\n", false},
	{"test_parse_html_leading_space", []string{" <b>html code 'to escape'</b> some 'here'"}, "<string name=\"teststring\"> <b>html code \\'to escape\\'</b> some \\'here\\'</string>\n", false},
	{"test_parse_html_leading_space_quoted", []string{" <b>html code 'to escape'</b> some 'here'"}, "<string name=\"teststring\">\" \"<b>\"html code 'to escape'\"</b>\" some 'here'\"</string>\n", false},
	{"test_parse_html_trailing_space", []string{"<b>html code 'to escape'</b> some 'here' "}, "<string name=\"teststring\"><b>html code \\'to escape\\'</b> some \\'here\\' </string>\n", false},
	{"test_parse_html_trailing_space_quoted", []string{"<b>html code 'to escape'</b> some 'here' "}, "<string name=\"teststring\"><b>\"html code 'to escape'\"</b>\" some 'here' \"</string>\n", false},
	{"test_parse_html_with_ampersand", []string{"<b>html code 'to escape'</b> some 'here' with &amp; char"}, "<string name=\"teststring\"><b>html code \\'to escape\\'</b> some \\'here\\' with &amp; char</string>\n", false},
	{"test_parse_html_double_space_quoted", []string{"<b>html code 'to  escape'</b> some 'here'"}, "<string name=\"teststring\"><b>html code 'to \\u0020escape'</b> some 'here'</string>\n", false},
	{"test_parse_html_deep_double_space_quoted", []string{"<b>html code 'to  <i>  escape</i>'</b> some 'here'"}, "<string name=\"teststring\"><b>\"html code 'to  \"<i>\"  escape\"</i>\\'</b> some \\'here\\'</string>\n", false},
	{"test_parse_complex_xml", []string{"<g:test xmlns:g=\"ttt\" g:somevalue=\"aaaa  &quot;  aaa\">value</g:test> outer &amp; text"}, "<string name=\"teststring\"><g:test xmlns:g=\"ttt\" g:somevalue=\"aaaa  &quot;  aaa\">value</g:test> outer &amp; text</string>\n", false},
	{"test_parse_unicode (ValueError)", nil, "<string name=\"test\">\\utest</string>", true},
	{"test_parse_unicode", []string{"\u0230"}, "<string name=\"test\">\\u0230</string>", false},
	{"test_single_unescaped", []string{"a b c d"}, "<string name=\"teststring\">a\nb\tc d</string>", false},
	{"test_single_escaped_alone", []string{"a\nb\tc d"}, "<string name=\"teststring\">a\"\n\"b\"\t\"c\" \"d</string>", false},
	{"test_single_escaped_full", []string{"a\nb\tc d"}, "<string name=\"teststring\">\"a\nb\tc d\"</string>", false},
}

func TestTTK39ParseCases(t *testing.T) {
	for _, c := range ttk39ParseCases {
		f, err := androidFormat{}.Parse([]byte("<resources>" + c.xml + "</resources>"))
		if c.err {
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
}

// TestTTK39Entities are test_entity and test_indent of translate-toolkit 3.9.2's
// test_aresource.py: a DOCTYPE with an internal subset parses, and references to
// its entities stay as written, in text and in the attributes of markup, since
// translate-toolkit parses with resolve_entities=False. Reading an attribute of the
// unit itself (its name, translatable) gives the entity's text, as lxml's get does.
func TestTTK39Entities(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		want []Unit
	}{
		{"test_entity", `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE resources [
<!ENTITY appName "Linphone">
]>
<resources>
    <string name="app_name">&appName;</string>
    <string name="app_core">&appName; Core</string>
</resources>`, []Unit{{Key: "app_name", Target: []string{"&appName;"}, Line: 6}, {Key: "app_core", Target: []string{"&appName; Core"}, Line: 7}}},
		{"test_indent", `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE resources [
<!ENTITY url_privacy_policy "http://example.com/">
]>
<resources>
    <string name="privacy_policy"><u><a href="&url_privacy_policy;">Datenschutzerklärung</a></u></string>
</resources>`, []Unit{{Key: "privacy_policy", Target: []string{`<u><a href="&url_privacy_policy;">Datenschutzerklärung</a></u>`}, Line: 6}}},
		{"references in an attribute keep their place among escaped text", `<!DOCTYPE resources [<!ENTITY e "v">]><resources><string name="a">x<b t="&e;&amp;&#65;	&e;"/></string></resources>`,
			[]Unit{{Key: "a", Target: []string{`x<b t="&e;&amp;A &e;"/>`}, Line: 1}}},
		{"the attributes of a unit read the entity's text", "<!DOCTYPE resources [<!ENTITY app \"A\tp&amp;p\"><!ENTITY f \"false\"><!ENTITY o \"&n;e\"><!ENTITY n \"on\">]><resources><string name=\"n&app;\" translatable=\"&f;\">x</string><plurals name=\"p\"><item quantity=\"&o;\">z</item></plurals></resources>",
			[]Unit{{Key: "nA\tp&p", Target: []string{"x"}, ReadOnly: true, Line: 1}, {Key: "p", Target: []string{"z"}, Categories: []string{"one"}, Plural: true, Line: 1}}},
	}
	for _, c := range cases {
		f, err := androidFormat{}.Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(f.Units, c.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", c.name, f.Units, c.want)
		}
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

// TestTTK39TBXNotes: translate-toolkit 3.9.2 picks a TBX unit's notes by origin
// (tbxunit._getnotelist filters <note> by its "from" attribute), and Weblate 4.18
// shows pos and developer notes as the note, translator notes as the explanation
// and definitions as the source explanation. Worked out by hand from
// testdata/tbx/cs.tbx: its <note> without "from" is in none of them.
func TestTTK39TBXNotes(t *testing.T) {
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
