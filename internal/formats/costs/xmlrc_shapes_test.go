package costs

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The plain documents and hostile shapes of the flat XML, ResourceDictionary
// and Mozilla DTD formats.

const (
	rdHead = `<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml" xmlns:system="clr-namespace:System;assembly=mscorlib">`
	rdTail = `</ResourceDictionary>`
)

func init() {
	morePlain["flatxml"] = func(r *rand.Rand, size int) []byte {
		return fill(size, `<?xml version="1.0" encoding="utf-8"?>`+"\n<root>\n", "</root>\n", func(i int) string {
			return fmt.Sprintf(`  <str key="k%d.%s">%s</str>`+"\n", i, word(r), text(r))
		})
	}
	morePlain["resourcedictionary"] = func(r *rand.Rand, size int) []byte {
		return fill(size, rdHead+"\n", rdTail+"\n", func(i int) string {
			return fmt.Sprintf(`    <system:String x:Key="k%d_%s">%s</system:String>`+"\n", i, word(r), text(r))
		})
	}
	flatUnit := func(i int, t string) string { return fmt.Sprintf(`<str key="k%d">%s</str>`, i, t) }
	moreShapes["flatxml"] = append(xmlShapes(`<root>`, `</root>`, flatUnit),
		hostileShape{"many elements that are not units", func(r *rand.Rand, size int) []byte {
			return fill(size, `<root>`+flatUnit(0, "x"), `</root>`, func(i int) string {
				return `<group><str key="` + word(r) + `">` + word(r) + `</str></group>`
			})
		}},
		hostileShape{"many attributes", func(r *rand.Rand, size int) []byte {
			return []byte(`<root><str key="k"` + xmlAttrs(r, size/12) + `>x</str></root>`)
		}},
		hostileShape{"one key many times", func(r *rand.Rand, size int) []byte {
			return fill(size, `<root>`, `</root>`, func(int) string { return `<str key="same">` + word(r) + `</str>` })
		}},
		hostileShape{"deep markup in one text", func(r *rand.Rand, size int) []byte {
			return nested(size, 250, `<root><str key="k">`, `<b>`, "x", `</b>`, `</str></root>`)
		}},
	)
	rdUnit := func(i int, t string) string {
		return fmt.Sprintf(`<system:String x:Key="k%d">%s</system:String>`, i, t)
	}
	moreShapes["resourcedictionary"] = append(xmlShapes(rdHead, rdTail, rdUnit),
		hostileShape{"many other resources", func(r *rand.Rand, size int) []byte {
			return fill(size, rdHead+rdUnit(0, "x"), rdTail, func(i int) string {
				return fmt.Sprintf(`<SolidColorBrush x:Key="b%d" Color="#%06x"/>`, i, r.IntN(1<<24))
			})
		}},
		hostileShape{"many prefixed attributes", func(r *rand.Rand, size int) []byte {
			var b strings.Builder
			for i := 0; i < size/24; i++ {
				fmt.Fprintf(&b, ` x:a%d="%s"`, i, word(r))
			}
			return []byte(rdHead + `<system:String` + b.String() + ` x:Key="k">v</system:String>` + rdTail)
		}},
	)
	morePlain["dtd"] = func(r *rand.Rand, size int) []byte {
		return fill(size, "<!-- This Source Code Form is subject to the terms of the MPL. -->\n", "", func(i int) string {
			return fmt.Sprintf("<!-- LOCALIZATION NOTE (k%d): %s -->\n<!ENTITY k%d.%s \"%s\">\n", i, text(r), i, word(r), text(r))
		})
	}
	moreShapes["dtd"] = []hostileShape{
		// translate-toolkit re-reads a chunk's rest for every entity.
		{"many entities in one chunk", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("<!ENTITY k%d \"%s\">\n", i, word(r)) })
		}},
		// After an unquoted definition translate-toolkit steps on by the lines
		// of the last entity it read, re-reading every comment line before it.
		{"many comment lines before an unquoted definition", func(r *rand.Rand, size int) []byte {
			return fill(size, "<!ENTITY first \"x\">\n", "<!ENTITY bad value>\n<!ENTITY last \"y\">\n", func(int) string { return "<!-- " + text(r) + " -->\n" })
		}},
		{"many unquoted definitions", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("<!ENTITY k%d %s>\n", i, word(r)) })
		}},
		{"many lines that are not UTF-8", func(r *rand.Rand, size int) []byte {
			return fill(size, "<!ENTITY a \"x\">\n", "<!ENTITY b \"y\">\n", func(int) string { return word(r) + "\xff\n" })
		}},
		{"one text of many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "<!ENTITY a \"", "\">\n", func(int) string { return "  " + text(r) + "\n" })
		}},
		{"one comment of many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "<!--\n", "-->\n<!ENTITY a \"x\">\n", func(int) string { return "  " + text(r) + "\n" })
		}},
		{"many comments on one line", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "<!ENTITY a \"x\">\n", func(int) string { return "<!-- " + word(r) + " -->" })
		}},
		{"many quotes on one line", func(r *rand.Rand, size int) []byte {
			return fill(size, "<!ENTITY a \"", "\n", func(int) string { return `"'` })
		}},
		{"many references in one text", func(r *rand.Rand, size int) []byte {
			return fill(size, "<!ENTITY a \"", "\">\n", func(int) string { return "&amp;&quot;&#037;&x " })
		}},
		{"many parameter entity lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "<!ENTITY a \"x\">\n", func(i int) string { return fmt.Sprintf("%%p%d;\n", i) })
		}},
		{"chunks ended at every line", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("<!ENTITY k%d \"%s\n\">\n", i, word(r)) })
		}},
	}
}
