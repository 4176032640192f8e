package scan_test

import (
	"context"
	"sort"
	"testing"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// fcounts adds fuzzy and approved to counts.
type fcounts struct {
	counts
	fuzzy, approved int
}

// TestXMLFormatStats reads testutil.XMLFormatFiles: the expected numbers are
// counted by hand from those files with Weblate 4.18's rules
// (weblate/formats/ttkit.py): words are the whitespace-separated tokens of every
// source form, characters the code points of the forms joined with the
// two-character plural separator; read-only units count as translated; a
// bilingual component's source translation holds each distinct unit once,
// read-only.
func TestXMLFormatStats(t *testing.T) {
	cfg := testutil.Config(t, t.TempDir(), testutil.RepoConfig(t, testutil.XMLFormatFiles, testutil.XMLFormatsConfig))
	s, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// counts: total, translated (read-only included), read-only, words, translated
	// words, characters, translated characters; then fuzzy and approved.
	xliffDE := fcounts{counts{5, 3, 1, 10, 4, 63, 19}, 1, 0}
	want := map[string]map[string]map[string]fcounts{
		"demo": {
			// XLIFF de: "Open file" (2 words, 9 chars) translated; "Save <x id="1"
			// equiv-text="{{n}}"/> now" as Weblate shows the placeables (5 words:
			// Save, <x, id="1", equiv-text="{{n}}"/>, now; 39 chars) without target;
			// "Close" (1, 5) needs editing; "Delete" (1, 6) approved, which without
			// review counts as translated; "Acme" (1, 4) translate="no", read-only;
			// the blank source is no unit. Translated: 2+1+1 words, 9+6+4 chars.
			// fr: open and save translated, close empty.
			// en: the five distinct units, read-only.
			"web": {
				"de": xliffDE,
				"fr": {counts{3, 2, 0, 8, 7, 53, 48}, 0, 0},
				"en": {counts{5, 5, 5, 10, 10, 63, 63}, 0, 0},
			},
			// Plain XLIFF: the placeable is gone, "Save now" (2 words, 8 chars).
			"plain": {
				"de": {counts{5, 3, 1, 7, 4, 32, 19}, 1, 0},
				"fr": {counts{3, 2, 0, 5, 4, 22, 17}, 0, 0},
				"en": {counts{5, 5, 5, 7, 7, 32, 32}, 0, 0},
			},
			// TS de: Open (1, 4) translated; Quit (1, 4) unfinished with text, needs
			// editing; Help (1, 4) unfinished and empty; OK (1, 2) finished and
			// empty, so the source is its translation: translated; "%n file(s)" is
			// one plural unit with two source forms, "%n file" and "%n files" (2+2
			// words, 7+2+8 chars), translated; the vanished message is no unit.
			// cs: Open translated, the plural unfinished and empty.
			"qt": {
				"de": {counts{5, 3, 0, 8, 6, 31, 23}, 1, 0},
				"cs": {counts{2, 1, 0, 5, 1, 21, 4}, 0, 0},
				"en": {counts{5, 5, 5, 8, 8, 31, 31}, 0, 0},
			},
			// RESX template: Title "Document editor" (2, 15), Save "Save all" (2, 8),
			// the image reference Logo "..\logo.png;System.Drawing.Bitmap,
			// System.Drawing" (2, 49); the empty Empty is no unit. de-DE (Weblate's
			// de): Title translated, Save empty, Logo missing. fr: all three.
			"net": {
				"en": {counts{3, 3, 0, 6, 6, 72, 72}, 0, 0},
				"de": {counts{3, 1, 0, 6, 2, 72, 15}, 0, 0},
				"fr": {counts{3, 3, 0, 6, 6, 72, 72}, 0, 0},
			},
			// stringsdict template, English forms zero, one, other: files
			// "%#@n@" (1, 5); files:n "", "%d file", "%d files" (0+2+2 words,
			// 0+2+7+2+8 chars), untranslated because its first form, zero, is
			// empty; days "%#@d@ ago" (2, 9); days:d "today", "yesterday", "%d
			// days" (1+1+2, 5+2+9+2+7): 11 words, 58 chars. In the translations files:n is read-only
			// (its source unit is not translated). de: all four there. cs: days
			// translated, days:d has no zero (its first form): untranslated,
			// files missing.
			"ios": {
				"en": {counts{4, 3, 0, 11, 7, 58, 39}, 0, 0},
				"de": {counts{4, 4, 1, 11, 11, 58, 58}, 0, 0},
				"cs": {counts{4, 2, 1, 11, 6, 58, 28}, 0, 0},
			},
		},
		"reviewed": {
			// With review, "Delete" (1, 6) is approved.
			"web": {"de": {xliffDE.counts, 1, 1}},
		},
	}
	for pslug, comps := range want {
		p := s.Project(pslug)
		for slug, langs := range comps {
			c := p.Component(slug)
			if c == nil {
				t.Fatalf("%s: no component %s", pslug, slug)
			}
			var codes []string
			for _, tr := range c.Translations {
				codes = append(codes, tr.Language.Code)
			}
			if pslug == "demo" && len(codes) != len(langs) {
				t.Errorf("%s/%s: translations %v, want %d", pslug, slug, codes, len(langs))
			}
			for code, w := range langs {
				tr := c.Translation(code)
				if tr == nil {
					t.Errorf("%s/%s: no translation %s (have %v)", pslug, slug, code, codes)
					continue
				}
				got := fcounts{countsOf(&tr.Stats), tr.Stats.Fuzzy, tr.Stats.Approved}
				if got != w {
					t.Errorf("%s/%s/%s: %+v, want %+v", pslug, slug, code, got, w)
				}
			}
		}
	}
	var alerts []string
	for _, a := range s.Alerts {
		alerts = append(alerts, a.Component.Config.Slug+" "+a.Kind.String()+" "+a.Path)
	}
	sort.Strings(alerts)
	if len(alerts) > 0 {
		t.Errorf("alerts: %v", alerts)
	}
}

// TestXMLFormatLanguageCodes: the language codes the conventions of these formats
// put in file names resolve as Weblate's fuzzy_get resolves them.
func TestXMLFormatLanguageCodes(t *testing.T) {
	cases := []struct{ code, lang string }{
		{"de-DE", "de"},        // Resources.de-DE.resx: Weblate's alias of de_DE
		{"zh-Hans", "zh_Hans"}, // Resources.zh-Hans.resx, zh-Hans.lproj
		{"pt-BR", "pt_BR"},
		{"pt_BR", "pt_BR"},      // Qt app_pt_BR.ts
		{"cs_CZ", "cs"},         // Qt app_cs_CZ.ts
		{"sr@latin", "sr_Latn"}, // Qt calamares_sr@latin.ts
		{"en_GB", "en_GB"},
		{"Base", "en"}, // Apple Base.lproj is English
	}
	for _, c := range cases {
		l, err := lang.Resolve(c.code)
		if err != nil || l.Code != c.lang {
			t.Errorf("%s: %v %v, want %s", c.code, l, err, c.lang)
		}
	}
}
