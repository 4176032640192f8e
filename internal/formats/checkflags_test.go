package formats

import "testing"

// TestCheckFlags: every registered format's check_flags, as Weblate 4.18's
// format classes give them (weblate/formats/ttkit.py); a new format must be
// added here.
func TestCheckFlags(t *testing.T) {
	t.Parallel()
	want := map[string]string{
		"aresource":        "java-printf-format",
		"i18next":          "i18next-interpolation",
		"i18nextv4":        "i18next-interpolation",
		"arb":              "icu-message-format",
		"properties-utf8":  "auto-java-messageformat",
		"properties":       "",
		"properties-utf16": "",
		"strings":          "",
		"strings-utf8":     "",
		"json":             "",
		"json-nested":      "",
		"webextension":     "",
		"go-i18n-json":     "",
		"go-i18n-json-v2":  "",
		"po":               "",
		"ts":               "",
		"tbx":              "",
		"resx":             "",
		"stringsdict":      "",
		"xliff":            "",
		"plainxliff":       "",
		"yaml":             "",
		"ruby-yaml":        "",
		"xcstrings":        "", // not Weblate's: as stringsdict
		// DTDFormat and FlatXMLFormat have none; ResourceDictionaryFormat's.
		"dtd":                "",
		"flatxml":            "",
		"resourcedictionary": "c-sharp-format",
		"po-mono":            "",
		"csv":                "",
		"csv-simple":         "",
		"csv-simple-iso":     "",
		"srt":                "",
		"sub":                "",
		"ass":                "",
		"ssa":                "",
		// PhpFormat and LaravelPhpFormat have no check_flags.
		"php":     "",
		"laravel": "",
		// INIFormat and InnoSetupINIFormat have none either.
		"ini":  "",
		"islu": "",
		// JoomlaFormat neither.
		"joomla": "",
		// PropertiesMi18nFormat: ECMAScript template literals.
		"mi18n-lang": "es-format",
		// GoTextFormat has none.
		"gotext": "",
		"fluent": "", // its check flags came with Weblate 5.0's Fluent checks
	}
	for _, id := range IDs() {
		w, ok := want[id]
		if !ok {
			t.Errorf("%s: no check_flags in this table", id)
			continue
		}
		info, _ := Lookup(id)
		if info.CheckFlags != w {
			t.Errorf("%s: CheckFlags %q, want %q", id, info.CheckFlags, w)
		}
		if _, err := ParseFlags(info.CheckFlags); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	for id := range want {
		if _, ok := Lookup(id); !ok {
			t.Errorf("%s is not registered", id)
		}
	}
}

// TestMergeFlags: the template's flags win over the translation's, and the
// result is sorted as Weblate's Flags.format writes it.
func TestMergeFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"", "max-length:10"}, "max-length:10"},
		{[]string{"max-length:20, c-format", "max-length:10"}, "c-format, max-length:10"},
		{[]string{"url", "url"}, "url"},
		{[]string{"c-format", "placeholders:\"%s\":\"%d\""}, "c-format, placeholders:%s:%d"},
		{[]string{"placeholders:\"open", "url"}, "url"},
	} {
		if got := MergeFlags(c.in...); got != c.want {
			t.Errorf("MergeFlags(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
