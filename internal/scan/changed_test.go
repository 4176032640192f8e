package scan_test

import (
	"context"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestScanChanged: a scan told which components changed reads those again and
// shows the others as their last read found them — unless their repository's
// head moved (a commit), which any scan sees; a whole scan sees everything.
func TestScanChanged(t *testing.T) {
	testutil.NeedGit(t)
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    testutil.Template,
		"res/values-cs/strings.xml": testutil.Czech,
	})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	ctx := context.Background()
	key := scan.ComponentKey(cfg.Projects[0], cfg.Projects[0].Components[0])
	translated := func(res *scan.Result) int {
		t.Helper()
		for _, tr := range res.Snapshot.Projects[0].Components[0].Translations {
			if tr.LanguageCode == "cs" {
				return tr.Stats.Translated
			}
		}
		t.Fatal("no Czech translation")
		return 0
	}
	res, err := s.Engine.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	before := translated(res)
	// The Czech file loses its translations, in the working tree only.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": "<resources/>\n"})
	cases := []struct {
		name    string
		changed map[string]bool
		shown   bool // the edit shows
	}{
		{"another component named", map[string]bool{"demo/other": true}, false},
		{"none named", nil, false},
		{"the component named", map[string]bool{key: true}, true},
	}
	edited := -1
	for _, c := range cases {
		res, err := s.Engine.ScanChanged(ctx, c.changed)
		if err != nil {
			t.Fatal(err)
		}
		got := translated(res)
		if c.shown {
			edited = got
		}
		if (got != before) != c.shown {
			t.Errorf("%s: translated %d (before the edit %d): the edit shown %v, want %v", c.name, got, before, got != before, c.shown)
		}
	}
	// Put back and committed with a change: the head moves, so even a scan naming
	// nothing reads the component again.
	testutil.Commit(t, repo, "", "Czech", map[string]string{"res/values-cs/strings.xml": testutil.Czech})
	if res, err = s.Engine.ScanChanged(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if got := translated(res); got != before {
		t.Errorf("after a commit, a scan naming nothing shows translated %d, want %d", got, before)
	}
	// An edit again, seen by a whole scan without being named.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": "<resources/>\n"})
	if res, err = s.Engine.Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if got := translated(res); got != edited {
		t.Errorf("a whole scan shows translated %d, want %d", got, edited)
	}
}
