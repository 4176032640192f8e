package api

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// poServer serves a repository of two PO translations, cs.po of n units and
// de.po of three; configure adjusts the server before its first request.
func poServer(t testing.TB, n int, configure func(*Server), middleware ...gin.HandlerFunc) *gin.Engine {
	t.Helper()
	repo := testutil.NewRepo(t, map[string]string{"de.po": poFile("de", 3)})
	f, err := os.Create(filepath.Join(repo, "cs.po"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString(poFile("cs", 0))
	for i := range n {
		fmt.Fprintf(w, "\nmsgid \"Source string number %d with some words\"\nmsgstr \"Zdrojový řetězec číslo %d s několika slovy\"\n", i, i)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	testutil.Commit(t, repo, "2026-02-01T11:00:00Z", "cs", nil)
	dir := t.TempDir()
	cfg := testutil.Config(t, dir, `projects:
  - name: P
    slug: p
    components:
      - name: C
        slug: c
        repo: `+repo+`
        file_format: po
        filemask: "*.po"
`)
	s := livetest.Built(t, cfg, filepath.Join(dir, "data"), livetest.Options{})
	srv, err := New(s.Live, Options{BaseURL: "http://gitlate.test", Reader: s.Units})
	if err != nil {
		t.Fatal(err)
	}
	if configure != nil {
		configure(srv)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(middleware...)
	srv.Install(e.Group(srv.Prefix()))
	return e
}

// poFile is a PO header for lang and n units.
func poFile(lang string, n int) string {
	var b strings.Builder
	b.WriteString("msgid \"\"\nmsgstr \"\"\n\"Language: " + lang + "\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n")
	for i := range n {
		fmt.Fprintf(&b, "\nmsgid \"s%d\"\nmsgstr \"t%d\"\n", i, i)
	}
	return b.String()
}

// heapProbe is a response writer that counts the body and, every few megabytes
// of it, collects garbage and notes the live heap: the most the handler held
// while it answered.
type heapProbe struct {
	header  http.Header
	status  int
	n       int
	next    int
	peak    uint64
	tail    []byte // the body's last bytes
	written bool
}

const probeEvery = 2 << 20

func (p *heapProbe) Header() http.Header { return p.header }
func (p *heapProbe) WriteHeader(status int) {
	if !p.written {
		p.status, p.written = status, true
	}
}

func (p *heapProbe) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	p.n += len(b)
	p.tail = append(p.tail, b...)
	if len(p.tail) > 64 {
		p.tail = append(p.tail[:0], p.tail[len(p.tail)-64:]...)
	}
	if p.n >= p.next {
		p.next = p.n + probeEvery
		p.sample()
	}
	return len(b), nil
}

func (p *heapProbe) sample() {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	p.peak = max(p.peak, m.HeapAlloc)
}

// liveHeap is the heap in use once garbage is collected.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestConversionMemoryBounded converts a translation of 100,000 units to each
// format and measures the live heap while the body is sent: it must stay far
// below the file's size. Converting it whole in memory held the file (and a copy
// of every unit) while sending it: the heap grew by more than the file.
func TestConversionMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and converts a translation of 100,000 units")
	}
	const n = 100_000
	h := poServer(t, n, nil)
	// Once, so that the units are read and kept by the reader, as a server keeps
	// the translations it was asked for: what is measured is the conversion.
	if got := do(t, h, "GET", "/api/translations/p/c/cs/units/?page_size=1"); got.status != 200 {
		t.Fatalf("units: %d %s", got.status, got.body)
	}
	for _, format := range []string{"xliff", "tmx", "csv", "mo", "tbx"} {
		base := liveHeap()
		p := &heapProbe{header: http.Header{}}
		h.ServeHTTP(p, httptest.NewRequest("GET", "/api/translations/p/c/cs/file/?format="+format, nil))
		p.sample()
		grew := int64(p.peak) - int64(base)
		t.Logf("%s: %d MB sent, the live heap grew by at most %d kB", format, p.n>>20, grew>>10)
		if p.status != 200 || p.n < n*40 || p.header.Get("Content-Length") != "" || len(p.header["ETag"]) == 0 {
			t.Fatalf("%s: %d, %d bytes, %v", format, p.status, p.n, p.header)
		}
		if format == "xliff" && !bytes.HasSuffix(p.tail, []byte("</xliff>\n")) {
			t.Errorf("xliff ends with %q", p.tail)
		}
		// A quarter of the file covers the buffers (the megabyte held before
		// streaming, the writer's); MO keeps a key and two numbers a message, and
		// its hash table, for its first pass (the keys are the units' own strings).
		limit := int64(p.n / 4)
		if format == "mo" {
			limit += 48 * n
		}
		if grew > limit {
			t.Errorf("%s: the live heap grew by %d kB sending %d kB", format, grew>>10, p.n>>10)
		}
	}
	// The file itself, too large to be kept compressed, is compressed as it is sent.
	plain := do(t, h, "GET", "/api/translations/p/c/cs/file/")
	gz := do(t, h, "GET", "/api/translations/p/c/cs/file/", "Accept-Encoding", "gzip")
	if gz.status != 200 || gz.header.Get("Content-Encoding") != "gzip" || gz.header.Get("Content-Length") != "" ||
		etagOf(gz.header) != strings.TrimSuffix(etagOf(plain.header), `"`)+`-gzip"` {
		t.Fatalf("the file, compressed: %d %v", gz.status, gz.header)
	}
	zr, err := gzip.NewReader(strings.NewReader(gz.body))
	if err != nil {
		t.Fatal(err)
	}
	if body, err := io.ReadAll(zr); err != nil || string(body) != plain.body || len(body) < n*80 {
		t.Errorf("the compressed file is not the file: %d bytes, %v", len(body), err)
	}
}

// TestConversionStreamed: past a megabyte, a conversion is sent chunked, as it is
// made, compressed for a client that asks; its ETag names it before its body is
// written and answers a conditional request with 304; HEAD sends the headers
// alone.
func TestConversionStreamed(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and converts a translation of 20,000 units")
	}
	h := poServer(t, 20_000, nil)
	const url = "/api/translations/p/c/cs/file/?format=xliff"
	plain := do(t, h, "GET", url)
	if plain.status != 200 || len(plain.body) < streamAbove || plain.header.Get("Content-Length") != "" ||
		plain.header.Get("Content-Type") != "application/x-xliff+xml; charset=utf-8" ||
		plain.header.Get("Content-Disposition") != "attachment; filename=p-c-cs.xlf" {
		t.Fatalf("%d, %d bytes, %v", plain.status, len(plain.body), plain.header)
	}
	if n := strings.Count(plain.body, "<trans-unit "); n != 20_000 || !strings.HasSuffix(plain.body, "</xliff>\n") {
		t.Errorf("%d trans-units, ends %q", n, plain.body[len(plain.body)-20:])
	}
	tag := etagOf(plain.header)
	if again := do(t, h, "GET", url); etagOf(again.header) != tag || again.body != plain.body {
		t.Error("the same conversion has another tag or body")
	}
	if nm := do(t, h, "GET", url, "If-None-Match", tag); nm.status != http.StatusNotModified || nm.body != "" {
		t.Errorf("If-None-Match: %d", nm.status)
	}
	if other := do(t, h, "GET", url+"&q=source:%22number%201%22"); other.status != 200 || etagOf(other.header) == tag {
		t.Errorf("another query: %d, tag %s", other.status, etagOf(other.header))
	}
	gz := do(t, h, "GET", url, "Accept-Encoding", "gzip")
	if gz.header.Get("Content-Encoding") != "gzip" || etagOf(gz.header) != strings.TrimSuffix(tag, `"`)+`-gzip"` {
		t.Fatalf("gzip: %v", gz.header)
	}
	zr, err := gzip.NewReader(strings.NewReader(gz.body))
	if err != nil {
		t.Fatal(err)
	}
	if body, err := io.ReadAll(zr); err != nil || string(body) != plain.body {
		t.Errorf("the compressed body is not the file: %v", err)
	}
	if nm := do(t, h, "GET", url, "If-None-Match", etagOf(gz.header)); nm.status != http.StatusNotModified {
		t.Errorf("If-None-Match with the compressed tag: %d", nm.status)
	}
	if head := do(t, h, "HEAD", url); head.status != 200 || head.body != "" || etagOf(head.header) != tag {
		t.Errorf("HEAD: %d, %d bytes, %v", head.status, len(head.body), head.header)
	}
	// A small conversion is sent as before: whole, with its length.
	small := do(t, h, "GET", "/api/translations/p/c/de/file/?format=xliff")
	if small.status != 200 || small.header.Get("Content-Length") != fmt.Sprint(len(small.body)) {
		t.Errorf("small: %d %v", small.status, small.header)
	}
	// The component's zip is streamed too, and holds the translation's file.
	zip := do(t, h, "GET", "/api/components/p/c/file/?format=zip:xliff")
	if files := unzip(t, zip.body); zip.status != 200 || files["p-c-cs.xlf"] != plain.body || files["p-c-de.xlf"] != small.body {
		t.Errorf("zip: %d, %d files", zip.status, len(files))
	}
	if nm := do(t, h, "GET", "/api/components/p/c/file/?format=zip:xliff", "If-None-Match", etagOf(zip.header)); nm.status != http.StatusNotModified {
		t.Errorf("zip If-None-Match: %d", nm.status)
	}
}

