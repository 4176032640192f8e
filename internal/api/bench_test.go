package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// The hot handlers of bench/README.md's figure 2. They run only with -bench; bench/run.sh
// measures the same routes over HTTP against a constant-bytes gin handler. Each
// reports allocs/op: the documents are rendered once per snapshot, so a request
// should allocate no more than gin itself does (see BenchmarkGinConstant).

// benchSnapshot is one project of components × languages translations with
// statistics, built by hand (no repositories): the shape of a real app's project.
func benchSnapshot(components, languages int) *snapshot.Snapshot {
	pc := &config.Project{Name: "Bench App", Slug: "bench", Web: "https://example.org/"}
	p := &snapshot.Project{ID: 1, Config: pc}
	en, _ := lang.Get("en")
	var ls []*lang.Language
	for _, l := range lang.Languages() {
		if l.Code != "en" && len(ls) < languages {
			ls = append(ls, l)
		}
	}
	id := 0
	for ci := range components {
		cc := &config.Component{Name: fmt.Sprintf("Component %d", ci+1), Slug: fmt.Sprintf("c%d", ci+1),
			Repo: "https://example.org/app.git", VCS: "git", Branch: "main", Filemask: "res/values-*/strings.xml",
			Template: "res/values/strings.xml", FileFormat: "aresource", NewLang: "add", Priority: 100,
			MergeStyle: "rebase", EnforcedChecks: []string{}, EditTemplate: true, LanguageRegex: "^[^.]+$", GlossaryColor: "silver"}
		c := &snapshot.Component{ID: ci + 1, Project: p, Config: cc, SourceLanguage: en}
		for li, l := range append([]*lang.Language{en}, ls...) {
			id++
			t := &snapshot.Translation{ID: id, Component: c, Language: l, LanguageCode: l.Code,
				Filename: "res/values-" + l.Code + "/strings.xml", IsSource: li == 0, IsTemplate: li == 0}
			for u := range 765 {
				state := weblate.StateTranslated
				if (u*7+li*13)%100 >= 60+li%40 {
					state = weblate.StateEmpty
				}
				t.Stats.AddUnit(state, 1+u%9, 5+u%60)
			}
			c.Translations = append(c.Translations, t)
		}
		p.Components = append(p.Components, c)
	}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p}}
	snap.Aggregate()
	snap.Finish()
	return snap
}

// discard is a ResponseWriter that keeps nothing: what a benchmark of the handler,
// not of a recorder, needs.
type discard struct {
	h    http.Header
	n    int
	code int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { d.n += len(b); return len(b), nil }
func (d *discard) WriteHeader(code int)        { d.code = code }

func benchRoute(b *testing.B, h http.Handler, target string, header ...string) {
	req := httptest.NewRequest("GET", target, nil)
	req.Host = "gitlate.example.org:8080"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := &discard{h: http.Header{}}
	h.ServeHTTP(w, req) // renders the snapshot's documents once
	if w.code != http.StatusOK && w.code != http.StatusNotModified && w.code != 0 {
		b.Fatalf("%s: status %d", target, w.code)
	}
	b.SetBytes(int64(w.n))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		clear(w.h)
		w.n = 0
		h.ServeHTTP(w, req)
	}
}

func benchHandler(b *testing.B) http.Handler {
	return serverFor(b, benchSnapshot(10, 100), Options{})
}

// BenchmarkComponentStatistics: /api/components/{p}/{c}/statistics/, the first page
// (50 of 101 translations) with its next link.
func BenchmarkComponentStatistics(b *testing.B) {
	benchRoute(b, benchHandler(b), "/api/components/bench/c1/statistics/")
}

// BenchmarkComponentStatisticsFormatAPI is the same with ?format=api, whose suffix
// goes into every URL of the answer.
func BenchmarkComponentStatisticsFormatAPI(b *testing.B) {
	benchRoute(b, benchHandler(b), "/api/components/bench/c1/statistics/?format=api")
}

// BenchmarkComponentStatisticsNotModified is a dashboard's revalidation of the
// first page: If-None-Match with the page's tag, answered 304.
func BenchmarkComponentStatisticsNotModified(b *testing.B) {
	h := benchHandler(b)
	req := httptest.NewRequest("GET", "/api/components/bench/c1/statistics/", nil)
	req.Host = "gitlate.example.org:8080"
	w := &discard{h: http.Header{}}
	h.ServeHTTP(w, req)
	benchRoute(b, h, "/api/components/bench/c1/statistics/", "If-None-Match", w.h["ETag"][0])
}

// BenchmarkComponentStatisticsGzip is the first page for a client that accepts
// gzip: compressed once per snapshot and base URL, then served from the cache.
func BenchmarkComponentStatisticsGzip(b *testing.B) {
	benchRoute(b, benchHandler(b), "/api/components/bench/c1/statistics/", "Accept-Encoding", "gzip, deflate, br")
}

// BenchmarkProjectLanguages: /api/projects/{p}/languages/, 101 languages summed over
// ten components.
func BenchmarkProjectLanguages(b *testing.B) {
	benchRoute(b, benchHandler(b), "/api/projects/bench/languages/")
}

// BenchmarkProjectDetail: /api/projects/{p}/.
func BenchmarkProjectDetail(b *testing.B) {
	benchRoute(b, benchHandler(b), "/api/projects/bench/")
}

// BenchmarkGinConstant is the floor: a gin handler writing a constant byte slice,
// as bench/cmd/constsrv serves it.
func BenchmarkGinConstant(b *testing.B) {
	body := make([]byte, 30000)
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.GET("/api/projects/:project/", func(c *gin.Context) { c.Data(http.StatusOK, "application/json", body) })
	benchRoute(b, e, "/api/projects/bench/")
}

// BenchmarkBuildViews renders every document of a snapshot of ten components × 101
// translations (what Server.Prepare does once per snapshot): the serializers' speed.
func BenchmarkBuildViews(b *testing.B) {
	snap := benchSnapshot(10, 100)
	b.ReportAllocs()
	for range b.N {
		buildViews(snap, nil, nil, nil)
	}
}

// BenchmarkWriteStats renders the objects that carry statistics, for one
// translation: its statistics, the translation itself and a project's language.
func BenchmarkWriteStats(b *testing.B) {
	snap := benchSnapshot(1, 1)
	p := snap.Projects[0]
	t := p.Components[0].Translations[1]
	lang, pl := render(func(e *enc) { writeLanguage(e, t.Language) }), p.Languages[1]
	b.ReportAllocs()
	for range b.N {
		render(func(e *enc) { writeStats(e, &t.Stats, translationStatsTail(t)) })
		render(func(e *enc) { writeTranslation(e, t, lang, nil) })
		render(func(e *enc) { writeProjectLanguage(e, pl) })
	}
}
