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
	hashes []uint64 // the table: a key's hash with its lowest bit set; 0 is empty
	index  []int32  // for each slot of hashes, the entry of ents
}

// keyEntry is a key: data[off:off+n], or copies[-off-1:][:n] when off < 0.
type keyEntry struct {
	off, n, line int32
}

// reset empties the set for a new file.
func (ks *keySet) reset(data []byte) {
	if len(ks.hashes) > 1<<16 && len(ks.hashes) > 8*len(ks.ents) {
		ks.hashes, ks.index = nil, nil // sized for a far bigger file than the last one
	}
	clear(ks.hashes)
	ks.data, ks.copies, ks.ents = data, ks.copies[:0], ks.ents[:0]
}

// reserve makes room for n keys at once (a parser that can guess the count).
func (ks *keySet) reserve(n int) {
	if 2*n > len(ks.hashes) {
		size := 256
		for size < 2*n {
			size *= 2
		}
		ks.hashes, ks.index = make([]uint64, size), make([]int32, size)
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
	if 2*(len(ks.ents)+1) > len(ks.hashes) {
		ks.grow()
	}
	h := maphash.Bytes(ks.seed, key) | 1
	mask := uint64(len(ks.hashes) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch ks.hashes[i] {
		case 0:
			e := keyEntry{n: int32(len(key)), line: int32(line)}
			if raw {
				e.off = int32(cap(ks.data) - cap(key)) // key is data[off:off+n]
			} else {
				e.off = -int32(len(ks.copies)) - 1
				ks.copies = append(ks.copies, key...)
			}
			ks.hashes[i] = h
			ks.index[i] = int32(len(ks.ents))
			ks.ents = append(ks.ents, e)
			return 0, false
		case h:
			if e := &ks.ents[ks.index[i]]; bytes.Equal(ks.key(e), key) {
				return int(e.line), true
			}
		}
	}
}

func (ks *keySet) grow() {
	old, oldIndex := ks.hashes, ks.index
	n := max(256, 2*len(old))
	ks.hashes, ks.index = make([]uint64, n), make([]int32, n)
	mask := uint64(n - 1)
	for j, h := range old {
		if h == 0 {
			continue
		}
		i := h & mask
		for ks.hashes[i] != 0 {
			i = (i + 1) & mask
		}
		ks.hashes[i], ks.index[i] = h, oldIndex[j]
	}
}
