package formats

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// The differential tests of XLIFF, Qt TS, RESX and stringsdict: testdata/
// ttk_dump.py hands these formats to ttk_xmlformats.py, which reads each file with
// the installed translate-toolkit and applies the rules of Weblate 4.18's unit
// class on top; every unit is compared.

type xmlTTKRequest struct {
	Format string `json:"format"`
	Path   string `json:"path,omitempty"`
	Data   string `json:"data,omitempty"`
	Lang   string `json:"lang,omitempty"`
}

type xmlTTKUnit struct {
	Key        string   `json:"key"`
	Source     []string `json:"source"`
	Target     []string `json:"target"`
	Plural     bool     `json:"plural"`
	Tags       []string `json:"tags"`
	Fuzzy      bool     `json:"fuzzy"`
	Approved   bool     `json:"approved"`
	ReadOnly   bool     `json:"readonly"`
	Translated bool     `json:"translated"`
	Note       string   `json:"note"`
	Location   string   `json:"location"`
	Flags      string   `json:"flags"`
}

type xmlTTKResult struct {
	Units []xmlTTKUnit `json:"units"`
	Error string       `json:"error"`
}

// xmlDocRequest sends a document's bytes as the characters U+0000-U+00FF.
func xmlDocRequest(format string, doc []byte, lang string) xmlTTKRequest {
	runes := make([]rune, len(doc))
	for i, c := range doc {
		runes[i] = rune(c)
	}
	return xmlTTKRequest{Format: format, Data: string(runes), Lang: lang}
}

func runXMLTTK(t testing.TB, reqs []xmlTTKRequest) []xmlTTKResult {
	t.Helper()
	in, err := json.Marshal(reqs)
	if err != nil {
		t.Fatal(err)
	}
	out, err := ttkDump(in)
	if err != nil {
		t.Fatal(err)
	}
	var res []xmlTTKResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("ttk_dump.py output: %v", err)
	}
	if len(res) != len(reqs) {
		t.Fatalf("ttk_dump.py answered %d of %d requests", len(res), len(reqs))
	}
	return res
}

// xmlWant is what the Go unit must hold for translate-toolkit's unit, by format.
type xmlWant struct {
	Key, Note, Location, Flags string
	Source, Target             []string
	Plural                     bool
	Fuzzy, Approved, ReadOnly  bool
}

func (u *Unit) xmlGot(format string, tags []string) xmlWant {
	target := u.Target
	if u.Categories != nil {
		target = u.FormsFor(tags)
	}
	return xmlWant{Key: u.Key, Note: u.Note, Location: u.Location, Flags: u.Flags, Source: u.Source, Target: target,
		Plural: u.Plural, Fuzzy: u.Fuzzy, Approved: u.Approved, ReadOnly: u.ReadOnly}
}

// compareXMLUnits reports every difference between our units and the oracle's.
// translated is checked against Weblate's state rules through scan's view: a
// unit is translated when its first form is not empty and it is not fuzzy.
func compareXMLUnits(format string, units []Unit, want []xmlTTKUnit) []string {
	var diffs []string
	if len(units) != len(want) {
		diffs = append(diffs, fmt.Sprintf("%d units, translate-toolkit has %d", len(units), len(want)))
	}
	for i := 0; i < len(units) && i < len(want); i++ {
		u, w := &units[i], &want[i]
		got := u.xmlGot(format, w.Tags)
		exp := xmlWant{Key: w.Key, Note: w.Note, Location: w.Location, Flags: w.Flags, Source: w.Source, Target: w.Target,
			Plural: w.Plural, Fuzzy: w.Fuzzy, Approved: w.Approved, ReadOnly: w.ReadOnly}
		switch format {
		case "resx", "stringsdict":
			// Monolingual: the text is the target; no source, no fuzzy.
			exp.Source = nil
		}
		if format == "stringsdict" && !w.Plural {
			exp.Plural = false
		}
		if !reflect.DeepEqual(got, exp) {
			diffs = append(diffs, fmt.Sprintf("unit %d:\n  got %+v\n  ttk %+v", i, got, exp))
			continue
		}
		if format == "ts" || format == "resx" || format == "stringsdict" {
			translated := !u.Fuzzy && len(got.Target) > 0 && got.Target[0] != ""
			if translated != w.Translated {
				diffs = append(diffs, fmt.Sprintf("unit %d (%s): translated %v, Weblate %v", i, u.Key, translated, w.Translated))
			}
		}
	}
	return diffs
}

