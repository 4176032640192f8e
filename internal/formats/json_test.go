package formats

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// jsonCase is one hand-written input and the units Weblate 4.18 makes of it,
// worked out from weblate/formats/ttkit.py (JSONUnit: the context is the id
// without its leading dot) and translate-toolkit's jsonl10n.py; TestTTKJSON
// checks every row against translate-toolkit itself.
type jsonCase struct {
	name   string
	format string
	doc    string
	want   []Unit // Key, Target, Categories, Plural, Note, Flags are compared
	err    bool
}

func u(key string, forms ...string) Unit { return Unit{Key: key, Target: forms} }

func pl(key string, forms ...string) Unit { return Unit{Key: key, Target: forms, Plural: true} }

func cat(key string, cats string, forms ...string) Unit {
	return Unit{Key: key, Target: forms, Categories: strings.Fields(cats), Plural: true}
}

func blank(x Unit) Unit {
	x.Blank = true
	return x
}

func noted(x Unit, note, flags string) Unit {
	x.Note, x.Flags = note, flags
	return x
}

var jsonCases = []jsonCase{
	// Plain and nested JSON.
	{"flat keys in file order", "json", `{"b": "B", "a": "A", "c": ""}`, []Unit{u("b", "B"), u("a", "A"), u("c", "")}, false},
	{"nested objects join keys with dots", "json", `{"app": {"title": "T", "menu": {"open": "O"}}, "x": "X"}`,
		[]Unit{u("app.title", "T"), u("app.menu.open", "O"), u("x", "X")}, false},
	{"json-nested reads the same", "json-nested", `{"app": {"title": "T"}, "a.b": "flat"}`,
		[]Unit{u("app.title", "T"), u("a.b", "flat")}, false},
	{"arrays index their items", "json", `{"list": ["a", {"k": "v"}, ["x"]]}`,
		[]Unit{u("list[0]", "a"), u("list[1].k", "v"), u("list[2][0]", "x")}, false},
	{"a top-level array has no leading dot to drop", "json", `["a", {"b": "c"}]`, []Unit{u("[0]", "a"), u("[1].b", "c")}, false},
	{"a scalar document has no unit", "json", `"just text"`, nil, false},
	{"empty containers have no unit", "json", `{"a": {}, "b": [], "c": "C"}`, []Unit{u("c", "C")}, false},
	{"non-strings print as Python does", "json",
		`{"t": true, "f": false, "n": null, "i": 42, "z": 0, "mz": -0, "fl": 1.50, "e": 1e6, "big": 1e16, "tiny": 1e-5, "nan": NaN, "inf": -Infinity}`,
		[]Unit{u("t", "True"), blank(u("f", "False")), u("n", ""), u("i", "42"), blank(u("z", "0")), blank(u("mz", "0")), u("fl", "1.5"),
			u("e", "1000000.0"), u("big", "1e+16"), u("tiny", "1e-05"), u("nan", "nan"), u("inf", "-inf")}, false},
	{"a repeated key keeps its first place and its last value", "json", `{"a": "1", "b": "2", "a": "3"}`,
		[]Unit{u("a", "3"), u("b", "2")}, false},
	{"only one leading dot is dropped", "json", `{"": {"": "x"}, ".k": "y"}`, []Unit{u(".", "x"), u(".k", "y")}, false},
	{"escapes and surrogate pairs", "json", `{"a": "\u00e9\n\t\"\\\/\ud83d\ude00", "b": "\ud800x\udc00"}`,
		[]Unit{u("a", "é\n\t\"\\/😀"), u("b", "\uFFFDx\uFFFD")}, false},
	{"a byte-order mark is dropped", "json", "\uFEFF{\"a\": \"x\"}", []Unit{u("a", "x")}, false},
	{"UTF-16 is refused", "json", "\xff\xfe{\x00}\x00", nil, true},
	{"invalid UTF-8 is refused", "json", "{\"a\": \"\xe9\"}", nil, true},
	{"a raw control character is refused", "json", "{\"a\": \"x\x01\"}", nil, true},
	{"an unknown escape is refused", "json", `{"a": "\q"}`, nil, true},
	{"a trailing comma is refused", "json", `{"a": "x",}`, nil, true},
	{"extra data is refused", "json", `{"a": "x"} {}`, nil, true},
	{"an empty file is refused", "json", ``, nil, true},
	{"an integer of more than 4300 digits is refused", "json", `{"a": ` + strings.Repeat("7", 4301) + `}`, nil, true},

	// i18next v3.
	{"key and key_plural make one unit", "i18next", `{"key": "one", "key_plural": "many", "other": "o"}`,
		[]Unit{pl("key", "one", "many"), u("other", "o")}, false},
	{"key_plural first still makes the unit at its place", "i18next", `{"k_plural": "ps", "x": "X", "k": "s"}`,
		[]Unit{u("k_plural", "ps"), u("x", "X"), pl("k", "s", "ps")}, false},
	{"numbered forms up to the first gap", "i18next", `{"n_0": "a", "n_1": "b", "n_2": "c", "n_4": "e"}`,
		[]Unit{pl("n", "a", "b", "c"), u("n_4", "e")}, false},
	{"a lone _0 is a one-form unit", "i18next", `{"n_0": "a"}`, []Unit{u("n", "a")}, false},
	{"numbered forms start at any member of the group", "i18next", `{"n_1": "b", "n_0": "a"}`, []Unit{pl("n", "a", "b")}, false},
	{"key_plural without key is a plain unit", "i18next", `{"k_plural": "x"}`, []Unit{u("k_plural", "x")}, false},
	{"plurals inside nested objects", "i18next", `{"a": {"item": "1 item", "item_plural": "{{count}} items"}}`,
		[]Unit{pl("a.item", "1 item", "{{count}} items")}, false},
	{"a form that is not a string prints as Python does", "i18next", `{"k": null, "k_plural": {"x": [1, true]}}`,
		[]Unit{pl("k", "None", "{'x': [1, True]}")}, false},
	{"x_plural_plural without x_plural fails in translate-toolkit", "i18next", `{"x": "a", "x_plural_plural": "b"}`, nil, true},

	// i18next v4.
	{"CLDR suffixes make one unit named by category", "i18nextv4", `{"item_one": "1 item", "item_other": "{{count}} items", "title": "T"}`,
		[]Unit{cat("item", "one other", "1 item", "{{count}} items"), u("title", "T")}, false},
	{"the unit stands where its first form does and takes every category", "i18nextv4",
		`{"a": "A", "k_other": "o", "b": "B", "k_few": "f", "k_one": "1"}`,
		[]Unit{u("a", "A"), cat("k", "one few other", "1", "f", "o"), u("b", "B")}, false},
	{"other suffixes are plain keys", "i18nextv4", `{"k_plural": "p", "k_2": "2", "k_One": "x"}`,
		[]Unit{u("k_plural", "p"), u("k_2", "2"), u("k_One", "x")}, false},
	{"nested v4 plurals", "i18nextv4", `{"a": {"b_one": "x", "b_other": "y"}}`, []Unit{cat("a.b", "one other", "x", "y")}, false},

	// WebExtension.
	{"messages with descriptions and placeholders", "webextension",
		`{"hello": {"message": "Hello $NAME$", "description": "Greeting", "placeholders": {"name": {"content": "$1"}, "Count": {"content": "$2"}}}, "bye": {"message": "Bye"}}`,
		[]Unit{noted(u("hello", "Hello $NAME$"), "Greeting", "placeholders:$NAME$:$COUNT$,case-insensitive"), u("bye", "Bye")}, false},
	{"a message without text is empty", "webextension", `{"a": {"description": "d"}, "b": {"message": null}}`,
		[]Unit{noted(u("a", ""), "d", ""), u("b", "")}, false},
	{"a placeholder name with a flag syntax character is quoted", "webextension",
		`{"a": {"message": "x", "placeholders": {"a:b": {}}}}`,
		[]Unit{noted(u("a", "x"), "", `placeholders:"$A:B$",case-insensitive`)}, false},
	{"a message that is not an object is refused", "webextension", `{"a": "x"}`, nil, true},
	{"a list of messages is refused", "webextension", `[{"message": "x"}]`, nil, true},

	// ARB.
	{"@key is metadata and @@ keys are the header", "arb",
		`{"@@locale": "en", "title": "Hello", "@title": {"description": "Page title"}, "count": "{n, plural, one{# item} other{# items}}", "@count": {"placeholders": {"n": {"type": "int"}}}}`,
		[]Unit{noted(u("title", "Hello"), "Page title", ""), noted(u("count", "{n, plural, one{# item} other{# items}}"), "", "placeholders:$N$,case-insensitive")}, false},
	{"metadata that is not an object is refused", "arb", `{"a": "x", "@a": "note"}`, nil, true},
	{"an empty object or list as a value prints as Python does", "arb", `{"a": [], "b": {}, "c": 0.0}`, []Unit{blank(u("a", "[]")), blank(u("b", "{}")), blank(u("c", "0.0"))}, false},
	{"a non-empty object as a value fails in translate-toolkit", "arb", `{"a": {"k": "v"}}`, nil, true},

	// go-i18n v1.
	{"v1 list with plurals in CLDR order", "go-i18n-json",
		`[{"id": "d_cnt", "description": "days", "translation": {"other": "{{.Count}} days", "one": "{{.Count}} day"}}, {"id": "hi", "translation": "Hi"}, {"id": "none"}]`,
		[]Unit{noted(pl("d_cnt", "{{.Count}} day", "{{.Count}} days"), "days", ""), u("hi", "Hi"), u("none", "")}, false},
	{"v1 plural object with one form is a plain unit", "go-i18n-json", `[{"id": "a", "translation": {"other": "x"}}]`, []Unit{u("a", "x")}, false},
	{"v1 plural object without forms fails", "go-i18n-json", `[{"id": "a", "translation": {"description": "x"}}]`, nil, true},
	{"v1 empty object is no unit", "go-i18n-json", `{}`, nil, false},
	{"v1 object of messages is refused", "go-i18n-json", `{"a": "b"}`, nil, true},
	{"v1 id that is not a string is refused", "go-i18n-json", `[{"id": 5, "translation": "x"}]`, nil, true},

	// go-i18n v2.
	{"v2 strings and plural objects", "go-i18n-json-v2",
		`{"hello": "Hello", "emails": {"description": "unread", "one": "{{.Count}} email", "other": "{{.Count}} emails"}, "x": {"hash": "sha1-1", "other": "X"}}`,
		[]Unit{u("hello", "Hello"), noted(pl("emails", "{{.Count}} email", "{{.Count}} emails"), "unread", ""), u("x", "X")}, false},
	{"v2 value that is neither string nor object is refused", "go-i18n-json-v2", `{"a": 1}`, nil, true},
}

