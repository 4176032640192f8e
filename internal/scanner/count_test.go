package scanner

import "testing"

func TestCountWords(t *testing.T) {
	tests := []struct {
		forms []string
		want  int
	}{
		{[]string{""}, 0},
		{[]string{"Hello, world!"}, 2},
		{[]string{"  leading and  trailing  "}, 3},
		{[]string{"line\nbreak\ttab"}, 3},
		{[]string{"no\u00a0break space"}, 3},               // NBSP separates for Python
		{[]string{"a\x1fb"}, 2},                            // unit separator is whitespace for Python
		{[]string{"zero\u200bwidth"}, 1},                   // U+200B is not
		{[]string{"%d file", "%d files"}, 4},               // all plural forms count
		{[]string{"日本語のテキスト"}, 1},                          // no CJK rule in 4.x
		{[]string{`<xliff:g id="n">%d</xliff:g> left`}, 3}, // markup counts as text: "<xliff:g", `id="n">%d</xliff:g>`, "left"
	}
	for _, tt := range tests {
		if got := countWords(tt.forms); got != tt.want {
			t.Errorf("countWords(%q) = %d, want %d", tt.forms, got, tt.want)
		}
	}
}

func TestCountChars(t *testing.T) {
	tests := []struct {
		forms []string
		want  int
	}{
		{nil, 0},
		{[]string{""}, 0},
		{[]string{"Ahoj, světe!"}, 12}, // code points, not bytes
		{[]string{"%d file", "%d files"}, 7 + 2 + 8}, // two separator characters between forms
		{[]string{"", "", ""}, 4},
	}
	for _, tt := range tests {
		if got := countChars(tt.forms); got != tt.want {
			t.Errorf("countChars(%q) = %d, want %d", tt.forms, got, tt.want)
		}
	}
}

func TestMask(t *testing.T) {
	m, err := compileMask("app/src/main/res/values-*/strings.xml")
	if err != nil {
		t.Fatal(err)
	}
	if m.dir != "app/src/main/res" || m.depth != 1 {
		t.Errorf("dir = %q, depth %d", m.dir, m.depth)
	}
	tests := []struct {
		path, code string
		ok         bool
	}{
		{"app/src/main/res/values-cs/strings.xml", "cs", true},
		{"app/src/main/res/values-pt-rBR/strings.xml", "pt-rBR", true},
		{"app/src/main/res/values-b+zh+Hans/strings.xml", "b+zh+Hans", true},
		{"app/src/main/res/values/strings.xml", "", false},
		{"app/src/main/res/values-cs/other.xml", "", false},
		{"app/src/main/res/values-cs/sub/strings.xml", "", false}, // * stays in one segment
	}
	for _, tt := range tests {
		code, ok := m.match(tt.path)
		if code != tt.code || ok != tt.ok {
			t.Errorf("match(%q) = %q, %v; want %q, %v", tt.path, code, ok, tt.code, tt.ok)
		}
	}
	g, _ := compileMask("*.tbx")
	if code, ok := g.match("cs.tbx"); !ok || code != "cs" || g.dir != "" || g.depth != 0 {
		t.Errorf("*.tbx: %q %v dir %q", code, ok, g.dir)
	}
	po, _ := compileMask("po/*.UTF-8.po")
	if code, ok := po.match("po/de.UTF-8.po"); !ok || code != "de" {
		t.Errorf("po: %q %v", code, ok)
	}
}
