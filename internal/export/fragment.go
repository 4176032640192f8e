package export

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The XLIFF exporters first try to read each string as XLIFF markup (Weblate's
// xliff_string_to_rich, translate-toolkit's parse_xliff: lxml parses
// "<source>" + text + "</source>"); when that works, the string is written as the
// markup it holds, not as escaped text. parseFragment reads a string as libxml2
// would, refusing what it refuses (bad names, undefined entities, undeclared
// prefixes, repeated attributes, "]]>" in text, characters XML cannot hold), and
// also what translate-toolkit then fails on (processing instructions, <g> without
// an id). It returns the content as translate-toolkit's placeables would write it
// back (xml_to_strelem, then strelem_to_xml).

// richItem is text or an element of markup. Parsed items also hold comments
// (tag "!--") and processing instructions (tag "?"), and an element's namespace
// declarations apart (decls); convert turns them into what strelem_to_xml writes.
type richItem struct {
	text  string
	isEl  bool
	tag   string
	attrs []xattr
	decls []xattr
	kids  []richItem
}

type fragParser struct {
	s   []rune
	pos int
	ns  []map[string]bool // declared prefixes, innermost last
}

type fragError struct{}

func (fragError) Error() string { return "not XML" }

// parseFragment returns the items of s read as XML content, or ok false.
func parseFragment(s string) (items []richItem, ok bool) {
	if !utf8.ValidString(s) {
		return nil, false
	}
	if !strings.ContainsAny(s, "<&\r") && !strings.Contains(s, "]]>") {
		// plain text: one text item when every character is one XML can hold
		for _, r := range s {
			if !isXMLChar(r) {
				return nil, false
			}
		}
		if s == "" {
			return nil, true
		}
		return []richItem{{text: s}}, true
	}
	// XML end-of-line handling: CRLF and lone CR become LF.
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	p := &fragParser{s: []rune(s), ns: []map[string]bool{{"xml": true}}}
	defer func() {
		if r := recover(); r != nil {
			if _, isFrag := r.(fragError); !isFrag {
				panic(r)
			}
			items, ok = nil, false
		}
	}()
	items = p.content("")
	if p.pos != len(p.s) {
		panic(fragError{})
	}
	return convert(items), true
}

// convert is xml_to_strelem and the placeable makers: a comment is skipped with
// the text that follows it; a processing instruction makes translate-toolkit fail
// (a TypeError, which Weblate catches); <g> needs an id (a KeyError); <x>, <bx>
// and <ex> lose their content, and all their attributes without an id.
func convert(items []richItem) []richItem {
	var out []richItem
	afterComment := false
	for _, it := range items {
		switch {
		case !it.isEl:
			if !afterComment {
				out = append(out, it)
			}
			continue
		case it.tag == "!--":
			afterComment = true
			continue
		case it.tag == "?":
			panic(fragError{})
		}
		afterComment = false
		local := it.tag
		if _, l, ok := strings.Cut(it.tag, ":"); ok {
			local = l
		}
		get := func(name string) (string, bool) {
			for _, a := range it.attrs {
				if a.name == name {
					return a.value, true
				}
			}
			return "", false
		}
		el := richItem{isEl: true, tag: it.tag}
		switch local {
		case "g":
			id, ok := get("id")
			if !ok {
				panic(fragError{})
			}
			el.tag = "g"
			el.attrs = mergeAttrs([]xattr{{"id", id}}, it.attrs)
			el.kids = convert(it.kids)
		case "x", "bx", "ex":
			el.tag = local
			if id, ok := get("id"); ok {
				el.attrs = []xattr{{"id", id}}
				if xid, ok := get("xid"); ok {
					el.attrs = append(el.attrs, xattr{"xid", xid})
				}
				if rid, ok := get("rid"); ok {
					el.attrs = append(el.attrs, xattr{"rid", rid})
				}
				el.attrs = mergeAttrs(el.attrs, it.attrs)
			}
		default:
			// an UnknownXML keeps a copy of the node: declarations first, as lxml
			// writes them
			el.attrs = append(slices.Clone(it.decls), it.attrs...)
			el.kids = convert(it.kids)
		}
		out = append(out, el)
	}
	return out
}

func (p *fragParser) fail() { panic(fragError{}) }

func (p *fragParser) peek(prefix string) bool {
	return hasRunes(p.s[p.pos:], prefix)
}

func hasRunes(s []rune, prefix string) bool {
	i := 0
	for _, r := range prefix {
		if i >= len(s) || s[i] != r {
			return false
		}
		i++
	}
	return true
}

func isXMLChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

func isNameStart(r rune) bool {
	return r == ':' || r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' ||
		r >= 0xC0 && r <= 0xD6 || r >= 0xD8 && r <= 0xF6 || r >= 0xF8 && r <= 0x2FF ||
		r >= 0x370 && r <= 0x37D || r >= 0x37F && r <= 0x1FFF || r >= 0x200C && r <= 0x200D ||
		r >= 0x2070 && r <= 0x218F || r >= 0x2C00 && r <= 0x2FEF || r >= 0x3001 && r <= 0xD7FF ||
		r >= 0xF900 && r <= 0xFDCF || r >= 0xFDF0 && r <= 0xFFFD || r >= 0x10000 && r <= 0xEFFFF
}

func isNameChar(r rune) bool {
	return isNameStart(r) || r == '-' || r == '.' || r >= '0' && r <= '9' || r == 0xB7 ||
		r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}

func (p *fragParser) name() string {
	start := p.pos
	if p.pos >= len(p.s) || !isNameStart(p.s[p.pos]) {
		p.fail()
	}
	for p.pos < len(p.s) && isNameChar(p.s[p.pos]) {
		p.pos++
	}
	return string(p.s[start:p.pos])
}

func (p *fragParser) space() bool {
	start := p.pos
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\n') {
		p.pos++
	}
	return p.pos > start
}

