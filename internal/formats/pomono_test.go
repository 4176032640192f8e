package formats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// Weblate's PoMonoUnit rules (weblate/formats/ttkit.py) on small files: the key is
// msgctxt and msgid stripped and joined with a dot, the text is msgstr, and the
// msgctxt goes into the note when the msgid is set.
func TestPoMonoUnits(t *testing.T) {
	t.Parallel()
	const header = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
	cases := []struct {
		name, doc string
		want      []Unit
	}{
		{"msgid is the key", header + "#. shown on start\nmsgid \"hello\"\nmsgstr \"Hello\"\n",
			[]Unit{{Key: "hello", Target: []string{"Hello"}, Note: "shown on start", Line: 4}}},
		{"context and msgid joined with a dot", header + "msgctxt \"menu\"\nmsgid \"open\"\nmsgstr \"Open\"\n",
			[]Unit{{Key: "menu.open", Target: []string{"Open"}, Note: "menu", Line: 4}}},
		{"the note keeps the comments, then the context", header + "# translator\nmsgctxt \"#30000\"\nmsgid \"Enable\"\nmsgstr \"\"\n",
			[]Unit{{Key: "#30000.Enable", Target: []string{""}, Note: "translator\n#30000", Line: 4}}},
		{"context alone is the key, and no note", header + "msgctxt \"only\"\nmsgid \"\"\nmsgstr \"text\"\n",
			[]Unit{{Key: "only", Target: []string{"text"}, Line: 4}}},
		{"white space around the parts is stripped from the key only", header + "msgctxt \" ctx \"\nmsgid \"\\tid \"\nmsgstr \"x\"\n",
			[]Unit{{Key: "ctx.id", Target: []string{"x"}, Note: " ctx ", Line: 4}}},
		{"a blank part is not joined", header + "msgctxt \"  \"\nmsgid \"id\"\nmsgstr \"x\"\n",
			[]Unit{{Key: "id", Target: []string{"x"}, Note: "  ", Line: 4}}},
		{"plural forms are the msgstr forms; the key is the singular msgid", header +
			"msgid \"apples\"\nmsgid_plural \"apples_plural\"\nmsgstr[0] \"one apple\"\nmsgstr[1] \"%d apples\"\n",
			[]Unit{{Key: "apples", Target: []string{"one apple", "%d apples"}, Plural: true, Line: 4}}},
		{"fuzzy and flags", header + "#, fuzzy, c-format\nmsgid \"n\"\nmsgstr \"%d\"\n",
			[]Unit{{Key: "n", Target: []string{"%d"}, Fuzzy: true, Flags: "c-format", Line: 4}}},
		{"obsolete entries and the header are no units", header + "#~ msgid \"old\"\n#~ msgstr \"Old\"\n", []Unit{}},
	}
	f := mustLookup(t, "po-mono")
	for _, c := range cases {
		got, err := f.Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(got.Units, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got.Units, c.want)
		}
	}
	if _, err := f.Parse([]byte("msgid \"a\"\nmsgstr \"unterminated\n")); err == nil {
		t.Error("a PO syntax error parsed")
	}
	info, _ := Lookup("po-mono")
	if !info.Monolingual || info.Plurals != PluralsPositional || !info.Fuzzy || info.MimeType != "text/x-po" || info.Extension != "po" {
		t.Errorf("po-mono info %+v", info)
	}
}

// csvtxtUnit is a unit as ttk_fmt_csvtxt.py reports it.
type csvtxtUnit struct {
	Key      string   `json:"key"`
	Source   []string `json:"source"`
	Target   []string `json:"target"`
	Plural   bool     `json:"plural"`
	Fuzzy    bool     `json:"fuzzy"`
	Note     string   `json:"note"`
	Location string   `json:"location"`
}

type csvtxtResult struct {
	Units []csvtxtUnit `json:"units"`
	Error string       `json:"error"`
}

// csvtxtRequest asks ttk_dump.py's ttk_fmt_*.py modules to read data: its bytes
// travel as the characters U+0000-U+00FF.
func csvtxtRequest(format string, data []byte) ttkRequest {
	runes := make([]rune, len(data))
	for i, b := range data {
		runes[i] = rune(b)
	}
	return ttkRequest{Format: format, Data: string(runes)}
}

