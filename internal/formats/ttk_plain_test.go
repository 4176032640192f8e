package formats

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// The key-value formats (properties, strings, YAML) compared with translate-toolkit
// through testdata/ttk_dump.py, as ttk_test.go does for the XML formats.

type plainTTKUnit struct {
	Key        string   `json:"key"`
	Target     []string `json:"target"`
	ReadOnly   bool     `json:"readonly"`
	Note       string   `json:"note"`
	Plural     bool     `json:"plural"`
	Translated bool     `json:"translated"`
}

type plainTTKResult struct {
	Units []plainTTKUnit `json:"units"`
	Error string         `json:"error"`
}

type plainTTKRequest struct {
	Format string `json:"format"`
	Path   string `json:"path,omitempty"`
	Data   string `json:"data"`
}

// bytesRequest carries a file's bytes as the characters U+0000-U+00FF.
func bytesRequest(format string, data []byte) plainTTKRequest {
	r := make([]rune, len(data))
	for i, b := range data {
		r[i] = rune(b)
	}
	return plainTTKRequest{Format: format, Data: string(r)}
}

func requireTTKYAML(t testing.TB) {
	t.Helper()
	requireTTK(t)
	if why := ttkYAMLMissing(); why != "" {
		t.Skip(why)
	}
}

var ttkYAMLMissing = sync.OnceValue(func() string {
	cmd := exec.Command(systemPython, "-c", "import translate.storage.yaml")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Sprintf("translate-toolkit YAML comparison skipped: ruamel.yaml is not importable (apt-get install python3-ruamel.yaml): %v %s", err, out)
	}
	return ""
})

func runPlainTTK(t testing.TB, reqs []plainTTKRequest) []plainTTKResult {
	t.Helper()
	in, err := json.Marshal(reqs)
	if err != nil {
		t.Fatal(err)
	}
	out, err := ttkDump(in)
	if err != nil {
		t.Fatal(err)
	}
	var res []plainTTKResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("ttk_dump.py output: %v", err)
	}
	if len(res) != len(reqs) {
		t.Fatalf("ttk_dump.py answered %d of %d requests", len(res), len(reqs))
	}
	return res
}

// comparePlain reports every difference between our units and translate-toolkit's:
// key, text (plural forms in file order), read-only flag, note and whether Weblate
// counts the unit as translated (the first form is not empty).
func comparePlain(units []Unit, want []plainTTKUnit) []string {
	var diffs []string
	if len(units) != len(want) {
		diffs = append(diffs, fmt.Sprintf("%d units, translate-toolkit has %d", len(units), len(want)))
	}
	for i := 0; i < len(units) && i < len(want); i++ {
		u, w := &units[i], &want[i]
		if u.Key != w.Key {
			diffs = append(diffs, fmt.Sprintf("unit %d: key %q, ttk %q", i, u.Key, w.Key))
			continue
		}
		if !reflect.DeepEqual(u.Target, w.Target) {
			diffs = append(diffs, fmt.Sprintf("%q: text %q, ttk %q", u.Key, u.Target, w.Target))
		}
		if u.ReadOnly != w.ReadOnly {
			diffs = append(diffs, fmt.Sprintf("%q: read-only %v, ttk %v", u.Key, u.ReadOnly, w.ReadOnly))
		}
		if u.Note != w.Note {
			diffs = append(diffs, fmt.Sprintf("%q: note %q, ttk %q", u.Key, u.Note, w.Note))
		}
		if u.Plural != w.Plural {
			diffs = append(diffs, fmt.Sprintf("%q: plural %v, ttk %v", u.Key, u.Plural, w.Plural))
		}
		if translated := len(u.Target) > 0 && u.Target[0] != ""; translated != w.Translated {
			diffs = append(diffs, fmt.Sprintf("%q: translated %v, ttk %v", u.Key, translated, w.Translated))
		}
	}
	return diffs
}

