package formats

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/gitlate/gitlate/internal/jsondoc"
)

// This file reads JSON the way translate-toolkit does before its JSON stores see
// it (translate/storage/jsonl10n.py JsonFile.parse): the bytes are decoded as
// UTF-8, a leading byte-order mark is dropped, and the text goes to Python's
// json.loads. The tree keeps what the stores then look at: object members in
// file order with Python's dict semantics for a repeated key (the first
// position, the last value), numbers as Python prints them, and each value's
// line.
//
// The decoder works on tokens of the input and allocates a few slices per
// document, not per value. Nodes and members hold no pointers (texts are spans
// of the input or of one buffer of unescaped text), so the garbage collector
// never scans them.

// jsonKind is the type of a JSON value.
type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonFalse
	jsonTrue
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func (k jsonKind) String() string {
	switch k {
	case jsonNull:
		return "null"
	case jsonFalse:
		return "false"
	case jsonTrue:
		return "true"
	case jsonNumber:
		return "number"
	case jsonString:
		return "string"
	case jsonArray:
		return "array"
	}
	return "object"
}

// jsonSpan locates a text: in the document's source, or in its buffer of
// unescaped texts and printed numbers.
type jsonSpan struct {
	off, size int32
	esc       bool
}

// jsonNode is one value of a document.
type jsonNode struct {
	kind jsonKind
	// zero is set for a number Python finds false (0, 0.0, -0.0).
	zero bool
	line int32
	// text is a string's value, or a number as Python's str() prints it.
	text jsonSpan
	// first and n locate an array's elements in jsonDoc.elems or an object's
	// members in jsonDoc.members.
	first, n int32
}

type jsonMember struct {
	key  jsonSpan
	line int32 // line of the key
	val  int32 // index in jsonDoc.nodes
}

type jsonDoc struct {
	src     string
	esc     []byte // append-only while parsing, then never written
	nodes   []jsonNode
	members []jsonMember
	elems   []int32
	root    int32
	// scalars counts the values that are neither objects nor arrays: no
	// store makes more units than that.
	scalars int
}

func (d *jsonDoc) span(s jsonSpan) string {
	switch {
	case s.size == 0:
		return ""
	case s.esc:
		return unsafe.String(&d.esc[s.off], int(s.size))
	}
	return d.src[s.off : s.off+s.size]
}

// text is a string node's value or a number node's Python str().
func (d *jsonDoc) text(n *jsonNode) string { return d.span(n.text) }

func (d *jsonDoc) key(m *jsonMember) string { return d.span(m.key) }

func (d *jsonDoc) node(i int32) *jsonNode { return &d.nodes[i] }

func (d *jsonDoc) objMembers(n *jsonNode) []jsonMember {
	return d.members[n.first : n.first+n.n]
}

func (d *jsonDoc) arrElems(n *jsonNode) []int32 {
	return d.elems[n.first : n.first+n.n]
}

// jsonMaxDepth bounds nesting. Python's json.loads and translate-toolkit's
// recursive walk stop with a RecursionError somewhere below a thousand levels,
// depending on how deep the caller's stack already is; no translation file
// comes near this.
const jsonMaxDepth = 500

// pyMaxIntDigits is CPython's limit on converting a decimal integer literal
// (sys.get_int_max_str_digits, 4300 by default since 3.11): json.loads fails on
// a longer one.
const pyMaxIntDigits = 4300

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// decodeJSON reads a document. Only UTF-8 is accepted, with or without a
// byte-order mark: translate-toolkit tries its store's encoding (UTF-8, or
// UTF-8 with signature when charset detection sees the mark) and fails the file
// otherwise, so UTF-16 is an error here as it is in Weblate. Outside strings
// the grammar admits ASCII only, so UTF-8 is checked inside strings.
func decodeJSON(data []byte) (*jsonDoc, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(data) > math.MaxInt32 {
		return nil, &SyntaxError{Line: 1, Msg: "the file is too large"}
	}
	p := jsonParser{doc: &jsonDoc{src: string(data)}, line: 1}
	p.src = p.doc.src
	// Every member has a colon (and a colon in a string only makes the guess
	// generous): sizing by them spares growing the slices of most files.
	colons := bytes.Count(data, []byte{':'})
	p.doc.nodes = make([]jsonNode, 0, colons+colons/8+2)
	p.doc.members = make([]jsonMember, 0, colons)
	p.doc.esc = make([]byte, 0, min(len(data)/16, 1<<16))
	if strings.HasPrefix(p.src, "\uFEFF") {
		return nil, p.errorf("Unexpected UTF-8 BOM (decode using utf-8-sig)")
	}
	p.skipSpace()
	root, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos != len(p.src) {
		if !utf8.ValidString(p.src[p.pos:]) {
			return nil, p.errorf("the file is not valid UTF-8")
		}
		return nil, p.errorf("Extra data")
	}
	p.doc.root = root
	return p.doc, nil
}

