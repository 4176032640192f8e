package formats

import (
	"errors"
	"reflect"
	"testing"
)

// TestINIRules pins iniparse's reading as translate-toolkit's inifile gives it.
func TestINIRules(t *testing.T) {
	t.Parallel()
	type unit struct{ key, text string }
	cases := []struct {
		name, format, doc string
		want              []unit
	}{
		{"sections and separators", "ini", "[main]\na = b\nc: d\n[other]\ne=f\n", []unit{{"[main]a", "b"}, {"[main]c", "d"}, {"[other]e", "f"}}},
		{"the value's first ; after a space starts a comment", "ini", "[s]\na = x ; c\nb = x;y ; z\n", []unit{{"[s]a", "x"}, {"[s]b", "x;y ; z"}}},
		{"quotes are kept", "ini", "[s]\na = \"q\"\n", []unit{{"[s]a", `"q"`}}},
		{"rem starts a comment", "ini", "[s]\nremark = x\nkey = y\n", []unit{{"[s]key", "y"}}},
		{"continuation lines, blank lines kept", "ini", "[s]\na = one\n  two\n\n  three\n; c\n  four\n", []unit{{"[s]a", "one\ntwo\n\nthree\nfour"}}},
		{"a repeated option: first place, last value", "ini", "[s]\na = 1\nb = 2\na = 3\n", []unit{{"[s]a", "3"}, {"[s]b", "2"}}},
		{"a repeated section is one", "ini", "[s]\na = 1\n[t]\nb = 2\n[s]\nc = 3\n", []unit{{"[s]a", "1"}, {"[s]c", "3"}, {"[t]b", "2"}}},
		{"DEFAULT's options join every section", "ini", "[DEFAULT]\nd = x\n[s]\na = 1\n[t]\nd = own\n", []unit{{"[s]a", "1"}, {"[s]d", "x"}, {"[t]d", "own"}}},
		{"empty values are units", "ini", "[s]\na =\n", []unit{{"[s]a", ""}}},
		{"byte-order mark", "ini", "\ufeff[s]\na = b\n", []unit{{"[s]a", "b"}}},
		{"inno: %n and %t", "islu", "[Messages]\nm = a%nb%tc %1\n", []unit{{"[Messages]m", "a\nb\tc %1"}}},
		{"ini keeps %n", "ini", "[Messages]\nm = a%nb\n", []unit{{"[Messages]m", "a%nb"}}},
		{"comments only", "ini", "; c\n\n# d\n", nil},
	}
	for _, c := range cases {
		f, err := mustLookup(t, c.format).Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []unit
		for _, u := range f.Units {
			got = append(got, unit{u.Key, u.Target[0]})
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestINIErrors: what iniparse refuses fails with its line.
func TestINIErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, doc string
		line      int
	}{
		{"option before any section", "; c\na = b\n[s]\n", 2},
		{"continuation without option", "[s]\n  x\n", 2},
		{"unclosed section", "[s]\na = b\n[t\n", 3},
		{"text after a section header", "[s] x\n", 1},
		{"no separator", "[s]\na = b\nnovalue\n", 3},
		{"not UTF-8", "[s]\na = caf\xe9\n", 2},
	} {
		_, err := mustLookup(t, "ini").Parse([]byte(c.doc))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != c.line {
			t.Errorf("%s: %v, want an error at line %d", c.name, err, c.line)
		}
	}
}

// TestINIDetection: *.ini files without a section are Joomla's.
func TestINIDetection(t *testing.T) {
	t.Parallel()
	for doc, want := range map[string]string{
		"; c\n[s]\na=b\n":      "ini",
		"; c\nKEY=\"value\"\n": "joomla",
		"":                     "ini",
	} {
		if got := chooseINI(&Sample{Data: []byte(doc)}); got != want {
			t.Errorf("%q: %s, want %s", doc, got, want)
		}
	}
}

// TestINIBudget: [DEFAULT]'s options repeated in many sections stop at the
// text budget (iniparse has none).
func TestINIBudget(t *testing.T) {
	t.Parallel()
	doc := []byte("[DEFAULT]\n")
	for i := 0; i < 200; i++ {
		doc = append(doc, "d"+string(rune('a'+i%26))+string(rune('a'+i/26))+"=xxxxxxxxxx\n"...)
	}
	for i := 0; i < 2000; i++ {
		doc = append(doc, "[s"+string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676))+"]\n"...)
	}
	_, err := mustLookup(t, "ini").Parse(doc)
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%d bytes making 400,000 units: %v, want the budget's error", len(doc), err)
	}
}
