package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// jsonRefNode is a JSON value as encoding/json's tokenizer reads it, kept in
// order and with Python's dict semantics applied: the reference decodeJSON is
// compared with.
type jsonRefNode struct {
	kind jsonKind
	text string // strings; numbers as written
	keys []string
	kids []*jsonRefNode
}

func jsonRefDecode(data []byte) (*jsonRefNode, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var value func() (*jsonRefNode, error)
	value = func() (*jsonRefNode, error) {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch v := tok.(type) {
		case json.Delim:
			n := &jsonRefNode{kind: jsonArray}
			if v == '{' {
				n.kind = jsonObject
			}
			for d.More() {
				if n.kind == jsonObject {
					k, err := d.Token()
					if err != nil {
						return nil, err
					}
					key := k.(string)
					val, err := value()
					if err != nil {
						return nil, err
					}
					if i := keyIndex(n.keys, key); i >= 0 {
						n.kids[i] = val
						continue
					}
					n.keys = append(n.keys, key)
					n.kids = append(n.kids, val)
					continue
				}
				val, err := value()
				if err != nil {
					return nil, err
				}
				n.kids = append(n.kids, val)
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			return n, nil
		case string:
			return &jsonRefNode{kind: jsonString, text: v}, nil
		case json.Number:
			return &jsonRefNode{kind: jsonNumber, text: string(v)}, nil
		case bool:
			if v {
				return &jsonRefNode{kind: jsonTrue}, nil
			}
			return &jsonRefNode{kind: jsonFalse}, nil
		}
		return &jsonRefNode{kind: jsonNull}, nil
	}
	root, err := value()
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("extra data")
	}
	return root, nil
}

func keyIndex(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// sameTree reports where doc's node i and the reference differ ("" if nowhere).
func sameTree(doc *jsonDoc, i int32, r *jsonRefNode, path string) string {
	n := doc.node(i)
	if n.kind != r.kind {
		return path + ": kind " + n.kind.String() + ", reference " + r.kind.String()
	}
	switch n.kind {
	case jsonString:
		if doc.text(n) != r.text {
			return path + ": " + strconv.Quote(doc.text(n)) + ", reference " + strconv.Quote(r.text)
		}
	case jsonNumber:
		f, _ := strconv.ParseFloat(r.text, 64)
		if g, _ := strconv.ParseFloat(doc.text(n), 64); g != f {
			return path + ": number " + doc.text(n) + ", reference " + r.text
		}
		if n.zero != (f == 0) {
			return path + ": zero flag of " + doc.text(n)
		}
	case jsonArray:
		elems := doc.arrElems(n)
		if len(elems) != len(r.kids) {
			return path + ": array length"
		}
		for j, e := range elems {
			if d := sameTree(doc, e, r.kids[j], path+"["+strconv.Itoa(j)+"]"); d != "" {
				return d
			}
		}
	case jsonObject:
		ms := doc.objMembers(n)
		if len(ms) != len(r.keys) {
			return path + ": object size"
		}
		for j, m := range ms {
			if doc.key(&m) != r.keys[j] {
				return path + ": key " + strconv.Quote(doc.key(&m)) + ", reference " + strconv.Quote(r.keys[j])
			}
			if d := sameTree(doc, m.val, r.kids[j], path+"."+doc.key(&m)); d != "" {
				return d
			}
		}
	}
	return ""
}

// checkDecode compares decodeJSON with the encoding/json reference. They may
// disagree only where Python's json.loads (which decodeJSON follows) and Go's
// decoder differ: NaN and Infinity, invalid UTF-8 (Go replaces it), integers of
// more than 4300 digits, and nesting past jsonMaxDepth.
func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	doc, err := decodeJSON(data)
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line < 1 {
			t.Fatalf("error %v is not a *SyntaxError with a line", err)
		}
	}
	body := bytes.TrimPrefix(data, utf8BOM)
	ref, rerr := jsonRefDecode(body)
	switch {
	case err == nil && rerr == nil:
		if d := sameTree(doc, doc.root, ref, "$"); d != "" {
			t.Fatalf("%s\ninput %q", d, clip(data))
		}
	case err == nil:
		if !bytes.Contains(body, []byte("NaN")) && !bytes.Contains(body, []byte("Infinity")) {
			t.Fatalf("decodeJSON accepts what encoding/json refuses (%v): %q", rerr, clip(data))
		}
	case rerr == nil:
		if utf8.Valid(body) && !strings.Contains(err.Error(), "4300") && !strings.Contains(err.Error(), "depth") && !bytes.HasPrefix(body, []byte("\uFEFF")) {
			t.Fatalf("decodeJSON refuses (%v) what encoding/json reads: %q", err, clip(data))
		}
	}
}

