package costs

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/formats"
	"golang.org/x/text/encoding/unicode"
)

// Every parser must cost time linear in its input, whatever the input's shape: a
// repository is written by anyone who can open a pull request, and a file that
// takes minutes to read holds the scan (and the server) for minutes. These tests
// generate, for every registered format, documents of shapes that make a naive
// parser superlinear (one value asking for its line from the start of the file,
// merges expanded at every link, continuation lines joined one at a time, deep
// nesting, many attributes, many keys…), with random names and text, and check two
// properties of each:
//
//   - growth: the document 32 times larger costs at most growthBound times what
//     32 parses of the smaller one cost together (linear is 1, and a larger heap
//     and caches outgrown make it up to 4; quadratic is 32);
//   - against a plain document of the format and the same size (many short
//     units), at most plainBound times more.
//
// Costs are CPU time (the same bytes each way); a bound is only failed when it
// is failed again on fresh measurements, so a descheduling or a GC pause in one
// run does not count. The test runs alone (no t.Parallel): other tests of the
// package do not share its CPU time. Under the race detector, whose cost per
// operation is not the program's, it does not run (.ci/run runs it without).

var linearSeed = flag.Uint64("linear.seed", 0, "seed of the hostile documents (0: a new one each run, logged)")

const (
	growth      = 32
	growthBound = 8
	plainBound  = 200
	// measurable is the least cost a growth is judged on: below it, timer
	// resolution and cache effects decide the ratio, and the parse is fast anyway.
	measurable = 3 * time.Millisecond
)

// hostileShape is one kind of document: doc returns one of about size bytes.
type hostileShape struct {
	name string
	doc  func(r *rand.Rand, size int) []byte
}

// fill repeats piece(i) between head and tail until the document holds size
// bytes.
func fill(size int, head, tail string, piece func(i int) string) []byte {
	var b strings.Builder
	b.Grow(size + 256)
	b.WriteString(head)
	for i := 0; b.Len()+len(tail) < size; i++ {
		b.WriteString(piece(i))
	}
	b.WriteString(tail)
	return []byte(b.String())
}

// nested repeats, until size bytes, a block of depth open tags around middle
// and depth close tags.
func nested(size, depth int, head, open, middle, close, tail string) []byte {
	block := strings.Repeat(open, depth) + middle + strings.Repeat(close, depth)
	return fill(size, head, tail, func(int) string { return block })
}

// word is a random name of 3 to 12 letters.
func word(r *rand.Rand) string {
	b := make([]byte, 3+r.IntN(10))
	for i := range b {
		b[i] = 'a' + byte(r.IntN(26))
	}
	return string(b)
}

// text is a random sentence of a few words.
func text(r *rand.Rand) string {
	ws := make([]string, 1+r.IntN(6))
	for i := range ws {
		ws[i] = word(r)
	}
	return strings.Join(ws, " ")
}

// utf16LE is doc in UTF-16, little-endian, after a byte-order mark.
func utf16LE(doc []byte) []byte {
	out, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes(doc)
	if err != nil {
		panic(err) // the generated documents are valid UTF-8
	}
	return out
}

// cpuTime is the process's CPU time, the kernel's included.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// utf16Shapes turns shapes of UTF-8 documents into the same shapes in UTF-16.
func utf16Shapes(shapes []hostileShape) []hostileShape {
	out := make([]hostileShape, len(shapes))
	for i, s := range shapes {
		out[i] = hostileShape{s.name, func(r *rand.Rand, size int) []byte {
			return utf16LE(s.doc(r, size/2))
		}}
	}
	return out
}

const (
	xliffHead = `<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="f" source-language="en" target-language="cs" datatype="plaintext"><body>`
	xliffTail = `</body></file></xliff>`
	tsHead    = `<?xml version="1.0" encoding="utf-8"?><!DOCTYPE TS><TS version="2.1" language="cs" sourcelanguage="en"><context><name>C</name>`
	tsTail    = `</context></TS>`
	plistHead = `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>`
	plistTail = `</dict></plist>`
	poHead    = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n\"\n\n"
)

// stringsdictEntry is a plural entry of a stringsdict: the shape that asked the
// XML layer for the line of every value.
func stringsdictEntry(key string) string {
	return `<key>` + key + `</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>one</key><string>a</string><key>other</key><string>b</string></dict></dict>` + "\n"
}

