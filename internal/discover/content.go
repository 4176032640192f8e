package discover

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// The rules below decide between the formats of a family by the files' content,
// as translation-finder does (translation_finder/discovery/files.py: the
// adjust_format methods) and, where it cannot see a difference that matters to
// gitlate's counts, a little further (noted at each rule).

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// isUTF16 tells whether data is UTF-16: a byte-order mark, or the NUL bytes
// UTF-16 gives ASCII text.
func isUTF16(data []byte) bool {
	if bytes.HasPrefix(data, bomUTF16LE) || bytes.HasPrefix(data, bomUTF16BE) {
		return true
	}
	n := min(len(data), 512)
	return n >= 2 && bytes.Count(data[:n], []byte{0}) >= n/4
}

// stringsFormat is an Apple .strings set's format: Weblate 4.18's "strings" reads
// UTF-16, "strings-utf8" UTF-8 (weblate/formats/ttkit.py StringsFormat,
// StringsUtf8Format), the encodings Xcode writes.
func stringsFormat(sample []byte) string {
	if isUTF16(sample) {
		return "strings"
	}
	return "strings-utf8"
}

// propertiesFormat is a Java properties set's format, from all of its files:
// UTF-16 ones are "properties-utf16"; a set with text beyond ASCII, all of it
// valid UTF-8, is "properties-utf8"; anything else is Weblate's default
// "properties", ISO 8859-1 with \u escapes, which reads ASCII the same as
// UTF-8 does (translation-finder asks charset_normalizer; these are the cases
// that give different strings).
func propertiesFormat(files [][]byte) string {
	utf8Text := false
	for _, data := range files {
		if isUTF16(data) {
			return "properties-utf16"
		}
		data = bytes.TrimPrefix(data, bomUTF8)
		if !isASCII(data) {
			if !utf8.Valid(data) {
				return "properties"
			}
			utf8Text = true
		}
	}
	if utf8Text {
		return "properties-utf8"
	}
	return "properties"
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// jsonFormat tells a JSON set's format from its template
// (translation_finder/discovery/files.py JSONDiscovery.adjust_format): a list of
// objects with "id" is go-i18n v1; an object of objects with "message" and
// "description" is a WebExtension catalogue; go-i18n v2 messages carry "hash"
// or, as go-i18n's extract writes them, only go-i18n's message fields with
// "other" (gitlate's addition: translation-finder needs "hash"); keys ending in
// _one, _many or _other are i18next v4 plurals, _plural or a "{{" placeholder
// i18next v3; an object of strings is flat JSON and anything else nested JSON.
// Formats gitlate may not read are named too (gotext, nextcloud-json, resjson,
// formatjs), so that the files are reported rather than misread.
func jsonFormat(data []byte) string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, bomUTF8)))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "json-nested"
	}
	if list, ok := v.([]any); ok {
		if len(list) > 0 {
			if first, ok := list[0].(map[string]any); ok && first["id"] != nil {
				return "go-i18n-json"
			}
		}
		return "json-nested"
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return "json-nested"
	}
	switch {
	case has(obj, "lang") && has(obj, "messages"):
		return "gotext"
	case isGoI18nV2(obj):
		return "go-i18n-json-v2"
	case has(obj, "_strings") || has(obj, "_locales"):
		return "resjson"
	}
	if list, ok := obj["translations"].([]any); ok && len(list) > 0 {
		if first, ok := list[0].(map[string]any); ok && has(first, "key") {
			return "nextcloud-json"
		}
	}
	for _, val := range obj {
		if m, ok := val.(map[string]any); ok {
			switch {
			case has(m, "message") && has(m, "description"):
				return "webextension"
			case has(m, "defaultMessage") && has(m, "description"):
				return "formatjs"
			case isGoI18nV2(m) || isGoI18nExtract(m):
				return "go-i18n-json-v2"
			}
		}
	}
	v4, v3, flat := false, false, true
	var walk func(m map[string]any, top bool)
	walk = func(m map[string]any, top bool) {
		for k, val := range m {
			switch val := val.(type) {
			case string:
				switch {
				case strings.HasSuffix(k, "_one") || strings.HasSuffix(k, "_many") || strings.HasSuffix(k, "_other"):
					v4 = true
				case strings.HasSuffix(k, "_plural") || strings.Contains(val, "{{"):
					v3 = true
				}
			case map[string]any:
				if top {
					flat = false
				}
				walk(val, false)
			default:
				if top {
					flat = false
				}
			}
		}
	}
	walk(obj, true)
	switch {
	case v4:
		return "i18nextv4"
	case v3:
		return "i18next"
	case flat:
		return "json"
	}
	return "json-nested"
}

