package formats

import (
	"fmt"
	"strings"
)

// fluent.syntax 0.19.0's FluentParser (fluent/syntax/parser.py and stream.py)
// as translate-toolkit 3.9.2 calls it, step for step: the cursor and peek
// moves are the same, so that whatever parses there parses here and
// whatever fails there fails here. The string is read as bytes: every
// character the grammar looks at is ASCII, which no byte of a longer UTF-8
// sequence is. Junk is not kept: translate-toolkit refuses a file with any,
// so the first error ends the parse, naming its line.

type ftlEntryKind uint8

const (
	ftlComment ftlEntryKind = iota + 1
	ftlGroupComment
	ftlResourceComment
	ftlMessage
	ftlTerm
)

type ftlEntry struct {
	kind    ftlEntryKind
	content string // comments
	id      string // messages and terms, the term's without its "-"
	value   *ftlPattern
	attrs   []ftlAttr
	comment *ftlEntry // the comment attached to a message or term
	line    int
}

type ftlAttr struct {
	name  string
	value *ftlPattern
}

type ftlPattern struct{ elems []ftlElem }

// ftlElem is a TextElement (expr nil) or a Placeable (expr its expression);
// while a pattern is read, indent marks the Indent elements dedent removes.
type ftlElem struct {
	text   string
	expr   *ftlExpr
	indent bool
}

type ftlExprKind uint8

const (
	ftlExprString ftlExprKind = iota + 1
	ftlExprNumber
	ftlExprVariable
	ftlExprTerm
	ftlExprMessage
	ftlExprFunction
	ftlExprSelect
	ftlExprPlaceable
)

// ftlExpr is an expression: name holds a literal's value or a reference's id.
type ftlExpr struct {
	kind     ftlExprKind
	name     string
	attr     string
	hasAttr  bool
	args     *ftlArgs
	selector *ftlExpr
	variants []ftlVariant
	inner    *ftlExpr // a placeable's expression
}

type ftlArgs struct {
	positional []*ftlExpr
	named      []ftlNamedArg
}

type ftlNamedArg struct {
	name  string
	value *ftlExpr
}

type ftlVariant struct {
	key   string
	value *ftlPattern
	def   bool
}

// ftlError is fluent.syntax's ParseError, at the offset where it was raised.
type ftlError struct {
	code string
	at   int
}

func (e *ftlError) Error() string { return e.code }

const (
	ftlEOF  = -1 // None
	ftlNone = -2 // take_char's False
)

type ftlParser struct {
	s          string
	index      int
	peekOffset int
	depth      int
	// lineAt and line: the line of offset lineAt, moved forward as entries
	// are read (they come in order), so counting lines costs the file once.
	lineAt, line int
}

func (p *ftlParser) fail(code string) error { return &ftlError{code: code, at: p.index} }

func (p *ftlParser) get(off int) int {
	if off < 0 || off >= len(p.s) {
		return ftlEOF
	}
	return int(p.s[off])
}

func (p *ftlParser) charAt(off int) int {
	if p.get(off) == '\r' && p.get(off+1) == '\n' {
		return '\n'
	}
	return p.get(off)
}

func (p *ftlParser) cur() int     { return p.charAt(p.index) }
func (p *ftlParser) curPeek() int { return p.charAt(p.index + p.peekOffset) }

func (p *ftlParser) next() int {
	p.peekOffset = 0
	if p.get(p.index) == '\r' && p.get(p.index+1) == '\n' {
		p.index++
	}
	p.index++
	return p.get(p.index)
}

func (p *ftlParser) peek() int {
	if p.get(p.index+p.peekOffset) == '\r' && p.get(p.index+p.peekOffset+1) == '\n' {
		p.peekOffset++
	}
	p.peekOffset++
	return p.get(p.index + p.peekOffset)
}

func (p *ftlParser) resetPeek(off int) { p.peekOffset = off }
func (p *ftlParser) skipToPeek()       { p.index += p.peekOffset; p.peekOffset = 0 }

