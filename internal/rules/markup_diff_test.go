package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randomMarkup is a short random text of the pieces the markup matchers look
// at, so that random texts hold many matches and near misses.
func randomMarkup(r *rand.Rand, tokens []string) string {
	var b strings.Builder
	for range r.IntN(24) {
		b.WriteString(tokens[r.IntN(len(tokens))])
	}
	return b.String()
}

var markdownTokens = []string{
	"[", "]", "(", ")", "<", ">", "!", "^", " ", "\t", "\n", `"`, "'", "`", "``", "_", "__", "*", "**",
	"~", "~~", "@", ".", "a", "b", "é", "](", "http://", "https://", "x@y.z", "\u00a0", "-",
}

// linkTokens make links and references more often.
var linkTokens = []string{"[", "]", "[a]", "] [", "](", ")", " ", "a", "<", ">", `"`, "'", "^", "!", "\n"}

// TestMarkdownMatchersAsBefore: the Markdown matchers, rewritten to cost linear
// time, find what the step-by-step ones (markup_ref_test.go) found.
func TestMarkdownMatchersAsBefore(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	n := 200_000
	if testing.Short() {
		n = 40_000
	}
	var found [3]int
	for range n {
		tokens := markdownTokens
		if r.IntN(2) == 0 {
			tokens = linkTokens
		}
		text := randomMarkup(r, tokens)
		for i, f := range []func(string) int{
			func(s string) int { return len(mdRefLinkFind(s)) },
			func(s string) int { return len(mdLinkFind(s)) },
			func(s string) int { return len(mdSyntaxFind(s)) },
		} {
			found[i] += min(f(text), 1)
		}
		if got, want := mdRefLinkFind(text), refMdRefLinkFind(text); !slices.Equal(got, want) {
			t.Fatalf("mdRefLinkFind(%q) = %q, before %q", text, got, want)
		}
		if got, want := mdLinkFind(text), refMdLinkFind(text); !slices.Equal(got, want) {
			t.Fatalf("mdLinkFind(%q) = %q, before %q", text, got, want)
		}
		if got, want := mdSyntaxFind(text), refMdSyntaxFind(text); !slices.Equal(got, want) {
			t.Fatalf("mdSyntaxFind(%q) = %q, before %q", text, got, want)
		}
	}
	// The random texts must hold matches for the comparison to say much.
	for i, name := range []string{"references", "links", "syntax"} {
		if found[i] < n/20 {
			t.Errorf("only %d of %d random texts hold Markdown %s", found[i], n, name)
		}
		t.Logf("%d of %d random texts hold Markdown %s", found[i], n, name)
	}
}

var bbcodeTokens = []string{"[", "]", "[/", "[b]", "[/b]", "[b@x]", "[/b@x]", "b", "@", "x", "\n", " ", "é", "[a", "[/a]"}

// TestBBCodeFindAsBefore: bbcodeFind, rewritten to cost linear time, finds
// what the step-by-step one (markup_ref_test.go) found.
func TestBBCodeFindAsBefore(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(13, 17))
	found := 0
	for range 100_000 {
		text := randomMarkup(r, bbcodeTokens)
		got, want := bbcodeFind(text), refBbcodeFind(text)
		if !slices.Equal(got, want) {
			t.Fatalf("bbcodeFind(%q) = %v, before %v", text, got, want)
		}
		found += min(len(got), 1)
	}
	if found < 5000 {
		t.Errorf("only %d random texts hold BBCode", found)
	}
}
