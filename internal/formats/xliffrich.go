package formats

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is how Weblate 4.18 shows the <source> and <target> of an XLIFF unit
// that holds markup ("XLIFF with placeables support", RichXliffUnit in
// weblate/formats/ttkit.py): translate-toolkit turns the element's content into
// placeables (xml_to_strelem, translate/storage/placeables/lisa.py), and Weblate's
// rich_to_xliff_string (weblate/trans/util.py) writes them back into a dummy
// element with lxml and serializes its content. What comes out is not the markup
// as written:
//
//   - White space is normalized unless xml:space="preserve" (normalize_xml_space in
//     translate/misc/xml_helpers.py, quirks included: leading white space is
//     stripped from the text of the element and of each <g> and unknown element,
//     trailing white space only from an element without children).
//   - <g>, <x>, <bx> and <ex> are rebuilt from scratch: no namespace prefix, id
//     (then xid and rid) first, the other attributes after it in document order; an
//     <x>, <bx> or <ex> without id loses all its attributes, and their content is
//     dropped. A <g> without id is an error (KeyError), which Weblate reports as a
//     file it cannot load.
//   - Any other element (<ph>, <bpt>, <mrk>, foreign markup) is a copy of the
//     original with its attributes and namespace declarations; the namespace of a
//     top-level one is removed from its name, and declarations nothing uses are
//     dropped (lxml's cleanup_namespaces).
//   - Comments are dropped together with the text that follows them; processing
//     instructions and references to declared entities are errors.

// richNode is an element (or comment, processing instruction, entity reference) of
// the content, with lxml's .text and .tail.
type richNode struct {
	kind       tokKind // tokStart for an element
	tok        int     // start token in the subtree
	text, tail string
	kids       []*richNode
	// normalized is set once normalize has run on the node without its remove
	// flag: running it so again changes nothing (collapsing white space twice is
	// collapsing it once), and every ancestor's string asks for it.
	normalized bool
}

// richBuilder builds and serializes the content of one element.
type richBuilder struct {
	t   *xmlSubtree
	buf []byte
	// escapes memoizes escaping by token index.
	escapes map[int][]nsUse
}

// richTree reads element i and its content into nodes.
func (b *richBuilder) richTree(i int) *richNode {
	t := b.t
	n := &richNode{kind: tokStart, tok: i}
	end := t.end(i)
	j := i + 1
	j, n.text = b.textRun(j, end)
	for j < end {
		tk := &t.toks[j]
		var kid *richNode
		switch tk.kind {
		case tokStart:
			kid = b.richTree(j)
			j = t.end(j) + 1
		case tokComment, tokPI, tokEntRef:
			kid = &richNode{kind: tk.kind, tok: j}
			j++
		default:
			j++
			continue
		}
		j, kid.tail = b.textRun(j, end)
		n.kids = append(n.kids, kid)
	}
	return n
}

// textRun reads the text and CDATA tokens from j on.
func (b *richBuilder) textRun(j, end int) (int, string) {
	b.buf = b.buf[:0]
	for j < end && (b.t.toks[j].kind == tokText || b.t.toks[j].kind == tokCDATA) {
		b.buf = b.t.appendText(b.buf, j)
		j++
	}
	return j, string(b.buf)
}

// xmlSpace is getXMLspace(node) or def: the node's own xml:space when set and
// not empty.
func (b *richBuilder) xmlSpace(n *richNode, def string) (string, error) {
	if n.kind != tokStart {
		return def, nil
	}
	v, _, err := b.t.xmlAttr(n.tok, "space")
	if err != nil || v == "" {
		return def, err
	}
	return v, nil
}

