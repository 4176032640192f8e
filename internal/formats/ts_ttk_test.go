package formats

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// tsDoc wraps messages in a Qt Linguist document with one context.
func tsDoc(messages string) string {
	return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\" language=\"de_DE\">\n<context>\n    <name>MainWindow</name>\n" +
		messages + "\n</context>\n</TS>\n"
}

var tsSnippets = []string{
	tsDoc(`<message><source>Open</source><translation>Öffnen</translation></message>`),
	tsDoc(`<message><source>Open</source><translation type="unfinished">Öffnen</translation></message>` +
		`<message><source>Close</source><translation type="unfinished"></translation></message>` +
		`<message><source>Same</source><translation></translation></message>` +
		`<message><source>Same2</source></message>` +
		`<message><source>Old</source><translation type="obsolete">Alt</translation></message>` +
		`<message><source>Gone</source><translation type="vanished">Weg</translation></message>`),
	tsDoc(`<message numerus="yes"><source>%n file(s)</source><translation><numerusform>%n Datei</numerusform><numerusform>%n Dateien</numerusform></translation></message>` +
		`<message numerus="yes"><source>%n item(s)</source><translation type="unfinished"><numerusform></numerusform><numerusform></numerusform></translation></message>` +
		`<message numerus="yes"><source>%n day(s)</source><translation><numerusform></numerusform><numerusform>x</numerusform></translation></message>` +
		`<message numerus="yes"><source>%n</source><translation type="unfinished"><numerusform>a</numerusform><numerusform></numerusform><numerusform>c</numerusform></translation></message>`),
	tsDoc(`<message numerus="yes"><source>%n file(s)</source><translation type="unfinished"></translation></message>`),
	tsDoc(`<message numerus="yes"><source>%n file(s)</source></message>`),
	tsDoc(`<message numerus="yes"><source></source><translation><numerusform>x</numerusform></translation></message>`),
	tsDoc(`<message numerus="yes"><translation><numerusform></numerusform></translation></message>`),
	tsDoc(`<message numerus="yes"><translation><numerusform>t</numerusform></translation></message>`),
	tsDoc(`<message id="msg.id"><source>With id</source><comment>disambiguation</comment><extracomment>for translators</extracomment><translatorcomment>mine</translatorcomment><translation>Mit</translation></message>`),
	tsDoc(`<message><location filename="../src/main.cpp" line="42"/><location filename="b.cpp"/><location line="7"/><source>L</source><translation>L</translation></message>` +
		`<message><location filename="main.cpp" line="+3"/><source>R</source><translation>R</translation></message>` +
		`<message><location filename="a.cpp" line="1"/><location filename="main.cpp" line="-2"/><source>R2</source></message>`),
	tsDoc(`<message><source>a &lt;b&gt; &amp; &quot;q&quot; &apos;</source><translation>x<byte value="x9"/>after byte</translation></message>` +
		`<message><source>before<!-- c -->after</source><translation><![CDATA[cdata & more]]></translation></message>`),
	tsDoc(`<message><source></source><translation></translation></message>` +
		`<message><source></source><translation>only target</translation></message>` +
		`<message><translation>no source</translation></message>`),
	tsDoc(`<message maxwidth="20" size-unit="char" weblate-flags="c-format"><source>flags</source></message>`),
	`<TS><message><source>root level</source><translation>r</translation></message><name>RootName</name><context><name>C</name><message><source>in c</source></message></context></TS>`,
	`<TS><context><message><source>no name</source></message></context></TS>`,
	`<TS><context><name/><message><source></source><translation>t</translation></message></context></TS>`,
	`<TS xmlns="urn:example"><context><name>N</name><message><source>namespaced</source></message></context></TS>`,
	`<ts><context/></ts>`,
	`<TS><context><name>C</name><group><message><source>nested</source></message></group><message><source>m</source><message><source>inner</source></message></message></context></TS>`,
	tsDoc(`<message><source>  spaced   text  </source><translation>
   multi
   line </translation></message>`),
}

func TestTTKTSSnippets(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	docs := make([][]byte, len(tsSnippets))
	for i, s := range tsSnippets {
		docs[i] = []byte(s)
	}
	checkXMLDocs(t, "ts", docs, nil, knownTSDifference)
}

// knownTSDifference: weblate-flags are left to the table tests (the oracle does
// not parse them).
func knownTSDifference(doc []byte, _ error) string {
	if strings.Contains(string(doc), "weblate-flags") {
		return "weblate-flags"
	}
	return ""
}

func TestTTKRandomTS(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	n := 400
	if testing.Short() {
		n = 80
	}
	rng := rand.New(rand.NewPCG(7, 11))
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = []byte(randomTSDoc(rng))
	}
	checkXMLDocs(t, "ts", docs, nil, knownTSDifference)
}

func randomTSDoc(rng *rand.Rand) string {
	pick := func(list ...string) string { return list[rng.IntN(len(list))] }
	text := func() string {
		return pick("", "Open", "%n file(s)", "a &amp; b", "  spaced  ", "é日本", "<![CDATA[c]]>", "x<!--c-->y", "%1 of %2", "(s)")
	}
	var b strings.Builder
	b.WriteString("<TS version=\"2.1\">\n")
	for c := rng.IntN(3) + 1; c > 0; c-- {
		b.WriteString("<context>" + pick("<name>Ctx</name>", "<name></name>", "", "<name>Dialog</name>") + "\n")
		for m := rng.IntN(5) + 1; m > 0; m-- {
			plural := rng.IntN(3) == 0
			attrs := pick("", ` id="i1"`, ` id=""`)
			if plural {
				attrs += ` numerus="yes"`
			}
			b.WriteString("<message" + attrs + ">")
			b.WriteString(pick("", `<location filename="a.cpp" line="3"/>`, `<location filename="a.cpp" line="+1"/>`, `<location line="9"/>`))
			if rng.IntN(8) > 0 {
				b.WriteString("<source>" + text() + "</source>")
			}
			b.WriteString(pick("", "<comment>dis</comment>", "<comment></comment>"))
			b.WriteString(pick("", "<extracomment>x</extracomment>", "<translatorcomment>t</translatorcomment>"))
			typ := pick("", ` type="unfinished"`, ` type="unfinished"`, ` type="obsolete"`, ` type="vanished"`)
			if plural {
				var forms strings.Builder
				for f := rng.IntN(3) + 1; f > 0; f-- {
					forms.WriteString("<numerusform>" + text() + "</numerusform>")
				}
				b.WriteString(fmt.Sprintf("<translation%s>%s</translation>", typ, forms.String()))
			} else if rng.IntN(6) > 0 {
				b.WriteString(fmt.Sprintf("<translation%s>%s</translation>", typ, text()))
			}
			b.WriteString("</message>\n")
		}
		b.WriteString("</context>\n")
	}
	b.WriteString("</TS>\n")
	return b.String()
}
