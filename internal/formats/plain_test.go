package formats

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Weblate's rules for the key-value formats on small hand-written files. Each
// expectation is derived by hand from translate-toolkit's parsers
// (translate/storage/properties.py, yaml.py) and Weblate's units
// (weblate/formats/ttkit.py); ttk_plain_test.go checks the same parsers against
// translate-toolkit itself.

type plainWant struct {
	key      string
	target   []string
	note     string
	readOnly bool
}

type plainCase struct {
	name   string
	format string
	in     string
	want   []plainWant
	err    bool // the file is refused
}

func runPlainCases(t *testing.T, cases []plainCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.format+"/"+c.name, func(t *testing.T) {
			t.Parallel()
			f, err := mustLookup(t, c.format).Parse([]byte(c.in))
			if c.err {
				if err == nil {
					t.Fatalf("parsed, want an error: %+v", f.Units)
				}
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("error %T %v is not a *SyntaxError", err, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []plainWant
			for _, u := range f.Units {
				got = append(got, plainWant{u.Key, u.Target, u.Note, u.ReadOnly})
				if u.Plural != (len(u.Target) > 1) || u.Fuzzy || u.Approved || u.Categories != nil {
					t.Errorf("%q: plural %v, fuzzy %v, approved %v, categories %v", u.Key, u.Plural, u.Fuzzy, u.Approved, u.Categories)
				}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("units\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func one(s string) []string { return []string{s} }

func TestPropertiesRules(t *testing.T) {
	t.Parallel()
	runPlainCases(t, []plainCase{
		{name: "separators", format: "properties", in: "a=1\nb:2\nc 3\nd = 4\ne : 5 \n   f=6\n",
			want: []plainWant{{"a", one("1"), "", false}, {"b", one("2"), "", false}, {"c", one("3"), "", false},
				{"d", one("4"), "", false}, {"e", one("5 "), "", false}, {"f", one("6"), "", false}}},
		// The key stays as written (Weblate's context); only the value is decoded.
		{name: "escaped separators in keys", format: "properties", in: "a\\:b=c\nkey\\ with\\ space = v\nx\\=y:z\n",
			want: []plainWant{{`a\:b`, one("c"), "", false}, {`key\ with\ space`, one("v"), "", false}, {`x\=y`, one("z"), "", false}}},
		// A space before "=" is the delimiter only when text follows it first.
		{name: "space and equals", format: "properties", in: "a b=c\nd =e\n",
			want: []plainWant{{"a", one("b=c"), "", false}, {"d", one("e"), "", false}}},
		{name: "continuation", format: "properties", in: "a=first \\\n    second \\\n\tthird\nb=odd\\\\\nc=d\n",
			want: []plainWant{{"a", one("first second third"), "", false}, {"b", one(`odd\`), "", false}, {"c", one("d"), "", false}}},
		{name: "escapes", format: "properties", in: `a=\u00e9\n\t\\\"\'\q\ x\uD83D\uDE00 \uD83D \u41 \u0000` + "\n",
			want: []plainWant{{"a", one("é\n\t\\\"'q x😀 \uFFFD A \\u0000"), "", false}}},
		{name: "notes and header", format: "properties",
			in:   "# Licence header\n# more\n\n# note of a\na=1\n! bang note\n\n# after a blank\nb=2\nc=3\n# trailing comment\n",
			want: []plainWant{{"a", one("1"), "# note of a", false}, {"b", one("2"), "! bang note\n\n# after a blank", false}, {"c", one("3"), "", false}}},
		{name: "other comment markers", format: "properties", in: "// slashes\na=1\n; semicolon\nb=2\n/* block\n   on lines */\nc=3\n",
			want: []plainWant{{"a", one("1"), "// slashes", false}, {"b", one("2"), "; semicolon", false}, {"c", one("3"), "/* block\n   on lines */", false}}},
		// Empty values are units (untranslated in a translation, and a template's
		// empty value makes the unit read-only in every translation).
		{name: "empty values", format: "properties", in: "a=\nb:\nc\n",
			want: []plainWant{{"a", one(""), "", false}, {"b", one(""), "", false}, {"c", one(""), "", false}}},
		{name: "value without key is read-only", format: "properties", in: "a=1\n=orphan\n",
			want: []plainWant{{"a", one("1"), "", false}, {"", one("orphan"), "", true}}},
		{name: "first entry without delimiter", format: "properties", in: "lonely_key\na=b\n", err: true},
		{name: "latin-1", format: "properties", in: "a=caf\xe9\n", want: []plainWant{{"a", one("café"), "", false}}},
		{name: "UTF-8 read as ISO-8859-1", format: "properties", in: "a=café\n", want: []plainWant{{"a", one("cafÃ©"), "", false}}},
		{name: "UTF-8 byte-order mark as ISO-8859-1", format: "properties", in: "\xef\xbb\xbfa=b\n", want: []plainWant{{"ï»¿a", one("b"), "", false}}},
		{name: "UTF-8", format: "properties-utf8", in: "\xef\xbb\xbfa=café \\u00e9\n", want: []plainWant{{"a", one("café é"), "", false}}},
		{name: "not UTF-8", format: "properties-utf8", in: "a=caf\xe9\n", err: true},
		{name: "UTF-16", format: "properties-utf16", in: string(encodeUTF16("# n\na=日本\n", true, true)), want: []plainWant{{"a", one("日本"), "# n", false}}},
		{name: "UTF-16 without byte-order mark is little-endian", format: "properties-utf16", in: string(encodeUTF16("a=b\n", false, false)), want: []plainWant{{"a", one("b"), "", false}}},
		{name: "odd UTF-16", format: "properties-utf16", in: "a=b\n", err: true},
		{name: "duplicates kept in file order", format: "properties", in: "a=1\na=2\n", want: []plainWant{{"a", one("1"), "", false}, {"a", one("2"), "", false}}},
		{name: "empty file", format: "properties", in: ""},
		{name: "comments only", format: "properties", in: "# a\n# b\n"},
	})
}

func TestStringsRules(t *testing.T) {
	t.Parallel()
	runPlainCases(t, []plainCase{
		{name: "basic", format: "strings-utf8", in: "/* Title of the window */\n\"title\" = \"Fenster\";\n\n\"quit\"=\"Beenden\";\n",
			want: []plainWant{{"title", one("Fenster"), "/* Title of the window */", false}, {"quit", one("Beenden"), "", false}}},
		// Xcode's placeholder comment is dropped.
		{name: "no comment provided", format: "strings-utf8", in: "/* No comment provided by engineer. */\n\"a\" = \"b\";\n",
			want: []plainWant{{"a", one("b"), "", false}}},
		{name: "escapes", format: "strings-utf8", in: `"a\"q" = "x\"y\n\t\\ \U00e9 \u00E9 \UD83D\UDE00";` + "\n",
			want: []plainWant{{`a"q`, one("x\"y\n\t\\ é é 😀"), "", false}}},
		{name: "unquoted", format: "strings-utf8", in: "NSHumanReadableCopyright = \"© 2009\";\nkey = value;\n",
			want: []plainWant{{"NSHumanReadableCopyright", one("© 2009"), "", false}, {"key", one("value"), "", false}}},
		// A line not ending in ";" continues, joined without a newline: a trailing
		// // comment swallows the next entry.
		{name: "trailing comment swallows the next line", format: "strings-utf8", in: "\"a\" = \"A\"; // same\n\"b\" = \"B\";\n\"c\" = \"C\";\n",
			want: []plainWant{{"a", one(`A"; // same"b" = "B`), "", false}, {"c", one("C"), "", false}}},
		{name: "value on the next line", format: "strings-utf8", in: "\"a\" =\n   \"A\";\n", want: []plainWant{{"a", one("A"), "", false}}},
		{name: "empty value", format: "strings-utf8", in: "\"a\" = \"\";\n", want: []plainWant{{"a", one(""), "", false}}},
		{name: "no delimiter first", format: "strings-utf8", in: "\"a\";\n\"b\" = \"c\";\n", err: true},
		{name: "unterminated key", format: "strings-utf8", in: "\"a = \"b;\n", err: true},
		{name: "UTF-16 big-endian", format: "strings", in: string(encodeUTF16("\"a\" = \"日本\";\n", true, true)), want: []plainWant{{"a", one("日本"), "", false}}},
		{name: "UTF-16 little-endian", format: "strings", in: string(encodeUTF16("\"a\" = \"b\";\n", false, true)), want: []plainWant{{"a", one("b"), "", false}}},
		// translate-toolkit reads a strings file as UTF-16 whatever it holds.
		{name: "UTF-8 read as UTF-16", format: "strings", in: "\"a\" = \"b\";\n", err: true},
	})
}

func TestYAMLRules(t *testing.T) {
	t.Parallel()
	runPlainCases(t, []plainCase{
		{name: "nesting", format: "yaml", in: "a:\n  b: x\n  c: [y, z]\nlist:\n  - name: n\n",
			want: []plainWant{{"a->b", one("x"), "", false}, {"a->c->[0]", one("y"), "", false}, {"a->c->[1]", one("z"), "", false}, {"list->[0]->name", one("n"), "", false}}},
		{name: "root sequence", format: "yaml", in: "- a\n- b\n", want: []plainWant{{"[0]", one("a"), "", false}, {"[1]", one("b"), "", false}}},
		{name: "scalars", format: "yaml", in: "i: 0x1F\no: 0o17\nz: 012\nu: 1_000\nb: true\nB: yes\nn: ~\ne:\ns: 'quoted'\nq: \"\"\n",
			want: []plainWant{{"i", one("31"), "", false}, {"o", one("15"), "", false}, {"z", one("12"), "", false}, {"u", one("1000"), "", false},
				{"b", one("True"), "", false}, {"B", one("yes"), "", false}, {"s", one("quoted"), "", false}, {"q", one(""), "", false}}},
		{name: "YAML 1.1 directive", format: "yaml", in: "%YAML 1.1\n---\nb: yes\no: 017\n", want: []plainWant{{"b", one("True"), "", false}, {"o", one("15"), "", false}}},
		{name: "keys as Python writes them", format: "yaml", in: "1: a\nfalse: b\n~: c\n1.5: d\n", want: []plainWant{{"1", one("a"), "", false}, {"False", one("b"), "", false}, {"None", one("c"), "", false}, {"1.5", one("d"), "", false}}},
		{name: "block scalars", format: "yaml", in: "a: |\n  two\n  lines\nb: >-\n  folded\n  text\n", want: []plainWant{{"a", one("two\nlines\n"), "", false}, {"b", one("folded text"), "", false}}},
		{name: "anchors and merges", format: "yaml", in: "base: &b\n  x: 1\nd:\n  <<: *b\n  y: 2\nal: *b\n",
			want: []plainWant{{"base->x", one("1"), "", false}, {"d->y", one("2"), "", false}, {"al->x", one("1"), "", false}}},
		{name: "float", format: "yaml", in: "a: 1.5\n", err: true},
		{name: "date", format: "yaml", in: "a: 2001-12-14\n", err: true},
		{name: "duplicate key", format: "yaml", in: "a: 1\na: 2\n", err: true},
		{name: "1 and true are one key", format: "yaml", in: "1: a\ntrue: b\n", err: true},
		{name: "two documents", format: "yaml", in: "a: 1\n---\nb: 2\n", err: true},
		{name: "not UTF-8", format: "yaml", in: "a: caf\xe9\n", err: true},
		{name: "byte-order mark", format: "yaml", in: "\xef\xbb\xbfa: b\n", want: []plainWant{{"a", one("b"), "", false}}},
		{name: "empty", format: "yaml", in: ""},
		{name: "plural categories are plain keys", format: "yaml", in: "a:\n  one: x\n  other: y\n", want: []plainWant{{"a->one", one("x"), "", false}, {"a->other", one("y"), "", false}}},
	})
}

func TestRubyYAMLRules(t *testing.T) {
	t.Parallel()
	runPlainCases(t, []plainCase{
		{name: "language root and plurals", format: "ruby-yaml", in: "en:\n  items:\n    one: \"1 item\"\n    other: \"%{count} items\"\n  title: Title\n  nested:\n    key: v\n",
			want: []plainWant{{"items", []string{"1 item", "%{count} items"}, "", false}, {"title", one("Title"), "", false}, {"nested->key", one("v"), "", false}}},
		// Forms come in CLDR order, whatever the file's order.
		{name: "plural order", format: "ruby-yaml", in: "de:\n  x:\n    other: a\n    zero: b\n    few: c\n", want: []plainWant{{"x", []string{"b", "c", "a"}, "", false}}},
		{name: "one category is not plural", format: "ruby-yaml", in: "ja:\n  x:\n    other: a\n", want: []plainWant{{"x", one("a"), "", false}}},
		{name: "plural values as str() writes them", format: "ruby-yaml", in: "en:\n  x:\n    zero: 0\n    one: ~\n    other: true\n", want: []plainWant{{"x", []string{"0", "None", "True"}, "", false}}},
		{name: "arrays", format: "ruby-yaml", in: "de:\n  date:\n    abbr_day_names: [So, Mo]\n    month_names: [~, Januar]\n",
			want: []plainWant{{"date->abbr_day_names->[0]", one("So"), "", false}, {"date->abbr_day_names->[1]", one("Mo"), "", false}, {"date->month_names->[1]", one("Januar"), "", false}}},
		{name: "two root keys stay", format: "ruby-yaml", in: "en: a\nde: b\n", want: []plainWant{{"en", one("a"), "", false}, {"de", one("b"), "", false}}},
		{name: "empty language", format: "ruby-yaml", in: "en:\n"},
		{name: "plural at the root", format: "ruby-yaml", in: "en:\n  one: a\n  other: b\n", want: []plainWant{{"", []string{"a", "b"}, "", false}}},
	})
}

// TestPlainInfo: the formats' Weblate ids, names, media types and extensions
// (weblate/formats/ttkit.py; mimetype() of properties and strings is text/plain).
func TestPlainInfo(t *testing.T) {
	t.Parallel()
	want := map[string]Info{
		"properties":       {ID: "properties", Name: "Java Properties (ISO 8859-1)", Monolingual: true, MimeType: "text/plain", Extension: "properties"},
		"properties-utf8":  {ID: "properties-utf8", Name: "Java Properties (UTF-8)", Monolingual: true, MimeType: "text/plain", Extension: "properties", CheckFlags: "auto-java-messageformat"},
		"properties-utf16": {ID: "properties-utf16", Name: "Java Properties (UTF-16)", Monolingual: true, MimeType: "text/plain", Extension: "properties"},
		"strings":          {ID: "strings", Name: "iOS strings (UTF-16)", Monolingual: true, MimeType: "text/plain", Extension: "strings"},
		"strings-utf8":     {ID: "strings-utf8", Name: "iOS strings (UTF-8)", Monolingual: true, MimeType: "text/plain", Extension: "strings"},
		"yaml":             {ID: "yaml", Name: "YAML file", Monolingual: true, MimeType: "text/yaml", Extension: "yml"},
		"ruby-yaml":        {ID: "ruby-yaml", Name: "Ruby YAML file", Monolingual: true, MimeType: "text/yaml", Extension: "yml", Plurals: PluralsPositional},
	}
	for id, w := range want {
		info, ok := Lookup(id)
		if !ok {
			t.Errorf("%s not registered", id)
			continue
		}
		got := *info
		got.format = nil
		got.Detect = nil // detect_test.go
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s: %+v, want %+v", id, got, w)
		}
	}
}

// TestYAMLAliasBomb: a "billion laughs" document (nine levels of ten aliases each)
// is refused at once rather than expanded into a billion units.
func TestYAMLAliasBomb(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("a0: &a0 [lol]\n")
	for i := 1; i <= 9; i++ {
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	// Refused, on a line: the bomb (the budget), and mappings that merge in one they
	// are part of (FuzzYAML found the first; translate-toolkit 3.8.4 cannot load
	// them: AttributeError in ruamel.yaml's constructor).
	for doc, want := range map[string]string{
		b.String():                    "line 1: aliases expand",
		"0: &b\n  <<: *b":             "line 2: a mapping merges in",
		"a: &a\n  b:\n    <<: [*a]\n": "line 3: a mapping merges in",
	} {
		for _, id := range []string{"yaml", "ruby-yaml"} {
			_, err := mustLookup(t, id).Parse([]byte(doc))
			var se *SyntaxError
			if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s on %.40q: %v, want %s…", id, doc, err, want)
			}
		}
	}
	// A mapping merging one written before it is no cycle (translate-toolkit 3.8.4:
	// the units base->a and more->b; what is merged in is not a unit again).
	f, err := mustLookup(t, "ruby-yaml").Parse([]byte("en:\n  base: &base\n    a: x\n  more:\n    <<: *base\n    b: y\n"))
	if err != nil || len(f.Units) != 2 || f.Units[0].Key != "base->a" || f.Units[1].Key != "more->b" {
		t.Errorf("a merge of an earlier mapping: %v, %+v", err, f)
	}
	// A few aliases, as real files use them, stay within the budget.
	f, err = mustLookup(t, "yaml").Parse([]byte("x: &x [a, b]\ny: *x\nz: *x\n"))
	if err != nil || len(f.Units) != 6 {
		t.Errorf("small aliases: %v, %d units", err, len(f.Units))
	}
}
