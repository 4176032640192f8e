package formats

import (
	"strings"
)

// The statements of a PHP file that translate-toolkit's php.py reads units from,
// parsed from phpLexer's tokens. phply parses the whole of PHP; this parser reads
// exactly the top-level statements php.py looks at — assignments to a variable or
// an array offset, define() calls and return statements — with the expressions
// they hold, and skips every other statement by its brackets (a function, a
// class, an if). Expressions are parsed with phply's precedence table, which
// decides whether a value is a concatenation.

type phpKind uint8

const (
	pnOther  phpKind = iota
	pnStr            // a string with no variables in it
	pnInt            // an integer literal (text in str, as written)
	pnFloat          // a float literal (text in str)
	pnVar            // $name
	pnConst          // a bare name (a constant, true, null)
	pnBin            // a binary operation (op)
	pnArray          // array(...) or [...]
	pnCall           // a call of a plain name (str)
	pnOffset         // an array offset: $a['k']
	pnAssign         // l = r
	pnUnary          // a unary operator
)

type phpNode struct {
	kind        phpKind
	str, op     string
	l, r        *phpNode
	elems       []phpElem
	args        []*phpNode
	first, last int // the indices of its first and last tokens in the token list
	open        int // an array's opening token ("array" or "[")
	closeEnd    int // an array: the offset just after its closing token
}

// phpElem is an element of an array: key (nil without one) and value, and what
// phply's tracking gives its production: start, and end (see arrayElems).
type phpElem struct {
	key, value *phpNode
	start, end int
}

type phpParser struct {
	src  string
	toks []phpTok
	sig  []int // the tokens phply's parser sees (FilteredLexer), as indices
	i    int   // position in sig
	// nodes bounds the work: every node costs one, and deep nesting is refused.
	depth int
}

const phpMaxDepth = 500

// filter is phply's FilteredLexer: white space and comments are dropped, "<?php"
// after ";" and "?>" after anything but "<?php", ";", ":", "{" or "}" become ";",
// "<?=" becomes echo.
func (p *phpParser) filter() {
	last := -1
	for i := range p.toks {
		t := &p.toks[i]
		switch t.typ {
		case ptWhitespace, ptComment, ptDocComment:
			continue
		case ptOpenTag:
			if last >= 0 && p.isSemi(last) {
				t.semi = true
				p.sig = append(p.sig, i)
				last = i
				continue
			}
			last = i
			continue
		case ptCloseTag:
			if last >= 0 {
				lt := &p.toks[last]
				if lt.typ == ptOpenTag && !lt.semi || p.isSemi(last) || p.isOp(last, ":") || p.isOp(last, "{") || p.isOp(last, "}") {
					continue
				}
			}
			t.semi = true
		}
		p.sig = append(p.sig, i)
		last = i
	}
}

func (p *phpParser) text(i int) string { return p.src[p.toks[i].start:p.toks[i].end] }

func (p *phpParser) isSemi(i int) bool { return p.toks[i].typ == ptSemi || p.toks[i].semi }

func (p *phpParser) isOp(i int, op string) bool {
	t := &p.toks[i]
	return t.typ == ptOp && !t.semi && p.src[t.start:t.end] == op
}

// cur returns the token index at the parser's position, -1 at the end.
func (p *phpParser) cur() int {
	if p.i >= len(p.sig) {
		return -1
	}
	return p.sig[p.i]
}

func (p *phpParser) atOp(op string) bool {
	c := p.cur()
	return c >= 0 && p.isOp(c, op)
}

func (p *phpParser) atSemi() bool {
	c := p.cur()
	return c >= 0 && p.isSemi(c)
}

func (p *phpParser) atKeyword(w string) bool {
	c := p.cur()
	return c >= 0 && p.toks[c].typ == ptKeyword && strings.EqualFold(p.text(c), w)
}

func (p *phpParser) errAt(msg string) error {
	line := 1
	if c := p.cur(); c >= 0 {
		line = p.toks[c].line
	} else if len(p.toks) > 0 {
		t := p.toks[len(p.toks)-1]
		line = t.line + strings.Count(p.src[t.start:t.end], "\n")
	}
	return &SyntaxError{Line: line, Msg: "PHP: " + msg}
}

