// Package export writes a translation in the formats of Weblate 4.18's download
// converter (the ?format= parameter of the translation file endpoint).
//
// Weblate builds these files with its exporters (weblate/formats/exporters.py and
// download_translation_file in weblate/utils/views.py, read at commit 0219bd85,
// right after 4.18.2), which fill translate-toolkit stores unit by unit and
// serialize them; each writer here follows the calls an exporter makes and the
// bytes translate-toolkit 3.9.2 writes for them, so a file downloaded from gitlate
// is the one Weblate would send. Where gitlate departs from it, the writer says so
// (text XML or gettext cannot hold, which makes Weblate fail or write a broken
// file).
package export

import (
	"fmt"
	"slices"
	"time"
)

// Generator is the X-Generator of the PO and MO headers: the Weblate release gitlate
// answers as (Weblate writes "Weblate <version>").
const Generator = "Weblate 4.18.2"

// toolkitVersion is the translate-toolkit release Weblate 4.18.2 ships (it names
// itself in TMX headers).
const toolkitVersion = "3.9.2"

// Language is a translation's language as Weblate describes it.
type Language struct {
	Code    string
	Name    string
	Plurals int    // Weblate's plural number
	Formula string // the plural formula, in gettext's syntax
}

// Translation is what an export needs of one translation.
type Translation struct {
	ProjectName   string
	ProjectSlug   string
	ComponentSlug string
	// FileFormat is the component's Weblate file format id ("po", "po-mono",
	// "aresource", "tbx", …): the MO export takes only "po".
	FileFormat string
	// Monolingual is true when the component has a template: the JSON export
	// takes only those (its keys are the units' contexts).
	Monolingual    bool
	SourceLanguage Language
	Language       Language
	// URL is the translation's page (Weblate's get_site_url of its absolute URL),
	// named in the PO header's Language-Team.
	URL string
	// Time is when the file is made: the PO header's POT-Creation-Date, written to
	// the minute with the time's zone offset.
	Time time.Time
	// Units in Weblate's export order: by position, after the q filter if any
	// (Weblate applies ?q= to converted downloads).
	Units []Unit
}

// Unit is a string of the translation.
type Unit struct {
	// Source and Target are the plural forms. A unit is plural when it has more
	// than one source form; its targets are then padded or cut to the language's
	// plural number, as Weblate's Unit.get_target_plurals does.
	Source, Target []string
	Context        string
	Note           string
	Explanation    string // of the source string
	// Location is Weblate's location text, "file:line, file:line"; exporters split
	// it on whitespace, so the commas stay with the locations.
	Location string
	// Flags are Weblate's formatted flags ("c-format", "max-length:10").
	Flags []string
	State int // 0 empty, 10 needs editing, 20 translated, 30 approved, 100 read-only
	// IDHash is Weblate's id_hash: XLIFF units without a context take their id from
	// its checksum.
	IDHash int64
}

// Weblate's unit states (weblate/utils/state.py).
const (
	stateFuzzy      = 10
	stateTranslated = 20
	stateApproved   = 30
)

// File is an exported translation.
type File struct {
	Data []byte
	// ContentType is what Weblate sends: the exporter's type with "; charset=utf-8".
	ContentType string
	// Name is Weblate's download name, {project}-{component}-{language}.{extension}
	// (sent unquoted: Content-Disposition: attachment; filename=<Name>).
	Name string
}

// format is one of Weblate's exporters.
type format struct {
	contentType string
	extension   string
	// supports is the exporter's supports(translation); nil accepts every one.
	supports func(*Translation) bool
	write    func(*Translation) ([]byte, error)
}

var formats = map[string]format{
	"po":      {"text/x-po", "po", nil, writePO},
	"mo":      {"application/x-gettext-catalog", "mo", func(t *Translation) bool { return t.FileFormat == "po" }, writeMO},
	"csv":     {"text/csv", "csv", nil, writeCSV},
	"json":    {"application/json", "json", func(t *Translation) bool { return t.Monolingual }, writeJSON},
	"xliff":   {"application/x-xliff+xml", "xlf", nil, writePoXLIFF},
	"xliff11": {"application/x-xliff+xml", "xlf", nil, writeXLIFF},
	"tbx":     {"application/x-tbx", "tbx", nil, writeTBX},
	"tmx":     {"application/x-tmx", "tmx", nil, writeTMX},
}

// Formats lists the ?format= values Export writes, sorted. Weblate 4.18 also
// offers xlsx, aresource and strings, which gitlate does not write.
func Formats() []string {
	names := make([]string, 0, len(formats))
	for n := range formats {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// FormatError is a conversion Export cannot make, with Weblate's message for it
// (weblate/utils/views.py download_translation_file, which answers both with
// HTTP 404).
type FormatError struct {
	Format string
	// Incompatible is set when the format exists but does not fit the translation
	// (MO of a non-PO component, JSON of a bilingual one).
	Incompatible bool
}

func (e *FormatError) Error() string {
	if e.Incompatible {
		return "File format is not compatible with this translation"
	}
	return fmt.Sprintf("Conversion to %s is not supported", e.Format)
}

// Export writes t in the named format.
func Export(name string, t *Translation) (*File, error) {
	f, ok := formats[name]
	if !ok {
		return nil, &FormatError{Format: name}
	}
	if f.supports != nil && !f.supports(t) {
		return nil, &FormatError{Format: name, Incompatible: true}
	}
	data, err := f.write(sanitize(t))
	if err != nil {
		return nil, err
	}
	return &File{
		Data:        data,
		ContentType: f.contentType + "; charset=utf-8",
		Name:        t.ProjectSlug + "-" + t.ComponentSlug + "-" + t.Language.Code + "." + f.extension,
	}, nil
}

// targets is Weblate's Unit.get_target_plurals: a plural unit's forms padded with
// empty strings or cut to the language's plural number.
func targets(t *Translation, u *Unit) []string {
	if len(u.Source) <= 1 {
		if len(u.Target) == 0 {
			return []string{""}
		}
		return u.Target[:1]
	}
	n := t.Language.Plurals
	if n < 1 {
		n = max(len(u.Target), 1)
	}
	out := make([]string, n)
	copy(out, u.Target)
	return out
}

// sources is Weblate's get_source_plurals.
func sources(u *Unit) []string {
	if len(u.Source) == 0 {
		return []string{""}
	}
	return u.Source
}

// checksum is Weblate's hash_to_checksum: the id hash as unsigned, in hex.
func checksum(idHash int64) string {
	return fmt.Sprintf("%016x", uint64(idHash)^1<<63)
}
