package units_test

import (
	"reflect"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestNotesAndPluralTargets: a unit shows Weblate's note (the template's, then the
// translation's, joined with a newline when they differ: TTKitUnit.notes) and a
// plural target of exactly the language's number of forms (Unit.get_target_plurals).
func TestNotesAndPluralTargets(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml": `<resources>
<!-- On the start page -->
<string name="hello">Hello</string>
<string name="bye">Bye</string>
<!-- Same everywhere -->
<string name="same">Same</string>
<plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals>
</resources>`,
		"res/values-cs/strings.xml": `<resources>
<string name="hello">Ahoj</string>
<!-- Czech only -->
<string name="bye">Nashle</string>
<!-- Same everywhere -->
<string name="same">Stejné</string>
<plurals name="files"><item quantity="one">%d soubor</item><item quantity="few">%d soubory</item><item quantity="many">%d souboru</item><item quantity="other">%d souborů</item></plurals>
</resources>`,
		"po/de.po": "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" +
			"msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"%d Datei\"\n\n" +
			"msgid \"Quit\"\nmsgstr \"Beenden\"\n",
		"po/cs.po": "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" +
			"msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"%d soubor\"\nmsgstr[1] \"%d soubory\"\n",
	})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo)+`      - name: Gettext
        slug: gettext
        repo: `+repo+`
        filemask: po/*.po
        file_format: po
`)
	s := livetest.Built(t, cfg, t.TempDir(), livetest.Options{})
	snap := s.Live.Snapshot()
	units := func(component, lang string) map[string]snapshot.Unit {
		t.Helper()
		tr := snap.Project("demo").Component(component).Translation(lang)
		us, err := s.Units.Units(tr)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]snapshot.Unit{}
		for _, u := range us {
			out[u.Context+u.Source[0]] = u
		}
		return out
	}
	cs := units("android", "cs")
	for key, want := range map[string]string{
		"helloHello":   " On the start page \n", // the Czech file says nothing: the template's and an empty line
		"byeBye":       "\n Czech only ",        // the template says nothing
		"sameSame":     " Same everywhere ",     // the same note once
		"files%d file": "",
	} {
		if got := cs[key].Note; got != want {
			t.Errorf("cs %s: note %q, want %q", key, got, want)
		}
	}
	// translate-toolkit's Android table orders Czech one, few, other (its "many",
	// for fractions, is not read), and Weblate's Czech has three forms.
	if got, want := cs["files%d file"].Target, []string{"%d soubor", "%d soubory", "%d souborů"}; !reflect.DeepEqual(got, want) {
		t.Errorf("cs plural target %q, want %q", got, want)
	}
	if got := units("android", "en")["helloHello"].Note; got != " On the start page " {
		t.Errorf("source note %q", got)
	}
	// German has two forms: the missing second is empty; the singular stays one form.
	de := units("gettext", "de")
	if got, want := de["%d file"].Target, []string{"%d Datei", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("de plural target %q, want %q", got, want)
	}
	if got := de["Quit"].Target; !reflect.DeepEqual(got, []string{"Beenden"}) {
		t.Errorf("de singular target %q", got)
	}
	// Czech has three: padded.
	if got, want := units("gettext", "cs")["%d file"].Target, []string{"%d soubor", "%d soubory", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("cs po plural target %q, want %q", got, want)
	}
}