func (p *ftlParser) peekBlankInline() string {
	start := p.index + p.peekOffset
	for p.curPeek() == ' ' {
		p.peek()
	}
	end := p.index + p.peekOffset
	if start > len(p.s) {
		return ""
	}
	return p.s[start:min(end, len(p.s))]
}

func (p *ftlParser) skipBlankInline() string {
	b := p.peekBlankInline()
	p.skipToPeek()
	return b
}

// peekBlankBlock returns how many line ends its blank block holds.
func (p *ftlParser) peekBlankBlock() int {
	n := 0
	for {
		lineStart := p.peekOffset
		p.peekBlankInline()
		if p.curPeek() == '\n' {
			n++
			p.peek()
			continue
		}
		if p.curPeek() == ftlEOF {
			return n
		}
		p.resetPeek(lineStart)
		return n
	}
}

func (p *ftlParser) skipBlankBlock() int {
	n := p.peekBlankBlock()
	p.skipToPeek()
	return n
}

func (p *ftlParser) peekBlank() {
	for c := p.curPeek(); c == ' ' || c == '\n'; c = p.curPeek() {
		p.peek()
	}
}

func (p *ftlParser) skipBlank() { p.peekBlank(); p.skipToPeek() }

func (p *ftlParser) expectChar(c int) error {
	if p.cur() == c {
		p.next()
		return nil
	}
	return p.fail("E0003")
}

func (p *ftlParser) expectLineEnd() error {
	switch p.cur() {
	case ftlEOF:
		return nil
	case '\n':
		p.next()
		return nil
	}
	return p.fail("E0003")
}

func (p *ftlParser) takeChar(f func(int) bool) int {
	c := p.cur()
	if c == ftlEOF {
		return ftlEOF
	}
	if f(c) {
		p.next()
		return c
	}
	return ftlNone
}

func ftlIDStart(c int) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func ftlDigit(c int) bool   { return c >= '0' && c <= '9' }
func ftlIDChar(c int) bool  { return ftlIDStart(c) || ftlDigit(c) || c == '_' || c == '-' }
func ftlHexDigit(c int) bool {
	return ftlDigit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f')
}

func (p *ftlParser) isIdentifierStart() bool { return ftlIDStart(p.curPeek()) }

func (p *ftlParser) isNumberStart() bool {
	var c int
	if p.cur() == '-' {
		c = p.peek()
	} else {
		c = p.cur()
	}
	p.resetPeek(0)
	return c != ftlEOF && ftlDigit(c)
}

func ftlPatternContinuation(c int) bool {
	return c != ftlEOF && c != '}' && c != '.' && c != '[' && c != '*'
}

func (p *ftlParser) isValueStart() bool {
	c := p.curPeek()
	return c != ftlEOF && c != '\n'
}

func (p *ftlParser) isValueContinuation() bool {
	column1 := p.peekOffset
	p.peekBlankInline()
	if p.curPeek() == '{' {
		p.resetPeek(column1)
		return true
	}
	if p.peekOffset-column1 == 0 {
		return false
	}
	if ftlPatternContinuation(p.curPeek()) {
		p.resetPeek(column1)
		return true
	}
	return false
}

func (p *ftlParser) isNextLineComment(level int) bool {
	if p.curPeek() != '\n' {
		return false
	}
	for i := 0; i <= level || (level == -1 && i < 3); i++ {
		if p.peek() != '#' {
			if i <= level && level != -1 {
				p.resetPeek(0)
				return false
			}
			break
		}
	}
	c := p.peek()
	p.resetPeek(0)
	return c == ' ' || c == '\n'
}

func (p *ftlParser) isVariantStart() bool {
	off := p.peekOffset
	if p.curPeek() == '*' {
		p.peek()
	}
	if p.curPeek() == '[' && p.peek() != '[' {
		p.resetPeek(off)
		return true
	}
	p.resetPeek(off)
	return false
}

// lineOf is the 1-based line of offset off, counted on from the last
// offset asked for when off is past it.
func (p *ftlParser) lineOf(off int) int {
	off = min(off, len(p.s))
	if off < p.lineAt {
		return strings.Count(p.s[:off], "\n") + 1
	}
	p.line += strings.Count(p.s[p.lineAt:off], "\n")
	p.lineAt = off
	return p.line + 1
}

