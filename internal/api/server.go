package api

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/conditional"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Source gives handlers the snapshot to answer from. A request reads one snapshot
// from start to end, so it sees one complete state.
type Source interface {
	Snapshot() *snapshot.Snapshot
}

// Reader reads what a snapshot only names — the units of a translation, the files
// of a component — from the repositories as the scan saw them.
type Reader interface {
	// Units returns a translation's units in position order.
	Units(t *snapshot.Translation) ([]snapshot.Unit, error)
	// Page returns the units at positions lo … hi-1 of a translation.
	Page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, error)
	// Unit finds a unit of snap by id; a nil Translation means there is none.
	Unit(snap *snapshot.Snapshot, id int) (*snapshot.Translation, *snapshot.Unit, error)
	// ReadFile reads a file of c: the blob the scan saw, or, for a zero blob, the
	// file as it is now.
	ReadFile(c *snapshot.Component, path string, blob repos.Hash) ([]byte, error)
}

// ChangeDocs reads the JSON the change log stored for each change (see jsondoc),
// within the request's context.
type ChangeDocs interface {
	Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error
}

// Repositories describes components' repositories on request (key is
// "project/component").
type Repositories interface {
	Status(ctx context.Context, key string) (*repos.Status, error)
	// Behind is Status's Behind, without running anything.
	Behind(ctx context.Context, key string) bool
}

// Options configure the API.
type Options struct {
	// BaseURL, when set, is the fixed base of every URL the API writes (it may carry
	// a path prefix); otherwise each request's scheme and Host make the base.
	BaseURL string
	// TrustProxy makes X-Forwarded-Proto and X-Forwarded-Host count for the base URL.
	TrustProxy bool
	// Tokens are the API tokens that authenticate unsafe requests.
	Tokens []string
	// Puller performs the "pull" repository operation; nil answers it as
	// read-only.
	Puller Puller
	// Notifier receives push webhooks; nil answers that nothing matches.
	Notifier Notifier
	// Reader reads units and files; nil serves no units and no files.
	Reader Reader
	// Changes gives the stored JSON of changes (the change log's store); nil
	// serves none.
	Changes ChangeDocs
	// Repos describes repositories; nil shows none as behind its remote.
	Repos Repositories
	// Progress gives the statistics over time (progress.go); nil answers every
	// object with no points.
	Progress progress.Source
	// Logger receives what the API cannot answer for but a request should not fail
	// for (a translation whose units cannot be read); nil logs to slog.Default.
	Logger *slog.Logger
	// CORSOrigins are the origins whose pages may read the API and the widgets
	// ("*": any), as ParseCORSOrigins accepts them; none turns CORS off (cors.go).
	CORSOrigins []string
	// SearchTimeout is how long one request may spend matching strings against
	// its ?q= (unitsearch.go); zero means DefaultSearchTimeout.
	SearchTimeout time.Duration
}

// Server serves the API.
type Server struct {
	src    Source
	opts   Options
	tokens [][sha256.Size]byte // digests of opts.Tokens
	origin string              // scheme://host of BaseURL
	prefix string              // path of BaseURL, without trailing slash

	mu sync.Mutex // serialises rendering of views (Prepare and the fallback in current)
	// views are the rendered views of the last two snapshots: during a swap the one
	// being served and the one about to be, so no request waits for a rendering.
	views atomic.Pointer[viewPair]
	// statuses caches repository statuses per component (repository.go).
	statuses sync.Map // component key → *repoStatusEntry
	// lastBase is the base URL of the last request: clients keep asking with the same
	// Host, and building the string each time was a request's allocation.
	lastBase atomic.Pointer[baseURLCache]
	// cors is the CORS middleware (nil: off); varyPlain and varyNegotiated are the
	// Vary values of answers that are never compressed and of those that may be,
	// with Origin when CORS is on (conditional.go).
	cors                      gin.HandlerFunc
	varyPlain, varyNegotiated []string
	// gens numbers the views built (under mu); answers keeps the whole answers of
	// the list routes by generation (answers.go).
	gens    uint64
	answers *answerCache
	// exports bounds the large downloads made at once (files.go).
	exports *exportLimit
}

type baseURLCache struct{ scheme, host, base, json string }

// viewPair holds the newest rendered views and the ones before them.
type viewPair struct{ newest, previous *views }

