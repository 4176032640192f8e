package formats

import (
	"bytes"
	"strings"
	"sync"
)

// tbxFormat is TBX glossaries as Weblate 4.18 reads them through translate-toolkit 3.9.2
// (translate/storage/tbx.py, lisa.py).
type tbxFormat struct{}

func init() {
	Register(Info{
		ID: "tbx", Name: "TermBase eXchange file",
		MimeType: "application/x-tbx", Extension: "tbx",
		// A glossary's document element is TBX-Basic's <martif> or TBX 2019's
		// <tbx>; a new language starts with no file.
		Detect: &Detection{Name: "TBX", Extensions: []string{".tbx"}, Roots: []string{"martif", "tbx"}, NewBase: NewBaseNone, Default: "tbx"},
	}, tbxFormat{})
}

// Write is WriteTBX: gitlate writes the source translation of a glossary as TBX.
func (tbxFormat) Write(sourceLang, targetLang string, units []Unit) []byte {
	return WriteTBX(sourceLang, targetLang, units)
}

// Parse returns one unit per <termEntry>, anywhere below <martif>, in document
// order (nested entries included, as lxml's iterdescendants finds them). Source is
// the first <term> inside the first <langSet> child, Target the same in the second;
// a missing term gives "". Entries with neither are blank to translate-toolkit and
// Weblate skips them, so they are not returned. Elements count only in the namespace translate-toolkit
// uses: the root's default namespace.
//
// Note is what Weblate 4.18 shows as the unit's note (TBXUnit.notes, weblate/
// formats/ttkit.py): the <termNote>s, then the <note from="developer">s;
// Explanation is the <note from="translator">s and SourceExplanation the
// <descrip>s, each list without repeats. translate-toolkit 3.9.2, which Weblate
// 4.18 uses, picks notes by their "from" attribute (tbxunit._getnotelist), so a
// <note> without it is in neither; 3.8.4, which Debian ships, ignored "from" and
// put every <note> in both.
func (tbxFormat) Parse(data []byte) (*File, error) {
	p := tbxParsers.Get().(*tbxParser)
	p.reset(data)
	f, err := p.parse()
	p.reset(nil) // the pool keeps no reference to the file
	tbxParsers.Put(p)
	return f, err
}

// tbxParsers keeps parsers between files: units copy their strings, so the
// buffers one parser grew serve every later file (a glossary is a file per
// language).
var tbxParsers = sync.Pool{New: func() any { return &tbxParser{xmlSubtree: xmlSubtree{s: &xmlScanner{}}} }}

// reset makes p a new parser of data, keeping only the storage of its buffers.
func (p *tbxParser) reset(data []byte) {
	s := p.s
	s.init(data)
	p.xmlSubtree.reset()
	p.s, p.ns = s, ""
}

// tbxParser reads one termEntry at a time as a subtree of the document.
type tbxParser struct {
	xmlSubtree
	ns string
}

func (p *tbxParser) parse() (*File, error) {
	s := p.s
	p.lines = lineCounter{}
	if err := s.toRoot(); err != nil {
		return nil, err
	}
	if err := s.checkRoot(s.defaultNS(), "martif"); err != nil {
		return nil, err
	}
	p.ns = s.defaultNS()
	// Growing a slice of large Unit values costs more than counting: every entry
	// has a start and an end tag.
	f := &File{Units: make([]Unit, 0, bytes.Count(s.data, []byte("termEntry"))/2+1)}
	for {
		switch s.next() {
		case tokError:
			return nil, s.err
		case tokEOF:
			return f, nil
		case tokStart:
			if s.uri != p.ns || string(s.local()) != "termEntry" {
				continue
			}
			if err := p.entry(f); err != nil {
				return nil, err
			}
		}
	}
}

// entry reads the termEntry whose start tag is current, with the entries nested in it.
func (p *tbxParser) entry(f *File) error {
	if err := p.read(p.s); err != nil {
		return err
	}
	for i := range p.toks {
		if p.is(&p.toks[i], "termEntry") {
			u, err := p.unit(i, matchingEnd(p.toks, i))
			if err != nil {
				return err
			}
			if u.Source[0] == "" && u.Target[0] == "" {
				continue // translate-toolkit's isblank: not a content unit
			}
			if !p.s.dtd.spend(unitText(&u)) {
				return &SyntaxError{Line: u.Line, Msg: p.s.dtd.overBudget()}
			}
			f.Units = append(f.Units, u)
		}
	}
	return nil
}

func (p *tbxParser) is(t *ctok, local string) bool {
	if t.kind != tokStart || t.uri != p.ns {
		return false
	}
	name := t.name
	if t.prefixLen > 0 {
		name = name[t.prefixLen+1:]
	}
	return string(name) == local
}

// attr reads an attribute of the element t (xml:local when xmlPrefix); an error is
// the document's text budget running out.
func (p *tbxParser) attr(t *ctok, xmlPrefix bool, local string) (string, bool, error) {
	for j := t.a0; j < t.a1; j++ {
		a := &p.attrs[j]
		if a.nsDecl {
			continue
		}
		if xmlPrefix && a.prefixLen > 0 && a.uri == xmlNamespace && string(a.local()) == local ||
			!xmlPrefix && a.prefixLen == 0 && string(a.name) == local {
			if !a.decode {
				return string(a.raw), true, nil
			}
			v, err := p.s.appendAttrValue(nil, a)
			if err != nil {
				return "", true, &SyntaxError{Line: p.s.line(t.off), Msg: err.Error()}
			}
			return string(v), true, nil
		}
	}
	return "", false, nil
}