type jsonParser struct {
	src  string
	pos  int
	line int
	doc  *jsonDoc
	// scratch holds the members of the objects being read, innermost last; an
	// object's members move to doc.members when it closes.
	scratch []jsonMember
	elems   []int32
	seen    map[string]int
}

func (p *jsonParser) errorf(msg string) error {
	if p.pos < len(p.src) && p.src[p.pos] >= 0x80 && !utf8.ValidString(p.src[p.pos:min(len(p.src), p.pos+4)]) {
		// Python decodes the whole file first: bad UTF-8 is the error it names.
		msg = "the file is not valid UTF-8"
	}
	return &SyntaxError{Line: p.line, Msg: msg}
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++ // indentation is mostly spaces
	}
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '\n':
			p.line++
		case ' ', '\t', '\r':
		default:
			return
		}
		p.pos++
	}
}

func (p *jsonParser) add(n jsonNode) int32 {
	if n.kind != jsonObject && n.kind != jsonArray {
		p.doc.scalars++
	}
	p.doc.nodes = append(p.doc.nodes, n)
	return int32(len(p.doc.nodes) - 1)
}

// escText appends s to the buffer of texts and returns its span.
func (p *jsonParser) escText(s string) jsonSpan {
	off := len(p.doc.esc)
	p.doc.esc = append(p.doc.esc, s...)
	return jsonSpan{off: int32(off), size: int32(len(s)), esc: true}
}

