package formats

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/runenames"
)

// This file holds the text handling the key-value formats (Java properties, Apple
// strings, YAML) share: decoding a file's bytes as Python does for
// translate-toolkit, translate-toolkit's escape decoding of properties values, and
// the few Python string predicates the parsers transcribe.

// decodeUTF8Sig is Python's "utf-8-sig" codec, what translate-toolkit ends up with
// for a UTF-8 store (translate/storage/base.py detect_encoding: a detected
// "utf-8-sig" is used when the store's encoding is "utf-8"): one leading
// byte-order mark is dropped, and invalid UTF-8 is an error.
func decodeUTF8Sig(data []byte) (string, error) {
	data = trimUTF8BOM(data)
	if !utf8.Valid(data) {
		return "", errors.New("the file is not valid UTF-8")
	}
	return string(data), nil
}

func trimUTF8BOM(data []byte) []byte {
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		return data[3:]
	}
	return data
}

// decodePyUTF16 is Python's "utf-16" codec with strict errors: a leading
// byte-order mark chooses the byte order and is dropped; without one the data is
// little-endian (the native order of the machines Weblate runs on). An odd length
// or an unpaired surrogate is an error, as UnicodeDecodeError is for
// translate-toolkit ("Cannot detect encoding").
func decodePyUTF16(data []byte) (string, error) {
	big := false
	switch {
	case len(data) >= 2 && data[0] == 0xFF && data[1] == 0xFE:
		data = data[2:]
	case len(data) >= 2 && data[0] == 0xFE && data[1] == 0xFF:
		data, big = data[2:], true
	}
	if len(data)%2 != 0 {
		return "", errors.New("the file is not UTF-16: odd number of bytes")
	}
	out := make([]byte, 0, len(data)/2+len(data)/8)
	for i := 0; i < len(data); i += 2 {
		u := rune(data[i]) | rune(data[i+1])<<8
		if big {
			u = rune(data[i])<<8 | rune(data[i+1])
		}
		switch {
		case u < utf8.RuneSelf:
			out = append(out, byte(u))
		case utf16.IsSurrogate(u):
			if u >= 0xDC00 || i+3 >= len(data) {
				return "", fmt.Errorf("the file is not UTF-16: unpaired surrogate at byte %d", i)
			}
			lo := rune(data[i+2]) | rune(data[i+3])<<8
			if big {
				lo = rune(data[i+2])<<8 | rune(data[i+3])
			}
			r := utf16.DecodeRune(u, lo)
			if r == utf8.RuneError {
				return "", fmt.Errorf("the file is not UTF-16: unpaired surrogate at byte %d", i)
			}
			out = utf8.AppendRune(out, r)
			i += 2
		default:
			out = utf8.AppendRune(out, u)
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out)), nil // out is not used again
}

// pyStrip and pyRstrip are Python's str.strip and str.rstrip without arguments
// (pyLstrip is in po.go): they strip what str.isspace calls white space. Text that
// starts and ends with a printable ASCII character, most lines, is returned at once.
func pyStrip(s string) string {
	if s == "" || isPlainASCII(s[0]) && isPlainASCII(s[len(s)-1]) {
		return s
	}
	return strings.TrimFunc(s, pyIsSpace)
}

func pyRstrip(s string) string {
	if s == "" || isPlainASCII(s[len(s)-1]) {
		return s
	}
	return strings.TrimRightFunc(s, pyIsSpace)
}

// isPlainASCII reports an ASCII byte that is neither white space nor a control
// character (str.isspace counts \x1c-\x1f as white space).
func isPlainASCII(c byte) bool { return c > ' ' && c < 0x7F }

// pyNextChar is s[i:i+1] in Python for a byte offset i: the character starting
// there (empty at the end).
func pyNextChar(s string, i int) string {
	if i >= len(s) {
		return ""
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i : i+n]
}

// errPropDecode is a value translate-toolkit's propertiesdecode raises on.
type errPropDecode struct{ msg string }

func (e errPropDecode) Error() string { return e.msg }

