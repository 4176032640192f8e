package formats

import (
	"reflect"
	"testing"
)

// TestJoomlaRules pins the joomla dialect's hooks on the properties reading.
func TestJoomlaRules(t *testing.T) {
	t.Parallel()
	type unit struct{ key, text, note string }
	for _, c := range []struct {
		name, doc string
		want      []unit
	}{
		{"quotes dropped", "KEY=\"Value\"\n", []unit{{"KEY", "Value", ""}}},
		{"only = delimits", "A:B C=\"x\"\n", []unit{{"A:B C", "x", ""}}},
		{"value stripped at both ends", "KEY =  \"x\"  \n", []unit{{"KEY", "x", ""}}},
		{"_QQ_ between quotes", "KEY=\"say \"_QQ_\"hi\"_QQ_\"\"\n", []unit{{"KEY", `say "hi"`, ""}}},
		{"two quotes stay", "KEY=\"\"\n", []unit{{"KEY", `""`, ""}}},
		{"unquoted", "KEY=plain\n", []unit{{"KEY", "plain", ""}}},
		{"Java escapes", "KEY=\"a\\nb\\u00e9\"\n", []unit{{"KEY", "a\nbé", ""}}},
		{"comments are notes", "; header\n\n; about KEY\nKEY=\"x\"\n", []unit{{"KEY", "x", "; about KEY"}}},
		{"byte-order mark", "\xef\xbb\xbfKEY=\"x\"\n", []unit{{"KEY", "x", ""}}},
	} {
		f, err := mustLookup(t, "joomla").Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []unit
		for _, u := range f.Units {
			got = append(got, unit{u.Key, u.Target[0], u.Note})
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
	for _, doc := range []string{"KEY\nA=\"b\"\n", "A=\"\xff\"\n"} {
		if _, err := mustLookup(t, "joomla").Parse([]byte(doc)); err == nil {
			t.Errorf("%q: parsed; Weblate refuses it", doc)
		}
	}
}

func FuzzJoomla(f *testing.F) {
	addPlainSeeds(f, joomlaSnippets, "joomla")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, propBound, "joomla")
	})
}

func TestJoomlaDuplicates(t *testing.T) {
	t.Parallel()
	f, err := mustLookup(t, "joomla").Parse([]byte("A=\"x\"\nB=\"y\"\nA=\"z\"\n"))
	if err != nil || len(f.Warnings) != 1 || f.Warnings[0].Line != 3 {
		t.Errorf("%v %v", f, err)
	}
}