func (p *viewPair) find(snap *snapshot.Snapshot) *views {
	switch {
	case p == nil:
		return nil
	case p.newest != nil && p.newest.snap == snap:
		return p.newest
	case p.previous != nil && p.previous.snap == snap:
		return p.previous
	}
	return nil
}

// New returns an API server reading from src.
func New(src Source, opts Options) (*Server, error) {
	s := &Server{src: src, opts: opts, answers: newAnswerCache(answerCacheBytes), exports: newExportLimit(exportSlots(), heavyExportUnits)}
	for _, t := range opts.Tokens {
		s.tokens = append(s.tokens, sha256.Sum256([]byte(t)))
	}
	if s.opts.Logger == nil {
		s.opts.Logger = slog.Default()
	}
	var err error
	if s.origin, s.prefix, err = ParseBaseURL(opts.BaseURL); err != nil {
		return nil, err
	}
	origins, err := ParseCORSOrigins(opts.CORSOrigins)
	if err != nil {
		return nil, err
	}
	if s.cors, err = newCORS(origins, s.prefix); err != nil {
		return nil, err
	}
	s.varyPlain, s.varyNegotiated = varyAccept, varyNegotiated
	if s.cors != nil {
		s.varyPlain, s.varyNegotiated = varyAcceptCORS, varyNegotiatedCORS
	}
	return s, nil
}

// ParseBaseURL checks a --base-url and splits it into its origin (scheme://host)
// and path prefix (without trailing slash); "" is no base URL. It is New's check,
// exported so the command can refuse a typo before it spends time scanning.
func ParseBaseURL(base string) (origin, prefix string, err error) {
	if base == "" {
		return "", "", nil
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", "", errors.New("base URL must look like http(s)://host[:port][/prefix]")
	}
	return u.Scheme + "://" + u.Host, strings.TrimSuffix(u.Path, "/"), nil
}

// Prefix is the path prefix every route is served under ("" or "/something").
func (s *Server) Prefix() string { return s.prefix }

// Prepare renders the views of snap ahead of time, so the first request served
// from snap finds them ready: rendering 10,000 translations takes a fifth of a
// second, which requests would otherwise spend queued behind one another. The Live
// calls it before it swaps snap in; the views of the snapshot being served are kept
// alongside until the next Prepare.
func (s *Server) Prepare(snap *snapshot.Snapshot) {
	if snap != nil {
		s.viewsOf(snap)
	}
}

// current returns the rendered views of the snapshot being served. They were
// prepared before the snapshot was swapped in; only a snapshot nobody prepared (a
// source without a Prepare hook, as in tests) is rendered here, on the request path.
func (s *Server) current() *views {
	snap := s.src.Snapshot()
	if v := s.views.Load().find(snap); v != nil {
		return v
	}
	return s.viewsOf(snap)
}

// viewsOf returns snap's views, rendering and keeping them unless they are kept
// already.
func (s *Server) viewsOf(snap *snapshot.Snapshot) *views {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.views.Load()
	if v := old.find(snap); v != nil {
		return v
	}
	// The documents of the newest views that show the same are reused: after an
	// edit, those of every component and translation it did not touch.
	var prev *views
	if old != nil {
		prev = old.newest
	}
	v := buildViews(snap, s.opts.Reader, s.opts.Logger, prev)
	s.gens++
	v.generation = s.gens
	var previous time.Time
	if old != nil && old.newest != nil {
		previous = old.newest.snap.Built
	}
	v.modified = conditional.NewLastModified(snap.Built, previous)
	pair := &viewPair{newest: v}
	if old != nil {
		// Keep the views of the snapshot being served: usually the newest so far,
		// but not when Prepare calls crossed (the one for the first snapshot and the
		// Live's for the next).
		pair.previous = old.newest
		if cur := s.src.Snapshot(); cur != snap && old.previous != nil && old.previous.snap == cur {
			pair.previous = old.previous
		}
	}
	s.views.Store(pair)
	if pair.previous != nil {
		s.answers.retain(v.generation, pair.previous.generation)
	} else {
		s.answers.retain(v.generation)
	}
	return v
}

// Install registers the API routes on r, which must be at the base URL's path prefix.
func (s *Server) Install(r gin.IRouter) {
	for i := range routes {
		rt := &routes[i]
		// The Allow header's value, made once (Header.Set makes a slice per call).
		allow := []string{rt.allow}
		h := func(c *gin.Context) { s.serve(c, rt, allow) }
		r.Any(rt.path, h)
	}
}