// propDecode is translate-toolkit's quote.propertiesdecode (translate/misc/quote.py),
// which Weblate calls on the values of properties and strings files:
//
//   - \\ \' \" \f \n \r \t are those characters; a backslash before any other
//     character is dropped; a backslash ending the text stays;
//   - \u and \U take up to four hex digits (a Unicode digit counts with the value
//     of its code point minus '0', as Python's isdigit accepts it); a code below 32
//     other than \f \n \r \t stays written as "\u00XX";
//   - \N{NAME} is the character of that Unicode name.
//
// Python keeps lone surrogates in its strings; here a high surrogate followed by a
// low one is joined and any other surrogate becomes U+FFFD, as text must be valid
// UTF-8. An unknown name or a code past U+10FFFF is an error, as the exception is
// for Weblate.
func propDecode(s string) (string, error) {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s, nil
	}
	var d surrogateJoiner
	d.out = make([]byte, 0, len(s))
	d.out = append(d.out, s[:i]...)
	for i < len(s) {
		if s[i] != '\\' {
			j := strings.IndexByte(s[i:], '\\')
			if j < 0 {
				j = len(s) - i
			}
			d.literal(s[i : i+j])
			i += j
			continue
		}
		i++
		if i >= len(s) {
			d.literal("\\")
			continue
		}
		c, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch c {
		case '\n':
		case '\\', '\'', '"':
			d.literal(string(c))
		case 'f':
			d.literal("\f")
		case 'n':
			d.literal("\n")
		case 'r':
			d.literal("\r")
		case 't':
			d.literal("\t")
		case 'u', 'U':
			x := 0
			for digit := 0; digit < 4 && i < len(s); digit++ {
				h, hn := utf8.DecodeRuneInString(s[i:])
				h = unicode.ToLower(h)
				switch {
				case pyIsDigitRune(h):
					x = x<<4 + int(h) - '0'
				case h >= 'a' && h <= 'f':
					x = x<<4 + int(h) - 'a' + 10
				default:
					digit = 4
					continue
				}
				i += hn
			}
			switch {
			case x > unicode.MaxRune:
				return "", errPropDecode{fmt.Sprintf("\\u escape beyond U+10FFFF (%#x)", x)}
			case x >= 32, x == '\f', x == '\n', x == '\r', x == '\t':
				d.code(rune(x))
			default:
				d.literal(fmt.Sprintf("\\u%04x", x))
			}
		case 'N':
			if i >= len(s) {
				return "", errPropDecode{"\\N at the end of a value"}
			}
			if s[i] != '{' {
				d.literal("\\N")
				continue
			}
			i++
			e := strings.IndexByte(s[i:], '}')
			if e < 0 {
				d.literal("\\N")
				continue
			}
			r, ok := lookupRuneName(s[i : i+e])
			if !ok {
				return "", errPropDecode{fmt.Sprintf("undefined character name %q", s[i:i+e])}
			}
			d.code(r)
			i += e + 1
		default:
			d.literal(s[i-n : i])
		}
	}
	d.flush()
	return unsafe.String(unsafe.SliceData(d.out), len(d.out)), nil // d.out is not used again
}

// surrogateJoiner appends text, joining a high surrogate code with the low one
// that follows it; every other surrogate becomes U+FFFD.
type surrogateJoiner struct {
	out  []byte
	high rune // pending high surrogate, or 0
}

func (d *surrogateJoiner) flush() {
	if d.high != 0 {
		d.out = utf8.AppendRune(d.out, utf8.RuneError)
		d.high = 0
	}
}

func (d *surrogateJoiner) literal(s string) {
	d.flush()
	d.out = append(d.out, s...)
}

func (d *surrogateJoiner) code(r rune) {
	switch {
	case r >= 0xDC00 && r <= 0xDFFF && d.high != 0:
		d.out = utf8.AppendRune(d.out, utf16.DecodeRune(d.high, r))
		d.high = 0
	case r >= 0xD800 && r <= 0xDBFF:
		d.flush()
		d.high = r
	case r >= 0xD800 && r <= 0xDFFF:
		d.flush()
		d.out = utf8.AppendRune(d.out, utf8.RuneError)
	default:
		d.flush()
		d.out = utf8.AppendRune(d.out, r)
	}
}

