package formats

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/lang"
)

// androidFormat is Android string resources as Weblate 4.18 reads them through
// translate-toolkit 3.9.2 (translate/storage/aresource.py).
type androidFormat struct{}

func init() {
	Register(Info{
		ID: "aresource", Name: "Android String Resource", Monolingual: true,
		MimeType: "application/xml", Extension: "xml",
		Plurals: PluralsByCategory, ReadOnly: true, // translatable="false"
		// AndroidFormat.check_flags (weblate/formats/ttkit.py): the flag was
		// java-format until Weblate 4.14 renamed it for gettext's sake.
		CheckFlags: "java-printf-format",
		// Android keeps strings in res/values*/strings*.xml, the template in
		// values/ and each language's in values-<qualifier>/; other XML files of
		// a resource folder (colors.xml, dimens.xml) are not translated
		// (translation_finder/discovery/files.py AndroidDiscovery). A
		// qualifier that is a language is "de", "pt-rBR" or the BCP 47 form
		// "b+sr+Latn" (developer.android.com, "Providing alternative
		// resources"); "night", "land" or "v21" have other shapes.
		Detect: &Detection{
			Name: "Android", Extensions: []string{".xml"}, Prefix: "strings", Folder: "values",
			CodeShape: `[a-z]{2,3}(?:-r[A-Z]{2})?|b\+[A-Za-z0-9+]+`, Default: "aresource",
		},
	}, androidFormat{})
}

// PluralTags is translate-toolkit's own table of Android plural categories
// (aresource.py get_plural_tags), which differs from the languages' CLDR categories
// for a few languages.
func (androidFormat) PluralTags(code string) []string { return lang.AndroidPluralTags(code) }

// Parse returns the <string> and <plurals> children of <resources> that have a
// name, in file order, duplicates included. Only elements without a namespace count,
// as translate-toolkit compares the bare tag; a document whose root is not
// <resources> is an error.
//
// File.Warnings reports a name given to a second unit (DuplicateString), an
// <item> of <plurals> Android never uses (BadPluralQuantity: see the quantities
// of https://developer.android.com/guide/topics/resources/string-resource#Plurals)
// and a \u escape naming half a surrogate pair (LoneSurrogate).
func (androidFormat) Parse(data []byte) (*File, error) {
	ks := keySets.Get().(*keySet)
	p := aresParser{s: newScanner(data), keys: ks}
	f, err := p.parse()
	if f != nil {
		f.Warnings = p.warnings
	}
	ks.reset(nil) // the pool keeps no reference to the file
	keySets.Put(ks)
	return f, err
}

// keySets keeps Parse's sets of keys between files.
var keySets = sync.Pool{New: func() any { return &keySet{} }}

// Stream is Parse handing each unit to fn instead of keeping it (see Streamer).
func (androidFormat) Stream(data []byte, fn func(*Unit)) ([]Warning, error) {
	p := streamParsers.Get().(*aresParser)
	p.reset(data, fn)
	_, err := p.parse()
	warnings := p.warnings
	p.reset(nil, nil) // the pool keeps neither the file nor fn
	streamParsers.Put(p)
	if err != nil {
		return nil, err
	}
	return warnings, nil
}

// streamParsers keeps Stream's parsers between files: the buffers one grew on the
// first files serve all later ones (a cold scan streams hundreds of files).
var streamParsers = sync.Pool{New: func() any { return &aresParser{s: &xmlScanner{}, keys: &keySet{}} }}

// reset makes p a new parser of data, as Parse starts one, keeping only the storage
// of its buffers; nothing else survives from the file before.
func (p *aresParser) reset(data []byte, emit func(*Unit)) {
	s := p.s
	s.init(data)
	clear(p.toks)
	clear(p.attrs)
	clear(p.pending)
	p.keys.reset(nil)
	*p = aresParser{
		s:          s,
		keys:       p.keys,
		toks:       p.toks[:0],
		attrs:      p.attrs[:0],
		pending:    p.pending[:0],
		buf:        p.buf[:0],
		tmp:        p.tmp[:0],
		out:        p.out[:0],
		arena:      strArena{chunk: p.arena.chunk[:0]},
		emit:       emit,
		quantities: p.quantities[:0],
		forms:      p.forms[:0],
	}
}

