package formats

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// propFormat is a key-value format read by translate-toolkit's propfile
// (translate/storage/properties.py, translate-toolkit 3.9; 3.8.4 reads these the
// same way) as Weblate 4.18 loads it (weblate/formats/ttkit.py, PropertiesFormat,
// PropertiesUtf8Format, PropertiesUtf16Format, StringsFormat, StringsUtf8Format,
// with PropertiesUnit):
//
//   - Java properties in three encodings, all with the "java" dialect: ISO-8859-1
//     (Weblate forces the store's encoding, so every byte is one character, a UTF-8
//     byte-order mark included), UTF-8 and UTF-16 (forced by Weblate);
//   - Apple strings, with the "strings" dialect, in UTF-16 (the class default:
//     translate-toolkit decodes even a UTF-8 file as UTF-16) or UTF-8.
//
// A unit is a key line (and its continuation lines). Its key is the key as
// written (escapes are not decoded, which is what Weblate takes as context and
// matches translations by); its text is the value decoded by propDecode; its note
// is the comment lines before it, verbatim with their markers ("# …", "/* … */"),
// joined with newlines, the blank lines among them kept as empty lines. The first
// comment block followed by a blank line is the file's header and belongs to no
// unit. A value line without a key ("=x") is a read-only unit with an empty key. A
// key with an empty value is untranslated. No plurals: only the GWT and XWiki
// dialects have them.
//
// The parser transcribes propfile.parse, Dialect.find_delimiter and the dialects'
// key_strip, value_strip and line-continuation rules, accidents included: a "\"
// before a delimiter hides it whatever precedes the "\"; a Java line containing
// "*/" at its end is a comment; a strings value missing its ";" swallows the lines
// after it (joined without newlines) until one ends with ";"; tabs do not
// separate keys from values. Weblate refuses a file whose first unit has no
// delimiter (PropertiesBaseFormat.is_valid); so does Parse.
type propFormat struct {
	info    Info
	strings bool // the "strings" dialect, else "java"
	decode  func([]byte) (string, error)
}

var propFormats = []*propFormat{
	{info: Info{ID: "properties", Name: "Java Properties (ISO 8859-1)", Detect: propertiesDetection}, decode: func(b []byte) (string, error) { s, _ := decodeLatin1(b); return s, nil }},
	// Only PropertiesUtf8Format has check_flags (weblate/formats/ttkit.py);
	// the ISO 8859-1 and UTF-16 classes derive from PropertiesBaseFormat.
	{info: Info{ID: "properties-utf8", Name: "Java Properties (UTF-8)", Detect: propertiesDetection, CheckFlags: "auto-java-messageformat"}, decode: decodeUTF8Sig},
	{info: Info{ID: "properties-utf16", Name: "Java Properties (UTF-16)", Detect: propertiesDetection}, decode: decodePyUTF16},
	{info: Info{ID: "strings", Name: "iOS strings (UTF-16)", Detect: stringsDetection}, strings: true, decode: decodePyUTF16},
	{info: Info{ID: "strings-utf8", Name: "iOS strings (UTF-8)", Detect: stringsDetection}, strings: true, decode: decodeUTF8Sig},
}

// The families of .properties and .strings files, whose encoding tells the
// format (translation_finder/discovery/files.py JavaDiscovery and the Apple
// strings discovery, both EncodingDiscovery).
var (
	propertiesDetection = &Detection{Name: "Java properties", Extensions: []string{".properties"}, Default: "properties", ReadAll: true, Choose: chooseProperties}
	stringsDetection    = &Detection{Name: "Apple strings", Extensions: []string{".strings"}, Lproj: true, Default: "strings-utf8", Choose: chooseStrings}
)

// chooseStrings is an Apple .strings set's format: Weblate 4.18's "strings" reads
// UTF-16, "strings-utf8" UTF-8 (weblate/formats/ttkit.py StringsFormat,
// StringsUtf8Format), the encodings Xcode writes.
func chooseStrings(s *Sample) string {
	if LooksUTF16(s.Data) {
		return "strings"
	}
	return "strings-utf8"
}

// chooseProperties is a Java properties set's format, from all of its files:
// UTF-16 ones are "properties-utf16"; a set with text beyond ASCII, all of it
// valid UTF-8, is "properties-utf8"; anything else is Weblate's default
// "properties", ISO 8859-1 with \u escapes, which reads ASCII the same as
// UTF-8 does (translation-finder asks charset_normalizer; these are the cases
// that give different strings).
func chooseProperties(s *Sample) string {
	utf8Text := false
	for _, data := range s.Files {
		if LooksUTF16(data) {
			return "properties-utf16"
		}
		data = bytes.TrimPrefix(data, bomUTF8)
		if !isASCII(data) {
			if !utf8.Valid(data) {
				return "properties"
			}
			utf8Text = true
		}
	}
	if utf8Text {
		return "properties-utf8"
	}
	return "properties"
}

