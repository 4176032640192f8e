package web

import (
	"encoding/xml"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

// golden compares got with testdata/name.golden, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	testutil.Golden(t, filepath.Join("testdata", name+".golden"), got)
}

// wellFormed parses an SVG as XML, so a name with markup characters cannot break it.
func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
	}
}

func TestBadgeGolden(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	tests := []struct {
		name, path string
		says       string // the value the badge shows
	}{
		{"project-badge", "/widgets/demo/-/svg-badge.svg", "translated: 75%"},
		{"project-language-badge", "/widgets/demo/ar/svg-badge.svg", "translated: 33%"},
		{"component-badge", "/widgets/demo/-/android/svg-badge.svg", "translated: 75%"},
		{"translation-badge", "/widgets/demo/cs/android/svg-badge.svg", "translated: 66%"},
		// Spec rule 1: an object with no strings is complete.
		{"empty-translation-badge", "/widgets/demo/ar/glossary/svg-badge.svg", "translated: 100%"},
		{"language-count-badge", "/widgets/demo/-/language-badge.svg", "languages: 4"},
		{"project-multi-auto", "/widgets/demo/-/multi-auto.svg", "Translation status by language"},
		{"component-multi-red", "/widgets/demo/-/android/multi-red.svg", "Translation status by language"},
		{"project-horizontal-auto", "/widgets/demo/-/horizontal-auto.svg", "Translation status by language"},
		// An unknown color falls back to the widget's first, as Weblate does.
		{"project-horizontal-unknown-color", "/widgets/demo/-/horizontal-purple.svg", "Translation status by language"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := get(t, h, "GET", tt.path+"?format=api")
			if got.status != 200 {
				t.Fatalf("status %d", got.status)
			}
			if !strings.Contains(got.body, `aria-label="`+tt.says+`"`) {
				t.Errorf("badge does not say %q", tt.says)
			}
			wellFormed(t, []byte(got.body))
			golden(t, tt.name+".svg", []byte(got.body))
		})
	}
	auto := get(t, h, "GET", "/widgets/demo/-/horizontal-auto.svg")
	purple := get(t, h, "GET", "/widgets/demo/-/horizontal-purple.svg")
	if auto.body != purple.body {
		t.Errorf("unknown color differs from auto")
	}
}

func TestBadgeValues(t *testing.T) {
	tests := []struct {
		translated, total int
		want, color       string
	}{
		// Weblate's widgets show the API's percentage truncated to an integer, and
		// choose the colour from the percentage itself (99.9 is green, "99%").
		{0, 0, "100%", "#4c1"},
		{0, 5, "0%", "#e05d44"},
		{1, 2000, "0%", "#e05d44"},
		{1999, 2000, "99%", "#4c1"},
		{3, 4, "75%", "#dfb317"},
		{2, 3, "66%", "#e05d44"},
		{9, 10, "90%", "#4c1"},
	}
	for _, tt := range tests {
		st := &snapshot.Stats{Translated: tt.translated, Total: tt.total}
		svg := string(statusBadge(st))
		if !strings.Contains(svg, `aria-label="translated: `+tt.want+`"`) || !strings.Contains(svg, `fill="`+tt.color+`"`) {
			t.Errorf("%d/%d: want %s in %s:\n%s", tt.translated, tt.total, tt.want, tt.color, svg)
		}
	}
}

func TestChartEscapesNames(t *testing.T) {
	svg := multiChart([]chartRow{{name: `A <b> & "c"`, stats: &snapshot.Stats{Translated: 1, Total: 2}, url: `/x?a=1&b=2`}}, "auto", false)
	wellFormed(t, svg)
	if !strings.Contains(string(svg), `A &lt;b&gt; &amp; &#34;c&#34;`) || !strings.Contains(string(svg), `href="/x?a=1&amp;b=2"`) {
		t.Errorf("names or links not escaped:\n%s", svg)
	}
}

func TestTextWidth(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"translated", 57},
		{"100%", 32},
		{"日本語", 33},
		{"Ελληνικά", 56},
	}
	for _, tt := range tests {
		if got := textWidth(tt.s); got != tt.want {
			t.Errorf("textWidth(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}
