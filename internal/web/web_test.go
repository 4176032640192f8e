package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/api"
	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

type fixed struct{ snap *snapshot.Snapshot }

func (f fixed) Snapshot() *snapshot.Snapshot { return f.snap }

var (
	english = &lang.Language{ID: 1, Code: "en", Name: "English", Direction: "ltr", Population: 100,
		Plural: lang.Plural{ID: 10, Number: 2, Formula: "n != 1", Type: 1}, Categories: []string{"one", "other"}}
	czech = &lang.Language{ID: 2, Code: "cs", Name: "Czech", Direction: "ltr", Population: 10,
		Plural:     lang.Plural{ID: 20, Number: 3, Formula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", Type: 2},
		Categories: []string{"one", "few", "other"}}
	arabic = &lang.Language{ID: 3, Code: "ar", Name: "Arabic", Direction: "rtl", Population: 1000,
		Plural:     lang.Plural{ID: 30, Number: 6, Formula: "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5", Type: 3},
		Categories: []string{"zero", "one", "two", "few", "many", "other"}}
	portuguese = &lang.Language{ID: 4, Code: "pt_BR", Name: "Portuguese (Brazil)", Direction: "ltr", Population: 200,
		Plural: lang.Plural{ID: 40, Number: 2, Formula: "n > 1", Type: 1}, Categories: []string{"one", "other"}}
)

var when = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// fixture is a hand-built snapshot: one project ("Demo <&> App", to check
// escaping) with an Android component in English, Czech, Arabic (right-to-left) and
// Brazilian Portuguese, and a glossary whose Arabic file has no terms at all; a
// second project shares Czech.
func fixture(t testing.TB) *snapshot.Snapshot {
	t.Helper()
	pc := &config.Project{Name: "Demo <&> App", Slug: "demo", Web: "https://example.org/",
		Instructions: "Keep it short.\nAsk first."}
	cc := &config.Component{Name: "Android", Slug: "android", Repo: "https://user:secret@example.org/demo.git",
		VCS: "git", Branch: "main", Filemask: "res/values-*/strings.xml", Template: "res/values/strings.xml",
		FileFormat: "aresource", License: "MIT"}
	gc := &config.Component{Name: "Glossary", Slug: "glossary", Repo: "local:", VCS: "local", Filemask: "*.tbx",
		FileFormat: "tbx", IsGlossary: true}
	p := &snapshot.Project{ID: 1, Config: pc}
	c := &snapshot.Component{ID: 1, Project: p, Config: cc, SourceLanguage: english}
	g := &snapshot.Component{ID: 2, Project: p, Config: gc, SourceLanguage: english}
	p.Components = []*snapshot.Component{c, g}
	tr := func(id int, comp *snapshot.Component, l *lang.Language, file string, states ...weblate.State) *snapshot.Translation {
		t := &snapshot.Translation{ID: id, Component: comp, Language: l, LanguageCode: l.Code, Filename: file,
			IsSource: l == english, IsTemplate: l == english && comp == c}
		for i, st := range states {
			t.Stats.AddUnit(st, i+1, 5*(i+1))
		}
		return t
	}
	T, E, F, R := weblate.StateTranslated, weblate.StateEmpty, weblate.StateFuzzy, weblate.StateReadOnly
	src := tr(1, c, english, "res/values/strings.xml", T, T, R)
	cs := tr(2, c, czech, "res/values-cs/strings.xml", T, E, R)
	ar := tr(3, c, arabic, "res/values-ar/strings.xml", T, F, E)
	pt := tr(4, c, portuguese, "res/values-pt-rBR/strings.xml", T, T, T)
	ar.LanguageCode = "ar"
	pt.LanguageCode = "pt-rBR"
	c.Translations = []*snapshot.Translation{src, cs, ar, pt}
	gsrc := tr(5, g, english, "", R, R)
	gar := tr(6, g, arabic, "ar.tbx") // no terms: 0 strings
	gcs := tr(7, g, czech, "cs.tbx", T, E)
	g.Translations = []*snapshot.Translation{gsrc, gar, gcs}
	ar.Stats.LastChange, ar.Stats.LastAuthor = when, "Yousef Haddad"

	p2 := &snapshot.Project{ID: 2, Config: &config.Project{Name: "Other", Slug: "other"}}
	c2 := &snapshot.Component{ID: 3, Project: p2, SourceLanguage: english,
		Config: &config.Component{Name: "Web", Slug: "web", Repo: "/srv/web", VCS: "git", Filemask: "po/*.po", FileFormat: "po"}}
	p2.Components = []*snapshot.Component{c2}
	c2.Translations = []*snapshot.Translation{tr(8, c2, english, "", T, T), tr(9, c2, czech, "po/cs.po", T, E)}

	yousef := &snapshot.User{Username: "yousef", FullName: "Yousef Haddad"}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p, p2}, Users: []*snapshot.User{yousef}}
	var changes []*snapshot.Change
	add := func(ch *snapshot.Change) {
		ch.ID = len(changes) + 1
		ch.Project = p
		changes = append(changes, ch)
	}
	add(&snapshot.Change{Timestamp: when.Add(-time.Hour), Action: 50, User: yousef, Author: yousef})
	add(&snapshot.Change{Timestamp: when.Add(-time.Hour), Action: 48, Component: c, Translation: ar, User: yousef, Author: yousef})
	add(&snapshot.Change{Timestamp: when.Add(-time.Minute), Action: 2, Component: c, Translation: cs, UnitID: 5, Target: "%d poznámka\x1e\x1e%d poznámky\x1e\x1e%d poznámek", User: yousef, Author: yousef})
	add(&snapshot.Change{Timestamp: when, Action: 5, Component: c, Translation: ar, UnitID: 7, Target: "مرحبا <b>", User: yousef, Author: yousef})
	snap.Log, _ = changelog.LogOf(changes)
	snap.Aggregate()
	snap.Finish()
	return snap
}

