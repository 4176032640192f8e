package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// formatMatcher is what the format checks ask of a placeholder expression:
// its matches with their groups (byte offsets, as regexp gives them) and the
// text without them. *regexp.Regexp is one.
type formatMatcher interface {
	FindAllStringSubmatchIndex(s string, n int) [][]int
	ReplaceAllLiteralString(src, repl string) string
}

// pythonPrintf matches pythonPrintfRe, %((?:\(([^)]+)\))?(SPEC|)) with SPEC
// [ +#-]*(?:\d+)?(?:\.\d+)?(hh|h|l|ll)?([a-zA-Z%]), by hand. Go's regexp
// costs the square of the text's length on "%(%(%(…": at every "%", the
// thread of the preferred (name) branch runs on to the next ")" (or the end)
// before the shorter match at "%" is returned, and the next search starts one
// character later. Here the next ")" is found once for all the "%" before it,
// and the specification after it is read once. It gives group 1 only (the
// rest of the expression's groups are read by nobody).
type pythonPrintf struct{}

func (pythonPrintf) FindAllStringSubmatchIndex(s string, n int) [][]int {
	var out [][]int
	// The first ")" from closeFrom (-1: none), and the end of the
	// specification after it (read once for all the "%(" before it).
	closeFrom, close, afterClose := -1, -1, -1
	for i := 0; i < len(s) && (n < 0 || len(out) < n); {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			break
		}
		p := i + k
		end := -1
		if p+1 < len(s) && s[p+1] == '(' {
			if from := p + 2; closeFrom < 0 || close >= 0 && from > close {
				closeFrom, close, afterClose = from, strings.IndexByte(s[from:], ')'), -1
				if close >= 0 {
					close += from
					afterClose = pythonPrintfSpec(s, close+1)
				}
			}
			if close > p+2 {
				// With a name, the specification may be empty: "%(name)".
				end = close + 1
				if afterClose >= 0 {
					end = afterClose
				}
			}
		}
		if end < 0 {
			end = pythonPrintfSpec(s, p+1)
		}
		if end < 0 {
			end = p + 1 // the empty alternative: a lone "%"
		}
		out = append(out, []int{p, end, p + 1, end})
		i = end
	}
	return out
}

func (m pythonPrintf) ReplaceAllLiteralString(src, repl string) string {
	matches := m.FindAllStringSubmatchIndex(src, -1)
	if len(matches) == 0 {
		return src
	}
	var b strings.Builder
	last := 0
	for _, x := range matches {
		b.WriteString(src[last:x[0]])
		b.WriteString(repl)
		last = x[1]
	}
	b.WriteString(src[last:])
	return b.String()
}

// pythonPrintfSpec is the end of SPEC matched at q, or -1. Each part but the
// last takes all it can: what it gives back could not start the next part.
func pythonPrintfSpec(s string, q int) int {
	for q < len(s) && strings.IndexByte(" +#-", s[q]) >= 0 {
		q++
	}
	digits := func(q int) int {
		for q < len(s) {
			r, size := utf8.DecodeRuneInString(s[q:])
			if !unicode.IsDigit(r) {
				break
			}
			q += size
		}
		return q
	}
	q = digits(q)
	if q < len(s) && s[q] == '.' {
		if d := digits(q + 1); d > q+1 {
			q = d
		}
	}
	conv := func(q int) bool {
		return q < len(s) && (s[q] >= 'a' && s[q] <= 'z' || s[q] >= 'A' && s[q] <= 'Z' || s[q] == '%')
	}
	// The length modifiers in the expression's order, then none.
	for _, l := range []string{"hh", "h", "l", "ll", ""} {
		if strings.HasPrefix(s[q:], l) && conv(q+len(l)) {
			return q + len(l) + 1
		}
	}
	return -1
}
