package formats

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSurrogateJoiner(t *testing.T) {
	cases := []struct {
		name string
		in   []rune
		want string
		lone int
	}{
		{"no surrogates", []rune("a\u00e9\U0001F9D8"), "a\u00e9\U0001F9D8", 0},
		{"a pair is one character", []rune{0xD83E, 0xDDD8, ' ', 'y'}, "\U0001F9D8 y", 0},
		{"two pairs", []rune{0xD83E, 0xDDD8, 0xD83D, 0xDE00}, "\U0001F9D8\U0001F600", 0},
		{"a high surrogate at the end", []rune{'a', 0xD83E}, "a\uFFFD", 1},
		{"a low surrogate alone", []rune{0xDDD8, 'a'}, "\uFFFDa", 1},
		{"low then high is no pair", []rune{0xDDD8, 0xD83E}, "\uFFFD\uFFFD", 2},
		{"a high surrogate before another pair", []rune{0xD83E, 0xD83E, 0xDDD8}, "\uFFFD\U0001F9D8", 1},
		{"a high surrogate before an ordinary character", []rune{0xD83E, 'x'}, "\uFFFDx", 1},
	}
	for _, c := range cases {
		var j SurrogateJoiner
		var out []byte
		for _, r := range c.in {
			out = j.AppendRune(out, r)
		}
		out = j.Flush(out)
		if string(out) != c.want || j.Lone != c.lone {
			t.Errorf("%s: %q, %d lone; want %q, %d", c.name, out, j.Lone, c.want, c.lone)
		}
	}
}

// TestSurrogatePairEscapes: Android, translate-toolkit and Weblate read a high and
// a low surrogate escape as the one character they encode, and count it once.
func TestSurrogatePairEscapes(t *testing.T) {
	f, err := androidFormat{}.Parse([]byte(`<resources><string name="k">\uD83E\uDDD8 yoga</string></resources>`))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Units[0].Target[0]; got != "\U0001F9D8 yoga" || utf8.RuneCountInString(got) != 6 {
		t.Errorf("target %q (%d characters), want %q (6)", got, utf8.RuneCountInString(got), "\U0001F9D8 yoga")
	}
	if f.Warnings != nil {
		t.Errorf("warnings %v for a valid pair", f.Warnings)
	}
}

// TestAndroidWarnings: mistakes that translate-toolkit reads without complaint are
// reported, and change neither the units nor their order.
func TestAndroidWarnings(t *testing.T) {
	type w struct {
		line int
		kind WarningKind
		text string // in the message
	}
	cases := []struct {
		name string
		doc  string
		want []w
	}{
		{"a valid file", "<resources>\n<string name=\"a\">x</string>\n<plurals name=\"p\"><item quantity=\"one\">o</item><item quantity=\"other\">x</item></plurals>\n</resources>", nil},
		{"a repeated string name", "<resources>\n<string name=\"a\">1</string>\n<string name=\"b\">2</string>\n<string name=\"a\">3</string>\n<string name=\"a\">4</string>\n</resources>",
			[]w{{4, DuplicateString, `"a" is the name of the unit on line 2`}, {5, DuplicateString, `"a" is the name of the unit on line 2`}}},
		{"a name written two ways", "<resources>\n<string name=\"a&#98;\">1</string>\n<string name=\"ab\">2</string>\n<string name=\"a&#98;\">3</string>\n</resources>",
			[]w{{3, DuplicateString, `"ab" is the name of the unit on line 2`}, {4, DuplicateString, `"ab" is the name of the unit on line 2`}}},
		{"a string and plurals of one name", "<resources>\n<plurals name=\"a\"><item quantity=\"other\">x</item></plurals>\n<string name=\"a\">1</string>\n</resources>",
			[]w{{3, DuplicateString, `"a"`}}},
		{"names of elements that are no units do not count", "<resources>\n<string name=\"a\">1</string>\n<string-array name=\"a\"><item>x</item></string-array>\n<group><string name=\"a\">2</string></group>\n</resources>", nil},
		{"an unknown quantity", "<resources>\n<plurals name=\"p\">\n<item quantity=\"one\">o</item>\n<item quantity=\"lots\">l</item>\n</plurals>\n</resources>",
			[]w{{4, BadPluralQuantity, `quantity "lots"`}}},
		{"a repeated quantity", "<resources>\n<plurals name=\"p\">\n<item quantity=\"one\">o</item>\n<item quantity=\"one\">p</item>\n</plurals>\n</resources>",
			[]w{{4, BadPluralQuantity, `quantity "one" is given again`}}},
		{"an item without quantity", "<resources>\n<plurals name=\"p\">\n<item>o</item>\n</plurals>\n</resources>",
			[]w{{3, BadPluralQuantity, "without quantity"}}},
		{"a lone surrogate escape", "<resources>\n<string name=\"s\">\\uD83E yoga</string>\n</resources>",
			[]w{{2, LoneSurrogate, `string "s": 1 \u escape`}}},
		{"lone surrogates in a plural", "<resources>\n<plurals name=\"p\">\n<item quantity=\"one\">\\uDDD8\\uD83E</item>\n</plurals>\n</resources>",
			[]w{{3, LoneSurrogate, `plurals "p": 2 \u escape`}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.doc)
			f, err := androidFormat{}.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			ref, rerr := refAndroidParse(data) // units unchanged, warnings found on their own
			compareWithReference(t, data, f, err, ref, rerr)
			compareStream(t, data, f, err)
			if len(f.Warnings) != len(c.want) {
				t.Fatalf("warnings %v, want %v", f.Warnings, c.want)
			}
			for i, want := range c.want {
				got := f.Warnings[i]
				if got.Line != want.line || got.Kind != want.kind || !strings.Contains(got.Message, want.text) {
					t.Errorf("warning %d is %v (%v), want line %d, %v, %q", i, got, got.Kind, want.line, want.kind, want.text)
				}
			}
		})
	}
}

func TestWarningKindString(t *testing.T) {
	for k, want := range map[WarningKind]string{DuplicateString: "DuplicateString", BadPluralQuantity: "BadPluralQuantity", LoneSurrogate: "LoneSurrogate", 0: "WarningKind(0)"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), want)
		}
	}
}

// TestRepeatedKeysMany: the set of keys grows past its first table without
// missing a repeat or finding a false one, and a file with thousands of mistakes
// lists the first maxWarnings and counts the rest in one more.
func TestRepeatedKeysMany(t *testing.T) {
	var b strings.Builder
	b.WriteString("<resources>\n")
	for i := 0; i < 3000; i++ {
		b.WriteString(`<string name="k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `">v</string>` + "\n")
	}
	b.WriteString("</resources>")
	f, err := androidFormat{}.Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var want []int
	for _, u := range f.Units {
		if seen[u.Key] {
			want = append(want, u.Line)
		}
		seen[u.Key] = true
	}
	var got []int
	for _, w := range f.Warnings {
		got = append(got, w.Line)
	}
	if len(want) < 2000 || len(got) != maxWarnings+1 || !reflect.DeepEqual(got, want[:maxWarnings+1]) {
		t.Errorf("%d repeats warned, %d in the file; want the first %d and one more", len(got), len(want), maxWarnings)
	}
	last := f.Warnings[maxWarnings]
	if wantMsg := strconv.Itoa(len(want)-maxWarnings) + " more warnings"; !strings.HasPrefix(last.Message, wantMsg) {
		t.Errorf("last warning %q, want %q…", last.Message, wantMsg)
	}
}
