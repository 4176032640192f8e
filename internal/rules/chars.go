package rules

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// charsChecks are Weblate's checks of weblate/checks/chars.py (max-length is in
// placeholders.go). Lengths and the first and last characters are counted in
// code points, as Python's str does.
var charsChecks = []*Check{
	{ID: "begin_newline", Name: "Starting newline",
		Description: "Source and translation do not both start with a newline",
		Kind:        TargetCheck, Single: checkBeginNewline},
	{ID: "end_newline", Name: "Trailing newline",
		Description: "Source and translation do not both end with a newline",
		Kind:        TargetCheck, Single: checkEndNewline},
	{ID: "begin_space", Name: "Starting spaces",
		Description: "Source and translation do not both start with same number of spaces",
		Kind:        TargetCheck, Single: checkBeginSpace},
	{ID: "end_space", Name: "Trailing space",
		Description: "Source and translation do not both end with a space",
		Kind:        TargetCheck, Single: checkEndSpace},
	{ID: "double_space", Name: "Double space",
		Description: "Translation contains double space",
		Kind:        TargetCheck, Single: checkDoubleSpace},
	{ID: "end_stop", Name: "Mismatched full stop",
		Description: "Source and translation do not both end with a full stop",
		Kind:        TargetCheck, Single: checkEndStop},
	{ID: "end_colon", Name: "Mismatched colon",
		Description: "Source and translation do not both end with a colon",
		Kind:        TargetCheck, Single: checkEndColon},
	{ID: "end_question", Name: "Mismatched question mark",
		Description: "Source and translation do not both end with a question mark",
		Kind:        TargetCheck, Single: checkEndQuestion},
	{ID: "end_exclamation", Name: "Mismatched exclamation mark",
		Description: "Source and translation do not both end with an exclamation mark",
		Kind:        TargetCheck, Single: checkEndExclamation},
	{ID: "end_ellipsis", Name: "Mismatched ellipsis",
		Description: "Source and translation do not both end with an ellipsis",
		Kind:        TargetCheck, Single: checkEndEllipsis},
	{ID: "end_semicolon", Name: "Mismatched semicolon",
		Description: "Source and translation do not both end with a semicolon",
		Kind:        TargetCheck, Single: checkEndSemicolon},
	{ID: "kashida", Name: "Kashida letter used",
		Description: "The decorative kashida letters should not be used",
		Kind:        TargetCheck, Single: checkKashida},
	{ID: "punctuation_spacing", Name: "Punctuation spacing",
		Description: "Missing non breakable space before double punctuation sign",
		Kind:        TargetCheck, Single: checkPunctuationSpacing},
	{ID: "escaped_newline", Name: `Mismatched \n`,
		Description: `Number of \n literals in translation does not match source`,
		Kind:        TargetCheck, Single: checkEscapedNewline},
	{ID: "newline-count", Name: "Mismatching line breaks",
		Description: "Number of new lines in translation does not match source",
		Kind:        TargetCheck, Single: checkNewlineCount},
	{ID: "zero-width-space", Name: "Zero-width space",
		Description: "Translation contains extra zero-width space character",
		Kind:        TargetCheck, Single: checkZeroWidthSpace},
}

