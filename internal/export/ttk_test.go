package export

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"time"
)

func czech() Language {
	return Language{Code: "cs", Name: "Czech", Plurals: 3, Formula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"}
}

func sample() *Translation {
	return &Translation{
		ProjectName: "Demo", ProjectSlug: "demo", ComponentSlug: "app", FileFormat: "po", Monolingual: true,
		SourceLanguage: Language{Code: "en", Name: "English", Plurals: 2, Formula: "n != 1"},
		Language:       czech(),
		URL:            "https://weblate.example.com/projects/demo/app/cs/",
		Time:           time.Date(2023, 6, 15, 10, 20, 30, 0, time.UTC),
		Units: []Unit{
			{Source: []string{"Hello world"}, Target: []string{"Ahoj světe"}, Context: "hello",
				Note: "Shown on start\nsecond line", Explanation: "Greeting", Location: "src/main.c:10, src/ui.c:20",
				Flags: []string{"c-format"}, State: 20, IDHash: -8000000000000000000},
			{Source: []string{"%d file", "%d files"}, Target: []string{"%d soubor", "%d soubory"}, Context: "files", State: 10, IDHash: 12345},
			{Source: []string{"Bold <b>text</b> & more"}, Target: []string{""}, Context: "bold", Flags: []string{"max-length:10", "xml-text"}, IDHash: 1},
			{Source: []string{"Read only"}, Target: []string{"Jen ke čtení"}, Context: "ro", State: 100, IDHash: 2},
			{Source: []string{"A very long string that should wrap because it is longer than seventy-seven characters in total, yes"},
				Target: []string{"=Schválený \"řetězec\"\twith tab and a back\\slash"}, Context: "long", State: 30, IDHash: 3},
		},
	}
}

// TestMatchesTranslateToolkit compares each writer with translate-toolkit driven
// the way Weblate's exporter drives it, on the sample translation.
func TestMatchesTranslateToolkit(t *testing.T) {
	t.Parallel()
	for _, f := range Formats() {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			tr := sample()
			got, err := Export(f, tr)
			if err != nil {
				t.Fatal(err)
			}
			want := runTTK(t, f, tr)
			if !bytes.Equal(got.Data, want) {
				t.Errorf("%s differs from translate-toolkit %s", f, firstDiff(got.Data, want))
			}
		})
	}
}

