package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestJavaPrintfSimple: where the fast reader answers, it finds what
// javaPrintfRe finds (spans and group 1), on random texts of the characters
// that matter, and it answers the common shapes.
func TestJavaPrintfSimple(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"%s", "%1$s and %2$d", "%tY-%tm", "no placeholder", "%TH:%tM", "%t", "%ts%s"} {
		if _, ok := javaPrintfSimple(text, nil); !ok {
			t.Errorf("%q: not read", text)
		}
	}
	alphabet := []string{"%", "%", "1", "2", "$", "t", "T", "s", "d", "Y", " ", ".", "-", "#", "0", "(", "é", "٣", "x"}
	r := rand.New(rand.NewPCG(1, 2))
	read := 0
	for range 200000 {
		n := r.IntN(12)
		text := ""
		for range n {
			text += alphabet[r.IntN(len(alphabet))]
		}
		spans, ok := javaPrintfSimple(text, nil)
		if !ok {
			continue
		}
		read++
		var want [][2]int
		var wantGroups, gotGroups []string
		for _, m := range javaPrintfRe.FindAllStringSubmatchIndex(text, -1) {
			want = append(want, [2]int{m[0], m[1]})
			wantGroups = append(wantGroups, text[m[2]:m[3]])
		}
		for _, sp := range spans {
			gotGroups = append(gotGroups, text[sp[0]+1:sp[1]])
		}
		if !slices.Equal(spans, want) || !slices.Equal(gotGroups, wantGroups) {
			t.Fatalf("%q: fast %v %q, regexp %v %q", text, spans, gotGroups, want, wantGroups)
		}
		if got, want := removeAll(javaPrintfRe, text), javaPrintfRe.ReplaceAllLiteralString(text, ""); got != want {
			t.Fatalf("%q: removed %q, regexp %q", text, got, want)
		}
	}
	if read < 20000 {
		t.Errorf("the fast reader answered only %d random texts", read)
	}
}
