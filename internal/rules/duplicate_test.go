package rules

import (
	"testing"
	"unicode/utf8"
)

type duplicateCase struct {
	name           string
	source, target string
	lang, srcLang  string
	flags          string
	want           bool
	format         bool // needs format.go's StripFormat
}

// The cases are Weblate's weblate/checks/tests/test_duplicate_checks.py,
// checked against Weblate's code (cs from English unless told).
var duplicateCases = []duplicateCase{
	{name: "no repetition", target: "I have two lemons"},
	{name: "suffix is another word", target: "I have two lemon lemons"},
	{name: "prefix is another word", target: "I have a melon on my back"},
	{name: "one repetition", target: "I have two two lemons", want: true},
	{name: "two repetitions", target: "I have two two lemons lemons", want: true},
	{name: "numbers as in source", source: "I have 222 222 lemons", target: "Mám 222 222 citrónů"},
	{name: "single letters", target: "I have A A A"},
	{name: "as in source", source: "begin begin end end", target: "begin begin end end"},
	{name: "same runs other words", source: "HAH HAH! HEH HEH HEH!", target: "ХАХ ХАХ! ХЕ ХЕ ХЕ!"},
	{name: "fewer runs", source: "HAH HAH! HEH HEH HEH!", target: "ХАХ ХАХ!", want: true},
	{name: "more runs", source: "HAH HAH! HEH HEH HEH!", target: "ХАХ ХАХ! ХЕ ХЕ ХЕ! ХИ ХИ!", want: true},
	{name: "shorter run", source: "HAH HAH! HEH HEH HEH!", target: "ХАХ ХАХ! ХЕ ХЕ!", want: true},
	{name: "longer run", source: "HAH HAH! HEH HEH HEH!", target: "ХАХ ХАХ ХАХ! ХЕ ХЕ ХЕ!", want: true},
	{name: "words between", source: "Wrap lines at 77 chars and at newlines", target: "Zalomit řádky na 77 znacích a znacích nových řádků"},
	{name: "french vous vous", target: "Si vous vous interrogez", lang: "fr"},
	{name: "vous vous elsewhere", target: "Si vous vous interrogez", want: true},
	{name: "french ignore in source language", source: "nous nous", target: "my my", srcLang: "fr", want: true},
	{name: "turkish", target: "adım adım ilerle", lang: "tr"},
	{name: "catalan middle dot", target: "Cancel·la la baixada", lang: "ca"},
	{name: "hyphen joins", target: "plug-in in"},
	{name: "comma separates nothing", target: "Sobald diese Anfrage angenommen wird, wird der Chat als zu löschen markiert"},
	{name: "percent word", target: "Gruppe %Gruppe%", want: true},
	{name: "percent placeholder", target: "Gruppe %Gruppe%", flags: "percent-placeholders", format: true},
	{name: "bbcode", target: "for [em]x[/em]"},
	{name: "bbcode repeats", target: "em [em]x[/em]", want: true},
	{name: "bbcode open", target: "em [em]x", want: true},
	{name: "backticks", source: "comments (``#`` characters)", target: "megjegyzéseket (a ``#`` karaktereket)"},
	{name: "backslash is a letter", target: `a\b a\b`, want: true},
	{name: "backslash joins", target: "ab\\ab"},
}

func TestDuplicateCheck(t *testing.T) {
	t.Parallel()
	for _, c := range duplicateCases {
		ctx := sameContext(c.lang, c.srcLang)
		got := checkFails(ctx, "duplicate", []string{c.source}, []string{c.target}, c.flags, "")
		if got != c.want {
			t.Errorf("%s: duplicate(%q, %q) = %v, want %v", c.name, c.source, c.target, got, c.want)
		}
	}
}

func TestDuplicateWords(t *testing.T) {
	t.Parallel()
	runs, words := repeatedWords("two two lemons lemons lemons x x", "cs")
	if len(runs) != 2 || runs[0] != 2 || runs[1] != 3 || words[0] != "two" || words[1] != "lemons" {
		t.Errorf("repeatedWords = %v %v", runs, words)
	}
	// The ignored word ends the run before it.
	runs, _ = repeatedWords("vous vous vous", "fr")
	if len(runs) != 0 {
		t.Errorf("repeatedWords(fr) = %v, want none", runs)
	}
	set := nonWordSet()
	if set['\\'] || !set[']'] || !set['^'] || !set[' '] || set[','] || set['-'] {
		t.Error("non-word set is not Python's class of NON_WORD_CHARS")
	}
	if want := len(dataLines("non_word_chars.txt")); len(set) != want {
		t.Errorf("non-word set has %d characters, want %d (the list less the backslash, plus ])", len(set), want)
	}
}

// TestHasRepeatedWord: the fast test finds every text whose words repeat, so
// that skipping the others changes no verdict.
func TestHasRepeatedWord(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]bool{
		"": false, "a": false, "a a": true, "the the end": true, "the end the": false,
		"слово слово": true, "ab abc": false, "x y x y": false, "end end": true,
	} {
		if got := hasRepeatedWord(text); got != want {
			t.Errorf("hasRepeatedWord(%q) = %v, want %v", text, got, want)
		}
		if runs, _ := repeatedWords(text, "en"); len(runs) > 0 && !hasRepeatedWord(text) {
			t.Errorf("%q: repeatedWords finds runs the fast test misses", text)
		}
	}
}

// TestDecodeRune: the inline decoder agrees with the standard library on
// every two- and three-byte sequence, valid or not.
func TestDecodeRune(t *testing.T) {
	t.Parallel()
	for a := 0x80; a < 0x100; a++ {
		for b := 0; b < 0x100; b += 3 {
			for _, c := range []int{0x20, 0x80, 0x9f, 0xa0, 0xbf, 0xc0} {
				text := string([]byte{byte(a), byte(b), byte(c)})
				r, n := decodeRune(text, 0)
				wr, wn := utf8.DecodeRuneInString(text)
				if r != wr || n != wn {
					t.Fatalf("% x: %U/%d, want %U/%d", text, r, n, wr, wn)
				}
				r, n = decodeRune(text[:2], 0)
				wr, wn = utf8.DecodeRuneInString(text[:2])
				if r != wr || n != wn {
					t.Fatalf("% x: %U/%d, want %U/%d", text[:2], r, n, wr, wn)
				}
			}
		}
	}
}

// TestHasRepeatedWord: the one-loop test agrees with the words wordsOf cuts,
// on strings of words, separators (ASCII and not) and scripts without spaces.
func TestHasRepeatedWordMatchesWordsOf(t *testing.T) {
	t.Parallel()
	pieces := []string{"a", "ab", "ab", " ", "  ", ",", "\u00a0", "。", "的", "日本", "é", "-", "'", "\u200b", "x1", "\xff"}
	reference := func(text string) bool {
		prev := ""
		for w := range wordsOf(text) {
			if w == prev {
				return true
			}
			prev = w
		}
		return false
	}
	seed := uint64(1)
	for range 20000 {
		var b []byte
		for range 1 + seed%9 {
			seed = seed*6364136223846793005 + 1442695040888963407
			b = append(b, pieces[(seed>>33)%uint64(len(pieces))]...)
		}
		if got, want := hasRepeatedWord(string(b)), reference(string(b)); got != want {
			t.Fatalf("hasRepeatedWord(%q) = %v, want %v", b, got, want)
		}
	}
}
