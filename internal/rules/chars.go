package rules

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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
const (
	// Full stops: . 。 । ۔ ։ · ෴ ។ ።
	stopChars = ".\u3002\u0964\u06d4\u0589\u00b7\u0df4\u17d4\u1362"
	// Armenian full stop set: also the colon, the Armenian comma, ? ! and `.
	stopCharsHy = ".\u3002\u0964\u06d4\u0589\u00b7\u0df4\u17d4:\u055d?!`"
	// Hindi, Bengali and Odia: the danda, its Bengali look-alike U+09F7 and
	// "|", which editors often type instead.
	stopCharsHi = ".\u0964\u09f7|"
	// Santali's full stop U+1C7E.
	stopCharsSat = ".\u1c7e"
	// Burmese: the section mark U+104B.
	stopCharsMy = ".\u104b"
	// Japanese: a source ending with ":" or ";" may end with a full stop.
	colonCharsJa = ";:\uff1a.\u3002"
	// Colons: : ： ៖
	colonChars   = ":\uff1a\u17d6"
	colonCharsHy = ":\u055d`"
	// Question marks: ? ՞ ؟ ⸮ ？ ፧ ꘏ ⳺
	questionChars   = "?\u055e\u061f\u2e2e\uff1f\u1367\ua60f\u2cfa"
	questionCharsHy = "?\u055e\u0589"
	// Greek writes the question mark as ";" (U+003B or U+037E).
	questionCharsEl = "?;\u037e"
	// Exclamation marks: ! ！ ՜ ᥄ ႟ ߹
	exclamationChars   = "!\uff01\u055c\u1944\u109f\u07f9"
	exclamationCharsMy = "!\u109f"
	// myQuestionMark is how Burmese ends a question.
	myQuestionMark = "\u1038\u104b"
)

// lastRune is the last character of s (Python's s[-1]); ok is false for "".
func lastRune(s string) (r rune, ok bool) {
	if s == "" {
		return 0, false
	}
	r, _ = utf8.DecodeLastRuneInString(s)
	return r, true
}

// charsDiffer is Check.check_chars: whether exactly one of the first (last
// when !first) characters of source and target is in set; never when either is
// empty.
func charsDiffer(source, target string, last bool, set string) bool {
	if source == "" || target == "" {
		return false
	}
	var s, t rune
	if last {
		s, _ = utf8.DecodeLastRuneInString(source)
		t, _ = utf8.DecodeLastRuneInString(target)
	} else {
		s, _ = utf8.DecodeRuneInString(source)
		t, _ = utf8.DecodeRuneInString(target)
	}
	return strings.ContainsRune(set, s) != strings.ContainsRune(set, t)
}

// endsWithOneOf reports whether s's last character is in set.
func endsWithOneOf(s, set string) bool {
	r, ok := lastRune(s)
	return ok && strings.ContainsRune(set, r)
}

// langIs is Language.is_base: whether the translation's base code is one of codes.
func (s *Subject) langIs(codes ...string) bool { return slices.Contains(codes, s.BaseLang()) }

// bothShort is the rule of the space checks that one-character strings are
// usually decimal or thousand separators.
func bothShort(source, target string) bool {
	return utf8.RuneCountInString(source) <= 1 && utf8.RuneCountInString(target) <= 1
}

func checkBeginNewline(_ *Subject, source, target string) bool {
	return charsDiffer(source, target, false, "\n")
}

func checkEndNewline(_ *Subject, source, target string) bool {
	return charsDiffer(source, target, true, "\n")
}

