package formats

import (
	"bytes"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// dtdFormat is Mozilla's DTD localization files (<!ENTITY name "text">) as
// Weblate 4.18 reads them: its DTDFormat (weblate/formats/ttkit.py) keeps every
// unit translate-toolkit 3.9.2's dtdfile (translate/storage/dtd.py) reads but
// the blank ones, each a MonolingualSimpleUnit: the key is the entity's name,
// the text its unquoted definition, translated when not empty; no note (dtdunit
// has none), no location, no flag, never read-only (a parameter entity such as
// <!ENTITY % brandDTD SYSTEM "…"> is a unit whose text is its system
// identifier). Used with a template, as Mozilla's en-US files are.
//
// translate-toolkit does not parse a DTD: it reads lines, and gitlate follows
// its reading exactly, odd as it is, since that decides what Weblate counts:
//   - the file is cut into chunks, each ending at a line that begins with a
//     quote and ">" after a line holding "<!ENTITY" (the chunk's first line
//     not looked at); each chunk is read entity by entity, every entity from
//     the line after the previous one's end;
//   - one entity per line: what follows an entity's closing quote on its line
//     is lost, a second <!ENTITY there too;
//   - a line outside an entity holding "%" and, after it, ";" (a parameter
//     entity's reference, but also <!ENTITY a "50%;">) is skipped whole;
//   - comments are cut out of their lines (several on one line are cut only
//     when their concatenation is found in the line), and a "<!--" inside a
//     multi-line text starts a comment there too;
//   - the name is everything up to white space (Python's isspace), so
//     <!ENTITY a> names "a>"; the definition must start with a quote: an entity
//     whose first character after the name is not one is dropped with a warning
//     and, translate-toolkit counting the lines of the last entity it read
//     instead, the next entities are read from a line that far on, not from
//     after the bad one;
//   - a chunk that is not UTF-8 is dropped the same way, one step at a time,
//     until the reading starts after its last bad line;
//   - the text runs from the quote to the next one of the same kind, across
//     lines (line ends kept, CR included), never escaped; then &quot;, &amp;,
//     &#037; and a few other references are replaced (unquotefromdtd and
//     quote.entitydecode), others kept as written; &apos; too in '…' texts.
//
// translate-toolkit re-reads a chunk's rest for every entity (quadratic); here
// each line is read once, and the re-reading after an error is remembered
// (dtdMemo), so a hostile file costs time linear in its size.
type dtdFormat struct{}

func init() {
	Register(Info{
		ID: "dtd", Name: "DTD file", Monolingual: true,
		MimeType: "application/xml-dtd", Extension: "dtd",
		// translation_finder's DTDDiscovery: *.dtd files named or placed by
		// language (Mozilla's locale/en-US/app.dtd).
		Detect: &Detection{Name: "DTD", Extensions: []string{".dtd"}, Default: "dtd"},
	}, dtdFormat{})
}

// dtdOutcome is how the reading of one entity ends.
type dtdOutcome struct {
	kind       uint8 // dtdEntity, dtdRunOut, dtdRaise
	last       int   // the line it ended on (dtdEntity)
	line       int   // the line of its <!ENTITY
	entity     string
	definition string
	hasEntity  bool
}

const (
	dtdEntity uint8 = iota + 1 // an entity read to its closing quote
	dtdRunOut                  // the chunk ended first
	dtdRaise                   // translate-toolkit raised (a definition not quoted)
)

// dtdMemo remembers, within a chunk, how a reading that stands outside any
// entity at the start of a line (in or out of a comment) ends: from there it
// goes the same way whichever line it started from.
type dtdMemo struct {
	chunk    int
	stamp    []int32
	outcomes []int32
	list     []dtdOutcome
}

func (m *dtdMemo) get(line int, incomment bool) (dtdOutcome, bool) {
	i := 2 * line
	if incomment {
		i++
	}
	if m.stamp[i] != int32(m.chunk) {
		return dtdOutcome{}, false
	}
	return m.list[m.outcomes[i]], true
}

func (m *dtdMemo) put(slots []int, o dtdOutcome) {
	m.list = append(m.list, o)
	for _, i := range slots {
		m.stamp[i] = int32(m.chunk)
		m.outcomes[i] = int32(len(m.list) - 1)
	}
}

// Parse returns the units in file order.
func (dtdFormat) Parse(data []byte) (*File, error) {
	var starts []int // the offset of every line
	starts = append(starts, 0)
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	n := len(starts)
	line := func(i int) []byte {
		end := len(data)
		if i+1 < n {
			end = starts[i+1] - 1
		}
		return data[starts[i]:end]
	}
	// badBefore[i]: how many of the lines before i are not UTF-8.
	badBefore := make([]int32, n+1)
	for i := 0; i < n; i++ {
		badBefore[i+1] = badBefore[i]
		if !utf8.Valid(line(i)) {
			badBefore[i+1]++
		}
	}
	memo := &dtdMemo{stamp: make([]int32, 2*n), outcomes: make([]int32, 2*n)}
	for i := range memo.stamp {
		memo.stamp[i] = -1
	}
	r := dtdReader{line: line, memo: memo}
	out := &File{}
	budget := textBudget(len(data))
	start, end := 0, 0
	for end < n {
		if start == end {
			end++
		}
		found := false
		for end < n {
			l := line(end)
			if bytes.Contains(l, []byte("<!ENTITY")) {
				found = true
			}
			if found && dtdChunkEnd(l) {
				end++
				break
			}
			end++
		}
		memo.chunk++
		processed := 1
		for processed >= 1 {
			var o dtdOutcome
			switch {
			case start >= end || (end-start == 1 && len(line(start)) == 0):
				processed = 0 // nothing to read
			case badBefore[end]-badBefore[start] > 0:
				// The chunk's rest does not decode: translate-toolkit warns
				// and moves on by the count of the last entity it read.
			default:
				o = r.read(start, end)
				switch o.kind {
				case dtdEntity:
					processed = o.last - start + 1
				case dtdRunOut:
					processed = end - start
				}
				if o.kind != dtdRaise && o.hasEntity {
					u := Unit{Key: o.entity, Target: []string{dtdUnquote(o.definition)}, Line: o.line + 1}
					if budget -= unitText(&u); budget < 0 {
						return nil, &SyntaxError{Line: u.Line, Msg: "the units hold more text than the file's budget"}
					}
					out.Units = append(out.Units, u)
				}
			}
			start += processed
		}
	}
	out.Warnings = duplicateWarnings(out.Units, false)
	return out, nil
}

// dtdChunkEnd is translate-toolkit's re.match(rb"[\"']\s*>", line).
func dtdChunkEnd(l []byte) bool {
	if len(l) == 0 || (l[0] != '"' && l[0] != '\'') {
		return false
	}
	i := 1
	for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\n' || l[i] == '\r' || l[i] == '\f' || l[i] == '\v') {
		i++
	}
	return i < len(l) && l[i] == '>'
}

