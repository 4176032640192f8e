package export

import "github.com/gitlate/gitlate/internal/formats"

// TMX and TBX follow Weblate's TMXExporter and TBXExporter over translate-toolkit's
// tmxfile and tbxfile (translate/storage/tmx.py, tbx.py, lisa.py): one entry per
// unit with a language node for the source and one for the target (a plural gives
// its first form), then the unit's notes.

// lisaUnit builds a LISA entry the way the exporter's calls do: the unit class's
// constructor (a source node marked "en"), Weblate's setsource (the node replaced
// with one in the source language), then settarget inserting the target node second.
func lisaUnit(root string, langNode func(lang, text string) *xnode, src, lang, source, target string) *xnode {
	u := newNode(root)
	u.append(langNode("en", source))
	u.replace(u.kids[0], langNode(src, source))
	u.insert(1, langNode(lang, target))
	return u
}

func writeTMX(t *Translation, w *writer) error {
	src, lang := t.SourceLanguage.Code, t.Language.Code
	root := newNode("tmx")
	root.set("version", "1.4")
	header := root.sub("header")
	for _, a := range [][2]string{
		{"creationtool", "Translate Toolkit"}, {"creationtoolversion", toolkitVersion},
		{"segtype", "sentence"}, {"o-tmf", "UTF-8"}, {"adminlang", "en"}, {"srclang", src},
		{"datatype", "PlainText"},
	} {
		header.set(a[0], a[1])
	}
	body := root.sub("body")
	tuv := func(lang, text string) *xnode {
		n := newNode("tuv")
		n.set("xml:lang", lang)
		n.sub("seg").setText(text)
		return n
	}
	return xmlStore(w, `<!DOCTYPE tmx SYSTEM "tmx14.dtd">`, root, body, xmlLayout{pretty: true}, 2, t.count(), func(i int) *xnode {
		uc := t.unit(i)
		u := &uc
		tu := lisaUnit("tu", tuv, src, lang, xmlFilter(sources(u)[0]), xmlFilter(targets(t, u)[0]))
		for _, note := range []string{u.Note, u.Explanation} {
			if note = xmlFilter(note); note != "" {
				// tmxunit.addnote keeps the stripped text, even when nothing is left.
				tu.sub("note").setText(pyStrip(note))
			}
		}
		return tu
	})
}

// writeTBX writes through formats.TBXWriter, which gitlate's own glossary files
// are written with too: one entry a unit, its notes once stripped (tbxunit.addnote
// drops a blank one).
func writeTBX(t *Translation, w *writer) error {
	src, lang := t.SourceLanguage.Code, t.Language.Code
	tw := formats.TBXWriter{Tool: "Translate Toolkit", Libxml2: true}
	buf := tw.AppendHeader(nil, src)
	var notes [2]string
	for i, n := 0, t.count(); i < n; i++ {
		if _, err := w.Write(buf); err != nil {
			return err
		}
		if err := w.next(i); err != nil {
			return err
		}
		uc := t.unit(i)
		u := &uc
		notes[0], notes[1] = pyStrip(xmlFilter(u.Note)), pyStrip(xmlFilter(u.Explanation))
		buf = tw.AppendEntry(buf[:0], "", [2]formats.TBXTerm{
			{Lang: src, Term: xmlFilter(sources(u)[0])},
			{Lang: lang, Term: xmlFilter(targets(t, u)[0])},
		}, notes[:])
	}
	buf = tw.AppendFooter(buf)
	_, err := w.Write(buf)
	return err
}
