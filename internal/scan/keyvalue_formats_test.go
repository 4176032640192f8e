package scan_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestKeyValueFormatStats reads testutil.KeyValueFiles: the expected numbers are
// counted by hand from those files with Weblate's rules: a unit's words and characters are its template text's; a template unit
// with an empty text, or without a key, is read-only in every translation (and
// read-only units count as translated); a key missing from a translation is an
// untranslated unit; keys only in a translation are ignored.
func TestKeyValueFormatStats(t *testing.T) {
	cfg := testutil.Config(t, t.TempDir(), testutil.RepoConfig(t, testutil.KeyValueFiles, testutil.KeyValueConfig))
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := snap.Project("demo")
	// counts: total, translated (read-only included), read-only, words, translated
	// words, characters, translated characters.
	want := map[string]map[string]counts{
		// Template units (words, chars): welcome (1, 7); greeting "Hello {0}, how
		// are you?" (5, 23); empty (0, 0), untranslated in the template; farewell
		// "Good bye" (2, 8); the key-less "orphan" (1, 6), read-only; multi "first
		// second line" (3, 17); "caf\u00e9" "Café menu" (2, 9). 7 units, 14 words, 70
		// characters.
		"java": {
			"en": {7, 6, 1, 14, 14, 70, 70},
			// welcome, farewell, multi, café translated; greeting empty; empty and
			// orphan read-only: 1+2+3+2+0+1 = 9 words, 7+8+17+9+0+6 = 47 chars.
			"de": {7, 6, 2, 14, 9, 70, 47},
			// welcome; empty and orphan read-only: 1+0+1 words, 7+0+6 chars.
			"pt_BR": {7, 3, 2, 14, 2, 70, 13},
		},
		// Template: title "Documents" (1, 9), delete "Delete %@?" (2, 10), empty
		// (0, 0) untranslated, unicode "été 😀" (2, 5). 4 units, 5 words, 24 chars.
		"app": {
			"en": {4, 3, 0, 5, 5, 24, 24},
			// title, delete translated; unicode empty; empty read-only.
			"de": {4, 3, 1, 5, 3, 24, 19},
			// Little-endian without byte-order mark: title; empty read-only.
			"pt_BR": {4, 2, 1, 5, 1, 24, 9},
		},
		// Template: hello (2, 11); items, one plural unit, "1 item" and "%{count}
		// items" (2+2, 6+2+14 with the plural separator); abbr_day_names [0] Sun
		// (1, 3) and [1] Mon (1, 3); order [0] ":day" (1, 4) and [1] ":month" (1,
		// 6); count "3" (1, 1); enabled "True" (1, 4); blank (0, 0) untranslated;
		// nothing (null) is no unit. 9 units, 12 words, 54 chars.
		"rails": {
			"en": {9, 8, 0, 12, 12, 54, 54},
			// hello, items, both day names, count translated; blank read-only;
			// order and enabled missing: 2+4+1+1+1 words, 11+22+3+3+1 chars.
			"de": {9, 6, 1, 12, 9, 54, 40},
			// items has only "other", its first form: translated; blank read-only.
			"ja": {9, 2, 1, 12, 4, 54, 22},
			// items' first form (zero) is empty: untranslated, as translate-toolkit
			// and Weblate decide by the first form; hello translated.
			"pt_BR": {9, 2, 1, 12, 2, 54, 11},
		},
		// Template: [0]->id "prev_page" (1, 9), [0]->translation "Prev" (1, 4),
		// [1]->id "read_time" (1, 9), [1]->translation->one "1 min" (2, 5),
		// [1]->translation->other "{{ .Count }} min" (4, 16). 5 units, 9 words, 43
		// chars. Plain YAML has no plurals: one and other are two units.
		"hugo": {
			"en": {5, 5, 0, 9, 9, 43, 43},
			"de": {5, 4, 0, 9, 5, 43, 27},
		},
	}
	for slug, langs := range want {
		c := p.Component(slug)
		if c == nil {
			t.Fatalf("no component %s", slug)
		}
		var codes []string
		for _, tr := range c.Translations {
			codes = append(codes, tr.Language.Code)
		}
		if len(codes) != len(langs) {
			t.Errorf("%s: translations %v, want %d", slug, codes, len(langs))
		}
		for code, w := range langs {
			tr := c.Translation(code)
			if tr == nil {
				t.Errorf("%s: no translation %s (have %v)", slug, code, codes)
				continue
			}
			if got := countsOf(&tr.Stats); got != w {
				t.Errorf("%s/%s: %+v, want %+v", slug, code, got, w)
			}
			if tr.Stats.Fuzzy != 0 || tr.Stats.Approved != 0 {
				t.Errorf("%s/%s: fuzzy %d, approved %d; these formats have neither", slug, code, tr.Stats.Fuzzy, tr.Stats.Approved)
			}
		}
	}
	var alerts []string
	for _, a := range snap.Alerts {
		alerts = append(alerts, a.Component.Config.Slug+" "+a.Kind.String()+" "+a.Path)
	}
	sort.Strings(alerts)
	// en.lproj resolves to English, the source language the template already
	// provides; the UTF-8 file cannot be read as UTF-16.
	wantAlerts := []string{
		"app DuplicateLanguage App/en.lproj/Localizable.strings",
		"app ParseError App/zh-Hans.lproj/Localizable.strings",
	}
	if strings.Join(alerts, "\n") != strings.Join(wantAlerts, "\n") {
		t.Errorf("alerts:\n%s\nwant:\n%s", strings.Join(alerts, "\n"), strings.Join(wantAlerts, "\n"))
	}
}

