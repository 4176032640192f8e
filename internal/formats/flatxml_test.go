package formats

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

const (
	rdOpen  = `<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml" xmlns:system="clr-namespace:System;assembly=mscorlib">`
	rdClose = `</ResourceDictionary>`
)

// TestFlatXMLRules: the rules of translate-toolkit's FlatXMLFile and Weblate's
// FlatXMLUnit on small documents written by hand.
func TestFlatXMLRules(t *testing.T) {
	t.Parallel()
	type unit struct{ key, text, flags string }
	cases := []struct {
		name, format, doc string
		want              []unit
		err               string // part of the error, "" when the file reads
	}{
		{"units in order, text as written", "flatxml",
			"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<root>\n  <str key=\"hello\">Hello World!</str>\n  <str key=\"spaced\">  two\n lines </str>\n</root>\n",
			[]unit{{"hello", "Hello World!", ""}, {"spaced", "  two\n lines ", ""}}, ""},
		{"the string value: markup inside gives its text, references replaced", "flatxml",
			`<root><str key="a">a &amp; <b>bold</b> <![CDATA[<c>]]> &#x263A;</str></root>`,
			[]unit{{"a", "a & bold <c> ☺", ""}}, ""},
		{"xml:space=default normalizes", "flatxml",
			`<root><str key="a" xml:space="default">  a
   b  </str></root>`,
			[]unit{{"a", "a b", ""}}, ""},
		{"an empty text is a unit, untranslated; an empty key with text too", "flatxml",
			`<root><str key="a"></str><str key="">text</str></root>`,
			[]unit{{"a", "", ""}, {"", "text", ""}}, ""},
		{"no key attribute, or empty key and text: no unit", "flatxml",
			`<root><str key="a">x</str><str>no key</str><str key=""/></root>`,
			[]unit{{"a", "x", ""}}, ""},
		{"only the root's children: deeper <str> and other elements are not units", "flatxml",
			`<root><str key="a">x</str><group><str key="b">y</str></group><other key="c">z</other></root>`,
			[]unit{{"a", "x", ""}}, ""},
		{"flags from the element's attributes", "flatxml",
			`<root><str key="a" maxwidth="10" size-unit="char">x</str></root>`,
			[]unit{{"a", "x", "max-length:10"}}, ""},
		{"an entity declared in the document", "flatxml",
			`<!DOCTYPE root [<!ENTITY brand "Acme">]><root><str key="a">&brand; app</str></root>`,
			[]unit{{"a", "Acme app", ""}}, ""},
		{"an empty root reads", "flatxml", `<root/>`, nil, ""},
		{"a root of text only reads", "flatxml", `<root> text </root>`, nil, ""},
		{"a root holding only a comment has no <str>", "flatxml", `<root><!-- c --></root>`, nil, "no <str>"},
		{"a root holding other elements only has no <str>", "flatxml", `<root><string key="a">x</string></root>`, nil, "no <str>"},
		{"the first <str> must have a key", "flatxml", `<root><str>x</str><str key="a">y</str></root>`, nil, "key attribute"},
		{"the first <str> must have a key that is not empty", "flatxml", "<root>\n<str key=\"\">x</str></root>", nil, "line 2"},
		{"another root", "flatxml", `<resources><str key="a">x</str></resources>`, nil, "root element"},
		{"a root in a namespace is another root", "flatxml", `<root xmlns="urn:x"><str key="a">x</str></root>`, nil, "root element"},
		{"not well-formed", "flatxml", "<root>\n<str key=\"a\">x</root>", nil, "line 2"},
		{"ResourceDictionary: x:Key, system:String", "resourcedictionary",
			rdOpen + `<system:String x:Key="hello">Hello</system:String><!-- c --><system:String x:Key="e"></system:String>` + rdClose,
			[]unit{{"hello", "Hello", ""}, {"e", "", ""}}, ""},
		{"ResourceDictionary: the prefixes may be any", "resourcedictionary",
			`<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" xmlns:k="http://schemas.microsoft.com/winfx/2006/xaml" xmlns:s="clr-namespace:System;assembly=mscorlib"><s:String k:Key="a">A</s:String></ResourceDictionary>`,
			[]unit{{"a", "A", ""}}, ""},
		{"ResourceDictionary: an unprefixed Key is not x:Key", "resourcedictionary",
			rdOpen + `<system:String x:Key="a">A</system:String><system:String Key="b">B</system:String>` + rdClose,
			[]unit{{"a", "A", ""}}, ""},
		{"ResourceDictionary: other resources are no units, but the first String needs its key", "resourcedictionary",
			rdOpen + `<SolidColorBrush x:Key="c" Color="Red"/><system:String>x</system:String>` + rdClose, nil, "key attribute"},
		{"ResourceDictionary: the root without WPF's namespace", "resourcedictionary",
			`<ResourceDictionary><String Key="a">x</String></ResourceDictionary>`, nil, "root element"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := mustLookup(t, c.format).Parse([]byte(c.doc))
			if c.err != "" {
				var se *SyntaxError
				if !errors.As(err, &se) || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one with %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []unit
			for _, u := range f.Units {
				if len(u.Target) != 1 || u.Line < 1 {
					t.Fatalf("unit %+v: want one form and a line", u)
				}
				got = append(got, unit{u.Key, u.Target[0], u.Flags})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestFlatXMLInfo(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ id, name, mime, ext, flags string }{
		{"flatxml", "Flat XML file", "text/xml", "xml", ""},
		{"resourcedictionary", "ResourceDictionary file", "application/xaml+xml", "xaml", "c-sharp-format"},
	} {
		info, ok := Lookup(c.id)
		if !ok {
			t.Fatalf("%s not registered", c.id)
		}
		if info.Name != c.name || info.MimeType != c.mime || info.Extension != c.ext || info.CheckFlags != c.flags || !info.Monolingual || info.Plurals != PluralsNone || info.Fuzzy || info.Approved || info.ReadOnly {
			t.Errorf("%s: %+v", c.id, info)
		}
	}
}

// TestFlatXMLDuplicateKey: a repeated key is reported, both units kept.
func TestFlatXMLDuplicateKey(t *testing.T) {
	t.Parallel()
	f, err := flatXMLFormat{root: "root", value: "str", key: "key"}.Parse([]byte("<root>\n<str key=\"a\">1</str>\n<str key=\"a\">2</str></root>"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Units) != 2 || len(f.Warnings) != 1 || f.Warnings[0].Kind != DuplicateString || f.Warnings[0].Line != 3 {
		t.Fatalf("units %+v warnings %+v", f.Units, f.Warnings)
	}
}

var flatXMLSnippets = []string{
	"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<root>\n  <str key=\"hello\">Hello World!</str>\n  <str key=\"e\"></str>\n</root>\n",
	`<root><str key="a">a &amp; <b>bold</b> <![CDATA[<c>]]> &#x263A;</str><str>nokey</str><str key=""/><str key="">t</str></root>`,
	`<root><str key="a" xml:space="default">  a
   b  </str><str key="b" xml:space="preserve">  c  </str></root>`,
	`<root><str key="a">x</str><group><str key="b">y</str></group><other key="c">z</other><?pi data?></root>`,
	`<root><str key="a" maxwidth="10" size-unit="char" font="Arial;12;bold">x</str><str key="b" maxwidth="5">y</str></root>`,
	`<!DOCTYPE root [<!ENTITY brand "Acme">]><root><str key="a">&brand; app</str>&brand;</root>`,
	`<root/>`, `<root> text </root>`, `<root><!-- c --></root>`, `<root><string key="a">x</string></root>`,
	`<root><str>x</str><str key="a">y</str></root>`, `<root><str key="">x</str></root>`,
	`<resources><str key="a">x</str></resources>`, `<root xmlns="urn:x"><str key="a">x</str></root>`,
	`<root><!-- c --><str key="a">x</str></root>`, `<root><str key="a">1</str><str key="a">2</str></root>`,
	`<root><str key="ü日本">日本語</str></root>`,
	`<root xmlns:p="urn:p"><p:str key="a">x</p:str><str p:key="b">y</str><str key="c">z</str></root>`,
}

var resourceDictionarySnippets = []string{
	rdOpen + `<system:String x:Key="hello">Hello</system:String><!-- c --><system:String x:Key="e"></system:String>` + rdClose,
	`<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" xmlns:k="http://schemas.microsoft.com/winfx/2006/xaml" xmlns:s="clr-namespace:System;assembly=mscorlib"><s:String k:Key="a">A</s:String></ResourceDictionary>`,
	rdOpen + `<system:String x:Key="a">A</system:String><system:String Key="b">B</system:String><String x:Key="c">C</String>` + rdClose,
	rdOpen + `<SolidColorBrush x:Key="c" Color="Red"/><system:String>x</system:String>` + rdClose,
	rdOpen + `<SolidColorBrush x:Key="c" Color="Red"/>` + rdClose,
	rdOpen + rdClose,
	`<ResourceDictionary><String Key="a">x</String></ResourceDictionary>`,
	rdOpen + "\n    <system:String x:Key=\"multi\">\n        Line one\n        {0}{1}\n    </system:String>\n" + rdClose,
	rdOpen + `<system:String x:Key="a" xml:space="default">  a  b </system:String><system:String x:Key="">only text</system:String><system:String x:Key=""/>` + rdClose,
}

func TestTTKFlatXMLSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	checkXMLRCDocs(t, "flatxml", nil, toDocs(flatXMLSnippets), nil)
	checkXMLRCDocs(t, "resourcedictionary", nil, toDocs(resourceDictionarySnippets), nil)
}

func TestTTKFlatXMLFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	t.Run("flatxml", func(t *testing.T) { checkXMLRCFiles(t, "flatxml", "flatxml/*/*.xml", true) })
	t.Run("resourcedictionary", func(t *testing.T) {
		checkXMLRCFiles(t, "resourcedictionary", "resourcedictionary/*/*.xaml", true)
	})
}

func TestTTKRandomFlatXML(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(31, 37))
	flat, rd := make([][]byte, n), make([][]byte, n)
	for i := range flat {
		flat[i] = []byte(randomFlatXMLDoc(rng, false))
		rd[i] = []byte(randomFlatXMLDoc(rng, true))
	}
	checkXMLRCDocs(t, "flatxml", nil, flat, nil)
	checkXMLRCDocs(t, "resourcedictionary", nil, rd, nil)
}

func randomFlatXMLDoc(rng *rand.Rand, rd bool) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	elem, key := "str", "key"
	if rd {
		elem, key = "system:String", "x:Key"
	}
	var b strings.Builder
	if rd {
		b.WriteString(rdOpen)
	} else {
		b.WriteString(pick(`<root>`, `<?xml version="1.0" encoding="utf-8"?>`+"\n<root>\n", `<!DOCTYPE root [<!ENTITY e "ent">]><root>`))
	}
	for d := rng.IntN(6); d > 0; d-- {
		name := pick(` `+key+`="a"`, ` `+key+`="b"`, ` `+key+`=""`, ` `+key+`="Key.Sub"`, "", ` `+key+`="é"`)
		attrs := pick("", ` xml:space="preserve"`, ` xml:space="default"`, ` maxwidth="4"`, ` maxwidth="9" size-unit="byte"`)
		text := pick("text", "", "  spaced  ", "a &amp; b", "x<!--c-->y", "<![CDATA[cd]]>", "<b>in</b>ner", "\n  multi\n  line\n", "日本")
		if !rd && strings.HasPrefix(b.String(), "<!DOCTYPE") && rng.IntN(3) == 0 {
			text += "&e;"
		}
		switch rng.IntN(10) {
		case 0:
			b.WriteString("<!-- comment -->")
		case 1:
			fmt.Fprintf(&b, "<other%s>%s</other>", name, text)
		case 2:
			fmt.Fprintf(&b, "<group><%s%s>%s</%s></group>", elem, name, text, elem)
		default:
			fmt.Fprintf(&b, "<%s%s%s>%s</%s>\n", elem, name, attrs, text, elem)
		}
	}
	if rd {
		b.WriteString(rdClose)
	} else {
		b.WriteString("</root>")
	}
	return b.String()
}

func toDocs(snippets []string) [][]byte {
	docs := make([][]byte, len(snippets))
	for i, s := range snippets {
		docs[i] = []byte(s)
	}
	return docs
}

func FuzzFlatXML(f *testing.F) {
	addXMLSeeds(f, append(append([]string(nil), flatXMLSnippets...), resourceDictionarySnippets...), "flatxml", "resourcedictionary")
	flat, rd := mustLookup(f, "flatxml"), mustLookup(f, "resourcedictionary")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkXMLParse(t, data, flat, rd)
	})
}

// TestFlatXMLOtherEncodings pins a deliberate difference (README, "Deliberately
// different"): lxml converts a document declared in ISO-8859-1; gitlate reads
// XML only in UTF-8 and UTF-16: the file is an error with a line.
func TestFlatXMLOtherEncodings(t *testing.T) {
	t.Parallel()
	docs := map[string]string{
		"flatxml":            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<root><str key=\"a\">caf\xe9</str></root>",
		"resourcedictionary": "<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n" + rdOpen + "<system:String x:Key=\"a\">caf\xe9</system:String>" + rdClose,
	}
	for id, doc := range docs {
		_, err := mustLookup(t, id).Parse([]byte(doc))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line < 1 {
			t.Errorf("%s: error %v, want a *SyntaxError with a line", id, err)
		}
	}
	// What translate-toolkit makes of the same document, when it is here.
	if ttkMissing() == "" && !testing.Short() {
		res := runXMLTTK(t, []xmlTTKRequest{xmlDocRequest("flatxml", []byte(docs["flatxml"]), "")})
		if res[0].Error != "" || len(res[0].Units) != 1 || res[0].Units[0].Target[0] != "café" {
			t.Errorf("translate-toolkit: %+v (the difference this test pins is gone?)", res[0])
		}
	}
}
