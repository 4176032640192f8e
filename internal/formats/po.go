package formats

import (
	"bytes"
	"errors"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// poFormat is gettext PO as Weblate 4.18 reads it through translate-toolkit 3.9.2's
// pure-Python parser (translate/storage/pypo.py, poparser.py; the same as in
// Debian's 3.8.4, which the tests compare with).
type poFormat struct{}

func init() {
	Register(Info{
		ID: "po", Name: "gettext PO file",
		MimeType: "text/x-po", Extension: "po",
		Plurals: PluralsPositional, Fuzzy: true,
		// New translations start from the domain's .pot template
		// (translation_finder/discovery/files.py GettextDiscovery).
		Detect: &Detection{Name: "gettext PO", Extensions: []string{".po"}, NewBase: NewBasePOT, Default: "po"},
	}, poFormat{})
}

// Parse returns the entries Weblate shows: not the header, not obsolete (#~), not
// blank. Key is the context (msgctxt, or a KDE "_:" comment), Source the msgid (and
// msgid_plural), Target the msgstr forms in file order, Fuzzy the "fuzzy" flag and
// Note the translator comments followed by the extracted (#.) ones.
//
// The parser is a transcription of translate-toolkit's, whose leniency and
// accidents it keeps (for example "#.x" loses its first character, and msgstr[n]
// forms keep the order they are written in). Only UTF-8 (and US-ASCII and
// ISO-8859-1) charsets are read; other declared charsets are an error.
func (poFormat) Parse(data []byte) (*File, error) {
	return parsePO(data)
}

type poMsgstrEntry struct {
	index int
	lines []string
}

type poUnit struct {
	othercomments, automaticcomments, sourcecomments, typecomments, msgidcomments []string
	prevMsgctxt, prevMsgid, prevMsgidPlural                                       []string
	msgctxt, msgid, msgidPluralComments, msgidPlural, msgstr                      []string
	msgstrDict                                                                    []poMsgstrEntry
	isDict                                                                        bool
	obsolete                                                                      bool
	line                                                                          int
}

// poError is PoParseError.
type poError struct{ line int }

// poState is poparser.ParseState over lines decoded one at a time, as the Python
// decodes the header with ISO-8859-1 before it knows the file's charset.
type poState struct {
	raw      [][]byte
	lines    []string // for sub-states: already decoded
	idx      int
	nextLine string
	lastLine string
	lineno   int
	eof      bool
	decode   func([]byte) (string, bool)
	top      *poState
	err      *poError
}

func decodeLatin1(b []byte) (string, bool) {
	for _, c := range b {
		if c >= 0x80 {
			r := make([]rune, len(b))
			for i, c := range b {
				r[i] = rune(c)
			}
			return string(r), true
		}
	}
	return string(b), true
}

func decodeUTF8(b []byte) (string, bool) { return string(b), utf8.Valid(b) }

func decodeASCII(b []byte) (string, bool) {
	for _, c := range b {
		if c >= 0x80 {
			return "", false
		}
	}
	return string(b), true
}

func (ps *poState) fetch() (string, bool) {
	if ps.lines != nil {
		if ps.idx >= len(ps.lines) {
			return "", false
		}
		ps.idx++
		return ps.lines[ps.idx-1], true
	}
	if ps.idx >= len(ps.raw) {
		return "", false
	}
	ps.idx++
	s, ok := ps.decode(ps.raw[ps.idx-1])
	if !ok {
		ps.fail()
	}
	return s, true
}

func (ps *poState) fail() {
	t := ps.top
	if t.err == nil {
		t.err = &poError{line: t.lineno}
	}
}

func (ps *poState) readLine() string {
	current := ps.nextLine
	ps.lastLine = current
	if ps.eof {
		return current
	}
	next, ok := ps.fetch()
	if !ok {
		ps.nextLine, ps.eof = "", true
		return current
	}
	ps.lineno++
	for ps.isSpaceLine(next) {
		next, ok = ps.fetch()
		if !ok {
			ps.nextLine, ps.eof = "", true
			return current
		}
		ps.lineno++
	}
	ps.nextLine = next
	return current
}

// isSpaceLine decides which lines are skipped: the file's lines are tested as
// bytes (ASCII white space only), the re-read lines of obsolete and previous-msgid
// entries as text.
func (ps *poState) isSpaceLine(s string) bool {
	if ps.lines != nil {
		return pyIsSpaceString(s)
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
		default:
			return false
		}
	}
	return true
}

