package formats

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// This file is the XML layer's reading of a subtree: formats whose units are an
// element with children (XLIFF <trans-unit>, Qt <message>, .NET <data>, a plist
// <dict>) take the tokens of one such element at a time and ask for what lxml
// would give translate-toolkit: an attribute, the first child of a name, the
// text before the first child (lxml's .text), the whole string value (XPath
// string()). Every string it builds that did not lie in the document as written
// (an entity's replacement text) is charged to the document's text budget.

// xmlSubtree holds the tokens of one element and everything inside it. Token 0 is
// the element's start tag and the last token its end tag. Slices point into the
// scanner's input, so a subtree is valid until the scanner moves to another
// document; read reuses the storage of the subtree before it.
type xmlSubtree struct {
	s     *xmlScanner
	toks  []ctok
	attrs []xattr
	buf   []byte
	lines lineCounter
	open  openTags
}

// read captures the element whose start tag is the scanner's current token, up to
// and including its end tag.
func (t *xmlSubtree) read(s *xmlScanner) error {
	if t.s != s {
		t.lines = lineCounter{}
	}
	t.s = s
	t.toks = t.toks[:0]
	t.attrs = t.attrs[:0]
	t.open = t.open[:0]
	base := s.depth()
	for k := tokStart; ; k = s.next() {
		if k == tokError {
			return s.err
		}
		tk := ctok{kind: k, off: s.off, name: s.name, prefixLen: s.prefixLen, uri: s.uri, val: s.val, decode: s.decode}
		if k == tokStart {
			tk.a0 = len(t.attrs)
			t.attrs = append(t.attrs, s.attrs...)
			tk.a1 = len(t.attrs)
		}
		t.toks = append(t.toks, tk)
		t.open.add(t.toks, len(t.toks)-1)
		if k == tokEnd && s.depth() < base {
			return nil
		}
	}
}

// reset drops the references a subtree holds into a document.
func (t *xmlSubtree) reset() {
	clear(t.toks)
	clear(t.attrs)
	t.s, t.toks, t.attrs, t.buf = nil, t.toks[:0], t.attrs[:0], t.buf[:0]
	t.lines = lineCounter{}
}

// end is the index of the end tag closing the start tag at i.
func (t *xmlSubtree) end(i int) int { return matchingEnd(t.toks, i) }

// is reports whether token i is the start tag of an element with this namespace
// and local name.
func (t *xmlSubtree) is(i int, uri, local string) bool {
	tk := &t.toks[i]
	if tk.kind != tokStart || tk.uri != uri {
		return false
	}
	name := tk.name
	if tk.prefixLen > 0 {
		name = name[tk.prefixLen+1:]
	}
	return string(name) == local
}

// local is the local name of the element whose start tag is token i.
func (t *xmlSubtree) local(i int) []byte {
	tk := &t.toks[i]
	if tk.prefixLen > 0 {
		return tk.name[tk.prefixLen+1:]
	}
	return tk.name
}

// child is the first child element of element i with this namespace and local
// name (lxml's find), or -1.
func (t *xmlSubtree) child(i int, uri, local string) int {
	end := t.end(i)
	for j := i + 1; j < end; {
		if t.toks[j].kind != tokStart {
			j++
			continue
		}
		if t.is(j, uri, local) {
			return j
		}
		j = t.end(j) + 1
	}
	return -1
}

// attr is the value of the unprefixed attribute name of element i, as reading it
// gives (references replaced, white space normalized); ok is false when the
// element has no such attribute. An error is the document's text budget running
// out in an entity's replacement text.
func (t *xmlSubtree) attr(i int, name string) (v string, ok bool, err error) {
	tk := &t.toks[i]
	for j := tk.a0; j < tk.a1; j++ {
		a := &t.attrs[j]
		if a.nsDecl || a.prefixLen != 0 || string(a.name) != name {
			continue
		}
		v, err := t.attrString(a, tk.off)
		return v, true, err
	}
	return "", false, nil
}

// xmlAttr is attr for the attribute local of the XML namespace (xml:space).
func (t *xmlSubtree) xmlAttr(i int, local string) (v string, ok bool, err error) {
	tk := &t.toks[i]
	for j := tk.a0; j < tk.a1; j++ {
		a := &t.attrs[j]
		if a.nsDecl || a.prefixLen == 0 || a.uri != xmlNamespace || string(a.local()) != local {
			continue
		}
		v, err := t.attrString(a, tk.off)
		return v, true, err
	}
	return "", false, nil
}

func (t *xmlSubtree) attrString(a *xattr, off int) (string, error) {
	if !a.decode {
		return string(a.raw), nil
	}
	v, err := t.s.appendAttrValue(t.buf[:0], a)
	t.buf = v
	if err != nil {
		return "", &SyntaxError{Line: t.lineAt(off), Msg: err.Error()}
	}
	return string(v), nil
}

// appendText appends the text of token j (text or CDATA) as lxml reports it.
func (t *xmlSubtree) appendText(dst []byte, j int) []byte {
	tk := &t.toks[j]
	return t.s.appendText(dst, tk.kind, tk.val, tk.decode)
}

