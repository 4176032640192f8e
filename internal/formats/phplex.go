package formats

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// phpLexer tokenizes PHP as phply's lexer does (phply/phplex.py, phply 1.2.6,
// the PHP parser translate-toolkit's php.py reads PHP with): the same states (a
// stack of them, as ply's push_state and pop_state keep), the same token
// boundaries, and the same failures — a character no rule of the state matches,
// and a closing bracket with nothing on the state stack (ply's pop_state on an
// empty stack), both of which stop translate-toolkit's parse. Every token is
// kept, white space and comments included, because translate-toolkit's PHPLexer
// reads unit names and comments out of the whole token list.
//
// Ply tries a state's rules in a fixed order (function rules by their line in
// phplex.py, then string rules by decreasing pattern length); the order matters
// only where two rules match at the same place, and the code below keeps it
// there: comments before "/", "?>" before "?", "<<<" before "<<", numbers before
// ".", the casts before "(".
type phpLexer struct {
	src    string
	pos    int
	line   int
	state  phpState
	stack  []phpState
	label  string // the heredoc or nowdoc label being read
	toks   []phpTok
	budget int
}

type phpState uint8

const (
	phpInitial phpState = iota
	phpCode
	phpQuoted
	phpQuotedVar
	phpVarname
	phpOffset
	phpProperty
	phpHeredoc
	phpHeredocVar
	phpNowdoc
	phpBackticked
	phpBacktickedVar
)

type phpTokType uint8

const (
	ptInlineHTML phpTokType = iota + 1
	ptOpenTag
	ptOpenTagEcho
	ptCloseTag
	ptWhitespace
	ptComment
	ptDocComment
	ptString // an identifier (phply's STRING)
	ptKeyword
	ptVariable
	ptDNumber
	ptLNumber
	ptConstString // a single-quoted string
	ptQuote
	ptEncapsed
	ptCurlyOpen
	ptDollarCurly
	ptStringVarname
	ptNumString
	ptStartHeredoc
	ptEndHeredoc
	ptStartNowdoc
	ptEndNowdoc
	ptBacktick
	ptOp // operators and delimiters: the text tells which
	ptSemi
	ptCast
)

// phpTok is one token: its type, its text src[start:end] and the line it starts on.
type phpTok struct {
	typ        phpTokType
	start, end int
	line       int
	semi       bool // a "?>" or "<?php" the filter turned into ";"
}

func (l *phpLexer) push(s phpState) {
	l.stack = append(l.stack, l.state)
	l.state = s
}

func (l *phpLexer) pop() bool {
	if len(l.stack) == 0 {
		return false
	}
	l.state = l.stack[len(l.stack)-1]
	l.stack = l.stack[:len(l.stack)-1]
	return true
}

func (l *phpLexer) emit(typ phpTokType, n int) {
	l.toks = append(l.toks, phpTok{typ: typ, start: l.pos, end: l.pos + n, line: l.line})
	l.line += strings.Count(l.src[l.pos:l.pos+n], "\n")
	l.pos += n
}

// lex tokenizes the whole source; the error names the line of the character no
// rule matched.
func (l *phpLexer) lex() error {
	for l.pos < len(l.src) {
		if err := l.next(); err != nil {
			return err
		}
	}
	return nil
}

func (l *phpLexer) illegal() error {
	return &SyntaxError{Line: l.line, Msg: "PHP: illegal character"}
}

func (l *phpLexer) unbalanced() error {
	return &SyntaxError{Line: l.line, Msg: "PHP: closing bracket without an opening one"}
}

func phpIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// phpIdentLen is the length of [A-Za-z_][\w_]* at s (Python's \w: letters, digits
// and the underscore of every script), 0 when s does not start one.
func phpIdentLen(s string) int {
	if s == "" || !phpIdentStart(s[0]) {
		return 0
	}
	i := 1
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if phpIdentStart(c) || c >= '0' && c <= '9' {
				i++
				continue
			}
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			break
		}
		i += n
	}
	return i
}

