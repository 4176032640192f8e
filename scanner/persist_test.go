package scanner

import (
	"reflect"
	"testing"

	"github.com/gitlate/gitlate/snapshot"
)

func TestResultEncoding(t *testing.T) {
	results := []*fileResult{
		{},
		{stats: snapshot.Stats{Total: 3, TotalWords: 10, TotalChars: 55, Translated: 2, Readonly: 1, Fuzzy: 1, Approved: 4}},
		{tmpl: []tmplUnit{{key: "app_name", words: 2, chars: 10, readOnly: true, state: 100}, {key: "ünïcode", words: 0, chars: 0, state: 0}}},
		{stats: snapshot.Stats{Total: 1}, units: []bilUnit{{id: "term\x00id-1", words: 1, chars: 4}}},
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
	enc := encodeResult(results[2])
	for i := range enc {
		if _, err := decodeResult(enc[:i]); err == nil {
			t.Errorf("truncated at %d decoded", i)
		}
	}
	if _, err := decodeResult(append(enc, 1)); err == nil {
		t.Error("trailing byte decoded")
	}
}
