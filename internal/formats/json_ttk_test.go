package formats

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// The JSON formats against translate-toolkit (testdata/ttk_dump.py with Debian's
// python3-translate 3.8.4). 3.8.4's jsonl10n.py reads as 3.9's does, except that
// it lacks GoI18NV2JsonFile, which the dump script applies by hand with 3.8.4's
// units.

// ttkJSONClass is the translate-toolkit store Weblate 4.18 reads each format with.
var ttkJSONClass = map[string]string{
	"json":            "JsonFile",
	"json-nested":     "JsonNestedFile",
	"i18next":         "I18NextFile",
	"i18nextv4":       "I18NextV4File",
	"webextension":    "WebExtensionJsonFile",
	"arb":             "ARBJsonFile",
	"go-i18n-json":    "GoI18NJsonFile",
	"go-i18n-json-v2": "GoI18NV2JsonFile",
}

type ttkJSONUnit struct {
	Key        *string  `json:"key"`
	Target     []string `json:"target"`
	Translated bool     `json:"translated"`
	Header     bool     `json:"header"`
	Note       string   `json:"note"`
	Flags      string   `json:"flags"`
}

// jsonDoc is one document to compare.
type jsonTTKDoc struct {
	name, format, lang string
	data               []byte
}

// compareJSONWithTTK parses every document with both and reports differences:
// keys, forms (in the file's language for i18next v4), notes, flags and whether
// each unit is translated (its first form not empty, and not Blank). i18next
// v4's repeated unit for a category the language lacks is compared after keeping
// the first unit of each key, as a template lookup does.
func compareJSONWithTTK(t *testing.T, docs []jsonTTKDoc) {
	t.Helper()
	var reqs []ttkRequest
	for _, d := range docs {
		reqs = append(reqs, ttkRequest{Format: "json-bytes", Class: ttkJSONClass[d.format], Data: latin1String(d.data), Lang: d.lang})
	}
	res := runTTKJSON(t, reqs)
	parsed, units, falsy, failures := 0, 0, 0, 0
	for i, d := range docs {
		info, _ := Lookup(d.format)
		f, err := info.Format().Parse(d.data)
		r := res[i]
		weblateFails := r.Error != ""
		for _, w := range r.Units {
			if w.Key == nil {
				weblateFails = true // JSONUnit.context fails on an id that is not a string
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
		var want []ttkJSONUnit
		for _, w := range r.Units {
			if !w.Header {
				want = append(want, w)
			}
		}
		got := f.Units
		var tags []string
		if info.Plurals == PluralsByCategory {
			tags = info.PluralTags(d.lang)
			got, want = firstOfKeys(got), firstTTKOfKeys(want)
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d units, translate-toolkit %d\n%s\n%q", d.name, len(got), len(want), fmtUnits(got), clip(d.data))
			continue
		}
		for j := range got {
			g, w := &got[j], &want[j]
			forms := g.Target
			if tags != nil {
				forms = g.FormsFor(tags)
			}
			wantKey := strings.TrimPrefix(*w.Key, ".")
			ours := fmt.Sprintf("%q %q note=%q flags=%q", g.Key, forms, g.Note, g.Flags)
			theirs := fmt.Sprintf("%q %q note=%q flags=%q", wantKey, w.Target, w.Note, w.Flags)
			if ours != theirs {
				t.Errorf("%s: unit %d\n got %s\nttk %s\n%q", d.name, j, ours, theirs, clip(d.data))
				continue
			}
			if tr := len(forms) > 0 && forms[0] != "" && !g.Blank; tr != w.Translated {
				t.Errorf("%s: unit %q translated %v, translate-toolkit %v", d.name, g.Key, tr, w.Translated)
			}
			if g.Blank {
				falsy++
			}
		}
		units += len(got)
	}
	t.Logf("%d documents: %d parsed (%d units) and %d refused alike; %d units Blank (untranslated by Python's falsity)",
		len(docs), parsed, units, failures, falsy)
}

func firstOfKeys(units []Unit) []Unit {
	seen := map[string]bool{}
	var out []Unit
	for _, x := range units {
		if !seen[x.Key] {
			seen[x.Key] = true
			out = append(out, x)
		}
	}
	return out
}

func firstTTKOfKeys(units []ttkJSONUnit) []ttkJSONUnit {
	seen := map[string]bool{}
	var out []ttkJSONUnit
	for _, x := range units {
		k := strings.TrimPrefix(*x.Key, ".")
		if !seen[k] {
			seen[k] = true
			out = append(out, x)
		}
	}
	return out
}

type ttkJSONResult struct {
	Units []ttkJSONUnit `json:"units"`
	Error string        `json:"error"`
}

func runTTKJSON(t *testing.T, reqs []ttkRequest) []ttkJSONResult {
	t.Helper()
	var out []ttkJSONResult
	if err := runTTKRaw(t, reqs, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTTKJSON compares the hand-written cases, the files under testdata/json
// and generated documents of every JSON format with translate-toolkit.
func TestTTKJSON(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	var docs []jsonTTKDoc
	for _, c := range jsonCases {
		docs = append(docs, jsonTTKDoc{name: c.name, format: c.format, lang: "cs", data: []byte(c.doc)})
	}
	docs = append(docs, jsonTestdataDocs(t, filepath.Join("testdata", "json"))...)
	if dir := os.Getenv("GITLATE_JSON_CORPUS"); dir != "" {
		// Real files kept outside the repository, one directory per format ID.
		docs = append(docs, jsonTestdataDocs(t, dir)...)
	}
	n := 400
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, format := range sortedKeys(ttkJSONClass) {
		for i := 0; i < n; i++ {
			docs = append(docs, jsonTTKDoc{
				name:   fmt.Sprintf("random %s %d", format, i),
				format: format,
				lang:   []string{"en", "cs", "ar", "ja", "pt-BR", "fr_CA"}[rng.IntN(6)],
				data:   []byte(randomJSONDoc(rng, format)),
			})
		}
	}
	compareJSONWithTTK(t, docs)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// jsonTestdataDocs reads the .json and .arb files under dir/<format ID>/. A
// file's language is the directory it is in below that (cs/messages.json), or
// its name up to the first dot (cs.json).
func jsonTestdataDocs(t *testing.T, dir string) []jsonTTKDoc {
	var docs []jsonTTKDoc
	for _, format := range sortedKeys(ttkJSONClass) {
		root := filepath.Join(dir, format)
		filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || !(strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".arb")) {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(root, path)
			lang, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
			if lang == rel {
				lang, _, _ = strings.Cut(rel, ".")
			}
			docs = append(docs, jsonTTKDoc{name: path, format: format, lang: lang, data: data})
			return nil
		})
	}
	return docs
}

// randomJSONDoc builds a document of the given format's shape, with the
// corners each store meets: repeated keys, plural suffixes, nesting, values of
// every type, escapes and, now and then, a value of the wrong type.
func randomJSONDoc(rng *rand.Rand, format string) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	str := func() string {
		var b strings.Builder
		b.WriteByte('"')
		for n := rng.IntN(4); n > 0; n-- {
			b.WriteString(pick("a", "word", " ", "é", "日本", `\n`, `\t`, `\"`, `\\`, `\/`, `\u00e9`, `\ud83d\ude00`, "{{count}}", "$NAME$", "%s", "'", `\u0000`, ":", ","))
		}
		b.WriteByte('"')
		return b.String()
	}
	var value func(depth int) string
	scalar := func() string {
		return pick(str(), str(), str(), `""`, "null", "true", "false", "0", "-0", "1", "1.0", "-2.50", "1e5", "1E-7",
			"123456789012345678901234567890", "0.1", "NaN", "Infinity", "0.0", "1e400")
	}
	key := func() string {
		return `"` + pick("a", "b", "k", "k_one", "k_other", "k_few", "k_zero", "k_many", "k_two", "k_plural", "k_plural_plural",
			"k_0", "k_1", "k_2", "k_3", "k_²", "x.y", "", ".dot", "_one", "é", "@k", "@@locale", "@a", "description", "message",
			"placeholders", "other", "one", "id", "translation") + `"`
	}
	object := func(depth int, member func() string) string {
		var b strings.Builder
		b.WriteByte('{')
		for n := rng.IntN(6); n > 0; n-- {
			b.WriteString(member())
			if n > 1 {
				b.WriteString(pick(",", ", ", ",\n  "))
			}
		}
		b.WriteByte('}')
		return b.String()
	}
	value = func(depth int) string {
		if depth > 3 || rng.IntN(3) > 0 {
			return scalar()
		}
		if rng.IntN(3) == 0 {
			var b strings.Builder
			b.WriteByte('[')
			for n := rng.IntN(4); n > 0; n-- {
				b.WriteString(value(depth + 1))
				if n > 1 {
					b.WriteString(", ")
				}
			}
			b.WriteByte(']')
			return b.String()
		}
		return object(depth, func() string {
			k := key()
			v := value(depth + 1)
			if i := strings.LastIndexByte(k, '_'); format == "i18nextv4" && i >= 0 && isCLDRCategory(strings.Trim(k[i+1:], `"`)) {
				// multistring's reading of a list depends on the form's
				// position in the file's language, which Parse does not know.
				for strings.HasPrefix(v, "[") {
					v = value(depth + 1)
				}
			}
			return k + ": " + v
		})
	}
	placeholders := func() string {
		return pick(`{}`, `{"name": {"content": "$1"}}`, `{"Count": {}, "x": {}}`, `{"a:b": {}}`, `"ab"`, `[{"id": "n"}]`, `null`, `{"ß": {}}`)
	}
	switch format {
	case "webextension":
		if rng.IntN(25) == 0 {
			return value(0)
		}
		return object(0, func() string {
			if rng.IntN(20) == 0 {
				return key() + ": " + scalar()
			}
			return key() + ": " + object(1, func() string {
				switch rng.IntN(4) {
				case 0:
					return `"description": ` + value(2)
				case 1:
					return `"placeholders": ` + placeholders()
				default:
					return `"message": ` + value(2)
				}
			})
		})
	case "arb":
		if rng.IntN(25) == 0 {
			return value(0)
		}
		return object(0, func() string {
			k := key()
			if strings.HasPrefix(k, `"@`) && rng.IntN(10) > 0 {
				return k + ": " + object(1, func() string {
					if rng.IntN(2) == 0 {
						return `"description": ` + value(2)
					}
					return `"placeholders": ` + placeholders()
				})
			}
			return k + ": " + value(1)
		})
	case "go-i18n-json":
		if rng.IntN(25) == 0 {
			return value(0)
		}
		var b strings.Builder
		b.WriteByte('[')
		for n := rng.IntN(5); n > 0; n-- {
			b.WriteString(object(1, func() string {
				switch rng.IntN(5) {
				case 0:
					if rng.IntN(15) == 0 {
						return `"id": ` + scalar()
					}
					return `"id": ` + str()
				case 1:
					return `"description": ` + value(2)
				case 2:
					return `"translation": ` + object(2, func() string {
						return `"` + pick("zero", "one", "two", "few", "many", "other", "other", "description") + `": ` + value(3)
					})
				default:
					return `"translation": ` + value(2)
				}
			}))
			if n > 1 {
				b.WriteString(", ")
			}
		}
		b.WriteByte(']')
		return b.String()
	case "go-i18n-json-v2":
		if rng.IntN(25) == 0 {
			return value(0)
		}
		return object(0, func() string {
			if rng.IntN(2) == 0 || rng.IntN(20) == 0 {
				return key() + ": " + pick(str(), str(), scalar())
			}
			return key() + ": " + object(1, func() string {
				return `"` + pick("zero", "one", "two", "few", "many", "other", "other", "description", "hash") + `": ` + value(2)
			})
		})
	}
	return value(0)
}

// TestTTKJSONBlank: values Weblate shows but Python finds false are Blank, as
// translate-toolkit calls them untranslated.
func TestTTKJSONBlank(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	doc := `{"a": 0, "b": false, "c": 0.0, "d": -0.0, "e": "", "f": null, "g": 1}`
	res := runTTKJSON(t, []ttkRequest{{Format: "json-bytes", Class: "JsonFile", Data: doc, Lang: "en"}})
	f, err := jsonFile.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, w := range res[0].Units {
		u := f.Units[i]
		got = append(got, fmt.Sprintf("%s=%q blank=%v", u.Key, u.Target[0], u.Blank))
		if !reflect.DeepEqual(u.Target, w.Target) || w.Translated != (u.Target[0] != "" && !u.Blank) {
			t.Errorf("%s: %q blank %v, translate-toolkit %q translated %v", u.Key, u.Target, u.Blank, w.Target, w.Translated)
		}
	}
	want := []string{`a="0" blank=true`, `b="False" blank=true`, `c="0.0" blank=true`, `d="-0.0" blank=true`,
		`e="" blank=false`, `f="" blank=false`, `g="1" blank=false`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("units %q, want %q", got, want)
	}
}