// checkFormats parses data with every JSON format: none may panic, errors name
// a line, and the units' text stays within a constant factor of the input.
func checkFormats(t *testing.T, data []byte) {
	t.Helper()
	for _, id := range sortedKeys(ttkJSONClass) {
		info, _ := Lookup(id)
		f, err := info.Format().Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("%s: error %v is not a *SyntaxError with a line", id, err)
			}
			continue
		}
		size := 0
		for _, u := range f.Units {
			size += len(u.Key) + len(u.Note) + len(u.Flags)
			for _, s := range u.Target {
				size += len(s)
			}
		}
		if limit := 32*len(data) + 2<<20; size > limit {
			t.Fatalf("%s: %d bytes of units from %d bytes of input", id, size, len(data))
		}
	}
}

func jsonSeeds() [][]byte {
	var seeds [][]byte
	for _, c := range jsonCases {
		seeds = append(seeds, []byte(c.doc))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "json", "*", "*"))
	more, _ := filepath.Glob(filepath.Join("testdata", "json", "*", "*", "*"))
	for _, p := range append(files, more...) {
		if data, err := os.ReadFile(p); err == nil && len(data) > 0 {
			seeds = append(seeds, data)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, format := range sortedKeys(ttkJSONClass) {
		for i := 0; i < 4; i++ {
			seeds = append(seeds, []byte(randomJSONDoc(rng, format)))
		}
	}
	return seeds
}

func FuzzJSONDecode(f *testing.F) {
	for _, s := range jsonSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecode(t, data) })
}

func FuzzJSONFormats(f *testing.F) {
	for _, s := range jsonSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkFormats(t, data) })
}

// TestJSONDecodeAgrees runs the fuzz checks on the seeds, hostile inputs and
// generated documents, so a plain `go test` covers them.
func TestJSONDecodeAgrees(t *testing.T) {
	t.Parallel()
	docs := jsonSeeds()
	docs = append(docs,
		[]byte(strings.Repeat("[", jsonMaxDepth)+strings.Repeat("]", jsonMaxDepth)),
		[]byte(strings.Repeat("[", jsonMaxDepth+1)+strings.Repeat("]", jsonMaxDepth+1)),
		[]byte(strings.Repeat(`{"a":`, 400)+`"x"`+strings.Repeat("}", 400)),
		[]byte(`{"`+strings.Repeat("k", 5000)+`": {`+strings.Repeat(`"x": 1, `, 5000)+`"y": 2}}`),
		[]byte(`{"a": [`+strings.Repeat(`{"k_one": {"x": [1, "\u00e9\ud83d\ude00"]}, "k_plural": [[]]}, `, 200)+`0]}`),
		[]byte(`{"a": "\ud800\ud800\udc00\udc00", "b": "\uDBFF\uDFFF", "c": "\u0000"}`),
		[]byte(`[1e309, -1e309, 1e-400, 123456789012345678901234567890, -0, 0.0e5, 1E+2]`),
		[]byte("\uFEFF\uFEFF{}"),
		[]byte(`{"a": 1,}`), []byte(`[1,]`), []byte(`{"a" 1}`), []byte(`{a: 1}`), []byte(`'a'`), []byte(`01`), []byte(`-`), []byte(`1.`), []byte(`.5`),
		[]byte(`"\u12"`), []byte(`"\x41"`), []byte("\"a\tb\""), []byte(`tru`), []byte(`nul`), []byte(` `), []byte(`{} {}`),
	)
	rng := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 300; i++ {
		format := sortedKeys(ttkJSONClass)[rng.IntN(len(ttkJSONClass))]
		docs = append(docs, []byte(randomJSONDoc(rng, format)))
	}
	for _, d := range docs {
		checkDecode(t, d)
		checkFormats(t, d)
	}
}

// TestJSONKeyBudget: a long key above many members would make keys quadratic
// in the input; such a file is refused instead.
func TestJSONKeyBudget(t *testing.T) {
	t.Parallel()
	var members strings.Builder
	for i := 0; i < 50000; i++ {
		members.WriteString(`"x` + strconv.Itoa(i) + `": 1, `)
	}
	doc := `{"` + strings.Repeat("k", 100000) + `": {` + members.String() + `"y": 2}}`
	if _, err := jsonFile.Parse([]byte(doc)); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Errorf("got %v, want the keys refused", err)
	}
	ok := `{"` + strings.Repeat("k", 100) + `": {` + strings.Repeat(`"x": 1, `, 100) + `"y": 2}}`
	if _, err := jsonFile.Parse([]byte(ok)); err != nil {
		t.Errorf("an ordinary file is refused: %v", err)
	}
}
