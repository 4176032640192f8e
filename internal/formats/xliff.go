package formats

import (
	"bytes"
	"strconv"
	"strings"
)

// xliffFormat is XLIFF 1.1/1.2 as Weblate 4.18 reads it, bilingual, through
// translate-toolkit 3.9.2's xlifffile (translate/storage/xliff.py, lisa.py):
// "xliff" (RichXliffFormat, "XLIFF with placeables support") shows the markup of
// <source> and <target> as rich_to_xliff_string writes it (xliffrich.go), and
// "plainxliff" (XliffFormat, "XLIFF translation file") their text alone.
//
// Weblate's XliffUnit (weblate/formats/ttkit.py) decides the rest:
//   - a unit is a <trans-unit> anywhere below <xliff> (inside <group>s too, and a
//     group's restype, x-gettext-plurals included, changes nothing: each
//     <trans-unit> is a unit of its own) whose source is not empty;
//   - its context (Key) is its resname, else translate-toolkit's getid with the
//     \x04 separator written "///": the original of the enclosing <file>, "///",
//     then its id (translate-toolkit 3.9 puts no group ids in it);
//   - translated when the target is not empty; needs editing when, besides, the
//     target's state is new, needs-translation, needs-adaptation or needs-l10n
//     (state-qualifier is not read); approved when approved="yes" (counted only
//     where the project reviews translations);
//   - read-only for translate="no";
//   - Note is every <note> of the unit, whatever its from, without repeats, joined
//     with newlines (TTKitUnit.notes over xliffunit.getnotes); XLIFF has no
//     explanation in Weblate 4.18;
//   - Location is empty: Weblate shows XLIFF locations only from 5.0 on
//     (XliffUnit.locations returns "" in 4.x), context groups included;
//   - Flags come from maxwidth/size-unit, font and weblate-flags (xmlflags.go),
//     plus xml-text for the placeables variant (RichXliffUnit.flags).
//
// Monolingual XLIFF (a component with a template) is not read: the registry
// declares each format monolingual or not, and XLIFF is registered bilingual.
type xliffFormat struct{ rich bool }

// translate-toolkit's xlifffile: Mimetypes[0] and Extensions[0].
func init() {
	Register(Info{
		ID: "xliff", Name: "XLIFF with placeables support",
		MimeType: "application/x-xliff", Extension: "xlf",
		Fuzzy: true, Approved: true, ReadOnly: true,
		Detect: xliffDetection,
	}, xliffFormat{rich: true})
	Register(Info{
		ID: "plainxliff", Name: "XLIFF translation file",
		MimeType: "application/x-xliff", Extension: "xlf",
		Fuzzy: true, Approved: true, ReadOnly: true,
		Detect: xliffDetection,
	}, xliffFormat{})
}

// xliffDetection is the family of XLIFF files (translation_finder/discovery/files.py
// XliffDiscovery); a .xlf whose document is not <xliff> is something else.
var xliffDetection = &Detection{Name: "XLIFF", Extensions: []string{".xlf", ".xliff"}, Roots: []string{"xliff"}, Default: "xliff", Choose: chooseXLIFF}

// chooseXLIFF tells XLIFF with placeables from plain XLIFF and from gettext's
// XLIFF by the sample's markup (translation_finder/discovery/files.py
// XliffDiscovery.adjust_format): <x> and <g> elements are placeables, a
// restype="x-gettext-…" group is po2xliff's.
func chooseXLIFF(s *Sample) string {
	switch {
	case bytes.Contains(s.Data, []byte(`restype="x-gettext`)):
		return "poxliff"
	case !bytes.Contains(s.Data, []byte("<x ")) && !bytes.Contains(s.Data, []byte("<g ")):
		return "plainxliff"
	}
	return "xliff"
}

// xliffNamespacePrefix starts the namespace of every XLIFF version
// (xlifffile.unversioned_namespace).
const xliffNamespacePrefix = "urn:oasis:names:tc:xliff:document:"

// xliffFuzzyStates are the target states Weblate reads as needing editing
// (XLIFF_FUZZY_STATES in weblate/formats/ttkit.py).
var xliffFuzzyStates = map[string]bool{"new": true, "needs-translation": true, "needs-adaptation": true, "needs-l10n": true}

// Parse returns the units in document order.
func (f xliffFormat) Parse(data []byte) (*File, error) {
	r := getXMLReader(data)
	defer r.release()
	p := xliffParser{s: &r.s, tree: &r.t, rich: f.rich}
	return p.parse()
}

type xliffParser struct {
	s     *xmlScanner
	rich  bool
	ns    string
	tree  *xmlSubtree
	files []xliffFile // enclosing <file> elements
	units []Unit
	ids   uniqueList
	// <file> children of the root by original, whether the first has a
	// source-language, and the files translate-toolkit switches to (unitID).
	rootFiles     map[string]bool
	firstFileLang bool
	newFiles      []xliffNewFile
}

type xliffFile struct {
	depth    int
	original string
}

