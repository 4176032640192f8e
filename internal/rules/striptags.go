package rules

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// stripTags is Django's django.utils.html.strip_tags, which the same check
// runs on a source string: the text of an HTML fragment as Python's
// html.parser.HTMLParser (convert_charrefs off) reads it, again and again while
// a pass removes some "<". Tags, comments, declarations and processing
// instructions go; text stays, character and entity references stay as
// written (with a ";" added where the reference had none), and the text of
// <script> and <style> stays as long as the element is closed. The parser is
// Python 3.11's; text it cannot read (a "<![" section of an unknown keyword,
// where Python raises) is returned as it was given.
func stripTags(text string) string {
	value := text
	for pass := 0; strings.Contains(value, "<") && strings.Contains(value, ">"); pass++ {
		// Each pass may remove a single "<" ("<<<<a>a>a>a>"): Django stops
		// after maxStripTagsPasses (its fix for CVE-2024-53907, where it raises
		// SuspiciousOperation), and so does this, keeping what is left.
		if pass == maxStripTagsPasses {
			break
		}
		next, ok := stripOnce(value)
		if !ok {
			return text
		}
		if strings.Count(value, "<") == strings.Count(next, "<") {
			break
		}
		value = next
	}
	return value
}

// maxStripTagsPasses is Django's MAX_STRIP_TAGS_DEPTH.
const maxStripTagsPasses = 50

// stripOnce is one pass: the text data of value, fed to the parser and then
// closed (Django's _strip_once). ok is false when the parser refuses value.
func stripOnce(value string) (string, bool) {
	p := htmlStripper{raw: value}
	if !p.goahead(false) || !p.goahead(true) {
		return "", false
	}
	return p.out.String(), true
}

// htmlStripper is an HTMLParser whose only output is its text data.
type htmlStripper struct {
	raw   string // what is left to parse
	f     finder
	cdata string // "script" or "style" while inside one
	out   strings.Builder
}

// goahead is HTMLParser.goahead: it parses raw as far as it can, and all of it
// when end is set. It reports false where Python would raise.
func (p *htmlStripper) goahead(end bool) bool {
	raw := p.raw
	n := len(raw)
	i := 0
loop:
	for i < n {
		var j int
		if p.cdata == "" {
			j = strings.IndexAny(raw[i:], "<&")
			if j < 0 {
				j = n
			} else {
				j += i
			}
		} else {
			j = cdataEnd(&p.f, raw, i, p.cdata)
			if j < 0 {
				break
			}
		}
		p.out.WriteString(raw[i:j])
		i = j
		if i == n {
			break
		}
		switch {
		case raw[i] == '<':
			var k int
			switch {
			case i+1 < n && isASCIILetter(raw[i+1]):
				k = p.startTag(i)
			case strings.HasPrefix(raw[i:], "</"):
				k = p.endTag(i)
			case strings.HasPrefix(raw[i:], "<!--"):
				k = commentEnd(&p.f, raw, i)
			case strings.HasPrefix(raw[i:], "<?"):
				k = p.f.index(raw, ">", i+2)
				if k >= 0 {
					k++
				}
			case strings.HasPrefix(raw[i:], "<!"):
				var ok bool
				if k, ok = declarationEnd(&p.f, raw, i); !ok {
					return false
				}
			case i+1 < n:
				p.out.WriteByte('<')
				k = i + 1
			default:
				break loop
			}
			if k < 0 {
				if !end {
					break loop
				}
				// An unfinished construct at the end is text up to its ">",
				// else up to the next "<", else its "<" alone.
				if gt := p.f.index(raw, ">", i+1); gt >= 0 {
					k = gt + 1
				} else if lt := p.f.index(raw, "<", i+1); lt >= 0 {
					k = lt
				} else {
					k = i + 1
				}
				p.out.WriteString(raw[i:k])
			}
			i = k
		case strings.HasPrefix(raw[i:], "&#"):
			if name, k, ok := charRef(raw, i); ok {
				p.out.WriteString("&#" + name + ";")
				i = k
				continue
			}
			if p.f.index(raw, ";", i) >= 0 {
				p.out.WriteString("&#")
				i += 2
			}
			break loop
		default: // "&"
			if name, k, ok := entityRef(raw, i); ok {
				p.out.WriteString("&" + name + ";")
				i = k
				continue
			}
			if i+1 < n && (isASCIILetter(raw[i+1]) || raw[i+1] == '#') {
				// Perhaps a reference cut by the end of the data: wait for more,
				// and at the end drop an "&" that only a letter follows.
				if end && i+2 == n {
					i++
				}
				break loop
			}
			if i+1 < n {
				p.out.WriteByte('&')
				i++
				continue
			}
			break loop
		}
	}
	if end && i < n && p.cdata == "" {
		p.out.WriteString(raw[i:])
		i = n
	}
	p.raw = raw[i:]
	return true
}

