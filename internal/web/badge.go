package web

import (
	"html"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Badges and charts at Weblate's widget addresses:
//
//	/widgets/{project}/-/{widget}-{color}.svg                project
//	/widgets/{project}/{lang}/{widget}-{color}.svg           project in one language
//	/widgets/{project}/-/{component}/{widget}-{color}.svg    component
//	/widgets/{project}/{lang}/{component}/{widget}-{color}.svg  one translation
//
// Widgets: svg-badge (status badge), multi-{auto,red,green,blue} (one row and
// bar per language), horizontal-{…} (one column per language), language-badge
// (language count), sparkline (status badge with the last 90 days drawn,
// sparkline.go). An unknown color falls back to the widget's first, as in
// Weblate. Percentages are the API's (glossaries included, an empty object 100%).

// badgeCache is how long a badge is fresh. It is short so a README follows the
// repository within minutes; after that a revalidation costs a 304.
const badgeCache = "public, max-age=300"

// widgetScope is what a widget describes.
type widgetScope struct {
	project   *snapshot.Project
	language  *lang.Language      // nil: all languages
	component *snapshot.Component // nil: all components
	stats     *snapshot.Stats
	// rows are the languages a chart shows, ordered by name; hidden counts those
	// it leaves out (nothing translated), which the language badge still counts.
	rows   []chartRow
	hidden int
}

type chartRow struct {
	name  string
	stats *snapshot.Stats
	url   string
}

func (s *Server) widget(c *gin.Context) {
	set := s.pages()
	if a := set.get(c.Request.URL.Path); a != nil {
		a.send(c)
		return
	}
	a, canonical := s.widgetAnswer(set.snap, c.Param("widget"))
	if a == nil {
		s.notFound.send(c)
		return
	}
	if canonical {
		// Another name for a widget ("svg-x.svg", an unknown color) is drawn, not
		// kept: the names are endless.
		a = set.keep(c.Request.URL.Path, a)
	}
	a.send(c)
}

// widgetAnswer draws the widget at path (the part after /widgets), or returns nil
// for one that does not exist; canonical says whether path is the widget's own
// name (the color one of its colors).
func (s *Server) widgetAnswer(snap *snapshot.Snapshot, path string) (a *answer, canonical bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 3 || len(parts) > 4 {
		return nil, false
	}
	sc, ok := s.widgetScope(snap, parts[0], parts[1], parts[2:len(parts)-1])
	if !ok {
		return nil, false
	}
	file := parts[len(parts)-1]
	stem, ok := strings.CutSuffix(file, ".svg")
	if !ok {
		return nil, false
	}
	name, color, _ := strings.Cut(stem, "-")
	var body []byte
	switch name {
	case "svg", "language":
		canonical = color == "badge"
		if name == "svg" {
			body = statusBadge(sc.stats)
		} else {
			body = languageBadge(len(sc.rows) + sc.hidden)
		}
	case "sparkline":
		canonical = color == ""
		end := chartEnd(snap)
		body = sparklineBadge(sc.stats, sparkValues(s.sparkSeries(sc, end), end))
	case "multi", "horizontal":
		canonical = color == "auto" || chartColors[color] != ""
		body = multiChart(sc.rows, color, name == "horizontal")
	default:
		return nil, false
	}
	return newAnswer(http.StatusOK, "image/svg+xml; charset=utf-8", badgeCache, body), canonical
}

func (s *Server) widgetScope(snap *snapshot.Snapshot, project, language string, component []string) (*widgetScope, bool) {
	u := urls{s.opts.Prefix}
	p := snap.Project(project)
	if p == nil {
		return nil, false
	}
	sc := &widgetScope{project: p, stats: &p.Stats}
	if len(component) == 1 {
		if sc.component = p.Component(component[0]); sc.component == nil {
			return nil, false
		}
		sc.stats = &sc.component.Stats
	}
	add := func(l *lang.Language, st *snapshot.Stats, url string) {
		// Weblate's charts skip languages with nothing translated.
		if st.Translated == 0 {
			sc.hidden++
			return
		}
		sc.rows = append(sc.rows, chartRow{name: l.Label(), stats: st, url: url})
	}
	switch {
	case language != "-" && sc.component != nil:
		t := sc.component.Translation(language)
		if t == nil {
			return nil, false
		}
		sc.language, sc.stats = t.Language, &t.Stats
		add(t.Language, &t.Stats, u.translation(t))
	case language != "-":
		for _, pl := range p.Languages {
			if pl.Language.Code == language {
				sc.language, sc.stats = pl.Language, &pl.Stats
				add(pl.Language, &pl.Stats, u.engage(p, pl.Language))
			}
		}
		if sc.language == nil {
			return nil, false
		}
	case sc.component != nil:
		for _, t := range byName(sc.component.Translations) {
			add(t.Language, &t.Stats, u.translation(t))
		}
	default:
		for _, pl := range p.Languages { // already ordered by name
			add(pl.Language, &pl.Stats, u.engage(p, pl.Language))
		}
	}
	return sc, true
}

// byName orders a component's translations by their language's label, as a chart
// lists them (stable: equal labels keep their id order).
func byName(ts []*snapshot.Translation) []*snapshot.Translation {
	out := append([]*snapshot.Translation(nil), ts...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Language.Label() < out[j].Language.Label() })
	return out
}

