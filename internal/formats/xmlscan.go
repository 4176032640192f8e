package formats

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf8"
)

// This file is the purpose-built XML tokenizer behind the Android and TBX parsers.
// encoding/xml tops out near 30 MB/s and allocates per token; translation files use a
// small, regular subset of XML, so a scanner that hands out sub-slices of the input
// and resolves names only where the formats need them is several times faster.
//
// Well-formedness follows libxml2 as lxml drives it for translate-toolkit
// (XMLParser(strip_cdata=False, resolve_entities=False)), because a file Weblate
// cannot load must not get statistics here either. Deliberate differences, all in
// corners no translation file uses, are listed in the package tests
// (knownDifferences in ttk_test.go) and in doc comments below.

// SyntaxError is returned for a document that is not well-formed XML or not a file
// of the expected format.
type SyntaxError struct {
	Line int // 1-based line where parsing stopped
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

const (
	xmlNamespace   = "http://www.w3.org/XML/1998/namespace"
	xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

	// libxml2 refuses documents nested deeper than this without XML_PARSE_HUGE,
	// which lxml does not set; it also bounds our element stack.
	maxDepth = 257
	// Entity references nest at most this deep while checking or expanding replacement
	// text; libxml2 has a similar limit, and it keeps recursion bounded.
	maxEntityNesting = 40
)

// A document may make its parser produce at most textBudget(len(document)) bytes of
// text: every copy of an entity's replacement text (a cached expansion as much as a
// new one, each time it is referenced) and every string of the units a parser
// returns. Without one budget for the whole document, a 2 KB file referencing a
// 900 KB entity 400 times costs gigabytes although each expansion is small, and
// namespace declarations copied onto every element of a value (see maxValueLen)
// multiply too. libxml2 has the same kind of limit: its xmlParserEntityCheck
// (parser.c, 2.11) lets entity copies reach XML_PARSER_ALLOWED_EXPANSION (1,000,000
// bytes) and beyond that only XML_PARSER_NON_LINEAR (5) times the bytes read. Ours
// is a little more generous, because the units' strings, where entity text ends up
// a second time, count too; no real translation file comes near it.
const (
	minTextBudget     = 1 << 20
	textAmplification = 10
)

func textBudget(size int) int { return max(minTextBudget, textAmplification*size) }

type tokKind uint8

const (
	tokEOF     tokKind = iota
	tokStart           // start tag: name, attrs, selfClose
	tokEnd             // end tag (also emitted after a self-closing start tag)
	tokText            // character data: val is raw, decode says it holds references or CR
	tokCDATA           // CDATA section: val is the content
	tokComment         // comment: val is the content
	tokPI              // processing instruction: name is the target, val the data
	tokEntRef          // reference to a DTD-declared (or undeclared but tolerated) entity: name
	tokError
)

// xattr is one attribute of the current start tag; slices point into the input.
type xattr struct {
	name      []byte // qualified name as written
	prefixLen int    // length of the prefix, 0 when unprefixed
	raw       []byte // value as written between the quotes
	decode    bool   // raw holds references or white space that normalization changes
	ents      bool   // raw holds references to declared entities (attrEntityUsable)
	uri       string // namespace of a prefixed attribute
	nsDecl    bool   // xmlns or xmlns:p
}

func (a *xattr) local() []byte {
	if a.prefixLen == 0 {
		return a.name
	}
	return a.name[a.prefixLen+1:]
}

func (a *xattr) prefix() []byte { return a.name[:a.prefixLen] }

// nsBinding is an in-scope namespace declaration; prefix nil is the default namespace.
type nsBinding struct {
	prefix []byte
	uri    string
}

type openElem struct {
	name   []byte
	nsMark int // len(scanner.ns) before the element's declarations
}

type entState uint8

const (
	entUnchecked entState = iota
	entChecking
	entChecked
)

// entityDecl is a general entity declared in the internal DTD subset. References are
// never expanded into the parsed content; replacement text is only checked for
// well-formedness (as libxml2 does) and, where a string value needs it (TBX text,
// an attribute's value), flattened into a string.
type entityDecl struct {
	external bool   // SYSTEM/PUBLIC: never fetched, contributes nothing
	unparsed bool   // NDATA: a reference in content is an error
	repl     []byte // replacement text of an internal entity
	state    entState
	text     string // flattened text of a reference in content, valid when textDone
	textDone bool
	textBusy bool
	// The same for references in attribute values, which have rules of their own.
	attrState entState
	attrText  string
	attrDone  bool
}

// dtdInfo is what the DOCTYPE declaration tells the rest of the document.
type dtdInfo struct {
	entities map[string]*entityDecl
	// undeclaredOK: libxml2 tolerates references to undeclared entities when an
	// external subset (which it does not load) might declare them.
	undeclaredOK bool
	standalone   bool // standalone="yes" makes undeclared entities errors again
	// entityDecls counts the entity declarations of every kind (parameter and
	// predefined ones too): Python's plistlib refuses a document with any.
	entityDecls int
	// budget is what is left of the document's textBudget (limit); it lives here
	// because the scanners of entity replacement text share the document's dtdInfo.
	budget, limit int
}

// spend takes n bytes from the document's text budget; false when they are not there.
func (d *dtdInfo) spend(n int) bool {
	if n > d.budget {
		d.budget = -1 // stays exhausted
		return false
	}
	d.budget -= n
	return true
}

// overBudget is the error of a document whose text exceeds its budget.
func (d *dtdInfo) overBudget() string {
	return fmt.Sprintf("the document expands to more than %d bytes of text (entity references or copied namespace declarations)", d.limit)
}

type xmlScanner struct {
	data  []byte
	pos   int
	hasCR bool
	err   *SyntaxError
	enc   xmlEncoding // of the document's bytes; data is always UTF-8
	// decoded holds the UTF-8 form of a UTF-16 document, kept for the next one.
	decoded []byte

	// current token
	kind      tokKind
	off       int    // offset where the token starts
	name      []byte // qname (start/end), PI target, entity name
	prefixLen int
	uri       string // namespace of a start tag's element
	val       []byte
	decode    bool
	selfClose bool
	attrs     []xattr

	stack      []openElem
	ns         []nsBinding
	nsIndex    map[string][]string // prefix -> URIs in scope, once ns is long
	outer      *xmlScanner         // scope around entity replacement text
	pendingEnd bool
	seenRoot   bool
	seenDTD    bool
	fragment   bool // scanning entity replacement text: no prolog, no root rules
	lenientNS  bool // flattening checked replacement text: its scope is gone
	entDepth   int
	// lines finds the line of an offset for messages and units' Line: parsers
	// ask in document order, so a running count keeps that linear.
	lines lineCounter
	// textEnd is where the run of text scanText last met ends (its next '<').
	textEnd int

	dtd *dtdInfo
	// attribute duplicate detection for elements with many attributes
	attrSeen map[string]struct{}
}

func (s *xmlScanner) local() []byte {
	if s.prefixLen == 0 {
		return s.name
	}
	return s.name[s.prefixLen+1:]
}

func (s *xmlScanner) depth() int { return len(s.stack) }

// newScanner checks the characters of the whole document and reads the XML
// declaration; call next for the tokens.
func newScanner(data []byte) *xmlScanner {
	s := &xmlScanner{}
	s.init(data)
	return s
}

// init makes s a new scanner of data, keeping the storage of its stacks.
//
// A UTF-16 document is turned into UTF-8 here, once, so that everything after
// reads UTF-8 only (translate-toolkit reads UTF-16 through libxml2); UTF-8, which
// nearly every file is, is scanned where it lies.
func (s *xmlScanner) init(data []byte) {
	clear(s.attrs)
	clear(s.stack)
	clear(s.ns)
	*s = xmlScanner{data: data, dtd: &dtdInfo{budget: textBudget(len(data)), limit: textBudget(len(data))}, attrs: s.attrs[:0], stack: s.stack[:0], ns: s.ns[:0], decoded: s.decoded[:0]}
	if enc, skip := sniffEncoding(data); enc != encUTF8 {
		if n := len(data) / 2; cap(s.decoded) < n {
			s.decoded = make([]byte, 0, n+n/4) // ASCII takes n bytes, other text up to 3n/2
		}
		var bad int
		s.decoded, bad = appendUTF16(s.decoded, data[skip:], enc == encUTF16BE)
		s.data, s.enc = s.decoded, enc
		if bad >= 0 {
			s.data = s.data[:bad]
			s.fail(bad, "input is not valid %s: a surrogate without its other half", enc)
			return
		}
	}
	bad, msg, hasCR := checkChars(s.data)
	if bad >= 0 {
		s.fail(bad, "%s", msg)
		return
	}
	s.hasCR = hasCR
	if s.enc == encUTF8 && bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		s.pos = 3
	}
	data = s.data
	if len(data)-s.pos >= 6 && bytes.HasPrefix(data[s.pos:], []byte("<?xml")) && isSpace(data[s.pos+5]) {
		s.xmlDecl()
	}
}

