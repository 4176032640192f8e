// Package conditional formats the entity tags of the API's answers and the web pages and evaluates conditional requests against them (RFC 9110 §8.8 and §13): If-None-Match with the weak comparison, If-Modified-Since, and the gzip-encoded variant of a tag.
package conditional

import (
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// GzipSuffix ends the tag of an answer's gzip-encoded representation: a strong
// tag names one representation, so the compressed bytes get a tag of their own
// (RFC 9110 §8.8.3.3).
const GzipSuffix = "-gzip"

const hexDigits = "0123456789abcdef"

// AppendHex appends tag as the 16 hexadecimal digits of an entity tag's opaque
// value.
func AppendHex(dst []byte, tag uint64) []byte {
	for i := 60; i >= 0; i -= 4 {
		dst = append(dst, hexDigits[(tag>>uint(i))&0xF])
	}
	return dst
}

// etags caches header values by tag: a server answers the same tags all day,
// and formatting one was a request's allocation.
var etags [4096]atomic.Pointer[etagValue]

type etagValue struct {
	tag uint64
	gz  bool
	v   []string
}

// ETag is the ETag header value of tag, a strong entity tag: its hexadecimal
// digits quoted, with GzipSuffix for the gzip-encoded representation (gz). The
// slice is shared: callers put it in a header as it is and never change it.
func ETag(tag uint64, gz bool) []string {
	i := tag
	if gz {
		i = ^i
	}
	slot := &etags[i%uint64(len(etags))]
	if e := slot.Load(); e != nil && e.tag == tag && e.gz == gz {
		return e.v
	}
	b := make([]byte, 0, 2+16+len(GzipSuffix))
	b = append(b, '"')
	b = AppendHex(b, tag)
	if gz {
		b = append(b, GzipSuffix...)
	}
	b = append(b, '"')
	e := &etagValue{tag: tag, gz: gz, v: []string{string(b)}}
	slot.Store(e)
	return e.v
}

// Match reports whether the If-None-Match values list tag, in either encoding, or
// are "*": the weak comparison RFC 9110 §13.1.2 asks for (W/ ignored), under which
// the compressed and the plain representation of the same content are both
// current.
func Match(values []string, tag uint64) bool {
	var want [16]byte
	AppendHex(want[:0], tag)
	for _, header := range values {
		for header != "" {
			var t string
			t, header, _ = strings.Cut(header, ",")
			t = strings.TrimSpace(t)
			if t == "*" {
				return true
			}
			t = strings.TrimPrefix(t, "W/")
			if len(t) < 2 || t[0] != '"' || t[len(t)-1] != '"' {
				continue
			}
			if strings.TrimSuffix(t[1:len(t)-1], GzipSuffix) == string(want[:]) {
				return true
			}
		}
	}
	return false
}

// LastModified is the Last-Modified of answers read from one snapshot.
type LastModified struct {
	Value []string  // the header; nil when the snapshot has no time
	At    time.Time // its time, to the second
	// Ambiguous is true when the snapshot before was built within the same
	// second: a date cannot tell the two apart, so only a later one proves the
	// client's copy current.
	Ambiguous bool
}

// NewLastModified is the Last-Modified of a snapshot built at built, after one
// built at previous (zero: none).
func NewLastModified(built, previous time.Time) LastModified {
	if built.IsZero() {
		return LastModified{}
	}
	at := built.UTC().Truncate(time.Second)
	return LastModified{Value: []string{at.Format(http.TimeFormat)}, At: at,
		Ambiguous: !previous.IsZero() && previous.UTC().Truncate(time.Second).Equal(at)}
}

// NotModified evaluates If-None-Match, or If-Modified-Since when there is none
// (RFC 9110 §13.2.2), for an answer with tag and last modification lm (nil:
// none): true when the client's copy is current and a 304 answers it.
func NotModified(hdr http.Header, tag uint64, lm *LastModified) bool {
	if inm := hdr["If-None-Match"]; len(inm) > 0 {
		return Match(inm, tag)
	}
	ims := hdr["If-Modified-Since"]
	if len(ims) == 0 || lm == nil || lm.Value == nil {
		return false
	}
	t, err := http.ParseTime(ims[0])
	if err != nil {
		return false
	}
	if lm.Ambiguous {
		return t.After(lm.At)
	}
	return !t.Before(lm.At)
}
