package web_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/web"
)

type fixedSource struct{ snap *snapshot.Snapshot }

func (f fixedSource) Snapshot() *snapshot.Snapshot { return f.snap }

// chartFacts are what the browser measures of a page's charts.
type chartFacts struct {
	Charts    int
	Wider     []string // charts wider than their column or the screen
	MinFont   float64  // the smallest text drawn in a chart, in CSS pixels
	Direction []string // the computed direction of each chart's root
	PageWidth int      // the document's scroll width
	Screen    int
	Sideways  []string // .scroll boxes that scroll sideways
}

const chartFactsJS = `(() => {
	const res = {Charts: 0, Wider: [], MinFont: 1000, Direction: [], Sideways: []};
	res.Screen = document.documentElement.clientWidth;
	res.PageWidth = document.documentElement.scrollWidth;
	for (const svg of document.querySelectorAll('svg.chart')) {
		res.Charts++;
		const r = svg.getBoundingClientRect(), p = svg.parentElement.getBoundingClientRect();
		if (r.width === 0 || r.right > p.right + 1 || r.right > res.Screen + 1) res.Wider.push(svg.id + ' ' + Math.round(r.width) + 'px');
		res.Direction.push(getComputedStyle(svg).direction);
		for (const t of svg.querySelectorAll('text')) {
			const h = t.getBoundingClientRect().height;
			if (h > 0) res.MinFont = Math.min(res.MinFont, h);
		}
	}
	for (const e of document.querySelectorAll('.scroll')) {
		if (e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1) res.Sideways.push(e.firstElementChild.className + ' ' + e.scrollWidth + '>' + e.clientWidth);
	}
	return res;
})()`

// TestBrowserCharts opens pages with charts at a laptop's width (1280 px) and a
// phone's (390 px) — a component, its Arabic and Hebrew (right-to-left)
// translations, a language — and checks that the charts fit their column, stay
// left to right, and draw text at least 9 px high; then a component with 60
// languages at 1280 px, whose list must not scroll sideways. Screenshots go to
// testdata/screenshots/charts-*.png for review.
func TestBrowserCharts(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		t.Skip("chromium is not installed (Debian: apt-get install chromium); skipping the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ts, _ := sampleServer(t)
	pages := []struct {
		name, path string
		charts     int
	}{
		{"component", "/projects/tinynotes/app/", 2},
		{"translation-ar", "/projects/tinynotes/app/ar/", 2},
		{"translation-he", "/projects/tinynotes/app/he/", 2},
		{"project", "/projects/tinynotes/", 2},
		{"language-ar", "/languages/ar/", 2},
	}
	// One browser for every page and size: starting one is the slow part, and
	// the machine may be busy.
	b := newBrowser(t, chromium, ts.URL, 1280, 900)
	for _, size := range []struct {
		name          string
		width, height int
	}{{"1280", 1280, 900}, {"390", 390, 844}} {
		b.resize(size.width, size.height)
		for _, p := range pages {
			b.open(p.path)
			b.screenshot("charts-" + size.name + "-" + p.name)
			b.shootElement("section.progress", "charts-"+size.name+"-"+p.name+"-section")
			var f chartFacts
			b.evalInto(chartFactsJS, &f)
			where := fmt.Sprintf("%s at %spx", p.path, size.name)
			if f.Charts != p.charts {
				t.Errorf("%s: %d charts, want %d", where, f.Charts, p.charts)
			}
			if len(f.Wider) > 0 || f.PageWidth > f.Screen {
				t.Errorf("%s: charts wider than their place %v; page %dpx on a %dpx screen", where, f.Wider, f.PageWidth, f.Screen)
			}
			if f.Charts > 0 && f.MinFont < 9 {
				t.Errorf("%s: chart text %.1fpx high", where, f.MinFont)
			}
			for _, d := range f.Direction {
				if d != "ltr" {
					t.Errorf("%s: a chart is drawn %s", where, d)
				}
			}
		}
	}

	// Inside a right-to-left page (a page's dir="rtl", as a localized gitlate
	// would have), the charts still run left to right: the oldest date on the
	// left, the value axis' labels left of the plot.
	b.resize(390, 844)
	b.open("/projects/tinynotes/app/ar/")
	var rtl struct {
		Charts, LTR, Ordered int
	}
	b.evalInto(`(() => {
		document.documentElement.dir = 'rtl';
		const res = {Charts: 0, LTR: 0, Ordered: 0};
		for (const svg of document.querySelectorAll('svg.chart')) {
			res.Charts++;
			if (getComputedStyle(svg).direction === 'ltr') res.LTR++;
			const texts = [...svg.querySelectorAll('text')].filter(t => /^\d{4}-\d\d-\d\d$/.test(t.textContent));
			const first = texts[0].getBoundingClientRect(), last = texts[texts.length-1].getBoundingClientRect();
			const plot = svg.getBoundingClientRect();
			if (first.left < last.left && first.left >= plot.left - 1 && last.right <= plot.right + 1) res.Ordered++;
		}
		return res;
	})()`, &rtl)
	b.screenshot("charts-390-rtl-page")
	if rtl.Charts != 2 || rtl.LTR != 2 || rtl.Ordered != 2 {
		t.Errorf("in a right-to-left page: %d charts, %d left to right, %d with dates in order inside the chart", rtl.Charts, rtl.LTR, rtl.Ordered)
	}

	// A component translated into 60 languages, on a laptop: its list of
	// translations fits the width.
	snap, x := web.ManyLanguages(t, 60)
	srv, err := web.New(fixedSource{snap}, web.Options{Progress: x})
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	srv.Install(e.Group(""))
	many := httptest.NewServer(e)
	t.Cleanup(many.Close)
	b = &browser{t: t, ctx: b.ctx, base: many.URL, shots: b.shots}
	b.resize(1280, 900)
	for _, path := range []string{"/projects/many/strings/", "/projects/many/strings/?languages=all"} {
		b.open(path)
		name := "charts-1280-many"
		if strings.Contains(path, "all") {
			name += "-all"
		}
		b.screenshot(name)
		b.shootElement("section.progress", name+"-section")
		var f chartFacts
		b.evalInto(chartFactsJS, &f)
		if f.PageWidth > f.Screen || len(f.Sideways) > 0 {
			t.Errorf("%s at 1280px: page %dpx, scrolling sideways: %v", path, f.PageWidth, f.Sideways)
		}
		if len(f.Wider) > 0 {
			t.Errorf("%s: charts wider than their place %v", path, f.Wider)
		}
	}
}

// shootElement saves a screenshot of the first element sel matches, for a
// closer look than the whole page's.
func (b *browser) shootElement(sel, name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.step(), chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		b.t.Fatalf("screenshot of %s: %v", sel, err)
	}
	if err := os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// resize sets the viewport to width × height CSS pixels.
func (b *browser) resize(width, height int) {
	b.t.Helper()
	if err := chromedp.Do(b.step(), chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		b.t.Fatalf("viewport %d×%d: %v", width, height, err)
	}
}
