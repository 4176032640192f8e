package formats

import "strings"

// resxFormat is .NET resource files as Weblate 4.18 reads them, monolingual (the
// neutral Resources.resx is the template, Resources.de-DE.resx a translation),
// through translate-toolkit 3.9.2's RESXFile (translate/storage/resx.py) and
// Weblate's RESXUnit (weblate/formats/ttkit.py):
//   - a unit is a <data> anywhere below <root> whose <value> has text; every
//     such <data> counts, a type= or mimetype= one (an embedded image, a file
//     reference) as much as a string, since translate-toolkit reads them all;
//   - its key is the name attribute; a <data> without one is named after its
//     value with spaces stripped (RESXFile.addunit), and one without name and
//     without <value> cannot be read (translate-toolkit calls strip on None);
//   - the text is the <value>'s text up to its first child, as written (RESX
//     keeps white space); translated when it is not empty;
//   - Note is the <comment>'s text; Location is empty (RESXUnit.locations);
//     Flags as for XLIFF (xmlflags.go).
type resxFormat struct{}

func init() {
	Register(Info{
		ID: "resx", Name: ".NET resource file", Monolingual: true,
		MimeType: "text/microsoft-resx", Extension: "resx",
		// .resw is the same format in UWP projects (translation_finder's
		// RESXDiscovery looks for both).
		Detect: &Detection{Name: "RESX", Extensions: []string{".resx", ".resw"}, Default: "resx"},
	}, resxFormat{})
}

// Parse returns the units in document order.
func (resxFormat) Parse(data []byte) (*File, error) {
	r := getXMLReader(data)
	defer r.release()
	s, t := &r.s, &r.t
	if err := s.toRoot(); err != nil {
		return nil, err
	}
	// RESXFile.initbody: the root's default namespace; LISAfile.parse asserts
	// the root is <root> in it.
	ns := s.defaultNS()
	if err := s.checkRoot(ns, "root"); err != nil {
		return nil, err
	}
	f := &File{}
	for {
		switch s.next() {
		case tokError:
			return nil, s.err
		case tokEOF:
			f.Warnings = duplicateWarnings(f.Units, false)
			return f, nil
		case tokStart:
			if s.uri != ns || string(s.local()) != "data" {
				continue
			}
			if err := t.read(s); err != nil {
				return nil, err
			}
			// <data> inside <data> are units too (lxml's iterdescendants).
			for i := range t.toks {
				if !t.is(i, ns, "data") {
					continue
				}
				u, ok, err := resxUnit(t, i, ns)
				if err != nil {
					return nil, err
				}
				if !ok {
					continue
				}
				if !s.dtd.spend(unitText(&u)) {
					return nil, &SyntaxError{Line: u.Line, Msg: s.dtd.overBudget()}
				}
				f.Units = append(f.Units, u)
			}
		}
	}
}

// resxUnit reads the <data> at i; ok is false for one without text.
func resxUnit(t *xmlSubtree, i int, ns string) (Unit, bool, error) {
	u := Unit{Line: t.line(i)}
	value, hasValue := "", false
	if v := t.child(i, ns, "value"); v >= 0 {
		value, hasValue = string(t.appendLeadingText(nil, v)), true
	}
	name, hasName, err := t.attr(i, "name")
	if err != nil {
		return u, false, err
	}
	if !hasName {
		if !hasValue {
			return u, false, &SyntaxError{Line: u.Line, Msg: "a <data> without name or <value> (translate-toolkit cannot read it)"}
		}
		name = strings.Trim(value, " ")
	}
	if value == "" {
		return u, false, nil // isblank
	}
	u.Key = name
	u.Target = []string{value}
	if c := t.child(i, ns, "comment"); c >= 0 {
		u.Note = string(t.appendLeadingText(nil, c))
	}
	var flags weblateFlags
	if err := flags.mergeXMLFlags(func(name string) (string, bool, error) { return t.attr(i, name) }); err != nil {
		return u, false, &SyntaxError{Line: u.Line, Msg: err.Error()}
	}
	u.Flags = flags.String()
	return u, true, nil
}