// value reads the value at p.pos, which is not white space.
func (p *jsonParser) value(depth int) (int32, error) {
	if p.pos >= len(p.src) {
		return 0, p.errorf("Expecting value")
	}
	line := int32(p.line)
	switch c := p.src[p.pos]; c {
	case '"':
		p.pos++
		s, err := p.str()
		if err != nil {
			return 0, err
		}
		return p.add(jsonNode{kind: jsonString, line: line, text: s}), nil
	case '{':
		if depth >= jsonMaxDepth {
			return 0, p.errorf("maximum nesting depth exceeded")
		}
		return p.object(depth + 1)
	case '[':
		if depth >= jsonMaxDepth {
			return 0, p.errorf("maximum nesting depth exceeded")
		}
		return p.array(depth + 1)
	case 'n':
		if strings.HasPrefix(p.src[p.pos:], "null") {
			p.pos += 4
			return p.add(jsonNode{kind: jsonNull, line: line}), nil
		}
	case 't':
		if strings.HasPrefix(p.src[p.pos:], "true") {
			p.pos += 4
			return p.add(jsonNode{kind: jsonTrue, line: line}), nil
		}
	case 'f':
		if strings.HasPrefix(p.src[p.pos:], "false") {
			p.pos += 5
			return p.add(jsonNode{kind: jsonFalse, line: line}), nil
		}
	case 'N':
		// Python's json.loads accepts the constants JavaScript prints.
		if strings.HasPrefix(p.src[p.pos:], "NaN") {
			p.pos += 3
			return p.add(jsonNode{kind: jsonNumber, line: line, text: p.escText("nan")}), nil
		}
	case 'I':
		if strings.HasPrefix(p.src[p.pos:], "Infinity") {
			p.pos += 8
			return p.add(jsonNode{kind: jsonNumber, line: line, text: p.escText("inf")}), nil
		}
	default:
		if c == '-' && strings.HasPrefix(p.src[p.pos:], "-Infinity") {
			p.pos += 9
			return p.add(jsonNode{kind: jsonNumber, line: line, text: p.escText("-inf")}), nil
		}
		if c == '-' || c >= '0' && c <= '9' {
			return p.number(line)
		}
	}
	return 0, p.errorf("Expecting value")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads a number as Python's scanner matches it (-?(0|[1-9]\d*)(\.\d+)?
// ([eE][-+]?\d+)?, a fraction or exponent making it a float) and keeps it as
// Python's str() prints the int or float it becomes.
func (p *jsonParser) number(line int32) (int32, error) {
	s, start := p.src, p.pos
	i := start
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	case i < len(s) && s[i] == '0':
		i++
	default:
		return 0, p.errorf("Expecting value")
	}
	isFloat := false
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		isFloat = true
		i += 2
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k > j {
			isFloat = true
			i = k
		}
	}
	p.pos = i
	lit := s[start:i]
	if isFloat {
		// Out of range is not an error: Python's float() gives inf or 0.0.
		f, err := strconv.ParseFloat(lit, 64)
		if ne, ok := err.(*strconv.NumError); err != nil && (!ok || ne.Err != strconv.ErrRange) {
			return 0, p.errorf("invalid number " + lit)
		}
		return p.add(jsonNode{kind: jsonNumber, line: line, text: p.escText(pyFloatStr(f)), zero: f == 0}), nil
	}
	digits := len(lit)
	if lit[0] == '-' {
		digits--
	}
	if digits > pyMaxIntDigits {
		return 0, p.errorf("Exceeds the limit (4300 digits) for integer string conversion")
	}
	if lit == "0" || lit == "-0" {
		// Python's int has no negative zero: both print "0".
		return p.add(jsonNode{kind: jsonNumber, line: line, text: jsonSpan{off: int32(i - 1), size: 1}, zero: true}), nil
	}
	return p.add(jsonNode{kind: jsonNumber, line: line, text: jsonSpan{off: int32(start), size: int32(len(lit))}}), nil
}

// pyFloatStr is Python's repr of a float: the shortest digits that read back to
// it, positional unless the decimal exponent is below -4 or at least 16, and a
// positional integral value keeps ".0".
func pyFloatStr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	_, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if x < -4 || x >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// jsonPlain marks the bytes a string's text can be copied past at once.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads a string whose opening quote is behind p.pos, as Python's strict
// scanner does: raw control characters are an error, \uXXXX escapes of a high
// and a low surrogate make one character, and a surrogate left alone (Python
// keeps it; Weblate's database cannot) becomes U+FFFD. A string without
// escapes is a span of the source.
func (p *jsonParser) str() (jsonSpan, error) {
	s := p.src
	start := p.pos
	i := start
	for {
		for i < len(s) && jsonPlain[s[i]] {
			i++
		}
		if i >= len(s) {
			p.pos = i
			return jsonSpan{}, p.errorf("Unterminated string")
		}
		c := s[i]
		if c == '"' {
			p.pos = i + 1
			return jsonSpan{off: int32(start), size: int32(i - start)}, nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			p.pos = i
			return jsonSpan{}, p.errorf("Invalid control character")
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			p.pos = i
			return jsonSpan{}, p.errorf("the file is not valid UTF-8")
		}
		i += size
	}
	doc := p.doc
	off := len(doc.esc)
	doc.esc = append(doc.esc, s[start:i]...)
	for {
		j := i
		for j < len(s) && jsonPlain[s[j]] {
			j++
		}
		doc.esc = append(doc.esc, s[i:j]...)
		i = j
		if i >= len(s) {
			p.pos = i
			return jsonSpan{}, p.errorf("Unterminated string")
		}
		c := s[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return jsonSpan{off: int32(off), size: int32(len(doc.esc) - off), esc: true}, nil
		case c < 0x20:
			p.pos = i
			return jsonSpan{}, p.errorf("Invalid control character")
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 {
				p.pos = i
				return jsonSpan{}, p.errorf("the file is not valid UTF-8")
			}
			doc.esc = append(doc.esc, s[i:i+size]...)
			i += size
			continue
		}
		// A backslash.
		i++
		if i >= len(s) {
			p.pos = i
			return jsonSpan{}, p.errorf("Unterminated string")
		}
		esc := s[i]
		i++
		switch esc {
		case '"', '\\', '/':
			doc.esc = append(doc.esc, esc)
		case 'b':
			doc.esc = append(doc.esc, '\b')
		case 'f':
			doc.esc = append(doc.esc, '\f')
		case 'n':
			doc.esc = append(doc.esc, '\n')
		case 'r':
			doc.esc = append(doc.esc, '\r')
		case 't':
			doc.esc = append(doc.esc, '\t')
		case 'u':
			r, ok := hex4(s, i)
			if !ok {
				p.pos = i
				return jsonSpan{}, p.errorf("Invalid \\uXXXX escape")
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if r < 0xDC00 && i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if r2, ok := hex4(s, i+2); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
						r = utf16.DecodeRune(r, r2)
						i += 6
					}
				}
				if utf16.IsSurrogate(r) {
					r = utf8.RuneError
				}
			}
			doc.esc = utf8.AppendRune(doc.esc, r)
		default:
			p.pos = i - 1
			return jsonSpan{}, p.errorf("Invalid \\escape")
		}
	}
}