func (ps *poState) newInput(lines []string) *poState {
	sub := &poState{lines: lines, top: ps.top}
	if lines == nil {
		sub.lines = []string{}
	}
	sub.readLine()
	return sub
}

// pyIsSpace is Python's str.isspace for one character.
func pyIsSpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0D, r >= 0x1C && r <= 0x20, r == 0x85, r == 0xA0, r == 0x1680,
		r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}

func pyIsSpaceString(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !pyIsSpace(r) {
			return false
		}
	}
	return true
}

func pyLstrip(s string) string { return strings.TrimLeftFunc(s, pyIsSpace) }

// dropRunes is s[n:] in Python, which counts characters.
func dropRunes(s string, n int) string {
	for ; n > 0 && s != ""; n-- {
		_, size := utf8.DecodeRuneInString(s)
		s = s[size:]
	}
	return s
}

// pySliceStr is s[a:b] with Python's handling of negative and large indices.
func pySliceStr(s string, a, b int) string {
	a, b = pySlice(a, b, len(s))
	return s[a:b]
}

func pyFind(s, sub string, start int) int {
	if start > len(s) {
		return -1
	}
	i := strings.Index(s[start:], sub)
	if i < 0 {
		return -1
	}
	return start + i
}

func parsePO(data []byte) (*File, error) {
	lines, newline := poSplitLines(data)
	ps := &poState{raw: lines, decode: decodeLatin1}
	ps.top = ps
	ps.readLine()
	p := poParser{newline: newline}
	units, err := p.parseUnits(ps)
	if err != nil {
		return nil, err
	}
	f := &File{Units: make([]Unit, 0, len(units))}
	for _, u := range units {
		header, ok := u.isHeader()
		if !ok {
			return nil, &SyntaxError{Line: max(u.line, 1), Msg: "PO entry with an empty msgid and a single msgstr[n] other than msgstr[0]"}
		}
		if header || u.obsolete || u.isBlank() {
			continue
		}
		flags, err := u.flags()
		if err != nil {
			return nil, &SyntaxError{Line: max(u.line, 1), Msg: err.Error()}
		}
		out := Unit{
			Key:   unquoteFromPO(u.msgctxt) + p.extractMsgidComments(u),
			Fuzzy: u.hasTypeComment("fuzzy"),
			Note:  p.notes(u),
			Flags: flags,
			Line:  u.line,
		}
		out.Source = []string{unquoteFromPO(u.msgid)}
		if len(u.msgidPlural) > 0 {
			out.Plural = true
			out.Source = append(out.Source, unquoteFromPO(u.msgidPlural))
		}
		if u.isDict {
			out.Target = make([]string, len(u.msgstrDict))
			for i, e := range u.msgstrDict {
				out.Target[i] = unquoteFromPO(e.lines)
			}
		} else {
			out.Target = []string{unquoteFromPO(u.msgstr)}
		}
		f.Units = append(f.Units, out)
	}
	return f, nil
}

// poSplitLines is pypo.splitlines: the line separator is the one that ends the
// line of the first msgid.
func poSplitLines(text []byte) ([][]byte, string) {
	text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))
	newline := []byte("\n")
	pos := max(0, bytes.Index(text, []byte("\rmsgid "))+1, bytes.Index(text, []byte("\nmsgid "))+1)
	for i := pos; i < len(text); i++ {
		if text[i] == '\n' {
			break
		}
		if text[i] == '\r' {
			if i+1 < len(text) && text[i+1] == '\n' {
				newline = []byte("\r\n")
			} else {
				newline = []byte("\r")
			}
			break
		}
	}
	// Each line with its separator is a slice of text (capped, so that nothing
	// appends into the next line): the lines are only read, and copying each one
	// made the split the parse's largest allocation. The last line, which has no
	// separator in text, gets one in a copy.
	nl := len(newline)
	parts := make([][]byte, 0, bytes.Count(text, newline)+1)
	for {
		i := bytes.Index(text, newline)
		if i < 0 {
			break
		}
		parts = append(parts, text[:i+nl:i+nl])
		text = text[i+nl:]
	}
	last := make([]byte, 0, len(text)+nl)
	parts = append(parts, append(append(last, text...), newline...))
	return parts, string(newline)
}

type poParser struct {
	newline string
}