// ctok is a token kept while a unit's content is read.
type ctok struct {
	kind      tokKind
	off       int
	name      []byte
	prefixLen int
	uri       string
	val       []byte
	decode    bool
	a0, a1    int // attributes in aresParser.attrs
	// span is, for a start tag, how many tokens on its end tag is (0 while
	// unknown): finding the end of every element by counting would cost the
	// depth of the nesting for each.
	span int
}

// openTags tracks the start tags not yet closed while tokens are collected, to
// fill in their spans.
type openTags []int

// add records tk, appended at index i of toks.
func (o *openTags) add(toks []ctok, i int) {
	switch toks[i].kind {
	case tokStart:
		*o = append(*o, i)
	case tokEnd:
		if n := len(*o); n > 0 {
			start := (*o)[n-1]
			*o = (*o)[:n-1]
			toks[start].span = i - start
		}
	}
}

type aresParser struct {
	s       *xmlScanner
	toks    []ctok
	open    openTags
	attrs   []xattr
	pending [][]byte // comments preceding the current element
	buf     []byte
	tmp     []byte
	out     []byte
	un      unescaper
	arena   strArena
	targets []string

	keys     *keySet   // the keys seen so far, for DuplicateString
	warnings []Warning // never reused: Stream hands it over
	more     int       // warnings beyond maxWarnings
	moreAt   Warning   // the first of them
	// limit is the longest value the next one may be: maxValueLen or, when less,
	// what is left of the document's text budget.
	limit int

	// emit, when set, receives each unit instead of the File (Stream): the arena
	// and the slices below are then reused from one unit to the next.
	emit       func(*Unit)
	cur        Unit
	one        [1]string
	quantities []string
	forms      []string

	lines lineCounter

	cloneNS  []nsBinding
	cloneSet prefixSet
	cloneMap map[string]string // prefix -> URI of cloneNS, when long
	scope    prefixSet
	written  prefixSet
	marks    []int
}

// maxValueLen bounds a serialized value. lxml writes every namespace declaration
// of the copied element onto each child, so output can grow quadratically with the
// input; a file needing more than this is refused instead of exhausting memory.
// The document's text budget (textBudget) bounds the sum of all values.
const maxValueLen = 10_000_000

var errValueTooLarge = errors.New("value with markup is too large to serialize")

// androidQuantities are the plural quantities Android looks an <item> up by.
var androidQuantities = [...]string{"zero", "one", "two", "few", "many", "other"}

func (p *aresParser) warn(line int, kind WarningKind, format string, args ...any) {
	if len(p.warnings) < maxWarnings {
		p.warnings = append(p.warnings, Warning{Line: line, Kind: kind, Message: fmt.Sprintf(format, args...)})
		return
	}
	if p.more == 0 {
		p.moreAt = Warning{Line: line, Kind: kind}
	}
	p.more++
}

// endWarnings adds the warning that counts those beyond maxWarnings.
func (p *aresParser) endWarnings() {
	if p.more > 0 {
		w := p.moreAt
		w.Message = fmt.Sprintf("%d more warnings, from this line on, are not listed", p.more)
		p.warnings = append(p.warnings, w)
	}
}

// charge takes n bytes of unit text from the document's budget.
func (p *aresParser) charge(n, line int) error {
	if d := p.s.dtd; n <= d.budget {
		d.budget -= n
		return nil
	}
	return p.overBudget(line)
}

func (p *aresParser) overBudget(line int) error {
	p.s.dtd.spend(p.s.dtd.budget + 1) // exhausted for good
	return &SyntaxError{Line: line, Msg: p.s.dtd.overBudget()}
}

// valueLimit sets limit for the next value and returns the error of a value
// longer than it.
func (p *aresParser) valueLimit() error {
	p.limit = maxValueLen
	if b := p.s.dtd.budget; b < p.limit {
		p.limit = max(b, 0)
		return errors.New(p.s.dtd.overBudget())
	}
	return errValueTooLarge
}

func (p *aresParser) lineAt(off int) int { return p.lines.at(p.s.data, off) }

