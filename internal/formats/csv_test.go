package formats

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

// The rules of translate-toolkit's csvfile and Weblate's CSVUnit on small files.
func TestCSVUnits(t *testing.T) {
	t.Parallel()
	u := func(key, source, target string) Unit {
		return Unit{Key: key, Source: []string{source}, Target: []string{target}}
	}
	cases := []struct {
		name, format, doc string
		want              []Unit
	}{
		{"a header names the columns; it is no unit", "csv",
			"source,target,context,location,fuzzy\nHello,Hallo,greet,main.c:1,\nBye,,bye,,yes\n",
			[]Unit{{Key: "greet", Source: []string{"Hello"}, Target: []string{"Hallo"}, Location: "main.c:1", Line: 2},
				{Key: "bye", Source: []string{"Bye"}, Target: []string{""}, Fuzzy: true, Line: 3}}},
		{"without a header the columns are location, source, target…", "csv",
			"\"a.c\",\"Hello\",\"Hallo\"\n\"b.c\",\"Bye\",\"\"\n",
			[]Unit{{Source: []string{"Hello"}, Target: []string{"Hallo"}, Location: "a.c", Line: 1},
				{Source: []string{"Bye"}, Target: []string{""}, Location: "b.c", Line: 2}}},
		{"…but two columns are source, target (Weblate re-reads them)", "csv",
			"\"Hello\",\"Hallo\"\n\"Bye\",\"Tschüss\"\n",
			[]Unit{{Source: []string{"Hello"}, Target: []string{"Hallo"}, Line: 1}, {Source: []string{"Bye"}, Target: []string{"Tschüss"}, Line: 2}}},
		{"aliases: original, translation, notes, developer comments, key", "csv",
			"original;translation;notes;developer comments;key\nHello;Hallo;t;d;k\n",
			[]Unit{{Source: []string{"original"}, Target: []string{"translation"}, Note: "notes\ndeveloper comments", Line: 1},
				{Source: []string{"Hello"}, Target: []string{"Hallo"}, Note: "t\nd", Line: 2}}},
		{"a header whose names are not the columns' is a unit", "csv-simple",
			"Source,Target\nHello,Hallo\n",
			[]Unit{{Source: []string{"Hello"}, Target: []string{"Hallo"}, Line: 2}}},
		{"quoted fields hold delimiters, doubled quotes and newlines", "csv-simple",
			"\"a, \"\"b\"\"\",\"line\nnext\"\n",
			[]Unit{{Source: []string{`a, "b"`}, Target: []string{"line\nnext"}, Line: 1}}},
		{"Weblate's formula escaping is removed", "csv-simple",
			"\"'=SUM(A1)'\",\"'+x\\|y'\"\n\"'ab'\",\"'='\"\n",
			[]Unit{u("", "=SUM(A1)", "+x|y"), u("", "'ab'", "=")}},
		{"fuzzy values", "csv",
			"source,target,fuzzy\na,b,1\nc,d,X\ne,f,TRUE\ng,h,fuzzy\ni,j,no\n",
			nil},
		{"blank lines are no units; an empty row is", "csv-simple", "a,b\n\n\n,\nc,d\n",
			[]Unit{u("", "a", "b"), u("", "", ""), u("", "c", "d")}},
		{"a semicolon file", "csv-simple", "a;b\nc;d\n", []Unit{u("", "a", "b"), u("", "c", "d")}},
		{"ISO-8859-1", "csv-simple-iso", "caf\xe9,Caf\xe9\n", []Unit{u("", "café", "Café")}},
		{"Windows-1252 when not UTF-8", "csv-simple", "a,\x80 \xe9\n", []Unit{u("", "a", "€ é")}},
		{"UTF-8 byte-order mark", "csv-simple", "\xef\xbb\xbfa,b\n", []Unit{u("", "a", "b")}},
	}
	for _, c := range cases {
		got, err := mustLookup(t, c.format).Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.want == nil { // fuzzy values
			var fz []bool
			for _, u := range got.Units {
				fz = append(fz, u.Fuzzy)
			}
			if !reflect.DeepEqual(fz, []bool{true, true, true, true, false}) {
				t.Errorf("%s: fuzzy %v", c.name, fz)
			}
			continue
		}
		for i := range got.Units {
			if c.want[i].Line == 0 {
				got.Units[i].Line = 0
			}
		}
		if !reflect.DeepEqual(got.Units, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got.Units, c.want)
		}
	}
	for _, bad := range []struct{ name, doc string }{
		{"empty file", ""},
		{"a carriage return alone in an unquoted field", "a,b\rc,d\n"},
		{"a field over 131072 characters", "a," + strings.Repeat("x", 131073) + "\n"},
	} {
		if _, err := mustLookup(t, "csv").Parse([]byte(bad.doc)); err == nil {
			t.Errorf("%s: parsed", bad.name)
		} else if !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("%s: error %q names no line", bad.name, err)
		}
	}
	for _, id := range []string{"csv", "csv-simple", "csv-simple-iso"} {
		info, _ := Lookup(id)
		if info.Monolingual || info.MimeType != "text/csv" || info.Extension != "csv" || !info.Fuzzy || info.Plurals != PluralsNone {
			t.Errorf("%s info %+v", id, info)
		}
	}
}

