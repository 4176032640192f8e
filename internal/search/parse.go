package search

import (
	"fmt"
	"strings"
	"unicode"
)

// The grammar is Weblate's (weblate/utils/search.py), a pyparsing grammar read here
// by a recursive descent parser that makes the same choices pyparsing makes: ordered
// alternatives, greedy repetition, no backtracking into a completed element, and
// whitespace (" \n\r", after pyparsing's default tab expansion) skipped before every
// token.
//
//	query    := [or]                                   Optional(infix_notation(term, …))
//	or       := and ([OR] and)*                        OR is Optional(CaselessKeyword("OR"))
//	and      := not (AND not)*
//	not      := NOT not | base
//	base     := term | "(" or ")"
//	term     := field operator (range | string) | string
//	field    := (?!http|ftp|https|mailto)[a-zA-Z_]+
//	operator := ":" | ":=" | ":<" | ":<=" | ":>" | ":>="  (longest match)
//	range    := "[" date "to" date "]"                date: Word("0123456789:.-T")
//	string   := "r" dquoted | squoted | dquoted | word
//	word     := [^ ()]([^ '"]*[^ '")])?
//
// An "or" level group holds an implicit AND unless one of its operators is OR, in
// which case every operand is OR'ed: Weblate's parser_to_query applies the last
// keyword it sees to the whole group, so "a b OR c" is a OR b OR c.

type valueKind uint8

const (
	valString valueKind = iota
	valRegex            // r"…"
	valRange            // [start to end]
)

// value is what follows a field's operator (or a bare term).
type value struct {
	kind       valueKind
	text       string // the string, or the regular expression
	start, end string // the range's ends
}

// pyName is the class name Weblate's parser gives the value, for messages.
func (v value) pyName() string {
	if v.kind == valRegex {
		return "RegexExpr"
	}
	return "RangeExpr"
}

// node is a parsed query: a boolean group or a term.
type node struct {
	op    string // "AND", "OR", "NOT"; empty for a term
	items []*node

	hasField bool
	field    string
	operator string // ":", ":=", ":<", ":<=", ":>", ":>="
	val      value
}

// maxDepth is how deep parentheses may nest. Weblate's parser (pyparsing without
// packrat memoizing) takes about four times longer per level: 1.9 s at six levels
// and 7.3 s at seven with pyparsing 3.0.9 here, and Python's recursion limit ends
// it further down. This parser memoizes and stays linear; it refuses past a fixed
// depth with Python's RecursionError message.
const maxDepth = 20

type memoKey struct {
	rule byte
	pos  int
}

type memoVal struct {
	n   *node
	end int
	ok  bool
}

// MaxQueryBytes and MaxTerms bound the work one query can ask for: matching costs
// the units read times the lookups the query makes of each, so without a bound one
// request of a few hundred kilobytes of "a OR a OR …" keeps a server busy for
// minutes on a large translation. Weblate sets no limit of its own (weblate/api/views.py
// hands q to weblate/utils/search.py whole), but its documented deployments
// bound it: the example uWSGI configuration (weblate/examples/weblate.uwsgi.ini)
// sets buffer-size = 8192, which holds the request line with the query string and
// the headers, and nginx refuses a request line longer than its
// large_client_header_buffers size (8 KiB by default) with 414. The decoded q is
// never longer than its percent-encoded form, so no query such a Weblate answers
// is refused here.
//
// A term is one lookup (a field search, or a bare word, which reads source, target
// and context). Two hundred are far more than a query typed or built by a client
// holds, yet few enough that 200 text lookups match the 400,000 strings of a large
// translation in about three seconds. A regular expression can cost far more per
// string than a text lookup; the API's deadline on a search bounds those.
const (
	MaxQueryBytes = 8192
	MaxTerms      = 200
)

type parser struct {
	s        []rune
	memo     map[memoKey]memoVal
	depth    int
	terms    int      // terms read so far
	maxTerms int      // refuse past this many terms; 0: no limit (tests of the parser's cost)
	closing  [2][]int // per quote character: see closeFrom
	abort    *Error   // an exception pyparsing would not catch: ends the parse
}