// randomText mixes what escaping and wrapping must handle: quotes, backslashes,
// control characters, newlines, XML markup, wide characters, long words.
func randomText(r *rand.Rand) string {
	pieces := []string{
		"a", "word", " ", "  ", "\t", "\n", "\r", "\r\n", `"`, "'", `\`, `\n`, "<b>", "</b>", "&", "&amp;", "<", ">",
		"é", "日本語", "ｆｕｌｌ", "\x01", "\x0b", "\x1c", "\u00a0", "\u2028", "\ufffe", "%s", "%(name)s", "{0}",
		"=", "+", "-", "@", "|", "--", "http://example.com/a/b", "multi-word-hyphen", "x.y", "!", "?", ",",
		"supercalifragilisticexpialidocious", strings.Repeat("long", 25), "🙂", "\x00",
		"<g id='1'>", "</g>", `<x id="2"/>`, "<x/>", "<!-- c -->", "<![CDATA[z]]>", "&#65;", "&#x1;", "&lt;",
		"<a:b>", "</a:b>", "<?pi?>", "<g>", "<b xmlns='urn:x'>", `<ex id="3" rid="1" ctype="k"/>`, "<br/>", "]]>",
	}
	var b strings.Builder
	for n := r.Intn(14); n > 0; n-- {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	return b.String()
}

func randomTranslation(r *rand.Rand, n int) *Translation {
	tr := sample()
	tr.Units = nil
	for i := 0; i < n; i++ {
		u := Unit{
			Source:  []string{randomText(r)},
			Target:  []string{randomText(r)},
			State:   []int{0, 10, 20, 30, 100}[r.Intn(5)],
			IDHash:  r.Int63() - r.Int63(),
			Context: "",
		}
		if r.Intn(3) == 0 {
			u.Source = append(u.Source, randomText(r))
			u.Target = append(u.Target, randomText(r))
		}
		if r.Intn(2) == 0 {
			u.Context = randomText(r)
		}
		if r.Intn(3) == 0 {
			u.Note = randomText(r)
		}
		if r.Intn(4) == 0 {
			u.Explanation = randomText(r)
		}
		if r.Intn(4) == 0 {
			u.Location = randomText(r)
		}
		if r.Intn(4) == 0 {
			u.Flags = []string{"c-format", "max-length:" + []string{"5", "10"}[r.Intn(2)]}[:1+r.Intn(2)]
		}
		tr.Units = append(tr.Units, u)
	}
	return tr
}

// TestMatchesTranslateToolkitRandom compares the writers with translate-toolkit on
// random text; NUL stays out (Python's csv module refuses it).
func TestMatchesTranslateToolkitRandom(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: the random comparison starts 96 Python processes")
	}
	rounds := 12
	for _, f := range Formats() {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewSource(int64(len(f))))
			for round := 0; round < rounds; round++ {
				tr := randomTranslation(r, 40)
				for i := range tr.Units {
					u := &tr.Units[i]
					for _, p := range []*string{&u.Context, &u.Note, &u.Explanation, &u.Location} {
						*p = strings.ReplaceAll(*p, "\x00", "")
					}
					for j := range u.Source {
						u.Source[j] = strings.ReplaceAll(u.Source[j], "\x00", "")
					}
					for j := range u.Target {
						u.Target[j] = strings.ReplaceAll(u.Target[j], "\x00", "")
					}
				}
				got, err := Export(f, tr)
				if err != nil {
					t.Fatal(err)
				}
				want := runTTK(t, f, tr)
				if !bytes.Equal(got.Data, want) {
					t.Fatalf("round %d: %s differs from translate-toolkit %s", round, f, firstDiff(got.Data, want))
				}
			}
		})
	}
}

// randomMarkup makes XLIFF inline markup, mostly well formed, to exercise the
// exporters' rich-text path: placeables with and without ids, unknown elements
// with attributes, namespaces, entities, comments, CDATA, CRLF.
func randomMarkup(r *rand.Rand, depth int) string {
	var b strings.Builder
	for n := r.Intn(4); n >= 0; n-- {
		switch k := r.Intn(14); {
		case k < 4:
			b.WriteString([]string{"text", " ", "a\r\nb", "x\ry", "&amp;", "&lt;", "&#x263A;", "&#10;", "&quot;", "'", "é"}[r.Intn(11)])
		case k < 10 && depth < 3:
			tag := []string{"g", "x", "bx", "ex", "b", "span", "ph", "mrk"}[r.Intn(8)]
			var attrs []string
			for _, a := range []string{"ctype", "id", "rid", "xid", "class", "equiv-text"} {
				if r.Intn(3) == 0 {
					attrs = append(attrs, a+`="`+[]string{"1", "a b", "x\ty", "&amp;", "q'"}[r.Intn(5)]+`"`)
				}
			}
			r.Shuffle(len(attrs), func(i, j int) { attrs[i], attrs[j] = attrs[j], attrs[i] })
			open := "<" + tag
			for _, a := range attrs {
				open += " " + a
			}
			if r.Intn(3) == 0 {
				b.WriteString(open + "/>")
			} else {
				b.WriteString(open + ">" + randomMarkup(r, depth+1) + "</" + tag + ">")
			}
		case k == 10:
			b.WriteString("<!-- note -->" + []string{"", "after"}[r.Intn(2)])
		case k == 11:
			b.WriteString("<![CDATA[<raw> & ]]>")
		case k == 12:
			b.WriteString(`<q:z xmlns:q="urn:q" q:a="1">in</q:z>`)
		default:
			b.WriteString([]string{"<b>", "&nbsp;", "<g>x</g>", "</i>", "&", "<b x='1' x='2'/>"}[r.Intn(6)])
		}
	}
	return b.String()
}

func TestXLIFFMarkupMatchesTranslateToolkit(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(7))
	tr := sample()
	tr.Units = nil
	n := 300
	if testing.Short() {
		n = 40
	}
	for i := 0; i < n; i++ {
		u := Unit{Source: []string{randomMarkup(r, 0)}, Target: []string{randomMarkup(r, 0)},
			State: []int{0, 10, 20, 30}[r.Intn(4)], IDHash: int64(i)}
		if r.Intn(4) == 0 {
			u.Source = append(u.Source, randomMarkup(r, 0))
			u.Target = append(u.Target, randomMarkup(r, 0), randomMarkup(r, 0))
		}
		tr.Units = append(tr.Units, u)
	}
	for _, f := range []string{"xliff", "xliff11"} {
		got, err := Export(f, tr)
		if err != nil {
			t.Fatal(err)
		}
		want := runTTK(t, f, tr)
		if !bytes.Equal(got.Data, want) {
			t.Errorf("%s differs from translate-toolkit %s", f, firstDiff(got.Data, want))
		}
	}
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
