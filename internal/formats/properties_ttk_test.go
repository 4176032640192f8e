package formats

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// propSnippets probe the corners of translate-toolkit's properties parser; each is
// read as Java properties (UTF-8) and compared.
var propSnippets = []string{
	"a=b\n",
	"a = b \n",
	"a:b\nc : d\ne f\n  g   h  \n",
	"a b=c\na =b c\na= b:c\n",
	"a\\=b=c\na\\:b:c\na\\ b c\n",
	"a\\\\=b\n",
	"=value\n:value\n",
	"key\nx=y\n",
	"x=y\nkey\n",
	"x=\ny:\nz\n",
	"a=first\\\n    second\\\n\tthird\n",
	"a=odd\\\\\nb=next\n",
	"a=\\\n\n",
	"a=trail\\",
	"a=trail\\\n",
	"# header\n\n# note\na=b\n",
	"# header\n# more\n\n\n# n1\n\n# n2\na=b\n\nc=d\n",
	"! bang\na=b\n; semi\nc=d\n// slashes\ne=f\n",
	"/* one */\na=b\n/* start\n middle\n end */\nc=d\n",
	"/* start\n = not a key\n*/\na=b\n",
	"a=value */\nb=c\n",
	"a=b\n# trailing comment\n",
	"a=b\n# trailing\n\n",
	"\n\na=b\n",
	"# only a comment",
	"",
	"\n",
	"a=\\u0041\\u00e9\\u20AC\\uD83D\\uDE00 \\uD83D x \\uDE00\n",
	"a=\\u41x\\u\\u00\\u0009\\u0000\\u001b\\u000a\n",
	"a=\\t\\n\\r\\f\\\\\\'\\\"\\q\\ \\#\\!\n",
	"a=\\U0041\\U00E9\n",
	"a=\\N{latin small letter e with acute}\\N{HANGUL SYLLABLE GAG}\\N{CJK UNIFIED IDEOGRAPH-4E00}\\Nx\\N{unterminated\n",
	"a=\\N{hangul syllable gag}\n",
	"a=\\N{NO SUCH NAME}\n",
	"a=\\N",
	"a=\\u٠٠٠٠\n",
	"a=\\u٠٠٤١\\u²\\u①x\n",
	"a=b\r\nc=d\r\n",
	"a=b\rc=d\n",
	"\ta\t=\tb\t\n",
	"a\tb\n",
	"  # indented comment\n  a = b\n",
	"key with spaces = value\n",
	"ключ=значение\n日本=語\n",
	"\u00a0a=b\n",
	"a=b\u00a0\n",
	"a\u3000=b\n",
	"a\\\u3000=b\n",
	"a=\\",
	"a\\",
	"\\=x\n",
	"a=b\n\n# after blank\n\nc=d\n",
	"#\n\na=b\n",
	"# \n\na=b\n",
	"a=b\nc=d\nc=e\n",
}

// stringsSnippets probe the strings dialect; each is read as UTF-8 strings and
// compared.
var stringsSnippets = []string{
	`"a" = "b";` + "\n",
	`"a"="b";`,
	`  "a"   =   "b"  ;  ` + "\n",
	`"a = b" = "c = d";` + "\n",
	`"a\"q" = "v\"w";` + "\n",
	`"a" = "x\\";` + "\n",
	`"a" = "x\\\\";` + "\n",
	`"a" = "x\\"";` + "\n",
	`"a" = "line\nnext\ttab \U00e9 \u00e9 \UD83D\UDE00";` + "\n",
	`a = b;` + "\n",
	`a = "b";` + "\n",
	`"a" = "b"; // trailing` + "\n" + `"c" = "d";` + "\n",
	`"a" = "multi` + "\n" + `   line";` + "\n",
	`"a" =` + "\n" + `"b";` + "\n",
	`"a" = "no semicolon"` + "\n",
	`"a" = "no semicolon"`,
	"/* Title */\n\"a\" = \"b\";\n",
	"/* No comment provided by engineer. */\n\"a\" = \"b\";\n",
	"/* header */\n\n/* note\n   more */\n\"a\" = \"b\";\n",
	"// line\n\"a\" = \"b\";\n",
	"\"a\";\n",
	"\"a\" = \"b\";\n\"c\";\n",
	"\"unterminated = \"b\";\n",
	"\"a\" = \"b\";;\n",
	"\"a\" = \"\";\n",
	"\"\" = \"b\";\n",
	"\"a\" = \"b\";\r\n\"c\" = \"d\";\r\n",
	"\"a\" = \"\"\"b\"\"\";\n",
	"\"a\\\\\" = \"b\";\n",
	"\"ключ\" = \"значение\";\n",
}

func TestTTKPropertiesSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(propSnippets))
	for i, s := range propSnippets {
		docs[i] = []byte(s)
	}
	comparePlainDocs(t, "properties-utf8", docs, nil)
}

func TestTTKStringsSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(stringsSnippets))
	for i, s := range stringsSnippets {
		docs[i] = []byte(s)
	}
	comparePlainDocs(t, "strings-utf8", docs, nil)
}

// encodeUTF16 writes s as UTF-16 with the given byte order and, optionally, a
// byte-order mark.
func encodeUTF16(s string, big, bom bool) []byte {
	order, mark := unicode.LittleEndian, unicode.IgnoreBOM
	if big {
		order = unicode.BigEndian
	}
	if bom {
		mark = unicode.UseBOM
	}
	out, err := unicode.UTF16(order, mark).NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err) // the tests' strings are valid UTF-8
	}
	return out
}

// TestTTKPropertiesEncodings reads the same texts in every encoding each format
// id may meet and compares what translate-toolkit decodes (or refuses).
func TestTTKPropertiesEncodings(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	java := "# é comment\nkey=välue \\u00e9 €\nk2=日本\n"
	apple := "/* é */\n\"key\" = \"välue 日本 😀\";\n"
	variants := func(s string) [][]byte {
		return [][]byte{
			[]byte(s),
			append([]byte("\xef\xbb\xbf"), s...),
			encodeUTF16(s, false, true),
			encodeUTF16(s, true, true),
			encodeUTF16(s, false, false),
			encodeUTF16(s, true, false),
			[]byte("key=caf\xe9\n"),                  // ISO-8859-1
			[]byte("key=\xff\xfe\n"),                 // not UTF-8
			append(encodeUTF16(s, false, true), 'x'), // odd length
			{0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00},     // lone surrogate
		}
	}
	for _, format := range []string{"properties", "properties-utf8", "properties-utf16"} {
		comparePlainDocs(t, format, variants(java), nil)
	}
	for _, format := range []string{"strings", "strings-utf8"} {
		comparePlainDocs(t, format, variants(apple), nil)
	}
}

// TestTTKRandomProperties compares generated files mixing every construct.
func TestTTKRandomProperties(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(3, 5))
	java := make([][]byte, n)
	apple := make([][]byte, n)
	for i := range java {
		java[i] = []byte(randomPropDoc(rng, false))
		apple[i] = []byte(randomPropDoc(rng, true))
	}
	comparePlainDocs(t, "properties-utf8", java, nil)
	comparePlainDocs(t, "strings-utf8", apple, nil)
}

func randomPropDoc(rng *rand.Rand, apple bool) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	text := func() string {
		var b strings.Builder
		for k := rng.IntN(5); k > 0; k-- {
			b.WriteString(pick("word", " ", "  ", "\t", "=", ":", "\\", "\\\\", "\\=", "\\:", "\\ ", "\\n", "\\t", "\\u00e9",
				"\\u41", "\\uD83D", "\\uDE00", "\\q", "é", "日本", "#", "!", "\"", "\\\"", ";", "*/", "/*", "//", "\u00a0"))
		}
		return b.String()
	}
	var b strings.Builder
	for k := rng.IntN(8) + 1; k > 0; k-- {
		switch rng.IntN(10) {
		case 0:
			b.WriteString(pick("# ", "! ", "// ", "; ", "/* ", "  # ") + text() + pick("", " */") + "\n")
		case 1:
			b.WriteString(pick("", " ", "\t") + "\n")
		case 2:
			b.WriteString("/* " + text() + "\n" + text() + " */\n")
		case 3:
			b.WriteString(text() + "\n")
		default:
			if apple {
				b.WriteString(pick(`"`, "", " \"") + text() + pick(`"`, "", "\" ") + pick(" = ", "=", " ") + pick(`"`, "") +
					text() + pick(`"`, "") + pick(";", ";", "", "; // c", ";;") + pick("\n", "\r\n", "\n", ""))
			} else {
				b.WriteString(pick("", " ", "\t") + text() + pick("=", ":", " ", " = ", "\t", "") + text() +
					pick("", "\\", "\\\\", "\\\n  more") + pick("\n", "\r\n", "\n", ""))
			}
		}
	}
	return b.String()
}
