package formats

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// iniSnippets probe iniparse's line kinds as translate-toolkit reads them; each
// is read as ini and as islu and compared.
var iniSnippets = []string{
	"[s]\na = b\n",
	"[s]\na=b\nc: d\ne :f\n",
	"; comment\n# hash\n[s]\na = b ; comment\nc = d;not\ne = x ; y ; z\nf = ;start\n",
	"[s]\nremark = comment!\nREM x\nrems=y\nkey = v\n",
	"[s]\na = first\n  second\n\n\tthird\n; c\n  fourth\n",
	"[s]\n  continuation without option\n",
	"a = before section\n[s]\n",
	"\n; only comments\n\n",
	"",
	"[s]\n",
	"[s] ; comment\na=b\n[t]#c\nc=d\n",
	"[s] x\na=b\n",
	"[s\na=b\n",
	"[]\na=b\n",
	"[a]b]\nc=d\n",
	"[s]\n=value\n",
	"[s]\n:value\n",
	"[s]\nnovalue\n",
	"[s]\na = 1\na = 2\nb = 3\n[t]\nx = y\n[s]\nc = 4\na = 5\n",
	"[DEFAULT]\nd = default\nx = dx\n[s]\nx = own\n[t]\ny = z\n",
	"[s]\na = %n%t%%n %1\n",
	"\ufeff[s]\na = bom\n",
	"[s]\r\na = crlf\r\nb = x\r\n",
	"[s]\na = é 日本 😀\n",
	"[s]\na = \"quoted\"\nb = 'single'\n",
	"[s]\n[a b]\nkey with spaces = v\n",
	"[s]\na[1] = x\nb.c = y\n",
	"[s]\na =\nb=   \n",
	"[s]\na = x\u00a0;c\n",
	"[s]\n\u00a0a = x\n",
	"[s]\na = trailing \\\n  next\n",
}

func TestTTKINISnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(iniSnippets))
	for i, s := range iniSnippets {
		docs[i] = []byte(s)
	}
	comparePlainDocs(t, "ini", docs, nil)
	comparePlainDocs(t, "islu", docs, nil)
}

// TestTTKRandomINI compares generated files mixing the line kinds.
func TestTTKRandomINI(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(13, 17))
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = []byte(randomINIDoc(rng))
	}
	comparePlainDocs(t, "ini", docs, nil)
	comparePlainDocs(t, "islu", docs, nil)
}

func randomINIDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	text := func() string {
		var b strings.Builder
		for k := rng.IntN(5); k > 0; k-- {
			b.WriteString(pick("word", " ", "  ", "\t", "=", ":", ";", " ;", "#", "[", "]", "%n", "%t", "%1", "é", "\"", "rem", "\u00a0"))
		}
		return b.String()
	}
	var b strings.Builder
	if rng.IntN(8) > 0 {
		b.WriteString(pick("[", "[", "[", " [") + pick("main", "Messages", "DEFAULT", "a b", "s") + pick("]", "]", "] ; c", "]x") + "\n")
	}
	for k := rng.IntN(10) + 1; k > 0; k-- {
		switch rng.IntN(10) {
		case 0:
			b.WriteString(pick(";", "#", "rem", "REM", "remark") + text())
		case 1:
			b.WriteString(pick("", " ", "\t"))
		case 2:
			b.WriteString(pick(" ", "\t", "  ") + text())
		case 3:
			b.WriteString("[" + pick("main", "other", "DEFAULT", "s") + "]")
		default:
			b.WriteString(pick("key", "a", "b", "Key Name", "x.y") + pick("=", " = ", ":", " : ", "=") + text())
		}
		b.WriteString(pick("\n", "\n", "\r\n", " \n"))
	}
	return b.String()
}

// TestTTKINIFiles compares the real files in testdata/ini and testdata/islu,
// each read as both formats.
func TestTTKINIFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	compareFileSets(t, "testdata",
		plainFileSet{"ini", "ini/trafficmonitor", ".ini"},
		plainFileSet{"islu", "ini/trafficmonitor", ".ini"},
		plainFileSet{"islu", "islu/issrc", ".islu"},
		plainFileSet{"ini", "islu/issrc", ".islu"},
	)
}

// TestTTKINIEncodings: translate-toolkit decodes INI as UTF-8 only (a
// byte-order mark dropped by iniparse).
func TestTTKINIEncodings(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	s := "[s]\nkey = café 日本\n"
	docs := [][]byte{
		[]byte(s),
		append([]byte("\xef\xbb\xbf"), s...),
		append([]byte("\xef\xbb\xbf\xef\xbb\xbf"), s...),
		encodeUTF16(s, false, true),
		encodeUTF16(s, true, false),
		[]byte("[s]\nkey = caf\xe9\n"),
	}
	comparePlainDocs(t, "ini", docs, nil)
	comparePlainDocs(t, "islu", docs, nil)
}
