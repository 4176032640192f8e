package formats

import (
	"bytes"
	"encoding/base64"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/gitlate/gitlate/internal/lang"
)

// stringsdictFormat is Apple .stringsdict files as Weblate 4.18 reads them,
// monolingual (en.lproj/Localizable.stringsdict the template), through
// translate-toolkit 3.9.2's StringsDictFile (translate/storage/stringsdict.py,
// which reads the plist with Python's plistlib) and Weblate's StringsdictFormat
// with MonolingualSimpleUnit (weblate/formats/ttkit.py):
//   - the root <dict> maps each key to a <dict>; its NSStringLocalizedFormatKey
//     is one unit, keyed by the outer key, holding the format string; each of
//     its other entries is a variable: a <dict> whose plural forms are one unit,
//     keyed "key:variable" (the format string and its variables are separate
//     units, as translate-toolkit splits them; Weblate shows them so);
//   - a variable's forms are named by CLDR category (Unit.Categories) and
//     ordered by translate-toolkit's target_plural_tags: its own plural_tags
//     table for the language, with "zero" put first when the language lacks
//     it (every language may say zero), all six categories for a language the
//     table lacks; a category the file does not give is an empty form;
//   - translated when its first form is not empty (translate-toolkit's
//     istranslated tests the multistring, whose value is its first string):
//     for a variable that is the "zero" form, usually absent, so such a
//     variable counts as untranslated, as it does in Weblate;
//   - a variable whose NSStringFormatSpecTypeKey is set to anything but
//     NSStringPluralRuleType, an entry that is neither, and a root that is not
//     a dictionary of dictionaries cannot be read.
//
// plistlib decides what the file holds: a document must start with "<?xml" or
// "<plist" (after a byte-order mark), declares no entity, and its values are
// typed by element (<string>, <integer>, <real>, <true/>, <false/>, <date>,
// <data>, <array>, <dict>); a <string>'s text is what follows its last child
// element start tag (plistlib resets its buffer at every start tag). A format
// string or form that is not a string, integer, real or boolean (Python's str()
// of a date, bytes, list or dict) is refused here.
type stringsdictFormat struct{}

func init() {
	Register(Info{
		ID: "stringsdict", Name: "Stringsdict file", Monolingual: true,
		MimeType: "application/xml", Extension: "stringsdict",
		Plurals: PluralsByCategory,
		// In Xcode's .lproj folders, as .strings files are
		// (translation_finder/discovery/files.py).
		Detect: &Detection{Name: "stringsdict", Extensions: []string{".stringsdict"}, Lproj: true, Default: "stringsdict"},
	}, stringsdictFormat{})
}

// PluralTags is translate-toolkit's StringsDictFile.target_plural_tags for a file
// of language code.
func (stringsdictFormat) PluralTags(code string) []string {
	base := strings.ReplaceAll(code, "_", "-")
	if i := strings.IndexByte(base, '-'); i >= 0 {
		base = base[:i]
	}
	tags, ok := lang.TTKPluralTags(base)
	if !ok {
		return cldrCategories[:]
	}
	if tags[0] == "zero" {
		return tags
	}
	return append([]string{"zero"}, tags...)
}

// plistKind is the type of a plist value.
type plistKind uint8

const (
	plistString plistKind = iota
	plistScalar           // integer, real, boolean: text is Python's str() of it
	plistOther            // date, data: no str() we imitate
	plistDictKind
	plistArray
)

type plistValue struct {
	kind plistKind
	text string
	dict *plistMap
	list *[]plistValue // shared, so that the copy on the parser's stack sees appends
	line int
}

// plistMap keeps its keys in first-insertion order; a repeated key keeps its
// place and takes the last value, as a Python dict does. Most dictionaries of a
// stringsdict hold a handful of keys, searched in order; an index is made for
// those that grow larger (a file is one dictionary of every entry).
type plistMap struct {
	keys  []string
	vals  []plistValue
	index map[string]int
}

// plistIndexAbove is how many keys a dictionary holds before it is indexed.
const plistIndexAbove = 8

