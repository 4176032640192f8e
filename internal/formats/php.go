package formats

import (
	"bytes"
	"errors"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// phpFormat reads PHP files of strings as translate-toolkit's php.py does
// (translate/storage/php.py, phpfile and LaravelPHPFile, the same in
// translate-toolkit 3.8.4 and 3.9.2, with phply 1.2.6 parsing the PHP) and as
// Weblate 4.18 loads them (weblate/formats/ttkit.py PhpFormat and
// LaravelPhpFormat with PHPUnit: the target is the unit's value; KeyValueUnit:
// translated when the value is not empty).
//
// A unit comes from each top-level statement of these shapes, in file order:
//
//   - $name = 'text'; and $name['key'] = 'text'; (any offsets): the key is the
//     statement's text before "=", as written (white space and comments kept),
//     trailing white space stripped;
//   - a concatenation of strings and variables at the top of such an
//     assignment: its parts joined, a variable as its name ("$x"); a part that
//     is neither fails the file, as translate-toolkit's assertion does;
//   - define('NAME', 'text');: the key is the text before the first comma,
//     "define('NAME'";
//   - $name = array(…) or [...], $name['k'] = array(…) and return array(…) or
//     return […]: every string element, nested arrays descended into; the key is
//     the statement's name, "[]" after it for the short syntax, then
//     "->'key'" for each level (” around the key's text whatever the quotes,
//     integers as Python writes them, "[]" for an element without key).
//
// Other statements, and array elements that are neither strings nor arrays, give
// no unit. Strings are what phply makes of them: single-quoted ones with \' and
// \\ undone; double-quoted ones and heredocs with \n, \r, \t, \", \', \\ and \xHH
// decoded and the backslash of any other escape dropped (\$ gives $, \101 gives
// 101); nowdocs as written. A double-quoted string holding a variable is a
// concatenation. Notes are the comments translate-toolkit's PHPLexer assigns:
// those from the end of the previous unit's statement to this one's end, and a
// comment on the same line after it; this gives a comment after a ";" to the next
// unit, kept as it does.
//
// Laravel's files (LaravelPHPFile) split a text containing "|" into plural forms.
//
// The file must be UTF-8 (translate-toolkit decodes it so). A file that is one
// piece of text outside <?php is read again with "<?php\n" before it, as
// translate-toolkit does. Failures are phply's: an illegal character, an
// unbalanced bracket, a statement that does not parse, and translate-toolkit's
// own index errors (a unit whose quote cannot be found after it).
//
// Deliberately different: gitlate parses only the statements above and the
// expressions in them; other statements are skipped by their brackets, so PHP
// syntax errors inside functions, classes or control structures that phply
// would refuse are not reported, and a statement inside an if block written with
// the alternative syntax (if …: … endif;) is read as a top-level one.
type phpFormat struct {
	laravel bool
}

var phpDetection = &Detection{Name: "PHP", Extensions: []string{".php"}, Default: "php", Choose: choosePHP}

func init() {
	// PhpFormat names text/x-php and the extension php; neither class has
	// check_flags. Both are monolingual in practice (PHPUnit reads the source
	// from a template).
	Register(Info{ID: "php", Name: "PHP strings", Monolingual: true, MimeType: "text/x-php", Extension: "php", Detect: phpDetection}, phpFormat{})
	Register(Info{ID: "laravel", Name: "Laravel PHP strings", Monolingual: true, MimeType: "text/x-php", Extension: "php", Plurals: PluralsPositional, Detect: phpDetection}, phpFormat{laravel: true})
}

// laravelLine is translation-finder's LARAVEL_BYTES_RE: a line with a "|" after
// its first "=>".
var laravelLine = regexp.MustCompile(`(?m)^[^\n]*?=>[^\n]*\|`)

// choosePHP is translation-finder's PHPDiscovery.adjust_format: a template with
// "return [" and a line with "|" after "=>" is Laravel's.
func choosePHP(s *Sample) string {
	if bytes.Contains(s.Data, []byte("return [")) && laravelLine.Match(s.Data) {
		return "laravel"
	}
	return "php"
}

// Parse returns the file's units in file order.
func (f phpFormat) Parse(data []byte) (*File, error) {
	if !utf8.Valid(data) {
		return nil, &SyntaxError{Line: phpBadUTF8Line(data), Msg: "not UTF-8"}
	}
	src := string(data)
	p, err := parsePHP(src)
	if err != nil {
		return nil, err
	}
	if len(p.stmts) == 1 && p.stmts[0] != nil && p.stmts[0].op == "inline" {
		// phpfile.parse: a file without "<?php" is read again with one.
		if p, err = parsePHP("<?php\n" + src); err != nil {
			if se, ok := err.(*SyntaxError); ok && se.Line > 1 {
				se.Line--
			}
			return nil, err
		}
		for i := range p.toks {
			p.toks[i].line--
		}
	}
	x := phpExtractor{phpFile: p, laravel: f.laravel, keyBudget: max(1<<20, 10*len(data))}
	if err := x.run(); err != nil {
		return nil, err
	}
	// A name given twice (a statement repeated, the elements of a list, all
	// named "[]") is Weblate's DuplicateString alert; the first counts.
	x.out.Warnings = duplicateWarnings(x.out.Units, false)
	return &x.out, nil
}

func phpBadUTF8Line(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return 1 + bytes.Count(data[:i], []byte("\n"))
		}
		i += n
	}
	return 1
}