// toRoot moves s to the start tag of the document's root element.
func (s *xmlScanner) toRoot() error {
	for {
		switch s.next() {
		case tokError:
			return s.err
		case tokStart:
			return nil
		}
	}
}

// checkRoot is the error of a document whose root, the current start tag, is not
// <local> in namespace ns (LISAfile.parse asserts its root's name).
func (s *xmlScanner) checkRoot(ns, local string) error {
	if s.uri == ns && string(s.local()) == local {
		return nil
	}
	return &SyntaxError{Line: s.line(s.off), Msg: "root element is <" + string(s.name) + ">, not <" + local + ">"}
}

// lineCounter counts lines from the last offset asked for, forwards or back:
// units come in document order, so counting from the start each time would make
// parsing quadratic in the file's size (a unit's line for every unit), while a
// running count costs the distance moved. The zero value is at line 1.
type lineCounter struct{ off, no int }

// at is the line of byte off of data.
func (c *lineCounter) at(data []byte, off int) int {
	if c.no == 0 || c.off > len(data) {
		c.off, c.no = 0, 1
	}
	off = max(0, min(off, len(data)))
	if off >= c.off {
		c.no += bytes.Count(data[c.off:off], []byte{'\n'})
	} else {
		c.no -= bytes.Count(data[off:c.off], []byte{'\n'})
	}
	c.off = off
	return c.no
}

func (s *xmlScanner) line(off int) int { return s.lines.at(s.data, off) }

