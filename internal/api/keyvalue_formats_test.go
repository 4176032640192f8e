package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of components in the key-value formats
// (properties, strings, Ruby YAML), served from a real repository.

func utf16LE(s string) string {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return string(out)
}

var keyValueFiles = map[string]string{
	"java/messages.properties": "# Licence header\n\n# Shown on the start page\nwelcome=Welcome\n" +
		"greeting=Hello {0}!\nempty=\n=orphan\ncaf\\u00e9=Caf\xe9\n",
	"java/messages_de.properties":         "welcome=Willkommen\ngreeting=\ncaf\\u00e9=Caf\xe9 (de)\n",
	"App/en.lproj/Localizable.strings":    utf16LE("/* Window title */\n\"title\" = \"Documents\";\n\"quit\" = \"Quit\";\n"),
	"App/pt-BR.lproj/Localizable.strings": utf16LE("\"title\" = \"Documentos\";\n"),
	"config/locales/en.yml":               "en:\n  items:\n    one: \"1 item\"\n    other: \"%{count} items\"\n  hello: Hello\n",
	"config/locales/de.yml":               "de:\n  items:\n    one: \"1 Eintrag\"\n    other: \"%{count} Einträge\"\n",
}

const keyValueProjects = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Java
        slug: java
        repo: REPO
        filemask: java/messages_*.properties
        template: java/messages.properties
        file_format: properties
      - name: App
        slug: app
        repo: REPO
        filemask: App/*.lproj/Localizable.strings
        template: App/en.lproj/Localizable.strings
        file_format: strings
      - name: Rails
        slug: rails
        repo: REPO
        filemask: config/locales/*.yml
        template: config/locales/en.yml
        file_format: ruby-yaml
`

func keyValueServer(t *testing.T) *gin.Engine {
	t.Helper()
	repo := testutil.NewRepo(t, keyValueFiles)
	return repoEngine(t, strings.ReplaceAll(keyValueProjects, "REPO", repo))
}

// apiUnit holds the fields of Weblate's UnitSerializer these formats fill.
type apiUnit struct {
	Source     []string `json:"source"`
	Target     []string `json:"target"`
	Context    string   `json:"context"`
	Note       string   `json:"note"`
	Location   string   `json:"location"`
	State      int      `json:"state"`
	Translated bool     `json:"translated"`
	Fuzzy      bool     `json:"fuzzy"`
	Position   int      `json:"position"`
	NumWords   int      `json:"num_words"`
}

func TestKeyValueFormatUnits(t *testing.T) {
	h := keyValueServer(t)
	cases := []struct {
		path string
		want []apiUnit
	}{
		// Template order; the note is the comment above the key (the licence header
		// belongs to no unit), then the translation's own comment, none here
		// (Weblate's TTKitUnit.notes joins the two with a newline when they differ);
		// the key is written as in the file ("caf\u00e9"); an
		// empty template text and a key-less line are read-only (state 100).
		{"/api/translations/demo/java/de/units/", []apiUnit{
			{[]string{"Welcome"}, []string{"Willkommen"}, "welcome", "# Shown on the start page\n", "", 20, true, false, 1, 1},
			{[]string{"Hello {0}!"}, []string{""}, "greeting", "", "", 0, false, false, 2, 2},
			{[]string{""}, []string{""}, "empty", "", "", 100, true, false, 3, 0},
			{[]string{"orphan"}, []string{""}, "", "", "", 100, true, false, 4, 1},
			{[]string{"Café"}, []string{"Café (de)"}, `caf\u00e9`, "", "", 20, true, false, 5, 1},
		}},
		{"/api/translations/demo/app/pt_BR/units/", []apiUnit{
			{[]string{"Documents"}, []string{"Documentos"}, "title", "/* Window title */\n", "", 20, true, false, 1, 1},
			{[]string{"Quit"}, []string{""}, "quit", "", "", 0, false, false, 2, 1},
		}},
		// The plural categories of a Rails key are one unit with its forms in CLDR
		// order; the language code at the root is not part of the keys.
		{"/api/translations/demo/rails/de/units/", []apiUnit{
			{[]string{"1 item", "%{count} items"}, []string{"1 Eintrag", "%{count} Einträge"}, "items", "", "", 20, true, false, 1, 4},
			{[]string{"Hello"}, []string{""}, "hello", "", "", 0, false, false, 2, 1},
		}},
	}
	for _, c := range cases {
		got := do(t, h, "GET", c.path)
		if got.status != 200 {
			t.Errorf("%s: %d %s", c.path, got.status, got.body)
			continue
		}
		var page struct {
			Count   int       `json:"count"`
			Results []apiUnit `json:"results"`
		}
		if err := json.Unmarshal([]byte(got.body), &page); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if page.Count != len(c.want) || !reflect.DeepEqual(page.Results, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, page.Count, page.Results, c.want)
		}
	}
}

func TestKeyValueFormatFiles(t *testing.T) {
	h := keyValueServer(t)
	cases := []struct {
		path, mime, disposition, file string
	}{
		// Weblate's PropertiesBaseFormat and StringsFormat name text/plain, YAML
		// text/yaml; the file goes out as committed (ISO-8859-1, UTF-16).
		{"/api/translations/demo/java/de/file/", "text/plain", "attachment; filename=demo-java-de.properties", "java/messages_de.properties"},
		{"/api/translations/demo/java/en/file/", "text/plain", "attachment; filename=demo-java-en.properties", "java/messages.properties"},
		{"/api/translations/demo/app/pt_BR/file/", "text/plain", "attachment; filename=demo-app-pt_BR.strings", "App/pt-BR.lproj/Localizable.strings"},
		{"/api/translations/demo/rails/de/file/", "text/yaml", "attachment; filename=demo-rails-de.yml", "config/locales/de.yml"},
	}
	for _, c := range cases {
		got := do(t, h, "GET", c.path)
		if got.status != 200 || got.header.Get("Content-Type") != c.mime || got.header.Get("Content-Disposition") != c.disposition {
			t.Errorf("%s: %d %q %q", c.path, got.status, got.header.Get("Content-Type"), got.header.Get("Content-Disposition"))
		}
		if got.body != keyValueFiles[c.file] {
			t.Errorf("%s: body %q, want the committed %s", c.path, got.body, c.file)
		}
	}
}
