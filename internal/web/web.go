package web

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// Source gives handlers the snapshot to render. It has the same method set as
// api.Source, so the scanner's Live (or any API source) serves both.
type Source interface {
	Snapshot() *snapshot.Snapshot
}

// Units reads a translation's units (the units package's Reader).
type Units interface {
	Units(t *snapshot.Translation) ([]snapshot.Unit, error)
}

// Options configure the web pages.
type Options struct {
	// Prefix is the path prefix every route is served under ("" or "/something"),
	// as api.Server.Prefix reports it; every link on a page starts with it.
	Prefix string
	// Units reads units for the list of strings; nil lists none.
	Units Units
	// Progress gives the statistics over time the progress charts draw; nil
	// draws none (the activity charts, from the change log, stay).
	Progress Progress
	// CacheBytes bounds the bytes of rendered pages kept per snapshot; 0 is
	// DefaultCacheBytes.
	CacheBytes int
}

//go:embed templates/*.html templates/partials/*.html static/*
var assets embed.FS

// Server renders the pages and badges of the current snapshot.
type Server struct {
	src       Source
	opts      Options
	templates map[string]*template.Template
	cache     pageCache

	css      *answer
	cssURL   string  // the stylesheet's address, with its content's hash as version
	notFound *answer // the 404 page
	renders  atomic.Int64
	tallies  logTallies // the change log's tallies for the charts (charts.go)
}

// New returns a web server reading from src.
func New(src Source, opts Options) (*Server, error) {
	opts.Prefix = strings.TrimSuffix(opts.Prefix, "/")
	s := &Server{src: src, opts: opts, templates: map[string]*template.Template{}}
	base, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "templates/layout.html", "templates/partials/*.html")
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(assets, "templates/*.html")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" {
			continue
		}
		t, err := base.Clone()
		if err == nil {
			t, err = t.ParseFS(assets, n)
		}
		if err != nil {
			return nil, err
		}
		s.templates[name] = t
	}
	css, err := assets.ReadFile("static/gitlate.css")
	if err != nil {
		return nil, err
	}
	// The URL carries the content's hash, so a long lifetime is safe.
	s.css = newAnswer(http.StatusOK, "text/css; charset=utf-8", "public, max-age=31536000, immutable", css)
	s.cssURL = s.opts.Prefix + "/static/gitlate.css?v=" + strings.Trim(s.css.etag[0], `"`)
	if s.opts.CacheBytes <= 0 {
		s.opts.CacheBytes = DefaultCacheBytes
	}
	s.cache.budget = s.opts.CacheBytes
	s.notFound = s.render(http.StatusNotFound, "notfound", &page{Title: "Page not found"}, nil)
	return s, nil
}

// Install registers the page and badge routes on r, which must be at the base
// URL's path prefix (the group the API is installed on).
func (s *Server) Install(r gin.IRouter) {
	get := func(path string, h gin.HandlerFunc) { Get(r, path, h) }
	get("/", s.home)
	get("/projects/", s.projectList)
	get("/projects/:project/", s.project)
	get("/projects/:project/:component/", s.component)
	get("/projects/:project/:component/:lang/", s.translation)
	get("/translate/:project/:component/:lang/", s.translate)
	get("/engage/:project/", s.engageProject)
	get("/engage/:project/:lang/", s.engage)
	get("/languages/", s.languageList)
	get("/languages/:lang/", s.language)
	get("/widgets/*widget", s.widget)
	get("/static/gitlate.css", s.stylesheet)
}

// Allow is what every page, badge and stylesheet allows: they are read-only.
const Allow = "GET, HEAD, OPTIONS"

// unsafeMethods are the methods gin routes besides GET, HEAD and OPTIONS; a
// read-only resource answers them 405 (RFC 9110 section 15.5.6). Methods gin does
// not know reach the engine's NoMethod handler (MethodNotAllowed).
var unsafeMethods = []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete,
	http.MethodConnect, http.MethodTrace}

// allowHeader is Allow as a header value, made once.
var allowHeader = []string{Allow}

// Get registers a read-only resource at path: h answers GET and HEAD, OPTIONS
// answers 204 with Allow, every other method 405 with Allow.
func Get(r gin.IRoutes, path string, h gin.HandlerFunc) {
	r.GET(path, h)
	r.HEAD(path, h)
	r.OPTIONS(path, options)
	for _, m := range unsafeMethods {
		r.Handle(m, path, MethodNotAllowed)
	}
}

// options answers OPTIONS on a read-only resource (RFC 9110 section 9.3.7).
func options(c *gin.Context) {
	c.Writer.Header()["Allow"] = allowHeader
	c.Status(http.StatusNoContent)
}

// MethodNotAllowed answers a method a read-only resource does not support. As an
// engine's NoMethod handler (with HandleMethodNotAllowed), it also answers the
// methods gin does not route by name: where GET is among the methods gin found
// for the path, the resource is one of Get's; otherwise Allow keeps gin's list.
func MethodNotAllowed(c *gin.Context) {
	h := c.Writer.Header()
	if c.FullPath() != "" || strings.Contains(h.Get("Allow"), http.MethodGet) {
		h["Allow"] = allowHeader
	}
	c.Data(http.StatusMethodNotAllowed, "text/plain; charset=utf-8", []byte("405 method not allowed\n"))
}

// NotFound answers a request outside the API that no route matches with an HTML
// page, so a mistyped address in a browser still leads somewhere.
func (s *Server) NotFound(c *gin.Context) { s.notFound.send(c) }

// page is what the layout needs; Data is the page's own model.
type page struct {
	Title string
	// Crumbs lead from the home page to the parent of this page.
	Crumbs []link
	// API is the path of the page's object in the API ("" when it has none).
	API    string
	Prefix string
	CSS    string
	Data   any
}

type link struct {
	Name, URL string
}

// render executes a page template. data is the page's model.
func (s *Server) render(status int, name string, p *page, data any) *answer {
	s.renders.Add(1)
	p.Prefix = s.opts.Prefix
	p.CSS = s.cssURL
	p.Data = data
	if p.API != "" {
		p.API = s.opts.Prefix + p.API
	}
	var buf bytes.Buffer
	if err := s.templates[name].ExecuteTemplate(&buf, "layout.html", p); err != nil {
		// A template error is a bug; say so plainly rather than send half a page.
		a := newAnswer(http.StatusInternalServerError, "text/plain; charset=utf-8", "", []byte("500 internal error rendering page\n"))
		a.noStore, a.err = true, err
		return a
	}
	// Pages change whenever the repositories do: browsers revalidate every time and
	// an unchanged page costs a 304.
	return newAnswer(status, "text/html; charset=utf-8", "no-cache", buf.Bytes())
}

func (s *Server) stylesheet(c *gin.Context) { s.css.send(c) }
