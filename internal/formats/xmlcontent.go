package formats

import (
	"strings"
	"unicode/utf8"
)

// This file is the XML layer's reading of a string as XML content, for writers
// outside the package: Weblate's xliff_string_to_rich and translate-toolkit's
// parse_xliff give lxml "<source>" + text + "</source>" to parse, and what libxml2
// refuses there is written as escaped text. The string is read by the same scanner
// as the documents the formats parse, so both refuse the same input.

// XMLNodeKind tells the nodes of XML content apart.
type XMLNodeKind uint8

const (
	XMLText    XMLNodeKind = iota // character data, CDATA sections included
	XMLElement                    // an element with its attributes and content
	XMLComment                    // a comment
	XMLPI                         // a processing instruction
)

// XMLNode is a node of XML content as reading it gives: text with references
// replaced and line ends normalized, attribute values normalized.
type XMLNode struct {
	Kind XMLNodeKind
	Text string // of an XMLText
	// Name is an element's qualified name as written.
	Name string
	// Attrs are an element's attributes in document order, its namespace
	// declarations (xmlns, xmlns:p) apart in Decls.
	Attrs, Decls []XMLAttr
	Kids         []XMLNode
}

// XMLAttr is an attribute: its qualified name as written and its value.
type XMLAttr struct{ Name, Value string }

// ReadXMLContent reads s as the content of an element, as libxml2 reads
// "<source>" + s + "</source>": ok is false where it refuses the document (a
// character XML cannot hold, a bad name or reference, an undefined entity, an
// undeclared prefix, a repeated attribute, "]]>" in text, a DOCTYPE or an XML
// declaration in content). Adjacent text and CDATA make one text node.
func ReadXMLContent(s string) (nodes []XMLNode, ok bool) {
	if !strings.ContainsAny(s, "<&\r") && !strings.Contains(s, "]]>") {
		// Plain text, the common case: one text node when every character is one
		// XML can hold.
		if !utf8.ValidString(s) {
			return nil, false
		}
		for _, r := range s {
			if !isXMLChar(r) {
				return nil, false
			}
		}
		if s == "" {
			return nil, true
		}
		return []XMLNode{{Kind: XMLText, Text: s}}, true
	}
	r := xmlReaders.Get().(*xmlReader)
	r.wrap = append(append(append(r.wrap[:0], "<source>"...), s...), "</source>"...)
	r.s.init(r.wrap)
	r.t.reset()
	defer r.release()
	if r.s.toRoot() != nil || r.t.read(&r.s) != nil {
		return nil, false
	}
	for {
		switch r.s.next() {
		case tokEOF:
			nodes, ok = r.t.contentNodes(0)
			return nodes, ok
		case tokError:
			return nil, false
		}
	}
}

// contentNodes returns the content of element i as nodes; false where it refers
// to an entity (there is no DTD for one to be declared in, so libxml2 refuses it).
func (t *xmlSubtree) contentNodes(i int) ([]XMLNode, bool) {
	var nodes []XMLNode
	end := t.end(i)
	text := false // the last node is text that more text joins
	for j := i + 1; j < end; j++ {
		tk := &t.toks[j]
		switch tk.kind {
		case tokText, tokCDATA:
			// lxml's text and tails hold no empty strings: an empty CDATA section
			// adds nothing.
			if v := t.appendText(t.buf[:0], j); len(v) > 0 {
				t.buf = v
				if text {
					nodes[len(nodes)-1].Text += string(v)
				} else {
					nodes = append(nodes, XMLNode{Kind: XMLText, Text: string(v)})
					text = true
				}
			}
			continue
		case tokComment:
			nodes = append(nodes, XMLNode{Kind: XMLComment})
		case tokPI:
			nodes = append(nodes, XMLNode{Kind: XMLPI})
		case tokStart:
			el := XMLNode{Kind: XMLElement, Name: string(tk.name)}
			for k := tk.a0; k < tk.a1; k++ {
				a := &t.attrs[k]
				v, err := t.attrString(a, tk.off)
				if err != nil {
					return nil, false
				}
				if a.nsDecl {
					el.Decls = append(el.Decls, XMLAttr{string(a.name), v})
				} else {
					el.Attrs = append(el.Attrs, XMLAttr{string(a.name), v})
				}
			}
			kids, ok := t.contentNodes(j)
			if !ok {
				return nil, false
			}
			el.Kids = kids
			nodes = append(nodes, el)
			j = t.end(j)
		case tokEntRef:
			return nil, false
		}
		text = false
	}
	return nodes, true
}
