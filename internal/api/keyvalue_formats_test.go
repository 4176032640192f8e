package api

import (
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of components in the key-value formats
// (properties, strings, Ruby YAML), served from a real repository
// (testutil.KeyValueFiles, whose statistics the scanner's tests count).

func keyValueServer(t *testing.T) *gin.Engine {
	t.Helper()
	return repoEngine(t, testutil.RepoConfig(t, testutil.KeyValueFiles, testutil.KeyValueConfig))
}

// formatUnit holds the fields of Weblate's UnitSerializer the per-format tests
// compare.
type formatUnit struct {
	Source     []string `json:"source"`
	Target     []string `json:"target"`
	Context    string   `json:"context"`
	Note       string   `json:"note"`
	Location   string   `json:"location"`
	Flags      string   `json:"flags"`
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
		want []formatUnit
	}{
		// Template order; the note is the comment above the key (the licence header
		// belongs to no unit), then the translation's own comment, none here
		// (Weblate's TTKitUnit.notes joins the two with a newline when they differ);
		// the key is written as in the file ("caf\u00e9"); an
		// empty template text and a key-less line are read-only (state 100).
		{"/api/translations/demo/java/de/units/", []formatUnit{
			{[]string{"Welcome"}, []string{"Willkommen"}, "welcome", "# Shown on the start page\n", "", "", 20, true, false, 1, 1},
			{[]string{"Hello {0}, how are you?"}, []string{""}, "greeting", "", "", "", 0, false, false, 2, 5},
			{[]string{""}, []string{""}, "empty", "", "", "", 100, true, false, 3, 0},
			{[]string{"Good bye"}, []string{"Auf Wiedersehen"}, "farewell", "", "", "", 20, true, false, 4, 2},
			{[]string{"orphan"}, []string{""}, "", "", "", "", 100, true, false, 5, 1},
			{[]string{"first second line"}, []string{"erste zweite Zeile"}, "multi", "", "", "", 20, true, false, 6, 3},
			{[]string{"Café menu"}, []string{"Café-Karte"}, `caf\u00e9`, "", "", "", 20, true, false, 7, 2},
		}},
		// UTF-16 without a byte-order mark; keys the translation lacks are
		// untranslated, the empty template text read-only.
		{"/api/translations/demo/app/pt_BR/units/", []formatUnit{
			{[]string{"Documents"}, []string{"Documentos"}, "title", "/* Title of the main window */\n", "", "", 20, true, false, 1, 1},
			{[]string{"Delete %@?"}, []string{""}, "delete", "", "", "", 0, false, false, 2, 2},
			{[]string{""}, []string{""}, "empty", "", "", "", 100, true, false, 3, 0},
			{[]string{"été 😀"}, []string{""}, "unicode", "", "", "", 0, false, false, 4, 2},
		}},
		// The plural categories of a Rails key are one unit with its forms in CLDR
		// order; the language code at the root is not part of the keys; list items
		// are keyed by index, scalars read as Python writes them (True); an empty
		// template text is read-only whatever the translation holds.
		{"/api/translations/demo/rails/de/units/", []formatUnit{
			{[]string{"Hello world"}, []string{"Hallo Welt"}, "hello", "", "", "", 20, true, false, 1, 2},
			{[]string{"1 item", "%{count} items"}, []string{"1 Eintrag", "%{count} Einträge"}, "items", "", "", "", 20, true, false, 2, 4},
			{[]string{"Sun"}, []string{"So"}, "date->abbr_day_names->[0]", "", "", "", 20, true, false, 3, 1},
			{[]string{"Mon"}, []string{"Mo"}, "date->abbr_day_names->[1]", "", "", "", 20, true, false, 4, 1},
			{[]string{":day"}, []string{""}, "date->order->[0]", "", "", "", 0, false, false, 5, 1},
			{[]string{":month"}, []string{""}, "date->order->[1]", "", "", "", 0, false, false, 6, 1},
			{[]string{"3"}, []string{"3"}, "count", "", "", "", 20, true, false, 7, 1},
			{[]string{"True"}, []string{""}, "enabled", "", "", "", 0, false, false, 8, 1},
			{[]string{""}, []string{"x"}, "blank", "", "", "", 100, true, false, 9, 0},
		}},
	}
	for _, c := range cases {
		if got := unitsOf[formatUnit](t, h, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, len(got), got, c.want)
		}
	}
}

func TestKeyValueFormatFiles(t *testing.T) {
	h := keyValueServer(t)
	checkFiles(t, h, testutil.KeyValueFiles, []fileCase{
		// Weblate's PropertiesBaseFormat and StringsFormat name text/plain, YAML
		// text/yaml; the file goes out as committed (ISO-8859-1, UTF-16).
		{"/api/translations/demo/java/de/file/", "text/plain", "attachment; filename=demo-java-de.properties", "java/messages_de.properties"},
		{"/api/translations/demo/java/en/file/", "text/plain", "attachment; filename=demo-java-en.properties", "java/messages.properties"},
		{"/api/translations/demo/app/pt_BR/file/", "text/plain", "attachment; filename=demo-app-pt_BR.strings", "App/pt-BR.lproj/Localizable.strings"},
		{"/api/translations/demo/rails/de/file/", "text/yaml", "attachment; filename=demo-rails-de.yml", "config/locales/de.yml"},
	})
}
