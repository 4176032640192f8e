package formats

import (
	"errors"
	"slices"
	"strings"
)

// Weblate reads flags from the element of every unit of an XML format it loads
// through translate-toolkit (TTKitUnit.flags merges the unit's xmlelement), as
// weblate/checks/flags.py parse_flags_xml does: XLIFF's maxwidth and size-unit
// give max-size (pixel, point, or no unit) or max-length (byte, char), font gives
// font-family, font-size and font-weight, and weblate-flags holds flags written as
// Weblate writes them. Flags.format shows them sorted, joined with ", ".

// weblateFlags is Weblate's Flags: the last value given for a name wins. A unit
// has a few flags: a slice is searched, and an index kept past indexFlagsAbove
// names (a hostile "#," line of thousands would cost quadratic time).
type weblateFlags struct {
	names []string
	items []string      // formatted flag of each name
	vals  [][]flagValue // parameters of each name
	index map[string]int
}

const indexFlagsAbove = 16

func (f *weblateFlags) find(name string) int {
	if f.index != nil {
		if i, ok := f.index[name]; ok {
			return i
		}
		return -1
	}
	return slices.Index(f.names, name)
}

func (f *weblateFlags) set(name, formatted string, vals []flagValue) {
	if i := f.find(name); i >= 0 {
		f.items[i] = formatted
		f.vals[i] = vals
		return
	}
	f.names = append(f.names, name)
	f.items = append(f.items, formatted)
	f.vals = append(f.vals, vals)
	switch {
	case f.index != nil:
		f.index[name] = len(f.names) - 1
	case len(f.names) > indexFlagsAbove:
		f.index = make(map[string]int, 2*len(f.names))
		for i, n := range f.names {
			f.index[n] = i
		}
	}
}

// setValue merges the flag name:values.
func (f *weblateFlags) setValue(name string, values ...flagValue) {
	var b strings.Builder
	b.WriteString(formatFlagValue(flagValue{text: name}))
	for _, v := range values {
		b.WriteByte(':')
		b.WriteString(formatFlagValue(v))
	}
	f.set(name, b.String(), slices.Clone(values))
}

// setPlain merges a flag without values; Weblate ignores "fuzzy" and "#".
func (f *weblateFlags) setPlain(name string) {
	if name == "" || name == "fuzzy" || name == "#" {
		return
	}
	f.set(name, formatFlagValue(flagValue{text: name}), nil)
}

// remove drops the flag name, with any values (Flags.remove of a plain name).
func (f *weblateFlags) remove(name string) {
	if i := f.find(name); i >= 0 {
		f.names = slices.Delete(f.names, i, i+1)
		f.items = slices.Delete(f.items, i, i+1)
		f.vals = slices.Delete(f.vals, i, i+1)
		if f.index != nil {
			delete(f.index, name)
			for j := i; j < len(f.names); j++ {
				f.index[f.names[j]] = j
			}
		}
	}
}

// A Flag is one of Weblate's flags: its name and its parameters (none for a
// plain flag such as c-format; "10" for max-length:10). Regex marks the
// parameters written r"…", which Weblate's parser compiles as regular
// expressions (placeholders:r"%\w+%"): nil when none is, else parallel to
// Values. The text of such a parameter is the expression as written, with only
// \" \\ and the white-space escapes \n \r \t \f undone.
type Flag struct {
	Name   string
	Values []string
	Regex  []bool
}

// ParseFlags reads flags written as Weblate writes them (Unit.Flags, a
// weblate-flags attribute, a component's check_flags): separated by commas, a
// name and parameters after colons; of a name given twice the last counts, and
// fuzzy is no flag. It fails on text Weblate's flag grammar does not accept.
func ParseFlags(text string) ([]Flag, error) {
	var f weblateFlags
	if err := f.mergeText(text); err != nil {
		return nil, err
	}
	out := make([]Flag, len(f.names))
	for i, n := range f.names {
		out[i].Name = n
		vals := f.vals[i]
		if len(vals) == 0 {
			continue
		}
		out[i].Values = make([]string, len(vals))
		for j, v := range vals {
			out[i].Values[j] = v.text
			if v.regex {
				if out[i].Regex == nil {
					out[i].Regex = make([]bool, len(vals))
				}
				out[i].Regex[j] = true
			}
		}
	}
	return out, nil
}

