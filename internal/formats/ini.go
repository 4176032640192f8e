package formats

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// iniFormat reads INI files as translate-toolkit's ini.inifile does
// (translate/storage/ini.py, the same in translate-toolkit 3.8.4 and 3.9.2) over
// iniparse 0.5's INIConfig (iniparse/ini.py, options not lower-cased), as Weblate
// 4.18 loads them (weblate/formats/ttkit.py INIFormat, "ini", and
// InnoSetupINIFormat, "islu", the latter with the "inno" dialect; INIUnit: the
// context is the unit's location "[section]option", every unit has content,
// none is read-only; translated when its text is not empty).
//
// iniparse reads a file line by line, each the first of these that matches the
// line with trailing white space stripped:
//
//   - blank;
//   - a comment: starting with ";", "#" or "rem" in any case (so an option
//     named "remark" is a comment);
//   - a section header: "[name]", then only white space or a comment;
//   - an option: a name not starting with white space, ":", "=" or "[", up to
//     the first ":" or "=", then white space and the value; a ";" after white
//     space starts a comment only where it is the value's first ";";
//   - a continuation: leading white space, then more of the previous option's
//     value, joined with a newline (blank lines between are kept as empty
//     lines, comments are not).
//
// Anything else, a continuation with no option before it, and an option or
// anything else before the first section fail the file (MissingSectionHeaderError
// at once, ParsingError at the end); so does text that is not UTF-8. A
// byte-order mark at the start is dropped. An option given twice in a section
// (or a section given twice) is one unit, in the place of its first occurrence,
// with the last value. Options of the [DEFAULT] section are no units of their
// own: they follow every other section's options, as ones of that section. The
// inno dialect turns %n into a newline and %t into a tab.
//
// Deliberately different: the units (their keys and texts, and iniUnitCost
// each) are bounded by max(1 MiB, 10 × the file's size), past which the file
// fails; iniparse repeats [DEFAULT]'s options in every section without bound.
type iniFormat struct{ inno bool }

var (
	iniDetection  = &Detection{Name: "INI", Extensions: []string{".ini"}, Default: "ini", Choose: chooseINI}
	isluDetection = &Detection{Name: "Inno Setup", Extensions: []string{".islu"}, Default: "islu"}
)

func init() {
	// INIFormat and InnoSetupINIFormat: text/plain, extensions ini and islu, no
	// check_flags, monolingual.
	Register(Info{ID: "ini", Name: "INI file", Monolingual: true, MimeType: "text/plain", Extension: "ini", Detect: iniDetection}, iniFormat{})
	Register(Info{ID: "islu", Name: "Inno Setup INI file", Monolingual: true, MimeType: "text/plain", Extension: "islu", Detect: isluDetection}, iniFormat{inno: true})
}

// chooseINI tells INI files with sections from Joomla's language files, which
// translation-finder also proposes for *.ini (JoomlaDiscovery) and which have
// no section (iniparse refuses them).
func chooseINI(s *Sample) string {
	for _, line := range strings.Split(strings.TrimPrefix(string(s.Data), "\ufeff"), "\n") {
		t := pyStrip(line)
		if t == "" || t[0] == ';' || t[0] == '#' {
			continue
		}
		if t[0] == '[' {
			return "ini"
		}
		return "joomla"
	}
	return "ini"
}

type iniOption struct {
	name   string
	value  []string // the value's lines: the option's, then the continuations'
	line   int
	latest int // index in options of the occurrence whose value counts
}

type iniSection struct {
	name    string
	options []iniOption
	index   map[string]int
}

