package scan_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestParseWarningsAreAlerts: the mistakes a parser reports without failing (a
// repeated key, a plural quantity Android never uses, half a surrogate pair)
// become alerts of the component, named by their kind, on every scan, also when
// the file's result comes from the journal; the numbers stay those of the file
// read as before (the first of a repeated template key counts).
func TestParseWarningsAreAlerts(t *testing.T) {
	const tmpl = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="yoga">\uD83E\uDDD8 yoga</string>
    <string name="hello">Hello</string>
    <string name="hello">Hello again, world</string>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="lots">%d files</item>
        <item quantity="other">%d files</item>
    </plurals>
</resources>
`
	const cs = `<resources>
<string name="yoga">\uD83E jóga</string>
<string name="hello">Ahoj</string>
</resources>
`
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": tmpl, "res/values-cs/strings.xml": cs})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	st := memstore.New()
	want := []string{
		"BadPluralQuantity res/values/strings.xml line 8",
		"DuplicateString res/values/strings.xml line 5",
		"LoneSurrogate res/values-cs/strings.xml line 2",
	}
	for i, parsed := range []int64{2, 0} {
		s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st})
		snap, err := s.Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n := s.Engine.FilesParsed(); n != parsed {
			t.Errorf("scan %d parsed %d files, want %d", i, n, parsed)
		}
		var got []string
		for _, a := range snap.Alerts {
			line, _, _ := strings.Cut(a.Message, ":")
			got = append(got, a.Kind.String()+" "+a.Path+" "+line)
		}
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("scan %d alerts:\n%s\nwant:\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		// By hand: yoga (🧘 one character: 1+1+4 chars, 2 words), hello (the first:
		// 5 chars, 1 word), files (one/other: 7+2+8 chars, 4 words).
		en := countsOf(&snap.Project("demo").Component("android").Translation("en").Stats)
		if want := (counts{3, 3, 0, 7, 7, 6 + 5 + 17, 6 + 5 + 17}); en != want {
			t.Errorf("scan %d: en %+v, want %+v", i, en, want)
		}
	}
}