// The sets of final characters Weblate's chars.py compares, per check and
// language, written as escapes where the character is not ASCII.
var (
	// Full stops: . 。 । ۔ ։ · ෴ ។ ።
	stopChars = newRuneSet(".\u3002\u0964\u06d4\u0589\u00b7\u0df4\u17d4\u1362")
	// Armenian full stop set: also the colon, the Armenian comma, ? ! and `.
	stopCharsHy = newRuneSet(".\u3002\u0964\u06d4\u0589\u00b7\u0df4\u17d4:\u055d?!`")
	// Hindi, Bengali and Odia: the danda, its Bengali look-alike U+09F7 and
	// "|", which editors often type instead.
	stopCharsHi = newRuneSet(".\u0964\u09f7|")
	// Santali's full stop U+1C7E.
	stopCharsSat = newRuneSet(".\u1c7e")
	// Burmese: the section mark U+104B.
	stopCharsMy = newRuneSet(".\u104b")
	// Japanese: a source ending with ":" or ";" may end with a full stop.
	colonCharsJa = newRuneSet(";:\uff1a.\u3002")
	// Colons: : ： ៖
	colonChars   = newRuneSet(":\uff1a\u17d6")
	colonCharsHy = newRuneSet(":\u055d`")
	// Question marks: ? ՞ ؟ ⸮ ？ ፧ ꘏ ⳺
	questionChars   = newRuneSet("?\u055e\u061f\u2e2e\uff1f\u1367\ua60f\u2cfa")
	questionCharsHy = newRuneSet("?\u055e\u0589")
	// Greek writes the question mark as ";" (U+003B or U+037E).
	questionCharsEl = newRuneSet("?;\u037e")
	// Exclamation marks: ! ！ ՜ ᥄ ႟ ߹
	exclamationChars   = newRuneSet("!\uff01\u055c\u1944\u109f\u07f9")
	exclamationCharsMy = newRuneSet("!\u109f")
	newlineChars       = newRuneSet("\n")
	ellipsisChars      = newRuneSet("…")
	semicolonChars     = newRuneSet(";")
	// japaneseListEnds end a Japanese sentence before a list.
	japaneseListEnds = newRuneSet(":;")
)

// myQuestionMark is how Burmese ends a question.
const myQuestionMark = "\u1038\u104b"

// runeSet is a small set of characters: a bit mask for ASCII, a list for the
// rest. The checks ask every unit's last characters about several such sets.
type runeSet struct {
	ascii [2]uint64
	other []rune
}

func newRuneSet(chars string) *runeSet {
	rs := &runeSet{}
	for _, r := range chars {
		if r < utf8.RuneSelf {
			rs.ascii[r>>6] |= 1 << (r & 63)
		} else {
			rs.other = append(rs.other, r)
		}
	}
	return rs
}

func (rs *runeSet) has(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && rs.ascii[r>>6]&(1<<(r&63)) != 0
	}
	for _, o := range rs.other {
		if o == r {
			return true
		}
	}
	return false
}

// pairEnds are the first and last characters (Python's s[0] and s[-1]) of
// the source and target a character check judges: a dozen checks read them,
// so they are decoded once per pair.
type pairEnds struct {
	source, target string
	valid          bool
	// empty: the source or the target is "" (its runes are then -1).
	empty                                bool
	srcFirst, srcLast, tgtFirst, tgtLast rune
}

// ends returns the ends of source and target, the last pair's when the
// strings are that pair's.
func (s *Subject) ends(source, target string) *pairEnds {
	e := &s.pair
	// The checks of a pair pass it the same strings: comparing where they lie
	// answers without comparing bytes.
	if e.valid && len(e.source) == len(source) && len(e.target) == len(target) &&
		unsafe.StringData(e.source) == unsafe.StringData(source) && unsafe.StringData(e.target) == unsafe.StringData(target) {
		return e
	}
	*e = pairEnds{source: source, target: target, valid: true, srcFirst: -1, srcLast: -1, tgtFirst: -1, tgtLast: -1}
	e.empty = source == "" || target == ""
	if source != "" {
		e.srcFirst, e.srcLast = firstRune(source), lastRuneOf(source)
	}
	if target != "" {
		e.tgtFirst, e.tgtLast = firstRune(target), lastRuneOf(target)
	}
	return e
}

