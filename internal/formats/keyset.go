package formats

import "hash/maphash"

// keySet finds the keys a file repeats. It keeps a copy of every key (a streamed
// unit's key is gone once the next unit is read) in one buffer, indexed by an
// open-addressing hash table; parsers reuse it from file to file, so a file
// without repeats costs a hash and a copy per key.
type keySet struct {
	seed   maphash.Seed
	seeded bool
	buf    []byte
	ents   []keyEntry
	hashes []uint64 // the table: a key's hash with its lowest bit set; 0 is empty
	index  []int32  // for each slot of hashes, the entry of ents
}

type keyEntry struct {
	off, len int32
	line     int32
}

func (ks *keySet) reset() {
	if len(ks.hashes) > 1<<16 && len(ks.hashes) > 8*len(ks.ents) {
		ks.hashes, ks.index = nil, nil // sized for a far bigger file than the last one
	}
	clear(ks.hashes)
	ks.buf = ks.buf[:0]
	ks.ents = ks.ents[:0]
}

// add records key, found on line. When the file had it already, it returns the
// line of its first occurrence and true.
func (ks *keySet) add(key string, line int) (int, bool) {
	if !ks.seeded {
		ks.seed, ks.seeded = maphash.MakeSeed(), true
	}
	if 2*(len(ks.ents)+1) > len(ks.hashes) {
		ks.grow()
	}
	h := maphash.String(ks.seed, key) | 1
	mask := uint64(len(ks.hashes) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch ks.hashes[i] {
		case 0:
			ks.hashes[i] = h
			ks.index[i] = int32(len(ks.ents))
			ks.ents = append(ks.ents, keyEntry{off: int32(len(ks.buf)), len: int32(len(key)), line: int32(line)})
			ks.buf = append(ks.buf, key...)
			return 0, false
		case h:
			if e := &ks.ents[ks.index[i]]; string(ks.buf[e.off:e.off+e.len]) == key {
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
