package formats

import (
	"bytes"
	"encoding/xml"
)

// WriteTBX writes units as a TBX glossary laid out as translate-toolkit writes one:
// each <termEntry> holds a <langSet> in sourceLang with the source term and one in
// targetLang with the target term, so Parse reads the units back. Only terms are
// written (no notes or definitions). An entry carries its key as id the first time
// the key appears: ids must be unique in a valid TBX document.
func WriteTBX(sourceLang, targetLang string, units []Unit) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">` + "\n" +
		`<martif type="TBX" xml:lang="`)
	xmlEscape(&b, sourceLang)
	b.WriteString(`">` + "\n" +
		"    <martifHeader>\n" +
		"        <fileDesc>\n" +
		"            <sourceDesc>\n" +
		"                <p>gitlate</p>\n" +
		"            </sourceDesc>\n" +
		"        </fileDesc>\n" +
		"    </martifHeader>\n" +
		"    <text>\n" +
		"        <body>\n")
	ids := map[string]bool{}
	for i := range units {
		u := &units[i]
		b.WriteString("            <termEntry")
		if u.Key != "" && !ids[u.Key] {
			ids[u.Key] = true
			b.WriteString(` id="`)
			xmlEscape(&b, u.Key)
			b.WriteByte('"')
		}
		b.WriteString(">\n")
		for _, ls := range [2]struct {
			lang  string
			forms []string
		}{{sourceLang, u.Source}, {targetLang, u.Target}} {
			b.WriteString(`                <langSet xml:lang="`)
			xmlEscape(&b, ls.lang)
			b.WriteString(`"><tig><term>`)
			if len(ls.forms) > 0 {
				xmlEscape(&b, ls.forms[0]) // TBX has no plural forms
			}
			b.WriteString("</term></tig></langSet>\n")
		}
		b.WriteString("            </termEntry>\n")
	}
	b.WriteString("        </body>\n    </text>\n</martif>\n")
	return b.Bytes()
}

// xmlEscape writes s as XML character data; characters XML cannot hold become U+FFFD.
func xmlEscape(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s))
}
