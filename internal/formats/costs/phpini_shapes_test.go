package costs

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Plain documents and hostile shapes of the PHP formats (php, laravel) and the
// INI formats (ini, islu).
func init() {
	iniPlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "[main]\n", "", func(i int) string { return fmt.Sprintf("k%d = %s\n", i, text(r)) })
	}
	morePlain["ini"], morePlain["islu"] = iniPlain, iniPlain
	iniShapes := []hostileShape{
		{"[DEFAULT]'s options in every section", func(r *rand.Rand, size int) []byte {
			head := string(fill(size/2, "[DEFAULT]\n", "", func(i int) string { return fmt.Sprintf("d%d = %s\n", i, word(r)) }))
			return fill(size, head, "", func(i int) string { return fmt.Sprintf("[s%d]\n", i) })
		}},
		{"one long value of continuation lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "[s]\nk = x\n", "", func(i int) string { return "  " + text(r) + "\n\n" })
		}},
		{"one option repeated", func(r *rand.Rand, size int) []byte {
			return fill(size, "[s]\n", "", func(int) string { return "k = " + word(r) + "\n" })
		}},
		{"a long section name and many options", func(r *rand.Rand, size int) []byte {
			return fill(size, "["+strings.Repeat("n", size/2)+"]\n", "", func(i int) string { return fmt.Sprintf("k%d=v\n", i) })
		}},
		{"many sections repeated", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("[s%d]\nk%d = v\n", i%7, i) })
		}},
		{"one line of many semicolons", func(r *rand.Rand, size int) []byte {
			return fill(size, "[s]\nk = ", "\n", func(int) string { return ";" + word(r) + " ;" })
		}},
		{"many comments and blank lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "[s]\n", "", func(i int) string { return "; " + text(r) + "\n\nrem " + word(r) + "\n" })
		}},
	}
	morePlain["joomla"] = func(r *rand.Rand, size int) []byte {
		return fill(size, "; header\n\n", "", func(i int) string { return fmt.Sprintf("COM_X_K%d=\"%s\"\n", i, text(r)) })
	}
	moreShapes["joomla"] = append(moreShapes["joomla"], []hostileShape{
		{"one value continued on many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "K=\"x", "\"\n", func(int) string { return " " + word(r) + "\\\n" })
		}},
		{"many _QQ_", func(r *rand.Rand, size int) []byte {
			return fill(size, "K=\"", "\"\n", func(int) string { return word(r) + "\"_QQ_\"" })
		}},
		{"one long comment block", func(r *rand.Rand, size int) []byte {
			return fill(size, "K=\"x\"\n/*\n", "*/\nL=\"y\"\n", func(int) string { return text(r) + "\n" })
		}},
		{"escaped delimiters", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "=\"x\"\n", func(int) string { return word(r) + "\\=" })
		}},
	}...)
	// mi18n-lang is Java properties in UTF-8.
	morePlain["mi18n-lang"] = func(r *rand.Rand, size int) []byte {
		return fill(size, "NATIVE_NAME = English\n\n", "", func(i int) string { return fmt.Sprintf("k%d = %s\n", i, text(r)) })
	}
	moreShapes["mi18n-lang"] = append(moreShapes["mi18n-lang"], []hostileShape{
		{"one value continued on many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = x", "\n", func(int) string { return " " + word(r) + "\\\n" })
		}},
		{"many escapes", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = ", "\n", func(int) string { return "\\u00e9\\n${" + word(r) + "}" })
		}},
		{"one long comment block", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = x\n/*\n", "*/\nl = y\n", func(int) string { return text(r) + "\n" })
		}},
	}...)
	morePlain["gotext"] = func(r *rand.Rand, size int) []byte {
		return fill(size, `{"language": "de", "messages": [`, `{"id": "end", "translation": "x"}]}`, func(i int) string {
			return fmt.Sprintf(`{"id": "k%d", "message": %q, "translation": %q},`+"\n", i, text(r), text(r))
		})
	}
	moreShapes["gotext"] = append(moreShapes["gotext"], []hostileShape{
		{"many placeholders", func(r *rand.Rand, size int) []byte {
			return fill(size, `{"messages": [{"id": "p", "translation": "x", "placeholders": [`, `{"id": "z"}]}]}`, func(i int) string {
				return fmt.Sprintf(`{"id": "%s%d", "string": "%%[1]s"}, `, word(r), i)
			})
		}},
		{"many plural selects", func(r *rand.Rand, size int) []byte {
			return fill(size, `{"messages": [`, `{"id": "end"}]}`, func(i int) string {
				return fmt.Sprintf(`{"id": "k%d", "translation": {"select": {"feature": "plural", "cases": {"=0": {"msg": "a"}, "one": {"msg": %q}, "other": {"msg": %q}}}}},`, i, word(r), word(r))
			})
		}},
		{"a select of many cases", func(r *rand.Rand, size int) []byte {
			return fill(size, `{"messages": [{"id": "k", "translation": {"select": {"cases": {`, `"other": {"msg": "x"}}}}}]}`, func(i int) string {
				return fmt.Sprintf(`"=%d": {"msg": %q}, `, i, word(r))
			})
		}},
	}...)
	moreShapes["ini"] = append(moreShapes["ini"], iniShapes...)
	moreShapes["islu"] = append(moreShapes["islu"], iniShapes...)

	morePlain["php"] = func(r *rand.Rand, size int) []byte {
		return fill(size, "<?php\n", "", func(i int) string { return fmt.Sprintf("$lang['k%d'] = '%s';\n", i, text(r)) })
	}
	morePlain["laravel"] = func(r *rand.Rand, size int) []byte {
		return fill(size, "<?php\nreturn [\n", "];\n", func(i int) string {
			return fmt.Sprintf("    'k%d' => ':count %s|:count %s',\n", i, word(r), word(r))
		})
	}
	shapes := []hostileShape{
		// translate-toolkit scans from the start of an array's element list to
		// the first "=>" for every keyed element: keyless elements first.
		{"keyless elements before keyed ones", func(r *rand.Rand, size int) []byte {
			half := fill(size/2, "<?php\n$a = [\n", "", func(int) string { return "5, " })
			return fill(size, string(half), "];\n", func(i int) string { return fmt.Sprintf("'k%d' => '%s', ", i, word(r)) })
		}},
		// …and for every unit to the next quote: values without quotes first.
		{"units without quotes", func(r *rand.Rand, size int) []byte {
			return fill(size, "<?php\n", "$z = 'end';\n", func(i int) string { return fmt.Sprintf("$a%d = $%s . $%s;\n", i, word(r), word(r)) })
		}},
		{"nested keyed arrays", func(r *rand.Rand, size int) []byte {
			return nested(size, 200, "<?php\n$a = [", "'"+word(r)+"' => [", "'x'", "],", "];\n")
		}},
		{"nested keyless arrays", func(r *rand.Rand, size int) []byte {
			return nested(size, 200, "<?php\nreturn [", "[", "'x', 'y'", "],", "];\n")
		}},
		{"one long concatenation", func(r *rand.Rand, size int) []byte {
			return fill(size, "<?php\n$a = 'x'", ";\n", func(int) string { return " . '" + word(r) + "'" })
		}},
		{"one string of many variables", func(r *rand.Rand, size int) []byte {
			return fill(size, "<?php\n$a = \"", "\";\n", func(int) string { return "$" + word(r) + " " })
		}},
		{"comments between units", func(r *rand.Rand, size int) []byte {
			return fill(size, "<?php\n", "", func(i int) string {
				if i%8 == 0 {
					return fmt.Sprintf("$k%d = 'x'; // %s\n", i, text(r))
				}
				return "// " + text(r) + "\n/* " + text(r) + " */\n"
			})
		}},
		{"deep braces in a skipped function", func(r *rand.Rand, size int) []byte {
			return nested(size, 300, "<?php\nfunction f() ", "{", "$x = 1;", "}", "\n$a = 'x';\n")
		}},
		{"one long heredoc", func(r *rand.Rand, size int) []byte {
			return fill(size, "<?php\n$a = <<<EOT\n", "EOT;\n$b = 'x';\n", func(int) string { return text(r) + " $v \\n\n" })
		}},
		{"many short statements on one line", func(r *rand.Rand, size int) []byte {
			return fill(size, "<?php ", "\n", func(i int) string { return fmt.Sprintf("$a[%d]='%s';", i, strings.Repeat("x", 1+r.IntN(3))) })
		}},
	}
	moreShapes["php"] = append(moreShapes["php"], shapes...)
	moreShapes["laravel"] = append(moreShapes["laravel"], shapes...)
}
