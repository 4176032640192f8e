package scan_test

import (
	"context"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestJSONStatistics scans one repository holding a component of each JSON
// format and checks every translation's numbers against counts made by hand
// with Weblate 4.18's rules: a unit is the template's, looked up by key in each
// translation; it is translated when its first plural form is not empty; a
// template unit that is empty makes the unit read-only (read-only counts as
// translated) in the other languages; words are the source's whitespace-split
// tokens over all forms; chars are the source's code points with forms joined
// by two separator characters.
func TestJSONStatistics(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{
		// json: a (2 words, 11 chars), b.c (2, 9), b.d (empty), e ("5": 1, 1).
		"json/en.json": `{"a": "Hello world", "b": {"c": "Open file", "d": ""}, "e": 5}`,
		// a translated, b.c empty, b.d read-only, e translated ("6"); extra is ignored.
		"json/cs.json": "\uFEFF" + `{"a": "Ahoj světe", "b": {"c": ""}, "extra": "x", "e": 6}`,

		// json-nested: menu.open (1, 4), menu.close (2, 12).
		"nested/en.json": `{"menu": {"open": "Open", "close": "Close window"}}`,
		"nested/fr.json": `{"menu": {"open": "Ouvrir"}}`,

		// i18next v3: n = ["{{count}} note", "{{count}} notes"] (2+2 words,
		// 14+2+15 chars), t (1, 5).
		"v3/en.json": `{"n": "{{count}} note", "n_plural": "{{count}} notes", "t": "Title"}`,
		// n translated (its first form is), t empty.
		"v3/de.json": `{"n": "{{count}} Notiz", "n_plural": "", "t": ""}`,

		// i18next v4: x = ["One file", "{{count}} files"] in English's one, other
		// (2+2 words, 8+2+15 chars), y (1, 4).
		"v4/en/translation.json": `{"x_one": "One file", "x_other": "{{count}} files", "y": "Done"}`,
		// Czech reads one, few, other: the "one" form is missing, so x is not
		// translated; y is.
		"v4/cs/translation.json": `{"x_few": "{{count}} soubory", "x_other": "{{count}} souborů", "y": "Hotovo"}`,
		// Japanese has "other" only: x is translated, y is missing.
		"v4/ja/translation.json": `{"x_other": "{{count}} ファイル"}`,

		// WebExtension: hello (2, 12), bye (2, 8).
		"ext/_locales/en/messages.json":    `{"hello": {"message": "Hello $NAME$", "description": "Greeting", "placeholders": {"name": {"content": "$1"}}}, "bye": {"message": "Good bye"}}`,
		"ext/_locales/pt_BR/messages.json": `{"hello": {"message": "Olá $NAME$"}}`,

		// ARB: title (2, 10), count (6 words: "{n," "plural," "one{#" "note}"
		// "other{#" "notes}}"; 39 chars); @-keys are metadata.
		"arb/app_en.arb": `{"@@locale": "en", "title": "Tiny Notes", "@title": {"description": "App title"}, "count": "{n, plural, one{# note} other{# notes}}", "@count": {"placeholders": {"n": {}}}}`,
		"arb/app_de.arb": `{"@@locale": "de", "title": "Kleine Notizen"}`,

		// go-i18n v1: greet (2, 12), items = ["{{.Count}} item", "{{.Count}} items"]
		// (2+2, 15+2+16).
		"goi18n/en-us.all.json": `[{"id": "greet", "translation": "Hi {{.Name}}"}, {"id": "items", "description": "d", "translation": {"other": "{{.Count}} items", "one": "{{.Count}} item"}}]`,
		"goi18n/fr-fr.all.json": `[{"id": "items", "translation": {"one": "{{.Count}} article", "other": "{{.Count}} articles"}}]`,

		// go-i18n v2: the same units as v1.
		"goi18n2/en.json": `{"greet": "Hi {{.Name}}", "items": {"description": "d", "one": "{{.Count}} item", "other": "{{.Count}} items"}}`,
		"goi18n2/de.json": `{"greet": {"other": "Hallo {{.Name}}"}}`,
	})
	component := func(slug, format, mask, template string) string {
		return "      - name: " + slug + "\n        slug: " + slug + "\n        repo: " + repo +
			"\n        file_format: " + format + "\n        filemask: " + mask + "\n        template: " + template + "\n"
	}
	cfg := testutil.Config(t, t.TempDir(), "projects:\n  - name: JSON\n    slug: json\n    components:\n"+
		component("json", "json", "json/*.json", "json/en.json")+
		component("nested", "json-nested", "nested/*.json", "nested/en.json")+
		component("v3", "i18next", "v3/*.json", "v3/en.json")+
		component("v4", "i18nextv4", "v4/*/translation.json", "v4/en/translation.json")+
		component("ext", "webextension", "ext/_locales/*/messages.json", "ext/_locales/en/messages.json")+
		component("arb", "arb", "arb/app_*.arb", "arb/app_en.arb")+
		component("goi18n", "go-i18n-json", "goi18n/*.all.json", "goi18n/en-us.all.json")+
		component("goi18n2", "go-i18n-json-v2", "goi18n2/*.json", "goi18n2/en.json"))
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range snap.Alerts {
		t.Errorf("alert %s %s %s: %s", a.Component.Config.Slug, a.Kind, a.Path, a.Message)
	}
	// counts: total, translated (read-only included), read-only, words, translated
	// words, chars, translated chars.
	want := map[string]map[string]counts{
		// The templates: every unit is translated but an empty one (json's b.d).
		"json":   {"en": {4, 3, 0, 5, 5, 21, 21}, "cs": {4, 3, 1, 5, 3, 21, 12}},
		"nested": {"en": {2, 2, 0, 3, 3, 16, 16}, "fr": {2, 1, 0, 3, 1, 16, 4}},
		"v3":     {"en": {2, 2, 0, 5, 5, 36, 36}, "de": {2, 1, 0, 5, 4, 36, 31}},
		"v4": {"en": {2, 2, 0, 5, 5, 29, 29}, "cs": {2, 1, 0, 5, 1, 29, 4},
			"ja": {2, 1, 0, 5, 4, 29, 25}},
		"ext":     {"en": {2, 2, 0, 4, 4, 20, 20}, "pt_BR": {2, 1, 0, 4, 2, 20, 12}},
		"arb":     {"en": {2, 2, 0, 8, 8, 49, 49}, "de": {2, 1, 0, 8, 2, 49, 10}},
		"goi18n":  {"en": {2, 2, 0, 6, 6, 45, 45}, "fr": {2, 1, 0, 6, 4, 45, 33}},
		"goi18n2": {"en": {2, 2, 0, 6, 6, 45, 45}, "de": {2, 1, 0, 6, 2, 45, 12}},
	}
	p := snap.Project("json")
	for slug, langs := range want {
		c := p.Component(slug)
		if c == nil {
			t.Errorf("no component %s", slug)
			continue
		}
		if len(c.Translations) != len(langs) {
			t.Errorf("%s: %d translations, want %d", slug, len(c.Translations), len(langs))
		}
		for code, w := range langs {
			tr := c.Translation(code)
			if tr == nil {
				t.Errorf("%s: no translation %s", slug, code)
				continue
			}
			if got := countsOf(&tr.Stats); got != w {
				t.Errorf("%s/%s: %+v, want %+v", slug, code, got, w)
			}
		}
	}
}

