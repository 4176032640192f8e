package formats

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestAdversarialInputsStayFast feeds inputs shaped to make a naive parser
// quadratic (or worse) and requires each to parse at most 200 times slower
// than a plain document of the same size and format parsed just after it.
// Quadratic behaviour on these sizes is thousands of times slower, while the ratio stays put when the machine is slow
// or loaded (-race, other tests): no fixed wall-clock bound.
func TestAdversarialInputsStayFast(t *testing.T) {
	t.Parallel()
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
	timed := func(f Format, doc []byte) (time.Duration, error) {
		start := time.Now()
		_, err := f.Parse(doc)
		return time.Since(start), err
	}
	for name, c := range cases {
		plain := benignDoc(c.format, len(c.doc))
		// A ratio over the bound is measured again (up to three times in all)
		// before it counts: one run can meet a GC pause or a descheduling.
		for try := 1; ; try++ {
			hostile, err := timed(c.format, []byte(c.doc))
			benign, berr := timed(c.format, plain)
			if berr != nil {
				t.Fatalf("%s: the benign document does not parse: %v", name, berr)
			}
			t.Logf("%s: %d bytes %v, plain %v (%.1f×)", name, len(c.doc), hostile, benign, float64(hostile)/float64(benign))
			if hostile <= 200*benign {
				break
			}
			if try == 3 {
				t.Errorf("%s: %d bytes took %v, a plain document of %d bytes %v (err %v)", name, len(c.doc), hostile, len(plain), benign, err)
				break
			}
		}
	}
}

// benignDoc is an ordinary document of the format, of about size bytes: many
// short units with a little text.
func benignDoc(f Format, size int) []byte {
	var b strings.Builder
	if _, ok := f.(tbxFormat); ok {
		b.WriteString(`<martif><text><body>`)
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, `<termEntry><langSet xml:lang="en"><term>term %d</term></langSet><langSet xml:lang="cs"><term>výraz %d</term></langSet></termEntry>`, i, i)
		}
		b.WriteString(`</body></text></martif>`)
		return []byte(b.String())
	}
	b.WriteString(`<resources>`)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `<string name="k%d">Some text %d, with <b>markup</b></string>`, i, i)
	}
	b.WriteString(`</resources>`)
	return []byte(b.String())
}
