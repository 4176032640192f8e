package search

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// BenchmarkMatch measures one query over 10,000 units (a large translation).
func BenchmarkMatch(b *testing.B) {
	units := make([]Unit, 10000)
	for i := range units {
		units[i] = Unit{ID: i, Position: i, Source: []string{fmt.Sprintf("Source string number %d", i)},
			Target: []string{fmt.Sprintf("Přeložený řetězec %d", i)}, Context: fmt.Sprintf("key.%d", i),
			State: i % 4 * 10, Changed: []time.Time{time.Unix(int64(1.6e9)+int64(i)*3600, 0)}}
	}
	for _, q := range []string{"number 99", "state:<translated", `source:r"^Source.*9$"`, "changed:>2021-01-01 OR key:key.5",
		strings.TrimSuffix(strings.Repeat("word OR ", MaxTerms), " OR ")} {
		query, err := Parse(q)
		if err != nil {
			b.Fatal(err)
		}
		name := q
		if len(name) > 40 {
			name = fmt.Sprintf("%d terms", query.Terms())
		}
		b.Run(name, func(b *testing.B) {
			m := query.Matcher()
			for n := 0; n < b.N; n++ {
				for i := range units {
					m.Match(&units[i])
				}
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	for n := 0; n < b.N; n++ {
		if _, err := Parse(`state:<translated AND (source:"hello world" OR NOT has:plural) changed:>2019-03-01`); err != nil {
			b.Fatal(err)
		}
	}
}
