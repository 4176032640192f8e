package discover

import (
	"os"
	"path/filepath"
	"testing"
)

func readTestdata(t *testing.T, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "formats", "testdata", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestJSONFormat: the format tests' files of each JSON format (written for
// gitlate, one per format, internal/formats/testdata/json) are told apart by
// content alone, and so are the shapes translation-finder knows beyond them.
func TestJSONFormat(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"json/json/en.json":                  "json-nested", // nested objects and a list
		"json/json-nested/en.json":           "json-nested",
		"json/i18next/en.json":               "i18next",
		"json/i18nextv4/en/translation.json": "i18nextv4",
		"json/webextension/en/messages.json": "webextension",
		"json/go-i18n-json/en-us.all.json":   "go-i18n-json",
		"json/go-i18n-json-v2/en.json":       "go-i18n-json-v2",
		"json/arb/en.arb":                    "i18next", // ICU's "{{count}" looks like i18next: ARB is told by its extension
	}
	for rel, want := range files {
		if got := jsonFormat(readTestdata(t, rel)); got != want {
			t.Errorf("%s: %s, want %s", rel, got, want)
		}
	}
	inline := map[string]string{
		`{"a": "A", "b": "B"}`:  "json",
		"\ufeff" + `{"a": "A"}`: "json",
		`{"a": {"b": "B"}}`:     "json-nested",
		`{"a": 1}`:              "json-nested",
		`{"n": "{{count}} x", "n_plural": "{{count}} xs"}`:         "i18next",
		`{"hi": "Hello {{name}}"}`:                                 "i18next",
		`{"x": {"n_one": "a", "n_other": "b"}}`:                    "i18nextv4",
		`{"Cats": {"description": "d", "one": "a", "other": "b"}}`: "go-i18n-json-v2", // goi18n extract
		`{"hash": "sha1-x", "other": "b"}`:                         "go-i18n-json-v2",
		`[{"id": "a", "translation": "A"}]`:                        "go-i18n-json",
		`{"lang": "en", "messages": []}`:                           "gotext",
		`{"a": {"defaultMessage": "A", "description": "d"}}`:       "formatjs",
		`{"_strings": {}}`:                                         "resjson",
		`{"translations": [{"key": "a"}]}`:                         "nextcloud-json",
		`not json`:                                                 "json-nested",
		`["a"]`:                                                    "json-nested",
	}
	for data, want := range inline {
		if got := jsonFormat([]byte(data)); got != want {
			t.Errorf("%s: %s, want %s", data, got, want)
		}
	}
}

// TestPropertiesFormat: the encodings of the formats tests' hand-written
// properties files: a shop's in ISO 8859-1 with \u escapes, the same converted to
// UTF-8, and a library app's in UTF-8.
func TestPropertiesFormat(t *testing.T) {
	t.Parallel()
	set := func(dir string, names ...string) [][]byte {
		var out [][]byte
		for _, n := range names {
			out = append(out, readTestdata(t, "properties/"+dir+"/"+n))
		}
		return out
	}
	tests := []struct {
		files [][]byte
		want  string
	}{
		{set("shop-latin1", "messages.properties", "messages_de.properties", "messages_pt_BR.properties"), "properties"},
		{set("shop-converted", "messages.properties", "messages_de.properties"), "properties-utf8"},
		{set("shop-utf8", "messages.properties", "messages_de.properties", "messages_ru.properties"), "properties-utf8"},
		{[][]byte{[]byte("a=b\n"), []byte("a=\\u00e9\n")}, "properties"},     // ASCII reads the same either way
		{[][]byte{[]byte("a=b\n"), []byte("a=\xe9\n")}, "properties"},        // Latin-1
		{[][]byte{[]byte("a=\xc3\xa9\n"), []byte("a=\xe9\n")}, "properties"}, // one file is not UTF-8
		{[][]byte{[]byte("\xff\xfea\x00=\x00b\x00")}, "properties-utf16"},    // byte-order mark
	}
	for i, tt := range tests {
		if got := propertiesFormat(tt.files); got != tt.want {
			t.Errorf("%d: %s, want %s", i, got, tt.want)
		}
	}
}

