package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// folderApp are the files of the plain-folder tests: an Android app whose Czech
// translation misses a string and fails a check (the end stop).
var folderApp = map[string]string{
	"res/values/strings.xml":    `<resources><string name="a">Open.</string><string name="b">Close</string><string name="c">Save</string></resources>`,
	"res/values-cs/strings.xml": `<resources><string name="a">Otevřít</string><string name="b">Zavřít</string></resources>`,
	"res/values-de/strings.xml": `<resources><string name="a">Öffnen.</string></resources>`,
}

// folderAndCheckout writes folderApp into a plain folder and into a checkout
// where they are committed, and a configuration with one component on each
// (slugs folder and checkout) and extra as the folder component's last keys.
func folderAndCheckout(t *testing.T, extra string) (dir, folder, checkout, cfg string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir = t.TempDir()
	folder, checkout = filepath.Join(dir, "folder"), filepath.Join(dir, "checkout")
	for p, c := range folderApp {
		writeFile(t, filepath.Join(folder, filepath.FromSlash(p)), c)
		writeFile(t, filepath.Join(checkout, filepath.FromSlash(p)), c)
	}
	gitCLI(t, checkout, "init", "-q", "-b", "main")
	gitCLI(t, checkout, "add", "-A")
	gitCLI(t, checkout, "commit", "-q", "-m", "initial")
	component := func(slug string) string {
		return `      - name: ` + slug + `
        slug: ` + slug + `
        repo: ` + slug + `
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
`
	}
	cfg = filepath.Join(dir, "projects.yaml")
	writeFile(t, cfg, "projects:\n  - name: Demo\n    slug: demo\n    components:\n"+component("folder")+extra+component("checkout"))
	return dir, folder, checkout, cfg
}

