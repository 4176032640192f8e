package formats

import (
	"strings"
)

// joomlaFormat reads Joomla's language files as Weblate 4.18 does: JoomlaFormat
// (weblate/formats/ttkit.py, a PropertiesBaseFormat with PropertiesUnit) over
// translate-toolkit's properties.joomlafile, a propfile with the "joomla"
// dialect (translate/storage/properties.py, DialectJoomla; translate-toolkit
// 3.8.4 reads it as 3.9.2 does). Files are UTF-8 (a byte-order mark dropped).
//
// The file is read by propParser, the transcription of propfile.parse, with the
// dialect's hooks (propParser.joomla): the
// same comments, header, continuation lines ending in "\", key stripping and
// note. The dialect differs in three hooks: only "=" delimits a key (a ":" or a
// space does not); the value is stripped of white space at both ends; and the
// decoded value (Java's escapes) loses one pair of double quotes around it when
// it is longer than two characters, then every "_QQ_" between quotes ("\"_QQ_\"")
// becomes a double quote. Weblate refuses a file whose first entry has no "="
// (PropertiesBaseFormat.is_valid), and so does Parse.
type joomlaFormat struct{}

func init() {
	// JoomlaFormat: text/plain (PropertiesBaseFormat), the extension ini
	// (joomlafile.Extensions), no check_flags. Its files share *.ini with the
	// INI format (translation-finder's JoomlaDiscovery and INIDiscovery):
	// chooseINI tells them apart.
	Register(Info{ID: "joomla", Name: "Joomla language file", Monolingual: true, MimeType: "text/plain", Extension: "ini", Detect: iniDetection}, joomlaFormat{})
}

func (joomlaFormat) Parse(data []byte) (*File, error) {
	text, err := decodeUTF8Sig(data)
	if err != nil {
		return nil, &SyntaxError{Line: phpBadUTF8Line(trimUTF8BOM(data)), Msg: err.Error()}
	}
	p := propParser{joomla: true}
	if err := p.parse(text); err != nil {
		return nil, err
	}
	p.out.Warnings = duplicateWarnings(p.out.Units, false)
	return &p.out, nil
}

// joomlaDecode is DialectJoomla.decode: Java's unescaping, one pair of quotes
// around more than two characters dropped, "_QQ_" between quotes a quote.
func joomlaDecode(s string) (string, error) {
	v, err := propDecode(s)
	if err != nil {
		return "", err
	}
	if n := len([]rune(v)); n > 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	return strings.ReplaceAll(v, `"_QQ_"`, `"`), nil
}
