package formats

import (
	"unicode/utf16"
	"unicode/utf8"
)

// xmlEncoding is the character encoding a document's bytes are in.
type xmlEncoding uint8

const (
	encUTF8 xmlEncoding = iota
	encUTF16LE
	encUTF16BE
)

func (e xmlEncoding) String() string {
	switch e {
	case encUTF16LE:
		return "UTF-16LE"
	case encUTF16BE:
		return "UTF-16BE"
	}
	return "UTF-8"
}

// sniffEncoding finds a UTF-16 document the way libxml2's xmlDetectCharEncoding
// does, from its first bytes: a byte order mark (skip is its length), or, without
// one, "<?" written in UTF-16 (the start of an XML declaration). Everything else is
// read as UTF-8. (UTF-32 and EBCDIC, which libxml2 also detects, are not read.)
func sniffEncoding(b []byte) (enc xmlEncoding, skip int) {
	if len(b) < 2 {
		return encUTF8, 0
	}
	switch {
	case b[0] == 0xFF && b[1] == 0xFE:
		return encUTF16LE, 2
	case b[0] == 0xFE && b[1] == 0xFF:
		return encUTF16BE, 2
	case len(b) >= 4 && b[0] == '<' && b[1] == 0 && b[2] == '?' && b[3] == 0:
		return encUTF16LE, 0
	case len(b) >= 4 && b[0] == 0 && b[1] == '<' && b[2] == 0 && b[3] == '?':
		return encUTF16BE, 0
	}
	return encUTF8, 0
}

// appendUTF16 appends the UTF-8 form of UTF-16 text to dst. A surrogate without its
// other half cannot be decoded: bad is then the length of dst up to it (what was
// decoded before it, for the error's line), else -1. A last odd byte is ignored, as
// libxml2 ignores an incomplete character at the end of its input.
func appendUTF16(dst, src []byte, big bool) (out []byte, bad int) {
	unit := func(i int) rune {
		if big {
			return rune(src[i])<<8 | rune(src[i+1])
		}
		return rune(src[i+1])<<8 | rune(src[i])
	}
	n := len(src) &^ 1
	for i := 0; i < n; i += 2 {
		r := unit(i)
		switch {
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
			continue
		case utf16.IsSurrogate(r):
			if i+3 >= n {
				return dst, len(dst)
			}
			r = utf16.DecodeRune(r, unit(i+2))
			if r == utf8.RuneError {
				return dst, len(dst)
			}
			i += 2
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst, -1
}