// parse is FluentParser.parse, failing at the first Junk.
func (p *ftlParser) parse() ([]*ftlEntry, error) {
	p.skipBlankBlock()
	var entries []*ftlEntry
	var last *ftlEntry
	for p.cur() != ftlEOF {
		start := p.index
		entry, err := p.getEntry()
		if err == nil {
			err = p.expectLineEnd()
		}
		if err != nil {
			at := start
			if e, ok := err.(*ftlError); ok {
				at = e.at
				err = fmt.Errorf("fluent syntax error %s", e.code)
			}
			return nil, &SyntaxError{Line: p.lineOf(at), Msg: err.Error()}
		}
		blank := p.skipBlankBlock()
		if entry.kind == ftlComment && blank == 0 && p.cur() != ftlEOF {
			last = entry
			continue
		}
		if last != nil {
			if entry.kind == ftlMessage || entry.kind == ftlTerm {
				entry.comment = last
			} else {
				entries = append(entries, last)
			}
			last = nil
		}
		entries = append(entries, entry)
	}
	return entries, nil
}

func (p *ftlParser) getEntry() (*ftlEntry, error) {
	line := p.lineOf(p.index)
	var e *ftlEntry
	var err error
	switch {
	case p.cur() == '#':
		e, err = p.getComment()
	case p.cur() == '-':
		e, err = p.getTerm()
	case p.isIdentifierStart():
		e, err = p.getMessage()
	default:
		return nil, p.fail("E0002")
	}
	if e != nil {
		e.line = line
	}
	return e, err
}

func (p *ftlParser) getComment() (*ftlEntry, error) {
	level := -1
	var content strings.Builder
	for {
		i := -1
		for p.cur() == '#' {
			limit := level
			if level == -1 {
				limit = 2
			}
			if i >= limit {
				break
			}
			p.next()
			i++
		}
		if level == -1 {
			level = i
		}
		if p.cur() != '\n' {
			if err := p.expectChar(' '); err != nil {
				return nil, err
			}
			start := p.index
			for p.takeChar(func(c int) bool { return c != '\n' }) >= 0 {
			}
			content.WriteString(p.s[start:p.index])
		}
		if p.isNextLineComment(level) {
			content.WriteByte('\n')
			p.next()
		} else {
			break
		}
	}
	kind := [...]ftlEntryKind{ftlComment, ftlGroupComment, ftlResourceComment}[level]
	return &ftlEntry{kind: kind, content: content.String()}, nil
}

func (p *ftlParser) getMessage() (*ftlEntry, error) {
	id, err := p.getIdentifier()
	if err != nil {
		return nil, err
	}
	p.skipBlankInline()
	if err := p.expectChar('='); err != nil {
		return nil, err
	}
	value, err := p.maybeGetPattern()
	if err != nil {
		return nil, err
	}
	attrs, err := p.getAttributes()
	if err != nil {
		return nil, err
	}
	if value == nil && len(attrs) == 0 {
		return nil, p.fail("E0005")
	}
	return &ftlEntry{kind: ftlMessage, id: id, value: value, attrs: attrs}, nil
}

func (p *ftlParser) getTerm() (*ftlEntry, error) {
	if err := p.expectChar('-'); err != nil {
		return nil, err
	}
	id, err := p.getIdentifier()
	if err != nil {
		return nil, err
	}
	p.skipBlankInline()
	if err := p.expectChar('='); err != nil {
		return nil, err
	}
	value, err := p.maybeGetPattern()
	if err != nil {
		return nil, err
	}
	if value == nil {
		return nil, p.fail("E0006")
	}
	attrs, err := p.getAttributes()
	if err != nil {
		return nil, err
	}
	return &ftlEntry{kind: ftlTerm, id: id, value: value, attrs: attrs}, nil
}