// TestStringsFormat: the formats tests' hand-written strings files are UTF-8,
// UTF-16 big-endian and UTF-16 little-endian, as their folders say.
func TestStringsFormat(t *testing.T) {
	t.Parallel()
	for rel, want := range map[string]string{
		"strings/camera-utf8/en.lproj/CameraPickerLocalizable.strings": "strings-utf8",
		"strings/updater-utf16be/en.lproj/Updater.strings":             "strings",
		"strings/cleaner-utf16le/en.lproj/Localizable.strings":         "strings",
	} {
		if got := stringsFormat(readTestdata(t, rel)); got != want {
			t.Errorf("%s: %s, want %s", rel, got, want)
		}
	}
	// UTF-16 without a byte-order mark.
	if got := stringsFormat([]byte("\"\x00a\x00\"\x00 \x00=\x00")); got != "strings" {
		t.Errorf("UTF-16LE without BOM: %s", got)
	}
}

// TestYAMLFormat: Rails locale files keep each language under its code, Hugo's
// are lists (the formats tests' hand-written ones of each).
func TestYAMLFormat(t *testing.T) {
	t.Parallel()
	if got := yamlFormat(readTestdata(t, "yaml/rails-shop/en.yml"), "config/locales/*.yml", "config/locales/en.yml"); got != "ruby-yaml" {
		t.Errorf("rails: %s", got)
	}
	if got := yamlFormat(readTestdata(t, "yaml/blog-hugo/en.yaml"), "i18n/*.yaml", "i18n/en.yaml"); got != "yaml" {
		t.Errorf("hugo: %s", got)
	}
	// One root key that is not the template's code.
	if got := yamlFormat([]byte("app:\n  a: A\n"), "config/*.yml", "config/en.yml"); got != "yaml" {
		t.Errorf("one root key: %s", got)
	}
	if got := yamlFormat([]byte("en-GB:\n  a: A\n"), "l/*.yml", "l/en-GB.yml"); got != "ruby-yaml" {
		t.Errorf("en-GB: %s", got)
	}
}

func TestIsQtTS(t *testing.T) {
	t.Parallel()
	for data, want := range map[string]bool{
		"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\" language=\"de\">": true,
		"<TS version=\"2.0\">":                    true,
		"\ufeff<?xml version=\"1.0\"?><TS>":       true,
		"import { TS } from './ts';\n":            false,
		"const x: Array<TSomething> = [];\n<TS>":  false,
		"<?xml version=\"1.0\"?><TSV/>":           false,
		"<?xml version=\"1.0\"?>\n<!-- c --><TS>": true,
	} {
		if got := isQtTS([]byte(data)); got != want {
			t.Errorf("isQtTS(%q) = %v", data, got)
		}
	}
}

// TestXLIFFFormat: Paperless-ngx's Angular catalogue has <x> placeables; a file
// without <x> or <g> is plain XLIFF; po2xliff's gettext groups are poxliff.
func TestXLIFFFormat(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/trees/paperless/src-ui/src/locale/messages.de_DE.xlf")
	if err != nil {
		t.Fatal(err)
	}
	if got := xliffFormat(data); got != "xliff" {
		t.Errorf("paperless: %s", got)
	}
	for doc, want := range map[string]string{
		`<xliff><file><body><trans-unit id="a"><source>A</source></trans-unit></body></file></xliff>`:                 "plainxliff",
		`<xliff><file><body><trans-unit id="a"><source>A <g id="1">b</g></source></trans-unit></body></file></xliff>`: "xliff",
		`<xliff><file><body><group restype="x-gettext-domain-header"></group></body></file></xliff>`:                  "poxliff",
	} {
		if got := xliffFormat([]byte(doc)); got != want {
			t.Errorf("%s: %s, want %s", doc, got, want)
		}
	}
}
