package export

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// PO follows Weblate's PoExporter over translate-toolkit's pofile
// (translate/storage/pypo.py, poheader.py): a header unit, then one entry per
// unit, separated by blank lines.

// poHeaderOrder is translate-toolkit's poheader.header_order.
var poHeaderOrder = []string{
	"Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
	"Last-Translator", "Language-Team", "Language", "MIME-Version", "Content-Type",
	"Content-Transfer-Encoding", "Plural-Forms", "X-Accelerator-Marker", "X-Generator", "X-Merge-On",
}

type headerField struct {
	key   string
	value *string // nil: written nowhere (translate-toolkit skips None)
}

func sp(s string) *string { return &s }

// parseHeader is translate-toolkit's parseheaderstring: "key: value" lines, both
// stripped; a repeated key keeps its first place and its last value.
func parseHeader(s string) []headerField {
	var out []headerField
	for _, line := range strings.Split(s, "\n") {
		key, value, ok := strings.Cut(line, ":")
		if line == "" || !ok {
			continue
		}
		key, value = pyStrip(key), pyStrip(value)
		if i := slices.IndexFunc(out, func(f headerField) bool { return f.key == key }); i >= 0 {
			out[i].value = sp(value)
			continue
		}
		out = append(out, headerField{key, sp(value)})
	}
	return out
}

// updateHeader is translate-toolkit's poheader.update with add=True: the fields of
// header_order first, then the other existing ones, then the other new ones. New
// keys match old ones ignoring case (a cidict).
func updateHeader(existing, fixed []headerField) []headerField {
	fixed = slices.Clone(fixed)
	take := func(key string) (headerField, bool) {
		for i, f := range fixed {
			if strings.EqualFold(f.key, key) {
				fixed = slices.Delete(fixed, i, i+1)
				return f, true
			}
		}
		return headerField{}, false
	}
	find := func(key string) (headerField, bool) {
		for _, f := range existing {
			if f.key == key {
				return f, true
			}
		}
		return headerField{}, false
	}
	var out []headerField
	removed := map[string]bool{}
	for _, key := range poHeaderOrder {
		if old, ok := find(key); ok {
			if nf, ok := take(key); ok {
				out = append(out, headerField{key, nf.value})
			} else {
				out = append(out, old)
			}
			removed[key] = true
		} else if nf, ok := take(key); ok {
			out = append(out, headerField{key, nf.value})
		}
	}
	for _, f := range existing {
		if !removed[f.key] {
			out = append(out, f)
		}
	}
	return append(out, fixed...)
}

func headerString(fields []headerField) string {
	var b strings.Builder
	for _, f := range fields {
		if f.value != nil {
			b.WriteString(f.key + ": " + *f.value + "\n")
		}
	}
	return b.String()
}

// kwarg is a Python keyword argument name as translate-toolkit's update() turns
// it into a header key: underscores become dashes, all-lower-case names are
// title-cased.
func kwarg(name string) string {
	name = strings.ReplaceAll(name, "_", "-")
	if name == strings.ToLower(name) && name != strings.ToUpper(name) {
		name = pyTitle(name)
	}
	return name
}

// pyTitle is str.title(): upper-case after every non-letter, lower-case elsewhere.
func pyTitle(s string) string {
	var b strings.Builder
	prev := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			if prev {
				b.WriteRune(unicode.ToLower(r))
			} else {
				b.WriteRune(unicode.ToTitle(r))
			}
			prev = true
		} else {
			b.WriteRune(r)
			prev = false
		}
	}
	return b.String()
}

