package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// countingDocs counts the reads of a change store; fail makes them fail.
type countingDocs struct {
	docs  ChangeDocs
	reads atomic.Int64
	fail  atomic.Bool
}

func (c *countingDocs) Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error {
	c.reads.Add(1)
	if c.fail.Load() {
		return errors.New("the store is down")
	}
	return c.docs.Docs(ctx, ids, fn)
}

// countingUnits counts the reads of fakeUnits' units; fail makes them fail.
type countingUnits struct {
	fakeUnits
	reads *atomic.Int64
	fail  *atomic.Bool
}

func newCountingUnits(snap *snapshot.Snapshot) countingUnits {
	return countingUnits{fakeUnits{snap: snap}, new(atomic.Int64), new(atomic.Bool)}
}

func (c countingUnits) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	c.reads.Add(1)
	if c.fail.Load() {
		return nil, errors.New("strings.xml:3: unexpected EOF")
	}
	return c.fakeUnits.Units(t)
}

func (c countingUnits) Page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, error) {
	return page(c.Units(t))(lo, hi)
}

// editedUnits is countingUnits whose reads say the files were edited since the
// scan (exact false) while edited is set.
type editedUnits struct {
	countingUnits
	edited *atomic.Bool
}

func (e editedUnits) UnitsExact(t *snapshot.Translation) ([]snapshot.Unit, bool, error) {
	units, err := e.Units(t)
	return units, !e.edited.Load(), err
}

func (e editedUnits) PageExact(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, bool, error) {
	units, err := e.Page(t, lo, hi)
	return units, !e.edited.Load(), err
}

// keptRoutes are the routes whose answers are kept, on the fixture.
var keptRoutes = []string{
	"/api/changes/",
	"/api/changes/?page_size=1000",
	"/api/projects/demo/changes/?page_size=1000",
	"/api/components/demo/android/changes/?page_size=1000",
	"/api/translations/demo/android/cs/changes/",
	"/api/translations/demo/android/cs/units/?page_size=1000",
	"/api/units/?page_size=1000",
}