func (l *phpLexer) next() error {
	s := l.src[l.pos:]
	switch l.state {
	case phpInitial:
		if n := phpOpenTagLen(s); n > 0 {
			typ := ptOpenTag
			if strings.Contains(s[:n], "=") {
				typ = ptOpenTagEcho
			}
			l.emit(typ, n)
			l.state = phpCode
			return nil
		}
		// ([^<]|<(?![?%]))+
		i := 0
		for i < len(s) {
			if s[i] == '<' && i+1 < len(s) && (s[i+1] == '?' || s[i+1] == '%') {
				break
			}
			i++
		}
		l.emit(ptInlineHTML, i)
		return nil
	case phpCode:
		return l.code(s)
	case phpProperty:
		if n := phpIdentLen(s); n > 0 {
			l.emit(ptString, n)
			if !l.pop() {
				return l.unbalanced()
			}
			return nil
		}
		return l.illegal()
	case phpQuoted, phpQuotedVar, phpHeredoc, phpHeredocVar, phpBackticked, phpBacktickedVar:
		return l.interpolated(s)
	case phpVarname:
		switch {
		case s[0] == '[':
			l.emit(ptOp, 1)
			l.push(phpCode)
		case s[0] == '}':
			l.emit(ptOp, 1)
			if !l.pop() {
				return l.unbalanced()
			}
		case phpIdentLen(s) > 0:
			l.emit(ptStringVarname, phpIdentLen(s))
		default:
			return l.illegal()
		}
		return nil
	case phpOffset:
		switch {
		case s[0] == ']':
			l.emit(ptOp, 1)
			if !l.pop() {
				return l.unbalanced()
			}
		case s[0] == '$' && phpIdentLen(s[1:]) > 0:
			l.emit(ptVariable, 1+phpIdentLen(s[1:]))
		case phpIdentLen(s) > 0:
			l.emit(ptString, phpIdentLen(s))
		case isDigit(s[0]):
			i := 1
			for i < len(s) && isDigit(s[i]) {
				i++
			}
			l.emit(ptNumString, i)
		default:
			return l.illegal()
		}
		return nil
	case phpNowdoc:
		if l.pos > 0 && l.src[l.pos-1] == '\n' {
			if n := phpIdentLen(s); n > 0 {
				if s[:n] == l.label {
					l.emit(ptEndNowdoc, n)
					l.pop()
				} else {
					l.emit(ptEncapsed, n)
				}
				return nil
			}
		}
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return l.illegal()
		}
		l.emit(ptEncapsed, i+1)
		return nil
	}
	return l.illegal()
}

// phpOpenTagLen matches <[?%](([Pp][Hh][Pp][ \t\r\n]?)|=)?.
func phpOpenTagLen(s string) int {
	if len(s) < 2 || s[0] != '<' || s[1] != '?' && s[1] != '%' {
		return 0
	}
	if len(s) > 2 && s[2] == '=' {
		return 3
	}
	if len(s) >= 5 && strings.EqualFold(s[2:5], "php") {
		if len(s) > 5 && (s[5] == ' ' || s[5] == '\t' || s[5] == '\r' || s[5] == '\n') {
			return 6
		}
		return 5
	}
	return 2
}

// phpOps are the operators and delimiters of phply's string rules, longest first
// (at any place at most one of a length matches, so longest first is ply's order).
var phpOps = []string{
	"!==", "===", "<<=", ">>=",
	"->", "=>", "::", "++", "--", "+=", "-=", "*=", "/=", ".=", "%=", "&=", "|=", "^=",
	"==", "!=", "<>", "<=", ">=", "&&", "||", "<<", ">>",
	"+", "-", "*", "/", "%", "&", "|", "~", "^", "<", ">", "!", "=", "(", ")", "$", ",",
	".", "?", ":", "@", "\\",
}

var phpCasts = []string{"array", "binary", "bool", "boolean", "real", "double", "float", "int", "integer", "object", "string", "unset"}

// phpCastLen matches \([ \t]*TYPE[ \t]*\) for the cast types.
func phpCastLen(s string) int {
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
		j++
	}
	word := strings.ToLower(s[i:j])
	found := false
	for _, c := range phpCasts {
		if word == c {
			found = true
			break
		}
	}
	if !found {
		return 0
	}
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j < len(s) && s[j] == ')' {
		return j + 1
	}
	return 0
}

