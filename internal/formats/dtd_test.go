package formats

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestDTDRules: translate-toolkit's reading of DTD files (dtd.py) and Weblate's
// DTDFormat on small files written by hand; each case states a rule, and the
// differential test below checks every one against translate-toolkit itself.
type dtdUnit struct{ key, text string }

var dtdRuleCases = []struct {
	name, doc string
	want      []dtdUnit
}{
	{"entities in order, unquoted",
		"<!ENTITY hello \"Hello\">\n<!ENTITY  spaced.label   'Spaced'>\n",
		[]dtdUnit{{"hello", "Hello"}, {"spaced.label", "Spaced"}}},
	{"an empty text is a unit, untranslated",
		`<!ENTITY empty "">`, []dtdUnit{{"empty", ""}}},
	{"references of the DTD table replaced, others kept",
		`<!ENTITY a "&quot;x&quot; &amp; &#037; &#x25; &#187; &brandShortName; &lt;b&gt;">`,
		[]dtdUnit{{"a", `"x" & % % » &brandShortName; &lt;b&gt;`}}},
	{"&amp; before a reference stays written",
		`<!ENTITY a "&amp;brand;">`, []dtdUnit{{"a", "&amp;brand;"}}},
	{"&apos; only in a text quoted with '",
		"<!ENTITY a 'it&apos;s'>\n<!ENTITY b \"it&apos;s\">", []dtdUnit{{"a", "it's"}, {"b", "it&apos;s"}}},
	{"the other quote inside a text",
		`<!ENTITY a 'say "hi"'>`, []dtdUnit{{"a", `say "hi"`}}},
	{"a text across lines keeps its line ends and indentation",
		"<!ENTITY a \"one\n    two\">\n<!ENTITY b \"x\">", []dtdUnit{{"a", "one\n    two"}, {"b", "x"}}},
	{"the name and the text on lines of their own",
		"<!ENTITY\n  a\n  \"text\">", []dtdUnit{{"a", "text"}}},
	{"comments, localization notes and blank lines are no units",
		"<!-- LOCALIZATION NOTE (a): a note -->\n\n<!-- a\n multi-line comment -->\n<!ENTITY a \"x\">", []dtdUnit{{"a", "x"}}},
	{"a parameter entity is a unit of its system identifier; its reference a comment",
		"<!ENTITY % brandDTD SYSTEM \"chrome://branding/locale/brand.dtd\">\n%brandDTD;\n<!ENTITY a \"x\">",
		[]dtdUnit{{"brandDTD", "chrome://branding/locale/brand.dtd"}, {"a", "x"}}},
	{"a line with % and then ; is skipped, entity and all",
		"<!ENTITY a \"50%; off\">\n<!ENTITY b \"x\">", []dtdUnit{{"b", "x"}}},
	{"one entity a line: a second one on it is lost",
		`<!ENTITY a "x"><!ENTITY b "y">`, []dtdUnit{{"a", "x"}}},
	{"a comment before an entity on its line is cut out",
		`<!-- c --><!ENTITY a "x">`, []dtdUnit{{"a", "x"}}},
	{"the name runs to white space",
		"<!ENTITY a>\n\"x\">", []dtdUnit{{"a>", "x"}}},
	{"an unquoted definition drops the entity; reading goes on",
		"<!ENTITY a bad>\n<!ENTITY b \"x\">", []dtdUnit{{"b", "x"}}},
	{"a text never closed runs to the end of the file",
		"<!ENTITY a \"open\n<!ENTITY b \"x\">", []dtdUnit{{"a", "open\n<!ENTITY b "}}},
	{"a repeated entity is kept twice",
		"<!ENTITY a \"1\">\n<!ENTITY a \"2\">", []dtdUnit{{"a", "1"}, {"a", "2"}}},
	{"CRLF line ends stay in multi-line texts",
		"<!ENTITY a \"one\r\ntwo\">\r\n<!ENTITY b \"x\">\r\n", []dtdUnit{{"a", "one\r\ntwo"}, {"b", "x"}}},
	{"a byte-order mark is no hindrance", "\ufeff<!ENTITY a \"x\">", []dtdUnit{{"a", "x"}}},
	{"a line that is not UTF-8 drops the entities read with it",
		"<!ENTITY a \"x\">\n<!ENTITY b \"\xff\">\n<!ENTITY c \"z\">", []dtdUnit{{"c", "z"}}},
	{"no entity", "<!-- only a comment -->\n", nil},
}