// rubyMergeChain is a Ruby YAML file of mappings each merging in the one before:
// expanded again at every link, it costs the cube of its length.
func rubyMergeChain(n int, code string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n  b0: &b0 {k0: v}\n", code)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  b%d: &b%d {<<: [*b%d], k%d: v}\n", i, i, i-1, i)
	}
	return []byte(b.String())
}

var xmlAttrs = func(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, ` a%d="%s"`, i, word(r))
	}
	return b.String()
}

// plainDocs are ordinary documents of each format: many short units.
var plainDocs = map[string]func(r *rand.Rand, size int) []byte{
	"aresource": func(r *rand.Rand, size int) []byte {
		return fill(size, `<resources>`, `</resources>`, func(i int) string {
			return fmt.Sprintf(`<string name="k%d">%s, with <b>markup</b></string>`+"\n", i, text(r))
		})
	},
	"tbx": func(r *rand.Rand, size int) []byte {
		return fill(size, `<martif><text><body>`, `</body></text></martif>`, func(i int) string {
			return fmt.Sprintf(`<termEntry><langSet xml:lang="en"><term>%s %d</term></langSet><langSet xml:lang="cs"><term>%s</term></langSet></termEntry>`+"\n", word(r), i, word(r))
		})
	},
	"xliff": func(r *rand.Rand, size int) []byte {
		return fill(size, xliffHead, xliffTail, func(i int) string {
			return fmt.Sprintf(`<trans-unit id="u%d"><source>%s</source><target>%s</target></trans-unit>`+"\n", i, text(r), text(r))
		})
	},
	"ts": func(r *rand.Rand, size int) []byte {
		return fill(size, tsHead, tsTail, func(i int) string {
			return fmt.Sprintf(`<message><location filename="a.cpp" line="%d"/><source>%s %d</source><translation>%s</translation></message>`+"\n", i, text(r), i, text(r))
		})
	},
	"resx": func(r *rand.Rand, size int) []byte {
		return fill(size, `<?xml version="1.0" encoding="utf-8"?><root>`, `</root>`, func(i int) string {
			return fmt.Sprintf(`<data name="k%d" xml:space="preserve"><value>%s</value><comment>%s</comment></data>`+"\n", i, text(r), word(r))
		})
	},
	"stringsdict": func(r *rand.Rand, size int) []byte {
		return fill(size, plistHead, plistTail, func(i int) string {
			return fmt.Sprintf(`<key>k%d</key><dict><key>NSStringLocalizedFormatKey</key><string>%s %%#@v@</string><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%s</string><key>other</key><string>%s</string></dict></dict>`+"\n", i, word(r), text(r), text(r))
		})
	},
	"po": func(r *rand.Rand, size int) []byte {
		return fill(size, poHead, "", func(i int) string {
			return fmt.Sprintf("#: src/%s.c:%d\nmsgid \"%s %d\"\nmsgstr \"%s\"\n\n", word(r), i, text(r), i, text(r))
		})
	},
	"properties": func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string { return fmt.Sprintf("# %s\nk%d.%s=%s\n", word(r), i, word(r), text(r)) })
	},
	"strings": func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string {
			return fmt.Sprintf("/* %s */\n\"k%d %s\" = \"%s\";\n", word(r), i, word(r), text(r))
		})
	},
	"json": func(r *rand.Rand, size int) []byte {
		return fill(size, "{", `"end": "x"}`, func(i int) string { return fmt.Sprintf("%q: %q,\n", fmt.Sprintf("k%d_%s", i, word(r)), text(r)) })
	},
	"arb": func(r *rand.Rand, size int) []byte {
		return fill(size, `{"@@locale": "cs",`, `"end": "x"}`, func(i int) string {
			return fmt.Sprintf("\"k%d\": %q, \"@k%d\": {\"description\": %q},\n", i, text(r), i, text(r))
		})
	},
	"go-i18n-json": func(r *rand.Rand, size int) []byte {
		return fill(size, "[", `{"id": "end", "translation": "x"}]`, func(i int) string {
			return fmt.Sprintf("{\"id\": \"k%d\", \"translation\": %q},\n", i, text(r))
		})
	},
	"webextension": func(r *rand.Rand, size int) []byte {
		return fill(size, "{", `"end": {"message": "x"}}`, func(i int) string {
			return fmt.Sprintf("\"k%d\": {\"message\": %q, \"description\": %q},\n", i, text(r), word(r))
		})
	},
	"yaml": func(r *rand.Rand, size int) []byte {
		return fill(size, "", "", func(i int) string { return fmt.Sprintf("k%d:\n  %s: %s\n", i, word(r), text(r)) })
	},
}

