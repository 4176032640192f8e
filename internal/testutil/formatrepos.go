package testutil

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// The repositories of the per-format end-to-end tests: the scanner's tests count
// their statistics, the API's read their units and files back. Each config names
// the repository REPO; RepoConfig makes the repository and puts its path there.

// RepoConfig makes a repository holding files (NewRepo) and returns config with
// every REPO replaced by its path.
func RepoConfig(t testing.TB, files map[string]string, config string) string {
	t.Helper()
	return strings.ReplaceAll(config, "REPO", NewRepo(t, files))
}

// UTF16 writes s as UTF-16 (big- or little-endian, with or without a byte-order
// mark), as Xcode and older tools save .strings files.
func UTF16(s string, big, bom bool) string {
	order, mark := unicode.LittleEndian, unicode.IgnoreBOM
	if big {
		order = unicode.BigEndian
	}
	if bom {
		mark = unicode.UseBOM
	}
	out, err := unicode.UTF16(order, mark).NewEncoder().String(s)
	if err != nil {
		panic(err) // the tests' strings are valid UTF-8
	}
	return out
}

// Plist is an Apple property list document holding entries in its top <dict>.
func Plist(entries string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>` + entries + "\n</dict></plist>\n"
}

// XMLFormatFiles holds a component of each XML format added with XLIFF: XLIFF
// (with notes, a location group, a resname, maxwidth, placeables, states,
// translate="no", a group), Qt TS (locations, an extracomment, unfinished,
// vanished and numerus messages), RESX (a template with a comment, a resheader
// and a file reference) and stringsdict.
var XMLFormatFiles = map[string]string{
	"locales/messages.de.xlf": `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="de" original="app" datatype="plaintext"><body>
    <trans-unit id="open" maxwidth="20" size-unit="char"><source>Open file</source><target state="translated">Datei öffnen</target>
      <note from="developer">Menu item</note>
      <context-group purpose="location"><context context-type="sourcefile">menu.html</context></context-group></trans-unit>
    <trans-unit id="save" resname="save.now"><source>Save <x id="1" equiv-text="{{n}}"/> now</source></trans-unit>
    <trans-unit id="close"><source>Close</source><target state="needs-translation">Schließen</target></trans-unit>
    <trans-unit id="delete" approved="yes"><source>Delete</source><target state="final">Löschen</target></trans-unit>
    <trans-unit id="brand" translate="no"><source>Acme</source><target>Acme</target></trans-unit>
    <group id="g"><trans-unit id="blank"><source>  </source><target>x</target></trans-unit></group>
  </body></file>
</xliff>
`,
	"locales/messages.fr.xlf": `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="fr" original="app" datatype="plaintext"><body>
    <trans-unit id="open"><source>Open file</source><target state="translated">Ouvrir le fichier</target></trans-unit>
    <trans-unit id="save" resname="save.now"><source>Save <x id="1" equiv-text="{{n}}"/> now</source><target state="translated">Enregistrer <x id="1" equiv-text="{{n}}"/> maintenant</target></trans-unit>
    <trans-unit id="close"><source>Close</source></trans-unit>
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
    <message>
        <source>Quit</source>
        <translation type="unfinished">Beenden</translation>
    </message>
    <message>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <location filename="../src/main.cpp" line="22"/>
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>Old</source>
        <translation type="vanished">Alt</translation>
    </message>
</context>
</TS>
`,
	"i18n/app_cs.ts": `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs">
<context>
    <name>MainWindow</name>
    <message>
        <source>Open</source>
        <translation>Otevřít</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation type="unfinished"><numerusform></numerusform><numerusform></numerusform><numerusform></numerusform></translation>
    </message>
</context>
</TS>
`,
	"Resources/Strings.resx": `<?xml version="1.0" encoding="utf-8"?>
<root>
  <resheader name="resmimetype"><value>text/microsoft-resx</value></resheader>
  <data name="Title" xml:space="preserve"><value>Document editor</value><comment>Window title</comment></data>
  <data name="Save" xml:space="preserve"><value>Save all</value></data>
  <data name="Empty" xml:space="preserve"><value></value></data>
  <data name="Logo" type="System.Resources.ResXFileRef, System.Windows.Forms"><value>..\logo.png;System.Drawing.Bitmap, System.Drawing</value></data>
</root>
`,
	"Resources/Strings.de-DE.resx": `<?xml version="1.0" encoding="utf-8"?>
<root>
  <data name="Title" xml:space="preserve"><value>Dokumenteditor</value></data>
  <data name="Save" xml:space="preserve"><value></value></data>
  <data name="Extra" xml:space="preserve"><value>Nicht im Template</value></data>
</root>
`,
	"Resources/Strings.fr.resx": `<?xml version="1.0" encoding="utf-8"?>
<root>
  <data name="Title" xml:space="preserve"><value>Éditeur</value></data>
  <data name="Save" xml:space="preserve"><value>Tout enregistrer</value></data>
  <data name="Logo" type="System.Resources.ResXFileRef, System.Windows.Forms"><value>..\logo-fr.png;System.Drawing.Bitmap, System.Drawing</value></data>
</root>
`,
	"ios/en.lproj/Localizable.stringsdict": Plist(`
<key>files</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
  <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>
    <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
</dict>
<key>days</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@d@ ago</string>
  <key>d</key><dict><key>zero</key><string>today</string><key>one</key><string>yesterday</string><key>other</key><string>%d days</string></dict>
</dict>`),
	"ios/de.lproj/Localizable.stringsdict": Plist(`
<key>files</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
  <key>n</key><dict><key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
</dict>
<key>days</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>vor %#@d@</string>
  <key>d</key><dict><key>zero</key><string>heute</string><key>one</key><string>gestern</string><key>other</key><string>%d Tagen</string></dict>
</dict>`),
	"ios/cs.lproj/Localizable.stringsdict": Plist(`
<key>days</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>před %#@d@</string>
  <key>d</key><dict><key>one</key><string>včera</string><key>few</key><string>%d dny</string><key>other</key><string>%d dny</string></dict>
</dict>`),
}

// XMLFormatsConfig reads XMLFormatFiles: project demo with components web
// (xliff), plain (plainxliff), qt, net (resx) and ios (stringsdict), and project
// reviewed with web under translation review.
const XMLFormatsConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Web
        slug: web
        repo: REPO
        filemask: locales/messages.*.xlf
        file_format: xliff
      - name: Plain
        slug: plain
        repo: REPO
        filemask: locales/messages.*.xlf
        file_format: plainxliff
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
  - name: Reviewed
    slug: reviewed
    translation_review: true
    components:
      - name: Web
        slug: web
        repo: REPO
        filemask: locales/messages.*.xlf
        file_format: xliff
`

// KeyValueFiles holds a component of each key-value format: Java properties in
// ISO-8859-1, Apple strings in UTF-16 (and a UTF-8 one that cannot be read),
// Rails locale files and a Hugo theme's plain YAML.
var KeyValueFiles = map[string]string{
	// Java properties, ISO-8859-1 (one Latin-1 byte, \u escapes).
	"java/messages.properties": "# Licence header\n\n# Shown on the start page\nwelcome=Welcome\n" +
		"greeting=Hello {0}, how are you?\nempty=\nfarewell=Good\\u0020bye\n=orphan\n" +
		"multi=first \\\n  second line\ncaf\\u00e9=Caf\xe9 menu\n",
	"java/messages_de.properties": "welcome=Willkommen\ngreeting=\nfarewell=Auf Wiedersehen\n" +
		"multi=erste \\\n   zweite Zeile\nextra=Nicht im Template\ncaf\\u00e9=Caf\xe9-Karte\n",
	"java/messages_pt_BR.properties": "welcome=Bem-vindo\n",

	// Apple strings in UTF-16: the template in Base.lproj, an en.lproj that is the
	// source language again, and a zh-Hans file saved as UTF-8 (unreadable as
	// UTF-16, as translate-toolkit reads this format).
	"App/Base.lproj/Localizable.strings": UTF16("/* Title of the main window */\n\"title\" = \"Documents\";\n\n"+
		"/* No comment provided by engineer. */\n\"delete\" = \"Delete %@?\";\n\"empty\" = \"\";\n"+
		"\"unicode\" = \"\\U00e9t\\u00e9 \\UD83D\\UDE00\";\n", false, true),
	"App/en.lproj/Localizable.strings":      UTF16("\"title\" = \"Documents\";\n", false, true),
	"App/de.lproj/Localizable.strings":      UTF16("\"title\" = \"Dokumente\";\n\"delete\" = \"%@ löschen?\";\n\"unicode\" = \"\";\n", true, true),
	"App/pt-BR.lproj/Localizable.strings":   UTF16("\"title\" = \"Documentos\";\n", false, false),
	"App/zh-Hans.lproj/Localizable.strings": "\"title\" = \"文档\";\n",

	// Rails locale files.
	"config/locales/en.yml": "en:\n  hello: \"Hello world\"\n  items:\n    one: \"1 item\"\n    other: \"%{count} items\"\n" +
		"  date:\n    abbr_day_names: [Sun, Mon]\n    order:\n      - :day\n      - :month\n  count: 3\n  enabled: true\n  nothing: ~\n  blank: \"\"\n",
	"config/locales/de.yml": "de:\n  hello: \"Hallo Welt\"\n  items:\n    one: \"1 Eintrag\"\n    other: \"%{count} Einträge\"\n" +
		"  date:\n    abbr_day_names: [So, Mo]\n  count: 3\n  blank: \"x\"\n",
	"config/locales/ja.yml":    "ja:\n  items:\n    other: \"%{count}件\"\n",
	"config/locales/pt-BR.yml": "pt-BR:\n  items:\n    zero: \"\"\n    one: \"1 item\"\n    other: \"%{count} itens\"\n  hello: \"Olá mundo\"\n",

	// Plain YAML (a Hugo theme's i18n files).
	"i18n/en.yaml": "- id: prev_page\n  translation: \"Prev\"\n- id: read_time\n  translation:\n    one: \"1 min\"\n    other: \"{{ .Count }} min\"\n",
	"i18n/de.yaml": "- id: prev_page\n  translation: \"Vorherige\"\n- id: read_time\n  translation:\n    one: \"1 Minute\"\n",
}

// KeyValueConfig reads KeyValueFiles: project demo with components java, app
// (strings), rails (ruby-yaml) and hugo (yaml).
const KeyValueConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Java
        slug: java
        repo: REPO
        filemask: java/messages_*.properties
        template: java/messages.properties
        file_format: properties
      - name: App
        slug: app
        repo: REPO
        filemask: App/*.lproj/Localizable.strings
        template: App/Base.lproj/Localizable.strings
        file_format: strings
      - name: Rails
        slug: rails
        repo: REPO
        filemask: config/locales/*.yml
        template: config/locales/en.yml
        file_format: ruby-yaml
      - name: Hugo
        slug: hugo
        repo: REPO
        filemask: i18n/*.yaml
        template: i18n/en.yaml
        file_format: yaml
`