func (d *plistMap) find(k string) (int, bool) {
	if d.index != nil {
		i, ok := d.index[k]
		return i, ok
	}
	for i, have := range d.keys {
		if have == k {
			return i, true
		}
	}
	return 0, false
}

func (d *plistMap) set(k string, v plistValue) {
	if i, ok := d.find(k); ok {
		d.vals[i] = v
		return
	}
	if d.index == nil && len(d.keys) >= plistIndexAbove {
		d.index = make(map[string]int, 2*len(d.keys))
		for i, have := range d.keys {
			d.index[have] = i
		}
	}
	if d.index != nil {
		d.index[k] = len(d.keys)
	}
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
}

func (d *plistMap) get(k string) (plistValue, bool) {
	i, ok := d.find(k)
	if !ok {
		return plistValue{}, false
	}
	return d.vals[i], true
}

// Parse returns the units in file order.
func (stringsdictFormat) Parse(data []byte) (*File, error) {
	if !plistXMLStart(data) {
		return nil, &SyntaxError{Line: 1, Msg: "not an XML property list (plistlib wants <?xml or <plist at the start)"}
	}
	r := getXMLReader(data)
	defer r.release()
	s := &r.s
	if s.enc != encUTF8 && expatRefusesLabel(s.data) {
		return nil, &SyntaxError{Line: 1, Msg: "encoding specified in XML declaration is incorrect (a UTF-16 document labelled UTF-8, which expat refuses)"}
	}
	root, err := parsePlist(s)
	if err != nil {
		return nil, err
	}
	if root == nil || root.kind != plistDictKind {
		return nil, &SyntaxError{Line: 1, Msg: "the property list is not a dictionary"}
	}
	f := &File{}
	charge := func(u *Unit) error {
		if !s.dtd.spend(unitText(u) + len(strings.Join(u.Categories, ""))) {
			return &SyntaxError{Line: u.Line, Msg: s.dtd.overBudget()}
		}
		return nil
	}
	// Each key of an entry is at most one unit: the slice is made once, not
	// grown (a file of a hundred thousand entries copied it many times over).
	n := 0
	for _, outer := range root.dict.vals {
		if outer.kind == plistDictKind {
			n += len(outer.dict.keys)
		}
	}
	f.Units = make([]Unit, 0, n)
	for i, key := range root.dict.keys {
		outer := root.dict.vals[i]
		if outer.kind != plistDictKind {
			return nil, &SyntaxError{Line: outer.line, Msg: strconv.Quote(key) + " is not a dict"}
		}
		for j, inner := range outer.dict.keys {
			v := outer.dict.vals[j]
			if inner == "NSStringLocalizedFormatKey" {
				text, err := plistStr(v)
				if err != nil {
					return nil, err
				}
				u := Unit{Key: key, Target: []string{text}, Line: v.line}
				if err := charge(&u); err != nil {
					return nil, err
				}
				f.Units = append(f.Units, u)
				continue
			}
			if v.kind != plistDictKind {
				return nil, &SyntaxError{Line: v.line, Msg: "unexpected key " + strconv.Quote(inner) + " in " + strconv.Quote(key)}
			}
			if spec, ok := v.dict.get("NSStringFormatSpecTypeKey"); ok && plistTruthy(spec) &&
				!(spec.kind == plistString && spec.text == "NSStringPluralRuleType") {
				return nil, &SyntaxError{Line: v.line, Msg: strconv.Quote(inner) + " in " + strconv.Quote(key) + " is not of NSStringPluralRuleType"}
			}
			u := Unit{Key: key + ":" + inner, Plural: true, Categories: []string{}, Target: []string{}, Line: v.line}
			for n, cat := range v.dict.keys {
				if !isCLDRCategory(cat) {
					continue
				}
				text, err := plistStr(v.dict.vals[n])
				if err != nil {
					return nil, err
				}
				u.Categories = append(u.Categories, cat)
				u.Target = append(u.Target, text)
			}
			if err := charge(&u); err != nil {
				return nil, err
			}
			f.Units = append(f.Units, u)
		}
	}
	return f, nil
}

