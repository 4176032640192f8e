package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

var printfTokens = []string{"%", "%%", "(", ")", "(a)", " ", "+", "#", "-", "1", "٣", ".", "h", "hh", "l", "ll", "d", "s", "a", "é", "\n", "%(", "%(a)"}

// TestPythonPrintfAsRegexp: pythonPrintf finds what pythonPrintfRe, the
// expression it stands for, finds (group 1 and the whole match), and removes
// the same text.
func TestPythonPrintfAsRegexp(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 5))
	for range 100_000 {
		text := randomMarkup(r, printfTokens)
		got := pythonPrintf{}.FindAllStringSubmatchIndex(text, -1)
		var want [][]int
		for _, m := range pythonPrintfRe.FindAllStringSubmatchIndex(text, -1) {
			want = append(want, m[:4])
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("pythonPrintf on %q: %v, the expression %v", text, got, want)
		}
		if g, w := (pythonPrintf{}).ReplaceAllLiteralString(text, "_"), pythonPrintfRe.ReplaceAllLiteralString(text, "_"); g != w {
			t.Fatalf("pythonPrintf removes from %q: %q, the expression %q", text, g, w)
		}
	}
}
