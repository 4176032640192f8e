package costs

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The plain documents and hostile shapes of Fluent.

func init() {
	morePlain["fluent"] = func(r *rand.Rand, size int) []byte {
		return fill(size, "# This Source Code Form is subject to the terms of the MPL.\n\n## Group\n\n", "", func(i int) string {
			return fmt.Sprintf("# %s\nk%d-%s = %s { $%s }\n", text(r), i, word(r), text(r), word(r))
		})
	}
	moreShapes["fluent"] = []hostileShape{
		{"many messages", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("k%d = %s\n", i, word(r)) })
		}},
		// fluent.syntax joins a value's lines one at a time.
		{"one value of many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "k =\n", "", func(int) string { return "    " + text(r) + "\n" })
		}},
		{"one value of many blank lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = a\n", "    b\n", func(int) string { return "\n   \n" })
		}},
		{"many attributes", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = v\n", "", func(i int) string { return fmt.Sprintf("    .a%d = %s\n", i, word(r)) })
		}},
		{"one comment of many lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "k = v\n", func(int) string { return "# " + text(r) + "\n" })
		}},
		// Every resource comment is part of every note.
		{"many resource comments and messages", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "", func(i int) string { return fmt.Sprintf("### %s\nk%d = %s\n", text(r), i, word(r)) })
		}},
		{"many group comments", func(r *rand.Rand, size int) []byte {
			return fill(size, "", "k = v\n", func(int) string { return "## " + text(r) + "\n\n" })
		}},
		{"many placeables in one value", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = ", "\n", func(i int) string { return fmt.Sprintf("{ $%s }{ -t%d }{ F(1, a: \"x\") }", word(r), i) })
		}},
		{"deep placeables", func(r *rand.Rand, size int) []byte {
			return nested(size, 90, "k = ", "{", "$x", "}", "\n")
		}},
		// Each select expression's variants are indented again at every
		// level around them.
		{"deep select expressions", func(r *rand.Rand, size int) []byte {
			var b strings.Builder
			b.WriteString("k =\n")
			for d := 0; d < 40; d++ {
				b.WriteString("  { $x ->\n   *[a] ")
			}
			b.WriteString("x")
			b.WriteString(strings.Repeat("\n  }\n", 40))
			block := b.String()
			return fill(size, "", "", func(i int) string { return strings.Replace(block, "k =", fmt.Sprintf("k%d =", i), 1) })
		}},
		{"many variants", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = { $n ->\n", "   *[other] x\n}\n", func(i int) string { return fmt.Sprintf("    [v%d] %s\n", i, text(r)) })
		}},
		{"many junk lines", func(r *rand.Rand, size int) []byte {
			return fill(size, "k = v\n", "", func(int) string { return "  }}} " + word(r) + "\n" })
		}},
	}
}
