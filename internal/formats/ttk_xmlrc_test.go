package formats

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The differential tests of the DTD, flat XML and ResourceDictionary formats:
// testdata/ttk_dump.py hands them to ttk_fmt_xmlrc.py, which reads each
// document with the installed translate-toolkit and applies Weblate 4.18's unit
// rules on top; every unit is compared: key, text, note, flags and whether
// Weblate counts it translated.

// xmlrcWant is what the Go unit must hold for the oracle's.
type xmlrcWant struct {
	Key, Note, Flags string
	Target           []string
	Translated       bool
}

// compareXMLRCUnits reports every difference between our units and the
// oracle's; a unit is translated when its text is not empty (none of these
// formats has another state).
func compareXMLRCUnits(units []Unit, want []xmlTTKUnit) []string {
	var diffs []string
	if len(units) != len(want) {
		diffs = append(diffs, fmt.Sprintf("%d units, translate-toolkit has %d", len(units), len(want)))
	}
	for i := 0; i < len(units) && i < len(want); i++ {
		u, w := &units[i], &want[i]
		got := xmlrcWant{Key: u.Key, Note: u.Note, Flags: u.Flags, Target: u.Target,
			Translated: len(u.Target) > 0 && u.Target[0] != "" && !u.Fuzzy}
		exp := xmlrcWant{Key: w.Key, Note: w.Note, Flags: w.Flags, Target: w.Target, Translated: w.Translated}
		if u.Source != nil || u.Plural || u.ReadOnly || u.Approved || u.Fuzzy || u.Location != "" {
			diffs = append(diffs, fmt.Sprintf("unit %d (%s): a state or field these formats do not have: %+v", i, u.Key, *u))
		}
		if !reflect.DeepEqual(got, exp) {
			diffs = append(diffs, fmt.Sprintf("unit %d:\n  got %+v\n  ttk %+v", i, got, exp))
		}
	}
	return diffs
}

// checkXMLRCDocs parses each document with format and compares it with the
// oracle; names label the documents in failures. known explains a deliberate
// difference ("" when there is none).
func checkXMLRCDocs(t *testing.T, format string, names []string, docs [][]byte, known func(doc []byte) string) (units int) {
	t.Helper()
	reqs := make([]xmlTTKRequest, len(docs))
	for i, d := range docs {
		reqs[i] = xmlDocRequest(format, d, "")
	}
	res := runXMLTTK(t, reqs)
	f := mustLookup(t, format)
	failures := 0
	for i, doc := range docs {
		file, err := f.Parse(doc)
		if known != nil && known(doc) != "" {
			continue
		}
		var diffs []string
		switch {
		case res[i].Error != "" && err == nil:
			diffs = []string{"translate-toolkit fails (" + res[i].Error + "), we parse it"}
		case res[i].Error == "" && err != nil:
			diffs = []string{fmt.Sprintf("%v (translate-toolkit parses it)", err)}
		case err == nil:
			diffs = compareXMLRCUnits(file.Units, res[i].Units)
			units += len(file.Units)
		}
		if len(diffs) > 0 {
			failures++
			if failures <= 10 {
				name := fmt.Sprintf("document %d", i)
				if names != nil {
					name = names[i]
				}
				t.Errorf("%s %q:\n%s", name, clipDoc(doc), strings.Join(diffs, "\n"))
			}
		}
	}
	if failures > 10 {
		t.Errorf("… %d documents differ in all", failures)
	}
	return units
}

// checkXMLRCFiles compares the files matching pattern under testdata, and each
// again in UTF-16 when utf16 is set (as Windows tools save XML).
func checkXMLRCFiles(t *testing.T, format, pattern string, utf16 bool) {
	t.Helper()
	paths, docs := readFiles(t, "testdata", pattern)
	n := len(docs)
	if utf16 {
		for i := 0; i < n; i++ {
			docs = append(docs, encodeUTF16(strings.TrimPrefix(string(docs[i]), "\uFEFF"), i%2 == 0, true))
			paths = append(paths, paths[i]+" (UTF-16)")
		}
	}
	units := checkXMLRCDocs(t, format, paths, docs, nil)
	if units == 0 {
		t.Fatalf("no units in %s", pattern)
	}
	t.Logf("%d files, %d units compared", len(docs), units)
}
