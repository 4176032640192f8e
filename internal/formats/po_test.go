package formats

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestPOUnits(t *testing.T) {
	doc := `# Translation of gitlate.
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\n"

# Translator comment
#. Extracted comment
#: src/main.go:10
#, fuzzy, go-format
msgctxt "menu"
msgid "Open"
msgstr "Otevřít"

msgid ""
"Multi "
"line\n"
msgstr "Víc\třádků \"x\" \\ \a"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d soubor"
msgstr[1] "%d soubory"
msgstr[2] "%d souborů"

msgid "Untranslated"
msgstr ""

#~ msgid "Old"
#~ msgstr "Staré"
`
	f, err := poFormat{}.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []Unit{
		{Key: "menu", Source: []string{"Open"}, Target: []string{"Otevřít"}, Fuzzy: true, Note: "Translator comment\nExtracted comment", Flags: "go-format", Line: 7},
		{Source: []string{"Multi line\n"}, Target: []string{"Víc\třádků \"x\" \\ \\a"}, Line: 15},
		{Source: []string{"%d file", "%d files"}, Target: []string{"%d soubor", "%d soubory", "%d souborů"}, Plural: true, Line: 20},
		{Source: []string{"Untranslated"}, Target: []string{""}, Line: 26},
	}
	if !reflect.DeepEqual(f.Units, want) {
		t.Errorf("got  %#v\nwant %#v", f.Units, want)
	}
}

// TestPOFlags: Weblate's PoUnit.flags, Flags(*typecomments) without fuzzy,
// written by Flags.format (expected values from Weblate's weblate/checks/flags.py
// run on the same comment lines).
func TestPOFlags(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, comments string
		want           string
		fuzzy          bool
	}{
		{"none", "", "", false},
		{"one format flag", "#, c-format\n", "c-format", false},
		{"fuzzy is no flag", "#, fuzzy, python-format\n", "python-format", true},
		{"fuzzy alone", "#, fuzzy\n", "", true},
		{"no-*-format flags are kept", "#, no-c-format, python-brace-format\n", "no-c-format, python-brace-format", false},
		{"a value after a colon and spaces", "#, range: 0..10\n", "range:0..10", false},
		{"lines merge, the later value wins, sorted", "#, max-length:10\n#, max-length:20, c-format\n", "c-format, max-length:20", false},
		{"a valued fuzzy is dropped too", "#, fuzzy:x, c-format\n", "c-format", false},
		{"a name with a space is quoted", "#, fuzzy c-format\n", `"fuzzy c-format"`, false},
		{"quoted values are unquoted when they can be", "#, placeholders:\"{x}\":y\n", "placeholders:{x}:y", false},
		{"no space after the comma", "#,c-format,ignore-end-stop\n", "c-format, ignore-end-stop", false},
	}
	for _, c := range cases {
		doc := c.comments + "msgid \"a\"\nmsgstr \"b\"\n"
		f, err := poFormat{}.Parse([]byte(doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(f.Units) != 1 {
			t.Errorf("%s: %d units", c.name, len(f.Units))
			continue
		}
		if u := f.Units[0]; u.Flags != c.want || u.Fuzzy != c.fuzzy {
			t.Errorf("%s: flags %q fuzzy %v, want %q %v", c.name, u.Flags, u.Fuzzy, c.want, c.fuzzy)
		}
	}
}

// TestPOFlagSyntax: a "#," line Weblate's flag grammar refuses fails the file,
// as it fails Weblate's import.
func TestPOFlagSyntax(t *testing.T) {
	t.Parallel()
	doc := "msgid \"a\"\nmsgstr \"b\"\n\n#, c-format, it's\nmsgid \"c\"\nmsgstr \"d\"\n"
	_, err := poFormat{}.Parse([]byte(doc))
	if err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "flags") {
		t.Errorf("err = %v, want a syntax error on line 4", err)
	}
}

func TestPOErrors(t *testing.T) {
	for _, doc := range []string{
		"msgid \"a\"\nmsgstr \"b\"\ngarbage\n",
		"msgid \"a\nmsgstr \"b\"\n",
		"msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=KOI8-R\\n\"\n\nmsgid \"a\"\nmsgstr \"b\"\n",
		"msgid \"a\"\nmsgstr \"\xff\"\n",
		"msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[x] \"c\"\n",
	} {
		if _, err := (poFormat{}).Parse([]byte(doc)); err == nil {
			t.Errorf("no error for %q", doc)
		}
	}
}

