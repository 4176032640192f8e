package scan_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

func alertChanges(t *testing.T, s *livetest.Setup, snap *snapshot.Snapshot) []string {
	var out []string
	for _, ch := range s.Changes(t, snap) {
		if ch.Action == weblate.ActionAlert {
			out = append(out, ch.Target)
		}
	}
	return out
}

// TestBrokenFileKeepsLastGood: a file that stops parsing keeps its last good
// statistics and raises 47 New alert once; fixing it clears the alert.
func TestBrokenFileKeepsLastGood(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": testutil.Czech})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	scan := func() *snapshot.Snapshot {
		t.Helper()
		snap, err := s.Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return snap
	}
	good := scan()
	want := good.Project("demo").Component("android").Translation("cs")
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": testutil.Czech[:len(testutil.Czech)/2]})
	for i := 0; i < 3; i++ {
		snap := scan()
		cs := snap.Project("demo").Component("android").Translation("cs")
		if cs == nil || cs.Stats.Total != want.Stats.Total || cs.Stats.Translated != want.Stats.Translated || cs.Blob != want.Blob {
			t.Fatalf("scan %d: broken file not shown as last read: %+v", i, cs)
		}
		if len(snap.Alerts) != 1 || snap.Alerts[0].Kind.String() != "ParseError" {
			t.Fatalf("scan %d: alerts %v", i, snap.Alerts)
		}
		if got := alertChanges(t, s, snap); len(got) != 1 || !strings.Contains(got[0], "values-cs/strings.xml") {
			t.Fatalf("scan %d: 47 changes %q, want exactly one", i, got)
		}
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(testutil.Czech, "Ahoj", "Nazdar", 1)})
	snap := scan()
	if len(snap.Alerts) != 0 {
		t.Errorf("fixed file still alerts: %v", snap.Alerts[0].Message)
	}
	if snap.Project("demo").Component("android").Translation("cs").Blob == want.Blob {
		t.Error("fixed file still shows the old content")
	}
	// Breaking it again is a new alert.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": "<resources>"})
	if got := alertChanges(t, s, scan()); len(got) != 2 {
		t.Errorf("47 changes after a second break: %q", got)
	}
}

// TestVanishedRepositoryKeepsLastGood: a repository that disappears keeps its last
// state, with an alert; when it is back, it is read again.
func TestVanishedRepositoryKeepsLastGood(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": testutil.Czech})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	if _, err := s.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	moved := repo + ".away"
	if err := os.Rename(repo, moved); err != nil {
		t.Fatal(err)
	}
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := snap.Project("demo").Component("android")
	if n, _ := snap.Log.Select(&snapshot.ChangeFilter{Component: c}, 0, 0); n == 0 {
		t.Error("the vanished repository's change log is gone")
	}
	if len(c.Translations) != 2 || c.Repo.Err == nil || len(snap.Alerts) != 1 || snap.Alerts[0].Kind.String() != "RepositoryError" {
		t.Fatalf("vanished repository: %d translations, err %v, alerts %v", len(c.Translations), c.Repo.Err, snap.Alerts)
	}
	if c.Translations[1].Component != c {
		t.Error("restored translations point at the old component")
	}
	if err := os.Rename(moved, repo); err != nil {
		t.Fatal(err)
	}
	snap, err = s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if c := snap.Project("demo").Component("android"); c.Repo.Err != nil || len(snap.Alerts) != 0 {
		t.Errorf("repository back: err %v, alerts %d", c.Repo.Err, len(snap.Alerts))
	}
}

