// Package formats parses translation files (Android string resources, TBX, …) from bytes into units; it knows nothing of git or HTTP.
package formats

import (
	"fmt"
	"sort"
)

// ParserVersion names the parsers' behaviour: results cached by content (across
// restarts) are only reused under the same version. Change it whenever a parser's
// output for some input changes.
const ParserVersion = "2026-11-24.2"

// Unit is one translatable string as its file stores it.
//
// Monolingual formats (Android) carry the text in Target; the template file's Target is
// the source. Bilingual formats (TBX, PO) carry both Source and Target.
type Unit struct {
	// Key identifies the unit within its file: Android name, TBX termEntry id, PO msgctxt.
	Key string
	// Source holds the source text's plural forms (bilingual formats only; nil otherwise).
	Source []string
	// Target holds the text's plural forms, already unescaped as Weblate stores them.
	// A non-plural unit has exactly one form. For Android <plurals>, the forms are in
	// file order and Quantities names each one; use FormsFor to order them for a language.
	Target []string
	// Quantities holds the Android plural quantity ("one", "few", …) of each Target
	// form; nil for non-plural units and other formats.
	Quantities []string
	// Plural is true when the unit has plural forms (Android <plurals>, PO msgid_plural).
	Plural bool
	// ReadOnly is true when the format marks the unit as not translatable
	// (Android translatable="false").
	ReadOnly bool
	// Fuzzy and Approved are what the format carries (PO fuzzy flag); false elsewhere.
	Fuzzy    bool
	Approved bool
	// Note is the unit's developer comment, if the format has one.
	Note string
	// Explanation and SourceExplanation are Weblate's explanation fields where the
	// format stores them (TBX: <note> and <descrip>); empty elsewhere.
	Explanation       string
	SourceExplanation string
	// Line is the 1-based line of the unit's element in the file (0 when unknown).
	Line int
}

// FormsFor returns the Target forms ordered by the given plural tags (CLDR categories
// in the language's order, e.g. one, few, many, other); missing quantities give "".
// Units that are not Android plurals return Target unchanged.
func (u *Unit) FormsFor(tags []string) []string {
	if u.Quantities == nil {
		return u.Target
	}
	forms := make([]string, len(tags))
	for i, tag := range tags {
		for j, q := range u.Quantities {
			if q == tag {
				forms[i] = u.Target[j]
				break
			}
		}
	}
	return forms
}

// File is the parsed content of one translation file.
type File struct {
	Units []Unit
	// Warnings are the file's mistakes that do not stop it from being read (a
	// repeated key, a plural form Android never uses), in file order, at most
	// maxWarnings of them and one that counts the others. They change nothing in
	// Units.
	Warnings []Warning
}

// maxWarnings bounds the warnings of a file: a file repeating a key a million
// times gets this many, and one more that counts the rest.
const maxWarnings = 100

// A Warning is a mistake in a file that parsed.
type Warning struct {
	Line    int // 1-based line of the unit concerned
	Kind    WarningKind
	Message string
}

func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Message) }

// WarningKind classifies warnings; String gives the name of the alert that reports them.
type WarningKind uint8

const (
	// DuplicateString is a key given to a second unit of the file; Weblate raises
	// its DuplicateString alert for the same thing (weblate/trans/models/alert.py,
	// found by Translation.check_sync).
	DuplicateString WarningKind = iota + 1
	// BadPluralQuantity is a plural form Android never looks up: an <item> of
	// <plurals> whose quantity is not one of zero, one, two, few, many, other, a
	// quantity given twice (translate-toolkit keeps the last text) or none.
	BadPluralQuantity
	// LoneSurrogate is a \u escape naming half of a UTF-16 surrogate pair without
	// the other half; the text holds U+FFFD in its place (see SurrogateJoiner).
	LoneSurrogate
)

func (k WarningKind) String() string {
	switch k {
	case DuplicateString:
		return "DuplicateString"
	case BadPluralQuantity:
		return "BadPluralQuantity"
	case LoneSurrogate:
		return "LoneSurrogate"
	}
	return fmt.Sprintf("WarningKind(%d)", uint8(k))
}

// A Streamer is a Format that can hand over a file's units one at a time without
// keeping them: Stream calls fn with each unit Parse would return, in the same
// order, and returns the warnings Parse would put in File.Warnings. The unit and
// everything it holds (strings included) live in the parser's reused buffers and
// are valid only until fn returns. When Stream returns an error, the file did not
// parse and whatever fn saw is to be discarded. Statistics need no more than
// this, and it spares them the memory of every unit.
type Streamer interface {
	Stream(data []byte, fn func(*Unit)) ([]Warning, error)
}

// Format is one file format.
type Format interface {
	// Name is the file_format value of projects.yaml and the API ("aresource").
	Name() string
	// MimeType is the Content-Type of a downloaded file.
	MimeType() string
	// Extension is the file name extension without dot ("xml").
	Extension() string
	// Monolingual is true when a template file holds the source strings.
	Monolingual() bool
	// Parse decodes a whole file. It never panics on malformed input; it returns an
	// error that names the line where parsing failed.
	Parse(data []byte) (*File, error)
}

var registry = map[string]Format{}

// Register adds a format; called from the init functions of the format files.
func Register(f Format) {
	if _, dup := registry[f.Name()]; dup {
		panic(fmt.Sprintf("formats: %q registered twice", f.Name()))
	}
	registry[f.Name()] = f
}

// Lookup returns the format with the given name.
func Lookup(name string) (Format, bool) {
	f, ok := registry[name]
	return f, ok
}

// Names lists the registered formats, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
