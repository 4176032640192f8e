package formats

import "unsafe"

// strArena makes many small strings out of a few large allocations. A file's units
// are kept and dropped together, and allocating every key and value on its own was
// the largest cost of parsing after tokenizing.
//
// Bytes are only ever appended to a chunk, never rewritten, and a chunk is never
// grown in place (a full chunk is replaced by a new one), so the strings handed out
// stay immutable.
type strArena struct {
	chunk []byte
	size  int // chunk size; small files get small chunks
}

const arenaChunk = 32 << 10

func (a *strArena) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	size := a.size
	if size == 0 {
		size = arenaChunk
	}
	if len(b) > size/8 {
		return string(b)
	}
	if cap(a.chunk)-len(a.chunk) < len(b) {
		a.chunk = make([]byte, 0, size)
	}
	start := len(a.chunk)
	a.chunk = append(a.chunk, b...)
	return unsafe.String(&a.chunk[start], len(b))
}

// oneString returns a one-element slice holding v, carved from a shared backing
// array; its capacity is 1 so an append by the caller cannot touch a neighbour.
func oneString(pool *[]string, v string) []string {
	if len(*pool) == cap(*pool) {
		*pool = make([]string, 0, 256)
	}
	*pool = append(*pool, v)
	n := len(*pool)
	return (*pool)[n-1 : n : n]
}
