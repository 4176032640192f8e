package formats

import (
	"bytes"
	"strings"
)

// tsFormat is Qt Linguist .ts files as Weblate 4.18 reads them, bilingual, through
// translate-toolkit 3.9.2's tsfile (translate/storage/ts2.py) and Weblate's
// TSUnit (weblate/formats/ttkit.py):
//   - a unit is a <message> anywhere below <TS>, unless its translation's type is
//     obsolete or vanished, or it has neither source nor translation text;
//   - its context (Key) is translate-toolkit's getcontext: the <name> of the
//     element around it, the message's <comment> and its id attribute, those
//     that are not empty, joined with newlines;
//   - Source is the <source>'s text up to its first child (lxml's .text); a
//     numerus="yes" message is plural and its one source shows as two forms, with
//     "(s)" removed and with "(s)" made "s" (a plural source without text is the
//     string "None": translate-toolkit makes a multistring of None);
//   - Target is the <translation>'s text, or its <numerusform>s as positional
//     plural forms; a message whose translation is not type="unfinished" is
//     translated, and an empty translation then shows the source ("For Qt ts,
//     empty translated string means source should be used"); an unfinished one
//     with text needs editing, without text it is untranslated. A plural
//     translation without <numerusform> cannot be read (translate-toolkit raises
//     ValueError making an empty multistring), so neither is the file;
//   - read-only when translate-toolkit finds no id for it (no context, no
//     source);
//   - Note is the <extracomment> then the <translatorcomment>; Location the
//     <location>s as filename:line, joined with ", ", and nothing when any is
//     relative (Qt's line="+3"); Flags as for XLIFF (xmlflags.go).
type tsFormat struct{}

func init() {
	Register(Info{
		ID: "ts", Name: "Qt Linguist translation file",
		MimeType: "application/x-linguist", Extension: "ts",
		Plurals: PluralsPositional, Fuzzy: true, ReadOnly: true,
		Detect: &Detection{Name: "Qt Linguist", Extensions: []string{".ts"}, Default: "ts", Choose: chooseTS},
	}, tsFormat{})
}

// chooseTS tells a Qt Linguist file from TypeScript, which shares its
// extension: the document element is <TS> (translation_finder/discovery/files.py
// QtDiscovery reads the same root element).
func chooseTS(s *Sample) string {
	data := s.Data
	head := data[:min(len(data), 4096)]
	if LooksUTF16(head) {
		if bytes.Contains(head, []byte{'<', 0, 'T', 0, 'S', 0}) || bytes.Contains(head, []byte{0, '<', 0, 'T', 0, 'S'}) {
			return "ts"
		}
		return ""
	}
	t := strings.TrimSpace(string(bytes.TrimPrefix(head, bomUTF8)))
	for strings.HasPrefix(t, "<?") || strings.HasPrefix(t, "<!") {
		end := strings.IndexByte(t, '>')
		if end < 0 {
			return ""
		}
		t = strings.TrimSpace(t[end+1:])
	}
	if strings.HasPrefix(t, "<TS") && len(t) > 3 && (t[3] == '>' || t[3] == ' ' || t[3] == '\t' || t[3] == '\n' || t[3] == '\r') {
		return "ts"
	}
	return ""
}