// unitsFunc is a Units made of a function, for hand-made unit lists.
type unitsFunc func(t *snapshot.Translation) ([]snapshot.Unit, error)

func (f unitsFunc) Units(t *snapshot.Translation) ([]snapshot.Unit, error) { return f(t) }

// arabicUnits is a hand-made unit list, with a file that does not parse (cs).
var arabicUnits = unitsFunc(func(t *snapshot.Translation) ([]snapshot.Unit, error) {
	if t.Language.Code == "cs" {
		return nil, errors.New("file does not parse")
	}
	return []snapshot.Unit{
		{ID: 1, IDHash: 1001, Context: "app_name", Source: []string{"Demo"}, Target: []string{"ديمو"}, State: weblate.StateTranslated},
		{ID: 2, IDHash: -1002, Context: "notes", Source: []string{"%d note", "%d notes"}, Target: []string{"", ""}, State: weblate.StateEmpty},
		{ID: 3, IDHash: 1003, Context: "save", Source: []string{"Save"}, Target: []string{"احفظ"}, State: weblate.StateFuzzy},
		{ID: 4, IDHash: -1004, Context: "brand", Source: []string{"Demo"}, Target: []string{"Demo"}, State: weblate.StateReadOnly},
	}, nil
})

func newHandler(t testing.TB, snap *snapshot.Snapshot, opts Options) http.Handler {
	t.Helper()
	srv, err := New(fixed{snap}, opts)
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	g := e.Group(srv.opts.Prefix)
	srv.Install(g)
	e.NoRoute(srv.NotFound)
	e.HandleMethodNotAllowed = true
	e.NoMethod(MethodNotAllowed)
	return e
}

type response struct {
	status int
	header http.Header
	body   string
}

func get(t testing.TB, h http.Handler, method, target string, header ...string) response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	body, _ := io.ReadAll(w.Result().Body)
	return response{w.Code, w.Result().Header, string(body)}
}

