package filemask

import (
	"errors"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mask, path, code string
		ok               bool
	}{
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res/values-cs/strings.xml", "cs", true},
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res/values-pt-rBR/strings.xml", "pt-rBR", true},
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res/values-b+zh+Hans/strings.xml", "b+zh+Hans", true},
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res/values/strings.xml", "", false},
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res/values-cs/other.xml", "", false},
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res/values-cs/sub/strings.xml", "", false}, // * stays in one segment
		{"*.tbx", "cs.tbx", "cs", true},
		{"*.tbx", "sub/cs.tbx", "", false},
		{"po/*.UTF-8.po", "po/de.UTF-8.po", "de", true},
		{"po/*.po", "po/de.utf8.po", "de", true}, // an encoding suffix is not part of the code
		{"po/*.po", "po/de.iso-8859-1.po", "de", true},
		{"po/*.po", "po/sr.latin.po", "sr.latin", true}, // language_regex filters this, not the mask
		// get_lang_code cuts at the first "." once ".utf" or ".iso" is anywhere in the code.
		{"po/*.po", "po/sr.latin.UTF-8.po", "sr", true},
		{"po/*.po", "po/de.ISO-8859-15.po", "de", true},
		{"po/*.po", "po/de.utf.po", "de", true},
		{"po/*.po", "po/de.euc.po", "de.euc", true}, // neither .utf nor .iso: kept
		// ? and sets are one character each, never "/", as in Python's glob.
		{"l?/*.json", "l1/de.json", "de", true},
		{"l?/*.json", "l/de.json", "", false},
		{"l[0-9]/*.json", "l7/de.json", "de", true},
		{"l[0-9]/*.json", "lx/de.json", "", false},
		{"l[!0-9]/*.json", "lx/de.json", "de", true},
		{"l[!0-9]/*.json", "l//de.json", "", false},
		{"a[/]b/*.json", "a/b/de.json", "", false},
		// Characters Python's glob takes as they are.
		{"{a,b}/*.json", "{a,b}/de.json", "de", true},
		{"{a,b}/*.json", "a/de.json", "", false},
		{`x\y/*.json`, `x\y/de.json`, "de", true},
		{"a[b/*.json", "a[b/de.json", "de", true}, // an unclosed "[" is itself
		{"i18n/*.properties", "i18n/messages_de.properties", "messages_de", true},
		{"locales/*/messages.json", "locales/pt-BR/messages.json", "pt-BR", true},
		{"a.b/*.json", "axb/de.json", "", false}, // "." is a dot
	}
	for _, tt := range tests {
		m, err := Compile(tt.mask)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tt.mask, err)
		}
		code, ok := m.Match(tt.path)
		if code != tt.code || ok != tt.ok {
			t.Errorf("%q.Match(%q) = %q, %v; want %q, %v", tt.mask, tt.path, code, ok, tt.code, tt.ok)
		}
	}
}

// TestMatchSeveral: masks with several "*", as Weblate reads them
// (weblate/trans/models/component.py get_lang_code: the longest part; its tests
// test_lang_code_double and test_lang_code_plus in weblate/trans/tests/test_component.py).
func TestMatchSeveral(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mask, path, code string
		ok               bool
	}{
		// GNOME's help: help/<code>/<code>.po.
		{"help/*/*.po", "help/bg/bg.po", "bg", true},
		{"help/*/*.po", "help/pt_BR/pt_BR.po", "pt_BR", true},
		{"help/*/*.po", "help/sr@latin/sr@latin.po", "sr@latin", true},
		{"help/*/*.po", "help/C/index.page", "", false},
		{"help/*/*.po", "help/de/sub/de.po", "", false}, // each "*" stays in one name
		{"help/*/*.po", "help/de.po", "", false},
		// The parts need not agree: the longest wins, the first of equals.
		{"help/*/*.po", "help/de/fr.po", "de", true},
		{"help/*/*.po", "help/fr/de.po", "fr", true},
		{"help/*/*.po", "help/de/de_AT.po", "de_AT", true},
		{"help/*/*.po", "help/de_AT/de.po", "de_AT", true},
		{"help/*/*.po", "help/de/.po", "de", true},
		// Weblate's examples.
		{"path/*/resources/MessagesBundle_*.properties", "path/pt/resources/MessagesBundle_pt_BR.properties", "pt_BR", true},
		{"path/*/resources/MessagesBundle_*.properties", "path/el/resources/MessagesBundle_el.properties", "el", true},
		{"po/*/pages/C_and_C++.po", "po/cs/pages/C_and_C++.po", "cs", true},
		{"locales/*/other/*/messages.po", "locales/cs/other/cs/messages.po", "cs", true},
		{"sources/localization/*/Xenko.GameStudio.*.po", "sources/localization/ja/Xenko.GameStudio.ja.po", "ja", true},
		// Two in one name: greedy from the left, as Python's re.
		{"po/*-*.po", "po/pt-BR-x.po", "pt-BR", true},
		{"po/*-*.po", "po/ab-cde.po", "cde", true},
		// Characters are counted, not bytes (Python's len): "çç" is shorter than "abc".
		{"*/*.po", "çç/abc.po", "abc", true},
		// The encoding suffix comes off the longest part.
		{"help/*/*.po", "help/de/de.UTF-8.po", "de", true},
		{"help/*/*.po", "help/de.utf8/de.po", "de", true},
	}
	for _, tt := range tests {
		m, err := Compile(tt.mask)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tt.mask, err)
		}
		code, ok := m.Match(tt.path)
		if code != tt.code || ok != tt.ok {
			t.Errorf("%q.Match(%q) = %q, %v; want %q, %v", tt.mask, tt.path, code, ok, tt.code, tt.ok)
		}
	}
}

