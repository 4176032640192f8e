package formats

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// sniffCSV is Python's csv.Sniffer().sniff(text) (Lib/csv.py, 3.11) as
// translate-toolkit's csvfile.parse uses it: the dialect, or false where sniff
// raises csv.Error ("Could not determine delimiter") and translate-toolkit falls
// back to its default dialect. translate-toolkit then makes a sniffed dialect
// double quotes (it is always QUOTE_MINIMAL), so the sniffer's own doublequote
// guess does not matter and is not made here.
//
// The sniffer's regular expressions are lazy matches over the whole text, which
// Python's engine may take quadratic time over; here each is answered from
// tables of where a quote is followed by a given character, so the work is
// linear in the text (times a logarithm).
func sniffCSV(text string) (csvDialect, bool) {
	d := csvDialect{quote: '"', escape: -1}
	quote, delim, space, found := sniffQuoteAndDelimiter(text)
	if found {
		d.quote = quote
	}
	if delim < 0 {
		delim, space = sniffDelimiter(text)
	}
	if delim < 0 {
		return csvDialect{}, false
	}
	d.delim, d.skipSpace = delim, space
	return d, true
}

// csvCloser finds where a quoted stretch ends: the first position at or after
// p of a quote character followed by something, from lists built once.
type csvCloser struct {
	text string
	// byPair: quote followed by the given character (regular expression 1).
	byPair map[[2]rune][]int
	// byDelim: quote followed by a delimiter character (2); atEOL: quote at
	// the end of a line (3, 4). Index 0 is '"', 1 is '\''.
	byDelim, atEOL [2][]int
}

func quoteIndex(q rune) int {
	if q == '\'' {
		return 1
	}
	return 0
}

func isQuoteRune(r rune) bool { return r == '"' || r == '\'' }

// isSniffDelim is the sniffer's delimiter class [^\w\n"'].
func isSniffDelim(r rune) bool { return r != '\n' && !isQuoteRune(r) && !pyIsWord(r) }

func newCSVCloser(text string) *csvCloser {
	c := &csvCloser{text: text, byPair: map[[2]rune][]int{}}
	for i := 0; i < len(text); i++ {
		q := rune(text[i])
		if !isQuoteRune(q) {
			continue
		}
		qi := quoteIndex(q)
		if i+1 == len(text) || text[i+1] == '\n' {
			c.atEOL[qi] = append(c.atEOL[qi], i)
		}
		if i+1 < len(text) {
			next, _ := utf8.DecodeRuneInString(text[i+1:])
			if isSniffDelim(next) {
				c.byDelim[qi] = append(c.byDelim[qi], i)
				key := [2]rune{q, next}
				c.byPair[key] = append(c.byPair[key], i)
			}
		}
	}
	return c
}

// first returns the first position in list at or after p, or -1.
func firstFrom(list []int, p int) int {
	i := sort.SearchInts(list, p)
	if i == len(list) {
		return -1
	}
	return list[i]
}

type sniffMatch struct {
	quote, delim rune // delim -1: the expression has none
	space        bool
}

// sniffQuoteAndDelimiter is Sniffer._guess_quote_and_delimiter: the findall of
// the first of its four expressions that matches anything, counted.
func sniffQuoteAndDelimiter(text string) (quote, delim rune, space, found bool) {
	c := newCSVCloser(text)
	var matches []sniffMatch
	hasDelimGroup := true
	for expr := 1; expr <= 4 && len(matches) == 0; expr++ {
		matches = c.findAll(expr)
		hasDelimGroup = expr != 4
	}
	if len(matches) == 0 {
		return 0, -1, false, false
	}
	var quotes, delims []rune
	qCount, dCount := map[rune]int{}, map[rune]int{}
	spaces := 0
	for _, m := range matches {
		if qCount[m.quote] == 0 {
			quotes = append(quotes, m.quote)
		}
		qCount[m.quote]++
		if !hasDelimGroup {
			continue
		}
		if dCount[m.delim] == 0 {
			delims = append(delims, m.delim)
		}
		dCount[m.delim]++
		if m.space {
			spaces++
		}
	}
	quote = firstMax(quotes, qCount)
	if len(delims) == 0 {
		return quote, -1, false, true
	}
	delim = firstMax(delims, dCount)
	return quote, delim, dCount[delim] == spaces, true
}