// comparePlainDocs parses each document with format and with translate-toolkit
// and reports the differences; known says why a document is a deliberate
// difference ("" when it is not), given our error.
func comparePlainDocs(t *testing.T, format string, docs [][]byte, known func(doc []byte, err error) string) {
	t.Helper()
	reqs := make([]plainTTKRequest, len(docs))
	for i, d := range docs {
		reqs[i] = bytesRequest(format, d)
	}
	res := runPlainTTK(t, reqs)
	f := mustLookup(t, format)
	for i, d := range docs {
		got, err := f.Parse(d)
		if known != nil {
			if why := known(d, err); why != "" {
				if res[i].Error == "" && err != nil {
					t.Logf("known difference (%s): %q", why, d)
					continue
				}
			}
		}
		if res[i].Error != "" {
			if err == nil {
				t.Errorf("%s: translate-toolkit fails (%s), we parse it:\n%q", format, res[i].Error, d)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v; translate-toolkit parses it:\n%q", format, err, d)
			continue
		}
		for _, diff := range comparePlain(got.Units, res[i].Units) {
			t.Errorf("%s: %s\n%q", format, diff, d)
		}
	}
}

// plainFileSet is the files below root/dir whose names end in ext, read as
// format.
type plainFileSet struct{ format, dir, ext string }

// compareFileSets compares every file of the sets below root with
// translate-toolkit (one run of the script for all) and logs how many units each
// set compared.
func compareFileSets(t *testing.T, root string, sets ...plainFileSet) {
	t.Helper()
	type file struct {
		set  int
		path string
	}
	var files []file
	var reqs []plainTTKRequest
	for i, set := range sets {
		n := len(files)
		err := filepath.Walk(filepath.Join(root, set.dir), func(p string, info os.FileInfo, err error) error {
			if err == nil && strings.HasSuffix(p, set.ext) {
				abs, _ := filepath.Abs(p)
				files = append(files, file{i, p})
				reqs = append(reqs, plainTTKRequest{Format: set.format, Path: abs})
			}
			return err
		})
		if err != nil || len(files) == n {
			t.Fatalf("no %s files under %s: %v", set.ext, filepath.Join(root, set.dir), err)
		}
	}
	res := runPlainTTK(t, reqs)
	units := make([]int, len(sets))
	for i, f := range files {
		set := sets[f.set]
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := mustLookup(t, set.format).Parse(data)
		if res[i].Error != "" {
			if err == nil {
				t.Errorf("%s as %s: translate-toolkit fails (%s), we parse it", f.path, set.format, res[i].Error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s as %s: %v (translate-toolkit parses it)", f.path, set.format, err)
			continue
		}
		if len(got.Units) == 0 {
			t.Errorf("%s as %s: no units; a test file should have some", f.path, set.format)
		}
		for j, d := range comparePlain(got.Units, res[i].Units) {
			if j == 10 {
				t.Errorf("%s as %s: … more differences", f.path, set.format)
				break
			}
			t.Errorf("%s as %s: %s", f.path, set.format, d)
		}
		units[f.set] += len(got.Units)
	}
	for i, set := range sets {
		t.Logf("%s as %s: %d units compared with translate-toolkit", set.dir, set.format, units[i])
	}
}

// TestTTKPlainFiles compares every unit of the hand-written files in testdata with
// translate-toolkit, each read as the formats a Weblate component could declare
// for it: an ISO-8859-1 properties file is also read as UTF-8 and a UTF-8 one as
// ISO-8859-1 (mojibake, as Weblate shows it), a UTF-16 strings file also as
// UTF-8 (refused by both) and a UTF-8 one as UTF-16, Rails files also as plain
// YAML and Hugo files as Rails ones.
func TestTTKPlainFiles(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	compareFileSets(t, "testdata",
		plainFileSet{"properties", "properties/shop-latin1", ".properties"},
		plainFileSet{"properties", "properties/shop-utf8", ".properties"},
		plainFileSet{"properties-utf8", "properties/shop-latin1", ".properties"},
		plainFileSet{"properties-utf8", "properties/shop-converted", ".properties"},
		plainFileSet{"properties-utf8", "properties/shop-utf8", ".properties"},
		plainFileSet{"strings", "strings/updater-utf16be", ".strings"},
		plainFileSet{"strings", "strings/cleaner-utf16le", ".strings"},
		plainFileSet{"strings-utf8", "strings/camera-utf8", ".strings"},
		plainFileSet{"strings-utf8", "strings/updater-utf16be", ".strings"},
		plainFileSet{"strings", "strings/camera-utf8", ".strings"},
	)
	requireTTKYAML(t)
	compareFileSets(t, "testdata",
		plainFileSet{"ruby-yaml", "yaml/rails-shop", ".yml"},
		plainFileSet{"yaml", "yaml/rails-shop", ".yml"},
		plainFileSet{"yaml", "yaml/blog-hugo", ".yaml"},
		plainFileSet{"ruby-yaml", "yaml/blog-hugo", ".yaml"},
	)
}

// TestTTKPlainFetched does the same with the real files of public projects under
// $GITLATE_TEST_FETCHED/formats (see each project's SOURCE there); it skips when
// the variable is unset.
func TestTTKPlainFetched(t *testing.T) {
	t.Parallel()
	root := fetchedFormats(t)
	requireTTK(t)
	compareFileSets(t, root,
		plainFileSet{"properties", "properties/jmeter", ".properties"},
		plainFileSet{"properties", "properties/petclinic", ".properties"},
		plainFileSet{"properties-utf8", "properties/jmeter", ".properties"},
		plainFileSet{"properties-utf8", "properties/jmeter-utf8", ".properties"},
		plainFileSet{"properties-utf8", "properties/petclinic", ".properties"},
		plainFileSet{"strings", "strings/sparkle", ".strings"},
		plainFileSet{"strings", "strings/monolingual", ".strings"},
		plainFileSet{"strings-utf8", "strings/ypimagepicker", ".strings"},
		plainFileSet{"strings-utf8", "strings/sparkle", ".strings"},
		plainFileSet{"strings", "strings/ypimagepicker", ".strings"},
	)
	requireTTKYAML(t)
	compareFileSets(t, root,
		plainFileSet{"ruby-yaml", "yaml/rails-i18n", ".yml"},
		plainFileSet{"yaml", "yaml/rails-i18n", ".yml"},
		plainFileSet{"yaml", "yaml/papermod", ".yaml"},
		plainFileSet{"ruby-yaml", "yaml/papermod", ".yaml"},
	)
}
