package export

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// handTranslation is small enough to derive each format's bytes by hand from
// Weblate's exporters and translate-toolkit's writers; the comments in the
// expectations say where each part comes from.
func handTranslation() *Translation {
	return &Translation{
		ProjectName: "Demo", ProjectSlug: "demo", ComponentSlug: "app", FileFormat: "po",
		SourceLanguage: Language{Code: "en"}, Language: czech(),
		URL:  "https://example.com/projects/demo/app/cs/",
		Time: time.Date(2023, 6, 15, 10, 20, 0, 0, time.UTC),
		Units: []Unit{
			{Source: []string{"Hello"}, Target: []string{"Ahoj"}, Note: "Note", Location: "a.c:1", State: 20, IDHash: 1},
			{Source: []string{"%d file", "%d files"}, Target: []string{"%d soubor", "%d soubory"}, Context: "files", State: 10, IDHash: 2},
			{Source: []string{"=1+1"}, Target: []string{""}, Flags: []string{"c-format"}, IDHash: 3},
		},
	}
}

var handExpected = map[string]string{
	// The header: translate-toolkit's makeheaderdict defaults in header_order,
	// updated by PoExporter with Project-Id-Version "{language} ({project})",
	// Language-Team "{language} <{url}>", Language, Plural-Forms and X-Generator;
	// the POT-Creation-Date is the export time to the minute with its offset.
	// Entries: "#." lines for the note (origin developer), "#:" for each
	// whitespace-separated location, "#," for the sorted flags and fuzzy; msgctxt
	// from the context; a plural has msgid_plural and one msgstr[n] per plural of
	// the language (three for Czech, the missing one empty). Entries are separated
	// by a blank line; the file ends after the last one.
	"po": `msgid ""
msgstr ""
"Project-Id-Version: Czech (Demo)\n"
"Report-Msgid-Bugs-To: \n"
"POT-Creation-Date: 2023-06-15 10:20+0000\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\n"
"Language-Team: Czech <https://example.com/projects/demo/app/cs/>\n"
"Language: cs\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\n"
"X-Generator: Weblate 4.18.2\n"

#. Note
#: a.c:1
msgid "Hello"
msgstr "Ahoj"

#, fuzzy
msgctxt "files"
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d soubor"
msgstr[1] "%d soubory"
msgstr[2] ""

#, c-format
msgid "=1+1"
msgstr ""
`,
	// csvfile's eight columns, a header row, every field quoted, CRLF. The
	// location column keeps the last location; a plural gives its first form;
	// text starting with = + - @ | % is wrapped in apostrophes (Weblate's guard
	// against spreadsheet formulas); fuzzy is "True" for state 10.
	"csv": "\"location\",\"source\",\"target\",\"id\",\"fuzzy\",\"context\",\"translator_comments\",\"developer_comments\"\r\n" +
		"\"a.c:1\",\"Hello\",\"Ahoj\",\"\",\"False\",\"\",\"\",\"Note\"\r\n" +
		"\"\",\"'%d file'\",\"'%d soubor'\",\"\",\"True\",\"files\",\"\",\"\"\r\n" +
		"\"\",\"'=1+1'\",\"\",\"\",\"False\",\"\",\"\",\"\"\r\n",
	// tmxfile's skeleton and header (creation tool, the toolkit's version,
	// srclang), one <tu> per unit with the source and target <tuv>, then the notes;
	// lxml's pretty printing, two spaces a level.
	"tmx": `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4">
  <header creationtool="Translate Toolkit" creationtoolversion="3.9.2" segtype="sentence" o-tmf="UTF-8" adminlang="en" srclang="en" datatype="PlainText"/>
  <body>
    <tu>
      <tuv xml:lang="en">
        <seg>Hello</seg>
      </tuv>
      <tuv xml:lang="cs">
        <seg>Ahoj</seg>
      </tuv>
      <note>Note</note>
    </tu>
    <tu>
      <tuv xml:lang="en">
        <seg>%d file</seg>
      </tuv>
      <tuv xml:lang="cs">
        <seg>%d soubor</seg>
      </tuv>
    </tu>
    <tu>
      <tuv xml:lang="en">
        <seg>=1+1</seg>
      </tuv>
      <tuv xml:lang="cs">
        <seg></seg>
      </tuv>
    </tu>
  </body>
</tmx>
`,
	// tbxfile's skeleton, reindented four spaces a level down to the fourth level
	// (so a <langSet> keeps its <tig><term> on one line); notes carry from="developer".
	"tbx": `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">
<martif type="TBX" xml:lang="en">
    <martifHeader>
        <fileDesc>
            <sourceDesc>
                <p>Translate Toolkit</p>
            </sourceDesc>
        </fileDesc>
    </martifHeader>
    <text>
        <body>
            <termEntry>
                <langSet xml:lang="en"><tig><term>Hello</term></tig></langSet>
                <langSet xml:lang="cs"><tig><term>Ahoj</term></tig></langSet>
                <note from="developer">Note</note>
            </termEntry>
            <termEntry>
                <langSet xml:lang="en"><tig><term>%d file</term></tig></langSet>
                <langSet xml:lang="cs"><tig><term>%d soubor</term></tig></langSet>
            </termEntry>
            <termEntry>
                <langSet xml:lang="en"><tig><term>=1+1</term></tig></langSet>
                <langSet xml:lang="cs"><tig><term></term></tig></langSet>
            </termEntry>
        </body>
    </text>
</martif>
`,
	// xlifffile: the id is the context, or the checksum of the id hash (the hash
	// plus 2^63 in hex); setting a non-empty target marks the unit translated
	// (state="translated", approved="yes"), and Weblate's markapproved(False) then
	// turns approved to "no" for anything but state 30; fuzzy sets
	// needs-translation; flags go to weblate-flags. A plural keeps its first forms.
	"xliff11": `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.1" version="1.1">
  <file original="NoName" source-language="en" datatype="plaintext" target-language="cs">
    <body>
      <trans-unit xml:space="preserve" approved="no" id="8000000000000001"><source>Hello</source>
        <target state="translated">Ahoj</target>
        <note from="developer">Note</note>
      </trans-unit>
      <trans-unit xml:space="preserve" approved="no" id="files"><source>%d file</source>
        <target state="needs-translation">%d soubor</target>
      </trans-unit>
      <trans-unit xml:space="preserve" id="8000000000000003" weblate-flags="c-format"><source>=1+1</source>
        <target></target>
      </trans-unit>
    </body>
  </file>
</xliff>
`,
	// PoXliffFile: a plural is a gettext-plurals group of trans-units ids
	// "files[0]"…, the source repeated to the language's three plurals. Building it
	// gives the first trans-unit the target "None" (Python's missing target), which
	// marks it translated and approved before the real target replaces the text;
	// Weblate's rich-text pass then adds a <target> second and a <source> last
	// directly in the group, which translate-toolkit's PoXliffUnit does not override.
	"xliff": `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.1" version="1.1">
  <file original="NoName" source-language="en" datatype="plaintext" target-language="cs">
    <body>
      <trans-unit xml:space="preserve" approved="no" id="8000000000000001"><source>Hello</source>
        <target state="translated">Ahoj</target>
        <note from="developer">Note</note>
      </trans-unit>
      <group restype="x-gettext-plurals" id="files">
        <trans-unit xml:space="preserve" approved="yes" id="files[0]"><source>%d file</source><target state="translated">%d soubor</target></trans-unit>
        <target>%d soubor</target>
        <trans-unit xml:space="preserve" id="files[1]" approved="no"><source>%d files</source><target state="needs-translation">%d soubory</target></trans-unit>
        <trans-unit xml:space="preserve" id="files[2]"><source>%d files</source><target state="needs-translation"></target></trans-unit>
        <source>%d file</source>
      </group>
      <trans-unit xml:space="preserve" id="8000000000000003" weblate-flags="c-format"><source>=1+1</source>
        <target></target>
      </trans-unit>
    </body>
  </file>
</xliff>
`,
}

