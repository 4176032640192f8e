package formats

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// phpSnippets probe the corners of translate-toolkit's PHP reading (php.py over
// phply); each is read as php and as laravel and compared.
var phpSnippets = []string{
	"<?php\n$lang['a'] = 'Hello';\n",
	"<?php\n// header\n$lang['a'] = 'Hello'; // trailing\n/* block */\n$lang['b'] = \"B\";\n",
	"<?php\n$a = \"Dq \\n \\x41 \\101 \\$ \\e \\u{41} $x tail\";\n",
	"<?php\n$a = 'single \\' \\\\ \\n';\n",
	"<?php\n$y = 'con' . 'cat' . $z;\n",
	"<?php\n$y = 'a' + 'b' . 'c';\n",
	"<?php\n$y = 'a' . 'b' == 'c';\n",
	"<?php\n$y = 'a' . 5;\n",
	"<?php\ndefine('CONST', 'defined');\ndefine(\"C2\", \"v2\"); # hash\n",
	"<?php\ndefine('N', 5);\ndefine('F', 1.5);\n",
	"<?php\nDEFINE('X', 'y');\n",
	"<?php\n$arr = array(\n   'k1' => 'v1', // c1\n   // c2\n   'k2' => array('n' => 'nested', 3 => 'int', 0x10 => 'hex', 010 => 'oct'),\n   'k3' => ['s' => 'short'],\n   'k4' => 5,\n   'k5' => '',\n);\n",
	"<?php\n$b = ['x' => 'y|z', 'p' => '{0} none|[1,19] some|[20,*] many'];\n",
	"<?php\nreturn [\n  'r' => 'ret|rets',\n  'list' => ['a', 'b'],\n];\n",
	"<?php\nreturn array(\n  'r' => 'x', /* after comma */\n  'last' => 'y' // no comma\n);\n",
	"<?php\nreturn [\n  'r' => 'x',\n  'last' => 'y', // trailing\n];\n",
	"<?php\nfunction foo() { return ['no' => 'no']; }\n$a = 'after function';\n",
	"<?php\nif ($a) { $q = 'q'; } else { $r = 'r'; }\n$s = 's';\n",
	"<?php\nclass X { public $a = 'x'; const B = 'b'; }\n$c = 'c';\n",
	"<?php\nnamespace App;\nuse Foo\\Bar;\n$x = 'y';\n",
	"$a = 'no open tag';\n",
	"plain text\n",
	"",
	"\n\n",
	"<?php\n",
	"<?php\n$a = 'x';\n?>\n<p>html</p>\n<?php $b = 'y' ?>\n",
	"<?php\n$a = <<<EOT\nheredoc $x line\nsecond \\t\nEOT;\n$b = <<<'NOW'\nnowdoc \\t $x\nNOW;\n",
	"<?php\n$a = <<<EOT\nplain heredoc\nEOT;\n",
	"<?php\n$a['x']['y'] = 'deep';\n$a[] = 'pushed';\n$a [ 'z' ] = 'spaced';\n",
	"<?php\n$a /* c */ = 'commented name';\n",
	"<?php\n$a = '';\n$b = \"\";\n",
	"<?php\n$a = \"$x\";\n$b = \"{$x} and $y\";\n",
	"<?php\n$a = array('a' => \"x $y\", 'b' => 'z');\n",
	"<?php\n$a = array(array('k' => 'v'));\n",
	"<?php\nreturn [ ['a' => 'b'], 'c' => ['d' => 'e'] ];\n",
	"<?php\n$a = 'x' ;  # same line\n  # next line\n$b = 'y';\n",
	"<?php\n/** doc */\n$a = 'x';\n",
	"<?php\n$a = 'unterminated;\n",
	"<?php\n$a = 'x'\n",
	"<?php\n$a = ['x' => 'y';\n",
	"<?php\n}\n",
	"<?php\n$a = 'é ü 日本';\n$b = \"\\xc3\\xa9\";\n",
	"<?php\n$a = \"\\x4\" . \"\\xZZ\" . \"\\x\";\n",
	"<?php\n$a = \"line\\\ncontinued\";\n",
	"<?php\r\n$a = 'crlf';\r\n// c\r\n$b = 'x';\r\n",
	"<?php\n$a = 'x'; $b = 'y'; // both\n",
	"<?php\n$lang = array(\n\t\"key\" => \"value\",\n\t\"key2\" => \"with \\\"quote\\\"\",\n);\n",
	"<?php\n$a = true ? 'x' : 'y';\n$b = 'x' ?: 'y';\n",
	"<?php\n$a = array(-1 => 'neg', 1.5 => 'float', FOO => 'const', $v => 'var');\n",
	"<?php\n$a = ['k' => 'v'] + ['l' => 'w'];\n",
	"<?php\n$a = $b = 'chained';\n",
	"<?php\n$a .= 'append';\n",
	"<?php\n$a = b'binary';\n",
	"<?php\n$a = (string) 'cast';\n",
	"<?php\n$x = array(\n    'a' => 'b',\n    'c' => function() { return 'x'; },\n    'd' => 'e',\n);\n",
	"\xef\xbb\xbf<?php\n$a = 'bom';\n",
	"<?php\n$messages['greeting'] = 'Hi' . ' ' . $name . '!';\n",
	"<?php\n$a = \"a|b\";\ndefine('P', 'one|two');\n",
	"<?php\n$a = '|';\n$b = 'x|';\n",
	"<?php\n$a = array(-1 => 'neg', 1.5 => 'float', FOO => 'const', $v => 'var', +2 => 'plus', 'a'.'b' => 'cat', true => 't');\n",
}