// statement parses one top-level statement and returns the node php.py looks
// at (nil for the others) and the index of its last token.
func (p *phpParser) statement() (*phpNode, int, error) {
	c := p.cur()
	t := &p.toks[c]
	switch {
	case t.typ == ptInlineHTML:
		p.i++
		return &phpNode{kind: pnOther, op: "inline", first: c, last: c}, c, nil
	case p.isSemi(c):
		p.i++
		return nil, c, nil
	case t.typ == ptKeyword && strings.EqualFold(p.text(c), "return"):
		p.i++
		if p.atSemi() {
			end := p.cur()
			p.i++
			return nil, end, nil
		}
		v, err := p.expr(0)
		if err != nil {
			return nil, 0, err
		}
		if !p.atSemi() {
			return nil, 0, p.errAt("syntax error")
		}
		end := p.cur()
		p.i++
		return &phpNode{kind: pnOther, op: "return", l: v, first: c, last: end}, end, nil
	case t.typ == ptKeyword || p.isOp(c, "{"):
		end, err := p.skipStatement()
		return nil, end, err
	}
	v, err := p.expr(0)
	if err != nil {
		return nil, 0, err
	}
	if !p.atSemi() {
		return nil, 0, p.errAt("syntax error")
	}
	end := p.cur()
	p.i++
	return v, end, nil
}

// skipStatement passes over a statement php.py does not read, by its brackets:
// it ends at a ";" outside brackets, or at a "}" closing its outermost braces
// unless else, elseif, catch, finally or while follows.
func (p *phpParser) skipStatement() (int, error) {
	var stack []byte
	for {
		c := p.cur()
		if c < 0 {
			return 0, p.errAt("unexpected end of file")
		}
		p.i++
		if p.toks[c].typ == ptCurlyOpen || p.toks[c].typ == ptDollarCurly {
			stack = append(stack, '}')
			continue
		}
		if p.toks[c].typ != ptOp && !p.isSemi(c) {
			continue
		}
		if p.isSemi(c) {
			if len(stack) == 0 {
				return c, nil
			}
			continue
		}
		switch s := p.text(c); s {
		case "(":
			stack = append(stack, ')')
		case "[":
			stack = append(stack, ']')
		case "{":
			stack = append(stack, '}')
		case ")", "]", "}":
			if len(stack) == 0 || stack[len(stack)-1] != s[0] {
				p.i--
				return 0, p.errAt("syntax error: unbalanced " + s)
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 && s == "}" {
				if p.atKeyword("else") || p.atKeyword("elseif") || p.atKeyword("catch") || p.atKeyword("finally") || p.atKeyword("while") {
					continue
				}
				return c, nil
			}
		}
	}
}

// Binding powers of phply's precedence table (higher binds tighter).
var phpBinary = map[string]int{
	"or": 1, "xor": 2, "and": 3,
	"=": 5, "+=": 5, "-=": 5, "*=": 5, "/=": 5, ".=": 5, "%=": 5, "&=": 5, "|=": 5, "^=": 5, "<<=": 5, ">>=": 5,
	"?":  6,
	"||": 7, "&&": 8, "|": 9, "^": 10, "&": 11,
	"==": 12, "!=": 12, "<>": 12, "===": 12, "!==": 12,
	"<": 13, "<=": 13, ">": 13, ">=": 13,
	"<<": 14, ">>": 14,
	"+": 15, "-": 15, ".": 15,
	"*": 16, "/": 16, "%": 16,
	"instanceof": 18,
}

// binaryOp returns the operator at the parser's position and its power.
func (p *phpParser) binaryOp() (string, int) {
	c := p.cur()
	if c < 0 {
		return "", 0
	}
	t := &p.toks[c]
	var op string
	switch {
	case t.typ == ptOp && !t.semi:
		op = p.text(c)
	case t.typ == ptKeyword:
		op = strings.ToLower(p.text(c))
	default:
		return "", 0
	}
	return op, phpBinary[op]
}

func (p *phpParser) expr(minPow int) (*phpNode, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > phpMaxDepth {
		return nil, p.errAt("expression nested too deeply")
	}
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		op, pow := p.binaryOp()
		if pow == 0 || pow < minPow || pow == minPow && pow != 5 {
			return left, nil
		}
		opTok := p.cur()
		p.i++
		switch {
		case op == "?":
			var mid *phpNode
			if !p.atOp(":") {
				if mid, err = p.expr(0); err != nil {
					return nil, err
				}
			}
			if !p.atOp(":") {
				return nil, p.errAt("syntax error: ':' expected")
			}
			p.i++
			right, err := p.expr(pow + 1)
			if err != nil {
				return nil, err
			}
			_ = mid
			left = &phpNode{kind: pnOther, op: "?", first: left.first, last: right.last}
		case pow == 5:
			// Assignments are right-associative; "= &" takes a reference.
			if op == "=" && p.atOp("&") {
				p.i++
			}
			right, err := p.expr(pow)
			if err != nil {
				return nil, err
			}
			if op == "=" {
				left = &phpNode{kind: pnAssign, l: left, r: right, first: left.first, last: right.last}
			} else {
				left = &phpNode{kind: pnOther, op: op, first: left.first, last: right.last}
			}
		case op == "instanceof":
			right, err := p.unary()
			if err != nil {
				return nil, err
			}
			left = &phpNode{kind: pnOther, op: op, first: left.first, last: right.last}
		default:
			right, err := p.expr(pow)
			if err != nil {
				return nil, err
			}
			left = &phpNode{kind: pnBin, op: op, l: left, r: right, first: left.first, last: right.last}
		}
		_ = opTok
	}
}