type phpFile struct {
	*phpParser
	stmts []*phpNode
	ends  []int // each statement's last token (its ";")
}

func parsePHP(src string) (*phpFile, error) {
	lx := phpLexer{src: src, line: 1}
	if err := lx.lex(); err != nil {
		return nil, err
	}
	p := &phpParser{src: src, toks: lx.toks}
	p.filter()
	f := &phpFile{phpParser: p}
	for p.cur() >= 0 {
		n, end, err := p.statement()
		if err != nil {
			return nil, err
		}
		f.stmts = append(f.stmts, n)
		f.ends = append(f.ends, end)
	}
	return f, nil
}

// phpExtractor turns the statements into units as phpfile.parse does, reading
// names and comments from the token list as translate-toolkit's PHPLexer does:
// pos is where the last unit's comments ended, codepos where the last name
// ended.
type phpExtractor struct {
	*phpFile
	laravel bool
	pos     int
	codepos int
	out     File
	// The next "=>", quote and array opening from each token (see index).
	nextArrow, nextQuote, nextArray []int32
	// keyBytes counts the bytes of the keys made: a nested element's key holds
	// its parents' keys, so a file could otherwise give keys quadratic in its size.
	keyBytes, keyBudget int
}

func (x *phpExtractor) fail(line int, msg string) error {
	return &SyntaxError{Line: line, Msg: "PHP: " + msg}
}

func (x *phpExtractor) run() error {
	for i, n := range x.stmts {
		if n == nil {
			continue
		}
		first := x.toks[n.first]
		start, end := first.start, x.toks[x.ends[i]].start
		line := first.line
		switch {
		case n.kind == pnCall && n.str == "define":
			if len(n.args) < 2 {
				return x.fail(line, "define() without a value")
			}
			name, ok := x.extractName(func(t int) bool { return x.isOp(t, ",") }, false, start, end)
			if !ok {
				return x.indexError(line)
			}
			value, ok := x.scalarText(n.args[1])
			if ok && x.laravel && n.args[1].kind != pnStr {
				// LaravelPHPFile looks for "|" in the value: a number fails.
				return x.fail(line, "define() of a number in a Laravel file")
			}
			if !ok {
				return x.fail(line, phpDefineOther)
			}
			if err := x.add(name, value, end, line); err != nil {
				return err
			}
		case n.kind == pnAssign && (n.l.kind == pnOffset || n.l.kind == pnVar):
			name, ok := x.extractName(func(t int) bool { return x.isOp(t, "=") }, false, start, end)
			if !ok {
				return x.indexError(line)
			}
			switch v := n.r; {
			case v.kind == pnArray:
				if err := x.array(name, v); err != nil {
					return err
				}
			case v.kind == pnStr:
				if err := x.add(name, v.str, end, line); err != nil {
					return err
				}
			case v.kind == pnBin && v.op == ".":
				var b strings.Builder
				if !phpConcat(&b, v) {
					return x.fail(line, "a concatenation of something else than strings and variables")
				}
				if err := x.add(name, b.String(), end, line); err != nil {
					return err
				}
			}
		case n.op == "return" && n.l != nil && n.l.kind == pnArray:
			if _, ok := x.extractName(func(t int) bool {
				return x.toks[t].typ == ptKeyword && strings.EqualFold(x.text(t), "return")
			}, false, start, end); !ok {
				return x.indexError(line)
			}
			if err := x.array("return", n.l); err != nil {
				return err
			}
		}
	}
	return nil
}

// phpDefineOther is the error for a define() whose value is an expression: a
// deliberate difference, translate-toolkit keeps phply's repr of the node as
// the text.
const phpDefineOther = "define() of a value that is not a string or a number"

func (x *phpExtractor) indexError(line int) error {
	return x.fail(line, "translate-toolkit runs past the last token")
}

