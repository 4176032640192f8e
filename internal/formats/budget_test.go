package formats

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
)

// budgetOf is the text budget of a document of n bytes, written out independently
// of textBudget: max(1 MiB, 10 × n).
func budgetOf(n int) int { return max(1<<20, 10*n) }

// allocated is the number of bytes fn allocated on the heap.
func allocated(fn func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	fn()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// textBytes is the bytes of every string of units.
func textBytes(units []Unit) int {
	n := 0
	for i := range units {
		n += unitText(&units[i]) + len(strings.Join(units[i].Categories, ""))
	}
	return n
}

// TestQuadraticEntityExpansion parses the attack that found the per-entity limit:
// 1.7 KB whose one entity expands to 900 KB, referenced 400 times in one <term>
// (before, 1.26 GB and 5 s for gitlate scan). It must fail at once, at the line
// of the references, having allocated a small multiple of the 1 MiB budget.
func TestQuadraticEntityExpansion(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "hostile", "quadratic.tbx"))
	if err != nil {
		t.Fatal(err)
	}
	var perr error
	n := allocated(func() { _, perr = tbxFormat{}.Parse(data) })
	var se *SyntaxError
	if !errors.As(perr, &se) {
		t.Fatalf("Parse: %v, want a *SyntaxError", perr)
	}
	wantLine := 1 + bytes.Count(data[:bytes.Index(data, []byte("<term>&f;"))], []byte("\n"))
	if se.Line != wantLine || !strings.Contains(se.Msg, "1048576 bytes of text") {
		t.Errorf("error %v, want line %d and the budget of 1048576 bytes", se, wantLine)
	}
	if n > 8<<20 {
		t.Errorf("Parse allocated %d bytes, want less than 8 MiB", n)
	}
	if _, rerr := refTBXParse(data); rerr == nil {
		t.Errorf("the reference parser accepts the attack")
	}
}

// TestTextBudget: the text a document may expand to is max(1 MiB, 10 × its size),
// counted over every entity reference (cached or not), every entity flattened,
// and the units' strings, for every XML format. The reference parser, which counts
// the same things its own way, must agree on each document.
func TestTextBudget(t *testing.T) {
	x := strings.Repeat
	entity := func(name string, n int) string { return `<!ENTITY ` + name + ` "` + x("x", n) + `">` }
	tbx := func(dtd, term string, pad int) string {
		return `<!DOCTYPE martif [` + dtd + `]><martif><!--` + x(" ", pad) + `-->` + "\n" +
			`<termEntry><langSet><term>` + term + `</term></langSet></termEntry></martif>`
	}
	laughs := `<!ENTITY a "` + x("x", 10) + `">`
	for i := 'b'; i <= 'j'; i++ {
		laughs += `<!ENTITY ` + string(i) + ` "` + x("&"+string(i-1)+";", 10) + `">`
	}
	android := func(dtd, body string) string {
		return `<!DOCTYPE resources [` + dtd + `]><resources>` + body + `</resources>`
	}
	strs := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i) + "\n")
		}
		return b.String()
	}
	var decls strings.Builder
	for i := range 40 {
		decls.WriteString(` xmlns:p` + strconv.Itoa(i) + `="urn:example:` + strconv.Itoa(i) + `"`)
	}
	// translate-toolkit's copy of a value's element writes the element's namespace
	// declarations onto each of its child elements.
	namespaced := func(n int) string {
		return `<resources><string name="k"` + decls.String() + `>` + x("<b/>", n) + `</string></resources>`
	}
	cases := []struct {
		name   string
		format Format
		doc    string
		ok     bool
		text   int // bytes of the units' strings when ok (0: not checked)
	}{
		{"an entity referenced within the budget", tbxFormat{}, tbx(entity("e", 50_000), x("&e;", 5), 0), true, 250_000},
		{"the same entity referenced past it (each reference counts, cached or not)", tbxFormat{}, tbx(entity("e", 50_000), x("&e;", 25), 0), false, 0},
		{"a larger file has a larger budget", tbxFormat{}, tbx(entity("e", 50_000), x("&e;", 25), 300_000), true, 1_250_000},
		{"billion laughs", tbxFormat{}, tbx(laughs, "&j;", 0), false, 0},
		{"billion laughs declared but not used", tbxFormat{}, tbx(laughs, "x", 0), true, 1},
		{"entities flattened count while they are built", tbxFormat{}, tbx(entity("a", 10_000)+`<!ENTITY b "`+x("&a;", 10)+`"><!ENTITY c "`+x("&b;", 11)+`">`, "&c;", 0), false, 0},
		{"an entity in names, within the budget", androidFormat{}, android(entity("f", 20_000), strs(10, func(i int) string { return `<string name="k&f;` + strconv.Itoa(i) + `">x</string>` })), true, 10*20_002 + 10},
		{"an entity in names, past the budget", androidFormat{}, android(entity("f", 20_000), strs(60, func(i int) string { return `<string name="k&f;` + strconv.Itoa(i) + `">x</string>` })), false, 0},
		{"an entity in a serialized attribute stays a reference", androidFormat{}, android(entity("f", 400_000), strs(10, func(i int) string { return `<string name="k` + strconv.Itoa(i) + `"><a href="&f;"/></string>` })), true, 0},
		{"namespace declarations copied onto a few elements", androidFormat{}, namespaced(500), true, 0},
		{"namespace declarations copied onto many elements", androidFormat{}, namespaced(1000), false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.doc)
			f, err := c.format.Parse(data)
			var want *File
			var rerr error
			if _, isTBX := c.format.(tbxFormat); isTBX {
				want, rerr = refTBXParse(data)
			} else {
				want, rerr = refAndroidParse(data)
				compareStream(t, data, f, err)
			}
			compareWithReference(t, data, f, err, want, rerr)
			if !c.ok {
				var se *SyntaxError
				if !errors.As(err, &se) || !strings.Contains(se.Msg, strconv.Itoa(budgetOf(len(data)))+" bytes of text") {
					t.Fatalf("error %v, want the budget of %d bytes exceeded", err, budgetOf(len(data)))
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if n := textBytes(f.Units); c.text != 0 && n != c.text || n > budgetOf(len(data)) {
				t.Errorf("units hold %d bytes of text, want %d (budget %d)", n, c.text, budgetOf(len(data)))
			}
		})
	}
}

