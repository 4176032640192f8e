package formats

import (
	"bytes"
	"unicode/utf8"
)

// doctype parses <!DOCTYPE ...> at s.pos. Only what matters for reading the document
// is kept: which general entities exist and whether an external subset (never
// loaded) could declare more. Element, attribute-list and notation declarations are
// skipped without validation (libxml2 checks their grammar; translation files do not
// use them). Parameter-entity references are refused: following them would mean
// expanding the DTD, which we never do.
func (s *xmlScanner) doctype() bool {
	s.pos += len("<!DOCTYPE")
	if !s.skipSpace() {
		s.fail(s.pos, "DOCTYPE: space expected")
		return false
	}
	end := plainName(s.data, s.pos)
	if end == s.pos {
		s.fail(s.pos, "DOCTYPE: root element name expected")
		return false
	}
	s.pos = end
	if s.skipSpace() && (s.hasPrefix("SYSTEM") || s.hasPrefix("PUBLIC")) {
		if !s.externalID() {
			return false
		}
		s.dtd.undeclaredOK = true
		s.skipSpace()
	}
	if s.pos < len(s.data) && s.data[s.pos] == '[' {
		s.pos++
		if !s.internalSubset() {
			return false
		}
		s.skipSpace()
	}
	if s.pos >= len(s.data) || s.data[s.pos] != '>' {
		s.fail(s.pos, "DOCTYPE: '>' expected")
		return false
	}
	s.pos++
	return true
}

// externalID parses SYSTEM "uri" or PUBLIC "id" "uri" at s.pos.
func (s *xmlScanner) externalID() bool {
	public := s.hasPrefix("PUBLIC")
	s.pos += 6
	if !s.skipSpace() {
		s.fail(s.pos, "space expected after SYSTEM or PUBLIC")
		return false
	}
	if public {
		lit, ok := s.quoted("public identifier")
		if !ok {
			return false
		}
		for _, c := range lit {
			if !isPubidChar(c) {
				s.fail(s.pos, "invalid character in public identifier")
				return false
			}
		}
		if !s.skipSpace() {
			s.fail(s.pos, "space expected after the public identifier")
			return false
		}
	}
	_, ok := s.quoted("system identifier")
	return ok
}

func isPubidChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return bytes.IndexByte([]byte(" \r\n-'()+,./:=?;!*#@$_%"), c) >= 0
}

func (s *xmlScanner) quoted(what string) ([]byte, bool) {
	if s.pos >= len(s.data) || s.data[s.pos] != '"' && s.data[s.pos] != '\'' {
		s.fail(s.pos, "%s: quote expected", what)
		return nil, false
	}
	q := s.data[s.pos]
	end := bytes.IndexByte(s.data[s.pos+1:], q)
	if end < 0 {
		s.fail(s.pos, "%s: unterminated literal", what)
		return nil, false
	}
	lit := s.data[s.pos+1 : s.pos+1+end]
	s.pos += end + 2
	return lit, true
}

func (s *xmlScanner) internalSubset() bool {
	for {
		s.skipSpace()
		if s.pos >= len(s.data) {
			s.fail(s.pos, "DOCTYPE: unterminated internal subset")
			return false
		}
		switch {
		case s.data[s.pos] == ']':
			s.pos++
			return true
		case s.data[s.pos] == '%':
			s.fail(s.pos, "parameter entity references are not supported")
			return false
		case s.hasPrefix("<!--"):
			if s.scanComment() == tokError {
				return false
			}
		case s.hasPrefix("<?"):
			if s.scanPI() == tokError {
				return false
			}
		case s.hasPrefix("<!ENTITY"):
			if !s.entityDecl() {
				return false
			}
		case s.hasPrefix("<!ELEMENT"), s.hasPrefix("<!ATTLIST"), s.hasPrefix("<!NOTATION"):
			if !s.skipDecl() {
				return false
			}
		default:
			s.fail(s.pos, "invalid declaration in the internal subset")
			return false
		}
	}
}

func (s *xmlScanner) skipDecl() bool {
	start := s.pos
	s.pos += 2
	for s.pos < len(s.data) {
		switch c := s.data[s.pos]; c {
		case '>':
			s.pos++
			return true
		case '<':
			s.fail(s.pos, "'<' in a markup declaration")
			return false
		case '"', '\'':
			end := bytes.IndexByte(s.data[s.pos+1:], c)
			if end < 0 {
				s.fail(s.pos, "unterminated literal in a markup declaration")
				return false
			}
			s.pos += end + 2
		default:
			s.pos++
		}
	}
	s.fail(start, "unterminated markup declaration")
	return false
}