func TestHandDerived(t *testing.T) {
	t.Parallel()
	contentTypes := map[string]string{
		"po": "text/x-po", "csv": "text/csv", "tmx": "application/x-tmx", "tbx": "application/x-tbx",
		"xliff": "application/x-xliff+xml", "xliff11": "application/x-xliff+xml",
	}
	extensions := map[string]string{"po": "po", "csv": "csv", "tmx": "tmx", "tbx": "tbx", "xliff": "xlf", "xliff11": "xlf"}
	for format, want := range handExpected {
		f, err := Export(format, handTranslation())
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if string(f.Data) != want {
			t.Errorf("%s:\n%s", format, firstDiff(f.Data, []byte(want)))
		}
		if ct := contentTypes[format] + "; charset=utf-8"; f.ContentType != ct {
			t.Errorf("%s: content type %q, want %q", format, f.ContentType, ct)
		}
		if name := "demo-app-cs." + extensions[format]; f.Name != name {
			t.Errorf("%s: name %q, want %q", format, f.Name, name)
		}
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	tr := handTranslation()
	tr.Monolingual = true
	tr.Units[0].Context = ".hello" // FlatUnitId drops one leading dot
	tr.Units[2].Context = "calc"
	tr.Units = append(tr.Units, Unit{Source: []string{"again"}, Target: []string{"\"znovu\"\n\x01"}, Context: "hello"})
	f, err := Export("json", tr)
	if err != nil {
		t.Fatal(err)
	}
	// A repeated key keeps its first place and its last value; a plural gives its
	// first form; json.dumps(indent=4, ensure_ascii=False) escapes quotes, newlines
	// and control characters.
	want := "{\n    \"hello\": \"\\\"znovu\\\"\\n\\u0001\",\n    \"files\": \"%d soubor\",\n    \"calc\": \"\"\n}\n"
	if string(f.Data) != want || f.ContentType != "application/json; charset=utf-8" || f.Name != "demo-app-cs.json" {
		t.Errorf("got %q (%s, %s), want %q", f.Data, f.ContentType, f.Name, want)
	}
	tr.Units = nil
	if f, _ := Export("json", tr); string(f.Data) != "{}\n" {
		t.Errorf("empty: %q", f.Data)
	}
}

// TestMO checks the MO layout against a hand computation: the header (without
// POT-Creation-Date) and the one translated unit, sorted; a hash table sized as
// translate-toolkit sizes it: the smallest prime from 4/3 of the stored units
// (header and "Hello": 2*4/3 = 2, made odd: 3) by its get_next_prime_number,
// whose test finds 3 divisible by itself, so 5. gettext's hash of "" is 0: the
// header goes to slot 0. The hash of "Hello" is
// ((((72*16+101)*16+108)*16+108)*16+111) = 5161775, also 0 mod 5: it steps by
// 1 + 5161775 mod 3 = 3 to slot 3.
func TestMO(t *testing.T) {
	t.Parallel()
	f, err := Export("mo", handTranslation())
	if err != nil {
		t.Fatal(err)
	}
	d := f.Data
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(d[off:]) }
	if u32(0) != 0x950412de || u32(4) != 0 || u32(8) != 2 || u32(12) != 28 || u32(16) != 44 || u32(20) != 5 || u32(24) != 60 {
		t.Fatalf("header words %x", d[:28])
	}
	if hash := []uint32{u32(60), u32(64), u32(68), u32(72), u32(76)}; !slices.Equal(hash, []uint32{1, 0, 0, 2, 0}) {
		t.Errorf("hash table %v, want [1 0 0 2 0]", hash)
	}
	str := func(table, i int) string {
		n, off := u32(table+8*i), u32(table+8*i+4)
		if d[off+n] != 0 {
			t.Errorf("string %d of table %d is not NUL-terminated", i, table)
		}
		return string(d[off : off+n])
	}
	if str(28, 0) != "" || str(28, 1) != "Hello" || str(44, 1) != "Ahoj" {
		t.Errorf("keys %q %q, value %q", str(28, 0), str(28, 1), str(44, 1))
	}
	header := str(44, 0)
	if strings.Contains(header, "POT-Creation-Date") || !strings.HasPrefix(header, "Project-Id-Version: Czech (Demo)\nReport-Msgid-Bugs-To: \nPO-Revision-Date:") {
		t.Errorf("header %q", header)
	}
	if f.ContentType != "application/x-gettext-catalog; charset=utf-8" || f.Name != "demo-app-cs.mo" {
		t.Errorf("%s %s", f.ContentType, f.Name)
	}
}

