package formats

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file is the reference implementation the fast parsers are fuzzed against.
// It is written for obviousness, not speed: encoding/xml tokenizes, a tree shaped
// like lxml's is built, and translate-toolkit's Python is transcribed over that tree
// (aresource.py, tbx.py, lisa.py). encoding/xml is laxer than libxml2 in known ways;
// the checks it lacks are added here from the XML spec, each next to the token it
// concerns. Only the pure text functions (androidUnescape, the XML escapers) are
// shared with the production code; they are checked against translate-toolkit
// directly.

type refKind int

const (
	refElement refKind = iota
	refComment
	refPI
	refEntity
)

type refNS struct{ prefix, uri string } // prefix "" is the default namespace

// refAttr is an attribute; one holding references to declared entities (ents)
// keeps its raw text, and its value is read with refDTD.attrValue.
type refAttr struct {
	prefix, local, uri, value string
	raw                       string
	ents                      bool
}

func (a refAttr) qname() string {
	if a.prefix == "" {
		return a.local
	}
	return a.prefix + ":" + a.local
}

// refNode is an lxml node: elements have text (before the first child) and every
// node has a tail; hasText distinguishes "no text node" from "empty text".
type refNode struct {
	kind          refKind
	prefix, local string // element name; PI target and entity name in local
	uri           string
	nsDecls       []refNS
	attrs         []refAttr
	data          string // comment and PI content
	text          string
	hasText       bool
	tail          string
	children      []*refNode
	parent        *refNode
	line          int
}

func (n *refNode) qname() string {
	if n.prefix == "" {
		return n.local
	}
	return n.prefix + ":" + n.local
}

// get is lxml's element.get: the attribute's value, entity references replaced
// (their text charged to the document's budget).
func (n *refNode) get(dtd *refDTD, local string) (string, bool, error) {
	for _, a := range n.attrs {
		if a.prefix == "" && a.local == local {
			v, err := dtd.attrValue(a)
			return v, true, err
		}
	}
	return "", false, nil
}

func (n *refNode) xmlAttr(dtd *refDTD, local string) (string, bool, error) {
	for _, a := range n.attrs {
		if a.uri == xmlNamespace && a.local == local {
			v, err := dtd.attrValue(a)
			return v, true, err
		}
	}
	return "", false, nil
}

type refEntityDecl struct {
	external, unparsed bool
	repl               string
	state              int // 0 unchecked, 1 checking, 2 checked
	text               *string
	busy               bool
	attrState          int // the same for references in attribute values
	attrText           *string
}

type refDTD struct {
	entities     map[string]*refEntityDecl
	undeclaredOK bool
	standalone   bool
	// budget is what is left of max(1 MiB, 10 × the document's size) bytes of
	// text: entity text each time it is copied, and the units' strings.
	budget int
}

var errRefBudget = errors.New("text budget exceeded")

func (d *refDTD) spend(n int) error {
	d.budget -= n
	if d.budget < 0 {
		return errRefBudget
	}
	return nil
}

type refParser struct {
	data     []byte
	dtd      *refDTD
	sentinel string
	fragment bool
	entDepth int
	nsScope  []refNS // bindings in scope where a fragment is checked
}

func refErr(data []byte, off int, msg string) error {
	if off > len(data) {
		off = len(data)
	}
	return &SyntaxError{Line: 1 + bytes.Count(data[:off], []byte("\n")), Msg: msg}
}

var xmlDeclRE = regexp.MustCompile(`^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*("1\.[0-9]*"|'1\.[0-9]*')` +
	`(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*("[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?` +
	`(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*("yes"|'yes'|"no"|'no'))?[ \t\r\n]*\?>`)

// refDecodeUTF16 finds a UTF-16 document by its byte order mark or by "<?" in
// UTF-16 (libxml2's xmlDetectCharEncoding) and returns its text as UTF-8, with the
// encoding's name ("" for UTF-8, whose bytes are copied).
func refDecodeUTF16(input []byte) (data []byte, enc string, err error) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(input, []byte{0xFF, 0xFE}):
		order, enc, input = binary.LittleEndian, "utf-16le", input[2:]
	case bytes.HasPrefix(input, []byte{0xFE, 0xFF}):
		order, enc, input = binary.BigEndian, "utf-16be", input[2:]
	case bytes.HasPrefix(input, []byte{'<', 0, '?', 0}):
		order, enc = binary.LittleEndian, "utf-16le"
	case bytes.HasPrefix(input, []byte{0, '<', 0, '?'}):
		order, enc = binary.BigEndian, "utf-16be"
	default:
		return append([]byte(nil), input...), "", nil
	}
	units := make([]uint16, len(input)/2) // an odd last byte is dropped
	for i := range units {
		units[i] = order.Uint16(input[2*i:])
	}
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		if u >= 0xD800 && u <= 0xDBFF && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF {
			i++
			continue
		}
		if u >= 0xD800 && u <= 0xDFFF {
			prefix := []byte(string(utf16.Decode(units[:i])))
			return nil, enc, refErr(prefix, len(prefix), "lone surrogate")
		}
	}
	return []byte(string(utf16.Decode(units))), enc, nil
}

// refParseDocument parses a whole document into its root element.
func refParseDocument(input []byte) (*refNode, *refDTD, error) {
	data, inputEnc, err := refDecodeUTF16(input)
	if err != nil {
		return nil, nil, err
	}
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return nil, nil, refErr(data, i, "invalid UTF-8")
		}
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return nil, nil, refErr(data, i, "character not allowed in XML")
		}
		i += size
	}
	off := 0
	if inputEnc == "" && bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		copy(data, "   ") // offsets stay, and the decoder sees white space
		off = 3
	}
	dtd := &refDTD{budget: max(1<<20, 10*len(input))}
	rest := data[off:]
	if len(rest) >= 6 && bytes.HasPrefix(rest, []byte("<?xml")) && strings.ContainsRune(" \t\r\n", rune(rest[5])) {
		m := xmlDeclRE.FindSubmatch(rest)
		if m == nil {
			return nil, nil, refErr(data, off, "malformed XML declaration")
		}
		if len(m[2]) > 0 {
			// libxml2 accepts a UTF-16 document labelled UTF-16, its own byte
			// order or UTF-8, and a UTF-8 one labelled UTF-8.
			enc := strings.ToLower(string(m[2][1 : len(m[2])-1]))
			accepted := enc == "utf-8" || enc == "utf8"
			if inputEnc != "" {
				accepted = accepted || enc == "utf-16" || enc == "utf16" || enc == inputEnc
			}
			if !accepted {
				return nil, nil, refErr(data, off, "unsupported encoding")
			}
		}
		dtd.standalone = len(m[3]) > 0 && m[3][1] == 'y'
		for i := range m[0] {
			if rest[i] != '\n' { // keep line numbers
				rest[i] = ' '
			}
		}
	}
	if err := refDoctype(data, dtd); err != nil {
		return nil, nil, err
	}
	p := &refParser{data: data, dtd: dtd}
	p.sentinel = pickSentinel(data)
	return p.parse()
}

