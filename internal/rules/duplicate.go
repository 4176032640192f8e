package rules

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// duplicateChecks are Weblate's checks of weblate/checks/duplicate.py.
var duplicateChecks = []*Check{
	{ID: "duplicate", Name: "Consecutive duplicated words", Description: "Text contains the same word twice in a row:",
		Kind: TargetCheck, Single: duplicateSingle},
}

// duplicateIgnores are the words each language (by base code) may repeat.
var duplicateIgnores = map[string][]string{
	"fy": {"jo", "mei"},
	"fr": {"vous", "nous"},
	"hi": {"कर"},
	"tr": {"tek", "adım", "gıcır", "sık"},
	"sq": {"të"},
}

// duplicateSingle is DuplicateCheck.check_single: with format strings removed,
// the source and the translation are cut into words, and the translation fails
// when its runs of a repeated word differ from the source's and some word it
// repeats is not one the source repeats.
func duplicateSingle(s *Subject, source, target string) bool {
	// Only a translation repeating a word can fail: look at it first (once
	// format strings are removed), without listing its words.
	stripped := StripFormat(s, target)
	if !hasRepeatedWord(stripped) {
		return false
	}
	tgtRuns, tgtWords := repeatedWords(stripped, s.BaseLang())
	if len(tgtWords) == 0 {
		return false
	}
	srcRuns, srcWords := repeatedWords(StripFormat(s, source), s.SourceBaseLang())
	if slices.Equal(srcRuns, tgtRuns) {
		return false
	}
	// A set: a text of many repeated words would otherwise compare every
	// word of the target with every word of the source.
	repeated := make(map[string]bool, len(srcWords))
	for _, w := range srcWords {
		repeated[w] = true
	}
	for _, w := range tgtWords {
		if !repeated[w] {
			return true
		}
	}
	return false
}

// repeatedWords is extract_groups: the lengths of the runs of one word said
// again and again in text, and those words. A word shorter than two
// characters, or one the language repeats, starts no run and ends the one
// before it.
func repeatedWords(text, lang string) (runs []int, words []string) {
	ignored := duplicateIgnores[lang]
	previous, run := "", 1
	for w := range wordsOf(text) {
		if w == previous && utf8.RuneCountInString(w) >= 2 && !slices.Contains(ignored, w) {
			run++
			continue
		}
		if run > 1 {
			runs, words = append(runs, run), append(words, previous)
			run = 1
		}
		previous = w
	}
	if run > 1 {
		runs, words = append(runs, run), append(words, previous)
	}
	return runs, words
}

// hasRepeatedWord reports whether some word of text follows itself: the
// condition of every run repeatedWords finds (it may find none where a word
// the language repeats, or a one-letter one, is all there is). It reads every
// translation, so it is wordsOf written as one loop, with a table for ASCII.
func hasRepeatedWord(text string) bool {
	nonWord := nonWords()
	nonWordASCII := &nonWord.ascii
	prev := ""
	for i := 0; i < len(text); {
		// The separators before a word, then the word: tight loops over ASCII.
		for i < len(text) {
			if c := text[i]; c < utf8.RuneSelf {
				if !nonWordASCII[c] {
					break
				}
				i++
				continue
			}
			r, size := decodeRune(text, i)
			if !nonWord.has(r) {
				break
			}
			i += size
		}
		start := i
		for i < len(text) {
			if c := text[i]; c < utf8.RuneSelf {
				if nonWordASCII[c] {
					break
				}
				i++
				continue
			}
			r, size := decodeRune(text, i)
			if nonWord.has(r) {
				break
			}
			i += size
		}
		if i == start {
			break
		}
		if w := text[start:i]; w == prev {
			return true
		} else {
			prev = w
		}
	}
	return false
}