// comparePoMono compares the units of a po-mono file with translate-toolkit's.
func comparePoMono(units []Unit, want []csvtxtUnit) []string {
	if len(units) != len(want) {
		return []string{fmt.Sprintf("%d units, translate-toolkit %d", len(units), len(want))}
	}
	var diffs []string
	for i, u := range units {
		w := want[i]
		if u.Key != w.Key || !reflect.DeepEqual(u.Target, w.Target) || u.Plural != w.Plural || u.Fuzzy != w.Fuzzy || u.Note != w.Note {
			diffs = append(diffs, fmt.Sprintf("unit %d: got key %q target %q plural %v fuzzy %v note %q; translate-toolkit key %q target %q plural %v fuzzy %v note %q",
				i, u.Key, u.Target, u.Plural, u.Fuzzy, u.Note, w.Key, w.Target, w.Plural, w.Fuzzy, w.Note))
		}
	}
	return diffs
}

// The files of testdata/po-mono (and a Latin-1 copy of one) against
// translate-toolkit.
func TestTTKPoMonoFiles(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	paths, _ := filepath.Glob(filepath.Join("testdata", "po-mono", "*", "*.po"))
	if len(paths) < 6 {
		t.Fatalf("%d po-mono files in testdata", len(paths))
	}
	var docs [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, data)
	}
	// An ISO-8859-1 copy of the Spanish file: the charset header decides.
	es, _ := os.ReadFile(filepath.Join("testdata", "po-mono", "kodi-tmdb", "es_mx.po"))
	latin := bytes.Replace(es, []byte("charset=UTF-8"), []byte("charset=ISO-8859-1"), 1)
	docs = append(docs, toLatin1(t, latin))
	docs = append(docs, poMonoSnippets...)
	comparePoMonoDocs(t, docs)
}

// poMonoSnippets probe the key and note rules on translate-toolkit's reading.
var poMonoSnippets = [][]byte{
	[]byte("msgctxt \" a \"\nmsgid \" b\"\nmsgstr \"c\"\n"),
	[]byte("msgctxt \"a\"\nmsgid \"\"\nmsgstr \"c\"\n"),
	[]byte("# n1\n#. n2\nmsgctxt \"k\"\nmsgid \"v\"\nmsgstr \"\"\n"),
	[]byte("#, fuzzy\nmsgid \"x\"\nmsgid_plural \"\"\nmsgstr[0] \"a\"\nmsgstr[1] \"b\"\n"),
	[]byte("msgid \"\u3000wide\u00a0\"\nmsgstr \"x\"\n"),
	[]byte("msgid \"_: kde\\n\"\n\"id\"\nmsgstr \"x\"\n"),
}

func comparePoMonoDocs(t *testing.T, docs [][]byte) {
	t.Helper()
	reqs := make([]ttkRequest, len(docs))
	for i, d := range docs {
		reqs[i] = csvtxtRequest("po-mono", d)
	}
	var res []csvtxtResult
	if err := runTTKRaw(t, reqs, &res); err != nil {
		t.Fatal(err)
	}
	f := mustLookup(t, "po-mono")
	for i, d := range docs {
		got, err := f.Parse(d)
		if (err != nil) != (res[i].Error != "") {
			t.Errorf("doc %d: gitlate error %v, translate-toolkit error %q", i, err, res[i].Error)
			continue
		}
		if err != nil {
			continue
		}
		for _, diff := range comparePoMono(got.Units, res[i].Units) {
			t.Errorf("doc %d: %s", i, diff)
		}
	}
}

// toLatin1 re-encodes UTF-8 text whose characters are all below U+0100.
func toLatin1(t *testing.T, data []byte) []byte {
	t.Helper()
	out := make([]byte, 0, len(data))
	for _, r := range string(data) {
		if r > 0xFF {
			t.Fatalf("%q is not Latin-1", r)
		}
		out = append(out, byte(r))
	}
	return out
}

func FuzzPoMono(f *testing.F) {
	for _, s := range poMonoSnippets {
		f.Add(s)
	}
	addPlainSeeds(f, nil, "po-mono")
	f.Fuzz(func(t *testing.T, data []byte) {
		// A PO string unescapes to at most its size, a Latin-1 byte to two
		// bytes of UTF-8; the note adds the context once more.
		checkPlainParse(t, data, func(n int) int { return 6*n + 64 }, "po-mono")
	})
}
