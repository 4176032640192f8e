package api

import (
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of XLIFF, Qt TS, RESX and stringsdict
// components, served from a real repository (testutil.XMLFormatFiles, whose
// statistics the scanner's tests count).

func xmlFormatServer(t *testing.T) *gin.Engine {
	t.Helper()
	return repoEngine(t, testutil.RepoConfig(t, testutil.XMLFormatFiles, testutil.XMLFormatsConfig))
}

func TestXMLFormatUnits(t *testing.T) {
	h := xmlFormatServer(t)
	cases := []struct {
		path string
		want []formatUnit
	}{
		// XLIFF: context is resname, else file original///id; every note is the
		// note; no location in Weblate 4.18; maxwidth in characters is max-length;
		// placeables as Weblate writes them; translate="no" read-only (100).
		{"/api/translations/demo/web/de/units/", []formatUnit{
			{[]string{"Open file"}, []string{"Datei öffnen"}, "app///open", "Menu item", "", "max-length:20, xml-text", 20, true, false, 1, 2},
			{[]string{`Save <x id="1" equiv-text="{{n}}"/> now`}, []string{""}, "save.now", "", "", "xml-text", 0, false, false, 2, 5},
			{[]string{"Close"}, []string{"Schließen"}, "app///close", "", "", "xml-text", 10, false, true, 3, 1},
			// approved="yes" without review is translated.
			{[]string{"Delete"}, []string{"Löschen"}, "app///delete", "", "", "xml-text", 20, true, false, 4, 1},
			{[]string{"Acme"}, []string{"Acme"}, "app///brand", "", "", "xml-text", 100, true, false, 5, 1},
		}},
		// TS: context is the <context>'s name; locations as file:line; the
		// extracomment is the note; unfinished with text needs editing, unfinished
		// and empty is untranslated, finished and empty takes the source; the
		// numerus source shows as two forms; the vanished message is no unit.
		{"/api/translations/demo/qt/de/units/", []formatUnit{
			{[]string{"Open"}, []string{"Öffnen"}, "MainWindow", "File menu", "../src/main.cpp:10", "", 20, true, false, 1, 1},
			{[]string{"Quit"}, []string{"Beenden"}, "MainWindow", "", "", "", 10, false, true, 2, 1},
			{[]string{"Help"}, []string{""}, "MainWindow", "", "", "", 0, false, false, 3, 1},
			{[]string{"OK"}, []string{"OK"}, "MainWindow", "", "", "", 20, true, false, 4, 1},
			{[]string{"%n file", "%n files"}, []string{"%n Datei", "%n Dateien"}, "MainWindow", "", "../src/main.cpp:22", "", 20, true, false, 5, 4},
		}},
		// RESX: the template's name, text and comment; a key the translation
		// lacks, or leaves empty, is untranslated; the empty template text is no
		// unit. The note is Weblate's TTKitUnit.notes: the template's comment, a
		// line break and the translation's (none here).
		{"/api/translations/demo/net/de/units/", []formatUnit{
			{[]string{"Document editor"}, []string{"Dokumenteditor"}, "Title", "Window title\n", "", "", 20, true, false, 1, 2},
			{[]string{"Save all"}, []string{""}, "Save", "", "", "", 0, false, false, 2, 2},
			{[]string{`..\logo.png;System.Drawing.Bitmap, System.Drawing`}, []string{""}, "Logo", "", "", "", 0, false, false, 3, 2},
		}},
		// stringsdict: the format key and the variable are units; the variable's
		// forms in translate-toolkit's order, zero first; without a zero form its
		// source unit is untranslated, so the unit is read-only.
		{"/api/translations/demo/ios/de/units/", []formatUnit{
			{[]string{"%#@n@"}, []string{"%#@n@"}, "files", "", "", "", 20, true, false, 1, 1},
			{[]string{"", "%d file", "%d files"}, []string{"", "%d Datei", "%d Dateien"}, "files:n", "", "", "", 100, true, false, 2, 4},
			{[]string{"%#@d@ ago"}, []string{"vor %#@d@"}, "days", "", "", "", 20, true, false, 3, 2},
			{[]string{"today", "yesterday", "%d days"}, []string{"heute", "gestern", "%d Tagen"}, "days:d", "", "", "", 20, true, false, 4, 4},
		}},
	}
	for _, c := range cases {
		if got := unitsOf[formatUnit](t, h, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, len(got), got, c.want)
		}
	}
}

func TestXMLFormatFiles(t *testing.T) {
	h := xmlFormatServer(t)
	checkFiles(t, h, testutil.XMLFormatFiles, []fileCase{
		// translate-toolkit's Mimetypes[0] and Extensions[0]; Weblate's
		// StringsdictFormat names application/xml itself.
		{"/api/translations/demo/web/de/file/", "application/x-xliff", "attachment; filename=demo-web-de.xlf", "locales/messages.de.xlf"},
		{"/api/translations/demo/qt/de/file/", "application/x-linguist", "attachment; filename=demo-qt-de.ts", "i18n/app_de.ts"},
		{"/api/translations/demo/net/de/file/", "text/microsoft-resx", "attachment; filename=demo-net-de.resx", "Resources/Strings.de-DE.resx"},
		{"/api/translations/demo/net/en/file/", "text/microsoft-resx", "attachment; filename=demo-net-en.resx", "Resources/Strings.resx"},
		{"/api/translations/demo/ios/de/file/", "application/xml", "attachment; filename=demo-ios-de.stringsdict", "ios/de.lproj/Localizable.stringsdict"},
	})
}