func TestPages(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	tests := []struct {
		path   string
		status int
		want   []string // substrings of the body, in order
	}{
		{"/", 200, []string{`<title>Translations · gitlate`, `href="/api/"`, `Demo &lt;&amp;&gt; App`, `data-stat="translated_percent">75.0<`, `New translation`, `<div class="target" lang="ar" dir="rtl"><p class="form"><span class="text">مرحبا <span class="mk" dir="ltr">&lt;b&gt;</span></span></p></div>`}},
		{"/projects/", 200, []string{`href="/projects/demo/"`, `href="/projects/other/"`}},
		{"/projects/demo/", 200, []string{`href="https://example.org/"`, `href="/api/projects/demo/"`, `Keep it short.`, `<table class="matrix">`, `Glossary</a> <span class="tag glossary">Glossary</span>`,
			`href="/projects/demo/glossary/ar/" data-language="ar"><span data-stat="translated_percent">100.0</span>%`, `/widgets/demo/-/svg-badge.svg`}},
		// Languages by name, the source first, each with its code.
		{"/projects/demo/android/", 200, []string{`href="/api/components/demo/android/"`, `data-language="en"`, `>English</a> <code>en</code> <span class="tag">source</span>`,
			`data-language="ar"`, `>Arabic</a> <code>ar</code>`, `by Yousef Haddad`, `data-language="cs"`, `66.6`, `data-language="pt_BR"`, `<code>https://example.org/demo.git</code>`}},
		{"/projects/demo/android/ar/", 200, []string{`Android <span class="sep">—</span> Arabic`, `href="/api/translations/demo/android/ar/file/"`, `data-stat="translated_percent">33.3<`, `data-stat="fuzzy_percent">33.3<`, `<code>res/values-ar/strings.xml</code>`, `href="/api/translations/demo/android/ar/"`}},
		{"/projects/demo/android/pt_BR/", 200, []string{`<code>pt-rBR</code>`}},
		{"/projects/demo/android/cs/", 200, []string{`Translation changed`, `<div class="target" lang="cs" dir="ltr"><p class="form"><span class="plural" lang="en" dir="ltr">one</span> <span class="text"><span class="ph" dir="ltr">%d</span> poznámka</span></p><p class="form"><span class="plural" lang="en" dir="ltr">few</span> <span class="text"><span class="ph" dir="ltr">%d</span> poznámky</span></p><p class="form"><span class="plural" lang="en" dir="ltr">other</span> <span class="text"><span class="ph" dir="ltr">%d</span> poznámek</span></p></div>`}},
		{"/projects/demo/android/en/", 200, []string{`<span class="tag">source</span>`}},
		{"/projects/demo/glossary/en/", 200, []string{`none: the source strings come from the other files`}},
		{"/translate/demo/android/ar/", 200, []string{`Translate Android`, `id="strings"`, `Progress`}},
		{"/engage/demo/", 200, []string{`Get involved in Demo &lt;&amp;&gt; App`, `href="/engage/demo/ar/"`}},
		{"/engage/demo/ar/", 200, []string{`Help translate Demo &lt;&amp;&gt; App into Arabic`, `data-stat="translated_percent">33.3<`, `href="/translate/demo/android/ar/"`, `href="/widgets/demo/ar/svg-badge.svg"`}},
		{"/languages/", 200, []string{`href="/languages/ar/"`, `right-to-left`, `href="/languages/pt_BR/"`}},
		{"/languages/cs/", 200, []string{`<h1>Czech</h1>`, `href="/engage/demo/cs/"`, `href="/engage/other/cs/"`, `Other / Web`, `href="/api/languages/cs/"`}},
		{"/projects/demo/?format=api", 200, []string{`<table class="matrix">`, `<tfoot>`}},
		{"/projects/demo/android/ar/?format=api", 200, []string{`Arabic`}},
		{"/projects/nope/", 404, []string{`Page not found`}},
		{"/projects/demo/nope/", 404, []string{`Page not found`}},
		{"/projects/demo/android/xx/", 404, []string{`Page not found`}},
		{"/translate/demo/android/xx/", 404, []string{`Page not found`}},
		{"/engage/demo/ja/", 404, []string{`Page not found`}},
		{"/engage/nope/", 404, []string{`Page not found`}},
		{"/languages/ja/", 404, []string{`Page not found`}},
		{"/no/such/page", 404, []string{`Page not found`}},
		{"/widgets/nope/-/svg-badge.svg", 404, []string{`Page not found`}},
		{"/widgets/demo/-/png-badge.png", 404, []string{`Page not found`}},
		{"/widgets/demo/-/unknown-auto.svg", 404, []string{`Page not found`}},
		{"/widgets/demo/ja/svg-badge.svg", 404, []string{`Page not found`}},
		{"/widgets/demo/-/nope/svg-badge.svg", 404, []string{`Page not found`}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			got := get(t, h, "GET", tt.path)
			if got.status != tt.status {
				t.Fatalf("status %d, want %d", got.status, tt.status)
			}
			if ct := got.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			rest := got.body
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("body lacks %q (after the earlier wants):\n%s", w, got.body)
				}
				rest = rest[i+len(w):]
			}
			checkPage(t, got.body)
		})
	}
}

// checkPage asserts what every page must have: landmarks, a link back to the API
// (except the 404 page), headed tables and progress bars with text equivalents.
func checkPage(t *testing.T, body string) {
	t.Helper()
	if len(body) > 100<<10 {
		t.Errorf("page is %d bytes, over 100 KB", len(body))
	}
	for _, w := range []string{`<html lang="en">`, `<main id="main">`, `<header class="site">`, `<footer class="site">`, `<nav aria-label="Site">`, `<h1>`} {
		if !strings.Contains(body, w) {
			t.Errorf("page lacks %s", w)
		}
	}
	if strings.Count(body, "<table") != strings.Count(body, "<caption") || strings.Count(body, "<table") != strings.Count(body, "<thead>") {
		t.Errorf("a table lacks a caption or headers")
	}
	if n := strings.Count(body, `role="progressbar"`); n != strings.Count(body, `aria-valuetext="`) {
		t.Errorf("%d progress bars, not all with a text equivalent", n)
	}
	if strings.Contains(body, `role="progressbar"`) && !strings.Contains(body, `<ul class="legend"`) {
		t.Errorf("progress bars without a legend")
	}
	if strings.Contains(body, "ZgotmplZ") {
		t.Errorf("html/template rejected a value (ZgotmplZ) in:\n%s", body)
	}
}

