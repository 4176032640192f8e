package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const (
	lintTemplate = `<resources>
    <string name="saved">Saved.</string>
    <string name="open">Open</string>
    <string name="close">Close</string>
</resources>
`
	// The base revision: "saved" lacks its full stop already.
	lintCzechBase = `<resources>
    <string name="saved">Uloženo</string>
    <string name="open">Otevřít</string>
</resources>
`
	// The pull request: "open" gains an exclamation mark, "close" is new and fine.
	lintCzechPR = `<resources>
    <string name="saved">Uloženo</string>
    <string name="open">Otevřít!</string>
    <string name="close">Zavřít</string>
</resources>
`
)

// lintCheckout is a checkout whose last commit is the base and whose working tree
// is a pull request's change; enforced is the component's enforced_checks.
func lintCheckout(t *testing.T, enforced string) (cfg, data string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	repo, cfg := appCheckout(t, dir, lintTemplate, lintCzechBase, true, "")
	writeFile(t, filepath.Join(repo, "res/values-cs/strings.xml"), lintCzechPR)
	if enforced != "" {
		b, err := os.ReadFile(cfg)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, cfg, string(b)+"        enforced_checks: ["+enforced+"]\n")
	}
	return cfg, filepath.Join(dir, "data")
}

type lintRow struct {
	File, Key, Check, Language string
	Line                       int
	Enforced                   bool
}

func lintJSON(t *testing.T, args ...string) (int, []lintRow) {
	t.Helper()
	code, out, errs := runCLI(append([]string{"lint", "--format", "json"}, args...)...)
	var rows []lintRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("lint %v: %v\n%s\n%s", args, err, out, errs)
	}
	return code, rows
}

func TestLint(t *testing.T) {
	t.Parallel()
	cfg, data := lintCheckout(t, "")
	// The whole working tree: the old failure and the new one, each at its line.
	code, rows := lintJSON(t, "--config", cfg, "--data", data)
	want := []lintRow{
		{File: "res/values-cs/strings.xml", Key: "saved", Check: "end_stop", Language: "cs", Line: 2},
		{File: "res/values-cs/strings.xml", Key: "open", Check: "end_exclamation", Language: "cs", Line: 3},
	}
	if code != 0 || len(rows) != len(want) {
		t.Fatalf("lint: exit %d, %+v", code, rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("finding %d: %+v, want %+v", i, rows[i], want[i])
		}
	}
	// The pull request's strings only.
	code, rows = lintJSON(t, "--config", cfg, "--data", data, "--since", "HEAD")
	if code != 0 || len(rows) != 1 || rows[0] != want[1] {
		t.Errorf("--since HEAD: exit %d, %+v", code, rows)
	}
	// --strict fails on any finding; an unknown revision is an error, not a pass.
	if code, _ := lintJSON(t, "--config", cfg, "--data", data, "--strict"); code != 1 {
		t.Errorf("--strict: exit %d, want 1", code)
	}
	if code, out, errs := runCLI("lint", "--config", cfg, "--data", data, "--since", "no-such-branch"); code != 1 || out != "" || !strings.Contains(errs, "no-such-branch") {
		t.Errorf("unknown revision: exit %d, %q %q", code, out, errs)
	}
	// Text: file:line: check: name: description.
	_, out, _ := runCLI("lint", "--config", cfg, "--data", data)
	for _, line := range []string{
		"res/values-cs/strings.xml:2: end_stop: Mismatched full stop: Source and translation do not both end with a full stop (cs, string \"saved\")",
		"res/values-cs/strings.xml:3: end_exclamation: Mismatched exclamation mark: ",
		"2 failing check(s), 0 of enforced checks",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("text output lacks %q:\n%s", line, out)
		}
	}
	// GitHub annotations: warnings, with file, line and the check's name.
	_, out, _ = runCLI("lint", "--config", cfg, "--data", data, "--since", "HEAD", "--format", "github")
	if !regexp.MustCompile(`^::warning file=res/values-cs/strings.xml,line=3,title=Mismatched exclamation mark::Mismatched exclamation mark: Source and translation do not both end with an exclamation mark \(cs, string "open"\)\n$`).MatchString(out) {
		t.Errorf("github output: %q", out)
	}
	if code, _, errs := runCLI("lint", "--config", cfg, "--data", data, "--format", "xml"); code != 2 || !strings.Contains(errs, "--format") {
		t.Errorf("--format xml: exit %d %s", code, errs)
	}
}