// keptServer is a server on the fixture whose change store and units reader count
// their reads.
func keptServer(t *testing.T) (*swapSource, *Server, http.Handler, *countingDocs, countingUnits) {
	t.Helper()
	snap := fixture(t)
	fl, _ := fixtureChanges.Load(snap)
	docs := &countingDocs{docs: fl.(*fixtureLog).docs}
	units := newCountingUnits(snap)
	src, srv, h := swapServer(t, snap, Options{Changes: docs, Reader: units, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return src, srv, h, docs, units
}

// reads is what a request read from the change store and the units reader.
func reads(docs *countingDocs, units countingUnits) int64 {
	return docs.reads.Load() + units.reads.Load()
}

// TestKeptAnswerReadsNothing: the second request for a change or unit list reads
// neither the store nor the files, and gets the bytes and headers of the first.
func TestKeptAnswerReadsNothing(t *testing.T) {
	_, srv, h, docs, units := keptServer(t)
	for _, p := range keptRoutes {
		before := reads(docs, units)
		first := do(t, h, "GET", p)
		if first.status != 200 || reads(docs, units) == before {
			t.Fatalf("%s: %d, %d reads: %s", p, first.status, reads(docs, units)-before, first.body)
		}
		before = reads(docs, units)
		for _, method := range []string{"GET", "HEAD", "GET"} {
			again := do(t, h, method, p)
			if n := reads(docs, units) - before; n != 0 {
				t.Errorf("%s %s: %d reads for a kept answer", method, p, n)
			}
			want := first.body
			if method == "HEAD" {
				want = ""
			}
			if again.status != 200 || again.body != want || fmt.Sprint(again.header) != fmt.Sprint(first.header) {
				t.Errorf("%s %s: %d\n%v\n%v", method, p, again.status, again.header, first.header)
			}
		}
	}
	if n, _ := srv.answers.stats(); n != len(keptRoutes) {
		t.Errorf("%d answers kept for %d routes", n, len(keptRoutes))
	}
	// The other routes keep nothing.
	for _, p := range []string{"/api/changes/1/", "/api/projects/demo/statistics/", "/api/units/7/"} {
		do(t, h, "GET", p)
	}
	if n, _ := srv.answers.stats(); n != len(keptRoutes) {
		t.Errorf("%d answers kept after other routes", n)
	}
}

// TestKeptAnswersApart: each page, base URL, format and filter is an answer of its
// own, the one a server keeping nothing gives; two spellings of one query share
// an answer, each with the ETag of its own spelling.
func TestKeptAnswersApart(t *testing.T) {
	_, _, h, docs, units := keptServer(t)
	requests := [][]string{
		{"/api/changes/?page_size=1"},
		{"/api/changes/?page_size=1&page=2"},
		{"/api/changes/?page_size=1&page=3"},
		{"/api/changes/?page_size=1&page=last"},
		{"/api/changes/?page_size=1", "Host", "other.test"},
		{"/api/changes/?page_size=1", "Host", "other.test", "X-Forwarded-Host", "proxy.test"},
		{"/api/changes/?page_size=1&format=api"},
		{"/api/changes/?page_size=1&format=json"},
		{"/api/changes/?action=48"},
		{"/api/changes/?action=50&action=51"},
		{"/api/changes/?action=51&action=50"},
		{"/api/changes/?user=ann"},
		{"/api/changes/?user=bob"},
		{"/api/changes/?timestamp_after=2026-03-01T10:00:01Z"},
		{"/api/changes/?page_size=2&action=50&action=51&user=ann"},
		{"/api/projects/demo/changes/"},
		{"/api/components/demo/android/changes/"},
		{"/api/translations/demo/android/en/changes/"},
		{"/api/translations/demo/android/cs/units/?page_size=1"},
		{"/api/translations/demo/android/cs/units/?page_size=1&page=2"},
		{"/api/translations/demo/android/cs/units/?page_size=1&format=api"},
		{"/api/translations/demo/android/en/units/"},
		{"/api/units/?page_size=4"},
		{"/api/units/?page_size=4&page=2"},
		{"/api/units/?page_size=4", "Host", "other.test"},
		{"/api/units/?format=api"},
	}
	fresh := func(req []string) response {
		snap := fixture(t)
		return do(t, serverFor(t, snap, Options{Reader: fakeUnits{snap: snap}}), "GET", req[0], req[1:]...)
	}
	// Twice over, in turn: the second round is answered from what the first kept.
	for round := range 2 {
		for _, req := range requests {
			got, want := do(t, h, "GET", req[0], req[1:]...), fresh(req)
			if got.status != 200 || got.body != want.body || etagOf(got.header) != etagOf(want.header) {
				t.Errorf("round %d, %v: %d, ETag %s (want %s)\n got %s\nwant %s", round, req, got.status,
					etagOf(got.header), etagOf(want.header), got.body, want.body)
			}
		}
	}
	// Another order of the parameters: the same answer, not read again; its tag is
	// its spelling's, as without the cache.
	before := reads(docs, units)
	for _, req := range [][]string{{"/api/changes/?page=2&page_size=1"}, {"/api/changes/?user=ann&action=50&page_size=2&action=51"},
		{"/api/changes/?page_size=1&&page=2"}} {
		got, want := do(t, h, "GET", req[0]), fresh(req)
		if got.body != want.body || etagOf(got.header) != etagOf(want.header) {
			t.Errorf("%v: another answer than a fresh server's", req)
		}
	}
	if n := reads(docs, units) - before; n != 0 {
		t.Errorf("another spelling of a kept query read %d times", n)
	}
}

// TestNormalQuery: the keys of kept answers.
func TestNormalQuery(t *testing.T) {
	for raw, want := range map[string]string{
		"":                                "",
		"page=2":                          "page=2",
		"page=2&page_size=1":              "page=2&page_size=1",
		"page_size=1&page=2":              "page=2&page_size=1",
		"action=2&action=1":               "action=2&action=1",
		"user=b&action=2&user=a&action=1": "action=2&action=1&user=b&user=a",
		"page=2&&format=api":              "format=api&page=2",
		"format":                          "format=",
		"user=%61nn&page=2":               "page=2&user=ann",
		"user=a+b":                        "user=a+b",
		"user=a;page=2":                   "",
	} {
		if got, ok := normalQuery(raw); !ok || got != want {
			t.Errorf("%q: %q %v, want %q", raw, got, ok, want)
		}
	}
	for _, raw := range []string{"q=x", "page=2&q=", "q", "%71=x", "page=1&q=state:>=translated"} {
		if got, ok := normalQuery(raw); ok {
			t.Errorf("%q is a search, kept as %q", raw, got)
		}
	}
}

// TestFailuresNotKept: errors, a page the store could not give, a page of units
// that could not be read or were read from a file edited since the scan, and
// answers to ?q= are made again at each request.
func TestFailuresNotKept(t *testing.T) {
	_, srv, h, docs, units := keptServer(t)
	// again requests path twice; a request that reads (read) reads each time.
	again := func(name, path string, status int, read bool) {
		t.Helper()
		for i := range 2 {
			before := reads(docs, units)
			got := do(t, h, "GET", path)
			if got.status != status {
				t.Errorf("%s (%d): status %d, want %d: %s", name, i, got.status, status, got.body)
			}
			if read && reads(docs, units) == before {
				t.Errorf("%s (%d): not read again", name, i)
			}
		}
	}
	docs.fail.Store(true)
	again("the store down", "/api/changes/", 503, true)
	docs.fail.Store(false)
	again("a bad filter", "/api/changes/?action=999", 400, false)
	again("a bad page", "/api/changes/?page=9", 404, false)
	units.fail.Store(true)
	again("unreadable units", "/api/translations/demo/android/cs/units/", 404, true)
	// /api/units/ answers 200 with a gap where a translation could not be read.
	again("a gap in /api/units/", "/api/units/", 200, true)
	units.fail.Store(false)
	again("a search", "/api/translations/demo/android/cs/units/?q=ahoj", 200, true)
	again("a search of every unit", "/api/units/?q=ahoj", 200, true)
	again("a search in another spelling", "/api/units/?q=%61hoj", 200, true)
	if n, _ := srv.answers.stats(); n != 0 {
		t.Errorf("%d answers kept", n)
	}
	// Once the store and the files read again, the answers are kept.
	do(t, h, "GET", "/api/changes/")
	do(t, h, "GET", "/api/translations/demo/android/cs/units/")
	if n, _ := srv.answers.stats(); n != 2 {
		t.Errorf("%d answers kept once the store answers", n)
	}

	// Units of a checkout's file edited since the scan are not the snapshot's.
	snap := fixture(t)
	edited := editedUnits{newCountingUnits(snap), new(atomic.Bool)}
	edited.edited.Store(true)
	_, srv, h = swapServer(t, snap, Options{Reader: edited})
	for _, p := range []string{"/api/translations/demo/android/cs/units/", "/api/units/"} {
		for i := range 2 {
			before := edited.reads.Load()
			if got := do(t, h, "GET", p); got.status != 200 || edited.reads.Load() == before {
				t.Errorf("%s, edited (%d): %d, not read again", p, i, got.status)
			}
		}
	}
	edited.edited.Store(false)
	for _, p := range []string{"/api/translations/demo/android/cs/units/", "/api/units/"} {
		do(t, h, "GET", p)
		before := edited.reads.Load()
		if do(t, h, "GET", p); edited.reads.Load() != before {
			t.Errorf("%s: exact units, yet read again", p)
		}
	}
}

// TestNewSnapshotReadsAgain: a new snapshot's answers are made again; those of the
// snapshots no longer kept are dropped.
func TestNewSnapshotReadsAgain(t *testing.T) {
	src, srv, h, docs, units := keptServer(t)
	for _, p := range keptRoutes {
		do(t, h, "GET", p)
	}
	for i := range 3 {
		next := fixture(t)
		fl, _ := fixtureChanges.Load(next)
		docs.docs = fl.(*fixtureLog).docs
		srv.Prepare(next)
		src.p.Store(next)
		for _, p := range keptRoutes {
			before := reads(docs, units)
			if got := do(t, h, "GET", p); got.status != 200 || reads(docs, units) == before {
				t.Errorf("snapshot %d, %s: %d, not read again", i+2, p, got.status)
			}
			before = reads(docs, units)
			if do(t, h, "GET", p); reads(docs, units) != before {
				t.Errorf("snapshot %d, %s: read again", i+2, p)
			}
		}
		// The views of two snapshots are kept (the one served, the one before):
		// the answers of older ones go with theirs.
		if n, _ := srv.answers.stats(); n > 2*len(keptRoutes) {
			t.Errorf("snapshot %d: %d answers kept", i+2, n)
		}
	}
	srv.Prepare(fixture(t))
	if n, _ := srv.answers.stats(); n != len(keptRoutes) {
		t.Errorf("after a Prepare: %d answers kept, want the served snapshot's %d", n, len(keptRoutes))
	}
}

// TestAnswerCacheBound: the kept answers never pass their bound; the least
// recently used go first; an answer of more than a quarter of it is not kept.
func TestAnswerCacheBound(t *testing.T) {
	const max = 100 << 10
	c := newAnswerCache(max)
	body := bytes.Repeat([]byte("x"), 10<<10)
	key := func(i int) answerKey {
		return answerKey{gen: 1, path: "/api/changes/", query: "page=" + strconv.Itoa(i)}
	}
	for i := range 100 {
		c.put(&answer{key: key(i), body: body})
		if _, n := c.stats(); n > max {
			t.Fatalf("after %d answers the cache holds %d bytes", i+1, n)
		}
		if i > 0 && c.get(key(0)) == nil {
			t.Fatalf("answer 0, used at every put, went out at %d", i)
		}
	}
	if n, _ := c.stats(); n < 8 || c.get(key(99)) == nil || c.get(key(98)) == nil || c.get(key(1)) != nil {
		t.Errorf("%d answers kept; the newest found: %v; the least recently used gone: %v", n, c.get(key(99)) != nil, c.get(key(1)) == nil)
	}
	c.put(&answer{key: key(1000), body: make([]byte, max/4)})
	if c.get(key(1000)) != nil {
		t.Error("an answer of a quarter of the bound was kept")
	}

	// On a server: pages of units, more than the bound holds.
	snap := benchSnapshot(2, 30)
	_, srv, h := swapServer(t, snap, Options{Reader: benchUnits{}})
	srv.answers = newAnswerCache(max)
	for i := 1; i <= 60; i++ {
		if got := do(t, h, "GET", "/api/units/?page_size=20&page="+strconv.Itoa(i)); got.status != 200 {
			t.Fatalf("page %d: %d %s", i, got.status, got.body)
		}
		if n, b := srv.answers.stats(); b > max || n == 0 {
			t.Fatalf("page %d: %d answers, %d bytes", i, n, b)
		}
	}
}

// TestKeptAnswerValidators: a kept answer is validated and negotiated as a rendered
// one: 304 to its tag (either encoding's), its own gzip tag, HEAD without a body,
// every header as a server keeping nothing sends it.
func TestKeptAnswerValidators(t *testing.T) {
	const path = "/api/changes/?page_size=1000"
	_, _, h, docs, units := keptServer(t)
	fresh := func(method string, header ...string) response {
		snap := fixture(t)
		return do(t, serverFor(t, snap, Options{Reader: fakeUnits{snap: snap}}), method, path, header...)
	}
	plain := do(t, h, "GET", path)
	if len(plain.body) < gzipMin {
		t.Fatalf("%d bytes: too small to be compressed", len(plain.body))
	}
	zipped := fresh("GET", "Accept-Encoding", "gzip")
	tag, gzTag := etagOf(plain.header), etagOf(zipped.header)
	if gzTag != strings.TrimSuffix(tag, `"`)+`-gzip"` {
		t.Fatalf("tags %s, %s", tag, gzTag)
	}
	before := reads(docs, units)
	for _, c := range []struct {
		method string
		header []string
		status int
	}{
		{"GET", nil, 200},
		{"GET", []string{"Accept-Encoding", "gzip"}, 200},
		{"HEAD", []string{"Accept-Encoding", "gzip"}, 200},
		{"HEAD", nil, 200},
		{"GET", []string{"If-None-Match", tag}, 304},
		{"GET", []string{"If-None-Match", gzTag}, 304},
		{"GET", []string{"If-None-Match", gzTag, "Accept-Encoding", "gzip"}, 304},
		{"HEAD", []string{"If-None-Match", "W/" + tag}, 304},
		{"GET", []string{"If-None-Match", `"0123456789abcdef"`}, 200},
		{"GET", []string{"If-None-Match", `"0123456789abcdef"`, "Accept-Encoding", "gzip"}, 200},
		{"GET", []string{"Accept-Encoding", "gzip;q=0"}, 200},
		// The change log is live: no Last-Modified, so no 304 by date.
		{"GET", []string{"If-Modified-Since", "Sat, 01 Jan 2100 00:00:00 GMT"}, 200},
	} {
		got, want := do(t, h, c.method, path, c.header...), fresh(c.method, c.header...)
		if got.status != c.status || want.status != c.status || got.body != want.body ||
			fmt.Sprint(got.header) != fmt.Sprint(want.header) {
			t.Errorf("%s %v: %d (want %d)\n got %v\nwant %v", c.method, c.header, got.status, c.status, got.header, want.header)
		}
		if got.header.Get("Content-Encoding") == "gzip" && c.method == "GET" && gunzip(t, got.body) != plain.body {
			t.Errorf("%v: the gzip form decodes to other bytes", c.header)
		}
	}
	if n := reads(docs, units) - before; n != 0 {
		t.Errorf("the kept answer was read again %d times", n)
	}
	// A unit page too (it has a Last-Modified: the snapshot's).
	const units1000 = "/api/translations/demo/android/cs/units/?page_size=1000"
	got := do(t, h, "GET", units1000)
	if lm := got.header.Get("Last-Modified"); lm != "" {
		if c := do(t, h, "GET", units1000, "If-Modified-Since", lm); c.status != 304 {
			t.Errorf("If-Modified-Since on a kept unit page: %d", c.status)
		}
	}
	if c := do(t, h, "GET", units1000, "If-None-Match", etagOf(got.header)); c.status != 304 {
		t.Errorf("If-None-Match on a kept unit page: %d", c.status)
	}
}

// TestKeptAnswersSwapRace: requests served while snapshots are swapped in and out
// (run with -race): every answer is one of its route's, and a tag always comes with
// the same bytes.
func TestKeptAnswersSwapRace(t *testing.T) {
	a, b := fixture(t), rewrittenHistory(t)
	fd := &followDocs{}
	src, srv, h := swapServer(t, a, Options{Changes: fd, Reader: fakeUnits{snap: a}})
	fd.src = src
	srv.answers = newAnswerCache(64 << 10) // small: entries go out as others come in
	paths := append([]string{"/api/changes/?page_size=2", "/api/changes/?page_size=2&page=2",
		"/api/projects/demo/changes/?format=api"}, keptRoutes...)
	var (
		mu     sync.Mutex
		bodies = map[string]string{} // ETag → body
	)
	stop := make(chan struct{})
	var swapper sync.WaitGroup
	swapper.Add(1)
	go func() {
		defer swapper.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			next := a
			if i%2 == 1 {
				next = b
			}
			srv.Prepare(next)
			src.p.Store(next)
		}
	}()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 150 {
				p := paths[(i+w)%len(paths)]
				var header []string
				if i%3 == 0 {
					header = []string{"Accept-Encoding", "gzip"}
				}
				got := do(t, h, "GET", p, header...)
				if got.status != 200 {
					t.Errorf("%s: %d", p, got.status)
					return
				}
				body := got.body
				if got.header.Get("Content-Encoding") == "gzip" {
					body = gunzip(t, body)
				}
				tag := strings.TrimSuffix(strings.Trim(etagOf(got.header), `"`), "-gzip")
				mu.Lock()
				if prev, ok := bodies[tag]; ok && prev != body {
					t.Errorf("%s: tag %s came with other bytes", p, tag)
				}
				bodies[tag] = body
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(stop)
	swapper.Wait()
	if _, n := srv.answers.stats(); n > 64<<10 {
		t.Errorf("%d bytes kept", n)
	}
}

// benchUnits makes each translation's units as its statistics count them.
type benchUnits struct{}

func (benchUnits) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	units := make([]snapshot.Unit, t.Stats.Total)
	for i := range units {
		units[i] = snapshot.Unit{ID: t.ID*1000 + i, Source: []string{"Source " + strconv.Itoa(i)},
			Target: []string{"Target " + strconv.Itoa(i)}, Context: "key" + strconv.Itoa(i), State: 20, Position: i + 1}
	}
	return units, nil
}

func (b benchUnits) Page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, error) {
	return page(b.Units(t))(lo, hi)
}

func (benchUnits) Unit(*snapshot.Snapshot, int) (*snapshot.Translation, *snapshot.Unit, error) {
	return nil, nil, nil
}

func (benchUnits) ReadFile(*snapshot.Component, string, repos.Hash) ([]byte, error) {
	return nil, fs.ErrNotExist
}
