// Package svgchart draws the small charts gitlate's pages show — a line chart of percentages over time, a bar chart of counts per period, a sparkline — as SVG written byte for byte the same from the same data, for server-rendered pages without JavaScript.
package svgchart

import (
	"html"
	"strconv"
	"strings"
	"time"
)

// Charts share one coordinate system: a viewBox Width user units wide, drawn at
// the width of their container (width="100%"). Text is FontSize units: on a
// phone 390 px wide, whose page leaves about 360 px to the chart, it is drawn at
// about 11 px; in a desktop column twice as wide, at about 20 px.
const (
	Width    = 400
	FontSize = 12
)

// The plot area of both charts, inside the viewBox: the left margin holds the
// value axis' labels, the bottom one the time axis' labels.
const (
	left, right, top, bottom = 38, 8, 8, 22
	height                   = 180
)

// Palette are the series' colors: Okabe and Ito's colors for color vision
// deficiencies (yellow left out, too light on white), and dashes tell the
// series apart beyond the colors.
var Palette = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"}

// dashes are the series' strokes: solid for the first colors, dashed after.
var dashes = []string{"", "6 3", "2 3"}

// Style returns the color and the dash pattern ("" for solid) of series i.
func Style(i int) (color, dash string) {
	c, d := StyleIndex(i)
	return Palette[c], dashes[d]
}

// StyleIndex returns the indexes in Palette and in the dashes of series i's
// color and dash: a legend drawn outside the chart matches its lines by them.
func StyleIndex(i int) (color, dash int) {
	return i % len(Palette), (i / len(Palette)) % len(dashes)
}

// Point is one value at one time.
type Point struct {
	T time.Time
	V float64
}

// Series is a named line.
type Series struct {
	Name   string
	Points []Point // in time order
}

// Line is a chart of percentages (0 to 100) over time, a line per series.
type Line struct {
	// ID prefixes the ids of the chart's title and description, which must be
	// unique in the page the chart is in.
	ID string
	// Title and Desc are the chart's accessible name and description.
	Title, Desc string
	// From and To bound the time axis.
	From, To time.Time
	Series   []Series
}

// Bar is one bar: a count over the period starting at T.
type Bar struct {
	T time.Time
	N int
}

// Bars is a chart of counts per period, such as changes per week.
type Bars struct {
	ID          string
	Title, Desc string
	Bars        []Bar // in time order, one per period, empty periods included
	// Step is the length of a period (the last bar ends Step after its start).
	Step time.Duration
	// Unit names what is counted, for each bar's tooltip ("changes").
	Unit string
}

// writer accumulates the SVG.
type writer struct{ strings.Builder }

func (w *writer) s(parts ...string) {
	for _, p := range parts {
		w.WriteString(p)
	}
}

// num writes a coordinate with at most one decimal, the same way every time.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		return "0"
	}
	return s
}

func esc(s string) string { return html.EscapeString(s) }

// open writes the root element: the chart scales to its container's width, and
// its direction is left to right whatever the page's is — time runs left to
// right, and text-anchor keeps its meaning inside a right-to-left page (an inline
// SVG inherits the page's CSS direction, which would flip "start" and "end").
func (w *writer) open(id, title, desc string, h int) {
	w.s(`<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 `, strconv.Itoa(Width), ` `, strconv.Itoa(h),
		`" width="100%" role="img" aria-labelledby="`, esc(id), `-t `, esc(id), `-d" direction="ltr" style="direction:ltr" font-family="system-ui,-apple-system,Segoe UI,Roboto,Noto Sans,DejaVu Sans,sans-serif" font-size="`,
		strconv.Itoa(FontSize), `">`)
	w.s(`<title id="`, esc(id), `-t">`, esc(title), `</title><desc id="`, esc(id), `-d">`, esc(desc), `</desc>`)
}

func (w *writer) close() []byte {
	w.s("</svg>\n")
	return []byte(w.String())
}

// Date formats a time for an axis: ISO 8601, which reads the same in every
// language and direction.
func Date(t time.Time) string { return t.UTC().Format("2006-01-02") }