// unary parses prefix operators and a postfix expression.
func (p *phpParser) unary() (*phpNode, error) {
	c := p.cur()
	if c < 0 {
		return nil, p.errAt("unexpected end of file")
	}
	t := &p.toks[c]
	prefix := ""
	pow := 0
	switch {
	case t.typ == ptCast:
		prefix, pow = "cast", 19
	case t.typ == ptOp && !t.semi:
		switch s := p.text(c); s {
		case "!":
			prefix, pow = s, 17
		case "~", "++", "--", "@", "-", "+", "&":
			prefix, pow = s, 19
		}
	case t.typ == ptKeyword:
		switch strings.ToLower(p.text(c)) {
		case "new", "clone":
			prefix, pow = "new", 20
		case "print":
			prefix, pow = "print", 4
		case "include", "include_once", "require", "require_once", "eval":
			prefix, pow = "include", 1
		case "yield", "throw":
			prefix, pow = "yield", 1
		}
	}
	if prefix != "" {
		p.i++
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > phpMaxDepth {
			return nil, p.errAt("expression nested too deeply")
		}
		operand, err := p.expr(pow)
		if err != nil {
			return nil, err
		}
		return &phpNode{kind: pnUnary, op: prefix, l: operand, first: c, last: operand.last}, nil
	}
	return p.postfix()
}

func (p *phpParser) postfix() (*phpNode, error) {
	n, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		c := p.cur()
		switch {
		case c < 0:
			return n, nil
		case p.isOp(c, "["), p.isOp(c, "{") && (n.kind == pnVar || n.kind == pnOffset):
			closer := "]"
			if p.isOp(c, "{") {
				closer = "}"
			}
			p.i++
			var idx *phpNode
			if !p.atOp(closer) {
				if idx, err = p.expr(0); err != nil {
					return nil, err
				}
			}
			if !p.atOp(closer) {
				return nil, p.errAt("syntax error: '" + closer + "' expected")
			}
			end := p.cur()
			p.i++
			n = &phpNode{kind: pnOffset, l: n, r: idx, first: n.first, last: end}
		case p.isOp(c, "->"), p.isOp(c, "::"):
			p.i++
			m, err := p.member()
			if err != nil {
				return nil, err
			}
			n = &phpNode{kind: pnOther, op: "->", first: n.first, last: m}
		case p.isOp(c, "("):
			args, end, err := p.arguments()
			if err != nil {
				return nil, err
			}
			call := &phpNode{kind: pnOther, op: "call", args: args, first: n.first, last: end}
			if n.kind == pnConst {
				call.kind, call.str = pnCall, n.str
			}
			n = call
		case p.isOp(c, "++"), p.isOp(c, "--"):
			p.i++
			n = &phpNode{kind: pnOther, op: "postinc", first: n.first, last: c}
		default:
			return n, nil
		}
	}
}