func (p *xliffParser) parse() (*File, error) {
	s := p.s
	if err := s.toRoot(); err != nil {
		return nil, err
	}
	rootLine := s.line(s.off)
	// xlifffile.initbody: the first namespace declared on the root that is an
	// XLIFF one, else the root's default namespace.
	found := false
	for i := range s.attrs {
		a := &s.attrs[i]
		if !a.nsDecl {
			continue
		}
		if uri := attrValue(a); strings.HasPrefix(uri, xliffNamespacePrefix) {
			p.ns, found = uri, true
			break
		}
	}
	if !found {
		p.ns = s.defaultNS()
	}
	if err := s.checkRoot(p.ns, "xliff"); err != nil {
		return nil, err
	}
	hasFile := false
	for {
		switch s.next() {
		case tokError:
			return nil, s.err
		case tokEOF:
			if !hasFile {
				// initbody takes the first <file> child of the root.
				return nil, &SyntaxError{Line: rootLine, Msg: "<xliff> has no <file> element"}
			}
			if err := p.checkNewFiles(); err != nil {
				return nil, err
			}
			return &File{Units: p.units, Warnings: duplicateWarnings(p.units, true)}, nil
		case tokEnd:
			if n := len(p.files); n > 0 && s.depth() < p.files[n-1].depth {
				p.files = p.files[:n-1]
			}
		case tokStart:
			if s.uri != p.ns {
				continue
			}
			switch string(s.local()) {
			case "file":
				original, err := p.scannerAttr("original")
				if err != nil {
					return nil, err
				}
				if s.depth() == 2 {
					if !hasFile {
						lang, err := p.scannerAttr("source-language")
						if err != nil {
							return nil, err
						}
						p.firstFileLang = p.hasScannerAttr("source-language") || lang != ""
					}
					hasFile = true
					if p.rootFiles == nil {
						p.rootFiles = map[string]bool{}
					}
					p.rootFiles[original] = true
				}
				p.files = append(p.files, xliffFile{depth: s.depth(), original: original})
			case "trans-unit":
				if err := p.tree.read(s); err != nil {
					return nil, err
				}
				if err := p.transUnits(); err != nil {
					return nil, err
				}
			}
		}
	}
}

// scannerAttr reads an unprefixed attribute of the scanner's current start tag.
func (p *xliffParser) scannerAttr(name string) (string, error) {
	s := p.s
	for i := range s.attrs {
		a := &s.attrs[i]
		if a.nsDecl || a.prefixLen != 0 || string(a.name) != name {
			continue
		}
		if !a.decode {
			return string(a.raw), nil
		}
		v, err := s.appendAttrValue(nil, a)
		if err != nil {
			return "", &SyntaxError{Line: s.line(s.off), Msg: err.Error()}
		}
		return string(v), nil
	}
	return "", nil
}

// hasScannerAttr reports whether the scanner's start tag has the unprefixed
// attribute.
func (p *xliffParser) hasScannerAttr(name string) bool {
	for i := range p.s.attrs {
		a := &p.s.attrs[i]
		if !a.nsDecl && a.prefixLen == 0 && string(a.name) == name {
			return true
		}
	}
	return false
}

// transUnits reads the captured <trans-unit> and the ones nested in it, in
// document order (lxml's iterdescendants finds both).
func (p *xliffParser) transUnits() error {
	t := p.tree
	type fileAt struct {
		end      int
		original string
	}
	var inner []fileAt // <file> elements inside the captured element
	for i := 0; i < len(t.toks); i++ {
		for len(inner) > 0 && i > inner[len(inner)-1].end {
			inner = inner[:len(inner)-1]
		}
		if t.toks[i].kind != tokStart {
			continue
		}
		switch {
		case t.is(i, p.ns, "file"):
			original, _, err := t.attr(i, "original")
			if err != nil {
				return err
			}
			inner = append(inner, fileAt{end: t.end(i), original: original})
		case t.is(i, p.ns, "trans-unit"):
			original := ""
			switch {
			case len(inner) > 0:
				original = inner[len(inner)-1].original
			case len(p.files) > 0:
				original = p.files[len(p.files)-1].original
			}
			if err := p.transUnit(i, original); err != nil {
				return err
			}
		}
	}
	return nil
}

// text is the unit's source or target as Weblate shows it.
func (p *xliffParser) text(i int, space string) (string, error) {
	t := p.tree
	if i < 0 {
		return "", nil
	}
	if p.rich {
		return t.richString(i, space)
	}
	// getNodeText: getText, then the control characters translate-toolkit
	// writes as literal "&#x1;" text turned back into characters.
	v, err := t.xmlSpaceText(i, space)
	if err != nil || !strings.Contains(v, "&#x") {
		return v, err
	}
	return xliffControlCharacters.Replace(v), nil
}

