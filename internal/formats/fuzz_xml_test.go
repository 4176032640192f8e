package formats

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// Fuzz targets of the XLIFF, Qt TS, RESX and stringsdict parsers: no panic, an
// error is a *SyntaxError with a line, every unit has a line, and the units hold
// no more text than the document's budget allows.

func checkXMLParse(t *testing.T, data []byte, formats ...Format) {
	t.Helper()
	budget := budgetOf(len(data))
	for _, format := range formats {
		f, err := format.Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("%s: error %v is not a *SyntaxError with a line", formatName(format), err)
			}
			continue
		}
		for i := range f.Units {
			if f.Units[i].Line < 1 {
				t.Fatalf("%s: unit %q without a line", formatName(format), f.Units[i].Key)
			}
		}
		if n := textBytes(f.Units); n > budget {
			t.Fatalf("%s: units hold %d bytes of text, more than the budget of %d\ninput %q", formatName(format), n, budget, clip(data))
		}
	}
}

func addXMLSeeds(f *testing.F, snippets []string, dirs ...string) {
	addPlainSeeds(f, snippets, dirs...)
	for _, s := range hostileSeeds() {
		f.Add([]byte(s))
	}
}

func FuzzXLIFF(f *testing.F) {
	addXMLSeeds(f, xliffSnippets, "xliff")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkXMLParse(t, data, xliffFormat{rich: true}, xliffFormat{})
	})
}

func FuzzTS(f *testing.F) {
	addXMLSeeds(f, tsSnippets, "ts")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkXMLParse(t, data, tsFormat{})
	})
}

func FuzzRESX(f *testing.F) {
	addXMLSeeds(f, resxSnippets, "resx")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkXMLParse(t, data, resxFormat{})
	})
}

func FuzzStringsdict(f *testing.F) {
	var docs []string
	for _, s := range stringsdictSnippets {
		docs = append(docs, s.doc)
	}
	addXMLSeeds(f, docs, "stringsdict")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkXMLParse(t, data, stringsdictFormat{})
	})
}

// FuzzXLIFFContent fuzzes the content of a <source> and a <target>, where the
// placeables are rebuilt.
func FuzzXLIFFContent(f *testing.F) {
	for _, s := range []string{`Hi <x id="1"/>`, `<g id="1">a <ph id="2">b</ph></g>`, `<h:b h:c="d"><h:i/></h:b>`, `a<!-- c -->b`,
		` <mrk mtype="seg"> x </mrk> `, `&amp;&#10;<![CDATA[<c>]]>`, `<g id="1" xml:space="preserve">  s  </g>`, `<bx/><ex id="2" rid="r"/>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		doc := []byte(`<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:h="urn:h"><file original="o"><body>` +
			`<trans-unit id="a"><source>` + content + `</source><target>` + content + `</target></trans-unit></body></file></xliff>`)
		checkXMLParse(t, doc, xliffFormat{rich: true}, xliffFormat{})
	})
}

// TestXMLFormatsTextBudget: entity references in text, notes and attributes count
// against the document's one budget in every format that reads them.
func TestXMLFormatsTextBudget(t *testing.T) {
	t.Parallel()
	x := strings.Repeat
	entity := `<!DOCTYPE d [<!ENTITY e "` + x("x", 50_000) + `">]>`
	xliff := func(unit string) string {
		return entity + `<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="o"><body>` + unit + `</body></file></xliff>`
	}
	cases := []struct {
		name   string
		format Format
		doc    string
		ok     bool
	}{
		{"XLIFF text within the budget", xliffFormat{}, xliff(`<trans-unit id="a"><source>` + x("&e;", 5) + `</source></trans-unit>`), true},
		{"XLIFF text past it", xliffFormat{}, xliff(`<trans-unit id="a"><source>` + x("&e;", 25) + `</source></trans-unit>`), false},
		{"XLIFF notes past it, with placeables", xliffFormat{rich: true}, xliff(`<trans-unit id="a"><source>s</source>` + x(`<note>&e;</note>`, 25) + `</trans-unit>`), false},
		{"XLIFF ids past it", xliffFormat{rich: true}, xliff(x(`<trans-unit id="&e;"><source>s</source></trans-unit>`, 25)), false},
		{"TS ids past it", tsFormat{}, entity + `<TS><context><name>c</name>` + x(`<message id="&e;"><source>s</source></message>`, 25) + `</context></TS>`, false},
		{"RESX names past it", resxFormat{}, entity + `<root>` + x(`<data name="&e;"><value>v</value></data>`, 25) + `</root>`, false},
		{"RESX names within it", resxFormat{}, entity + `<root>` + x(`<data name="&e;"><value>v</value></data>`, 5) + `</root>`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.doc)
			f, err := c.format.Parse(data)
			if !c.ok {
				var se *SyntaxError
				if !errors.As(err, &se) || !strings.Contains(se.Msg, strconv.Itoa(budgetOf(len(data)))+" bytes of text") {
					t.Fatalf("error %v, want the budget of %d bytes exceeded", err, budgetOf(len(data)))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := textBytes(f.Units); n < 250_000 || n > budgetOf(len(data)) {
				t.Errorf("units hold %d bytes, want the 250000 of the references, within the budget %d", n, budgetOf(len(data)))
			}
		})
	}
}