// poHeader is the header Weblate's PoExporter.get_storage leaves: pofile's initial
// header (makeheaderdict), updated with Weblate's fields, then with the target
// language by settargetlanguage. Each update re-reads the previous text.
func poHeader(t *Translation, initial bool) string {
	created := t.Time.Format("2006-01-02 15:04") + tzString(t.Time)
	defaults := func(charset, encoding string) []headerField {
		return []headerField{
			{"Project-Id-Version", sp("PACKAGE VERSION")},
			{"Report-Msgid-Bugs-To", sp("")},
			{"POT-Creation-Date", sp(created)},
			{"PO-Revision-Date", sp("YEAR-MO-DA HO:MI+ZONE")},
			{"Last-Translator", sp("FULL NAME <EMAIL@ADDRESS>")},
			{"Language-Team", sp("LANGUAGE <LL@li.org>")},
			{"MIME-Version", sp("1.0")},
			{"Content-Type", sp("text/plain; charset=" + charset)},
			{"Content-Transfer-Encoding", sp(encoding)},
		}
	}
	lang := t.Language
	weblate := []headerField{
		{kwarg("language"), sp(lang.Code)},
		{kwarg("x_generator"), sp(Generator)},
		{kwarg("project_id_version"), sp(lang.Name + " (" + t.ProjectName + ")")},
		{kwarg("plural_forms"), sp(fmt.Sprintf("nplurals=%d; plural=%s;", lang.Plurals, lang.Formula))},
		{kwarg("language_team"), sp(lang.Name + " <" + t.URL + ">")},
	}
	toolkit := headerField{"X-Generator", sp("Translate Toolkit " + toolkitVersion)}
	var text string
	if initial {
		// pofile(): init_headers, then updateheader(add=True, **that) creating the
		// header through makeheader with CHARSET/ENCODING defaults overridden.
		text = headerString(append(defaults("UTF-8", "8bit"), toolkit))
		text = updateFix(text, weblate)
	} else {
		// mofile() has no header until Weblate's updateheader makes one, with
		// makeheaderdict's CHARSET and ENCODING placeholders and its arguments.
		fields := defaults("CHARSET", "ENCODING")
		for _, w := range weblate {
			switch w.key {
			case "Project-Id-Version":
				fields[0].value = w.value
			case "Language-Team":
				fields[5].value = w.value
			}
		}
		fields = append(fields, headerField{"Plural-Forms", weblate[3].value}, toolkit)
		text = headerString(updateHeader(fields, []headerField{weblate[0], weblate[1]}))
	}
	if len([]rune(lang.Code)) > 1 {
		text = updateFix(text, []headerField{{"Language", sp(lang.Code)}, {"X-Poedit-Language", nil}, {"X-Poedit-Country", nil}})
	}
	return text
}

// updateFix is poheader.updateheader on an existing header: update, then the
// placeholder charset and encoding replaced.
func updateFix(text string, fixed []headerField) string {
	fields := updateHeader(parseHeader(text), fixed)
	set := func(key, value string, bad func(string) bool) {
		i := slices.IndexFunc(fields, func(f headerField) bool { return f.key == key })
		switch {
		case i < 0:
			fields = append(fields, headerField{key, sp(value)})
		case fields[i].value == nil || bad(*fields[i].value):
			fields[i].value = sp(value)
		}
	}
	set("Content-Type", "text/plain; charset=UTF-8", func(v string) bool { return strings.Contains(v, "charset=CHARSET") })
	set("Content-Transfer-Encoding", "8bit", func(v string) bool { return strings.Contains(v, "ENCODING") })
	return headerString(fields)
}

// tzString is poheader.tzstring: the zone offset as [+-]HHMM.
func tzString(t time.Time) string {
	_, off := t.Zone()
	sign := '+'
	if off < 0 {
		sign = '-'
		off = -off
	}
	return fmt.Sprintf("%c%02d%02d", sign, off/3600, off/60%60)
}

// withoutEOT drops U+0004 from a unit's texts: gettext reserves it to separate
// a context from its message and refuses PO files holding it. Weblate writes it
// through; gitlate writes files gettext can read. u is a copy (Translation.unit):
// its slices are changed in place.
func withoutEOT(u *Unit) {
	drop := func(s string) string { return strings.ReplaceAll(s, "\x04", "") }
	for j := range u.Source {
		u.Source[j] = drop(u.Source[j])
	}
	for j := range u.Target {
		u.Target[j] = drop(u.Target[j])
	}
	u.Context = drop(u.Context)
}

func writePO(t *Translation, w *writer) error {
	// The header is a unit with an empty msgid; its fuzzy flag is cleared by the
	// updates.
	w.WriteString("msgid \"\"\n")
	w.WriteString(poPart("msgstr", poQuote(poHeader(t, true))))
	for i := range t.count() {
		if err := w.next(i); err != nil {
			return err
		}
		u := t.unit(i)
		withoutEOT(&u)
		w.WriteString("\n")
		w.WriteString(poEntry(t, &u))
	}
	return nil
}

