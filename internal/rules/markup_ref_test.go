package rules

import "strings"

// The BBCode and Markdown matchers as they were before they were rewritten to cost
// linear time (see mdIndex): simple scans that follow Python's backtracking
// order step by step, and cost up to the cube of the text's length. The tests
// compare the rewritten matchers with them on random texts.

// refMdLinkText matches the link text of MD_LINK and MD_REFLINK from just after
// its "[", calling tail at every position the text may end, in Python's
// backtracking order (longest first), until tail accepts. A text item is a
// "[…]" without "^" or "]" inside, a character other than "[" and "]", or a
// "]" when the next bracket after it is a "]" (the lookahead (?=[^\[]*\]));
// at most one item applies at any position, so the greedy repetition is a
// single chain.
func refMdLinkText(s []rune, p int, tail func(end int) bool) bool {
	chain := []int{p}
	for p < len(s) {
		q := -1
		switch s[p] {
		case '[':
			k := p + 1
			for k < len(s) && s[k] != ']' && s[k] != '^' {
				k++
			}
			if k < len(s) && s[k] == ']' {
				q = k + 1
			}
		case ']':
			for k := p + 1; k < len(s); k++ {
				if s[k] == '[' {
					break
				}
				if s[k] == ']' {
					q = p + 1
					break
				}
			}
		default:
			q = p + 1
		}
		if q < 0 {
			break
		}
		p = q
		chain = append(chain, p)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if tail(chain[i]) {
			return true
		}
	}
	return false
}

func refSkipPySpace(s []rune, p int) int {
	for p < len(s) && pyIsSpace(s[p]) {
		p++
	}
	return p
}

// refMdRefLinkFind returns the reference (group 2) of each MD_REFLINK match:
// [text] [ref] with optional white space between.
func refMdRefLinkFind(text string) []string {
	s := []rune(text)
	var out []string
	for i := 0; i < len(s); {
		p := i
		if s[p] == '!' {
			p++
		}
		if p >= len(s) || s[p] != '[' {
			i++
			continue
		}
		var end int
		var ref string
		ok := refMdLinkText(s, p+1, func(e int) bool {
			if e >= len(s) || s[e] != ']' {
				return false
			}
			q := refSkipPySpace(s, e+1)
			if q >= len(s) || s[q] != '[' {
				return false
			}
			k := q + 1
			for k < len(s) && s[k] != ']' && s[k] != '^' {
				k++
			}
			if k >= len(s) || s[k] != ']' {
				return false
			}
			end, ref = k+1, string(s[q+1:k])
			return true
		})
		if !ok {
			i++
			continue
		}
		out = append(out, ref)
		i = end
	}
	return out
}

// refMdAutoLink matches "<http(s)://…>" at i (MD_LINK's second branch and
// MD_SYNTAX's seventh), returning the end.
func refMdAutoLink(s []rune, i int) (int, bool) {
	if s[i] != '<' {
		return 0, false
	}
	j := i + 1
	for j < len(s) && s[j] != '>' {
		j++
	}
	if j >= len(s) {
		return 0, false
	}
	c := string(s[i+1 : j])
	for _, pre := range []string{"https://", "http://"} {
		if strings.HasPrefix(c, pre) && len(c) > len(pre) {
			return j + 1, true
		}
	}
	return 0, false
}

// refMdAutoMail matches "<x@y.z>" at i (MD_LINK's third branch, MD_SYNTAX's
// eighth): within the brackets a non-empty part, "@", a non-empty part, ".",
// a non-empty part.
func refMdAutoMail(s []rune, i int) (int, bool) {
	if s[i] != '<' {
		return 0, false
	}
	j := i + 1
	for j < len(s) && s[j] != '>' {
		j++
	}
	if j >= len(s) {
		return 0, false
	}
	c := s[i+1 : j]
	for a := 1; a < len(c); a++ {
		if c[a] != '@' {
			continue
		}
		for d := a + 2; d < len(c)-1; d++ {
			if c[d] == '.' {
				return j + 1, true
			}
		}
	}
	return 0, false
}

