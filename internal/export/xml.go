package export

import (
	"slices"
	"strings"
)

// The XML formats are built on a small element tree with lxml's text and tail
// model, serialized as lxml (libxml2) writes it: attributes in the order they were
// first set, an element without text or children self-closed, an element whose
// text is "" written open and closed.

type xnode struct {
	tag    string
	attrs  []xattr
	text   *string
	tail   *string
	kids   []*xnode
	parent *xnode
	// stream, on the child that stands for a document's units, writes them in its
	// place (xmlStore).
	stream func(level int)
}

type xattr struct{ name, value string }

func newNode(tag string) *xnode { return &xnode{tag: tag} }

func (n *xnode) get(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.name == name {
			return a.value, true
		}
	}
	return "", false
}

// set sets an attribute, keeping its place when it exists.
func (n *xnode) set(name, value string) {
	for i := range n.attrs {
		if n.attrs[i].name == name {
			n.attrs[i].value = value
			return
		}
	}
	n.attrs = append(n.attrs, xattr{name, value})
}

func (n *xnode) del(name string) {
	n.attrs = slices.DeleteFunc(n.attrs, func(a xattr) bool { return a.name == name })
}

func (n *xnode) setText(s string) { n.text = &s }

func (n *xnode) append(c *xnode) {
	c.detach()
	c.parent = n
	n.kids = append(n.kids, c)
}

// insert is lxml's insert: at index i of the children, or at the end past them.
func (n *xnode) insert(i int, c *xnode) {
	c.detach()
	c.parent = n
	if i > len(n.kids) {
		i = len(n.kids)
	}
	n.kids = slices.Insert(n.kids, i, c)
}

func (n *xnode) remove(c *xnode) {
	if i := slices.Index(n.kids, c); i >= 0 {
		n.kids = slices.Delete(n.kids, i, i+1)
		c.parent = nil
	}
}

// replace is lxml's replace: c takes old's place.
func (n *xnode) replace(old, c *xnode) {
	if i := slices.Index(n.kids, old); i >= 0 {
		c.detach()
		c.parent = n
		n.kids[i] = c
		old.parent = nil
	}
}

func (n *xnode) detach() {
	if n.parent != nil {
		n.parent.remove(n)
	}
}

func (n *xnode) sub(tag string) *xnode {
	c := newNode(tag)
	n.append(c)
	return c
}

func (n *xnode) child(tag string) *xnode {
	for _, c := range n.kids {
		if c.tag == tag {
			return c
		}
	}
	return nil
}

// textContent is XPath's string(.): the text of the node and its descendants.
func (n *xnode) textContent() string {
	var b strings.Builder
	var walk func(*xnode)
	walk = func(x *xnode) {
		if x.text != nil {
			b.WriteString(*x.text)
		}
		for _, c := range x.kids {
			walk(c)
			if c.tail != nil {
				b.WriteString(*c.tail)
			}
		}
	}
	walk(n)
	return b.String()
}

// escText is libxml2's escaping of character data.
func escText(b *writer, s string) {
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\r':
			b.WriteString("&#13;")
		default:
			b.WriteRune(r)
		}
	}
}

// escAttr is libxml2's escaping of attribute values.
func escAttr(b *writer, s string) {
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\n':
			b.WriteString("&#10;")
		case '\r':
			b.WriteString("&#13;")
		case '\t':
			b.WriteString("&#9;")
		default:
			b.WriteRune(r)
		}
	}
}

func writeStart(b *writer, n *xnode) {
	b.WriteString("<" + n.tag)
	for _, a := range n.attrs {
		b.WriteString(" " + a.name + `="`)
		escAttr(b, a.value)
		b.WriteByte('"')
	}
}

// writeNode writes n as lxml does without pretty printing (tails of n's
// children included, n's own tail not).
func writeNode(b *writer, n *xnode) {
	if n.stream != nil {
		n.stream(-1)
		return
	}
	writeStart(b, n)
	if n.text == nil && len(n.kids) == 0 {
		b.WriteString("/>")
		return
	}
	b.WriteByte('>')
	if n.text != nil {
		escText(b, *n.text)
	}
	for _, c := range n.kids {
		writeNode(b, c)
		if c.tail != nil {
			escText(b, *c.tail)
		}
	}
	b.WriteString("</" + n.tag + ">")
}