// NotFound answers a request for an /api/ path that no route matches.
func (s *Server) NotFound(c *gin.Context) {
	rq := s.newRequest(c, nil)
	rq.fail(errNotFound)
}

// request is one API request being served.
type request struct {
	s     *Server
	c     *gin.Context
	route *route
	allow []string // the Allow header's value
	v     *views
	p     urlParams
	// tagSums folds what the answer's ETag is made of; tagValue is the tag once
	// tagged (conditional.go).
	tagSums, tagValue uint64
	tagged            bool
	// keep is the key of the answer when keeping says it may be kept; kept is
	// the kept answer being sent (answers.go).
	keep    answerKey
	keeping bool
	kept    *answer
}

func (s *Server) newRequest(c *gin.Context, rt *route) *request {
	return &request{s: s, c: c, route: rt}
}

// param is a path parameter of the route.
func (r *request) param(name string) string { return r.c.Param(name) }

// query is a query parameter, the last if repeated, as Django's QueryDict gives it
// (DRF reads page, page_size, format and the filters through it). A query string
// without escapes is read in place; gin would build a url.Values for every request,
// empty or not.
func (r *request) query(key string) (value string, ok bool) {
	raw := r.c.Request.URL.RawQuery
	if raw == "" {
		return "", false
	}
	if strings.ContainsAny(raw, "%+;") {
		// Escapes to decode, pairs to drop: url.ParseQuery's rules.
		if vs, ok := r.c.GetQueryArray(key); ok {
			return vs[len(vs)-1], true
		}
		return "", false
	}
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		if k, v, _ := strings.Cut(kv, "="); k == key {
			value, ok = v, true
		}
	}
	return value, ok
}

// requests are reused: no handler keeps its request after returning, and a request
// made per call was one of the allocations of every answer.
var requests = sync.Pool{New: func() any { return new(request) }}

func (s *Server) serve(c *gin.Context, rt *route, allow []string) {
	r := requests.Get().(*request)
	*r = request{s: s, c: c, route: rt, allow: allow}
	if err := r.run(); err != nil {
		r.fail(err)
	}
	*r = request{}
	requests.Put(r)
}

func (r *request) run() error {
	r.c.Writer.Header()["Allow"] = r.allow
	base, baseJSON, err := r.s.baseURL(r.c.Request)
	if err != nil {
		return err
	}
	r.p.base, r.p.baseJSON = base, baseJSON
	switch f, _ := r.query("format"); f {
	case "", "api", "json":
		r.p.format = f
	default:
		// Downloads convert to other formats (or say they cannot) themselves.
		if !r.route.anyFormat {
			return errNotFound
		}
	}
	switch m := r.c.Request.Method; m {
	case http.MethodGet, http.MethodHead:
		if r.route.get == nil {
			return methodNotAllowed(m)
		}
		r.v = r.s.current()
		if r.keepable() && r.fromAnswers() {
			return nil
		}
		return r.route.get(r)
	case http.MethodOptions:
		return r.options()
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		if err := r.authenticate(); err != nil {
			return err
		}
		if !strings.Contains(r.route.allow, m) {
			return methodNotAllowed(m)
		}
		if h := r.route.unsafe[m]; h != nil {
			r.v = r.s.current()
			return h(r)
		}
		return errReadOnly
	default:
		return methodNotAllowed(m)
	}
}

// authenticate accepts "Authorization: Token …" or "Bearer …" with a configured token.
func (r *request) authenticate() error {
	h := r.c.GetHeader("Authorization")
	if h == "" {
		return errNoCredentials
	}
	scheme, token, _ := strings.Cut(h, " ")
	if !strings.EqualFold(scheme, "token") && !strings.EqualFold(scheme, "bearer") {
		return errNoCredentials
	}
	token = strings.TrimSpace(token)
	// Digests have one length, so comparing them in constant time, against every
	// token, reveals neither a token nor its length.
	given := sha256.Sum256([]byte(token))
	ok := 0
	for _, t := range r.s.tokens {
		ok |= subtle.ConstantTimeCompare(t[:], given[:])
	}
	if ok != 1 || token == "" {
		return errBadToken
	}
	return nil
}

