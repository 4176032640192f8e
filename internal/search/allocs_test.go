//go:build !race

// (The race detector makes allocation counts differ.)

package search

import (
	"strings"
	"testing"
)

// TestRefusedBeforeParsing: a query over MaxQueryBytes costs nothing to refuse,
// whatever its size: the refusal allocates the same (its message) for 9 KiB
// and 200 KiB, where reading either would allocate in proportion.
func TestRefusedBeforeParsing(t *testing.T) {
	small, big := strings.Repeat("NOT ", 9<<8)+"a", strings.Repeat("NOT ", 50000)+"a"
	allocs := func(q string) float64 {
		return testing.AllocsPerRun(10, func() { _, _ = Parse(q) })
	}
	if s, b := allocs(small), allocs(big); b > s || b > 5 {
		t.Errorf("refusing %d bytes makes %v allocations, %d bytes %v", len(big), b, len(small), s)
	}
}
