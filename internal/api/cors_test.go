package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

// corsEngine is gitlate's router in small: the CORS middleware before routing,
// the API, a widget and a page.
func corsEngine(t *testing.T, origins ...string) http.Handler {
	t.Helper()
	srv, err := New(fixed{fixture(t)}, Options{CORSOrigins: origins})
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	if h := srv.CORS(); h != nil {
		e.Use(h)
	}
	srv.Install(e)
	e.GET("/widgets/*w", func(c *gin.Context) { c.Data(200, "image/svg+xml", []byte("<svg/>")) })
	e.GET("/projects/", func(c *gin.Context) { c.Data(200, "text/html", []byte("<p>")) })
	e.NoRoute(srv.NotFound)
	return e
}

func TestParseCORSOrigins(t *testing.T) {
	good := map[string]string{"*": "*", "https://dash.example": "https://dash.example", "HTTP://Dash.Example:8080": "http://dash.example:8080", " https://a.example ": "https://a.example"}
	for in, want := range good {
		got, err := ParseCORSOrigins([]string{in})
		if err != nil || len(got) != 1 || got[0] != want {
			t.Errorf("%q: %v %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"dash.example", "https://dash.example/", "https://dash.example/api", "ftp://x.example", "https://user@x.example", "https://"} {
		if _, err := ParseCORSOrigins([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if got, err := ParseCORSOrigins([]string{"", " "}); err != nil || got != nil {
		t.Errorf("empty values: %v %v", got, err)
	}
}

// TestCORSOffByDefault: no origins, no middleware and no CORS headers, as in
// Weblate without CORS settings.
func TestCORSOffByDefault(t *testing.T) {
	srv, err := New(fixed{fixture(t)}, Options{})
	if err != nil || srv.CORS() != nil {
		t.Fatalf("CORS on without origins: %v", err)
	}
	got := do(t, corsEngine(t), "GET", "/api/projects/", "Origin", "https://dash.example")
	if got.header.Get("Access-Control-Allow-Origin") != "" || strings.Contains(got.header.Get("Vary"), "Origin") {
		t.Errorf("headers without CORS: %v", got.header)
	}
}

// TestCORSPreflight answers a browser's preflight as django-cors-headers does: 200
// with an empty body, the methods, the headers (Authorization among them for
// tokens), Max-Age; the origin ("*" or the one asking) in Allow-Origin; and for a
// list of origins, Vary on what the answer depends on.
func TestCORSPreflight(t *testing.T) {
	preflight := []string{"Origin", "https://dash.example", "Access-Control-Request-Method", "GET",
		"Access-Control-Request-Headers", "authorization,if-none-match"}
	for _, tt := range []struct {
		origins   []string
		allow     string
		varyParts []string
	}{
		{[]string{"*"}, "*", []string{"Origin"}},
		{[]string{"https://other.example", "https://dash.example"}, "https://dash.example", []string{"Origin", "Access-Control-Request-Method", "Access-Control-Request-Headers"}},
	} {
		h := corsEngine(t, tt.origins...)
		for _, path := range []string{"/api/projects/", "/api/translations/demo/android/cs/file/", "/api/nothing-here/", "/widgets/demo/-/svg-badge.svg"} {
			got := do(t, h, "OPTIONS", path, preflight...)
			if got.status != 200 || got.body != "" {
				t.Errorf("%v %s: status %d, body %q", tt.origins, path, got.status, got.body)
			}
			want := map[string]string{
				"Access-Control-Allow-Origin":  tt.allow,
				"Access-Control-Allow-Methods": "GET,HEAD,OPTIONS,POST,PUT,PATCH,DELETE",
				"Access-Control-Allow-Headers": "Accept,Accept-Language,Authorization,Content-Type,If-Modified-Since,If-None-Match,X-Requested-With",
				"Access-Control-Max-Age":       "86400",
			}
			for k, v := range want {
				if got.header.Get(k) != v {
					t.Errorf("%v %s: %s = %q, want %q", tt.origins, path, k, got.header.Get(k), v)
				}
			}
			vary := strings.Join(got.header.Values("Vary"), ", ")
			for _, p := range tt.varyParts {
				if !strings.Contains(vary, p) {
					t.Errorf("%v %s: Vary %q lacks %s", tt.origins, path, vary, p)
				}
			}
		}
		// Pages are not for other origins: their OPTIONS is the route's.
		if got := do(t, h, "OPTIONS", "/projects/", preflight...); got.header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%v: a page answered a preflight", tt.origins)
		}
	}
}

// TestCORSRequests: an allowed origin's requests get Allow-Origin and the exposed
// headers (the ETag a dashboard revalidates with); every answer varies on Origin;
// another origin gets the answer without CORS headers (the browser keeps it from
// the page), not a 403; an OPTIONS request that is not a preflight gets DRF's
// metadata, readable.
func TestCORSRequests(t *testing.T) {
	h := corsEngine(t, "https://dash.example")
	got := do(t, h, "GET", "/api/projects/demo/statistics/", "Origin", "https://dash.example")
	if got.status != 200 || got.header.Get("Access-Control-Allow-Origin") != "https://dash.example" ||
		got.header.Get("Access-Control-Expose-Headers") != "Content-Disposition,Etag" {
		t.Errorf("allowed origin: %d %v", got.status, got.header)
	}
	if v := got.header.Get("Vary"); v != "Origin, Accept, Accept-Encoding" {
		t.Errorf("Vary %q", v)
	}
	for _, hdr := range [][]string{nil, {"Origin", "https://evil.example"}} {
		got := do(t, h, "GET", "/api/projects/demo/statistics/", hdr...)
		if got.status != 200 || got.header.Get("Access-Control-Allow-Origin") != "" || got.header.Get("Vary") != "Origin, Accept, Accept-Encoding" {
			t.Errorf("%v: %d %v", hdr, got.status, got.header)
		}
	}
	if got := do(t, h, "GET", "/api/nope/", "Origin", "https://dash.example"); got.status != 404 || got.header.Get("Access-Control-Allow-Origin") == "" || got.header.Get("Vary") != "Origin, Accept" {
		t.Errorf("404: %d %v", got.status, got.header)
	}
	meta := do(t, h, "OPTIONS", "/api/projects/", "Origin", "https://dash.example")
	if !strings.HasPrefix(meta.body, `{"name":"Project List"`) || meta.header.Get("Access-Control-Allow-Origin") != "https://dash.example" {
		t.Errorf("metadata OPTIONS: %s %v", meta.body, meta.header)
	}
	widget := do(t, h, "GET", "/widgets/demo/-/svg-badge.svg", "Origin", "https://dash.example")
	if widget.header.Get("Access-Control-Allow-Origin") != "https://dash.example" || widget.header.Get("Vary") != "Origin" {
		t.Errorf("widget: %v", widget.header)
	}
	if page := do(t, h, "GET", "/projects/", "Origin", "https://dash.example"); page.header.Get("Access-Control-Allow-Origin") != "" || page.header.Get("Vary") != "" {
		t.Errorf("page: %v", page.header)
	}
	all := corsEngine(t, "*")
	if got := do(t, all, "GET", "/api/", "Origin", "https://anyone.example"); got.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("*: %v", got.header)
	}
}