func firstRune(s string) rune {
	if s[0] < utf8.RuneSelf {
		return rune(s[0])
	}
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRuneOf(s string) rune {
	if c := s[len(s)-1]; c < utf8.RuneSelf {
		return rune(c)
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// lastDiffer is Check.check_chars on the last characters: whether exactly one
// of source's and target's is in set; never when either is empty.
func (s *Subject) lastDiffer(source, target string, set *runeSet) bool {
	e := s.ends(source, target)
	return !e.empty && set.has(e.srcLast) != set.has(e.tgtLast)
}

// firstDiffer is check_chars on the first characters.
func (s *Subject) firstDiffer(source, target string, set *runeSet) bool {
	e := s.ends(source, target)
	return !e.empty && set.has(e.srcFirst) != set.has(e.tgtFirst)
}

// lastIn reports whether text's last character is in set (false for "").
func lastIn(text string, set *runeSet) bool {
	return text != "" && set.has(lastRuneOf(text))
}

// langSet is a set of the languages the checks make exceptions for, one bit
// each, so that a check asks "is this Japanese?" with one AND, not string
// comparisons, for every unit.
type langSet uint16

const (
	langTh langSet = 1 << iota
	langJbo
	langJa
	langHy
	langHi
	langBn
	langOr
	langSat
	langMy
	langEl
	langEu
	langKm
	langFr
	langBr
)

// exceptionLangs are the base codes of langSet's bits.
var exceptionLangs = map[string]langSet{
	"th": langTh, "jbo": langJbo, "ja": langJa, "hy": langHy, "hi": langHi, "bn": langBn,
	"or": langOr, "sat": langSat, "my": langMy, "el": langEl, "eu": langEu, "km": langKm,
	"fr": langFr, "br": langBr,
}

// langIs is Language.is_base: whether the translation's base code is one of set.
func (s *Subject) langIs(set langSet) bool { return s.langBit&set != 0 }

// bothShort is the rule of the space checks that one-character strings are
// usually decimal or thousand separators.
func bothShort(source, target string) bool {
	return atMostRunes(source, 1) && atMostRunes(target, 1)
}

func checkBeginNewline(s *Subject, source, target string) bool {
	return s.firstDiffer(source, target, newlineChars)
}

func checkEndNewline(s *Subject, source, target string) bool {
	return s.lastDiffer(source, target, newlineChars)
}

// checkBeginSpace compares the numbers of leading U+0020; a target of spaces
// only passes.
func checkBeginSpace(_ *Subject, source, target string) bool {
	// Only a leading space on either side can make the counts differ.
	if (source == "" || source[0] != ' ') && (target == "" || target[0] != ' ') {
		return false
	}
	if bothShort(source, target) {
		return false
	}
	st := strings.TrimLeft(target, " ")
	if st == "" {
		return false
	}
	return len(source)-len(strings.TrimLeft(source, " ")) != len(target)-len(st)
}

// checkEndSpace compares the numbers of trailing U+0020.
func checkEndSpace(_ *Subject, source, target string) bool {
	if source == "" || target == "" || (source[len(source)-1] != ' ' && target[len(target)-1] != ' ') {
		return false
	}
	if bothShort(source, target) {
		return false
	}
	st := strings.TrimRight(target, " ")
	if st == "" {
		return false
	}
	return len(source)-len(strings.TrimRight(source, " ")) != len(target)-len(st)
}

// checkDoubleSpace fails a target with two spaces in a row that its source
// does not have.
func checkDoubleSpace(_ *Subject, source, target string) bool {
	if source == "" || !strings.Contains(target, "  ") || bothShort(source, target) {
		return false
	}
	return !strings.Contains(source, "  ")
}

// checkEndStop compares final full stops, with the sets of the languages that
// write them differently.
func checkEndStop(s *Subject, source, target string) bool {
	// A string of four characters or fewer may be shortened in translation.
	if target == "" || atMostRunes(source, 4) {
		return false
	}
	// Thai and Lojban have no full stop.
	if s.langIs(langTh | langJbo) {
		return false
	}
	e := s.ends(source, target)
	// "..." may become "…".
	if e.tgtLast == '…' && strings.HasSuffix(source, "...") {
		return false
	}
	switch {
	case s.langIs(langJa) && japaneseListEnds.has(e.srcLast):
		// A Japanese sentence before a list may end with a full stop.
		return s.lastDiffer(source, target, colonCharsJa)
	case s.langIs(langHy):
		return s.lastDiffer(source, target, stopCharsHy)
	case s.langIs(langHi | langBn | langOr):
		return s.lastDiffer(source, target, stopCharsHi)
	case s.langIs(langSat):
		return s.lastDiffer(source, target, stopCharsSat)
	case s.langIs(langMy):
		// A Burmese question is left to end_question.
		if strings.HasSuffix(target, myQuestionMark) {
			return false
		}
		return s.lastDiffer(source, target, stopCharsMy)
	}
	return s.lastDiffer(source, target, stopChars)
}

// atMostRunes reports whether text has n characters or fewer, without
// counting past n+1.
func atMostRunes(text string, n int) bool {
	if len(text) <= n {
		return true
	}
	if len(text) > n*utf8.UTFMax {
		return false
	}
	return utf8.RuneCountInString(text) <= n
}

// checkEndColon compares final colons.
func checkEndColon(s *Subject, source, target string) bool {
	if source == "" || target == "" || s.langIs(langJbo) {
		return false
	}
	switch {
	case s.langIs(langHy):
		// Armenian: only a source ending with ":" is checked.
		if s.ends(source, target).srcLast == ':' {
			return s.lastDiffer(source, target, colonCharsHy)
		}
		return false
	case s.langIs(langJa):
		if japaneseListEnds.has(s.ends(source, target).srcLast) {
			return s.lastDiffer(source, target, colonCharsJa)
		}
		return false
	}
	return s.lastDiffer(source, target, colonChars)
}

// checkEndQuestion compares final question marks.
func checkEndQuestion(s *Subject, source, target string) bool {
	if source == "" || target == "" || s.langIs(langJbo) {
		return false
	}
	srcLast := s.ends(source, target).srcLast
	switch {
	case s.langIs(langHy):
		if srcLast == '?' {
			return s.lastDiffer(source, target, questionCharsHy)
		}
		return false
	case s.langIs(langEl):
		// Greek: only a source question is checked, in one direction.
		if srcLast != '?' {
			return false
		}
		return !lastIn(target, questionCharsEl)
	case s.langIs(langMy):
		return strings.HasSuffix(source, "?") != strings.HasSuffix(target, myQuestionMark)
	}
	return s.lastDiffer(source, target, questionChars)
}

// checkEndExclamation compares final exclamation marks.
func checkEndExclamation(s *Subject, source, target string) bool {
	if source == "" || target == "" {
		return false
	}
	// Basque may open the sentence with "¡" as Spanish does.
	if s.langIs(langEu) && s.ends(source, target).srcLast == '!' &&
		strings.Contains(target, "¡") && strings.Contains(target, "!") {
		return false
	}
	if s.langIs(langHy | langJbo) {
		return false
	}
	if s.langIs(langMy) {
		return s.lastDiffer(source, target, exclamationCharsMy)
	}
	if !s.lastDiffer(source, target, exclamationChars) {
		return false
	}
	// The name of the Texy! markup.
	return !strings.HasSuffix(source, "Texy!") && !strings.HasSuffix(target, "Texy!")
}

// checkEndEllipsis compares final ellipses ("…"); "..." may become "…".
func checkEndEllipsis(s *Subject, source, target string) bool {
	if target == "" || s.langIs(langJbo) {
		return false
	}
	if s.ends(source, target).tgtLast == '…' && strings.HasSuffix(source, "...") {
		return false
	}
	return s.lastDiffer(source, target, ellipsisChars)
}

// xmlEntity is markup.py's XML_ENTITY_MATCH (&#?\w+; with Python's Unicode \w).
var xmlEntity = lazyRegexp(`&#?[\p{L}\p{N}_]+;`)

// stripEntities is markup.py's strip_entities: every entity becomes a space.
func stripEntities(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	return xmlEntity().ReplaceAllLiteralString(s, " ")
}

// checkEndSemicolon compares final semicolons, entities (&amp;) aside.
func checkEndSemicolon(s *Subject, source, target string) bool {
	// Removing entities turns them into spaces: only a text whose last
	// character is ";" can end with one after it.
	if !strings.HasSuffix(source, ";") && !strings.HasSuffix(target, ";") {
		return false
	}
	// Greek's ";" question mark is end_question's.
	if s.langIs(langEl) && strings.HasSuffix(source, "?") {
		return false
	}
	return s.lastDiffer(stripEntities(source), stripEntities(target), semicolonChars)
}

// kashidaAfter are the Arabic letters (beh, kaf, lam) a kashida may follow.
const kashidaAfter = "\u0628\u0643\u0644"

// kashidaChars are the tatweel and the presentation forms that contain one.
const kashidaChars = "\u0640\ufcf2\ufcf3\ufcf4\ufe71\ufe77\ufe79\ufe7b\ufe7d\ufe7f"

// checkKashida fails a target with a kashida that does not follow one of the
// letters kashidaAfter (Weblate's regex says so with a lookbehind).
func checkKashida(_ *Subject, _, target string) bool {
	// The tatweel is U+0640; every presentation form is encoded from a byte
	// 0xEF. Arabic text has neither, mostly.
	if !strings.Contains(target, "\u0640") && strings.IndexByte(target, 0xef) < 0 {
		return false
	}
	prev := rune(-1)
	for _, r := range target {
		if strings.ContainsRune(kashidaChars, r) && !strings.ContainsRune(kashidaAfter, prev) {
			return true
		}
		prev = r
	}
	return false
}

// frenchPunctuation are the marks French writes after a (narrow) no-break space.
const frenchPunctuation = ";:?!"

// frenchSpaces are the spaces accepted before them.
const frenchSpaces = " \u00a0\u202f\u2009"

// pyIsSpace is Python's str.isspace for one character: Unicode White_Space
// plus the information separators U+001C to U+001F.
func pyIsSpace(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }

// checkPunctuationSpacing is Weblate 4.16-5.2's loop (5.3 rewrote it with
// Unicode categories): in French and Breton, except Canadian French, a ; : ?
// or ! that ends the text or a word must follow a space or another of these
// marks. Entities become spaces first.
func checkPunctuationSpacing(s *Subject, _, target string) bool {
	if !s.langIs(langFr|langBr) || s.Lang == "fr_CA" {
		return false
	}
	t := []rune(stripEntities(target))
	for i, r := range t {
		if !strings.ContainsRune(frenchPunctuation, r) {
			continue
		}
		// Inside a word or a URL ("http://") the mark is not punctuation.
		if i+1 < len(t) && !pyIsSpace(t[i+1]) {
			continue
		}
		if i == 0 || (!strings.ContainsRune(frenchSpaces, t[i-1]) && !strings.ContainsRune(frenchPunctuation, t[i-1])) {
			return true
		}
	}
	return false
}

// windowsPath is the ignore_re of EscapedNewlineCountingCheck: a path such as
// C:\\dir\name, whose "\n" is no newline.
var windowsPath = regexp.MustCompile(`[A-Z]:\\\\[^\\ ]+(\\[^\\ ]+)+`)

// checkEscapedNewline compares the counts of the two characters `\n`.
func checkEscapedNewline(_ *Subject, source, target string) bool {
	if source == "" || target == "" {
		return false
	}
	if !strings.Contains(source, `\n`) && !strings.Contains(target, `\n`) {
		return false // none on either side
	}
	source = windowsPath.ReplaceAllLiteralString(source, "")
	target = windowsPath.ReplaceAllLiteralString(target, "")
	return strings.Count(source, `\n`) != strings.Count(target, `\n`)
}

// checkNewlineCount compares the counts of newlines.
func checkNewlineCount(_ *Subject, source, target string) bool {
	if source == "" || target == "" {
		return false
	}
	// Most strings have no newline: two searches answer them.
	if strings.IndexByte(source, '\n') < 0 {
		return strings.IndexByte(target, '\n') >= 0
	}
	return strings.Count(source, "\n") != strings.Count(target, "\n")
}

// checkZeroWidthSpace fails a target with a U+200B its source does not have;
// Khmer uses it between words.
func checkZeroWidthSpace(s *Subject, source, target string) bool {
	return strings.Contains(target, "\u200b") && !s.langIs(langKm) && !strings.Contains(source, "\u200b")
}