func (p *tbxParser) unit(i, end int) (Unit, error) {
	toks := p.toks
	entry := &toks[i]
	u := Unit{Line: p.lineAt(entry.off)}
	var err error
	if u.Key, _, err = p.attr(entry, false, "id"); err != nil {
		return u, err
	}
	space, ok, err := p.attr(entry, true, "space")
	if err != nil {
		return u, err
	}
	if !ok {
		space = "preserve"
	}
	// Weblate's TTKitUnit.flags merges what parse_flags_xml reads from the
	// unit's element, for TBX the termEntry (xmlflags.go).
	var flags weblateFlags
	if err := flags.mergeXMLFlags(func(name string) (string, bool, error) { return p.attr(entry, false, name) }); err != nil {
		if _, ok := err.(*SyntaxError); ok {
			return u, err
		}
		return u, &SyntaxError{Line: u.Line, Msg: err.Error()}
	}
	u.Flags = flags.String()

	var langSets [][2]int
	for j := i + 1; j < end; {
		if toks[j].kind != tokStart {
			j++
			continue
		}
		e := matchingEnd(toks, j)
		if p.is(&toks[j], "langSet") {
			langSets = append(langSets, [2]int{j, e})
		}
		j = e + 1
	}
	term := func(n int) (string, error) {
		if n >= len(langSets) {
			return "", nil
		}
		for j := langSets[n][0] + 1; j < langSets[n][1]; j++ {
			if p.is(&toks[j], "term") {
				return p.text(j, matchingEnd(toks, j), space)
			}
		}
		return "", nil
	}
	source, err := term(0)
	if err != nil {
		return u, err
	}
	target, err := term(1)
	if err != nil {
		return u, err
	}
	u.Source = []string{source}
	u.Target = []string{target}

	var pos, definition, developer, translator uniqueList
	for j := i + 1; j < end; j++ {
		var list *uniqueList
		switch {
		case p.is(&toks[j], "termNote"):
			list = &pos
		case p.is(&toks[j], "descrip"):
			list = &definition
		case p.is(&toks[j], "note"):
			from, _, err := p.attr(&toks[j], false, "from")
			if err != nil {
				return u, err
			}
			switch from {
			case "developer":
				list = &developer
			case "translator":
				list = &translator
			default:
				continue
			}
		default:
			continue
		}
		v, err := p.text(j, matchingEnd(toks, j), space)
		if err != nil {
			return u, err
		}
		list.add(v)
	}
	var parts []string
	for _, n := range []string{pos.join(), developer.join()} {
		if n != "" {
			parts = append(parts, n)
		}
	}
	u.Note = strings.Join(parts, "\n")
	u.Explanation = translator.join()
	u.SourceExplanation = definition.join()
	return u, nil
}

// unitText is the bytes of a unit's strings, what it costs of the text budget.
func unitText(u *Unit) int {
	n := len(u.Key) + len(u.Note) + len(u.Explanation) + len(u.SourceExplanation) + len(u.Location) + len(u.Flags)
	for _, v := range u.Source {
		n += len(v)
	}
	for _, v := range u.Target {
		n += len(v)
	}
	return n
}

// uniqueList keeps the first occurrence of each string, as ttk's _getnotelist does.
type uniqueList struct {
	items []string
	seen  map[string]bool // once there are many items
}

func (l *uniqueList) add(v string) {
	if l.seen != nil {
		if l.seen[v] {
			return
		}
		l.seen[v] = true
		l.items = append(l.items, v)
		return
	}
	for _, x := range l.items {
		if x == v {
			return
		}
	}
	l.items = append(l.items, v)
	if len(l.items) > 16 {
		l.seen = make(map[string]bool)
		for _, x := range l.items {
			l.seen[x] = true
		}
	}
}

func (l *uniqueList) join() string { return strings.Join(l.items, "\n") }

// text is translate-toolkit's getText: the XPath string value of the element,
// space-normalized when its xml:space (or the entry's) is "default".
func (p *tbxParser) text(i, end int, space string) (string, error) {
	v, ok, err := p.attr(&p.toks[i], true, "space")
	if err != nil {
		return "", err
	}
	if ok {
		space = v
	}
	p.buf = p.buf[:0]
	for j := i + 1; j < end; j++ {
		t := &p.toks[j]
		switch t.kind {
		case tokText, tokCDATA:
			p.buf = p.s.appendText(p.buf, t.kind, t.val, t.decode)
		case tokEntRef:
			p.buf, err = p.s.appendEntityText(p.buf, t.name)
			if err != nil {
				return "", &SyntaxError{Line: p.s.line(t.off), Msg: err.Error()}
			}
		}
	}
	if space == "default" {
		return normalizeSpace(p.buf), nil
	}
	return string(p.buf), nil
}

// normalizeSpace is XPath normalize-space().
func normalizeSpace(b []byte) string {
	var out []byte
	pending := false
	for _, c := range b {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			pending = len(out) > 0
			continue
		}
		if pending {
			out = append(out, ' ')
			pending = false
		}
		out = append(out, c)
	}
	return string(out)
}
