package formats

import "testing"

// PHP output: texts and notes are at most a few times the input (a \x escape
// gives at most 2 bytes of UTF-8 for 4), keys are bounded by the key budget.
func phpBound(n int) int { return 4*n + 2*max(1<<20, 10*n) + 64 }

func FuzzPHP(f *testing.F) {
	addPlainSeeds(f, phpSnippets, "php", "laravel")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, phpBound, "php", "laravel")
	})
}