// The sniffer on the shapes csv.Sniffer tells apart.
func TestSniffCSV(t *testing.T) {
	t.Parallel()
	cases := []struct {
		doc   string
		delim rune
		quote rune
		space bool
		ok    bool
	}{
		{`"a","b"` + "\n", ',', '"', false, true},
		{`'a'; 'b'` + "\n", ';', '\'', true, true},
		{"a\tb\nc\td\n", '\t', '"', false, true},
		{"a:b:c\nd:e:f\n", ':', '"', false, true},
		{"one\n", 'o', '"', false, true}, // letters count as much as anything
		{"\n\n", 0, 0, false, false},
		{"", 0, 0, false, false},
		{"a\"b\"c\nd\"e\"f\n", '"', '"', false, true},
	}
	for _, c := range cases {
		d, ok := sniffCSV(c.doc)
		if ok != c.ok || ok && (d.delim != c.delim || d.quote != c.quote || d.skipSpace != c.space) {
			t.Errorf("%q: %+v %v", c.doc, d, ok)
		}
	}
}

// compareCSV compares gitlate's units of a CSV file with translate-toolkit's.
func compareCSV(units []Unit, want []csvtxtUnit) []string {
	if len(units) != len(want) {
		return []string{fmt.Sprintf("%d units, translate-toolkit %d", len(units), len(want))}
	}
	var diffs []string
	for i, u := range units {
		w := want[i]
		if u.Key != w.Key || !reflect.DeepEqual(u.Source, w.Source) || !reflect.DeepEqual(u.Target, w.Target) ||
			u.Location != w.Location || u.Fuzzy != w.Fuzzy || u.Note != w.Note {
			diffs = append(diffs, fmt.Sprintf("unit %d: got %q %q %q loc %q fuzzy %v note %q; translate-toolkit %q %q %q loc %q fuzzy %v note %q",
				i, u.Key, u.Source, u.Target, u.Location, u.Fuzzy, u.Note, w.Key, w.Source, w.Target, w.Location, w.Fuzzy, w.Note))
		}
	}
	return diffs
}

type csvDoc struct {
	format string
	data   []byte
	name   string
}

func compareCSVDocs(t *testing.T, docs []csvDoc) {
	t.Helper()
	reqs := make([]ttkRequest, len(docs))
	for i, d := range docs {
		reqs[i] = csvtxtRequest(d.format, d.data)
	}
	var res []csvtxtResult
	if err := runTTKRaw(t, reqs, &res); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for i, d := range docs {
		got, err := mustLookup(t, d.format).Parse(d.data)
		if (err != nil) != (res[i].Error != "") {
			t.Errorf("%s (%s) %q: gitlate error %v, translate-toolkit error %q", d.name, d.format, truncate(d.data), err, res[i].Error)
			failed++
		} else if err == nil {
			if diffs := compareCSV(got.Units, res[i].Units); diffs != nil {
				t.Errorf("%s (%s) %q:\n%s", d.name, d.format, truncate(d.data), strings.Join(diffs[:min(3, len(diffs))], "\n"))
				failed++
			}
		}
		if failed > 10 {
			t.Fatal("too many differences")
		}
	}
}

func truncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

