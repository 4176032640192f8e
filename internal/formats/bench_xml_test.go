package formats

import "testing"

// BenchmarkParseXLIFF measures both XLIFF variants on the hand-written files in testdata.
func BenchmarkParseXLIFF(b *testing.B) {
	files := testdataFiles(b, "xliff", ".xlf")
	b.Run("placeables", func(b *testing.B) { benchParse(b, files, xliffFormat{rich: true}.Parse) })
	b.Run("plain", func(b *testing.B) { benchParse(b, files, xliffFormat{}.Parse) })
}

// BenchmarkParseTS measures the Qt Linguist parser on the hand-written files in testdata.
func BenchmarkParseTS(b *testing.B) {
	benchParse(b, testdataFiles(b, "ts", ".ts"), tsFormat{}.Parse)
}

// BenchmarkParseRESX measures the .NET resource parser on the hand-written files in testdata.
func BenchmarkParseRESX(b *testing.B) {
	benchParse(b, testdataFiles(b, "resx", ".resx"), resxFormat{}.Parse)
}

// BenchmarkParseStringsdict measures the stringsdict parser on the hand-written
// files in testdata.
func BenchmarkParseStringsdict(b *testing.B) {
	benchParse(b, testdataFiles(b, "stringsdict", ".stringsdict"), stringsdictFormat{}.Parse)
}