func unitsForCompare(units []Unit) []Unit {
	out := make([]Unit, 0, len(units))
	for _, x := range units {
		out = append(out, Unit{Key: x.Key, Target: x.Target, Categories: x.Categories, Plural: x.Plural, Blank: x.Blank, Note: x.Note, Flags: x.Flags})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func TestJSONUnits(t *testing.T) {
	t.Parallel()
	for _, c := range jsonCases {
		f, err := mustLookup(t, c.format).Parse([]byte(c.doc))
		if c.err {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Errorf("%s: got %v, %v; want a *SyntaxError with a line", c.name, f, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := unitsForCompare(f.Units); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, fmtUnits(got), fmtUnits(c.want))
		}
	}
}

func fmtUnits(units []Unit) string {
	var b strings.Builder
	for _, x := range units {
		fmt.Fprintf(&b, "\n  {%q %q cats=%q plural=%v blank=%v note=%q flags=%q}", x.Key, x.Target, x.Categories, x.Plural, x.Blank, x.Note, x.Flags)
	}
	return b.String()
}

func TestJSONLines(t *testing.T) {
	t.Parallel()
	doc := "{\n  \"a\": \"x\",\n  \"b\": {\n    \"c\": \"y\"\n  },\n  \"k_one\": \"1\",\n\n  \"k_other\": \"2\"\n}\n"
	f, err := i18nextV4.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range f.Units {
		got = append(got, fmt.Sprintf("%s:%d", x.Key, x.Line))
	}
	if want := []string{"a:2", "b.c:4", "k:6"}; !reflect.DeepEqual(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
	_, err = jsonFile.Parse([]byte("{\n\"a\": \"x\",\n\"b\": \"\\q\"\n}"))
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 3 {
		t.Errorf("error %v, want one on line 3", err)
	}
}

// TestJSONPluralTags checks i18next v4's plural tags against translate-toolkit's
// rule for JSON stores: the code up to the first "-" or "_", English otherwise.
func TestJSONPluralTags(t *testing.T) {
	t.Parallel()
	info, _ := Lookup("i18nextv4")
	for _, c := range []struct{ code, want string }{
		{"cs", "one few other"},
		{"pt-BR", "one many other"},
		{"pt_BR", "one many other"},
		{"ar", "zero one two few many other"},
		{"ja", "other"},
		{"xx", "one other"},
		{"", "one other"},
		{"b+sr+Latn", "one other"},
		{"zh-Hans", "other"},
	} {
		if got := strings.Join(info.PluralTags(c.code), " "); got != c.want {
			t.Errorf("PluralTags(%q) = %q, want %q", c.code, got, c.want)
		}
	}
	f, err := i18nextV4.Parse([]byte(`{"k_one": "1", "k_many": "m", "k_other": "o"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Units[0].FormsFor(info.PluralTags("cs")); !reflect.DeepEqual(got, []string{"1", "", "o"}) {
		t.Errorf("Czech forms %q", got)
	}
}

func TestPyFloatStr(t *testing.T) {
	t.Parallel()
	for in, want := range map[float64]string{
		0: "0.0", 1: "1.0", -2.5: "-2.5", 1e15: "1000000000000000.0", 1e16: "1e+16", 1.5e16: "1.5e+16",
		1e-4: "0.0001", 1e-5: "1e-05", 0.1: "0.1", 1.0 / 3: "0.3333333333333333", 123456789.125: "123456789.125",
		1e100: "1e+100", 5e-324: "5e-324",
	} {
		if got := pyFloatStr(in); got != want {
			t.Errorf("pyFloatStr(%v) = %q, want %q", in, got, want)
		}
	}
}

func TestPyRepr(t *testing.T) {
	t.Parallel()
	doc, err := decodeJSON([]byte(`{"a": [null, true, 1.5, "it's", "x\"y", "both'\"", "\u007f\u00a0\u200b\ud83d\ude00\n\\"], "b": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{'a': [None, True, 1.5, "it's", 'x"y', 'both\'"', '\x7f\xa0\u200b😀\n\\'], 'b': {}}`
	if got := doc.pyStr(doc.root); got != want {
		t.Errorf("repr\n got %s\nwant %s", got, want)
	}
}

func TestPyIsDigit(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"0": true, "12": true, "²": true, "٣": true, "①": true, "": false, "1a": false, "½": false, "x": false} {
		if got := pyIsDigit(s); got != want {
			t.Errorf("pyIsDigit(%q) = %v", s, got)
		}
	}
}