// phpConcat is php.py's concatenate: strings, variable names and nested
// operations of any operator, left to right. A long concatenation is a tree as
// deep as it is long, so it is walked with a stack of its own.
func phpConcat(b *strings.Builder, n *phpNode) bool {
	stack := []*phpNode{n}
	for len(stack) > 0 {
		n = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n.kind {
		case pnStr, pnVar:
			b.WriteString(n.str)
		case pnBin:
			stack = append(stack, n.r, n.l)
		default:
			return false
		}
	}
	return true
}

// scalarText is the text translate-toolkit keeps of a define()'s value: a
// string, or a number as Python writes it.
func (x *phpExtractor) scalarText(n *phpNode) (string, bool) {
	switch n.kind {
	case pnStr:
		return n.str, true
	case pnInt:
		return phpIntText(n.str)
	case pnFloat:
		f, err := strconv.ParseFloat(n.str, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return "", false
		}
		return pyFloatRepr(f), true
	}
	return "", false
}

// phpIntText is phply's reading of an integer literal written back by Python:
// hexadecimal, binary, octal with a leading 0 (a 8 or 9 in it fails), decimal.
func phpIntText(s string) (string, bool) {
	v := new(big.Int)
	var ok bool
	switch {
	case strings.HasPrefix(s, "0x"):
		_, ok = v.SetString(s[2:], 16)
	case strings.HasPrefix(s, "0b"):
		_, ok = v.SetString(s[2:], 2)
	case strings.HasPrefix(s, "0"):
		_, ok = v.SetString(s, 8)
	default:
		_, ok = v.SetString(s, 10)
	}
	if !ok {
		return "", false
	}
	return v.String(), true
}

// array is php.py's handle_array: prefix gets "[]" for the short syntax, each
// element "->" and its key.
func (x *phpExtractor) array(prefix string, arr *phpNode) error {
	kind, ok := x.extractArray()
	if !ok {
		return x.indexError(x.toks[arr.first].line)
	}
	prefix += kind
	for i := range arr.elems {
		e := &arr.elems[i]
		line := x.toks[e.value.first].line
		var name string
		if e.key == nil {
			name = "[]"
		} else {
			line = x.toks[e.key.first].line
			if _, ok := x.extractName(nil, true, e.start, e.end); !ok {
				return x.indexError(line)
			}
			key, err := x.keyText(e.key, line)
			if err != nil {
				return err
			}
			name = key
		}
		if prefix != "" {
			name = prefix + "->" + name
		}
		switch e.value.kind {
		case pnArray:
			if err := x.array(name, e.value); err != nil {
				return err
			}
		case pnStr:
			if err := x.add(name, e.value.str, e.end, line); err != nil {
				return err
			}
		}
	}
	return nil
}

// keyText is the name php.py gives an element's key.
func (x *phpExtractor) keyText(key *phpNode, line int) (string, error) {
	switch key.kind {
	case pnStr:
		return "'" + key.str + "'", nil
	case pnBin:
		var b strings.Builder
		if !phpConcat(&b, key) {
			return "", x.fail(line, "an array key concatenating something else than strings and variables")
		}
		return "'" + b.String() + "'", nil
	case pnInt:
		s, ok := phpIntText(key.str)
		if !ok {
			return "", x.fail(line, "invalid integer "+key.str)
		}
		return s, nil
	case pnFloat:
		f, err := strconv.ParseFloat(key.str, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return "", x.fail(line, "invalid number "+key.str)
		}
		return pyFloatRepr(f), nil
	case pnVar:
		return "'Variable(" + phpStrRepr(key.str) + ")'", nil
	case pnConst:
		return "'Constant(" + phpStrRepr(key.str) + ")'", nil
	case pnUnary:
		// A signed number is phply's UnaryOp node, named by its repr.
		if (key.op == "-" || key.op == "+") && (key.l.kind == pnInt || key.l.kind == pnFloat) {
			inner, err := x.keyText(key.l, line)
			if err != nil {
				return "", err
			}
			return "'UnaryOp('" + key.op + "', " + inner + ")'", nil
		}
	}
	return "", x.fail(line, "an array key gitlate cannot name as translate-toolkit does")
}

// phpStrRepr is Python's repr of a string without quotes or backslashes in it
// (names and constants).
func phpStrRepr(s string) string { return "'" + s + "'" }

// add is create_and_add_unit: the quote is looked for (translate-toolkit fails
// when none follows), the comments up to end collected.
func (x *phpExtractor) add(name, value string, end, line int) error {
	if !x.extractQuote() {
		return x.indexError(line)
	}
	note, ok := x.extractComments(end)
	if !ok {
		return x.indexError(line)
	}
	x.keyBytes += len(name)
	if x.keyBytes > x.keyBudget {
		return x.fail(line, "the keys of nested arrays exceed the text budget")
	}
	u := Unit{Key: name, Note: note, Line: line}
	if x.laravel && strings.Contains(value, "|") {
		u.Target = strings.Split(value, "|")
		u.Plural = len(u.Target) > 1
	} else {
		u.Target = []string{value}
	}
	x.out.Units = append(x.out.Units, u)
	return nil
}