// FuzzTextBudget checks, for every XML format and any input, what the budget
// promises: the units a parse returns hold at most max(1 MiB, 10 × the input's
// size) bytes of text, and parsing allocates no more than a fixed multiple of the
// budget and the input, so no input makes the work grow faster than its size
// (bytes are counted, not time, which a busy machine would make flaky).
func FuzzTextBudget(f *testing.F) {
	addSeeds(f, "")
	for _, s := range xliffSnippets[:4] {
		f.Add([]byte(s))
	}
	f.Add([]byte(tsSnippets[2]))
	f.Add([]byte(resxSnippets[1]))
	f.Add([]byte(stringsdictSnippets[0].doc))
	f.Fuzz(func(t *testing.T, data []byte) {
		budget := budgetOf(len(data))
		// Tokens, attributes and units are kept at a few dozen bytes each per byte
		// of markup; text beyond that is bounded by the budget.
		limit := uint64(8*budget + 256*len(data))
		for _, format := range []Format{androidFormat{}, tbxFormat{}, xliffFormat{rich: true}, xliffFormat{}, tsFormat{}, resxFormat{}, stringsdictFormat{}} {
			var file *File
			var err error
			if n := allocated(func() { file, err = format.Parse(data) }); n > limit {
				t.Fatalf("%s: parsing %d bytes allocated %d, more than %d\ninput %q", formatName(format), len(data), n, limit, clip(data))
			}
			if err == nil {
				if n := textBytes(file.Units); n > budget {
					t.Fatalf("%s: units hold %d bytes of text, more than the budget of %d\ninput %q", formatName(format), n, budget, clip(data))
				}
			}
		}
		streamed := 0
		var err error
		n := allocated(func() {
			_, err = androidFormat{}.Stream(data, func(u *Unit) {
				streamed += unitText(u) + len(strings.Join(u.Categories, ""))
			})
		})
		if n > limit {
			t.Fatalf("Stream: %d bytes allocated %d, more than %d\ninput %q", len(data), n, limit, clip(data))
		}
		if err == nil && streamed > budget {
			t.Fatalf("Stream: units hold %d bytes of text, more than the budget of %d\ninput %q", streamed, budget, clip(data))
		}
	})
}

// formatName names a format in a failure message by its type and fields.
func formatName(f Format) string { return fmt.Sprintf("%#v", f) }
