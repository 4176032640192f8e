package progress

import (
	"encoding/binary"
	"errors"
	"time"
)

// Commit is what one commit of a component's history did to its translations'
// statistics: the statistics of each translation it changed (a removed one's are
// zero). It is what the change log's walk records, and stores, per commit.
type Commit struct {
	Time time.Time
	ID   [20]byte // the commit's id (a SHA-1)
	// Translations are the changed translations, by canonical language code (the
	// source translation under the source language's).
	Translations []Translation
}

// Translation is one translation's statistics in a Commit.
type Translation struct {
	Language string
	Stats    Stats
}

// packed is Stats as the Index keeps them.
type packed [11]int32

func pack(s *Stats) packed {
	return packed{int32(s.Total), int32(s.Translated), int32(s.Fuzzy), int32(s.Approved), int32(s.Readonly),
		int32(s.TotalWords), int32(s.TranslatedWords), int32(s.FuzzyWords),
		int32(s.TotalChars), int32(s.TranslatedChars), int32(s.FuzzyChars)}
}

func (p *packed) addTo(s *Stats, sign int) {
	s.Total += sign * int(p[0])
	s.Translated += sign * int(p[1])
	s.Fuzzy += sign * int(p[2])
	s.Approved += sign * int(p[3])
	s.Readonly += sign * int(p[4])
	s.TotalWords += sign * int(p[5])
	s.TranslatedWords += sign * int(p[6])
	s.FuzzyWords += sign * int(p[7])
	s.TotalChars += sign * int(p[8])
	s.TranslatedChars += sign * int(p[9])
	s.FuzzyChars += sign * int(p[10])
}

// Encode writes c as the store keeps it: the time (Unix microseconds), the id,
// and each translation's code and counts, as varints.
func (c *Commit) Encode() []byte {
	b := make([]byte, 0, 32+len(c.Translations)*24)
	b = binary.AppendVarint(b, c.Time.UnixMicro())
	b = append(b, c.ID[:]...)
	b = binary.AppendUvarint(b, uint64(len(c.Translations)))
	for i := range c.Translations {
		t := &c.Translations[i]
		b = binary.AppendUvarint(b, uint64(len(t.Language)))
		b = append(b, t.Language...)
		p := pack(&t.Stats)
		for _, v := range p {
			b = binary.AppendVarint(b, int64(v))
		}
	}
	return b
}

var errCorrupt = errors.New("progress: a stored commit cannot be read")

// DecodeCommit reads what Encode wrote.
func DecodeCommit(b []byte) (Commit, error) {
	var c Commit
	at, n := binary.Varint(b)
	if n <= 0 || len(b) < n+20 {
		return c, errCorrupt
	}
	c.Time = time.UnixMicro(at).UTC()
	b = b[n:]
	copy(c.ID[:], b)
	b = b[20:]
	count, n := binary.Uvarint(b)
	if n <= 0 || count > uint64(len(b)) {
		return c, errCorrupt
	}
	b = b[n:]
	c.Translations = make([]Translation, count)
	for i := range c.Translations {
		l, n := binary.Uvarint(b)
		if n <= 0 || uint64(len(b)-n) < l {
			return c, errCorrupt
		}
		c.Translations[i].Language = string(b[n : n+int(l)])
		b = b[n+int(l):]
		var p packed
		for j := range p {
			v, n := binary.Varint(b)
			if n <= 0 {
				return c, errCorrupt
			}
			p[j] = int32(v)
			b = b[n:]
		}
		p.addTo(&c.Translations[i].Stats, 1)
	}
	if len(b) != 0 {
		return c, errCorrupt
	}
	return c, nil
}
