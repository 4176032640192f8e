package scan_test

import (
	"context"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

// TestNoMatchDidYouMean: a filemask that matches nothing names, in its NoMatch
// alert, the filemask discovery proposes for the files near it, when one is close.
func TestNoMatchDidYouMean(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"app/src/main/res/values/strings.xml":    testutil.Template,
		"app/src/main/res/values-cs/strings.xml": testutil.Czech,
		"po/de.po":                               "msgid \"a\"\nmsgstr \"b\"\n",
	})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Typo
        slug: typo
        repo: `+repo+`
        filemask: app/src/main/res/value-*/strings.xml
        template: app/src/main/res/values/strings.xml
        file_format: aresource
      - name: Elsewhere
        slug: elsewhere
        repo: `+repo+`
        filemask: locale/*/LC_MESSAGES/app.po
        file_format: po
`)
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"typo":      `filemask "app/src/main/res/value-*/strings.xml" matches no file; did you mean "app/src/main/res/values-*/strings.xml"?`,
		"elsewhere": `filemask "locale/*/LC_MESSAGES/app.po" matches no file`, // po/*.po is too far from it
	}
	for _, a := range snap.Alerts {
		if a.Kind != weblate.AlertNoMatch {
			t.Errorf("%s: %s %s", a.Component.Config.Slug, a.Kind, a.Message)
			continue
		}
		if w := want[a.Component.Config.Slug]; a.Message != w {
			t.Errorf("%s: %q, want %q", a.Component.Config.Slug, a.Message, w)
		}
		delete(want, a.Component.Config.Slug)
	}
	if len(want) > 0 {
		t.Errorf("no alert for %v", want)
	}
}