// baseURL is the base every URL in the response starts with, as is and escaped for
// a JSON string (the form the documents' holes take, escaped once instead of at
// every hole).
func (s *Server) baseURL(req *http.Request) (base, json string, err error) {
	if s.origin != "" {
		c := s.lastBase.Load()
		if c == nil {
			base := s.origin + s.prefix
			c = &baseURLCache{base: base, json: string(appendJSONText(nil, base))}
			s.lastBase.Store(c)
		}
		return c.base, c.json, nil
	}
	scheme, host := "http", req.Host
	if req.TLS != nil {
		scheme = "https"
	}
	if s.opts.TrustProxy {
		// Each proxy on the way may add its own: the first is what the client used.
		p, _, _ := strings.Cut(req.Header.Get("X-Forwarded-Proto"), ",")
		if p = strings.TrimSpace(p); p == "http" || p == "https" {
			scheme = p
		}
		if h := req.Header.Get("X-Forwarded-Host"); h != "" {
			host, _, _ = strings.Cut(h, ",")
			host = strings.TrimSpace(host)
		}
	}
	if c := s.lastBase.Load(); c != nil && c.host == host && c.scheme == scheme {
		return c.base, c.json, nil // only valid hosts are kept
	}
	if !validHost(host) {
		return "", "", errBadHost
	}
	base = scheme + "://" + host
	c := &baseURLCache{scheme: scheme, host: host, base: base, json: string(appendJSONText(nil, base))}
	s.lastBase.Store(c)
	return c.base, c.json, nil
}

// validHost accepts host names, IPv4 and bracketed IPv6 addresses with an optional
// port: nothing a client sends in Host may end up as markup or a foreign URL shape.
func validHost(h string) bool {
	if h == "" || len(h) > 255 {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.', c == '-', c == ':', c == '[', c == ']', c == '_':
		default:
			return false
		}
	}
	return true
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// Header values shared by every answer. Assigning them (instead of Header.Set, which
// makes a slice each time) keeps the hot handlers free of allocations of their own;
// net/http only reads them.
var jsonType = []string{"application/json"}

// contentLengths caches Content-Length values by size: a server answers the same
// documents at the same sizes all day long.
var contentLengths [4096]atomic.Pointer[contentLength]

type contentLength struct {
	n int
	v []string
}

func contentLengthHeader(n int) []string {
	slot := &contentLengths[uint(n)%uint(len(contentLengths))]
	if c := slot.Load(); c != nil && c.n == n {
		return c.v
	}
	c := &contentLength{n: n, v: []string{strconv.Itoa(n)}}
	slot.Store(c)
	return c.v
}

// write sends a JSON body.
func (r *request) write(status int, body []byte) { r.send(status, body, jsonType) }

// writeDoc sends one rendered document.
func (r *request) writeDoc(d *doc) error {
	r.addSum(d.sum)
	if r.notModified() || r.fromGzipCache(jsonType) {
		return nil
	}
	bp := bufPool.Get().(*[]byte)
	buf := d.appendTo((*bp)[:0], r.p)
	r.write(http.StatusOK, buf)
	*bp = buf
	bufPool.Put(bp)
	return nil
}

const (
	defaultPageSize = 50
	maxPageSize     = 1000
)

// pageSize reads page_size as DRF does: a positive number, capped at maxPageSize
// (so is one with more digits than an int holds); anything else is ignored rather
// than failing, leaving the default.
func pageSize(ps string) int {
	if ps == "" {
		return defaultPageSize
	}
	n, err := strconv.Atoi(ps)
	switch {
	case err == nil && n > 0:
		return min(n, maxPageSize)
	case errors.Is(err, strconv.ErrRange) && ps[0] != '-':
		return maxPageSize
	}
	return defaultPageSize
}

// writePage sends one page of items in the paginated envelope.
func (r *request) writePage(items []*doc) error {
	return r.writePageOf(len(items), func(lo, hi int) ([]*doc, error) { return items[lo:hi], nil })
}

