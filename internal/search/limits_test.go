package search

import (
	"strings"
	"testing"
	"time"
)

// hugeQueries are the shapes of a long query that cost most: a chain of NOT, long
// OR and AND chains, many bare words, one long word, and unclosed quotes that a
// naive reader scans to the end of the text from each one.
func hugeQueries(n int) map[string]string {
	return map[string]string{
		"NOT chain":            strings.Repeat("NOT ", n/4) + "a",
		"OR chain":             strings.Repeat("a OR ", n/5) + "a",
		"AND chain":            strings.Repeat("a AND ", n/6) + "a",
		"bare words":           strings.Repeat("a ", n/2) + "a",
		"one word":             strings.Repeat("a", n),
		"fields":               strings.Repeat("source:a ", n/9) + "a",
		"unclosed quotes":      strings.Repeat(`'\`, n/2),
		"unclosed dquotes":     strings.Repeat(`"\`, n/2),
		"unclosed regexes":     strings.Repeat(`r"\`, n/3),
		"quotes of both kinds": strings.Repeat(`'"\`, n/3),
		"spaces":               strings.Repeat(" ", n-1) + "a",
		"closing parentheses":  strings.Repeat("a)", n/2),
		"field names":          strings.Repeat("source:", n/7),
		"ranges":               strings.Repeat("changed:[1 to ", n/14),
	}
}

// TestLimits: a query longer than MaxQueryBytes, or of more than MaxTerms terms, is
// refused with a message that says so; one at both limits is read.
func TestLimits(t *testing.T) {
	t.Parallel()
	for name, q := range hugeQueries(200 << 10) {
		_, err := Parse(q)
		e, ok := err.(*Error)
		if !ok || e.Message != "The query is "+itoa(len(q))+" bytes long; gitlate reads queries of at most 8192 bytes." {
			t.Errorf("%s (%d bytes): %v", name, len(q), err)
			continue
		}
		if got := string(e.Detail()); !strings.HasPrefix(got, `["Could not parse query string: The query is `) {
			t.Errorf("%s: detail %s", name, got)
		}
	}
	terms := func(n int) string { return strings.TrimSuffix(strings.Repeat("ab OR ", n), " OR ") }
	atLimit := terms(MaxTerms)
	q, err := Parse(atLimit)
	if err != nil {
		t.Fatalf("%d terms: %v", MaxTerms, err)
	}
	if !q.Match(&Unit{Source: []string{"ab"}}) || q.Match(&Unit{Source: []string{"a"}}) {
		t.Errorf("%d terms: wrong matches", MaxTerms)
	}
	long := terms(MaxTerms-1) + " OR "
	long += strings.Repeat("x", MaxQueryBytes-len(long))
	if len(long) != MaxQueryBytes {
		t.Fatal(len(long))
	}
	if _, err := Parse(long); err != nil {
		t.Errorf("%d bytes of %d terms: %v", len(long), MaxTerms, err)
	}
	for _, q := range []string{terms(MaxTerms + 1), strings.Repeat("a ", MaxTerms+1), strings.Repeat("NOT a ", 1000)} {
		_, err := Parse(q)
		if e, ok := err.(*Error); !ok || e.Message != "The query has more than 200 terms; gitlate evaluates at most 200 in one search." {
			t.Errorf("%.20q… (%d bytes): %v", q, len(q), err)
		}
	}
	// Terms are counted where the parser reads them, in groups and out.
	if _, err := Parse("(" + terms(MaxTerms/2) + ") (" + terms(MaxTerms/2) + ") extra"); err == nil {
		t.Errorf("%d terms in groups: read", MaxTerms+1)
	}
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

// TestParserIsLinear reads each shape of hugeQueries without the limits, at
// 128 KiB, and requires it to take at most 50 times as long as a plain query of
// as many bytes read just after it (a query of short words). Reading the
// unclosed quotes from each one to the end, as a naive reader does, is over 100
// times slower at this size; the ratio, unlike a wall-clock bound, stays put on
// a slow or loaded machine.
func TestParserIsLinear(t *testing.T) {
	t.Parallel()
	const n = 128 << 10
	plain := strings.Repeat("word OR ", n/8)
	timed := func(q string) time.Duration {
		start := time.Now()
		_, _ = parseTreeWithin(q, 0)
		return time.Since(start)
	}
	for name, q := range hugeQueries(n) {
		for try := 1; ; try++ {
			hostile, benign := timed(q), timed(plain)
			t.Logf("%s: %d bytes %v, plain %v (%.1f×)", name, len(q), hostile, benign, float64(hostile)/float64(benign))
			if hostile <= 50*benign {
				break
			}
			if try == 3 {
				t.Errorf("%s: %d bytes took %v, a plain query of %d bytes %v", name, len(q), hostile, len(plain), benign)
				break
			}
		}
	}
}

// TestLimitsAgreeWithOracle: queries at the limits read as pyparsing reads them;
// one term more is refused here where Weblate would go on.
func TestLimitsAgreeWithOracle(t *testing.T) {
	t.Parallel()
	or := strings.TrimSuffix(strings.Repeat("source:ab OR ", MaxTerms), " OR ")
	long := strings.Repeat("a ", MaxTerms-1)
	long += strings.Repeat("b", MaxQueryBytes-len(long))
	queries := []string{or, long, or + " c"}
	answers := runOracle(t, queries)
	checkAgainstOracle(t, queries[0], answers[0])
	checkAgainstOracle(t, queries[1], answers[1])
	if answers[2].Tree == nil {
		t.Fatalf("the oracle refuses %d terms", MaxTerms+1)
	}
	if _, err := describe(queries[2], oracleNow); err == nil {
		t.Errorf("%d terms read", MaxTerms+1)
	}
}