// normalize is translate-toolkit's normalize_xml_space, which passes its
// remove_start flag to the children where their xml_space is expected: below the
// top, nodes are normalized unless their own xml:space is "preserve", and never
// lose leading white space.
func (b *richBuilder) normalize(n *richNode, space string, removeStart bool) error {
	if n.normalized && !removeStart {
		return nil
	}
	space, err := b.xmlSpace(n, space)
	if err != nil {
		return err
	}
	if space == "preserve" {
		return nil
	}
	n.normalized = n.normalized || !removeStart
	if n.text != "" {
		n.text = collapseXMLSpace(n.text)
		if removeStart && n.text[0] == ' ' {
			n.text = pyLstrip(n.text)
		}
		if len(n.kids) == 0 {
			n.text = pyRstrip(n.text)
		}
	}
	if n.tail != "" {
		n.tail = collapseXMLSpace(n.tail)
	}
	for _, k := range n.kids {
		// translate-toolkit passes its remove_start flag where the child's
		// xml_space goes: any value but "preserve" normalizes, and the child keeps
		// its leading white space.
		if err := b.normalize(k, "", false); err != nil {
			return err
		}
	}
	return nil
}

// errRichContent is content translate-toolkit's placeables cannot represent.
var errRichContent = errors.New("a processing instruction or entity reference inside XLIFF text (translate-toolkit cannot read it as placeables)")

// outNode is an element of the serialized result.
type outNode struct {
	src      int    // start token of the original element
	newName  string // g, x, bx or ex for a rebuilt element; "" for a copy
	attrs    []outAttr
	decls    []*nsDecl // namespace declarations on the element
	ref      *nsDecl   // the declaration of the element's namespace, or nil
	content  []outItem
	topLevel bool
}

type outAttr struct {
	a     *xattr
	value string // rebuilt elements: the value as read
	ref   *nsDecl
}

type outItem struct {
	text string
	elem *outNode
}

type nsDecl struct {
	prefix []byte // nil: the default namespace
	uri    string
	used   bool
}

// richString is rich_to_xliff_string(xml_to_strelem(element i, space)).
func (t *xmlSubtree) richString(i int, space string) (string, error) {
	b := richBuilder{t: t}
	if end := t.end(i); textRunEnd(t.toks, i+1) == end {
		// Text alone, as most units are: normalized and escaped.
		n := richNode{kind: tokStart, tok: i}
		_, n.text = b.textRun(i+1, end)
		if err := b.normalize(&n, space, true); err != nil {
			return "", err
		}
		if !strings.ContainsAny(n.text, "&<>\r") {
			return n.text, nil
		}
		return string(appendEscapedText(nil, n.text)), nil
	}
	root := b.richTree(i)
	items, err := b.strelem(root, space)
	if err != nil {
		return "", err
	}
	for _, it := range items {
		if it.elem != nil {
			b.attach(it.elem, nil)
		}
	}
	for _, it := range items {
		if it.elem != nil && it.elem.newName == "" {
			it.elem.ref = nil // Weblate removes the namespace of top-level elements
		}
	}
	for _, it := range items {
		if it.elem != nil {
			markUsed(it.elem)
		}
	}
	var out []byte
	for _, it := range items {
		out = b.serialize(out, it)
	}
	return string(out), nil
}

// strelem is xml_to_strelem(n).sub: the content of n as text and placeables, after
// normalizing n's white space.
func (b *richBuilder) strelem(n *richNode, space string) ([]outItem, error) {
	if err := b.normalize(n, space, true); err != nil {
		return nil, err
	}
	var items []outItem
	if n.text != "" {
		items = append(items, outItem{text: n.text})
	}
	for _, k := range n.kids {
		if k.kind == tokComment {
			continue // and its tail with it
		}
		if k.kind != tokStart {
			return nil, &SyntaxError{Line: b.t.line(k.tok), Msg: errRichContent.Error()}
		}
		e, err := b.placeable(k, space)
		if err != nil {
			return nil, err
		}
		items = append(items, outItem{elem: e})
		if k.tail != "" {
			items = append(items, outItem{text: k.tail})
		}
	}
	return items, nil
}

