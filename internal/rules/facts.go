package rules

import "unicode/utf8"

// Most target checks can only fail when their source or target holds some
// character: a newline, two spaces, a "%", a "<", a final punctuation mark….
// Checker.Target reads each side of a one-form unit once, noting which of
// these characters it holds (its facts), and skips every check whose gate
// (the facts one of which it needs to fail) none of them meets. A gate only
// ever skips a check that would pass: it is a necessary condition, read from
// the check's own first tests, and TestGatesAgree runs every check both ways.

// factMask is a set of facts about a unit's source and target: the target's
// in the low 16 bits, the source's in the high ones (srcFact).
type factMask uint32

const (
	factNL           factMask = 1 << iota // a "\n" somewhere
	factFirstNL                           // the first character is "\n"
	factLastNL                            // the last character is "\n"
	factFirstSpace                        // the first character is " "
	factLastSpace                         // the last character is " "
	factDoubleSpace                       // "  " somewhere
	factEscapedNL                         // the two characters `\n` somewhere
	factPercent                           // "%" somewhere
	factLT                                // "<" somewhere
	factBracket                           // "[" somewhere
	factZeroWidth                         // U+200B somewhere
	factKashida                           // U+0640, or a byte 0xEF (every kashida presentation form)
	factEndPunct                          // the last character is one endPunct holds
	factRepeatedWord                      // a word follows itself (hasRepeatedWord; target only)

	// factKnown marks source facts worked out before (CheckUnit.srcFacts).
	factKnown factMask = 1 << 15
)

// srcFact is fact f of the source.
func srcFact(f factMask) factMask { return f << 16 }

// both is fact f of the source or of the target.
func both(f factMask) factMask { return f | srcFact(f) }

// factByte marks the bytes the facts' loop stops at.
var factByte = func() (t [256]bool) {
	for _, c := range []byte{' ', '\n', '\\', '%', '<', '[', 0xd9, 0xe2, 0xef} {
		t[c] = true
	}
	return t
}()

// endPunct holds every final character an end_* check compares, in any of
// its languages' sets: a pair where neither side ends with one passes all of
// them.
var endPunct = func() *runeSet {
	var all []rune
	for _, set := range []*runeSet{stopChars, stopCharsHy, stopCharsHi, stopCharsSat, stopCharsMy,
		colonCharsJa, colonChars, colonCharsHy, questionChars, questionCharsHy, questionCharsEl,
		exclamationChars, exclamationCharsMy, ellipsisChars, semicolonChars, japaneseListEnds} {
		for r := rune(0); r < utf8.RuneSelf; r++ {
			if set.has(r) {
				all = append(all, r)
			}
		}
		all = append(all, set.other...)
	}
	// Burmese ends a question with U+104B (end_question reads the suffix).
	lastQ, _ := utf8.DecodeLastRuneInString(myQuestionMark)
	all = append(all, lastQ)
	return newRuneSet(string(all))
}()

// textFacts are the facts of one text, in the low bits (factRepeatedWord
// aside).
func textFacts(text string) factMask {
	if text == "" {
		return 0
	}
	var f factMask
	for i := 0; i < len(text); i++ {
		if c := text[i]; factByte[c] {
			f |= byteFact(text, i)
		}
	}
	return f | endFacts(text)
}

// byteFact is the fact text[i], one of factByte's, gives.
func byteFact(text string, i int) factMask {
	switch text[i] {
	case ' ':
		if i+1 < len(text) && text[i+1] == ' ' {
			return factDoubleSpace
		}
	case '\n':
		return factNL
	case '\\':
		if i+1 < len(text) && text[i+1] == 'n' {
			return factEscapedNL
		}
	case '%':
		return factPercent
	case '<':
		return factLT
	case '[':
		return factBracket
	case 0xd9: // U+0640 is D9 80
		if i+1 < len(text) && text[i+1] == 0x80 {
			return factKashida
		}
	case 0xef:
		return factKashida
	case 0xe2: // U+200B is E2 80 8B
		if i+2 < len(text) && text[i+1] == 0x80 && text[i+2] == 0x8b {
			return factZeroWidth
		}
	}
	return 0
}

// runeFact is the fact a character beyond ASCII gives: every character
// from U+F000 is encoded from a byte 0xEF, and so is the replacement
// character an invalid byte decodes to.
func runeFact(r rune) factMask {
	switch {
	case r < 0x640:
		return 0
	case r == 0x640:
		return factKashida
	case r == 0x200b:
		return factZeroWidth
	case r >= 0xf000 && r <= 0xffff:
		return factKashida
	}
	return 0
}

