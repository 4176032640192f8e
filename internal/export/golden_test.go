package export

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The golden files under testdata/golden were written by the writers that built
// each file whole in memory, before they wrote to a stream: the streamed bytes must
// be those, for every format, on translations that reach every branch the writers
// have (plurals cut and padded, repeated keys, the header's empty key, text the
// formats cannot hold, markup, no units at all).

// goldenCases are the translations the golden files hold, by name.
func goldenCases() map[string]*Translation {
	cases := map[string]*Translation{}
	hand := handTranslation()
	hand.Monolingual = true
	cases["hand"] = hand
	cases["sample"] = sample()
	for i, seed := range []int64{3, 5} {
		cases["random"+itoa(i+1)] = randomTranslation(newRand(seed), 40)
	}
	r := newRand(9)
	markup := sample()
	markup.Units = nil
	for i := 0; i < 40; i++ {
		u := Unit{Source: []string{randomMarkup(r, 0)}, Target: []string{randomMarkup(r, 0)},
			State: []int{0, 10, 20, 30}[r.Intn(4)], IDHash: int64(i), Context: []string{"", "m" + itoa(i)}[r.Intn(2)]}
		if r.Intn(4) == 0 {
			u.Source = append(u.Source, randomMarkup(r, 0))
			u.Target = append(u.Target, randomMarkup(r, 0), randomMarkup(r, 0))
		}
		markup.Units = append(markup.Units, u)
	}
	cases["markup"] = markup

	empty := sample()
	empty.Units = nil
	cases["empty"] = empty

	edge := sample()
	edge.Time = time.Date(2024, 2, 29, 23, 59, 59, 0, time.FixedZone("", -(3*3600+30*60)))
	edge.Language.Plurals = 0
	edge.Units = []Unit{
		// An empty source without context: PO leaves it out, MO keys it "" and so
		// replaces the header with it.
		{Source: []string{""}, Target: []string{"replaces the header"}, State: 20},
		{Source: nil, Target: nil, Context: ".dot", State: 20},
		// Repeated keys: JSON keeps the first place and the last value, MO the last.
		{Source: []string{"same"}, Target: []string{"first"}, Context: "k", State: 20, IDHash: 7},
		{Source: []string{"other"}, Target: []string{"between"}, Context: "k2", State: 30},
		{Source: []string{"same"}, Target: []string{"last"}, Context: "k", State: 20, IDHash: 8},
		// Text gettext and XML cannot hold.
		{Source: []string{"eot\x04here\x00 and \xff"}, Target: []string{"cíl\x04\x01"}, Context: "c\x04tx", State: 20,
			Note: "  ", Explanation: "\x02", Location: "a b\tc:1 d%e.c:2", Flags: []string{"max-length:3", "c-format", "fuzzy"}},
		// Plurals without a plural number: the targets as they are.
		{Source: []string{"%d one", "%d many"}, Target: []string{"a", "b", "c", "d", "e"}, State: 10, Location: "x.c:1"},
		{Source: []string{"%d one", "%d many"}, Target: []string{"only"}, Context: "p1", State: 20},
		{Source: []string{"%d one", "%d many"}, Target: nil, Context: "p0", State: 0},
		// Translated with an empty target: stored by MO but not written.
		{Source: []string{"empty target"}, Target: []string{""}, State: 20},
		{Source: []string{strings.Repeat("日本語のテキスト", 12) + " " + strings.Repeat("word ", 30)},
			Target: []string{"line\nbreaks\r\nand \"quotes\" \\ " + strings.Repeat("x", 90)}, State: 30, Location: "long.c:99"},
		{Source: []string{"=SUM(A1|A2)"}, Target: []string{"@cmd"}, Context: "-minus", Note: "+note", State: 100},
	}
	cases["edge"] = edge
	for _, tr := range cases {
		// Every format takes them: JSON needs a template, MO a PO component.
		tr.Monolingual, tr.FileFormat = true, "po"
	}
	return cases
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for name, tr := range goldenCases() {
		for _, format := range Formats() {
			f, err := Export(format, tr)
			if err != nil {
				t.Fatalf("%s %s: %v", name, format, err)
			}
			testutil.Golden(t, filepath.Join("testdata", "golden", name+"."+format), f.Data)
		}
	}
}