// plistTruthy is Python's truth value of a plist value.
func plistTruthy(v plistValue) bool {
	switch v.kind {
	case plistString:
		return v.text != ""
	case plistScalar:
		return v.text != "0" && v.text != "0.0" && v.text != "-0.0" && v.text != "False"
	case plistDictKind:
		return len(v.dict.keys) > 0
	case plistArray:
		return len(*v.list) > 0
	}
	return true
}

// plistStr is str() of a value that becomes a unit's text.
func plistStr(v plistValue) (string, error) {
	switch v.kind {
	case plistString, plistScalar:
		return v.text, nil
	}
	return "", &SyntaxError{Line: v.line, Msg: "a text that is a date, data, array or dictionary (translate-toolkit would show Python's str() of it)"}
}

// xmlDeclEncoding finds the encoding an XML declaration names.
var xmlDeclEncoding = regexp.MustCompile(`^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']`)

// expatRefusesLabel reports whether the XML declaration of a document read as
// UTF-16 names UTF-8, which libxml2 lets pass and expat (plistlib's parser)
// refuses.
func expatRefusesLabel(decoded []byte) bool {
	m := xmlDeclEncoding.FindSubmatch(decoded)
	return m != nil && (equalFoldASCII(string(m[1]), "utf-8") || equalFoldASCII(string(m[1]), "utf8"))
}

// plistXMLStart is plistlib's _is_fmt_xml on the first bytes.
func plistXMLStart(data []byte) bool {
	for _, p := range []string{"<?xml", "<plist"} {
		if bytes.HasPrefix(data, []byte(p)) || bytes.HasPrefix(data, []byte("\xef\xbb\xbf"+p)) ||
			bytes.HasPrefix(data, append([]byte{0xfe, 0xff}, asciiUTF16(p, true)...)) ||
			bytes.HasPrefix(data, append([]byte{0xff, 0xfe}, asciiUTF16(p, false)...)) {
			return true
		}
	}
	return false
}

func asciiUTF16(ascii string, big bool) []byte {
	out := make([]byte, 0, 2*len(ascii))
	for i := 0; i < len(ascii); i++ {
		if big {
			out = append(out, 0, ascii[i])
		} else {
			out = append(out, ascii[i], 0)
		}
	}
	return out
}

