package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/gitlate/gitlate/internal/testutil"
)

// treesDir holds small project layouts (see each tree's SOURCE).
const treesDir = "../../internal/discover/testdata/trees"

// treeCheckout commits testdata tree name into a new checkout named after it.
func treeCheckout(t *testing.T, name string) string {
	t.Helper()
	return checkoutOf(t, filepath.Join(treesDir, name))
}

// checkoutOf commits the files below root into a new checkout named after it.
func checkoutOf(t *testing.T, root string) string {
	t.Helper()
	name := filepath.Base(root)
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	testutil.Git(t, dir, nil, "init", "-q", "-b", "main")
	testutil.Commit(t, dir, "2026-02-01T10:00:00Z", "initial", files)
	return dir
}

var (
	commentCount = regexp.MustCompile(`(\S+) (\d+)/(\d+)`)
	slugLine     = regexp.MustCompile(`^        slug: (\S+)$`)
)

// commentCounts reads the counts discover's comments give each component:
// slug → "language translated/total" in order.
func commentCounts(t *testing.T, out string) map[string][]string {
	t.Helper()
	got := map[string][]string{}
	var pending []string
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "      #   ") && !strings.Contains(line, ":"):
			for _, m := range commentCount.FindAllStringSubmatch(line, -1) {
				pending = append(pending, m[1]+" "+m[2]+"/"+m[3])
			}
		case slugLine.MatchString(line):
			got[slugLine.FindStringSubmatch(line)[1]] = pending
			pending = nil
		}
	}
	return got
}

// TestDiscoverEndToEnd: on each tree, `gitlate discover` prints a projects.yaml
// that `gitlate check` passes as it is, and whose comments give the numbers
// `gitlate scan` shows; --format json prints the same configuration, which loads
// too.
func TestDiscoverEndToEnd(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	discoverEndToEnd(t, treesDir)
}

// TestDiscoverEndToEndFetched: the same on real projects' trees, read from
// $GITLATE_TEST_FETCHED/discover when the variable is set.
func TestDiscoverEndToEndFetched(t *testing.T) {
	testutil.NeedGit(t)
	root := os.Getenv("GITLATE_TEST_FETCHED")
	if root == "" {
		t.Skip("GITLATE_TEST_FETCHED is not set: no real projects' trees to read")
	}
	discoverEndToEnd(t, filepath.Join(root, "discover"))
}

// discoverEndToEnd runs TestDiscoverEndToEnd's checks on each tree below root
// (golden/, reviewed output, is none).
func discoverEndToEnd(t *testing.T, root string) {
	trees, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, tree := range trees {
		name := tree.Name()
		if !tree.IsDir() || name == "golden" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			repo := checkoutOf(t, filepath.Join(root, name))
			code, out, errs := runCLI("discover", repo)
			if code != 0 {
				t.Fatalf("discover: %d %s", code, errs)
			}
			dir := t.TempDir()
			cfg, data := filepath.Join(dir, "projects.yaml"), filepath.Join(dir, "data")
			writeFile(t, cfg, out)
			want := commentCounts(t, out)
			if code, o, e := runCLI("check", "--config", cfg, "--data", data); code != 0 || !strings.Contains(o, "ok: 1 projects, "+strconv.Itoa(len(want))+" components") {
				t.Fatalf("check: %d\n%s%s\n%s", code, o, e, out)
			}
			code, o, e := runCLI("scan", "--config", cfg, "--data", data, "--format", "json")
			if code != 0 || e != "" {
				t.Fatalf("scan: %d %s", code, e)
			}
			var rows []scanRow
			if err := json.Unmarshal([]byte(o), &rows); err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, r := range rows {
				got[r.Component] = append(got[r.Component], r.Language+" "+strconv.Itoa(r.Translated)+"/"+strconv.Itoa(r.Total))
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("scan shows %v\ndiscover's comments say %v", got, want)
			}

			code, js, errs := runCLI("discover", repo, "--format", "json")
			if code != 0 {
				t.Fatalf("discover --format json: %d %s", code, errs)
			}
			var fromYAML, fromJSON any
			if err := yaml.Unmarshal([]byte(out), &fromYAML); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(js), &fromJSON); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(normalize(fromYAML), normalize(fromJSON)) {
				t.Errorf("JSON and YAML differ:\n%s\n%s", js, out)
			}
			jcfg := filepath.Join(dir, "projects.json")
			writeFile(t, jcfg, js)
			if code, o, e := runCLI("check", "--config", jcfg, "--data", data); code != 0 {
				t.Errorf("check of the JSON form: %d\n%s%s", code, o, e)
			}
		})
	}
}

// normalize turns what YAML and JSON decode into comparable values.
func normalize(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range v {
			out[k] = normalize(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = normalize(e)
		}
		if len(out) == 0 {
			return []any{}
		}
		return out
	}
	return v
}

// TestDiscoverThenServe: the proposal is served without editing: the components
// and their statistics are those discover counted.
func TestDiscoverThenServe(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	repo := treeCheckout(t, "newpipe")
	code, out, errs := runCLI("discover", repo)
	if code != 0 {
		t.Fatalf("discover: %d %s", code, errs)
	}
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, out)
	base := serve(t, false, "--config", cfg)
	resp, err := http.Get(base + "/api/translations/newpipe/app/de/statistics/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var stats struct{ Total, Translated int }
	if err := json.Unmarshal(body, &stats); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	if want := commentCounts(t, out)["app"]; stats.Total == 0 || !strings.Contains(strings.Join(want, ","), "de "+strconv.Itoa(stats.Translated)+"/"+strconv.Itoa(stats.Total)) {
		t.Errorf("served de %d/%d, discover said %v", stats.Translated, stats.Total, want)
	}
}

