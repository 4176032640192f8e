package formats

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestAdversarialInputsStayFast feeds inputs shaped to make a naive parser
// quadratic (or worse) and requires each to finish quickly. Quadratic behaviour on
// these sizes would take minutes, so the generous bound does not make the test flaky.
func TestAdversarialInputsStayFast(t *testing.T) {
	const n = 20000
	var ns, uses, ents, refs, attrs, notes strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&ns, ` xmlns:p%d="urn:%d"`, i, i)
		fmt.Fprintf(&uses, `<p%d:b p%d:x="1"/>`, i, i)
		fmt.Fprintf(&ents, `<!ENTITY e%d "<p%d:a/>">`, i, i%50)
		fmt.Fprintf(&refs, `&e%d;`, i)
		fmt.Fprintf(&attrs, ` a%d="v"`, i)
		fmt.Fprintf(&notes, `<note>n%d</note>`, i)
	}
	cases := map[string]struct {
		format Format
		doc    string
	}{
		"many namespaces used in one string":               {androidFormat{}, `<resources` + ns.String() + `><string name="k">` + uses.String() + `</string></resources>`},
		"many namespaces, many units":                      {androidFormat{}, `<resources` + ns.String() + `>` + strings.Repeat(`<string name="k"><p1:b/>x</string>`, n) + `</resources>`},
		"many entities checked in a namespace-heavy scope": {androidFormat{}, `<!DOCTYPE resources [` + ents.String() + `]><resources` + ns.String() + `><string name="k">` + refs.String() + `</string></resources>`},
		"many attributes":                                  {androidFormat{}, `<resources><string name="k"` + attrs.String() + `>x</string></resources>`},
		"long string with every escape rule":               {androidFormat{}, `<resources><string name="k">` + strings.Repeat(`  "a  \n\t\u0041 \q\\" `, n) + `</string></resources>`},
		"deep markup":                                      {androidFormat{}, `<resources><string name="k">` + strings.Repeat(strings.Repeat("<b>", 250)+"x"+strings.Repeat("</b>", 250), 200) + `</string></resources>`},
		"many notes in one term entry":                     {tbxFormat{}, `<martif><termEntry><langSet><term>a</term></langSet>` + notes.String() + `</termEntry></martif>`},
		"nested term entries":                              {tbxFormat{}, `<martif>` + strings.Repeat(`<termEntry><langSet><term>a</term></langSet>`, 250) + strings.Repeat(`</termEntry>`, 250) + `</martif>`},
		"many comments before one string":                  {androidFormat{}, `<resources>` + strings.Repeat(`<!-- c -->`, n*5) + `<string name="k">x</string></resources>`},
		"text with many references":                        {androidFormat{}, `<resources><string name="k">` + strings.Repeat(`&amp;&#65;&lt;`, n*5) + `</string></resources>`},
	}
	for name, c := range cases {
		start := time.Now()
		_, err := c.format.Parse([]byte(c.doc))
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: %d bytes took %v (err %v)", name, len(c.doc), d, err)
		}
	}
}
