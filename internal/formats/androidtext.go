package formats

import (
	"errors"
	"unicode"
	"unicode/utf8"
)

// errBadUnicodeEscape is translate-toolkit's ValueError("bad unicode escape sequence");
// Weblate cannot load such a file.
var errBadUnicodeEscape = errors.New("bad unicode escape sequence")

// errNotXMLText is lxml's ValueError for text that cannot be put back into an XML
// tree: translate-toolkit re-serializes strings with markup, so a \u escape
// producing a control character, U+FFFE/U+FFFF or a surrogate makes the file fail.
var errNotXMLText = errors.New("unescaped text contains a character XML does not allow")

// androidUnescape decodes Android string-resource text exactly as translate-toolkit
// 3.9.2's AndroidResourceUnit.unescape (translate/storage/aresource.py, the version
// Weblate 4.18 uses) does, including its accidents.
//
// The Python code edits a list in place while walking it with an index that some
// edits leave one position too far, so the character after a deleted leading space
// or a dropped unknown escape is skipped by the whitespace, quote and escape rules
// (`  "ab"` gives `"b`, `\q\@` gives `\@`). Weblate stores what this function returns,
// and word and character counts are taken from it, so the accidents are reproduced
// rather than fixed: the slow path below is a line-by-line port over a gap buffer
// (the Python list splices are O(n) each, which a hostile string could make quadratic).
//
// White space between double quotes is kept as written, a newline or a tab alone
// included; outside them each run of white space becomes one space. (3.8.4, which
// Debian ships, turned a lone newline or tab into a space even between quotes;
// 3.9.0 changed that, "aresource: fix single whitespace".)
//
// A \u escape gives a UTF-16 code unit: a pair of surrogates becomes the one
// character it encodes, a lone surrogate U+FFFD (SurrogateJoiner).
func androidUnescape(text []byte, strip bool) (string, error) {
	var u unescaper
	out, err := u.appendUnescaped(nil, text, strip, false)
	return string(out), err
}

// unescaper runs androidUnescape with reusable buffers.
type unescaper struct {
	g runeGap
	// lone counts the lone surrogates written as U+FFFD since the caller reset it.
	lone int
}

// appendUnescaped appends the unescaped text to dst. forXML is for text that ttk
// puts back into an lxml tree (content with markup), which refuses characters XML
// does not allow.
func (u *unescaper) appendUnescaped(dst, text []byte, strip, forXML bool) ([]byte, error) {
	if unescapeIsIdentity(text, strip) {
		return append(dst, text...), nil // the document's own characters are all allowed
	}
	if out, ok := appendSimpleEscapes(dst, text, strip); ok {
		return out, nil
	}
	return u.appendSlow(dst, text, strip, forXML)
}

// appendSimpleEscapes handles the common case the identity test rejects, text
// with plain backslash escapes (\' \" \n \t \@ \? \\) and no white space or
// quoting to rework. Without those, the Python never moves its index out of step,
// so the escapes reduce to replacements; \n still swallows one space before it.
// ok is false (and dst unchanged) when the text needs the full algorithm.
func appendSimpleEscapes(dst, text []byte, strip bool) ([]byte, bool) {
	n := len(text)
	if n == 0 || strip && (text[0] == ' ' || text[n-1] == ' ') {
		return dst, false
	}
	start := len(dst)
	prevSpace := false
	for i := 0; i < n; i++ {
		c := text[i]
		switch c {
		case '"', '\n', '\t':
			return dst[:start], false
		case ' ':
			if prevSpace {
				return dst[:start], false
			}
			prevSpace = true
			dst = append(dst, c)
			continue
		case '\\':
			if i+1 == n { // a trailing backslash stays
				dst = append(dst, c)
				break
			}
			i++
			switch e := text[i]; e {
			case 'n', 'N':
				if len(dst) > start && dst[len(dst)-1] == ' ' {
					dst = dst[:len(dst)-1]
				}
				dst = append(dst, '\n')
			case 't', 'T':
				dst = append(dst, '\t')
			case '\'', '"', '@', '?', '\\':
				dst = append(dst, e)
			default:
				return dst[:start], false
			}
		default:
			dst = append(dst, c)
		}
		prevSpace = false
	}
	return dst, true
}