func (p *aresParser) parse() (*File, error) {
	s := p.s
	p.lines = lineCounter{}
	if err := s.toRoot(); err != nil {
		return nil, err
	}
	if err := s.checkRoot(s.defaultNS(), "resources"); err != nil {
		return nil, err
	}
	// Growing a slice of large Unit values costs more than guessing: a unit takes
	// at least a start and an end tag, and counting one byte is nearly free. It
	// also takes at least 16 bytes (<string name=""/> is 18), which bounds the
	// guess for a file of '<' in a comment.
	var f *File
	if p.emit == nil {
		guess := min(bytes.Count(s.data, []byte{'<'})/2, len(s.data)/16) + 1
		f = &File{Units: make([]Unit, 0, guess)}
		p.keys.reserve(guess)
	}
	p.arena.size = min(max(len(s.data)/2, 1<<10), arenaChunk)
	p.keys.reset(s.data)
	for {
		k := s.next()
		switch k {
		case tokError:
			return nil, s.err
		case tokEOF:
			p.endWarnings()
			return f, nil
		case tokComment:
			if s.depth() == 1 {
				p.pending = append(p.pending, s.val)
			}
		case tokPI, tokEntRef:
			if s.depth() == 1 {
				p.pending = p.pending[:0]
			}
		case tokStart:
			if s.depth() != 2 {
				continue
			}
			local := s.local()
			plural := string(local) == "plurals"
			if s.uri != "" || !plural && string(local) != "string" {
				if !s.skipElement() {
					return nil, s.err
				}
				p.pending = p.pending[:0]
				continue
			}
			u, ok, err := p.unit(plural)
			if err != nil {
				return nil, err
			}
			switch {
			case !ok:
			case p.emit != nil:
				p.cur = u // &u would move every u to the heap
				p.emit(&p.cur)
				p.arena.chunk = p.arena.chunk[:0]
			default:
				f.Units = append(f.Units, u)
			}
			p.pending = p.pending[:0]
		}
	}
}

// unit reads the <string> or <plurals> element whose start tag is current: its
// attributes, its note and key, its children, then its text or plural forms.
// ok is false for an element that is no unit (no name).
func (p *aresParser) unit(plural bool) (u Unit, ok bool, err error) {
	s := p.s
	key, err := p.unitAttrs(&u)
	if err != nil {
		return u, false, err
	}
	if key == nil || u.Key == "" { // translate-toolkit: blank unit, not content
		if !s.skipElement() {
			return u, false, s.err
		}
		return u, false, nil
	}
	if err := p.unitHead(&u, key, plural); err != nil {
		return u, false, err
	}
	elemAttrs, err := p.children()
	if err != nil {
		return u, false, err
	}
	if plural {
		err = p.plurals(&u)
	} else {
		err = p.stringValue(&u, p.attrs[:elemAttrs])
	}
	if err != nil {
		return u, false, err
	}
	return u, true, nil
}

// unitAttrs reads the name (into Key), translatable and flag attributes of the
// current start tag, and returns the name's attribute (nil when there is none).
func (p *aresParser) unitAttrs(u *Unit) (key *xattr, err error) {
	s := p.s
	hasFlags := false
	for i := range s.attrs {
		a := &s.attrs[i]
		if a.prefixLen != 0 || a.nsDecl {
			continue
		}
		switch string(a.name) {
		case "name":
			v, err := p.attrBytes(a)
			if err != nil {
				return nil, &SyntaxError{Line: s.line(s.off), Msg: err.Error()}
			}
			u.Key = p.arena.str(v)
			key = a
		case "translatable":
			v, err := p.attrBytes(a)
			if err != nil {
				return nil, &SyntaxError{Line: s.line(s.off), Msg: err.Error()}
			}
			u.ReadOnly = string(v) == "false"
		case "maxwidth", "size-unit", "font", "weblate-flags":
			hasFlags = true
		}
	}
	if hasFlags {
		// Weblate's TTKitUnit.flags merges what parse_flags_xml reads from the
		// unit's element (xmlflags.go); formatted="false" gives no flag.
		var flags weblateFlags
		err := flags.mergeXMLFlags(func(name string) (string, bool, error) {
			for i := range s.attrs {
				a := &s.attrs[i]
				if a.prefixLen != 0 || a.nsDecl || string(a.name) != name {
					continue
				}
				v, err := p.attrBytes(a)
				return string(v), true, err
			}
			return "", false, nil
		})
		if err != nil {
			return nil, &SyntaxError{Line: s.line(s.off), Msg: err.Error()}
		}
		u.Flags = flags.String()
	}
	return key, nil
}