func has(m map[string]any, k string) bool { _, ok := m[k]; return ok }

// isGoI18nV2 is translation-finder's test for a go-i18n v2 message.
func isGoI18nV2(m map[string]any) bool {
	return has(m, "hash") && (has(m, "message") || has(m, "one") || has(m, "other"))
}

// goI18nFields are the fields of a go-i18n v2 message
// (github.com/nicksnyder/go-i18n/v2/i18n Message).
var goI18nFields = map[string]bool{"id": true, "hash": true, "description": true, "leftdelim": true,
	"rightdelim": true, "zero": true, "one": true, "two": true, "few": true, "many": true, "other": true}

// isGoI18nExtract tells whether m is a go-i18n v2 message as `goi18n extract`
// writes it: only go-i18n's fields, "other" among them, and a "description".
func isGoI18nExtract(m map[string]any) bool {
	if !has(m, "other") || !has(m, "description") {
		return false
	}
	for k := range m {
		if !goI18nFields[strings.ToLower(k)] {
			return false
		}
	}
	return true
}

// yamlFormat tells a YAML set's format from its template: Rails keeps each
// language's strings under one root key, the language's code, which is what
// the mask's "*" stands for in the template's path
// (translation_finder/discovery/files.py YAMLDiscovery.adjust_format).
func yamlFormat(data []byte, raw, template string) string {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil || len(root.Content) == 0 {
		return "yaml"
	}
	doc := root.Content[0]
	if doc.Kind == yaml.MappingNode && len(doc.Content) == 2 {
		if key := doc.Content[0].Value; key != "" && strings.Replace(raw, "*", key, 1) == template {
			return "ruby-yaml"
		}
	}
	return "yaml"
}

// xliffFormat tells XLIFF with placeables from plain XLIFF and from gettext's
// XLIFF by the first file's markup (translation_finder/discovery/files.py
// XliffDiscovery.adjust_format): <x> and <g> elements are placeables, a
// restype="x-gettext-…" group is po2xliff's.
func xliffFormat(data []byte) string {
	switch {
	case bytes.Contains(data, []byte(`restype="x-gettext`)):
		return "poxliff"
	case !bytes.Contains(data, []byte("<x ")) && !bytes.Contains(data, []byte("<g ")):
		return "plainxliff"
	}
	return "xliff"
}

// isQtTS tells a Qt Linguist file from TypeScript, which shares its extension:
// the document element is <TS> (translation_finder/discovery/files.py
// QtDiscovery reads the same root element).
func isQtTS(data []byte) bool {
	head := data[:min(len(data), 4096)]
	if isUTF16(head) {
		return bytes.Contains(head, []byte{'<', 0, 'T', 0, 'S', 0}) || bytes.Contains(head, []byte{0, '<', 0, 'T', 0, 'S'})
	}
	s := strings.TrimSpace(string(bytes.TrimPrefix(head, bomUTF8)))
	for strings.HasPrefix(s, "<?") || strings.HasPrefix(s, "<!") {
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return false
		}
		s = strings.TrimSpace(s[end+1:])
	}
	return strings.HasPrefix(s, "<TS") && len(s) > 3 && (s[3] == '>' || s[3] == ' ' || s[3] == '\t' || s[3] == '\n' || s[3] == '\r')
}

// hasRoot tells whether an XML document's first 8 KiB hold the element name
// (its root, after the prolog), so that a .xlf or .tbx file that is something
// else is not proposed in that format. A UTF-16 document is left to the parser.
func hasRoot(data []byte, name string) bool {
	head := data[:min(len(data), 8192)]
	if isUTF16(head) {
		return true
	}
	return bytes.Contains(head, []byte("<"+name))
}
