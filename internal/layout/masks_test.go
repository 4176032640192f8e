package layout

import "testing"

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
	raw, mask := maskOf([]string{"odd[1]", "what?", "de", "x.json"}, 2, "*")
	if raw != "odd[1]/what?/*/x.json" || mask != "odd[[]1]/what[?]/*/x.json" {
		t.Errorf("maskOf: %q, %q", raw, mask)
	}
	if raw, _ := maskOf([]string{"a*b", "de.json"}, 1, "*.json"); raw != "" {
		t.Errorf("a path holding * gave the mask %q; no filemask with one * can match it", raw)
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
