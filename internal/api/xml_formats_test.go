package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/testutil"
)

// The units API and file downloads of XLIFF, Qt TS, RESX and stringsdict
// components, served from a real repository.

var xmlFormatFiles = map[string]string{
	"locales/messages.de.xlf": `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="de" original="app" datatype="plaintext"><body>
    <trans-unit id="open" maxwidth="20" size-unit="char"><source>Open file</source><target state="translated">Datei öffnen</target>
      <note from="developer">Menu item</note>
      <context-group purpose="location"><context context-type="sourcefile">menu.html</context></context-group></trans-unit>
    <trans-unit id="save" resname="save.now"><source>Save <x id="1" equiv-text="{{n}}"/> now</source></trans-unit>
    <trans-unit id="close"><source>Close</source><target state="needs-translation">Schließen</target></trans-unit>
    <trans-unit id="brand" translate="no"><source>Acme</source><target>Acme</target></trans-unit>
  </body></file>
</xliff>
`,
	"i18n/app_de.ts": `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../src/main.cpp" line="10"/>
        <source>Open</source>
        <extracomment>File menu</extracomment>
        <translation>Öffnen</translation>
    </message>
    <message numerus="yes">
        <location filename="../src/main.cpp" line="22"/>
        <source>%n file(s)</source>
        <translation type="unfinished"><numerusform>%n Datei</numerusform><numerusform>%n Dateien</numerusform></translation>
    </message>
</context>
</TS>
`,
	"Resources/Strings.resx": `<?xml version="1.0" encoding="utf-8"?>
<root>
  <data name="Title" xml:space="preserve"><value>Document editor</value><comment>Window title</comment></data>
  <data name="Save" xml:space="preserve"><value>Save all</value></data>
</root>
`,
	"Resources/Strings.de-DE.resx": `<?xml version="1.0" encoding="utf-8"?>
<root>
  <data name="Title" xml:space="preserve"><value>Dokumenteditor</value></data>
</root>
`,
	"ios/en.lproj/Localizable.stringsdict": `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>files</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
  <key>n</key><dict><key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
</dict>
</dict></plist>
`,
	"ios/de.lproj/Localizable.stringsdict": `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>files</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
  <key>n</key><dict><key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
</dict>
</dict></plist>
`,
}

