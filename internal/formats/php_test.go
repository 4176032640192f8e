package formats

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestPHPRules pins translate-toolkit's reading of PHP (php.py over phply) on
// small files: keys as written, values unescaped as phply does, notes as
// PHPLexer assigns them, and Laravel's "|" plurals.
func TestPHPRules(t *testing.T) {
	t.Parallel()
	type unit struct {
		key    string
		target []string
		note   string
		line   int
	}
	cases := []struct {
		name, format, doc string
		want              []unit
	}{
		{"offset assignment", "php", "<?php\n$lang['a'] = 'Hello';\n", []unit{{"$lang['a']", []string{"Hello"}, "", 2}}},
		{"key as written", "php", "<?php\n$lang [ \"a\" ] /* c */ = 'x';\n", []unit{{"$lang [ \"a\" ] /* c */", []string{"x"}, "/* c */", 2}}},
		{"variable", "php", "<?php $title = 'T';", []unit{{"$title", []string{"T"}, "", 1}}},
		{"single quotes: only \\' and \\\\", "php", `<?php $a = 'it\'s \\ \n';`, []unit{{"$a", []string{`it's \ \n`}, "", 1}}},
		{"double quotes: phply's escapes", "php", `<?php $a = "a\tb\x41\101\$\e";`, []unit{{"$a", []string{"a\tbA101$e"}, "", 1}}},
		{"concatenation keeps variable names", "php", `<?php $a = 'Hi ' . $name . "!";`, []unit{{"$a", []string{"Hi $name!"}, "", 1}}},
		{"a variable in quotes is a concatenation", "php", `<?php $a = "Hi $name";`, []unit{{"$a", []string{"Hi $name"}, "", 1}}},
		{"not a concatenation at the top", "php", `<?php $a = 'x' . 'y' == 'z';`, nil},
		{"define", "php", "<?php\ndefine('GREETING', 'Hello');\n", []unit{{"define('GREETING'", []string{"Hello"}, "", 2}}},
		{"define of a number", "php", "<?php define('N', 0x10); $b = 'x';", []unit{{"define('N'", []string{"16"}, "", 1}, {"$b", []string{"x"}, "", 1}}},
		{"long array", "php", "<?php\n$lang = array(\n  'a' => 'A',\n  'b' => array('c' => 'C', 3 => 'D'),\n);\n",
			[]unit{{"$lang->'a'", []string{"A"}, "", 3}, {"$lang->'b'->'c'", []string{"C"}, "", 4}, {"$lang->'b'->3", []string{"D"}, "", 4}}},
		{"short array and return", "php", "<?php\nreturn [\n  'a' => ['b' => 'B'],\n  'l' => ['x'],\n];\n",
			[]unit{{"return[]->'a'[]->'b'", []string{"B"}, "", 3}, {"return[]->'l'[]->[]", []string{"x"}, "", 4}}},
		{"elements that are not strings", "php", "<?php $a = ['n' => 5, 'v' => $x, 's' => \"x $y\", 'e' => ''];",
			[]unit{{"$a[]->'e'", []string{""}, "", 1}}},
		{"comments: before and on the line", "php", "<?php\n// before\n$a = 'x'; // same line\n$b = 'y';\n",
			[]unit{{"$a", []string{"x"}, "// before\n// same line", 3}, {"$b", []string{"y"}, "", 4}}},
		{"a comment after a comma goes to the next element", "php", "<?php\n$a = [\n  'x' => 'X', // of x?\n  'y' => 'Y',\n];\n",
			[]unit{{"$a[]->'x'", []string{"X"}, "", 3}, {"$a[]->'y'", []string{"Y"}, "// of x?", 4}}},
		{"comments of skipped statements go to the next unit", "php", "<?php\nfunction f() { /* in f */ return 1; }\n$a = 'x';\n",
			[]unit{{"$a", []string{"x"}, "/* in f */", 3}}},
		{"no <?php: read again with one", "php", "$a = 'x';\n", []unit{{"$a", []string{"x"}, "", 1}}},
		{"heredoc and nowdoc", "php", "<?php\n$a = <<<EOT\nline\\t1\nEOT;\n$b = <<<'EOT'\nraw\\t\nEOT;\n",
			[]unit{{"$a", []string{"line\t1"}, "", 2}, {"$b", []string{`raw\t`}, "", 5}}},
		{"laravel plurals", "laravel", "<?php return ['n' => ':count apple|:count apples', 's' => 'one'];",
			[]unit{{"return[]->'n'", []string{":count apple", ":count apples"}, "", 1}, {"return[]->'s'", []string{"one"}, "", 1}}},
		{"laravel splits every |", "laravel", "<?php return ['c' => '{0} none|[1,*] :count'];",
			[]unit{{"return[]->'c'", []string{"{0} none", "[1,*] :count"}, "", 1}}},
		{"php keeps |", "php", "<?php return ['n' => 'a|b'];", []unit{{"return[]->'n'", []string{"a|b"}, "", 1}}},
		{"empty file", "php", "", nil},
		{"html around", "php", "<p>x</p><?php $a = 'x'; ?><p>y</p>", []unit{{"$a", []string{"x"}, "", 1}}},
	}
	for _, c := range cases {
		f, err := mustLookup(t, c.format).Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []unit
		for _, u := range f.Units {
			got = append(got, unit{u.Key, u.Target, u.Note, u.Line})
			if u.Plural != (len(u.Target) > 1) {
				t.Errorf("%s: %q plural %v with %d forms", c.name, u.Key, u.Plural, len(u.Target))
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

// TestPHPErrors: files translate-toolkit cannot load fail with the line.
func TestPHPErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, format, doc string
		line              int
	}{
		{"unterminated string", "php", "<?php\n$a = 'x';\n$b = 'y;\n", 3},
		{"missing semicolon at the end of the file", "php", "<?php\n$a = 'x'\n", 3},
		{"unbalanced brace", "php", "<?php\n$a = 'x';\n}\n", 3},
		{"plain text", "php", "hello\n", 2},
		{"not UTF-8", "php", "<?php\n$a = 'x';\n$b = '\xe9';\n", 3},
		{"illegal character", "php", "<?php\n$a = 'x';\n\x01\n", 3},
		{"concatenation of a number", "php", "<?php\n$a = 'x' . 5;\n", 2},
		{"octal with 9", "php", "<?php\n$a = [09 => 'x'];\n", 2},
		{"define without value", "php", "<?php\ndefine('A');\n", 2},
		{"laravel define of a number", "laravel", "<?php\ndefine('A', 5);\n", 2},
		{"no quote after the last unit", "php", "<?php\n$a = <<<EOT\nx\nEOT;\n", 2},
	}
	for _, c := range cases {
		_, err := mustLookup(t, c.format).Parse([]byte(c.doc))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a SyntaxError", c.name, err)
			continue
		}
		if se.Line != c.line {
			t.Errorf("%s: line %d, want %d (%v)", c.name, se.Line, c.line, err)
		}
	}
}

// TestPHPDetection: translation-finder tells Laravel's files by "return [" and a
// "|" after "=>".
func TestPHPDetection(t *testing.T) {
	t.Parallel()
	for doc, want := range map[string]string{
		"<?php return [\n 'a' => 'x|y',\n];":    "laravel",
		"<?php return [\n 'a' => 'x',\n];":      "php",
		"<?php $a = array(\n 'a' => 'x|y',\n);": "php",
		"<?php $lang['a'] = 'x|y';":             "php",
	} {
		if got := choosePHP(&Sample{Data: []byte(doc)}); got != want {
			t.Errorf("%q: %s, want %s", doc, got, want)
		}
	}
	if !strings.Contains(phpDetection.Extensions[0], "php") {
		t.Error("extension")
	}
}

// TestPHPDuplicates: a name given twice is Weblate's DuplicateString alert.
func TestPHPDuplicates(t *testing.T) {
	t.Parallel()
	f, err := mustLookup(t, "php").Parse([]byte("<?php\n$a = 'x';\n$a = 'y';\nreturn ['l' => ['p', 'q']];\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Warnings) != 2 || f.Warnings[0].Kind != DuplicateString || f.Warnings[0].Line != 3 || f.Warnings[1].Line != 4 {
		t.Errorf("warnings %v", f.Warnings)
	}
}
