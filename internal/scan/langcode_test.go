package scan_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// oddCodeFiles is a JSON component's repository into which files whose names
// only look like language codes were committed: a Cyrillic ѕ (U+0455) makes
// "ѕk" look like Slovak, a zero-width space makes "de\u200b" look like German,
// "cs%2fde" becomes "cs/de" once a URL holding it is unescaped, and
// "Volapük", not ASCII, is a language's name (which fuzzy_get looks up,
// case-insensitively): Volapük's translation.
var oddCodeFiles = map[string]string{
	"locales/en.json":           `{"hello": "Hello", "bye": "Bye"}`,
	"locales/cs.json":           `{"hello": "Ahoj"}`,
	"locales/de.json":           `{"hello": "Hallo", "bye": "Tschüss"}`,
	"locales/\u0455k.json":      `{"hello": "Ahoj"}`,
	"locales/de\u200b.json":     `{"hello": "Hallo"}`,
	"locales/cs%2fde.json":      `{"hello": "Ahoj"}`,
	"locales/Volap\u00fck.json": `{"hello": "Hallo"}`,
}

// oddCodeConfig serves the repository as one JSON component.
func oddCodeConfig(repo string) string {
	return `projects:
  - name: Demo
    slug: demo
    components:
      - name: Web
        slug: web
        repo: ` + repo + `
        file_format: json
        filemask: locales/*.json
        template: locales/en.json
`
}

// TestOddLanguageCodesAreNotTranslations: a file whose code holds a character
// no language code has is not a translation — not a language next to the real
// one — and an alert names the file and the character.
func TestOddLanguageCodesAreNotTranslations(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, oddCodeFiles)
	cfg := testutil.Config(t, t.TempDir(), oddCodeConfig(repo))
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, tr := range snap.Project("demo").Component("web").Translations {
		codes = append(codes, tr.Language.Code+"="+tr.Filename)
	}
	if got, want := strings.Join(codes, " "), "en=locales/en.json vo=locales/Volapük.json cs=locales/cs.json de=locales/de.json"; got != want {
		t.Errorf("translations %s, want %s", got, want)
	}
	var alerts []string
	for _, a := range snap.Alerts {
		alerts = append(alerts, a.Kind.String()+" "+a.Path+": "+a.Message)
	}
	sort.Strings(alerts)
	want := []string{
		`NotLanguage locales/cs%2fde.json: "cs%2fde" is not a language code: it holds U+0025 '%', which is not an ASCII letter or digit, nor - _ @ +`,
		"NotLanguage locales/de\u200b.json: \"de\\u200b\" is not a language code: it holds U+200B, which is not an ASCII letter or digit, nor - _ @ +",
		`NotLanguage locales/ѕk.json: "\u0455k" is not a language code: it holds U+0455 'ѕ', which is not an ASCII letter or digit, nor - _ @ +`,
	}
	if strings.Join(alerts, "\n") != strings.Join(want, "\n") {
		t.Errorf("alerts:\n%s\nwant:\n%s", strings.Join(alerts, "\n"), strings.Join(want, "\n"))
	}
}