// ttkTag is translate-toolkit's parse_tag of the element's name: the local name up
// to its first character that is not a word character or '-', or "" when the
// namespace has a character its pattern does not allow.
func ttkTag(uri string, local []byte) string {
	for _, r := range uri {
		if !isWordRune(r) && !strings.ContainsRune("-:./", r) {
			return ""
		}
	}
	end := 0
	for end < len(local) {
		r, size := utf8.DecodeRune(local[end:])
		if !isWordRune(r) && r != '-' {
			break
		}
		end += size
	}
	return string(local[:end])
}

// isWordRune is \w of Python's re on str.
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Nl, unicode.No)
}

// placeable turns element k into the element Weblate writes for it.
func (b *richBuilder) placeable(k *richNode, space string) (*outNode, error) {
	t := b.t
	tk := &t.toks[k.tok]
	tag := ttkTag(tk.uri, t.local(k.tok))
	switch tag {
	case "g", "x", "bx", "ex":
		e := &outNode{src: k.tok, newName: tag}
		id, hasID, err := t.attr(k.tok, "id")
		if err != nil {
			return nil, err
		}
		if !hasID {
			if tag == "g" {
				return nil, &SyntaxError{Line: t.line(k.tok), Msg: "an XLIFF <g> without id (translate-toolkit raises KeyError)"}
			}
			return e, nil
		}
		e.attrs = append(e.attrs, outAttr{value: id})
		names := []string{"id"}
		if tag != "g" {
			for _, n := range []string{"xid", "rid"} {
				if v, ok, err := t.attr(k.tok, n); err != nil {
					return nil, err
				} else if ok {
					e.attrs = append(e.attrs, outAttr{value: v})
					names = append(names, n)
				}
			}
		}
		for j := tk.a0; j < tk.a1; j++ {
			a := &t.attrs[j]
			if a.nsDecl {
				continue
			}
			if a.prefixLen > 0 && a.uri != xmlNamespace {
				return nil, &SyntaxError{Line: t.line(k.tok), Msg: "an attribute in a foreign namespace on an XLIFF <" + tag + "> is not supported"}
			}
			name := string(a.name)
			if a.prefixLen > 0 {
				name = "{xml}" + string(a.local())
			}
			v, err := t.attrString(a, tk.off)
			if err != nil {
				return nil, err
			}
			found := false
			for n, have := range names {
				if have == name {
					e.attrs[n] = outAttr{a: e.attrs[n].a, value: v}
					found = true
				}
			}
			if found {
				continue
			}
			names = append(names, name)
			e.attrs = append(e.attrs, outAttr{a: a, value: v})
		}
		// The first attributes were set by name: give them their xattr.
		for n := range e.attrs {
			if e.attrs[n].a == nil {
				e.attrs[n].a = b.findAttr(k.tok, names[n])
			}
		}
		if tag == "g" {
			sub, err := b.strelem(k, space)
			if err != nil {
				return nil, err
			}
			e.content = sub
		}
		return e, nil
	}
	e := &outNode{src: k.tok}
	b.copyNamespaces(e, k.tok)
	sub, err := b.strelem(k, space)
	if err != nil {
		return nil, err
	}
	e.content = sub
	return e, nil
}

// findAttr is the unprefixed attribute of that name of element i.
func (b *richBuilder) findAttr(i int, name string) *xattr {
	tk := &b.t.toks[i]
	for j := tk.a0; j < tk.a1; j++ {
		a := &b.t.attrs[j]
		if !a.nsDecl && a.prefixLen == 0 && string(a.name) == name {
			return a
		}
	}
	return nil
}

