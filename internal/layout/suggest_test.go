package layout

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/lang"
)

func TestSuggest(t *testing.T) {
	t.Parallel()
	paths := []string{
		"app/src/main/res/values/strings.xml", "app/src/main/res/values-de/strings.xml",
		"app/src/main/res/values-fr/strings.xml",
		"web/locales/en/translation.json", "web/locales/de/translation.json",
		"po/de.po", "po/fr.po", "po/app.pot",
		"README.md",
	}
	tests := []struct{ mask, want string }{
		{"app/src/main/res/value-*/strings.xml", "app/src/main/res/values-*/strings.xml"}, // a typo
		{"res/values-*/strings.xml", "app/src/main/res/values-*/strings.xml"},             // a folder left out
		{"app/src/main/res/values-*/string.xml", "app/src/main/res/values-*/strings.xml"},
		{"web/locales/*.json", "web/locales/*/translation.json"}, // the wrong layout
		{"web/locale/*/translation.json", "web/locales/*/translation.json"},
		{"po/*.pot", "po/*.po"},
		{"i18n/*.yml", ""},                            // nothing like it
		{"app/src/main/res/values-*/strings.xml", ""}, // already what discovery proposes
	}
	for _, tt := range tests {
		if got := Suggest(paths, tt.mask); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.mask, got, tt.want)
		}
	}
	if got := Suggest(nil, "po/*.po"); got != "" {
		t.Errorf("no paths: %q", got)
	}
}

// TestSuggestMakesNoLanguages: suggestions, which a running server asks for,
// resolve no code: lang.Resolve would make up a language for a code it does not
// know, and shift the ids of those made up later.
func TestSuggestMakesNoLanguages(t *testing.T) {
	t.Parallel()
	paths := []string{"locales/de.json", "locales/fr.json", "locales/qx.json", "locales/de-QX.json", "res/values/strings.xml", "res/values-qy/strings.xml"}
	if got := Suggest(paths, "locale/*.json"); got != "locales/*.json" {
		t.Errorf("Suggest: %q", got)
	}
	for _, code := range []string{"qx", "de_QX", "qy"} {
		if _, ok := lang.Get(code); ok {
			t.Errorf("Suggest made up the language %s", code)
		}
	}
}

// TestWalkDisk: a checkout's listing skips dependency and build folders, hidden
// ones and nested repositories, and with a limit lists the files nearest to the
// mask first.
func TestWalkDisk(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	files := []string{
		"a.txt", "node_modules/x/locales/de.json", ".git/config", "app/build/values/strings.xml",
		"sub/.git/HEAD", "sub/locales/de.json", // a nested repository
		"zzz/locales/de.json", "zzz/locales/fr.json",
		"aaa/1.json", "aaa/2.json", "aaa/3.json", "aaa/deep/4.json",
	}
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	all, err := walkDisk(root, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(slices.Sorted(slices.Values(all))); got != "[a.txt aaa/1.json aaa/2.json aaa/3.json aaa/deep/4.json zzz/locales/de.json zzz/locales/fr.json]" {
		t.Errorf("all: %s", got)
	}
	near, err := walkDisk(root, 3, "zzz/locales/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(slices.Sorted(slices.Values(near)), " "); got != "a.txt zzz/locales/de.json zzz/locales/fr.json" {
		t.Errorf("limited: %s", got)
	}
}