// badgePct writes a percentage for a badge or chart as Weblate's widgets do: the
// API's percentage truncated to an integer (weblate/trans/widgets.py,
// get_percent_text and MultiLanguageWidget: int(percent)), so 99.9 is "99%" and an
// empty translation, complete, "100%".
func badgePct(p float64) string { return strconv.Itoa(int(p)) + "%" }

// statusColor is Weblate's badge color scale.
func statusColor(p float64) string {
	switch {
	case p >= 90:
		return "#4c1"
	case p >= 75:
		return "#dfb317"
	default:
		return "#e05d44"
	}
}

// chartColors are the fixed bar colors a chart URL may ask for.
var chartColors = map[string]string{"red": "#fa3939", "green": "#3fed48", "blue": "#3f85ed"}

// autoColor colors a chart bar by progress.
func autoColor(p float64) string {
	switch {
	case p >= 90:
		return "#2eccaa"
	case p >= 75:
		return "#38f"
	default:
		return "#f6664c"
	}
}

func statusBadge(st *snapshot.Stats) []byte {
	p := weblate.Percent(st.Translated, st.Total, true)
	return badge("translated", badgePct(p), statusColor(p))
}

func languageBadge(n int) []byte {
	label := "languages"
	if n == 1 {
		label = "language"
	}
	return badge(label, strconv.Itoa(n), "#3fed48")
}

// badge draws a two-part badge in the shape of Weblate's (and shields.io's).
func badge(label, value, color string) []byte {
	lw := textWidth(label) + 12
	vw := textWidth(value) + 12
	w := lw + vw
	l, v := html.EscapeString(label), html.EscapeString(value)
	var b strings.Builder
	b.Grow(1200)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + itoa(w) + `" height="20" role="img" aria-label="` + l + `: ` + v + `">`)
	b.WriteString(`<title>` + l + `: ` + v + `</title>`)
	b.WriteString(`<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`)
	b.WriteString(`<clipPath id="r"><rect width="` + itoa(w) + `" height="20" rx="3" fill="#fff"/></clipPath>`)
	b.WriteString(`<g clip-path="url(#r)"><rect width="` + itoa(lw) + `" height="20" fill="#555"/><rect x="` + itoa(lw) + `" width="` + itoa(vw) + `" height="20" fill="` + color + `"/><rect width="` + itoa(w) + `" height="20" fill="url(#s)"/></g>`)
	b.WriteString(`<g fill="#fff" text-anchor="middle" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11">`)
	for _, t := range []struct {
		x    int
		text string
	}{{lw / 2, l}, {lw + vw/2, v}} {
		b.WriteString(`<text x="` + itoa(t.x) + `" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">` + t.text + `</text>`)
		b.WriteString(`<text x="` + itoa(t.x) + `" y="14">` + t.text + `</text>`)
	}
	b.WriteString(`</g></svg>`)
	b.WriteByte('\n')
	return []byte(b.String())
}