// checkXMLDocs parses each document with format and compares it with the oracle;
// known explains a deliberate difference (returns "" when there is none).
func checkXMLDocs(t *testing.T, format string, docs [][]byte, langs []string, known func(doc []byte, err error) string) {
	t.Helper()
	reqs := make([]xmlTTKRequest, len(docs))
	for i, d := range docs {
		lang := ""
		if langs != nil {
			lang = langs[i]
		}
		reqs[i] = xmlDocRequest(format, d, lang)
	}
	res := runXMLTTK(t, reqs)
	f := mustLookup(t, format)
	failures := 0
	for i, doc := range docs {
		file, err := parseForLang(f, doc, reqs[i].Lang)
		if why := known(doc, err); why != "" {
			continue
		}
		var diffs []string
		switch {
		case res[i].Error != "" && err == nil:
			diffs = []string{"translate-toolkit fails (" + res[i].Error + "), we parse it"}
		case res[i].Error == "" && err != nil:
			diffs = []string{fmt.Sprintf("%v (translate-toolkit parses it)", err)}
		case err == nil:
			diffs = compareXMLUnits(format, file.Units, res[i].Units)
		}
		if len(diffs) > 0 {
			failures++
			if failures <= 10 {
				t.Errorf("document %d %q:\n%s", i, clipDoc(doc), strings.Join(diffs, "\n"))
			}
		}
	}
	if failures > 10 {
		t.Errorf("… %d documents differ in all", failures)
	}
}

// parseForLang parses doc; a stringsdict file is read for a language.
func parseForLang(f Format, doc []byte, lang string) (*File, error) {
	return f.Parse(doc)
}

func clipDoc(doc []byte) string {
	s := string(doc)
	if !utf8.ValidString(s) {
		return fmt.Sprintf("%q", clip(doc))
	}
	if len(s) > 1500 {
		return s[:1500] + "…"
	}
	return s
}

func noKnownDifference([]byte, error) string { return "" }

// readFiles reads every file matching pattern under root.
func readFiles(t testing.TB, root, pattern string) (paths []string, docs [][]byte) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(root, pattern))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no files for %s under %s", pattern, root)
	}
	for _, p := range paths {
		d, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d)
	}
	return paths, docs
}

// TestTTKXMLFiles compares every unit of the hand-written files in testdata with
// the oracle, each also re-encoded as UTF-16 with a byte-order mark, as Windows
// tools save them.
func TestTTKXMLFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	compareXMLFileSets(t, "testdata")
}

// TestTTKXMLFetched does the same with the real files of public projects under
// $GITLATE_TEST_FETCHED/formats (see each project's SOURCE there); it skips when
// the variable is unset.
func TestTTKXMLFetched(t *testing.T) {
	t.Parallel()
	root := fetchedFormats(t)
	requireTTK(t)
	compareXMLFileSets(t, root)
}

func compareXMLFileSets(t *testing.T, root string) {
	sets := []struct {
		format, pattern string
	}{
		{"xliff", "xliff/*/*.xlf"},
		{"plainxliff", "xliff/*/*.xlf"},
		{"ts", "ts/*/*.ts"},
		{"resx", "resx/*/*.resx"},
		{"stringsdict", "stringsdict/*/*.lproj/*.stringsdict"},
	}
	for _, set := range sets {
		t.Run(set.format, func(t *testing.T) {
			paths, docs := readFiles(t, root, set.pattern)
			var langs []string
			n := len(docs)
			for i := 0; i < n; i++ {
				docs = append(docs, encodeUTF16(string(docs[i]), i%2 == 0, true))
				paths = append(paths, paths[i]+" (UTF-16)")
			}
			for _, p := range paths {
				langs = append(langs, lprojLang(p))
			}
			checkXMLDocs(t, set.format, docs, langs, noKnownDifference)
			units := 0
			for _, d := range docs[:n] {
				f, err := mustLookup(t, set.format).Parse(d)
				if err != nil {
					t.Fatalf("%v", err)
				}
				units += len(f.Units)
			}
			if units == 0 {
				t.Fatalf("no units in %s", set.pattern)
			}
			t.Logf("%d files, %d units compared", n, units)
		})
	}
}

// lprojLang is the language code of a file in an Apple xx.lproj folder ("" for
// other files).
func lprojLang(path string) string {
	dir := filepath.Base(filepath.Dir(strings.TrimSuffix(path, " (UTF-16)")))
	code, ok := strings.CutSuffix(dir, ".lproj")
	if !ok {
		return ""
	}
	return code
}