func (s *xmlScanner) entityDecl() bool {
	start := s.pos
	s.pos += len("<!ENTITY")
	if !s.skipSpace() {
		s.fail(s.pos, "ENTITY: space expected")
		return false
	}
	pe := false
	if s.pos < len(s.data) && s.data[s.pos] == '%' {
		pe = true
		s.pos++
		if !s.skipSpace() {
			s.fail(s.pos, "ENTITY: space expected after '%%'")
			return false
		}
	}
	end := plainName(s.data, s.pos)
	if end == s.pos {
		s.fail(s.pos, "ENTITY: name expected")
		return false
	}
	name := s.data[s.pos:end]
	s.pos = end
	if !s.skipSpace() {
		s.fail(s.pos, "ENTITY: space expected after the entity name")
		return false
	}
	d := &entityDecl{}
	switch {
	case s.pos < len(s.data) && (s.data[s.pos] == '"' || s.data[s.pos] == '\''):
		repl, ok := s.entityValue()
		if !ok {
			return false
		}
		d.repl = repl
	case s.hasPrefix("SYSTEM"), s.hasPrefix("PUBLIC"):
		if !s.externalID() {
			return false
		}
		d.external = true
		if !pe && s.skipSpace() && s.hasPrefix("NDATA") {
			s.pos += len("NDATA")
			if !s.skipSpace() {
				s.fail(s.pos, "ENTITY: space expected after NDATA")
				return false
			}
			nend := plainName(s.data, s.pos)
			if nend == s.pos {
				s.fail(s.pos, "ENTITY: notation name expected")
				return false
			}
			s.pos = nend
			d.unparsed = true
		}
	default:
		s.fail(s.pos, "ENTITY: value or external identifier expected")
		return false
	}
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != '>' {
		s.fail(start, "ENTITY %s: declaration not terminated", name)
		return false
	}
	s.pos++
	s.dtd.entityDecls++
	if pe || predefinedEntity(name) != 0 {
		return true
	}
	if s.dtd.entities == nil {
		s.dtd.entities = make(map[string]*entityDecl)
	}
	if _, dup := s.dtd.entities[string(name)]; !dup { // the first declaration binds
		s.dtd.entities[string(name)] = d
	}
	return true
}

// entityValue parses a quoted entity value and returns its replacement text:
// character references expanded, entity references kept as written.
func (s *xmlScanner) entityValue() ([]byte, bool) {
	q := s.data[s.pos]
	s.pos++
	var repl []byte
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == q:
			s.pos++
			return repl, true
		case c == '%':
			s.fail(s.pos, "parameter entity reference in an entity value")
			return nil, false
		case c == '&':
			if s.pos+1 < len(s.data) && s.data[s.pos+1] == '#' {
				r, end, msg := charRef(s.data, s.pos)
				if msg != "" {
					s.fail(s.pos, "%s", msg)
					return nil, false
				}
				repl = utf8.AppendRune(repl, r)
				s.pos = end
				continue
			}
			k := plainName(s.data, s.pos+1)
			if k == s.pos+1 || k >= len(s.data) || s.data[k] != ';' {
				s.fail(s.pos, "'&' in an entity value must start a reference")
				return nil, false
			}
			repl = append(repl, s.data[s.pos:k+1]...)
			s.pos = k + 1
		case c == '\r':
			repl = append(repl, '\n')
			s.pos++
			if s.pos < len(s.data) && s.data[s.pos] == '\n' {
				s.pos++
			}
		default:
			repl = append(repl, c)
			s.pos++
		}
	}
	s.fail(s.pos, "unterminated entity value")
	return nil, false
}

// entityError is a problem met while flattening an entity; the caller adds the line.
type entityError string

func (e entityError) Error() string { return string(e) }

// appendEntityText appends what a reference to the entity in content contributes to
// a string value (see entityText). The bytes are charged to the document's text
// budget at every reference, whether the expansion was cached or not.
func (s *xmlScanner) appendEntityText(dst, name []byte) ([]byte, error) {
	v, err := s.entityText(name, 0)
	if err != nil {
		return dst, err
	}
	if !s.dtd.spend(len(v)) {
		return dst, entityError(s.dtd.overBudget())
	}
	return append(dst, v...), nil
}

// entityText is what libxml2 contributes to a string value for a reference to the
// entity: the content of every node of its replacement text (top-level comments
// and PIs included), nested references flattened the same way. Undeclared and
// external entities contribute nothing, as libxml2 never loads them. Each entity is
// flattened once; the copies of nested entities' text that takes are charged to the
// budget, so nesting cannot multiply the work either.
func (s *xmlScanner) entityText(name []byte, nesting int) (string, error) {
	d := s.dtd.entities[string(name)]
	if d == nil || d.external {
		return "", nil
	}
	if d.textDone {
		return d.text, nil
	}
	if d.textBusy || nesting >= maxEntityNesting {
		return "", entityError("entity reference loop in '" + string(name) + "'")
	}
	d.textBusy = true
	defer func() { d.textBusy = false }()
	sub := &xmlScanner{data: d.repl, dtd: s.dtd, fragment: true, lenientNS: true}
	var out []byte
	for {
		k := sub.next()
		switch k {
		case tokError:
			return "", entityError("in entity '" + string(name) + "': " + sub.err.Msg)
		case tokEOF:
			d.text, d.textDone = string(out), true
			return d.text, nil
		case tokText, tokCDATA:
			out = sub.appendText(out, k, sub.val, sub.decode)
		case tokComment, tokPI:
			if sub.depth() == 0 {
				out = append(out, sub.val...)
			}
		case tokEntRef:
			v, err := sub.entityText(sub.name, nesting+1)
			if err != nil {
				return "", err
			}
			if !s.dtd.spend(len(v)) {
				return "", entityError(s.dtd.overBudget())
			}
			out = append(out, v...)
		}
	}
}

