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