// poEntry is pounit._getoutput for a unit as BaseExporter.add_unit builds it.
func poEntry(t *Translation, u *Unit) string {
	src := sources(u)
	msgid := poQuote(src[0])
	var msgidPlural []string
	if len(src) > 1 {
		msgidPlural = poQuote(src[1])
	}
	plural := len(msgidPlural) > 0 // pounit.hasplural
	tg := targets(t, u)
	var msgstr [][]string
	if plural {
		for _, s := range tg {
			msgstr = append(msgstr, poQuote(s))
		}
	} else {
		// a single string: msgstr takes its first form (a multistring prints as that)
		msgstr = [][]string{poQuote(tg[0])}
	}
	var comments, sourceComments []string
	for _, note := range []string{u.Note, u.Explanation} {
		if note == "" || pyStrip(note) == "" {
			continue
		}
		for _, line := range strings.Split(note, "\n") {
			if line == "" {
				comments = append(comments, "#.\n")
			} else {
				comments = append(comments, "#. "+line+"\n")
			}
		}
	}
	for _, loc := range pySplit(u.Location) {
		sourceComments = append(sourceComments, "#: "+quotePlus(loc)+"\n")
	}
	var typeComment string
	var flags []string
	addFlag := func(flag string) {
		if slices.Contains(flags, flag) {
			return
		}
		flags = append(flags, flag)
		slices.Sort(flags)
		typeComment = "#, " + strings.Join(flags, ", ") + "\n"
		// settypecomment re-reads the line it wrote, split on commas.
		flags = flags[:0]
		for _, f := range strings.Split(typeComment[:len(typeComment)-1], ",") {
			if f = pyStrip(f); f != "" && f != "#" {
				flags = append(flags, f)
			}
		}
	}
	for _, f := range u.Flags {
		addFlag(f)
	}
	if u.State == stateFuzzy {
		addFlag("fuzzy")
	}
	var msgctxt []string
	if u.Context != "" {
		msgctxt = poQuote(u.Context)
	}
	nullMsgid := poIsNull(msgid)
	isHeader := nullMsgid && (plural || !poIsNull(msgstr[0])) && poIsNull(msgctxt)
	if nullMsgid && !(isHeader || u.Context != "" || len(sourceComments) > 0) {
		return ""
	}
	var b strings.Builder
	for _, c := range comments {
		b.WriteString(c)
	}
	for _, c := range sourceComments {
		b.WriteString(c)
	}
	b.WriteString(typeComment)
	if len(msgctxt) > 0 {
		b.WriteString(poPart("msgctxt", msgctxt))
	}
	b.WriteString(poPart("msgid", msgid))
	if len(msgidPlural) > 0 {
		b.WriteString(poPart("msgid_plural", msgidPlural))
	}
	if plural {
		for i, lines := range msgstr {
			b.WriteString(poPart(fmt.Sprintf("msgstr[%d]", i), lines))
		}
	} else {
		b.WriteString(poPart("msgstr", msgstr[0]))
	}
	return b.String()
}

func poIsNull(lines []string) bool {
	return len(lines) == 0 || len(lines) == 1 && lines[0] == `""`
}

// poPart is pounit._getmsgpartstr without msgid comments.
func poPart(name string, lines []string) string {
	var b strings.Builder
	b.WriteString(name + " ")
	if len(lines) == 0 {
		b.WriteString(`""` + "\n")
		return b.String()
	}
	b.WriteString(lines[0] + "\n")
	prev := ""
	for _, l := range lines[1:] {
		if prev == `""` && l == `""` {
			continue
		}
		prev = l
		b.WriteString(l + "\n")
	}
	return b.String()
}

