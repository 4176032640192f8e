package web

import (
	"errors"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// swapping is a source whose snapshot the test replaces, as the Live does.
type swapping struct {
	cur atomic.Pointer[snapshot.Snapshot]
}

func (s *swapping) Snapshot() *snapshot.Snapshot { return s.cur.Load() }

func newServer(t testing.TB, src Source, opts Options) (*Server, *gin.Engine) {
	t.Helper()
	srv, err := New(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	srv.Install(e.Group(srv.opts.Prefix))
	e.NoRoute(srv.NotFound)
	return srv, e
}

// TestPagesRenderedOncePerSnapshot counts the template executions: the pages
// Prepare renders are served without one, any other page costs one on its first
// request and none after, whatever its query string, except a search of the unit
// list, which is the visitor's own and rendered each time.
func TestPagesRenderedOncePerSnapshot(t *testing.T) {
	t.Parallel()
	src := &swapping{}
	src.cur.Store(fixture(t))
	srv, h := newServer(t, src, Options{Units: arabicUnits})
	srv.Prepare(src.Snapshot())
	renders := func() int64 { return srv.renders.Load() }
	tests := []struct {
		path    string
		renders int64 // template executions the request costs
	}{
		{"/", 0},
		{"/projects/", 0},
		{"/languages/", 0},
		{"/projects/demo/", 0},
		{"/projects/other/?format=api", 0},
		{"/projects/demo/android/", 1},
		{"/projects/demo/android/", 0},
		{"/projects/demo/android/?format=api", 0},
		{"/translate/demo/android/ar/", 1},
		{"/translate/demo/android/ar/?page=1", 0},
		{"/translate/demo/android/ar/?format=api", 0},
		{"/translate/demo/android/ar/?q=demo", 1},
		{"/translate/demo/android/ar/?q=demo", 1},
		{"/projects/demo/android/ar/", 1},
		{"/engage/demo/ar/", 1},
		{"/engage/demo/ar/", 0},
		{"/languages/ar/", 1},
		{"/languages/ar/", 0},
		// The unit list has one page: a later one shows it again, rendered each time.
		{"/translate/demo/android/ar/?page=3", 1},
		{"/translate/demo/android/ar/?page=3", 1},
		// Unknown objects answer the 404 page, rendered once for good.
		{"/projects/nope/", 0},
		{"/translate/demo/android/xx/", 0},
	}
	for _, tt := range tests {
		before := renders()
		got := get(t, h, "GET", tt.path)
		if n := renders() - before; n != tt.renders {
			t.Errorf("%s: %d renderings, want %d", tt.path, n, tt.renders)
		}
		if want := 200; strings.Contains(tt.path, "nope") || strings.Contains(tt.path, "/xx/") {
			if got.status != 404 {
				t.Errorf("%s: status %d", tt.path, got.status)
			}
		} else if got.status != want {
			t.Errorf("%s: status %d", tt.path, got.status)
		}
	}
	// Badges are drawn once too; drawing does not use templates, so the count is of
	// the bytes kept.
	set := srv.pages()
	size := func() int { set.mu.Lock(); defer set.mu.Unlock(); return set.size }
	first := get(t, h, "GET", "/widgets/demo/-/multi-auto.svg")
	kept := size()
	if again := get(t, h, "GET", "/widgets/demo/-/multi-auto.svg"); again.body != first.body || size() != kept {
		t.Errorf("a badge asked for twice was kept twice or changed")
	}
	// Another name for the same chart (an unknown color) shows it without keeping it.
	if other := get(t, h, "GET", "/widgets/demo/-/multi-purple.svg"); other.status != 200 || other.body != first.body || size() != kept {
		t.Errorf("unknown color: status %d, same chart %v, kept %d → %d bytes", other.status, other.body == first.body, kept, size())
	}
}

// TestCachedPageEqualsFreshRendering: what a cached page sends equals what a
// server that keeps nothing past one request renders.
func TestCachedPageEqualsFreshRendering(t *testing.T) {
	t.Parallel()
	snap := fixture(t)
	_, h := newServer(t, fixed{snap}, Options{Units: arabicUnits})
	for _, path := range []string{"/", "/projects/demo/", "/projects/demo/android/", "/projects/demo/android/ar/",
		"/translate/demo/android/ar/", "/engage/demo/", "/languages/cs/", "/widgets/demo/-/svg-badge.svg"} {
		_, fresh := newServer(t, fixed{snap}, Options{Units: arabicUnits})
		want := get(t, fresh, "GET", path)
		get(t, h, "GET", path) // fills the cache
		got := get(t, h, "GET", path)
		if got.body != want.body || got.header.Get("ETag") != want.header.Get("ETag") || got.header.Get("Content-Length") != want.header.Get("Content-Length") {
			t.Errorf("%s: the cached answer differs from a fresh one", path)
		}
	}
}

// TestPagesFollowTheSnapshot: after a swap, pages show the new snapshot (a new
// ETag), both when the new one was prepared and when it was not.
func TestPagesFollowTheSnapshot(t *testing.T) {
	t.Parallel()
	src := &swapping{}
	src.cur.Store(fixture(t))
	srv, h := newServer(t, src, Options{})
	srv.Prepare(src.Snapshot())
	paths := []string{"/projects/demo/", "/projects/demo/android/ar/", "/widgets/demo/-/svg-badge.svg", "/languages/ar/"}
	tags := map[string]string{}
	for _, p := range paths {
		tags[p] = get(t, h, "GET", p).header.Get("ETag")
	}
	for i, prepare := range []bool{true, false} {
		next := fixture(t)
		tr := next.Project("demo").Component("android").Translation("ar")
		tr.Stats.Translated += i + 1
		next.Aggregate()
		if prepare {
			srv.Prepare(next)
		}
		src.cur.Store(next)
		for _, p := range paths {
			got := get(t, h, "GET", p, "If-None-Match", tags[p])
			if got.status != 200 || got.header.Get("ETag") == tags[p] {
				t.Errorf("swap %d: %s kept its ETag (status %d)", i+1, p, got.status)
			}
			tags[p] = got.header.Get("ETag")
		}
	}
}

// TestPrepareKeepsTheServedPages: the pages of the snapshot being served stay when
// the next one is prepared, and when preparations cross (an older snapshot
// prepared late); only two snapshots' pages are kept.
func TestPrepareKeepsTheServedPages(t *testing.T) {
	t.Parallel()
	first, second, third := fixture(t), fixture(t), fixture(t)
	src := &swapping{}
	src.cur.Store(second)
	srv, _ := newServer(t, src, Options{})
	srv.Prepare(second)
	srv.Prepare(first)
	srv.Prepare(third)
	pair := srv.cache.pair.Load()
	if pair.find(second) == nil || pair.find(third) == nil || pair.find(first) != nil {
		t.Errorf("kept: first %v, second %v, third %v", pair.find(first) != nil, pair.find(second) != nil, pair.find(third) != nil)
	}
	if srv.pages().snap != second {
		t.Errorf("the served snapshot's pages are not the ones served")
	}
}

// TestCacheBudget: with room for few pages, the bytes kept stay within the budget
// and every page still answers in full.
func TestCacheBudget(t *testing.T) {
	t.Parallel()
	snap := fixture(t)
	_, full := newServer(t, fixed{snap}, Options{Units: arabicUnits})
	srv, h := newServer(t, fixed{snap}, Options{Units: arabicUnits, CacheBytes: 20 << 10})
	paths := []string{"/", "/projects/", "/projects/demo/", "/projects/demo/android/", "/projects/demo/android/ar/",
		"/projects/demo/android/cs/", "/translate/demo/android/ar/", "/engage/demo/", "/engage/demo/ar/", "/languages/",
		"/languages/ar/", "/languages/cs/", "/widgets/demo/-/svg-badge.svg"}
	for round := 0; round < 3; round++ {
		for _, p := range paths {
			if got, want := get(t, h, "GET", p), get(t, full, "GET", p); got.status != want.status || got.body != want.body {
				t.Fatalf("%s: differs from the unbounded server's", p)
			}
			set := srv.pages()
			set.mu.Lock()
			size := set.size
			set.mu.Unlock()
			if size > 20<<10 || size <= 0 {
				t.Fatalf("%s: %d bytes kept", p, size)
			}
		}
	}
}

// flaky fails to read the units of its first call only.
type flaky struct{ calls atomic.Int32 }

func (f *flaky) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	if f.calls.Add(1) == 1 {
		return nil, errors.New("the disk hiccuped")
	}
	return []snapshot.Unit{{ID: 9, Context: "ok", Source: []string{"Fine"}, Target: []string{"Bien"}, State: weblate.StateTranslated}}, nil
}

// TestUnitReadErrorNotKept: a page whose units could not be read says so once;
// the next request reads them again.
func TestUnitReadErrorNotKept(t *testing.T) {
	t.Parallel()
	_, h := newServer(t, fixed{fixture(t)}, Options{Units: &flaky{}})
	if got := get(t, h, "GET", "/translate/demo/android/ar/"); !strings.Contains(got.body, "the disk hiccuped") {
		t.Fatalf("the first request does not show the error")
	}
	if got := get(t, h, "GET", "/translate/demo/android/ar/"); !strings.Contains(got.body, `id="unit-9"`) {
		t.Errorf("the error was kept")
	}
}

// TestPagesIndependentOfHost: a page's links are paths under the prefix, so the
// page kept for one Host is right for every other (and for a proxy's
// X-Forwarded-Host): the same bytes, no host in them.
func TestPagesIndependentOfHost(t *testing.T) {
	t.Parallel()
	_, h := newServer(t, fixed{fixture(t)}, Options{Prefix: "/tr"})
	var first string
	for i, host := range []string{"a.example", "b.example:8080", "[::1]:9"} {
		req := httptest.NewRequest("GET", "/tr/projects/demo/android/", nil)
		req.Host = host
		req.Header.Set("X-Forwarded-Host", "proxy-"+host)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		body := w.Body.String()
		if w.Code != 200 || strings.Contains(body, host) {
			t.Fatalf("Host %s: status %d, or the host is in the page", host, w.Code)
		}
		if i == 0 {
			first = body
		} else if body != first {
			t.Errorf("Host %s: another page", host)
		}
	}
	if !strings.Contains(first, `href="/tr/projects/demo/"`) {
		t.Errorf("links lack the prefix")
	}
}
