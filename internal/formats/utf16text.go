package formats

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Escapes of the form \uXXXX, in Android string resources as in Java .properties
// files, Apple .strings files and JSON strings (RFC 8259 §7), name UTF-16 code
// units: a character beyond U+FFFF is written as two escapes, a high surrogate and
// a low one. A decoder of such escapes hands every character it decodes, surrogate
// or not, to a SurrogateJoiner, which writes the text as UTF-8.

// SurrogateJoiner writes characters as UTF-8, turning a high surrogate followed
// immediately by a low surrogate into the one character the pair encodes, as
// Android does and as Weblate stores translate-toolkit's text (Python joins a pair
// when it encodes the string with "surrogatepass"). A surrogate without its other
// half, which UTF-8 cannot hold, is written as U+FFFD and counted in Lone: the
// decoder can warn about it. The zero value is ready to use.
type SurrogateJoiner struct {
	high rune // a high surrogate waiting for the next character, or 0
	// Lone counts the surrogates written as U+FFFD so far.
	Lone int
}

func isHighSurrogate(r rune) bool { return r >= 0xD800 && r < 0xDC00 }
func isLowSurrogate(r rune) bool  { return r >= 0xDC00 && r < 0xE000 }

// AppendRune appends r to dst. A high surrogate is held back until the next
// character (or Flush) shows whether a low one completes it.
func (j *SurrogateJoiner) AppendRune(dst []byte, r rune) []byte {
	if j.high != 0 {
		h := j.high
		j.high = 0
		if isLowSurrogate(r) {
			return utf8.AppendRune(dst, utf16.DecodeRune(h, r))
		}
		j.Lone++
		dst = utf8.AppendRune(dst, utf8.RuneError)
	}
	switch {
	case isHighSurrogate(r):
		j.high = r
		return dst
	case isLowSurrogate(r):
		j.Lone++
		return utf8.AppendRune(dst, utf8.RuneError)
	}
	return utf8.AppendRune(dst, r)
}

// Flush ends the text: a high surrogate still held back has no partner and is
// appended as U+FFFD.
func (j *SurrogateJoiner) Flush(dst []byte) []byte {
	if j.high == 0 {
		return dst
	}
	j.high = 0
	j.Lone++
	return utf8.AppendRune(dst, utf8.RuneError)
}