// copyNamespaces gives the copy of element i the namespace declarations lxml's
// copy has: the element's own, then each namespace the element, its attributes
// and its descendants use but that is declared outside it, in the order libxml2's
// recursive copy meets them (xmlStaticCopyNode declares those on the copy's root).
func (b *richBuilder) copyNamespaces(e *outNode, i int) {
	t := b.t
	e.decls = b.ownDecls(i)
	find := func(prefix []byte) *nsDecl {
		for _, d := range e.decls {
			if samePrefix(d.prefix, prefix) {
				return d
			}
		}
		return nil
	}
	use := func(prefix []byte, uri string) *nsDecl {
		if d := find(prefix); d != nil {
			return d
		}
		d := &nsDecl{prefix: prefix, uri: uri}
		e.decls = append(e.decls, d)
		return d
	}
	tk := &t.toks[i]
	if tk.uri != "" {
		e.ref = use(tagPrefix(tk), tk.uri)
	}
	for x := tk.a0; x < tk.a1; x++ {
		a := &t.attrs[x]
		if a.nsDecl {
			continue
		}
		if a.prefixLen == 0 || a.uri == xmlNamespace {
			e.attrs = append(e.attrs, outAttr{a: a})
			continue
		}
		e.attrs = append(e.attrs, outAttr{a: a, ref: use(a.prefix(), a.uri)})
	}
	for _, u := range b.childrenEscaping(i) {
		use(u.prefix, u.uri)
	}
}

// nsUse is a namespace an element or its content uses: its prefix as written
// (nil for the default namespace) and the namespace it names there.
type nsUse struct {
	prefix []byte
	uri    string
}

func samePrefix(a, b []byte) bool { return (a == nil) == (b == nil) && bytes.Equal(a, b) }

// tagPrefix is the prefix of a start tag's name; nil when it has none.
func tagPrefix(tk *ctok) []byte {
	if tk.prefixLen > 0 {
		return tk.name[:tk.prefixLen]
	}
	return nil
}

// ownDecls are the namespace declarations written on element i.
func (b *richBuilder) ownDecls(i int) []*nsDecl {
	t := b.t
	var ds []*nsDecl
	tk := &t.toks[i]
	for x := tk.a0; x < tk.a1; x++ {
		a := &t.attrs[x]
		if a.nsDecl && !declaresXMLPrefix(a) {
			var p []byte
			if a.prefixLen > 0 {
				p = a.local()
			}
			ds = append(ds, &nsDecl{prefix: p, uri: attrValue(a)})
		}
	}
	return ds
}

// childrenEscaping lists, in the order they are first met, the prefixes the
// elements inside element i use without declaring them inside i's children (each
// once, with the namespace of its first use).
func (b *richBuilder) childrenEscaping(i int) []nsUse {
	t := b.t
	var out []nsUse
	end := t.end(i)
	for j := i + 1; j < end; j++ {
		if t.toks[j].kind != tokStart {
			continue
		}
		for _, u := range b.escaping(j) {
			if !slices.ContainsFunc(out, func(o nsUse) bool { return samePrefix(o.prefix, u.prefix) }) {
				out = append(out, u)
			}
		}
		j = t.end(j)
	}
	return out
}

// escaping lists, in the order they are first met, the prefixes element i and
// everything inside it use that no declaration inside it (its own included)
// binds: what a copy of i declares beyond its own declarations. Each element's
// list is made once per subtree and from its children's, so nesting costs the
// size of the lists rather than the depth times the size of the subtree.
func (b *richBuilder) escaping(i int) []nsUse {
	if u, ok := b.escapes[i]; ok {
		return u
	}
	t := b.t
	own := b.ownDecls(i)
	var out []nsUse
	note := func(prefix []byte, uri string) {
		for _, d := range own {
			if samePrefix(d.prefix, prefix) {
				return
			}
		}
		if !slices.ContainsFunc(out, func(o nsUse) bool { return samePrefix(o.prefix, prefix) }) {
			out = append(out, nsUse{prefix, uri})
		}
	}
	tk := &t.toks[i]
	if tk.uri != "" {
		note(tagPrefix(tk), tk.uri)
	}
	for x := tk.a0; x < tk.a1; x++ {
		if a := &t.attrs[x]; !a.nsDecl && a.prefixLen > 0 && a.uri != xmlNamespace {
			note(a.prefix(), a.uri)
		}
	}
	for _, u := range b.childrenEscaping(i) {
		note(u.prefix, u.uri)
	}
	if b.escapes == nil {
		b.escapes = map[int][]nsUse{}
	}
	b.escapes[i] = out
	return out
}

