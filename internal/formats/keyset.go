package formats

import (
	"bytes"
	"hash/maphash"
)

// keySet finds the keys a file repeats: an open-addressing hash table over byte
// ranges of the file itself (a key is mostly an attribute value as written) or,
// for a key that needed decoding, of a copy. Nothing in it is a pointer the
// garbage collector would follow, and parsers reuse it from file to file, so a
// file without repeats costs a hash per key.
type keySet struct {
	seed   maphash.Seed
	seeded bool
	data   []byte // the file
	copies []byte // decoded keys
	ents   []keyEntry
	// slots is the table: the high half of a key's hash over the index of its
	// entry plus one; 0 is empty. One word per slot keeps a probe to one load.
	slots []uint64
}

// keyEntry is a key: data[off:off+n], or copies[-off-1:][:n] when off < 0.
type keyEntry struct {
	off, n, line int32
}

// reset empties the set for a new file.
func (ks *keySet) reset(data []byte) {
	if len(ks.slots) > 1<<16 && len(ks.slots) > 8*len(ks.ents) {
		ks.slots = nil // sized for a far bigger file than the last one
	}
	clear(ks.slots)
	ks.data, ks.copies, ks.ents = data, ks.copies[:0], ks.ents[:0]
}

// reserve makes room for n keys at once (a parser that can guess the count).
func (ks *keySet) reserve(n int) {
	if 2*n > len(ks.slots) {
		size := 256
		for size < 2*n {
			size *= 2
		}
		ks.slots = make([]uint64, size)
	}
	if cap(ks.ents) < n {
		ks.ents = make([]keyEntry, 0, n)
	}
}

func (ks *keySet) key(e *keyEntry) []byte {
	if e.off >= 0 {
		return ks.data[e.off : e.off+e.n]
	}
	return ks.copies[-e.off-1:][:e.n]
}

// add records key, found on line; key is a slice of the file's data (raw) or
// anything else, which is copied. When the file had the key already, add
// returns the line of its first occurrence and true.
func (ks *keySet) add(key []byte, raw bool, line int) (int, bool) {
	if !ks.seeded {
		ks.seed, ks.seeded = maphash.MakeSeed(), true
	}
	if 2*(len(ks.ents)+1) > len(ks.slots) {
		ks.grow()
	}
	h := maphash.Bytes(ks.seed, key)
	tag := h &^ (1<<32 - 1)
	mask := uint64(len(ks.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := ks.slots[i]
		if s == 0 {
			e := keyEntry{n: int32(len(key)), line: int32(line)}
			if raw {
				e.off = int32(cap(ks.data) - cap(key)) // key is data[off:off+n]
			} else {
				e.off = -int32(len(ks.copies)) - 1
				ks.copies = append(ks.copies, key...)
			}
			ks.ents = append(ks.ents, e)
			ks.slots[i] = tag | uint64(len(ks.ents))
			return 0, false
		}
		if s&^(1<<32-1) == tag {
			if e := &ks.ents[uint32(s)-1]; bytes.Equal(ks.key(e), key) {
				return int(e.line), true
			}
		}
	}
}

// grow doubles the table; the keys are hashed again, since a slot keeps only
// the high half of the hash and the position comes from the low half.
func (ks *keySet) grow() {
	n := max(256, 2*len(ks.slots))
	ks.slots = make([]uint64, n)
	mask := uint64(n - 1)
	for j := range ks.ents {
		h := maphash.Bytes(ks.seed, ks.key(&ks.ents[j]))
		i := h & mask
		for ks.slots[i] != 0 {
			i = (i + 1) & mask
		}
		ks.slots[i] = h&^(1<<32-1) | uint64(j+1)
	}
}
