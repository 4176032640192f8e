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
	srcRuns, srcWords := repeatedWords(StripFormat(s, source), s.SourceBaseLang())
	tgtRuns, tgtWords := repeatedWords(StripFormat(s, target), s.BaseLang())
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
	for _, w := range splitNonWord(text) {
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

// splitNonWord cuts text at runs of non-word characters, leaving out empty
// words.
func splitNonWord(text string) []string {
	set := nonWordSet()
	return strings.FieldsFunc(text, func(r rune) bool { return set[r] })
}

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
