package formats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdataFiles loads the files below testdata/dir whose names end in ext.
func testdataFiles(b *testing.B, dir, ext string) [][]byte {
	var files [][]byte
	err := filepath.Walk(filepath.Join("testdata", dir), func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ext) {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files = append(files, data)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		b.Fatalf("no %s files under testdata/%s: %v", ext, dir, err)
	}
	return files
}

// BenchmarkParseProperties, BenchmarkParseStrings and BenchmarkParseYAML measure
// the key-value parsers on the real files in testdata (MB/s of input).
func BenchmarkParseProperties(b *testing.B) {
	b.Run("iso-8859-1/jmeter", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "properties/jmeter", ".properties"), mustLookup(b, "properties").Parse)
	})
	b.Run("utf-8/jmeter", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "properties/jmeter-utf8", ".properties"), mustLookup(b, "properties-utf8").Parse)
	})
}

func BenchmarkParseStrings(b *testing.B) {
	b.Run("utf-16/sparkle+monolingual", func(b *testing.B) {
		files := append(testdataFiles(b, "strings/sparkle", ".strings"), testdataFiles(b, "strings/monolingual", ".strings")...)
		benchParse(b, files, mustLookup(b, "strings").Parse)
	})
	b.Run("utf-8/ypimagepicker", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "strings/ypimagepicker", ".strings"), mustLookup(b, "strings-utf8").Parse)
	})
}

func BenchmarkParseYAML(b *testing.B) {
	b.Run("ruby/rails-i18n", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "yaml/rails-i18n", ".yml"), mustLookup(b, "ruby-yaml").Parse)
	})
	b.Run("plain/rails-i18n", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "yaml/rails-i18n", ".yml"), mustLookup(b, "yaml").Parse)
	})
}