// morePlain and moreShapes take the plain documents and hostile shapes of
// formats whose tests live in a file of their own (family_shapes_test.go), each
// adding to them in an init function, so formats added side by side do not
// all edit the tables above.
var (
	morePlain  = map[string]func(r *rand.Rand, size int) []byte{}
	moreShapes = map[string][]hostileShape{}
)

// plainFor maps each format to its plain document.
func plainFor(id string) func(r *rand.Rand, size int) []byte {
	if p, ok := morePlain[id]; ok {
		return p
	}
	switch id {
	case "plainxliff":
		return plainDocs["xliff"]
	case "json-nested", "i18next", "i18nextv4", "go-i18n-json-v2":
		return plainDocs["json"]
	case "properties-utf8":
		return plainDocs["properties"]
	case "properties-utf16":
		return func(r *rand.Rand, size int) []byte {
			return utf16LE(plainDocs["properties"](r, size/2))
		}
	case "strings":
		return func(r *rand.Rand, size int) []byte {
			return utf16LE(plainDocs["strings"](r, size/2))
		}
	case "strings-utf8":
		return plainDocs["strings"]
	case "ruby-yaml":
		return func(r *rand.Rand, size int) []byte {
			return append([]byte("cs:\n"), indent(plainDocs["yaml"](r, size))...)
		}
	}
	return plainDocs[id]
}

// indent puts two spaces before every line.
func indent(doc []byte) []byte {
	return []byte("  " + strings.ReplaceAll(strings.TrimSuffix(string(doc), "\n"), "\n", "\n  ") + "\n")
}

// xmlShapes are the shapes every XML format meets in its markup: names,
// attributes, comments, references, entities and nesting, inside unitWith (a
// function making one unit of the format around a piece of text).
func xmlShapes(head, tail string, unitWith func(i int, text string) string) []hostileShape {
	return []hostileShape{
		{"many units", func(r *rand.Rand, size int) []byte {
			return fill(size, head, tail, func(i int) string { return unitWith(i, word(r)) + "\n" })
		}},
		{"a text of many references", func(r *rand.Rand, size int) []byte {
			n := size / 20
			return []byte(head + unitWith(0, strings.Repeat(`&amp;&#65;&lt;&#x263A;`, n)) + tail)
		}},
		{"many comments between units", func(r *rand.Rand, size int) []byte {
			return fill(size, head, tail, func(i int) string {
				if i%100 == 0 {
					return unitWith(i, word(r))
				}
				return `<!-- ` + text(r) + ` -->` + "\n"
			})
		}},
		{"many lines in one text", func(r *rand.Rand, size int) []byte {
			n := size / 8
			return []byte(head + unitWith(0, strings.Repeat(word(r)[:3]+"\n\r\n\t", n)) + tail)
		}},
		{"many entities referenced", func(r *rand.Rand, size int) []byte {
			n := size / 40
			var decl, refs strings.Builder
			for i := 0; i < n; i++ {
				fmt.Fprintf(&decl, `<!ENTITY e%d "%s">`, i, word(r))
				fmt.Fprintf(&refs, `&e%d;`, i)
			}
			doc := head + unitWith(0, refs.String()) + tail
			if j := strings.Index(doc, "?>"); j >= 0 {
				doc = doc[:j+2] + `<!DOCTYPE x [` + decl.String() + `]>` + doc[j+2:]
			} else {
				doc = `<!DOCTYPE x [` + decl.String() + `]>` + doc
			}
			return []byte(doc)
		}},
		{"deep markup in texts", func(r *rand.Rand, size int) []byte {
			inner := strings.Repeat("<b>", 240) + word(r) + strings.Repeat("</b>", 240)
			return fill(size, head, tail, func(i int) string { return unitWith(i, inner) + "\n" })
		}},
		{"many namespaces", func(r *rand.Rand, size int) []byte {
			n := size / 60
			var decl strings.Builder
			for i := 0; i < n; i++ {
				fmt.Fprintf(&decl, ` xmlns:p%d="urn:%s%d"`, i, word(r), i)
			}
			return []byte(head + unitWith(0, `<x`+decl.String()+`><p1:b p2:y="1"/></x>`) + strings.Repeat(unitWith(1, `<p1:b/>`), 10) + tail)
		}},
	}
}

