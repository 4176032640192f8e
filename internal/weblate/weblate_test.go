package weblate

import "testing"

func TestPercent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		part, total int
		complete    bool
		want        float64
	}{
		{"half", 4, 8, true, 50.0},
		{"floor not round", 2, 3, true, 66.6},
		{"live sample 2/334", 2, 334, true, 0.5},
		{"live sample 19/114", 19, 114, true, 16.6},
		{"tiny part is 0.1 not 0.0", 1, 10000, true, 0.1},
		{"nearly all is 99.9 not 100.0", 9999, 10000, true, 99.9},
		{"all", 7, 7, true, 100.0},
		{"none", 0, 7, true, 0.0},
		{"empty translated measure", 0, 0, true, 100.0},
		{"empty other measure", 0, 0, false, 0.0},
		{"seven eighths", 7, 8, false, 87.5},
		{"one third", 1, 3, false, 33.3},
	}
	for _, tt := range tests {
		if got := Percent(tt.part, tt.total, tt.complete); got != tt.want {
			t.Errorf("%s: Percent(%d, %d, %v) = %v, want %v", tt.name, tt.part, tt.total, tt.complete, got, tt.want)
		}
	}
	for p, want := range map[float64]string{100: "100.0", 0: "0.0", 66.6: "66.6", 0.1: "0.1"} {
		if got := FormatPercent(p); got != want {
			t.Errorf("FormatPercent(%v) = %q, want %q", p, got, want)
		}
	}
}

func TestCountWords(t *testing.T) {
	t.Parallel()
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
		if got := CountWords(tt.forms); got != tt.want {
			t.Errorf("CountWords(%q) = %d, want %d", tt.forms, got, tt.want)
		}
	}
}

func TestCountChars(t *testing.T) {
	t.Parallel()
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
		if got := CountChars(tt.forms); got != tt.want {
			t.Errorf("CountChars(%q) = %d, want %d", tt.forms, got, tt.want)
		}
	}
}

// TestHash checks Weblate's calculate_hash against values a Weblate server wrote
// (a recorded /api/units/ answer: context "app_name", source "Oracle Demo").
func TestHash(t *testing.T) {
	t.Parallel()
	if got := Hash("app_name"); got != 7290622678552713746 {
		t.Errorf("id_hash = %d", got)
	}
	if got := Hash("Oracle Demo", "app_name"); got != -3326048425806674693 {
		t.Errorf("content_hash = %d", got)
	}
	if got := Checksum(Hash("app_name")); got != "e52d7eb2e28a9a12" {
		t.Errorf("checksum = %q", got)
	}
	if got := Checksum(int64(-1 << 63)); got != "0000000000000000" {
		t.Errorf("checksum of the smallest hash = %q", got)
	}
}

func TestEnumsHaveNames(t *testing.T) {
	t.Parallel()
	for _, s := range States {
		if s.String() == "unknown" {
			t.Errorf("state %d has no name", s)
		}
	}
	for k := AlertParseError; k <= AlertLoneSurrogate; k++ {
		if k.String() == "Alert" {
			t.Errorf("alert kind %d has no name", k)
		}
	}
	if ActionNewStrings.Label(1) != "New string to translate" || ActionNewStrings.Label(2) != "New strings to translate" {
		t.Error("action 44 is not pluralised")
	}
	if Action(16).Known() || !Action(66).Known() {
		t.Error("Known")
	}
}
