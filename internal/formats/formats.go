package formats

import (
	"fmt"
	"sort"

	"github.com/gitlate/gitlate/internal/lang"
)

// ParserVersion names the parsers' behaviour: results cached by content (across
// restarts) are only reused under the same version. Change it whenever a parser's
// output for some input changes.
const ParserVersion = "2026-12-05.1"

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
	// A non-plural unit has exactly one form. In a format whose Info.Plurals is
	// PluralsByCategory the forms are in file order and Categories names each one;
	// FormsFor orders them for a language.
	Target []string
	// Categories holds the CLDR plural category ("one", "few", …) of each Target form
	// where the format names its forms (Android quantity, i18next suffix); nil for
	// non-plural units and for formats whose forms are positional.
	Categories []string
	// Plural is true when the unit has plural forms (Android <plurals>, PO msgid_plural).
	Plural bool
	// ReadOnly is true when the format marks the unit as not translatable
	// (Android translatable="false").
	ReadOnly bool
	// Fuzzy and Approved are what the format carries (PO fuzzy flag); false elsewhere.
	Fuzzy    bool
	Approved bool
	// Blank is true when the format holds the unit untranslated although its text
	// is not empty: translate-toolkit's istranslated() is Python's truth value of
	// the stored value, false for a JSON 0, 0.0, false, {} or [] that Weblate shows
	// as "0", "0.0", "False", "{}" or "[]".
	Blank bool
	// Note is the unit's developer comment, if the format has one.
	Note string
	// Location is where the string is used, as Weblate shows it: the locations the
	// file gives (PO "#:" comments, XLIFF context groups), joined with ", ".
	Location string
	// Flags are Weblate's flags the file gives (PO "#," flags but fuzzy; the
	// maxwidth, size-unit, font and weblate-flags attributes of an XLIFF, TS,
	// RESX, Android or TBX unit's element; JSON placeholders), as Weblate's
	// Flags.format writes them: sorted, joined with ", ".
	Flags string
	// Explanation and SourceExplanation are Weblate's explanation fields where the
	// format stores them (TBX: <note> and <descrip>); empty elsewhere.
	Explanation       string
	SourceExplanation string
	// Line is the 1-based line of the unit's element in the file (0 when unknown).
	Line int
}