// pickSentinel finds a private-use character that occurs nowhere in the document,
// not even as a character reference, to mark entity references in decoded text.
func pickSentinel(data []byte) string {
	for r := rune(0xF0000); ; r++ {
		s := string(r)
		if !bytes.Contains(data, []byte(s)) && !bytes.Contains(data, []byte(fmt.Sprintf("%x;", r))) &&
			!bytes.Contains(data, []byte(fmt.Sprintf("%X;", r))) && !bytes.Contains(data, []byte(fmt.Sprintf("%d;", r))) {
			return s
		}
	}
}

var entityNameRE = regexp.MustCompile(`&([^\s&;<>#"']+);`)

func (p *refParser) parse() (*refNode, *refDTD, error) {
	data := p.data
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	d.Entity = map[string]string{}
	for _, m := range entityNameRE.FindAllSubmatch(data, -1) {
		name := string(m[1])
		if e := p.dtd.entities[name]; e != nil && !e.unparsed || e == nil && p.dtd.undeclaredOK && !p.dtd.standalone {
			d.Entity[name] = p.sentinel + name + p.sentinel
		}
	}
	var root *refNode
	var stack []*refNode
	var scopes [][]refNS
	var frag *refNode
	if p.fragment {
		frag = &refNode{kind: refElement}
		stack = []*refNode{frag}
		scopes = [][]refNS{p.nsScope}
	}
	resolve := func(prefix string) (string, bool) {
		if prefix == "xml" {
			return xmlNamespace, true
		}
		for i := len(scopes) - 1; i >= 0; i-- {
			for j := len(scopes[i]) - 1; j >= 0; j-- {
				if scopes[i][j].prefix == prefix {
					return scopes[i][j].uri, true
				}
			}
		}
		return "", prefix == ""
	}
	line := func(off int64) int { return 1 + bytes.Count(data[:off], []byte("\n")) }
	// addText puts character data where lxml would: the parent's text before its
	// first child, else the tail of the previous child.
	addText := func(s string) {
		parent := stack[len(stack)-1]
		if n := len(parent.children); n > 0 {
			parent.children[n-1].tail += s
		} else {
			parent.text += s
			parent.hasText = true
		}
	}
	prev := d.InputOffset()
	for {
		tok, err := d.RawToken()
		cur := d.InputOffset()
		raw := data[prev:cur]
		start := prev
		prev = cur
		if err == io.EOF {
			if p.fragment {
				if len(stack) > 1 {
					return nil, nil, refErr(data, len(data), "unclosed element")
				}
				return frag, p.dtd, nil
			}
			if len(stack) > 0 || root == nil {
				return nil, nil, refErr(data, len(data), "unexpected end of document")
			}
			return root, p.dtd, nil
		}
		if err != nil {
			return nil, nil, refErr(data, int(cur), err.Error())
		}
		outside := len(stack) == 0
		switch t := tok.(type) {
		case xml.StartElement:
			if outside && root != nil {
				return nil, nil, refErr(data, int(start), "second root element")
			}
			if len(stack) >= maxDepth+btoi(p.fragment) {
				return nil, nil, refErr(data, int(start), "too deep")
			}
			n := &refNode{kind: refElement, prefix: t.Name.Space, local: t.Name.Local, line: line(start)}
			if err := refCheckQName(t.Name); err != nil {
				return nil, nil, refErr(data, int(start), err.Error())
			}
			attrs, err := refRawAttrs(raw)
			if err != nil {
				return nil, nil, refErr(data, int(start), err.Error())
			}
			if len(attrs) != len(t.Attr) {
				return nil, nil, refErr(data, int(start), "attribute syntax")
			}
			seen := map[string]bool{}
			var decls []refNS
			for i, a := range t.Attr {
				if err := refCheckQName(a.Name); err != nil {
					return nil, nil, refErr(data, int(start), err.Error())
				}
				q := a.Name.Local
				if a.Name.Space != "" {
					q = a.Name.Space + ":" + q
				}
				if q != attrs[i].name {
					return nil, nil, refErr(data, int(start), "attribute syntax")
				}
				if seen[q] {
					return nil, nil, refErr(data, int(start), "repeated attribute")
				}
				seen[q] = true
				isNS := a.Name.Space == "" && a.Name.Local == "xmlns" || a.Name.Space == "xmlns"
				v, ents, err := p.dtd.decodeAttr(attrs[i].raw, isNS)
				if err != nil {
					return nil, nil, refErr(data, int(start), err.Error())
				}
				switch {
				case a.Name.Space == "" && a.Name.Local == "xmlns":
					if v == xmlNamespace || v == xmlnsNamespace {
						return nil, nil, refErr(data, int(start), "reserved namespace")
					}
					decls = append(decls, refNS{"", v})
					n.nsDecls = append(n.nsDecls, refNS{"", v})
				case a.Name.Space == "xmlns":
					pre := a.Name.Local
					if pre == "xmlns" || pre == "xml" && v != xmlNamespace || pre != "xml" && (v == "" || v == xmlNamespace) || v == xmlnsNamespace {
						return nil, nil, refErr(data, int(start), "bad namespace declaration")
					}
					if pre != "xml" { // libxml2 keeps no declaration of the xml prefix
						n.nsDecls = append(n.nsDecls, refNS{pre, v})
						decls = append(decls, refNS{pre, v})
					}
				default:
					n.attrs = append(n.attrs, refAttr{prefix: a.Name.Space, local: a.Name.Local, value: v, raw: attrs[i].raw, ents: ents})
				}
			}
			scopes = append(scopes, decls)
			uri, ok := resolve(n.prefix)
			if !ok && !p.lenient() {
				return nil, nil, refErr(data, int(start), "unbound element prefix")
			}
			n.uri = uri
			nsSeen := map[string]bool{}
			for i := range n.attrs {
				a := &n.attrs[i]
				if a.prefix == "" {
					continue
				}
				u, ok := resolve(a.prefix)
				if !ok && !p.lenient() {
					return nil, nil, refErr(data, int(start), "unbound attribute prefix")
				}
				a.uri = u
				k := u + "\x00" + a.local
				if nsSeen[k] {
					return nil, nil, refErr(data, int(start), "repeated attribute")
				}
				nsSeen[k] = true
			}
			if outside {
				root = n
			} else {
				parent := stack[len(stack)-1]
				n.parent = parent
				parent.children = append(parent.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) == 0 || p.fragment && len(stack) == 1 {
				return nil, nil, refErr(data, int(start), "end tag without start tag")
			}
			top := stack[len(stack)-1]
			if top.prefix != t.Name.Space || top.local != t.Name.Local {
				return nil, nil, refErr(data, int(start), "mismatched end tag")
			}
			stack = stack[:len(stack)-1]
			scopes = scopes[:len(scopes)-1]
		case xml.CharData:
			cdata := bytes.HasPrefix(raw, []byte("<![CDATA["))
			if outside {
				if cdata || len(bytes.Trim(raw, " \t\r\n")) > 0 {
					return nil, nil, refErr(data, int(start), "content outside the root element")
				}
				continue
			}
			if !cdata {
				if err := refCheckCharRefs(raw); err != nil {
					return nil, nil, refErr(data, int(start), err.Error())
				}
			}
			parts := strings.Split(string(t), p.sentinel)
			for i, part := range parts {
				if i%2 == 0 {
					if part != "" || cdata {
						addText(part)
					}
					continue
				}
				if err := p.checkEntity(part, scopes, int(start)); err != nil {
					return nil, nil, err
				}
				parent := stack[len(stack)-1]
				ent := &refNode{kind: refEntity, local: part, parent: parent, line: line(start)}
				parent.children = append(parent.children, ent)
			}
		case xml.Comment:
			if outside {
				continue
			}
			parent := stack[len(stack)-1]
			parent.children = append(parent.children, &refNode{kind: refComment, data: refNewlines(string(t)), parent: parent, line: line(start)})
		case xml.ProcInst:
			if strings.EqualFold(t.Target, "xml") {
				return nil, nil, refErr(data, int(start), "misplaced XML declaration")
			}
			after := raw[2+len(t.Target):]
			if !bytes.HasPrefix(after, []byte("?>")) && !strings.ContainsRune(" \t\r\n", rune(after[0])) {
				return nil, nil, refErr(data, int(start), "space required after the PI target")
			}
			if outside {
				continue
			}
			parent := stack[len(stack)-1]
			parent.children = append(parent.children, &refNode{kind: refPI, local: t.Target, data: refNewlines(string(t.Inst)), parent: parent, line: line(start)})
		case xml.Directive:
			return nil, nil, refErr(data, int(start), "misplaced markup declaration")
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *refParser) lenient() bool { return p.nsScope == nil && p.fragment }

// checkEntity applies the rules for a general entity reference in content.
func (p *refParser) checkEntity(name string, scopes [][]refNS, off int) error {
	e := p.dtd.entities[name]
	if e == nil || e.external {
		return nil // tolerated (the decoder map only holds allowed names)
	}
	switch e.state {
	case 2:
		return nil
	case 1:
		return refErr(p.data, off, "entity loop")
	}
	if p.entDepth >= maxEntityNesting {
		return refErr(p.data, off, "entities nested too deeply")
	}
	e.state = 1
	var scope []refNS
	for _, s := range scopes {
		scope = append(scope, s...)
	}
	if scope == nil {
		scope = []refNS{}
	}
	if _, err := p.parseFragment(e.repl, scope); err != nil {
		return refErr(p.data, off, "in entity "+name+": "+err.Error())
	}
	e.state = 2
	return nil
}

// parseFragment parses replacement text as element content, wrapped so that
// encoding/xml accepts it; scope nil means namespaces are not checked.
func (p *refParser) parseFragment(repl string, scope []refNS) (*refNode, error) {
	sub := &refParser{data: []byte(repl), dtd: p.dtd, fragment: true, entDepth: p.entDepth + 1, nsScope: scope}
	sub.sentinel = pickSentinel(sub.data)
	n, _, err := sub.parse()
	return n, err
}

func refNewlines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// Name characters of XML 1.0 fifth edition, as regular-expression classes.
const (
	refStartChars = `A-Za-z_\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{2FF}\x{370}-\x{37D}\x{37F}-\x{1FFF}\x{200C}-\x{200D}\x{2070}-\x{218F}\x{2C00}-\x{2FEF}\x{3001}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFFD}\x{10000}-\x{EFFFF}`
	refNameChars  = refStartChars + `\-.0-9\x{B7}\x{300}-\x{36F}\x{203F}-\x{2040}`
	refName       = `[:` + refStartChars + `][:` + refNameChars + `]*`
)

var (
	ncNameStartRE = regexp.MustCompile(`^[` + refStartChars + `]`)
	refNameRE     = regexp.MustCompile(`^` + refName + `$`)
)

// refCheckQName adds what encoding/xml does not check: one colon at most, and an
// NCName on each side of it.
func refCheckQName(n xml.Name) error {
	if strings.Contains(n.Local, ":") || !ncNameStartRE.MatchString(n.Local) {
		return errors.New("invalid QName")
	}
	if n.Space != "" && !ncNameStartRE.MatchString(n.Space) {
		return errors.New("invalid QName")
	}
	return nil
}

type refRaw struct{ name, raw string }

// refRawAttrs reads the attributes of a raw start tag as written: encoding/xml
// reports values with their white space unnormalized and does not insist on space
// between attributes.
func refRawAttrs(tag []byte) ([]refRaw, error) {
	s := string(tag)
	s = strings.TrimPrefix(s, "<")
	s = strings.TrimSuffix(s, ">")
	s = strings.TrimSuffix(s, "/")
	i := strings.IndexAny(s, " \t\r\n")
	if i < 0 {
		return nil, nil
	}
	s = s[i:]
	var out []refRaw
	for {
		trimmed := strings.TrimLeft(s, " \t\r\n")
		if trimmed == "" {
			return out, nil
		}
		if len(trimmed) == len(s) {
			return nil, errors.New("space required between attributes")
		}
		s = trimmed
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return nil, errors.New("attribute without value")
		}
		name := strings.TrimRight(s[:eq], " \t\r\n")
		s = strings.TrimLeft(s[eq+1:], " \t\r\n")
		if s == "" {
			return nil, errors.New("attribute value expected")
		}
		q := s[0]
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return nil, errors.New("unterminated attribute value")
		}
		out = append(out, refRaw{name, s[1 : 1+end]})
		s = s[end+2:]
	}
}

var charRefRE = regexp.MustCompile(`&#(x[0-9a-fA-F]+|[0-9]+);`)

func refCharRef(ref string) (rune, error) {
	m := charRefRE.FindStringSubmatch(ref)
	if m == nil || m[0] != ref {
		return 0, errors.New("malformed character reference")
	}
	var v uint64
	var err error
	if m[1][0] == 'x' {
		v, err = strconv.ParseUint(m[1][1:], 16, 32)
	} else {
		v, err = strconv.ParseUint(m[1], 10, 32)
	}
	r := rune(v)
	if err != nil || v > 0x10FFFF || !(r == 0x9 || r == 0xA || r == 0xD || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000) {
		return 0, errors.New("character reference to a character XML does not allow")
	}
	return r, nil
}

// refCheckCharRefs validates the character references of raw text, which
// encoding/xml decodes without rejecting surrogates.
func refCheckCharRefs(raw []byte) error {
	for _, loc := range regexp.MustCompile(`&#[^;]*;?`).FindAllIndex(raw, -1) {
		if _, err := refCharRef(string(raw[loc[0]:loc[1]])); err != nil {
			return err
		}
	}
	return nil
}

var refWhiteSpace = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ", "\t", " ")

// decodeAttr normalizes an attribute value: white space characters become spaces,
// then references are replaced. References to declared entities are allowed where
// checkAttrEntity allows them (not in namespace declarations); such a value (ents)
// is read later from its raw text, by attrValue or refSerializeAttr.
func (d *refDTD) decodeAttr(raw string, isNS bool) (string, bool, error) {
	s := refWhiteSpace.Replace(raw)
	var b strings.Builder
	ents := false
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			b.WriteString(s)
			return b.String(), ents, nil
		}
		b.WriteString(s[:i])
		s = s[i:]
		j := strings.IndexByte(s, ';')
		if j < 0 {
			return "", false, errors.New("reference without ';'")
		}
		ref := s[:j+1]
		s = s[j+1:]
		if c, ok := refPredefined[ref]; ok {
			b.WriteString(c)
			continue
		}
		if strings.HasPrefix(ref, "&#") {
			r, err := refCharRef(ref)
			if err != nil {
				return "", false, err
			}
			b.WriteRune(r)
			continue
		}
		name := ref[1 : len(ref)-1]
		if !refNameRE.MatchString(name) {
			return "", false, errors.New("malformed entity reference")
		}
		if isNS {
			return "", false, errors.New("entity reference in a namespace declaration")
		}
		if err := d.checkAttrEntity(name, 0); err != nil {
			return "", false, err
		}
		ents = true
	}
}

