package formats

import (
	"bytes"
	"fmt"
	"sort"
)

// Detection is what discovery needs to find a format's files among a
// repository's and to tell them from other files, after the discovery classes of
// Weblate's translation-finder (translation_finder/discovery/files.py). One
// Detection stands for a family: the formats whose files are named alike (every
// JSON format; Java properties in its three encodings), each of which gives the
// same *Detection in its Info; the family's Choose tells them apart by content.
// The fields a family leaves zero are the usual conventions, which discovery
// always tries: a language code as a folder ("locales/de/app.json") or as part of
// a file name ("messages_de.properties", "app.de.json").
type Detection struct {
	// Name names the family ("JSON", "Android").
	Name string
	// Extensions are the endings of the family's file names, lower case, with the
	// dot (".json").
	Extensions []string
	// Prefix, when set, is how the family's file names begin (lower case), and
	// Folder, when set, names the folder of its template, its translations lying
	// in Folder-<code> beside it: Android's values/strings.xml and
	// values-de/strings.xml. A file elsewhere is not of the family, and the
	// language is looked for nowhere else.
	Prefix, Folder string
	// Lproj: the family's files also lie in Xcode's <code>.lproj folders, the
	// template in Base.lproj when no English one is found (Xcode's base
	// internationalization).
	Lproj bool
	// OneFile: each file of the family is a component of its own, holding every
	// language (a MultiLanguage format: Xcode's string catalogs); its filemask is
	// the file's path.
	OneFile bool
	// CodeShape, when set, is the regular expression (unanchored) the language
	// codes of the family's paths match, narrower than a language code's usual
	// shape (Android's resource qualifiers); discovery leaves out files whose
	// code does not match it and writes it into a language_regex.
	CodeShape string
	// Roots, when set, are XML element names one of which the first 8 KiB of a
	// file of the family hold; a file holding none is something else that shares
	// the extension (a .tbx that is not TBX).
	Roots []string
	// NewBase says which file a new translation of a bilingual family starts
	// from.
	NewBase NewBase
	// Default is the family's format for files whose content could not be read.
	Default string
	// ReadAll: Choose needs every file of a set, not only its sample.
	ReadAll bool
	// Choose returns the ID of the format a set of the family's files is in, from
	// their content; "" when the files are not of the family after all (a .ts file
	// that is TypeScript). It may name a format of Weblate's that this build does
	// not register, so that the files are reported rather than misread. nil
	// always chooses Default.
	Choose func(s *Sample) string

	monolingual bool // set by Register
}

// Sample is what a family's Choose reads of a set of files.
type Sample struct {
	// Data is the set's sample: its template (monolingual families), else its
	// first translation.
	Data []byte
	// Files holds every file of the set, the sample first (ReadAll only).
	Files [][]byte
	// Path is the sample's path; Mask the set's filemask with "*" for the
	// language code and nothing escaped ("config/locales/*.yml").
	Path, Mask string
	// SourceLanguage is the code of the sample's language where known ("" for
	// English): the plural forms i18next's keys must show.
	SourceLanguage string
}

// NewBase names the file a new translation of a bilingual family starts from.
type NewBase uint8

const (
	// NewBaseUnlocalized is the file the filemask names without a language
	// (Angular's messages.xlf beside messages.de.xlf), in the mask's folder or
	// one up.
	NewBaseUnlocalized NewBase = iota
	// NewBasePOT is a gettext template, a .pot file (translation_finder's
	// GettextDiscovery).
	NewBasePOT
	// NewBaseNone: new translations start empty (a TBX glossary).
	NewBaseNone
)

// Monolingual tells whether the family's formats are monolingual (Info): its
// sets have a template; bilingual ones keep the source in every file.
func (d *Detection) Monolingual() bool { return d.monolingual }

// detections are the registered families, in registration order.
var detections []*Detection

// registerDetection adds the family of a format being registered, once.
func registerDetection(info *Info) {
	d := info.Detect
	for _, known := range detections {
		if known == d {
			if d.monolingual != info.Monolingual {
				panic(fmt.Sprintf("formats: %q is monolingual=%v, unlike the rest of its family %s", info.ID, info.Monolingual, d.Name))
			}
			return
		}
	}
	if d.Name == "" || d.Default == "" || len(d.Extensions) == 0 {
		panic(fmt.Sprintf("formats: %q has a detection without a name, default format or extension", info.ID))
	}
	d.monolingual = info.Monolingual
	detections = append(detections, d)
}

// Detections returns the families of the registered formats, each once, ordered
// by Name.
func Detections() []*Detection {
	out := append([]*Detection(nil), detections...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// LooksUTF16 tells whether data is UTF-16: a byte-order mark, or the NUL bytes
// UTF-16 gives ASCII text in its first 512 bytes.
func LooksUTF16(data []byte) bool {
	if bytes.HasPrefix(data, bomUTF16LE) || bytes.HasPrefix(data, bomUTF16BE) {
		return true
	}
	n := min(len(data), 512)
	return n >= 2 && bytes.Count(data[:n], []byte{0}) >= n/4
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