// blockingWriter is a response writer whose first write waits for release,
// telling started when it begins to.
type blockingWriter struct {
	*httptest.ResponseRecorder
	once    sync.Once
	started chan struct{}
	release chan struct{}
}

func (w *blockingWriter) Write(b []byte) (int, error) {
	w.once.Do(func() {
		close(w.started)
		<-w.release
	})
	return w.ResponseRecorder.Write(b)
}

// TestExportSlots: with every slot taken by conversions of large translations, one
// more answers 503 with Retry-After and a JSON detail, at once, and so does a
// download of its file, read whole, or of its component's zip; a small
// translation's downloads and an error the request makes before converting are
// answered as ever; once a slot is free, the large conversion goes through.
func TestExportSlots(t *testing.T) {
	const slots = 2
	h := poServer(t, 50, func(s *Server) { s.exports = newExportLimit(slots, 10) })
	var wg sync.WaitGroup
	var blocked []*blockingWriter
	for i := range slots {
		w := &blockingWriter{ResponseRecorder: httptest.NewRecorder(), started: make(chan struct{}), release: make(chan struct{})}
		blocked = append(blocked, w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			format := []string{"csv", "xliff", "mo"}[i%3]
			h.ServeHTTP(w, httptest.NewRequest("GET", "/api/translations/p/c/cs/file/?format="+format, nil))
		}()
		<-w.started // it holds its slot until its body is written
	}
	for _, url := range []string{"/api/translations/p/c/cs/file/?format=tmx", "/api/components/p/c/file/?format=zip:csv"} {
		got := do(t, h, "GET", url)
		var body struct{ Detail string }
		if json.Unmarshal([]byte(got.body), &body); got.status != http.StatusServiceUnavailable ||
			got.header.Get("Retry-After") != "5" || got.header.Get("Content-Type") != "application/json" ||
			!strings.Contains(body.Detail, "try again in 5 seconds") {
			t.Errorf("%s beyond the limit: %d %v %s", url, got.status, got.header, got.body)
		}
	}
	for url, want := range map[string]int{
		"/api/translations/p/c/de/file/?format=tmx":  200, // three units
		"/api/translations/p/c/de/file/":             200,
		"/api/translations/p/c/cs/file/":             503, // the file itself is read whole
		"/api/components/p/c/file/":                  503, // its files, zipped
		"/api/translations/p/c/cs/file/?format=docx": 400,
		"/api/translations/p/c/cs/file/?format=json": 400, // bilingual
	} {
		if got := do(t, h, "GET", url); got.status != want {
			t.Errorf("%s: %d, want %d: %s", url, got.status, want, got.body)
		}
	}
	for _, w := range blocked {
		close(w.release)
	}
	wg.Wait()
	for _, w := range blocked {
		if w.Code != 200 || !strings.Contains(w.Body.String(), "číslo 49") && w.Header().Get("Content-Type") != "application/x-gettext-catalog; charset=utf-8" {
			t.Errorf("a blocked conversion: %d %.100s", w.Code, w.Body.String())
		}
	}
	if got := do(t, h, "GET", "/api/translations/p/c/cs/file/?format=tmx"); got.status != 200 {
		t.Errorf("with the slots free: %d %s", got.status, got.body)
	}
}

