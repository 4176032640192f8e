package formats

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// csvFormat is CSV as Weblate 4.18 reads it: CSVFormat, CSVSimpleFormat and
// CSVSimpleFormatISO in weblate/formats/ttkit.py, on translate-toolkit's
// csvl10n.csvfile (translate/storage/csvl10n.py, 3.9; the same in Debian's
// 3.8.4), which reads the file with Python's csv module.
//
// translate-toolkit decodes the file (csv, csv-simple: the encoding its detection
// finds, else UTF-8, else UTF-16; csv-simple-iso: ISO-8859-1), guesses the
// dialect from the whole text with csv.Sniffer (Weblate passes
// sample_length=None): the quote character and delimiter from quoted fields
// between delimiters, else the delimiter from how evenly each ASCII character
// occurs over the lines, else the "default" dialect (comma, double quote,
// backslash escapes); a sniffed dialect always doubles quotes. The first row
// names the columns when one of its fields is "source" (or "original",
// "untranslated"); otherwise the columns are location, source, target, id, fuzzy,
// context, translator_comments, developer_comments (csv-simple: source,
// target), as many as the first row has but at least three. A first row whose
// every field is its column's name is the header and no unit. Rows are read by
// Python's csv reader (csv.field_size_limit's 131072 characters a field, a
// carriage return alone ending a line in an unquoted field is an error);
// blank rows are skipped; every other row is a unit, empty or not
// (CSVUnit.has_content is MonolingualSimpleUnit's: no header, so always).
//
// CSVFormat re-reads a file whose columns came out as location, source, target
// and whose first row has two fields as Simple CSV (source, target). CSVUnit
// removes the escaping Weblate's CSV export adds against spreadsheet formulas
// (a text of more than two characters between single quotes starting with =, +,
// -, @, \ or %) from context, source and target; the location is the location
// column, the note the translator comments then the developer comments
// (csvunit.getnotes), fuzzy the fuzzy column (1, x, true, yes, fuzzy; csvunit
// is among the units whose fuzzy flag Weblate reads since 4.11).
//
// Weblate reads a CSV component monolingually when it has a template; gitlate's
// formats are one or the other, and these are registered bilingual, Weblate's
// reading without a template: Key is the context column, Source the source
// column, Target the target column.
//
// Deliberately different: translate-toolkit's "auto" encoding is what
// charset_normalizer guesses, a statistical guess; here a file is UTF-8 (its
// byte-order mark dropped), UTF-16 (by its byte-order mark, or the NUL bytes of
// little-endian ASCII text), or else Windows-1252.
type csvFormat struct {
	fieldnames []string // nil: translate-toolkit's default columns
	latin1     bool     // csv-simple-iso
	simple     bool     // csv-simple, csv-simple-iso: no re-reading
}

// csvDetect is translation_finder's CSVDiscovery (2023): *.csv files, as "csv".
// It proposes the English file as a template too (MonoTemplateDiscovery), a
// monolingual reading gitlate does not have for CSV.
var csvDetect = &Detection{Name: "CSV", Extensions: []string{".csv"}, Default: "csv"}

func init() {
	for _, f := range []struct {
		id, name string
		format   csvFormat
	}{
		{"csv", "CSV file", csvFormat{}},
		{"csv-simple", "Simple CSV file", csvFormat{fieldnames: csvSimpleFields, simple: true}},
		{"csv-simple-iso", "Simple CSV file (ISO-8859-1)", csvFormat{fieldnames: csvSimpleFields, simple: true, latin1: true}},
	} {
		info := Info{ID: f.id, Name: f.name, MimeType: "text/csv", Extension: "csv", Fuzzy: true}
		if f.id == "csv" {
			info.Detect = csvDetect
		}
		Register(info, f.format)
	}
}

var (
	csvDefaultFields = []string{"location", "source", "target", "id", "fuzzy", "context", "translator_comments", "developer_comments"}
	csvSimpleFields  = []string{"source", "target"}
)

// csvFieldAlias is translate-toolkit's fieldname_map.
var csvFieldAlias = map[string]string{
	"original": "source", "untranslated": "source", "translated": "target", "translation": "target",
	"identified": "id", "key": "id", "label": "id", "translator comments": "translator_comments",
	"notes": "translator_comments", "developer comments": "developer_comments", "state": "fuzzy",
}