func init() {
	for _, f := range propFormats {
		// PropertiesBaseFormat.mimetype is "text/plain" (translate-toolkit's classes
		// name none); the extension is the class's first (javafile, stringsfile).
		f.info.Monolingual = true
		f.info.MimeType = "text/plain"
		f.info.Extension = "properties"
		if f.strings {
			f.info.Extension = "strings"
		}
		Register(f.info, f)
	}
}

// Parse returns the file's units in file order, duplicates included.
func (f *propFormat) Parse(data []byte) (*File, error) {
	text, err := f.decode(data)
	if err != nil {
		return nil, &SyntaxError{Line: 1, Msg: err.Error()}
	}
	p := propParser{strings: f.strings}
	// Most units have a "=", most comments and blank lines none; a Unit is large
	// enough that allocating one a line showed in the profile.
	p.out.Units = make([]Unit, 0, min(strings.Count(text, "="), strings.Count(text, "\n"))+1)
	if err := p.parse(text); err != nil {
		return nil, err
	}
	return &p.out, nil
}

// propRaw is the propunit being read (its comments are p.comments): nothing is
// decoded yet.
type propRaw struct {
	name, value string
	delimiter   bool // a delimiter was found (propunit.delimiter is not "")
	line        int
}

type propParser struct {
	strings bool
	// joomla is translate-toolkit's DialectJoomla (joomla.go): "=" alone
	// delimits, values are stripped at both ends and decoded by joomlaDecode.
	joomla   bool
	cur      propRaw
	comments []string
	buf      []byte // the value of a key continued on further lines
	added    int    // propunits added, blank ones included
	first    propRaw
	out      File
	pool     []string
	err      error
}

var errPropKeyQuote = errors.New("unterminated quoted key")

// add is propfile.addunit followed by a fresh unit. A propunit with neither key
// nor value (comments only, or the header) is not a unit of Weblate's.
func (p *propParser) add() {
	u := &p.cur
	if p.added == 0 {
		p.first = *u
	}
	p.added++
	if (u.name != "" || u.value != "") && p.err == nil {
		decode := propDecode
		if p.joomla {
			decode = joomlaDecode
		}
		value, err := decode(u.value)
		if err != nil {
			p.err = &SyntaxError{Line: u.line, Msg: err.Error()}
		}
		note := ""
		if c := p.comments; len(c) == 1 {
			note = c[0]
		} else if len(c) > 1 {
			note = strings.Join(c, "\n")
		}
		p.out.Units = append(p.out.Units, Unit{
			Key:      u.name,
			Target:   oneString(&p.pool, value),
			ReadOnly: u.name == "", // propunit.istranslatable is bool(name)
			Note:     note,
			Line:     u.line,
		})
	}
	p.comments = p.comments[:0]
	p.cur = propRaw{delimiter: true}
}

// parse is propfile.parse over decoded text.
func (p *propParser) parse(text string) error {
	p.cur = propRaw{delimiter: true}
	inValue, inComment, wasHeader := false, false, false
	lineNo := 0
	for {
		lineNo++
		line, rest, more := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimRight(line, "\r\n")
		stripped := ""
		if !inValue {
			stripped = pyStrip(line)
		}
		switch {
		case inValue:
			// The value grows in a buffer: a long run of continuation lines would
			// otherwise copy it once per line.
			p.buf = append(p.buf, pyLstrip(line)...)
			inValue = p.continues(unsafe.String(unsafe.SliceData(p.buf), len(p.buf)))
			if inValue {
				p.buf = p.stripContinuation(p.buf)
			} else {
				p.cur.value = p.valueStrip(string(p.buf))
				p.add()
			}
		case inComment || isPropCommentLine(stripped) || isPropCommentStart(stripped) || isPropCommentEnd(stripped):
			if !p.strings || line != "/* No comment provided by engineer. */" {
				p.comments = append(p.comments, line)
			}
			if isPropCommentStart(stripped) {
				inComment = true
			} else if isPropCommentEnd(stripped) {
				inComment = false
			}
		case stripped == "":
			if p.cur.name != "" {
				p.add()
			} else {
				p.comments = append(p.comments, "")
			}
			// The first block of comments ended by a blank line is the header.
			if !wasHeader && p.cur.name == "" && p.cur.value == "" && !commentsBlank(p.comments) {
				p.add()
				wasHeader = true
			}
		default:
			pos, err := p.findDelimiter(line)
			if err != nil {
				return &SyntaxError{Line: lineNo, Msg: err.Error()}
			}
			p.cur.line = lineNo
			if pos < 0 {
				p.cur.name = p.keyStrip(line)
				p.cur.value = ""
				p.cur.delimiter = false
				p.add()
				break
			}
			p.cur.name = p.keyStrip(line[:pos])
			after := line[pos+1:]
			if p.continues(pyLstrip(after)) {
				inValue = true
				p.buf = p.stripContinuation(append(p.buf[:0], pyLstrip(after)...))
			} else {
				p.cur.value = p.valueStrip(after)
				p.add()
			}
		}
		if !more {
			break
		}
	}
	if inValue {
		p.cur.value = string(p.buf)
	}
	c := p.comments
	if inValue || len(c) > 0 && !(len(c) == 1 && c[0] == "") {
		p.add()
	}
	if p.added > 0 && !p.first.delimiter {
		return &SyntaxError{Line: p.first.line, Msg: "the first entry has no delimiter"}
	}
	return p.err
}

