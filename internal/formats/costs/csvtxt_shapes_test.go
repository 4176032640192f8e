package costs

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Plain documents and hostile shapes of monolingual gettext PO and the CSV
// formats (internal/formats/pomono.go, csv.go, csvsniff.go).
func init() {
	morePlain["po-mono"] = func(r *rand.Rand, size int) []byte {
		return fill(size, poHead, "", func(i int) string {
			return fmt.Sprintf("#: src/%s.c:%d\nmsgctxt \"%s\"\nmsgid \"k%d.%s\"\nmsgstr \"%s\"\n\n", word(r), i, word(r), i, word(r), text(r))
		})
	}
	moreShapes["po-mono"] = []hostileShape{
		{"many units", morePlain["po-mono"]},
		{"one context many times", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "", func(int) string { return "msgctxt \"c\"\nmsgid \"same\"\nmsgstr \"" + word(r) + "\"\n\n" })
		}},
		{"keys of white space to strip", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "", func(i int) string {
				return fmt.Sprintf("msgctxt \"%s\"\nmsgid \"%s%d%s\"\nmsgstr \"x\"\n\n", strings.Repeat(" ", 20), strings.Repeat("\\t", 10), i, strings.Repeat(" ", 20))
			})
		}},
		{"one msgid of many continuation lines", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead+"msgctxt \"c\"\nmsgid \"\"\n", "msgstr \"x\"\n", func(int) string { return "\"" + word(r) + " \"\n" })
		}},
	}

	csvPlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "\"location\",\"source\",\"target\",\"id\",\"fuzzy\",\"context\",\"translator_comments\",\"developer_comments\"\n", "", func(i int) string {
			return fmt.Sprintf("\"src/%s.c:%d\",\"%s\",\"%s\",\"\",\"False\",\"k%d\",\"\",\"%s\"\n", word(r), i, text(r), text(r), i, word(r))
		})
	}
	simplePlain := func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string { return fmt.Sprintf("\"%s %d\",\"%s\"\n", text(r), i, text(r)) })
	}
	morePlain["csv"] = csvPlain
	morePlain["csv-simple"] = simplePlain
	morePlain["csv-simple-iso"] = simplePlain
	shapes := []hostileShape{
		{"many rows", csvPlain},
		// No quoted field: the delimiter is guessed from every ASCII character's
		// count on every line.
		{"many short unquoted lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return word(r)[:2] + "\n" })
		}},
		{"unquoted lines of every ASCII character", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string {
				var b strings.Builder
				for c := 33; c < 127; c++ {
					if c != '"' && c != '\'' {
						b.WriteString(strings.Repeat(string(rune(c)), 1+(i+c)%3))
					}
				}
				return b.String() + "\n"
			})
		}},
		// Quotes the sniffer's lazy expressions look for a closing of and
		// never find.
		{"quotes never closed before a delimiter", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return ",\"" + word(r) + " '" + word(r) + "\n" })
		}},
		{"quotes after many different delimiters", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return string(rune(0x2000+i%0x60)) + "\"" + word(r) })
		}},
		{"line starts of quotes without a closing", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return "\"" + word(r) + "\n" })
		}},
		{"one quoted field over many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "source,target\n\"", "\",x\n", func(int) string { return word(r) + "\n" })
		}},
		{"a header of many columns", func(r *rand.Rand, size int) []byte {
			doc := fill(size/2, "source", "\n", func(i int) string { return fmt.Sprintf(",c%d", i) })
			return append(doc, fill(size/2, "", "", func(i int) string { return fmt.Sprintf("%s,%s\n", word(r), word(r)) })...)
		}},
		{"a header of one name many times", func(r *rand.Rand, size int) []byte {
			doc := fill(size/2, "source", "\n", func(int) string { return ",source" })
			return append(doc, fill(size/2, "", "", func(i int) string { return fmt.Sprintf("%s,%s\n", word(r), word(r)) })...)
		}},
		{"doubled quotes and escapes", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(int) string { return "\"a\"\"b\\\"\"c\",\"'=" + word(r) + "\\|'\"\n" })
		}},
	}
	moreShapes["csv"] = shapes
	moreShapes["csv-simple"] = shapes
	moreShapes["csv-simple-iso"] = shapes[:4]
}
