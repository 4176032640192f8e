package api

import (
	"bytes"
	"compress/gzip"
	"math/bits"
	"net/http"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"

	"github.com/gitlate/gitlate/internal/conditional"
)

// Validators, conditional requests and compression of the API's answers
// (RFC 9110 §8.8 and §13, RFC 9111 §5.2); the tags' format and their matching
// are the conditional package's, which the web pages use too.
//
// A 200 to GET or HEAD carries an ETag made from what determines its bytes: the
// sums of the documents in it (render.go), the request's base URL and its path and
// query (the format variant, the page, the filters), or, for a download, the bytes
// themselves (for a conversion, written as it is sent, the sum of what its bytes
// follow from: export.Conversion.Sum). Two requests with one tag get the same bytes, whichever snapshot
// answered them, so a dashboard polling a statistics object gets 304 until those
// numbers change, even while other components are re-scanned. Last-Modified is
// the time of the snapshot the answer was read from.
//
// Cache-Control is "max-age=0, must-revalidate": a commit shows in the API the
// moment gitlate reads it, and a client or proxy that kept an answer for a few
// seconds would show the state before it for that long; revalidating costs a 304
// of a few hundred bytes, made without rendering anything new.
//
// A client that asks for gzip (Accept-Encoding) gets it for bodies of gzipMin
// bytes or more. Compressed bodies are kept per snapshot under their tag (which
// includes the base URL) up to gzipCacheBytes, so a document is compressed once
// per snapshot and base URL, not once per request; a kept answer (answers.go)
// carries its own.

var (
	cacheControl = []string{"max-age=0, must-revalidate"}
	gzipEncoding = []string{"gzip"}

	// Vary: DRF's Accept, Accept-Encoding where the body may be compressed, Origin
	// where CORS is on (cors.go).
	varyAccept          = []string{"Accept"}
	varyNegotiated      = []string{"Accept, Accept-Encoding"}
	varyAcceptCORS      = []string{"Origin, Accept"}
	varyNegotiatedCORS  = []string{"Origin, Accept, Accept-Encoding"}
	varyOrigin          = []string{"Origin"}
	notCompressibleType = "application/zip" // already compressed
)

const (
	// gzipMin is the smallest body compressed: below about a kilobyte, gzip's
	// header and a round of deflate save less than they cost.
	gzipMin = 1024
	// gzipCacheBytes bounds the compressed bodies kept for one snapshot (the views
	// of two snapshots are alive at a time).
	gzipCacheBytes = 16 << 20
)

// xxhash64's primes, round and final mix: the sums an answer is made of are
// folded in order as xxhash folds its input words.
const (
	prime1 uint64 = 11400714785074694791
	prime2 uint64 = 14029467366897019727
	prime3 uint64 = 1609587929392839161
)

func round(acc, v uint64) uint64 { return bits.RotateLeft64(acc+v*prime2, 31) * prime1 }

func avalanche(h uint64) uint64 {
	h ^= h >> 33
	h *= prime2
	h ^= h >> 29
	h *= prime3
	return h ^ h>>32
}

// addSum adds a document's (or a count's) sum to the answer's tag.
func (r *request) addSum(sum uint64) { r.tagSums = round(r.tagSums, sum) }

// tag is the answer's ETag value: the sums added, then xxhash64 of the base URL,
// the path and the query. The first call fixes it.
func (r *request) tag() uint64 {
	if !r.tagged {
		u := r.c.Request.URL
		h := round(r.tagSums, xxhash.Sum64String(r.p.baseJSON))
		h = round(h, xxhash.Sum64String(u.Path))
		h = round(h, xxhash.Sum64String(u.RawQuery))
		r.tagValue, r.tagged = avalanche(h), true
	}
	return r.tagValue
}

// validated reports whether the request is a GET or HEAD whose 200 carries
// validators.
func (r *request) validated() bool {
	m := r.c.Request.Method
	return r.route != nil && (m == http.MethodGet || m == http.MethodHead)
}

// lastModified is the answer's Last-Modified, or nil.
func (r *request) lastModified() *conditional.LastModified {
	if r.route.live || r.v == nil || r.v.modified.Value == nil {
		return nil
	}
	return &r.v.modified
}

// notModified answers 304 when the client holds the answer whose documents' sums
// were added, before its body is rendered: a dashboard's revalidation costs a
// hash of a few sums, not the answer.
func (r *request) notModified() bool {
	hdr := r.c.Request.Header
	if !r.validated() || (len(hdr["If-None-Match"]) == 0 && len(hdr["If-Modified-Since"]) == 0) {
		return false
	}
	tag, lm := r.tag(), r.lastModified()
	if !conditional.NotModified(hdr, tag, lm) {
		return false
	}
	r.validators(tag, lm)
	r.c.Status(http.StatusNotModified)
	return true
}

// fromGzipCache sends the compressed answer kept under this request's tag, for
// a client that takes gzip, without rendering its body again; false when none is
// kept.
func (r *request) fromGzipCache(contentType []string) bool {
	req := r.c.Request
	if !r.validated() || r.v == nil || !acceptsGzip(req.Header["Accept-Encoding"]) {
		return false
	}
	tag := r.tag()
	z := r.v.gz.get(tag, r.p.baseJSON, req.URL.Path, req.URL.RawQuery)
	if z == nil {
		return false
	}
	r.validators(tag, r.lastModified())
	h := r.c.Writer.Header()
	h["Content-Type"] = contentType
	h["ETag"] = conditional.ETag(tag, true)
	h["Content-Encoding"] = gzipEncoding
	r.writeBody(http.StatusOK, z)
	return true
}