func (f csvFormat) Parse(data []byte) (*File, error) {
	text, err := f.decode(data)
	if err != nil {
		return nil, &SyntaxError{Line: 1, Msg: err.Error()}
	}
	fields := f.fieldnames
	if fields == nil {
		fields = csvDefaultFields
	}
	st, err := readTTKCSV(text, fields)
	if err != nil {
		return nil, err
	}
	if !f.simple && len(st.fieldnames) == 3 && st.fieldnames[0] == "location" && st.fieldnames[1] == "source" &&
		st.fieldnames[2] == "target" && st.firstLen == 2 {
		// CSVFormat.parse_store: a two-column file read as Simple CSV.
		if st, err = readTTKCSV(text, csvSimpleFields); err != nil {
			return nil, err
		}
	}
	return &File{Units: st.units}, nil
}

func (f csvFormat) decode(data []byte) (string, error) {
	if f.latin1 {
		s, _ := decodeLatin1(data)
		return s, nil
	}
	return decodeAutoText(data)
}

// decodeAutoText reads a file translate-toolkit decodes with encoding "auto":
// UTF-8 (a byte-order mark dropped), UTF-16 by its byte-order mark or its NUL
// bytes, else Windows-1252.
func decodeAutoText(data []byte) (string, error) {
	switch {
	case len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF:
		data = data[3:]
		if !utf8.Valid(data) {
			return "", errors.New("the file starts with a UTF-8 byte-order mark but is not UTF-8")
		}
		return string(data), nil
	case len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF):
		return decodePyUTF16(data)
	case utf8.Valid(data):
		return string(data), nil
	case LooksUTF16(data):
		return decodePyUTF16(data)
	}
	var b strings.Builder
	b.Grow(len(data) + len(data)/4)
	for _, c := range data {
		if c >= 0x80 && c < 0xA0 {
			b.WriteRune(cp1252High[c-0x80])
		} else {
			b.WriteRune(rune(c))
		}
	}
	return b.String(), nil
}

// cp1252High is Windows-1252's 0x80-0x9F; the five bytes it leaves undefined
// stand for the C1 controls of the same value.
var cp1252High = [32]rune{
	0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
	0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
}

// ttkCSV is what csvfile.parse leaves: the columns it used, the number of
// fields of the file's first row, and the units.
type ttkCSV struct {
	fieldnames []string
	firstLen   int
	units      []Unit
}

// readTTKCSV is csvfile.parse on decoded text with the given default columns.
func readTTKCSV(text string, defaults []string) (*ttkCSV, error) {
	d, ok := sniffCSV(text)
	if !ok {
		d = csvDefaultDialect
	}
	st := &ttkCSV{fieldnames: defaults}
	first := newCSVReader(text, d)
	header, _, err := first.next()
	switch {
	case err == errCSVEOF:
		// detect_header's next() on an empty file: StopIteration, which
		// csvfile.parse does not catch.
		return nil, &SyntaxError{Line: 1, Msg: "empty CSV file"}
	case err != nil:
		// A csv.Error in detect_header leaves the default columns; reading the
		// rows below meets the same error.
	default:
		st.firstLen = len(header)
		if csvValidFields(header) {
			st.fieldnames = header
		} else {
			st.fieldnames = defaults[:min(len(defaults), max(len(header), 3))]
		}
	}
	r := newCSVReader(text, d)
	cols := csvColumns(st.fieldnames)
	firstRow := true
	for {
		row, line, err := r.next()
		if err == errCSVEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(row) == 0 {
			continue // DictReader skips blank rows
		}
		u := csvUnitOf(cols, row)
		if !firstRow || !u.isHeader() {
			st.units = append(st.units, u.unit(line))
		}
		firstRow = false
	}
	return st, nil
}

// csvValidFields is valid_fieldnames: a column is the source.
func csvValidFields(names []string) bool {
	for _, n := range names {
		if n == "source" || csvFieldAlias[n] == "source" {
			return true
		}
	}
	return false
}

// csvUnitFields are a csvunit's fields, "" where the row has none.
type csvUnitFields struct {
	location, source, target, id, context, translator, developer string
	fuzzy                                                        string
}

// csvColumn is a field of csvunit and the column whose value it takes.
type csvColumn struct {
	field string // after fieldname_map
	index int
}

