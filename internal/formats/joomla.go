package formats

import (
	"strings"
)

// joomlaFormat reads Joomla's language files as Weblate 4.18 does: JoomlaFormat
// (weblate/formats/ttkit.py, a PropertiesBaseFormat with PropertiesUnit) over
// translate-toolkit's properties.joomlafile, a propfile with the "joomla"
// dialect (translate/storage/properties.py, DialectJoomla; translate-toolkit
// 3.8.4 reads it as 3.9.2 does). Files are UTF-8 (a byte-order mark dropped).
//
// The file is read as Java properties are (see propFormat and propParser, whose
// transcription of propfile.parse this repeats for the dialect's hooks): the
// same comments, header, continuation lines ending in "\", key stripping and
// note. The dialect differs in three hooks: only "=" delimits a key (a ":" or a
// space does not); the value is stripped of white space at both ends; and the
// decoded value (Java's escapes) loses one pair of double quotes around it when
// it is longer than two characters, then every "_QQ_" between quotes ("\"_QQ_\"")
// becomes a double quote. Weblate refuses a file whose first entry has no "="
// (PropertiesBaseFormat.is_valid), and so does Parse.
type joomlaFormat struct{}

func init() {
	// JoomlaFormat: text/plain (PropertiesBaseFormat), the extension ini
	// (joomlafile.Extensions), no check_flags. Its files share *.ini with the
	// INI format (translation-finder's JoomlaDiscovery and INIDiscovery):
	// chooseINI tells them apart.
	Register(Info{ID: "joomla", Name: "Joomla language file", Monolingual: true, MimeType: "text/plain", Extension: "ini", Detect: iniDetection}, joomlaFormat{})
}

func (joomlaFormat) Parse(data []byte) (*File, error) {
	text, err := decodeUTF8Sig(data)
	if err != nil {
		return nil, &SyntaxError{Line: phpBadUTF8Line(trimUTF8BOM(data)), Msg: err.Error()}
	}
	p := joomlaParser{}
	if err := p.parse(text); err != nil {
		return nil, err
	}
	p.out.Warnings = duplicateWarnings(p.out.Units, false)
	return &p.out, nil
}

type joomlaParser struct {
	cur      propRaw
	comments []string
	added    int
	first    propRaw
	out      File
	err      error
}

// add is propfile.addunit followed by a fresh unit (propParser.add with the
// joomla dialect's decoding).
func (p *joomlaParser) add() {
	u := &p.cur
	if p.added == 0 {
		p.first = *u
	}
	p.added++
	if (u.name != "" || u.value != "") && p.err == nil {
		value, err := joomlaDecode(u.value)
		if err != nil {
			p.err = &SyntaxError{Line: u.line, Msg: err.Error()}
		}
		p.out.Units = append(p.out.Units, Unit{
			Key:      u.name,
			Target:   []string{value},
			ReadOnly: u.name == "",
			Note:     strings.Join(p.comments, "\n"),
			Line:     u.line,
		})
	}
	p.comments = p.comments[:0]
	p.cur = propRaw{delimiter: true}
}

// joomlaDecode is DialectJoomla.decode: Java's unescaping, one pair of quotes
// around more than two characters dropped, "_QQ_" between quotes a quote.
func joomlaDecode(s string) (string, error) {
	v, err := propDecode(s)
	if err != nil {
		return "", err
	}
	if n := len([]rune(v)); n > 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	return strings.ReplaceAll(v, `"_QQ_"`, `"`), nil
}

func (p *joomlaParser) parse(text string) error {
	p.cur = propRaw{delimiter: true}
	var buf []byte
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
			buf = append(buf, pyLstrip(line)...)
			inValue = joomlaContinues(buf)
			if inValue {
				buf = buf[:len(buf)-1]
			} else {
				p.cur.value = pyStrip(string(buf))
				p.add()
			}
		case inComment || isPropCommentLine(stripped) || isPropCommentStart(stripped) || isPropCommentEnd(stripped):
			p.comments = append(p.comments, line)
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
			if !wasHeader && p.cur.name == "" && p.cur.value == "" && !commentsBlank(p.comments) {
				p.add()
				wasHeader = true
			}
		default:
			pos := joomlaDelimiter(line)
			p.cur.line = lineNo
			if pos < 0 {
				p.cur.name = joomlaKeyStrip(line)
				p.cur.value = ""
				p.cur.delimiter = false
				p.add()
				break
			}
			p.cur.name = joomlaKeyStrip(line[:pos])
			after := pyLstrip(line[pos+1:])
			if joomlaContinues([]byte(after)) {
				inValue = true
				buf = append(buf[:0], after[:len(after)-1]...)
			} else {
				p.cur.value = pyStrip(line[pos+1:])
				p.add()
			}
		}
		if !more {
			break
		}
	}
	if inValue {
		p.cur.value = string(buf)
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

// joomlaDelimiter is find_delimiter with "=" alone: the first "=" from the first
// non-blank character on not right after a backslash (Python's line[pos-1] is
// the last character when pos is 0).
func joomlaDelimiter(line string) int {
	start := len(line) - len(pyLstrip(line))
	for pos := start; pos < len(line); pos++ {
		i := strings.IndexByte(line[pos:], '=')
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

// joomlaKeyStrip is the default key_strip (Java's).
func joomlaKeyStrip(key string) string {
	k := pyRstrip(key)
	if strings.HasSuffix(k, "\\") {
		k += pyNextChar(key, len(k))
	}
	return pyLstrip(k)
}

// joomlaContinues is is_line_continuation: an odd number of backslashes at the
// end. It reads bytes: a value continued on many lines grows in a buffer that is
// not copied to ask.
func joomlaContinues(line []byte) bool {
	n := 0
	for n < len(line) && line[len(line)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}