// unitHead gives a named unit its line and note (the comments before it),
// charges a plural's key and note, and warns of a key given before.
func (p *aresParser) unitHead(u *Unit, key *xattr, plural bool) error {
	s := p.s
	u.Line = p.lineAt(s.off)
	if len(p.pending) > 0 {
		notes := make([]string, len(p.pending))
		for i, c := range p.pending {
			notes[i] = s.normalizedString(c)
		}
		u.Note = strings.Join(notes, "\n")
	}
	if plural { // a string's key and note are charged with its value
		if err := p.charge(len(u.Key)+len(u.Note), u.Line); err != nil {
			return err
		}
	}
	keyBytes := key.raw
	if key.decode {
		keyBytes = []byte(u.Key)
	}
	if first, dup := p.keys.add(keyBytes, !key.decode, u.Line); dup {
		// Weblate keeps the first unit of a key (Translation.check_sync).
		p.warn(u.Line, DuplicateString, "%q is the name of the unit on line %d too", u.Key, first)
	}
	return nil
}

// children reads the element's content up to its end tag into p.toks (start
// tags' attributes appended to p.attrs after the element's own, whose count it
// returns).
func (p *aresParser) children() (elemAttrs int, err error) {
	s := p.s
	p.attrs = append(p.attrs[:0], s.attrs...)
	elemAttrs = len(p.attrs)
	p.toks = p.toks[:0]
	p.open = p.open[:0]
	base := s.depth()
	for {
		k := s.next()
		if k == tokError {
			return 0, s.err
		}
		if k == tokEnd && s.depth() < base {
			return elemAttrs, nil
		}
		t := ctok{kind: k, off: s.off, name: s.name, prefixLen: s.prefixLen, uri: s.uri, val: s.val, decode: s.decode}
		if k == tokStart {
			t.a0 = len(p.attrs)
			p.attrs = append(p.attrs, s.attrs...)
			t.a1 = len(p.attrs)
		}
		p.toks = append(p.toks, t)
		p.open.add(p.toks, len(p.toks)-1)
	}
}

// stringValue makes a <string>'s content, read by children, its one form.
func (p *aresParser) stringValue(u *Unit, elemAttrs []xattr) error {
	p.un.lone = 0
	v, err := p.value(elemAttrs, p.toks)
	if err == nil {
		err = p.charge(len(u.Key)+len(u.Note)+len(v), u.Line)
	}
	if err != nil {
		return &SyntaxError{Line: u.Line, Msg: "string " + u.Key + ": " + errMsg(err)}
	}
	if p.un.lone > 0 {
		p.loneWarning(u.Line, "string", u.Key)
	}
	if p.emit != nil {
		p.one[0] = p.arena.str(v)
		u.Target = p.one[:]
	} else {
		u.Target = oneString(&p.targets, p.arena.str(v))
	}
	return nil
}

// plurals makes the <item> children of a <plurals>, read by children, its
// forms named by quantity. translate-toolkit builds {quantity: value} from
// them: a repeated quantity keeps its first position and its last value.
func (p *aresParser) plurals(u *Unit) error {
	u.Plural = true
	if p.emit == nil {
		u.Categories = []string{}
		u.Target = []string{}
		return p.pluralItems(u)
	}
	// Never nil: nil Categories mean "not named by category" to FormsFor.
	if p.quantities == nil {
		p.quantities, p.forms = make([]string, 0, 6), make([]string, 0, 6)
	}
	u.Categories, u.Target = p.quantities[:0], p.forms[:0]
	err := p.pluralItems(u)
	// The next unit reuses the arrays, as grown by this one.
	p.quantities, p.forms = u.Categories[:0], u.Target[:0]
	return err
}

// pluralItems adds the form of each <item> child to u.
func (p *aresParser) pluralItems(u *Unit) error {
	toks := p.toks
	for i := 0; i < len(toks); {
		t := &toks[i]
		if t.kind != tokStart {
			i++
			continue
		}
		end := matchingEnd(toks, i)
		if t.uri == "" && string(t.name) == "item" {
			if err := p.pluralItem(u, t, toks[i+1:end]); err != nil {
				return err
			}
		}
		i = end + 1
	}
	return nil
}