// csvColumns is how csvunit.fromdict reads the dict DictReader makes of a row:
// dict(zip(fieldnames, row)) keeps each name once, where it first comes, with
// the value of the last column of that name; fromdict then sets the fields in
// that order, a later name of the same field (an alias) winning.
func csvColumns(names []string) []csvColumn {
	last := make(map[string]int, len(names))
	var order []string
	for i, n := range names {
		if _, seen := last[n]; !seen {
			order = append(order, n)
		}
		last[n] = i
	}
	var cols []csvColumn
	for _, n := range order {
		field := n
		if a, ok := csvFieldAlias[n]; ok {
			field = a
		}
		// Other names set nothing: at most the 19 names of fields and their
		// aliases remain, so a header of a million columns costs a row no more.
		switch field {
		case "id", "source", "target", "location", "fuzzy", "context", "translator_comments", "developer_comments":
			cols = append(cols, csvColumn{field, last[n]})
		}
	}
	return cols
}

// csvUnitOf is csvunit.fromdict of a row: a column beyond the row's values is
// None, which sets nothing; values beyond the columns are ignored.
func csvUnitOf(cols []csvColumn, row []string) *csvUnitFields {
	u := &csvUnitFields{fuzzy: "False"}
	for _, c := range cols {
		if c.index >= len(row) {
			continue
		}
		v := row[c.index]
		switch c.field {
		case "id":
			u.id = v
		case "source":
			u.source = v
		case "target":
			u.target = v
		case "location":
			u.location = v
		case "fuzzy":
			u.fuzzy = v
		case "context":
			u.context = v
		case "translator_comments":
			u.translator = v
		case "developer_comments":
			u.developer = v
		}
	}
	return u
}

// isHeader is csvunit.match_header: every field but fuzzy that is set equals its
// name, case aside (fuzzy, "False" when unset, always counts as set).
func (u *csvUnitFields) isHeader() bool {
	for _, f := range []struct{ name, value string }{
		{"location", u.location}, {"source", u.source}, {"target", u.target}, {"id", u.id},
		{"context", u.context}, {"translator_comments", u.translator}, {"developer_comments", u.developer},
	} {
		if f.value != "" && f.name != strings.ToLower(f.value) {
			return false
		}
	}
	return true
}

func (u *csvUnitFields) unit(line int) Unit {
	note := u.translator
	if u.developer != "" {
		if note != "" {
			note += "\n" + u.developer
		} else {
			note = u.developer
		}
	}
	fuzzy := false
	switch strings.ToLower(u.fuzzy) {
	case "1", "x", "true", "yes", "fuzzy":
		fuzzy = true
	}
	return Unit{
		Key:      unescapeCSVFormula(u.context),
		Source:   []string{unescapeCSVFormula(u.source)},
		Target:   []string{unescapeCSVFormula(u.target)},
		Location: u.location,
		Note:     note,
		Fuzzy:    fuzzy,
		Line:     line,
	}
}

// unescapeCSVFormula is CSVUnit.unescape_csv: Weblate's CSV export writes a
// text starting with =, +, -, @, \ or % between single quotes (and | as \|), so
// that spreadsheets do not read it as a formula.
func unescapeCSVFormula(s string) string {
	if len(s) < 3 || s[0] != '\'' || s[len(s)-1] != '\'' || strings.IndexByte("=+-@\\%", s[1]) < 0 ||
		utf8.RuneCountInString(s) <= 2 {
		return s
	}
	return strings.ReplaceAll(s[1:len(s)-1], `\|`, "|")
}

// csvDialect is the part of a Python csv dialect the reader uses; a sniffed
// dialect and translate-toolkit's "default" both double quotes and quote
// nothing away (QUOTE_ALL, QUOTE_MINIMAL), and neither is strict.
type csvDialect struct {
	delim, quote, escape rune // escape -1: none
	skipSpace            bool
}

// csvDefaultDialect is translate-toolkit's "default" dialect (csv.excel with
// skipinitialspace, backslash escapes).
var csvDefaultDialect = csvDialect{delim: ',', quote: '"', escape: '\\', skipSpace: true}

// csvFieldLimit is csv.field_size_limit()'s default, in characters.
const csvFieldLimit = 128 * 1024

var errCSVEOF = errors.New("end of CSV")

// csvReader is Python's _csv reader over io.StringIO(text): lines end at "\n"
// only, and a record goes on over lines while a quoted field is open.
type csvReader struct {
	text  string
	pos   int
	line  int // lines read so far
	d     csvDialect
	field []byte
	nchar int // characters in field
}

func newCSVReader(text string, d csvDialect) *csvReader {
	return &csvReader{text: text, d: d}
}

const (
	csvStartRecord = iota
	csvStartField
	csvEscapedChar
	csvInField
	csvInQuotedField
	csvEscapeInQuoted
	csvQuoteInQuoted
	csvEatCRNL
	csvAfterEscapedCRNL
)

// csvEOL is the end of a line, which _csv's state machine sees as a character.
const csvEOL = -2

