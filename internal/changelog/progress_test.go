package changelog_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/history"
)

// statsOf is what progress counts of a translation's statistics (failing checks
// are left out).
func statsOf(s *snapshot.Stats) progress.Stats {
	return progress.Stats{Total: s.Total, Translated: s.Translated, Fuzzy: s.Fuzzy, Approved: s.Approved, Readonly: s.Readonly,
		TotalWords: s.TotalWords, TranslatedWords: s.TranslatedWords, FuzzyWords: s.FuzzyWords,
		TotalChars: s.TotalChars, TranslatedChars: s.TranslatedChars, FuzzyChars: s.FuzzyChars}
}

func lastOf(s progress.Series) progress.Stats {
	if len(s) == 0 {
		return progress.Stats{Total: -1}
	}
	return s[len(s)-1].Stats
}

// checkHead: the last point of every translation, component, project and
// language is the statistics the scan counted at the head.
func checkHead(t *testing.T, src progress.Source, snap *snapshot.Snapshot) {
	t.Helper()
	all := progress.Window{}
	for _, p := range snap.Projects {
		if got, want := lastOf(src.Project(p.Config.Slug, all)), statsOf(&p.Stats); got != want {
			t.Errorf("project %s: %+v, want %+v", p.Config.Slug, got, want)
		}
		for _, c := range p.Components {
			if got, want := lastOf(src.Component(p.Config.Slug, c.Config.Slug, all)), statsOf(&c.Stats); got != want {
				t.Errorf("component %s/%s: %+v, want %+v", p.Config.Slug, c.Config.Slug, got, want)
			}
			for _, tr := range c.Translations {
				if got, want := lastOf(src.Translation(p.Config.Slug, c.Config.Slug, tr.Language.Code, all)), statsOf(&tr.Stats); got != want {
					t.Errorf("translation %s/%s/%s: %+v, want %+v", p.Config.Slug, c.Config.Slug, tr.Language.Code, got, want)
				}
			}
		}
	}
	for _, le := range snap.Languages {
		if got, want := lastOf(src.Language(le.Language.Code, all)), statsOf(&le.Stats); got != want {
			t.Errorf("language %s: %+v, want %+v", le.Language.Code, got, want)
		}
	}
}