// commentsBlank reports whether comment lines joined with newlines are white space
// only (str(propunit).strip() is empty).
func commentsBlank(c []string) bool {
	for _, l := range c {
		if pyStrip(l) != "" {
			return false
		}
	}
	return true
}

// isPropCommentLine is properties.is_comment_one_line, given the stripped line.
func isPropCommentLine(s string) bool {
	for _, start := range []string{"#", "!", "//", ";"} {
		if strings.HasPrefix(s, start) {
			return true
		}
	}
	return strings.HasPrefix(s, "/*") && strings.HasSuffix(s, "*/")
}

// isPropCommentStart and isPropCommentEnd are is_comment_start and
// is_comment_end, given the stripped line.
func isPropCommentStart(s string) bool {
	return strings.HasPrefix(s, "/*") && !strings.HasSuffix(s, "*/")
}

func isPropCommentEnd(s string) bool {
	return !strings.HasPrefix(s, "/*") && strings.HasSuffix(s, "*/")
}

// findDelimiter is Dialect.find_delimiter: the byte offset of the delimiter, or -1.
// Java delimits by "=", ":" or a space, strings by "=" after the quoted key; a
// delimiter right after a backslash does not count.
func (p *propParser) findDelimiter(line string) (int, error) {
	start := len(line) - len(pyLstrip(line))
	if p.strings && line[start] == '"' {
		start++
		for {
			if start >= len(line) {
				return 0, errPropKeyQuote
			}
			if line[start] == '"' && line[start-1] != '\\' {
				break
			}
			start++
		}
	}
	// find returns the first occurrence of d from start not preceded by a
	// backslash; Python's line[pos-1] is the last character when pos is 0.
	find := func(d byte) int {
		for pos := start; pos < len(line); pos++ {
			i := strings.IndexByte(line[pos:], d)
			if i < 0 {
				return -1
			}
			pos += i
			prev := pos - 1
			if prev < 0 {
				prev = len(line) - 1
			}
			if line[prev] != '\\' {
				return pos
			}
		}
		return -1
	}
	if p.strings || p.joomla {
		return find('='), nil
	}
	min := -1
	for _, d := range []byte{'=', ':'} {
		if pos := find(d); pos != -1 && (min == -1 || pos < min) {
			min = pos
		}
	}
	space := find(' ')
	if space == -1 {
		return min, nil
	}
	if min == -1 {
		return space, nil
	}
	// A space before "=" or ":" delimits only when something other than white
	// space lies between them.
	if space < min && pyStrip(line[space:min]) != "" {
		return space, nil
	}
	return min, nil
}

// keyStrip is the dialects' key_strip.
func (p *propParser) keyStrip(key string) string {
	if !p.strings {
		k := pyRstrip(key)
		if strings.HasSuffix(k, "\\") {
			k += pyNextChar(key, len(k))
		}
		return pyLstrip(k)
	}
	k := strings.TrimRight(pyRstrip(key), `"`)
	if strings.HasSuffix(k, "\\") {
		k += pyNextChar(key, len(k))
	}
	k = strings.TrimLeft(pyLstrip(k), `"`)
	return strings.ReplaceAll(k, `\"`, `"`)
}

// valueStrip is the dialects' value_strip.
func (p *propParser) valueStrip(value string) string {
	if p.joomla {
		return pyStrip(value)
	}
	if !p.strings {
		return pyLstrip(value)
	}
	v := strings.TrimRight(strings.TrimRight(pyRstrip(value), ";"), `"`)
	if strings.HasSuffix(v, "\\") {
		v += pyNextChar(value, len(v))
	}
	v = strings.TrimLeft(pyLstrip(v), `"`)
	return strings.ReplaceAll(v, `\"`, `"`)
}

// continues is the dialects' is_line_continuation: Java continues a line ending in
// an odd number of backslashes, strings one not ending in ";".
func (p *propParser) continues(line string) bool {
	if p.strings {
		l := pyRstrip(line)
		return l == "" || l[len(l)-1] != ';'
	}
	n := 0
	for n < len(line) && line[len(line)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// stripContinuation is strip_line_continuation: Java drops the backslash.
func (p *propParser) stripContinuation(value []byte) []byte {
	if p.strings {
		return value
	}
	return value[:len(value)-1]
}
