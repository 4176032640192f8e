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

func init() { ttkJSONClass["gotext"] = "GoTextJsonFile" }

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
	docs = append(docs, jsonTestdataDocs(t, "testdata/json")...)
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
	compareJSONWithTTK(t, docs)
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