func (f iniFormat) Parse(data []byte) (*File, error) {
	if !utf8.Valid(data) {
		return nil, &SyntaxError{Line: 1 + bytes.Count(data[:invalidOffset(data)], []byte("\n")), Msg: "not UTF-8"}
	}
	text := string(data)
	text = strings.TrimPrefix(text, "\ufeff")
	var sections []*iniSection
	byName := map[string]*iniSection{}
	defaults := &iniSection{name: "DEFAULT", index: map[string]int{}}
	var cur *iniSection
	var opt *iniOption
	var pending []string // blank lines since the option (comments add nothing)
	badLine := 0
	for lineNo := 1; text != ""; lineNo++ {
		raw, rest, _ := strings.Cut(text, "\n")
		text = rest
		line := pyRstrip(raw)
		kind, name, value := iniLineKind(line)
		if cur == nil && kind != iniComment && kind != iniBlank && kind != iniSectionLine {
			return nil, &SyntaxError{Line: lineNo, Msg: "INI: no section header before this line"}
		}
		switch kind {
		case iniBad:
			if badLine == 0 {
				badLine = lineNo
			}
		case iniBlank:
			pending = append(pending, "")
		case iniComment:
			// A comment belongs to the pending lines but gives no text.
		case iniContinuation:
			if opt == nil {
				if badLine == 0 {
					badLine = lineNo
				}
				break
			}
			opt.value = append(opt.value, pending...)
			pending = pending[:0]
			opt.value = append(opt.value, value)
		case iniSectionLine:
			pending = pending[:0]
			opt = nil
			if name == "DEFAULT" {
				cur = defaults
				break
			}
			s := byName[name]
			if s == nil {
				s = &iniSection{name: name, index: map[string]int{}}
				byName[name] = s
				sections = append(sections, s)
			}
			cur = s
		case iniOptionLine:
			pending = pending[:0]
			cur.options = append(cur.options, iniOption{name: name, value: []string{value}, line: lineNo})
			opt = &cur.options[len(cur.options)-1]
			if first, ok := cur.index[name]; ok {
				cur.options[first].latest = len(cur.options) - 1
			} else {
				cur.index[name] = len(cur.options) - 1
				opt.latest = len(cur.options) - 1
			}
		}
	}
	if badLine > 0 {
		return nil, &SyntaxError{Line: badLine, Msg: "INI: a line that is neither a section, an option, a continuation nor a comment"}
	}
	out := &File{}
	// A key repeats its section's name and [DEFAULT]'s options are repeated in
	// every section: the output is bounded by a text budget.
	budget := max(1<<20, 10*len(data))
	add := func(section string, o *iniOption, from *iniSection) error {
		v := from.options[o.latest].value
		size := iniUnitCost + len(section) + len(o.name) + 2
		for _, l := range v {
			size += len(l) + 1
		}
		if budget -= size; budget < 0 {
			return &SyntaxError{Line: o.line, Msg: "INI: the units exceed the text budget (long section names, or [DEFAULT]'s options in every section)"}
		}
		value := v[0]
		if len(v) > 1 {
			value = strings.Join(v, "\n")
		}
		if f.inno {
			value = strings.ReplaceAll(strings.ReplaceAll(value, "%n", "\n"), "%t", "\t")
		}
		out.Units = append(out.Units, Unit{Key: "[" + section + "]" + o.name, Target: []string{value}, Line: o.line})
		return nil
	}
	for _, s := range sections {
		for i := range s.options {
			if o := &s.options[i]; s.index[o.name] == i {
				if err := add(s.name, o, s); err != nil {
					return nil, err
				}
			}
		}
		for i := range defaults.options {
			if o := &defaults.options[i]; defaults.index[o.name] == i {
				if _, own := s.index[o.name]; !own {
					if err := add(s.name, o, defaults); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return out, nil
}

// iniUnitCost is what a unit costs of the text budget besides its text (a
// Unit's own size), so that a small file cannot make a million empty units.
const iniUnitCost = 64

// invalidOffset is the offset of the first byte that is not UTF-8.
func invalidOffset(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(data)
}

type iniKind uint8

const (
	iniBad iniKind = iota
	iniBlank
	iniComment
	iniSectionLine
	iniOptionLine
	iniContinuation
)

// iniLineKind is INIConfig._parse on a line with trailing white space stripped:
// the kind, and the section's or option's name and the option's or
// continuation's value.
func iniLineKind(line string) (iniKind, string, string) {
	if line == "" {
		return iniBlank, "", ""
	}
	if line[0] == ';' || line[0] == '#' || len(line) >= 3 && strings.EqualFold(line[:3], "rem") {
		return iniComment, "", ""
	}
	if line[0] == '[' {
		// \[([^]]+)\]\s*((;|#).*)?$
		if end := strings.IndexByte(line, ']'); end > 1 {
			after := strings.TrimLeftFunc(line[end+1:], pyIsSpace)
			if after == "" || after[0] == ';' || after[0] == '#' {
				return iniSectionLine, line[1:end], ""
			}
		}
		return iniBad, "", ""
	}
	first, _ := utf8.DecodeRuneInString(line)
	if pyIsSpace(first) {
		return iniContinuation, "", strings.TrimLeftFunc(line, pyIsSpace)
	}
	if line[0] == ':' || line[0] == '=' {
		return iniBad, "", ""
	}
	sep := strings.IndexAny(line, ":=")
	if sep < 0 {
		return iniBad, "", ""
	}
	name := pyRstrip(line[:sep])
	value := strings.TrimLeftFunc(line[sep+1:], pyIsSpace)
	if c := strings.IndexByte(value, ';'); c > 0 {
		prev, _ := utf8.DecodeLastRuneInString(value[:c])
		if pyIsSpace(prev) {
			value = pyRstrip(value[:c])
		}
	}
	return iniOptionLine, name, value
}
