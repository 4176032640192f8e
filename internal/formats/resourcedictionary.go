package formats

// The WPF ResourceDictionary (.xaml) as Weblate 4.18 reads it: its
// ResourceDictionaryFormat (weblate/formats/ttkit.py) is its flat XML format
// over translate-toolkit 3.9.2's ResourceDictionaryFile
// (translate/storage/resourcedictionary.py), which only names other elements:
// the root is <ResourceDictionary> in WPF's presentation namespace, a unit a
// <system:String> (namespace clr-namespace:System;assembly=mscorlib) child of
// it, its key the x:Key attribute (XAML's namespace). Everything else is
// flatXMLFormat's reading (flatxml.go). Weblate gives every unit the
// c-sharp-format flag (check_flags).
func init() {
	Register(Info{
		ID: "resourcedictionary", Name: "ResourceDictionary file", Monolingual: true,
		// translate-toolkit's Mimetypes[0] and Extensions[0].
		MimeType: "application/xaml+xml", Extension: "xaml",
		CheckFlags: "c-sharp-format",
		// translation_finder's ResourceDictionaryDiscovery: *.xaml files named
		// or placed by language ("Languages/de-DE.xaml"); the root tells them
		// from the other XAML of a WPF project (windows, controls).
		Detect: &Detection{Name: "ResourceDictionary", Extensions: []string{".xaml"}, Roots: []string{"ResourceDictionary"}, Default: "resourcedictionary"},
	}, flatXMLFormat{
		rootNS: "http://schemas.microsoft.com/winfx/2006/xaml/presentation", root: "ResourceDictionary",
		valueNS: "clr-namespace:System;assembly=mscorlib", value: "String",
		keyNS: "http://schemas.microsoft.com/winfx/2006/xaml", key: "Key",
	})
}