// TestJSONBlankValues: a JSON value Python finds false (0, false) shows its
// text but counts as untranslated, as translate-toolkit's istranslated() says;
// in the template it makes the unit read-only elsewhere, as an empty one does.
func TestJSONBlankValues(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{
		// a "1" (1 word, 1 char), b "0" (1, 1), c "Hi" (1, 2).
		"en.json": `{"a": 1, "b": 0, "c": "Hi"}`,
		// a "0": untranslated; b read-only (its template value is false);
		// c "False": untranslated.
		"de.json": `{"a": 0, "b": 2, "c": false}`,
	})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Blank
    slug: blank
    components:
      - name: JSON
        slug: json
        repo: `+repo+`
        file_format: json
        filemask: "*.json"
        template: en.json
`)
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := snap.Project("blank").Component("json")
	if got, want := countsOf(&c.Translation("en").Stats), (counts{3, 2, 0, 3, 2, 4, 3}); got != want {
		t.Errorf("en: %+v, want %+v", got, want)
	}
	if got, want := countsOf(&c.Translation("de").Stats), (counts{3, 1, 1, 3, 1, 4, 1}); got != want {
		t.Errorf("de: %+v, want %+v", got, want)
	}
}

// TestJSONLanguageCodes: the codes the JSON conventions put in paths resolve as
// Weblate's Language.objects.fuzzy_get does (language-data 2023.5: en_US is a
// language, fr_FR simplifies to fr, zh_CN is an alias of zh_Hans).
func TestJSONLanguageCodes(t *testing.T) {
	t.Parallel()
	en, _ := lang.Get("en")
	for _, c := range []struct{ mask, path, code, lang string }{
		{"locales/*/translation.json", "locales/pt-BR/translation.json", "pt-BR", "pt_BR"},
		{"locales/*/translation.json", "locales/zh-Hans/translation.json", "zh-Hans", "zh_Hans"},
		{"public/locales/*/common.json", "public/locales/nb_NO/common.json", "nb_NO", "nb_NO"},
		{"_locales/*/messages.json", "_locales/pt_BR/messages.json", "pt_BR", "pt_BR"},
		{"_locales/*/messages.json", "_locales/zh_CN/messages.json", "zh_CN", "zh_Hans"},
		{"_locales/*/messages.json", "_locales/es_419/messages.json", "es_419", "es_419"},
		{"lib/l10n/app_*.arb", "lib/l10n/app_zh_Hant.arb", "zh_Hant", "zh_Hant"},
		{"lib/l10n/intl_*.arb", "lib/l10n/intl_de.arb", "de", "de"},
		{"i18n/*.all.json", "i18n/en-us.all.json", "en-us", "en_US"},
		{"i18n/*.all.json", "i18n/fr-fr.all.json", "fr-fr", "fr"},
		{"active.*.json", "active.cs.json", "cs", "cs"},
		{"lang/main-*.json", "lang/main-ptBR.json", "ptBR", "pt_BR"},
	} {
		r, err := scan.NewRule(&config.Component{Filemask: c.mask, LanguageRegex: "^[^.]+$"}, &config.Project{})
		if err != nil {
			t.Fatal(err)
		}
		code, l, ok, err := r.Of(c.path, en)
		if !ok || err != nil || code != c.code || l.Code != c.lang {
			t.Errorf("%s in %s: %q %v %v %v, want %q → %s", c.path, c.mask, code, l, ok, err, c.code, c.lang)
		}
	}
}