// writePageOf sends one page of count items, rendering only the items of that page:
// page(lo, hi) returns items lo to hi-1.
func (r *request) writePageOf(count int, render func(lo, hi int) ([]*doc, error)) error {
	ps, _ := r.query("page_size")
	size := pageSize(ps)
	pages := max(1, (count+size-1)/size)
	page := 1
	if ps, ok := r.query("page"); ok {
		if ps == "last" {
			page = pages
		} else {
			n, err := strconv.Atoi(ps)
			if err != nil || n < 1 || n > pages {
				return errInvalidPage
			}
			page = n
		}
	}
	lo := (page - 1) * size
	hi := min(lo+size, count)
	items, err := render(lo, hi)
	if err != nil {
		return err
	}
	// The count is not in the items: two snapshots can page the same items out of
	// different totals.
	r.addSum(uint64(count))
	for _, d := range items {
		r.addSum(d.sum)
	}
	if r.notModified() || r.fromGzipCache(jsonType) {
		return nil
	}

	bp := bufPool.Get().(*[]byte)
	buf := append((*bp)[:0], `{"count":`...)
	buf = strconv.AppendInt(buf, int64(count), 10)
	buf = append(buf, `,"next":`...)
	if page < pages {
		buf = r.appendPageURL(buf, page+1)
	} else {
		buf = append(buf, "null"...)
	}
	buf = append(buf, `,"previous":`...)
	if page > 1 {
		buf = r.appendPageURL(buf, page-1)
	} else {
		buf = append(buf, "null"...)
	}
	buf = append(buf, `,"results":[`...)
	for i, d := range items {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = d.appendTo(buf, r.p)
	}
	buf = append(buf, "]}"...)
	r.write(http.StatusOK, r.keepAnswer(buf))
	*bp = buf
	bufPool.Put(bp)
	return nil
}

// appendPageURL writes the quoted URL of another page: this request's URL with page
// replaced (dropped for page 1) and the query keys sorted, as DRF writes it.
func (r *request) appendPageURL(dst []byte, page int) []byte {
	origin := r.p.base[:len(r.p.base)-len(r.s.prefix)]
	if d, ok := r.appendPageURLInPlace(dst, origin, page); ok {
		return d
	}
	q := r.c.Request.URL.Query()
	if page == 1 {
		q.Del("page")
	} else {
		q.Set("page", strconv.Itoa(page))
	}
	u := origin + r.c.Request.URL.EscapedPath()
	if enc := encodeSorted(q); enc != "" {
		u += "?" + enc
	}
	dst = append(dst, '"')
	dst = appendJSONText(dst, u)
	return append(dst, '"')
}

// appendPageURLInPlace writes the same URL as appendPageURL straight into the answer,
// without building a url.Values (the allocations of a paginated answer), for query
// strings without escapes and with few parameters; ok is false for the others.
func (r *request) appendPageURLInPlace(dst []byte, origin string, page int) ([]byte, bool) {
	raw := r.c.Request.URL.RawQuery
	if strings.ContainsAny(raw, "%+;") {
		return dst, false
	}
	var pairs [8][2]string
	n := 0
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		if kv == "" {
			continue // url.ParseQuery skips empty pairs
		}
		k, v, _ := strings.Cut(kv, "=")
		if k == "page" {
			continue // replaced below
		}
		if n == len(pairs) {
			return dst, false
		}
		pairs[n] = [2]string{k, v}
		n++
	}
	var num [20]byte
	if page != 1 {
		if n == len(pairs) {
			return dst, false
		}
		pairs[n] = [2]string{"page", string(strconv.AppendInt(num[:0], int64(page), 10))}
		n++
	}
	// Keys sorted, a key's values in their order: insertion sort is stable.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && pairs[j][0] < pairs[j-1][0]; j-- {
			pairs[j], pairs[j-1] = pairs[j-1], pairs[j]
		}
	}
	dst = append(dst, '"')
	dst = appendJSONText(dst, origin)
	dst = appendJSONText(dst, r.c.Request.URL.EscapedPath())
	for i := range n {
		if i == 0 {
			dst = append(dst, '?')
		} else {
			dst = append(dst, '&')
		}
		dst = appendJSONText(dst, url.QueryEscape(pairs[i][0]))
		dst = append(dst, '=')
		dst = appendJSONText(dst, url.QueryEscape(pairs[i][1]))
	}
	return append(dst, '"'), true
}

func encodeSorted(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, v := range q[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k))
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(v))
		}
	}
	return b.String()
}

// options answers OPTIONS as DRF's SimpleMetadata does for an anonymous user.
func (r *request) options() error {
	var e enc
	e.Obj()
	e.Key("name")
	e.Str(r.route.name)
	e.Key("description")
	e.Str(r.route.desc)
	e.Key("renders")
	e.Arr()
	e.Str("application/json")
	e.Str("text/html")
	e.EndArr()
	e.Key("parses")
	e.Arr()
	e.Str("application/json")
	e.Str("application/x-www-form-urlencoded")
	e.Str("multipart/form-data")
	e.EndArr()
	e.End()
	return r.writeDoc(e.done())
}