// hostileShapes lists the shapes of each format. A new format adds its own;
// TestHostileShapesStayLinear fails for a registered format without any.
func hostileShapes() map[string][]hostileShape {
	m := map[string][]hostileShape{}
	aresUnit := func(i int, t string) string { return fmt.Sprintf(`<string name="k%d">%s</string>`, i, t) }
	m["aresource"] = append(xmlShapes(`<resources>`, `</resources>`, aresUnit),
		hostileShape{"many attributes", func(r *rand.Rand, size int) []byte {
			return []byte(`<resources><string name="k"` + xmlAttrs(r, size/12) + `>x</string></resources>`)
		}},
		hostileShape{"many plurals and arrays", func(r *rand.Rand, size int) []byte {
			return fill(size, `<resources>`, `</resources>`, func(i int) string {
				return fmt.Sprintf(`<plurals name="p%d"><item quantity="one">%s</item><item quantity="other">%s</item></plurals><string-array name="a%d"><item>%s</item><item>x</item></string-array>`, i, word(r), word(r), i, word(r))
			})
		}},
		hostileShape{"a text of every escape", func(r *rand.Rand, size int) []byte {
			return []byte(`<resources><string name="k">` + strings.Repeat(`  "a  \n\t\u0041 \q\\" `, size/24) + `</string></resources>`)
		}},
		hostileShape{"one key many times", func(r *rand.Rand, size int) []byte {
			return fill(size, `<resources>`, `</resources>`, func(i int) string { return `<string name="same">` + word(r) + `</string>` })
		}},
	)
	tbxUnit := func(i int, t string) string {
		return fmt.Sprintf(`<termEntry id="t%d"><langSet xml:lang="en"><term>%s</term></langSet><langSet xml:lang="cs"><term>x</term></langSet></termEntry>`, i, t)
	}
	m["tbx"] = append(xmlShapes(`<martif><text><body>`, `</body></text></martif>`, tbxUnit),
		hostileShape{"many notes in one entry", func(r *rand.Rand, size int) []byte {
			return fill(size, `<martif><termEntry><langSet><term>a</term></langSet>`, `</termEntry></martif>`, func(int) string { return `<note>` + word(r) + `</note>` })
		}},
		hostileShape{"nested term entries", func(r *rand.Rand, size int) []byte {
			return nested(size, 250, `<martif>`, `<termEntry><langSet><term>a</term></langSet>`, "", `</termEntry>`, `</martif>`)
		}},
	)
	xliffUnit := func(i int, t string) string {
		return fmt.Sprintf(`<trans-unit id="u%d"><source>%s</source><target>%s</target></trans-unit>`, i, t, t)
	}
	m["xliff"] = append(xmlShapes(xliffHead, xliffTail, xliffUnit),
		hostileShape{"many files", func(r *rand.Rand, size int) []byte {
			return fill(size, `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">`, `</xliff>`, func(i int) string {
				return fmt.Sprintf(`<file original="%s%d" source-language="en" target-language="cs" datatype="plaintext"><body>%s</body></file>`, word(r), i, xliffUnit(i, word(r)))
			})
		}},
		hostileShape{"many notes and contexts in one unit", func(r *rand.Rand, size int) []byte {
			return fill(size, xliffHead+`<trans-unit id="u"><source>s</source><target>t</target>`, `</trans-unit>`+xliffTail, func(i int) string {
				return `<note from="developer">` + word(r) + `</note><context-group purpose="location"><context context-type="linenumber">` + fmt.Sprint(i) + `</context></context-group>`
			})
		}},
		hostileShape{"nested groups", func(r *rand.Rand, size int) []byte {
			return nested(size, 200, xliffHead, `<group>`, xliffUnit(0, "x"), `</group>`, xliffTail)
		}},
		hostileShape{"nested inline markup", func(r *rand.Rand, size int) []byte {
			inner := strings.Repeat(`<g id="1">`, 200) + "x" + strings.Repeat(`</g>`, 200)
			return fill(size, xliffHead, xliffTail, func(i int) string { return xliffUnit(i, inner) })
		}},
	)
	m["plainxliff"] = m["xliff"]
	tsUnit := func(i int, t string) string {
		return fmt.Sprintf(`<message><source>%s %d</source><translation>%s</translation></message>`, t, i, t)
	}
	m["ts"] = append(xmlShapes(tsHead, tsTail, tsUnit),
		hostileShape{"many contexts", func(r *rand.Rand, size int) []byte {
			return fill(size, `<?xml version="1.0" encoding="utf-8"?><TS version="2.1" language="cs">`, `</TS>`, func(i int) string {
				return `<context><name>` + word(r) + `</name>` + tsUnit(i, word(r)) + `</context>`
			})
		}},
		hostileShape{"many numerus forms", func(r *rand.Rand, size int) []byte {
			return fill(size, tsHead+`<message numerus="yes"><source>%n</source><translation>`, `</translation></message>`+tsTail, func(int) string { return `<numerusform>` + word(r) + `</numerusform>` })
		}},
		hostileShape{"many locations in one message", func(r *rand.Rand, size int) []byte {
			return fill(size, tsHead+`<message>`, `<source>s</source><translation>t</translation></message>`+tsTail, func(i int) string {
				return fmt.Sprintf(`<location filename="%s.cpp" line="%d"/>`, word(r), i)
			})
		}},
	)
	resxUnit := func(i int, t string) string { return fmt.Sprintf(`<data name="k%d"><value>%s</value></data>`, i, t) }
	m["resx"] = append(xmlShapes(`<?xml version="1.0" encoding="utf-8"?><root>`, `</root>`, resxUnit),
		hostileShape{"many headers", func(r *rand.Rand, size int) []byte {
			return fill(size, `<root>`, resxUnit(0, "x")+`</root>`, func(int) string {
				return `<resheader name="` + word(r) + `"><value>` + word(r) + `</value></resheader>`
			})
		}},
	)
	plistUnit := func(i int, t string) string {
		return fmt.Sprintf(`<key>k%d</key><dict><key>NSStringLocalizedFormatKey</key><string>%%#@v@</string><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>%s</string></dict></dict>`, i, t)
	}
	m["stringsdict"] = append(xmlShapes(plistHead, plistTail, plistUnit),
		hostileShape{"many plural entries", func(r *rand.Rand, size int) []byte {
			return fill(size, plistHead, plistTail, func(i int) string { return stringsdictEntry(fmt.Sprintf("k%d", i)) })
		}},
		hostileShape{"nested dictionaries", func(r *rand.Rand, size int) []byte {
			return nested(size, 200, plistHead+`<key>k</key>`, `<dict><key>x</key>`, `<string>y</string>`, `</dict>`, plistTail)
		}},
		hostileShape{"many variables in one entry", func(r *rand.Rand, size int) []byte {
			return fill(size, plistHead+`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v0@</string>`, `</dict>`+plistTail, func(i int) string {
				return fmt.Sprintf(`<key>v%d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>%s</string></dict>`, i, word(r))
			})
		}},
	)
	m["po"] = []hostileShape{
		{"many units", plainDocs["po"]},
		{"one string of many continuation lines", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead+"msgid \"\"\n", "msgstr \"x\"\n", func(int) string { return "\"" + word(r) + "\\n\"\n" })
		}},
		{"many locations and comments on one unit", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "msgid \"a\"\nmsgstr \"b\"\n", func(i int) string {
				return fmt.Sprintf("#: src/%s.c:%d\n# %s\n#. %s\n", word(r), i, word(r), word(r))
			})
		}},
		{"many flags", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead+"#, fuzzy", "\nmsgid \"a\"\nmsgstr \"b\"\n", func(int) string { return ", " + word(r) + "-format" })
		}},
		{"many plural forms", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead+"msgid \"a\"\nmsgid_plural \"b\"\n", "", func(i int) string { return fmt.Sprintf("msgstr[%d] \"%s\"\n", i, word(r)) })
		}},
		{"many obsolete and previous entries", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "", func(i int) string {
				return fmt.Sprintf("#| msgid \"%s\"\n#~ msgid \"o%d\"\n#~ msgstr \"%s\"\n\n", word(r), i, word(r))
			})
		}},
		{"a string of escapes", func(r *rand.Rand, size int) []byte {
			return []byte(poHead + "msgid \"a\"\nmsgstr \"" + strings.Repeat(`\n\t\"\\\101`, size/12) + "\"\n")
		}},
		{"one context many times", func(r *rand.Rand, size int) []byte {
			return fill(size, poHead, "", func(int) string { return "msgctxt \"c\"\nmsgid \"same\"\nmsgstr \"" + word(r) + "\"\n\n" })
		}},
	}
	props := []hostileShape{
		{"many keys", plainDocs["properties"]},
		{"one value of many continuation lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = ", "end\n", func(int) string { return word(r) + "\\\n    " })
		}},
		{"a value of escapes", func(r *rand.Rand, size int) []byte {
			return []byte("k=" + strings.Repeat(`\u0041\t\\\=\:x`, size/16) + "\n")
		}},
		{"many comment lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "k=v\n", func(int) string { return "# " + text(r) + "\n! " + word(r) + "\n" })
		}},
		{"one key many times", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(int) string { return "same=" + word(r) + "\n" })
		}},
		{"keys of escaped separators", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("k%d\\=\\:\\ %s\\=x = %s\n", i, word(r), word(r)) })
		}},
	}
	m["properties"], m["properties-utf8"] = props, props
	// The UTF-16 dialects decode the file first and read it as the others do.
	m["properties-utf16"] = utf16Shapes(props[:2])
	apple := []hostileShape{
		{"many keys", plainDocs["strings"]},
		{"many comments", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "\"k\" = \"v\";\n", func(int) string { return "/* " + text(r) + " */\n// " + word(r) + "\n" })
		}},
		{"a value of escapes", func(r *rand.Rand, size int) []byte {
			return []byte(`"k" = "` + strings.Repeat(`\"\\\n\U0041\t`, size/16) + "\";\n")
		}},
		{"one comment never closed", func(r *rand.Rand, size int) []byte {
			return fill(size, "/* ", "", func(int) string { return text(r) + "\n" })
		}},
		{"one key many times", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(int) string { return "\"same\" = \"" + word(r) + "\";\n" })
		}},
	}
	m["strings-utf8"] = apple
	m["strings"] = utf16Shapes(apple[:2])
	// Every JSON dialect reads its file with one tokenizer, which json and
	// json-nested meet in every shape; the others, in the shapes their units
	// are made from.
	jsonShapes := []hostileShape{
		{"many keys", plainDocs["json"]},
		{"one key many times", func(r *rand.Rand, size int) []byte {
			return fill(size, "{", `"same": "x"}`, func(int) string { return `"same": "` + word(r) + `",` })
		}},
		{"plural suffixes", func(r *rand.Rand, size int) []byte {
			return fill(size, "{", `"end": "x"}`, func(i int) string {
				return fmt.Sprintf(`"k%d_one": "a", "k%d_other": "b", "k%d_0": "c", "k%d_plural": "d", "k%d_many": "%s",`, i, i, i, i, i, word(r))
			})
		}},
		{"many plural objects", func(r *rand.Rand, size int) []byte {
			return fill(size, "{", `"end": "x"}`, func(i int) string {
				return fmt.Sprintf(`"k%d": {"one": "%s", "other": "%s", "description": "d"},`, i, word(r), word(r))
			})
		}},
	}
	tokenShapes := []hostileShape{
		{"deep nesting", func(r *rand.Rand, size int) []byte {
			return nested(size-2, 500, "[", `{"a":`, `"x"`, `}`, `"y"]`)
		}},
		{"deep arrays", func(r *rand.Rand, size int) []byte {
			return nested(size-2, 500, `{"k": [`, `[`, `"x"`, `],`, `"y"]}`)
		}},
		{"a string of escapes", func(r *rand.Rand, size int) []byte {
			return []byte(`{"k": "` + strings.Repeat(`\u00e9\n\"\\\ud83d\ude00`, size/24) + `"}`)
		}},
		{"long keys sharing a prefix", func(r *rand.Rand, size int) []byte {
			prefix := strings.Repeat(word(r), 30)
			return fill(size, "{", `"end": "x"}`, func(i int) string { return fmt.Sprintf(`"%s%d": {"%s": "v"},`, prefix, i, prefix) })
		}},
	}
	m["json"] = append(slices.Clone(jsonShapes), tokenShapes...)
	m["json-nested"] = m["json"]
	for _, id := range []string{"i18next", "i18nextv4", "go-i18n-json-v2", "webextension"} {
		m[id] = jsonShapes
	}
	m["arb"] = append(slices.Clone(jsonShapes),
		hostileShape{"many metadata entries", plainDocs["arb"]},
		hostileShape{"one message of many selects", func(r *rand.Rand, size int) []byte {
			return []byte(`{"k": "` + strings.Repeat(`{n, plural, =0{a} other{b}} `, size/30) + `"}`)
		}},
	)
	m["go-i18n-json"] = append(slices.Clone(jsonShapes),
		hostileShape{"many messages", plainDocs["go-i18n-json"]},
		hostileShape{"many plural translations", func(r *rand.Rand, size int) []byte {
			return fill(size, "[", `{"id": "end", "translation": "x"}]`, func(i int) string {
				return fmt.Sprintf(`{"id": "k%d", "translation": {"one": "%s", "few": "x", "other": "%s"}},`, i, word(r), word(r))
			})
		}},
	)
	m["webextension"] = append(slices.Clone(jsonShapes),
		hostileShape{"many messages with placeholders", func(r *rand.Rand, size int) []byte {
			return fill(size, "{", `"end": {"message": "x"}}`, func(i int) string {
				return fmt.Sprintf(`"k%d": {"message": "$A$ %s", "placeholders": {"a": {"content": "$1", "example": "%s"}}},`, i, word(r), word(r))
			})
		}},
	)
	yamlShapes := []hostileShape{
		{"many keys", plainDocs["yaml"]},
		{"a chain of merges", func(r *rand.Rand, size int) []byte { return rubyMergeChain(size/40, "cs") }},
		{"a fan of aliases", func(r *rand.Rand, size int) []byte {
			return fill(size, "cs:\n  base: &b {one: "+word(r)+", other: "+word(r)+"}\n", "", func(i int) string { return fmt.Sprintf("  k%d: *b\n", i) })
		}},
		{"merges of many mappings", func(r *rand.Rand, size int) []byte {
			n := size / 60
			var b strings.Builder
			b.WriteString("cs:\n")
			refs := make([]string, 0, n)
			for i := 0; i < n; i++ {
				fmt.Fprintf(&b, "  m%d: &m%d {k%d: %s}\n", i, i, i, word(r))
				refs = append(refs, fmt.Sprintf("*m%d", i))
			}
			for i := 0; i < 20; i++ {
				fmt.Fprintf(&b, "  all%d: {<<: [%s]}\n", i, strings.Join(refs, ", "))
			}
			return []byte(b.String())
		}},
		{"deep nesting", func(r *rand.Rand, size int) []byte {
			return nested(size, 200, "cs:\n  k: ", "[", "x", "]", "\n")
		}},
		{"long flow sequence", func(r *rand.Rand, size int) []byte {
			return fill(size, "cs:\n  k: [", "x]\n", func(int) string { return word(r) + ", " })
		}},
		{"one block scalar of many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "cs:\n  k: |\n", "", func(int) string { return "    " + text(r) + "\n" })
		}},
	}
	m["yaml"], m["ruby-yaml"] = yamlShapes, yamlShapes
	for id, list := range moreShapes {
		m[id] = append(m[id], list...)
	}
	return m
}