func (p *poParser) parseUnits(ps *poState) ([]*poUnit, error) {
	var units []*poUnit
	unit := p.parseUnit(ps, nil)
	if unit != nil && ps.top.err == nil {
		if err := p.setEncoding(ps, unit); err != nil {
			return nil, err
		}
	}
	for unit != nil && ps.top.err == nil {
		units = append(units, unit)
		unit = p.parseUnit(ps, nil)
	}
	if ps.top.err == nil && !ps.eof {
		ps.fail()
	}
	if e := ps.top.err; e != nil {
		return nil, &SyntaxError{Line: max(e.line, 1), Msg: "PO syntax error"}
	}
	return units, nil
}

var poCharsetRE = regexp.MustCompile(`charset=([^\s\\n]+)`)

// setEncoding is poparser.set_encoding and decode_header: the first unit names the
// charset, the header is decoded again with it, and so is every later line.
func (p *poParser) setEncoding(ps *poState, first *poUnit) error {
	charset := "utf-8"
	if !first.isDict && len(first.msgstr) > 0 {
		if m := poCharsetRE.FindStringSubmatch(strings.Join(first.msgstr, "")); m != nil && m[1] != "CHARSET" {
			charset = m[1]
		}
	}
	var decode func([]byte) (string, bool)
	switch pyCodecName(charset) {
	case "utf_8", "utf8", "u8", "utf", "cp65001", "utf8_ucs2", "utf8_ucs4":
		decode = decodeUTF8
	case "ascii", "us_ascii", "646", "us", "iso646_us", "ansi_x3.4_1968", "ansi_x3_4_1968", "cp367", "csascii", "ibm367", "iso_ir_6":
		decode = decodeASCII
	case "latin_1", "latin1", "iso_8859_1", "iso8859_1", "8859", "cp819", "l1", "latin", "iso_ir_100", "iso_8859_1_1987", "csisolatin1", "ibm819":
		decode = decodeLatin1
	default:
		return &SyntaxError{Line: max(first.line, 1), Msg: "unsupported PO charset " + charset + " (UTF-8, US-ASCII and ISO-8859-1 are read)"}
	}
	redecode := func(list []string) []string {
		for i, s := range list {
			b := make([]byte, 0, len(s))
			for _, r := range s {
				b = append(b, byte(r)) // every character came from one byte
			}
			v, ok := decode(b)
			if !ok {
				ps.fail()
			}
			list[i] = v
		}
		return list
	}
	for _, l := range [][]string{first.msgctxt, first.msgid, first.msgidPluralComments, first.msgidPlural, first.msgstr,
		first.othercomments, first.automaticcomments, first.sourcecomments, first.typecomments, first.msgidcomments} {
		redecode(l)
	}
	for _, e := range first.msgstrDict {
		redecode(e.lines)
	}
	next := redecode([]string{ps.nextLine})
	ps.nextLine = next[0]
	ps.decode = decode
	return nil
}

// pyCodecName is encodings.normalize_encoding of the lower-cased name: runs of
// other characters become one '_' between kept ones (letters, digits, '.').
func pyCodecName(name string) string {
	var b strings.Builder
	punct := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '.' {
			if punct && b.Len() > 0 {
				b.WriteByte('_')
			}
			if r < utf8.RuneSelf {
				b.WriteRune(r)
			}
			punct = false
		} else {
			punct = true
		}
	}
	return b.String()
}

func (p *poParser) parseUnit(ps *poState, unit *poUnit) *poUnit {
	if unit == nil {
		unit = &poUnit{line: ps.top.lineno}
	}
	parsedComments := p.parseComments(ps, unit)
	if ps.top.err != nil {
		return nil
	}
	if obsolete := p.parseObsolete(ps, unit); obsolete != nil {
		return obsolete
	}
	if ps.top.err != nil {
		return nil
	}
	parsedMsg := p.parseMsgEntries(ps, unit)
	if ps.top.err != nil {
		return nil
	}
	if parsedComments || parsedMsg {
		return unit
	}
	return nil
}

func (p *poParser) parseComments(ps *poState, unit *poUnit) bool {
	if !p.parseComment(ps, unit) {
		return false
	}
	for p.parseComment(ps, unit) {
	}
	return true
}

