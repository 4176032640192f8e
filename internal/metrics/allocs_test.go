//go:build !race

// (The race detector makes allocation counts differ.)

package metrics

import (
	"testing"
	"time"
)

// TestObserveRequestDoesNotAllocate: timing a request adds no allocation to it (the
// API's hot routes allocate nothing of their own either).
func TestObserveRequestDoesNotAllocate(t *testing.T) {
	m := New(fixed{sample()}, nil, nil, "/prefix")
	m.ObserveRequest("/prefix/api/projects/:project/", "GET", 200, time.Millisecond) // makes the series
	if n := testing.AllocsPerRun(200, func() {
		m.ObserveRequest("/prefix/api/projects/:project/", "GET", 200, time.Millisecond)
	}); n > 0 {
		t.Errorf("%.1f allocations per request", n)
	}
}
