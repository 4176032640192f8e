package api

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gitlate/gitlate/internal/testutil"
)

// jsonServer serves a project with an i18next v4, a WebExtension and an ARB
// component.
func jsonServer(t *testing.T) *gin.Engine {
	t.Helper()
	repo := testutil.NewRepo(t, map[string]string{
		"locales/en/translation.json": `{"title": "Notes", "files": {"count_one": "One file", "count_other": "{{count}} files"}}`,
		"locales/cs/translation.json": `{"title": "Poznámky", "files": {"count_other": "{{count}} souborů", "count_one": "Jeden soubor", "count_few": "{{count}} soubory"}}`,

		"ext/_locales/en/messages.json":    `{"hello": {"message": "Hello $NAME$", "description": "Greeting", "placeholders": {"name": {"content": "$1"}}}, "bye": {"message": "Bye"}}`,
		"ext/_locales/pt_BR/messages.json": `{"hello": {"message": "Olá $NAME$"}, "bye": {"message": ""}}`,

		"l10n/app_en.arb": `{"@@locale": "en", "title": "Tiny Notes", "@title": {"description": "App title", "placeholders": {"n": {}}}}`,
		"l10n/app_de.arb": `{"@@locale": "de", "title": "Kleine Notizen"}`,
	})
	return repoEngine(t, `projects:
  - name: Formats
    slug: formats
    components:
      - name: Web
        slug: web
        repo: `+repo+`
        file_format: i18nextv4
        filemask: locales/*/translation.json
        template: locales/en/translation.json
      - name: Extension
        slug: ext
        repo: `+repo+`
        file_format: webextension
        filemask: ext/_locales/*/messages.json
        template: ext/_locales/en/messages.json
      - name: Flutter
        slug: flutter
        repo: `+repo+`
        file_format: arb
        filemask: l10n/app_*.arb
        template: l10n/app_en.arb
`)
}

type jsonUnitFields struct {
	Source     []string `json:"source"`
	Target     []string `json:"target"`
	Context    string   `json:"context"`
	Note       string   `json:"note"`
	Flags      string   `json:"flags"`
	Location   string   `json:"location"`
	State      int      `json:"state"`
	Translated bool     `json:"translated"`
	Position   int      `json:"position"`
	NumWords   int      `json:"num_words"`
}

// unitsOf reads the units page at target into U, the fields a test compares; the
// page must hold every unit.
func unitsOf[U any](t *testing.T, h *gin.Engine, target string) []U {
	t.Helper()
	got := do(t, h, "GET", target)
	if got.status != 200 {
		t.Fatalf("GET %s: %d %s", target, got.status, got.body)
	}
	var page struct {
		Count   int `json:"count"`
		Results []U `json:"results"`
	}
	if err := json.Unmarshal([]byte(got.body), &page); err != nil {
		t.Fatal(err)
	}
	if page.Count != len(page.Results) {
		t.Fatalf("GET %s: %d units, %d on the page", target, page.Count, len(page.Results))
	}
	return page.Results
}

// fileCase is a download and what it must be: its type, its name and the
// committed file it sends as it is.
type fileCase struct{ path, mime, disposition, file string }

// checkFiles downloads each case's path from h and compares it with files.
func checkFiles(t *testing.T, h *gin.Engine, files map[string]string, cases []fileCase) {
	t.Helper()
	for _, c := range cases {
		got := do(t, h, "GET", c.path)
		if got.status != 200 || got.header.Get("Content-Type") != c.mime || got.header.Get("Content-Disposition") != c.disposition {
			t.Errorf("%s: %d %q %q", c.path, got.status, got.header.Get("Content-Type"), got.header.Get("Content-Disposition"))
		}
		if got.body != files[c.file] {
			t.Errorf("%s: body %q, want the committed %s", c.path, got.body, c.file)
		}
	}
}

// TestJSONFormatUnits checks the units API of JSON components: contexts are
// the keys Weblate's JSONUnit gives (nested keys joined with dots, a plural
// under its base key), plural forms come in the order of the file's language
// (translate-toolkit's plural tags: Czech one, few, other), descriptions are
// notes and placeholders become Weblate's placeholders flag.
func TestJSONFormatUnits(t *testing.T) {
	h := jsonServer(t)
	for _, c := range []struct {
		target string
		want   []jsonUnitFields
	}{
		{"/api/translations/formats/web/cs/units/", []jsonUnitFields{
			{Source: []string{"Notes"}, Target: []string{"Poznámky"}, Context: "title", State: 20, Translated: true, Position: 1, NumWords: 1},
			{Source: []string{"One file", "{{count}} files"}, Target: []string{"Jeden soubor", "{{count}} soubory", "{{count}} souborů"},
				Context: "files.count", State: 20, Translated: true, Position: 2, NumWords: 4},
		}},
		{"/api/translations/formats/ext/en/units/", []jsonUnitFields{
			{Source: []string{"Hello $NAME$"}, Target: []string{"Hello $NAME$"}, Context: "hello", Note: "Greeting",
				Flags: "placeholders:$NAME$,case-insensitive", State: 20, Translated: true, Position: 1, NumWords: 2},
			{Source: []string{"Bye"}, Target: []string{"Bye"}, Context: "bye", State: 20, Translated: true, Position: 2, NumWords: 1},
		}},
		{"/api/translations/formats/flutter/en/units/", []jsonUnitFields{
			{Source: []string{"Tiny Notes"}, Target: []string{"Tiny Notes"}, Context: "title", Note: "App title",
				Flags: "placeholders:$N$,case-insensitive", State: 20, Translated: true, Position: 1, NumWords: 2},
		}},
	} {
		if got := unitsOf[jsonUnitFields](t, h, c.target); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.target, got, c.want)
		}
	}
	// A translation: the placeholders flag is the template's; an empty message
	// is untranslated.
	pt := unitsOf[jsonUnitFields](t, h, "/api/translations/formats/ext/pt_BR/units/")
	if len(pt) != 2 || pt[0].Flags != "placeholders:$NAME$,case-insensitive" || pt[0].State != 20 ||
		!reflect.DeepEqual(pt[0].Target, []string{"Olá $NAME$"}) || pt[1].State != 0 || pt[1].Translated {
		t.Errorf("pt_BR units: %+v", pt)
	}
}

// TestJSONFormatFiles: a JSON translation downloads as application/json under
// Weblate's name {project}-{component}-{language} with the file's extension.
func TestJSONFormatFiles(t *testing.T) {
	h := jsonServer(t)
	for _, c := range []struct{ target, name, body string }{
		{"/api/translations/formats/web/cs/file/", "formats-web-cs.json", ""},
		{"/api/translations/formats/ext/pt_BR/file/", "formats-ext-pt_BR.json", `{"hello": {"message": "Olá $NAME$"}, "bye": {"message": ""}}`},
		{"/api/translations/formats/flutter/de/file/", "formats-flutter-de.arb", `{"@@locale": "de", "title": "Kleine Notizen"}`},
	} {
		got := do(t, h, "GET", c.target)
		if got.status != 200 || got.header.Get("Content-Type") != "application/json" ||
			got.header.Get("Content-Disposition") != "attachment; filename="+c.name {
			t.Errorf("%s: %d %q %q", c.target, got.status, got.header.Get("Content-Type"), got.header.Get("Content-Disposition"))
		}
		if c.body != "" && got.body != c.body {
			t.Errorf("%s: body %q", c.target, got.body)
		}
	}
}