// TestProgressSamplesByHand: Blitz Clock's Android component, commit by commit,
// counted by hand from internal/samples/history/blitzclock (the units' words and
// characters are expected.go's): 01 the template's 9 strings (app_name read-only;
// 18 words, 100 characters) and Spanish, all translated; 02 Japanese, without
// increment_label (8 of 9, 15 words, 82 characters: its minutes has the one form
// Japanese has); 03 Italian, complete; 04 three strings more in the template (12,
// 29 words, 161 characters), which every translation counts; 05 Spanish
// translates two of them; 06 Italian removed; 07 Czech (10 of 12).
func TestProgressSamplesByHand(t *testing.T) {
	t.Parallel()
	s := livetest.Samples(t)
	src := s.Log.Progress()
	type row struct {
		date                                              string
		total, translated, words, trWords, chars, trChars int
	}
	rowsOf := func(series progress.Series) []row {
		var out []row
		for _, p := range series {
			st := p.Stats
			out = append(out, row{p.Time.Format(time.RFC3339), st.Total, st.Translated, st.TotalWords, st.TranslatedWords, st.TotalChars, st.TranslatedChars})
		}
		return out
	}
	want := []row{
		{"2026-01-06T00:30:00Z", 18, 18, 36, 36, 200, 200},                                         // en 9/9, es 9/9
		{"2026-01-14T13:05:00Z", 27, 26, 54, 51, 300, 282},                                         // ja 9/8
		{"2026-01-30T14:45:00Z", 36, 35, 72, 69, 400, 382},                                         // it 9/9
		{"2026-02-12T15:20:00Z", 48, 38, 4 * 29, 29 + 18 + 15 + 18, 4 * 161, 161 + 100 + 82 + 100}, // template: 12 each
		{"2026-02-20T10:11:00Z", 48, 40, 116, 89, 644, 491},                                        // es 11 of 12: +9 words, +48 chars
		{"2026-03-03T23:00:00Z", 36, 31, 87, 71, 483, 391},                                         // it gone
		{"2026-03-10T19:40:00Z", 48, 41, 116, 95, 644, 521},                                        // cs 10 of 12: 24 words, 130 chars
	}
	if got := rowsOf(src.Component("blitzclock", "android", progress.Window{})); !reflect.DeepEqual(got, want) {
		t.Errorf("blitzclock/android:\n got %v\nwant %v", got, want)
	}
	ja := []row{
		{"2026-01-14T13:05:00Z", 9, 8, 18, 15, 100, 82},
		{"2026-02-12T15:20:00Z", 12, 8, 29, 15, 161, 82},
	}
	if got := rowsOf(src.Translation("blitzclock", "android", "ja", progress.Window{})); !reflect.DeepEqual(got, ja) {
		t.Errorf("blitzclock/android/ja:\n got %v\nwant %v", got, ja)
	}
	it := rowsOf(src.Translation("blitzclock", "android", "it", progress.Window{}))
	if len(it) != 3 || it[2] != (row{date: "2026-03-03T23:00:00Z"}) {
		t.Errorf("blitzclock/android/it ends removed: %v", it)
	}
	// Each month's value at its end: January ends with Italian, February with
	// Spanish's update, March with Czech.
	months := src.Component("blitzclock", "android", progress.Window{Interval: progress.Month})
	if got := rowsOf(months); len(got) != 3 || got[0].translated != 35 || got[1].translated != 40 || got[2].translated != 41 || got[1].date != "2026-02-01T00:00:00Z" {
		t.Errorf("by month: %v", got)
	}
	if src.Component("blitzclock", "nothing", progress.Window{}) != nil {
		t.Error("an unknown component has a series")
	}
	snap := s.Live.Snapshot()
	checkHead(t, src, snap)
}

