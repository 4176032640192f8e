package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil"
)

// catalogFile is a string catalog written by hand with every shape gitlate
// reads (README.md, "Apple String Catalog").
const catalogFile = `{
  "sourceLanguage" : "en",
  "strings" : {
    "Cancel" : {
      "comment" : "A button",
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Abbrechen" } },
        "pl" : { "stringUnit" : { "state" : "needs_review", "value" : "Anuluj" } }
      }
    },
    "files %lld" : {
      "localizations" : {
        "en" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
        "pl" : { "variations" : { "plural" : {
          "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliki" } },
          "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld plików" } },
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld plik" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliku" } } } } }
      }
    },
    "Gone" : { "extractionState" : "stale", "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Weg" } } } },
    "Logo" : { "shouldTranslate" : false },
    "New" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "Neu" } } } },
    "Old" : { "localizations" : { "de" : { "stringUnit" : { "state" : "stale", "value" : "Alt" } } } },
    "tap" : {
      "localizations" : {
        "en" : { "variations" : { "device" : {
          "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
          "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } },
        "de" : { "variations" : { "device" : {
          "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } } } } }
      }
    },
    "votes" : {
      "localizations" : {
        "en" : {
          "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
          "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg vote" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg votes" } } } } } }
        },
        "de" : {
          "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
          "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Stimme" } },
            "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%arg Stimmen" } } } } } }
        }
      }
    }
  },
  "version" : "1.0"
}
`

const catalogConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: App
        slug: app
        repo: REPO
        filemask: App/Localizable.xcstrings
        file_format: xcstrings
`

// TestStringCatalogAPI: a catalog component lists a translation per language of
// its one file, each translation's units are its language's of the file, keyed
// as the source's, and each translation's file is the catalog.
func TestStringCatalogAPI(t *testing.T) {
	files := map[string]string{"App/Localizable.xcstrings": catalogFile}
	h := repoEngine(t, testutil.RepoConfig(t, files, catalogConfig))

	got := do(t, h, "GET", "/api/components/demo/app/translations/")
	var page struct {
		Results []struct {
			Code     string `json:"language_code"`
			Filename string `json:"filename"`
			Total    int    `json:"total"`
			Fuzzy    int    `json:"fuzzy"`
			Trans    int    `json:"translated"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(got.body), &page); err != nil || got.status != 200 {
		t.Fatalf("translations: %d %v %s", got.status, err, got.body)
	}
	type tr struct {
		code, file               string
		total, translated, fuzzy int
	}
	var trs []tr
	for _, r := range page.Results {
		trs = append(trs, tr{r.Code, r.Filename, r.Total, r.Trans, r.Fuzzy})
	}
	// 9 units (the stale Gone is none): Cancel, files, Logo (read-only), New,
	// Old, tap's two devices, votes and its substitution n.
	wantTrs := []tr{
		{"en", "App/Localizable.xcstrings", 9, 9, 0},
		{"de", "App/Localizable.xcstrings", 9, 4, 2},
		{"pl", "App/Localizable.xcstrings", 9, 2, 1},
	}
	if !reflect.DeepEqual(trs, wantTrs) {
		t.Errorf("translations\n got %+v\nwant %+v", trs, wantTrs)
	}

	for _, c := range []struct {
		path string
		want []formatUnit
	}{
		// needs_review and stale are needs editing (10), new untranslated
		// however its value reads, a device or substitution the language lacks
		// untranslated, shouldTranslate false read-only (100).
		{"/api/translations/demo/app/de/units/", []formatUnit{
			{[]string{"Cancel"}, []string{"Abbrechen"}, "Cancel", "A button", "", "", 20, true, false, 1, 1},
			{[]string{"%lld file", "%lld files"}, []string{"", ""}, "files %lld", "", "", "", 0, false, false, 2, 4},
			{[]string{"Logo"}, []string{""}, "Logo", "", "", "", 100, true, false, 3, 1},
			{[]string{"New"}, []string{"Neu"}, "New", "", "", "", 0, false, false, 4, 1},
			{[]string{"Old"}, []string{"Alt"}, "Old", "", "", "", 10, false, true, 5, 1},
			{[]string{"Tap"}, []string{"Tippen"}, "tap:device=iphone", "", "", "", 20, true, false, 6, 1},
			{[]string{"Click"}, []string{""}, "tap:device=mac", "", "", "", 0, false, false, 7, 1},
			{[]string{"%#@n@"}, []string{"%#@n@"}, "votes", "", "", "", 20, true, false, 8, 1},
			{[]string{"%arg vote", "%arg votes"}, []string{"%arg Stimme", "%arg Stimmen"}, "votes:n", "", "", "", 10, false, true, 9, 4},
		}},
		// Polish forms in the order of Weblate's Polish plural (one, few, many;
		// its formula has no fourth form for "other"), whatever the file's order.
		{"/api/translations/demo/app/pl/units/", []formatUnit{
			{[]string{"Cancel"}, []string{"Anuluj"}, "Cancel", "A button", "", "", 10, false, true, 1, 1},
			{[]string{"%lld file", "%lld files"}, []string{"%lld plik", "%lld pliki", "%lld plików"}, "files %lld", "", "", "", 20, true, false, 2, 4},
			{[]string{"Logo"}, []string{""}, "Logo", "", "", "", 100, true, false, 3, 1},
			{[]string{"New"}, []string{""}, "New", "", "", "", 0, false, false, 4, 1},
			{[]string{"Old"}, []string{""}, "Old", "", "", "", 0, false, false, 5, 1},
			{[]string{"Tap"}, []string{""}, "tap:device=iphone", "", "", "", 0, false, false, 6, 1},
			{[]string{"Click"}, []string{""}, "tap:device=mac", "", "", "", 0, false, false, 7, 1},
			{[]string{"%#@n@"}, []string{""}, "votes", "", "", "", 0, false, false, 8, 1},
			{[]string{"%arg vote", "%arg votes"}, []string{"", "", ""}, "votes:n", "", "", "", 0, false, false, 9, 4},
		}},
	} {
		if got := unitsOf[formatUnit](t, h, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, len(got), got, c.want)
		}
	}

	// A translation's file is the catalog, which holds it: what Xcode opens.
	checkFiles(t, h, files, []fileCase{
		{"/api/translations/demo/app/de/file/", "application/json", "attachment; filename=demo-app-de.xcstrings", "App/Localizable.xcstrings"},
		{"/api/translations/demo/app/en/file/", "application/json", "attachment; filename=demo-app-en.xcstrings", "App/Localizable.xcstrings"},
	})
	// Converted, a translation is its own language's units.
	po := do(t, h, "GET", "/api/translations/demo/app/de/file/?format=po")
	if po.status != 200 || !strings.Contains(po.body, `msgstr "Abbrechen"`) || strings.Contains(po.body, "Anuluj") {
		t.Errorf("de as PO: %d\n%s", po.status, po.body)
	}
}