// phpKeywords are phply's reserved words (compared upper-cased), and the magic
// constants and word operators it gives types of their own.
var phpKeywords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`ARRAY AS BREAK CASE CLASS CONST CONTINUE DECLARE
		DEFAULT DIE DO ECHO ELSE ELSEIF EMPTY ENDDECLARE ENDFOR ENDFOREACH ENDIF
		ENDSWITCH ENDWHILE EVAL EXIT EXTENDS FOR FOREACH FUNCTION GLOBAL IF INCLUDE
		INCLUDE_ONCE INSTANCEOF ISSET LIST NEW PRINT REQUIRE REQUIRE_ONCE RETURN
		STATIC SWITCH UNSET USE VAR WHILE FINAL INTERFACE IMPLEMENTS PUBLIC PRIVATE
		PROTECTED ABSTRACT CLONE TRY CATCH THROW NAMESPACE FINALLY TRAIT YIELD
		__DIR__ __FILE__ __LINE__ __FUNCTION__ __CLASS__ __METHOD__ __NAMESPACE__
		AND OR XOR __HALT_COMPILER`) {
		phpKeywords[w] = true
	}
}

func (l *phpLexer) code(s string) error {
	c := s[0]
	switch {
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		i := 1
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		l.emit(ptWhitespace, i)
		return nil
	case strings.HasPrefix(s, "->"):
		l.emit(ptOp, 2)
		if l.pos < len(l.src) && phpIdentStart(l.src[l.pos]) {
			l.push(phpProperty)
		}
		return nil
	case c == '[' || c == '{':
		l.emit(ptOp, 1)
		l.push(phpCode)
		return nil
	case c == ']' || c == '}':
		l.emit(ptOp, 1)
		if !l.pop() {
			return l.unbalanced()
		}
		return nil
	case strings.HasPrefix(s, "/**"):
		if i := strings.Index(s[3:], "*/"); i >= 0 {
			l.emit(ptDocComment, 3+i+2)
			return nil
		}
	}
	if strings.HasPrefix(s, "/*") {
		if i := strings.Index(s[2:], "*/"); i >= 0 {
			l.emit(ptComment, 2+i+2)
			return nil
		}
	}
	if strings.HasPrefix(s, "//") || c == '#' {
		// The comment runs to the end of the line (taking the newline) or to "?>"
		// or "%>", whichever comes first.
		i := 1
		if c == '/' {
			i = 2
		}
		for i < len(s) {
			if s[i] == '\n' {
				i++
				break
			}
			if (s[i] == '?' || s[i] == '%') && i+1 < len(s) && s[i+1] == '>' {
				break
			}
			i++
		}
		l.emit(ptComment, i)
		return nil
	}
	if (c == '?' || c == '%') && len(s) > 1 && s[1] == '>' {
		n := 2
		if n < len(s) && s[n] == '\r' {
			n++
		}
		if n < len(s) && s[n] == '\n' {
			n++
		}
		l.emit(ptCloseTag, n)
		l.state = phpInitial
		return nil
	}
	if n := phpIdentLen(s); n > 0 {
		typ := ptString
		if phpKeywords[strings.ToUpper(s[:n])] {
			typ = ptKeyword
		}
		l.emit(typ, n)
		return nil
	}
	if c == '$' {
		if n := phpIdentLen(s[1:]); n > 0 {
			l.emit(ptVariable, 1+n)
			return nil
		}
	}
	if n := phpDNumberLen(s); n > 0 {
		l.emit(ptDNumber, n)
		return nil
	}
	if isDigit(c) {
		n := 1
		switch {
		case strings.HasPrefix(s, "0b") && len(s) > 2 && (s[2] == '0' || s[2] == '1'):
			n = 2
			for n < len(s) && (s[n] == '0' || s[n] == '1') {
				n++
			}
		case strings.HasPrefix(s, "0x") && len(s) > 2 && isHexDigit(s[2]):
			n = 2
			for n < len(s) && isHexDigit(s[n]) {
				n++
			}
		default:
			for n < len(s) && isDigit(s[n]) {
				n++
			}
		}
		l.emit(ptLNumber, n)
		return nil
	}
	switch c {
	case '\'':
		i := 1
		for i < len(s) {
			if s[i] == '\\' {
				if i+1 >= len(s) {
					return l.illegal()
				}
				i += 2
				continue
			}
			if s[i] == '\'' {
				l.emit(ptConstString, i+1)
				return nil
			}
			i++
		}
		return l.illegal()
	case '"':
		l.emit(ptQuote, 1)
		l.push(phpQuoted)
		return nil
	case '`':
		l.emit(ptBacktick, 1)
		l.push(phpBackticked)
		return nil
	case '<':
		if strings.HasPrefix(s, "<<<") {
			i := 3
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			nowdoc := i < len(s) && s[i] == '\''
			if nowdoc {
				i++
			}
			if n := phpIdentLen(s[i:]); n > 0 {
				label := s[i : i+n]
				j := i + n
				ok := true
				if nowdoc {
					ok = j < len(s) && s[j] == '\''
					j++
				}
				if ok && j < len(s) && s[j] == '\r' {
					j++
				}
				if ok && j < len(s) && s[j] == '\n' {
					j++
					l.label = label
					if nowdoc {
						l.emit(ptStartNowdoc, j)
						l.push(phpNowdoc)
					} else {
						l.emit(ptStartHeredoc, j)
						l.push(phpHeredoc)
					}
					return nil
				}
			}
		}
	case '(':
		if n := phpCastLen(s); n > 0 {
			l.emit(ptCast, n)
			return nil
		}
	case ';':
		l.emit(ptSemi, 1)
		return nil
	}
	for _, op := range phpOps {
		if strings.HasPrefix(s, op) {
			if op == "." && len(s) > 1 && (isDigit(s[1]) || s[1] == '=') {
				continue
			}
			l.emit(ptOp, len(op))
			return nil
		}
	}
	return l.illegal()
}