// attrEntityUsable applies the rules for a reference to a non-predefined entity in
// an attribute value (XML 1.0 §4.4.4 and the well-formedness constraints "No External
// Entity References" and "No < in Attribute Values", which libxml2 enforces): the
// entity is declared, internal, and its replacement text, and that of every entity it
// refers to, holds no '<' and well-formed references. libxml2 also accepts a
// reference to an undeclared entity where an external subset might declare it, with
// results no translation file relies on; we refuse that.
func (s *xmlScanner) attrEntityUsable(name []byte, off int) bool {
	d := s.dtd.entities[string(name)]
	if d == nil {
		if s.dtd.undeclaredOK && !s.dtd.standalone {
			s.fail(off, "reference to the undeclared entity '%s' in an attribute value is not supported", name)
		} else {
			s.fail(off, "entity '%s' is not defined", name)
		}
		return false
	}
	if msg := s.checkAttrEntity(d, name, 0); msg != "" {
		s.fail(off, "%s", msg)
		return false
	}
	return true
}

func (s *xmlScanner) checkAttrEntity(d *entityDecl, name []byte, nesting int) string {
	switch {
	case d.unparsed:
		return "attribute references unparsed entity '" + string(name) + "'"
	case d.external:
		return "attribute references external entity '" + string(name) + "'"
	case d.attrState == entChecked:
		return ""
	case d.attrState == entChecking || nesting >= maxEntityNesting:
		return "entity reference loop in '" + string(name) + "'"
	}
	repl := d.repl
	if bytes.IndexByte(repl, '<') >= 0 {
		return "'<' in entity '" + string(name) + "' is not allowed in attribute values"
	}
	d.attrState = entChecking
	for i := 0; i < len(repl); i++ {
		if repl[i] != '&' {
			continue
		}
		if i+1 < len(repl) && repl[i+1] == '#' {
			_, end, msg := charRef(repl, i)
			if msg != "" {
				return "in entity '" + string(name) + "': " + msg
			}
			i = end - 1
			continue
		}
		k := plainName(repl, i+1)
		if k == i+1 || k >= len(repl) || repl[k] != ';' {
			return "in entity '" + string(name) + "': '&' does not start a reference"
		}
		ref := repl[i+1 : k]
		i = k
		if predefinedEntity(ref) != 0 {
			continue
		}
		nd := s.dtd.entities[string(ref)]
		if nd == nil {
			return "in entity '" + string(name) + "': entity '" + string(ref) + "' is not defined"
		}
		if msg := s.checkAttrEntity(nd, ref, nesting+1); msg != "" {
			return msg
		}
	}
	d.attrState = entChecked
	return ""
}

// attrEntityText is the replacement text of an entity checked by attrEntityUsable
// with its references replaced: what libxml2 gives for the reference when an
// attribute's value is read (its white space is not normalized). Like entityText,
// it is built once, and the copies of nested entities' text are charged to the
// budget.
func (s *xmlScanner) attrEntityText(name []byte) (string, error) {
	d := s.dtd.entities[string(name)]
	if d.attrDone {
		return d.attrText, nil
	}
	var out []byte
	repl := d.repl
	for {
		i, j := nextEntityRef(repl)
		if i < 0 {
			out = appendRefsReplaced(out, repl, false)
			break
		}
		out = appendRefsReplaced(out, repl[:i], false)
		v, err := s.attrEntityText(repl[i+1 : j-1])
		if err != nil {
			return "", err
		}
		if !s.dtd.spend(len(v)) {
			return "", entityError(s.dtd.overBudget())
		}
		out = append(out, v...)
		repl = repl[j:]
	}
	d.attrText, d.attrDone = string(out), true
	return d.attrText, nil
}

// nextEntityRef finds the first reference to a non-predefined entity in checked
// text: b[i:j] is "&name;", or i is -1.
func nextEntityRef(b []byte) (i, j int) {
	for off := 0; ; {
		k := bytes.IndexByte(b[off:], '&')
		if k < 0 {
			return -1, -1
		}
		i = off + k
		end := i + bytes.IndexByte(b[i:], ';') + 1
		if b[i+1] != '#' && predefinedEntity(b[i+1:end-1]) == 0 {
			return i, end
		}
		off = end
	}
}
