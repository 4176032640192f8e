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
// the key-value parsers on the hand-written files in testdata (MB/s of input).
func BenchmarkParseProperties(b *testing.B) {
	b.Run("iso-8859-1/shop", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "properties/shop-latin1", ".properties"), mustLookup(b, "properties").Parse)
	})
	b.Run("utf-8/library", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "properties/shop-utf8", ".properties"), mustLookup(b, "properties-utf8").Parse)
	})
}

func BenchmarkParseStrings(b *testing.B) {
	b.Run("utf-16/updater+cleaner", func(b *testing.B) {
		files := append(testdataFiles(b, "strings/updater-utf16be", ".strings"), testdataFiles(b, "strings/cleaner-utf16le", ".strings")...)
		benchParse(b, files, mustLookup(b, "strings").Parse)
	})
	b.Run("utf-8/camera", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "strings/camera-utf8", ".strings"), mustLookup(b, "strings-utf8").Parse)
	})
}

func BenchmarkParseYAML(b *testing.B) {
	b.Run("ruby/rails-shop", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "yaml/rails-shop", ".yml"), mustLookup(b, "ruby-yaml").Parse)
	})
	b.Run("plain/rails-shop", func(b *testing.B) {
		benchParse(b, testdataFiles(b, "yaml/rails-shop", ".yml"), mustLookup(b, "yaml").Parse)
	})
}