// unescapeIsIdentity is true when no rule of unescape can change the text: no
// quote, backslash, newline or tab, no run of spaces, and (when stripping) no
// leading or trailing space.
func unescapeIsIdentity(t []byte, strip bool) bool {
	if strip && len(t) > 0 && (t[0] == ' ' || t[len(t)-1] == ' ') {
		return false
	}
	prevSpace := false
	for _, c := range t {
		if unescapeSpecial[c] {
			if c != ' ' || prevSpace {
				return false
			}
			prevSpace = true
			continue
		}
		prevSpace = false
	}
	return true
}

// unescapeSpecial marks the bytes unescape can act on; a space only matters next
// to another one.
var unescapeSpecial = [256]bool{'"': true, '\\': true, '\n': true, '\t': true, ' ': true}

const eofRune rune = -1

// runeGap is a gap buffer over the Python list the algorithm edits; every edit
// happens next to the current index, so moving the gap there is cheap.
type runeGap struct {
	buf    []rune
	gs, ge int // the gap is buf[gs:ge]
}

func (g *runeGap) n() int { return len(g.buf) - (g.ge - g.gs) }

func (g *runeGap) at(k int) rune {
	if k < g.gs {
		return g.buf[k]
	}
	return g.buf[k+g.ge-g.gs]
}

func (g *runeGap) moveGap(p int) {
	if p < g.gs {
		cnt := g.gs - p
		copy(g.buf[g.ge-cnt:g.ge], g.buf[p:g.gs])
		g.gs, g.ge = p, g.ge-cnt
	} else if p > g.gs {
		cnt := p - g.gs
		copy(g.buf[g.gs:g.gs+cnt], g.buf[g.ge:g.ge+cnt])
		g.gs, g.ge = g.gs+cnt, g.ge+cnt
	}
}

// pySlice normalizes slice bounds the way Python does for list[a:b].
func pySlice(a, b, n int) (int, int) {
	norm := func(x int) int {
		if x < 0 {
			x += n
			if x < 0 {
				x = 0
			}
		} else if x > n {
			x = n
		}
		return x
	}
	a, b = norm(a), norm(b)
	if b < a {
		b = a
	}
	return a, b
}

// replace is list[a:b] = [r] (or = [] when r is noRune).
func (g *runeGap) replace(a, b int, r rune, insert bool) {
	a, b = pySlice(a, b, g.n())
	g.moveGap(b)
	g.gs = a
	if insert {
		if g.gs == g.ge {
			grown := make([]rune, len(g.buf)*2+8)
			copy(grown, g.buf[:g.gs])
			tail := len(g.buf) - g.ge
			copy(grown[len(grown)-tail:], g.buf[g.ge:])
			g.ge = len(grown) - tail
			g.buf = grown
		}
		g.buf[g.gs] = r
		g.gs++
	}
}

// del is `del list[k]`; ok is false where Python would raise IndexError.
func (g *runeGap) del(k int) bool {
	n := g.n()
	if k < 0 {
		k += n
	}
	if k < 0 || k >= n {
		return false
	}
	g.replace(k, k+1, 0, false)
	return true
}

func isWhitespaceRune(c rune) bool { return c == ' ' || c == '\n' || c == '\t' }

func unescapeSlow(text []byte, strip, forXML bool) (string, error) {
	var u unescaper
	out, err := u.appendSlow(nil, text, strip, forXML)
	return string(out), err
}

var errIndex = errors.New("index error in unescape")

