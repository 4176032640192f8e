package scan_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestScanReadsCheckoutOnce: the components of one checkout (the modules of an
// Android app) are read through one opening of it per scan, each directory
// listed once, two components with the same filemask included; and what each
// component shows is what a scan of it alone shows. Not parallel: it counts the
// working trees the whole process opens.
func TestScanReadsCheckoutOnce(t *testing.T) {
	const modules = 4
	files := map[string]string{}
	for m := 1; m <= modules; m++ {
		files[fmt.Sprintf("m%d/res/values/strings.xml", m)] = testutil.Template
		files[fmt.Sprintf("m%d/res/values-cs/strings.xml", m)] = testutil.Czech
		files[fmt.Sprintf("m%d/res/values-de/strings.xml", m)] = strings.Replace(testutil.Czech, "Ahoj", "Hallo", 1)
	}
	repo := testutil.NewRepo(t, files)
	component := func(slug string, m int) string {
		return fmt.Sprintf(`      - name: %[1]s
        slug: %[1]s
        repo: %[2]s
        filemask: m%[3]d/res/values-*/strings.xml
        template: m%[3]d/res/values/strings.xml
        file_format: aresource
`, slug, repo, m)
	}
	var all []string
	for m := 1; m <= modules; m++ {
		all = append(all, component(fmt.Sprintf("m%d", m), m))
	}
	all = append(all, component("m1-again", 1)) // the same directory as m1
	config := func(components ...string) string {
		return "projects:\n  - name: Demo\n    slug: demo\n    components:\n" + strings.Join(components, "")
	}
	scan := func(text string) *snapshot.Snapshot {
		t.Helper()
		cfg := testutil.Config(t, t.TempDir(), text)
		snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return snap
	}

	opens0, dirs0 := repos.WorkTreeCounts()
	snap := scan(config(all...))
	opens1, dirs1 := repos.WorkTreeCounts()
	if got := opens1 - opens0; got != 1 {
		t.Errorf("the checkout was opened %d times for %d components, want once", got, len(all))
	}
	// m1…m4: res, values, values-cs, values-de; m1-again lists nothing anew.
	if got, want := dirs1-dirs0, int64(modules*4); got != want {
		t.Errorf("%d directories listed, want %d (each once)", got, want)
	}

	p := snap.Project("demo")
	if p == nil || len(p.Components) != len(all) {
		t.Fatalf("project: %+v", p)
	}
	for i, text := range all {
		c := p.Components[i]
		alone := scan(config(text)).Project("demo").Components[0]
		if got, want := describe(c), describe(alone); got != want {
			t.Errorf("component %s scanned with the others:\n%s\nalone:\n%s", c.Config.Slug, got, want)
		}
		if len(c.Translations) != 3 {
			t.Errorf("component %s has %d translations, want 3 (source, cs, de)", c.Config.Slug, len(c.Translations))
		}
	}
}

// describe is what a component shows: its translations' files and counts, and
// its alerts.
func describe(c *snapshot.Component) string {
	var b strings.Builder
	for _, tr := range c.Translations {
		fmt.Fprintf(&b, "%s %s %+v\n", tr.LanguageCode, tr.Filename, countsOf(&tr.Stats))
	}
	for _, a := range c.Alerts {
		fmt.Fprintf(&b, "alert %s %s %s\n", a.Kind, a.Path, a.Message)
	}
	return b.String()
}
