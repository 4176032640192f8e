//go:build !race

// (The race detector's sync.Pool drops items on purpose, so counts differ under -race.)

package api

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestHotHandlersDoNotAllocate (bench/README.md, figure 2): the documents are rendered once
// per snapshot, so answering the hot routes allocates nothing beyond what gin and
// net/http do — here, with a ResponseWriter that keeps nothing, nothing at all.
func TestHotHandlersDoNotAllocate(t *testing.T) {
	h := serverFor(t, benchSnapshot(3, 60), Options{})
	for _, target := range []string{
		"/api/components/bench/c1/statistics/",
		"/api/components/bench/c1/statistics/?page=2&format=api",
		"/api/projects/bench/languages/",
		"/api/projects/bench/",
		"/api/projects/bench/?format=api",
		"/api/",
		"/api/components/bench/c1/lock/",
		"/api/metrics/",
	} {
		req := httptest.NewRequest("GET", target, nil)
		req.Host = "gitlate.example.org"
		w := &discard{h: http.Header{}}
		h.ServeHTTP(w, req) // renders the documents
		if w.code != http.StatusOK && w.code != 0 {
			t.Fatalf("%s: status %d", target, w.code)
		}
		allocs := testing.AllocsPerRun(200, func() {
			clear(w.h)
			h.ServeHTTP(w, req)
		})
		if allocs > 0 {
			t.Errorf("%s: %.1f allocations per request, want none", target, allocs)
		}
	}
}