func (u *unescaper) appendSlow(dst, text []byte, strip, forXML bool) ([]byte, error) {
	runes := u.g.buf[:0]
	for len(text) > 0 {
		r, size := utf8.DecodeRune(text)
		runes = append(runes, r)
		text = text[size:]
	}
	runes = append(runes, eofRune)
	u.g = runeGap{buf: runes}
	g := &u.g

	spaceCount := 0
	activeQuote := false
	activeEscape := false
	i := 0
	for i < g.n() {
		c := g.at(i)
		if !activeEscape {
			switch {
			case c != eofRune && isWhitespaceRune(c):
				spaceCount++
			case spaceCount >= 1:
				if !activeQuote || c == eofRune {
					g.replace(i-spaceCount, i, ' ', true)
					i -= spaceCount - 1
					if strip && (i == 1 || c == eofRune) {
						if !g.del(i - 1) {
							return dst, errIndex
						}
					}
				}
				spaceCount = 0
			default:
				spaceCount = 0
			}
		}

		if c == '"' && !activeEscape {
			activeQuote = !activeQuote
			if !g.del(i) {
				return dst, errIndex
			}
			i--
		}

		if c == '\\' {
			if !activeEscape {
				activeEscape = true
			} else {
				if !g.del(i) {
					return dst, errIndex
				}
				i--
				activeEscape = false
			}
		} else if activeEscape {
			switch {
			case c == eofRune:
			case c == 'n' || c == 'N':
				offset := 1
				if i >= 2 && g.at(i-2) == ' ' {
					offset = 2
				}
				g.replace(i-offset, i+1, '\n', true)
				i -= offset
			case c == 't' || c == 'T':
				g.replace(i-1, i+1, '\t', true)
				i--
			case c == ' ':
				g.replace(i-1, i+1, ' ', true)
				i--
			case c == '"' || c == '\'' || c == '@' || c == '?':
				g.replace(i-1, i, 0, false)
				i--
			case c == 'u':
				maxSlice := min(i+5, g.n()-1)
				var digits []rune
				a, b := pySlice(i+1, maxSlice, g.n())
				for k := a; k < b; k++ {
					digits = append(digits, g.at(k))
				}
				for len(digits) < 4 {
					digits = append([]rune{'0'}, digits...)
				}
				cp, ok := pyHexInt(digits)
				if !ok {
					return dst, errBadUnicodeEscape
				}
				g.replace(i-1, maxSlice, cp, true)
				i--
			default:
				g.replace(i-1, i+1, 0, false)
				i--
			}
			activeEscape = false
		}
		i++
	}

	n := g.n() - 1 // text[:-1]
	out := dst
	var sj SurrogateJoiner
	for k := 0; k < n; k++ {
		r := g.at(k)
		if r == eofRune { // only reachable if the EOF marker was moved by an edit
			continue
		}
		if forXML && !isXMLChar(r) {
			// lxml cannot put a surrogate into a tree, paired or not.
			return dst, errNotXMLText
		}
		if r < 0xD800 && sj.high == 0 {
			out = utf8.AppendRune(out, r)
			continue
		}
		out = sj.AppendRune(out, r)
	}
	out = sj.Flush(out)
	u.lone += sj.Lone
	return out, nil
}

// pyHexInt is `s.isalnum()` followed by `int(s, 16)` in Python: letters must be
// ASCII a-f, but any Unicode decimal digit counts as its value.
func pyHexInt(s []rune) (rune, bool) {
	for _, r := range s {
		if r == eofRune || !(unicode.IsLetter(r) || unicode.IsNumber(r)) {
			return 0, false
		}
	}
	var v rune
	for _, r := range s {
		var d rune
		switch {
		case r >= '0' && r <= '9':
			d = r - '0'
		case r >= 'a' && r <= 'f':
			d = r - 'a' + 10
		case r >= 'A' && r <= 'F':
			d = r - 'A' + 10
		default:
			dv, ok := decimalDigitValue(r)
			if !ok {
				return 0, false
			}
			d = dv
		}
		v = v*16 + d
	}
	return v, true
}

// decimalDigitValue is Python's unicodedata.decimal: Unicode encodes every decimal
// digit set as ten consecutive code points starting at zero.
func decimalDigitValue(r rune) (rune, bool) {
	if !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return (r - rune(rg.Lo)) % 10, true
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return (r - rune(rg.Lo)) % 10, true
		}
	}
	return 0, false
}

// appendEscapedText is libxml2's escaping of text content on serialization.
func appendEscapedText[T string | []byte](dst []byte, s T) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			dst = append(dst, "&amp;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '\r':
			dst = append(dst, "&#13;"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// appendEscapedAttr is libxml2's escaping of attribute values on serialization.
func appendEscapedAttr[T string | []byte](dst []byte, s T) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			dst = append(dst, "&amp;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '"':
			dst = append(dst, "&quot;"...)
		case '\n':
			dst = append(dst, "&#10;"...)
		case '\r':
			dst = append(dst, "&#13;"...)
		case '\t':
			dst = append(dst, "&#9;"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
