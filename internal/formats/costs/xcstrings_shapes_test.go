package costs

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// String catalogs (formats/xcstrings.go): a plain catalog is many keys with a
// source stringUnit each; the hostile ones stress what the reader does per key
// and per variation. Parse reads the source language, which goes through the
// same variations as every other language.
func init() {
	const head, tail = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n", "\n  },\n  \"version\" : \"1.0\"\n}\n"
	unit := func(v string) string {
		return `{ "stringUnit" : { "state" : "translated", "value" : "` + v + `" } }`
	}
	// entries fills a catalog with entry(i), separated by commas.
	entries := func(size int, entry func(i int) string) []byte {
		return fill(size, head, tail, func(i int) string {
			if i == 0 {
				return entry(i)
			}
			return ",\n" + entry(i)
		})
	}
	morePlain["xcstrings"] = func(r *rand.Rand, size int) []byte {
		return entries(size, func(i int) string {
			return fmt.Sprintf(`    "%s%d" : { "localizations" : { "en" : %s } }`, word(r), i, unit(text(r)))
		})
	}
	moreShapes["xcstrings"] = []hostileShape{
		{"many keys without a localization", func(r *rand.Rand, size int) []byte {
			return entries(size, func(i int) string { return fmt.Sprintf(`    "%s %d" : { }`, text(r), i) })
		}},
		{"many languages in every key", func(r *rand.Rand, size int) []byte {
			return entries(size, func(i int) string {
				var b strings.Builder
				for l := 0; l < 60; l++ {
					fmt.Fprintf(&b, `"x%d" : %s, `, l, unit(word(r)))
				}
				return fmt.Sprintf(`    "k%d" : { "localizations" : { %s"en" : %s } }`, i, b.String(), unit(word(r)))
			})
		}},
		{"many substitutions under one long key", func(r *rand.Rand, size int) []byte {
			key := strings.Repeat(word(r), size/40)
			var b strings.Builder
			for i := 0; b.Len() < size/2; i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, `"s%d" : { "variations" : { "plural" : { "one" : %s, "other" : %s } } }`, i, unit("a"), unit("b"))
			}
			return []byte(head + `    "` + key + `" : { "localizations" : { "en" : { "stringUnit" : { "state" : "new", "value" : "v" }, "substitutions" : { ` +
				b.String() + ` } } } }` + tail)
		}},
		{"many devices, each plural", func(r *rand.Rand, size int) []byte {
			var b strings.Builder
			for i := 0; b.Len() < size; i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, `"d%d" : { "variations" : { "plural" : { "one" : %s, "few" : %s, "other" : %s } } }`, i, unit(word(r)), unit(word(r)), unit(word(r)))
			}
			return []byte(head + `    "k" : { "localizations" : { "en" : { "variations" : { "device" : { ` + b.String() + ` } } } } }` + tail)
		}},
		{"a key repeated in every entry's object", func(r *rand.Rand, size int) []byte {
			// Each entry's members are looked up by name: many members, one looked-for
			// name at the end.
			return entries(size, func(i int) string {
				var b strings.Builder
				for j := 0; j < 50; j++ {
					fmt.Fprintf(&b, `"c%d" : "%s", `, j, word(r))
				}
				return fmt.Sprintf(`    "k%d" : { %s"comment" : "%s" }`, i, b.String(), text(r))
			})
		}},
	}
}