// next returns the next record and the line it starts on; errCSVEOF at the end.
func (r *csvReader) next() ([]string, int, error) {
	var fields []string
	state := csvStartRecord
	r.field, r.nchar = r.field[:0], 0
	start := r.line + 1
	save := func() {
		fields = append(fields, string(r.field))
		r.field, r.nchar = r.field[:0], 0
	}
	for {
		if r.pos >= len(r.text) {
			if r.nchar != 0 || state == csvInQuotedField {
				save()
				return fields, start, nil
			}
			return nil, 0, errCSVEOF
		}
		end := strings.IndexByte(r.text[r.pos:], '\n')
		if end < 0 {
			end = len(r.text)
		} else {
			end += r.pos + 1
		}
		line := r.text[r.pos:end]
		r.pos = end
		r.line++
		for i := 0; i <= len(line); {
			c, size := rune(csvEOL), 0
			if i < len(line) {
				c, size = utf8.DecodeRuneInString(line[i:])
			}
			i += max(size, 1)
			var err error
			state, err = r.step(state, c, save)
			if err != nil {
				return nil, 0, &SyntaxError{Line: r.line, Msg: err.Error()}
			}
		}
		if state == csvStartRecord {
			return fields, start, nil
		}
	}
}

var (
	errCSVFieldLimit = errors.New("field larger than field limit (131072)")
	errCSVNewline    = errors.New("new-line character seen in unquoted field")
)

func (r *csvReader) add(c rune) error {
	if r.nchar >= csvFieldLimit {
		return errCSVFieldLimit
	}
	r.field = utf8.AppendRune(r.field, c)
	r.nchar++
	return nil
}

// step is parse_process_char of CPython's Modules/_csv.c (3.11).
func (r *csvReader) step(state int, c rune, save func()) (int, error) {
	d := &r.d
	switch state {
	case csvStartRecord:
		if c == csvEOL {
			return csvStartRecord, nil
		}
		if c == '\n' || c == '\r' {
			return csvEatCRNL, nil
		}
		return r.step(csvStartField, c, save)
	case csvStartField:
		switch {
		case c == '\n' || c == '\r' || c == csvEOL:
			save()
			if c == csvEOL {
				return csvStartRecord, nil
			}
			return csvEatCRNL, nil
		case c == d.quote:
			return csvInQuotedField, nil
		case c == d.escape:
			return csvEscapedChar, nil
		case c == ' ' && d.skipSpace:
			return csvStartField, nil
		case c == d.delim:
			save()
			return csvStartField, nil
		}
		return csvInField, r.add(c)
	case csvEscapedChar:
		if c == '\n' || c == '\r' {
			return csvAfterEscapedCRNL, r.add(c)
		}
		if c == csvEOL {
			c = '\n'
		}
		return csvInField, r.add(c)
	case csvAfterEscapedCRNL:
		if c == csvEOL {
			return csvAfterEscapedCRNL, nil
		}
		return r.step(csvInField, c, save)
	case csvInField:
		switch {
		case c == '\n' || c == '\r' || c == csvEOL:
			save()
			if c == csvEOL {
				return csvStartRecord, nil
			}
			return csvEatCRNL, nil
		case c == d.escape:
			return csvEscapedChar, nil
		case c == d.delim:
			save()
			return csvStartField, nil
		}
		return csvInField, r.add(c)
	case csvInQuotedField:
		switch {
		case c == csvEOL:
			return csvInQuotedField, nil
		case c == d.escape:
			return csvEscapeInQuoted, nil
		case c == d.quote:
			return csvQuoteInQuoted, nil
		}
		return csvInQuotedField, r.add(c)
	case csvEscapeInQuoted:
		if c == csvEOL {
			c = '\n'
		}
		return csvInQuotedField, r.add(c)
	case csvQuoteInQuoted:
		switch {
		case c == d.quote:
			return csvInQuotedField, r.add(c)
		case c == d.delim:
			save()
			return csvStartField, nil
		case c == '\n' || c == '\r' || c == csvEOL:
			save()
			if c == csvEOL {
				return csvStartRecord, nil
			}
			return csvEatCRNL, nil
		}
		return csvInField, r.add(c)
	case csvEatCRNL:
		switch {
		case c == '\n' || c == '\r':
			return csvEatCRNL, nil
		case c == csvEOL:
			return csvStartRecord, nil
		}
		return state, errCSVNewline
	}
	return state, nil
}

// pyIsWord is Python's \w on str: alphanumeric (str.isalnum) or underscore.
func pyIsWord(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}
