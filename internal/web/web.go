package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"

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
}

//go:embed templates/*.html static/*
var assets embed.FS

// Server renders the pages and badges of the current snapshot.
type Server struct {
	src   Source
	opts  Options
	pages map[string]*template.Template

	css    []byte
	cssTag string // ETag of css
	cssURL string // the stylesheet's address, with its content's hash as version
}

// New returns a web server reading from src.
func New(src Source, opts Options) (*Server, error) {
	opts.Prefix = strings.TrimSuffix(opts.Prefix, "/")
	s := &Server{src: src, opts: opts, pages: map[string]*template.Template{}}
	base, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "templates/layout.html")
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
		s.pages[name] = t
	}
	if s.css, err = assets.ReadFile("static/gitlate.css"); err != nil {
		return nil, err
	}
	s.cssTag = etag(s.css)
	s.cssURL = s.opts.Prefix + "/static/gitlate.css?v=" + strings.Trim(s.cssTag, `"`)
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
func (s *Server) NotFound(c *gin.Context) {
	s.render(c, http.StatusNotFound, "notfound", &page{Title: "Page not found"}, nil)
}

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

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// render executes a page template and sends it. data is the page's model.
func (s *Server) render(c *gin.Context, status int, name string, p *page, data any) {
	p.Prefix = s.opts.Prefix
	p.CSS = s.cssURL
	p.Data = data
	if p.API != "" {
		p.API = s.opts.Prefix + p.API
	}
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := s.pages[name].ExecuteTemplate(buf, "layout.html", p); err != nil {
		// A template error is a bug; say so plainly rather than send half a page.
		c.Data(http.StatusInternalServerError, "text/plain; charset=utf-8", []byte("500 internal error rendering page\n"))
		_ = c.Error(err)
		return
	}
	// Pages change whenever the repositories do: browsers revalidate every time and
	// an unchanged page costs a 304.
	send(c, status, "text/html; charset=utf-8", "no-cache", buf.Bytes())
}

// send writes a body with an ETag computed from it, answering 304 when the client
// already holds that content.
func send(c *gin.Context, status int, contentType, cacheControl string, body []byte) {
	h := c.Writer.Header()
	h.Set("Content-Type", contentType)
	if status == http.StatusOK {
		tag := etag(body)
		h.Set("ETag", tag)
		h.Set("Cache-Control", cacheControl)
		if matchETag(c.GetHeader("If-None-Match"), tag) {
			c.Status(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	c.Status(status)
	if c.Request.Method != http.MethodHead {
		_, _ = c.Writer.Write(body)
	}
}

// etag is a strong validator derived from the content itself: the same snapshot
// renders the same bytes, so the tag changes exactly when what is shown does.
func etag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// matchETag reports whether an If-None-Match header names tag (weak comparison,
// as RFC 9110 asks for If-None-Match).
func matchETag(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}

func (s *Server) stylesheet(c *gin.Context) {
	// The URL carries the content's hash, so a long lifetime is safe.
	send(c, http.StatusOK, "text/css; charset=utf-8", "public, max-age=31536000, immutable", s.css)
}