// TestStreamAborted: when a streamed conversion fails after its answer began (here
// the request's context ends), the connection is closed without the chunked
// body's end: the client reads an error, not a shorter file. gin's recovery, which
// the server runs, does not get in the way.
func TestStreamAborted(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and converts a translation of 20,000 units")
	}
	recovered := false
	h := poServer(t, 20_000, nil, gin.CustomRecovery(func(c *gin.Context, err any) {
		recovered = true
		c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"detail": "Internal server error."})
	}))
	ctx, cancel := context.WithCancel(context.Background())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		// The context ends once the first megabyte, held before streaming, is sent.
		h.ServeHTTP(&cancelAfter{ResponseWriter: w, cancel: cancel, after: streamAbove}, req.WithContext(ctx))
	}))
	defer srv.Close()
	// Uncompressed, so that the context ends past the first megabyte of the file.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Get(srv.URL + "/api/translations/p/c/cs/file/?format=csv")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !errors.Is(err, io.ErrUnexpectedEOF) || recovered {
		t.Fatalf("%d, %d bytes read, error %v: the client must see the body broken", resp.StatusCode, len(body), err)
	}
	if len(body) < streamAbove || strings.Contains(string(body), "číslo 19999") {
		t.Errorf("%d bytes read before the error", len(body))
	}
}

// cancelAfter ends a context once after bytes were written through it.
type cancelAfter struct {
	http.ResponseWriter
	cancel func()
	after  int
	n      int
}

func (c *cancelAfter) Write(b []byte) (int, error) {
	c.n += len(b)
	if c.n >= c.after {
		c.cancel()
	}
	return c.ResponseWriter.Write(b)
}

func (c *cancelAfter) Unwrap() http.ResponseWriter { return c.ResponseWriter }
