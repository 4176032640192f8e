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
}