// TestEveryAPIWebURLAnswers: every web address the API writes (web_url,
// translate_url, share_url, statistics' url — with and without ?format=api, as the
// API writes them) answers with a page. The addresses are read from the API's JSON,
// crawled from /api/, so a URL scheme the two packages disagree on cannot pass.
func TestEveryAPIWebURLAnswers(t *testing.T) {
	snap := fixture(t)
	h := newHandler(t, snap, Options{})
	apiSrv, err := api.New(fixed{snap}, api.Options{BaseURL: "http://gitlate.test"})
	if err != nil {
		t.Fatal(err)
	}
	engine := gin.New()
	apiSrv.Install(engine)
	const base = "http://gitlate.test"
	web := map[string]bool{}
	for _, format := range []string{"", "?format=api"} {
		queue := []string{"/api/" + format}
		seen := map[string]bool{}
		for len(queue) > 0 && len(seen) < 2000 {
			path := queue[0]
			queue = queue[1:]
			if seen[path] {
				continue
			}
			seen[path] = true
			got := get(t, engine, "GET", path)
			if got.status != 200 || !strings.HasPrefix(got.header.Get("Content-Type"), "application/json") {
				continue // downloads (the fixture has no files); the api package checks its own answers
			}
			var doc any
			if err := json.Unmarshal([]byte(got.body), &doc); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, u := range stringsIn(doc) {
				p, ok := strings.CutPrefix(u, base)
				switch {
				case !ok:
				case strings.HasPrefix(p, "/api/"):
					queue = append(queue, p)
				default:
					web[p] = true
				}
			}
		}
	}
	// Every kind of page the API links to is among them.
	for _, want := range []string{"/projects/demo/", "/projects/demo/android/", "/projects/demo/android/pt_BR/",
		"/translate/demo/android/pt_BR/", "/engage/demo/pt_BR/", "/languages/ar/", "/translate/demo/glossary/ar/?format=api"} {
		if !web[want] {
			t.Errorf("the API does not write %s", want)
		}
	}
	for p := range web {
		if got := get(t, h, "GET", p); got.status != 200 {
			t.Errorf("%s: status %d", p, got.status)
		}
	}
	// Badges are not in the API; their addresses follow the objects it lists.
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			for _, tr := range c.Translations {
				code := tr.Language.Code
				for _, path := range []string{"/widgets/" + p.Config.Slug + "/" + code + "/svg-badge.svg",
					"/widgets/" + p.Config.Slug + "/" + code + "/" + c.Config.Slug + "/svg-badge.svg"} {
					if got := get(t, h, "GET", path); got.status != 200 {
						t.Errorf("%s: status %d", path, got.status)
					}
				}
			}
		}
	}
}

// stringsIn lists the strings of a decoded JSON document.
func stringsIn(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, stringsIn(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, stringsIn(e)...)
		}
		return out
	}
	return nil
}

func TestPrefix(t *testing.T) {
	h := newHandler(t, fixture(t), Options{Prefix: "/gitlate/"})
	got := get(t, h, "GET", "/gitlate/projects/demo/android/")
	if got.status != 200 {
		t.Fatalf("status %d", got.status)
	}
	hrefs := regexp.MustCompile(`(?:href|src)="([^"]*)"`).FindAllStringSubmatch(got.body, -1)
	if len(hrefs) < 10 {
		t.Fatalf("only %d links", len(hrefs))
	}
	for _, m := range hrefs {
		if u := m[1]; !strings.HasPrefix(u, "/gitlate/") && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "#") {
			t.Errorf("link %q is outside the prefix", u)
		}
	}
	if got := get(t, h, "GET", "/projects/demo/"); got.status != 404 {
		t.Errorf("unprefixed path: status %d", got.status)
	}
	if got := get(t, h, "GET", "/gitlate/widgets/demo/-/svg-badge.svg"); got.status != 200 {
		t.Errorf("prefixed badge: status %d", got.status)
	}
	if got := get(t, h, "GET", "/gitlate/nope/"); got.status != 404 || !strings.Contains(got.body, `href="/gitlate/"`) {
		t.Errorf("404 page: status %d, home link missing", got.status)
	}
}

func TestHeadAndConditionalRequests(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for _, path := range []string{"/projects/demo/", "/widgets/demo/-/svg-badge.svg", "/static/gitlate.css"} {
		t.Run(path, func(t *testing.T) {
			full := get(t, h, "GET", path)
			tag := full.header.Get("ETag")
			if full.status != 200 || tag == "" || full.header.Get("Cache-Control") == "" {
				t.Fatalf("status %d, ETag %q, Cache-Control %q", full.status, tag, full.header.Get("Cache-Control"))
			}
			head := get(t, h, "HEAD", path)
			if head.status != 200 || head.body != "" || head.header.Get("ETag") != tag || head.header.Get("Content-Length") != fmt.Sprint(len(full.body)) {
				t.Errorf("HEAD: status %d, body %d bytes, ETag %q, Content-Length %q", head.status, len(head.body), head.header.Get("ETag"), head.header.Get("Content-Length"))
			}
			for _, inm := range []string{tag, "W/" + tag, `"other", ` + tag, "*"} {
				if got := get(t, h, "GET", path, "If-None-Match", inm); got.status != 304 || got.body != "" || got.header.Get("ETag") != tag {
					t.Errorf("If-None-Match %s: status %d, body %q", inm, got.status, got.body)
				}
			}
			if got := get(t, h, "GET", path, "If-None-Match", `"stale"`); got.status != 200 {
				t.Errorf("stale tag: status %d", got.status)
			}
		})
	}
	badge := get(t, h, "GET", "/widgets/demo/-/svg-badge.svg")
	if cc := badge.header.Get("Cache-Control"); cc != badgeCache {
		t.Errorf("badge Cache-Control %q", cc)
	}
	if ct := badge.header.Get("Content-Type"); ct != "image/svg+xml; charset=utf-8" {
		t.Errorf("badge Content-Type %q", ct)
	}
}

