package samples

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"github.com/gitlate/gitlate/internal/samples/expected"
	"github.com/gitlate/gitlate/internal/testutil/corpora"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

func TestHandTableSums(t *testing.T) {
	components := map[string]expected.Counts{}
	projects := map[string]expected.Counts{}
	for _, row := range expected.Translations {
		c := components[row.Project+"/"+row.Component]
		c.Add(row.Counts)
		components[row.Project+"/"+row.Component] = c
		p := projects[row.Project]
		p.Add(row.Counts)
		projects[row.Project] = p
	}
	if !reflect.DeepEqual(components, expected.Components) {
		t.Errorf("component sums of the rows:\n%+v\nhand totals:\n%+v", components, expected.Components)
	}
	if !reflect.DeepEqual(projects, expected.Projects) {
		t.Errorf("project sums of the rows:\n%+v\nhand totals:\n%+v", projects, expected.Projects)
	}
}

// TestStatisticsAgreeWithTranslateToolkit checks the hand table's Android and
// TBX rows against an independent implementation: translate-toolkit, through
// ttk_stats.py (internal/testutil/corpora's copy, or $GITLATE_TEST_SHARED's), on
// a checkout of each materialized repository.
func TestStatisticsAgreeWithTranslateToolkit(t *testing.T) {
	t.Parallel()
	script := corpora.TTKStats()
	if _, err := os.Stat(script); err != nil {
		t.Skipf("skipped: %s is missing", script)
	}
	compareWithTTK(t, func(format string) bool { return format == "aresource" || format == "tbx" },
		func(work, filemask, template, format string) []string {
			args := []string{script, work, "--filemask", filemask, "--quiet"}
			if template != "" {
				args = append(args, "--template", template)
			}
			return args
		})
}

// TestJSONStatisticsAgreeWithTranslateToolkit checks the hand table's JSON
// rows against translate-toolkit's JSON stores with Weblate's rules
// (testdata/ttk_json_stats.py).
func TestJSONStatisticsAgreeWithTranslateToolkit(t *testing.T) {
	t.Parallel()
	script, err := filepath.Abs(filepath.Join("testdata", "ttk_json_stats.py"))
	if err != nil {
		t.Fatal(err)
	}
	compareWithTTK(t, func(format string) bool { return format != "aresource" && format != "tbx" },
		func(work, filemask, template, format string) []string {
			return []string{script, work, "--filemask", filemask, "--template", template, "--format", format}
		})
}

// compareWithTTK runs a translate-toolkit script (args gives its command line)
// on a checkout of every component whose format is picked, and compares its rows
// with the hand table's rows of those components, in order.
func compareWithTTK(t *testing.T, picked func(format string) bool, args func(work, filemask, template, format string) []string) {
	outside.Short(t, "translate-toolkit")
	if err := exec.Command("/usr/bin/python3", "-c", "import translate.storage.aresource, translate.storage.tbx, translate.storage.jsonl10n").Run(); err != nil {
		t.Skipf("skipped: /usr/bin/python3 with translate-toolkit is missing (apt-get install python3-translate): %v", err)
	}
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("skipped: the git command is missing (needed to check out the repositories)")
	}

	dataDir, configPath := materializedOnce(t)
	checkouts := map[string]string{} // repository dir -> work tree
	type job struct {
		project string
		comp    string
		cmd     *exec.Cmd
		rows    []corpora.TTKRow
		err     error
	}
	var jobs []*job
	var want []expected.Translation
	for _, p := range readConfig(t, configPath).Projects {
		for _, comp := range p.Components {
			if !picked(comp.FileFormat) {
				continue
			}
			for _, row := range expected.Translations {
				if row.Project == p.Slug && row.Component == comp.Slug {
					want = append(want, row)
				}
			}
			repo := repoDir(dataDir, configPath, p.Slug, comp.Slug, comp.Repo)
			work, ok := checkouts[repo]
			if !ok {
				work = filepath.Join(t.TempDir(), "work")
				cmd := exec.Command(gitBin, "clone", "-q", repo, work)
				cmd.Env = outside.GitEnv()
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("git clone %s: %v\n%s", repo, err, out)
				}
				checkouts[repo] = work
			}
			cmd := exec.Command("/usr/bin/python3", args(work, comp.Filemask, comp.Template, comp.FileFormat)...)
			cmd.Stderr = os.Stderr
			jobs = append(jobs, &job{project: p.Slug, comp: comp.Slug, cmd: cmd})
		}
	}
	// The scripts run two at a time (each pays translate-toolkit's start-up).
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out, err := j.cmd.Output()
			if err == nil {
				err = json.Unmarshal(out, &j.rows)
			}
			j.err = err
		}()
	}
	wg.Wait()
	var got []expected.Translation
	for _, j := range jobs {
		if j.err != nil {
			t.Fatalf("%s on %s/%s: %v", filepath.Base(j.cmd.Args[1]), j.project, j.comp, j.err)
		}
		for _, r := range j.rows {
			got = append(got, expected.Translation{
				Project: j.project, Component: j.comp, Code: r.Raw, Language: r.Code, Filename: r.Filename,
				Counts: expected.Counts{Total: r.Total, Translated: r.Translated, Readonly: r.Readonly, TotalWords: r.TotalWords, TranslatedWords: r.TranslatedWords, TotalChars: r.TotalChars, TranslatedChars: r.TranslatedChars},
			})
		}
	}
	if len(want) == 0 {
		t.Fatal("no component of these formats in the samples")
	}
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w expected.Translation
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("translation %d:\n translate-toolkit %+v\n hand table        %+v", i, g, w)
		}
	}
}