func TestDTDRules(t *testing.T) {
	t.Parallel()
	for _, c := range dtdRuleCases {
		t.Run(c.name, func(t *testing.T) {
			f, err := dtdFormat{}.Parse([]byte(c.doc))
			if err != nil {
				t.Fatal(err)
			}
			var got []dtdUnit
			for _, u := range f.Units {
				if len(u.Target) != 1 || u.Line < 1 {
					t.Fatalf("unit %+v: want one form and a line", u)
				}
				got = append(got, dtdUnit{u.Key, u.Target[0]})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestDTDInfo(t *testing.T) {
	t.Parallel()
	info, ok := Lookup("dtd")
	if !ok {
		t.Fatal("dtd not registered")
	}
	if info.Name != "DTD file" || info.MimeType != "application/xml-dtd" || info.Extension != "dtd" || !info.Monolingual ||
		info.Plurals != PluralsNone || info.Fuzzy || info.Approved || info.ReadOnly || info.CheckFlags != "" {
		t.Errorf("%+v", info)
	}
}

// TestDTDLines: a unit's line is its <!ENTITY's; a repeated key is a warning.
func TestDTDLines(t *testing.T) {
	t.Parallel()
	f, err := dtdFormat{}.Parse([]byte("<!-- c -->\n<!ENTITY\n a \"x\">\n\n<!ENTITY a \"y\">\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Units) != 2 || f.Units[0].Line != 2 || f.Units[1].Line != 5 {
		t.Fatalf("units %+v", f.Units)
	}
	if len(f.Warnings) != 1 || f.Warnings[0].Kind != DuplicateString || f.Warnings[0].Line != 5 {
		t.Fatalf("warnings %+v", f.Warnings)
	}
}

var dtdSnippets = []string{
	"<!ENTITY hello \"Hello\">\n<!ENTITY  spaced.label   'Spaced'>\n",
	`<!ENTITY a "&quot;x&quot; &amp; &#037; &#x25; &#187; &brandShortName; &lt;b&gt; & a &&b; &amp;x &amp;">`,
	"<!ENTITY a 'it&apos;s'>\n<!ENTITY b \"it&apos;s\">\n<!ENTITY c 'say \"hi\"'>",
	"<!ENTITY a \"one\n    two\">\n<!ENTITY b \"x\">",
	"<!ENTITY\n  a\n  \"text\">\n<!ENTITY\n\n  b\n\n\n  'x'\n>\n",
	"<!-- LOCALIZATION NOTE (a): a note -->\n\n<!-- a\n multi-line comment -->\n<!ENTITY a \"x\">",
	"<!ENTITY % brandDTD SYSTEM \"chrome://branding/locale/brand.dtd\">\n%brandDTD;\n<!ENTITY a \"x\">",
	"<!ENTITY % p SYSTEM>\n<!ENTITY a \"x\">\n", "<!ENTITY % p\n SYSTEM\n \"u\">\n<!ENTITY %q PUBLIC '-//x' \"y\">",
	"<!ENTITY a \"50%; off\">\n<!ENTITY b \"x\">", `<!ENTITY a "x"><!ENTITY b "y">`,
	`<!-- c --><!ENTITY a "x">`, "<!-- c --> <!-- d --><!ENTITY a \"x\">\n<!ENTITY b \"y\"> <!-- e -->\n",
	"<!ENTITY a \"x <!-- not a comment --> y\">\n<!ENTITY b \"multi\n <!-- inside\n --> z\">",
	"<!ENTITY a>\n\"x\">", "<!ENTITY a bad>\n<!ENTITY b \"x\">", "<!-- c -->\n<!-- d -->\n<!ENTITY a bad>\n<!ENTITY b \"x\">\n<!ENTITY c \"y\">",
	"<!ENTITY a \"open\n<!ENTITY b \"x\">", "<!ENTITY a \"1\">\n<!ENTITY a \"2\">",
	"<!ENTITY a \"one\r\ntwo\">\r\n<!ENTITY b \"x\">\r\n", "\ufeff<!ENTITY a \"x\">",
	"<!ENTITY a \"x\">\n<!ENTITY b \"\xff\">\n<!ENTITY c \"z\">", "<!ENTITY a \"x\">\n\xfe\n<!ENTITY c \"z\">\n\"\n>\n<!ENTITY d \"w\">",
	"<!-- only a comment -->\n", "", "\n", "\n\n<!ENTITY a \"x\">\n\n",
	"<!ENTITY a \"x\">\n\"  >\n<!ENTITY b \"y\">\n'>\n<!ENTITY c \"z\"\n>",
	"<!ENTITY a \"one\ntwo\" x \"three\">\n<!ENTITY b \"2\">", "<!ENTITY a\t\"tab\">\n<!ENTITY\u00a0b \"nbsp\">\n<!ENTITY c\u2028\"ls\">",
	"#expand <!ENTITY a \"__x__\">\n#define x y\n<!ENTITY b \"é日本\">", "<!ENTITY \"noname\">\n<!ENTITY % \"x\">",
	"<!ENTITY a \"\">\n<!ENTITY b ''>\n<!ENTITY c '\"'>", "<!--\n<!ENTITY hidden \"x\">\n-->\n<!ENTITY shown \"y\">",
	"<!-- a --> x <!-- b -->\n<!ENTITY a \"x\">", "<!ENTITY a \"x\"> <!-- trailing\n comment -->\n<!ENTITY b \"y\">",
}

func TestTTKDTDSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	checkXMLRCDocs(t, "dtd", nil, toDocs(dtdSnippets), nil)
}

// TestTTKDTDRules runs the table test's documents through translate-toolkit too.
func TestTTKDTDRules(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(dtdRuleCases))
	names := make([]string, len(dtdRuleCases))
	for i, c := range dtdRuleCases {
		docs[i], names[i] = []byte(c.doc), c.name
	}
	checkXMLRCDocs(t, "dtd", names, docs, nil)
}

func TestTTKDTDFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	checkXMLRCFiles(t, "dtd", "dtd/*/*.dtd", false)
}

func TestTTKRandomDTD(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 400
	if testing.Short() {
		n = 80
	}
	rng := rand.New(rand.NewPCG(41, 43))
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = []byte(randomDTDDoc(rng))
	}
	checkXMLRCDocs(t, "dtd", nil, docs, nil)
}

func randomDTDDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	var b strings.Builder
	for d := rng.IntN(8) + 1; d > 0; d-- {
		switch rng.IntN(12) {
		case 0:
			b.WriteString(pick("<!-- comment -->", "<!-- LOCALIZATION NOTE (a): x -->", "<!-- open", "-->", "<!-- a --><!-- b -->", "  <!-- x --> "))
		case 1:
			b.WriteString(pick("%brandDTD;", "<!ENTITY % brandDTD SYSTEM \"chrome://b/brand.dtd\">", "<!ENTITY % p SYSTEM", "<!ENTITY %q x"))
		case 2:
			b.WriteString(pick("\"", "'>", "\" >", "", "  ", "\xff", "é", "bad>", "\r"))
		default:
			name := pick("a", "b.label", "c.accesskey", "", "d>", "日本")
			sep := pick(" ", "  ", "\n", "\t", " \n ")
			q := pick(`"`, `'`, `"`, "x")
			text := pick("text", "", "a &amp; b", "&quot;q&quot;", "it&apos;s", "50%; off", "multi\nline", "x <!-- c --> y", "&brandShortName;", "'", `"`, "&#037;", "&", "a & b;")
			close := pick(q+">", q+" >", q+"><!ENTITY z \"w\">", q, q+"\n>", ">")
			b.WriteString("<!ENTITY" + pick(" ", "\n", "  ") + name + sep + q + text + close)
		}
		b.WriteString(pick("\n", "\n", "\r\n", "\n\n"))
	}
	return b.String()
}

func FuzzDTD(f *testing.F) {
	addPlainSeeds(f, dtdSnippets, "dtd")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, func(n int) int { return n + 64 }, "dtd")
	})
}