func TestETagFollowsSnapshot(t *testing.T) {
	snap := fixture(t)
	src := &swap{snap: snap}
	srv, err := New(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := gin.New()
	srv.Install(e)
	before := get(t, e, "GET", "/widgets/demo/-/svg-badge.svg")
	next := fixture(t)
	next.Project("demo").Component("android").Translation("ar").Stats.Translated++
	next.Aggregate()
	src.snap = next
	after := get(t, e, "GET", "/widgets/demo/-/svg-badge.svg", "If-None-Match", before.header.Get("ETag"))
	if after.status != 200 || after.header.Get("ETag") == before.header.Get("ETag") {
		t.Errorf("changed statistics kept the ETag: status %d", after.status)
	}
}

type swap struct{ snap *snapshot.Snapshot }

func (s *swap) Snapshot() *snapshot.Snapshot { return s.snap }

func TestRightToLeft(t *testing.T) {
	h := newHandler(t, fixture(t), Options{Units: arabicUnits})
	got := get(t, h, "GET", "/projects/demo/android/ar/")
	for _, w := range []string{
		`<td lang="en" dir="ltr"><div class="form"><span class="text">Demo</span></div></td><td lang="ar" dir="rtl"><div class="form"><span class="text">ديمو</span></div></td>`,
		`<div class="target" lang="ar" dir="rtl"><p class="form"><span class="text">مرحبا <span class="mk" dir="ltr">&lt;b&gt;</span></span></p></div>`,
	} {
		if !strings.Contains(got.body, w) {
			t.Errorf("lacks %s", w)
		}
	}
	cs := get(t, h, "GET", "/projects/demo/android/pt_BR/")
	if !strings.Contains(cs.body, `lang="pt-BR" dir="ltr"`) {
		t.Errorf("pt_BR cells are not marked lang=pt-BR")
	}
}

func TestUnitList(t *testing.T) {
	h := newHandler(t, fixture(t), Options{Units: arabicUnits})
	order := regexp.MustCompile(`id="unit-(\d+)"`)
	tests := []struct {
		path  string
		units string // ids in the order shown
		want  string
	}{
		{"/translate/demo/android/ar/", "2 3 1 4", "4 of 4 strings; untranslated ones first."},
		{"/projects/demo/android/ar/?q=DEMO", "1 4", "2 of 4 strings match “DEMO”"},
		{"/translate/demo/android/ar/?q=احفظ", "3", "1 of 4 strings"},
		{"/translate/demo/android/ar/?q=notes", "2", "1 of 4 strings"},
		{"/translate/demo/android/ar/?q=zzz", "", "0 of 4 strings"},
		{"/translate/demo/android/ar/?page=9", "2 3 1 4", "4 of 4"},
		{"/translate/demo/android/cs/", "", "The strings could not be read: file does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			got := get(t, h, "GET", tt.path)
			if got.status != 200 {
				t.Fatalf("status %d", got.status)
			}
			var ids []string
			for _, m := range order.FindAllStringSubmatch(got.body, -1) {
				ids = append(ids, m[1])
			}
			if s := strings.Join(ids, " "); s != tt.units {
				t.Errorf("units %q, want %q", s, tt.units)
			}
			if !strings.Contains(got.body, tt.want) {
				t.Errorf("lacks %q", tt.want)
			}
			checkPage(t, got.body)
		})
	}
	// Without a unit reader the page says the list is missing and shows no strings.
	plain := get(t, newHandler(t, fixture(t), Options{}), "GET", "/translate/demo/android/ar/")
	if !strings.Contains(plain.body, "not available") || strings.Contains(plain.body, `id="unit-`) {
		t.Errorf("page without a units hook shows units or no notice")
	}
}

