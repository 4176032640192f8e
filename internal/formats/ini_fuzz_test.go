package formats

import "testing"

// INI output: keys and texts within the text budget (a key repeats its section
// name, [DEFAULT]'s options are repeated in every section).
func iniBound(n int) int { return max(1<<20, 10*n) + 4*n + 64 }

func FuzzINI(f *testing.F) {
	addPlainSeeds(f, iniSnippets, "ini", "islu")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, iniBound, "ini", "islu")
	})
}
