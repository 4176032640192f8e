package svgchart

import (
	"bytes"
	"encoding/xml"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
)

// node is a parsed SVG element, enough to check a chart's structure.
type node struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []node     `xml:",any"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// walk calls fn on n and every element under it.
func (n *node) walk(fn func(*node)) {
	fn(n)
	for i := range n.Children {
		n.Children[i].walk(fn)
	}
}

func (n *node) all(name string) []*node {
	var out []*node
	n.walk(func(m *node) {
		if m.XMLName.Local == name {
			out = append(out, m)
		}
	})
	return out
}

// parse decodes an SVG strictly and checks what every chart must have: the SVG
// namespace, a viewBox it scales by at 100% of its container, left to right
// whatever the page's direction, an accessible name and description that are
// its title and desc, every coordinate inside the viewBox.
func parse(t *testing.T, svg []byte) *node {
	t.Helper()
	var root node
	d := xml.NewDecoder(bytes.NewReader(svg))
	d.Strict = true
	if err := d.Decode(&root); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, svg)
	}
	if root.XMLName.Space != "http://www.w3.org/2000/svg" || root.XMLName.Local != "svg" {
		t.Fatalf("root %v", root.XMLName)
	}
	if root.attr("width") != "100%" || root.attr("role") != "img" || root.attr("direction") != "ltr" {
		t.Errorf("root attributes %v", root.Attrs)
	}
	vb := strings.Fields(root.attr("viewBox"))
	if len(vb) != 4 || vb[2] != strconv.Itoa(Width) {
		t.Fatalf("viewBox %q", root.attr("viewBox"))
	}
	h, _ := strconv.ParseFloat(vb[3], 64)
	ids := map[string]string{}
	root.walk(func(n *node) {
		if id := n.attr("id"); id != "" {
			ids[id] = n.XMLName.Local
		}
		for _, a := range n.Attrs {
			switch a.Name.Local {
			case "x", "x1", "x2", "cx":
				inside(t, a.Value, Width)
			case "y", "y1", "y2", "cy":
				inside(t, a.Value, h)
			case "points":
				for _, xy := range strings.Fields(a.Value) {
					px, py, _ := strings.Cut(xy, ",")
					inside(t, px, Width)
					inside(t, py, h)
				}
			}
		}
	})
	labels := strings.Fields(root.attr("aria-labelledby"))
	if len(labels) != 2 || ids[labels[0]] != "title" || ids[labels[1]] != "desc" {
		t.Errorf("aria-labelledby %q names %v", root.attr("aria-labelledby"), ids)
	}
	if len(root.Children) < 2 || root.Children[0].XMLName.Local != "title" || root.Children[1].XMLName.Local != "desc" {
		t.Errorf("title and desc do not come first")
	}
	return &root
}

func inside(t *testing.T, v string, limit float64) {
	t.Helper()
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > limit {
		t.Errorf("coordinate %q outside 0…%v", v, limit)
	}
}

var day0 = time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)

func days(n int) time.Time { return day0.AddDate(0, 0, n) }

func TestLine(t *testing.T) {
	t.Parallel()
	c := &Line{ID: "pct", Title: "Translated <&> over time", Desc: "Arabic rose from 0% to 66.7%.",
		From: days(0), To: days(56), Series: []Series{
			{Name: "العربية", Points: []Point{{days(0), 0}, {days(14), 33.3}, {days(56), 66.7}}},
			{Name: "עברית", Points: []Point{{days(7), 50}, {days(56), 100}}},
			{Name: "Czech", Points: []Point{{days(56), 20}}}, // one point: its dot only
		}}
	svg := c.SVG()
	root := parse(t, svg)
	if got := root.Children[0].Text; got != "Translated <&> over time" {
		t.Errorf("title %q", got)
	}
	lines := root.all("polyline")
	if len(lines) != 2 {
		t.Fatalf("%d polylines, want 2", len(lines))
	}
	// Time runs left to right: the first point is at the plot's left edge, the
	// last at its right one; 100% is at the top.
	if p := strings.Fields(lines[0].attr("points")); p[0] != "38,158" || p[2] != "392,57.9" {
		t.Errorf("first series' points %v", p)
	}
	if p := strings.Fields(lines[1].attr("points")); p[1] != "392,8" {
		t.Errorf("second series' points %v", p)
	}
	if c0, c1 := lines[0].attr("stroke"), lines[1].attr("stroke"); c0 == c1 {
		t.Errorf("two series share color %s", c0)
	}
	dots := root.all("circle")
	if len(dots) != 3 || dots[0].Children[0].Text != "\u2068العربية\u2069: 66.7% on 2026-03-02" {
		t.Errorf("dots %d, first titled %q", len(dots), dots[0].Children[0].Text)
	}
	if !bytes.Equal(svg, c.SVG()) {
		t.Error("the same chart drew different bytes")
	}
	testutil.Golden(t, filepath.Join("testdata", "line.svg.golden"), svg)
}

func TestLineEmpty(t *testing.T) {
	t.Parallel()
	// No series and no span: a grid, no line, nothing outside the box.
	root := parse(t, (&Line{ID: "e", Title: "t", Desc: "d", From: day0, To: day0}).SVG())
	if n := len(root.all("polyline")); n != 0 {
		t.Errorf("%d lines", n)
	}
}

func TestBars(t *testing.T) {
	t.Parallel()
	c := &Bars{ID: "act", Title: "Changes per week", Desc: "12 changes in 4 weeks.", Step: 7 * 24 * time.Hour, Unit: "changes",
		Bars: []Bar{{days(0), 3}, {days(7), 0}, {days(14), 7}, {days(21), 2}}}
	svg := c.SVG()
	root := parse(t, svg)
	rects := root.all("rect")
	if len(rects) != 4 {
		t.Fatalf("%d bars", len(rects))
	}
	// The scale's top is 10 (7 rounded up): the bar of 7 is 0.7 of the plot's height.
	if got := rects[2].attr("height"); got != "77" {
		t.Errorf("bar of 7: height %s, want 77 (0.7 × 110)", got)
	}
	if got := rects[1].attr("height"); got != "0" {
		t.Errorf("empty week: height %s", got)
	}
	if got := rects[2].Children[0].Text; got != "2026-01-19: 7 changes" {
		t.Errorf("tooltip %q", got)
	}
	var texts []string
	for _, n := range root.all("text") {
		texts = append(texts, n.Text)
	}
	if strings.Join(texts, "|") != "0|10|2026-01-05|2026-01-26" {
		t.Errorf("labels %q", texts)
	}
	testutil.Golden(t, filepath.Join("testdata", "bars.svg.golden"), svg)
	parse(t, (&Bars{ID: "none", Title: "t", Desc: "d"}).SVG())
}

func TestRoundUp(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]int{0: 5, 5: 5, 6: 10, 10: 10, 11: 20, 21: 25, 26: 50, 51: 100, 201: 250, 999: 1000, 1001: 2000} {
		if got := roundUp(n); got != want {
			t.Errorf("roundUp(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestSparkline(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		vs   []float64
		want string
	}{
		{nil, ""},
		{[]float64{50}, "0,5 40,5"},
		{[]float64{0, 50, 100, 120}, "0,10 13.3,5 26.7,0 40,0"},
		// A level run is one segment: its ends only.
		{[]float64{10, 10, 10, 10, 50}, "0,9 30,9 40,5"},
	} {
		if got := Sparkline(tt.vs, 0, 0, 40, 10); got != tt.want {
			t.Errorf("Sparkline(%v) = %q, want %q", tt.vs, got, tt.want)
		}
	}
}
