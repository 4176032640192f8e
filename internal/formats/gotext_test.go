package formats

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// compareGotextWithTTK is compareJSONWithTTK for gotext, whose class is not in
// ttkJSONClass (the JSON family's tables there generate documents of their own
// formats only): keys, forms, notes, flags and translated state.
func compareGotextWithTTK(t *testing.T, docs []jsonTTKDoc) {
	t.Helper()
	reqs := make([]ttkRequest, len(docs))
	for i, d := range docs {
		reqs[i] = ttkRequest{Format: "json-bytes", Class: "GoTextJsonFile", Data: latin1String(d.data), Lang: d.lang}
	}
	res := runTTKJSON(t, reqs)
	parsed, failures := 0, 0
	for i, d := range docs {
		f, err := mustLookup(t, "gotext").Parse(d.data)
		r := res[i]
		weblateFails := r.Error != ""
		for _, w := range r.Units {
			if w.Key == nil {
				weblateFails = true
			}
		}
		if weblateFails {
			failures++
			if err == nil {
				t.Errorf("%s: translate-toolkit or Weblate fails (%s), we parse it:\n%q", d.name, r.Error, clip(d.data))
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v; translate-toolkit parses it:\n%q", d.name, err, clip(d.data))
			continue
		}
		parsed++
		if len(f.Units) != len(r.Units) {
			t.Errorf("%s: %d units, translate-toolkit %d\n%q", d.name, len(f.Units), len(r.Units), clip(d.data))
			continue
		}
		for j := range f.Units {
			g, w := &f.Units[j], &r.Units[j]
			ours := fmt.Sprintf("%q %q note=%q flags=%q", g.Key, g.Target, g.Note, g.Flags)
			theirs := fmt.Sprintf("%q %q note=%q flags=%q", strings.TrimPrefix(*w.Key, "."), w.Target, w.Note, w.Flags)
			if ours != theirs {
				t.Errorf("%s: unit %d\n got %s\nttk %s\n%q", d.name, j, ours, theirs, clip(d.data))
				continue
			}
			if tr := len(g.Target) > 0 && g.Target[0] != "" && !g.Blank; tr != w.Translated {
				t.Errorf("%s: unit %q translated %v, translate-toolkit %v", d.name, g.Key, tr, w.Translated)
			}
		}
	}
	t.Logf("%d documents: %d parsed, %d refused alike", len(docs), parsed, failures)
}

// gotextSnippets probe translate-toolkit's GoTextJsonFile.
var gotextSnippets = []string{
	`{"language": "de", "messages": [{"id": "Hello", "message": "Hello", "translation": "Hallo"}]}`,
	`{"language": "de", "messages": [{"id": "Hello", "translation": ""}, {"id": "Bye"}]}`,
	`{"messages": [{"id": ".dotted", "translation": "x", "translatorComment": "a note", "comment": "not the note"}]}`,
	`{"messages": [{"id": "n", "translation": {"select": {"feature": "plural", "arg": "N", "cases": {"one": {"msg": "1 Tag"}, "other": {"msg": "{N} Tage"}}}}}]}`,
	`{"messages": [{"id": "n", "translation": {"select": {"cases": {"other": {"msg": "b"}, "=0": {"msg": "none"}, "few": {"msg": "f"}, "zero": {"msg": "z"}}}}}]}`,
	`{"messages": [{"id": "n", "translation": {"select": {"cases": {"=0": {"msg": "none"}}}}}]}`,
	`{"messages": [{"id": "n", "translation": {"select": {}}}]}`,
	`{"messages": [{"id": "n", "translation": {}}]}`,
	`{"messages": [{"id": "n", "translation": {"select": {"cases": {"one": {}, "other": {"msg": "x"}}}}}]}`,
	`{"messages": [{"id": "n", "translation": {"select": {"cases": {"one": {"msg": 5}, "other": {"msg": "x"}}}}}]}`,
	`{"messages": [{"id": "p", "translation": "{Name} has {N}", "placeholders": [{"id": "Name", "string": "%[1]s", "type": "string"}, {"id": "N", "string": "%[2]d"}]}]}`,
	`{"messages": [{"id": "p", "translation": "x", "placeholders": []}]}`,
	`{"messages": []}`,
	`{"messages": {}}`,
	`{"language": "en"}`,
	`[]`,
	`{"messages": ["x"]}`,
	`{"messages": [{"translation": "no id"}]}`,
	`{"messages": [{"id": 5, "translation": "x"}]}`,
	`{"messages": [{"id": "t", "translation": 5}, {"id": "f", "translation": false}, {"id": "n", "translation": null}]}`,
	`{"messages": [{"id": "t", "translation": ["a"]}]}`,
	`{"messages": [{"id": "é", "translation": "日本 \u00e9 \ud83d\ude00"}]}`,
	"\xef\xbb\xbf" + `{"messages": [{"id": "bom", "translation": "x"}]}`,
	`{"messages": [{"id": "i", "translation": {"select": {"cases": {"one": {"msg": ["a", "b"]}, "few": {"msg": ["c", "d"]}, "other": {"msg": {"a": 1}}}}}}]}`,
	`{"messages": [{"id": "i", "translation": {"select": {"cases": {"one": {"msg": null}, "other": {"msg": []}}}}}]}`,
	`{"messages": [{"id": "i", "translation": {"select": {"cases": {"one": "x", "other": {"msg": "y"}}}}}]}`,
}

func TestTTKGotext(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	var docs []jsonTTKDoc
	for i, s := range gotextSnippets {
		docs = append(docs, jsonTTKDoc{name: fmt.Sprintf("snippet %d", i), format: "gotext", lang: "de", data: []byte(s)})
	}
	rng := rand.New(rand.NewPCG(29, 31))
	n := 600
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		docs = append(docs, jsonTTKDoc{name: fmt.Sprintf("random gotext %d", i), format: "gotext", lang: "de", data: []byte(randomGotextDoc(rng))})
	}
	// golang/text's catalogues: testdata/gotext/golang-text/<language>/….
	root := filepath.Join("testdata", "gotext", "golang-text")
	filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		lang, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		docs = append(docs, jsonTTKDoc{name: path, format: "gotext", lang: lang, data: data})
		return nil
	})
	compareGotextWithTTK(t, docs)
}

func randomGotextDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	text := func() string {
		var b strings.Builder
		for k := rng.IntN(4); k > 0; k-- {
			b.WriteString(pick("word", " ", "{N}", "{Name}", "é", `\n`, `\"`, "%d"))
		}
		return `"` + b.String() + `"`
	}
	var msgs []string
	for k := rng.IntN(5); k > 0; k-- {
		var fields []string
		if rng.IntN(8) > 0 {
			fields = append(fields, `"id": `+pick(text(), text(), `".x"`, "5"))
		}
		switch rng.IntN(6) {
		case 0:
		case 1:
			var cases []string
			for _, c := range []string{"zero", "one", "two", "few", "many", "other", "=0", "=1"} {
				if rng.IntN(3) == 0 {
					cases = append(cases, `"`+c+`": {"msg": `+text()+`}`)
				}
			}
			fields = append(fields, `"translation": {"select": {"feature": "plural", "arg": "N", "cases": {`+strings.Join(cases, ", ")+`}}}`)
		default:
			fields = append(fields, `"translation": `+pick(text(), text(), `""`, "null", "3"))
		}
		if rng.IntN(3) == 0 {
			fields = append(fields, `"translatorComment": `+pick(text(), `""`))
		}
		if rng.IntN(3) == 0 {
			fields = append(fields, `"placeholders": [{"id": "N", "string": "%[1]d"}`+pick("", `, {"id": "Name"}`, `, {"id": "a:b"}`)+`]`)
		}
		msgs = append(msgs, "{"+strings.Join(fields, ", ")+"}")
	}
	return `{"language": "de", "messages": [` + strings.Join(msgs, ",\n") + "]}"
}

// TestGotextRules pins the reading on a gotext catalogue as Go writes it.
func TestGotextRules(t *testing.T) {
	t.Parallel()
	doc := `{
  "language": "de",
  "messages": [
    {"id": "Hello {City}!", "message": "Hello {City}!", "translation": "Hallo {City}!",
     "translatorComment": "Greeting", "placeholders": [{"id": "City", "string": "%[1]s", "type": "string"}]},
    {"id": "{N} files", "translation": {"select": {"feature": "plural", "arg": "N",
      "cases": {"=0": {"msg": "keine"}, "one": {"msg": "eine Datei"}, "other": {"msg": "{N} Dateien"}}}}},
    {"id": "Untranslated", "translation": ""}
  ]
}`
	f, err := mustLookup(t, "gotext").Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	type unit struct {
		key         string
		forms       []string
		note, flags string
	}
	var got []unit
	for _, u := range f.Units {
		got = append(got, unit{u.Key, u.Target, u.Note, u.Flags})
	}
	want := []unit{
		{"Hello {City}!", []string{"Hallo {City}!"}, "Greeting", "placeholders:{City}"},
		{"{N} files", []string{"eine Datei", "{N} Dateien"}, "", ""},
		{"Untranslated", []string{""}, "", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func FuzzGotext(f *testing.F) {
	for _, s := range gotextSnippets {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, func(n int) int { return 2*n + 64 }, "gotext")
	})
}

// TestGotextFiles: golang/text's catalogues hold a message whose id is a list,
// which translate-toolkit cannot read (the comparison finds both refuse them);
// their trimmed copies without it parse, with their units.
func TestGotextFiles(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"en-US/out.gotext.json", "de/out.gotext.json", "zh/messages.gotext.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "gotext", "golang-text", name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := mustLookup(t, "gotext").Parse(data); err == nil {
			t.Errorf("%s parsed; translate-toolkit fails on its list id", name)
		}
	}
	for _, name := range []string{"en-US/out.trimmed.gotext.json", "de/out.trimmed.gotext.json", "zh/messages.trimmed.gotext.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "gotext", "golang-text", name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := mustLookup(t, "gotext").Parse(data)
		if err != nil || len(f.Units) < 5 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestGotextDuplicates(t *testing.T) {
	t.Parallel()
	f, err := mustLookup(t, "gotext").Parse([]byte(`{"messages": [{"id": "a"},
{"id": "b"},
{"id": "a"}]}`))
	if err != nil || len(f.Warnings) != 1 || f.Warnings[0].Line != 3 {
		t.Errorf("%v %v", f, err)
	}
}