// parseComment returns Python's truthiness of parse_comment's result.
func (p *poParser) parseComment(ps *poState, unit *poUnit) bool {
	if ps.top.err != nil {
		return false
	}
	next := pyLstrip(ps.nextLine)
	if next == "" || next[0] != '#' && next[0] != '|' {
		return false
	}
	nextChar := dropRunes(next, 1)
	c, _ := utf8.DecodeRuneInString(nextChar)
	switch {
	case c == '.':
		unit.automaticcomments = append(unit.automaticcomments, next)
	case next[0] == '|' || c == '|':
		lines := p.readPrevMsgidLines(ps)
		if ps.top.err != nil {
			return false
		}
		sub := ps.newInput(lines)
		parsed := false
		parsed = p.parseMessage(sub, "msgctxt", 7, &unit.prevMsgctxt, nil) || parsed
		parsed = p.parseMessage(sub, "msgid", 5, &unit.prevMsgid, nil) || parsed
		parsed = p.parseMessage(sub, "msgid_plural", 12, &unit.prevMsgidPlural, nil) || parsed
		if !parsed {
			ps.fail()
			return false
		}
		return ps.nextLine != ""
	case c == ':':
		unit.sourcecomments = append(unit.sourcecomments, next)
	case c == ',':
		unit.typecomments = append(unit.typecomments, next)
	case c == '~':
		return false // obsolete entries are parsed elsewhere
	default:
		unit.othercomments = append(unit.othercomments, next)
	}
	return ps.readLine() != ""
}

func (p *poParser) readPrevMsgidLines(ps *poState) []string {
	var lines []string
	for strings.HasPrefix(ps.nextLine, "#|") || strings.HasPrefix(ps.nextLine, "|") {
		content := ps.readLine()
		prefix := strings.Index(content, "|") + 1
		for prefix < len(content) && content[prefix] == ' ' {
			prefix++
		}
		if prefix >= len(content) { // IndexError in Python
			ps.fail()
			return nil
		}
		lines = append(lines, content[prefix:])
	}
	return lines
}

func (p *poParser) readObsoleteLines(ps *poState) []string {
	var lines []string
	for strings.HasPrefix(ps.nextLine, "#~") {
		content := pyLstrip(ps.readLine()[2:])
		lines = append(lines, content)
		if strings.HasPrefix(content, "msgstr") {
			// After a msgstr only its continuation belongs to this entry.
			for strings.HasPrefix(ps.nextLine, `#~ "`) || strings.HasPrefix(ps.nextLine, "#~ msgstr") {
				lines = append(lines, ps.readLine()[3:])
			}
			break
		}
	}
	return lines
}

func (p *poParser) parseObsolete(ps *poState, unit *poUnit) *poUnit {
	lines := p.readObsoleteLines(ps)
	if len(lines) == 0 {
		return nil
	}
	u := p.parseUnit(ps.newInput(lines), unit)
	if u != nil {
		u.obsolete = true
	}
	return u
}

// parseQuoted is parse_quoted; ok is false for Python's None.
func (p *poParser) parseQuoted(ps *poState, start int) (string, bool) {
	line := ps.nextLine
	left := pyFind(line, `"`, start)
	if left == start || pyIsSpaceString(pySliceStr(line, start, left)) {
		right := strings.LastIndex(line, `"`)
		if left != right {
			return pySliceStr(ps.readLine(), left, right+1), true
		}
		ps.fail() // end-of-line within string
		return "", false
	}
	return "", false
}

func (p *poParser) parseMultipleQuoted(ps *poState, list, comments *[]string, start int) {
	s, ok := p.parseQuoted(ps, start)
	for ok && ps.top.err == nil {
		if comments == nil || !strings.HasPrefix(s, `"_:`) {
			*list = append(*list, s)
			s, ok = p.parseQuoted(ps, 0)
			continue
		}
		// parse_msg_comment
		for {
			*comments = append(*comments, s)
			if strings.Contains(s, `\n`) {
				s, ok = p.parseQuoted(ps, 0)
				break
			}
			s, ok = p.parseQuoted(ps, 0)
			if !ok || ps.top.err != nil {
				ok = false
				break
			}
		}
	}
}

// parseMessage reads a keyword's strings; it reports whether any were read into list.
func (p *poParser) parseMessage(ps *poState, keyword string, keywordLen int, list, comments *[]string) bool {
	if strings.HasPrefix(ps.nextLine, keyword) {
		p.parseMultipleQuoted(ps, list, comments, keywordLen)
	}
	return len(*list) > 0
}

