package scanner

import (
	"github.com/gitlate/gitlate/internal/snapshot"
	"strings"
	"unicode/utf8"
)

// pluralSeparator joins plural forms in Weblate's stored source, so it counts towards chars.
const pluralSeparator = snapshot.PluralSeparator

// countWords counts the whitespace-separated tokens of every form, summed, as Python's
// str.split() does (Weblate 4.15+ counts all plural forms).
func countWords(forms []string) int {
	n := 0
	for _, f := range forms {
		n += pyFields(f)
	}
	return n
}

// countChars counts the code points of the forms joined with the plural separator.
func countChars(forms []string) int {
	if len(forms) == 0 {
		return 0
	}
	n := len(pluralSeparator) * (len(forms) - 1)
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

// joinForms is the text Weblate stores for plural forms (used as a unit identity).
func joinForms(forms []string) string { return strings.Join(forms, pluralSeparator) }
