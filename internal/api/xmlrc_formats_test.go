package api

import (
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of DTD, flat XML and ResourceDictionary
// components, served from a real repository (testutil.XMLRCFormatFiles).

func xmlrcFormatServer(t *testing.T) *gin.Engine {
	t.Helper()
	return repoEngine(t, testutil.RepoConfig(t, testutil.XMLRCFormatFiles, testutil.XMLRCFormatsConfig))
}

func TestXMLRCFormatUnits(t *testing.T) {
	h := xmlrcFormatServer(t)
	cases := []struct {
		path string
		want []formatUnit
	}{
		// DTD: the parameter entity is a unit of its system identifier (its
		// reference line no unit); &amp; is replaced, &brandShortName; kept;
		// the multi-line text keeps its line end and indentation; no note
		// (translate-toolkit keeps DTD comments to itself); an empty template
		// text is read-only.
		{"/api/translations/demo/moz/de/units/", []formatUnit{
			{[]string{"chrome://branding/locale/brand.dtd"}, []string{"chrome://branding/locale/brand.dtd"}, "brandDTD", "", "", "", 20, true, false, 1, 1},
			{[]string{"&brandShortName; & friends"}, []string{"&brandShortName; & Freunde"}, "window.title", "", "", "", 20, true, false, 2, 3},
			{[]string{"Open…"}, []string{"Öffnen…"}, "open.label", "", "", "", 20, true, false, 3, 1},
			{[]string{"O"}, []string{""}, "open.accesskey", "", "", "", 0, false, false, 4, 1},
			{[]string{"A new version is available.\n    Restart to install it."}, []string{""}, "update.intro", "", "", "", 0, false, false, 5, 9},
			{[]string{""}, []string{""}, "empty", "", "", "", 100, true, false, 6, 0},
		}},
		// Flat XML: the key attribute is the context; the template's maxwidth
		// gives the flag (TTKitUnit.flags merges the template's element).
		{"/api/translations/demo/flat/cs/units/", []formatUnit{
			{[]string{"Hello World!"}, []string{"Ahoj světe!"}, "hello", "", "", "", 20, true, false, 1, 2},
			{[]string{"Save & close"}, []string{""}, "save", "", "", "max-length:12", 0, false, false, 2, 3},
			{[]string{"Goodbye"}, []string{""}, "bye", "", "", "", 0, false, false, 3, 1},
		}},
		// ResourceDictionary: x:Key is the context; the comment is no note.
		{"/api/translations/demo/wpf/de/units/", []formatUnit{
			{[]string{"Calculator"}, []string{"Rechner"}, "plugin_name", "", "", "", 20, true, false, 1, 1},
			{[]string{"Copy {0} to the clipboard"}, []string{"{0} in die Zwischenablage kopieren"}, "copy_number", "", "", "", 20, true, false, 2, 5},
			{[]string{"Dot (.)"}, []string{""}, "separator_dot", "", "", "", 0, false, false, 3, 2},
		}},
	}
	for _, c := range cases {
		if got := unitsOf[formatUnit](t, h, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, len(got), got, c.want)
		}
	}
}

func TestXMLRCFormatFiles(t *testing.T) {
	h := xmlrcFormatServer(t)
	checkFiles(t, h, testutil.XMLRCFormatFiles, []fileCase{
		// Weblate's DTDFormat names its MIME type and extension itself; flat
		// XML and ResourceDictionary are translate-toolkit's Mimetypes[0] and
		// Extensions[0].
		{"/api/translations/demo/moz/de/file/", "application/xml-dtd", "attachment; filename=demo-moz-de.dtd", "locale/de/app.dtd"},
		{"/api/translations/demo/moz/en/file/", "application/xml-dtd", "attachment; filename=demo-moz-en.dtd", "locale/en-US/app.dtd"},
		{"/api/translations/demo/flat/cs/file/", "text/xml", "attachment; filename=demo-flat-cs.xml", "xml/cs.xml"},
		{"/api/translations/demo/wpf/de/file/", "application/xaml+xml", "attachment; filename=demo-wpf-de.xaml", "Languages/de.xaml"},
	})
}