// hex4 reads four hexadecimal digits at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

func (p *jsonParser) object(depth int) (int32, error) {
	line := int32(p.line)
	p.pos++ // {
	self := p.add(jsonNode{kind: jsonObject, line: line})
	base := len(p.scratch)
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		p.doc.nodes[self].first = int32(len(p.doc.members))
		return self, nil
	}
	for {
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return 0, p.errorf("Expecting property name enclosed in double quotes")
		}
		keyLine := int32(p.line)
		p.pos++
		key, err := p.str()
		if err != nil {
			return 0, err
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return 0, p.errorf("Expecting ':' delimiter")
		}
		p.pos++
		p.skipSpace()
		val, err := p.value(depth)
		if err != nil {
			return 0, err
		}
		p.scratch = append(p.scratch, jsonMember{key: key, line: keyLine, val: val})
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			p.skipSpace()
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			break
		}
		return 0, p.errorf("Expecting ',' delimiter")
	}
	members := p.dedup(p.scratch[base:])
	n := &p.doc.nodes[self]
	n.first = int32(len(p.doc.members))
	n.n = int32(len(members))
	p.doc.members = append(p.doc.members, members...)
	p.scratch = p.scratch[:base]
	return self, nil
}

// dedup applies Python's dict semantics to an object's members in place: a
// repeated key keeps the position of its first occurrence and the value of its
// last.
func (p *jsonParser) dedup(ms []jsonMember) []jsonMember {
	if len(ms) < 2 {
		return ms
	}
	d := p.doc
	if len(ms) <= 16 {
		out := ms[:0]
		for _, m := range ms {
			dup := false
			for j := range out {
				if d.key(&out[j]) == d.key(&m) {
					out[j].val = m.val
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, m)
			}
		}
		return out
	}
	if p.seen == nil {
		p.seen = map[string]int{}
	}
	clear(p.seen)
	out := ms[:0]
	for _, m := range ms {
		k := d.key(&m)
		if j, dup := p.seen[k]; dup {
			out[j].val = m.val
			continue
		}
		p.seen[k] = len(out)
		out = append(out, m)
	}
	return out
}

func (p *jsonParser) array(depth int) (int32, error) {
	line := int32(p.line)
	p.pos++ // [
	self := p.add(jsonNode{kind: jsonArray, line: line})
	base := len(p.elems)
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		p.doc.nodes[self].first = int32(len(p.doc.elems))
		return self, nil
	}
	for {
		val, err := p.value(depth)
		if err != nil {
			return 0, err
		}
		p.elems = append(p.elems, val)
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			p.skipSpace()
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			break
		}
		return 0, p.errorf("Expecting ',' delimiter")
	}
	n := &p.doc.nodes[self]
	n.first = int32(len(p.doc.elems))
	n.n = int32(len(p.elems) - base)
	p.doc.elems = append(p.doc.elems, p.elems[base:]...)
	p.elems = p.elems[:base]
	return self, nil
}

