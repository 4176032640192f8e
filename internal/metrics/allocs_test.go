//go:build !race

// (The race detector's sync.Pool drops items on purpose, so gin's contexts are
// allocated again and counts differ under -race.)

package metrics

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

type nopWriter struct{ h http.Header }

func (w *nopWriter) Header() http.Header         { return w.h }
func (w *nopWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *nopWriter) WriteHeader(int)             {}

// TestMiddlewareDoesNotAllocate: timing a request adds no allocation to it (the API's
// hot routes allocate nothing of their own either).
func TestMiddlewareDoesNotAllocate(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(New(fixed{sample()}, nil, nil, "").Middleware())
	e.GET("/api/projects/:project/", func(c *gin.Context) { c.Status(http.StatusOK) })
	req := httptest.NewRequest("GET", "/api/projects/x/", nil)
	w := &nopWriter{h: http.Header{}}
	e.ServeHTTP(w, req) // makes the series
	if n := testing.AllocsPerRun(200, func() { e.ServeHTTP(w, req) }); n > 0 {
		t.Errorf("%.1f allocations per request", n)
	}
}
