package scan_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

type counts struct{ total, translated, readonly, words, translatedWords, chars, translatedChars int }

func countsOf(s *snapshot.Stats) counts {
	return counts{s.Total, s.Translated, s.Readonly, s.TotalWords, s.TranslatedWords, s.TotalChars, s.TranslatedChars}
}

// TestScanBadInput: every kind of bad input is reported as an alert and leaves the
// rest answering.
func TestScanBadInput(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":         testutil.Template,
		"res/values-cs/strings.xml":      testutil.Czech,
		"res/values-de/strings.xml":      "<resources><string name=\"hello\">Hallo</string>", // truncated
		"res/values-night/strings.xml":   testutil.Czech,                                     // a qualifier, not a language
		"res/values-fr-land/strings.xml": testutil.Czech,
	})
	secret := filepath.Join(t.TempDir(), "secret.xml")
	testutil.WriteFiles(t, filepath.Dir(secret), map[string]string{"secret.xml": testutil.Czech})
	if err := os.MkdirAll(filepath.Join(repo, "res/values-sk"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(repo, "res/values-sk/strings.xml")); err != nil {
		t.Fatal(err)
	}
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Android
        slug: android
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
      - name: No testutil.Template
        slug: notemplate
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/missing.xml
        file_format: aresource
      - name: No match
        slug: nomatch
        repo: `+repo+`
        filemask: po/*.tbx
        file_format: tbx
      - name: No repository
        slug: norepo
        repo: `+filepath.Join(t.TempDir(), "does-not-exist")+`
        filemask: "*.tbx"
        file_format: tbx
`)
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := snap.Project("demo")
	if p == nil || len(p.Components) != 4 {
		t.Fatalf("project: %+v", p)
	}
	android := p.Component("android")
	var codes []string
	for _, tr := range android.Translations {
		codes = append(codes, tr.Language.Code)
	}
	if strings.Join(codes, " ") != "en cs" {
		t.Errorf("android translations: %v", codes)
	}
	// By hand: 4 units (app_name read-only, hello, empty, files); words 1+2+0+4,
	// chars 4+13+0+(7+2+8).
	en := countsOf(&android.Translation("en").Stats)
	if want := (counts{4, 3, 1, 7, 7, 34, 34}); en != want {
		t.Errorf("en: %+v, want %+v", en, want)
	}
	// cs: app_name and empty read-only (translated), hello and files translated.
	cs := countsOf(&android.Translation("cs").Stats)
	if want := (counts{4, 4, 2, 7, 7, 34, 34}); cs != want {
		t.Errorf("cs: %+v, want %+v", cs, want)
	}
	var got []string
	for _, a := range snap.Alerts {
		got = append(got, a.Component.Config.Slug+" "+a.Kind.String()+" "+a.Path)
	}
	sort.Strings(got)
	want := []string{
		"android NotLanguage res/values-fr-land/strings.xml",
		"android NotLanguage res/values-night/strings.xml",
		"android ParseError res/values-de/strings.xml",
		"android Symlink res/values-sk/strings.xml",
		"nomatch NoMatch ",
		"norepo RepositoryError ",
		"notemplate MissingTemplate res/values/missing.xml",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("alerts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, slug := range []string{"notemplate", "nomatch", "norepo"} {
		c := p.Component(slug)
		if len(c.Translations) > 1 {
			t.Errorf("%s: %d translations", slug, len(c.Translations))
		}
	}
}

// TestRescanReusesUnchangedFiles: a file whose content did not change is not parsed again.
func TestRescanReusesUnchangedFiles(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    testutil.Template,
		"res/values-cs/strings.xml": testutil.Czech,
		"res/values-de/strings.xml": testutil.Czech,
	})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	if _, err := s.Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := s.Engine.FilesParsed(); n != 3 {
		t.Fatalf("first scan parsed %d files, want 3", n)
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values-de/strings.xml": strings.Replace(testutil.Czech, "Ahoj", "Hallo", 1)})
	snap, err := s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := s.Engine.FilesParsed(); n != 4 {
		t.Errorf("after editing one file: %d files parsed in all, want 4", n)
	}
	if id := snap.Project("demo").Component("android").Translation("de").ID; id != 3 {
		t.Errorf("de id %d after rescan, want 3", id)
	}
}

// TestRevision: revision is the git blob id of the translation file, then of the
// testutil.Template (monolingual) or the file again (bilingual), as `git hash-object` gives
// them; a bilingual source translation without a file shows the empty blob twice.
func TestRevision(t *testing.T) {
	tbx := `<?xml version="1.0"?><martif type="TBX"><text><body><termEntry id="t1"><langSet xml:lang="en"><tig><term>note</term></tig></langSet><langSet xml:lang="cs"><tig><term>poznámka</term></tig></langSet></termEntry></body></text></martif>`
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    testutil.Template,
		"res/values-cs/strings.xml": testutil.Czech,
		"glossary/cs.tbx":           tbx,
	})
	hash := func(path string) string {
		out, err := exec.Command("git", "-C", repo, "hash-object", path).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Android
        slug: android
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
      - name: Glossary
        slug: glossary
        repo: `+repo+`
        filemask: glossary/*.tbx
        file_format: tbx
`)
	snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := snap.Project("demo")
	tests := []struct {
		component, lang, want string
	}{
		{"android", "en", hash("res/values/strings.xml") + "," + hash("res/values/strings.xml")},
		{"android", "cs", hash("res/values-cs/strings.xml") + "," + hash("res/values/strings.xml")},
		{"glossary", "cs", hash("glossary/cs.tbx") + "," + hash("glossary/cs.tbx")},
		{"glossary", "en", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"},
	}
	for _, tt := range tests {
		if got := p.Component(tt.component).Translation(tt.lang).Revision(); got != tt.want {
			t.Errorf("%s/%s: revision %s, want %s", tt.component, tt.lang, got, tt.want)
		}
	}
	// An uncommitted edit in the checkout changes the revision with the content.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(testutil.Czech, "Ahoj", "Nazdar", 1)})
	snap, _ = livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
	if got, want := snap.Project("demo").Component("android").Translation("cs").Revision(), hash("res/values-cs/strings.xml")+","+hash("res/values/strings.xml"); got != want {
		t.Errorf("after an edit: %s, want %s", got, want)
	}
}

// TestScanStopsWhenCancelled: once its context is done, a scan reads no further
// file and returns the context's error (a signal stops a scan of thousands of
// files within the files being parsed, not after all of them).
func TestScanStopsWhenCancelled(t *testing.T) {
	const n = 300
	var unit strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&unit, "msgid \"Source string number %d\"\nmsgstr \"Zdrojový řetězec %d\"\n\n", i, i)
	}
	files := map[string]string{}
	for i := range n {
		// Each file its own content: a content read once is not parsed again.
		files[fmt.Sprintf("po/l%03d.po", i)] = fmt.Sprintf("# file %d\n", i) + unit.String()
	}
	repo := testutil.NewRepo(t, files)
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: PO
        slug: po
        repo: `+repo+`
        filemask: po/*.po
        file_format: po
`)
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errc := make(chan error, 1)
	go func() {
		_, err := s.Scan(ctx)
		errc <- err
	}()
	for s.Engine.FilesParsed() == 0 {
		runtime.Gosched()
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled scan returned %v, want context.Canceled", err)
	}
	if got := s.Engine.FilesParsed(); got >= n/2 {
		t.Errorf("%d of %d files parsed after the scan was cancelled at the first", got, n)
	}
}

// TestRescanSourceStats: a rescan reuses the source translation's statistics only
// while what they are counted from stands; a translation edit that changes how many
// checks fail on a string changes the source's multiple_failures count (Weblate's
// weblate/checks/source.py: MultipleFailures fails from two failing checks), as a
// first scan by a new engine counts it.
func TestRescanSourceStats(t *testing.T) {
	t.Parallel()
	// Both translations drop the source's final "!" (end_exclamation fails in each):
	// two failing checks on hello, so its source string fails multiple_failures.
	bad := strings.Replace(testutil.Czech, "Ahoj, světe!", "Ahoj, světe", 1)
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    testutil.Template,
		"res/values-cs/strings.xml": bad,
		"res/values-de/strings.xml": bad,
	})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	source := func(snap *snapshot.Snapshot) snapshot.Stats {
		for _, tr := range snap.Project("demo").Component("android").Translations {
			if tr.IsSource {
				return tr.Stats
			}
		}
		t.Fatal("no source translation")
		return snapshot.Stats{}
	}
	fresh := func() snapshot.Stats {
		snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return source(snap)
	}
	for i, de := range []string{bad, testutil.Czech, testutil.Czech, bad} {
		testutil.WriteFiles(t, repo, map[string]string{"res/values-de/strings.xml": de})
		snap, err := s.Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got, want := source(snap), fresh()
		if got != want {
			t.Errorf("scan %d: source statistics %+v, a new engine counts %+v", i+1, got, want)
		}
		if wantFailing := map[bool]int{true: 1, false: 0}[de == bad]; got.Failing != wantFailing {
			t.Errorf("scan %d: %d failing source strings, want %d", i+1, got.Failing, wantFailing)
		}
	}
}
