package rules

import "strings"

// javaPrintfSimple finds the Java printf placeholders of text without a
// regular expression when every "%" starts one of the common shapes: a type
// letter ("%s"), or a date/time pair ("%tY"), after an optional ASCII argument
// index ("%1$s"). It returns each placeholder's span and group 1 of
// javaPrintfRe, as FindAllStringSubmatchIndex gives them; ok is false for any
// other text (flags, a width, a lone or doubled "%", a digit not followed by
// "$"), which the regular expression then reads. For these shapes the
// expression's first path succeeds, so its backtracking order decides nothing.
func javaPrintfSimple(text string, spans [][2]int) (_ [][2]int, ok bool) {
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '%')
		if j < 0 {
			return spans, true
		}
		start := i + j
		k := start + 1
		if d := k; d < len(text) && isASCIIDigit(text[d]) {
			for d < len(text) && isASCIIDigit(text[d]) {
				d++
			}
			if d == len(text) || text[d] != '$' {
				return spans, false
			}
			k = d + 1
		}
		if k == len(text) || !isASCIILetter(text[k]) {
			return spans, false
		}
		if (text[k] == 't' || text[k] == 'T') && k+1 < len(text) && isASCIILetter(text[k+1]) {
			k++
		}
		k++
		spans = append(spans, [2]int{start, k})
		i = k
	}
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
