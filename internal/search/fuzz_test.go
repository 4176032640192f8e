package search

import (
	"testing"
	"time"
)

// FuzzParse feeds arbitrary text to the parser: it must not panic, must answer in
// bounded time (the parser memoizes, so it is polynomial where pyparsing is
// exponential), and a query it accepts must evaluate on every test unit.
func FuzzParse(f *testing.F) {
	for _, q := range oracleQueries {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		start := time.Now()
		query, err := Parse(q)
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("parsing %d bytes took %v", len(q), d)
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T, want *Error", err)
			}
			if len(err.(*Error).Detail()) == 0 {
				t.Fatal("empty detail")
			}
			return
		}
		for i := range testUnits {
			query.Match(&testUnits[i])
		}
		query.Fields()
	})
}