// parseCost is the least CPU time of runs parses of doc.
func parseCost(f formats.Format, doc []byte, runs int) time.Duration {
	return parsesCost(f, doc, 1, runs)
}

// skipUnderRace skips a test of costs under the race detector.
func skipUnderRace(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's costs are not the parsers'; .ci/run runs this test without it")
	}
}

// parsesCost is the least CPU time, of runs tries, that n parses of doc take
// together.
func parsesCost(f formats.Format, doc []byte, n, runs int) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range runs {
		start := cpuTime()
		for range n {
			_, _ = f.Parse(doc)
		}
		best = min(best, cpuTime()-start)
	}
	return max(best, time.Microsecond)
}

// TestHostileShapesStayLinear: see the comment at the top of this file.
func TestHostileShapesStayLinear(t *testing.T) {
	skipUnderRace(t)
	size := 32 << 10
	if testing.Short() {
		size = 8 << 10
	}
	seed := *linearSeed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.Logf("seed %d (repeat with -linear.seed=%d)", seed, seed)
	shapes := hostileShapes()
	for _, id := range formats.IDs() {
		info, _ := formats.Lookup(id)
		f := info.Format()
		list := shapes[id]
		plainDoc := plainFor(id)
		if len(list) == 0 || plainDoc == nil {
			t.Errorf("%s: no hostile shapes or plain document in internal/formats/costs: a format adds its own", id)
			continue
		}
		if _, err := f.Parse(plainDoc(rand.New(rand.NewPCG(seed, 1)), 4096)); err != nil {
			t.Errorf("%s: the plain document does not parse: %v", id, err)
			continue
		}
		t.Run(id, func(t *testing.T) {
			for k, shape := range list {
				r := rand.New(rand.NewPCG(seed, uint64(k)))
				size := size
				if id == "yaml" || id == "ruby-yaml" {
					size /= 2 // yaml.v3 reads a tenth as fast as the other parsers
				}
				small, large := shape.doc(r, size), shape.doc(r, growth*size)
				plain := plainDoc(r, len(large))
				for try := 1; ; try++ {
					if try == 1 {
						_, _ = f.Parse(large) // the heap grows into fresh memory once, not while timed
					}
					cs, cl, cp := parsesCost(f, small, growth, 1), parseCost(f, large, 1), parseCost(f, plain, 1)
					grew, vsPlain := float64(cl)/float64(cs), float64(cl)/float64(cp)
					ok := (grew <= growthBound || cl < measurable) && vsPlain <= plainBound
					if ok || try == 3 {
						if !ok {
							t.Errorf("%s: %d × %d bytes cost %v, %d bytes %v (%.1f×, bound %d); a plain document of %d bytes %v (%.1f×, bound %d)",
								shape.name, growth, len(small), cs, len(large), cl, grew, growthBound, len(plain), cp, vsPlain, plainBound)
						} else if testing.Verbose() {
							t.Logf("%s: growth %.1f×, %.1f× plain", shape.name, grew, vsPlain)
						}
						break
					}
				}
			}
		})
	}
}