// startTag is HTMLParser.parse_starttag: the end of the tag at i, or -1 when
// it may not be complete. A tag whose end is not ">" or "/>" is text.
func (p *htmlStripper) startTag(i int) int {
	raw := p.raw
	endpos := wholeStartTag(&p.f, raw, i)
	if endpos < 0 {
		return endpos
	}
	nameEnd := tagName(&p.f, raw, i+1)
	tag := strings.ToLower(raw[i+1 : nameEnd])
	k := skipTagSpace(raw, nameEnd)
	for k < endpos {
		next, ok := attribute(&p.f, raw, k)
		if !ok {
			break
		}
		k = next
	}
	rest := ""
	if k < endpos {
		rest = pyTrimSpace(raw[k:endpos])
	}
	if rest != ">" && rest != "/>" {
		p.out.WriteString(raw[i:endpos])
		return endpos
	}
	if rest == ">" && (tag == "script" || tag == "style") {
		p.cdata = tag
	}
	return endpos
}

// wholeStartTag is check_for_whole_start_tag: the end of the start tag at i,
// or -1 when the data may end inside it.
func wholeStartTag(f *finder, raw string, i int) int {
	j := tagName(f, raw, i+1)
	j = skipFunc(raw, j, func(r rune) bool { return r == '/' || pySpace(r) })
	j = f.attributesEnd(raw, j)
	j = skipFunc(raw, j, pySpace)
	if j >= len(raw) {
		return -1
	}
	switch c := raw[j]; {
	case c == '>':
		return j + 1
	case c == '/':
		if strings.HasPrefix(raw[j:], "/>") {
			return j + 2
		}
		return -1
	case c == '=' || isASCIILetter(c):
		return -1
	}
	return j
}

// tagName returns the end of a tag name starting at i (a letter, then anything
// but tab, newline, return, form feed, space, "/", ">" and NUL).
func tagName(f *finder, raw string, i int) int {
	// The characters that end a name are ASCII: a byte search finds them.
	at, _ := f.first(raw, "tag name", i, func(i int) (int, int) {
		if i >= len(raw) {
			return len(raw), len(raw)
		}
		k := strings.IndexAny(raw[i:], "\t\n\r\f />\x00")
		if k < 0 {
			return len(raw), len(raw)
		}
		return i + k, i + k
	})
	return at
}

// skipTagSpace skips white space and any "/" not followed by ">".
func skipTagSpace(raw string, i int) int {
	for i < len(raw) {
		r, size := utf8.DecodeRuneInString(raw[i:])
		if !pySpace(r) && (r != '/' || strings.HasPrefix(raw[i+1:], ">")) {
			break
		}
		i += size
	}
	return i
}

// attribute matches one attribute of a start tag at i, as Python's
// attrfind_tolerant does: a name right after a quote, a space or "/"; then
// perhaps "=" and a value; then white space. It returns where it ends.
func attribute(f *finder, raw string, i int) (int, bool) {
	if i == 0 || i >= len(raw) {
		return 0, false
	}
	prev, _ := utf8.DecodeLastRuneInString(raw[:i])
	if prev != '\'' && prev != '"' && prev != '/' && !pySpace(prev) {
		return 0, false
	}
	r, size := utf8.DecodeRuneInString(raw[i:])
	if pySpace(r) || r == '/' || r == '>' {
		return 0, false
	}
	i = skipFunc(raw, i+size, func(r rune) bool { return !pySpace(r) && r != '/' && r != '=' && r != '>' })
	if v, ok := attrValue(f, raw, i); ok {
		i = v
	}
	return skipTagSpace(raw, i), true
}