// pyIsDigitRune is Python's str.isdigit for one character (Unicode 14, Python
// 3.11): decimal digits and the other characters whose numeric type is "digit".
func pyIsDigitRune(r rune) bool {
	if r < 0x80 {
		return r >= '0' && r <= '9'
	}
	if unicode.Is(unicode.Nd, r) {
		// Decimal digits Unicode 15 added, which Python 3.11 does not know.
		return !(r >= 0x11F50 && r <= 0x11F59 || r >= 0x1E4F0 && r <= 0x1E4F9)
	}
	for _, rg := range pyOtherDigits {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

// pyOtherDigits are the characters with Numeric_Type=Digit (superscripts, circled
// digits, …), which isdigit accepts besides decimal digits.
var pyOtherDigits = [][2]rune{
	{0xB2, 0xB3}, {0xB9, 0xB9}, {0x1369, 0x1371}, {0x19DA, 0x19DA}, {0x2070, 0x2070},
	{0x2074, 0x2079}, {0x2080, 0x2089}, {0x2460, 0x2468}, {0x2474, 0x247C}, {0x2488, 0x2490},
	{0x24EA, 0x24EA}, {0x24F5, 0x24FD}, {0x24FF, 0x24FF}, {0x2776, 0x277E}, {0x2780, 0x2788},
	{0x278A, 0x2792}, {0x10A40, 0x10A43}, {0x10E60, 0x10E68}, {0x11052, 0x1105A}, {0x1F100, 0x1F10A},
}

var (
	runeNamesOnce sync.Once
	runeNames     map[string]rune
)

// lookupRuneName is Python's unicodedata.lookup for character names: the names of
// the Unicode character database, compared without regard to case, and the
// algorithmic names of CJK unified ideographs and Hangul syllables, which Python
// matches in upper case only. The table is built on first use (a properties file
// practically never uses \N{…}). Name aliases and named sequences, which Python
// also accepts, are not known.
func lookupRuneName(name string) (rune, bool) {
	if hex, ok := strings.CutPrefix(name, "CJK UNIFIED IDEOGRAPH-"); ok && (len(hex) == 4 || len(hex) == 5) {
		r := rune(0)
		for _, c := range hex {
			v := strings.IndexRune("0123456789ABCDEF", c)
			if v < 0 {
				return 0, false
			}
			r = r<<4 | rune(v)
		}
		if strings.HasPrefix(runenames.Name(r), "<CJK Ideograph") {
			return r, true
		}
		return 0, false
	}
	if syl, ok := strings.CutPrefix(name, "HANGUL SYLLABLE "); ok {
		return hangulSyllable(syl)
	}
	name = strings.ToUpper(name)
	runeNamesOnce.Do(func() {
		runeNames = make(map[string]rune, 40000)
		for r := rune(0); r <= unicode.MaxRune; r++ {
			if n := runenames.Name(r); n != "" && n[0] != '<' {
				runeNames[n] = r
			}
		}
	})
	r, ok := runeNames[name]
	return r, ok
}

// The jamo short names that compose Hangul syllable names (Unicode chapter 3.12).
var (
	hangulL = strings.Split("G GG N D DD R M B BB S SS  J JJ C K T P H", " ")
	hangulV = strings.Split("A AE YA YAE EO E YEO YE O WA WAE OE YO U WEO WE WI YU EU YI I", " ")
	hangulT = strings.Split(" G GG GS N NJ NH D L LG LM LB LS LT LP LH M B BS S SS NG J C K T P H", " ")
)

func hangulSyllable(name string) (rune, bool) {
	for l, ln := range hangulL {
		rest, ok := strings.CutPrefix(name, ln)
		if !ok {
			continue
		}
		for v, vn := range hangulV {
			tail, ok := strings.CutPrefix(rest, vn)
			if !ok {
				continue
			}
			for t, tn := range hangulT {
				if tail == tn {
					return 0xAC00 + rune((l*21+v)*28+t), true
				}
			}
		}
	}
	return 0, false
}