// reference reads &name; or a character reference after the "&".
func (p *fragParser) reference() string {
	p.pos++ // &
	if p.peek("#") {
		p.pos++
		base := 10
		if p.peek("x") {
			base = 16
			p.pos++
		}
		start := p.pos
		for p.pos < len(p.s) && p.s[p.pos] != ';' {
			p.pos++
		}
		if p.pos >= len(p.s) || p.pos == start {
			p.fail()
		}
		digits := string(p.s[start:p.pos])
		p.pos++
		n, err := strconv.ParseUint(digits, base, 32)
		if err != nil || strings.ContainsAny(digits, "+-") || !isXMLChar(rune(n)) {
			p.fail()
		}
		return string(rune(n))
	}
	n := p.name()
	if !p.peek(";") {
		p.fail()
	}
	p.pos++
	switch n {
	case "amp":
		return "&"
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "quot":
		return `"`
	case "apos":
		return "'"
	}
	p.fail() // an undefined entity
	return ""
}

// content reads until the end tag of closing (or the end of the input at the top).
func (p *fragParser) content(closing string) []richItem {
	var items []richItem
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			items = append(items, richItem{text: text.String()})
		}
		text.Reset()
	}
	for p.pos < len(p.s) {
		r := p.s[p.pos]
		switch {
		case r == '&':
			text.WriteString(p.reference())
		case r == '<' && p.peek("</"):
			if closing == "" {
				p.fail()
			}
			flush()
			return items
		case r == '<' && p.peek("<!--"):
			p.pos += 4
			for !p.peek("-->") {
				if p.pos >= len(p.s) || p.peek("--") || !isXMLChar(p.s[p.pos]) {
					p.fail()
				}
				p.pos++
			}
			p.pos += 3
			flush()
			items = append(items, richItem{isEl: true, tag: "!--"})
		case r == '<' && p.peek("<![CDATA["):
			p.pos += 9
			for !p.peek("]]>") {
				if p.pos >= len(p.s) || !isXMLChar(p.s[p.pos]) {
					p.fail()
				}
				text.WriteRune(p.s[p.pos])
				p.pos++
			}
			p.pos += 3
		case r == '<' && p.peek("<?"):
			p.pos += 2
			target := p.name()
			if strings.EqualFold(target, "xml") {
				p.fail() // an XML declaration in content
			}
			if !p.peek("?>") && !p.space() {
				p.fail()
			}
			for !p.peek("?>") {
				if p.pos >= len(p.s) || !isXMLChar(p.s[p.pos]) {
					p.fail()
				}
				p.pos++
			}
			p.pos += 2
			flush()
			items = append(items, richItem{isEl: true, tag: "?"})
		case r == '<' && p.peek("<!"):
			p.fail() // a doctype or the like in content
		case r == '<':
			flush()
			items = append(items, p.element())
		default:
			if !isXMLChar(r) || p.peek("]]>") {
				p.fail()
			}
			text.WriteRune(r)
			p.pos++
		}
	}
	if closing != "" {
		p.fail()
	}
	flush()
	return items
}