// attrValue matches the value part of an attribute at i (white space, "="s,
// white space, then a quoted value or a bare one), with the choices Python's
// backtracking makes when a quote is not closed: the value is then empty
// before the quote when white space precedes it, else it is bare from the
// last "=" when there are several, else there is no value part.
func attrValue(f *finder, raw string, i int) (int, bool) {
	eq := skipFunc(raw, i, pySpace)
	if eq >= len(raw) || raw[eq] != '=' {
		return 0, false
	}
	eqEnd := eq
	for eqEnd < len(raw) && raw[eqEnd] == '=' {
		eqEnd++
	}
	v := skipFunc(raw, eqEnd, pySpace)
	if end, ok := quotedOrBare(f, raw, v); ok {
		return end, true
	}
	if v > eqEnd {
		return v, true // empty bare value at the last white space, which the tail takes back
	}
	if eqEnd-eq > 1 {
		end, _ := quotedOrBare(f, raw, eqEnd-1)
		return end, true
	}
	return 0, false
}

// quotedOrBare matches '…', "…" or a bare value (not starting with a quote,
// up to ">" or white space) at i.
func quotedOrBare(f *finder, raw string, i int) (int, bool) {
	if i >= len(raw) {
		return i, true
	}
	if q := raw[i]; q == '\'' || q == '"' {
		if k := f.index(raw, raw[i:i+1], i+1); k >= 0 {
			return k + 1, true
		}
		return 0, false
	}
	return skipFunc(raw, i, func(r rune) bool { return r != '>' && !pySpace(r) }), true
}

// endTag is HTMLParser.parse_endtag: the end of the end tag at i, or -1.
func (p *htmlStripper) endTag(i int) int {
	raw := p.raw
	gt := p.f.index(raw, ">", i+1)
	if gt < 0 {
		return -1
	}
	gtpos := gt + 1
	name, ok := endTagName(raw, i)
	if !ok {
		if p.cdata != "" {
			p.out.WriteString(raw[i:gtpos])
			return gtpos
		}
		if i+2 < len(raw) && isASCIILetter(raw[i+2]) {
			// Anything between the name and the next ">" is part of the tag.
			return p.f.index(raw, ">", skipTagSpace(raw, tagName(&p.f, raw, i+2))) + 1
		}
		if strings.HasPrefix(raw[i:], "</>") {
			return i + 3
		}
		return gtpos // a bogus comment, up to the first ">"
	}
	if p.cdata != "" && strings.ToLower(name) != p.cdata {
		p.out.WriteString(raw[i:gtpos])
		return gtpos
	}
	p.cdata = ""
	return gtpos
}

// endTagName matches "</", white space, a name of letters, digits and -.:_
// (starting with a letter), white space and ">" at i.
func endTagName(raw string, i int) (string, bool) {
	j := skipFunc(raw, i+2, pySpace)
	if j >= len(raw) || !isASCIILetter(raw[j]) {
		return "", false
	}
	k := j + 1
	for k < len(raw) && (isASCIILetter(raw[k]) || raw[k] >= '0' && raw[k] <= '9' || strings.IndexByte("-.:_", raw[k]) >= 0) {
		k++
	}
	e := skipFunc(raw, k, pySpace)
	if e >= len(raw) || raw[e] != '>' {
		return "", false
	}
	return raw[j:k], true
}

// cdataEnd finds, from i, the end tag of the script or style element the
// parser is in ("</", white space, the name in any case, white space, ">").
func cdataEnd(f *finder, raw string, i int, elem string) int {
	at, _ := f.first(raw, "</"+elem, i, func(i int) (int, int) {
		k := cdataEndFrom(raw, i, elem)
		return k, k
	})
	return at
}

func cdataEndFrom(raw string, i int, elem string) int {
	for {
		k := indexFrom(raw, "</", i)
		if k < 0 {
			return -1
		}
		j := skipFunc(raw, k+2, pySpace)
		m := j
		ok := true
		for _, want := range elem {
			r, size := utf8.DecodeRuneInString(raw[m:])
			if m >= len(raw) || !strings.EqualFold(string(r), string(want)) {
				ok = false
				break
			}
			m += size
		}
		if ok {
			m = skipFunc(raw, m, pySpace)
			if m < len(raw) && raw[m] == '>' {
				return k
			}
		}
		i = k + 1
	}
}