// TestFolderCheckAndScan: check and scan read a plain folder as they read the
// same files in a checkout: no problem, and the same counts.
func TestFolderCheckAndScan(t *testing.T) {
	t.Parallel()
	dir, folder, _, cfg := folderAndCheckout(t, "")
	data := filepath.Join(dir, "data")
	if code, out, errs := runCLI("check", "--config", cfg, "--data", data); code != 0 || !strings.Contains(out, "ok: 1 projects, 2 components") {
		t.Fatalf("check: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs := runCLI("scan", "--config", cfg, "--data", data, "--format", "json")
	if code != 0 || errs != "" {
		t.Fatalf("scan: exit %d\n%s", code, errs)
	}
	var rows []scanRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	by := map[string][]scanRow{}
	for _, r := range rows {
		comp := r.Component
		r.Component = ""
		by[comp] = append(by[comp], r)
	}
	if len(by["folder"]) != 3 || fmt.Sprint(by["folder"]) != fmt.Sprint(by["checkout"]) {
		t.Errorf("folder %+v\ncheckout %+v", by["folder"], by["checkout"])
	}
	// The Czech file: 2 of 3 strings, one failing the end-stop check.
	for _, r := range by["folder"] {
		if r.Language == "cs" && (r.Total != 3 || r.Translated != 2 || r.Failing != 1) {
			t.Errorf("cs %+v", r)
		}
	}
	// An edit shows at the next scan, as in a working tree.
	writeFile(t, filepath.Join(folder, "res/values-cs/strings.xml"), `<resources><string name="a">Otevřít.</string><string name="b">Zavřít</string><string name="c">Uložit</string></resources>`)
	_, out, _ = runCLI("scan", "--config", cfg, "--data", data, "--format", "json")
	rows = nil
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Component == "folder" && r.Language == "cs" && (r.Translated != 3 || r.Failing != 0) {
			t.Errorf("after an edit: cs %+v", r)
		}
	}
}

// TestFolderLint: lint reads a plain folder's files as they are and reports the
// same failures as for the checkout.
func TestFolderLint(t *testing.T) {
	t.Parallel()
	dir, _, _, cfg := folderAndCheckout(t, "")
	code, out, errs := runCLI("lint", "--config", cfg, "--data", filepath.Join(dir, "data"))
	// One failure from each component, the same.
	if code != 0 || errs != "" || strings.Count(out, "res/values-cs/strings.xml:1: end_stop:") != 2 || !strings.Contains(out, "2 failing check(s)") {
		t.Errorf("lint: exit %d\n%s\n%s", code, out, errs)
	}
	// A folder has no revision to compare with: --since says so.
	code, out, errs = runCLI("lint", "--config", cfg, "--data", filepath.Join(dir, "data"), "--since", "HEAD")
	if code == 0 || !strings.Contains(out+errs, "is a plain folder, not a git repository: it has no revisions to compare with") {
		t.Errorf("lint --since on a folder: exit %d\n%s\n%s", code, out, errs)
	}
}

// TestFolderBranchRefused: a branch on a plain folder is a configuration error
// that says why.
func TestFolderBranchRefused(t *testing.T) {
	t.Parallel()
	dir, folder, _, cfg := folderAndCheckout(t, "        branch: main\n")
	code, out, errs := runCLI("check", "--config", cfg, "--data", filepath.Join(dir, "data"))
	if code == 0 || !strings.Contains(out+errs, folder+" is a plain folder, not a git repository: it has no branch \"main\"") {
		t.Errorf("check: exit %d\n%s\n%s", code, out, errs)
	}
}

// TestFolderServe: serve answers a plain folder's statistics as the checkout's,
// and its change log is empty — without an alert — while the checkout's holds
// its history.
func TestFolderServe(t *testing.T) {
	t.Parallel()
	_, folder, _, cfg := folderAndCheckout(t, "")
	s := startReplica(t, "--config", cfg, "--data", t.TempDir())
	changes := func(comp string) int {
		var page struct{ Count int }
		if code := getJSON(t, s.base+"/api/components/demo/"+comp+"/changes/", &page); code != 200 {
			t.Fatalf("%s changes: HTTP %d", comp, code)
		}
		return page.Count
	}
	// The checkout's history walked means the folder's was looked at too.
	eventually(t, "the checkout's history", 20*time.Second, func() bool { return changes("checkout") > 0 })
	if n := changes("folder"); n != 0 {
		t.Errorf("the folder's change log holds %d changes", n)
	}
	if n := configurationErrors(t, s.base); n != 0 {
		t.Errorf("%d configuration errors", n)
	}
	// The counts, not the urls and names, which differ by component.
	keys := []string{"total", "translated", "translated_percent", "total_words", "translated_words", "failing", "fuzzy"}
	for _, lang := range []string{"cs", "de"} {
		var f, c map[string]any
		if code := getJSON(t, s.base+"/api/translations/demo/folder/"+lang+"/statistics/", &f); code != 200 {
			t.Fatalf("folder %s statistics: HTTP %d", lang, code)
		}
		getJSON(t, s.base+"/api/translations/demo/checkout/"+lang+"/statistics/", &c)
		if f["total"] != 3.0 {
			t.Errorf("%s: folder total %v", lang, f["total"])
		}
		for _, k := range keys {
			if fmt.Sprint(f[k]) != fmt.Sprint(c[k]) || f[k] == nil {
				t.Errorf("%s %s: folder %v, checkout %v", lang, k, f[k], c[k])
			}
		}
	}
	// Units are read from the folder's files (there are no blobs to read them from).
	var units struct {
		Count   int
		Results []struct{ Target []string }
	}
	if code := getJSON(t, s.base+"/api/translations/demo/folder/cs/units/", &units); code != 200 || units.Count != 3 ||
		len(units.Results) == 0 || len(units.Results[0].Target) == 0 || units.Results[0].Target[0] != "Otevřít" {
		t.Errorf("units: HTTP %d %+v", code, units)
	}
	// The folder is watched as a checkout's working tree is: an edit shows
	// without waiting for the periodic re-read (30 s by default).
	writeFile(t, filepath.Join(folder, "res/values-cs/strings.xml"), `<resources><string name="a">Otevřít.</string><string name="b">Zavřít</string><string name="c">Uložit</string></resources>`)
	eventually(t, "the edit in the folder", 15*time.Second, func() bool {
		var f map[string]any
		getJSON(t, s.base+"/api/translations/demo/folder/cs/statistics/", &f)
		return f["translated"] == 3.0
	})
	if n := changes("folder"); n != 0 {
		t.Errorf("after an edit, the folder's change log holds %d changes", n)
	}
	var repo struct {
		Status string
	}
	if code := getJSON(t, s.base+"/api/components/demo/folder/repository/", &repo); code != 200 || !strings.Contains(repo.Status, "Not a git repository") {
		t.Errorf("repository: HTTP %d %+v", code, repo)
	}
	_, page := get(t, s.base+"/projects/demo/folder/")
	if !strings.Contains(string(page), "plain folder") {
		t.Errorf("the component's page does not say it reads a plain folder:\n%.2000s", page)
	}
}
