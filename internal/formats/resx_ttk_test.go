package formats

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// resxDoc wraps <data> elements in a .NET resource file with its usual header.
func resxDoc(data string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<root>
  <xsd:schema id="root" xmlns="" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">
    <xsd:element name="root" msdata:IsDataSet="true"><xsd:complexType><xsd:choice maxOccurs="unbounded">
      <xsd:element name="data"><xsd:complexType><xsd:sequence><xsd:element name="value" type="xsd:string" minOccurs="0" msdata:Ordinal="1" /></xsd:sequence></xsd:complexType></xsd:element>
    </xsd:choice></xsd:complexType></xsd:element>
  </xsd:schema>
  <resheader name="resmimetype"><value>text/microsoft-resx</value></resheader>
  <resheader name="version"><value>2.0</value></resheader>
` + data + "\n</root>\n"
}

var resxSnippets = []string{
	resxDoc(`<data name="Hello" xml:space="preserve"><value>Hello</value></data>`),
	resxDoc(`<data name="A" xml:space="preserve"><value>  spaced  text
 lines </value><comment>A comment</comment></data>` +
		`<data name="Empty"><value></value></data>` +
		`<data name="NoValue"/>` +
		`<data name="Icon" type="System.Drawing.Bitmap, System.Drawing" mimetype="application/x-microsoft.net.object.bytearray.base64"><value>iVBORw0KGgo=</value></data>` +
		`<data name="File" type="System.Resources.ResXFileRef, System.Windows.Forms"><value>..\Resources\a.txt;System.String, mscorlib</value></data>` +
		`<data name="Int" type="System.Int32, mscorlib"><value>42</value></data>`),
	resxDoc(`<data><value> Unnamed value </value></data>`),
	resxDoc(`<data><value></value></data>`),
	resxDoc(`<data/>`),
	resxDoc(`<data name="x"><value>a &amp; &lt;b&gt; <![CDATA[<cdata>]]></value></data><data name="y"><value>before<!--c-->after</value><comment>c1</comment><comment>c2</comment></data>`),
	resxDoc(`<data name="dup"><value>one</value></data><data name="dup"><value>two</value></data>`),
	resxDoc(`<metadata name="m"><value>meta</value></metadata><assembly alias="a" name="n"/><data name="f" maxwidth="10" size-unit="char" font="Segoe UI;9"><value>flags</value></data>`),
	resxDoc(`<group><data name="nested"><value>n</value><data name="inner"><value>i</value></data></data></group>`),
	`<root xmlns="urn:example"><data name="ns"><value>namespaced</value></data></root>`,
	`<resources><data name="x"><value>wrong root</value></data></resources>`,
	`<root><data name="ü日本"><value>日本語</value></data></root>`,
}

func TestTTKRESXSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(resxSnippets))
	for i, s := range resxSnippets {
		docs[i] = []byte(s)
	}
	checkXMLDocs(t, "resx", docs, nil, noKnownDifference)
}

func TestTTKRandomRESX(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(13, 17))
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = []byte(randomRESXDoc(rng))
	}
	checkXMLDocs(t, "resx", docs, nil, noKnownDifference)
}

func randomRESXDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	var b strings.Builder
	for d := rng.IntN(6) + 1; d > 0; d-- {
		name := pick(` name="a"`, ` name="b"`, ` name="Key.Sub"`, ` name=""`, ` name="  sp  "`)
		if rng.IntN(12) == 0 {
			name = ""
		}
		attrs := pick("", ` xml:space="preserve"`, ` type="System.Int32, mscorlib"`, ` mimetype="application/x-microsoft.net.object.bytearray.base64"`)
		value := pick("<value>text</value>", "<value></value>", "<value>  spaced  </value>", "<value>a &amp; b</value>", "<value>x<!--c-->y</value>",
			"<value><![CDATA[cd]]></value>", "", "<value>é日本</value>", "<value>\n  multi\n  line\n</value>")
		comment := pick("", "<comment>note</comment>", "<comment></comment>")
		b.WriteString(fmt.Sprintf("<data%s%s>%s%s</data>\n", name, attrs, value, comment))
	}
	return resxDoc(b.String())
}
