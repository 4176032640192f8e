package api

import (
	"container/list"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// Kept answers. The change lists and the unit lists render every document of a page
// on each request — a change's stored JSON read from the store and its holes found,
// or a unit read from its files and written — which made a page of 1,000 cost a
// twentieth of the constant bytes' requests/s. The complete 200 answer of such a
// route (body, gzip form, the sums its ETag is made of) is kept, up to
// answerCacheBytes for the whole server, least recently used first out, under the
// generation of the views it was read from, the base URL, the path and the query
// (normalised: parameters in key order). A kept answer goes through send as a
// rendered one does — 304, validators, gzip negotiation, headers — only the
// rendering is skipped; its ETag is made of its sums with the request's own path
// and query, so it is the one the rendering would give.
//
// Not kept: errors (only a 200 reaches keepAnswer), answers to ?q= (a search's
// results are kept by unitsearch.go, per query), a page on which a translation
// could not be read (its gap is no state of the snapshot) or whose units were read
// from a checkout's file edited since the scan (ExactReader). A new snapshot's views
// have a new generation: the answers of the old ones are unreachable, and are
// dropped when their views are.

// answerCacheBytes bounds the kept answers of the server (bodies, gzip forms, keys).
const answerCacheBytes = 32 << 20

// ExactReader is a Reader that tells whether the units it read are those of the
// files the scan saw (exact), or of a checkout's file edited since; answers made of
// the latter are not kept. A Reader that does not implement it is taken as exact, as
// Reader's contract has it.
type ExactReader interface {
	UnitsExact(t *snapshot.Translation) ([]snapshot.Unit, bool, error)
	PageExact(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, bool, error)
}

type answerKey struct {
	gen               uint64 // the views' generation
	base, path, query string // baseJSON, the URL's path, the normalised query
}

// answer is a kept 200 answer.
type answer struct {
	key  answerKey
	sums uint64 // the request's tagSums once its documents were added
	body []byte
	gz   []byte // body compressed; nil below gzipMin
}

func (a *answer) size() int {
	// The key's strings, the entry and the list element are about 200 bytes more.
	return len(a.body) + len(a.gz) + len(a.key.base) + len(a.key.path) + len(a.key.query) + 200
}

// answerCache holds kept answers, least recently used at the back.
type answerCache struct {
	mu    sync.Mutex
	max   int
	bytes int
	lru   list.List // of *answer, most recently used first
	m     map[answerKey]*list.Element
}

func newAnswerCache(max int) *answerCache {
	return &answerCache{max: max, m: map[answerKey]*list.Element{}}
}

func (c *answerCache) get(k answerKey) *answer {
	c.mu.Lock()
	defer c.mu.Unlock()
	el := c.m[k]
	if el == nil {
		return nil
	}
	c.lru.MoveToFront(el)
	return el.Value.(*answer)
}

// fits reports whether an answer of n bytes may be kept: one answer does not take
// the room of many.
func (c *answerCache) fits(n int) bool { return n <= c.max/4 }

func (c *answerCache) put(a *answer) {
	n := a.size()
	if !c.fits(n) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.m[a.key]; el != nil {
		c.remove(el) // rendered twice by requests that crossed: the last stays
	}
	for c.bytes+n > c.max {
		c.remove(c.lru.Back())
	}
	c.m[a.key] = c.lru.PushFront(a)
	c.bytes += n
}

func (c *answerCache) remove(el *list.Element) {
	a := c.lru.Remove(el).(*answer)
	delete(c.m, a.key)
	c.bytes -= a.size()
}

// retain drops the answers of generations other than those given (the views no
// longer kept).
func (c *answerCache) retain(gens ...uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for el := c.lru.Front(); el != nil; {
		next := el.Next()
		keep := false
		for _, g := range gens {
			keep = keep || el.Value.(*answer).key.gen == g
		}
		if !keep {
			c.remove(el)
		}
		el = next
	}
}

// stats are the answers kept and their bytes (tests).
func (c *answerCache) stats() (n, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m), c.bytes
}

// normalQuery is the query of a kept answer's key: the same parameters in key
// order (a key's values in their order, which counts), empty pairs dropped, so that
// two spellings of one request share an answer. A query without escapes and
// already in that order is used as it is; others are parsed and encoded again, as
// the page links are. ok is false for a query that asks for a search (q).
func normalQuery(raw string) (q string, ok bool) {
	if raw == "" {
		return "", true
	}
	if !strings.ContainsAny(raw, "%+;") {
		sorted, prev := true, ""
		for rest := raw; rest != ""; {
			var kv string
			kv, rest, _ = strings.Cut(rest, "&")
			k, _, hasValue := strings.Cut(kv, "=")
			if k == "q" {
				return "", false
			}
			if !hasValue || k < prev {
				sorted = false // an empty pair, a pair without =, or out of order
			}
			prev = k
		}
		if sorted {
			return raw, true
		}
	}
	v, _ := url.ParseQuery(raw) // what it cannot parse, URL.Query drops too
	if _, search := v["q"]; search {
		return "", false
	}
	return encodeSorted(v), true
}

// keepable prepares the request's key when its route keeps answers; it reports
// whether it does.
func (r *request) keepable() bool {
	if !r.route.keep || !r.validated() {
		return false
	}
	q, ok := normalQuery(r.c.Request.URL.RawQuery)
	if !ok {
		return false
	}
	r.keep = answerKey{gen: r.v.generation, base: r.p.baseJSON, path: r.c.Request.URL.Path, query: q}
	r.keeping = true
	return true
}

// fromAnswers sends the kept answer of the request, if there is one.
func (r *request) fromAnswers() bool {
	a := r.s.answers.get(r.keep)
	if a == nil {
		return false
	}
	r.tagSums, r.kept = a.sums, a
	r.send(http.StatusOK, a.body, jsonType)
	return true
}

// dontKeep marks the answer being made as one not to keep.
func (r *request) dontKeep() { r.keeping = false }

// keepAnswer keeps body (which the caller reuses) as the request's answer, when it
// may be kept, and returns what to send: the kept copy, or body.
func (r *request) keepAnswer(body []byte) []byte {
	if !r.keeping {
		return body
	}
	a := &answer{key: r.keep, sums: r.tagSums, body: append([]byte(nil), body...)}
	if !r.s.answers.fits(a.size()) {
		return body
	}
	if len(a.body) >= gzipMin {
		a.gz = compress(a.body)
	}
	r.s.answers.put(a)
	r.kept = a
	return a.body
}