// dtdReader is translate-toolkit's dtdunit.parse.
type dtdReader struct {
	line  func(int) []byte
	memo  *dtdMemo
	slots []int
	buf   []byte
}

const (
	dtdPartStart = iota
	dtdPartName
	dtdPartParameter
	dtdPartDefinition
)

// read reads one entity from line start of the chunk ending before line end.
func (r *dtdReader) read(start, end int) dtdOutcome {
	r.slots = r.slots[:0]
	var (
		incomment, continuecomment, inentity bool
		part                                 int
		external                             bool
		entity                               string
		hasEntity                            bool
		helpSet                              bool
		helpPos                              int
		helpQuote                            byte
		instring                             bool
		definition                           strings.Builder
		entityLine                           int
		e                                    int
	)
	finish := func(o dtdOutcome) dtdOutcome {
		r.memo.put(r.slots, o)
		return o
	}
	for li := start; li < end; li++ {
		if !inentity {
			if o, ok := r.memo.get(li, incomment); ok {
				return o
			}
			slot := 2 * li
			if incomment {
				slot++
			}
			r.slots = append(r.slots, slot)
		}
		r.buf = append(append(r.buf[:0], r.line(li)...), '\n')
		ln := string(r.buf)
		if !incomment {
			if strings.Contains(ln, "<!--") {
				incomment, continuecomment = true, false
			} else if !inentity && dtdPercentRef(ln) {
				continue
			}
		}
		if incomment {
			var comment string
			comment, incomment = ttkExtract(ln, "<!--", "-->", continuecomment, true)
			continuecomment = incomment
			ln = strings.Replace(ln, comment, "", 1)
			if !incomment && pyIsSpaceString(ln) {
				ln = ""
			}
		}
		if !inentity && !incomment {
			if strings.Contains(ln, "<!ENTITY") {
				inentity, part, entityLine = true, dtdPartStart, li
			}
		}
		if !inentity {
			continue
		}
		if part == dtdPartStart {
			ln = ln[strings.Index(ln, "<!ENTITY")+len("<!ENTITY"):]
			part, external = dtdPartName, false
		}
		if part == dtdPartName {
			e = skipPySpace(ln, 0)
			entity, hasEntity = "", true
			if e < len(ln) && ln[e] == '%' {
				external = true
				e = skipPySpace(ln, e+1)
			}
			s := e
			for e < len(ln) {
				c, size := utf8.DecodeRuneInString(ln[e:])
				if pyIsSpace(c) {
					break
				}
				e += size
			}
			entity = ln[s:e]
			e = skipPySpace(ln, e)
			if entity != "" {
				if external {
					part = dtdPartParameter
				} else {
					part = dtdPartDefinition
				}
				if e == len(ln) {
					helpSet, e = false, 0
					continue
				} else if part == dtdPartDefinition {
					helpSet, helpPos, helpQuote, instring = true, e, ln[e], false
				}
			}
		}
		if part == dtdPartParameter {
			e = skipPySpace(ln, e)
			for e < len(ln) {
				c, size := utf8.DecodeRuneInString(ln[e:])
				if !pyIsAlnum(c) {
					break
				}
				e += size
			}
			e = skipPySpace(ln, e)
			ln, e = ln[e:], 0
			if ln == "" {
				continue
			}
			if ln[0] == '"' || ln[0] == '\'' {
				part = dtdPartDefinition
				helpSet, helpPos, helpQuote, instring = true, 0, ln[0], false
			}
		}
		if part == dtdPartDefinition {
			if !helpSet {
				e = skipPySpace(ln, 0)
				if e == len(ln) {
					continue
				}
				helpSet, helpPos, helpQuote, instring = true, e, ln[e], false
			}
			if helpQuote != '"' && helpQuote != '\'' {
				return finish(dtdOutcome{kind: dtdRaise})
			}
			q := string(helpQuote)
			var part string
			part, instring = ttkExtract(ln[helpPos:], q, q, instring, false)
			helpPos = 0
			definition.WriteString(part)
			if !instring {
				return finish(dtdOutcome{kind: dtdEntity, last: li, line: entityLine, entity: entity, definition: definition.String(), hasEntity: true})
			}
		}
	}
	return finish(dtdOutcome{kind: dtdRunOut, line: entityLine, entity: entity, definition: definition.String(), hasEntity: hasEntity})
}