// timeAxis writes up to n date labels spread over [from, to] under the plot.
func (w *writer) timeAxis(from, to time.Time, x func(time.Time) float64, n int) {
	w.s(`<g fill="#5b6672" text-anchor="middle">`)
	span := to.Sub(from)
	for i := 0; i < n; i++ {
		t := from
		if n > 1 {
			t = from.Add(time.Duration(float64(span) * float64(i) / float64(n-1)))
		}
		anchor := ""
		switch {
		case i == 0:
			anchor = ` text-anchor="start"`
		case i == n-1:
			anchor = ` text-anchor="end"`
		}
		w.s(`<text x="`, num(x(t)), `" y="`, strconv.Itoa(height-6), `"`, anchor, `>`, Date(t), `</text>`)
	}
	w.s(`</g>`)
}

// SVG draws the line chart: a grid at every quarter, the series' polylines, a
// dot at each series' last value. A series of one point is drawn as its dot.
func (c *Line) SVG() []byte {
	var w writer
	w.Grow(1500 + 40*c.points())
	w.open(c.ID, c.Title, c.Desc, height)
	pw, ph := float64(Width-left-right), float64(height-top-bottom)
	from, to := c.From, c.To
	if !to.After(from) {
		to = from.Add(24 * time.Hour)
	}
	span := float64(to.Sub(from))
	x := func(t time.Time) float64 {
		f := float64(t.Sub(from)) / span
		return float64(left) + pw*min(max(f, 0), 1)
	}
	y := func(v float64) float64 { return float64(top) + ph*(1-min(max(v, 0), 100)/100) }
	w.s(`<g stroke="#d8dee4" stroke-width="1">`)
	for v := 0; v <= 100; v += 25 {
		w.s(`<line x1="`, strconv.Itoa(left), `" x2="`, strconv.Itoa(Width-right), `" y1="`, num(y(float64(v))), `" y2="`, num(y(float64(v))), `"/>`)
	}
	w.s(`</g><g fill="#5b6672" text-anchor="end">`)
	for v := 0; v <= 100; v += 25 {
		w.s(`<text x="`, strconv.Itoa(left-4), `" y="`, num(y(float64(v))+4), `">`, strconv.Itoa(v), `%</text>`)
	}
	w.s(`</g>`)
	w.timeAxis(from, to, x, 3)
	w.s(`<g fill="none" stroke-width="2" stroke-linejoin="round">`)
	for i, s := range c.Series {
		if len(s.Points) < 2 {
			continue
		}
		color, dash := Style(i)
		w.s(`<polyline stroke="`, color, `"`)
		if dash != "" {
			w.s(` stroke-dasharray="`, dash, `"`)
		}
		xs, ys := make([]float64, len(s.Points)), make([]float64, len(s.Points))
		for j, p := range s.Points {
			xs[j], ys[j] = x(p.T), y(p.V)
		}
		w.s(` points="`, points(xs, ys), `"/>`)
	}
	w.s(`</g>`)
	for i, s := range c.Series {
		if len(s.Points) == 0 {
			continue
		}
		color, _ := Style(i)
		last := s.Points[len(s.Points)-1]
		w.s(`<circle cx="`, num(x(last.T)), `" cy="`, num(y(last.V)), `" r="3" fill="`, color, `"><title>`,
			Isolate(esc(s.Name)), `: `, Percent(last.V), ` on `, Date(last.T), `</title></circle>`)
	}
	return w.close()
}

func (c *Line) points() int {
	n := 0
	for _, s := range c.Series {
		n += len(s.Points)
	}
	return n
}

// Isolate wraps a name in Unicode's first-strong isolate (U+2068 … U+2069), so
// that a right-to-left name ("العربية") does not reorder the text around it in a
// tooltip: "العربية: 66.7%" stays name, then value.
func Isolate(s string) string { return "\u2068" + s + "\u2069" }

// Percent writes a percentage as the charts label it: one decimal.
func Percent(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "%" }

// barsHeight is the bar chart's height: lower than the line chart's, its scale
// having two labels.
const barsHeight = 140