// TestProgressRestart: a restart on the same store reads the progress the walks
// stored, without walking again (a build without the history has it all).
func TestProgressRestart(t *testing.T) {
	t.Parallel()
	cfg, data := testutil.Samples(t)
	path := filepath.Join(data, "ids.db")
	st, err := boltstore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s := livetest.New(t, cfg, data, livetest.Options{Store: st})
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	before := s.Log.Progress().Project("tinynotes", progress.Window{})
	if len(before) < 10 {
		t.Fatalf("tinynotes has %d points", len(before))
	}
	st.Close()
	if st, err = boltstore.Open(path); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s = livetest.New(t, cfg, data, livetest.Options{Store: st})
	if _, err := s.Live.Build(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	if after := s.Log.Progress().Project("tinynotes", progress.Window{}); !reflect.DeepEqual(after, before) {
		t.Errorf("after a restart:\n got %v\nwant %v", after, before)
	}
	checkHead(t, s.Log.Progress(), snap)
}

// TestProgressFdroidMatchesScans: the progress of F-Droid's history at commits
// spread over it equals what a scan of a checkout of each of those commits counts.
func TestProgressFdroidMatchesScans(t *testing.T) {
	dir, snap := fdroid(t)
	src := fdroidSetup.Log.Progress()
	checkHead(t, src, snap)
	comp := src.Component("fdroid", "client", progress.Window{})
	if len(comp) < 20 {
		t.Fatalf("%d points", len(comp))
	}
	pos := map[string]int{}
	for i, p := range comp {
		pos[p.Commit] = i
	}
	// The value of a translation as of the component's point at: its last point
	// at or before it.
	asOf := func(code string, at int) (progress.Stats, bool) {
		var out progress.Stats
		found := false
		for _, p := range src.Translation("fdroid", "client", code, progress.Window{}) {
			if i, ok := pos[p.Commit]; ok && i <= at {
				out, found = p.Stats, true
			}
		}
		return out, found
	}
	const samples = 10
	for k := range samples {
		at := k * (len(comp) - 1) / (samples - 1)
		commit := comp[at].Commit
		t.Run(fmt.Sprintf("%d-%.8s", at, commit), func(t *testing.T) {
			checkout := filepath.Join(t.TempDir(), "tree")
			if err := os.MkdirAll(checkout, 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("sh", "-c", "git archive "+commit+" "+fdroidRes+" | tar -x -C "+checkout)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git archive: %v %s", err, out)
			}
			cfg, err := config.Parse([]byte(`projects:
  - name: F-Droid
    slug: fdroid
    components:
      - name: Client
        slug: client
        repo: `+checkout+`
        filemask: `+fdroidRes+`/values-*/strings.xml
        template: `+fdroidRes+`/values/strings.xml
        file_format: aresource
`), "")
			if err != nil {
				t.Fatal(err)
			}
			res, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Engine.Scan(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			c := res.Snapshot.Projects[0].Components[0]
			if len(c.Translations) < 2 {
				t.Fatalf("the scan of %s found %d translations", commit, len(c.Translations))
			}
			var want progress.Stats // the sum of the scan's translations (a scan's result has no sums)
			for _, tr := range c.Translations {
				got, ok := asOf(tr.Language.Code, at)
				st := statsOf(&tr.Stats)
				if !ok || got != st {
					t.Errorf("%s at %s: %+v (%v), the scan: %+v", tr.Language.Code, commit, got, ok, st)
				}
				want.Add(&st)
			}
			// The component's point is the sum of its translations then: none
			// that the scan does not see counts.
			if comp[at].Stats != want {
				t.Errorf("component at %s: %+v, the scan: %+v", commit, comp[at].Stats, want)
			}
		})
	}
}

// TestProgressIncremental: a history walked in three steps, the head moving
// forward between them on one store, records what one walk of the whole history
// records.
func TestProgressIncremental(t *testing.T) {
	_, full := fdroid(t)
	want := fdroidSetup.Log.Progress().Component("fdroid", "client", progress.Window{})
	dir := history.Clone(t, "", true)
	head := strings.TrimSpace(gitOut(t, dir, "rev-parse", "HEAD"))
	commits := firstParentLog(t, dir, fdroidRes)
	cfg, err := config.Parse([]byte(`projects:
  - name: F-Droid
    slug: fdroid
    components:
      - name: Client
        slug: client
        repo: `+dir+`
        filemask: `+fdroidRes+`/values-*/strings.xml
        template: `+fdroidRes+`/values/strings.xml
        file_format: aresource
        history: all
`), "")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "data.db")
	var snap *snapshot.Snapshot
	var got progress.Series
	stored := 0
	for step, to := range []string{commits[len(commits)/3].hash, commits[2*len(commits)/3].hash, head} {
		gitOut(t, dir, "update-ref", "HEAD", to)
		bolt, err := boltstore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		st := &countingStore{Store: bolt}
		s := livetest.New(t, cfg, filepath.Dir(path), livetest.Options{Store: st})
		if snap, err = s.Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		got = s.Log.Progress().Component("fdroid", "client", progress.Window{})
		// Each step after the first stores the records of its commits only.
		if step > 0 && (st.resets > 0 || st.records == 0 || stored+st.records != len(got)) {
			t.Errorf("step %d: %d scopes reset, %d records stored after %d; %d points", step, st.resets, st.records, stored, len(got))
		}
		stored += st.records
		bolt.Close()
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("walked in steps: %d points, walked at once: %d", len(got), len(want))
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("first difference at %d: %+v, want %+v", i, got[i], want[i])
			}
		}
	}
	checkHead(t, fdroidSetup.Log.Progress(), full)
	if len(snap.Projects) != 1 {
		t.Fatal("no snapshot")
	}
}

// countingStore counts the progress a store is given.
type countingStore struct {
	store.Store
	records, resets int
}

func (c *countingStore) Commit(ctx context.Context, cm *store.Commit) ([]int, error) {
	ids, err := c.Store.Commit(ctx, cm)
	if err == nil {
		c.records += len(cm.Progress)
		c.resets += len(cm.ResetProgress)
	}
	return ids, err
}