// TestChecksumFocus: a unit's web_url (/translate/…/?checksum=) opens the
// translate page with that string first, marked and focused; the pages after it
// keep that order; an unknown checksum says so and lists the strings as usual.
func TestChecksumFocus(t *testing.T) {
	h := newHandler(t, fixture(t), Options{Units: arabicUnits})
	order := regexp.MustCompile(`id="unit-(\d+)"`)
	brand := weblate.Checksum(-1004) // unit 4, read-only: normally last
	tests := []struct {
		path, units, focus string
		want               string
	}{
		{"/translate/demo/android/ar/?checksum=" + brand, "4 2 3 1", "4", "4 of 4 strings; untranslated ones first, after the string asked for."},
		{"/translate/demo/android/ar/?checksum=" + strings.ToUpper(brand), "4 2 3 1", "4", "after the string asked for"},
		{"/translate/demo/android/ar/?checksum=" + weblate.Checksum(1001) + "&q=Demo", "1 4", "1", "2 of 4 strings match"},
		{"/translate/demo/android/ar/?checksum=" + weblate.Checksum(1003) + "&q=notes", "2", "", "1 of 4 strings match"},
		{"/translate/demo/android/ar/?checksum=0123456789abcdef", "2 3 1 4", "", "No string of this translation has the checksum <code>0123456789abcdef</code>."},
		// The overview page is not where web_url leads: it keeps its order.
		{"/projects/demo/android/ar/?checksum=" + brand, "2 3 1 4", "", "untranslated ones first."},
	}
	for _, tt := range tests {
		got := get(t, h, "GET", tt.path)
		var ids []string
		for _, m := range order.FindAllStringSubmatch(got.body, -1) {
			ids = append(ids, m[1])
		}
		if s := strings.Join(ids, " "); got.status != 200 || s != tt.units {
			t.Errorf("%s: status %d, units %q, want %q", tt.path, got.status, s, tt.units)
		}
		if !strings.Contains(got.body, tt.want) {
			t.Errorf("%s: lacks %q", tt.path, tt.want)
		}
		focused := regexp.MustCompile(`<tr id="unit-(\d+)" class="focus" tabindex="-1" autofocus aria-current="true">`).FindAllStringSubmatch(got.body, -1)
		switch {
		case tt.focus == "" && len(focused) > 0, tt.focus != "" && (len(focused) != 1 || focused[0][1] != tt.focus):
			t.Errorf("%s: focused rows %v, want %q", tt.path, focused, tt.focus)
		}
		checkPage(t, got.body)
	}

	// Pages after the first keep the order the checksum made: the string pushed
	// off the first page starts the second.
	many := unitsFunc(func(t *snapshot.Translation) ([]snapshot.Unit, error) {
		us := make([]snapshot.Unit, 150)
		for i := range us {
			us[i] = snapshot.Unit{ID: i + 1, IDHash: int64(i + 1), Context: fmt.Sprint("key", i), Source: []string{"s"}, Target: []string{"t"}, State: weblate.StateTranslated}
		}
		return us, nil
	})
	h = newHandler(t, fixture(t), Options{Units: many})
	sum := weblate.Checksum(150)
	first := get(t, h, "GET", "/translate/demo/android/cs/?checksum="+sum)
	ids := order.FindAllStringSubmatch(first.body, -1)
	if len(ids) != unitsPerPage || ids[0][1] != "150" || ids[1][1] != "1" || ids[unitsPerPage-1][1] != "99" {
		t.Fatalf("first page: %d units, starting %v", len(ids), ids[:2])
	}
	next := `href="/translate/demo/android/cs/?checksum=` + sum + `&amp;page=2#strings" rel="next"`
	if !strings.Contains(first.body, next) {
		t.Errorf("first page lacks %s", next)
	}
	second := order.FindAllStringSubmatch(get(t, h, "GET", "/translate/demo/android/cs/?checksum="+sum+"&page=2").body, -1)
	if len(second) != 50 || second[0][1] != "100" || second[49][1] != "149" {
		t.Errorf("second page: %d units, from %s to %s", len(second), second[0][1], second[len(second)-1][1])
	}
}

func TestUnitListPages(t *testing.T) {
	many := unitsFunc(func(t *snapshot.Translation) ([]snapshot.Unit, error) {
		us := make([]snapshot.Unit, 250)
		for i := range us {
			us[i] = snapshot.Unit{ID: i + 1, Context: fmt.Sprint("key", i), Source: []string{"A fairly long source string that takes some room"},
				Target: []string{"Eine ziemlich lange Übersetzung, die Platz braucht"}, State: weblate.StateTranslated}
		}
		return us, nil
	})
	h := newHandler(t, fixture(t), Options{Units: many})
	first := get(t, h, "GET", "/translate/demo/android/cs/?q=key")
	if strings.Count(first.body, `id="unit-`) != unitsPerPage || !strings.Contains(first.body, `href="/translate/demo/android/cs/?page=2&amp;q=key#strings" rel="next"`) {
		t.Errorf("first page: %d units or no next link", strings.Count(first.body, `id="unit-`))
	}
	last := get(t, h, "GET", "/translate/demo/android/cs/?q=key&page=3")
	if n := strings.Count(last.body, `id="unit-`); n != 50 || !strings.Contains(last.body, "Page 3 of 3") || strings.Contains(last.body, `rel="next"`) {
		t.Errorf("last page: %d units", n)
	}
	checkPage(t, first.body)
}

func TestNumbersEqualAPIRules(t *testing.T) {
	// The API's rules for counts and percentages, as the pages show them.
	tests := []struct {
		part, total int
		complete    bool
		want        string
	}{
		{0, 0, true, "100.0"},
		{0, 0, false, "0.0"},
		{1, 3, true, "33.3"},
		{2, 3, true, "66.6"},
		{1, 2000, true, "0.1"},
		{1999, 2000, true, "99.9"},
		{5, 5, true, "100.0"},
	}
	for _, tt := range tests {
		if got := pct(weblate.Percent(tt.part, tt.total, tt.complete)); got != tt.want {
			t.Errorf("%d/%d: %s, want %s", tt.part, tt.total, got, tt.want)
		}
	}
}