// tsRelativeLocation is Weblate's LOCATIONS_RE, ^([+-]|.*, [+-]|.*:[+-]): Qt's
// relative locations (line="+3"), looked for in the first line.
func tsRelativeLocation(l string) bool {
	if l != "" && (l[0] == '+' || l[0] == '-') {
		return true
	}
	if i := strings.IndexByte(l, '\n'); i >= 0 {
		l = l[:i]
	}
	for _, s := range []string{", +", ", -", ":+", ":-"} {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// Parse returns the units in document order.
func (tsFormat) Parse(data []byte) (*File, error) {
	r := getXMLReader(data)
	defer r.release()
	p := tsParser{s: &r.s, tree: &r.t}
	return p.parse()
}

type tsParser struct {
	s     *xmlScanner
	ns    string
	tree  *xmlSubtree
	units []Unit
	stack []int
	// Messages directly below <TS> take the root's <name> child, which may come
	// later in the document: their keys are finished at the end.
	rootName    string
	hasRootName bool
	rootPending []tsPending
	// The <context> children of the root and each unit's context name, for
	// tsfile.addunit's search (checkContexts).
	contexts []tsContextNode
	messages []tsMessage
	names    map[int]tsName // context names of the parents in the subtree
}

// tsName is a context name as lxml gives it: a string, or None.
type tsName struct {
	text string
	none bool
}

// tsMessage is a <message> as tsfile.addunit meets it.
type tsMessage struct {
	name tsName
	root bool // below <TS>: the name is the root's, known at the end
	line int
}

// tsContextNode is a <context> child of the root: its <name>'s text, or no
// <name> at all.
type tsContextNode struct {
	name    tsName
	hasName bool
}

type tsPending struct {
	unit        int
	comment, id string
	line        int
	emptySource bool
}

func (p *tsParser) parse() (*File, error) {
	s := p.s
	if err := s.toRoot(); err != nil {
		return nil, err
	}
	// tsfile.initbody: the root's default namespace; LISAfile.parse asserts the
	// root is <TS> in it.
	p.ns = s.defaultNS()
	if err := s.checkRoot(p.ns, "TS"); err != nil {
		return nil, err
	}
	for {
		switch s.next() {
		case tokError:
			return nil, s.err
		case tokEOF:
			if err := p.finishRoot(); err != nil {
				return nil, err
			}
			if err := p.checkContexts(); err != nil {
				return nil, err
			}
			return &File{Units: p.units, Warnings: duplicateWarnings(p.units, true)}, nil
		case tokStart:
			if s.depth() != 2 {
				continue
			}
			if err := p.tree.read(s); err != nil {
				return nil, err
			}
			if err := p.rootChild(); err != nil {
				return nil, err
			}
		}
	}
}

// rootChild reads a child of <TS> (a <context>, usually) and the messages in it.
func (p *tsParser) rootChild() error {
	t := p.tree
	if t.is(0, "", "name") && t.toks[0].prefixLen == 0 && !p.hasRootName {
		// getcontextname's find("name") on the root: its first <name> child.
		p.rootName = string(t.appendLeadingText(nil, 0))
		p.hasRootName = true
	}
	if t.is(0, p.ns, "context") {
		c := tsContextNode{name: tsName{none: true}}
		if n := t.child(0, p.ns, "name"); n >= 0 {
			c.hasName = true
			if v := t.appendLeadingText(nil, n); len(v) > 0 {
				c.name = tsName{text: string(v)}
			}
		}
		p.contexts = append(p.contexts, c)
	}
	p.stack = p.stack[:0]
	if p.names == nil {
		p.names = map[int]tsName{}
	}
	clear(p.names)
	for i := 0; i < len(t.toks); i++ {
		switch t.toks[i].kind {
		case tokStart:
			if t.is(i, p.ns, "message") {
				parent := -1
				if len(p.stack) > 0 {
					parent = p.stack[len(p.stack)-1]
				}
				if err := p.message(i, parent); err != nil {
					return err
				}
			}
			p.stack = append(p.stack, i)
		case tokEnd:
			if len(p.stack) > 0 {
				p.stack = p.stack[:len(p.stack)-1]
			}
		}
	}
	return nil
}

// contextName is getcontextname: the text of the first child of the message's
// parent named exactly "name" (no namespace), and whether there is one.
func (p *tsParser) contextName(parent int) (string, bool) {
	t := p.tree
	c := t.child(parent, "", "name")
	if c < 0 || t.toks[c].prefixLen != 0 {
		return "", false
	}
	return string(t.appendLeadingText(nil, c)), true
}

// message reads the <message> at i, whose parent element is at parent (-1: the
// root): its context, its translation's type, its texts, then its key, notes,
// locations and flags.
func (p *tsParser) message(i, parent int) error {
	t := p.tree
	m := p.recordMessage(i, parent)
	tr := t.child(i, p.ns, "translation")
	typ := ""
	if tr >= 0 {
		v, _, err := t.attr(tr, "type")
		if err != nil {
			return err
		}
		typ = v
	}
	if typ == "obsolete" || typ == "vanished" {
		return nil
	}
	numerus, _, err := t.attr(i, "numerus")
	if err != nil {
		return err
	}
	u := Unit{Line: t.line(i), Plural: numerus == "yes"}
	source, ok, err := p.messageTexts(&u, i, tr, typ)
	if err != nil || !ok {
		return err
	}
	if err := p.messageKey(&u, i, parent, m.name, source); err != nil {
		return err
	}
	u.Note = p.messageNote(i)
	loc, err := p.messageLocation(i)
	if err != nil {
		return err
	}
	if !tsRelativeLocation(loc) {
		u.Location = loc
	}
	var flags weblateFlags
	if err := flags.mergeXMLFlags(func(name string) (string, bool, error) { return t.attr(i, name) }); err != nil {
		return &SyntaxError{Line: u.Line, Msg: err.Error()}
	}
	u.Flags = flags.String()
	if !p.s.dtd.spend(unitText(&u)) {
		return &SyntaxError{Line: u.Line, Msg: p.s.dtd.overBudget()}
	}
	p.units = append(p.units, u)
	return nil
}

// recordMessage notes the <message> at i among p.messages, with the name of
// its <context> (parent; -1 for the root, whose name is known at the end).
func (p *tsParser) recordMessage(i, parent int) tsMessage {
	m := tsMessage{root: parent < 0, line: p.tree.line(i)}
	if parent >= 0 {
		n, ok := p.names[parent]
		if !ok {
			name, found := p.contextName(parent)
			n = tsName{text: name, none: !found || name == ""}
			p.names[parent] = n
		}
		m.name = n
	}
	p.messages = append(p.messages, m)
	return m
}

// messageTexts sets the Source, Target and Fuzzy of the <message> at i, whose
// <translation> is at tr (-1: none) with type typ, and returns its source as
// written; ok is false for a message translate-toolkit calls blank.
func (p *tsParser) messageTexts(u *Unit, i, tr int, typ string) (source string, ok bool, err error) {
	t := p.tree
	plural := u.Plural
	srcNode := t.child(i, p.ns, "source")
	hasSource := srcNode >= 0
	if hasSource {
		source = string(t.appendLeadingText(nil, srcNode))
	}
	if plural && hasSource && source == "" {
		source = "None" // multistring([None])
	}
	var target []string
	if tr >= 0 {
		if plural {
			end := t.end(tr)
			for j := tr + 1; j < end; {
				if t.toks[j].kind != tokStart {
					j++
					continue
				}
				if t.is(j, p.ns, "numerusform") {
					target = append(target, string(t.appendLeadingText(nil, j)))
				}
				j = t.end(j) + 1
			}
		} else {
			target = []string{string(t.appendLeadingText(nil, tr))}
		}
	} else if !plural {
		target = []string{""}
	}
	if !plural && source == "" && target[0] == "" {
		return "", false, nil // isblank
	}
	if plural && len(target) == 0 {
		return "", false, &SyntaxError{Line: u.Line, Msg: "a numerus message whose translation has no <numerusform> (translate-toolkit cannot read it)"}
	}
	if plural && !hasSource {
		if target[0] == "" {
			return "", false, nil // isblank: no source and an empty first form
		}
		// TSUnit.source replaces "(s)" in a source of None.
		return "", false, &SyntaxError{Line: u.Line, Msg: "a numerus message without <source> (Weblate cannot read it)"}
	}

	if plural {
		u.Source = []string{strings.ReplaceAll(source, "(s)", ""), strings.ReplaceAll(source, "(s)", "s")}
	} else {
		u.Source = []string{source}
	}
	unfinished := typ == "unfinished"
	if !unfinished && target[0] == "" {
		u.Target = u.Source // an empty translation means the source
	} else {
		u.Target = target
	}
	u.Fuzzy = unfinished && target[0] != ""
	return source, true, nil
}

// messageKey sets the Key and ReadOnly of the <message> at i in the context
// named name, from its <comment> and id; a message of the root waits for the
// root's name (p.rootPending).
func (p *tsParser) messageKey(u *Unit, i, parent int, name tsName, source string) error {
	t := p.tree
	comment := ""
	if c := t.child(i, p.ns, "comment"); c >= 0 {
		comment = string(t.appendLeadingText(nil, c))
	}
	id, _, err := t.attr(i, "id")
	if err != nil {
		return err
	}
	if parent < 0 {
		p.rootPending = append(p.rootPending, tsPending{unit: len(p.units), comment: comment, id: id, line: u.Line, emptySource: source == ""})
	} else {
		u.Key = tsContext(name.text, comment, id)
		u.ReadOnly = u.Key == "" && source == ""
	}
	return nil
}

// messageNote is the <extracomment> then the <translatorcomment> of the
// <message> at i, those not empty, joined with a newline.
func (p *tsParser) messageNote(i int) string {
	t := p.tree
	var notes []string
	for _, n := range []string{"extracomment", "translatorcomment"} {
		if c := t.child(i, p.ns, n); c >= 0 {
			if v := string(t.appendLeadingText(nil, c)); v != "" {
				notes = append(notes, v)
			}
		}
	}
	return strings.Join(notes, "\n")
}

// messageLocation is the <location>s of the <message> at i as filename:line,
// joined with ", ".
func (p *tsParser) messageLocation(i int) (string, error) {
	t := p.tree
	var locs []string
	end := t.end(i)
	for j := i + 1; j < end; {
		if t.toks[j].kind != tokStart {
			j++
			continue
		}
		if t.is(j, p.ns, "location") {
			file, _, err := t.attr(j, "filename")
			if err != nil {
				return "", err
			}
			line, _, err := t.attr(j, "line")
			if err != nil {
				return "", err
			}
			loc := file
			if line != "" {
				if loc != "" {
					loc += ":" + line
				} else {
					loc = line
				}
			}
			if loc != "" {
				locs = append(locs, loc)
			}
		}
		j = t.end(j) + 1
	}
	return strings.Join(locs, ", "), nil
}

// tsContext is getcontext: the non-empty parts joined with newlines.
func tsContext(name, comment, id string) string {
	var parts []string
	for _, v := range []string{name, comment, id} {
		if v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, "\n")
}

// checkContexts replays tsfile.addunit, which translate-toolkit calls for every
// unit it reads: when a unit's context name differs from the one before, it
// looks for the root's <context> of that name, reading the <name> of each in
// turn (a <context> without <name> there raises AttributeError, so the file
// cannot be read), and appends a new <context> when none matches.
func (p *tsParser) checkContexts() error {
	root := tsName{none: true}
	if p.hasRootName && p.rootName != "" {
		root = tsName{text: p.rootName}
	}
	// The search in document order is replayed from an index: the first context
	// of each name, and the first without a name, which ends any search that
	// reaches it.
	first := make(map[tsName]int, len(p.contexts))
	nameless := -1
	for i, c := range p.contexts {
		if !c.hasName {
			if nameless < 0 {
				nameless = i
			}
			continue
		}
		if _, ok := first[c.name]; !ok {
			first[c.name] = i
		}
	}
	cur := tsName{none: true}
	for _, m := range p.messages {
		name := m.name
		if m.root {
			name = root
		}
		if name == cur {
			continue
		}
		cur = name
		i, found := first[name]
		if nameless >= 0 && (!found || nameless < i) {
			return &SyntaxError{Line: m.line, Msg: "a <context> without <name> (translate-toolkit cannot read the file)"}
		}
		if !found {
			first[name] = len(p.contexts)
			p.contexts = append(p.contexts, tsContextNode{name: name, hasName: true})
		}
	}
	return nil
}

// finishRoot gives the messages directly below <TS> their keys.
func (p *tsParser) finishRoot() error {
	for _, r := range p.rootPending {
		u := &p.units[r.unit]
		u.Key = tsContext(p.rootName, r.comment, r.id)
		u.ReadOnly = u.Key == "" && r.emptySource
		if !p.s.dtd.spend(len(u.Key)) {
			return &SyntaxError{Line: r.line, Msg: p.s.dtd.overBudget()}
		}
	}
	return nil
}
