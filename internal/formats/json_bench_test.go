package formats

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jsonBenchFile writes a file of the format's shape with n messages, a few
// sections deep, the way real catalogues look: mostly short strings, some
// plurals, escapes and non-ASCII text.
func jsonBenchFile(format string, n int) []byte {
	var b strings.Builder
	text := func(i int) string {
		return fmt.Sprintf("Message %d with {{count}} items, \\\"quoted\\\" and na\\u00efve text — ünïcödé %d", i, i*7)
	}
	switch format {
	case "webextension":
		b.WriteString("{\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "  \"message_%d\": {\n    \"message\": \"%s $COUNT$\",\n    \"description\": \"Shown in the popup, item %d\",\n    \"placeholders\": {\"count\": {\"content\": \"$1\"}}\n  },\n", i, text(i), i)
		}
		b.WriteString("  \"last\": {\"message\": \"end\"}\n}\n")
	case "arb":
		b.WriteString("{\n  \"@@locale\": \"en\",\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "  \"message%d\": \"%s\",\n  \"@message%d\": {\"description\": \"Item %d\", \"placeholders\": {\"count\": {\"type\": \"int\"}}},\n", i, text(i), i, i)
		}
		b.WriteString("  \"last\": \"end\"\n}\n")
	case "go-i18n-json":
		b.WriteString("[\n")
		for i := 0; i < n; i++ {
			if i%5 == 0 {
				fmt.Fprintf(&b, "  {\"id\": \"msg_%d\", \"description\": \"d\", \"translation\": {\"one\": \"%s\", \"other\": \"%s\"}},\n", i, text(i), text(i+1))
			} else {
				fmt.Fprintf(&b, "  {\"id\": \"msg_%d\", \"translation\": \"%s\"},\n", i, text(i))
			}
		}
		b.WriteString("  {\"id\": \"last\", \"translation\": \"end\"}\n]\n")
	case "go-i18n-json-v2":
		b.WriteString("{\n")
		for i := 0; i < n; i++ {
			if i%5 == 0 {
				fmt.Fprintf(&b, "  \"msg_%d\": {\"description\": \"d\", \"one\": \"%s\", \"other\": \"%s\"},\n", i, text(i), text(i+1))
			} else {
				fmt.Fprintf(&b, "  \"msg_%d\": \"%s\",\n", i, text(i))
			}
		}
		b.WriteString("  \"last\": \"end\"\n}\n")
	default:
		b.WriteString("{\n")
		for s := 0; s < n/50+1; s++ {
			fmt.Fprintf(&b, "  \"section%d\": {\n", s)
			for i := 0; i < 50; i++ {
				switch {
				case i%10 == 0 && format == "i18next":
					fmt.Fprintf(&b, "    \"item%d\": \"%s\",\n    \"item%d_plural\": \"%s\",\n", i, text(i), i, text(i+1))
				case i%10 == 0:
					fmt.Fprintf(&b, "    \"item%d_one\": \"%s\",\n    \"item%d_other\": \"%s\",\n", i, text(i), i, text(i+1))
				default:
					fmt.Fprintf(&b, "    \"item%d\": \"%s\",\n", i, text(i))
				}
			}
			b.WriteString("    \"end\": \"\"\n  },\n")
		}
		b.WriteString("  \"last\": \"end\"\n}\n")
	}
	return []byte(b.String())
}

// BenchmarkParseJSON measures each JSON format on a generated catalogue of
// about a megabyte, and on the real files under $GITLATE_JSON_CORPUS/<format>
// when that is set.
func BenchmarkParseJSON(b *testing.B) {
	for _, id := range sortedKeys(ttkJSONClass) {
		info, _ := Lookup(id)
		b.Run(id+"/generated", func(b *testing.B) {
			benchParse(b, [][]byte{jsonBenchFile(id, 5000)}, info.Format().Parse)
		})
		dir := os.Getenv("GITLATE_JSON_CORPUS")
		if dir == "" {
			continue
		}
		var files [][]byte
		filepath.WalkDir(filepath.Join(dir, id), func(path string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				// Files the format refuses (as translate-toolkit does) are left out.
				if data, err := os.ReadFile(path); err == nil {
					if _, err := info.Format().Parse(data); err == nil {
						files = append(files, data)
					}
				}
			}
			return nil
		})
		if len(files) > 0 {
			b.Run(id+"/corpus", func(b *testing.B) { benchParse(b, files, info.Format().Parse) })
		}
	}
}

// TestJSONBenchFilesParse keeps the generated benchmark files honest: they
// parse, and have the units they were written with.
func TestJSONBenchFilesParse(t *testing.T) {
	t.Parallel()
	for _, id := range sortedKeys(ttkJSONClass) {
		info, _ := Lookup(id)
		f, err := info.Format().Parse(jsonBenchFile(id, 100))
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		if len(f.Units) < 100 {
			t.Errorf("%s: %d units", id, len(f.Units))
		}
	}
}