// String is Flags.format: the formatted flags sorted, joined with ", ".
func (f *weblateFlags) String() string {
	switch len(f.items) {
	case 0:
		return ""
	case 1:
		return f.items[0]
	}
	out := slices.Clone(f.items)
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// flagValue is a flag's name or parameter; regex marks a parameter written r"…".
type flagValue struct {
	text  string
	regex bool
}

// formatFlagValue is Flags.format_value: a value holding a space or one of
// , : " ' \ is quoted, with " escaped and newlines written \n and \r.
func formatFlagValue(v flagValue) string {
	if !v.regex && !strings.ContainsAny(v.text, " ,:\"'\\") {
		return v.text
	}
	r := strings.NewReplacer(`"`, `\"`, "\n", `\n`, "\r", `\r`)
	s := `"` + r.Replace(v.text) + `"`
	if v.regex {
		s = "r" + s
	}
	return s
}

// mergeXMLFlags merges what parse_flags_xml reads from an element's attributes;
// get returns an unprefixed attribute's value.
func (f *weblateFlags) mergeXMLFlags(get func(name string) (string, bool, error)) error {
	maxwidth, _, err := get("maxwidth")
	if err != nil {
		return err
	}
	if maxwidth != "" {
		unit, hasUnit, err := get("size-unit")
		if err != nil {
			return err
		}
		switch {
		case !hasUnit || unit == "pixel" || unit == "point":
			f.setValue("max-size", flagValue{text: maxwidth})
		case unit == "byte" || unit == "char":
			f.setValue("max-length", flagValue{text: maxwidth})
		}
	}
	font, _, err := get("font")
	if err != nil {
		return err
	}
	if font != "" {
		parts := strings.Split(font, ";")
		f.setValue("font-family", flagValue{text: strings.ReplaceAll(pyStrip(parts[0]), " ", "_")})
		if len(parts) > 1 {
			f.setValue("font-size", flagValue{text: pyStrip(parts[1])})
		}
		if len(parts) > 2 {
			f.setValue("font-weight", flagValue{text: pyStrip(parts[2])})
		}
	}
	text, _, err := get("weblate-flags")
	if err != nil {
		return err
	}
	if text != "" {
		return f.mergeText(text)
	}
	return nil
}

// errFlagSyntax is a weblate-flags attribute Weblate's flag grammar does not accept.
var errFlagSyntax = errors.New("the weblate-flags attribute is not a list of Weblate flags")

// mergeText merges flags written as text (weblate/checks/flags.py
// _parse_flags_text over the pyparsing grammar of weblate/checks/parser.py):
// flags separated by commas, each a name and parameters after colons, a parameter
// a bare word, a quoted string, or a regular expression r"…".
func (f *weblateFlags) mergeText(text string) error {
	toks, err := flagTokens(text)
	if err != nil {
		return err
	}
	state := 0
	var name string
	var values []flagValue
	for pos, tk := range toks {
		// Weblate compares tokens as strings: a quoted "," is a separator too.
		sep := tk.text == "," || tk.text == ":"
		switch {
		case state == 0 && sep && tk.text == ",":
		case state == 0:
			name = tk.text
			if name == "markdown-text" {
				name = "md-text"
			}
			values = values[:0]
			state = 1
		case state == 1 && sep && tk.text == ",":
			state = 0
			f.setPlain(name)
		case (state == 1 || state == 3) && sep && tk.text == ":":
			state = 2
		case state == 2 && sep && tk.text == ",":
			state = 0
			values = append(values, flagValue{})
			f.setValue(name, values...)
		case state == 2 && sep && tk.text == ":":
			values = append(values, flagValue{})
		case state == 2:
			if next := pos + 1; tk.text == "r" && next < len(toks) && toks[next].text != "," && toks[next].text != ":" {
				state = 4
			} else {
				values = append(values, flagValue{text: tk.text})
				state = 3
			}
		case state == 4:
			values = append(values, flagValue{text: tk.text, regex: true})
			state = 3
		case state == 3 && sep && tk.text == ",":
			f.setValue(name, values...)
			state = 0
		default:
			return errFlagSyntax
		}
	}
	if state > 0 {
		if state == 2 {
			values = append(values, flagValue{})
		}
		if len(values) > 0 {
			f.setValue(name, values...)
		} else {
			f.setPlain(name)
		}
	}
	return nil
}

type flagToken struct {
	text   string
	sep    bool // a "," or ":" separator
	quoted bool
}

// flagTokens splits flag text as Weblate's pyparsing grammar does (parseAll).
func flagTokens(s string) ([]flagToken, error) {
	var toks []flagToken
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
	}
	// name matches FlagName at i: a run of characters but , : " ' \, neither
	// starting nor ending with white space.
	name := func() (string, bool) {
		j := i
		for j < len(s) && !strings.ContainsRune(",:\"'\\", rune(s[j])) {
			j++
		}
		v := strings.TrimRight(s[i:j], " \t\r\n")
		if v == "" || strings.ContainsRune(" \t\r\n", rune(v[0])) {
			return "", false
		}
		i += len(v)
		return v, true
	}
	quoted := func(q byte) (string, bool) {
		j := i + 1
		var b strings.Builder
		for j < len(s) && s[j] != q {
			if s[j] == '\\' && j+1 < len(s) {
				b.WriteByte(s[j])
				b.WriteByte(s[j+1])
				j += 2
				continue
			}
			b.WriteByte(s[j])
			j++
		}
		if j >= len(s) {
			return "", false
		}
		i = j + 1
		v := b.String()
		if strings.Contains(v, `\`) {
			v = strings.NewReplacer(`\t`, "\t", `\n`, "\n", `\f`, "\f", `\r`, "\r").Replace(v)
			v = strings.NewReplacer(`\`+string(q), string(q), `\\`, `\`).Replace(v)
		}
		return v, true
	}
	flag := func() error {
		n, ok := name()
		if !ok {
			return nil
		}
		toks = append(toks, flagToken{text: n})
		for {
			skip()
			if i >= len(s) || s[i] != ':' {
				return nil
			}
			toks = append(toks, flagToken{text: ":", sep: true})
			i++
			skip()
			switch {
			case i+1 < len(s) && s[i] == 'r' && s[i+1] == '"':
				i++
				v, ok := quoted('"')
				if !ok {
					return errFlagSyntax
				}
				toks = append(toks, flagToken{text: "r"}, flagToken{text: v, quoted: true})
			case i < len(s) && (s[i] == '"' || s[i] == '\''):
				v, ok := quoted(s[i])
				if !ok {
					return errFlagSyntax
				}
				toks = append(toks, flagToken{text: v, quoted: true})
			default:
				if v, ok := name(); ok {
					toks = append(toks, flagToken{text: v})
				}
			}
		}
	}
	skip()
	if err := flag(); err != nil {
		return nil, err
	}
	for {
		skip()
		if i >= len(s) {
			return toks, nil
		}
		if s[i] != ',' {
			return nil, errFlagSyntax
		}
		toks = append(toks, flagToken{text: ",", sep: true})
		i++
		skip()
		if err := flag(); err != nil {
			return nil, err
		}
	}
}