const xmlFormatProjects = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Web
        slug: web
        repo: REPO
        filemask: locales/messages.*.xlf
        file_format: xliff
      - name: Qt
        slug: qt
        repo: REPO
        filemask: i18n/app_*.ts
        file_format: ts
      - name: Net
        slug: net
        repo: REPO
        filemask: Resources/Strings.*.resx
        template: Resources/Strings.resx
        file_format: resx
      - name: iOS
        slug: ios
        repo: REPO
        filemask: ios/*.lproj/Localizable.stringsdict
        template: ios/en.lproj/Localizable.stringsdict
        file_format: stringsdict
`

func xmlFormatServer(t *testing.T) *gin.Engine {
	t.Helper()
	repo := testutil.NewRepo(t, xmlFormatFiles)
	return repoEngine(t, strings.ReplaceAll(xmlFormatProjects, "REPO", repo))
}

// xmlAPIUnit holds the fields of Weblate's UnitSerializer these formats fill.
type xmlAPIUnit struct {
	Source   []string `json:"source"`
	Target   []string `json:"target"`
	Context  string   `json:"context"`
	Note     string   `json:"note"`
	Location string   `json:"location"`
	Flags    string   `json:"flags"`
	State    int      `json:"state"`
	Fuzzy    bool     `json:"fuzzy"`
	Position int      `json:"position"`
	NumWords int      `json:"num_words"`
}

func TestXMLFormatUnits(t *testing.T) {
	h := xmlFormatServer(t)
	cases := []struct {
		path string
		want []xmlAPIUnit
	}{
		// XLIFF: context is resname, else file original///id; every note is the
		// note; no location in Weblate 4.18; maxwidth in characters is max-length;
		// placeables as Weblate writes them; translate="no" read-only (100).
		{"/api/translations/demo/web/de/units/", []xmlAPIUnit{
			{[]string{"Open file"}, []string{"Datei öffnen"}, "app///open", "Menu item", "", "max-length:20, xml-text", 20, false, 1, 2},
			{[]string{`Save <x id="1" equiv-text="{{n}}"/> now`}, []string{""}, "save.now", "", "", "xml-text", 0, false, 2, 5},
			{[]string{"Close"}, []string{"Schließen"}, "app///close", "", "", "xml-text", 10, true, 3, 1},
			{[]string{"Acme"}, []string{"Acme"}, "app///brand", "", "", "xml-text", 100, false, 4, 1},
		}},
		// TS: context is the <context>'s name; locations as file:line; the
		// numerus source shows as two forms; unfinished with text needs editing.
		{"/api/translations/demo/qt/de/units/", []xmlAPIUnit{
			{[]string{"Open"}, []string{"Öffnen"}, "MainWindow", "File menu", "../src/main.cpp:10", "", 20, false, 1, 1},
			{[]string{"%n file", "%n files"}, []string{"%n Datei", "%n Dateien"}, "MainWindow", "", "../src/main.cpp:22", "", 10, true, 2, 4},
		}},
		// RESX: the template's name, text and comment; a missing key is empty.
		// The note is Weblate's TTKitUnit.notes: the template's comment, a line
		// break and the translation's (none here).
		{"/api/translations/demo/net/de/units/", []xmlAPIUnit{
			{[]string{"Document editor"}, []string{"Dokumenteditor"}, "Title", "Window title\n", "", "", 20, false, 1, 2},
			{[]string{"Save all"}, []string{""}, "Save", "", "", "", 0, false, 2, 2},
		}},
		// stringsdict: the format key and the variable are units; the variable's
		// forms in translate-toolkit's order, zero first; without a zero form its
		// source unit is untranslated, so the unit is read-only.
		{"/api/translations/demo/ios/de/units/", []xmlAPIUnit{
			{[]string{"%#@n@"}, []string{"%#@n@"}, "files", "", "", "", 20, false, 1, 1},
			{[]string{"", "%d file", "%d files"}, []string{"", "%d Datei", "%d Dateien"}, "files:n", "", "", "", 100, false, 2, 4},
		}},
	}
	for _, c := range cases {
		got := do(t, h, "GET", c.path)
		if got.status != 200 {
			t.Errorf("%s: %d %s", c.path, got.status, got.body)
			continue
		}
		var page struct {
			Count   int          `json:"count"`
			Results []xmlAPIUnit `json:"results"`
		}
		if err := json.Unmarshal([]byte(got.body), &page); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if page.Count != len(c.want) || !reflect.DeepEqual(page.Results, c.want) {
			t.Errorf("%s: %d units\n got %+v\nwant %+v", c.path, page.Count, page.Results, c.want)
		}
	}
}

func TestXMLFormatFiles(t *testing.T) {
	h := xmlFormatServer(t)
	cases := []struct {
		path, mime, disposition, file string
	}{
		// translate-toolkit's Mimetypes[0] and Extensions[0]; Weblate's
		// StringsdictFormat names application/xml itself.
		{"/api/translations/demo/web/de/file/", "application/x-xliff", "attachment; filename=demo-web-de.xlf", "locales/messages.de.xlf"},
		{"/api/translations/demo/qt/de/file/", "application/x-linguist", "attachment; filename=demo-qt-de.ts", "i18n/app_de.ts"},
		{"/api/translations/demo/net/de/file/", "text/microsoft-resx", "attachment; filename=demo-net-de.resx", "Resources/Strings.de-DE.resx"},
		{"/api/translations/demo/net/en/file/", "text/microsoft-resx", "attachment; filename=demo-net-en.resx", "Resources/Strings.resx"},
		{"/api/translations/demo/ios/de/file/", "application/xml", "attachment; filename=demo-ios-de.stringsdict", "ios/de.lproj/Localizable.stringsdict"},
	}
	for _, c := range cases {
		got := do(t, h, "GET", c.path)
		if got.status != 200 || got.header.Get("Content-Type") != c.mime || got.header.Get("Content-Disposition") != c.disposition {
			t.Errorf("%s: %d %q %q", c.path, got.status, got.header.Get("Content-Type"), got.header.Get("Content-Disposition"))
		}
		if got.body != xmlFormatFiles[c.file] {
			t.Errorf("%s: body %q, want the committed %s", c.path, got.body, c.file)
		}
	}
}