// refMdLinkFind lists MD_LINK matches: [text](url "title") links and images,
// <http…> autolinks and <mail@host> addresses.
func refMdLinkFind(text string) []mdLinkMatch {
	s := []rune(text)
	var out []mdLinkMatch
	for i := 0; i < len(s); {
		if end, url, ok := refMdInlineLink(s, i); ok {
			out = append(out, mdLinkMatch{url: url})
			i = end
			continue
		}
		if end, ok := refMdAutoLink(s, i); ok {
			out = append(out, mdLinkMatch{})
			i = end
			continue
		}
		if end, ok := refMdAutoMail(s, i); ok {
			out = append(out, mdLinkMatch{})
			i = end
			continue
		}
		i++
	}
	return out
}

// refMdInlineLink is MD_LINK's first branch at i:
// !?[text]( \s* <? url(lazy) >?  (\s+ "title")? \s* ).
func refMdInlineLink(s []rune, i int) (end int, url string, ok bool) {
	p := i
	if s[p] == '!' {
		p++
	}
	if p >= len(s) || s[p] != '[' {
		return 0, "", false
	}
	// closeAt matches \s*\) at p.
	closeAt := func(p int) (int, bool) {
		p = refSkipPySpace(s, p)
		if p < len(s) && s[p] == ')' {
			return p + 1, true
		}
		return 0, false
	}
	// after matches the optional title and the closing parenthesis at p.
	after := func(p int) (int, bool) {
		if q := refSkipPySpace(s, p); q > p && q < len(s) && (s[q] == '"' || s[q] == '\'') {
			for f := q + 1; f < len(s); f++ {
				if s[f] == '"' || s[f] == '\'' {
					if e, ok := closeAt(f + 1); ok {
						return e, true
					}
				}
			}
		}
		return closeAt(p)
	}
	ok = refMdLinkText(s, p+1, func(e int) bool {
		if e+1 >= len(s) || s[e] != ']' || s[e+1] != '(' {
			return false
		}
		base := e + 2
		maxw := refSkipPySpace(s, base) - base
		for w := maxw; w >= 0; w-- {
			u0 := base + w
			for _, lt := range []bool{true, false} {
				if lt && (w != maxw || u0 >= len(s) || s[u0] != '<') {
					continue
				}
				start := u0
				if lt {
					start++
				}
				for ue := start; ue <= len(s); ue++ {
					q := ue
					if lt {
						if q >= len(s) || s[q] != '>' {
							continue
						}
						q++
					}
					if e2, ok := after(q); ok {
						end, url = e2, string(s[start:ue])
						return true
					}
				}
			}
		}
		return false
	})
	return end, url, ok
}

// refMdSyntaxFind returns the marker of each MD_SYNTAX match ("__", "**", "_",
// "*", the backticks, "~~"), "" for the <url> and <mail> branches, whose
// marker Weblate's extract_match does not read (it returns None for them).
func refMdSyntaxFind(text string) []string {
	s := []rune(text)
	var out []string
	for i := 0; i < len(s); {
		end, mark, ok := refMdSyntaxAt(s, i)
		if !ok {
			i++
			continue
		}
		out = append(out, mark)
		i = end
	}
	return out
}