var refPredefined = map[string]string{"&lt;": "<", "&gt;": ">", "&amp;": "&", "&apos;": "'", "&quot;": "\""}

// checkAttrEntity: an entity referred to in an attribute value, directly or through
// other entities, is declared and internal, and its replacement text holds no '<'
// and only well-formed references (XML 1.0 §4.4.4, WFC: No < in Attribute Values).
// A reference to an undeclared entity is refused even where libxml2 tolerates it.
func (d *refDTD) checkAttrEntity(name string, nesting int) error {
	e := d.entities[name]
	switch {
	case e == nil:
		return errors.New("undeclared entity in an attribute value")
	case e.external || e.unparsed:
		return errors.New("external entity in an attribute value")
	case e.attrState == 2:
		return nil
	case e.attrState == 1 || nesting >= maxEntityNesting:
		return errors.New("entity loop")
	case strings.Contains(e.repl, "<"):
		return errors.New("'<' in an entity used in an attribute value")
	}
	e.attrState = 1
	for rest := e.repl; ; {
		i := strings.IndexByte(rest, '&')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], ';')
		if j < 0 {
			return errors.New("'&' without reference in an entity")
		}
		ref := rest[i : i+j+1]
		rest = rest[i+j+1:]
		if strings.HasPrefix(ref, "&#") {
			if _, err := refCharRef(ref); err != nil {
				return err
			}
			continue
		}
		sub := ref[1 : len(ref)-1]
		if !refNameRE.MatchString(sub) {
			return errors.New("malformed entity reference in an entity")
		}
		if _, ok := refPredefined[ref]; ok {
			continue
		}
		if err := d.checkAttrEntity(sub, nesting+1); err != nil {
			return err
		}
	}
	e.attrState = 2
	return nil
}