// firstFrom is the first token from pos on that starts at or after offset
// (tokens are in order: a binary search, where translate-toolkit steps).
func (x *phpExtractor) firstFrom(pos, offset int) int {
	return pos + sort.Search(len(x.toks)-pos, func(i int) bool { return x.toks[pos+i].start >= offset })
}

// index builds, once, the next "=>", quote and array opening at or after every
// token, so that PHPLexer's forward scans cost nothing (a scan per unit over a
// long stretch of tokens would make some files quadratic).
func (x *phpExtractor) index() {
	if x.nextArrow != nil {
		return
	}
	n := len(x.toks)
	x.nextArrow = make([]int32, n+1)
	x.nextQuote = make([]int32, n+1)
	x.nextArray = make([]int32, n+1)
	x.nextArrow[n], x.nextQuote[n], x.nextArray[n] = int32(n), int32(n), int32(n)
	for i := n - 1; i >= 0; i-- {
		x.nextArrow[i], x.nextQuote[i], x.nextArray[i] = x.nextArrow[i+1], x.nextQuote[i+1], x.nextArray[i+1]
		t := &x.toks[i]
		switch {
		case x.isOp(i, "=>"):
			x.nextArrow[i] = int32(i)
		case t.typ == ptQuote || t.typ == ptConstString || t.typ == ptStartNowdoc:
			x.nextQuote[i] = int32(i)
		case t.typ == ptKeyword && strings.EqualFold(x.text(i), "array") || x.isOp(i, "["):
			x.nextArray[i] = int32(i)
		}
	}
}

// extractName is PHPLexer.extract_name: the tokens from start up to end or the
// terminator, joined and right-stripped; ok is false where Python's index runs
// past the last token. An element's terminator is "=>" (arrow); a statement's
// is found by term within the statement.
func (x *phpExtractor) extractName(term func(int) bool, arrow bool, start, end int) (string, bool) {
	first := x.firstFrom(x.pos, start)
	if first >= len(x.toks) {
		return "", false
	}
	var pos int
	if arrow {
		x.index()
		pos = min(int(x.nextArrow[first]), x.firstFrom(first, end))
	} else {
		pos = first
		for pos < len(x.toks) && x.toks[pos].start < end && !term(pos) {
			pos++
		}
	}
	if pos >= len(x.toks) {
		return "", false
	}
	x.codepos = pos
	if pos == first {
		return "", true
	}
	return pyRstrip(x.src[x.toks[first].start:x.toks[pos-1].end]), true
}

// extractQuote is PHPLexer.extract_quote, for its failure only: a quote or
// single-quoted string or nowdoc must follow.
func (x *phpExtractor) extractQuote() bool {
	x.index()
	from := max(x.pos, x.codepos)
	return from < len(x.toks) && int(x.nextQuote[from]) < len(x.toks)
}

// extractArray is PHPLexer.extract_array: "" for array(, "[]" for [.
func (x *phpExtractor) extractArray() (string, bool) {
	x.index()
	from := max(x.pos, x.codepos)
	if from >= len(x.toks) || int(x.nextArray[from]) >= len(x.toks) {
		return "", false
	}
	x.codepos = int(x.nextArray[from])
	if x.isOp(x.codepos, "[") {
		return "[]", true
	}
	return "", true
}

// extractComments is PHPLexer.extract_comments: the comments before end, the
// token at end skipped, then comments up to the end of its line.
func (x *phpExtractor) extractComments(end int) (string, bool) {
	var comments []string
	for {
		if x.pos >= len(x.toks) {
			return "", false
		}
		t := &x.toks[x.pos]
		if t.start >= end {
			break
		}
		if t.typ == ptComment || t.typ == ptDocComment {
			comments = append(comments, pyStrip(x.text(x.pos)))
		}
		x.pos++
	}
	x.pos++
	for x.pos < len(x.toks) {
		t := &x.toks[x.pos]
		if t.typ != ptComment && t.typ != ptWhitespace {
			break
		}
		x.pos++
		text := x.src[t.start:t.end]
		if t.typ == ptWhitespace {
			if strings.Contains(text, "\n") {
				break
			}
			continue
		}
		comments = append(comments, pyStrip(text))
		if strings.Contains(text, "\n") {
			break
		}
	}
	return strings.Join(comments, "\n"), true
}
