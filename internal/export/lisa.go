package export

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

func writeTBX(t *Translation, w *writer) error {
	src, lang := t.SourceLanguage.Code, t.Language.Code
	root := newNode("martif")
	root.set("type", "TBX")
	root.set("xml:lang", src)
	desc := root.sub("martifHeader").sub("fileDesc").sub("sourceDesc")
	desc.sub("p").setText("Translate Toolkit")
	body := root.sub("text").sub("body")
	langSet := func(lang, text string) *xnode {
		n := newNode("langSet")
		n.set("xml:lang", lang)
		n.sub("tig").sub("term").setText(text)
		return n
	}
	return xmlStore(w, `<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">`, root, body,
		xmlLayout{indent: "    ", maxLevel: 4}, 3, t.count(), func(i int) *xnode {
			uc := t.unit(i)
			u := &uc
			entry := lisaUnit("termEntry", langSet, src, lang, xmlFilter(sources(u)[0]), xmlFilter(targets(t, u)[0]))
			for _, note := range []string{u.Note, u.Explanation} {
				// tbxunit.addnote drops a note that is blank once stripped.
				if note = pyStrip(xmlFilter(note)); note != "" {
					n := entry.sub("note")
					n.setText(note)
					n.set("from", "developer")
				}
			}
			return entry
		})
}