// refReplaceRefs replaces the references of checked text: character and
// predefined ones by their character, the others with entity(name).
func refReplaceRefs(s string, entity func(name string) (string, error)) (string, error) {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], ';')
		ref := s[i : i+j+1]
		s = s[i+j+1:]
		if c, ok := refPredefined[ref]; ok {
			b.WriteString(c)
			continue
		}
		if strings.HasPrefix(ref, "&#") {
			r, _ := refCharRef(ref)
			b.WriteRune(r)
			continue
		}
		v, err := entity(ref[1 : len(ref)-1])
		if err != nil {
			return "", err
		}
		b.WriteString(v)
	}
}

// attrValue is an attribute's value as lxml's get returns it: entity references
// replaced by the entity's text, unnormalized, each copy charged to the budget.
func (d *refDTD) attrValue(a refAttr) (string, error) {
	if !a.ents {
		return a.value, nil
	}
	return refReplaceRefs(refWhiteSpace.Replace(a.raw), d.chargedAttrEntityText)
}

func (d *refDTD) chargedAttrEntityText(name string) (string, error) {
	e := d.entities[name]
	if e.attrText == nil {
		t, err := refReplaceRefs(e.repl, d.chargedAttrEntityText)
		if err != nil {
			return "", err
		}
		e.attrText = &t
	}
	return *e.attrText, d.spend(len(*e.attrText))
}

