package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gitlate/gitlate/internal/weblate"
)

// targetBothWays runs the target checks of u with and without the gates.
func targetBothWays(c *Checker, u *CheckUnit) (gated, all []string) {
	gated = c.Target(nil, u)
	c.noGates = true
	all = c.Target(nil, u)
	c.noGates = false
	return gated, all
}

// factPieces are the characters the gates and the checks look at, and some
// ordinary text, which TestGatesAgree strings together.
var factPieces = []string{
	"", " ", "  ", "\n", "\\n", "a", "word", "word word", "Le mot", "%s", "%1$d", "%", "%%", "<b>", "</b>", "<br/>",
	"[b]", "[/b]", "[", "\u200b", "\u0640", "\ufcf2", "\u0628\u0640", "&amp;", "&", ";", ":", "?", "!", ".", "...",
	"…", "。", "：", "؟", "\u104b", "\u1038\u104b", "¡", "Texy!", "\u037e", "\u0589", "\u055e", "|", "\u0964",
	"\u1c7e", "`", "\u055d", "\uff01", "\u17d6", "C:\\\\dir\\name", "{0}", "\u00a0", "Я", "日本", "\t",
}

// TestGatesAgree: a gate only skips a check that passes. Random strings of
// the pieces the gates read, in the languages the checks make exceptions for,
// fail the same checks with the gates as without; so do the corpus's units.
func TestGatesAgree(t *testing.T) {
	t.Parallel()
	langs := []string{"de", "fr", "fr_CA", "br", "ja", "hy", "el", "my", "eu", "km", "hi", "bn", "or", "sat", "th", "jbo", "ar", "en"}
	flagSets := []string{"", "java-printf-format", "c-format", "xml-text", "safe-html", "python-format, xml-text", "java-format", "php-format"}
	r := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		var b strings.Builder
		for range r.IntN(5) {
			b.WriteString(factPieces[r.IntN(len(factPieces))])
		}
		return b.String()
	}
	failed := 0
	for _, lang := range langs {
		for _, flags := range flagSets {
			c := NewChecker(CheckContext{Lang: lang, SourceLang: "en", PluralNumber: 2, PluralFormula: "n != 1", Flags: flags, Memo: NewMemo()})
			for range 1500 {
				u := &CheckUnit{Source: []string{text()}, Target: []string{text()}, State: weblate.StateTranslated}
				if r.IntN(4) == 0 {
					u.Target = u.Source
				}
				gated, all := targetBothWays(c, u)
				if !slices.Equal(gated, all) {
					t.Fatalf("%s, flags %q: %q → %q: gated %v, every check %v", lang, flags, u.Source[0], u.Target[0], gated, all)
				}
				failed += len(all)
				// The source's facts worked out before, as a template gives them.
				u.srcFacts = textFacts(u.Source[0]) | factKnown
				if known := c.Target(nil, u); !slices.Equal(known, all) {
					t.Fatalf("%s, flags %q: %q → %q: with the source's facts %v, every check %v", lang, flags, u.Source[0], u.Target[0], known, all)
				}
			}
		}
	}
	// The strings fail checks often enough for the comparison to mean something.
	if failed < 10000 {
		t.Errorf("only %d failing checks: the pieces miss the checks", failed)
	}
	for _, bt := range newpipeUnits(t) {
		for i := range bt.units {
			gated, all := targetBothWays(bt.ck, &bt.units[i])
			if !slices.Equal(gated, all) {
				t.Fatalf("%s: %q → %q: gated %v, every check %v", bt.ck.ctx.Lang, bt.units[i].Source, bt.units[i].Target, gated, all)
			}
		}
	}
}

// TestEndPunctHoldsEverySet: endPunct is the union of the end checks' sets.
func TestEndPunctHoldsEverySet(t *testing.T) {
	t.Parallel()
	for _, r := range ".。।۔։·෴។።:՝?!`৷|᱾။;：៖՞؟⸮？፧꘏⳺;;\u037e！՜᥄႟߹…" {
		if !endPunct.has(r) {
			t.Errorf("endPunct lacks %q", r)
		}
	}
	if endPunct.has('a') || endPunct.has(' ') {
		t.Error("endPunct holds a letter or a space")
	}
}

// TestTargetFacts: targetFacts reads a target as textFacts and
// hasRepeatedWord do.
func TestTargetFacts(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	pieces := append(slices.Clone(factPieces), "mot", "mot mot", "Я Я", "日本 日本", "\xef", "\xd9", "\xe2\x80", " - ")
	for range 100000 {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		want := textFacts(text)
		if hasRepeatedWord(text) {
			want |= factRepeatedWord
		}
		// textFacts reads the bytes, targetFacts the characters: the same
		// facts on valid UTF-8; an invalid byte may add factKashida (a gate
		// may be wider than needed, never narrower).
		got := targetFacts(text)
		if !utf8.ValidString(text) {
			got &^= factKashida
			want &^= factKashida
		}
		if got != want {
			t.Fatalf("%q: targetFacts %b, textFacts and hasRepeatedWord %b", text, got, want)
		}
	}
}
