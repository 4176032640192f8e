package changelog_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/testutil"
)

// catalog writes a string catalog: source keys to English texts, and each
// language's translated keys.
func catalog(t *testing.T, source map[string]string, langs map[string]map[string]string) string {
	t.Helper()
	unit := func(v string) map[string]any {
		return map[string]any{"stringUnit": map[string]any{"state": "translated", "value": v}}
	}
	strs := map[string]any{}
	for k, v := range source {
		locs := map[string]any{"en": unit(v)}
		for code, tr := range langs {
			if v, ok := tr[k]; ok {
				locs[code] = unit(v)
			}
		}
		strs[k] = map[string]any{"localizations": locs}
	}
	b, err := json.MarshalIndent(map[string]any{"sourceLanguage": "en", "strings": strs, "version": "1.0"}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestStringCatalogHistory: every commit changes the one catalog, and the log
// has the changes of the languages whose units it changed, and only those: a
// language the catalog gains is added, one it loses removed, and a language
// whose units changed is updated with its units' changes, while the languages a
// commit leaves alone have nothing. Keys the source gains are new strings of
// every language.
func TestStringCatalogHistory(t *testing.T) {
	const path = "App/Localizable.xcstrings"
	src := map[string]string{"a": "Apple", "b": "Banana"}
	repo := testutil.NewRepo(t, map[string]string{path: catalog(t, src, map[string]map[string]string{
		"de": {"a": "Apfel"}, "fr": {"a": "Pomme"}})})
	testutil.Commit(t, repo, "2026-02-01T11:00:00Z", "de b", map[string]string{path: catalog(t, src, map[string]map[string]string{
		"de": {"a": "Apfel", "b": "Banane"}, "fr": {"a": "Pomme"}})})
	testutil.Commit(t, repo, "2026-02-01T12:00:00Z", "it", map[string]string{path: catalog(t, src, map[string]map[string]string{
		"de": {"a": "Apfel", "b": "Banane"}, "fr": {"a": "Pomme"}, "it": {"a": "Mela"}})})
	src["c"] = "Cherry"
	testutil.Commit(t, repo, "2026-02-01T13:00:00Z", "fr a, source c", map[string]string{path: catalog(t, src, map[string]map[string]string{
		"de": {"a": "Apfel", "b": "Banane"}, "fr": {"a": "Pomme!"}, "it": {"a": "Mela"}})})
	testutil.Commit(t, repo, "2026-02-01T14:00:00Z", "no it", map[string]string{path: catalog(t, src, map[string]map[string]string{
		"de": {"a": "Apfel", "b": "Banane"}, "fr": {"a": "Pomme!"}})})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: App
        slug: app
        repo: `+repo+`
        filemask: `+path+`
        file_format: xcstrings
`)
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	_, changes := scanned(t, s)
	var got []string
	for _, ch := range changes {
		if ch.Component == nil {
			continue // the project's creation
		}
		code := ""
		if ch.Translation != nil {
			code = ch.Translation.Language.Code
		}
		got = append(got, fmt.Sprintf("%s %d %s %s", ch.Timestamp.Format("15:04"), ch.Action, code, ch.Target))
	}
	sort.Strings(got)
	// 51 Created component; 0 Resource update, 5 New translation, 2 Translation
	// changed, 48 Added new language, 25 Removed language, 44 New strings. The
	// changes of it, which the head no longer has, link to no translation, as
	// those of a removed file do.
	want := []string{
		"10:00 51  ",
		"11:00 0 de ",
		"11:00 5 de Banane",
		"12:00 48  ",
		"12:00 5  Mela",
		"13:00 0 fr ",
		"13:00 2 fr Pomme!",
		"13:00 44  ",
		"13:00 44 de ",
		"13:00 44 fr ",
		"14:00 25  ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// The walk goes on from its stored state, reading the languages' last
	// versions from the catalog's blob: only de changed.
	testutil.Commit(t, repo, "2026-02-01T15:00:00Z", "de b again", map[string]string{path: catalog(t, src, map[string]map[string]string{
		"de": {"a": "Apfel", "b": "Banane!"}, "fr": {"a": "Pomme!"}})})
	_, changes = scanned(t, s)
	got = nil
	for _, ch := range changes {
		if ch.Timestamp.Format("15:04") == "15:00" {
			got = append(got, fmt.Sprintf("%d %s %s", ch.Action, ch.Translation.Language.Code, ch.Target))
		}
	}
	sort.Strings(got)
	if want := "0 de \n2 de Banane!"; strings.Join(got, "\n") != want {
		t.Errorf("changes of the next commit:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}

	// Progress, counted by hand: Italian, added at 12:00 with one string of two,
	// counts the source's third at 13:00 and is gone at 14:00; French, there
	// from the start, counts c from 13:00. Every commit changes the catalog, the
	// template of every language, so every language has a point at each.
	snap, _ := scanned(t, s)
	prog := s.Log.Progress()
	series := func(code string) string {
		var out []string
		for _, p := range prog.Translation("demo", "app", code, progress.Window{}) {
			out = append(out, fmt.Sprintf("%s %d/%d", p.Time.Format("15:04"), p.Stats.Translated, p.Stats.Total))
		}
		return strings.Join(out, ", ")
	}
	if got, want := series("it"), "12:00 1/2, 13:00 1/3, 14:00 0/0"; got != want {
		t.Errorf("Italian's progress: %s, want %s", got, want)
	}
	if got, want := series("fr"), "10:00 1/2, 11:00 1/2, 12:00 1/2, 13:00 1/3, 14:00 1/3, 15:00 1/3"; got != want {
		t.Errorf("French's progress: %s, want %s", got, want)
	}
	checkHead(t, prog, snap)
}
