package formats

import "testing"

// TestMI18nFormat: mi18n-lang is Java properties in UTF-8 under Weblate's name,
// checked with es-format.
func TestMI18nFormat(t *testing.T) {
	t.Parallel()
	info, ok := Lookup("mi18n-lang")
	if !ok || info.Name != "mi18n lang file" || info.CheckFlags != "es-format" || !info.Monolingual || info.Detect != nil {
		t.Fatalf("mi18n-lang: %+v", info)
	}
	f, err := info.Format().Parse([]byte("NATIVE_NAME = Deutsch\naddOption = Option hinzufügen +\nmsg = ${name} {count}\n"))
	if err != nil || len(f.Units) != 3 || f.Units[1].Target[0] != "Option hinzufügen +" || f.Units[2].Target[0] != "${name} {count}" {
		t.Fatalf("%+v %v", f, err)
	}
}

// TestTTKMI18n compares formBuilder's lang files and the properties snippets
// with translate-toolkit's javautf8file.
func TestTTKMI18n(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	compareFileSets(t, "testdata", plainFileSet{"mi18n-lang", "mi18n/formbuilder", ".lang"})
	docs := make([][]byte, len(propSnippets))
	for i, s := range propSnippets {
		docs[i] = []byte(s)
	}
	comparePlainDocs(t, "mi18n-lang", docs, nil)
}

func FuzzMI18n(f *testing.F) {
	addPlainSeeds(f, propSnippets, "mi18n")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, propBound, "mi18n-lang")
	})
}
