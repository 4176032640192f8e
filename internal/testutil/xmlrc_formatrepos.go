package testutil

// XMLRCFormatFiles holds a component of each of the DTD, flat XML and
// ResourceDictionary formats: Mozilla's locale folders, a flat XML app and a
// WPF plugin's language dictionaries.
var XMLRCFormatFiles = map[string]string{
	// DTD: a parameter entity (a unit of its system identifier), its
	// reference skipped, a multi-line text, an empty text, a comment.
	"locale/en-US/app.dtd": "<!-- This Source Code Form is subject to the terms of the MPL. -->\n" +
		"<!ENTITY % brandDTD SYSTEM \"chrome://branding/locale/brand.dtd\">\n%brandDTD;\n" +
		"<!-- LOCALIZATION NOTE (window.title): the main window -->\n" +
		"<!ENTITY window.title \"&brandShortName; &amp; friends\">\n" +
		"<!ENTITY open.label \"Open…\">\n<!ENTITY open.accesskey \"O\">\n" +
		"<!ENTITY update.intro \"A new version is available.\n    Restart to install it.\">\n" +
		"<!ENTITY empty \"\">\n",
	"locale/de/app.dtd": "<!ENTITY % brandDTD SYSTEM \"chrome://branding/locale/brand.dtd\">\n%brandDTD;\n" +
		"<!ENTITY window.title \"&brandShortName; &amp; Freunde\">\n" +
		"<!ENTITY open.label \"Öffnen…\">\n<!ENTITY open.accesskey \"\">\n",
	// Flat XML: a key the translation lacks, an empty text, a maxwidth flag.
	"xml/en.xml": "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<root>\n" +
		"  <str key=\"hello\">Hello World!</str>\n  <str key=\"save\" maxwidth=\"12\" size-unit=\"char\">Save &amp; close</str>\n" +
		"  <str key=\"bye\">Goodbye</str>\n</root>\n",
	"xml/cs.xml": "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<root>\n" +
		"  <str key=\"hello\">Ahoj světe!</str>\n  <str key=\"save\"></str>\n</root>\n",
	// ResourceDictionary: UTF-8 with a byte-order mark, as Visual Studio saves.
	"Languages/en.xaml": "\ufeff" + `<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml" xmlns:system="clr-namespace:System;assembly=mscorlib">
    <!-- Calculator -->
    <system:String x:Key="plugin_name">Calculator</system:String>
    <system:String x:Key="copy_number">Copy {0} to the clipboard</system:String>
    <system:String x:Key="separator_dot">Dot (.)</system:String>
</ResourceDictionary>
`,
	"Languages/de.xaml": "\ufeff" + `<ResourceDictionary xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml" xmlns:system="clr-namespace:System;assembly=mscorlib">
    <system:String x:Key="plugin_name">Rechner</system:String>
    <system:String x:Key="copy_number">{0} in die Zwischenablage kopieren</system:String>
</ResourceDictionary>
`,
}

// XMLRCFormatsConfig reads XMLRCFormatFiles: project demo with components moz
// (dtd), flat (flatxml) and wpf (resourcedictionary).
const XMLRCFormatsConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: Mozilla
        slug: moz
        repo: REPO
        filemask: locale/*/app.dtd
        template: locale/en-US/app.dtd
        file_format: dtd
      - name: Flat
        slug: flat
        repo: REPO
        filemask: xml/*.xml
        template: xml/en.xml
        file_format: flatxml
      - name: WPF
        slug: wpf
        repo: REPO
        filemask: Languages/*.xaml
        template: Languages/en.xaml
        file_format: resourcedictionary
`
