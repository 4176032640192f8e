package formats

// mi18n-lang is Weblate 4.18's "mi18n lang file" (weblate/formats/ttkit.py,
// PropertiesMi18nFormat): the lang files of the mi18n JavaScript library
// (since renamed draggable/i18n), which Weblate reads as Java properties in
// UTF-8 (a PropertiesUtf8Format, translate-toolkit's properties.javautf8file)
// and checks with es-format (ECMAScript template literals) instead of
// auto-java-messageformat. It is not translate-toolkit's mozilla_lang.LangStore
// (Mozilla's ";source" .lang files), which Weblate 4.18 does not offer. Its
// reading is propFormat's for properties-utf8; translation-finder has no
// discovery for it, so discover never proposes it.
func init() {
	f := &propFormat{
		info: Info{ID: "mi18n-lang", Name: "mi18n lang file", Monolingual: true,
			MimeType: "text/plain", Extension: "properties", CheckFlags: "es-format"},
		decode: decodeUTF8Sig,
	}
	Register(f.info, f)
}
