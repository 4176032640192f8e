package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// swapSource serves whichever snapshot was set last.
type swapSource struct {
	p atomic.Pointer[snapshot.Snapshot]
}

func (s *swapSource) Snapshot() *snapshot.Snapshot { return s.p.Load() }

func swapServer(t testing.TB, snap *snapshot.Snapshot, opts Options) (*swapSource, *Server, http.Handler) {
	t.Helper()
	src := &swapSource{}
	src.p.Store(snap)
	if fl, ok := fixtureChanges.Load(snap); ok && opts.Changes == nil {
		opts.Changes = fl.(*fixtureLog).docs
	}
	srv, err := New(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	srv.Install(e.Group(srv.Prefix()))
	e.NoRoute(srv.NotFound)
	return src, srv, e
}

// TestETagAnd304: every 200 to GET and HEAD has an ETag and Cache-Control; the
// tag answers 304 (no body, no Content-Type, the validators again) in every
// spelling RFC 9110 allows; another base URL, format or page is another tag.
func TestETagAnd304(t *testing.T) {
	h := newTestServer(t, Options{})
	const path = "/api/projects/demo/statistics/"
	first := do(t, h, "GET", path)
	tag := etagOf(first.header)
	if first.status != 200 || len(tag) != 18 || tag[0] != '"' || tag[17] != '"' {
		t.Fatalf("status %d, ETag %q", first.status, tag)
	}
	if cc := first.header.Get("Cache-Control"); cc != "max-age=0, must-revalidate" {
		t.Errorf("Cache-Control %q", cc)
	}
	if again := do(t, h, "GET", path); etagOf(again.header) != tag || again.body != first.body {
		t.Errorf("the same request changed its tag: %q", etagOf(again.header))
	}
	for _, inm := range []string{tag, "W/" + tag, `"nope", ` + tag, `"` + tag[1:17] + `-gzip"`, "*"} {
		got := do(t, h, "GET", path, "If-None-Match", inm)
		if got.status != http.StatusNotModified || got.body != "" || etagOf(got.header) != tag ||
			got.header.Get("Content-Type") != "" || got.header.Get("Cache-Control") == "" {
			t.Errorf("If-None-Match %s: status %d, body %q, header %v", inm, got.status, got.body, got.header)
		}
	}
	if got := do(t, h, "HEAD", path, "If-None-Match", tag); got.status != http.StatusNotModified {
		t.Errorf("HEAD with the tag: status %d", got.status)
	}
	for _, inm := range []string{`"0123456789abcdef"`, tag[1:17], "W/" + tag[:17]} {
		if got := do(t, h, "GET", path, "If-None-Match", inm); got.status != 200 || got.body != first.body {
			t.Errorf("If-None-Match %s: status %d", inm, got.status)
		}
	}
	tags := map[string]string{tag: "plain"}
	for name, req := range map[string][]string{
		"another host":   {path, "Host", "other.test"},
		"format=api":     {path + "?format=api"},
		"format=json":    {path + "?format=json"},
		"another object": {"/api/components/demo/android/"},
		"page 2":         {"/api/components/demo/android/statistics/?page=2&page_size=1"},
		"page 1":         {"/api/components/demo/android/statistics/?page_size=1"},
	} {
		got := do(t, h, "GET", req[0], req[1:]...)
		tg := etagOf(got.header)
		if got.status != 200 || tg == "" {
			t.Errorf("%s: status %d, no tag", name, got.status)
		}
		if other, ok := tags[tg]; ok {
			t.Errorf("%s has the tag of %s", name, other)
		}
		tags[tg] = name
	}
	// Errors and unsafe methods carry no validators.
	if got := do(t, h, "GET", "/api/projects/nope/"); got.status != 404 || etagOf(got.header) != "" {
		t.Errorf("404: %d, ETag %q", got.status, etagOf(got.header))
	}
	if got := do(t, h, "OPTIONS", path); etagOf(got.header) != "" {
		t.Errorf("OPTIONS has ETag %q", etagOf(got.header))
	}
}

// TestETagFollowsContent: a snapshot that changes a document changes the tags of
// the answers that show it, and only those.
func TestETagFollowsContent(t *testing.T) {
	snap := fixture(t)
	src, _, h := swapServer(t, snap, Options{})
	paths := []string{"/api/translations/demo/android/cs/statistics/", "/api/translations/demo/android/en/statistics/",
		"/api/components/demo/android/statistics/", "/api/languages/cs/statistics/", "/api/projects/demo/"}
	before := map[string]string{}
	for _, p := range paths {
		before[p] = etagOf(do(t, h, "GET", p).header)
	}
	next := fixture(t)
	cs := next.Project("demo").Component("android").Translation("cs")
	cs.Stats.Fuzzy++
	next.Aggregate()
	next.Finish()
	src.p.Store(next)
	for _, p := range paths {
		got := do(t, h, "GET", p, "If-None-Match", before[p])
		// The Czech numbers changed; the English ones and the project's own
		// fields did not.
		changed := p != "/api/translations/demo/android/en/statistics/" && p != "/api/projects/demo/"
		if changed && (got.status != 200 || etagOf(got.header) == before[p]) {
			t.Errorf("%s: changed, yet status %d with the old tag", p, got.status)
		}
		if !changed && got.status != http.StatusNotModified {
			t.Errorf("%s: unchanged, yet status %d", p, got.status)
		}
	}
}

// TestLastModified: the snapshot's time, to the second; If-Modified-Since at or
// after it answers 304 unless If-None-Match is there (it wins, RFC 9110 §13.2.2);
// when the snapshot before was built in the same second, only a later date does;
// live answers (repository, change log) carry no date.
func TestLastModified(t *testing.T) {
	built := time.Date(2026, 3, 20, 12, 0, 7, 400e6, time.UTC)
	snap := fixture(t)
	snap.Built = built
	src, srv, h := swapServer(t, snap, Options{})
	const path = "/api/projects/demo/statistics/"
	got := do(t, h, "GET", path)
	lm := got.header.Get("Last-Modified")
	if lm != "Fri, 20 Mar 2026 12:00:07 GMT" {
		t.Fatalf("Last-Modified %q", lm)
	}
	for ims, want := range map[string]int{
		lm:                              304,
		"Fri, 20 Mar 2026 12:00:08 GMT": 304,
		"Fri, 20 Mar 2026 12:00:06 GMT": 200,
		"not a date":                    200,
	} {
		if got := do(t, h, "GET", path, "If-Modified-Since", ims); got.status != want {
			t.Errorf("If-Modified-Since %s: %d, want %d", ims, got.status, want)
		}
	}
	if got := do(t, h, "GET", path, "If-Modified-Since", lm, "If-None-Match", `"0123456789abcdef"`); got.status != 200 {
		t.Errorf("If-None-Match not matching, If-Modified-Since matching: %d, want 200", got.status)
	}
	for _, live := range []string{"/api/components/demo/android/changes/", "/api/changes/", "/api/components/demo/android/repository/"} {
		got := do(t, h, "GET", live)
		if got.status != 200 || etagOf(got.header) == "" || got.header.Get("Last-Modified") != "" {
			t.Errorf("%s: status %d, ETag %q, Last-Modified %q", live, got.status, etagOf(got.header), got.header.Get("Last-Modified"))
		}
		if again := do(t, h, "GET", live, "If-Modified-Since", "Fri, 20 Mar 2026 13:00:00 GMT"); again.status != 200 {
			t.Errorf("%s: a date answered %d", live, again.status)
		}
	}
	// A new snapshot within the same second: the date alone proves nothing.
	next := fixture(t)
	next.Built = built.Add(300 * time.Millisecond)
	srv.Prepare(next)
	src.p.Store(next)
	if got := do(t, h, "GET", path, "If-Modified-Since", lm); got.status != 200 || got.header.Get("Last-Modified") != lm {
		t.Errorf("same second as the snapshot before: %d, Last-Modified %q", got.status, got.header.Get("Last-Modified"))
	}
	if got := do(t, h, "GET", path, "If-Modified-Since", "Fri, 20 Mar 2026 12:00:08 GMT"); got.status != 304 {
		t.Errorf("a later date: %d", got.status)
	}
	// A snapshot without a time (built in code) sends no date.
	if got := do(t, newTestServer(t, Options{}), "GET", path); got.header.Get("Last-Modified") != "" {
		t.Errorf("no time, yet Last-Modified %q", got.header.Get("Last-Modified"))
	}
}

// etagOf reads the ETag as the API spells it ("ETag", not Go's canonical key).
func etagOf(h http.Header) string {
	if v := h["ETag"]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func gunzip(t testing.TB, body string) string {
	t.Helper()
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestGzip: a client that accepts gzip gets bodies of a kilobyte or more gzipped,
// and they decode to the bytes it would get otherwise; the tag says which
// encoding, and either answers 304; small bodies, zips and clients that refuse
// gzip get the bytes as they are. Compressed bodies are kept, once per snapshot
// and base URL.
func TestGzip(t *testing.T) {
	_, srv, h := swapServer(t, benchSnapshot(2, 30), Options{})
	const path = "/api/components/bench/c1/statistics/"
	plain := do(t, h, "GET", path)
	if len(plain.body) < 10*gzipMin {
		t.Fatalf("the answer is too small to test with: %d bytes", len(plain.body))
	}
	for _, ae := range []string{"gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.5", "*", "x-gzip", "GZIP"} {
		got := do(t, h, "GET", path, "Accept-Encoding", ae)
		if got.header.Get("Content-Encoding") != "gzip" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", ae, got.header.Get("Content-Encoding"))
			continue
		}
		if gunzip(t, got.body) != plain.body {
			t.Errorf("Accept-Encoding %q: the body decodes to other bytes", ae)
		}
		if cl := got.header.Get("Content-Length"); cl != strconv.Itoa(len(got.body)) || len(got.body) >= len(plain.body)/3 {
			t.Errorf("Content-Length %s of %d compressed bytes (%d plain)", cl, len(got.body), len(plain.body))
		}
		if tag := etagOf(got.header); tag != strings.TrimSuffix(etagOf(plain.header), `"`)+`-gzip"` {
			t.Errorf("gzip tag %s for plain %s", tag, etagOf(plain.header))
		}
		if v := got.header.Get("Vary"); v != "Accept, Accept-Encoding" {
			t.Errorf("Vary %q", v)
		}
	}
	for _, ae := range []string{"", "identity", "gzip;q=0", "br, gzip;q=0.000, *", "*;q=0", "deflate"} {
		got := do(t, h, "GET", path, "Accept-Encoding", ae)
		if got.header.Get("Content-Encoding") != "" || got.body != plain.body {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", ae, got.header.Get("Content-Encoding"))
		}
	}
	gzTag := etagOf(do(t, h, "GET", path, "Accept-Encoding", "gzip").header)
	for _, tag := range []string{gzTag, etagOf(plain.header)} {
		if got := do(t, h, "GET", path, "Accept-Encoding", "gzip", "If-None-Match", tag); got.status != 304 {
			t.Errorf("If-None-Match %s with gzip: %d", tag, got.status)
		}
	}
	head := do(t, h, "HEAD", path, "Accept-Encoding", "gzip")
	if head.body != "" || head.header.Get("Content-Encoding") != "gzip" || head.header.Get("Content-Length") == strconv.Itoa(len(plain.body)) {
		t.Errorf("HEAD: %q, %v", head.body, head.header)
	}
	// Small: sent as is.
	small := do(t, h, "GET", "/api/components/bench/c1/lock/", "Accept-Encoding", "gzip")
	if small.header.Get("Content-Encoding") != "" || small.body != `{"locked":false}` {
		t.Errorf("small answer: %q, %q", small.header.Get("Content-Encoding"), small.body)
	}
	// Kept: one entry per base URL, the same bytes each time.
	v := srv.current()
	before := v.gz.size()
	again := do(t, h, "GET", path, "Accept-Encoding", "gzip")
	if v.gz.size() != before || before == 0 {
		t.Errorf("cache grew from %d to %d bytes on a repeated request", before, v.gz.size())
	}
	other := do(t, h, "GET", path, "Accept-Encoding", "gzip", "Host", "other.test")
	if v.gz.size() <= before || gunzip(t, other.body) == gunzip(t, again.body) || !strings.Contains(gunzip(t, other.body), "http://other.test/") {
		t.Errorf("another base URL: cache %d bytes, body for the other host wrong", v.gz.size())
	}
}

// TestGzipCacheBound: the cache of one snapshot never holds more than its bound.
func TestGzipCacheBound(t *testing.T) {
	var c gzCache
	data := bytes.Repeat([]byte("x"), gzipCacheBytes/16)
	for i := range 100 {
		c.put(uint64(i), &gzEntry{path: "/p", data: data})
		if c.size() > gzipCacheBytes {
			t.Fatalf("after %d entries the cache holds %d bytes", i+1, c.size())
		}
	}
	if len(c.m) < 14 || c.get(99, "", "/p", "") == nil || c.get(99, "", "/q", "") != nil {
		t.Errorf("%d entries kept; the last one found: %v", len(c.m), c.get(99, "", "/p", "") != nil)
	}
	c.put(1000, &gzEntry{data: make([]byte, gzipCacheBytes/2)})
	if c.get(1000, "", "", "") != nil {
		t.Errorf("an answer of half the bound was kept")
	}
}

func TestAcceptsGzip(t *testing.T) {
	for in, want := range map[string]bool{
		"": false, "gzip": true, "gzip;q=0": false, "gzip; q=0.001": true, "deflate, gzip;q=1.0": true,
		"*": true, "*;q=0": false, "gzip;q=0, *": false, "br, *;q=0.1": true, "identity": false, "x-gzip": true, " GZip ": true,
	} {
		var vals []string
		if in != "" {
			vals = []string{in}
		}
		if got := acceptsGzip(vals); got != want {
			t.Errorf("%q: %v, want %v", in, got, want)
		}
	}
}

// TestDownloadValidators: a file's tag follows its bytes; 304 works there too; a
// zip is not compressed again.
func TestDownloadValidators(t *testing.T) {
	h := sampleServer(t)
	const path = "/api/translations/tinynotes/app/cs/file/"
	got := do(t, h, "GET", path)
	tag := etagOf(got.header)
	if got.status != 200 || tag == "" || got.header.Get("Content-Disposition") != "attachment; filename=tinynotes-app-cs.xml" {
		t.Fatalf("status %d, header %v", got.status, got.header)
	}
	if again := do(t, h, "GET", path, "If-None-Match", tag); again.status != 304 {
		t.Errorf("file with its tag: %d", again.status)
	}
	if gz := do(t, h, "GET", path, "Accept-Encoding", "gzip"); len(got.body) >= gzipMin &&
		(gz.header.Get("Content-Encoding") != "gzip" || gunzip(t, gz.body) != got.body) {
		t.Errorf("file with gzip: %q", gz.header.Get("Content-Encoding"))
	}
	zip := do(t, h, "GET", "/api/components/tinynotes/app/file/", "Accept-Encoding", "gzip")
	if zip.status != 200 || zip.header.Get("Content-Encoding") != "" || etagOf(zip.header) == "" {
		t.Errorf("zip: status %d, Content-Encoding %q", zip.status, zip.header.Get("Content-Encoding"))
	}
}