// SVG draws the bar chart: a bar per period on a scale from 0 to a round number
// at or above the largest count, each bar titled with its period and count.
func (c *Bars) SVG() []byte {
	var w writer
	w.Grow(1200 + 150*len(c.Bars))
	w.open(c.ID, c.Title, c.Desc, barsHeight)
	maxN := 0
	for _, b := range c.Bars {
		maxN = max(maxN, b.N)
	}
	top := roundUp(maxN)
	pw, ph := float64(Width-left-right), float64(barsHeight-8-bottom)
	y := func(n int) float64 { return 8 + ph*(1-float64(n)/float64(top)) }
	w.s(`<g stroke="#d8dee4" stroke-width="1"><line x1="`, strconv.Itoa(left), `" x2="`, strconv.Itoa(Width-right), `" y1="`, num(y(0)), `" y2="`, num(y(0)),
		`"/><line x1="`, strconv.Itoa(left), `" x2="`, strconv.Itoa(Width-right), `" y1="`, num(y(top)), `" y2="`, num(y(top)), `"/></g>`)
	w.s(`<g fill="#5b6672" text-anchor="end"><text x="`, strconv.Itoa(left-4), `" y="`, num(y(0)+4), `">0</text><text x="`,
		strconv.Itoa(left-4), `" y="`, num(y(top)+4), `">`, strconv.Itoa(top), `</text></g>`)
	if len(c.Bars) > 0 {
		slot := pw / float64(len(c.Bars))
		gap := min(slot/4, 2)
		w.s(`<g fill="#0072b2">`)
		for i, b := range c.Bars {
			x0 := float64(left) + slot*float64(i)
			w.s(`<rect x="`, num(x0+gap/2), `" y="`, num(y(b.N)), `" width="`, num(slot-gap), `" height="`, num(y(0)-y(b.N)), `"><title>`,
				Date(b.T), `: `, strconv.Itoa(b.N), ` `, esc(c.Unit), `</title></rect>`)
		}
		w.s(`</g>`)
		first, last := c.Bars[0].T, c.Bars[len(c.Bars)-1].T.Add(c.Step)
		x := func(t time.Time) float64 {
			if !last.After(first) {
				return float64(left)
			}
			return float64(left) + pw*float64(t.Sub(first))/float64(last.Sub(first))
		}
		// The labels sit on the bars' line at the chart's bottom.
		w.s(`<g fill="#5b6672">`)
		w.s(`<text x="`, strconv.Itoa(left), `" y="`, strconv.Itoa(barsHeight-6), `">`, Date(first), `</text>`)
		w.s(`<text x="`, num(x(last)), `" y="`, strconv.Itoa(barsHeight-6), `" text-anchor="end">`, Date(c.Bars[len(c.Bars)-1].T), `</text>`)
		w.s(`</g>`)
	}
	return w.close()
}

// roundUp returns the smallest of 5 and 1, 2, 2.5, 5 × 10ⁿ (n ≥ 1) at or above
// n: the top of a count's scale, a round number not far above the largest bar.
func roundUp(n int) int {
	if n <= 5 {
		return 5
	}
	for p := 1; ; p *= 10 {
		for _, m := range []int{10, 20, 25, 50} {
			if m*p >= n {
				return m * p
			}
		}
	}
}

// Sparkline returns the points attribute of a polyline drawing vs (percentages,
// equally spaced in time) in the box at (x, y) of w × h units, 100% at its top.
// One value is drawn as a flat line.
func Sparkline(vs []float64, x, y, w, h float64) string {
	if len(vs) == 0 {
		return ""
	}
	if len(vs) == 1 {
		vs = []float64{vs[0], vs[0]}
	}
	xs, ys := make([]float64, len(vs)), make([]float64, len(vs))
	for i, v := range vs {
		xs[i] = x + w*float64(i)/float64(len(vs)-1)
		ys[i] = y + h*(1-min(max(v, 0), 100)/100)
	}
	return points(xs, ys)
}

// points writes a polyline's points, leaving out those in the middle of a level
// run (the same height written before and after): a value that holds for weeks
// is one segment, not a point a day.
func points(xs, ys []float64) string {
	var b strings.Builder
	for i := range xs {
		y := num(ys[i])
		if i > 0 && i < len(xs)-1 && num(ys[i-1]) == y && num(ys[i+1]) == y {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(xs[i]) + "," + y)
	}
	return b.String()
}
