package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-contrib/cors"
	"github.com/gin-gonic/gin"
)

// Cross-origin requests (CORS), so that a dashboard served from another origin can
// read the API and the widgets from a browser. Weblate answers them with
// django-cors-headers, off until its settings name origins (the Docker image's
// WEBLATE_CORS_ALLOWED_ORIGINS, or WEBLATE_CORS_ALLOW_ALL_ORIGINS); gitlate is off
// until --cors-origin names some. gin-contrib/cors writes the headers; two
// cases are answered here as django-cors-headers answers them rather than as that
// library would: a request from an origin not listed is served without CORS headers
// (the browser keeps the answer from the page; the library answers 403, which would
// also refuse same-site requests a proxy makes look foreign), and an OPTIONS request
// without Access-Control-Request-Method is not a preflight but a request of its own
// (DRF's metadata), which the route answers (the library answers every OPTIONS
// request as a preflight).

// corsMaxAge is how long a browser may keep a preflight's answer: django-cors-headers'
// default (CORS_PREFLIGHT_MAX_AGE). Browsers cap it lower (Chromium at two hours).
const corsMaxAge = 24 * time.Hour

var (
	// corsMethods are the methods the API answers (unsafe ones need a token).
	corsMethods = []string{"GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"}
	// corsHeaders are the request headers a page may send: django-cors-headers'
	// defaults that matter here (Authorization for a token, Content-Type for a JSON
	// body) and the conditional-request headers a dashboard that polls sets itself.
	corsHeaders = []string{"Accept", "Accept-Language", "Authorization", "Content-Type",
		"If-Modified-Since", "If-None-Match", "X-Requested-With"}
	// corsExposed are the response headers a page may read beyond the safelisted
	// ones (Last-Modified, Content-Type, Cache-Control are already).
	corsExposed = []string{"Content-Disposition", "ETag"}
)

// ParseCORSOrigins checks and normalizes --cors-origin values: "*" (any origin) or
// origins in the form browsers send them, scheme://host[:port] without a path.
// It is New's check, exported so the command can refuse a typo before scanning.
func ParseCORSOrigins(origins []string) ([]string, error) {
	var out []string
	for _, o := range origins {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if o == "*" {
			out = append(out, o)
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
			u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return nil, fmt.Errorf("%q is not an origin: write it as a browser sends it, scheme://host[:port] without a path, or * for any", o)
		}
		out = append(out, strings.ToLower(o))
	}
	return out, nil
}

// corsHandler is the middleware of Server.CORS.
type corsHandler struct {
	all      bool
	origins  map[string]bool
	lib      gin.HandlerFunc
	api      string // path prefix of the API ("/prefix/api")
	widgets  string // path prefix of the widgets ("/prefix/widgets/")
	exposed  []string
	anyValue []string
}

// newCORS returns the middleware for origins (already parsed), or nil for none.
func newCORS(origins []string, prefix string) (gin.HandlerFunc, error) {
	if len(origins) == 0 {
		return nil, nil
	}
	h := &corsHandler{origins: map[string]bool{}, api: prefix + "/api", widgets: prefix + "/widgets/",
		exposed: []string{strings.Join(corsExposed, ",")}, anyValue: []string{"*"}}
	cfg := cors.Config{
		AllowMethods:  corsMethods,
		AllowHeaders:  corsHeaders,
		ExposeHeaders: corsExposed,
		MaxAge:        corsMaxAge,
		// django-cors-headers answers a preflight 200 with an empty body.
		OptionsResponseStatusCode: http.StatusOK,
	}
	for _, o := range origins {
		if o == "*" {
			h.all = true
		}
		h.origins[o] = true
	}
	if h.all {
		cfg.AllowAllOrigins = true
	} else {
		cfg.AllowOrigins = origins
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	h.lib = cors.New(cfg)
	return h.handle, nil
}

// covers reports whether a path is one the CORS headers are for: the API and the
// widgets, what a page elsewhere embeds or reads. The web pages are not.
func (h *corsHandler) covers(path string) bool {
	return strings.HasPrefix(path, h.widgets) ||
		(strings.HasPrefix(path, h.api) && (len(path) == len(h.api) || path[len(h.api)] == '/'))
}

func (h *corsHandler) handle(c *gin.Context) {
	if !h.covers(c.Request.URL.Path) {
		return
	}
	hdr := c.Writer.Header()
	// Every answer there depends on Origin (a cross-origin request gets headers a
	// same-origin one does not), so caches must key on it: the API's own Vary
	// includes it (Server.vary), the widgets get it here.
	hdr["Vary"] = varyOrigin
	origin := c.Request.Header.Get("Origin")
	if origin == "" || !(h.all || h.origins[origin]) {
		return
	}
	if c.Request.Method == http.MethodOptions && c.Request.Header.Get("Access-Control-Request-Method") == "" {
		// Not a preflight: the route answers, readable by the page.
		if h.all {
			hdr["Access-Control-Allow-Origin"] = h.anyValue
		} else {
			hdr["Access-Control-Allow-Origin"] = []string{origin}
		}
		hdr["Access-Control-Expose-Headers"] = h.exposed
		return
	}
	h.lib(c)
}

// CORS returns the middleware that answers cross-origin requests to the API and
// the widgets (preflights included), or nil when Options.CORSOrigins names none.
// It must run before routing: gitlate's engine.Use.
func (s *Server) CORS() gin.HandlerFunc { return s.cors }
