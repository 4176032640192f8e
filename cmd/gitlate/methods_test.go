package main

import (
	"io"
	"net/http"
	"testing"
)

// TestMethods sends every kind of request to every kind of route of a running
// server: pages, badges, the stylesheet and /metrics are read-only (405 with Allow
// for what they do not support, OPTIONS answered), the API keeps its own answers,
// and a path nothing serves is 404 whatever the method.
func TestMethods(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	const readOnly = "GET, HEAD, OPTIONS"
	tests := []struct {
		path, method string
		status       int
		allow        string
	}{
		{"/", "GET", 200, ""},
		{"/", "POST", 405, readOnly},
		{"/projects/tinynotes/", "HEAD", 200, ""},
		{"/projects/tinynotes/", "OPTIONS", 204, readOnly},
		{"/projects/tinynotes/", "PUT", 405, readOnly},
		{"/projects/tinynotes/app/", "DELETE", 405, readOnly},
		{"/projects/tinynotes/app/ar/", "PATCH", 405, readOnly},
		{"/translate/tinynotes/app/ar/", "POST", 405, readOnly},
		{"/engage/tinynotes/ar/", "PROPFIND", 405, readOnly},
		{"/languages/ar/", "TRACE", 405, readOnly},
		{"/widgets/tinynotes/-/svg-badge.svg", "POST", 405, readOnly},
		{"/widgets/tinynotes/-/svg-badge.svg", "OPTIONS", 204, readOnly},
		{"/static/gitlate.css", "DELETE", 405, readOnly},
		{"/metrics", "GET", 200, ""},
		{"/metrics", "HEAD", 200, ""},
		{"/metrics", "OPTIONS", 204, readOnly},
		{"/metrics", "POST", 405, readOnly},
		{"/metrics", "PROPFIND", 405, readOnly},
		// The API's own answers: a read-only object refuses writes without a token,
		// and lists what it allows.
		{"/api/projects/", "GET", 200, "GET, POST, HEAD, OPTIONS"},
		{"/api/projects/tinynotes/", "DELETE", 401, "GET, PUT, PATCH, DELETE, HEAD, OPTIONS"},
		{"/api/projects/", "PROPFIND", 404, ""},
		{"/api/nope/", "POST", 404, ""},
		// Webhooks take POST only.
		{"/hooks/github/", "GET", 405, "POST"},
		{"/no/such/page", "GET", 404, ""},
		{"/no/such/page", "POST", 404, ""},
		{"/no/such/page", "PROPFIND", 404, ""},
	}
	for _, tt := range tests {
		req, err := http.NewRequest(tt.method, base+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || resp.Header.Get("Allow") != tt.allow {
			t.Errorf("%s %s: status %d, Allow %q; want %d, %q", tt.method, tt.path, resp.StatusCode, resp.Header.Get("Allow"), tt.status, tt.allow)
		}
	}
}
