package filemask

import (
	"errors"
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
	for _, bad := range []string{"", "no-star.po", "*/*.po", "**/x.po"} {
		var se *SyntaxError
		if _, err := Compile(bad); !errors.As(err, &se) || se.Problem == "" {
			t.Errorf("Compile(%q) = %v, want a *SyntaxError", bad, err)
		}
	}
}

func TestPath(t *testing.T) {
	t.Parallel()
	m, _ := Compile("res/values-*/strings.xml")
	if got := m.Path("de"); got != "res/values-de/strings.xml" {
		t.Errorf("Path = %q", got)
	}
	if code, ok := m.Match(m.Path("pt-rBR")); !ok || code != "pt-rBR" {
		t.Errorf("Path does not round-trip: %q %v", code, ok)
	}
}