// pluralItem adds the form of the <item> whose start tag is t and content
// toks, warning of a quantity Android never uses or one given again.
func (p *aresParser) pluralItem(u *Unit, t *ctok, toks []ctok) error {
	line := p.lineAt(t.off)
	quantity, hasQuantity := "", false
	for j := t.a0; j < t.a1; j++ {
		a := &p.attrs[j]
		if a.prefixLen == 0 && !a.nsDecl && string(a.name) == "quantity" {
			v, err := p.attrBytes(a)
			if err != nil {
				return &SyntaxError{Line: line, Msg: "plurals " + u.Key + ": " + err.Error()}
			}
			quantity, hasQuantity = p.arena.str(v), true
		}
	}
	p.un.lone = 0
	vb, err := p.value(p.attrs[t.a0:t.a1], toks)
	if err == nil {
		err = p.charge(len(vb)+len(quantity), line)
	}
	if err != nil {
		return &SyntaxError{Line: line, Msg: "plurals " + u.Key + ": " + errMsg(err)}
	}
	if p.un.lone > 0 {
		p.loneWarning(line, "plurals", u.Key)
	}
	v := p.arena.str(vb)
	switch {
	case !hasQuantity:
		p.warn(line, BadPluralQuantity, "plurals %q: an <item> without quantity is never used", u.Key)
		return nil
	case !slices.Contains(androidQuantities[:], quantity):
		p.warn(line, BadPluralQuantity, "plurals %q: quantity %q is none of zero, one, two, few, many, other; the <item> is never used", u.Key, quantity)
	}
	for j, q := range u.Categories {
		if q == quantity {
			// translate-toolkit builds a dict: the last text wins.
			p.warn(line, BadPluralQuantity, "plurals %q: quantity %q is given again; its last text counts", u.Key, quantity)
			u.Target[j] = v
			return nil
		}
	}
	u.Categories = append(u.Categories, quantity)
	u.Target = append(u.Target, v)
	return nil
}

