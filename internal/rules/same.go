package rules

import (
	"embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// sameChecks are Weblate's checks of weblate/checks/same.py.
var sameChecks = []*Check{
	{ID: "same", Name: "Unchanged translation", Description: "Source and translation are identical",
		Kind: TargetCheck, Single: sameSingle},
}

// sameSingle is SameCheck.check_single with its should_skip: the translation
// fails when it is the source itself, unless the source is only words a
// translation often keeps.
func sameSingle(s *Subject, source, target string) bool {
	// Weblate compares last; what it tests before only ever turns a match
	// into a pass, so a translation that differs from its source passes at once.
	if source != target || sameSkipped(s) {
		return false
	}
	// One character is a label or a separator, rarely translated.
	if utf8.RuneCountInString(source) <= 1 && utf8.RuneCountInString(target) <= 1 {
		return false
	}
	if m := s.Memo; m != nil {
		key := sameKey{s.unitFlags, s.Note, source}
		if v, ok := m.same.Load(key); ok {
			return !v.(bool)
		}
		ignored := sameIgnored(s, source)
		m.same.Store(key, ignored)
		return !ignored
	}
	return !sameIgnored(s, source)
}

// sameSkipped is SameCheck.should_skip: translations into the source language
// (4.18 compares with Python's "in", so a base code found inside the source's
// counts), and into English or Interlingua from English.
func sameSkipped(s *Subject) bool {
	lang, src := s.BaseLang(), s.SourceBaseLang()
	return strings.Contains(src, lang) || src == "en" && (lang == "en" || lang == "ia")
}

// dbTags are the DocBook tags (a note "Tag: screen") whose text stays as is.
var dbTags = map[string]bool{"screen": true, "indexterm": true, "programlisting": true}

// sameIgnored is SameCheck.should_ignore in Weblate 4.18's order: strict-same
// first, then DocBook tags, numbers and copyright notices, then the source
// stripped of markup, format strings, addresses and placeholders, which is
// ignored when it is a single character, all capitals (an abbreviation) or
// only words of the ignore lists.
func sameIgnored(s *Subject, source string) bool {
	if s.Flags.Has("strict-same") {
		return false
	}
	if tag, ok := strings.CutPrefix(s.Note, "Tag: "); ok && dbTags[tag] {
		return true
	}
	// Numbers and times (1:4, 1/2) and copyright notices.
	if utf8.RuneCountInString(strings.Trim(source, "0123456789:/,.")) <= 1 ||
		strings.Contains(pyLower(source), "(c) copyright") || strings.Contains(source, "©") {
		return true
	}
	// A glossary's read-only terms would be removed here with check-glossary;
	// an import has no glossary.
	stripped := sameStrip(s, source)
	// strip_placeholders: the placeholders flag's values, literal or r"…"
	// regular expressions, removed as one case-sensitive pattern (the
	// case-insensitive flag does not apply here). A pattern Go cannot compile
	// leaves the unit unjudged: ignored, so the check does not fail (see
	// placeholderPattern).
	if params := s.Flags.Params("placeholders"); len(params) > 0 {
		re, ok := placeholderPattern(params, false)
		if !ok {
			return true
		}
		stripped = re.ReplaceAllLiteralString(stripped, "")
	}
	if utf8.RuneCountInString(stripped) <= 1 || pyIsUpper(stripped) {
		return true
	}
	extra := map[string]bool{}
	for _, name := range []string{s.Project, s.Component} {
		for _, w := range strings.FieldsFunc(pyLower(name), pySpace) {
			extra[w] = true
		}
	}
	for _, w := range sameSplitRE().Split(pyLower(stripped), -1) {
		if utf8.RuneCountInString(w) > 2 && !ignoreWords()[w] && !languageWords()[w] && !extra[w] {
			return false
		}
	}
	return true
}

// The parts of a source same.py's strip_string removes, compiled when the
// check first needs them (the case-insensitive host names take milliseconds,
// which a process that runs no check should not pay at start). Python matches [a-z]
// with IGNORECASE also against İ and ı; \d and \S are Unicode in Python.
var (
	sameEmojiRE    = lazyRegexp(`[\x{2600}-\x{27BF}\x{1F000}-\x{1FFFD}]`)
	sameEmailRE    = lazyRegexp(`(?i)[a-z0-9_.\x{130}\x{131}-]+@[a-z0-9_.\x{130}\x{131}-]+\.[a-z0-9\x{130}\x{131}-]{2,}`)
	sameHostPart   = `(?:[A-Z0-9\x{130}\x{131}](?:[A-Z0-9\x{130}\x{131}-]{0,61}[A-Z0-9\x{130}\x{131}])?\.)+(?:[A-Z\x{130}\x{131}]{2,6}\.?|[A-Z0-9\x{130}\x{131}-]{2,}\.?)`
	sameURLRE      = lazyRegexp(`(?i)(?:http|ftp)s?://(?:` + sameHostPart + `|localhost|\p{Nd}{1,3}\.\p{Nd}{1,3}\.\p{Nd}{1,3}\.\p{Nd}{1,3})(?::\p{Nd}+)?(?:/?|[/?][^` + pySpaceClass + `]+)$`)
	sameHashRE     = lazyRegexp(`#[A-Za-z0-9_-]*`)
	sameDomainRE   = lazyRegexp(`(?i)` + sameHostPart)
	samePathRE     = lazyRegexp(`(^|[ ])(/[a-zA-Z0-9=:?._-]+)+`)
	sameTemplateRE = lazyRegexp(`(?i)\{[a-z_\x{130}\x{131}-]+\}|@[A-Z_\x{130}\x{131}]@`)
	// sameSplitRE splits a stripped source into words: on runs of spaces,
	// punctuation, digits and a few HTML entities.
	sameSplitRE = lazyRegexp(`(?i)(?:&(?:nbsp|rsaquo|lt|gt|amp|ldquo|rdquo|times|quot);|[() ,.^` + "`" + `"'\\/_<>!?;:|{}*^@%#&~=+\r\n✓—‑…\[\]0-9-])+`)
)

// pySpaceClass is pySpace as the inside of a regular expression class.
const pySpaceClass = `\t\n\v\f\r\x1c-\x1f \x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`

// sameStrip is same.py's strip_string in 4.18's order: HTML markup, then format
// strings, then emoji (which become a space), e-mail addresses, a URL ending
// the text, hash tags, domain names, paths and {template} or @TEMPLATE@ markup.
func sameStrip(s *Subject, text string) string {
	text = stripTags(text)
	text = StripFormat(s, text)
	text = sameEmojiRE().ReplaceAllLiteralString(text, " ")
	text = sameEmailRE().ReplaceAllLiteralString(text, "")
	// Python's $ also matches before a final newline.
	if body, ok := strings.CutSuffix(text, "\n"); ok {
		text = sameURLRE().ReplaceAllLiteralString(body, "") + "\n"
	} else {
		text = sameURLRE().ReplaceAllLiteralString(text, "")
	}
	text = sameHashRE().ReplaceAllLiteralString(text, "")
	text = sameDomainRE().ReplaceAllLiteralString(text, "")
	text = samePathRE().ReplaceAllLiteralString(text, "")
	return sameTemplateRE().ReplaceAllLiteralString(text, "")
}

// pyLower is Python's str.lower: Unicode lower case, with İ becoming "i̇" and
// a capital sigma ending a word becoming ς.
func pyLower(s string) string {
	if !strings.ContainsAny(s, "\u0130\u03a3") {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\u0130':
			b.WriteString("i\u0307")
		case '\u03a3':
			if finalSigma(s, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition for the Σ at i: a cased letter
// before it and none after it (skipping case-ignorable characters).
func finalSigma(s string, i int) bool {
	before := false
	for j := i; j > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		j -= size
		if caseIgnorable(r) {
			continue
		}
		before = cased(r)
		break
	}
	if !before {
		return false
	}
	for j := i + len("Σ"); j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		j += size
		if caseIgnorable(r) {
			continue
		}
		return !cased(r)
	}
	return true
}

func cased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

func caseIgnorable(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) ||
		strings.ContainsRune("'.:\u00b7\u2019\u2018\u2024\u00ad", r)
}

// pyIsUpper is Python's str.isupper: some cased character and no lower case or
// title case one.
func pyIsUpper(s string) bool {
	upper := false
	for _, r := range s {
		if unicode.IsLower(r) || unicode.IsTitle(r) || unicode.Is(unicode.Other_Lowercase, r) {
			return false
		}
		if unicode.IsUpper(r) || unicode.Is(unicode.Other_Uppercase, r) {
			upper = true
		}
	}
	return upper
}

// data holds the word lists of Weblate's checks, generated from Weblate's
// sources by internal/gendata (data/README.md says where from).
//
//go:embed data/ignore_words.txt data/languages.txt data/non_word_chars.txt
var data embed.FS

// dataLines returns the lines of a data file that are not comments.
func dataLines(name string) []string {
	b, err := data.ReadFile("data/" + name)
	if err != nil {
		panic("rules: " + err.Error())
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

func wordSet(name string) map[string]bool {
	lines := dataLines(name)
	set := make(map[string]bool, len(lines))
	for _, l := range lines {
		set[l] = true
	}
	return set
}

// The word lists are read on first use: IGNORE_WORDS and language-data's
// LANGUAGES (language names), the words the same check ignores.
var (
	ignoreWords   = sync.OnceValue(func() map[string]bool { return wordSet("ignore_words.txt") })
	languageWords = sync.OnceValue(func() map[string]bool { return wordSet("languages.txt") })
)