// commentEnd is the end of the comment at i ("--", white space, ">" after
// "<!--"), or -1.
func commentEnd(f *finder, raw string, i int) int {
	_, end := f.first(raw, "-->", i+4, func(k int) (int, int) { return commentEndFrom(raw, k) })
	return end
}

// commentEndFrom finds the first "--", white space and ">" from k: its start and end.
func commentEndFrom(raw string, k int) (int, int) {
	for ; ; k++ {
		d := indexFrom(raw, "--", k)
		if d < 0 {
			return -1, -1
		}
		e := skipFunc(raw, d+2, pySpace)
		if e < len(raw) && raw[e] == '>' {
			return d, e + 1
		}
		k = d
	}
}

// declarationEnd is parse_html_declaration for "<!" at i (not a comment): a
// marked section "<![name …]]>", a doctype, or a bogus comment up to ">". ok is
// false where Python raises (a marked section of an unknown keyword).
func declarationEnd(f *finder, raw string, i int) (int, bool) {
	if strings.HasPrefix(raw[i:], "<![") {
		return markedSectionEnd(f, raw, i)
	}
	from := i + 2
	if len(raw) >= i+9 && strings.EqualFold(raw[i:i+9], "<!doctype") {
		from = i + 9
	}
	gt := f.index(raw, ">", from)
	if gt < 0 {
		return -1, true
	}
	return gt + 1, true
}

// markedSectionEnd is _markupbase's parse_marked_section.
func markedSectionEnd(f *finder, raw string, i int) (int, bool) {
	j := i + 3
	if j == len(raw) {
		return -1, true
	}
	if !isASCIILetter(raw[j]) {
		return 0, false
	}
	k := j + 1
	for k < len(raw) && (isASCIILetter(raw[k]) || raw[k] >= '0' && raw[k] <= '9' || strings.IndexByte("-_.", raw[k]) >= 0) {
		k++
	}
	name := strings.ToLower(raw[j:k])
	if skipFunc(raw, k, pySpace) == len(raw) {
		return -1, true
	}
	var closers int // how many "]" close it
	switch name {
	case "temp", "cdata", "ignore", "include", "rcdata":
		closers = 2
	case "if", "else", "endif":
		closers = 1
	default:
		return 0, false
	}
	key := "]>"
	if closers == 2 {
		key = "]]>"
	}
	_, end := f.first(raw, key, i+3, func(s int) (int, int) { return markedSectionClose(raw, s, closers) })
	return end, true
}

// markedSectionClose finds the first closing of a marked section from s: its
// "]"s (as many as closers, white space between), white space and ">". It
// returns the first "]" and the end (-1, -1 when there is none).
func markedSectionClose(raw string, s, closers int) (int, int) {
	for ; ; s++ {
		b := indexFrom(raw, "]", s)
		if b < 0 {
			return -1, -1
		}
		e := b + 1
		if closers == 2 {
			e = skipFunc(raw, e, pySpace)
			if e >= len(raw) || raw[e] != ']' {
				s = b
				continue
			}
			e++
		}
		e = skipFunc(raw, e, pySpace)
		if e < len(raw) && raw[e] == '>' {
			return b, e + 1
		}
		s = b
	}
}

// charRef matches "&#", decimal digits or x and hex digits, and one character
// that is not a hex digit, at i. It returns the reference's name (what follows
// "&#") and where parsing goes on: after a ";", else at that character.
func charRef(raw string, i int) (string, int, bool) {
	j := i + 2
	isHex := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	k := j
	if k < len(raw) && (raw[k] == 'x' || raw[k] == 'X') {
		k++
		for k < len(raw) && isHex(raw[k]) {
			k++
		}
		if k == j+1 {
			return "", 0, false
		}
	} else {
		for k < len(raw) && raw[k] >= '0' && raw[k] <= '9' {
			k++
		}
		if k == j {
			return "", 0, false
		}
	}
	if k >= len(raw) || isHex(raw[k]) {
		return "", 0, false
	}
	if raw[k] == ';' {
		return raw[j:k], k + 1, true
	}
	return raw[j:k], k, true
}