func (p *poParser) parseMsgEntries(ps *poState, unit *poUnit) bool {
	p.parseMessage(ps, "msgctxt", 7, &unit.msgctxt, nil)
	if ps.top.err != nil {
		return false
	}
	p.parseMessage(ps, "msgid", 5, &unit.msgid, &unit.msgidcomments)
	if ps.top.err != nil || len(unit.msgid) == 0 && len(unit.msgidcomments) == 0 {
		return false
	}
	if p.parseMessage(ps, "msgstr", 6, &unit.msgstr, nil) {
		return true
	}
	if ps.top.err != nil {
		return false
	}
	// parse_plural
	p.parseMessage(ps, "msgid_plural", 12, &unit.msgidPlural, &unit.msgidPluralComments)
	if ps.top.err != nil || len(unit.msgidPlural) == 0 && len(unit.msgidPluralComments) == 0 {
		return false
	}
	return p.parseMsgstrArray(ps, unit)
}

func (p *poParser) parseMsgstrArray(ps *poState, unit *poUnit) bool {
	var entries []poMsgstrEntry
	// at finds an index's entry once there are more than a few: a unit of
	// thousands of msgstr[n] lines must not search them all for each.
	var at map[int]int
	add := func(index int, lines []string) {
		if at == nil && len(entries) > 8 {
			at = make(map[int]int, 2*len(entries))
			for i := range entries {
				at[entries[i].index] = i
			}
		}
		i, seen := -1, false
		if at != nil {
			i, seen = at[index]
		} else {
			i = slices.IndexFunc(entries, func(e poMsgstrEntry) bool { return e.index == index })
			seen = i >= 0
		}
		if seen {
			entries[i].lines = append(entries[i].lines, lines...)
			return
		}
		if at != nil {
			at[index] = len(entries)
		}
		entries = append(entries, poMsgstrEntry{index, lines})
	}
	entry := func() bool {
		line := ps.nextLine
		right := pyFind(line, "]", len("msgstr["))
		if right < 0 {
			return false
		}
		var lines []string
		p.parseMessage(ps, "msgstr[", right+1, &lines, nil)
		if ps.top.err != nil || len(lines) == 0 {
			return false
		}
		index, ok := pyInt(line[len("msgstr["):right])
		if !ok {
			ps.fail() // ValueError from int()
			return false
		}
		add(index, lines)
		return true
	}
	if !entry() {
		return false
	}
	for entry() {
	}
	if ps.top.err != nil {
		return false
	}
	unit.msgstrDict = entries
	unit.isDict = true
	unit.msgstr = nil
	return true
}

