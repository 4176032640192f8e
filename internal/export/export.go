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
//
// A conversion writes to a stream as it reads the units, one at a time: what it
// holds is a buffer and the unit at hand, never the file or a copy of every unit,
// so a server converting a translation of hundreds of thousands of strings does not
// grow by its size. MO, whose tables of sorted keys come before the strings, and
// JSON, whose repeated keys keep their first place, read the keys first, then
// the units again for the values.
package export

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
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
	// List, when set, gives the units instead of Units, one at a time: a server
	// exporting a large translation then holds no copy of all of them.
	List UnitList
}

// UnitList is a translation's units in export order, read one at a time. An
// exporter may read a unit more than once (MO reads its keys, sorts them, then
// reads the values).
type UnitList interface {
	Len() int
	At(i int) Unit
}

// count is the number of units of t.
func (t *Translation) count() int {
	if t.List != nil {
		return t.List.Len()
	}
	return len(t.Units)
}

// unit is the i-th unit of t, with text Weblate could hold (sanitizeUnit).
func (t *Translation) unit(i int) Unit {
	if t.List != nil {
		return sanitizeUnit(t.List.At(i))
	}
	return sanitizeUnit(t.Units[i])
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

// format is one of Weblate's exporters.
type format struct {
	contentType string
	extension   string
	// supports is the exporter's supports(translation); nil accepts every one.
	supports func(*Translation) bool
	write    func(*Translation, *writer) error
}

var exporters = map[string]format{
	"po":      {"text/x-po", "po", nil, writePO},
	"mo":      {"application/x-gettext-catalog", "mo", func(t *Translation) bool { return t.FileFormat == "po" }, writeMO},
	"csv":     {"text/csv", "csv", nil, writeCSV},
	"json":    {"application/json", "json", func(t *Translation) bool { return t.Monolingual }, writeJSON},
	"xliff":   {"application/x-xliff+xml", "xlf", nil, writePoXLIFF},
	"xliff11": {"application/x-xliff+xml", "xlf", nil, writeXLIFF},
	"tbx":     {"application/x-tbx", "tbx", nil, writeTBX},
	"tmx":     {"application/x-tmx", "tmx", nil, writeTMX},
}

// Formats lists the ?format= values Convert writes, sorted. Weblate 4.18 also
// offers xlsx, aresource and strings, which gitlate does not write.
func Formats() []string {
	names := make([]string, 0, len(exporters))
	for n := range exporters {
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

// Conversion is a translation ready to be written in a format: what a download
// of it is sent as is known before any of its bytes are made.
type Conversion struct {
	// ContentType is what Weblate sends: the exporter's type with
	// "; charset=utf-8". Name is Weblate's download name,
	// {project}-{component}-{language}.{extension} (sent unquoted:
	// Content-Disposition: attachment; filename=<Name>).
	ContentType, Name string
	write             func(*Translation, *writer) error
	t                 *Translation
}

// Convert prepares t to be written in the named format, or says why it cannot be
// (a *FormatError).
func Convert(name string, t *Translation) (*Conversion, error) {
	f, ok := exporters[name]
	if !ok {
		return nil, &FormatError{Format: name}
	}
	if f.supports != nil && !f.supports(t) {
		return nil, &FormatError{Format: name, Incompatible: true}
	}
	t = sanitize(t)
	return &Conversion{
		ContentType: f.contentType + "; charset=utf-8",
		Name:        t.ProjectSlug + "-" + t.ComponentSlug + "-" + t.Language.Code + "." + f.extension,
		write:       f.write,
		t:           t,
	}, nil
}

// bufferSize is what a conversion keeps of its output before handing it to its
// writer: the whole of what it holds but for one unit at a time (and, for MO and
// JSON, the keys they order or merge).
const bufferSize = 32 << 10

// checkEvery is how many units a conversion writes between looks at its context
// and at its writer's first error.
const checkEvery = 64

// Write writes the file to w as it walks the units. It stops at w's first error,
// and, checking between units, when ctx ends, with that error; what it wrote by
// then is a part of the file.
func (c *Conversion) Write(ctx context.Context, w io.Writer) error {
	s := &sink{w: w}
	out := &writer{Writer: bufio.NewWriterSize(s, bufferSize), ctx: ctx, sink: s}
	if err := c.write(c.t, out); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	return s.err
}

// writer is a conversion's output: buffered, with the context it stops on.
type writer struct {
	*bufio.Writer
	ctx  context.Context
	sink *sink
}

// next is called before the i-th unit is written: every checkEvery units, the
// context's error or the writer's first one, which end the conversion.
func (w *writer) next(i int) error {
	if i%checkEvery != 0 {
		return nil
	}
	if err := w.ctx.Err(); err != nil {
		return err
	}
	return w.sink.err
}

// sink keeps the first error of the writer a conversion writes to: a bufio.Writer
// reports it only at its next write that reaches the writer.
type sink struct {
	w   io.Writer
	err error
}

func (s *sink) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	s.err = err
	return n, err
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

// Sum is a digest of everything the file's bytes follow from: the format, the
// translation and its units, and the build that writes them. Two conversions with
// one sum write the same bytes, so a server can answer a conditional request, or
// name the file in an ETag before writing it, by the sum alone. It reads every
// unit once, which costs a small part of writing them.
func (c *Conversion) Sum() uint64 {
	h := xxhash.New()
	str := func(s string) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.WriteString(s)
	}
	num := func(v int64) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(v))
		h.Write(n[:])
	}
	strs := func(ss []string) {
		num(int64(len(ss)))
		for _, s := range ss {
			str(s)
		}
	}
	lang := func(l Language) {
		str(l.Code)
		str(l.Name)
		num(int64(l.Plurals))
		str(l.Formula)
	}
	t := c.t
	num(int64(buildSum()))
	str(c.ContentType)
	str(c.Name)
	str(t.ProjectName)
	str(t.FileFormat)
	if t.Monolingual {
		num(1)
	} else {
		num(0)
	}
	lang(t.SourceLanguage)
	lang(t.Language)
	str(t.URL)
	// The time as the PO header writes it: to the minute, with its offset.
	str(t.Time.Format("2006-01-02 15:04 -0700"))
	n := t.count()
	num(int64(n))
	for i := 0; i < n; i++ {
		var u Unit
		if t.List != nil {
			u = t.List.At(i)
		} else {
			u = t.Units[i]
		}
		strs(u.Source)
		strs(u.Target)
		str(u.Context)
		str(u.Note)
		str(u.Explanation)
		str(u.Location)
		strs(u.Flags)
		num(int64(u.State))
		num(u.IDHash)
	}
	return h.Sum64()
}

// buildSum tells this build of gitlate from others (its module versions and
// revision): a newer build may write other bytes for the same translation.
var buildSum = sync.OnceValue(func() uint64 {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return xxhash.Sum64String(bi.String())
	}
	return 0
})