// firstMax is max(dict, key=dict.get): the first key, in insertion order, of
// the largest count.
func firstMax(keys []rune, count map[rune]int) rune {
	best := keys[0]
	for _, k := range keys[1:] {
		if count[k] > count[best] {
			best = k
		}
	}
	return best
}

// findAll is re.findall of one of the sniffer's expressions (DOTALL, MULTILINE):
//
//  1. (?P<delim>[^\w\n"'])(?P<space> ?)(?P<quote>["']).*?(?P=quote)(?P=delim)
//  2. (?:^|\n)(?P<quote>["']).*?(?P=quote)(?P<delim>[^\w\n"'])(?P<space> ?)
//  3. (?P<delim>[^\w\n"'])(?P<space> ?)(?P<quote>["']).*?(?P=quote)(?:$|\n)
//  4. (?:^|\n)(?P<quote>["']).*?(?P=quote)(?:$|\n)
//
// Matches do not overlap; the search goes on where the last one ended.
func (c *csvCloser) findAll(expr int) []sniffMatch {
	text := c.text
	var out []sniffMatch
	for i := 0; i < len(text); {
		m, end, ok := c.matchAt(expr, i)
		if ok {
			out = append(out, m)
			i = end
			continue
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	return out
}

// matchAt tries expression expr at byte offset i.
func (c *csvCloser) matchAt(expr, i int) (sniffMatch, int, bool) {
	text := c.text
	switch expr {
	case 1, 3:
		d, size := utf8.DecodeRuneInString(text[i:])
		if !isSniffDelim(d) {
			return sniffMatch{}, 0, false
		}
		j := i + size
		space := false
		switch {
		case j+1 < len(text) && text[j] == ' ' && isQuoteRune(rune(text[j+1])):
			space, j = true, j+1
		case j < len(text) && isQuoteRune(rune(text[j])):
		default:
			return sniffMatch{}, 0, false
		}
		q := rune(text[j])
		if expr == 1 {
			k := firstFrom(c.byPair[[2]rune{q, d}], j+1)
			if k < 0 {
				return sniffMatch{}, 0, false
			}
			return sniffMatch{quote: q, delim: d, space: space}, k + 1 + utf8.RuneLen(d), true
		}
		k := firstFrom(c.atEOL[quoteIndex(q)], j+1)
		if k < 0 {
			return sniffMatch{}, 0, false
		}
		return sniffMatch{quote: q, delim: d, space: space}, k + 1, true
	default: // 2, 4
		for _, qpos := range [2]int{i, i + 1} {
			if qpos == i && i != 0 && text[i-1] != '\n' { // ^
				continue
			}
			if qpos == i+1 && text[i] != '\n' { // \n
				continue
			}
			if qpos >= len(text) || !isQuoteRune(rune(text[qpos])) {
				continue
			}
			q := rune(text[qpos])
			if expr == 4 {
				k := firstFrom(c.atEOL[quoteIndex(q)], qpos+1)
				if k < 0 {
					continue
				}
				return sniffMatch{quote: q, delim: -1}, k + 1, true
			}
			k := firstFrom(c.byDelim[quoteIndex(q)], qpos+1)
			if k < 0 {
				continue
			}
			d, size := utf8.DecodeRuneInString(text[k+1:])
			end := k + 1 + size
			space := end < len(text) && text[end] == ' '
			if space {
				end++
			}
			return sniffMatch{quote: q, delim: d, space: space}, end, true
		}
		return sniffMatch{}, 0, false
	}
}

// sniffChar is what Sniffer._guess_delimiter keeps of one ASCII character over
// the lines read so far: how many lines had it how many times, each count
// ranked by the line it first came on (dict insertion order).
type sniffChar struct {
	count     map[int]int // times on a line (> 0) → lines
	firstLine map[int]int // times on a line (> 0) → first line with that many
	lines     int         // lines that had it
	zeroAt    int         // the first line lacking it (-1: none yet)
	lastLine  int         // the last line that had it (-1: none)
	best      int         // the most frequent count > 0 (0: none yet)
}

// sniffDelimiter is Sniffer._guess_delimiter: over the text's non-empty lines,
// ten at a time, the ASCII characters that occur the same number of times on
// (nearly) every line; one of them, or the first of , \t ; space : among
// several, or else the one of the highest (count, consistency, character).
func sniffDelimiter(text string) (rune, bool) {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	chunk := min(10, len(lines))
	var chars [127]sniffChar
	for i := range chars {
		chars[i].zeroAt, chars[i].lastLine = -1, -1
	}
	type mode struct{ freq, count int }
	modes := map[rune]mode{}
	var delims map[rune]mode
	seen := 0
	var counts [127]int
	var touched []byte
	for start, iteration := 0, 0; start < len(lines); start += chunk {
		iteration++
		end := min(start+chunk, len(lines))
		for _, line := range lines[start:end] {
			// Only the characters on the line are visited; a character's
			// first absence is found from the last line it was on.
			touched = touched[:0]
			for i := 0; i < len(line); i++ {
				if c := line[i]; c < 127 {
					if counts[c] == 0 {
						touched = append(touched, c)
					}
					counts[c]++
				}
			}
			for _, ch := range touched {
				sc := &chars[ch]
				n := counts[ch]
				counts[ch] = 0
				if sc.zeroAt < 0 && sc.lastLine != seen-1 {
					sc.zeroAt = sc.lastLine + 1
				}
				sc.lastLine = seen
				if sc.count == nil {
					sc.count, sc.firstLine = map[int]int{}, map[int]int{}
				}
				if _, ok := sc.count[n]; !ok {
					sc.firstLine[n] = seen
				}
				sc.count[n]++
				sc.lines++
				if b := sc.best; b == 0 || sc.count[n] > sc.count[b] || sc.count[n] == sc.count[b] && sc.firstLine[n] < sc.firstLine[b] {
					sc.best = n
				}
			}
			seen++
		}
		for ch := range chars {
			sc := &chars[ch]
			if sc.zeroAt < 0 && sc.lastLine != seen-1 {
				sc.zeroAt = sc.lastLine + 1
			}
			zeros := seen - sc.lines
			distinct := len(sc.count)
			if zeros > 0 {
				distinct++
			}
			if sc.lines == 0 {
				continue // only ever absent
			}
			if distinct == 1 {
				modes[rune(ch)] = mode{sc.best, sc.count[sc.best]}
				continue
			}
			m := mode{sc.best, sc.count[sc.best]}
			if zeros > 0 && (zeros > m.count || zeros == m.count && sc.zeroAt < sc.firstLine[sc.best]) {
				m = mode{0, zeros}
			}
			modes[rune(ch)] = mode{m.freq, m.count - (seen - m.count)}
		}
		if delims == nil {
			delims = map[rune]mode{}
			total := float64(min(chunk*iteration, len(lines)))
			for consistency := 1.0; len(delims) == 0 && consistency >= 0.9; consistency -= 0.01 {
				for k, v := range modes {
					if v.freq > 0 && v.count > 0 && float64(v.count)/total >= consistency {
						delims[k] = v
					}
				}
			}
			if len(delims) == 0 {
				delims = nil
			}
		}
		if len(delims) == 1 {
			for k := range delims {
				return k, sniffSkipSpace(lines[0], k)
			}
		}
		if len(delims) > 1 {
			break // later chunks change nothing
		}
	}
	if len(delims) == 0 {
		return -1, false
	}
	for _, p := range []rune{',', '\t', ';', ' ', ':'} {
		if _, ok := delims[p]; ok {
			return p, sniffSkipSpace(lines[0], p)
		}
	}
	best, first := rune(0), true
	for k, v := range delims {
		b := delims[best]
		if first || v.freq > b.freq || v.freq == b.freq && (v.count > b.count || v.count == b.count && k > best) {
			best, first = k, false
		}
	}
	return best, sniffSkipSpace(lines[0], best)
}

// sniffSkipSpace is data[0].count(delim) == data[0].count(delim + " ").
func sniffSkipSpace(line string, d rune) bool {
	s := string(d)
	return strings.Count(line, s) == strings.Count(line, s+" ")
}