// refSerializeAttr is an attribute's value as libxml2 writes it when entities are
// not substituted: escaped, with references to declared entities as written.
func refSerializeAttr(b []byte, a refAttr) []byte {
	if !a.ents {
		return appendEscapedAttr(b, a.value)
	}
	s := refWhiteSpace.Replace(a.raw)
	for s != "" {
		// the text up to the next reference, then the reference
		end := strings.IndexByte(s, '&')
		if end < 0 {
			end = len(s)
		} else if end == 0 {
			end = strings.IndexByte(s, ';') + 1
			if ref := s[:end]; !strings.HasPrefix(ref, "&#") && refPredefined[ref] == "" {
				b = append(b, ref...)
				s = s[end:]
				continue
			}
		}
		v, _ := refReplaceRefs(s[:end], nil)
		b = appendEscapedAttr(b, v)
		s = s[end:]
	}
	return b
}

// refDoctype finds the DOCTYPE declaration in the prolog, records its entities and
// blanks it out, because encoding/xml's directive scanning does not follow the DTD
// grammar (a '>' inside a PI ends it early).
func refDoctype(data []byte, dtd *refDTD) error {
	i := 0
	for {
		for i < len(data) && strings.IndexByte(" \t\r\n", data[i]) >= 0 {
			i++
		}
		switch {
		case bytes.HasPrefix(data[i:], []byte("<!--")):
			end := bytes.Index(data[i+4:], []byte("-->"))
			if end < 0 {
				return nil // the decoder reports it
			}
			i += 4 + end + 3
		case bytes.HasPrefix(data[i:], []byte("<?")):
			end := bytes.Index(data[i+2:], []byte("?>"))
			if end < 0 {
				return nil
			}
			i += 2 + end + 2
		case bytes.HasPrefix(data[i:], []byte("<!DOCTYPE")):
			end, err := refDTDParse(data, i, dtd)
			if err != nil {
				return err
			}
			for k := i; k < end; k++ {
				if data[k] != '\n' {
					data[k] = ' '
				}
			}
			return nil
		default:
			return nil
		}
	}
}

var (
	dtdSpace  = `[ \t\r\n]+`
	dtdName   = refName
	dtdLit    = `(?:"[^"]*"|'[^']*')`
	dtdExtID  = `(?:SYSTEM` + dtdSpace + dtdLit + `|PUBLIC` + dtdSpace + `(?:"[- \r\na-zA-Z0-9'()+,./:=?;!*#@$_%]*"|'[- \r\na-zA-Z0-9()+,./:=?;!*#@$_%]*')` + dtdSpace + dtdLit + `)`
	doctypeRE = regexp.MustCompile(`^<!DOCTYPE` + dtdSpace + `(` + dtdName + `)(?:` + dtdSpace + `(` + dtdExtID + `))?[ \t\r\n]*(\[)?`)
	entDeclRE = regexp.MustCompile(`^<!ENTITY` + dtdSpace + `(%` + dtdSpace + `)?(` + dtdName + `)` + dtdSpace +
		`(?:("[^"]*"|'[^']*')|(` + dtdExtID + `)(` + dtdSpace + `NDATA` + dtdSpace + dtdName + `)?)[ \t\r\n]*>`)
	otherDeclRE = regexp.MustCompile(`^<!(?:ELEMENT|ATTLIST|NOTATION)(?:[^<>"']|"[^"]*"|'[^']*')*>`)
	commentRE   = regexp.MustCompile(`^<!--`)
)

func refDTDParse(data []byte, start int, dtd *refDTD) (int, error) {
	fail := func(off int, msg string) (int, error) { return 0, refErr(data, off, msg) }
	s := data[start:]
	m := doctypeRE.FindSubmatchIndex(s)
	if m == nil {
		return fail(start, "malformed DOCTYPE")
	}
	if m[4] >= 0 {
		dtd.undeclaredOK = true
	}
	i := m[1]
	if m[6] >= 0 {
		for {
			for i < len(s) && strings.IndexByte(" \t\r\n", s[i]) >= 0 {
				i++
			}
			rest := s[i:]
			switch {
			case len(rest) == 0:
				return fail(start, "unterminated internal subset")
			case rest[0] == ']':
				i++
			case commentRE.Match(rest):
				end := bytes.Index(rest[4:], []byte("--"))
				if end < 0 || 4+end+2 >= len(rest) || rest[4+end+2] != '>' {
					return fail(start+i, "bad comment in DTD")
				}
				i += 4 + end + 3
				continue
			case bytes.HasPrefix(rest, []byte("<?")):
				end := bytes.Index(rest[2:], []byte("?>"))
				if end < 0 {
					return fail(start+i, "bad PI in DTD")
				}
				end += 2
				target := rest[2:end]
				if k := bytes.IndexAny(target, " \t\r\n"); k >= 0 {
					target = target[:k]
				}
				if strings.EqualFold(string(target), "xml") || !refNameRE.Match(target) {
					return fail(start+i, "bad PI in DTD")
				}
				if k := 2 + len(target); k < end && strings.IndexByte(" \t\r\n", rest[k]) < 0 {
					return fail(start+i, "bad PI in DTD")
				}
				i += end + 2
				continue
			case bytes.HasPrefix(rest, []byte("<!ENTITY")):
				em := entDeclRE.FindSubmatch(rest)
				if em == nil {
					return fail(start+i, "bad ENTITY declaration")
				}
				e := &refEntityDecl{}
				if em[3] != nil {
					repl, err := refEntityValue(string(em[3][1 : len(em[3])-1]))
					if err != nil {
						return fail(start+i, err.Error())
					}
					e.repl = repl
				} else {
					e.external = true
					e.unparsed = em[5] != nil
					if e.unparsed && em[1] != nil {
						return fail(start+i, "NDATA on a parameter entity")
					}
				}
				name := string(em[2])
				if em[1] == nil && name != "lt" && name != "gt" && name != "amp" && name != "apos" && name != "quot" {
					if dtd.entities == nil {
						dtd.entities = map[string]*refEntityDecl{}
					}
					if dtd.entities[name] == nil {
						dtd.entities[name] = e
					}
				}
				i += len(em[0])
				continue
			case otherDeclRE.Match(rest):
				i += len(otherDeclRE.Find(rest))
				continue
			default:
				return fail(start+i, "bad declaration in DTD")
			}
			break
		}
		for i < len(s) && strings.IndexByte(" \t\r\n", s[i]) >= 0 {
			i++
		}
	}
	if i >= len(s) || s[i] != '>' {
		return fail(start, "DOCTYPE not closed")
	}
	return start + i + 1, nil
}