// TestLintEnforced: a component's enforced_checks fail the lint when one of them
// fails among the strings reported, and only then; they are errors in SARIF and in
// GitHub annotations.
func TestLintEnforced(t *testing.T) {
	t.Parallel()
	cfg, data := lintCheckout(t, "end_stop")
	code, rows := lintJSON(t, "--config", cfg, "--data", data)
	if code != 1 || len(rows) != 2 || !rows[0].Enforced || rows[1].Enforced {
		t.Errorf("enforced end_stop: exit %d, %+v", code, rows)
	}
	// The pull request does not touch the string failing end_stop.
	if code, rows := lintJSON(t, "--config", cfg, "--data", data, "--since", "HEAD"); code != 0 || len(rows) != 1 {
		t.Errorf("--since HEAD: exit %d, %+v", code, rows)
	}
	if _, out, _ := runCLI("lint", "--config", cfg, "--data", data, "--format", "github"); !strings.HasPrefix(out, "::error file=res/values-cs/strings.xml,line=2,title=Mismatched full stop::") {
		t.Errorf("github output: %q", out)
	}
}

// TestLintSARIF: the SARIF log is valid under the SARIF 2.1.0 schema (OASIS),
// with one rule per check and one result per finding at its file and line.
func TestLintSARIF(t *testing.T) {
	t.Parallel()
	cfg, data := lintCheckout(t, "end_stop")
	code, out, errs := runCLI("lint", "--config", cfg, "--data", data, "--format", "sarif")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	c := jsonschema.NewCompiler()
	schema, err := c.Compile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("the schema refuses the log: %v\n%s", err, out)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	var got []string
	for _, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation
		got = append(got, res.RuleID+" "+r.Tool.Driver.Rules[res.RuleIndex].ID+" "+res.Level+" "+loc.ArtifactLocation.URI+":"+strconv.Itoa(loc.Region.StartLine))
	}
	want := "end_stop end_stop error res/values-cs/strings.xml:2|end_exclamation end_exclamation warning res/values-cs/strings.xml:3"
	if strings.Join(got, "|") != want {
		t.Errorf("results %q, want %q", strings.Join(got, "|"), want)
	}
	// The pull request's log, with one result, is valid too.
	_, out, _ = runCLI("lint", "--config", cfg, "--data", data, "--format", "sarif", "--since", "HEAD~0")
	if doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out)); err != nil || schema.Validate(doc) != nil {
		t.Errorf("log of --since HEAD~0 is not valid SARIF: %v\n%s", err, out)
	}
}

// lintCatalog is a String Catalog holding English and German: "saved" lacks its
// full stop in German already; deOpen is German's "open".
func lintCatalog(deOpen string) string {
	return `{
  "sourceLanguage" : "en",
  "strings" : {
    "open" : {
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "` + deOpen + `" } },
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Open" } }
      }
    },
    "saved" : {
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Gespeichert" } },
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Saved." } }
      }
    }
  },
  "version" : "1.0"
}
`
}

// TestLintSinceCatalog: in a file holding every language, --since compares each
// language's strings with the same language's at the base, not with the source's.
func TestLintSinceCatalog(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "app")
	writeFile(t, filepath.Join(repo, "Localizable.xcstrings"), lintCatalog("Öffnen"))
	gitCLI(t, dir, "init", "-q", "-b", "main", repo)
	gitCLI(t, repo, "add", "-A")
	gitCLI(t, repo, "commit", "-q", "-m", "initial")
	writeFile(t, filepath.Join(repo, "Localizable.xcstrings"), lintCatalog("Öffnen!"))
	cfg := filepath.Join(dir, "projects.yaml")
	writeFile(t, cfg, `projects:
  - name: Demo
    slug: demo
    components:
      - name: App
        slug: app
        repo: app
        filemask: Localizable.xcstrings
        file_format: xcstrings
`)
	data := filepath.Join(dir, "data")
	code, rows := lintJSON(t, "--config", cfg, "--data", data)
	if code != 0 || len(rows) != 2 {
		t.Fatalf("lint: exit %d, %+v", code, rows)
	}
	code, rows = lintJSON(t, "--config", cfg, "--data", data, "--since", "HEAD")
	if code != 0 || len(rows) != 1 || rows[0].Key != "open" || rows[0].Check != "end_exclamation" || rows[0].Language != "de" {
		t.Errorf("--since HEAD: exit %d, %+v; want German's open only", code, rows)
	}
}