// parseTree reads q within the limits, refusing it before any parsing when it is
// too long.
func parseTree(q string) (*node, error) {
	if len(q) > MaxQueryBytes {
		return nil, errorf("The query is %d bytes long; gitlate reads queries of at most %d bytes.", len(q), MaxQueryBytes)
	}
	return parseTreeWithin(q, MaxTerms)
}

func parseTreeWithin(q string, maxTerms int) (*node, error) {
	if strings.IndexByte(q, 0) >= 0 {
		return nil, &Error{Message: "Invalid query string."}
	}
	p := &parser{s: []rune(expandTabs(q)), memo: map[memoKey]memoVal{}, maxTerms: maxTerms}
	n, end, ok := p.or(0)
	if p.abort != nil {
		return nil, p.abort
	}
	if !ok {
		n, end = nil, 0
	}
	end = p.ws(end)
	if end < len(p.s) {
		return nil, &Error{Message: p.expectedEnd(end)}
	}
	return n, nil
}

// expandTabs is Python's str.expandtabs(8), which pyparsing applies to the input
// before parsing; the column restarts after "\n" and "\r".
func expandTabs(s string) string {
	if !strings.ContainsRune(s, '\t') {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// expectedEnd is pyparsing 3.0.9's message when input is left after the query:
// ParseException.__str__ with the word found there.
func (p *parser) expectedEnd(loc int) string {
	found := string(p.s[loc])
	if isExceptionWordChar(p.s[loc]) {
		e := loc
		for e < len(p.s) && e-loc < 16 && isExceptionWordChar(p.s[e]) {
			e++
		}
		found = string(p.s[loc:e])
	}
	line := 1
	lastNL := -1
	for i := 0; i < loc; i++ {
		if p.s[i] == '\n' {
			line++
			lastNL = i
		}
	}
	col := loc - lastNL
	if loc > 0 && p.s[loc-1] == '\n' {
		col = 1
	}
	return fmt.Sprintf("Expected end of text, found %s  (at char %d), (line:%d, col:%d)",
		strings.ReplaceAll(pyRepr(found), `\\`, `\`), loc, line, col)
}

// exceptionWordRanges are pyparsing 3.0.9's ExceptionWordUnicode.alphanums (the
// letters and digits of its Latin-1, Latin-A, Latin-B, Greek and Cyrillic sets),
// the characters its error messages gather into the word they quote.
var exceptionWordRanges = [...][2]rune{
	{0x0030, 0x0039}, {0x0041, 0x005A}, {0x0061, 0x007A}, {0x00AA, 0x00AA}, {0x00B2, 0x00B3},
	{0x00B5, 0x00B5}, {0x00B9, 0x00BA}, {0x00C0, 0x00D6}, {0x00D8, 0x00F6}, {0x00F8, 0x024F},
	{0x0370, 0x0374}, {0x0376, 0x0377}, {0x037A, 0x037D}, {0x037F, 0x037F}, {0x0386, 0x0386},
	{0x0388, 0x038A}, {0x038C, 0x038C}, {0x038E, 0x03A1}, {0x03A3, 0x03E1}, {0x03F0, 0x03F5},
	{0x03F7, 0x0481}, {0x048A, 0x052F}, {0x1C80, 0x1C88}, {0x1D26, 0x1D2B}, {0x1D5E, 0x1D5E},
	{0x1D60, 0x1D60}, {0x1D66, 0x1D6A}, {0x1D78, 0x1D78}, {0x1F00, 0x1F15}, {0x1F18, 0x1F1D},
	{0x1F20, 0x1F45}, {0x1F48, 0x1F4D}, {0x1F50, 0x1F57}, {0x1F59, 0x1F59}, {0x1F5B, 0x1F5B},
	{0x1F5D, 0x1F5D}, {0x1F5F, 0x1F7D}, {0x1F80, 0x1FB4}, {0x1FB6, 0x1FBC}, {0x1FBE, 0x1FBE},
	{0x1FC2, 0x1FC4}, {0x1FC6, 0x1FCC}, {0x1FD0, 0x1FD3}, {0x1FD6, 0x1FDB}, {0x1FE0, 0x1FEC},
	{0x1FF2, 0x1FF4}, {0x1FF6, 0x1FFC}, {0xA640, 0xA66E}, {0xA67F, 0xA69D}, {0xAB65, 0xAB65},
}

func isExceptionWordChar(r rune) bool {
	for _, rg := range exceptionWordRanges {
		if r < rg[0] {
			return false
		}
		if r <= rg[1] {
			return true
		}
	}
	return false
}

// ws skips pyparsing's default whitespace.
func (p *parser) ws(i int) int {
	for i < len(p.s) {
		switch p.s[i] {
		case ' ', '\n', '\r', '\t':
			i++
		default:
			return i
		}
	}
	return i
}

// isKeywordChar is pyparsing's Keyword.DEFAULT_KEYWORD_CHARS test, applied to the
// upper-cased neighbour.
func isKeywordChar(r rune) bool {
	r = unicode.ToUpper(r)
	return r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '$'
}

// keyword matches a CaselessKeyword at i (after whitespace), returning its end or -1.
func (p *parser) keyword(i int, kw string) int {
	i = p.ws(i)
	n := len(kw)
	if i+n > len(p.s) {
		return -1
	}
	for j := 0; j < n; j++ {
		r := p.s[i+j]
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		if r != rune(kw[j]) {
			return -1
		}
	}
	if i > 0 && isKeywordChar(p.s[i-1]) {
		return -1
	}
	if i+n < len(p.s) && isKeywordChar(p.s[i+n]) {
		return -1
	}
	return i + n
}

const (
	ruleOr byte = iota
	ruleAnd
	ruleNot
	ruleBase
)

func (p *parser) memoized(rule byte, pos int, f func(int) (*node, int, bool)) (*node, int, bool) {
	if p.abort != nil {
		return nil, 0, false
	}
	k := memoKey{rule, pos}
	if v, ok := p.memo[k]; ok {
		return v.n, v.end, v.ok
	}
	n, end, ok := f(pos)
	if p.abort != nil {
		return nil, 0, false
	}
	p.memo[k] = memoVal{n, end, ok}
	return n, end, ok
}

func (p *parser) or(pos int) (*node, int, bool) {
	return p.memoized(ruleOr, p.ws(pos), func(pos int) (*node, int, bool) {
		first, end, ok := p.and(pos)
		if !ok {
			return nil, 0, false
		}
		items := []*node{first}
		sawOr := false
		for {
			next, isOr := end, false
			if k := p.keyword(end, "OR"); k >= 0 {
				next, isOr = k, true
			}
			n, e, ok := p.and(next)
			if !ok {
				break
			}
			items = append(items, n)
			sawOr = sawOr || isOr
			end = e
		}
		if len(items) == 1 {
			return first, end, true
		}
		op := "AND"
		if sawOr {
			op = "OR"
		}
		return &node{op: op, items: items}, end, true
	})
}

func (p *parser) and(pos int) (*node, int, bool) {
	return p.memoized(ruleAnd, p.ws(pos), func(pos int) (*node, int, bool) {
		first, end, ok := p.not(pos)
		if !ok {
			return nil, 0, false
		}
		items := []*node{first}
		for {
			k := p.keyword(end, "AND")
			if k < 0 {
				break
			}
			n, e, ok := p.not(k)
			if !ok {
				break
			}
			items = append(items, n)
			end = e
		}
		if len(items) == 1 {
			return first, end, true
		}
		return &node{op: "AND", items: items}, end, true
	})
}

func (p *parser) not(pos int) (*node, int, bool) {
	return p.memoized(ruleNot, p.ws(pos), func(pos int) (*node, int, bool) {
		if k := p.keyword(pos, "NOT"); k >= 0 {
			if n, e, ok := p.not(k); ok {
				return &node{op: "NOT", items: []*node{n}}, e, true
			}
			if p.abort != nil {
				return nil, 0, false
			}
		}
		return p.base(pos)
	})
}

func (p *parser) base(pos int) (*node, int, bool) {
	return p.memoized(ruleBase, p.ws(pos), func(pos int) (*node, int, bool) {
		if n, e, ok := p.term(pos); ok || p.abort != nil {
			if ok {
				// base is memoized: each term is counted once, whether or not the
				// parse keeps it.
				if p.terms++; p.maxTerms > 0 && p.terms > p.maxTerms {
					p.abort = errorf("The query has more than %d terms; gitlate evaluates at most %d in one search.", p.maxTerms, p.maxTerms)
					return nil, 0, false
				}
			}
			return n, e, ok
		}
		if pos < len(p.s) && p.s[pos] == '(' {
			if p.depth >= maxDepth {
				p.abort = &Error{Message: "maximum recursion depth exceeded"}
				return nil, 0, false
			}
			p.depth++
			n, e, ok := p.or(pos + 1)
			p.depth--
			if ok {
				if r := p.ws(e); r < len(p.s) && p.s[r] == ')' {
					return n, r + 1, true
				}
			}
		}
		return nil, 0, false
	})
}

var plainFields = map[string]bool{"source": true, "target": true, "context": true, "note": true, "location": true}

func (p *parser) term(pos int) (*node, int, bool) {
	if f, e := p.field(pos); e >= 0 {
		if op, afterOp := p.operator(p.ws(e)); afterOp >= 0 {
			v, e, ok := p.rangeValue(p.ws(afterOp))
			if !ok {
				v, e, ok = p.stringValue(p.ws(afterOp))
			}
			if ok {
				t := &node{hasField: true, field: f, operator: op, val: v}
				// TermExpr.fixup: on plain text fields the comparison operators are
				// searched for as text. Prefixing a regex or range object is a
				// TypeError, raised from the parse action and so out of the parse.
				if plainFields[f] && op != ":" && op != ":=" {
					if v.kind != valString {
						p.abort = errorf("can only concatenate str (not %q) to str", v.pyName())
						return nil, 0, false
					}
					t.val.text = op[1:] + v.text
					t.operator = ":"
				}
				return t, e, true
			}
		}
	}
	v, e, ok := p.stringValue(pos)
	if !ok {
		return nil, 0, false
	}
	return &node{operator: ":", val: v}, e, true
}

func (p *parser) field(i int) (string, int) {
	rest := p.s[i:]
	for _, pre := range []string{"http", "ftp", "mailto"} {
		if hasRunePrefix(rest, pre) {
			return "", -1
		}
	}
	j := i
	for j < len(p.s) {
		r := p.s[j]
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' {
			j++
			continue
		}
		break
	}
	if j == i {
		return "", -1
	}
	return string(p.s[i:j]), j
}

func hasRunePrefix(s []rune, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if s[i] != rune(prefix[i]) {
			return false
		}
	}
	return true
}

func (p *parser) operator(i int) (string, int) {
	if i >= len(p.s) || p.s[i] != ':' {
		return "", -1
	}
	if i+1 < len(p.s) {
		switch p.s[i+1] {
		case '=':
			return ":=", i + 2
		case '<', '>':
			if i+2 < len(p.s) && p.s[i+2] == '=' {
				return string(p.s[i : i+3]), i + 3
			}
			return string(p.s[i : i+2]), i + 2
		}
	}
	return ":", i + 1
}

func (p *parser) rangeValue(i int) (value, int, bool) {
	if i >= len(p.s) || p.s[i] != '[' {
		return value{}, 0, false
	}
	start, e := p.date(p.ws(i + 1))
	if e < 0 {
		return value{}, 0, false
	}
	j := p.ws(e)
	if j+2 > len(p.s) || p.s[j] != 't' || p.s[j+1] != 'o' {
		return value{}, 0, false
	}
	end, e := p.date(p.ws(j + 2))
	if e < 0 {
		return value{}, 0, false
	}
	j = p.ws(e)
	if j >= len(p.s) || p.s[j] != ']' {
		return value{}, 0, false
	}
	return value{kind: valRange, start: start, end: end}, j + 1, true
}

func (p *parser) date(i int) (string, int) {
	j := i
	for j < len(p.s) && strings.ContainsRune("0123456789:.-T", p.s[j]) {
		j++
	}
	if j == i {
		return "", -1
	}
	return string(p.s[i:j]), j
}

func (p *parser) stringValue(i int) (value, int, bool) {
	if i >= len(p.s) {
		return value{}, 0, false
	}
	if p.s[i] == 'r' {
		if text, e, ok := p.quoted(p.ws(i+1), '"'); ok {
			return value{kind: valRegex, text: text}, e, true
		}
	}
	if text, e, ok := p.quoted(i, '\''); ok {
		return value{text: text}, e, true
	}
	if text, e, ok := p.quoted(i, '"'); ok {
		return value{text: text}, e, true
	}
	if e := p.word(i); e >= 0 {
		return value{text: string(p.s[i:e])}, e, true
	}
	return value{}, 0, false
}

// quoted is Weblate's RawQuotedString: pyparsing's QuotedString with a backslash
// escape, on one line, unquoted by replacing the escapes \t \n \f \r (in that order,
// as plain text replacements) and then only backslash-quote and backslash-backslash.
func (p *parser) quoted(i int, q rune) (string, int, bool) {
	if i >= len(p.s) || p.s[i] != q {
		return "", 0, false
	}
	j := p.closeFrom(q, i+1)
	if j < 0 {
		return "", 0, false
	}
	text := string(p.s[i+1 : j])
	if strings.Contains(text, `\`) {
		for _, ws := range [...][2]string{{`\t`, "\t"}, {`\n`, "\n"}, {`\f`, "\f"}, {`\r`, "\r"}} {
			text = strings.ReplaceAll(text, ws[0], ws[1])
		}
		var b strings.Builder
		rs := []rune(text)
		for k := 0; k < len(rs); k++ {
			if rs[k] == '\\' && k+1 < len(rs) && (rs[k+1] == q || rs[k+1] == '\\') {
				k++
			}
			b.WriteRune(rs[k])
		}
		text = b.String()
	}
	return text, j + 1, true
}

// closeFrom is where a quoted string whose text starts at j ends: the index of
// the closing quote q, or -1 when the text or the line ends first (a backslash
// escapes the next character, but not a line feed). Every position's answer is
// worked out at once, from the end backwards, the first time a string quoted with
// q is read: scanning from each opening quote instead makes a query of many
// unclosed ones (`'\'\'\'…`) quadratic.
func (p *parser) closeFrom(q rune, j int) int {
	k := 0
	if q == '"' {
		k = 1
	}
	if p.closing[k] == nil {
		n := len(p.s)
		c := make([]int, n+2)
		c[n], c[n+1] = -1, -1
		for i := n - 1; i >= 0; i-- {
			switch r := p.s[i]; {
			case r == q:
				c[i] = i
			case r == '\\':
				if i+1 < n && p.s[i+1] != '\n' {
					c[i] = c[i+2]
				} else {
					c[i] = -1
				}
			case r == '\n' || r == '\r':
				c[i] = -1
			default:
				c[i] = c[i+1]
			}
		}
		p.closing[k] = c
	}
	return p.closing[k][j]
}

// word is Weblate's WORD: a character other than a space or a parenthesis, then as
// long a run without spaces or quotes as can end on something other than ")".
func (p *parser) word(i int) int {
	if i >= len(p.s) {
		return -1
	}
	switch p.s[i] {
	case ' ', '(', ')':
		return -1
	}
	end := i + 1
	for j := i + 1; j < len(p.s); j++ {
		r := p.s[j]
		if r == ' ' || r == '\'' || r == '"' {
			break
		}
		if r != ')' {
			end = j + 1
		}
	}
	return end
}
