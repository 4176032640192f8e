package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/api"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/web"
)

// findChromium returns the browser the test drives: Debian's chromium, or a
// Chrome found on PATH.
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// sampleServer serves the bundled samples as `gitlate serve` does: API and pages
// on one engine, non-API 404s answered by the web package.
func sampleServer(t testing.TB) (*httptest.Server, web.Source) {
	t.Helper()
	s := livetest.Samples(t)
	live := s.Live
	apiSrv, err := api.New(live, api.Options{Reader: s.Units, Repos: s.Repos})
	if err != nil {
		t.Fatal(err)
	}
	webSrv, err := web.New(live, web.Options{Prefix: apiSrv.Prefix(), Units: s.Units, Progress: s.Log.Progress()})
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	root := e.Group(apiSrv.Prefix())
	apiSrv.Install(root)
	webSrv.Install(root)
	e.NoRoute(func(c *gin.Context) {
		if strings.HasPrefix(c.Request.URL.Path, "/api/") {
			apiSrv.NotFound(c)
			return
		}
		webSrv.NotFound(c)
	})
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	return ts, live
}

// TestBrowser opens the samples' home page in headless Chromium, follows links
// down to a translation and back, checks that every number shown equals the API's
// and saves screenshots to testdata/screenshots/ for review.
func TestBrowser(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		t.Skip("chromium is not installed (Debian: apt-get install chromium); skipping the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ts, _ := sampleServer(t)
	b := newBrowser(t, chromium, ts.URL, 1280, 900)

	b.open("/")
	b.screenshot("1-home")
	for _, slug := range []string{"tinynotes", "blitzclock"} {
		b.compareRow(fmt.Sprintf(`tr[data-project=%q]`, slug), b.api("/api/projects/"+slug+"/statistics/"))
	}

	b.follow(`tr[data-project="tinynotes"] th a`, "/projects/tinynotes/")
	b.screenshot("2-project")
	b.compareRow(`td[data-project-total]`, b.api("/api/projects/tinynotes/statistics/"))
	var langs []map[string]any
	b.apiInto("/api/projects/tinynotes/languages/", &langs)
	for _, l := range langs {
		b.compareRow(fmt.Sprintf(`section[aria-labelledby="langs-h"] tr[data-language=%q]`, l["code"]), l)
	}
	b.expectText("span.tag.glossary", "Glossary")

	b.follow(`table.matrix tbody th a[href$="/projects/tinynotes/app/"]`, "/projects/tinynotes/app/")
	b.screenshot("3-component")
	var compStats struct{ Results []map[string]any }
	b.apiInto("/api/components/tinynotes/app/statistics/", &compStats)
	if len(compStats.Results) < 2 {
		t.Fatalf("API lists %d translations of tinynotes/app", len(compStats.Results))
	}
	for _, st := range compStats.Results {
		b.compareRow(fmt.Sprintf(`tr[data-language=%q]`, st["code"]), st)
	}

	b.follow(`tr[data-language="ar"] th a`, "/projects/tinynotes/app/ar/")
	b.screenshot("4-translation-ar")
	b.compareRow(`section[aria-labelledby="numbers-h"]`, b.api("/api/translations/tinynotes/app/ar/statistics/"))
	// The page links to its API object, and that object's web_url leads back here.
	apiHref := b.eval(`document.querySelector('footer a.api').href`)
	obj := b.apiAbs(apiHref)
	if loc := b.location(); obj["web_url"] != loc {
		t.Errorf("API web_url %v, page %s", obj["web_url"], loc)
	}
	if got := b.eval(`document.querySelector('a[download]').getAttribute('href')`); got != "/api/translations/tinynotes/app/ar/file/" {
		t.Errorf("file link %q", got)
	}

	b.follow(`ul.links a[href$="/translate/tinynotes/app/ar/"]`, "/translate/tinynotes/app/ar/")
	b.screenshot("5-translate-ar")
	b.compareRow(`section[aria-labelledby="numbers-h"]`, b.api("/api/translations/tinynotes/app/ar/statistics/"))

	// And back: the browser's history, then the breadcrumbs.
	b.back("/projects/tinynotes/app/ar/")
	b.follow(`nav.crumbs a[href$="/projects/tinynotes/app/"]`, "/projects/tinynotes/app/")
	b.follow(`nav.crumbs a[href$="/projects/tinynotes/"]`, "/projects/tinynotes/")
	b.follow(`nav[aria-label="Site"] a.brand`, "/")

	b.open("/engage/tinynotes/ar/")
	b.screenshot("6-engage-ar")
	var arInProject map[string]any
	for _, l := range langs {
		if l["code"] == "ar" {
			arInProject = l
		}
	}
	b.compareRow(`p[data-object="engage"]`, arInProject)

	b.open("/languages/ar/")
	b.screenshot("7-language-ar")
	b.compareRow(`p[data-object="language"]`, b.api("/api/languages/ar/statistics/"))

	b.open("/projects/tinynotes/nothing-here/")
	b.expectText("h1", "Page not found")
}

// newBrowser starts headless Chromium with a window of width × height CSS
// pixels, for the server at base.
func newBrowser(t *testing.T, chromium, base string, width, height int) *browser {
	t.Helper()
	shots := filepath.Join("testdata", "screenshots")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		// A page restored from the back-forward cache fires no load event and keeps
		// its old document, which chromedp's queries would then wait on forever.
		chromedp.Flag("disable-features", "BackForwardCache"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	// The first Run starts the browser; it must not carry the timeout (see chromedp.Run).
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	// The window's size includes no browser chrome in headless mode, but the
	// viewport is set exactly, as a phone's would be.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatal(err)
	}
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelTimeout)
	return &browser{t: t, ctx: ctx, base: base, shots: shots}
}