// parsePlist is plistlib's _PlistParser over the XML layer's tokens.
func parsePlist(s *xmlScanner) (*plistValue, error) {
	var (
		stack  []*plistValue
		key    string
		hasKey bool
		root   *plistValue
		buf    []byte
	)
	fail := func(msg string) error { return &SyntaxError{Line: s.line(s.off), Msg: msg} }
	add := func(v plistValue) (*plistValue, error) {
		v.line = s.line(s.off)
		switch {
		case hasKey:
			top := stack[len(stack)-1]
			if top.kind != plistDictKind {
				return nil, fail("unexpected element")
			}
			top.dict.set(key, v)
			hasKey = false
			return &v, nil
		case len(stack) == 0:
			root = &v // a later top-level value replaces it, as in plistlib
			return root, nil
		default:
			top := stack[len(stack)-1]
			if top.kind != plistArray {
				return nil, fail("unexpected element")
			}
			*top.list = append(*top.list, v)
			return &v, nil
		}
	}
	for {
		k := s.next()
		switch k {
		case tokError:
			return nil, s.err
		case tokEOF:
			return root, nil
		case tokText, tokCDATA:
			buf = s.appendText(buf, k, s.val, s.decode)
		case tokEntRef:
			// No entity is declared (checked at the first start tag): an
			// undeclared one only passes where an external subset could
			// declare it, which expat does not read either.
			return nil, fail("reference to an undeclared entity")
		case tokStart:
			if s.dtd.entityDecls > 0 {
				return nil, fail("XML entity declarations are not supported in plist files")
			}
			buf = buf[:0]
			switch string(s.name) {
			case "dict":
				p, err := add(plistValue{kind: plistDictKind, dict: &plistMap{}})
				if err != nil {
					return nil, err
				}
				stack = append(stack, p)
			case "array":
				p, err := add(plistValue{kind: plistArray, list: new([]plistValue)})
				if err != nil {
					return nil, err
				}
				stack = append(stack, p)
			}
		case tokEnd:
			var v plistValue
			switch string(s.name) {
			case "dict":
				if hasKey && key != "" {
					return nil, fail("missing value for key " + strconv.Quote(key))
				}
				fallthrough
			case "array":
				if len(stack) == 0 {
					return nil, fail("unbalanced " + string(s.name))
				}
				stack = stack[:len(stack)-1]
				continue
			case "key":
				if hasKey && key != "" || len(stack) == 0 || stack[len(stack)-1].kind != plistDictKind {
					return nil, fail("unexpected key")
				}
				key, hasKey = string(buf), true
				buf = buf[:0]
				continue
			case "string":
				v = plistValue{kind: plistString, text: string(buf)}
			case "true":
				v = plistValue{kind: plistScalar, text: "True"}
			case "false":
				v = plistValue{kind: plistScalar, text: "False"}
			case "integer":
				text, ok := plistInteger(string(buf))
				if !ok {
					return nil, fail("invalid integer " + strconv.Quote(string(buf)))
				}
				v = plistValue{kind: plistScalar, text: text}
			case "real":
				f, ok := pyFloat(string(buf))
				if !ok {
					return nil, fail("invalid real " + strconv.Quote(string(buf)))
				}
				v = plistValue{kind: plistScalar, text: pyFloatRepr(f)}
			case "date":
				if !plistDate.Match(buf) {
					return nil, fail("invalid date " + strconv.Quote(string(buf)))
				}
				v = plistValue{kind: plistOther}
			case "data":
				if _, err := base64.StdEncoding.DecodeString(stripBase64Space(string(buf))); err != nil {
					return nil, fail("invalid base64 data")
				}
				v = plistValue{kind: plistOther}
			default:
				continue
			}
			buf = buf[:0]
			if _, err := add(v); err != nil {
				return nil, err
			}
		}
	}
}

// plistDate is plistlib's _dateParser (used with match: a prefix suffices).
var plistDate = regexp.MustCompile(`^(\d\d\d\d)(?:-(\d\d)(?:-(\d\d)(?:T(\d\d)(?::(\d\d)(?::(\d\d))?)?)?)?)?Z`)

// stripBase64Space drops the white space base64.b64decode ignores in plistlib's
// data (binascii.a2b_base64 skips characters outside the alphabet).
func stripBase64Space(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '/' || r == '=' {
			return r
		}
		return -1
	}, s)
}

// plistInteger is str(int(raw)) as plistlib reads <integer>: base 16 after "0x",
// else Python's int() (white space, sign, underscores between digits).
func plistInteger(raw string) (string, bool) {
	base := 10
	s := raw
	if strings.HasPrefix(raw, "0x") || strings.HasPrefix(raw, "0X") {
		base, s = 16, raw[2:]
		s = strings.TrimPrefix(s, "_")
	} else {
		s = strings.TrimFunc(s, pyIsSpace)
	}
	neg := false
	if base == 10 && s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	if base == 16 {
		s = strings.TrimRightFunc(s, pyIsSpace)
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return "", false
	}
	var digits strings.Builder
	for _, r := range s {
		switch {
		case r == '_':
		case base == 16 && (r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'):
			digits.WriteRune(r)
		default:
			d, ok := decimalDigitValue(r)
			if !ok {
				return "", false
			}
			digits.WriteByte('0' + byte(d))
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), base)
	if !ok {
		return "", false
	}
	if neg {
		n.Neg(n)
	}
	return n.String(), true
}

// pyFloat is Python's float() of a <real>'s text, for the forms plist writers
// produce: white space around, a sign, digits with a point and an exponent,
// inf and nan.
func pyFloat(raw string) (float64, bool) {
	s := strings.TrimFunc(raw, pyIsSpace)
	if s == "" || strings.ContainsAny(s, "xXpP") || strings.Contains(s, "__") || strings.HasPrefix(s, "_") || strings.HasSuffix(s, "_") {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}