func TestFormatErrors(t *testing.T) {
	t.Parallel()
	if got := Formats(); !slices.Equal(got, []string{"csv", "json", "mo", "po", "tbx", "tmx", "xliff", "xliff11"}) {
		t.Errorf("Formats() = %v", got)
	}
	tr := handTranslation()
	cases := []struct {
		format, fileFormat string
		monolingual        bool
		msg                string
	}{
		{"xlsx", "po", false, "Conversion to xlsx is not supported"},
		{"api", "po", false, "Conversion to api is not supported"},
		{"mo", "aresource", true, "File format is not compatible with this translation"},
		{"json", "po", false, "File format is not compatible with this translation"},
	}
	for _, c := range cases {
		tr.FileFormat, tr.Monolingual = c.fileFormat, c.monolingual
		_, err := Export(c.format, tr)
		var fe *FormatError
		if !errors.As(err, &fe) || err.Error() != c.msg || fe.Format != c.format {
			t.Errorf("%s: error %v, want %q", c.format, err, c.msg)
		}
	}
}

func TestSanitize(t *testing.T) {
	t.Parallel()
	tr := handTranslation()
	tr.Units = []Unit{{Source: []string{"a\xffb\x00c"}, Target: []string{"x\x00y"}, Context: "k\xfe", State: 20}}
	f, err := Export("po", tr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(f.Data), "msgctxt \"k\uFFFD\"\nmsgid \"a\uFFFDbc\"\nmsgstr \"xy\"\n") {
		t.Errorf("invalid UTF-8 must become U+FFFD and NUL vanish:\n%s", f.Data)
	}
	if tr.Units[0].Source[0] != "a\xffb\x00c" {
		t.Error("Export must not change its input")
	}
}

func TestPOWrapping(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"short", []string{`"short"`}},
		// a text over 71 characters starts with an empty line; words wrap at 77 columns
		{strings.Repeat("word ", 16), []string{`""`, `"` + strings.Repeat("word ", 15) + `"`, `"word "`}},
		// each escaped newline ends a line
		{"a\nb", []string{`""`, `"a\n"`, `"b"`}},
		// a long word is cut where the width ends
		{strings.Repeat("x", 80), []string{`""`, `"` + strings.Repeat("x", 77) + `"`, `"xxx"`}},
		// wide characters count twice: 38 of them fill 76 columns (the empty first
		// line depends on the character count, 40, not on the columns)
		{strings.Repeat("日", 40), []string{`"` + strings.Repeat("日", 38) + `"`, `"日日"`}},
		// URLs break after slashes
		{"see https://example.com/a-very-long-path/segment/another-segment/and/more/still/more/end",
			[]string{`""`, `"see https://example.com/a-very-long-path/segment/another-segment/and/more/"`, `"still/more/end"`}},
	}
	for _, c := range cases {
		if got := poQuote(c.in); !slices.Equal(got, c.want) {
			t.Errorf("poQuote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