func TestGroupDigits(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := groupDigits(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

func BenchmarkPages(b *testing.B) {
	h := newHandler(b, fixture(b), Options{Units: arabicUnits})
	for _, path := range []string{"/", "/projects/demo/", "/projects/demo/android/", "/projects/demo/android/ar/", "/translate/demo/android/ar/", "/engage/demo/ar/", "/languages/", "/languages/cs/", "/widgets/demo/-/svg-badge.svg", "/widgets/demo/-/multi-auto.svg"} {
		b.Run(path, func(b *testing.B) {
			req := httptest.NewRequest("GET", path, nil)
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatalf("status %d", w.Code)
				}
			}
		})
	}
}

// TestMethods: every kind of route answers GET and HEAD, OPTIONS with 204 and
// Allow, and every other method — those gin routes by name and one it does not —
// with 405 and Allow; a path no route matches is 404 whatever the method.
func TestMethods(t *testing.T) {
	t.Parallel()
	h := newHandler(t, fixture(t), Options{Units: arabicUnits})
	routes := []string{"/", "/projects/", "/projects/demo/", "/projects/demo/android/", "/projects/demo/android/ar/",
		"/translate/demo/android/ar/", "/engage/demo/", "/engage/demo/ar/", "/languages/", "/languages/ar/",
		"/widgets/demo/-/svg-badge.svg", "/widgets/demo/ar/android/multi-auto.svg", "/static/gitlate.css"}
	for _, path := range routes {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			if got := get(t, h, "GET", path); got.status != 200 {
				t.Errorf("GET: status %d", got.status)
			}
			if got := get(t, h, "HEAD", path); got.status != 200 || got.body != "" {
				t.Errorf("HEAD: status %d, %d bytes", got.status, len(got.body))
			}
			if got := get(t, h, "OPTIONS", path); got.status != 204 || got.header.Get("Allow") != "GET, HEAD, OPTIONS" || got.body != "" {
				t.Errorf("OPTIONS: status %d, Allow %q, body %q", got.status, got.header.Get("Allow"), got.body)
			}
			for _, m := range []string{"POST", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND"} {
				got := get(t, h, m, path)
				if got.status != 405 || got.header.Get("Allow") != "GET, HEAD, OPTIONS" {
					t.Errorf("%s: status %d, Allow %q", m, got.status, got.header.Get("Allow"))
				}
			}
		})
	}
	for _, path := range []string{"/no/such/page", "/projects/demo/android/ar/extra/", "/static/other.css"} {
		for _, m := range []string{"GET", "HEAD", "OPTIONS", "POST", "DELETE", "PROPFIND"} {
			if got := get(t, h, m, path); got.status != 404 || got.header.Get("Allow") != "" {
				t.Errorf("%s %s: status %d, Allow %q", m, path, got.status, got.header.Get("Allow"))
			}
		}
	}
}

// TestStringsShown: the unit list shows what a string is made of — placeholders
// and markup in left-to-right isolated spans, newlines kept and marked, a
// string of spaces drawn, plural forms named by the language's CLDR categories
// (numbered when the file has another count of forms).
func TestStringsShown(t *testing.T) {
	t.Parallel()
	units := unitsFunc(func(t *snapshot.Translation) ([]snapshot.Unit, error) {
		return []snapshot.Unit{
			{ID: 1, Context: "confirm", Source: []string{`Delete "%1$s"?`}, Target: []string{`هل تريد حذف "%1$s"؟`}, State: weblate.StateTranslated},
			{ID: 2, Context: "lines", Source: []string{"One.\nTwo."}, Target: []string{"واحد.\nاثنان."}, State: weblate.StateTranslated},
			{ID: 3, Context: "gap", Source: []string{" "}, Target: []string{" "}, State: weblate.StateTranslated},
			{ID: 4, Context: "count", Source: []string{"{n} note", "{n} notes"},
				Target: []string{"لا ملاحظات", "ملاحظة", "ملاحظتان", "{n} ملاحظات", "{n} ملاحظة", "{n} ملاحظة"}, State: weblate.StateTranslated},
			{ID: 5, Context: "odd", Source: []string{"a", "b"}, Target: []string{"x", "y"}, State: weblate.StateTranslated},
			{ID: 6, Context: "bold", Source: []string{"<b>Save</b>"}, Target: []string{"<b>احفظ</b>"}, State: weblate.StateTranslated},
		}, nil
	})
	h := newHandler(t, fixture(t), Options{Units: units})
	got := get(t, h, "GET", "/translate/demo/android/ar/")
	for _, w := range []string{
		`<td lang="ar" dir="rtl"><div class="form"><span class="text">هل تريد حذف &#34;<span class="ph" dir="ltr">%1$s</span>&#34;؟</span></div></td>`,
		`<span class="text">واحد.<span class="nl" aria-hidden="true">↵</span>` + "\n" + `اثنان.</span>`,
		`<span class="text"><span class="ws" title="1 whitespace character">␣</span></span>`,
		`<div class="form"><span class="plural" lang="en" dir="ltr">one</span> <span class="text"><span class="ph" dir="ltr">{n}</span> note</span></div>`,
		`<div class="form"><span class="plural" lang="en" dir="ltr">zero</span> <span class="text">لا ملاحظات</span></div>`,
		`<div class="form"><span class="plural" lang="en" dir="ltr">many</span> <span class="text"><span class="ph" dir="ltr">{n}</span> ملاحظة</span></div>`,
		`<span class="plural" lang="en" dir="ltr">form 2</span> <span class="text">y</span>`,
		`<span class="mk" dir="ltr">&lt;b&gt;</span>احفظ<span class="mk" dir="ltr">&lt;/b&gt;</span>`,
	} {
		if !strings.Contains(got.body, w) {
			t.Errorf("lacks %s", w)
		}
	}
	checkPage(t, got.body)
}