func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// phpDNumberLen matches (\d*\.\d+|\d+\.\d*)([Ee][+-]?\d+)? | (\d+[Ee][+-]?\d+).
func phpDNumberLen(s string) int {
	digits := func(i int) int {
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		return i
	}
	exp := func(i int) int {
		if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
			j := i + 1
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			if k := digits(j); k > j {
				return k
			}
		}
		return i
	}
	i := digits(0)
	if i < len(s) && s[i] == '.' {
		j := digits(i + 1)
		if i > 0 || j > i+1 {
			return exp(j)
		}
		return 0
	}
	if i > 0 {
		if j := exp(i); j > i {
			return j
		}
	}
	return 0
}

// interpolated reads the states inside double quotes, heredocs and backticks.
func (l *phpLexer) interpolated(s string) error {
	st := l.state
	heredoc := st == phpHeredoc || st == phpHeredocVar
	afterVar := st == phpQuotedVar || st == phpHeredocVar || st == phpBacktickedVar
	closer := byte('"')
	if st == phpBackticked || st == phpBacktickedVar {
		closer = '`'
	}
	if afterVar {
		switch {
		case s[0] == '$' && phpIdentLen(s[1:]) > 0:
			l.emit(ptVariable, 1+phpIdentLen(s[1:]))
			return nil
		case !heredoc && s[0] == closer:
			l.emit(phpCloserType(closer), 1)
			if !l.pop() || !l.pop() {
				return l.unbalanced()
			}
			return nil
		case s[0] == '[':
			l.emit(ptOp, 1)
			l.state = phpOffset
			return nil
		case strings.HasPrefix(s, "->") && len(s) > 2 && (s[2] >= 'a' && s[2] <= 'z' || s[2] >= 'A' && s[2] <= 'Z'):
			l.emit(ptOp, 2)
			l.state = phpProperty
			return nil
		case strings.HasPrefix(s, "{$"):
			l.emit(ptCurlyOpen, 1)
			l.state = phpCode
			return nil
		case strings.HasPrefix(s, "${"):
			l.emit(ptDollarCurly, 2)
			if l.pos < len(l.src) && phpIdentStart(l.src[l.pos]) {
				l.state = phpVarname
			} else {
				l.state = phpCode
			}
			return nil
		}
		if n := phpEncapsedLen(s, heredoc, closer); n > 0 {
			l.emit(ptEncapsed, n)
			l.pop()
			return nil
		}
		return l.illegal()
	}
	switch {
	case strings.HasPrefix(s, "{$"):
		l.emit(ptCurlyOpen, 1)
		l.push(phpCode)
		return nil
	case strings.HasPrefix(s, "${"):
		l.emit(ptDollarCurly, 2)
		if l.pos < len(l.src) && phpIdentStart(l.src[l.pos]) {
			l.push(phpVarname)
		} else {
			l.push(phpCode)
		}
		return nil
	case !heredoc && s[0] == closer:
		l.emit(phpCloserType(closer), 1)
		l.pop()
		return nil
	}
	if heredoc && l.pos > 0 && l.src[l.pos-1] == '\n' {
		if n := phpIdentLen(s); n > 0 {
			if s[:n] == l.label {
				l.emit(ptEndHeredoc, n)
				l.pop()
			} else {
				l.emit(ptEncapsed, n)
			}
			return nil
		}
	}
	if n := phpEncapsedLen(s, heredoc, closer); n > 0 {
		l.emit(ptEncapsed, n)
		return nil
	}
	if s[0] == '$' && phpIdentLen(s[1:]) > 0 {
		l.emit(ptVariable, 1+phpIdentLen(s[1:]))
		if heredoc {
			l.push(phpHeredocVar)
		} else if closer == '`' {
			l.push(phpBacktickedVar)
		} else {
			l.push(phpQuotedVar)
		}
		return nil
	}
	return l.illegal()
}