func (p *ftlParser) getAttributes() ([]ftlAttr, error) {
	var attrs []ftlAttr
	p.peekBlank()
	for p.curPeek() == '.' {
		p.skipToPeek()
		if err := p.expectChar('.'); err != nil {
			return nil, err
		}
		name, err := p.getIdentifier()
		if err != nil {
			return nil, err
		}
		p.skipBlankInline()
		if err := p.expectChar('='); err != nil {
			return nil, err
		}
		value, err := p.maybeGetPattern()
		if err != nil {
			return nil, err
		}
		if value == nil {
			return nil, p.fail("E0012")
		}
		attrs = append(attrs, ftlAttr{name, value})
		p.peekBlank()
	}
	return attrs, nil
}

func (p *ftlParser) getIdentifier() (string, error) {
	if !ftlIDStart(p.cur()) {
		return "", p.fail("E0004")
	}
	start := p.index
	p.next()
	for p.takeChar(ftlIDChar) >= 0 {
	}
	return p.s[start:p.index], nil
}

func (p *ftlParser) getVariantKey() (string, error) {
	c := p.cur()
	if c == ftlEOF {
		return "", p.fail("E0013")
	}
	if ftlDigit(c) || c == '-' {
		return p.getNumber()
	}
	return p.getIdentifier()
}

func (p *ftlParser) getVariants() ([]ftlVariant, error) {
	var variants []ftlVariant
	hasDefault := false
	p.skipBlank()
	for p.isVariantStart() {
		def := false
		if p.cur() == '*' {
			if hasDefault {
				return nil, p.fail("E0015")
			}
			p.next()
			def = true
		}
		if err := p.expectChar('['); err != nil {
			return nil, err
		}
		p.skipBlank()
		key, err := p.getVariantKey()
		if err != nil {
			return nil, err
		}
		p.skipBlank()
		if err := p.expectChar(']'); err != nil {
			return nil, err
		}
		value, err := p.maybeGetPattern()
		if err != nil {
			return nil, err
		}
		if value == nil {
			return nil, p.fail("E0012")
		}
		if def {
			hasDefault = true
		}
		variants = append(variants, ftlVariant{key, value, def})
		if err := p.expectLineEnd(); err != nil {
			return nil, err
		}
		p.skipBlank()
	}
	if len(variants) == 0 {
		return nil, p.fail("E0011")
	}
	if !hasDefault {
		return nil, p.fail("E0010")
	}
	return variants, nil
}

func (p *ftlParser) getDigits() (string, error) {
	start := p.index
	for p.takeChar(ftlDigit) >= 0 {
	}
	if p.index == start {
		return "", p.fail("E0004")
	}
	return p.s[start:p.index], nil
}

func (p *ftlParser) getNumber() (string, error) {
	start := p.index
	if p.cur() == '-' {
		p.next()
	}
	if _, err := p.getDigits(); err != nil {
		return "", err
	}
	if p.cur() == '.' {
		p.next()
		if _, err := p.getDigits(); err != nil {
			return "", err
		}
	}
	return p.s[start:p.index], nil
}

func (p *ftlParser) maybeGetPattern() (*ftlPattern, error) {
	p.peekBlankInline()
	if p.isValueStart() {
		p.skipToPeek()
		return p.getPattern(false)
	}
	p.peekBlankBlock()
	if p.isValueContinuation() {
		p.skipToPeek()
		return p.getPattern(true)
	}
	return nil, nil
}

func (p *ftlParser) getPattern(block bool) (*ftlPattern, error) {
	var elems []ftlElem
	common := -1 // infinity
	if block {
		first := p.skipBlankInline()
		elems = append(elems, ftlElem{text: first, indent: true})
		common = len(first)
	}
	for p.cur() != ftlEOF {
		if p.cur() == '\n' {
			blank := p.peekBlankBlock()
			if p.isValueContinuation() {
				p.skipToPeek()
				indent := p.skipBlankInline()
				if common < 0 || len(indent) < common {
					common = len(indent)
				}
				elems = append(elems, ftlElem{text: strings.Repeat("\n", blank) + indent, indent: true})
				continue
			}
			p.resetPeek(0)
			break
		}
		if p.cur() == '}' {
			return nil, p.fail("E0027")
		}
		if p.cur() == '{' {
			x, err := p.getPlaceable()
			if err != nil {
				return nil, err
			}
			elems = append(elems, ftlElem{expr: x})
		} else {
			start := p.index
			for c := p.cur(); c != ftlEOF && c != '{' && c != '}' && c != '\n'; c = p.cur() {
				p.next()
			}
			elems = append(elems, ftlElem{text: p.s[start:p.index]})
		}
	}
	return &ftlPattern{elems: ftlDedent(elems, common)}, nil
}