// TestTTKMutatedDTD compares documents made from the real files by cutting,
// repeating and splicing their lines and bytes, where translate-toolkit's line
// reading meets what nobody writes on purpose.
func TestTTKMutatedDTD(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	_, files := readFiles(t, "testdata", "dtd/*/*.dtd")
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(47, 53))
	frags := []string{"\"", "'", ">", "<!--", "-->", "<!ENTITY", "%", ";", "&", "&amp;", "\n", "\r\n", " ", "\xff", "\"\n>", "<!ENTITY % x SYSTEM \"y\">"}
	docs := make([][]byte, n)
	for i := range docs {
		lines := strings.SplitAfter(string(files[rng.IntN(len(files))]), "\n")
		for m := rng.IntN(6) + 1; m > 0 && len(lines) > 0; m-- {
			j := rng.IntN(len(lines))
			switch rng.IntN(4) {
			case 0:
				lines = append(lines[:j], lines[j+1:]...)
			case 1:
				lines = append(lines[:j+1], lines[j:]...)
			case 2:
				k := rng.IntN(len(lines[j]) + 1)
				lines[j] = lines[j][:k] + frags[rng.IntN(len(frags))] + lines[j][k:]
			default:
				if k := rng.IntN(len(lines[j]) + 1); k < len(lines[j]) {
					lines[j] = lines[j][:k] + lines[j][k+1:]
				}
			}
		}
		docs[i] = []byte(strings.Join(lines, ""))
	}
	checkXMLRCDocs(t, "dtd", nil, docs, nil)
}
