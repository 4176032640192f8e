package scan_test

import (
	"context"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

// catalogCounts are what TestStringCatalogStats compares: units, translated
// (read-only included, as Weblate counts them), needs editing, read-only;
// words, translated words, needs-editing words.
type catalogCounts struct{ total, translated, fuzzy, readonly, words, translatedWords, fuzzyWords int }

func catalogCountsOf(s *snapshot.Stats) catalogCounts {
	return catalogCounts{s.Total, s.Translated, s.Fuzzy, s.Readonly, s.TotalWords, s.TranslatedWords, s.FuzzyWords}
}

const catalogConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Ice
        slug: ice
        repo: REPO
        filemask: Ice/Localizable.xcstrings
        file_format: xcstrings
      - name: Cube
        slug: cube
        repo: REPO
        filemask: Localizable.xcstrings
        file_format: xcstrings
      - name: CSE
        slug: cse
        repo: REPO
        filemask: CSE/Localizable.xcstrings
        file_format: xcstrings
        language_regex: "^(?:ar|de)$"
`

// TestStringCatalogStats reads the three real catalogs of
// internal/formats/testdata/xcstrings, each a component of its own whose one
// file gives the source translation and a translation per language it holds.
// The numbers are counted by hand from the files with the reading README.md
// states: a unit's words are its source's (all plural forms); a key without a
// source localization has the key as its source; stale keys are no units;
// shouldTranslate false is read-only, and so is every translation of a key
// whose source is empty; needs_review is needs editing; a key the language does
// not localize is untranslated.
func TestStringCatalogStats(t *testing.T) {
	files := map[string]string{}
	for path, name := range map[string]string{"Ice/Localizable.xcstrings": "icecubes", "Localizable.xcstrings": "cubetime", "CSE/Localizable.xcstrings": "cse"} {
		data, err := os.ReadFile("../formats/testdata/xcstrings/" + name + ".xcstrings")
		if err != nil {
			t.Fatal(err)
		}
		files[path] = string(data)
	}
	cfg := testutil.Config(t, t.TempDir(), testutil.RepoConfig(t, files, catalogConfig))
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := snap.Project("demo")
	want := map[string]map[string]catalogCounts{
		// 19 units, 41 words: "" (0, empty: read-only in every translation), "#%@"
		// (1) and "%@" (1) with the key as source, Accounts (1), "Content warning"
		// (2), the plural unread-posts "%lld new post"/"%lld new posts" (6),
		// Account (1), "Blocked accounts" (2), the plural n-fields (4),
		// followers "%#@followers@" (1) and its substitution followers (4), the
		// four devices of platform (Apple Vision 2, iPad, iPhone, Mac: 5), the
		// plural n-votes (4), voters "%#@count_votes@ votes from
		// %#@count_voters@ voters" (5) and its two substitutions "%arg" (2 each).
		// The stale instance.info.domains and instance.info.posts are no units.
		"ice": {
			"en": {19, 18, 0, 0, 41, 41, 0},
			// All 18 given, none to review; "" read-only.
			"de": {19, 19, 0, 1, 41, 41, 0},
			// needs_review: unread-posts (6), Blocked accounts (2), n-fields (4),
			// n-votes (4); "%@" and Account missing (1 + 1); "" read-only.
			"ja": {19, 13, 4, 1, 41, 23, 16},
			// needs_review: Blocked accounts (2); "%@" and Account missing. The
			// plurals give one, few and other: the first form (one) is there.
			"pl": {19, 16, 1, 1, 41, 37, 2},
			// needs_review: Content warning (2) and unread-posts (6); "" missing
			// but read-only all the same.
			"pt_BR": {19, 17, 2, 1, 41, 33, 8},
		},
		// 8 units, 24 words: "" (0, empty), "%lld Solves" (2) and "3x3 BLD" (2)
		// with the key as source, the shouldTranslate-false ChartView credit
		// (12), "Add New Session" whose source is "Add new session" (3), Compsim
		// (1), General Appearance (2) and Show Confetti (2), which no language
		// localizes; the stale Algorithm Trainer and Colours are no units.
		"cube": {
			"en": {8, 7, 0, 1, 24, 24, 0},
			// "" and the credit read-only; General Appearance and Show Confetti
			// missing.
			"zh_Hans": {8, 6, 0, 2, 24, 20, 0},
		},
		// 10 units, 14 words: four shouldTranslate false ("" 0, "%@ (%@)" whose
		// source is "%1$@ (%2$@)" 2, JSON 1, Key 1), "${toggle} Emoji Search"
		// (3), About, Cancel, Cizzuk, Delete (1 each), "Backup & Restore" (3);
		// every other key translated in ar and de; ja, which language_regex
		// filters out, is no translation.
		"cse": {
			"en": {10, 10, 0, 4, 14, 14, 0},
			"ar": {10, 10, 0, 4, 14, 14, 0},
			"de": {10, 10, 0, 4, 14, 14, 0},
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
			if tr.Filename != c.Config.Filemask {
				t.Errorf("%s/%s: file %q, want the catalog %q", slug, tr.Language.Code, tr.Filename, c.Config.Filemask)
			}
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
			if got := catalogCountsOf(&tr.Stats); got != w {
				t.Errorf("%s/%s: %+v, want %+v", slug, code, got, w)
			}
		}
	}
	var alerts []string
	for _, a := range snap.Alerts {
		alerts = append(alerts, a.Component.Config.Slug+" "+a.Kind.String()+" "+a.Path)
	}
	sort.Strings(alerts)
	if len(alerts) > 0 {
		t.Errorf("alerts:\n%s", strings.Join(alerts, "\n"))
	}
}

// TestStringCatalogSourceLanguage: a catalog whose source language is not the
// component's is reported where the scan meets it.
func TestStringCatalogSourceLanguage(t *testing.T) {
	files := map[string]string{"L.xcstrings": `{"sourceLanguage":"de","strings":{"a":{"localizations":{"fr":{"stringUnit":{"value":"A"}}}}}}`}
	cfg := testutil.Config(t, t.TempDir(), testutil.RepoConfig(t, files, `projects:
  - name: Demo
    slug: demo
    components:
      - name: L
        slug: l
        repo: REPO
        filemask: L.xcstrings
        file_format: xcstrings
`))
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var alerts []string
	for _, a := range snap.Alerts {
		alerts = append(alerts, a.Kind.String()+" "+a.Path+": "+a.Message)
	}
	want := `NotLanguage L.xcstrings: the file's source language is "de", the component's source_language en`
	if strings.Join(alerts, "\n") != want {
		t.Errorf("alerts:\n%s\nwant:\n%s", strings.Join(alerts, "\n"), want)
	}
	if c := snap.Project("demo").Component("l"); c == nil || len(c.Translations) != 2 {
		t.Errorf("translations of the catalog: %v", c)
	}
}