// pyInt is int(s) for a plural index: surrounding white space, a sign, Unicode
// decimal digits and single underscores between digits are accepted.
func pyInt(s string) (int, bool) {
	s = strings.TrimFunc(s, pyIsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	v := 0
	prevDigit := false
	for _, r := range s {
		if r == '_' {
			if !prevDigit {
				return 0, false
			}
			prevDigit = false
			continue
		}
		d, ok := decimalDigitValue(r)
		if !ok {
			return 0, false
		}
		if v < 1<<40 {
			v = v*10 + int(d)
		}
		prevDigit = true
	}
	if !prevDigit {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

func poIsNull(list []string) bool {
	return len(list) == 0 || len(list) == 1 && list[0] == `""`
}

// isHeader is pounit.isheader. ok is false where Python raises: is_null() on a
// msgstr dict of one entry looks up key 0.
func (u *poUnit) isHeader() (header, ok bool) {
	if !poIsNull(u.msgid) {
		return false, true
	}
	msgstrNull := poIsNull(u.msgstr)
	if u.isDict {
		if len(u.msgstrDict) == 1 && u.msgstrDict[0].index != 0 {
			return false, false
		}
		msgstrNull = false // a dict never equals [] or [""]
	}
	return !msgstrNull && len(u.msgidcomments) == 0 && poIsNull(u.msgctxt), true
}

func (u *poUnit) isBlank() bool {
	if h, _ := u.isHeader(); h || len(u.msgidcomments) > 0 {
		return false
	}
	msgidLen := len(unquoteFromPO(u.msgid))
	if len(u.msgidPlural) > 0 {
		msgidLen += len(unquoteFromPO(u.msgidPlural))
	}
	msgstrLen := 0
	if u.isDict {
		for _, e := range u.msgstrDict {
			msgstrLen += len(unquoteFromPO(e.lines))
		}
	} else {
		msgstrLen = len(unquoteFromPO(u.msgstr))
	}
	return msgidLen == 0 && msgstrLen == 0 && poIsNull(u.msgctxt)
}

// flags is Weblate's PoUnit.flags: every "#," comment line read as flags
// written as Weblate writes them (the "#" and "fuzzy" are none), a later line's
// value winning, as Flags(*typecomments) merges them. Weblate keeps every other
// name, known to its checks or not (c-format, no-c-format, range:0..9). A line
// its flag grammar refuses makes Weblate fail to load the file.
func (u *poUnit) flags() (string, error) {
	if len(u.typecomments) == 0 {
		return "", nil
	}
	var f weblateFlags
	for _, tc := range u.typecomments {
		if err := f.mergeText(tc); err != nil {
			return "", errPOFlagSyntax
		}
	}
	f.remove("fuzzy") // a valued fuzzy:… too
	return f.String(), nil
}

// errPOFlagSyntax is a "#," line Weblate's flag grammar does not accept.
var errPOFlagSyntax = errors.New(`a "#," comment that is not a list of Weblate flags`)

func (u *poUnit) hasTypeComment(flag string) bool {
	for _, tc := range u.typecomments {
		for _, f := range strings.Split(tc, ",") {
			v := strings.TrimFunc(f, pyIsSpace)
			if v == "" || v == "#" {
				continue
			}
			if v == flag {
				return true
			}
		}
	}
	return false
}

func (p *poParser) extractMsgidComments(u *poUnit) string {
	text := unquoteFromPO(u.msgidcomments)
	if text == "" {
		return ""
	}
	first, _, _ := strings.Cut(text, p.newline)
	return strings.Replace(first, "_: ", "", 1)
}

// notes is getnotes(): translator comments, then extracted comments, each line
// without its marker, the last line end dropped.
func (p *poParser) notes(u *poUnit) string {
	var b strings.Builder
	for _, c := range u.othercomments {
		if rest := dropRunes(c, 2); rest != "" {
			b.WriteString(rest)
		} else {
			b.WriteString(p.newline)
		}
	}
	for _, c := range u.automaticcomments {
		if rest := dropRunes(c, 3); rest != "" {
			b.WriteString(rest)
		} else {
			b.WriteString(p.newline)
		}
	}
	s := b.String()
	if s == "" {
		return ""
	}
	_, size := utf8.DecodeLastRuneInString(s)
	return s[:len(s)-size]
}

func unquoteFromPO(list []string) string {
	if len(list) == 1 {
		return poUnescape(stripQuotes(list[0]))
	}
	var b strings.Builder
	for _, l := range list {
		b.WriteString(poUnescape(stripQuotes(l)))
	}
	return b.String()
}

// stripQuotes is line[1:-1]; the line is normally a quoted string.
func stripQuotes(l string) string {
	if len(l) < 2 {
		return ""
	}
	_, first := utf8.DecodeRuneInString(l)
	_, last := utf8.DecodeLastRuneInString(l)
	if first+last > len(l) {
		return ""
	}
	return l[first : len(l)-last]
}

// poUnescape is pypo.unescape: a backslash pairs with the next character; only
// \n \t \r \" \\ are translated, other pairs are kept as written.
func poUnescape(line string) string {
	if strings.IndexByte(line, '\\') < 0 {
		return line
	}
	var b strings.Builder
	last := 0
	prevEscape := -2
	trueEscape := false
	for pos := strings.IndexByte(line, '\\'); pos >= 0; {
		if pos-1 == prevEscape {
			trueEscape = !trueEscape
		} else {
			trueEscape = true
		}
		prevEscape = pos
		if trueEscape {
			b.WriteString(line[last:pos])
			end := min(pos+2, len(line))
			switch pair := line[pos:end]; pair {
			case `\r`:
				b.WriteByte('\r')
			case `\t`:
				b.WriteByte('\t')
			case `\"`:
				b.WriteByte('"')
			case `\n`:
				b.WriteByte('\n')
			case `\\`:
				b.WriteByte('\\')
			default:
				// The pair is kept; a multi-byte character after the backslash is
				// copied whole below, as Python slices characters, not bytes.
				b.WriteByte('\\')
				end = pos + 1
				if pos+1 < len(line) {
					_, size := utf8.DecodeRuneInString(line[pos+1:])
					b.WriteString(line[pos+1 : pos+1+size])
					end = pos + 1 + size
				}
			}
			last = end
		}
		next := strings.IndexByte(line[pos+1:], '\\')
		if next < 0 {
			break
		}
		pos = pos + 1 + next
	}
	if last < len(line) {
		b.WriteString(line[last:])
	}
	return b.String()
}