// TestInstructionsMarkdown: a project's instructions are Markdown, rendered on
// the project and invitation pages without what could run in the browser.
func TestInstructionsMarkdown(t *testing.T) {
	t.Parallel()
	snap := fixture(t)
	snap.Project("demo").Config.Instructions = "# Style\n\nUse **formal** forms; see [the guide](https://example.org/guide).\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))"
	h := newHandler(t, snap, Options{})
	for _, path := range []string{"/projects/demo/", "/engage/demo/", "/engage/demo/ar/"} {
		got := get(t, h, "GET", path)
		for _, w := range []string{`<div class="md"><h3>Style</h3>`, `Use <strong>formal</strong> forms; see <a href="https://example.org/guide" rel="nofollow noopener">the guide</a>.`, `<p>x</p>`} {
			if !strings.Contains(got.body, w) {
				t.Errorf("%s lacks %s", path, w)
			}
		}
		if strings.Contains(got.body, "<script>") || strings.Contains(got.body, "javascript:") {
			t.Errorf("%s lets a script through", path)
		}
	}
	// No instructions, no section.
	if got := get(t, newHandler(t, fixture(t), Options{}), "GET", "/projects/other/"); strings.Contains(got.body, "instr-h") {
		t.Errorf("a project without instructions shows the section")
	}
}

// TestMatrixTotalRow: a matrix of one component has no total row, which would
// repeat that component's row (126 cells of it, for a large project).
func TestMatrixTotalRow(t *testing.T) {
	t.Parallel()
	h := newHandler(t, fixture(t), Options{})
	if got := get(t, h, "GET", "/projects/other/"); !strings.Contains(got.body, `<table class="matrix">`) || strings.Contains(got.body, "<tfoot>") {
		t.Errorf("a one-component matrix has a total row, or no matrix")
	}
	if got := get(t, h, "GET", "/projects/demo/"); !strings.Contains(got.body, `<tfoot><tr><th scope="row">All components</th><td class="num total" data-language="ar">33.3%</td>`) {
		t.Errorf("a two-component matrix lacks its total row")
	}
}

// TestFailingChecksGrouped: a translation's page lists its failing strings by
// check, in Weblate's order of checks, with Weblate's names and descriptions,
// each string linking to the translate page; the strings list marks them.
func TestFailingChecksGrouped(t *testing.T) {
	snap := fixture(t)
	ar := snap.Projects[0].Components[0].Translation("ar")
	ar.Stats.Failing = 2
	units := unitsFunc(func(t *snapshot.Translation) ([]snapshot.Unit, error) {
		us, err := arabicUnits(t)
		if err != nil {
			return nil, err
		}
		us[0].Checks = []string{"begin_space", "end_stop"}
		us[2].Checks = []string{"end_stop"}
		return us, nil
	})
	h := newHandler(t, snap, Options{Units: units})
	got := get(t, h, "GET", "/projects/demo/android/ar/")
	checkPage(t, got.body)
	heads := regexp.MustCompile(`<h3 id="check-([^"]+)">([^<]+) <span class="count" data-check="[^"]+">(\d+)</span>`).FindAllStringSubmatch(got.body, -1)
	var seen []string
	for _, m := range heads {
		seen = append(seen, m[1]+"="+m[3]+" "+strings.TrimSpace(m[2]))
	}
	// begin_space comes before end_stop in Weblate's CHECK_LIST.
	if want := "begin_space=1 Starting spaces|end_stop=2 Mismatched full stop"; strings.Join(seen, "|") != want {
		t.Errorf("groups %q, want %q", strings.Join(seen, "|"), want)
	}
	if !strings.Contains(got.body, "Source and translation do not both end with a full stop") {
		t.Error("lacks end_stop's description")
	}
	if !strings.Contains(got.body, `href="/translate/demo/android/ar/?checksum=`) {
		t.Error("failing strings do not link to the translate page")
	}
	if n := strings.Count(got.body, `<span class="check" title=`); n != 3 {
		t.Errorf("%d check marks in the strings list, want 3", n)
	}
	// A translation without failing strings has no such section.
	if body := get(t, h, "GET", "/projects/demo/android/de/").body; strings.Contains(body, `id="checks-h"`) {
		t.Error("de shows a failing checks section")
	}
}