// dtdPercentRef is re.search("%.*;", line): a "%" and, after it on the line,
// a ";".
func dtdPercentRef(ln string) bool {
	i := strings.IndexByte(ln, '%')
	if i < 0 {
		return false
	}
	j := strings.IndexByte(ln[i:], '\n')
	rest := ln[i:]
	if j >= 0 {
		rest = rest[:j]
	}
	return strings.IndexByte(rest, ';') >= 0
}

// pyIsAlnum is Python's str.isalnum for one character, near enough: letters
// and numbers.
func pyIsAlnum(c rune) bool { return unicode.IsLetter(c) || unicode.IsNumber(c) }

func skipPySpace(s string, i int) int {
	for i < len(s) {
		c, size := utf8.DecodeRuneInString(s[i:])
		if !pyIsSpace(c) {
			break
		}
		i += size
	}
	return i
}

// findAll is translate-toolkit's quote.find_all: where sub occurs in s, the
// occurrences not overlapping.
func findAll(s, sub string) []int {
	var at []int
	for i := 0; ; {
		j := strings.Index(s[i:], sub)
		if j < 0 {
			return at
		}
		at = append(at, i+j)
		i += j + len(sub)
	}
}

// ttkExtract is translate-toolkit's quote.extract without an escape: the text
// from a start delimiter to an end delimiter, the delimiters included, and
// whether it is still open at the end of s.
func ttkExtract(s, startDelim, endDelim string, startInString, allowReentry bool) (string, bool) {
	starts := findAll(s, startDelim)
	ends := starts
	if startDelim != endDelim {
		ends = findAll(s, endDelim)
	}
	isStart := make(map[int]bool, len(starts))
	for _, p := range starts {
		isStart[p] = true
	}
	isEnd := make(map[int]bool, len(ends))
	places := make([]int, 0, len(starts)+len(ends)+2)
	places = append(places, 0)
	places = append(places, starts...)
	for _, p := range ends {
		isEnd[p+len(endDelim)] = true
		places = append(places, p+len(endDelim))
	}
	places = append(places, len(s)-1)
	sort.Ints(places)
	var out strings.Builder
	instring, entered := startInString, false
	last, hasLast := 0, false
	for _, pos := range places {
		if instring && isEnd[pos] {
			if hasLast && last == pos-len(startDelim) && isStart[last] {
				continue
			}
			out.WriteString(s[last:pos])
			instring, last, hasLast = false, pos, true
		}
		if !instring && isStart[pos] && !(entered && !allowReentry) {
			instring, entered, last, hasLast = true, true, pos, true
		}
	}
	if instring {
		out.WriteString(s[last:])
	}
	return out.String(), instring
}