var refInEntityRE = regexp.MustCompile(`^&[^ \t\r\n<>"'%&;]+;`)

// refEntityValue is the replacement text of an entity value literal.
func refEntityValue(lit string) (string, error) {
	lit = refNewlines(lit)
	var b strings.Builder
	for i := 0; i < len(lit); {
		switch lit[i] {
		case '%':
			return "", errors.New("parameter entity reference in an entity value")
		case '&':
			if strings.HasPrefix(lit[i:], "&#") {
				j := strings.IndexByte(lit[i:], ';')
				if j < 0 {
					return "", errors.New("malformed character reference")
				}
				r, err := refCharRef(lit[i : i+j+1])
				if err != nil {
					return "", err
				}
				b.WriteRune(r)
				i += j + 1
				continue
			}
			m := refInEntityRE.FindString(lit[i:])
			if m == "" || !refNameRE.MatchString(m[1:len(m)-1]) {
				return "", errors.New("bad reference in entity value")
			}
			b.WriteString(m)
			i += len(m)
		default:
			b.WriteByte(lit[i])
			i++
		}
	}
	return b.String(), nil
}

// ---- translate-toolkit over the tree --------------------------------------------

// refNsmapDefault is lxml's nsmap.get(None) for the root: its default namespace.
func refNsmapDefault(n *refNode) string {
	for _, d := range n.nsDecls {
		if d.prefix == "" {
			return d.uri
		}
	}
	return ""
}

// refAndroidParse transcribes AndroidResourceFile.parse and the unit accessors.
// It also charges the text budget (entity text read from attributes, and every
// unit's key, note, values and quantities) and finds the warnings.
func refAndroidParse(data []byte) (*File, error) {
	root, dtd, err := refParseDocument(data)
	if err != nil {
		return nil, err
	}
	if root.local != "resources" || root.uri != refNsmapDefault(root) {
		return nil, &SyntaxError{Line: root.line, Msg: "root element is not <resources>"}
	}
	f := &File{Units: []Unit{}}
	warn := func(line int, kind WarningKind) { f.Warnings = append(f.Warnings, Warning{Line: line, Kind: kind}) }
	firstLine := map[string]int{}
	for idx, el := range root.children {
		if el.kind != refElement || el.uri != "" || el.local != "string" && el.local != "plurals" {
			continue
		}
		name, _, err := el.get(dtd, "name")
		if err != nil {
			return nil, err
		}
		tr, _, err := el.get(dtd, "translatable")
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue
		}
		u := Unit{Key: name, Line: el.line, ReadOnly: tr == "false"}
		var comments []string
		for k := idx - 1; k >= 0 && root.children[k].kind == refComment; k-- {
			comments = append([]string{root.children[k].data}, comments...)
		}
		u.Note = strings.Join(comments, "\n")
		if err := dtd.spend(len(u.Key) + len(u.Note)); err != nil {
			return nil, err
		}
		if _, dup := firstLine[name]; dup {
			warn(u.Line, DuplicateString)
		} else {
			firstLine[name] = u.Line
		}
		if el.local == "string" {
			v, lone, err := refTextValue(el)
			if err == nil {
				err = dtd.spend(len(v))
			}
			if err != nil {
				return nil, err
			}
			if lone > 0 {
				warn(u.Line, LoneSurrogate)
			}
			u.Target = []string{v}
		} else {
			u.Plural = true
			u.Categories, u.Target = []string{}, []string{}
			for _, item := range el.children {
				if item.kind != refElement || item.uri != "" || item.local != "item" {
					continue
				}
				q, ok, err := item.get(dtd, "quantity")
				if err != nil {
					return nil, err
				}
				v, lone, err := refTextValue(item)
				if err == nil {
					err = dtd.spend(len(v) + len(q))
				}
				if err != nil {
					return nil, err
				}
				if lone > 0 {
					warn(item.line, LoneSurrogate)
				}
				if !ok {
					warn(item.line, BadPluralQuantity)
					continue
				}
				switch q {
				case "zero", "one", "two", "few", "many", "other":
				default:
					warn(item.line, BadPluralQuantity)
				}
				if j := indexOf(u.Categories, q); j >= 0 {
					warn(item.line, BadPluralQuantity)
					u.Target[j] = v
				} else {
					u.Categories = append(u.Categories, q)
					u.Target = append(u.Target, v)
				}
			}
		}
		f.Units = append(f.Units, u)
	}
	if n := len(f.Warnings); n > maxWarnings {
		f.Warnings = append(f.Warnings[:maxWarnings], f.Warnings[maxWarnings]) // the count of the rest
	}
	return f, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// refTextValue is get_xml_text_value.
// lone counts the lone surrogates of \\u escapes (only a value without markup can
// hold them).
func refTextValue(el *refNode) (v string, lone int, err error) {
	if len(el.children) == 0 {
		var u unescaper
		out, err := u.appendUnescaped(nil, []byte(el.text), true, false)
		return string(out), u.lone, err
	}
	v, err = refMarkupValue(el)
	return v, 0, err
}

