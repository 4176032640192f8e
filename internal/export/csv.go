package export

import "strings"

// CSV follows Weblate's CSVExporter over translate-toolkit's csvfile
// (translate/storage/csvl10n.py): a header row and one row per unit in
// translate-toolkit's eight columns, written by Python's csv module with every
// field quoted, quotes doubled, backslashes escaped and CRLF line ends.

var csvColumns = []string{"location", "source", "target", "id", "fuzzy", "context", "translator_comments", "developer_comments"}

// csvFilter is CSVExporter.string_filter: text a spreadsheet would take for a
// formula is quoted with apostrophes, its pipes escaped.
func csvFilter(s string) string {
	if s != "" && strings.ContainsRune("=+-@|%", rune(s[0])) {
		return "'" + strings.ReplaceAll(s, "|", `\|`) + "'"
	}
	return s
}

func writeCSV(t *Translation, w *writer) error {
	writeCSVRow(w, csvColumns)
	for i := range t.count() {
		if err := w.next(i); err != nil {
			return err
		}
		uc := t.unit(i)
		u := &uc
		// A csvunit keeps the last location it is given; a multistring (plural)
		// prints as its first form.
		location := ""
		if locs := pySplit(u.Location); len(locs) > 0 {
			location = locs[len(locs)-1]
		}
		var dev []string
		for _, note := range []string{u.Note, u.Explanation} {
			if note = csvFilter(note); note != "" {
				dev = append(dev, note)
			}
		}
		fuzzy := "False"
		if u.State == stateFuzzy {
			fuzzy = "True"
		}
		writeCSVRow(w, []string{
			location,
			csvFilter(sources(u)[0]),
			csvFilter(targets(t, u)[0]),
			"",
			fuzzy,
			csvFilter(u.Context),
			"",
			strings.Join(dev, "\n"),
		})
	}
	return nil
}

// writeCSVRow is csv.writer with translate-toolkit's dialect: QUOTE_ALL,
// doublequote, escapechar "\\" (Python 3.11 escapes the escape character itself).
func writeCSVRow(b *writer, fields []string) {
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		for _, r := range f {
			switch r {
			case '"':
				b.WriteString(`""`)
			case '\\':
				b.WriteString(`\\`)
			default:
				b.WriteRune(r)
			}
		}
		b.WriteByte('"')
	}
	b.WriteString("\r\n")
}
