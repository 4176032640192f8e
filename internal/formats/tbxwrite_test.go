package formats

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestWriteTBXRoundTrip(t *testing.T) {
	units := []Unit{
		{Key: "pin", Source: []string{"pin"}, Target: []string{"pin"}},
		{Key: "pin", Source: []string{"pin (noun)"}, Target: []string{"pin (noun)"}}, // same key: no second id
		{Source: []string{`<b> & "q" 'a'`}, Target: []string{"  two\n lines\t"}},
		{Key: "ctl", Source: []string{"bell\x07"}, Target: []string{"ok"}},
	}
	data := WriteTBX("en", "cs", units)
	// Well-formed XML, with unique ids.
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	ids := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, data)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "termEntry" {
			for _, a := range se.Attr {
				if a.Name.Local == "id" {
					ids++
				}
			}
		}
	}
	if ids != 2 {
		t.Errorf("%d ids, want 2 (pin once, ctl)", ids)
	}
	f, err := tbxFormat{}.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var got [][3]string
	for _, u := range f.Units {
		got = append(got, [3]string{u.Key, u.Source[0], u.Target[0]})
	}
	want := [][3]string{
		{"pin", "pin", "pin"},
		{"", "pin (noun)", "pin (noun)"},
		{"", `<b> & "q" 'a'`, "  two\n lines\t"},
		{"ctl", "bell\uFFFD", "ok"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back %q\nwant %q", got, want)
	}
	if f, err := (tbxFormat{}).Parse(WriteTBX("en", "en", nil)); err != nil || len(f.Units) != 0 {
		t.Errorf("empty glossary: %v %v", f, err)
	}
}

// TestWriteTBXGolden: the files under testdata/tbxwrite were written by the
// writer gitlate had before the TBX conversion shared it; its bytes stay those.
func TestWriteTBXGolden(t *testing.T) {
	t.Parallel()
	units := []Unit{
		{Key: "pin", Source: []string{"pin"}, Target: []string{"pin"}},
		{Key: "pin", Source: []string{"pin (noun)"}, Target: []string{"pin (noun)"}},
		{Key: `k"&<'>`, Source: []string{"<b> & \"q\" 'a'\r\n\tend"}, Target: []string{"  two\n lines\t"}},
		{Key: "ctl", Source: []string{"bell\x07 \xff \uFFFE"}, Target: nil},
		{Source: []string{"one", "many"}, Target: []string{"jeden", "mnoho"}},
		{Source: nil, Target: []string{""}},
	}
	for name, got := range map[string][]byte{
		"units.tbx": WriteTBX("en", `c"s`, units),
		"empty.tbx": WriteTBX("en", "en", nil),
	} {
		want, err := os.ReadFile(filepath.Join("testdata", "tbxwrite", name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs:\n got %s\nwant %s", name, got, want)
		}
	}
}