// entityRef matches "&", a name (a letter, then letters, digits, "-" and
// "."), and one character that is not a letter or digit, at i. At the end of
// the data the name gives back its last "-" or "." as that character.
func entityRef(raw string, i int) (string, int, bool) {
	j := i + 1
	if j >= len(raw) || !isASCIILetter(raw[j]) {
		return "", 0, false
	}
	k := j + 1
	for k < len(raw) && (isASCIILetter(raw[k]) || raw[k] >= '0' && raw[k] <= '9' || raw[k] == '-' || raw[k] == '.') {
		k++
	}
	if k < len(raw) {
		if raw[k] == ';' {
			return raw[j:k], k + 1, true
		}
		return raw[j:k], k, true
	}
	if d := strings.LastIndexAny(raw[j+1:k], "-."); d >= 0 {
		return raw[j : j+1+d], j + 1 + d, true
	}
	return "", 0, false
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// finder answers "where is the first match at or after i" for one text,
// remembering its last answer for each kind of match. The parser asks again
// from each unfinished construct ("<a<a<a…" asks for the end of a tag name
// and for a ">" at every "<"); an answer found from one position stands for
// every position up to the match (for every later one when there is none), so
// that such text costs linear time instead of quadratic.
type finder struct {
	s string
	// attrEnds maps where a long run of attributes passes to where it ends.
	attrEnds map[int]int
	memos    [12]findMemo // a dozen kinds of match: > < ; ' " --> ]> ]]> </script …
	n        int
}

type findMemo struct {
	key           string
	from, at, end int
}

// on points f at s: what it remembers of another text is forgotten (the
// parser's text moves on between its two passes over one value).
func (f *finder) on(s string) {
	if len(f.s) != len(s) || unsafe.StringData(f.s) != unsafe.StringData(s) {
		*f = finder{s: s}
	}
}

// first returns find(i): the first match at or after i, its start (at, -1
// for none) and what the caller keeps of it (end).
func (f *finder) first(s, key string, i int, find func(int) (at, end int)) (int, int) {
	f.on(s)
	for k := range f.n {
		m := &f.memos[k]
		if m.key != key {
			continue
		}
		if i >= m.from && (m.at < 0 || i <= m.at) {
			return m.at, m.end
		}
		m.from = i
		m.at, m.end = find(i)
		return m.at, m.end
	}
	at, end := find(i)
	if f.n < len(f.memos) {
		f.memos[f.n] = findMemo{key, i, at, end}
		f.n++
	}
	return at, end
}

// attributesEnd is where the attributes of a start tag that start at j end.
// Where one attribute ends depends on where it starts only, so the runs of
// attributes of several unfinished tags ("<a b='<a b='…", where each quote
// pairs with the next tag's) meet and end together: a long run is remembered
// from each of its positions.
func (f *finder) attributesEnd(raw string, j int) int {
	f.on(raw)
	var visited []int
	for n := 0; ; n++ {
		if e, ok := f.attrEnds[j]; ok {
			j = e
			break
		}
		if n >= 8 {
			visited = append(visited, j)
		}
		next, ok := attribute(f, raw, j)
		if !ok {
			break
		}
		j = next
	}
	if len(visited) > 0 {
		if f.attrEnds == nil {
			f.attrEnds = map[int]int{}
		}
		for _, v := range visited {
			f.attrEnds[v] = j
		}
	}
	return j
}

// index is indexFrom(s, sub, i), remembered.
func (f *finder) index(s, sub string, i int) int {
	at, _ := f.first(s, sub, i, func(i int) (int, int) {
		k := indexFrom(s, sub, i)
		return k, k
	})
	return at
}

// indexFrom is strings.Index of sub in s from i, as an index in s.
func indexFrom(s, sub string, i int) int {
	if i > len(s) {
		return -1
	}
	if k := strings.Index(s[i:], sub); k >= 0 {
		return i + k
	}
	return -1
}

// skipFunc returns the index after the runes from i that keep holds for.
func skipFunc(s string, i int, keep func(rune) bool) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !keep(r) {
			break
		}
		i += size
	}
	return i
}

// pySpace is Python's str.isspace for one character (and its regular
// expressions' \s): what Unicode calls white space, plus the separators
// U+001C–U+001F.
func pySpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, ' ', 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// pyTrimSpace is Python's str.strip() without arguments.
func pyTrimSpace(s string) string { return strings.TrimFunc(s, pySpace) }