// dtdUnquote is translate-toolkit's unquotefromdtd: the text between the
// definition's first quote and the next one of the same kind, &apos; replaced
// in a '…' text, and the few references of _DTD_NAME2CODEPOINT replaced.
func dtdUnquote(def string) string {
	if def == "" {
		def = `""`
	}
	q, size := utf8.DecodeRuneInString(def)
	var text string
	if q == utf8.RuneError && size <= 1 {
		return ""
	}
	// extractwithoutquotes without reentry: from the first quote to the next.
	first := strings.IndexRune(def, q)
	rest := def[first+size:]
	if j := strings.IndexRune(rest, q); j >= 0 {
		text = rest[:j]
	} else {
		text = rest
	}
	if q == '\'' {
		text = strings.ReplaceAll(text, "&apos;", "'")
	}
	return dtdEntityDecode(text)
}

var dtdEntities = map[string]rune{
	"quot": '"', "amp": '&', "#x0022": '"', "#187": '»', "#037": '%', "#37": '%', "#x25": '%',
}

// dtdEntityDecode is translate-toolkit's quote.entitydecode with
// _DTD_NAME2CODEPOINT, character by character as it goes: an "&" starts a
// reference afresh (dropping one begun before), a space ends it unread.
func dtdEntityDecode(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var out, name strings.Builder
	inEntity := false
	for i, c := range s {
		switch {
		case c == '&':
			inEntity = true
			name.Reset()
		case !inEntity:
			out.WriteRune(c)
		case c == ';':
			inEntity = false
			r, ok := dtdEntities[name.String()]
			if ok && name.Len() > 0 && !(r == '&' && hasEntityEnd(s[i+1:])) {
				out.WriteRune(r)
			} else {
				out.WriteString("&" + name.String() + ";")
			}
		case c == ' ':
			inEntity = false
			out.WriteString("&" + name.String() + " ")
		default:
			name.WriteRune(c)
		}
	}
	if inEntity {
		out.WriteString("&" + name.String())
	}
	return out.String()
}

// hasEntityEnd is quote._has_entity_end: a ";" comes before any space.
func hasEntityEnd(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ';':
			return true
		case ' ':
			return false
		}
	}
	return false
}