func (p *fragParser) element() richItem {
	p.pos++ // <
	tag := p.name()
	el := richItem{isEl: true, tag: tag}
	scope := map[string]bool{}
	var raw []xattr
	for {
		sp := p.space()
		if p.peek("/>") || p.peek(">") {
			break
		}
		if !sp {
			p.fail()
		}
		n := p.name()
		p.space()
		if !p.peek("=") {
			p.fail()
		}
		p.pos++
		p.space()
		if p.pos >= len(p.s) || p.s[p.pos] != '"' && p.s[p.pos] != '\'' {
			p.fail()
		}
		q := p.s[p.pos]
		p.pos++
		var v strings.Builder
		for {
			if p.pos >= len(p.s) {
				p.fail()
			}
			c := p.s[p.pos]
			if c == q {
				p.pos++
				break
			}
			switch {
			case c == '<' || !isXMLChar(c):
				p.fail()
			case c == '&':
				v.WriteString(p.reference())
			case c == '\t' || c == '\n':
				v.WriteByte(' ') // attribute-value normalization
				p.pos++
			default:
				v.WriteRune(c)
				p.pos++
			}
		}
		for _, a := range raw {
			if a.name == n {
				p.fail() // attribute redefined
			}
		}
		raw = append(raw, xattr{n, v.String()})
		if n == "xmlns" {
			scope[""] = true
		} else if prefix, ok := strings.CutPrefix(n, "xmlns:"); ok {
			scope[prefix] = true
		}
	}
	p.ns = append(p.ns, scope)
	declared := func(name string) bool {
		prefix, _, ok := strings.Cut(name, ":")
		if !ok {
			return true
		}
		for i := len(p.ns) - 1; i >= 0; i-- {
			if p.ns[i][prefix] {
				return true
			}
		}
		return false
	}
	if !declared(tag) {
		p.fail()
	}
	// lxml writes namespace declarations before the attributes.
	var decls, attrs []xattr
	for _, a := range raw {
		switch {
		case a.name == "xmlns" || strings.HasPrefix(a.name, "xmlns:"):
			decls = append(decls, a)
		case !declared(a.name):
			p.fail()
		default:
			attrs = append(attrs, a)
		}
	}
	if p.peek("/>") {
		p.pos += 2
	} else {
		p.pos++ // >
		el.kids = p.content(tag)
		p.pos += 2 // </
		if p.name() != tag {
			p.fail()
		}
		p.space()
		if !p.peek(">") {
			p.fail()
		}
		p.pos++
	}
	p.ns = p.ns[:len(p.ns)-1]
	el.attrs, el.decls = attrs, decls
	return el
}

// mergeAttrs sets each attribute of add on base, keeping places.
func mergeAttrs(base, add []xattr) []xattr {
	for _, a := range add {
		found := false
		for i := range base {
			if base[i].name == a.name {
				base[i].value = a.value
				found = true
			}
		}
		if !found {
			base = append(base, a)
		}
	}
	return base
}

// writeRich is strelem_to_xml: text joins the node's text or its last child's
// tail, elements are appended.
func writeRich(parent *xnode, items []richItem) {
	for _, it := range items {
		switch {
		case it.isEl:
			n := newNode(it.tag)
			n.attrs = append([]xattr(nil), it.attrs...)
			parent.append(n)
			writeRich(n, it.kids)
		default:
			appendText(parent, it.text)
		}
	}
}

func appendText(n *xnode, s string) {
	if len(n.kids) == 0 {
		if n.text == nil || *n.text == "" {
			n.setText(s)
		} else {
			n.setText(*n.text + s)
		}
		return
	}
	last := n.kids[len(n.kids)-1]
	if last.tail == nil {
		last.tail = &s
	} else {
		t := *last.tail + s
		last.tail = &t
	}
}
