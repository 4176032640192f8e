package discover

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/formats"
)

// choose is what the registered family of files ending in ext chooses for s.
func choose(ext string, s formats.Sample) string {
	for _, d := range formats.Detections() {
		if slices.Contains(d.Extensions, ext) {
			if d.Choose == nil {
				return d.Default
			}
			return d.Choose(&s)
		}
	}
	panic("no family reads " + ext + " files")
}

// The families' choices as the tests below ask for them.
func jsonFormat(data []byte) string {
	return choose(".json", formats.Sample{Data: data, Path: "l/en.json", Mask: "l/*.json"})
}
func propertiesFormat(files [][]byte) string {
	return choose(".properties", formats.Sample{Data: files[0], Files: files})
}
func stringsFormat(data []byte) string { return choose(".strings", formats.Sample{Data: data}) }
func yamlFormat(data []byte, raw, template string) string {
	return choose(".yml", formats.Sample{Data: data, Path: template, Mask: raw})
}
func isQtTS(data []byte) bool        { return choose(".ts", formats.Sample{Data: data}) != "" }
func xliffFormat(data []byte) string { return choose(".xlf", formats.Sample{Data: data}) }

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
		"json/arb/en.arb":                    "json-nested", // ARB is told by its extension; its content is no i18next
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
		`{"hi": "Hello {{name}}"}`:                                 "json", // a bare {{name}} is every template engine's
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

func treeFile(t *testing.T, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "trees", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// unescapeJava writes the \uXXXX escapes of a properties file as the UTF-8
// text they stand for (native2ascii -reverse).
func unescapeJava(t *testing.T, data []byte) []byte {
	t.Helper()
	out, err := strconv.Unquote(`"` + strings.NewReplacer(`"`, `\"`, "\n", `\n`).Replace(string(data)) + `"`)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

// TestPropertiesFormat: the encodings of the trees' properties files, as their
// SOURCE files describe them: ASCII with \u escapes (ISO 8859-1), the same
// files written in UTF-8, and UTF-8.
func TestPropertiesFormat(t *testing.T) {
	t.Parallel()
	set := func(dir string, names ...string) [][]byte {
		var out [][]byte
		for _, n := range names {
			out = append(out, treeFile(t, dir+"/"+n))
		}
		return out
	}
	latin1 := set("java-properties-latin1/src/core/org/example/loadtool/resources",
		"messages.properties", "messages_de.properties", "messages_pt_BR.properties", "messages_zh_CN.properties")
	var utf8 [][]byte
	for _, data := range latin1 {
		utf8 = append(utf8, unescapeJava(t, data))
	}
	if !bytes.Contains(utf8[1], []byte("=Über Loadtool\n")) {
		t.Fatalf("the escapes are not undone: %s", utf8[1])
	}
	tests := []struct {
		files [][]byte
		want  string
	}{
		{latin1, "properties"},
		{utf8, "properties-utf8"},
		{set("properties-utf8-messages/src/main/resources/messages", "messages.properties", "messages_de.properties", "messages_ru.properties"), "properties-utf8"},
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

// TestStringsFormat: the trees' strings files are UTF-8 and UTF-16
// little-endian; the same in UTF-16 big-endian is UTF-16 too.
func TestStringsFormat(t *testing.T) {
	t.Parallel()
	utf16 := treeFile(t, "lproj-strings-utf16/Resources/en.lproj/Localizable.strings")
	big := make([]byte, len(utf16))
	for i := 0; i+1 < len(utf16); i += 2 {
		big[i], big[i+1] = utf16[i+1], utf16[i]
	}
	for name, tt := range map[string]struct {
		data []byte
		want string
	}{
		"lproj-strings-utf8":       {treeFile(t, "lproj-strings-utf8/Sources/Resources/en.lproj/PhotoPickerLocalizable.strings"), "strings-utf8"},
		"lproj-strings-utf16":      {utf16, "strings"},
		"lproj-strings-utf16 (BE)": {big, "strings"},
		"lproj-stringsdict de":     {treeFile(t, "lproj-stringsdict/Resources/de.lproj/Localizable.strings"), "strings-utf8"},
		"lproj-stringsdict fr":     {treeFile(t, "lproj-stringsdict/Resources/fr.lproj/Localizable.strings"), "strings"},
	} {
		if got := stringsFormat(tt.data); got != tt.want {
			t.Errorf("%s: %s, want %s", name, got, tt.want)
		}
	}
	// UTF-16 without a byte-order mark.
	if got := stringsFormat([]byte("\"\x00a\x00\"\x00 \x00=\x00")); got != "strings" {
		t.Errorf("UTF-16LE without BOM: %s", got)
	}
}

// TestYAMLFormat: Rails' files keep each language under its code, Hugo's are
// lists.
func TestYAMLFormat(t *testing.T) {
	t.Parallel()
	if got := yamlFormat(treeFile(t, "rails-locale-yml/rails/locale/en.yml"), "rails/locale/*.yml", "rails/locale/en.yml"); got != "ruby-yaml" {
		t.Errorf("rails-locale-yml: %s", got)
	}
	if got := yamlFormat(treeFile(t, "hugo-i18n-yaml/i18n/en.yaml"), "i18n/*.yaml", "i18n/en.yaml"); got != "yaml" {
		t.Errorf("hugo-i18n-yaml: %s", got)
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

// TestXLIFFFormat: an Angular catalogue has <x> placeables; a file without <x>
// or <g> is plain XLIFF; po2xliff's gettext groups are poxliff.
func TestXLIFFFormat(t *testing.T) {
	t.Parallel()
	if got := xliffFormat(treeFile(t, "xliff-angular/web-ui/src/locale/messages.de_DE.xlf")); got != "xliff" {
		t.Errorf("xliff-angular: %s", got)
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
