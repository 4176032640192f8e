package formats

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Fuzz targets of the key-value parsers: no panic, an error is a *SyntaxError with
// a line, and what comes out is bounded by what went in.

// checkPlainParse parses data with every format in ids and checks the invariants;
// outBound is the most bytes of keys, texts and notes a file of n bytes may give.
func checkPlainParse(t *testing.T, data []byte, outBound func(n int) int, ids ...string) {
	for _, id := range ids {
		f, err := mustLookup(t, id).Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("%s: error %v is not a *SyntaxError with a line", id, err)
			}
			continue
		}
		size := 0
		for _, u := range f.Units {
			size += len(u.Key) + len(u.Note)
			for _, s := range u.Target {
				size += len(s)
			}
			if u.Line < 1 {
				t.Fatalf("%s: unit %q without a line", id, u.Key)
			}
		}
		if limit := outBound(len(data)); size > limit {
			t.Fatalf("%s: %d bytes of output from %d bytes of input (bound %d)", id, size, len(data), limit)
		}
	}
}

func addPlainSeeds(f *testing.F, snippets []string, dirs ...string) {
	for _, s := range snippets {
		f.Add([]byte(s))
	}
	for _, dir := range dirs {
		_ = filepath.Walk(filepath.Join("testdata", dir), func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && info.Size() < 64<<10 {
				if data, err := os.ReadFile(p); err == nil {
					f.Add(data)
				}
			}
			return nil
		})
	}
}

// A properties value decodes to at most three times its size ("\u" to "\u0000"),
// a Latin-1 byte to two bytes of UTF-8, and a note repeats each comment line once.
func propBound(n int) int { return 8*n + 64 }

func FuzzProperties(f *testing.F) {
	addPlainSeeds(f, propSnippets, "properties")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, propBound, "properties", "properties-utf8", "properties-utf16")
	})
}

func FuzzStrings(f *testing.F) {
	addPlainSeeds(f, stringsSnippets, "strings")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, propBound, "strings", "strings-utf8")
	})
}

// YAML output is bounded by the alias budget: 16 bytes a byte of input, plus 1 MiB.
func FuzzYAML(f *testing.F) {
	addPlainSeeds(f, yamlSnippets, "yaml")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, func(n int) int { return 16*n + 1<<20 }, "yaml", "ruby-yaml")
	})
}