// member reads what follows "->" or "::": a name, a variable, or {expr}.
func (p *phpParser) member() (int, error) {
	c := p.cur()
	if c < 0 {
		return 0, p.errAt("unexpected end of file")
	}
	t := &p.toks[c]
	switch {
	case t.typ == ptString || t.typ == ptKeyword || t.typ == ptVariable:
		p.i++
		return c, nil
	case p.isOp(c, "{"):
		p.i++
		if _, err := p.expr(0); err != nil {
			return 0, err
		}
		if !p.atOp("}") {
			return 0, p.errAt("syntax error: '}' expected")
		}
		end := p.cur()
		p.i++
		return end, nil
	case p.isOp(c, "$"):
		n, err := p.primary()
		if err != nil {
			return 0, err
		}
		return n.last, nil
	}
	return 0, p.errAt("syntax error")
}

// arguments reads "(" expr, ... ")" and returns the argument expressions and the
// index of ")".
func (p *phpParser) arguments() ([]*phpNode, int, error) {
	p.i++ // "("
	var args []*phpNode
	for !p.atOp(")") {
		a, err := p.expr(0)
		if err != nil {
			return nil, 0, err
		}
		args = append(args, a)
		if p.atOp(",") {
			p.i++
			continue
		}
		if !p.atOp(")") {
			return nil, 0, p.errAt("syntax error: ')' expected")
		}
	}
	end := p.cur()
	p.i++
	return args, end, nil
}