// validators sets the headers a 200 and a 304 share.
func (r *request) validators(tag uint64, lm *conditional.LastModified) {
	h := r.c.Writer.Header()
	h["Vary"] = r.s.varyNegotiated
	// Spelled as Django sends it: clients that look headers up case-sensitively
	// (Python's dict(response.headers)) find "ETag", not Go's canonical "Etag".
	h["ETag"] = conditional.ETag(tag, false)
	h["Cache-Control"] = cacheControl
	if lm != nil {
		h["Last-Modified"] = lm.Value
	}
}

// send writes an answer. A 200 to GET or HEAD gets its validators, answers 304 to
// a client that holds it, and is compressed for a client that asks.
func (r *request) send(status int, body []byte, contentType []string) {
	h := r.c.Writer.Header()
	req := r.c.Request
	if status != http.StatusOK || !r.validated() {
		h["Content-Type"] = contentType
		h["Vary"] = r.s.varyPlain
		r.writeBody(status, body)
		return
	}
	if r.notModified() {
		return
	}
	tag, lm := r.tag(), r.lastModified()
	r.validators(tag, lm)
	h["Content-Type"] = contentType
	if len(body) >= gzipMin && contentType[0] != notCompressibleType && acceptsGzip(req.Header["Accept-Encoding"]) {
		h["ETag"] = conditional.ETag(tag, true)
		h["Content-Encoding"] = gzipEncoding
		body = r.gzipped(tag, body)
	}
	r.writeBody(status, body)
}

func (r *request) writeBody(status int, body []byte) {
	r.c.Writer.Header()["Content-Length"] = contentLengthHeader(len(body))
	r.c.Status(status)
	if r.c.Request.Method != http.MethodHead {
		_, _ = r.c.Writer.Write(body)
	}
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip (or x-gzip) with a
// non-zero weight, or * with one when gzip is not named.
func acceptsGzip(values []string) bool {
	star := false
	for _, v := range values {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			coding, params, _ := strings.Cut(item, ";")
			coding = strings.TrimSpace(coding)
			ok := qNonZero(params)
			switch {
			case strings.EqualFold(coding, "gzip"), strings.EqualFold(coding, "x-gzip"):
				return ok
			case coding == "*":
				star = ok
			}
		}
	}
	return star
}

// qNonZero reads a weight from a coding's parameters: absent is 1; "q=0",
// "q=0.0"… are zero.
func qNonZero(params string) bool {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, val, _ := strings.Cut(strings.TrimSpace(p), "=")
		if !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		val = strings.TrimSpace(val)
		return strings.Trim(val, "0.") != ""
	}
	return true
}

// gzipped returns body compressed, from the snapshot's cache when it was
// compressed before under tag (which includes the base URL, path and query; they
// are compared too, so a collision of tags cannot serve another answer).
func (r *request) gzipped(tag uint64, body []byte) []byte {
	if r.kept != nil && r.kept.gz != nil {
		return r.kept.gz // a kept answer has its own (answers.go)
	}
	u := r.c.Request.URL
	if z := r.v.gz.get(tag, r.p.baseJSON, u.Path, u.RawQuery); z != nil {
		return z
	}
	z := compress(body)
	r.v.gz.put(tag, &gzEntry{base: r.p.baseJSON, path: u.Path, query: u.RawQuery, data: z})
	return z
}

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// compress gzips body into memory of its exact size (it is kept).
func compress(body []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body)/4 + 64)
	w := gzipWriters.Get().(*gzip.Writer)
	w.Reset(&buf)
	_, _ = w.Write(body)
	_ = w.Close()
	gzipWriters.Put(w)
	return append([]byte(nil), buf.Bytes()...)
}

// gzCache holds compressed bodies of one snapshot's answers by tag, at most
// gzipCacheBytes of them; past that, entries picked at random make room.
type gzCache struct {
	mu    sync.Mutex
	m     map[uint64]*gzEntry
	bytes int
}

type gzEntry struct {
	base, path, query string
	data              []byte
}

func (c *gzCache) get(tag uint64, base, path, query string) []byte {
	c.mu.Lock()
	e := c.m[tag]
	c.mu.Unlock()
	if e == nil || e.base != base || e.path != path || e.query != query {
		return nil
	}
	return e.data
}

func (c *gzCache) put(tag uint64, e *gzEntry) {
	n := len(e.data) + len(e.path) + len(e.query)
	if n > gzipCacheBytes/4 {
		return // one answer does not take the room of many
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[uint64]*gzEntry{}
	}
	if old := c.m[tag]; old != nil {
		delete(c.m, tag)
		c.bytes -= len(old.data) + len(old.path) + len(old.query)
	}
	for k, old := range c.m { // map order is random
		if c.bytes+n <= gzipCacheBytes {
			break
		}
		delete(c.m, k)
		c.bytes -= len(old.data) + len(old.path) + len(old.query)
	}
	c.m[tag] = e
	c.bytes += n
}

// size is the bytes the cache holds (tests).
func (c *gzCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// checkSum is the tag sum of a download's bytes.
func checkSum(data []byte) uint64 { return xxhash.Sum64(data) }
