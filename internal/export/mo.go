package export

import (
	"bytes"
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

func writeMO(t *Translation) ([]byte, error) {
	t = withoutEOT(t)
	messages := map[string][]byte{}
	// The store holds the header and every unit Weblate adds (translated ones).
	stored := 1
	header := potCreationDate.ReplaceAllString(poHeader(t, false), "")
	messages[""] = []byte(header)
	for i := range t.Units {
		u := &t.Units[i]
		if u.State < stateTranslated {
			continue // MoExporter.add_unit skips untranslated units
		}
		stored++
		src := sources(u)
		tg := targets(t, u)
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
		value := strings.Join(tg, "\x00")
		messages[key] = []byte(value)
	}
	keys := make([]string, 0, len(messages))
	for k := range messages {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	hashSize := nextPrime(stored * 4 / 3)
	if hashSize <= 2 {
		hashSize = 3
	}
	hashTable := make([]uint32, hashSize)
	var ids, strs []byte
	type offsets struct{ idOff, idLen, strOff, strLen int }
	var offs []offsets
	for i, k := range keys {
		h := hashPJW([]byte(k))
		cursor := uint32(new(big.Int).Mod(h, big.NewInt(int64(hashSize))).Uint64())
		inc := 1 + uint32(new(big.Int).Mod(h, big.NewInt(int64(hashSize-2))).Uint64())
		for hashTable[cursor] != 0 {
			cursor = (cursor + inc) % uint32(hashSize)
		}
		hashTable[cursor] = uint32(i + 1)
		v := messages[k]
		offs = append(offs, offsets{len(ids), len(k), len(strs), len(v)})
		ids = append(append(ids, k...), 0)
		strs = append(append(strs, v...), 0)
	}
	n := len(keys)
	keyStart := 7*4 + 16*n + hashSize*4
	valueStart := keyStart + len(ids)
	var b bytes.Buffer
	w := func(vs ...uint32) {
		for _, v := range vs {
			_ = binary.Write(&b, binary.LittleEndian, v)
		}
	}
	w(0x950412de, 0, uint32(n), 7*4, uint32(7*4+n*8), uint32(hashSize), uint32(7*4+2*n*8))
	if n > 0 {
		for _, o := range offs {
			w(uint32(o.idLen), uint32(o.idOff+keyStart))
		}
		for _, o := range offs {
			w(uint32(o.strLen), uint32(o.strOff+valueStart))
		}
		w(hashTable...)
		b.Write(ids)
		b.Write(strs)
	}
	return b.Bytes(), nil
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
