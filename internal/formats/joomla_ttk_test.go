package formats

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// joomlaSnippets probe the joomla dialect of translate-toolkit's properties
// parser.
var joomlaSnippets = []string{
	"KEY=\"value\"\n",
	"KEY = \"value\" \n",
	"KEY=value\n",
	"KEY=\"\"\n",
	"KEY=\"x\"\n",
	"KEY=\"a\"_QQ_\"b\"\n",
	"KEY=\"say \"_QQ_\"hi\"_QQ_\"\"\n",
	"KEY=\"%s item\\n\\tnext \\u00e9\"\n",
	"KEY:colon=\"v\"\n",
	"KEY WITH SPACE=\"v\"\n",
	"; comment\nKEY=\"v\"\n",
	"; header\n\n; note\nKEY=\"v\"\n# hash\nK2=\"w\"\n",
	"[section]\nKEY=\"v\"\n",
	"KEY\n",
	"=\"orphan\"\n",
	"KEY=\"multi \\\n  line\"\n",
	"KEY=\"a\\=b\"\nK\\=Y=\"c\"\n",
	"\xef\xbb\xbfKEY=\"bom\"\n",
	"KEY=\"é 日本\"\r\nK2=\"crlf\"\r\n",
	"KEY=\"unterminated\n",
	"KEY=\"v\"\nKEY=\"again\"\n",
	"",
	"\n",
}

func TestTTKJoomlaSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(joomlaSnippets))
	for i, s := range joomlaSnippets {
		docs[i] = []byte(s)
	}
	comparePlainDocs(t, "joomla", docs, nil)
}

func TestTTKRandomJoomla(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(19, 23))
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = []byte(randomJoomlaDoc(rng))
	}
	comparePlainDocs(t, "joomla", docs, nil)
}

func randomJoomlaDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	text := func() string {
		var b strings.Builder
		for k := rng.IntN(5); k > 0; k-- {
			b.WriteString(pick("word", " ", "\"", "_QQ_", "\"_QQ_\"", "=", ":", ";", "\\", "\\n", "\\u00e9", "é", "%s", "\\=", "#"))
		}
		return b.String()
	}
	var b strings.Builder
	for k := rng.IntN(8) + 1; k > 0; k-- {
		switch rng.IntN(8) {
		case 0:
			b.WriteString(pick("; ", "# ", "// ") + text())
		case 1:
			b.WriteString(pick("", " "))
		case 2:
			b.WriteString("[" + text() + "]")
		default:
			b.WriteString(pick("KEY", "COM_X_LABEL", "A B", "K") + pick("=", " = ", "=") + pick("\"", "") + text() + pick("\"", "", "\\"))
		}
		b.WriteString(pick("\n", "\n", "\r\n"))
	}
	return b.String()
}

// TestTTKJoomlaFiles compares the real files in testdata/joomla.
func TestTTKJoomlaFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	compareFileSets(t, "testdata", plainFileSet{"joomla", "joomla/kunena", ".ini"})
}
