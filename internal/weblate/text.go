package weblate

import (
	"encoding/binary"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dchest/siphash"
)

// PluralSeparator joins the plural forms of a string where Weblate stores them as
// one text (weblate/utils/state.py PLURAL_SEPARATOR): a change's target, the
// characters counted of a source, a unit's identity.
const PluralSeparator = "\x1e\x1e"

// JoinPlurals is the text Weblate stores for plural forms.
func JoinPlurals(forms []string) string { return strings.Join(forms, PluralSeparator) }

// Percent is Weblate's translation_percent: floor to one decimal, never 0.0 for a
// non-zero part nor 100.0 for an incomplete one (weblate/utils/stats.py
// translation_percent). complete says what an empty object (total 0) reports: 100.0
// for the "translated" measures, 0.0 for every other.
func Percent(part, total int, complete bool) float64 {
	if total <= 0 {
		if complete {
			return 100.0
		}
		return 0.0
	}
	// Integer arithmetic: floor(1000·part/total)/10 without float rounding surprises.
	tenths := int64(part) * 1000 / int64(total)
	switch {
	case tenths == 0 && part > 0:
		tenths = 1
	case tenths >= 1000 && part < total:
		tenths = 999
	}
	return float64(tenths) / 10
}

// AppendPercent writes a percentage with one decimal, always ("100.0", never "100"),
// as Weblate's API writes them; every place gitlate shows a percentage uses it.
func AppendPercent(dst []byte, p float64) []byte { return strconv.AppendFloat(dst, p, 'f', 1, 64) }

// FormatPercent is AppendPercent as a string.
func FormatPercent(p float64) string { return string(AppendPercent(nil, p)) }

// CountWords counts the whitespace-separated tokens of every form, summed, as
// Python's str.split() does (Weblate 4.15+ counts all plural forms).
func CountWords(forms []string) int {
	n := 0
	for _, f := range forms {
		n += pyFields(f)
	}
	return n
}

// CountChars counts the code points of the forms joined with the plural separator.
func CountChars(forms []string) int {
	if len(forms) == 0 {
		return 0
	}
	n := len(PluralSeparator) * (len(forms) - 1)
	for _, f := range forms {
		n += utf8.RuneCountInString(f)
	}
	return n
}

// pyFields counts tokens separated by runs of what Python's str.isspace() calls
// whitespace; that set includes U+001C–U+001F, which Go's unicode.IsSpace does not.
func pyFields(s string) int {
	n := 0
	in := false
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		if isPySpace(r) {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

func isPySpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0,
		0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// Hash is Weblate's calculate_hash (weblate/utils/hash.py): SipHash-2-4 keyed
// "Weblate Sip Hash" over the parts joined, shifted to a signed 64-bit integer.
func Hash(parts ...string) int64 {
	h := siphash.Hash(hashK0, hashK1, []byte(strings.Join(parts, "")))
	return int64(h ^ 1<<63)
}

// The SipHash key is the 16 bytes "Weblate Sip Hash", read as two little-endian words.
var (
	hashK0 = binary.LittleEndian.Uint64([]byte("Weblate "))
	hashK1 = binary.LittleEndian.Uint64([]byte("Sip Hash"))
)

// Checksum is the hexadecimal form of a unit's id_hash that Weblate's translate page
// takes as ?checksum= (weblate/utils/hash.py hash_to_checksum).
func Checksum(idHash int64) string {
	s := strconv.FormatUint(uint64(idHash)^1<<63, 16)
	return strings.Repeat("0", 16-len(s)) + s
}