// The real files of testdata/csv against translate-toolkit, each read as the
// format its folder names.
func TestTTKCSVFiles(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	var docs []csvDoc
	for _, id := range []string{"csv", "csv-simple", "csv-simple-iso"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", id, "*", "*.csv"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, csvDoc{id, data, p})
			if id == "csv" {
				// The same file in UTF-16 with a byte-order mark, and read as
				// Simple CSV.
				docs = append(docs, csvDoc{id, utf16BOM(string(data)), p + " (UTF-16)"}, csvDoc{"csv-simple", data, p})
			}
		}
	}
	if len(docs) < 12 {
		t.Fatalf("%d CSV files in testdata", len(docs))
	}
	compareCSVDocs(t, docs)
}

func utf16BOM(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// translate-toolkit's "auto" encoding is charset_normalizer's guess, which takes
// a short UTF-8 file for some legacy encoding; gitlate reads UTF-8 as UTF-8
// (README, "Deliberately different").
func TestTTKCSVEncodingGuess(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	doc := []byte("source,target\n日本,x\n")
	var res []csvtxtResult
	if err := runTTKRaw(t, []ttkRequest{csvtxtRequest("csv-detect", doc), csvtxtRequest("csv", doc)}, &res); err != nil {
		t.Fatal(err)
	}
	got, err := mustLookup(t, "csv").Parse(doc)
	if err != nil || len(got.Units) != 1 || got.Units[0].Source[0] != "日本" {
		t.Fatalf("gitlate: %+v %v", got, err)
	}
	if len(res[0].Units) != 1 || res[0].Units[0].Source[0] == "日本" {
		t.Errorf("charset_normalizer now reads %q as UTF-8 (%+v): the difference is gone", doc, res[0])
	}
	if diffs := compareCSV(got.Units, res[1].Units); diffs != nil {
		t.Errorf("with gitlate's decoding: %v", diffs)
	}
}

// Random documents of the characters CSV dialects are made of, against
// translate-toolkit: the sniffer's quote and delimiter guesses, the header,
// the reader's states.
func TestTTKRandomCSV(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, uint64(len("csv"))))
	var docs []csvDoc
	formats := []string{"csv", "csv-simple", "csv-simple-iso"}
	for i := 0; i < 1500; i++ {
		docs = append(docs, csvDoc{formats[i%3], []byte(randomCSVDoc(rng)), fmt.Sprintf("random %d", i)})
	}
	compareCSVDocs(t, docs)
}

func randomCSVDoc(rng *rand.Rand) string {
	pieces := []string{",", ";", "\t", " ", ":", "|", `"`, `'`, "\n", "\n", "\r\n", "\\", "a", "bc", "Hello", "é", "source", "target",
		"context", "fuzzy", "1", "'=x'", `""`, "x y", "日本", "-", "_"}
	var b strings.Builder
	rows := 1 + rng.IntN(8)
	if rng.IntN(3) == 0 {
		rows = 8 + rng.IntN(40) // the delimiter guess goes ten lines at a time
	}
	for r := 0; r < rows; r++ {
		switch rng.IntN(4) {
		case 0: // a structured row
			cols := 1 + rng.IntN(4)
			d := []string{",", ";", "\t"}[rng.IntN(3)]
			for c := 0; c < cols; c++ {
				if c > 0 {
					b.WriteString(d)
				}
				f := pieces[rng.IntN(len(pieces))]
				if rng.IntN(2) == 0 {
					f = `"` + strings.ReplaceAll(f, `"`, `""`) + `"`
				}
				b.WriteString(f)
			}
			b.WriteString("\n")
		default:
			for n := rng.IntN(6); n > 0; n-- {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			if rng.IntN(3) > 0 {
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

func FuzzCSV(f *testing.F) {
	for _, s := range []string{"source,target\na,b\n", "\"a\",\"b\"\n", "a;b\n", "'x'\n", "a\"b\n", "\"open\n"} {
		f.Add([]byte(s))
	}
	addPlainSeeds(f, nil, "csv", "csv-simple", "csv-simple-iso")
	f.Fuzz(func(t *testing.T, data []byte) {
		// A Windows-1252 byte decodes to at most three bytes of UTF-8, and a
		// unit's fields are each at most the file.
		checkPlainParse(t, data, func(n int) int { return 3*n + 64 }, "csv", "csv-simple", "csv-simple-iso")
	})
}