func refMarkupValue(el *refNode) (string, error) {
	clone, err := refDeepCopyUnescaped(el)
	if err != nil {
		return "", err
	}
	var b []byte
	if clone.hasText {
		b = appendEscapedText(b, clone.text)
	}
	for _, c := range clone.children {
		b = refSerialize(b, c, clone, true)
		b = appendEscapedText(b, c.tail)
		if len(b) > maxValueLen {
			return "", errValueTooLarge
		}
	}
	if len(b) > maxValueLen {
		return "", errValueTooLarge
	}
	return string(b), nil
}

// refDeepCopyUnescaped is copy.deepcopy of the element (libxml2 moves namespaces
// declared outside it onto the copy) followed by ttk's unescaping of every text,
// tail, comment and PI.
func refDeepCopyUnescaped(el *refNode) (*refNode, error) {
	clone := &refNode{kind: refElement, prefix: el.prefix, local: el.local, uri: el.uri}
	clone.nsDecls = append(clone.nsDecls, el.nsDecls...)
	var scope [][]refNS
	find := func(prefix string) bool {
		if prefix == "xml" {
			return true
		}
		for _, s := range scope {
			for _, d := range s {
				if d.prefix == prefix {
					return true
				}
			}
		}
		return false
	}
	use := func(prefix, uri string) {
		if prefix != "" && !find(prefix) {
			clone.nsDecls = append(clone.nsDecls, refNS{prefix, uri})
			scope[0] = clone.nsDecls
		}
	}
	scope = append(scope, clone.nsDecls)
	for _, a := range el.attrs {
		use(a.prefix, a.uri)
	}
	xmlOK := func(s string) error {
		for _, r := range s {
			if !isXMLChar(r) {
				return errNotXMLText
			}
		}
		return nil
	}
	unesc := func(s string) (string, error) {
		v, err := unescapeSlow([]byte(s), false, true)
		if err != nil {
			return "", err
		}
		return v, xmlOK(v)
	}
	var copyNode func(n, parent *refNode) (*refNode, error)
	copyNode = func(n, parent *refNode) (*refNode, error) {
		c := &refNode{kind: n.kind, prefix: n.prefix, local: n.local, uri: n.uri, attrs: n.attrs, parent: parent, hasText: n.hasText}
		var err error
		if c.tail, err = unesc(n.tail); err != nil {
			return nil, err
		}
		switch n.kind {
		case refComment, refPI:
			if c.data, err = unesc(n.data); err != nil {
				return nil, err
			}
			return c, nil
		case refEntity:
			return c, nil
		}
		c.nsDecls = n.nsDecls
		scope = append(scope, n.nsDecls)
		defer func() { scope = scope[:len(scope)-1] }()
		use(n.prefix, n.uri)
		for _, a := range n.attrs {
			use(a.prefix, a.uri)
		}
		if n.hasText {
			if c.text, err = unesc(n.text); err != nil {
				return nil, err
			}
		}
		for _, ch := range n.children {
			cc, err := copyNode(ch, c)
			if err != nil {
				return nil, err
			}
			c.children = append(c.children, cc)
		}
		return c, nil
	}
	if el.hasText {
		t, err := unesc(el.text)
		if err != nil {
			return nil, err
		}
		clone.text, clone.hasText = t, true
	}
	for _, ch := range el.children {
		cc, err := copyNode(ch, clone)
		if err != nil {
			return nil, err
		}
		clone.children = append(clone.children, cc)
	}
	return clone, nil
}

// refSerialize is etree.tostring(node) without the tail; a child of the copied root
// (top) carries its namespaces as lxml's serializer adds them.
func refSerialize(b []byte, n, root *refNode, top bool) []byte {
	switch n.kind {
	case refComment:
		return append(append(append(b, "<!--"...), n.data...), "-->"...)
	case refPI:
		return append(append(append(append(append(b, "<?"...), n.local...), ' '), n.data...), "?>"...)
	case refEntity:
		return append(append(append(b, '&'), n.local...), ';')
	}
	b = append(append(b, '<'), n.qname()...)
	decls := append([]refNS(nil), n.nsDecls...)
	if top {
		has := func(p string) bool {
			for _, d := range decls {
				if d.prefix == p {
					return true
				}
			}
			return false
		}
		lookup := func(p string) string {
			for _, d := range root.nsDecls {
				if d.prefix == p {
					return d.uri
				}
			}
			return ""
		}
		if n.prefix != "" && n.prefix != "xml" && !has(n.prefix) {
			decls = append(decls, refNS{n.prefix, lookup(n.prefix)})
		}
		for _, a := range n.attrs {
			if a.prefix != "" && a.prefix != "xml" && !has(a.prefix) {
				decls = append(decls, refNS{a.prefix, lookup(a.prefix)})
			}
		}
		for _, d := range root.nsDecls {
			if !has(d.prefix) {
				decls = append(decls, d)
			}
		}
	}
	for _, d := range decls {
		b = append(b, " xmlns"...)
		if d.prefix != "" {
			b = append(append(b, ':'), d.prefix...)
		}
		b = append(appendEscapedAttr(append(b, `="`...), d.uri), '"')
		if len(b) > maxValueLen {
			return b // the caller sees the length and fails
		}
	}
	for _, a := range n.attrs {
		b = append(refSerializeAttr(append(append(append(b, ' '), a.qname()...), `="`...), a), '"')
	}
	if !n.hasText && len(n.children) == 0 {
		return append(b, "/>"...)
	}
	b = append(b, '>')
	b = appendEscapedText(b, n.text)
	for _, c := range n.children {
		b = refSerialize(b, c, root, false)
		b = appendEscapedText(b, c.tail)
	}
	return append(append(append(b, "</"...), n.qname()...), '>')
}