// TestKeyValueLanguageCodes: the language of each file name the conventions of
// these formats produce, as Weblate's fuzzy_get resolves it (and as
// TestKeyValueFormatStats sees whole components). Apple's Base.lproj resolves to
// English through Weblate's language aliases, so next to an en.lproj template it
// is the source language a second time.
func TestKeyValueLanguageCodes(t *testing.T) {
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Java
        slug: java
        repo: /nonexistent
        filemask: src/messages_*.properties
        template: src/messages.properties
        file_format: properties
      - name: Apple
        slug: apple
        repo: /nonexistent
        filemask: App/*.lproj/Localizable.strings
        template: App/en.lproj/Localizable.strings
        file_format: strings
      - name: Rails
        slug: rails
        repo: /nonexistent
        filemask: config/locales/*.yml
        template: config/locales/en.yml
        file_format: ruby-yaml
`)
	p := cfg.Projects[0]
	en, err := lang.Resolve("en")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		comp, path, code, lang string // lang "" : not a translation file
	}{
		{"java", "src/messages_de.properties", "de", "de"},
		{"java", "src/messages_pt_BR.properties", "pt_BR", "pt_BR"},
		{"java", "src/messages_zh_CN.properties", "zh_CN", "zh_Hans"},
		{"java", "src/messages_sr_Latn.properties", "sr_Latn", "sr_Latn"},
		{"java", "src/messages.properties", "", ""}, // the template
		{"apple", "App/de.lproj/Localizable.strings", "de", "de"},
		{"apple", "App/pt-BR.lproj/Localizable.strings", "pt-BR", "pt_BR"},
		{"apple", "App/zh-Hans.lproj/Localizable.strings", "zh-Hans", "zh_Hans"},
		{"apple", "App/zh-Hant.lproj/Localizable.strings", "zh-Hant", "zh_Hant"},
		{"apple", "App/es-419.lproj/Localizable.strings", "es-419", "es_419"},
		{"apple", "App/Base.lproj/Localizable.strings", "Base", "en"},
		{"apple", "App/en.lproj/Localizable.strings", "", ""}, // the template
		{"rails", "config/locales/pt-BR.yml", "pt-BR", "pt_BR"},
		{"rails", "config/locales/zh-TW.yml", "zh-TW", "zh_Hant"},
		{"rails", "config/locales/de.yml", "de", "de"},
	}
	for _, c := range cases {
		var cc *config.Component
		for _, x := range p.Components {
			if x.Slug == c.comp {
				cc = x
			}
		}
		rule, err := scan.NewRule(cc, p)
		if err != nil {
			t.Fatal(err)
		}
		code, l, ok, err := rule.Of(c.path, en)
		switch {
		case c.lang == "":
			if ok {
				t.Errorf("%s: matched as %q %v; want it left out", c.path, code, l)
			}
		case !ok || err != nil:
			t.Errorf("%s: not a translation (%v)", c.path, err)
		case code != c.code || l.Code != c.lang:
			t.Errorf("%s: code %q language %s, want %q %s", c.path, code, l.Code, c.code, c.lang)
		}
	}
}
