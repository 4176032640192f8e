package web

import (
	"html/template"
	"maps"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/cespare/xxhash/v2"
	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/conditional"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// A page shows one snapshot and nothing else: no request header, no Host (links
// are paths under the configured prefix), no query parameter but the unit list's
// search and page. So each page is rendered once per snapshot and kept, its bytes,
// ETag and headers ready; a request only looks it up. html/template's escaping is
// paid once per snapshot instead of once per request.

// answer is a response made once and sent many times. Its header values are
// slices made once: Header.Set would make one per request.
type answer struct {
	status  int
	body    []byte
	sum     uint64 // of a 200's body: its ETag
	ctype   []string
	etag    []string
	cc      []string
	clen    []string
	noStore bool  // shown once, not kept (the unit list could not be read)
	err     error // why a 500 is one, for the engine's error list
}

func newAnswer(status int, contentType, cacheControl string, body []byte) *answer {
	a := &answer{status: status, body: body, ctype: []string{contentType}, clen: []string{strconv.Itoa(len(body))}}
	if status == http.StatusOK {
		// The same snapshot renders the same bytes, so a tag derived from them
		// changes exactly when what is shown does; it is formatted and matched
		// as the API's tags are.
		a.sum = xxhash.Sum64(body)
		a.etag = conditional.ETag(a.sum, false)
		a.cc = []string{cacheControl}
	}
	return a
}

// send writes the answer, or 304 when the client already holds its content.
func (a *answer) send(c *gin.Context) {
	if a.err != nil {
		_ = c.Error(a.err)
	}
	h := c.Writer.Header()
	h["Content-Type"] = a.ctype
	if a.status == http.StatusOK {
		h["Etag"] = a.etag // the canonical key: Header.Get finds it
		h["Cache-Control"] = a.cc
		if conditional.NotModified(c.Request.Header, a.sum, nil) {
			c.Status(http.StatusNotModified)
			return
		}
	}
	h["Content-Length"] = a.clen
	c.Status(a.status)
	if c.Request.Method != http.MethodHead {
		_, _ = c.Writer.Write(a.body)
	}
}

// DefaultCacheBytes bounds the rendered pages kept for one snapshot when
// Options.CacheBytes is 0. Pages are kept for the snapshot being served and the
// next one, so twice this is the most they hold.
const DefaultCacheBytes = 32 << 20

// pageSet holds the rendered answers of one snapshot, by key (the request path,
// with "?page=N" for a later page of a unit list). Lookups take no lock.
type pageSet struct {
	snap   *snapshot.Snapshot
	budget int
	m      sync.Map // key → *answer

	mu   sync.Mutex
	size int // bytes of the bodies in m
	// rows are the matrix rows of the project pages Prepare rendered, by
	// matrixRowKey: the next snapshot's project pages reuse those that show the
	// same. Written by Prepare, under mu.
	rows map[string]template.HTML
}

func (p *pageSet) get(key string) *answer {
	if a, ok := p.m.Load(key); ok {
		return a.(*answer)
	}
	return nil
}

// keep stores a under key unless it is not to be stored or another request
// stored one first (which it returns). Over the budget, other answers make room,
// in the map's order: which is unrelated to how often they are asked for.
func (p *pageSet) keep(key string, a *answer) *answer {
	if a.noStore || len(a.body) > p.budget {
		return a
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, loaded := p.m.LoadOrStore(key, a); loaded {
		return old.(*answer)
	}
	p.size += len(a.body)
	if p.size > p.budget {
		p.m.Range(func(k, v any) bool {
			if k.(string) != key {
				p.m.Delete(k)
				p.size -= len(v.(*answer).body)
			}
			return p.size > p.budget
		})
	}
	return a
}

// pagePair holds the pages of the newest snapshot prepared and of the one before
// it: during a swap the one being served and the one about to be.
type pagePair struct{ newest, previous *pageSet }

func (pp *pagePair) find(snap *snapshot.Snapshot) *pageSet {
	switch {
	case pp == nil:
		return nil
	case pp.newest != nil && pp.newest.snap == snap:
		return pp.newest
	case pp.previous != nil && pp.previous.snap == snap:
		return pp.previous
	}
	return nil
}

// pageCache is the Server's cache of rendered pages.
type pageCache struct {
	budget int
	mu     sync.Mutex // serialises adding a snapshot's set
	pair   atomic.Pointer[pagePair]
}

// setOf returns snap's set of pages, adding an empty one unless it is kept
// already; cur is the snapshot being served, whose set stays. When it adds one,
// before is the newest set until then (nil: none).
func (pc *pageCache) setOf(snap, cur *snapshot.Snapshot) (set *pageSet, added bool, before *pageSet) {
	if p := pc.pair.Load().find(snap); p != nil {
		return p, false, nil
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	old := pc.pair.Load()
	if p := old.find(snap); p != nil {
		return p, false, nil
	}
	p := &pageSet{snap: snap, budget: pc.budget}
	pair := &pagePair{newest: p}
	if old != nil {
		// Keep the pages of the snapshot being served: usually the newest so far,
		// but not when preparations crossed (an older snapshot prepared late).
		pair.previous = old.newest
		if cur != snap && old.previous != nil && old.previous.snap == cur {
			pair.previous = old.previous
		}
	}
	pc.pair.Store(pair)
	return p, true, pair.previous
}

// Prepare renders the pages every visit starts from (home, lists, projects) for
// snap and keeps them, before snap is served; every other page of snap is
// rendered by the first request for it and kept. Register it with the Live's
// OnSnapshot, next to the API's.
func (s *Server) Prepare(snap *snapshot.Snapshot) {
	if snap == nil {
		return
	}
	set, added, before := s.cache.setOf(snap, s.src.Snapshot())
	if !added {
		return
	}
	var prev map[string]template.HTML
	if before != nil {
		before.mu.Lock()
		prev = before.rows
		before.mu.Unlock()
	}
	u := urls{s.opts.Prefix}
	set.keep(u.home(), s.homePage(snap))
	set.keep(u.projects(), s.projectListPage(snap))
	set.keep(u.languages(), s.languageListPage(snap))
	rows := map[string]template.HTML{}
	for _, p := range snap.Projects {
		a, pr := s.projectPageReusing(snap, p.Config.Slug, prev, false)
		set.keep(u.project(p), a)
		maps.Copy(rows, pr)
	}
	set.mu.Lock()
	set.rows = rows
	set.mu.Unlock()
}

// pages returns the pages of the snapshot being served.
func (s *Server) pages() *pageSet {
	snap := s.src.Snapshot()
	set, _, _ := s.cache.setOf(snap, snap)
	return set
}

// cached answers from the pages of the snapshot being served: the answer kept
// under the request's path, or the one build makes (nil: the object does not
// exist, answered by the 404 page), kept for the next request.
func (s *Server) cached(c *gin.Context, build func(s *Server, snap *snapshot.Snapshot, c *gin.Context) *answer) {
	set := s.pages()
	key := c.Request.URL.Path + variantKey(c)
	a := set.get(key)
	if a == nil {
		if a = build(s, set.snap, c); a == nil {
			s.notFound.send(c)
			return
		}
		a = set.keep(key, a)
	}
	a.send(c)
}