// writePretty is libxml2's formatted output (lxml's pretty_print): inside an
// element without text, each child goes on its own line, indented two spaces a
// level; an element holding text is written as is.
func writePretty(b *writer, n *xnode, level int) {
	if n.stream != nil {
		n.stream(level)
		return
	}
	writeStart(b, n)
	if n.text == nil && len(n.kids) == 0 {
		b.WriteString("/>")
		return
	}
	b.WriteByte('>')
	format := n.text == nil
	for _, c := range n.kids {
		if c.tail != nil {
			format = false
		}
	}
	if !format {
		if n.text != nil {
			escText(b, *n.text)
		}
		for _, c := range n.kids {
			writeNode(b, c)
			if c.tail != nil {
				escText(b, *c.tail)
			}
		}
		b.WriteString("</" + n.tag + ">")
		return
	}
	b.WriteByte('\n')
	for _, c := range n.kids {
		b.WriteString(strings.Repeat("  ", level+1))
		writePretty(b, c, level+1)
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat("  ", level) + "</" + n.tag + ">")
}

// reindent is translate-toolkit's xml_helpers.reindent (toplevel False).
func reindent(n *xnode, level int, indent string, maxLevel int) {
	i := "\n" + strings.Repeat(indent, level)
	extra := i + indent
	blank := func(s *string) bool { return s == nil || pyStrip(*s) == "" }
	if len(n.kids) > 0 && level < maxLevel {
		if space, _ := n.get("xml:space"); blank(n.text) && space != "preserve" {
			n.setText(extra)
		}
		if blank(n.tail) {
			n.tail = &i
		}
		for _, c := range n.kids {
			reindent(c, level+1, indent, maxLevel)
		}
		if last := n.kids[len(n.kids)-1]; blank(last.tail) {
			last.tail = &i
		}
	}
	if blank(n.tail) {
		n.tail = &i
	}
}

// xmlLayout is how a LISA store is laid out: reindented (indent, down to
// maxLevel) and written as is, or pretty-printed by lxml.
type xmlLayout struct {
	pretty   bool
	indent   string
	maxLevel int
}

// xmlStore writes a LISA store as translate-toolkit's LISAfile.serialize: its own
// declaration line, then lxml's serialization of the document (the doctype, the
// root, a newline). The n units of body (at unitLevel of the tree) are made by
// unit one at a time and written as they are made, each laid out as it would be
// in the whole tree: a stand-in child of body takes their place while the rest
// is laid out, so body's text and the last unit's tail come out as they would
// with every unit there.
func xmlStore(w *writer, doctype string, root, body *xnode, layout xmlLayout, unitLevel, n int, unit func(i int) *xnode) error {
	var err error
	if n > 0 {
		stand := newNode("")
		body.append(stand)
		stand.stream = func(level int) {
			for i := 0; i < n; i++ {
				if err = w.next(i); err != nil {
					return
				}
				el := unit(i)
				if layout.pretty {
					if i > 0 {
						w.WriteString("\n" + strings.Repeat("  ", level))
					}
					writePretty(w, el, level)
					continue
				}
				reindent(el, unitLevel, layout.indent, layout.maxLevel)
				writeNode(w, el)
				if i < n-1 {
					// The last unit's tail is the stand-in's, set by its parent.
					escText(w, *el.tail)
				}
			}
		}
	}
	if !layout.pretty {
		reindent(root, 0, layout.indent, layout.maxLevel)
	}
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	if doctype != "" {
		w.WriteString(doctype + "\n")
	}
	if layout.pretty {
		writePretty(w, root, 0)
	} else {
		writeNode(w, root)
	}
	w.WriteByte('\n')
	return err
}

// xmlFilter is the XML exporters' string_filter: the characters XML 1.0 cannot
// hold (control characters but tab, newline and carriage return; U+FFFE, U+FFFF;
// surrogates, which Go strings cannot carry) removed.
func xmlFilter(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xfffe || r == 0xffff {
			return -1
		}
		return r
	}, s)
}