// TestRestartParsesNothing: results persisted by content make a restarted server
// parse no file it has seen, and give the same numbers.
func TestRestartParsesNothing(t *testing.T) {
	cfg, data := testutil.Samples(t)
	path := filepath.Join(data, "ids.db")
	scan := func() (*livetest.Setup, *snapshot.Snapshot) {
		st, err := boltstore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		s := livetest.New(t, cfg, data, livetest.Options{Store: st})
		snap, err := s.Live.Build(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		return s, snap
	}
	s1, snap1 := scan()
	files := 0
	for _, p := range snap1.Projects {
		for _, c := range p.Components {
			for _, tr := range c.Translations {
				if tr.Filename != "" {
					files++
				}
			}
		}
	}
	// Each file once at most: a template parsed ahead (while its tree is listed) is
	// not parsed again.
	if n := s1.Engine.FilesParsed(); n == 0 || n > int64(files) {
		t.Fatalf("the first scan parsed %d files of %d", n, files)
	}
	s2, snap2 := scan()
	if n := s2.Engine.FilesParsed(); n != 0 {
		t.Errorf("restart parsed %d files, want 0", n)
	}
	p1, p2 := snap1.Project("tinynotes"), snap2.Project("tinynotes")
	if p1.Stats.Total != p2.Stats.Total || p1.Stats.TranslatedChars != p2.Stats.TranslatedChars {
		t.Errorf("numbers differ after a restart: %+v vs %+v", p1.Stats, p2.Stats)
	}
}

// TestHistoryFollowsLanguageRegex: a file the statistics skip (language_regex
// filters it out) leaves no trace in the change log either.
func TestHistoryFollowsLanguageRegex(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": testutil.Czech})
	testutil.WriteFiles(t, repo, map[string]string{"res/values-de/strings.xml": testutil.Czech, "res/values-sk/strings.xml": testutil.Czech})
	testutil.Git(t, repo, testutil.FixedDate, "add", "-A")
	testutil.Git(t, repo, testutil.FixedDate, "commit", "-q", "-m", "German and Slovak")
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo)+"        language_regex: ^(cs|sk)$\n")
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ch := range s.Changes(t, snap) {
		if ch.Action == weblate.ActionAddedLanguage || ch.Action == weblate.ActionNew {
			code := "-"
			if ch.Translation != nil {
				code = ch.Translation.Language.Code
			}
			got = append(got, code)
		}
	}
	// sk arrives with its two translated strings; de is filtered out entirely.
	if strings.Join(got, " ") != "sk sk sk" {
		t.Errorf("48/5 changes for %v, want sk only", got)
	}
}

// TestCredentialsStayHidden: a repository URL's password never reaches an alert or
// the change log (which is public and persisted).
func TestCredentialsStayHidden(t *testing.T) {
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Remote
        slug: remote
        repo: https://bob:s3cr3t-token@127.0.0.1:1/demo.git
        filemask: "*.tbx"
        file_format: tbx
`)
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Alerts) == 0 {
		t.Fatal("an unreachable repository raised no alert")
	}
	for _, a := range snap.Alerts {
		if strings.Contains(a.Message, "s3cr3t") {
			t.Errorf("alert shows the password: %s", a.Message)
		}
	}
	for _, ch := range s.Changes(t, snap) {
		if strings.Contains(ch.Target, "s3cr3t") {
			t.Errorf("change %d shows the password: %s", ch.ID, ch.Target)
		}
	}
}

// TestJournalStaysBounded: results of contents no file has any more leave the
// journal, once as many new ones came as are in use; those in use stay, so a
// restart still parses nothing.
func TestJournalStaysBounded(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    testutil.Template,
		"res/values-cs/strings.xml": testutil.Czech,
	})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	j := memstore.New()
	stored := func() int {
		n := 0
		j.PruneResults(context.Background(), func(string) bool { n++; return true })
		return n
	}
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: j})
	if _, err := s.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := stored(); n != 2 {
		t.Fatalf("after the first scan the journal holds %d results, want 2", n)
	}
	// 2 results in use: the journal is pruned when 3 came since the last time (the
	// first scan's 2, then an edit's 1 each), so it never holds more than 4.
	for i, want := range []int{2, 3, 4, 2, 3} {
		testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(testutil.Czech, "Ahoj", fmt.Sprint("Ahoj ", i), 1)})
		if _, err := s.Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := stored(); n != want {
			t.Errorf("after edit %d the journal holds %d results, want %d", i+1, n, want)
		}
	}
	restarted := livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: j})
	if _, err := restarted.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := restarted.Engine.FilesParsed(); n != 0 {
		t.Errorf("a restart after pruning parsed %d files, want 0", n)
	}
}