// attach links e under its parent's scope (scope: the declarations in scope at the
// parent, innermost last), as lxml's append does: a declaration of e whose
// namespace is already declared in scope is dropped and its uses point to the one
// in scope (_stripRedundantNamespaceDeclarations); then e's content is attached.
func (b *richBuilder) attach(e *outNode, scope []*nsDecl) {
	if len(e.decls) > 0 {
		kept := e.decls[:0:0]
		for _, d := range e.decls {
			if f := lookupHref(scope, d.uri); f != nil {
				if e.ref == d {
					e.ref = f
				}
				for n := range e.attrs {
					if e.attrs[n].ref == d {
						e.attrs[n].ref = f
					}
				}
				continue
			}
			kept = append(kept, d)
		}
		e.decls = kept
	}
	inner := append(scope[:len(scope):len(scope)], e.decls...)
	for _, it := range e.content {
		if it.elem != nil {
			b.attach(it.elem, inner)
		}
	}
}

// lookupHref is xmlSearchNsByHref over a scope: the innermost declaration of uri
// whose prefix is not declared again further in.
func lookupHref(scope []*nsDecl, uri string) *nsDecl {
	for i := len(scope) - 1; i >= 0; i-- {
		d := scope[i]
		if d.uri != uri {
			continue
		}
		shadowed := false
		for _, later := range scope[i+1:] {
			if (later.prefix == nil) == (d.prefix == nil) && string(later.prefix) == string(d.prefix) {
				shadowed = true
				break
			}
		}
		if !shadowed {
			return d
		}
	}
	return nil
}

// markUsed marks the declarations the tree refers to (cleanup_namespaces keeps
// only those).
func markUsed(e *outNode) {
	if e.ref != nil {
		e.ref.used = true
	}
	for _, a := range e.attrs {
		if a.ref != nil {
			a.ref.used = true
		}
	}
	for _, it := range e.content {
		if it.elem != nil {
			markUsed(it.elem)
		}
	}
}

func (b *richBuilder) serialize(out []byte, it outItem) []byte {
	if it.elem == nil {
		return appendEscapedText(out, it.text)
	}
	e := it.elem
	t := b.t
	out = append(out, '<')
	var name []byte
	if e.newName != "" {
		name = append(name, e.newName...)
	} else {
		tk := &t.toks[e.src]
		local := tk.name
		if tk.prefixLen > 0 {
			local = local[tk.prefixLen+1:]
		}
		if e.ref != nil && e.ref.prefix != nil {
			name = append(append(append(name, e.ref.prefix...), ':'), local...)
		} else {
			name = append(name, local...)
		}
	}
	out = append(out, name...)
	for _, d := range e.decls {
		if !d.used {
			continue
		}
		out = append(out, " xmlns"...)
		if d.prefix != nil {
			out = append(out, ':')
			out = append(out, d.prefix...)
		}
		out = append(out, `="`...)
		out = appendEscapedAttr(out, d.uri)
		out = append(out, '"')
	}
	for _, a := range e.attrs {
		out = append(out, ' ')
		switch {
		case a.a != nil && a.a.prefixLen > 0 && a.a.uri == xmlNamespace:
			out = append(out, "xml:"...)
			out = append(out, a.a.local()...)
		case a.ref != nil && a.ref.prefix != nil:
			out = append(out, a.ref.prefix...)
			out = append(out, ':')
			out = append(out, a.a.local()...)
		case a.a != nil:
			out = append(out, a.a.local()...)
		default:
			out = append(out, "id"...)
		}
		out = append(out, `="`...)
		if e.newName != "" {
			out = appendEscapedAttr(out, a.value)
		} else {
			out, b.buf = appendSerializedAttr(out, b.buf, a.a)
		}
		out = append(out, '"')
	}
	if len(e.content) == 0 {
		return append(out, "/>"...)
	}
	out = append(out, '>')
	for _, c := range e.content {
		out = b.serialize(out, c)
	}
	out = append(out, "</"...)
	out = append(out, name...)
	return append(out, '>')
}
