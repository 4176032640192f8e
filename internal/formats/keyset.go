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
	slots  []int32 // index+1 into ents; 0 is empty
}

type keyEntry struct {
	hash     uint64
	off, len int32
	line     int32
}

func (ks *keySet) reset() {
	if len(ks.slots) > 1024 && len(ks.slots) > 8*len(ks.ents) {
		ks.slots = nil // sized for a far bigger file than the last one
	}
	clear(ks.slots)
	ks.buf = ks.buf[:0]
	ks.ents = ks.ents[:0]
}

// add records key, found on line. When the file had it already, it returns the
// line of its first occurrence and true.
func (ks *keySet) add(key string, line int) (int, bool) {
	if !ks.seeded {
		ks.seed, ks.seeded = maphash.MakeSeed(), true
	}
	if ks.slots == nil {
		ks.slots = make([]int32, 64)
	}
	if 2*(len(ks.ents)+1) > len(ks.slots) {
		ks.grow()
	}
	h := maphash.String(ks.seed, key)
	mask := uint64(len(ks.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := ks.slots[i]
		if s == 0 {
			ks.ents = append(ks.ents, keyEntry{hash: h, off: int32(len(ks.buf)), len: int32(len(key)), line: int32(line)})
			ks.buf = append(ks.buf, key...)
			ks.slots[i] = int32(len(ks.ents))
			return 0, false
		}
		e := &ks.ents[s-1]
		if e.hash == h && string(ks.buf[e.off:e.off+e.len]) == string(key) {
			return int(e.line), true
		}
	}
}

func (ks *keySet) grow() {
	ks.slots = make([]int32, 2*len(ks.slots))
	mask := uint64(len(ks.slots) - 1)
	for n := range ks.ents {
		i := ks.ents[n].hash & mask
		for ks.slots[i] != 0 {
			i = (i + 1) & mask
		}
		ks.slots[i] = int32(n + 1)
	}
}