// multiChart draws one bar per language, in Weblate's layout: rows of horizontal
// bars (multi), or columns of vertical bars with rotated names (horizontal).
func multiChart(rows []chartRow, color string, columns bool) []byte {
	fixed := chartColors[color]
	nameW := 190 // Weblate's minimum, so charts of a project line up
	for _, r := range rows {
		nameW = max(nameW, textWidth(r.name)+10)
	}
	height := len(rows)*15 + 15
	width := nameW + 210 // Weblate's: the percentage at nameW+170 is up to 35 px wide ("100%")
	if columns {
		width, height = height, nameW+130
	}
	var b strings.Builder
	b.Grow(300 + 500*len(rows))
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + itoa(width) + `" height="` + itoa(height) + `" role="img" aria-label="Translation status by language">`)
	b.WriteString(`<title>Translation status by language</title>`)
	b.WriteString(`<g font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11" fill="#808080">`)
	for i, r := range rows {
		p := weblate.Percent(r.stats.Translated, r.stats.Total, true)
		c := fixed
		if c == "" {
			c = autoColor(p)
		}
		name := html.EscapeString(r.name)
		y := 20 + 15*i
		bar := int(p * 1.5)
		b.WriteString(`<a href="` + html.EscapeString(r.url) + `"><title>` + name + `: ` + badgePct(p) + `</title>`)
		if columns {
			b.WriteString(`<text x="-170" y="` + itoa(y) + `" transform="rotate(-90)" text-anchor="end">` + name + `</text>`)
			b.WriteString(`<rect x="` + itoa(y-6) + `" y="` + itoa(10+int((100-p)*1.5)) + `" width="6" height="` + itoa(bar) + `" rx="2" fill="` + c + `"/>`)
		} else {
			b.WriteString(`<text x="` + itoa(nameW) + `" y="` + itoa(y) + `" text-anchor="end">` + name + `</text>`)
			b.WriteString(`<rect x="` + itoa(nameW+10) + `" y="` + itoa(y-6) + `" width="` + itoa(bar) + `" height="6" rx="2" fill="` + c + `"/>`)
			b.WriteString(`<text x="` + itoa(nameW+170) + `" y="` + itoa(y) + `">` + badgePct(p) + `</text>`)
		}
		b.WriteString(`</a>`)
	}
	b.WriteString(`</g></svg>`)
	b.WriteByte('\n')
	return []byte(b.String())
}

func itoa(n int) string { return strconv.Itoa(n) }

// charWidths are DejaVu Sans advance widths at 11px, in tenths of a pixel, for
// printable ASCII from ' ' on, read from the font's hmtx table. Badges size their
// boxes from them without a font renderer; text is centered, so where a viewer
// substitutes another font only the padding changes.
var charWidths = [95]int{
	35, 44, 51, 92, 70, 105, 86, 30, 43, 43, 55, 92, 35, 40, 35, 37, // ' '../
	70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 37, 37, 92, 92, 92, 58, // 0..?
	110, 75, 75, 77, 85, 70, 63, 85, 83, 32, 32, 72, 61, 95, 82, 87, // @..O
	66, 87, 76, 70, 67, 81, 75, 109, 75, 67, 75, 43, 37, 43, 92, 55, // P.._
	55, 67, 70, 60, 70, 68, 39, 70, 70, 31, 31, 64, 31, 107, 70, 67, // `..o
	70, 70, 45, 57, 43, 70, 65, 90, 65, 65, 58, 70, 37, 70, 92, // p..~
}

// textWidth estimates the width in pixels of text at 11px.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case r >= ' ' && r <= '~':
			w += charWidths[r-' ']
		case r >= 0x1100 && (r <= 0x115f || (r >= 0x2e80 && r <= 0xa4cf) || (r >= 0xac00 && r <= 0xd7a3) || (r >= 0xf900 && r <= 0xfaff) || (r >= 0xff00 && r <= 0xff60)):
			w += 110 // wide (CJK) characters take a full em
		default:
			w += 70 // near the average of Latin, Greek, Cyrillic and Arabic letters
		}
	}
	return (w + 9) / 10
}