// matchingEnd is the index of the end token closing the start token at i.
func matchingEnd(toks []ctok, i int) int {
	if sp := toks[i].span; sp > 0 && i+sp < len(toks) {
		return i + sp
	}
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j].kind {
		case tokStart:
			depth++
		case tokEnd:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

// textRunEnd is the end of the run of text and CDATA tokens starting at i; lxml
// reports such a run as one .text or .tail.
func textRunEnd(toks []ctok, i int) int {
	for i < len(toks) && (toks[i].kind == tokText || toks[i].kind == tokCDATA) {
		i++
	}
	return i
}

func (p *aresParser) runText(toks []ctok) []byte {
	if len(toks) == 1 && toks[0].kind == tokText && !toks[0].decode {
		return toks[0].val
	}
	p.buf = p.buf[:0]
	for i := range toks {
		p.buf = p.s.appendText(p.buf, toks[i].kind, toks[i].val, toks[i].decode)
	}
	return p.buf
}

// loneWarning reports the lone surrogates the unescaper met in a value.
func (p *aresParser) loneWarning(line int, what, key string) {
	p.warn(line, LoneSurrogate, "%s %q: %d \\u escape(s) name half of a surrogate pair without the other half; read as U+FFFD", what, key, p.un.lone)
}

// errMsg is the message of a value's error; budget errors say it all themselves.
func errMsg(err error) string {
	if se, ok := err.(*SyntaxError); ok {
		return se.Msg
	}
	return err.Error()
}

// attrBytes is the attribute's value as reading it gives (appendAttrValue), in a
// scratch buffer when it needed decoding.
func (p *aresParser) attrBytes(a *xattr) ([]byte, error) {
	if !a.decode {
		return a.raw, nil
	}
	var err error
	p.buf, err = p.s.appendAttrValue(p.buf[:0], a)
	return p.buf, err
}

// value is translate-toolkit's get_xml_text_value for an element with the given
// attributes and content; the result is valid until the next call.
func (p *aresParser) value(elemAttrs []xattr, toks []ctok) ([]byte, error) {
	if textRunEnd(toks, 0) == len(toks) {
		out, err := p.un.appendUnescaped(p.out[:0], p.runText(toks), true, false)
		p.out = out
		return out, err
	}
	errTooLong := p.valueLimit()
	p.reconcile(elemAttrs, toks)
	out, err := p.appendContent(p.out[:0], toks, true)
	p.out = out
	if err == errValueTooLarge {
		err = errTooLong
	}
	if err != nil {
		return nil, err
	}
	if len(out) > p.limit {
		return nil, errTooLong
	}
	return out, nil
}

// appendTextRun appends an unescaped (non-stripping) and XML-escaped text run.
func (p *aresParser) appendTextRun(out []byte, toks []ctok) ([]byte, error) {
	if len(toks) == 0 {
		return out, nil
	}
	var err error
	p.tmp, err = p.un.appendUnescaped(p.tmp[:0], p.runText(toks), false, true)
	if err != nil {
		return out, err
	}
	return appendEscapedText(out, p.tmp), nil
}

// appendContent serializes content the way ttk does for elements with children:
// every text, tail, comment and PI unescaped, then written out by lxml.
func (p *aresParser) appendContent(out []byte, toks []ctok, top bool) ([]byte, error) {
	i := textRunEnd(toks, 0)
	out, err := p.appendTextRun(out, toks[:i])
	if err != nil {
		return out, err
	}
	for i < len(toks) {
		t := &toks[i]
		switch t.kind {
		case tokStart:
			end := matchingEnd(toks, i)
			out, err = p.appendElement(out, toks, i, end, top)
			if err != nil {
				return out, err
			}
			i = end + 1
		case tokComment, tokPI:
			// The content of a comment or PI: line ends normalized, nothing decoded.
			p.buf = p.s.appendText(p.buf[:0], tokCDATA, t.val, false)
			p.tmp, err = p.un.appendUnescaped(p.tmp[:0], p.buf, false, true)
			if err != nil {
				return out, err
			}
			if t.kind == tokComment {
				out = append(out, "<!--"...)
				out = append(out, p.tmp...)
				out = append(out, "-->"...)
			} else {
				out = append(out, "<?"...)
				out = append(out, t.name...)
				out = append(out, ' ')
				out = append(out, p.tmp...)
				out = append(out, "?>"...)
			}
			i++
		case tokEntRef:
			out = append(out, '&')
			out = append(out, t.name...)
			out = append(out, ';')
			i++
		default:
			i++
		}
		j := textRunEnd(toks, i)
		out, err = p.appendTextRun(out, toks[i:j])
		if err != nil {
			return out, err
		}
		i = j
		if len(out) > p.limit {
			return out, errValueTooLarge
		}
	}
	return out, nil
}

func (p *aresParser) appendElement(out []byte, toks []ctok, i, end int, top bool) ([]byte, error) {
	t := &toks[i]
	out = append(out, '<')
	out = append(out, t.name...)
	attrs := p.attrs[t.a0:t.a1]
	p.written.reset()
	writeNS := func(prefix []byte, uri string) {
		out = append(out, " xmlns"...)
		if prefix != nil {
			out = append(out, ':')
			out = append(out, prefix...)
		}
		out = append(out, `="`...)
		out = appendEscapedAttr(out, uri)
		out = append(out, '"')
		if top {
			p.written.add(prefix)
		}
	}
	isWritten := p.written.has
	for j := range attrs {
		a := &attrs[j]
		if a.nsDecl && !declaresXMLPrefix(a) {
			var prefix []byte
			if a.prefixLen > 0 {
				prefix = a.local()
			}
			writeNS(prefix, attrValue(a))
		}
	}
	if top {
		// lxml serializes a child of the copied element with the namespaces its
		// own name and attributes use first, then every declaration of the copy.
		if t.prefixLen > 0 && string(t.name[:t.prefixLen]) != "xml" && !isWritten(t.name[:t.prefixLen]) {
			writeNS(t.name[:t.prefixLen], p.cloneURI(t.name[:t.prefixLen], t.uri))
		}
		for j := range attrs {
			a := &attrs[j]
			if !a.nsDecl && a.prefixLen > 0 && string(a.prefix()) != "xml" && !isWritten(a.prefix()) {
				writeNS(a.prefix(), p.cloneURI(a.prefix(), a.uri))
			}
		}
		for _, b := range p.cloneNS {
			if !isWritten(b.prefix) {
				writeNS(b.prefix, b.uri)
			}
		}
		if len(out) > p.limit {
			return out, errValueTooLarge
		}
	}
	for j := range attrs {
		a := &attrs[j]
		if a.nsDecl {
			continue
		}
		out = append(out, ' ')
		out = append(out, a.name...)
		out = append(out, `="`...)
		out, p.buf = appendSerializedAttr(out, p.buf, a)
		out = append(out, '"')
	}
	content := toks[i+1 : end]
	if len(content) == 0 {
		return append(out, "/>"...), nil
	}
	out = append(out, '>')
	out, err := p.appendContent(out, content, false)
	if err != nil {
		return out, err
	}
	out = append(out, "</"...)
	out = append(out, t.name...)
	return append(out, '>'), nil
}

func (p *aresParser) cloneURI(prefix []byte, fallback string) string {
	if p.cloneMap != nil {
		if u, ok := p.cloneMap[prefixKey(prefix)]; ok {
			return u
		}
		return fallback
	}
	for _, b := range p.cloneNS {
		if b.prefix != nil && bytes.Equal(b.prefix, prefix) {
			return b.uri
		}
	}
	return fallback
}

// reconcile computes the namespace declarations of ttk's deep copy of the element:
// its own declarations, then each prefix used inside it but declared outside, in
// the order libxml2's copy meets them.
func (p *aresParser) reconcile(elemAttrs []xattr, toks []ctok) {
	p.cloneNS = p.cloneNS[:0]
	p.cloneSet.reset()
	p.scope.reset()
	p.cloneMap = nil
	add := func(prefix []byte, uri string) {
		p.cloneNS = append(p.cloneNS, nsBinding{prefix: prefix, uri: uri})
		p.cloneSet.add(prefix)
	}
	for j := range elemAttrs {
		a := &elemAttrs[j]
		if a.nsDecl && !declaresXMLPrefix(a) {
			var prefix []byte
			if a.prefixLen > 0 {
				prefix = a.local()
			}
			add(prefix, attrValue(a))
		}
	}
	use := func(prefix []byte, uri string) {
		if string(prefix) != "xml" && !p.scope.has(prefix) && !p.cloneSet.has(prefix) {
			add(prefix, uri)
		}
	}
	for j := range elemAttrs {
		a := &elemAttrs[j]
		if !a.nsDecl && a.prefixLen > 0 {
			use(a.prefix(), a.uri)
		}
	}
	marks := p.marks[:0]
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case tokStart:
			marks = append(marks, p.scope.len())
			attrs := p.attrs[t.a0:t.a1]
			for j := range attrs {
				if a := &attrs[j]; a.nsDecl && a.prefixLen > 0 {
					p.scope.add(a.local())
				}
			}
			if t.prefixLen > 0 {
				use(t.name[:t.prefixLen], t.uri)
			}
			for j := range attrs {
				if a := &attrs[j]; !a.nsDecl && a.prefixLen > 0 {
					use(a.prefix(), a.uri)
				}
			}
		case tokEnd:
			if len(marks) > 0 {
				p.scope.truncate(marks[len(marks)-1])
				marks = marks[:len(marks)-1]
			}
		}
	}
	p.marks = marks
	if len(p.cloneNS) > prefixSetMapFrom {
		p.cloneMap = make(map[string]string, len(p.cloneNS))
		for _, b := range p.cloneNS {
			if _, dup := p.cloneMap[prefixKey(b.prefix)]; !dup {
				p.cloneMap[prefixKey(b.prefix)] = b.uri
			}
		}
	}
}