// TestBrowserPhone opens the main pages in a viewport 390 pixels wide (a
// phone's) and checks what the layout must do there: nothing wider than the
// screen (the page never scrolls sideways), every visible table caption and
// every fact of a definition list inside the screen, no table scrolling
// sideways; on an Arabic page, every
// placeholder in a left-to-right isolated span, drawn left to right ("%1$s",
// not "s$1%"), and the text aligned to the right of its cell. It saves phone-*.png to testdata/screenshots/ for review.
func TestBrowserPhone(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		t.Skip("chromium is not installed (Debian: apt-get install chromium); skipping the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ts, _ := sampleServer(t)
	b := newBrowser(t, chromium, ts.URL, 390, 844)
	pages := []struct{ name, path string }{
		{"1-home", "/"},
		{"2-project", "/projects/tinynotes/"},
		{"3-component", "/projects/tinynotes/app/"},
		{"4-translation-ar", "/projects/tinynotes/app/ar/"},
		{"5-translate-ar", "/translate/tinynotes/app/ar/"},
		{"6-engage-ar", "/engage/tinynotes/ar/"},
		{"7-languages", "/languages/"},
		{"8-language-ar", "/languages/ar/"},
	}
	for _, p := range pages {
		b.open(p.path)
		b.screenshot("phone-" + p.name)
		// Layout facts, measured by the browser: [what, offending element].
		var problems [][2]string
		b.evalInto(`(() => {
			const w = document.documentElement.clientWidth, out = [];
			const describe = e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' "' + e.textContent.trim().slice(0, 40) + '"';
			if (document.documentElement.scrollWidth > w) out.push(['the page is wider than the screen: ' + document.documentElement.scrollWidth + 'px', '']);
			for (const e of document.querySelectorAll('body *')) {
				const r = e.getBoundingClientRect();
				if (r.width > 0 && r.right > w + 1 && !e.closest('.scroll')) out.push(['sticks out of the screen', describe(e)]);
			}
			// On a phone no table scrolls sideways either: what it holds fits.
			for (const e of document.querySelectorAll('.scroll')) {
				if (e.scrollWidth > e.clientWidth + 1) out.push(['scrolls sideways: ' + e.scrollWidth + 'px in ' + e.clientWidth + 'px', describe(e.firstElementChild)]);
			}
			for (const e of document.querySelectorAll('caption:not(.sr-only), .facts dt, .facts dd')) {
				const r = e.getBoundingClientRect();
				if (getComputedStyle(e).display === 'none' || r.width === 0) out.push(['hidden', describe(e)]);
				else if (r.left < -1 || r.right > w + 1) out.push(['clipped: ' + Math.round(r.left) + '..' + Math.round(r.right) + 'px', describe(e)]);
			}
			return out;
		})()`, &problems)
		for _, pr := range problems {
			t.Errorf("%s at 390px: %s %s", p.path, pr[0], pr[1])
		}
		if n := b.eval(`String(document.querySelectorAll('caption:not(.sr-only)').length)`); n == "0" {
			t.Errorf("%s: no visible caption to check", p.path)
		}
	}

	// The Arabic strings: placeholders isolated left to right and drawn so, newlines
	// shown, plural forms named.
	b.open("/translate/tinynotes/app/ar/")
	var ph struct {
		Total, LTR, Isolated int
		Order                string // the order "%" and "s" of "%1$s" are drawn in
		Newlines, Plurals    int
		Cells, RightAligned  int
		PluralLabels         []string
	}
	b.evalInto(`(() => {
		const spans = [...document.querySelectorAll('td[dir=rtl] .ph')];
		const res = {Total: spans.length, LTR: 0, Isolated: 0, Order: 'missing'};
		for (const e of spans) {
			const cs = getComputedStyle(e);
			if (e.getAttribute('dir') === 'ltr' && cs.direction === 'ltr') res.LTR++;
			if (cs.unicodeBidi === 'isolate') res.Isolated++;
		}
		const e = spans.find(e => e.textContent === '%1$s');
		if (e) {
			const t = e.firstChild, r = document.createRange();
			r.setStart(t, 0); r.setEnd(t, 1);
			const percent = r.getBoundingClientRect().left;
			r.setStart(t, 3); r.setEnd(t, 4);
			res.Order = percent < r.getBoundingClientRect().left ? '%…s' : 's…%';
		}
		res.Newlines = document.querySelectorAll('td[dir=rtl] .nl').length;
		// Right-to-left text starts at the right of its cell.
		res.Cells = 0; res.RightAligned = 0;
		for (const td of document.querySelectorAll('td[dir=rtl]')) {
			const text = td.querySelector('.text');
			if (!text || !text.textContent.trim()) continue;
			res.Cells++;
			const pad = parseFloat(getComputedStyle(td).paddingRight);
			const right = Math.max(...[...td.querySelectorAll('.form > span')].map(e => e.getBoundingClientRect().right));
			if (right >= td.getBoundingClientRect().right - pad - 2) res.RightAligned++;
		}
		const labels = [...document.querySelectorAll('td[dir=rtl] .plural')].map(e => e.textContent);
		res.Plurals = labels.length;
		res.PluralLabels = [...new Set(labels)];
		return res;
	})()`, &ph)
	if ph.Total == 0 || ph.LTR != ph.Total || ph.Isolated != ph.Total {
		t.Errorf("placeholders in Arabic: %d, %d with dir=ltr, %d isolated", ph.Total, ph.LTR, ph.Isolated)
	}
	if ph.Order != "%…s" {
		t.Errorf(`"%%1$s" in Arabic is drawn %s`, ph.Order)
	}
	if ph.Cells == 0 || ph.RightAligned != ph.Cells {
		t.Errorf("%d of %d Arabic cells start at their right", ph.RightAligned, ph.Cells)
	}
	if ph.Newlines == 0 {
		t.Errorf("no newline marked in the Arabic strings")
	}
	// translate-toolkit's Android table gives Arabic all six CLDR categories.
	if got := strings.Join(ph.PluralLabels, " "); got != "zero one two few many other" {
		t.Errorf("plural forms of Arabic labelled %q", got)
	}
}

type browser struct {
	t     *testing.T
	ctx   context.Context
	base  string
	shots string
}

// step bounds one browser action, so a stuck one fails fast and says which.
func (b *browser) step() context.Context {
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	b.t.Cleanup(cancel)
	return ctx
}

func (b *browser) open(path string) {
	b.t.Helper()
	if err := chromedp.Do(b.step(), chromedp.Navigate(b.base+path), chromedp.WaitReady(chromedp.CSS("footer"))); err != nil {
		b.t.Fatalf("open %s: %v", path, err)
	}
}

// follow clicks the first link sel matches and waits until the browser shows path.
func (b *browser) follow(sel, path string) {
	b.t.Helper()
	if err := chromedp.Do(b.step(), chromedp.Click(chromedp.CSS(sel))); err != nil {
		b.t.Fatalf("click %s: %v", sel, err)
	}
	b.waitFor(path)
}

func (b *browser) back(path string) {
	b.t.Helper()
	if err := chromedp.Do(b.step(), chromedp.NavigateBack()); err != nil {
		b.t.Fatalf("back: %v", err)
	}
	b.waitFor(path)
}

func (b *browser) waitFor(path string) {
	b.t.Helper()
	want := b.base + path
	deadline := time.Now().Add(10 * time.Second)
	for {
		loc := b.location()
		if loc == want && b.eval(`document.readyState`) == "complete" {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("browser shows %s, want %s", loc, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (b *browser) location() string {
	b.t.Helper()
	loc, err := chromedp.Run(b.step(), chromedp.Location())
	if err != nil {
		b.t.Fatal(err)
	}
	return loc
}

func (b *browser) eval(js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.step(), chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// evalInto evaluates js and decodes its (JSON-serialisable) value into v.
func (b *browser) evalInto(js string, v any) {
	b.t.Helper()
	out, err := chromedp.Run(b.step(), chromedp.Evaluate[json.RawMessage](js))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	if err := json.Unmarshal(out, v); err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
}

func (b *browser) expectText(sel, want string) {
	b.t.Helper()
	got, err := chromedp.Run(b.step(), chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		b.t.Fatalf("%s: %v", sel, err)
	}
	if strings.TrimSpace(got) != want {
		b.t.Errorf("%s shows %q, want %q", sel, got, want)
	}
}

func (b *browser) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.step(), chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// compareRow reads every [data-stat] element inside the first element sel
// matches, as the page shows it, and compares it with the API's field of that name.
func (b *browser) compareRow(sel string, want map[string]any) {
	b.t.Helper()
	js := fmt.Sprintf(`JSON.stringify(Object.fromEntries(Array.from(document.querySelector(%q)?.matches('[data-stat]') ? [document.querySelector(%q)] : document.querySelectorAll(%q+' [data-stat]')).map(e => [e.dataset.stat, e.innerText])))`, sel, sel, sel)
	var shown map[string]string
	if err := json.Unmarshal([]byte(b.eval(js)), &shown); err != nil {
		b.t.Fatalf("%s: %v", sel, err)
	}
	if len(shown) == 0 {
		b.t.Fatalf("%s shows no numbers on %s", sel, b.location())
	}
	for stat, text := range shown {
		w, ok := want[stat]
		if !ok {
			b.t.Errorf("%s: %s shown but not in the API's object %v", sel, stat, want)
			continue
		}
		got, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(text), "%"), 64)
		if err != nil || got != w.(float64) {
			b.t.Errorf("%s on %s: %s shows %q, API says %v", sel, b.location(), stat, text, w)
		}
	}
}

func (b *browser) api(path string) map[string]any {
	b.t.Helper()
	var m map[string]any
	b.apiInto(path, &m)
	return m
}

func (b *browser) apiAbs(url string) map[string]any {
	b.t.Helper()
	var m map[string]any
	b.getJSON(url, &m)
	return m
}

func (b *browser) apiInto(path string, v any) {
	b.t.Helper()
	b.getJSON(b.base+path, v)
}

func (b *browser) getJSON(url string, v any) {
	b.t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b.t.Fatalf("%s: status %d", url, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		b.t.Fatal(errors.Join(fmt.Errorf("%s", url), err))
	}
}

// samplePaths lists every web address of the samples: each object's page and the
// badges of each translation.
func samplePaths(src web.Source) []string {
	snap := src.Snapshot()
	paths := []string{"/", "/projects/", "/languages/"}
	for _, p := range snap.Projects {
		ps := p.Config.Slug
		paths = append(paths, "/projects/"+ps+"/", "/engage/"+ps+"/", "/widgets/"+ps+"/-/svg-badge.svg",
			"/widgets/"+ps+"/-/multi-auto.svg", "/widgets/"+ps+"/-/horizontal-auto.svg")
		for _, c := range p.Components {
			cs := c.Config.Slug
			paths = append(paths, "/projects/"+ps+"/"+cs+"/", "/widgets/"+ps+"/-/"+cs+"/svg-badge.svg")
			for _, t := range c.Translations {
				code := t.Language.Code
				paths = append(paths, "/projects/"+ps+"/"+cs+"/"+code+"/", "/translate/"+ps+"/"+cs+"/"+code+"/",
					"/engage/"+ps+"/"+code+"/", "/widgets/"+ps+"/"+code+"/"+cs+"/svg-badge.svg")
			}
		}
	}
	for _, l := range snap.Languages {
		paths = append(paths, "/languages/"+l.Language.Code+"/")
	}
	return paths
}

// TestSamplePages fetches every web address of the samples: each answers 200,
// under 100 KB.
func TestSamplePages(t *testing.T) {
	ts, src := sampleServer(t)
	paths := samplePaths(src)
	biggest, where := 0, ""
	for _, path := range paths {
		resp, err := http.Get(ts.URL + path + "?format=api")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: status %d", path, resp.StatusCode)
		}
		if len(body) > 100<<10 {
			t.Errorf("%s: %d bytes, over 100 KB", path, len(body))
		}
		if len(body) > biggest {
			biggest, where = len(body), path
		}
	}
	t.Logf("%d addresses; the largest is %s, %d bytes", len(paths), where, biggest)
}

// BenchmarkSamplePages renders the samples' pages from the snapshot, through the
// router (no network): each must stay well under 5 ms.
func BenchmarkSamplePages(b *testing.B) {
	_, src := sampleServer(b)
	webSrv, err := web.New(src, web.Options{})
	if err != nil {
		b.Fatal(err)
	}
	e := gin.New()
	webSrv.Install(e)
	for _, path := range []string{"/", "/projects/tinynotes/", "/projects/tinynotes/app/", "/projects/tinynotes/app/ar/",
		"/translate/tinynotes/app/ar/", "/engage/tinynotes/ar/", "/languages/", "/languages/cs/", "/widgets/tinynotes/-/svg-badge.svg",
		"/widgets/tinynotes/-/multi-auto.svg"} {
		b.Run(path, func(b *testing.B) {
			req := httptest.NewRequest("GET", path, nil)
			size := 0
			for b.Loop() {
				w := httptest.NewRecorder()
				e.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatalf("status %d", w.Code)
				}
				size = w.Body.Len()
			}
			b.ReportMetric(float64(size), "bytes/page")
		})
	}
}

// TestBrowserChecksum opens a unit's web_url, as the API gives it, in a short
// window: the page must show that string first and marked, focus it, and have
// scrolled so that it is in view. It saves checksum.png for review.
func TestBrowserChecksum(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		t.Skip("chromium is not installed (Debian: apt-get install chromium); skipping the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ts, _ := sampleServer(t)
	b := newBrowser(t, chromium, ts.URL, 1024, 300)
	var units struct {
		Results []struct {
			ID     int    `json:"id"`
			State  int    `json:"state"`
			WebURL string `json:"web_url"`
		}
	}
	b.apiInto("/api/translations/tinynotes/app/ar/units/?page_size=100", &units)
	// A read-only string: the list shows those last, so only the checksum brings it up.
	var id int
	var webURL string
	for _, u := range units.Results {
		if u.State == 100 {
			id, webURL = u.ID, u.WebURL
		}
	}
	if webURL == "" || !strings.HasPrefix(webURL, ts.URL+"/translate/tinynotes/app/ar/?checksum=") {
		t.Fatalf("no read-only unit with a web_url on this server: %+v", units.Results)
	}
	b.open(strings.TrimPrefix(webURL, ts.URL))
	b.screenshot("checksum")
	row := fmt.Sprintf("unit-%d", id)
	if got := b.eval(`document.querySelector('table.units tbody tr').id`); got != row {
		t.Errorf("first row %q, want %q", got, row)
	}
	if got := b.eval(`document.querySelector('table.units tbody tr').className`); got != "focus" {
		t.Errorf("first row's class %q, want focus", got)
	}
	if got := b.eval(`document.activeElement.id`); got != row {
		t.Errorf("focused element %q, want %q", got, row)
	}
	var view struct{ ScrollY, Top, Bottom, Height float64 }
	b.evalInto(`(() => { const r = document.getElementById(`+strconv.Quote(row)+`).getBoundingClientRect();
		return {ScrollY: window.scrollY, Top: r.top, Bottom: r.bottom, Height: window.innerHeight}; })()`, &view)
	if view.ScrollY <= 0 || view.Top < 0 || view.Bottom > view.Height {
		t.Errorf("the string is not scrolled into view: %+v", view)
	}
}