// checkBeginSpace compares the numbers of leading U+0020; a target of spaces
// only passes.
func checkBeginSpace(_ *Subject, source, target string) bool {
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
	if bothShort(source, target) || source == "" || target == "" {
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
	if bothShort(source, target) || source == "" || target == "" {
		return false
	}
	if strings.Contains(source, "  ") {
		return false
	}
	return strings.Contains(target, "  ")
}

// checkEndStop compares final full stops, with the sets of the languages that
// write them differently.
func checkEndStop(s *Subject, source, target string) bool {
	// A string of four characters or fewer may be shortened in translation.
	if utf8.RuneCountInString(source) <= 4 || target == "" {
		return false
	}
	// Thai and Lojban have no full stop.
	if s.langIs("th", "jbo") {
		return false
	}
	// "..." may become "…".
	if r, _ := lastRune(target); strings.HasSuffix(source, "...") && r == '…' {
		return false
	}
	switch {
	case s.langIs("ja") && endsWithOneOf(source, ":;"):
		// A Japanese sentence before a list may end with a full stop.
		return charsDiffer(source, target, true, colonCharsJa)
	case s.langIs("hy"):
		return charsDiffer(source, target, true, stopCharsHy)
	case s.langIs("hi", "bn", "or"):
		return charsDiffer(source, target, true, stopCharsHi)
	case s.langIs("sat"):
		return charsDiffer(source, target, true, stopCharsSat)
	case s.langIs("my"):
		// A Burmese question is left to end_question.
		if strings.HasSuffix(target, myQuestionMark) {
			return false
		}
		return charsDiffer(source, target, true, stopCharsMy)
	}
	return charsDiffer(source, target, true, stopChars)
}

// checkEndColon compares final colons.
func checkEndColon(s *Subject, source, target string) bool {
	if source == "" || target == "" || s.langIs("jbo") {
		return false
	}
	switch {
	case s.langIs("hy"):
		// Armenian: only a source ending with ":" is checked.
		if r, _ := lastRune(source); r == ':' {
			return charsDiffer(source, target, true, colonCharsHy)
		}
		return false
	case s.langIs("ja"):
		if endsWithOneOf(source, ":;") {
			return charsDiffer(source, target, true, colonCharsJa)
		}
		return false
	}
	return charsDiffer(source, target, true, colonChars)
}

// checkEndQuestion compares final question marks.
func checkEndQuestion(s *Subject, source, target string) bool {
	if source == "" || target == "" || s.langIs("jbo") {
		return false
	}
	srcLast, _ := lastRune(source)
	switch {
	case s.langIs("hy"):
		if srcLast == '?' {
			return charsDiffer(source, target, true, questionCharsHy)
		}
		return false
	case s.langIs("el"):
		// Greek: only a source question is checked, in one direction.
		if srcLast != '?' {
			return false
		}
		return !endsWithOneOf(target, questionCharsEl)
	case s.langIs("my"):
		return strings.HasSuffix(source, "?") != strings.HasSuffix(target, myQuestionMark)
	}
	return charsDiffer(source, target, true, questionChars)
}

// checkEndExclamation compares final exclamation marks.
func checkEndExclamation(s *Subject, source, target string) bool {
	if source == "" || target == "" {
		return false
	}
	// Basque may open the sentence with "¡" as Spanish does.
	if r, _ := lastRune(source); s.langIs("eu") && r == '!' &&
		strings.Contains(target, "¡") && strings.Contains(target, "!") {
		return false
	}
	if s.langIs("hy", "jbo") {
		return false
	}
	if s.langIs("my") {
		return charsDiffer(source, target, true, exclamationCharsMy)
	}
	// The name of the Texy! markup.
	if strings.HasSuffix(source, "Texy!") || strings.HasSuffix(target, "Texy!") {
		return false
	}
	return charsDiffer(source, target, true, exclamationChars)
}

// checkEndEllipsis compares final ellipses ("…"); "..." may become "…".
func checkEndEllipsis(s *Subject, source, target string) bool {
	if target == "" || s.langIs("jbo") {
		return false
	}
	if r, _ := lastRune(target); strings.HasSuffix(source, "...") && r == '…' {
		return false
	}
	return charsDiffer(source, target, true, "…")
}

// xmlEntity is markup.py's XML_ENTITY_MATCH (&#?\w+; with Python's Unicode \w).
var xmlEntity = regexp.MustCompile(`&#?[\p{L}\p{N}_]+;`)

// stripEntities is markup.py's strip_entities: every entity becomes a space.
func stripEntities(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	return xmlEntity.ReplaceAllLiteralString(s, " ")
}

// checkEndSemicolon compares final semicolons, entities (&amp;) aside.
func checkEndSemicolon(s *Subject, source, target string) bool {
	// Greek's ";" question mark is end_question's.
	if r, ok := lastRune(source); ok && r == '?' && s.langIs("el") {
		return false
	}
	return charsDiffer(stripEntities(source), stripEntities(target), true, ";")
}

// kashidaAfter are the Arabic letters (beh, kaf, lam) a kashida may follow.
const kashidaAfter = "\u0628\u0643\u0644"

// kashidaChars are the tatweel and the presentation forms that contain one.
const kashidaChars = "\u0640\ufcf2\ufcf3\ufcf4\ufe71\ufe77\ufe79\ufe7b\ufe7d\ufe7f"

// checkKashida fails a target with a kashida that does not follow one of the
// letters kashidaAfter (Weblate's regex says so with a lookbehind).
func checkKashida(_ *Subject, _, target string) bool {
	// Every kashida character is encoded from a byte 0xD9 (U+0640) or 0xEF
	// (the presentation forms).
	if strings.IndexByte(target, 0xd9) < 0 && strings.IndexByte(target, 0xef) < 0 {
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
	if !s.langIs("fr", "br") || s.Lang == "fr_CA" {
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
	return strings.Count(source, "\n") != strings.Count(target, "\n")
}

// checkZeroWidthSpace fails a target with a U+200B its source does not have;
// Khmer uses it between words.
func checkZeroWidthSpace(s *Subject, source, target string) bool {
	if s.langIs("km") || strings.Contains(source, "\u200b") {
		return false
	}
	return strings.Contains(target, "\u200b")
}
