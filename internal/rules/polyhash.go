package rules

import (
	"math/bits"
	"math/rand/v2"
)

// polyHash hashes the substrings of a text in constant time each: a
// polynomial of its bytes modulo the prime 2^61-1, with a base drawn at
// random for the process, so that a text cannot be written to make its
// substrings collide (a fixed base, or arithmetic modulo 2^64, can be).
// Callers compare the substrings a hash finds.
type polyHash struct {
	prefix, pow []uint64
}

// polyKey identifies a substring: its hash and its length.
type polyKey struct {
	hash uint64
	n    int
}

const polyMod = 1<<61 - 1

var polyBase = 256 + rand.Uint64N(polyMod-512)

func polyMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	// a·b = hi·2^64 + lo, and 2^64 ≡ 8 (mod 2^61-1).
	r := (hi << 3) | (lo >> 61)
	r += lo & polyMod
	for r >= polyMod {
		r -= polyMod
	}
	return r
}

func newPolyHash(text string) polyHash {
	h := polyHash{prefix: make([]uint64, len(text)+1), pow: make([]uint64, len(text)+1)}
	h.pow[0] = 1
	for i := 0; i < len(text); i++ {
		h.prefix[i+1] = (polyMul(h.prefix[i], polyBase) + uint64(text[i]) + 1) % polyMod
		h.pow[i+1] = polyMul(h.pow[i], polyBase)
	}
	return h
}

// key is the key of text[a:b].
func (h polyHash) key(a, b int) polyKey {
	v := h.prefix[b] + polyMod - polyMul(h.prefix[a], h.pow[b-a])
	return polyKey{v % polyMod, b - a}
}