func phpDocs(snippets []string) [][]byte {
	docs := make([][]byte, len(snippets))
	for i, s := range snippets {
		docs[i] = []byte(s)
	}
	return docs
}

func TestTTKPHPSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	comparePlainDocs(t, "php", phpDocs(phpSnippets), nil)
	comparePlainDocs(t, "laravel", phpDocs(phpSnippets), nil)
}

// TestTTKRandomPHP compares generated files mixing the constructs.
func TestTTKRandomPHP(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 1500
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(7, 11))
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = []byte(randomPHPDoc(rng))
	}
	comparePlainDocs(t, "php", docs, knownPHPDifference)
	comparePlainDocs(t, "laravel", docs, knownPHPDifference)
}

// knownPHPDifference: a define() of an expression is refused (translate-toolkit
// makes the text of phply's repr of the expression's node).
func knownPHPDifference(doc []byte, err error) string {
	if err != nil && strings.Contains(err.Error(), phpDefineOther) {
		return "define() of an expression"
	}
	return ""
}

func randomPHPDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	ws := func() string { return pick("", " ", "  ", "\n", "\t", " // c\n", " /* c */ ", "\n# h\n") }
	str := func() string {
		var b strings.Builder
		for k := rng.IntN(4); k > 0; k-- {
			b.WriteString(pick("word", " ", "|", "é", "\\n", "\\t", "\\x41", "\\$", "\\\\", "%s", "{0}", "$", "{", "\\101"))
		}
		if rng.IntN(2) == 0 {
			return "'" + strings.ReplaceAll(b.String(), "'", "\\'") + "'"
		}
		return `"` + strings.ReplaceAll(b.String(), `"`, `\"`) + pick("", "", " $v", "{$w}") + `"`
	}
	var value func(depth int) string
	value = func(depth int) string {
		switch rng.IntN(9) {
		case 0:
			return str() + ws() + "." + ws() + str()
		case 1:
			return pick("5", "0x1f", "1.5", "true", "null", "$v", "FOO")
		case 2, 3:
			if depth < 3 {
				var b strings.Builder
				short := rng.IntN(2) == 0
				if short {
					b.WriteString("[")
				} else {
					b.WriteString("array(")
				}
				for k := rng.IntN(4); k > 0; k-- {
					b.WriteString(ws())
					if rng.IntN(4) > 0 {
						b.WriteString(pick(str(), "3", "'k'", "0", "-1") + ws() + "=>" + ws())
					}
					b.WriteString(value(depth + 1))
					if k > 1 || rng.IntN(2) == 0 {
						b.WriteString("," + ws())
					}
				}
				if short {
					b.WriteString("]")
				} else {
					b.WriteString(")")
				}
				return b.String()
			}
		}
		return str()
	}
	var b strings.Builder
	b.WriteString(pick("<?php\n", "<?php ", "", "<?php\n// header\n\n"))
	for k := rng.IntN(6) + 1; k > 0; k-- {
		switch rng.IntN(8) {
		case 0:
			v := str()
			if rng.IntN(6) == 0 {
				v = value(0)
			}
			b.WriteString("define(" + str() + "," + ws() + v + ");")
		case 1:
			b.WriteString("return " + value(0) + ";")
		case 2:
			b.WriteString(pick("function f() { return 'x'; }", "if ($a) { $b = 'c'; }", "echo 'x';", "namespace A;"))
		case 3:
			b.WriteString(pick("// comment", "/* block */", "# hash") + "\n")
		default:
			b.WriteString(pick("$lang", "$a", "$lang['k']", "$lang[\"k\"]['l']", "$x[]") + ws() + "=" + ws() + value(0) + ";")
		}
		b.WriteString(ws() + pick("\n", "\n", " ", "\r\n", ""))
	}
	if rng.IntN(5) == 0 {
		b.WriteString("?>\n")
	}
	return b.String()
}

// TestTTKPHPFiles compares the real files of public projects in testdata/php and
// testdata/laravel, each read as both formats (a component may declare either).
func TestTTKPHPFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	compareFileSets(t, "testdata",
		plainFileSet{"php", "php/dokuwiki", ".php"},
		plainFileSet{"php", "php/codeigniter", ".php"},
		plainFileSet{"php", "php/opencart", ".php"},
		plainFileSet{"php", "php/zencart", ".php"},
		plainFileSet{"laravel", "laravel/bookstack", ".php"},
		plainFileSet{"laravel", "laravel/laravel-lang", ".php"},
		plainFileSet{"php", "laravel/bookstack", ".php"},
		plainFileSet{"laravel", "php/dokuwiki", ".php"},
		plainFileSet{"laravel", "php/opencart", ".php"},
	)
}

// TestTTKPHPEncodings: translate-toolkit decodes PHP as UTF-8 only; a byte-order
// mark is text before "<?php" (harmless there, an illegal character in a file
// read again with "<?php" before it), anything else not UTF-8 fails.
func TestTTKPHPEncodings(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	s := "<?php\n$lang['k'] = 'café 日本';\n"
	docs := [][]byte{
		[]byte(s),
		append([]byte("\xef\xbb\xbf"), s...),
		[]byte("\xef\xbb\xbf$lang['k'] = 'x';\n"),
		encodeUTF16(s, false, true),
		encodeUTF16(s, true, false),
		[]byte("<?php\n$lang['k'] = 'caf\xe9';\n"),
		[]byte("<?php\r\n$lang['k'] = 'crlf';\r\n"),
	}
	comparePlainDocs(t, "php", docs, nil)
	comparePlainDocs(t, "laravel", docs, nil)
}