// appendLeadingText appends lxml's .text of element i: the text and CDATA right
// after its start tag, up to its first child node of any other kind (an element, a
// comment, a processing instruction or a reference to a declared entity, which
// lxml keeps as a node when it does not resolve entities).
func (t *xmlSubtree) appendLeadingText(dst []byte, i int) []byte {
	for j := i + 1; j < len(t.toks); j++ {
		switch t.toks[j].kind {
		case tokText, tokCDATA:
			dst = t.appendText(dst, j)
		default:
			return dst
		}
	}
	return dst
}

// appendStringValue appends the XPath string value of element i (libxml2's
// xmlNodeGetContent): every text and CDATA inside it, at any depth, and the text
// of the entities referenced inside it, charged to the budget.
func (t *xmlSubtree) appendStringValue(dst []byte, i int) ([]byte, error) {
	end := t.end(i)
	for j := i + 1; j < end; j++ {
		tk := &t.toks[j]
		switch tk.kind {
		case tokText, tokCDATA:
			dst = t.appendText(dst, j)
		case tokEntRef:
			var err error
			dst, err = t.s.appendEntityText(dst, tk.name)
			if err != nil {
				return dst, &SyntaxError{Line: t.lineAt(tk.off), Msg: err.Error()}
			}
		}
	}
	return dst, nil
}

// line is the 1-based line of token i.
func (t *xmlSubtree) line(i int) int { return t.lineAt(t.toks[i].off) }

func (t *xmlSubtree) lineAt(off int) int { return t.lines.at(t.s.data, off) }

// xmlSpaceText is translate-toolkit's getText (translate/misc/xml_helpers.py):
// the string value of element i, normalized as XPath normalize-space() does when
// the element's xml:space, or else def, is "default".
func (t *xmlSubtree) xmlSpaceText(i int, def string) (string, error) {
	space := def
	if v, ok, err := t.xmlAttr(i, "space"); err != nil {
		return "", err
	} else if ok {
		space = v
	}
	var err error
	t.buf, err = t.appendStringValue(t.buf[:0], i)
	if err != nil {
		return "", err
	}
	if space == "default" {
		return appendNormalizedSpace(t.buf[:0], t.buf), nil
	}
	return string(t.buf), nil
}

// appendNormalizedSpace is XPath normalize-space() of b written over dst, which
// may be b itself (the result is never longer), as a string.
func appendNormalizedSpace(dst, b []byte) string {
	pending := false
	for _, c := range b {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			pending = len(dst) > 0
			continue
		}
		if pending {
			dst = append(dst, ' ')
			pending = false
		}
		dst = append(dst, c)
	}
	return string(dst)
}

// collapseXMLSpace is translate-toolkit's normalize_space: every run of space,
// tab, CR and LF becomes one space.
func collapseXMLSpace(s string) string {
	if !strings.ContainsAny(s, "\t\n\r") && !strings.Contains(s, "  ") {
		return s
	}
	var b bytes.Buffer
	b.Grow(len(s))
	inRun := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			if !inRun {
				b.WriteByte(' ')
			}
			inRun = true
			continue
		}
		inRun = false
		b.WriteByte(c)
	}
	return b.String()
}

// xmlReader is a scanner and a subtree, kept between documents: the storage
// they grow on one file serves the next (a component is a file per language).
type xmlReader struct {
	s xmlScanner
	t xmlSubtree
	// wrap holds the document ReadXMLContent makes of a string.
	wrap []byte
}

// maxKeptWrap bounds the wrap a pooled reader keeps: one long string read once
// does not hold its size for good.
const maxKeptWrap = 64 << 10

var xmlReaders = sync.Pool{New: func() any { return &xmlReader{} }}

// getXMLReader returns a reader of data; release it when done.
func getXMLReader(data []byte) *xmlReader {
	r := xmlReaders.Get().(*xmlReader)
	r.s.init(data)
	r.t.reset()
	return r
}

// release returns r to the pool, keeping no reference to the document.
func (r *xmlReader) release() {
	r.s.init(nil)
	r.t.reset()
	if cap(r.wrap) > maxKeptWrap {
		r.wrap = nil
	}
	xmlReaders.Put(r)
}

// duplicateWarnings reports each unit whose identity (key) an earlier unit of the
// file has: Weblate keeps the first and raises its DuplicateString alert
// (Translation.check_sync). For a bilingual format the identity is the source
// with the context, as Weblate's id_hash; for a monolingual one the key.
func duplicateWarnings(units []Unit, bilingual bool) []Warning {
	if len(units) < 2 {
		return nil
	}
	first := make(map[string]int, len(units))
	var warnings []Warning
	more, moreAt := 0, Warning{}
	for i := range units {
		u := &units[i]
		id := u.Key
		if bilingual {
			id = strings.Join(u.Source, "\x1e\x1e") + "\x00" + u.Key
		}
		line, dup := first[id]
		if !dup {
			first[id] = u.Line
			continue
		}
		if len(warnings) == maxWarnings {
			if more == 0 {
				moreAt = Warning{Line: u.Line, Kind: DuplicateString}
			}
			more++
			continue
		}
		what := "key"
		if bilingual {
			what = "source and context"
		}
		warnings = append(warnings, Warning{Line: u.Line, Kind: DuplicateString,
			Message: fmt.Sprintf("%q: the unit on line %d has the same %s; the first counts", u.Key, line, what)})
	}
	if more > 0 {
		moreAt.Message = fmt.Sprintf("%d more warnings, from this line on, are not listed", more)
		warnings = append(warnings, moreAt)
	}
	return warnings
}
