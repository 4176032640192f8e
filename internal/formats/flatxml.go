package formats

// flatXMLFormat is a flat XML file as Weblate 4.18 reads it, monolingual: its
// FlatXMLFormat (weblate/formats/ttkit.py) wraps translate-toolkit 3.9.2's
// FlatXMLFile (translate/storage/flatxml.py) with FlatXMLUnit, and its
// ResourceDictionaryFormat is the same reading of WPF's ResourceDictionary
// (translate/storage/resourcedictionary.py names other elements):
//   - the root must be <root> (no namespace); lxml parses the whole document
//     first (entities kept as references), so a file that is not well-formed
//     is not read;
//   - when the root has any child node at all (an element, a comment, a
//     processing instruction, an entity reference: lxml's len), FlatXMLFile
//     asserts that one of its child elements is a <str> and that the first
//     such one has a key attribute that is not empty: a file failing either
//     cannot be loaded;
//   - a unit is a <str> that is a child of the root (not one deeper); its key
//     is the key attribute, and one without a key attribute is no unit
//     (Weblate's FlatXMLUnit.has_content, its context being None), nor is one
//     whose key and text are both empty (isblank);
//   - the text is translate-toolkit's getText with xml:space defaulting to
//     "preserve": the element's string value, every text at any depth and the
//     text of the entities referenced, normalized only under
//     xml:space="default"; translated when not empty;
//   - no note (translate-toolkit's base getnotes), no location; Flags as for
//     XLIFF (TTKitUnit.flags merges the element's attributes, xmlflags.go).
type flatXMLFormat struct {
	rootNS, root   string // the root element
	valueNS, value string // a unit's element
	keyNS, key     string // its key attribute; keyNS "" for an unprefixed one
}

func init() {
	Register(Info{
		ID: "flatxml", Name: "Flat XML file", Monolingual: true,
		// translate-toolkit's FlatXMLFile.Mimetypes[0] and Extensions[0].
		MimeType: "text/xml", Extension: "xml",
		// translation-finder has no discovery of flat XML: its files are
		// any .xml.
	}, flatXMLFormat{root: "root", value: "str", key: "key"})
}

// Parse returns the units in document order.
func (f flatXMLFormat) Parse(data []byte) (*File, error) {
	r := getXMLReader(data)
	defer r.release()
	s, t := &r.s, &r.t
	if err := s.toRoot(); err != nil {
		return nil, err
	}
	if err := s.checkRoot(f.rootNS, f.root); err != nil {
		return nil, err
	}
	rootLine := s.line(s.off)
	base := s.depth()
	out := &File{}
	childLine := 0     // the line of the root's first child node, 0 while none
	seenValue := false // a <str> child has been seen (the first one's key checked)
	for {
		k := s.next()
		switch k {
		case tokError:
			return nil, s.err
		case tokEOF:
			if childLine > 0 && !seenValue {
				return nil, &SyntaxError{Line: childLine, Msg: "no <" + f.value + "> among the root's children (translate-toolkit asserts one)"}
			}
			out.Warnings = duplicateWarnings(out.Units, false)
			return out, nil
		case tokComment, tokPI, tokEntRef:
			if s.depth() == base && childLine == 0 {
				childLine = s.line(s.off)
			}
		case tokStart:
			if s.depth() != base+1 {
				continue
			}
			if childLine == 0 {
				childLine = s.line(s.off)
			}
			if s.uri != f.valueNS || string(s.local()) != f.value {
				if !s.skipElement() {
					if s.err != nil {
						return nil, s.err
					}
					return nil, &SyntaxError{Line: rootLine, Msg: "the document ends inside <" + f.root + ">"}
				}
				continue
			}
			if err := t.read(s); err != nil {
				return nil, err
			}
			key, hasKey, err := f.keyAttr(t, 0)
			if err != nil {
				return nil, err
			}
			if !seenValue {
				seenValue = true
				if key == "" {
					return nil, &SyntaxError{Line: t.line(0), Msg: "the first <" + f.value + "> has no key attribute (" + f.key + "), or an empty one (translate-toolkit asserts one)"}
				}
			}
			if !hasKey {
				continue
			}
			text, err := t.xmlSpaceText(0, "preserve")
			if err != nil {
				return nil, err
			}
			if key == "" && text == "" {
				continue // isblank
			}
			u := Unit{Key: key, Target: []string{text}, Line: t.line(0)}
			var flags weblateFlags
			if err := flags.mergeXMLFlags(func(name string) (string, bool, error) { return t.attr(0, name) }); err != nil {
				return nil, &SyntaxError{Line: u.Line, Msg: err.Error()}
			}
			u.Flags = flags.String()
			if !s.dtd.spend(unitText(&u)) {
				return nil, &SyntaxError{Line: u.Line, Msg: s.dtd.overBudget()}
			}
			out.Units = append(out.Units, u)
		}
	}
}

// keyAttr is the key attribute of element i: unprefixed, or in keyNS (XAML's
// x:Key).
func (f flatXMLFormat) keyAttr(t *xmlSubtree, i int) (string, bool, error) {
	if f.keyNS == "" {
		return t.attr(i, f.key)
	}
	tk := &t.toks[i]
	for j := tk.a0; j < tk.a1; j++ {
		a := &t.attrs[j]
		if a.nsDecl || a.prefixLen == 0 || a.uri != f.keyNS || string(a.local()) != f.key {
			continue
		}
		v, err := t.attrString(a, tk.off)
		return v, true, err
	}
	return "", false, nil
}