func (s *xmlScanner) fail(off int, format string, args ...any) tokKind {
	if s.err == nil {
		msg := format
		if len(args) > 0 {
			msg = fmt.Sprintf(format, args...)
		}
		s.err = &SyntaxError{Line: s.line(off), Msg: msg}
	}
	s.kind = tokError
	return tokError
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

func (s *xmlScanner) skipSpace() bool {
	start := s.pos
	for s.pos < len(s.data) && isSpace(s.data[s.pos]) {
		s.pos++
	}
	return s.pos > start
}

func (s *xmlScanner) hasPrefix(p string) bool {
	return len(s.data)-s.pos >= len(p) && string(s.data[s.pos:s.pos+len(p)]) == p
}

// checkChars finds the first byte sequence XML forbids anywhere in a document:
// invalid UTF-8, C0 controls other than tab/LF/CR, U+FFFE and U+FFFF. libxml2
// rejects these wherever they occur, so one pass up front replaces checks in every
// scanning loop.
func checkChars(b []byte) (bad int, msg string, hasCR bool) {
	n := len(b)
	i := 0
	for i+8 <= n {
		x := binary.LittleEndian.Uint64(b[i:])
		// Some byte < 0x20 (exact overall; per-byte rechecked below).
		if (x-0x2020202020202020)&^x&0x8080808080808080 != 0 {
			for j := i; j < i+8; j++ {
				c := b[j]
				if c < 0x20 {
					if c == '\r' {
						hasCR = true
					} else if c != '\n' && c != '\t' {
						return j, fmt.Sprintf("invalid character U+%04X", c), false
					}
				}
			}
		}
		i += 8
	}
	for ; i < n; i++ {
		c := b[i]
		if c < 0x20 {
			if c == '\r' {
				hasCR = true
			} else if c != '\n' && c != '\t' {
				return i, fmt.Sprintf("invalid character U+%04X", c), false
			}
		}
	}
	if !utf8.Valid(b) {
		for j := 0; j < n; {
			r, size := utf8.DecodeRune(b[j:])
			if r == utf8.RuneError && size == 1 {
				return j, "input is not valid UTF-8", false
			}
			j += size
		}
	}
	if k := bytes.IndexByte(b, 0xEF); k >= 0 {
		for j := k; j+2 < n; j++ {
			if b[j] == 0xEF && b[j+1] == 0xBF && (b[j+2] == 0xBE || b[j+2] == 0xBF) {
				return j, "invalid character U+FFFE or U+FFFF", false
			}
		}
	}
	return -1, "", hasCR
}

// isXMLChar is the Char production of XML 1.0 (for character references).
func isXMLChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// Name characters are those of XML 1.0 fifth edition, which libxml2 uses.
var asciiNameStart, asciiNameChar [128]bool

func init() {
	for c := 0; c < 128; c++ {
		start := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		asciiNameStart[c] = start
		asciiNameChar[c] = start || c >= '0' && c <= '9' || c == '-' || c == '.'
	}
}

func isNameStartRune(r rune) bool {
	if r < 0x80 {
		return asciiNameStart[r]
	}
	return r >= 0xC0 && r <= 0xD6 || r >= 0xD8 && r <= 0xF6 || r >= 0xF8 && r <= 0x2FF ||
		r >= 0x370 && r <= 0x37D || r >= 0x37F && r <= 0x1FFF || r >= 0x200C && r <= 0x200D ||
		r >= 0x2070 && r <= 0x218F || r >= 0x2C00 && r <= 0x2FEF || r >= 0x3001 && r <= 0xD7FF ||
		r >= 0xF900 && r <= 0xFDCF || r >= 0xFDF0 && r <= 0xFFFD || r >= 0x10000 && r <= 0xEFFFF
}

func isNameRune(r rune) bool {
	if r < 0x80 {
		return asciiNameChar[r]
	}
	return isNameStartRune(r) || r == 0xB7 || r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}

// ncName returns the end of the NCName (name without colons) starting at i, or i
// when there is none.
func ncName(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	if c := b[i]; c < 0x80 {
		if !asciiNameStart[c] {
			return i
		}
		i++
	} else {
		r, size := utf8.DecodeRune(b[i:])
		if !isNameStartRune(r) {
			return i
		}
		i += size
	}
	for i < len(b) {
		c := b[i]
		if c < 0x80 {
			if !asciiNameChar[c] {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !isNameRune(r) {
			return i
		}
		i += size
	}
	return i
}

// qName reads a qualified name at s.pos: NCName (':' NCName)?. It returns the name
// and the prefix length, or fails the scanner.
func (s *xmlScanner) qName(what string) ([]byte, int, bool) {
	start := s.pos
	end := ncName(s.data, start)
	if end == start {
		if s.pos < len(s.data) && s.data[s.pos] == ':' {
			s.fail(start, "invalid QName in %s", what)
		} else {
			s.fail(start, "%s: name expected", what)
		}
		return nil, 0, false
	}
	prefixLen := 0
	if end < len(s.data) && s.data[end] == ':' {
		prefixLen = end - start
		lend := ncName(s.data, end+1)
		if lend == end+1 || lend < len(s.data) && s.data[lend] == ':' {
			s.fail(start, "invalid QName in %s", what)
			return nil, 0, false
		}
		end = lend
	}
	s.pos = end
	return s.data[start:end], prefixLen, true
}

// plainName returns the end of the Name (colons allowed anywhere) starting at i,
// or i when there is none; PI targets, entity and DOCTYPE names are plain Names.
func plainName(b []byte, i int) int {
	j := i
	for j < len(b) {
		c := b[j]
		if c < 0x80 {
			ok := c == ':' || asciiNameChar[c] && (j > i || asciiNameStart[c])
			if !ok {
				break
			}
			j++
			continue
		}
		r, size := utf8.DecodeRune(b[j:])
		if j == i && !isNameStartRune(r) || j > i && !isNameRune(r) {
			break
		}
		j += size
	}
	return j
}

// xmlDecl parses <?xml version="1.x" encoding="..." standalone="..."?> at s.pos.
func (s *xmlScanner) xmlDecl() {
	start := s.pos
	s.pos += 5
	s.skipSpace()
	readAttr := func(name string) (string, bool) {
		if !s.hasPrefix(name) {
			return "", false
		}
		s.pos += len(name)
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != '=' {
			s.fail(s.pos, "XML declaration: '=' expected")
			return "", false
		}
		s.pos++
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' && s.data[s.pos] != '\'' {
			s.fail(s.pos, "XML declaration: quote expected")
			return "", false
		}
		q := s.data[s.pos]
		end := bytes.IndexByte(s.data[s.pos+1:], q)
		if end < 0 {
			s.fail(s.pos, "XML declaration: unterminated value")
			return "", false
		}
		v := string(s.data[s.pos+1 : s.pos+1+end])
		s.pos += end + 2
		return v, true
	}
	v, ok := readAttr("version")
	if !ok {
		s.fail(s.pos, "XML declaration: version expected")
		return
	}
	if len(v) < 2 || v[0] != '1' || v[1] != '.' {
		s.fail(start, "unsupported XML version %q", v)
		return
	}
	for _, c := range []byte(v[2:]) {
		if c < '0' || c > '9' {
			s.fail(start, "invalid XML version %q", v)
			return
		}
	}
	sp := s.skipSpace()
	if sp && s.hasPrefix("encoding") {
		enc, ok := readAttr("encoding")
		if !ok {
			return
		}
		if !validEncName(enc) {
			s.fail(start, "invalid encoding name %q", enc)
			return
		}
		if msg := s.declaredEncoding(enc); msg != "" {
			s.fail(start, "%s", msg)
			return
		}
		sp = s.skipSpace()
	}
	if sp && s.hasPrefix("standalone") {
		sa, ok := readAttr("standalone")
		if !ok {
			return
		}
		if sa != "yes" && sa != "no" {
			s.fail(start, "standalone accepts only 'yes' or 'no'")
			return
		}
		if sa == "yes" {
			s.dtd.standalone = true
		}
		s.skipSpace()
	}
	if !s.hasPrefix("?>") {
		s.fail(s.pos, "XML declaration: '?>' expected")
		return
	}
	s.pos += 2
}

// declaredEncoding checks the encoding an XML declaration names against the one
// the document was read in, as libxml2 does: a document read as UTF-16 may say
// UTF-16 (or its own byte order, or even UTF-8, which libxml2 ignores then), and
// UTF-16 named by a document that is not is an error. Other encodings are not read
// (libxml2 converts them; Android and TBX files are UTF-8 or UTF-16).
func (s *xmlScanner) declaredEncoding(enc string) string {
	isUTF8 := equalFoldASCII(enc, "utf-8") || equalFoldASCII(enc, "utf8")
	isUTF16 := equalFoldASCII(enc, "utf-16") || equalFoldASCII(enc, "utf16")
	switch {
	case s.enc == encUTF8 && isUTF8:
		return ""
	case s.enc == encUTF8 && isUTF16:
		return "document labelled UTF-16 but has UTF-8 content"
	case s.enc != encUTF8 && (isUTF8 || isUTF16 || equalFoldASCII(enc, s.enc.String())):
		return ""
	case s.enc != encUTF8:
		return fmt.Sprintf("document labelled %q but read as %s", enc, s.enc)
	}
	return fmt.Sprintf("unsupported encoding %q (only UTF-8 and UTF-16 are read)", enc)
}

func validEncName(e string) bool {
	if e == "" {
		return false
	}
	for i := 0; i < len(e); i++ {
		c := e[i]
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !alpha {
			return false
		}
		if !alpha && !(c >= '0' && c <= '9') && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// next advances to the next token. Whitespace outside the root element and the
// DOCTYPE declaration are consumed silently.
func (s *xmlScanner) next() tokKind {
	if s.err != nil {
		s.kind = tokError
		return tokError
	}
	if s.pendingEnd {
		s.pendingEnd = false
		s.popElement()
		s.kind = tokEnd
		return tokEnd
	}
	for {
		if s.pos >= len(s.data) {
			if len(s.stack) > 0 {
				return s.fail(len(s.data), "unexpected end of document: <%s> is not closed", s.stack[len(s.stack)-1].name)
			}
			if !s.seenRoot && !s.fragment {
				return s.fail(len(s.data), "no root element")
			}
			s.kind = tokEOF
			return tokEOF
		}
		c := s.data[s.pos]
		if c != '<' {
			if len(s.stack) == 0 && !s.fragment {
				start := s.pos
				s.skipSpace()
				if s.pos == start {
					if s.seenRoot {
						return s.fail(s.pos, "extra content after the root element")
					}
					return s.fail(s.pos, "text before the root element")
				}
				continue
			}
			return s.scanText()
		}
		if s.pos+1 >= len(s.data) {
			return s.fail(s.pos, "unexpected end of document after '<'")
		}
		switch s.data[s.pos+1] {
		case '/':
			return s.scanEndTag()
		case '?':
			return s.scanPI()
		case '!':
			switch {
			case s.hasPrefix("<!--"):
				return s.scanComment()
			case s.hasPrefix("<![CDATA["):
				if len(s.stack) == 0 && !s.fragment {
					return s.fail(s.pos, "CDATA section outside the root element")
				}
				return s.scanCDATA()
			case s.hasPrefix("<!DOCTYPE"):
				if s.fragment || s.seenRoot || s.seenDTD {
					return s.fail(s.pos, "misplaced DOCTYPE declaration")
				}
				s.seenDTD = true
				if !s.doctype() {
					return tokError
				}
				continue
			}
			return s.fail(s.pos, "invalid markup declaration")
		default:
			if len(s.stack) == 0 && s.seenRoot && !s.fragment {
				return s.fail(s.pos, "extra content after the root element")
			}
			return s.scanStartTag()
		}
	}
}

func (s *xmlScanner) scanText() tokKind {
	start := s.pos
	// A run of text holding entity references is several tokens: the end of the
	// run is found once, not again for each of them.
	if s.textEnd <= start {
		s.textEnd = len(s.data)
		if end := bytes.IndexByte(s.data[start:], '<'); end >= 0 {
			s.textEnd = start + end
		}
	}
	seg := s.data[start:s.textEnd]
	amp := bytes.IndexByte(seg, '&')
	chk := seg
	if amp >= 0 {
		chk = seg[:amp]
	}
	if bytes.IndexByte(chk, ']') >= 0 && bytes.Contains(chk, []byte("]]>")) {
		return s.fail(start+bytes.Index(chk, []byte("]]>")), "']]>' is not allowed in text")
	}
	s.off = start
	s.kind = tokText
	if amp < 0 {
		s.val = seg
		s.decode = s.hasCR && bytes.IndexByte(seg, '\r') >= 0
		s.pos += len(seg)
		return tokText
	}
	if amp == 0 {
		end, name, ent, ok := s.reference(seg, 0, start)
		if !ok {
			return tokError
		}
		if ent {
			s.kind = tokEntRef
			s.name = name
			s.pos = start + end
			return tokEntRef
		}
	}
	// Text with references: stop before the first reference that is a node of its own.
	i := amp
	for i < len(seg) {
		end, _, ent, ok := s.reference(seg, i, start)
		if !ok {
			return tokError
		}
		if ent {
			break
		}
		i = end
		j := bytes.IndexByte(seg[i:], '&')
		rest := seg[i:]
		if j >= 0 {
			rest = seg[i : i+j]
		}
		if k := bytes.Index(rest, []byte("]]>")); k >= 0 {
			return s.fail(start+i+k, "']]>' is not allowed in text")
		}
		if j < 0 {
			i = len(seg)
			break
		}
		i += j
	}
	s.val = seg[:i]
	s.decode = true
	s.pos = start + i
	return tokText
}

// reference checks the reference at b[i] == '&'. It returns the offset after it, and
// for a general entity that stays a node of its own (ent) its name.
func (s *xmlScanner) reference(b []byte, i, base int) (end int, name []byte, ent, ok bool) {
	j := i + 1
	if j < len(b) && b[j] == '#' {
		_, end, msg := charRef(b, i)
		if msg != "" {
			s.fail(base+i, "%s", msg)
			return 0, nil, false, false
		}
		return end, nil, false, true
	}
	k := plainName(b, j)
	if k == j {
		s.fail(base+i, "entity reference: name expected")
		return 0, nil, false, false
	}
	if k >= len(b) || b[k] != ';' {
		s.fail(base+i, "entity reference: ';' expected")
		return 0, nil, false, false
	}
	name = b[j:k]
	if predefinedEntity(name) != 0 {
		return k + 1, nil, false, true
	}
	if !s.entityUsable(name, base+i) {
		return 0, nil, false, false
	}
	return k + 1, name, true, true
}

// entityUsable applies libxml2's rules for a reference to a non-predefined entity in
// content, checking the replacement text of internal entities once.
func (s *xmlScanner) entityUsable(name []byte, off int) bool {
	d := s.dtd.entities[string(name)]
	if d == nil {
		if s.dtd.undeclaredOK && !s.dtd.standalone {
			return true
		}
		s.fail(off, "entity '%s' is not defined", name)
		return false
	}
	if d.unparsed {
		s.fail(off, "reference to unparsed entity '%s'", name)
		return false
	}
	if d.external {
		return true
	}
	switch d.state {
	case entChecked:
		return true
	case entChecking:
		s.fail(off, "entity reference loop in '%s'", name)
		return false
	}
	if s.entDepth >= maxEntityNesting {
		s.fail(off, "entities nested too deeply")
		return false
	}
	d.state = entChecking
	sub := s.fragmentScanner(d.repl)
	for {
		k := sub.next()
		if k == tokEOF {
			break
		}
		if k == tokError {
			s.fail(off, "in entity '%s': %s", name, sub.err.Msg)
			return false
		}
	}
	d.state = entChecked
	return true
}

// fragmentScanner scans entity replacement text as content in the current scope.
func (s *xmlScanner) fragmentScanner(repl []byte) *xmlScanner {
	sub := &xmlScanner{data: repl, dtd: s.dtd, fragment: true, entDepth: s.entDepth + 1}
	sub.outer = s // names not bound inside the replacement text resolve here
	return sub
}

func predefinedEntity(name []byte) byte {
	switch string(name) {
	case "lt":
		return '<'
	case "gt":
		return '>'
	case "amp":
		return '&'
	case "apos":
		return '\''
	case "quot":
		return '"'
	}
	return 0
}

// charRef parses &#...; at b[i]; msg is non-empty when it is malformed or names a
// character XML does not allow.
func charRef(b []byte, i int) (r rune, end int, msg string) {
	j := i + 2
	hex := false
	if j < len(b) && b[j] == 'x' {
		hex = true
		j++
	}
	start := j
	var v int64
	for ; j < len(b); j++ {
		c := b[j]
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case hex && c >= 'a' && c <= 'f':
			d = int64(c-'a') + 10
		case hex && c >= 'A' && c <= 'F':
			d = int64(c-'A') + 10
		default:
			goto done
		}
		if hex {
			v = v*16 + d
		} else {
			v = v*10 + d
		}
		if v > 0x10FFFF {
			v = 0x110000
		}
	}
done:
	if j >= len(b) || b[j] != ';' || j == start {
		return 0, 0, "malformed character reference"
	}
	if v > 0x10FFFF || !isXMLChar(rune(v)) {
		return 0, 0, fmt.Sprintf("character reference to invalid character %d", v)
	}
	return rune(v), j + 1, ""
}

func (s *xmlScanner) scanCDATA() tokKind {
	start := s.pos
	body := start + len("<![CDATA[")
	end := bytes.Index(s.data[body:], []byte("]]>"))
	if end < 0 {
		return s.fail(start, "unterminated CDATA section")
	}
	s.off = start
	s.val = s.data[body : body+end]
	s.pos = body + end + 3
	s.kind = tokCDATA
	return tokCDATA
}

func (s *xmlScanner) scanComment() tokKind {
	start := s.pos
	body := start + 4
	end := bytes.Index(s.data[body:], []byte("--"))
	if end < 0 {
		return s.fail(start, "unterminated comment")
	}
	if body+end+2 >= len(s.data) || s.data[body+end+2] != '>' {
		if body+end+2 >= len(s.data) {
			return s.fail(start, "unterminated comment")
		}
		return s.fail(body+end, "'--' is not allowed in a comment")
	}
	s.off = start
	s.val = s.data[body : body+end]
	s.pos = body + end + 3
	s.kind = tokComment
	return tokComment
}

func (s *xmlScanner) scanPI() tokKind {
	start := s.pos
	s.pos += 2
	end := plainName(s.data, s.pos)
	if end == s.pos {
		return s.fail(start, "processing instruction: target expected")
	}
	target := s.data[s.pos:end]
	if len(target) == 3 && equalFoldASCII(string(target), "xml") {
		return s.fail(start, "XML declaration allowed only at the start of the document")
	}
	s.pos = end
	var data []byte
	if s.hasPrefix("?>") {
		data = s.data[end:end]
		s.pos += 2
	} else {
		if !s.skipSpace() {
			return s.fail(s.pos, "processing instruction: space expected after the target")
		}
		k := bytes.Index(s.data[s.pos:], []byte("?>"))
		if k < 0 {
			return s.fail(start, "unterminated processing instruction")
		}
		data = s.data[s.pos : s.pos+k]
		s.pos += k + 2
	}
	s.off = start
	s.name = target
	s.val = data
	s.kind = tokPI
	return tokPI
}

func (s *xmlScanner) scanEndTag() tokKind {
	start := s.pos
	s.pos += 2
	name, _, ok := s.qName("end tag")
	if !ok {
		return tokError
	}
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != '>' {
		return s.fail(s.pos, "end tag </%s: '>' expected", name)
	}
	s.pos++
	if len(s.stack) == 0 {
		return s.fail(start, "end tag </%s> without start tag", name)
	}
	if top := s.stack[len(s.stack)-1].name; !bytes.Equal(top, name) {
		return s.fail(start, "end tag </%s> does not match <%s>", name, top)
	}
	s.off = start
	s.name = name
	s.popElement()
	s.kind = tokEnd
	return tokEnd
}

func (s *xmlScanner) popElement() {
	top := s.stack[len(s.stack)-1]
	if s.nsIndex != nil {
		for i := len(s.ns) - 1; i >= top.nsMark; i-- {
			k := nsKey(s.ns[i].prefix)
			uris := s.nsIndex[k]
			s.nsIndex[k] = uris[:len(uris)-1]
		}
	}
	s.ns = s.ns[:top.nsMark]
	s.stack = s.stack[:len(s.stack)-1]
}

// nsIndexFrom is the number of bindings in scope from which resolve uses a map:
// a linear scan per name would make documents with thousands of declarations
// quadratic.
const nsIndexFrom = 32

func nsKey(prefix []byte) string { return string(prefix) } // "" is the default namespace

func (s *xmlScanner) pushBinding(b nsBinding) {
	s.ns = append(s.ns, b)
	if s.nsIndex == nil {
		if len(s.ns) <= nsIndexFrom {
			return
		}
		s.nsIndex = make(map[string][]string)
		for _, x := range s.ns[:len(s.ns)-1] {
			s.nsIndex[nsKey(x.prefix)] = append(s.nsIndex[nsKey(x.prefix)], x.uri)
		}
	}
	k := nsKey(b.prefix)
	s.nsIndex[k] = append(s.nsIndex[k], b.uri)
}

func (s *xmlScanner) scanStartTag() tokKind {
	start := s.pos
	s.pos++
	name, prefixLen, ok := s.qName("start tag")
	if !ok {
		return tokError
	}
	s.attrs = s.attrs[:0]
	selfClose := false
	for {
		sp := s.skipSpace()
		if s.pos >= len(s.data) {
			return s.fail(start, "unexpected end of document in start tag <%s", name)
		}
		c := s.data[s.pos]
		if c == '>' {
			s.pos++
			break
		}
		if c == '/' {
			if s.pos+1 >= len(s.data) || s.data[s.pos+1] != '>' {
				return s.fail(s.pos, "start tag <%s: '/>' expected", name)
			}
			s.pos += 2
			selfClose = true
			break
		}
		if !sp {
			return s.fail(s.pos, "start tag <%s: space expected between attributes", name)
		}
		if !s.attribute() {
			return tokError
		}
	}
	if len(s.stack) >= maxDepth {
		return s.fail(start, "document nested too deeply (more than %d elements)", maxDepth)
	}
	mark := len(s.ns)
	s.stack = append(s.stack, openElem{name: name, nsMark: mark})
	s.seenRoot = true
	if !s.bindNamespaces(start) {
		return tokError
	}
	uri, ok := s.resolve(name[:prefixLen], prefixLen > 0)
	if !ok && !s.lenientNS {
		return s.fail(start, "namespace prefix %s of <%s> is not defined", name[:prefixLen], name)
	}
	for i := range s.attrs {
		a := &s.attrs[i]
		if a.nsDecl || a.prefixLen == 0 {
			continue
		}
		u, ok := s.resolve(a.prefix(), true)
		if !ok && !s.lenientNS {
			return s.fail(start, "namespace prefix %s of attribute %s is not defined", a.prefix(), a.name)
		}
		a.uri = u
	}
	if !s.checkDuplicateAttrs(start) {
		return tokError
	}
	s.off = start
	s.name = name
	s.prefixLen = prefixLen
	s.uri = uri
	s.selfClose = selfClose
	s.pendingEnd = selfClose
	s.kind = tokStart
	return tokStart
}

func (s *xmlScanner) attribute() bool {
	name, prefixLen, ok := s.qName("attribute")
	if !ok {
		return false
	}
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != '=' {
		s.fail(s.pos, "attribute %s: '=' expected", name)
		return false
	}
	s.pos++
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != '"' && s.data[s.pos] != '\'' {
		s.fail(s.pos, "attribute %s: quoted value expected", name)
		return false
	}
	q := s.data[s.pos]
	vstart := s.pos + 1
	rel := bytes.IndexByte(s.data[vstart:], q)
	if rel < 0 {
		s.fail(s.pos, "attribute %s: unterminated value", name)
		return false
	}
	raw := s.data[vstart : vstart+rel]
	if k := bytes.IndexByte(raw, '<'); k >= 0 {
		s.fail(vstart+k, "'<' is not allowed in attribute values")
		return false
	}
	nsDecl := prefixLen == 0 && string(name) == "xmlns" || prefixLen > 0 && string(name[:prefixLen]) == "xmlns"
	decode, ents := false, false
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '&':
			decode = true
			if i+1 < len(raw) && raw[i+1] == '#' {
				_, end, msg := charRef(raw, i)
				if msg != "" {
					s.fail(vstart+i, "%s", msg)
					return false
				}
				i = end - 1
				continue
			}
			k := plainName(raw, i+1)
			if k == i+1 {
				s.fail(vstart+i, "entity reference: name expected")
				return false
			}
			if k >= len(raw) || raw[k] != ';' {
				s.fail(vstart+i, "entity reference: ';' expected")
				return false
			}
			if predefinedEntity(raw[i+1:k]) == 0 {
				if nsDecl {
					// libxml2 would bind the prefix to the reference's text unexpanded.
					s.fail(vstart+i, "entity reference &%s; in a namespace declaration is not supported", raw[i+1:k])
					return false
				}
				if !s.attrEntityUsable(raw[i+1:k], vstart+i) {
					return false
				}
				ents = true
			}
			i = k
		case '\t', '\n', '\r':
			decode = true
		}
	}
	s.pos = vstart + rel + 1
	s.attrs = append(s.attrs, xattr{name: name, prefixLen: prefixLen, raw: raw, decode: decode, ents: ents, nsDecl: nsDecl})
	return true
}

// attrValue is the value of an attribute without entity references (namespace
// declarations; see appendAttrValue).
func attrValue(a *xattr) string {
	if !a.decode {
		return string(a.raw)
	}
	return string(appendRefsReplaced(nil, a.raw, true))
}

// appendAttrValue appends the value of an attribute as reading it gives: character
// and predefined references replaced, each tab/newline/CR written in the value
// (CRLF counting once) turned into a space, and references to declared entities
// replaced by their text, which is charged to the document's budget.
func (s *xmlScanner) appendAttrValue(dst []byte, a *xattr) ([]byte, error) {
	raw := a.raw
	for a.ents {
		i, j := nextEntityRef(raw)
		if i < 0 {
			break
		}
		dst = appendRefsReplaced(dst, raw[:i], true)
		v, err := s.attrEntityText(raw[i+1 : j-1])
		if err != nil {
			return dst, err
		}
		if !s.dtd.spend(len(v)) {
			return dst, entityError(s.dtd.overBudget())
		}
		dst = append(dst, v...)
		raw = raw[j:]
	}
	return appendRefsReplaced(dst, raw, true), nil
}

// appendSerializedAttr appends an attribute's value as libxml2 serializes it: its
// value escaped, except that a reference to a declared entity, which libxml2 keeps
// as a node of its own when entities are not substituted (lxml's
// resolve_entities=False), is written as it was. tmp is scratch space, returned for
// reuse.
func appendSerializedAttr(dst, tmp []byte, a *xattr) ([]byte, []byte) {
	raw := a.raw
	if !a.decode {
		return appendEscapedAttr(dst, raw), tmp
	}
	for {
		i, j := -1, -1
		if a.ents {
			i, j = nextEntityRef(raw)
		}
		seg := raw
		if i >= 0 {
			seg = raw[:i]
		}
		tmp = appendRefsReplaced(tmp[:0], seg, true)
		dst = appendEscapedAttr(dst, tmp)
		if i < 0 {
			return dst, tmp
		}
		dst = append(dst, raw[i:j]...)
		raw = raw[j:]
	}
}

// appendRefsReplaced appends checked text with its character and predefined
// references replaced (it holds no others) and, for the text of an attribute
// value (normalize), each tab/newline/CR (CRLF counting once) turned into a space.
func appendRefsReplaced(dst, raw []byte, normalize bool) []byte {
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '&':
			if raw[i+1] == '#' {
				r, end, _ := charRef(raw, i)
				dst = utf8.AppendRune(dst, r)
				i = end - 1
				continue
			}
			k := bytes.IndexByte(raw[i:], ';')
			dst = append(dst, predefinedEntity(raw[i+1:i+k]))
			i += k
		case c == '\r' && normalize:
			dst = append(dst, ' ')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case (c == '\t' || c == '\n') && normalize:
			dst = append(dst, ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func (s *xmlScanner) bindNamespaces(start int) bool {
	for i := range s.attrs {
		a := &s.attrs[i]
		if !a.nsDecl {
			continue
		}
		uri := attrValue(a)
		var prefix []byte
		if a.prefixLen > 0 {
			prefix = a.local()
			switch {
			case string(prefix) == "xmlns":
				s.fail(start, "the xmlns prefix cannot be declared")
				return false
			case string(prefix) == "xml":
				if uri != xmlNamespace {
					s.fail(start, "the xml prefix is bound to the wrong namespace")
					return false
				}
				continue
			case uri == "":
				s.fail(start, "xmlns:%s: empty namespace name", prefix)
				return false
			case uri == xmlNamespace:
				s.fail(start, "the XML namespace is bound to a prefix other than xml")
				return false
			}
		} else if uri == xmlNamespace {
			s.fail(start, "the XML namespace cannot be the default namespace")
			return false
		}
		if uri == xmlnsNamespace {
			s.fail(start, "the xmlns namespace cannot be declared")
			return false
		}
		s.pushBinding(nsBinding{prefix: prefix, uri: uri})
	}
	return true
}

// resolve finds the namespace of a prefix (or the default namespace when !prefixed).
func (s *xmlScanner) resolve(prefix []byte, prefixed bool) (string, bool) {
	if prefixed && string(prefix) == "xml" {
		return xmlNamespace, true
	}
	if s.nsIndex != nil {
		if uris := s.nsIndex[nsKey(prefix)]; len(uris) > 0 {
			return uris[len(uris)-1], true
		}
	} else {
		for i := len(s.ns) - 1; i >= 0; i-- {
			b := &s.ns[i]
			if prefixed {
				if b.prefix != nil && bytes.Equal(b.prefix, prefix) {
					return b.uri, true
				}
			} else if b.prefix == nil {
				return b.uri, true
			}
		}
	}
	if s.outer != nil {
		return s.outer.resolve(prefix, prefixed)
	}
	return "", !prefixed
}

// defaultNS is the default namespace in scope.
func (s *xmlScanner) defaultNS() string {
	u, _ := s.resolve(nil, false)
	return u
}

func (s *xmlScanner) checkDuplicateAttrs(start int) bool {
	n := len(s.attrs)
	if n < 2 {
		return true
	}
	if n <= 16 {
		for i := 1; i < n; i++ {
			a := &s.attrs[i]
			for j := 0; j < i; j++ {
				b := &s.attrs[j]
				if bytes.Equal(a.name, b.name) {
					return s.fail(start, "attribute %s is repeated", a.name) != tokError
				}
				if a.prefixLen > 0 && b.prefixLen > 0 && !a.nsDecl && !b.nsDecl &&
					a.uri == b.uri && bytes.Equal(a.local(), b.local()) {
					return s.fail(start, "attribute %s is repeated (same namespace)", a.name) != tokError
				}
			}
		}
		return true
	}
	if s.attrSeen == nil {
		s.attrSeen = make(map[string]struct{})
	}
	clear(s.attrSeen)
	for i := range s.attrs {
		a := &s.attrs[i]
		keys := []string{"r\x00" + string(a.name)}
		if a.prefixLen > 0 && !a.nsDecl {
			keys = append(keys, "n\x00"+a.uri+"\x00"+string(a.local()))
		}
		for _, k := range keys {
			if _, dup := s.attrSeen[k]; dup {
				return s.fail(start, "attribute %s is repeated", a.name) != tokError
			}
			s.attrSeen[k] = struct{}{}
		}
	}
	return true
}

// skipElement consumes tokens up to and including the end tag of the element whose
// start tag was just read.
func (s *xmlScanner) skipElement() bool {
	d := len(s.stack)
	for len(s.stack) >= d {
		switch s.next() {
		case tokError:
			return false
		case tokEOF:
			return false
		}
	}
	return true
}

// appendText appends character data (text token or CDATA) as the parser reports it:
// references replaced and line ends normalized.
func (s *xmlScanner) appendText(dst []byte, kind tokKind, raw []byte, decode bool) []byte {
	if kind == tokCDATA {
		if s.hasCR && bytes.IndexByte(raw, '\r') >= 0 {
			return appendNormalizedNewlines(dst, raw)
		}
		return append(dst, raw...)
	}
	if !decode {
		return append(dst, raw...)
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case '&':
			if raw[i+1] == '#' {
				r, end, _ := charRef(raw, i)
				dst = utf8.AppendRune(dst, r)
				i = end - 1
				continue
			}
			k := bytes.IndexByte(raw[i:], ';')
			dst = append(dst, predefinedEntity(raw[i+1:i+k]))
			i += k
		case '\r':
			dst = append(dst, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func appendNormalizedNewlines(dst, raw []byte) []byte {
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\r' {
			dst = append(dst, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// normalizedString is raw with line ends normalized (comments, PI data).
func (s *xmlScanner) normalizedString(raw []byte) string {
	if s.hasCR && bytes.IndexByte(raw, '\r') >= 0 {
		return string(appendNormalizedNewlines(nil, raw))
	}
	return string(raw)
}
