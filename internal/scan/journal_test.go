package scan

import (
	"context"
	"reflect"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store/memstore"
)

func TestResultEncoding(t *testing.T) {
	results := []*fileResult{
		{},
		{stats: snapshot.Stats{Total: 3, TotalWords: 10, TotalChars: 55, Translated: 2, Readonly: 1, Fuzzy: 1, Approved: 4}},
		{tmpl: []rules.TemplateUnit{{Key: "app_name", Words: 2, Chars: 10, ReadOnly: true, State: 100}, {Key: "ünïcode", Words: 0, Chars: 0, State: 0}}},
		{tmpl: []rules.TemplateUnit{{Key: "files", Words: 4, Chars: 20, Plural: true, Source: []string{"%d file", "%d files"}, Flags: "c-format, max-length:20", Note: "Shown in the list"}}},
		{stats: snapshot.Stats{Total: 3, Failing: 2, FailingWords: 5}, rows: []uint8{0, 3, 255}},
		{units: []bilUnit{{id: "a\x00", words: 1, chars: 1, rows: 2, srcFail: true}, {id: "b\x00", mf: true}}},
		{stats: snapshot.Stats{Total: 1}, units: []bilUnit{{id: "term\x00id-1", words: 1, chars: 4}}},
		{stats: snapshot.Stats{Total: 2}, warns: []formats.Warning{{Line: 7, Kind: formats.DuplicateString, Message: `"k" is the name of the unit on line 3 too`}}},
	}
	for _, r := range results {
		got, err := decodeResult(encodeResult(r))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, r) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, r)
		}
	}
	// Damaged bytes never decode into something that looks right.
	for _, r := range results[2:5] {
		enc := encodeResult(r)
		for i := range enc {
			if _, err := decodeResult(enc[:i]); err == nil {
				t.Errorf("truncated at %d decoded", i)
			}
		}
		if _, err := decodeResult(append(enc, 1)); err == nil {
			t.Error("trailing byte decoded")
		}
	}
}

// editedTree is a tree whose file changed between the listing and the read: the
// blob of the bytes read is not the one listed.
type editedTree struct{ data []byte }

func (e editedTree) List(string) ([]repos.Entry, error)           { return nil, nil }
func (e editedTree) ListDepth(string, int) ([]repos.Entry, error) { return nil, nil }
func (e editedTree) Stat(string) (repos.Entry, error)             { return repos.Entry{}, nil }
func (e editedTree) ReadFile(string) ([]byte, error)              { return e.data, nil }
func (e editedTree) ReadFileInto(_ string, _ []byte) ([]byte, repos.Hash, error) {
	return e.data, repos.HashBlob(e.data), nil
}

// TestEditedWhileReadIsNotKept: numbers of bytes that are not the listed blob's are
// shown once but never kept under that blob (in memory or in the journal).
func TestEditedWhileReadIsNotKept(t *testing.T) {
	format, _ := formats.Lookup("aresource")
	j := memstore.New()
	s := New(&config.Config{}, j, Options{})
	tree := editedTree{[]byte(`<resources><string name="hello">Hello</string></resources>`)}
	sc := &componentScan{ctx: context.Background(), s: s, src: &Source{Key: "demo/android"}, tree: tree, reader: tree, format: format.Format(), info: format, used: map[resultKey]*fileResult{}}
	listed := repos.HashBlob([]byte("what the listing saw"))
	key := resultKey{format: "aresource", blob: listed, role: 't'}
	r := sc.result(key, "res/values/strings.xml", sc.whole(func(f *formats.File) *fileResult { return &fileResult{tmpl: TemplateUnits(f, nil)} }))
	if r.err != nil || !r.changed || len(r.tmpl) == 0 {
		t.Fatalf("result: %+v", r)
	}
	if _, kept, _ := j.GetResult(context.Background(), key.journalKey()); kept {
		t.Error("journaled under the listed blob")
	}
	if sc.used[key] != nil {
		t.Error("cached under the listed blob")
	}
}
