package live_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gitlate/gitlate/bench/synth"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/live/livetest"
)

// TestIncrementalOneFileOfHundred: when one file of a component
// with a hundred languages changes, the next scan parses that one file and nothing
// else. Both ways a file changes: a commit to a bare
// repository, an edit in a checkout's working tree.
func TestIncrementalOneFileOfHundred(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	const langs, units = 100, 40
	codes, err := synth.LanguageCodes(langs)
	if err != nil {
		t.Fatal(err)
	}
	for _, checkout := range []bool{false, true} {
		name := map[bool]string{false: "bare", true: "checkout"}[checkout]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			res, err := synth.Generate(context.Background(), synth.Spec{Dir: dir, Components: 1, Languages: langs, Units: units, Checkout: checkout})
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := config.Load(res.Config)
			if err != nil {
				t.Fatal(err)
			}
			s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
			snap, err := s.Live.Build(context.Background(), false)
			if err != nil {
				t.Fatal(err)
			}
			if n := s.Engine.FilesParsed(); n != langs+1 {
				t.Fatalf("first scan parsed %d files, want %d (the template and %d languages)", n, langs+1, langs)
			}
			// (/metrics shows the same count as gitlate_files_parsed_total: the
			// metrics package's tests and cmd/gitlate's TestMetricsEndpoint.)
			before := snap.Project(synth.ProjectSlug(0, 10)).Component(synth.ComponentSlug(0)).Translation(codes[7]).Stats

			// Language 7's file changes: more of it is translated.
			f := synth.Translation(0, units, 7, codes[7], 1)
			if checkout {
				if err := os.WriteFile(filepath.Join(res.Repos[0], filepath.FromSlash(f.Path)), f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			} else if err := synth.Commit(context.Background(), res.Repos[0], []synth.File{f}, "translated"); err != nil {
				t.Fatal(err)
			}
			if snap, err = s.Live.Build(context.Background(), false); err != nil {
				t.Fatal(err)
			}
			parsed := s.Engine.FilesParsed() - (langs + 1)
			t.Logf("%s: one of %d files changed; the rescan parsed %d file(s), reused %d results", name, langs+1, parsed, s.Engine.ResultsReused())
			if parsed != 1 {
				t.Errorf("the rescan parsed %d files, want 1", parsed)
			}
			after := snap.Project(synth.ProjectSlug(0, 10)).Component(synth.ComponentSlug(0)).Translation(codes[7]).Stats
			if after == before {
				t.Errorf("the changed file's statistics did not change: %+v", after)
			}
			// A scan with nothing changed parses nothing.
			if _, err := s.Live.Build(context.Background(), false); err != nil {
				t.Fatal(err)
			}
			if n := s.Engine.FilesParsed() - (langs + 2); n != 0 {
				t.Errorf("a rescan of an unchanged tree parsed %d files", n)
			}
		})
	}
}