// codeFromPath maps the few file codes of the samples that are not canonical
// (Weblate's aliases of language codes): enough for this check, the real table lives in lang.
var codeFromPath = map[string]string{"iw": "he", "pt-rBR": "pt_BR", "b+zh+Hans": "zh_Hans"}

func canonical(code string) string {
	if c, ok := codeFromPath[code]; ok {
		return c
	}
	return code
}

// maskRegexp turns a filemask into a regexp whose group is the language code.
func maskRegexp(mask string) *regexp.Regexp {
	parts := strings.Split(mask, "*")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, "([^/]*)") + "$")
}

// templateUnits maps the name of each <string> and <plurals> of an Android file
// to its raw content, which is enough to see keys appear and source text change.
func templateUnits(t *testing.T, data []byte) map[string]string {
	t.Helper()
	var res struct {
		Items []struct {
			XMLName xml.Name
			Name    string `xml:"name,attr"`
			Inner   string `xml:",innerxml"`
		} `xml:",any"`
	}
	if err := xml.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	units := map[string]string{}
	for _, item := range res.Items {
		if item.XMLName.Local == "string" || item.XMLName.Local == "plurals" {
			units[item.Name] = item.Inner
		}
	}
	return units
}

// TestStructuralEvents derives the structural change events (project, component
// and language created) from the
// materialized history and compares them with the hand-written expected.History.
func TestStructuralEvents(t *testing.T) {
	t.Parallel()
	dataDir, configPath := materializedOnce(t)
	type component struct {
		project, slug, mask, template string
		created                       bool
	}
	byRepo := map[string][]*component{} // history name -> components in config order
	repoOf := map[string]string{}       // repository dir -> history name
	for _, r := range repositories {
		repoOf[filepath.Join(dataDir, filepath.FromSlash(r.dir))] = r.history
	}
	for _, p := range readConfig(t, configPath).Projects {
		for _, comp := range p.Components {
			name := repoOf[repoDir(dataDir, configPath, p.Slug, comp.Slug, comp.Repo)]
			if name == "" {
				t.Fatalf("%s/%s: repository is not a sample repository", p.Slug, comp.Slug)
			}
			byRepo[name] = append(byRepo[name], &component{project: p.Slug, slug: comp.Slug, mask: comp.Filemask, template: comp.Template})
		}
	}

	type creation struct {
		repo  string
		when  int64
		index int // position of the 51 event in that repository's list
	}
	firstCreation := map[string]creation{} // project -> earliest component creation
	gotEvents := map[string][]expected.Event{}
	gotInitial := map[string]map[string][]string{}

	for _, r := range repositories {
		repo, err := git.PlainOpen(filepath.Join(dataDir, filepath.FromSlash(r.dir)))
		if err != nil {
			t.Fatal(err)
		}
		commits := firstParentChain(t, repo)
		gotInitial[r.history] = map[string][]string{}
		prev := map[string]plumbing.Hash{}
		for _, c := range commits {
			cur := treeFiles(t, c)
			subject := strings.SplitN(c.Message, "\n", 2)[0]
			for _, comp := range byRepo[r.history] {
				re := maskRegexp(comp.mask)
				langs := func(files map[string]plumbing.Hash) map[string]bool {
					out := map[string]bool{}
					for p := range files {
						if m := re.FindStringSubmatch(p); m != nil && p != comp.template {
							out[canonical(m[1])] = true
						}
					}
					return out
				}
				before, after := langs(prev), langs(cur)
				_, hadTemplate := prev[comp.template]
				_, hasTemplate := cur[comp.template]
				if !comp.created {
					if len(after) == 0 && !(comp.template != "" && hasTemplate) {
						continue
					}
					comp.created = true
					gotEvents[r.history] = append(gotEvents[r.history],
						expected.Event{Commit: subject, Action: expected.ActionCreatedComponent, Component: comp.slug})
					if fc, ok := firstCreation[comp.project]; !ok || c.Committer.When.Unix() < fc.when {
						firstCreation[comp.project] = creation{r.history, c.Committer.When.Unix(), len(gotEvents[r.history]) - 1}
					}
					initial := []string{"en"}
					for l := range after {
						initial = append(initial, l)
					}
					sort.Strings(initial)
					gotInitial[r.history][comp.slug] = initial
					continue
				}
				var events []expected.Event
				for _, l := range sortedKeys(after) {
					if !before[l] {
						events = append(events, expected.Event{Commit: subject, Action: expected.ActionAddedLanguage, Component: comp.slug, Language: l})
					}
				}
				for _, l := range sortedKeys(before) {
					if !after[l] {
						events = append(events, expected.Event{Commit: subject, Action: expected.ActionRemovedLanguage, Component: comp.slug, Language: l})
					}
				}
				if hadTemplate && hasTemplate && prev[comp.template] != cur[comp.template] {
					old := templateUnits(t, blob(t, repo, prev[comp.template]))
					now := templateUnits(t, blob(t, repo, cur[comp.template]))
					gained := false
					for k := range now {
						if _, ok := old[k]; !ok {
							gained = true
						}
					}
					if gained {
						for _, l := range sortedKeys(before) {
							if after[l] {
								events = append(events, expected.Event{Commit: subject, Action: expected.ActionNewStrings, Component: comp.slug, Language: l})
							}
						}
					}
					for _, k := range sortedKeys(now) {
						if o, ok := old[k]; ok && o != now[k] {
							events = append(events, expected.Event{Commit: subject, Action: expected.ActionSourceChanged, Component: comp.slug, Unit: k})
						}
					}
				}
				gotEvents[r.history] = append(gotEvents[r.history], events...)
			}
			prev = cur
		}
	}
	for _, fc := range firstCreation {
		events := gotEvents[fc.repo]
		created := events[fc.index]
		events = append(events[:fc.index], append([]expected.Event{{Commit: created.Commit, Action: expected.ActionCreatedProject}}, events[fc.index:]...)...)
		gotEvents[fc.repo] = events
	}

	for name, want := range expected.History {
		if !reflect.DeepEqual(gotEvents[name], want.Events) {
			t.Errorf("%s: events from history:\n%s\nhand-written:\n%s", name, formatEvents(gotEvents[name]), formatEvents(want.Events))
		}
		if !reflect.DeepEqual(gotInitial[name], want.Initial) {
			t.Errorf("%s: languages at creation %v, hand-written %v", name, gotInitial[name], want.Initial)
		}
	}
	if len(expected.History) != len(repositories) {
		t.Errorf("expected.History covers %d repositories, there are %d", len(expected.History), len(repositories))
	}
}

