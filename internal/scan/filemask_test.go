package scan_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/testutil"
)

// helpPO is a one-message PO file in language code, translated or not.
func helpPO(code, msgstr string) string {
	return "msgid \"\"\nmsgstr \"\"\n\"Language: " + code + "\\n\"\n" +
		"\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" +
		"msgid \"Notes Help\"\nmsgstr \"" + msgstr + "\"\n"
}

// TestSeveralStarsScan: a component whose filemask holds a "*" for each place
// GNOME's help writes the language (help/<code>/<code>.po) reads every
// language's file once, with the code Weblate reads from it
// (weblate/trans/models/component.py get_lang_code: the longest part, here the
// folder's and the name's alike); a file whose folder and name disagree is read
// as the longest part says, as Weblate reads it.
func TestSeveralStarsScan(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{
		"help/C/index.page":         "<page/>",
		"help/bg/bg.po":             helpPO("bg", "Помощ за Бележки"),
		"help/de/de.po":             helpPO("de", "Hilfe zu Notizen"),
		"help/pt_BR/pt_BR.po":       helpPO("pt_BR", ""),
		"help/sr@latin/sr@latin.po": helpPO("sr@latin", "Pomoć za Beleške"),
		"help/fr/fr_CA.po":          helpPO("fr_CA", "Aide de Notes"), // the longer part: fr_CA
		"help/de/figures/notes.png": "PNG",                            // two folders down: not matched
		"help/meson.build":          "gnome.yelp(meson.project_name())\n",
	})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Notes
    slug: notes
    components:
      - name: Help
        slug: help
        repo: `+repo+`
        file_format: po
        filemask: help/*/*.po
`)
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tr := range snap.Project("notes").Component("help").Translations {
		if tr.Filename == "" {
			continue // the source language, which no file holds
		}
		got = append(got, tr.Language.Code+"="+tr.Filename)
	}
	want := "bg=help/bg/bg.po de=help/de/de.po fr_CA=help/fr/fr_CA.po pt_BR=help/pt_BR/pt_BR.po sr_Latn=help/sr@latin/sr@latin.po"
	if strings.Join(got, " ") != want {
		t.Errorf("translations %s, want %s", strings.Join(got, " "), want)
	}
	for _, a := range snap.Alerts {
		t.Errorf("alert %s %s: %s", a.Kind, a.Path, a.Message)
	}
}

// TestSeveralStarsRule: the rule's code for each file of a mask with several
// "*", as Weblate's get_lang_code reads it (its test_lang_code_double example).
func TestSeveralStarsRule(t *testing.T) {
	t.Parallel()
	en, _ := lang.Get("en")
	for _, c := range []struct{ mask, path, code, lang string }{
		{"help/*/*.po", "help/pt_BR/pt_BR.po", "pt_BR", "pt_BR"},
		{"help/*/*.po", "help/sr@latin/sr@latin.po", "sr@latin", "sr_Latn"},
		{"help/*/*.po", "help/de/fr.po", "de", "de"}, // equally long: the first
		{"help/*/*.po", "help/de/de.UTF-8.po", "de", "de"},
		{"path/*/resources/MessagesBundle_*.properties", "path/pt/resources/MessagesBundle_pt_BR.properties", "pt_BR", "pt_BR"},
		{"path/*/resources/MessagesBundle_*.properties", "path/el/resources/MessagesBundle_el.properties", "el", "el"},
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