// ftlDedent is FluentParser.dedent. Adjacent texts are joined once, not
// one at a time as there (which is quadratic in a value's lines).
func ftlDedent(elems []ftlElem, common int) []ftlElem {
	out := elems[:0]
	var run []string // the texts of the run of text elements out ends with
	flush := func() {
		if len(run) > 1 {
			out[len(out)-1].text = strings.Join(run, "")
		}
		run = run[:0]
	}
	for _, e := range elems {
		if e.expr != nil {
			flush()
			out = append(out, e)
			continue
		}
		if e.indent {
			e.text = e.text[:len(e.text)-common]
			e.indent = false
			if e.text == "" {
				continue
			}
		}
		run = append(run, e.text)
		if len(run) == 1 {
			out = append(out, e)
		}
	}
	flush()
	if n := len(out); n > 0 && out[n-1].expr == nil {
		out[n-1].text = strings.TrimRight(out[n-1].text, " \n\r")
		if out[n-1].text == "" {
			out = out[:n-1]
		}
	}
	return out
}

// getPlaceable returns the placeable's expression.
func (p *ftlParser) getPlaceable() (*ftlExpr, error) {
	if p.depth >= fluentMaxDepth {
		return nil, p.fail("placeables nested too deeply")
	}
	p.depth++
	defer func() { p.depth-- }()
	if err := p.expectChar('{'); err != nil {
		return nil, err
	}
	p.skipBlank()
	x, err := p.getExpression()
	if err != nil {
		return nil, err
	}
	if err := p.expectChar('}'); err != nil {
		return nil, err
	}
	return x, nil
}

func (p *ftlParser) getExpression() (*ftlExpr, error) {
	sel, err := p.getInlineExpression()
	if err != nil {
		return nil, err
	}
	p.skipBlank()
	if p.cur() == '-' {
		if p.peek() != '>' {
			p.resetPeek(0)
			return sel, nil
		}
		switch sel.kind {
		case ftlExprMessage:
			if !sel.hasAttr {
				return nil, p.fail("E0016")
			}
			return nil, p.fail("E0018")
		case ftlExprTerm:
			if !sel.hasAttr {
				return nil, p.fail("E0017")
			}
		case ftlExprString, ftlExprNumber, ftlExprVariable, ftlExprFunction:
		default:
			return nil, p.fail("E0029")
		}
		p.next()
		p.next()
		p.skipBlankInline()
		if err := p.expectLineEnd(); err != nil {
			return nil, err
		}
		variants, err := p.getVariants()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprSelect, selector: sel, variants: variants}, nil
	}
	if sel.kind == ftlExprTerm && sel.hasAttr {
		return nil, p.fail("E0019")
	}
	return sel, nil
}

