package formats

import (
	"encoding/xml"
	"unicode/utf8"
)

// WriteTBX writes units as a TBX glossary laid out as translate-toolkit writes one:
// each <termEntry> holds a <langSet> in sourceLang with the source term and one in
// targetLang with the target term, so Parse reads the units back. Only terms are
// written (no notes or definitions). An entry carries its key as id the first time
// the key appears: ids must be unique in a valid TBX document.
func WriteTBX(sourceLang, targetLang string, units []Unit) []byte {
	w := TBXWriter{Tool: "gitlate", IDs: true}
	b := w.AppendHeader(nil, sourceLang)
	for i := range units {
		u := &units[i]
		var source, target string
		if len(u.Source) > 0 {
			source = u.Source[0] // TBX has no plural forms
		}
		if len(u.Target) > 0 {
			target = u.Target[0]
		}
		b = w.AppendEntry(b, u.Key, [2]TBXTerm{{sourceLang, source}, {targetLang, target}}, nil)
	}
	return w.AppendFooter(b)
}

// TBXWriter writes a TBX glossary an entry at a time, laid out as translate-toolkit
// serializes its tbxfile (translate/storage/tbx.py, lisa.py): the martif header,
// then one <termEntry> a unit, reindented four spaces a level down to its
// <langSet>s, which are written on one line. gitlate's own glossary files
// (WriteTBX) and the TBX conversion of a translation (Weblate's TBXExporter)
// both write through it.
type TBXWriter struct {
	// Tool is the text of the header's <sourceDesc><p>, the program that wrote
	// the file.
	Tool string
	// IDs gives an entry its key as id the first time the key appears: ids must be
	// unique in a valid TBX document.
	IDs bool
	// Libxml2 escapes as lxml serializes the tree (libxml2's xmlEscapeContent and
	// attribute escaping) and closes an empty <body/> at once; the text must hold
	// only characters XML can (the caller filters the others out, as Weblate's
	// exporters do). Without it, text is escaped as encoding/xml escapes it and a
	// character XML cannot hold becomes U+FFFD.
	Libxml2 bool

	ids     map[string]bool
	entries int
}

// TBXTerm is a <langSet> with one term: its language and the term.
type TBXTerm struct{ Lang, Term string }

const tbxDoctype = `<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">`

// AppendHeader appends the declaration, the doctype and the martif header of a
// glossary whose language is sourceLang.
func (w *TBXWriter) AppendHeader(b []byte, sourceLang string) []byte {
	w.ids, w.entries = nil, 0
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+tbxDoctype+"\n"+`<martif type="TBX" xml:lang="`...)
	b = w.escape(b, sourceLang, true)
	b = append(b, `">`+"\n"+
		"    <martifHeader>\n"+
		"        <fileDesc>\n"+
		"            <sourceDesc>\n"+
		"                <p>"...)
	b = w.escape(b, w.Tool, false)
	b = append(b, "</p>\n"+
		"            </sourceDesc>\n"+
		"        </fileDesc>\n"+
		"    </martifHeader>\n"+
		"    <text>\n"...)
	return b
}

// AppendEntry appends a <termEntry> with a <langSet> for each term, then a
// <note from="developer"> for each note (translate-toolkit's tbxunit.addnote,
// which the caller has stripped; blank ones are not written).
func (w *TBXWriter) AppendEntry(b []byte, key string, terms [2]TBXTerm, notes []string) []byte {
	if w.entries == 0 {
		b = append(b, "        <body>\n"...)
	}
	w.entries++
	b = append(b, "            <termEntry"...)
	if w.IDs && key != "" && !w.ids[key] {
		if w.ids == nil {
			w.ids = map[string]bool{}
		}
		w.ids[key] = true
		b = append(b, ` id="`...)
		b = w.escape(b, key, true)
		b = append(b, '"')
	}
	b = append(b, ">\n"...)
	for _, t := range terms {
		b = append(b, `                <langSet xml:lang="`...)
		b = w.escape(b, t.Lang, true)
		b = append(b, `"><tig><term>`...)
		b = w.escape(b, t.Term, false)
		b = append(b, "</term></tig></langSet>\n"...)
	}
	for _, n := range notes {
		if n == "" {
			continue
		}
		b = append(b, `                <note from="developer">`...)
		b = w.escape(b, n, false)
		b = append(b, "</note>\n"...)
	}
	return append(b, "            </termEntry>\n"...)
}

// AppendFooter closes the glossary.
func (w *TBXWriter) AppendFooter(b []byte) []byte {
	if w.entries == 0 {
		if w.Libxml2 {
			return append(b, "        <body/>\n    </text>\n</martif>\n"...)
		}
		b = append(b, "        <body>\n"...)
	}
	return append(b, "        </body>\n    </text>\n</martif>\n"...)
}

func (w *TBXWriter) escape(b []byte, s string, attr bool) []byte {
	if !w.Libxml2 {
		return appendGoEscaped(b, s)
	}
	for _, r := range s {
		switch {
		case r == '&':
			b = append(b, "&amp;"...)
		case r == '<':
			b = append(b, "&lt;"...)
		case r == '>':
			b = append(b, "&gt;"...)
		case r == '\r':
			b = append(b, "&#13;"...)
		case attr && r == '"':
			b = append(b, "&quot;"...)
		case attr && r == '\n':
			b = append(b, "&#10;"...)
		case attr && r == '\t':
			b = append(b, "&#9;"...)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// appendGoEscaped appends s as encoding/xml writes character data; characters
// XML cannot hold become U+FFFD.
func appendGoEscaped(b []byte, s string) []byte {
	w := appendWriter{b}
	_ = xml.EscapeText(&w, []byte(s))
	return w.b
}

type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