func (p *phpParser) primary() (*phpNode, error) {
	c := p.cur()
	if c < 0 {
		return nil, p.errAt("unexpected end of file")
	}
	t := &p.toks[c]
	text := p.text(c)
	switch t.typ {
	case ptConstString:
		p.i++
		s := text[1 : len(text)-1]
		s = strings.ReplaceAll(strings.ReplaceAll(s, `\'`, `'`), `\\`, `\`)
		return &phpNode{kind: pnStr, str: s, first: c, last: c}, nil
	case ptLNumber:
		p.i++
		return &phpNode{kind: pnInt, str: text, first: c, last: c}, nil
	case ptDNumber:
		p.i++
		return &phpNode{kind: pnFloat, str: text, first: c, last: c}, nil
	case ptVariable:
		p.i++
		return &phpNode{kind: pnVar, str: text, first: c, last: c}, nil
	case ptQuote, ptBacktick:
		return p.interpolated(c, false)
	case ptStartHeredoc:
		return p.interpolated(c, true)
	case ptStartNowdoc:
		p.i++
		var b strings.Builder
		for {
			d := p.cur()
			if d < 0 {
				return nil, p.errAt("unterminated nowdoc")
			}
			p.i++
			if p.toks[d].typ == ptEndNowdoc {
				s := b.String()
				if s != "" {
					s = s[:len(s)-1]
				}
				return &phpNode{kind: pnStr, str: s, first: c, last: d}, nil
			}
			b.WriteString(p.text(d))
		}
	case ptString:
		p.i++
		name := text
		for p.atOp("\\") {
			p.i++
			d := p.cur()
			if d < 0 || p.toks[d].typ != ptString && p.toks[d].typ != ptKeyword {
				return nil, p.errAt("syntax error")
			}
			name += "\\" + p.text(d)
			p.i++
		}
		if strings.ToLower(name) == "b" {
			// A binary string: b'…' or b"…".
			if d := p.cur(); d >= 0 && (p.toks[d].typ == ptConstString || p.toks[d].typ == ptQuote) {
				v, err := p.primary()
				if err != nil {
					return nil, err
				}
				if name != "b" {
					// phply gives None for a prefix other than b.
					v.kind = pnOther
				}
				v.first = c
				return v, nil
			}
		}
		return &phpNode{kind: pnConst, str: name, first: c, last: c}, nil
	case ptKeyword:
		switch strings.ToLower(text) {
		case "array":
			if d := p.sigAt(p.i + 1); d >= 0 && p.isOp(d, "(") {
				return p.array(c, ")")
			}
		case "isset", "empty", "exit", "die", "list", "eval":
			p.i++
			if p.atOp("(") {
				_, end, err := p.arguments()
				if err != nil {
					return nil, err
				}
				return &phpNode{kind: pnOther, first: c, last: end}, nil
			}
			return &phpNode{kind: pnOther, first: c, last: c}, nil
		case "function", "static", "fn":
			// A closure: skip its parameters, use list and body by brackets.
			return p.closure(c)
		case "__line__", "__file__", "__dir__", "__class__", "__method__", "__function__", "__namespace__":
			p.i++
			return &phpNode{kind: pnOther, first: c, last: c}, nil
		case "namespace":
			p.i++
			return &phpNode{kind: pnConst, str: text, first: c, last: c}, nil
		}
	case ptOp:
		if t.semi {
			break
		}
		switch text {
		case "[":
			return p.array(c, "]")
		case "(":
			p.i++
			v, err := p.expr(0)
			if err != nil {
				return nil, err
			}
			if !p.atOp(")") {
				return nil, p.errAt("syntax error: ')' expected")
			}
			end := p.cur()
			p.i++
			// phply returns the inner node itself.
			v.first, v.last = c, end
			return v, nil
		case "$":
			// $$name, ${expr}
			p.i++
			if p.atOp("{") {
				p.i++
				if _, err := p.expr(0); err != nil {
					return nil, err
				}
				if !p.atOp("}") {
					return nil, p.errAt("syntax error")
				}
				end := p.cur()
				p.i++
				return &phpNode{kind: pnOther, first: c, last: end}, nil
			}
			v, err := p.primary()
			if err != nil {
				return nil, err
			}
			return &phpNode{kind: pnOther, first: c, last: v.last}, nil
		case "\\":
			p.i++
			v, err := p.primary()
			if err != nil {
				return nil, err
			}
			if v.kind == pnConst {
				v.str = "\\" + v.str
			}
			v.first = c
			return v, nil
		}
	}
	return nil, p.errAt("syntax error")
}

func (p *phpParser) sigAt(i int) int {
	if i >= len(p.sig) {
		return -1
	}
	return p.sig[i]
}

// closure passes over function (...) use (...) {...} by its brackets.
func (p *phpParser) closure(c int) (*phpNode, error) {
	var stack []byte
	for {
		d := p.cur()
		if d < 0 {
			return nil, p.errAt("unexpected end of file")
		}
		p.i++
		if p.toks[d].typ == ptCurlyOpen || p.toks[d].typ == ptDollarCurly {
			stack = append(stack, '}')
			continue
		}
		if p.toks[d].typ != ptOp || p.toks[d].semi {
			continue
		}
		switch s := p.text(d); s {
		case "(", "[", "{":
			stack = append(stack, map[string]byte{"(": ')', "[": ']', "{": '}'}[s])
		case ")", "]", "}":
			if len(stack) == 0 || stack[len(stack)-1] != s[0] {
				return nil, p.errAt("syntax error: unbalanced " + s)
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 && s == "}" {
				return &phpNode{kind: pnOther, first: c, last: d}, nil
			}
		}
	}
}

// interpolated reads a double-quoted string, a backtick string or a heredoc:
// the texts between variables with their escapes processed token by token
// (phply's encaps_list), a string when no variable is in it, else a
// concatenation; a heredoc loses its last newline.
func (p *phpParser) interpolated(c int, heredoc bool) (*phpNode, error) {
	p.i++
	backtick := p.toks[c].typ == ptBacktick
	var parts []*phpNode
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 || len(parts) == 0 {
			parts = append(parts, &phpNode{kind: pnStr, str: b.String()})
			b.Reset()
		}
	}
	end := -1
	for end < 0 {
		d := p.cur()
		if d < 0 {
			return nil, p.errAt("unterminated string")
		}
		t := &p.toks[d]
		switch t.typ {
		case ptEncapsed:
			b.WriteString(phpEscapes(p.text(d)))
			p.i++
		case ptQuote, ptEndHeredoc:
			end = d
			p.i++
		case ptBacktick:
			end = d
			p.i++
		case ptVariable:
			p.i++
			v := &phpNode{kind: pnVar, str: p.text(d), first: d, last: d}
			// $a[…] and $a->b are an offset and a property: not plain variables.
			if p.atOp("[") {
				p.i += 2
				if !p.atOp("]") {
					return nil, p.errAt("syntax error in string")
				}
				p.i++
				v = &phpNode{kind: pnOther}
			} else if p.atOp("->") {
				p.i += 2
				v = &phpNode{kind: pnOther}
			}
			if b.Len() > 0 || len(parts) > 0 {
				flush()
			}
			parts = append(parts, v)
		case ptCurlyOpen:
			p.i++
			v, err := p.expr(0)
			if err != nil {
				return nil, err
			}
			if !p.atOp("}") {
				return nil, p.errAt("syntax error: '}' expected")
			}
			p.i++
			if b.Len() > 0 || len(parts) > 0 {
				flush()
			}
			parts = append(parts, v)
		case ptDollarCurly:
			// ${name} is the variable $name, ${expr} the expression itself.
			p.i++
			var v *phpNode
			if d := p.cur(); d >= 0 && p.toks[d].typ == ptStringVarname {
				p.i++
				v = &phpNode{kind: pnVar, str: "$" + p.text(d)}
				if p.atOp("[") {
					p.i++
					if _, err := p.expr(0); err != nil {
						return nil, err
					}
					if !p.atOp("]") {
						return nil, p.errAt("syntax error: ']' expected")
					}
					p.i++
					v = &phpNode{kind: pnOther}
				}
			} else {
				var err error
				if v, err = p.expr(0); err != nil {
					return nil, err
				}
			}
			if !p.atOp("}") {
				return nil, p.errAt("syntax error: '}' expected")
			}
			p.i++
			if b.Len() > 0 || len(parts) > 0 {
				flush()
			}
			parts = append(parts, v)
		default:
			return nil, p.errAt("syntax error in string")
		}
	}
	if b.Len() > 0 {
		parts = append(parts, &phpNode{kind: pnStr, str: b.String()})
	}
	var n *phpNode
	if len(parts) == 0 {
		n = &phpNode{kind: pnStr}
	} else {
		n = parts[0]
		for _, part := range parts[1:] {
			n = &phpNode{kind: pnBin, op: ".", l: n, r: part}
		}
	}
	if heredoc {
		// phply drops the newline before the closing label from the last text.
		if n.kind == pnStr {
			if n.str != "" {
				n.str = n.str[:len(n.str)-1]
			}
		} else if n.kind == pnBin {
			if n.r.kind != pnStr {
				return nil, p.errAt("heredoc ends in a variable")
			}
			n.r.str = n.r.str[:len(n.r.str)-1]
			if n.r.str == "" {
				n = n.l
			}
		}
	}
	if backtick {
		n = &phpNode{kind: pnOther}
	}
	if n.kind != pnStr && n.kind != pnBin {
		// A lone variable in quotes is the variable.
		n = &phpNode{kind: n.kind, str: n.str, op: n.op, l: n.l, r: n.r}
	}
	n.first, n.last = c, end
	return n, nil
}

// array reads array(…) or […]: its elements, with the positions phply's
// tracking gives each (see phpElem).
func (p *phpParser) array(c int, closer string) (*phpNode, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > phpMaxDepth {
		return nil, p.errAt("array nested too deeply")
	}
	n := &phpNode{kind: pnArray, first: c, open: c}
	if closer == ")" {
		p.i += 2 // array (
	} else {
		p.i++
	}
	listStart := -1
	trailingComma := -1
	for !p.atOp(closer) {
		trailingComma = -1
		elemFirst := p.cur()
		if elemFirst < 0 {
			return nil, p.errAt("unterminated array")
		}
		var key, value *phpNode
		var err error
		if p.atOp("&") {
			p.i++
			if value, err = p.unary(); err != nil {
				return nil, err
			}
			value = &phpNode{kind: pnOther, first: elemFirst, last: value.last}
		} else {
			if value, err = p.expr(0); err != nil {
				return nil, err
			}
			if p.atOp("=>") {
				p.i++
				key = value
				if p.atOp("&") {
					p.i++
					if value, err = p.unary(); err != nil {
						return nil, err
					}
					value = &phpNode{kind: pnOther, first: value.first, last: value.last}
				} else if value, err = p.expr(0); err != nil {
					return nil, err
				}
			}
		}
		if listStart < 0 {
			listStart = p.toks[elemFirst].start
		}
		n.elems = append(n.elems, phpElem{key: key, value: value, start: listStart, end: p.toks[value.last].start})
		if p.atOp(",") {
			trailingComma = p.cur()
			p.i++
			continue
		}
		if !p.atOp(closer) {
			return nil, p.errAt("syntax error: '" + closer + "' expected")
		}
	}
	end := p.cur()
	p.i++
	n.last = end
	n.closeEnd = p.toks[end].end
	if k := len(n.elems); k > 0 {
		// The last element's production is reduced again with the optional
		// comma: its end is the comma's position, or, without one, where the
		// lexer stood after reading the closing bracket.
		if trailingComma >= 0 {
			n.elems[k-1].end = p.toks[trailingComma].start
		} else {
			n.elems[k-1].end = n.closeEnd
		}
	}
	return n, nil
}