// TestDiscoverArguments: the repository is required and alone; flags may come
// before or after it and from the environment; a bad format or repository fails.
func TestDiscoverArguments(t *testing.T) {
	testutil.NeedGit(t)
	repo := treeCheckout(t, "webextension")
	tests := []struct {
		args []string
		env  string // NAME=value
		code int
		want string // in stdout (exit 0) or stderr
	}{
		{[]string{"discover"}, "", 2, "name the repository"},
		{[]string{"discover", repo, "other"}, "", 2, `unexpected argument "other"`},
		{[]string{"discover", "--format", "xml", repo}, "", 2, "--format must be yaml or json"},
		{[]string{"discover", filepath.Join(repo, "nothing")}, "", 1, "gitlate discover: "},
		{[]string{"discover", filepath.Join(repo, "_locales")}, "", 1, "lies in the checkout"}, // a folder of a repository
		{[]string{"discover", repo}, "", 0, "filemask: _locales/*/messages.json"},
		{[]string{"discover", "--format", "json", repo}, "", 0, `"filemask": "_locales/*/messages.json"`},
		{[]string{"discover", repo, "--format=json"}, "", 0, `"filemask": "_locales/*/messages.json"`},
		{[]string{"discover", repo}, "GITLATE_DISCOVER_FORMAT=json", 0, `"filemask": "_locales/*/messages.json"`},
		// scan's variable is not discover's.
		{[]string{"discover", repo}, "GITLATE_FORMAT=table", 0, "filemask: _locales/*/messages.json"},
		{[]string{"discover", "-h"}, "", 0, "Flags of gitlate discover:"},
	}
	for _, tt := range tests {
		os.Unsetenv("GITLATE_FORMAT")
		os.Unsetenv("GITLATE_DISCOVER_FORMAT")
		if name, value, ok := strings.Cut(tt.env, "="); ok {
			t.Setenv(name, value)
		}
		code, out, errs := runCLI(tt.args...)
		where := out
		if code != 0 || tt.want == "Flags of gitlate discover:" {
			where = errs
		}
		if code != tt.code || !strings.Contains(where, tt.want) {
			t.Errorf("%v (%s): exit %d, want %d with %q\nstdout: %s\nstderr: %s", tt.args, tt.env, code, tt.code, tt.want, out, errs)
		}
	}
	// discover has no --config nor --data: it reads no configuration and keeps nothing.
	if code, _, errs := runCLI("discover", "--data", t.TempDir(), repo); code != 2 || !strings.Contains(errs, "flag provided but not defined: -data") {
		t.Errorf("--data: %d %s", code, errs)
	}
}

// TestDiscoverWarnings: a source translation that is not fully translated is
// warned of on stderr, as in the output's comments.
func TestDiscoverWarnings(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	code, out, errs := runCLI("discover", treeCheckout(t, "webextension"))
	const want = "the source (en, _locales/en/messages.json) has 3 of 4 strings translated"
	if code != 0 || !strings.Contains(errs, "gitlate discover: warning: component ") || !strings.Contains(errs, want) || !strings.Contains(out, "# Warning: "+want) {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	// A complete source is no warning.
	if code, _, errs := runCLI("discover", treeCheckout(t, "newpipe")); code != 0 || strings.Contains(errs, "warning") {
		t.Errorf("newpipe: exit %d, stderr: %s", code, errs)
	}
}

// TestDiscoverLeftOut: files that look like translations and are not proposed
// are named, with the reason, in the YAML's comments, and on stderr for JSON,
// which has no comments.
func TestDiscoverLeftOut(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	repo := treeCheckout(t, "crowdin-android")
	const note = "Not proposed: ui/help/*.xml (ui/help/de.xml, ui/help/fr.xml):"
	if code, out, errs := runCLI("discover", repo); code != 0 || !strings.Contains(out, note) || strings.Contains(errs, "not proposed") {
		t.Errorf("yaml: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	if code, out, errs := runCLI("discover", "--format", "json", repo); code != 0 || !strings.Contains(errs, "gitlate discover: not proposed: ui/help/*.xml (ui/help/de.xml, ui/help/fr.xml): no format reads") ||
		!strings.Contains(out, `"filemask": "translation/dest/site/*.xml"`) {
		t.Errorf("json: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
}

// TestDiscoverPlainFolder: a folder that is no git repository is read as it
// is; the proposal names it, and nothing warns that check or serve would refuse
// it (they read it as discover does).
func TestDiscoverPlainFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "app")
	writeFile(t, filepath.Join(dir, "_locales", "en", "messages.json"), `{"hi": {"message": "Hello"}}`)
	writeFile(t, filepath.Join(dir, "_locales", "de", "messages.json"), `{"hi": {"message": "Hallo"}}`)
	code, out, errs := runCLI("discover", dir)
	if code != 0 || !strings.Contains(out, "        repo: "+dir+"\n") || !strings.Contains(out, "#   en 1/1 (source), de 1/1\n") ||
		strings.Contains(errs, "warning") || strings.Contains(out, "Warning") || strings.Contains(out, "refuse") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
}
