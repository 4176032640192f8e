package export

import (
	"fmt"
	"testing"
)

// BenchmarkExport measures each format on a translation of 10,000 units.
func BenchmarkExport(b *testing.B) {
	tr := sample()
	tr.Units = nil
	for i := 0; i < 10000; i++ {
		tr.Units = append(tr.Units, Unit{Source: []string{fmt.Sprintf("Source string number %d, long enough to wrap once it passes the width of a line", i)},
			Target: []string{fmt.Sprintf("Přeložený řetězec %d", i)}, Context: fmt.Sprintf("key.%d", i), State: 20, IDHash: int64(i)})
	}
	tr.Monolingual = true
	for _, f := range Formats() {
		b.Run(f, func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				if _, err := Export(f, tr); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
