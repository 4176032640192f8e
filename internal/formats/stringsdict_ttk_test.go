package formats

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// plistDoc wraps dictionary entries in an XML property list as Xcode writes it.
func plistDoc(entries string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
` + entries + `
</dict>
</plist>
`
}

// sdEntry is a stringsdict entry with one plural variable n.
func sdEntry(key, format string, forms ...string) string {
	var b strings.Builder
	b.WriteString("<key>" + key + "</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>\n<string>" + format + "</string>\n")
	b.WriteString("<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key>\n<string>NSStringPluralRuleType</string>\n<key>NSStringFormatValueTypeKey</key>\n<string>d</string>\n")
	for i := 0; i+1 < len(forms); i += 2 {
		b.WriteString("<key>" + forms[i] + "</key>\n<string>" + forms[i+1] + "</string>\n")
	}
	b.WriteString("</dict>\n</dict>\n")
	return b.String()
}

var stringsdictSnippets = []struct{ doc, lang string }{
	{plistDoc(sdEntry("items", "%#@n@", "one", "%d item", "other", "%d items")), "en"},
	{plistDoc(sdEntry("items", "%#@n@", "zero", "no items", "one", "%d item", "other", "%d items")), "en"},
	{plistDoc(sdEntry("items", "%#@n@", "one", "%d položka", "few", "%d položky", "many", "%d položky", "other", "%d položek")), "cs"},
	{plistDoc(sdEntry("items", "%#@n@", "other", "%d 個")), "ja"},
	{plistDoc(sdEntry("items", "%#@n@", "zero", "0", "one", "1", "two", "2", "few", "f", "many", "m", "other", "o")), "ar"},
	{plistDoc(sdEntry("items", "%#@n@", "one", "x", "other", "y")), "pt_BR"},
	{plistDoc(sdEntry("items", "%#@n@", "one", "x", "other", "y")), "zh-Hans"},
	{plistDoc(sdEntry("items", "%#@n@", "one", "x", "other", "y")), "xx"},
	{plistDoc(sdEntry("items", "%#@n@", "one", "x", "other", "y", "bogus", "z")), "en"},
	{plistDoc(`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@ and %#@b@</string>
<key>a</key><dict><key>one</key><string>one a</string><key>other</key><string>%d a</string></dict>
<key>b</key><dict><key>NSStringFormatSpecTypeKey</key><string></string><key>other</key><string>%d b</string></dict></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>Other</string></dict></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>v</key><string>not a dict</string></dict>`), "en"},
	{plistDoc(`<key>k</key><string>not a dict</string>`), "en"},
	{plistDoc(`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><integer>42</integer><key>v</key><dict><key>one</key><true/><key>other</key><real>1.5</real></dict></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>a &amp; b <![CDATA[<c>]]></string></dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>again</string></dict><key>j</key><dict/>`), "en"},
	{plistDoc(`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>x<b/>after</string></dict>`), "en"},
	{`<?xml version="1.0"?><plist><array><string>a</string></array></plist>`, "en"},
	{`<?xml version="1.0"?><plist></plist>`, "en"},
	{"\n" + plistDoc(sdEntry("items", "%#@n@", "one", "x")), "en"},
	{`<!DOCTYPE plist [<!ENTITY e "x">]><plist><dict/></plist>`, "en"},
	{`<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY e "x">]><plist><dict/></plist>`, "en"},
	{`<plist><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>s</string></dict></dict><dict><key>b</key><dict><key>NSStringLocalizedFormatKey</key><string>t</string></dict></dict></plist>`, "en"},
	{plistDoc(`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><integer> 0x1F</integer></dict><key>m</key><dict><key>NSStringLocalizedFormatKey</key><integer>0x1F</integer></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>NSStringLocalizedFormatKey</key><integer>1_000</integer></dict><key>m</key><dict><key>NSStringLocalizedFormatKey</key><integer>-007</integer></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>v</key><dict><key>one</key><date>2020-01-01T00:00:00Z</date></dict></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>v</key><dict><key>x</key><date>2020-01-01T00:00:00Z</date><key>y</key><data>aGVsbG8=</data><key>other</key><string>o</string></dict></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><integer>0</integer><key>other</key><string>o</string></dict></dict>`), "en"},
	{plistDoc(`<key>k</key><dict><key>v</key><dict><key>NSStringFormatSpecTypeKey</key><integer>1</integer></dict></dict>`), "en"},
	{plistDoc(`<key>:colon</key><dict><key>NSStringLocalizedFormatKey</key><string>c</string><key>v:w</key><dict><key>other</key><string>o</string></dict></dict>`), "en"},
}

func TestTTKStringsdictSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(stringsdictSnippets))
	langs := make([]string, len(stringsdictSnippets))
	for i, s := range stringsdictSnippets {
		docs[i], langs[i] = []byte(s.doc), s.lang
	}
	checkXMLDocs(t, "stringsdict", docs, langs, knownStringsdictDifference)
	checkStringsdictTags(t, langs)
}

// knownStringsdictDifference: a text that is a date, data or a collection is
// Python's str() of it in translate-toolkit; we refuse the file.
func knownStringsdictDifference(_ []byte, err error) string {
	if err != nil && strings.Contains(err.Error(), "Python's str()") {
		return "str() of a non-scalar"
	}
	return ""
}

// checkStringsdictTags compares PluralTags with translate-toolkit's
// target_plural_tags for each language.
func checkStringsdictTags(t *testing.T, langs []string) {
	t.Helper()
	var docs [][]byte
	for range langs {
		docs = append(docs, []byte(plistDoc(sdEntry("k", "%#@n@", "other", "o"))))
	}
	reqs := make([]xmlTTKRequest, len(docs))
	for i := range docs {
		reqs[i] = xmlDocRequest("stringsdict", docs[i], langs[i])
	}
	res := runXMLTTK(t, reqs)
	for i, code := range langs {
		got := stringsdictFormat{}.PluralTags(code)
		if len(res[i].Units) != 2 || !reflect.DeepEqual(got, res[i].Units[1].Tags) {
			t.Errorf("PluralTags(%q) = %q, translate-toolkit %+v", code, got, res[i].Units)
		}
	}
}

func TestTTKRandomStringsdict(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(19, 23))
	langCodes := []string{"en", "cs", "ar", "ja", "ru", "pl", "fr", "pt_BR", "ga", "cy", "Base", "sr-Latn"}
	docs := make([][]byte, n)
	langs := make([]string, n)
	for i := range docs {
		docs[i] = []byte(randomStringsdictDoc(rng))
		langs[i] = langCodes[rng.IntN(len(langCodes))]
	}
	checkXMLDocs(t, "stringsdict", docs, langs, knownStringsdictDifference)
	checkStringsdictTags(t, langCodes)
}

func randomStringsdictDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	var b strings.Builder
	for e := rng.IntN(4) + 1; e > 0; e-- {
		b.WriteString(fmt.Sprintf("<key>%s</key>\n<dict>\n", pick("a", "b", "items", "files %d", "k")))
		if rng.IntN(5) > 0 {
			b.WriteString("<key>NSStringLocalizedFormatKey</key><string>" + pick("%#@n@", "%1$#@a@ %2$#@b@", "", "x &amp; y") + "</string>\n")
		}
		for v := rng.IntN(3); v > 0; v-- {
			b.WriteString(fmt.Sprintf("<key>%s</key><dict>", pick("n", "a", "b")))
			b.WriteString(pick("", "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"))
			b.WriteString(pick("", "<key>NSStringFormatValueTypeKey</key><string>d</string>"))
			for f := rng.IntN(5); f > 0; f-- {
				b.WriteString(fmt.Sprintf("<key>%s</key><string>%s</string>", pick("zero", "one", "two", "few", "many", "other", "other"), pick("", "%d x", "é日本", "one")))
			}
			b.WriteString("</dict>\n")
		}
		b.WriteString("</dict>\n")
	}
	return plistDoc(b.String())
}