func refMdSyntaxAt(s []rune, i int) (end int, mark string, ok bool) {
	at := func(p int, lit string) bool {
		r := []rune(lit)
		if p+len(r) > len(s) {
			return false
		}
		for k := range r {
			if s[p+k] != r[k] {
				return false
			}
		}
		return true
	}
	// __x__ and **x**: the shortest non-empty text, then the pair not followed
	// by the same character.
	for _, d := range []string{"__", "**"} {
		if !at(i, d) {
			continue
		}
		c := rune(d[0])
		for e := i + 3; e+2 <= len(s); e++ {
			if at(e, d) && (e+2 == len(s) || s[e+2] != c) {
				return e + 2, d, true
			}
		}
	}
	// \b_x_\b and *x*: items are a doubled marker or any other character,
	// at least one, the fewest before a closing marker.
	if s[i] == '_' && (i == 0 || !pyIsWord(s[i-1])) {
		p := i + 1
		for n := 0; ; n++ {
			if n > 0 && p < len(s) && s[p] == '_' && (p+1 == len(s) || !pyIsWord(s[p+1])) {
				return p + 1, "_", true
			}
			if at(p, "__") {
				p += 2
			} else if p < len(s) && s[p] != '_' {
				p++
			} else {
				break
			}
		}
	}
	if s[i] == '*' {
		p := i + 1
		for n := 0; ; n++ {
			if n > 0 && p < len(s) && s[p] == '*' && (p+1 == len(s) || s[p+1] != '*') {
				return p + 1, "*", true
			}
			if at(p, "**") {
				p += 2
			} else if p < len(s) && s[p] != '*' {
				p++
			} else {
				break
			}
		}
	}
	// `code`: a run of backticks (fewer on backtracking), optional space, the
	// shortest text ending in a non-backtick, optional space, the same run not
	// followed by another backtick.
	if s[i] == '`' {
		run := 0
		for i+run < len(s) && s[i+run] == '`' {
			run++
		}
		for k := run; k >= 1; k-- {
			ticks := strings.Repeat("`", k)
			c0 := i + k
			maxw := refSkipPySpace(s, c0) - c0
			for w := maxw; w >= 0; w-- {
				for x := c0 + w; x < len(s); x++ {
					if s[x] == '`' {
						continue
					}
					y := refSkipPySpace(s, x+1)
					if at(y, ticks) && (y+k == len(s) || s[y+k] != '`') {
						return y + k, ticks, true
					}
				}
			}
		}
	}
	// ~~x~~: a non-space right after the opening pair, the shortest text
	// ending in a non-space, then the closing pair.
	if at(i, "~~") && i+2 < len(s) && !pyIsSpace(s[i+2]) {
		for x := i + 2; x < len(s); x++ {
			if !pyIsSpace(s[x]) && at(x+1, "~~") {
				return x + 3, "~~", true
			}
		}
	}
	if e, ok := refMdAutoLink(s, i); ok {
		return e, "", true
	}
	if e, ok := refMdAutoMail(s, i); ok {
		return e, "", true
	}
	return 0, "", false
}

// refBbcodeFind lists the matches of BBCODE_MATCH, an opening [tag] or
// [tag@param], the shortest text on the same line, then [/tag]. The tag is
// everything up to the first "]" (newlines included); when no closing tag
// follows, Python backtracks to shorter tags ending before an "@" (the
// "@param" part), longest first.
func refBbcodeFind(text string) []bbcodeMatch {
	s := []rune(text)
	var out []bbcodeMatch
	for i := 0; i < len(s); {
		end, tag, ok := refBbcodeAt(s, i)
		if !ok {
			i++
			continue
		}
		out = append(out, bbcodeMatch{tag: tag})
		i = end
	}
	return out
}

func refBbcodeAt(s []rune, i int) (end int, tag string, ok bool) {
	if s[i] != '[' {
		return 0, "", false
	}
	j := i + 1
	for j < len(s) && s[j] != ']' {
		j++
	}
	if j >= len(s) || j == i+1 {
		return 0, "", false
	}
	inner := s[i+1 : j]
	try := func(t []rune) (int, bool) {
		closing := "[/" + string(t) + "]"
		rest := string(s[j+1:])
		k := strings.Index(rest, closing)
		if k < 0 || strings.ContainsRune(rest[:k], '\n') {
			return 0, false
		}
		return j + 1 + len([]rune(rest[:k])) + len([]rune(closing)), true
	}
	if e, ok := try(inner); ok {
		return e, string(inner), true
	}
	for k := len(inner) - 1; k >= 1; k-- {
		if inner[k] != '@' {
			continue
		}
		if e, ok := try(inner[:k]); ok {
			return e, string(inner[:k]), true
		}
	}
	return 0, "", false
}