// TestReportedShapesStayFast holds, at the sizes they were found at, two files
// that each held a scan for minutes: a 25 MB stringsdict of 100,000 plural
// entries (the line of every value counted from the start of the file), and a
// Ruby YAML file of 800 mappings each merging in the one before (each merge
// expanded again at every link). Each must parse within plainBound times a plain
// document of its format and size.
func TestReportedShapesStayFast(t *testing.T) {
	skipUnderRace(t)
	entries := 100_000
	if testing.Short() {
		entries = 10_000
	}
	var sd strings.Builder
	sd.WriteString(plistHead + "\n")
	for i := range entries {
		sd.WriteString(stringsdictEntry(fmt.Sprintf("k%d", i)))
	}
	sd.WriteString(plistTail + "\n")
	cases := []struct {
		id  string
		doc []byte
	}{
		{"stringsdict", []byte(sd.String())},
		{"ruby-yaml", rubyMergeChain(800, "cs")},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		info, _ := formats.Lookup(c.id)
		f := info.Format()
		plain := plainFor(c.id)(r, len(c.doc))
		if _, err := f.Parse(c.doc); err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		for try := 1; ; try++ {
			ch, cp := parseCost(f, c.doc, 1), parseCost(f, plain, 1)
			t.Logf("%s: %d bytes %v, plain %v (%.1f×)", c.id, len(c.doc), ch, cp, float64(ch)/float64(cp))
			if ch <= plainBound*cp {
				break
			}
			if try == 3 {
				t.Errorf("%s: %d bytes cost %v, a plain document of %d bytes %v", c.id, len(c.doc), ch, len(plain), cp)
				break
			}
		}
	}
}