// phpEncapsedLen is the length of the literal text at s: in quotes and backticks
// ( [^"\\${] | \\(.|\n) | \$(?![A-Za-z_{]) | \{(?!\$) )+ (with ` for "), in
// heredocs ( [^\n\\${] | \\. | \$(?![A-Za-z_{]) | \{(?!\$) )+\n? | \\?\n.
func phpEncapsedLen(s string, heredoc bool, closer byte) int {
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) || heredoc && s[i+1] == '\n' {
				goto done
			}
			_, n := utf8.DecodeRuneInString(s[i+1:])
			i += 1 + n
		case c == '$':
			if i+1 < len(s) && (phpIdentStart(s[i+1]) || s[i+1] == '{') {
				goto done
			}
			i++
		case c == '{':
			if i+1 < len(s) && s[i+1] == '$' {
				goto done
			}
			i++
		case heredoc && c == '\n':
			goto done
		case !heredoc && c == closer:
			goto done
		default:
			i++
		}
	}
done:
	if heredoc {
		if i > 0 {
			if i < len(s) && s[i] == '\n' {
				i++
			}
			return i
		}
		if strings.HasPrefix(s, "\n") {
			return 1
		}
		if strings.HasPrefix(s, "\\\n") {
			return 2
		}
	}
	return i
}

// phpEscapes is phply's process_php_string_escapes: \n, \r, \t, \", \', \\ and
// \xH or \xHH become what they name; before any other character the backslash
// is dropped. \x reads the next two characters as Python's int(x, 16) does
// (surrounding white space and a sign allowed) and keeps "\x" and them when that
// fails.
func phpEscapes(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if i >= len(s) {
			// Python's next() raises StopIteration here; the lexer never gives
			// a text ending in a lone backslash.
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch r {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'x':
			if i >= len(s) {
				b.WriteString("\\x")
				return b.String()
			}
			_, n1 := utf8.DecodeRuneInString(s[i:])
			end := i + n1
			if end < len(s) {
				_, n2 := utf8.DecodeRuneInString(s[end:])
				end += n2
			}
			x := s[i:end]
			i = end
			if v, ok := phpHexInt(x); ok {
				b.WriteRune(rune(v))
			} else {
				b.WriteString("\\x")
				b.WriteString(x)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// phpHexInt is Python's int(x, 16) followed by chr for the one or two characters
// of a \x escape: white space around, an optional sign, hex digits (an
// underscore only between digits); a negative value fails in chr.
func phpHexInt(x string) (int, bool) {
	t := strings.TrimFunc(x, pyIsSpace)
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	if t == "" {
		return 0, false
	}
	v := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		var d int
		switch {
		case isDigit(c):
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return 0, false
		}
		v = v*16 + d
	}
	if neg && v != 0 {
		return 0, false
	}
	return v, true
}

// phpCloserType is QUOTE for the end of a double-quoted string, BACKTICK for a
// backtick one.
func phpCloserType(closer byte) phpTokType {
	if closer == '`' {
		return ptBacktick
	}
	return ptQuote
}