// truthy is Python's truth value of the value a node decodes to.
func (d *jsonDoc) truthy(i int32) bool {
	n := &d.nodes[i]
	switch n.kind {
	case jsonNull, jsonFalse:
		return false
	case jsonNumber:
		return !n.zero
	case jsonString:
		return n.text.size > 0
	case jsonArray, jsonObject:
		return n.n > 0
	}
	return true
}

// pyStr is Python's str() of the value a node decodes to: what a
// translate-toolkit unit holds once a non-string value is turned into text.
func (d *jsonDoc) pyStr(i int32) string {
	n := &d.nodes[i]
	switch n.kind {
	case jsonString, jsonNumber:
		return d.text(n)
	case jsonNull:
		return "None"
	case jsonFalse:
		return "False"
	case jsonTrue:
		return "True"
	}
	var b strings.Builder
	d.appendRepr(&b, i)
	return b.String()
}

// appendRepr writes Python's repr() of a value (containers print their members
// so). A string that held a lone surrogate prints U+FFFD where Python would
// print the escape.
func (d *jsonDoc) appendRepr(b *strings.Builder, i int32) {
	n := &d.nodes[i]
	switch n.kind {
	case jsonString:
		appendPyStrRepr(b, d.text(n))
	case jsonArray:
		b.WriteByte('[')
		for j, e := range d.arrElems(n) {
			if j > 0 {
				b.WriteString(", ")
			}
			d.appendRepr(b, e)
		}
		b.WriteByte(']')
	case jsonObject:
		b.WriteByte('{')
		for j, m := range d.objMembers(n) {
			if j > 0 {
				b.WriteString(", ")
			}
			appendPyStrRepr(b, d.key(&m))
			b.WriteString(": ")
			d.appendRepr(b, m.val)
		}
		b.WriteByte('}')
	default:
		b.WriteString(d.pyStr(i))
	}
}

// appendPyStrRepr writes Python's repr() of a string: single quotes unless the
// text has one and no double quote, and escapes for the quote, the backslash
// and every character str.isprintable() refuses.
func appendPyStrRepr(b *strings.Builder, s string) {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < ' ' || r == 0x7f:
			b.WriteString(`\x`)
			b.WriteString(hex2(int(r)))
		case r < 0x7f || pyPrintable(r):
			b.WriteRune(r)
		case r <= 0xff:
			b.WriteString(`\x`)
			b.WriteString(hex2(int(r)))
		case r <= 0xffff:
			b.WriteString(`\u`)
			b.WriteString(hex2(int(r) >> 8))
			b.WriteString(hex2(int(r) & 0xff))
		default:
			b.WriteString(`\U`)
			for shift := 24; shift >= 0; shift -= 8 {
				b.WriteString(hex2(int(r) >> shift & 0xff))
			}
		}
	}
	b.WriteByte(quote)
}

func hex2(v int) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>4&0xf], digits[v&0xf]})
}

// pyPrintable is Python's str.isprintable() of one character: not in the
// categories Cc, Cf, Cs, Co, Cn, Zl, Zp or Zs, space excepted. Go's IsPrint is
// that set (Go's Unicode tables may be a version newer than Python's).
func pyPrintable(r rune) bool { return unicode.IsPrint(r) }

// pyIsDigit is Python's str.isdigit() of a non-empty string: every character is
// a digit (pyIsDigitRune).
func pyIsDigit(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !pyIsDigitRune(r) {
			return false
		}
	}
	return true
}

// pyJSONString is Python's json.dumps(s, ensure_ascii=False): the string quoted.
func pyJSONString(s string) string {
	b := append([]byte{'"'}, jsondoc.AppendPython(nil, s)...)
	return string(append(b, '"'))
}
