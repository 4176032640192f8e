package layout

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestIsCode(t *testing.T) {
	t.Parallel()
	yes := []string{"de", "cs", "pt_BR", "pt-BR", "zh-Hans", "zh_Hant_TW", "es-419", "sr@latin", "en-US", "en_gb", "fil", "ca-valencia", "nb_NO"}
	no := []string{
		"", "index", "values", "strings", "README", "night", "land", "v21", "app", "lib", "src",
		"po", "ts", "io", "id", "in", "is", "bin", "new", // common words (notCodes)
		"xx", "qq", // shaped like codes, but not languages of language-data
		"en.all", "de_", "12", "e",
	}
	for _, s := range yes {
		if !isCode(s) {
			t.Errorf("isCode(%q) = false, want true", s)
		}
	}
	for _, s := range no {
		if isCode(s) {
			t.Errorf("isCode(%q) = true, want false", s)
		}
	}
	if !isAppleCode("Base") || !isAppleCode("zh-Hans") || isAppleCode("Resources") {
		t.Error("isAppleCode: Base and zh-Hans are .lproj languages, Resources is not")
	}
}

func TestWildcardName(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, want string }{
		{"de.json", "*.json"},
		{"pt_BR.po", "*.po"},
		{"zh-Hant-TW.json", "*.json"},
		{"devise.de.yml", "devise.*.yml"},
		{"Resources.de.resx", "Resources.*.resx"},
		{"messages.de.xlf", "messages.*.xlf"},
		{"active.en.json", "active.*.json"},
		{"messages_de.properties", "messages_*.properties"},
		{"messages_pt_BR.properties", "messages_*.properties"},
		{"app_en.arb", "app_*.arb"},
		{"app_en_US.arb", "app_*.arb"},
		{"keepassxc_de.ts", "keepassxc_*.ts"},
		{"hello-de.po", "hello-*.po"},
		{"en-us.all.json", "*.all.json"},
		{"strings.xml", ""},
		{"index.json", ""},
		{"messages.properties", ""},
		{"po.json", ""},            // a common word
		{"de-land.json", "*.json"}, // shaped like a code (verify leaves the qualifier out)
		{"app-de-x.json", ""},      // a code in the middle counts only before a dot
		{"app-de.min.json", "app-*.min.json"},
		{"README", ""},
		{".de", ""},
	}
	for _, tt := range tests {
		if got := wildcardName(tt.name); got != tt.want {
			t.Errorf("wildcardName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestGlobEscape(t *testing.T) {
	t.Parallel()
	raw, mask := maskOf([]string{"odd[1]", "what?", "de", "x.json"}, map[int]string{2: "*"})
	if raw != "odd[1]/what?/*/x.json" || mask != "odd[[]1]/what[?]/*/x.json" {
		t.Errorf("maskOf: %q, %q", raw, mask)
	}
	raw, mask = maskOf([]string{"what?", "de", "de?.po"}, map[int]string{1: "*", 2: "*?.po"})
	if raw != "what?/*/*?.po" || mask != "what[?]/*/*[?].po" {
		t.Errorf("maskOf, two wildcards: %q, %q", raw, mask)
	}
	if raw, _ := maskOf([]string{"a*b", "de.json"}, map[int]string{1: "*.json"}); raw != "" {
		t.Errorf("a path holding * gave the mask %q; no filemask with one * can match it", raw)
	}
}

// TestCandidatesSeveral: a code that names a folder and recurs in the file's
// name or another folder gives a mask with a "*" in each, as translation-finder
// proposes (its GettextDiscovery tests test_basic, test_duplicate_code and
// test_uppercase: help/*/*.po, desktop-docs/gpl/*/*.po,
// locales/*/other/*/messages.po, sources/localization/*/Xenko.GameStudio.*.po).
func TestCandidatesSeveral(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		paths []string
		want  []string // "mask: languages"
	}{
		{"gnome help", []string{
			"help/C/index.page", "help/bg/bg.po", "help/de/de.po", "help/pt_BR/pt_BR.po", "help/sr@latin/sr@latin.po",
			"help/meson.build",
		}, []string{"help/*/*.po: bg de pt_br sr@latin"}}, // Langs are codeKey's

		{"one language", []string{"help/de/de.po"}, []string{"help/*/*.po: de"}},
		{"folder twice", []string{
			"locales/cs/other/cs/messages.po", "locales/de/other/de/messages.po",
		}, []string{"locales/*/other/*/messages.po: cs de"}},
		{"code before the extension", []string{
			"sources/localization/ja/Xenko.GameStudio.ja.po", "sources/localization/fr/Xenko.GameStudio.fr.po",
		}, []string{"sources/localization/*/Xenko.GameStudio.*.po: fr ja"}},
		// A variant of the folder's code in the name: Weblate's example, whose
		// code is the longer part.
		{"variant in the name", []string{
			"path/pt/resources/MessagesBundle_pt_BR.properties", "path/el/resources/MessagesBundle_el.properties",
			"path/de/resources/MessagesBundle_de_AT.properties",
		}, []string{"path/*/resources/MessagesBundle_*.properties: de_at el pt_br"}},
		// A code that only starts like the folder's is not its variant.
		{"another code", []string{"po/de/deu.po", "po/fr/fra.po"}, []string{"po/*/deu.po: de", "po/*/fra.po: fr"}},
		// i18next's namespaces are no language: the folder's "*" alone.
		{"namespaces", []string{
			"locales/de/common.json", "locales/fr/common.json", "locales/ja/common.json",
		}, []string{"locales/*/common.json: de fr ja"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range Candidates(NewPathSet(tt.paths)) {
			got = append(got, c.Mask+": "+strings.Join(slices.Sorted(maps.Keys(c.Langs)), " "))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSkippedDirs(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{
		"node_modules/x/locales/de.json": true, "a/.git/x": true, "app/build/intermediates/values/strings.xml": true,
		"Pods/X/de.lproj/a.strings": true, "locales/de.json": false, "de.json": false, "src/builder/de.json": false,
	} {
		if got := skipped(p); got != want {
			t.Errorf("skipped(%q) = %v, want %v", p, got, want)
		}
	}
}