// prefixSet is a multiset of namespace prefixes (nil: the default namespace) that
// switches from a slice to a map once large: strings with thousands of prefixed
// elements must not make parsing quadratic.
type prefixSet struct {
	list [][]byte
	m    map[string]int
}

const prefixSetMapFrom = 32

func prefixKey(p []byte) string {
	if p == nil {
		return "\x00"
	}
	return string(p)
}

func (c *prefixSet) reset() {
	c.list = c.list[:0]
	c.m = nil
}

func (c *prefixSet) len() int { return len(c.list) }

func (c *prefixSet) add(p []byte) {
	c.list = append(c.list, p)
	if c.m != nil {
		c.m[prefixKey(p)]++
	} else if len(c.list) > prefixSetMapFrom {
		c.m = make(map[string]int, 2*len(c.list))
		for _, x := range c.list {
			c.m[prefixKey(x)]++
		}
	}
}

func (c *prefixSet) has(p []byte) bool {
	if c.m != nil {
		return c.m[prefixKey(p)] > 0
	}
	for _, x := range c.list {
		if (x == nil) == (p == nil) && bytes.Equal(x, p) {
			return true
		}
	}
	return false
}

func (c *prefixSet) truncate(n int) {
	if c.m != nil {
		for _, x := range c.list[n:] {
			c.m[prefixKey(x)]--
		}
	}
	c.list = c.list[:n]
}

// declaresXMLPrefix is xmlns:xml="…", which libxml2 accepts but never records as a
// declaration, so it is not serialized.
func declaresXMLPrefix(a *xattr) bool {
	return a.nsDecl && a.prefixLen > 0 && string(a.local()) == "xml"
}