// latin1String carries bytes through JSON to ttk_dump.py, which reads each
// character U+0000-U+00FF back as one byte.
func latin1String(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

var poSnippets = []string{
	"msgid \"a\"\nmsgstr \"b\"\n",
	"msgid \"a\"\r\nmsgstr \"b\"\r\n\r\n#. note\r\nmsgid \"c\"\r\nmsgstr \"d\"\r\n",
	"msgid \"a\"\rmsgstr \"b\"\r",
	"#.x\n#\n# \n#é comment\nmsgid \"a\"\nmsgstr \"b\"\n",
	"msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\nmsgid \"caf\xe9\"\nmsgstr \"b\"\n",
	"msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=latin1\\n\"\n\nmsgid \"a\"\nmsgstr \"b\"\n",
	"msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=CHARSET\\n\"\n\nmsgid \"a\"\nmsgstr \"b\"\n",
	"msgid \"\"\nmsgstr \"x\"\nmsgctxt \"c\"\nmsgid \"\"\nmsgstr \"y\"\n",
	"msgid \"\"\nmsgstr \"\"\n\nmsgid \"\"\nmsgstr \"\"\n",
	"msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[1] \"one\"\nmsgstr[0] \"zero\"\nmsgstr[1] \"again\"\n",
	"msgid \"a\"\nmsgid_plural \"\"\nmsgstr[0] \"\"\n",
	"msgid \"\"\nmsgid_plural \"b\"\nmsgstr[1] \"x\"\n",
	"msgid \"_: kde context\\n\"\n\"real\"\nmsgstr \"t\"\n",
	"msgid \"_: kde\"\n\"more\\n\"\n\"real\"\nmsgstr \"t\"\n",
	"#| msgid \"old\"\n#, fuzzy\nmsgid \"new\"\nmsgstr \"t\"\n",
	"#|\nmsgid \"new\"\nmsgstr \"t\"\n",
	"  #| msgid \"old\"\nmsgid \"new\"\nmsgstr \"t\"\n",
	"#~ msgid \"old\"\n#~ msgstr \"o\"\n#~ \"more\"\nmsgid \"a\"\nmsgstr \"b\"\n",
	"# comment only\n",
	"# c\n#~ msgid \"x\"\n",
	"msgid \"a\" \nmsgstr  \"b\"   \n",
	"msgid\"a\"\nmsgstr\"b\"\n",
	"msgid \"a\\\"b\\\\\"\nmsgstr \"\\\\\\\\n\\x41\\u00e9\\\n",
	"msgid \"a\"\nmsgstr \"b\"\n\"\"\n\"c\"\n",
	"msgctxt \"\"\nmsgid \"a\"\nmsgstr \"b\"\n",
	"msgid \"a\"\nmsgstr[0] \"b\"\n",
	"msgid \"a\"\nmsgid_plural \"p\"\nmsgstr[ 1 ] \"b\"\nmsgstr[0] \"c\"\n",
	"msgid \"a\"\nmsgid_plural \"p\"\nmsgstr[\xd9\xa1] \"b\"\n",
	"\xef\xbb\xbfmsgid \"a\"\nmsgstr \"b\"\n",
	"msgid \"a\"\nmsgstr \"b\"\n\n\n\n",
	"\n\n\t\nmsgid \"a\"\nmsgstr \"b\"",
	"msgid \"a\"\nmsgstr \"b\"\n#, fuzzy\n",
	"#,fuzzy\nmsgid \"a\"\nmsgstr \"b\"\n#, fuzzy c-format\nmsgid \"c\"\nmsgstr \"d\"\n",
	"msgid \"a\"\nmsgstr \"\u00e9\u2028\"\n",
}

func TestTTKPO(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := append([]string(nil), poSnippets...)
	rng := rand.New(rand.NewPCG(5, 6))
	n := 1500
	if testing.Short() {
		n = 200
	}
	for i := 0; i < n; i++ {
		docs = append(docs, randomPODoc(rng))
	}
	var reqs []ttkRequest
	for _, d := range docs {
		reqs = append(reqs, ttkRequest{Format: "po-bytes", Data: latin1String([]byte(d))})
	}
	res := runTTK(t, reqs)
	parsed, units := 0, 0
	for i, d := range docs {
		f, err := poFormat{}.Parse([]byte(d))
		if err == nil {
			parsed++
			units += len(f.Units)
		}
		if res[i].Error != "" {
			if err == nil {
				t.Errorf("translate-toolkit fails (%s), we parse it:\n%q", res[i].Error, d)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v; translate-toolkit parses it:\n%q", err, d)
			continue
		}
		want := res[i].Units
		if len(f.Units) != len(want) {
			t.Errorf("%d units, translate-toolkit %d:\n%q", len(f.Units), len(want), d)
			continue
		}
		for j, u := range f.Units {
			w := want[j]
			got := fmt.Sprintf("%q %q %q %v %v %q", u.Key, u.Source, u.Target, u.Plural, u.Fuzzy, u.Note)
			exp := fmt.Sprintf("%q %q %q %v %v %q", w.Key, derefForms(w.Source), derefForms(w.Target), w.Plural, w.Fuzzy, w.Note)
			if got != exp {
				t.Errorf("unit %d:\n got %s\nttk %s\n%q", j, got, exp, d)
			}
		}
	}
	t.Logf("%d documents (%d parsed, %d units) agree with translate-toolkit", len(docs), parsed, units)
}

func randomPODoc(rng *rand.Rand) string {
	nl := []string{"\n", "\n", "\n", "\r\n", "\r"}[rng.IntN(5)]
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	str := func() string {
		var b strings.Builder
		b.WriteByte('"')
		for n := rng.IntN(5); n > 0; n-- {
			b.WriteString(pick("a", "word", " ", "é", "日本", `\n`, `\t`, `\"`, `\\`, `\a`, `\x41`, `%d`, `_: `, "\\"))
		}
		b.WriteByte('"')
		return b.String()
	}
	quoted := func(keyword string) string {
		s := keyword + pick(" ", " ", "  ", "") + str() + nl
		for n := rng.IntN(3); n > 0; n-- {
			s += pick("", " ", "\t") + str() + nl
		}
		return s
	}
	var b strings.Builder
	if rng.IntN(2) == 0 {
		b.WriteString(`msgid ""` + nl + `msgstr ""` + nl + `"Content-Type: text/plain; charset=` + pick("UTF-8", "utf-8", "CHARSET", "UTF8", "ISO-8859-1") + `\n"` + nl + nl)
	}
	for n := rng.IntN(5) + 1; n > 0; n-- {
		for c := rng.IntN(4); c > 0; c-- {
			b.WriteString(pick("#", "# ", "#.", "#. ", "#:", "#: ", "#, ", "#,", " #") + pick("", "fuzzy", "fuzzy, c-format", "note", "é", "a:1") + nl)
		}
		if rng.IntN(6) == 0 {
			b.WriteString("#| msgid " + str() + nl)
		}
		if rng.IntN(8) == 0 {
			b.WriteString("#~ msgid " + str() + nl + "#~ msgstr " + str() + nl + nl)
			continue
		}
		if rng.IntN(3) == 0 {
			b.WriteString(quoted("msgctxt"))
		}
		b.WriteString(quoted("msgid"))
		if rng.IntN(3) == 0 {
			b.WriteString(quoted("msgid_plural"))
			for _, k := range []string{"0", "1", "2", "1"}[:rng.IntN(4)+1] {
				b.WriteString(quoted("msgstr[" + k + "]"))
			}
		} else {
			b.WriteString(quoted("msgstr"))
		}
		b.WriteString(pick(nl, nl, nl+nl, "", " "+nl))
	}
	return b.String()
}

func FuzzPO(f *testing.F) {
	for _, s := range poSnippets {
		f.Add([]byte(s))
	}
	rng := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 20; i++ {
		f.Add([]byte(randomPODoc(rng)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The PO parser has no independent reference here (TestTTKPO compares it with
		// translate-toolkit); fuzzing checks it never panics and reports lines.
		_, err := poFormat{}.Parse(data)
		if err != nil {
			if se, ok := err.(*SyntaxError); !ok || se.Line < 1 {
				t.Fatalf("error %v is not a *SyntaxError with a line", err)
			}
		}
	})
}