// poEscape is pypo.escapeforpo.
func poEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\\':
			b.WriteString(`\\`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// poWidth is PoWrapper's default width.
const poWidth = 77

// poQuote is pypo.quoteforpo: the escaped text cut after each "\n" escape (it
// splits on the two characters, even when the backslash is itself escaped), an
// empty first line when the text spans lines or is long, and each piece wrapped to
// 77 columns.
func poQuote(text string) []string {
	esc := poEscape(text)
	lines := strings.Split(esc, `\n`)
	for i := range lines[:len(lines)-1] {
		lines[i] += `\n`
	}
	var out []string
	if len(lines) > 2 || len(lines) == 2 && lines[1] != "" || len([]rune(lines[0])) > poWidth-6 {
		out = append(out, `""`)
	}
	for _, line := range lines {
		for _, l := range poWrap(line) {
			out = append(out, `"`+l+`"`)
		}
	}
	return out
}

// poWrap is PoWrapper.wrap: Python's textwrap with translate-toolkit's word
// separators, whitespace kept, long words broken, and East Asian wide and
// full-width characters counted as two columns.
func poWrap(text string) []string {
	if text == "" {
		return nil
	}
	if cjkLen(text) <= poWidth {
		return []string{text} // every chunk fits on the first line
	}
	chunks := wrapChunks([]rune(text))
	var lines []string
	for len(chunks) > 0 {
		var cur []string
		curLen := 0
		for len(chunks) > 0 {
			l := cjkLen(chunks[0])
			if curLen+l > poWidth {
				break
			}
			cur = append(cur, chunks[0])
			curLen += l
			chunks = chunks[1:]
		}
		if len(chunks) > 0 && cjkLen(chunks[0]) > poWidth {
			space := poWidth - curLen
			if space < 1 {
				space = 1
			}
			head, tail := cjkSlices(chunks[0], space)
			cur = append(cur, head)
			chunks[0] = tail
		}
		if len(cur) > 0 {
			lines = append(lines, strings.Join(cur, ""))
		}
	}
	return lines
}

func cjkLen(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// runeWidth is pypo's column count of a character: 2 for Python's wide and
// full-width characters.
func runeWidth(r rune) int {
	lo, hi := 0, len(pyWideRanges)
	for lo < hi {
		m := (lo + hi) / 2
		switch rg := pyWideRanges[m]; {
		case r < rg[0]:
			hi = m
		case r > rg[1]:
			lo = m + 1
		default:
			return 2
		}
	}
	return 1
}

// cjkSlices is pypo.cjkslices: the text cut before the character that takes it past
// the index.
func cjkSlices(s string, index int) (string, string) {
	if cjkLen(s) <= index {
		return s, ""
	}
	rs := []rune(s)
	n, i := 0, 0
	for i = 0; i < len(rs); i++ {
		n += runeWidth(rs[i])
		if n > index {
			break
		}
	}
	return string(rs[:i]), string(rs[i:])
}

// wrapChunks is textwrap's _split with PoWrapper.wordsep_re:
//
//	\s+ | [a-z0-9A-Z_-]+/ | \w*\\.\w* | \.(?=\w) | [\w!'&.,?=<>%]+\s+
//	| [^\s\w]*\w+[a-zA-Z]-(?=\w+[a-zA-Z]) | (?<=[\w!"'&.,?])-{2,}(?=\w)
//
// re.split keeps the separators; empty pieces are dropped.
func wrapChunks(s []rune) []string {
	var chunks []string
	start := 0
	for i := 0; i < len(s); {
		end := wordSepAt(s, i)
		if end <= i {
			i++
			continue
		}
		if i > start {
			chunks = append(chunks, string(s[start:i]))
		}
		chunks = append(chunks, string(s[i:end]))
		start, i = end, end
	}
	if start < len(s) {
		chunks = append(chunks, string(s[start:]))
	}
	return chunks
}

// wordSepAt returns the end of a wordsep_re match at i, or -1. The alternatives are
// tried in order, as Python's re does; each is written out with the backtracking
// it can do.
func wordSepAt(s []rune, i int) int {
	n := len(s)
	run := func(j int, in func(rune) bool) int {
		for j < n && in(s[j]) {
			j++
		}
		return j
	}
	// \s+
	if e := run(i, pyIsSpace); e > i {
		return e
	}
	// [a-z0-9A-Z_-]+/
	if e := run(i, func(r rune) bool { return isASCIIAlnum(r) || r == '_' || r == '-' }); e > i && e < n && s[e] == '/' {
		return e + 1
	}
	// \w*\\.\w*
	if e := run(i, isWord); e < n && s[e] == '\\' && e+1 < n && s[e+1] != '\n' {
		return run(e+2, isWord)
	}
	// \.(?=\w)
	if s[i] == '.' && i+1 < n && isWord(s[i+1]) {
		return i + 1
	}
	// [\w!'&.,?=<>%]+\s+
	if e := run(i, func(r rune) bool { return isWord(r) || strings.ContainsRune("!'&.,?=<>%", r) }); e > i {
		if e2 := run(e, pyIsSpace); e2 > e {
			return e2
		}
	}
	// [^\s\w]*\w+[a-zA-Z]-(?=\w+[a-zA-Z])
	p := run(i, func(r rune) bool { return !pyIsSpace(r) && !isWord(r) })
	if w := run(p, isWord); w-p >= 2 && isASCIILetter(s[w-1]) && w < n && s[w] == '-' {
		la := run(w+1, isWord)
		for k := w + 2; k < la; k++ {
			if isASCIILetter(s[k]) {
				return w + 1
			}
		}
	}
	// (?<=[\w!"'&.,?])-{2,}(?=\w)
	if i > 0 && (isWord(s[i-1]) || strings.ContainsRune(`!"'&.,?`, s[i-1])) {
		if e := run(i, func(r rune) bool { return r == '-' }); e-i >= 2 && e < n && isWord(s[e]) {
			return e
		}
	}
	return -1
}

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
func isASCIIAlnum(r rune) bool  { return isASCIILetter(r) || r >= '0' && r <= '9' }

// isWord is Python's \w for str patterns: letters, numbers and the underscore.
func isWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_'
}

// pyIsSpace is str.isspace for one character.
func pyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// pyStrip is str.strip().
func pyStrip(s string) string { return strings.TrimFunc(s, pyIsSpace) }

// pySplit is str.split(): fields between runs of whitespace.
func pySplit(s string) []string { return strings.FieldsFunc(s, pyIsSpace) }

// quotePlus is urllib.parse.quote_plus(text.encode("utf-8"), safe="[]()/:,@"),
// translate-toolkit's encoding of PO locations.
func quotePlus(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b.WriteByte('+')
		case c < 0x80 && (isASCIIAlnum(rune(c)) || strings.IndexByte("_.-~[]()/:,@", c) >= 0):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