// decodeRune is utf8.DecodeRuneInString(text[i:]) with the two- and
// three-byte forms of most scripts decoded inline.
func decodeRune(text string, i int) (rune, int) {
	c := text[i]
	switch {
	case c >= 0xc2 && c <= 0xdf && i+1 < len(text) && text[i+1]&0xc0 == 0x80:
		return rune(c&0x1f)<<6 | rune(text[i+1]&0x3f), 2
	case c >= 0xe1 && c <= 0xef && c != 0xed && i+2 < len(text) && text[i+1]&0xc0 == 0x80 && text[i+2]&0xc0 == 0x80:
		return rune(c&0x0f)<<12 | rune(text[i+1]&0x3f)<<6 | rune(text[i+2]&0x3f), 3
	}
	return utf8.DecodeRuneInString(text[i:])
}

// wordsOf yields the words of text: the runs between non-word characters.
func wordsOf(text string) func(func(string) bool) {
	return func(yield func(string) bool) {
		nonWord := nonWords()
		start := -1
		for i := 0; i < len(text); {
			r, size := rune(text[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(text[i:])
			}
			if nonWord.has(r) {
				if start >= 0 && !yield(text[start:i]) {
					return
				}
				start = -1
			} else if start < 0 {
				start = i
			}
			i += size
		}
		if start >= 0 {
			yield(text[start:])
		}
	}
}

// isNonWord tells whether r is one of nonWordSet's characters.
func isNonWord(r rune) bool { return nonWords().has(r) }

// nonWordTable is nonWordSet as tables: the duplicate check asks about every
// character of every translation. Made when the check first runs (not when
// the process starts).
type nonWordTable struct {
	ascii [utf8.RuneSelf]bool
	// bmp holds the Basic Multilingual Plane, one bit a character (8 KiB);
	// the set answers the rare characters beyond it.
	bmp [0x10000 / 64]uint64
	set map[rune]bool
	// class is ascii with the facts' bytes (targetFacts reads both at once).
	class [utf8.RuneSelf]uint8
}

func (t *nonWordTable) has(r rune) bool {
	if r < 0x10000 {
		return r >= 0 && t.bmp[r>>6]&(1<<(r&63)) != 0
	}
	return t.set[r]
}

var nonWords = sync.OnceValue(func() *nonWordTable {
	t := &nonWordTable{set: nonWordSet()}
	for r := range t.set {
		if r >= 0 && r < 0x10000 {
			t.bmp[r>>6] |= 1 << (r & 63)
		}
		if r >= 0 && r < utf8.RuneSelf {
			t.ascii[r] = true
			t.class[r] |= classNonWord
		}
	}
	for c := range t.class {
		if factByte[c] {
			t.class[c] |= classFact
		}
	}
	return t
})

// nonWordSet is the set of characters Weblate's NON_WORD expression matches:
// NON_WORD_CHARS joined inside a character class with "]" added. Python reads
// a backslash in the class as escaping the character after it, so the
// backslash of the list is no separator (it escapes "^"), and "]" is one.
var nonWordSet = sync.OnceValue(func() map[rune]bool {
	lines := dataLines("non_word_chars.txt")
	chars := make([]rune, len(lines))
	for i, l := range lines {
		r, ok := parseCodePoint(l)
		if !ok {
			panic("rules: non_word_chars.txt: " + l)
		}
		chars[i] = r
	}
	set := map[rune]bool{']': true}
	for i := 0; i < len(chars); i++ {
		r := chars[i]
		switch {
		case r == '\\' && i+1 < len(chars):
			// An escaped letter or digit would be a class like \d: not in the list.
			if n := chars[i+1]; n < utf8.RuneSelf && (n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z' || n >= '0' && n <= '9') {
				panic("rules: non_word_chars.txt: a class escape")
			}
			i++
			set[chars[i]] = true
		case r == '-' && i > 0 && i+1 < len(chars):
			panic("rules: non_word_chars.txt: a range")
		default:
			set[r] = true
		}
	}
	return set
})

// parseCodePoint reads a data line "U+00A0".
func parseCodePoint(l string) (rune, bool) {
	hex, ok := strings.CutPrefix(l, "U+")
	if !ok || hex == "" || len(hex) > 6 {
		return 0, false
	}
	var r rune
	for _, c := range hex {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | (c - '0')
		case c >= 'A' && c <= 'F':
			r = r<<4 | (c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, utf8.ValidRune(r)
}
