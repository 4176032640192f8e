package api

import (
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of monolingual gettext PO and the CSV
// formats, served from testutil.CSVTextFiles.

func csvTextServer(t *testing.T) *gin.Engine {
	t.Helper()
	return repoEngine(t, testutil.RepoConfig(t, testutil.CSVTextFiles, testutil.CSVTextConfig))
}

func TestCSVTextFormatUnits(t *testing.T) {
	h := csvTextServer(t)
	cases := []struct {
		path string
		want []formatUnit
	}{
		// po-mono: msgid (after the msgctxt and a dot) is the key, msgstr the
		// text; the msgctxt is also a line of the note (PoMonoUnit.notes), the
		// template's comment is followed by the translation's, none
		// (TTKitUnit.notes); the fuzzy flag makes the string need editing; a
		// template text that is empty makes the string read-only.
		{"/api/translations/demo/pomono/de/units/", []formatUnit{
			{[]string{"Hello world"}, []string{"Hallo Welt"}, "hello", "Shown on start\n", "", "", 20, true, false, 1, 2},
			{[]string{"Open file"}, []string{"Datei öffnen"}, "menu.open", "menu", "", "", 10, false, true, 2, 2},
			{[]string{"One apple", "%d apples"}, []string{"Ein Apfel", ""}, "apples", "", "", "", 20, true, false, 3, 4},
			{[]string{""}, []string{""}, "empty", "", "", "", 100, true, false, 4, 0},
		}},
		// csv with Weblate's header: the context column is the context, the
		// comments the note, "True" in the fuzzy column needs editing, and the
		// quotes Weblate's export puts around a formula are removed.
		{"/api/translations/demo/csv/de/units/", []formatUnit{
			{[]string{"Hello"}, []string{"Hallo"}, "greeting", "Shown first", "main.c:1", "", 20, true, false, 1, 1},
			{[]string{"Bye"}, []string{"Tschüss"}, "farewell", "checked?", "main.c:2", "", 10, false, true, 2, 1},
			{[]string{"=1+2"}, []string{""}, "sum", "", "main.c:3", "", 0, false, false, 3, 1},
		}},
		// No header, semicolons: location, source, target.
		{"/api/translations/demo/csv/fr/units/", []formatUnit{
			{[]string{"Hello"}, []string{"Bonjour"}, "", "", "main.c:1", "", 20, true, false, 1, 1},
			{[]string{"Bye"}, []string{""}, "", "", "main.c:2", "", 0, false, false, 2, 1},
		}},
		// UTF-16 with a byte-order mark.
		{"/api/translations/demo/csv/ja/units/", []formatUnit{
			{[]string{"Hello"}, []string{"こんにちは"}, "greeting", "", "", "", 20, true, false, 1, 1},
		}},
		{"/api/translations/demo/simple/de/units/", []formatUnit{
			{[]string{"Hello"}, []string{"Hallo"}, "", "", "", "", 20, true, false, 1, 1},
			{[]string{"Good bye"}, []string{""}, "", "", "", "", 0, false, false, 2, 2},
			{[]string{"Line\none"}, []string{"Zeile\neins"}, "", "", "", "", 20, true, false, 3, 2},
		}},
		// Subtitles: the key is the cue's time span, the note its duration
		// (SubtitleUnit; the template's, then the translation's, none when the
		// translation has no such cue); a cue without text is untranslated.
		{"/api/translations/demo/srt/cs/units/", []formatUnit{
			{[]string{"Hello world"}, []string{"Ahoj světe"}, "00:00:01.000-->00:00:03.500", "visible for 2 seconds", "", "", 20, true, false, 1, 2},
			{[]string{"Good bye"}, []string{""}, "00:00:04.000-->00:00:05.000", "visible for 1 seconds\n", "", "", 0, false, false, 2, 2},
		}},
		// MicroDVD: frames; a cue at other frames is another string.
		{"/api/translations/demo/sub/de/units/", []formatUnit{
			{[]string{"Hi\nthere"}, []string{"Hallo\nda"}, "1-->25", "visible for 1 seconds", "", "", 20, true, false, 1, 2},
			{[]string{"Bye"}, []string{""}, "30-->60", "visible for 1 seconds\n", "", "", 0, false, false, 2, 1},
		}},
		// ISO-8859-1.
		{"/api/translations/demo/iso/fr/units/", []formatUnit{
			{[]string{"Café"}, []string{"Café crème"}, "", "", "", "", 20, true, false, 1, 1},
			{[]string{"Tea"}, []string{""}, "", "", "", "", 0, false, false, 2, 1},
		}},
	}
	for _, c := range cases {
		if got := unitsOf[formatUnit](t, h, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, len(got), got, c.want)
		}
	}
}

func TestCSVTextFormatFiles(t *testing.T) {
	h := csvTextServer(t)
	checkFiles(t, h, testutil.CSVTextFiles, []fileCase{
		// PoMonoFormat is a PO format (text/x-po, .po); CSVFormat names text/csv
		// and .csv, Simple CSV too. Files go out as committed (ISO-8859-1,
		// UTF-16).
		{"/api/translations/demo/pomono/de/file/", "text/x-po", "attachment; filename=demo-pomono-de.po", "po/de.po"},
		{"/api/translations/demo/pomono/en/file/", "text/x-po", "attachment; filename=demo-pomono-en.po", "po/en.po"},
		{"/api/translations/demo/csv/de/file/", "text/csv", "attachment; filename=demo-csv-de.csv", "csv/de.csv"},
		{"/api/translations/demo/csv/ja/file/", "text/csv", "attachment; filename=demo-csv-ja.csv", "csv/ja.csv"},
		{"/api/translations/demo/simple/de/file/", "text/csv", "attachment; filename=demo-simple-de.csv", "simple/de.csv"},
		{"/api/translations/demo/iso/fr/file/", "text/csv", "attachment; filename=demo-iso-fr.csv", "iso/fr.csv"},
		// Weblate's SubRipFormat (and the others) name text/plain.
		{"/api/translations/demo/srt/cs/file/", "text/plain", "attachment; filename=demo-srt-cs.srt", "srt/cs.srt"},
		{"/api/translations/demo/sub/de/file/", "text/plain", "attachment; filename=demo-sub-de.sub", "sub/de.sub"},
	})
}