func (p *ftlParser) getInlineExpression() (*ftlExpr, error) {
	if p.cur() == '{' {
		x, err := p.getPlaceable()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprPlaceable, inner: x}, nil
	}
	if p.isNumberStart() {
		n, err := p.getNumber()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprNumber, name: n}, nil
	}
	if p.cur() == '"' {
		s, err := p.getString()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprString, name: s}, nil
	}
	if p.cur() == '$' {
		p.next()
		id, err := p.getIdentifier()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprVariable, name: id}, nil
	}
	if p.cur() == '-' {
		p.next()
		id, err := p.getIdentifier()
		if err != nil {
			return nil, err
		}
		x := &ftlExpr{kind: ftlExprTerm, name: id}
		if p.cur() == '.' {
			p.next()
			if x.attr, err = p.getIdentifier(); err != nil {
				return nil, err
			}
			x.hasAttr = true
		}
		p.peekBlank()
		if p.curPeek() == '(' {
			p.skipToPeek()
			if x.args, err = p.getCallArguments(); err != nil {
				return nil, err
			}
		}
		return x, nil
	}
	if p.isIdentifierStart() {
		id, err := p.getIdentifier()
		if err != nil {
			return nil, err
		}
		p.peekBlank()
		if p.curPeek() == '(' {
			if !ftlFunctionName(id) {
				return nil, p.fail("E0008")
			}
			p.skipToPeek()
			args, err := p.getCallArguments()
			if err != nil {
				return nil, err
			}
			return &ftlExpr{kind: ftlExprFunction, name: id, args: args}, nil
		}
		x := &ftlExpr{kind: ftlExprMessage, name: id}
		if p.cur() == '.' {
			p.next()
			if x.attr, err = p.getIdentifier(); err != nil {
				return nil, err
			}
			x.hasAttr = true
		}
		return x, nil
	}
	return nil, p.fail("E0028")
}

// ftlFunctionName is re.match('^[A-Z][A-Z0-9_-]*$', name).
func ftlFunctionName(id string) bool {
	for i := 0; i < len(id); i++ {
		c := id[i]
		upper := c >= 'A' && c <= 'Z'
		if !(upper || (i > 0 && ((c >= '0' && c <= '9') || c == '_' || c == '-'))) {
			return false
		}
	}
	return id != ""
}

func (p *ftlParser) getCallArguments() (*ftlArgs, error) {
	args := &ftlArgs{}
	names := map[string]bool{}
	if err := p.expectChar('('); err != nil {
		return nil, err
	}
	p.skipBlank()
	for p.cur() != ')' {
		x, err := p.getInlineExpression()
		if err != nil {
			return nil, err
		}
		p.skipBlank()
		if p.cur() == ':' {
			if x.kind != ftlExprMessage || x.hasAttr {
				return nil, p.fail("E0009")
			}
			p.next()
			p.skipBlank()
			v, err := p.getLiteral()
			if err != nil {
				return nil, err
			}
			if names[x.name] {
				return nil, p.fail("E0022")
			}
			names[x.name] = true
			args.named = append(args.named, ftlNamedArg{x.name, v})
		} else if len(names) > 0 {
			return nil, p.fail("E0021")
		} else {
			args.positional = append(args.positional, x)
		}
		p.skipBlank()
		if p.cur() != ',' {
			break
		}
		p.next()
		p.skipBlank()
	}
	if err := p.expectChar(')'); err != nil {
		return nil, err
	}
	return args, nil
}

// getString returns a string literal's value with its escapes as written.
func (p *ftlParser) getString() (string, error) {
	if err := p.expectChar('"'); err != nil {
		return "", err
	}
	var b strings.Builder
	for {
		c := p.takeChar(func(c int) bool { return c != '"' && c != '\n' })
		if c < 0 {
			break
		}
		if c != '\\' {
			b.WriteByte(byte(c))
			continue
		}
		switch e := p.cur(); e {
		case '\\', '"':
			p.next()
			b.WriteByte('\\')
			b.WriteByte(byte(e))
		case 'u', 'U':
			digits := 4
			if e == 'U' {
				digits = 6
			}
			p.next()
			b.WriteByte('\\')
			b.WriteByte(byte(e))
			for range digits {
				h := p.takeChar(ftlHexDigit)
				if h < 0 {
					return "", p.fail("E0026")
				}
				b.WriteByte(byte(h))
			}
		default:
			return "", p.fail("E0025")
		}
	}
	if p.cur() == '\n' {
		return "", p.fail("E0020")
	}
	if err := p.expectChar('"'); err != nil {
		return "", err
	}
	return b.String(), nil
}

func (p *ftlParser) getLiteral() (*ftlExpr, error) {
	if p.isNumberStart() {
		n, err := p.getNumber()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprNumber, name: n}, nil
	}
	if p.cur() == '"' {
		s, err := p.getString()
		if err != nil {
			return nil, err
		}
		return &ftlExpr{kind: ftlExprString, name: s}, nil
	}
	return nil, p.fail("E0014")
}
