package export

import (
	"encoding/binary"
	"math/big"
	"regexp"
	"slices"
	"strings"
)

// MO follows Weblate's MoExporter over translate-toolkit's mofile
// (translate/storage/mo.py): only translated units, keyed by context and source,
// sorted, with gettext's hash table, and the header without its
// POT-Creation-Date line (translate-toolkit drops it for reproducible builds).

var potCreationDate = regexp.MustCompile(`(?im)^POT-Creation-Date:.*(\n|$)`)

// moEntry is a message of an MO file: its key, and the unit giving its value
// (-1 for the header).
type moEntry struct {
	key    string
	unit   int
	valLen int
}

// moValue is the value of a unit as MO writes it, the forms of a plural joined
// with NULs (a copy of the unit, as Translation.unit returns).
func moValue(t *Translation, u Unit) string {
	withoutEOT(&u)
	return strings.Join(targets(t, &u), "\x00")
}

// writeMO makes two passes over the units: the first keeps each message's key and
// value length (the keys must be sorted, and the tables of offsets come before the
// strings), the second writes the values.
func writeMO(t *Translation, w *writer) error {
	// The store holds the header and every unit Weblate adds (translated ones).
	stored := 1
	header := potCreationDate.ReplaceAllString(poHeader(t, false), "")
	entries := []moEntry{{"", -1, len(header)}}
	for i := range t.count() {
		if err := w.next(i); err != nil {
			return err
		}
		u := t.unit(i)
		if u.State < stateTranslated {
			continue // MoExporter.add_unit skips untranslated units
		}
		stored++
		withoutEOT(&u)
		src := sources(&u)
		tg := targets(t, &u)
		// mounit.istranslated: a non-empty target (a plural's first form)
		if tg[0] == "" {
			continue
		}
		key := strings.Join(src, "\x00")
		if len(src) == 1 {
			key = src[0]
		}
		if u.Context != "" {
			key = u.Context + "\x04" + key
		}
		valLen := len(tg) - 1
		for _, s := range tg {
			valLen += len(s)
		}
		entries = append(entries, moEntry{key, i, valLen})
	}
	// Sorted by key; of one key, the last unit's value (the store is a dict).
	slices.SortStableFunc(entries, func(a, b moEntry) int { return strings.Compare(a.key, b.key) })
	n := 0
	for i := range entries {
		if i+1 < len(entries) && entries[i+1].key == entries[i].key {
			continue
		}
		entries[n] = entries[i]
		n++
	}
	entries = entries[:n]
	hashSize := nextPrime(stored * 4 / 3)
	if hashSize <= 2 {
		hashSize = 3
	}
	hashTable := make([]uint32, hashSize)
	idsLen := 0
	for i, e := range entries {
		h := hashPJW([]byte(e.key))
		cursor := uint32(new(big.Int).Mod(h, big.NewInt(int64(hashSize))).Uint64())
		inc := 1 + uint32(new(big.Int).Mod(h, big.NewInt(int64(hashSize-2))).Uint64())
		for hashTable[cursor] != 0 {
			cursor = (cursor + inc) % uint32(hashSize)
		}
		hashTable[cursor] = uint32(i + 1)
		idsLen += len(e.key) + 1
	}
	keyStart := 7*4 + 16*n + hashSize*4
	valueStart := keyStart + idsLen
	put := func(vs ...uint32) {
		for _, v := range vs {
			w.Write(binary.LittleEndian.AppendUint32(w.AvailableBuffer(), v))
		}
	}
	put(0x950412de, 0, uint32(n), 7*4, uint32(7*4+n*8), uint32(hashSize), uint32(7*4+2*n*8))
	if n == 0 {
		return nil
	}
	off := keyStart
	for _, e := range entries {
		put(uint32(len(e.key)), uint32(off))
		off += len(e.key) + 1
	}
	off = valueStart
	for _, e := range entries {
		put(uint32(e.valLen), uint32(off))
		off += e.valLen + 1
	}
	put(hashTable...)
	for i, e := range entries {
		if err := w.next(i); err != nil {
			return err
		}
		w.WriteString(e.key)
		w.WriteByte(0)
	}
	for i, e := range entries {
		if err := w.next(i); err != nil {
			return err
		}
		if e.unit < 0 {
			w.WriteString(header)
		} else {
			w.WriteString(moValue(t, t.unit(e.unit)))
		}
		w.WriteByte(0)
	}
	return nil
}

// hashPJW is translate-toolkit's hashpjw, gettext's hash of a message key stopping
// at the first NUL. Python's integers do not wrap at 32 bits as gettext's do: a
// carry past bit 31 is kept and shifted on, so the value is computed exactly.
func hashPJW(s []byte) *big.Int {
	var h uint64
	var hb *big.Int // the value once it outgrows h
	for _, c := range s {
		if c == 0 {
			break
		}
		if hb == nil && h >= 1<<58 {
			hb = new(big.Int).SetUint64(h)
		}
		if hb == nil {
			h = h<<4 + uint64(c)
			if g := h & (0xf << 28); g != 0 {
				h ^= g >> 24
				h ^= g
			}
			continue
		}
		hb.Lsh(hb, 4)
		hb.Add(hb, big.NewInt(int64(c)))
		g := new(big.Int).And(hb, big.NewInt(0xf<<28))
		if g.Sign() != 0 {
			hb.Xor(hb, new(big.Int).Rsh(g, 24))
			hb.Xor(hb, g)
		}
	}
	if hb == nil {
		return new(big.Int).SetUint64(h)
	}
	return hb
}

// nextPrime is the smallest prime at least start, as translate-toolkit (after
// gettext's hash library) finds it.
func nextPrime(start int) int {
	isPrime := func(n int) bool {
		div := 3
		sq := div * div
		for sq < n && n%div != 0 {
			div++
			sq += 4 * div
			div++
		}
		return n%div != 0
	}
	c := start | 1
	for !isPrime(c) {
		c += 2
	}
	return c
}