// endFacts are the facts of text's first and last characters.
func endFacts(text string) factMask {
	var f factMask
	switch text[0] {
	case '\n':
		f |= factFirstNL
	case ' ':
		f |= factFirstSpace
	}
	switch text[len(text)-1] {
	case '\n':
		f |= factLastNL
	case ' ':
		f |= factLastSpace
	}
	if endPunct.has(lastRuneOf(text)) {
		f |= factEndPunct
	}
	return f
}

// targetFacts are textFacts and factRepeatedWord (hasRepeatedWord) in one
// pass over the characters: each is a separator or part of a word, as
// wordsOf cuts them, and gives its facts. The common two- and three-byte
// characters are decoded here, the rest by utf8.
func targetFacts(text string) factMask {
	if text == "" {
		return 0
	}
	nonWord := nonWords()
	class := &nonWord.class
	var f factMask
	prev := ""
	start := -1 // where the word being read starts
	for i := 0; i < len(text); {
		c := text[i]
		var sep bool
		size := 1
		if c < utf8.RuneSelf {
			k := class[c]
			if k&classFact != 0 {
				// The space, between most words, is looked at here.
				if c != ' ' {
					f |= byteFact(text, i)
				} else if i+1 < len(text) && text[i+1] == ' ' {
					f |= factDoubleSpace
				}
			}
			sep = k&classNonWord != 0
		} else {
			var r rune
			switch {
			case c >= 0xc2 && c <= 0xdf && i+1 < len(text) && text[i+1]&0xc0 == 0x80:
				r, size = rune(c&0x1f)<<6|rune(text[i+1]&0x3f), 2
			case c >= 0xe0 && c <= 0xef && i+2 < len(text) && text[i+1]&0xc0 == 0x80 && text[i+2]&0xc0 == 0x80:
				r = rune(c&0x0f)<<12 | rune(text[i+1]&0x3f)<<6 | rune(text[i+2]&0x3f)
				if r >= 0x800 && (r < 0xd800 || r > 0xdfff) {
					size = 3
				}
			}
			if size == 1 {
				r, size = utf8.DecodeRuneInString(text[i:])
			}
			if r >= 0x640 {
				f |= runeFact(r)
			}
			sep = nonWord.has(r)
		}
		if sep {
			if start >= 0 {
				if w := text[start:i]; w == prev {
					f |= factRepeatedWord
				} else {
					prev = w
				}
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 && text[start:] == prev {
		f |= factRepeatedWord
	}
	return f | endFacts(text)
}

// The classes of an ASCII character (nonWordTable.class).
const (
	classNonWord = 1 << iota
	classFact    // one of factByte's
)

// pairFacts are the facts of a source and a target; known, when it has
// factKnown, are the source's facts worked out before.
func pairFacts(source, target string, known factMask) factMask {
	fs := known &^ factKnown
	if known&factKnown == 0 {
		fs = textFacts(source)
	}
	return srcFact(fs) | targetFacts(target)
}

// gateOf is the gate of ch under flags (0: ch always runs). Each is the
// check's own first test, widened where that is cheaper.
func gateOf(ch *Check, flags Flags) factMask {
	switch ch.ID {
	case "begin_newline":
		return both(factFirstNL)
	case "end_newline":
		return both(factLastNL)
	case "begin_space":
		return both(factFirstSpace)
	case "end_space":
		return both(factLastSpace)
	case "double_space":
		return factDoubleSpace
	case "end_stop", "end_colon", "end_question", "end_exclamation", "end_ellipsis", "end_semicolon":
		return both(factEndPunct)
	case "kashida":
		return factKashida
	case "escaped_newline":
		return both(factEscapedNL)
	case "newline-count":
		return both(factNL)
	case "zero-width-space":
		return factZeroWidth
	case "bbcode":
		return srcFact(factBracket)
	case "duplicate":
		// Only a target repeating a word fails, or one whose placeholders,
		// removed, leave words side by side.
		switch m := stripMatcher(flags); {
		case m == nil:
			return factRepeatedWord
		case literalPrefix(m) == "%":
			return factRepeatedWord | factPercent
		}
		return 0
	case "xml-invalid", "xml-tags":
		// Without a "<" in the source the unit is skipped, unless xml-text
		// says it is XML all the same.
		if flags.Has("xml-text") {
			return 0
		}
		return srcFact(factLT)
	}
	// A printf family finds nothing in a pair without "%": the lists are
	// equal.
	if f := ch.family; f != nil && !f.quotes && literalPrefix(f.re) == "%" {
		return both(factPercent)
	}
	return 0
}