func firstParentChain(t *testing.T, repo *git.Repository) []*object.Commit {
	t.Helper()
	ref, err := repo.Reference(plumbing.Main, true)
	if err != nil {
		t.Fatal(err)
	}
	var chain []*object.Commit
	for h := ref.Hash(); !h.IsZero(); {
		c, err := repo.CommitObject(h)
		if err != nil {
			t.Fatal(err)
		}
		chain = append(chain, c)
		h = plumbing.ZeroHash
		if len(c.ParentHashes) > 0 {
			h = c.ParentHashes[0]
		}
	}
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	return chain
}

func treeFiles(t *testing.T, c *object.Commit) map[string]plumbing.Hash {
	t.Helper()
	tree, err := c.Tree()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]plumbing.Hash{}
	err = tree.Files().ForEach(func(f *object.File) error {
		out[f.Name] = f.Hash
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func blob(t *testing.T, repo *git.Repository, h plumbing.Hash) []byte {
	t.Helper()
	b, err := repo.BlobObject(h)
	if err != nil {
		t.Fatal(err)
	}
	r, err := b.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func formatEvents(events []expected.Event) string {
	var b strings.Builder
	for _, e := range events {
		fmt.Fprintf(&b, "  %-60q %d %s %s%s\n", e.Commit, e.Action, e.Component, e.Language, e.Unit)
	}
	return b.String()
}