func TestDirDepth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mask, dir string
		depth     int
	}{
		{"app/src/main/res/values-*/strings.xml", "app/src/main/res", 1},
		{"*.tbx", "", 0},
		{"po/*.po", "po", 0},
		{"src/l?/x/*.json", "src", 2},
		{"src/[ab]/*.json", "src", 1},
		{"help/*/*.po", "help", 1},
		{"*/LC_MESSAGES/*.po", "", 2},
	}
	for _, tt := range tests {
		m, err := Compile(tt.mask)
		if err != nil {
			t.Fatal(err)
		}
		if m.Dir != tt.dir || m.Depth != tt.depth {
			t.Errorf("%q: dir %q depth %d, want %q %d", tt.mask, m.Dir, m.Depth, tt.dir, tt.depth)
		}
	}
}

func TestCompileRejects(t *testing.T) {
	t.Parallel()
	tests := []struct{ mask, says string }{
		{"", `must contain "*"`},
		{"no-star.po", `must contain "*"`},
		{"po/de.po", `must contain "*"`},
		{"**/x.po", `must not contain "**"`},
		{"locales/**/*.json", `must not contain "**"`},
		{"po/***.po", `must not contain "**"`},
	}
	for _, tt := range tests {
		var se *SyntaxError
		_, err := Compile(tt.mask)
		if !errors.As(err, &se) || !strings.Contains(se.Problem, tt.says) || se.Pattern != tt.mask {
			t.Errorf("Compile(%q) = %v, want a *SyntaxError saying %s", tt.mask, err, tt.says)
		}
	}
	for _, good := range []string{"*/*.po", "help/*/*.po", "po/*-*.po", "*.po"} {
		if _, err := Compile(good); err != nil {
			t.Errorf("Compile(%q): %v", good, err)
		}
	}
}

func TestPath(t *testing.T) {
	t.Parallel()
	tests := []struct{ mask, code, path string }{
		{"res/values-*/strings.xml", "de", "res/values-de/strings.xml"},
		{"res/values-*/strings.xml", "pt-rBR", "res/values-pt-rBR/strings.xml"},
		// Every "*" is the code, as Weblate names a new language's file.
		{"help/*/*.po", "pt_BR", "help/pt_BR/pt_BR.po"},
		{"path/*/resources/MessagesBundle_*.properties", "el", "path/el/resources/MessagesBundle_el.properties"},
	}
	for _, tt := range tests {
		m, err := Compile(tt.mask)
		if err != nil {
			t.Fatal(err)
		}
		got := m.Path(tt.code)
		if got != tt.path {
			t.Errorf("%q.Path(%q) = %q, want %q", tt.mask, tt.code, got, tt.path)
		}
		if code, ok := m.Match(got); !ok || code != tt.code {
			t.Errorf("%q.Path(%q) does not round-trip: %q %v", tt.mask, tt.code, code, ok)
		}
	}
}

// TestCompileFile: the filemask of a file holding every language is its path,
// read literally: it matches that path alone, with no language code.
func TestCompileFile(t *testing.T) {
	t.Parallel()
	m, err := CompileFile("App/[x]?.xcstrings")
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{"App/[x]?.xcstrings": true, "App/xa.xcstrings": false, "App/[x]?.xcstrings/": false, "[x]?.xcstrings": false} {
		code, ok := m.Match(path)
		if ok != want || code != "" {
			t.Errorf("%s: %q %v, want %v", path, code, ok, want)
		}
	}
	if m.Dir != "App" || m.Depth != 0 || m.Path("de") != "App/[x]?.xcstrings" {
		t.Errorf("Dir %q Depth %d Path %q", m.Dir, m.Depth, m.Path("de"))
	}
	if m, _ := CompileFile("top.xcstrings"); m.Dir != "" {
		t.Errorf("Dir %q at the root", m.Dir)
	}
	if _, err := CompileFile(""); err == nil {
		t.Error("an empty path compiled")
	}
}
