package api

import (
	"context"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestViewsReuseUnchanged: the views of a snapshot made after one file changed
// take the documents of every other component and translation from the views
// before (the same documents, not equal copies), and render again those of the
// edited translation and the sums that include it. That they answer the same as
// views rendered from nothing is the live package's TestIncrementalMatchesFullBuild.
func TestViewsReuseUnchanged(t *testing.T) {
	testutil.NeedGit(t)
	t.Parallel()
	strs := `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="a">A</string>
    <string name="b">B</string>
</resources>
`
	repo := testutil.NewRepo(t, map[string]string{
		"m1/res/values/strings.xml":    strs,
		"m1/res/values-de/strings.xml": strs,
		"m1/res/values-fr/strings.xml": strs,
		"m2/res/values/strings.xml":    strs,
		"m2/res/values-de/strings.xml": strs,
	})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Modules
    slug: modules
    components:
      - {name: M1, slug: m1, repo: `+repo+`, filemask: "m1/res/values-*/strings.xml", template: "m1/res/values/strings.xml", file_format: aresource}
      - {name: M2, slug: m2, repo: `+repo+`, filemask: "m2/res/values-*/strings.xml", template: "m2/res/values/strings.xml", file_format: aresource}
`)
	s := livetest.Built(t, cfg, t.TempDir(), livetest.Options{})
	snap1 := s.Live.Snapshot()
	v1 := buildViews(snap1, nil, nil, nil)
	testutil.WriteFiles(t, repo, map[string]string{"m1/res/values-de/strings.xml": `<resources><string name="a">A</string></resources>`})
	if err := s.Live.RebuildChanged(context.Background(), []string{"modules/m1"}); err != nil {
		t.Fatal(err)
	}
	snap2 := s.Live.Snapshot()
	if snap2 == snap1 {
		t.Fatal("the edit made no new snapshot")
	}
	v2 := buildViews(snap2, nil, nil, v1)

	p1, p2 := snap1.Project("modules"), snap2.Project("modules")
	tv := func(v *views, c, code string) *translationViews {
		return v.translations[v.snap.Project("modules").Component(c).Translation(code)]
	}
	cases := []struct {
		name   string
		a, b   *doc
		reused bool
	}{
		{"project", v1.projects[p1].detail, v2.projects[p2].detail, true},
		{"project statistics", v1.projects[p1].stats, v2.projects[p2].stats, false},
		{"m1", v1.components[p1.Component("m1")].detail, v2.components[p2.Component("m1")].detail, true},
		{"m2 item", v1.components[p1.Component("m2")].item, v2.components[p2.Component("m2")].item, true},
		{"m1 de", tv(v1, "m1", "de").detail, tv(v2, "m1", "de").detail, false},
		{"m1 de statistics", tv(v1, "m1", "de").stats, tv(v2, "m1", "de").stats, false},
		{"m1 fr", tv(v1, "m1", "fr").detail, tv(v2, "m1", "fr").detail, true},
		{"m1 fr statistics", tv(v1, "m1", "fr").stats, tv(v2, "m1", "fr").stats, true},
		{"m2 de", tv(v1, "m2", "de").item, tv(v2, "m2", "de").item, true},
		{"m2 source statistics", tv(v1, "m2", "en").stats, tv(v2, "m2", "en").stats, true},
	}
	for _, c := range cases {
		if (c.a == c.b) != c.reused {
			t.Errorf("%s: reused %v, want %v", c.name, c.a == c.b, c.reused)
		}
	}
}