// refTBXParse transcribes tbxfile.parse and the unit accessors Weblate uses.
func refTBXParse(data []byte) (*File, error) {
	root, dtd, err := refParseDocument(data)
	if err != nil {
		return nil, err
	}
	ns := refNsmapDefault(root)
	if root.local != "martif" || root.uri != ns {
		return nil, &SyntaxError{Line: root.line, Msg: "root element is not <martif>"}
	}
	is := func(n *refNode, local string) bool { return n.kind == refElement && n.uri == ns && n.local == local }
	f := &File{}
	var walkErr error
	var entries []*refNode
	var walk func(n *refNode)
	walk = func(n *refNode) {
		for _, c := range n.children {
			if is(c, "termEntry") {
				entries = append(entries, c)
			}
			walk(c)
		}
	}
	walk(root)
	entityText := refEntityTexter(dtd)
	var stringValue func(n *refNode, b *strings.Builder)
	stringValue = func(n *refNode, b *strings.Builder) {
		b.WriteString(n.text)
		for _, c := range n.children {
			if walkErr != nil {
				return // the budget may be spent: stop copying
			}
			switch c.kind {
			case refElement:
				stringValue(c, b)
			case refEntity:
				v, err := entityText(c.local)
				if err != nil && walkErr == nil {
					walkErr = &SyntaxError{Line: c.line, Msg: err.Error()}
				}
				b.WriteString(v)
			}
			b.WriteString(c.tail)
		}
	}
	getText := func(n *refNode, space string) string {
		v, ok, err := n.xmlAttr(dtd, "space")
		if err != nil && walkErr == nil {
			walkErr = err
		}
		if ok {
			space = v
		}
		var b strings.Builder
		stringValue(n, &b)
		if space == "default" {
			return strings.Join(strings.FieldsFunc(b.String(), func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }), " ")
		}
		return b.String()
	}
	for _, e := range entries {
		id, _, err := e.get(dtd, "id")
		if err != nil {
			return nil, err
		}
		space, ok, err := e.xmlAttr(dtd, "space")
		if err != nil {
			return nil, err
		}
		if !ok {
			space = "preserve"
		}
		var langSets []*refNode
		for _, c := range e.children {
			if is(c, "langSet") {
				langSets = append(langSets, c)
			}
		}
		nodeText := func(i int) string {
			if i >= len(langSets) {
				return ""
			}
			var found *refNode
			var find func(n *refNode)
			find = func(n *refNode) {
				for _, c := range n.children {
					if found != nil {
						return
					}
					if is(c, "term") {
						found = c
						return
					}
					find(c)
				}
			}
			find(langSets[i])
			if found == nil {
				return ""
			}
			return getText(found, space)
		}
		// notes is _getnotelist of translate-toolkit 3.9.2: the elements local
		// below the entry, <note>s only of the given origin ("from"), without
		// repeats. Each <note>'s "from" is read once (the budget sees it once).
		from := map[*refNode]string{}
		notes := func(local, origin string) string {
			var list []string
			var visit func(n *refNode)
			visit = func(n *refNode) {
				for _, c := range n.children {
					if is(c, local) {
						f, seen := from[c]
						if !seen && local == "note" {
							var err error
							if f, _, err = c.get(dtd, "from"); err != nil && walkErr == nil {
								walkErr = err
							}
							from[c] = f
						}
						if origin == "" || f == origin {
							if v := getText(c, space); indexOf(list, v) < 0 {
								list = append(list, v)
							}
						}
					}
					visit(c)
				}
			}
			visit(e)
			return strings.Join(list, "\n")
		}
		u := Unit{Key: id, Line: e.line, Source: []string{nodeText(0)}, Target: []string{nodeText(1)}}
		var parts []string
		for _, n := range []string{notes("termNote", ""), notes("note", "developer")} {
			if n != "" {
				parts = append(parts, n)
			}
		}
		u.Note = strings.Join(parts, "\n")
		u.Explanation = notes("note", "translator")
		u.SourceExplanation = notes("descrip", "")
		if walkErr != nil {
			return nil, walkErr
		}
		if u.Source[0] == "" && u.Target[0] == "" {
			continue
		}
		// The unit's strings count against the document's text budget.
		if err := dtd.spend(len(u.Key) + len(u.Source[0]) + len(u.Target[0]) + len(u.Note) + len(u.Explanation) + len(u.SourceExplanation)); err != nil {
			return nil, err
		}
		f.Units = append(f.Units, u)
	}
	return f, nil
}

// refEntityTexter is xmlBufGetNodeContent for entity references, memoized; every
// copy of an entity's text (a nested reference's while an entity is first
// flattened, and each reference the caller expands) is charged to the budget.
func refEntityTexter(dtd *refDTD) func(string) (string, error) {
	var text func(name string, nesting int) (string, error)
	charged := func(name string, nesting int) (string, error) {
		v, err := text(name, nesting)
		if err != nil {
			return "", err
		}
		return v, dtd.spend(len(v))
	}
	text = func(name string, nesting int) (string, error) {
		e := dtd.entities[name]
		if e == nil || e.external {
			return "", nil
		}
		if e.text != nil {
			return *e.text, nil
		}
		if e.busy || nesting >= maxEntityNesting {
			return "", errors.New("entity loop")
		}
		e.busy = true
		defer func() { e.busy = false }()
		p := &refParser{dtd: dtd}
		frag, err := p.parseFragment(e.repl, nil)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		var inner func(n *refNode) error
		inner = func(n *refNode) error {
			b.WriteString(n.text)
			for _, c := range n.children {
				switch c.kind {
				case refElement:
					if err := inner(c); err != nil {
						return err
					}
				case refEntity:
					v, err := charged(c.local, nesting+1)
					if err != nil {
						return err
					}
					b.WriteString(v)
				}
				b.WriteString(c.tail)
			}
			return nil
		}
		b.WriteString(frag.text)
		for _, c := range frag.children {
			switch c.kind {
			case refElement:
				if err := inner(c); err != nil {
					return "", err
				}
			case refComment, refPI:
				b.WriteString(c.data)
			case refEntity:
				v, err := charged(c.local, nesting+1)
				if err != nil {
					return "", err
				}
				b.WriteString(v)
			}
			b.WriteString(c.tail)
		}
		s := b.String()
		e.text = &s
		return s, nil
	}
	return func(name string) (string, error) { return charged(name, 0) }
}
