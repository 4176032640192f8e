package layout_test

import (
	"context"
	"testing"

	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestDidYouMeanBare: on a bare repository the suggestion comes from the tree
// of the branch head.
func TestDidYouMeanBare(t *testing.T) {
	cfg, _ := testutil.Samples(t)
	r, err := repos.Open(context.Background(), repos.Spec{Repo: cfg.Projects[1].Components[0].RepoPath})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.Tree()
	if err != nil {
		t.Fatal(err)
	}
	for mask, want := range map[string]string{
		"app/src/main/res/values-*/string.xml": "app/src/main/res/values-*/strings.xml",
		"web/locales/*.json":                   "web/locales/*/translation.json",
		"res/values-*/strings.xml":             "app/src/main/res/values-*/strings.xml", // the whole tree listed
		"docs/*.md":                            "",
	} {
		if got := layout.DidYouMean(r, tree, mask); got != want {
			t.Errorf("DidYouMean(%q) = %q, want %q", mask, got, want)
		}
	}
}