// xliffControlCharacters undoes translate-toolkit's escaping of the C0 controls
// XML cannot hold (ASCII_CONTROL_CHARACTERS_ESCAPES in translate/storage/xliff.py;
// its "%" binds before "or", so U+0000 is written "&#x;").
var xliffControlCharacters = func() *strings.Replacer {
	var pairs []string
	for c := 0; c < 0x20; c++ {
		if c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		hex := strings.TrimLeft(strings.ToLower(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])), "0")
		pairs = append(pairs, "&#x"+hex+";", string(rune(c)))
	}
	return strings.NewReplacer(pairs...)
}()

// xliffIDSeparator is what translate-toolkit writes for the \x04 that joins a
// file name and an id (ID_SEPARATOR_SAFE); Weblate shows \x04 as "///".
const (
	xliffIDSeparator = "__%04__"
	xliff11Namespace = "urn:oasis:names:tc:xliff:document:1.1"
)

// unitID is Weblate's context of a unit without resname: translate-toolkit's
// getid, "original\x04id", with \x04 written "///". xlifffile.addunit also splits
// that id while it loads the file, at a moment the unit still has the XLIFF 1.1
// namespace translate-toolkit's class declares: in a 1.1 document the split
// finds the enclosing <file>'s original in front and puts the id back as it was;
// elsewhere (or without original) the part of the id before its first
// "__%04__" is taken for a file name, a <file> of that name is created unless one
// exists, and the unit keeps the rest of its id.
func (p *xliffParser) unitID(original, id string) string {
	if p.ns != xliff11Namespace || original == "" {
		if name, rest, ok := strings.Cut(id, xliffIDSeparator); ok {
			p.newFiles = append(p.newFiles, xliffNewFile{name: name, line: p.tree.line(0)})
			id = rest
		}
	}
	key := strings.ReplaceAll(id, xliffIDSeparator, "///")
	if original != "" {
		key = original + "///" + key
	}
	return key
}

// xliffNewFile is a <file> translate-toolkit's addunit switches to.
type xliffNewFile struct {
	name string
	line int
}

// checkNewFiles fails a document where translate-toolkit had to create a <file>
// for an id's file name but cannot: createfilenode copies the first <file>'s
// source-language, and lxml refuses None.
func (p *xliffParser) checkNewFiles() error {
	for _, nf := range p.newFiles {
		if p.rootFiles[nf.name] {
			continue
		}
		if !p.firstFileLang {
			return &SyntaxError{Line: nf.line, Msg: "the id names file " + strconv.Quote(nf.name) + ", which translate-toolkit cannot create without a source-language on the first <file>"}
		}
		p.rootFiles[nf.name] = true
	}
	return nil
}

// transUnit reads the <trans-unit> at i.
func (p *xliffParser) transUnit(i int, original string) error {
	t := p.tree
	// getXMLspace(self.xmlelement, "default"): the trans-unit's own attribute.
	space, ok, err := t.xmlAttr(i, "space")
	if err != nil {
		return err
	}
	if !ok {
		space = "default"
	}
	// getlanguageNodes: the first <source> and <target> children; without a
	// <source> there is neither.
	src := t.child(i, p.ns, "source")
	if src < 0 {
		return nil
	}
	tgt := t.child(i, p.ns, "target")
	source, err := p.text(src, space)
	if err != nil {
		return err
	}
	if source == "" {
		return nil // XliffUnit.has_content
	}
	u := Unit{Line: t.line(i), Source: []string{source}}
	target, err := p.text(tgt, space)
	if err != nil {
		return err
	}
	u.Target = []string{target}
	if target != "" && tgt >= 0 {
		state, _, err := t.attr(tgt, "state")
		if err != nil {
			return err
		}
		u.Fuzzy = xliffFuzzyStates[state]
	}
	if v, _, err := t.attr(i, "approved"); err != nil {
		return err
	} else {
		u.Approved = v == "yes"
	}
	if v, _, err := t.attr(i, "translate"); err != nil {
		return err
	} else {
		u.ReadOnly = strings.ToLower(v) == "no"
	}
	resname, _, err := t.attr(i, "resname")
	if err != nil {
		return err
	}
	if resname != "" {
		u.Key = resname
	} else {
		id, _, err := t.attr(i, "id")
		if err != nil {
			return err
		}
		u.Key = p.unitID(original, id)
	}
	p.ids.items, p.ids.seen = p.ids.items[:0], nil
	end := t.end(i)
	for j := i + 1; j < end; j++ {
		if t.is(j, p.ns, "note") {
			v, err := t.xmlSpaceText(j, space)
			if err != nil {
				return err
			}
			p.ids.add(v)
		}
	}
	u.Note = p.ids.join()
	var flags weblateFlags
	if err := flags.mergeXMLFlags(func(name string) (string, bool, error) { return t.attr(i, name) }); err != nil {
		return &SyntaxError{Line: u.Line, Msg: err.Error()}
	}
	if p.rich {
		flags.setPlain("xml-text")
	}
	u.Flags = flags.String()
	if !p.s.dtd.spend(unitText(&u)) {
		return &SyntaxError{Line: u.Line, Msg: p.s.dtd.overBudget()}
	}
	p.units = append(p.units, u)
	return nil
}