// FormsFor returns the Target forms ordered by the given plural tags (CLDR categories
// in the language's order, e.g. one, few, many, other); missing categories give "".
// Units whose forms are not named by category return Target unchanged.
func (u *Unit) FormsFor(tags []string) []string {
	if u.Categories == nil {
		return u.Target
	}
	forms := make([]string, len(tags))
	for i, tag := range tags {
		for j, q := range u.Categories {
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

// Format is one file format: what it is (Info) and how it reads (Parse).
//
// Adding a format: write one file that declares a type implementing Format (and
// Streamer or Writer where it can), registers it in an init function, and cites the
// Weblate and translate-toolkit code it follows; add its table tests and a fuzz
// target beside it. Nothing else in gitlate names formats: the configuration
// accepts every registered ID, the scan reads by Info, the API serves files by
// Info, and discovery finds files by Info.Detect. doc.go says more.
type Format interface {
	// Parse decodes a whole file. It never panics on malformed input; it returns an
	// error that names the line where parsing failed.
	Parse(data []byte) (*File, error)
}

// A Writer is a Format gitlate can also write: the file of a translation that has
// none (a glossary's source translation) is generated in it.
type Writer interface {
	// Write encodes units, in order, as a file of sourceLang strings translated into
	// targetLang that Parse reads back to the same units.
	Write(sourceLang, targetLang string, units []Unit) []byte
}

// A MultiLanguage format keeps every language of a component in one file
// (Xcode's string catalog): the component's filemask names that file, which is
// also its template, and each language the file holds is a translation.
// Parse reads the source language's units (the template); ParseLanguage reads
// another language's, keyed as the template's, so that the scan counts them as
// it counts a monolingual translation. Info.ParserFor hands out the parser of
// one language.
type MultiLanguage interface {
	// Languages returns the source language the file names and the codes, as
	// the file writes them and sorted, of the other languages it holds.
	Languages(data []byte) (source string, langs []string, err error)
	// ParseLanguage reads the units of the language the file writes code.
	ParseLanguage(data []byte, code string) (*File, error)
}

// languageParser is the Format reading one language of a MultiLanguage file.
type languageParser struct {
	m    MultiLanguage
	code string
}

func (p languageParser) Parse(data []byte) (*File, error) { return p.m.ParseLanguage(data, p.code) }

// ParserFor returns the parser of the file of the translation whose code is
// code: for a MultiLanguage format, the reading of that language of the file;
// for any other, the format itself (its files hold one language each).
func (i *Info) ParserFor(code string) Format {
	if m, ok := i.format.(MultiLanguage); ok {
		return languageParser{m, code}
	}
	return i.format
}

// Plurals says how a format names the plural forms of a unit.
type Plurals uint8

const (
	// PluralsNone: the format has no plural units.
	PluralsNone Plurals = iota
	// PluralsPositional: forms come in the order of the language's plural formula
	// (gettext msgstr[n]).
	PluralsPositional
	// PluralsByCategory: each form is named by its CLDR category (Unit.Categories)
	// and ordered by the language's categories (Android <item quantity>).
	PluralsByCategory
)

func (p Plurals) String() string {
	switch p {
	case PluralsPositional:
		return "positional"
	case PluralsByCategory:
		return "by CLDR category"
	}
	return "none"
}

// Info is what gitlate knows of a format besides its parser.
type Info struct {
	// ID is Weblate's file_format identifier, as projects.yaml and the API write it.
	ID string
	// Name is Weblate's name of the format (weblate/formats/*.py, Format.name).
	Name string
	// Monolingual formats keep the source strings in a template file and the
	// translations by key; bilingual ones keep source and target in every file.
	Monolingual bool
	// MimeType and Extension (without dot) name a downloaded file.
	MimeType, Extension string
	// Plurals says how plural forms are named.
	Plurals Plurals
	// Fuzzy, Approved and ReadOnly say which states beyond empty and translated the
	// format can express (a needs-editing flag, an approved flag, a read-only unit).
	Fuzzy, Approved, ReadOnly bool
	// Writable is true for a Writer (set by Register).
	Writable bool
	// MultiLanguage is true for a MultiLanguage format (set by Register): a
	// component is one file holding every language, its filemask that file's
	// path and its template that same file.
	MultiLanguage bool
	// CheckFlags are the flags every unit of the format has for Weblate's
	// quality checks (TranslationFormat.check_flags in weblate/formats/), as
	// Weblate writes them: Android's java-printf-format, i18next's
	// i18next-interpolation.
	CheckFlags string
	// Detect is how discovery finds the format's files in a repository and tells
	// them from others' (shared by the formats of a family); nil for a format
	// discovery never proposes.
	Detect *Detection

	format Format
}

// Format returns the format Info describes.
func (i *Info) Format() Format { return i.format }

// A PluralTagger is a format whose plural forms are named by category
// (PluralsByCategory) and ordered by a table of its own rather than by the
// language's CLDR categories (translate-toolkit's Android table).
type PluralTagger interface {
	// PluralTags returns the categories, in order, of a file whose path gives code.
	PluralTags(code string) []string
}

// PluralTags returns the CLDR categories, in order, that the forms of a unit of
// this format named by category (Unit.Categories) are ordered by, for a file whose
// path gives the language code code: the format's own table, or the language's
// categories (English's for a code that is not a language).
func (i *Info) PluralTags(code string) []string {
	if t, ok := i.format.(PluralTagger); ok {
		return t.PluralTags(code)
	}
	if l, err := lang.Resolve(code); err == nil && len(l.Categories) > 0 {
		return l.Categories
	}
	en, _ := lang.Get("en")
	return en.Categories
}

var registry = map[string]*Info{}

// Register adds the format f that info describes; called from the init functions
// of the format files, so a format's description stands beside its parser.
func Register(desc Info, f Format) {
	info := &desc
	if info.ID == "" {
		panic("formats: a format without an ID")
	}
	if _, dup := registry[info.ID]; dup {
		panic(fmt.Sprintf("formats: %q registered twice", info.ID))
	}
	_, info.Writable = f.(Writer)
	if _, info.MultiLanguage = f.(MultiLanguage); info.MultiLanguage && !info.Monolingual {
		panic(fmt.Sprintf("formats: %q holds every language in one file but is not monolingual", info.ID))
	}
	info.format = f
	if info.Detect != nil {
		registerDetection(info)
	}
	registry[info.ID] = info
}

// Lookup returns the format with the given ID.
func Lookup(id string) (*Info, bool) {
	f, ok := registry[id]
	return f, ok
}

// IDs lists the registered formats' IDs, sorted.
func IDs() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
