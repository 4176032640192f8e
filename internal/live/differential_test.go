package live_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/api"
	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/web"
)

// differentialConfig: one checkout holding two Android components and a gettext
// one, as a watched checkout of several modules is.
const differentialConfig = `projects:
  - name: Modules
    slug: modules
    components:
      - {name: M1, slug: m1, repo: %[1]s, filemask: "m1/res/values-*/strings.xml", template: "m1/res/values/strings.xml", file_format: aresource}
      - {name: M2, slug: m2, repo: %[1]s, filemask: "m2/res/values-*/strings.xml", template: "m2/res/values/strings.xml", file_format: aresource}
      - {name: Po, slug: po, repo: %[1]s, filemask: "po/*.po", file_format: po}
`

func androidStrings(pairs ...string) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n")
	for i := 0; i+1 < len(pairs); i += 2 {
		fmt.Fprintf(&b, "    <string name=%q>%s</string>\n", pairs[i], pairs[i+1])
	}
	b.WriteString("</resources>\n")
	return b.String()
}

func poFile(lang string, pairs ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "msgid \"\"\nmsgstr \"\"\n\"Language: %s\\n\"\n\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n", lang)
	for i := 0; i+1 < len(pairs); i += 2 {
		fmt.Fprintf(&b, "msgid %q\nmsgstr %q\n\n", pairs[i], pairs[i+1])
	}
	return b.String()
}

// served is a Live with the API and the pages it feeds, as `gitlate serve` wires
// them: documents and pages are prepared before each snapshot is swapped in.
type served struct {
	setup *livetest.Setup
	h     http.Handler
}

func newServed(t *testing.T, s *livetest.Setup) *served {
	t.Helper()
	apiSrv, err := api.New(s.Live, api.Options{Reader: s.Units, Logger: slog.New(slog.DiscardHandler), Progress: s.Log.Progress()})
	if err != nil {
		t.Fatal(err)
	}
	webSrv, err := web.New(s.Live, web.Options{Units: s.Units, Progress: s.Log.Progress()})
	if err != nil {
		t.Fatal(err)
	}
	s.Live.OnSnapshot(apiSrv.Prepare)
	s.Live.OnSnapshot(webSrv.Prepare)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	apiSrv.Install(r)
	webSrv.Install(r)
	return &served{setup: s, h: r}
}

func (s *served) get(t *testing.T, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://gitlate.test"+path, nil))
	return rec.Code, rec.Body.String()
}

var (
	apiURL  = regexp.MustCompile(`"http://gitlate\.test(/api/[^"?]*)"`)
	pageURL = regexp.MustCompile(`href="(/[^"?#]*)"`)
)

// crawl answers every API document and page reachable from /api/ and /, by path.
// Downloads (files, archives) are left out: they are the repository's bytes.
func (s *served) crawl(t *testing.T) map[string]string {
	t.Helper()
	got := map[string]string{}
	queue := []string{"/api/", "/api/metrics/", "/"}
	for len(queue) > 0 && len(got) < 5000 {
		p := queue[0]
		queue = queue[1:]
		if _, seen := got[p]; seen || strings.HasSuffix(p, "/file/") || strings.HasSuffix(p, ".zip") ||
			strings.HasPrefix(p, "/static/") || strings.HasPrefix(p, "/widgets/") || strings.Contains(p, "/download/") {
			continue
		}
		code, body := s.get(t, p)
		got[p] = fmt.Sprintf("%d %s", code, body)
		re := pageURL
		if strings.HasPrefix(p, "/api/") {
			re = apiURL
		}
		for _, m := range re.FindAllStringSubmatch(body, -1) {
			queue = append(queue, m[1])
		}
	}
	return got
}

// TestIncrementalMatchesFullBuild: after a rebuild that reads again only the
// component that changed (what the watcher asks for), every API document and
// every page is, byte for byte, what a fresh full build of the same state answers
// — for an edited translation, a new language file, a deleted one, an edited
// template and an edited gettext file; and the rebuild did read only that
// component's folders.
func TestIncrementalMatchesFullBuild(t *testing.T) {
	testutil.NeedGit(t)
	repo := testutil.NewRepo(t, map[string]string{
		"m1/res/values/strings.xml":    androidStrings("hello", "Hello", "bye", "Goodbye", "thanks", "Thank you"),
		"m1/res/values-de/strings.xml": androidStrings("hello", "Hallo", "bye", "Tschüss", "thanks", "Danke"),
		"m1/res/values-fr/strings.xml": androidStrings("hello", "Bonjour"),
		"m1/res/values-cs/strings.xml": androidStrings("hello", "Ahoj", "bye", "Nashle"),
		"m2/res/values/strings.xml":    androidStrings("open", "Open", "close", "Close"),
		"m2/res/values-de/strings.xml": androidStrings("open", "Öffnen"),
		"m2/res/values-fr/strings.xml": androidStrings("open", "Ouvrir", "close", "Fermer"),
		"po/de.po":                     poFile("de", "Open file", "Datei öffnen", "Save", ""),
		"po/fr.po":                     poFile("fr", "Open file", "Ouvrir le fichier", "Save", "Enregistrer"),
	})
	cfg := testutil.Config(t, t.TempDir(), fmt.Sprintf(differentialConfig, repo))
	st := memstore.New()
	now := func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }
	opts := livetest.Options{Store: st, Live: live.Options{Now: now}}
	inc := newServed(t, livetest.New(t, cfg, t.TempDir(), opts))
	ctx := context.Background()
	if err := inc.setup.Live.Rebuild(ctx); err != nil {
		t.Fatal(err)
	}
	// Every page once, so that the pages rendered on request are kept too.
	inc.crawl(t)

	write := func(rel, content string) {
		t.Helper()
		testutil.WriteFiles(t, repo, map[string]string{rel: content})
	}
	steps := []struct {
		name      string
		component string
		change    func()
	}{
		{"an edited translation", "modules/m1", func() {
			write("m1/res/values-de/strings.xml", androidStrings("hello", "Hallo", "bye", "Tschüss"))
		}},
		{"a new language file", "modules/m1", func() {
			write("m1/res/values-it/strings.xml", androidStrings("hello", "Ciao", "thanks", "Grazie"))
		}},
		{"a deleted language file", "modules/m1", func() {
			if err := os.Remove(filepath.Join(repo, "m1/res/values-fr/strings.xml")); err != nil {
				t.Fatal(err)
			}
		}},
		{"an edited template", "modules/m1", func() {
			write("m1/res/values/strings.xml", androidStrings("hello", "Hello", "bye", "Goodbye", "thanks", "Thank you", "more", "More"))
		}},
		{"an edited gettext file", "modules/po", func() {
			write("po/de.po", poFile("de", "Open file", "Datei öffnen", "Save", "Speichern", "Quit", "Beenden"))
		}},
		{"nothing", "modules/m2", func() {}},
		{"a deleted template", "modules/m2", func() {
			if err := os.Remove(filepath.Join(repo, "m2/res/values/strings.xml")); err != nil {
				t.Fatal(err)
			}
		}},
		// m2, not named now, must still show what reading it found: no template.
		{"another component edited after", "modules/po", func() {
			write("po/fr.po", poFile("fr", "Open file", "Ouvrir le fichier", "Save", ""))
		}},
	}
	for _, step := range steps {
		step.change()
		_, before := repos.WorkTreeCounts()
		if err := inc.setup.Live.RebuildChanged(ctx, []string{step.component}); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		_, after := repos.WorkTreeCounts()
		// One component's folders: m1's res/ and its values* folders, or po/.
		if read := after - before; read > 8 {
			t.Errorf("%s: the rebuild read %d directories, more than %s holds", step.name, read, step.component)
		}
		got := inc.crawl(t)

		full := newServed(t, livetest.New(t, cfg, t.TempDir(), opts))
		if err := full.setup.Live.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
		want := full.crawl(t)
		paths := make([]string, 0, len(want))
		for p := range want {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		differ := 0
		for _, p := range paths {
			if g, ok := got[p]; !ok {
				t.Errorf("%s: %s answered by the full build only", step.name, p)
			} else if g != want[p] && differ < 5 {
				differ++
				t.Errorf("%s: %s differs from the full build's\nincremental: %.600s\nfull:        %.600s", step.name, p, g, want[p])
			}
		}
		for p := range got {
			if _, ok := want[p]; !ok {
				t.Errorf("%s: %s answered by the incremental build only", step.name, p)
			}
		}
		t.Logf("%s: %d answers equal", step.name, len(paths))
	}
}

// TestWatchedEdit: a started Live, watching a checkout of three components, shows
// an edit after the short first debounce (FirstDebounce, long before Debounce),
// and the rebuild lists only the edited component's folders.
func TestWatchedEdit(t *testing.T) {
	testutil.NeedGit(t)
	repo := testutil.NewRepo(t, map[string]string{
		"m1/res/values/strings.xml":    androidStrings("hello", "Hello", "bye", "Goodbye"),
		"m1/res/values-de/strings.xml": androidStrings("hello", "Hallo", "bye", "Tschüss"),
		"m2/res/values/strings.xml":    androidStrings("open", "Open"),
		"m2/res/values-de/strings.xml": androidStrings("open", "Öffnen"),
		"po/de.po":                     poFile("de", "Save", "Speichern"),
	})
	cfg := testutil.Config(t, t.TempDir(), fmt.Sprintf(differentialConfig, repo))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Live: live.Options{
		Debounce: 5 * time.Second, FirstDebounce: 50 * time.Millisecond, MaxDelay: 10 * time.Second, Rescan: time.Hour}})
	ctx, cancel := context.WithCancel(context.Background())
	defer func() {
		cancel()
		s.Live.Wait()
	}()
	if err := s.Live.Start(ctx); err != nil {
		t.Fatal(err)
	}
	<-s.Live.Ready()
	translated := func() int {
		return s.Live.Snapshot().Project("modules").Component("m1").Translation("de").Stats.Translated
	}
	// Start scans twice (statistics, then history); the rebuild it asks for once
	// the watches are in place reads everything: wait for its scan to be over.
	for n, _, _ := s.Engine.ScanTimes(); n < 3; n, _, _ = s.Engine.ScanTimes() {
		time.Sleep(5 * time.Millisecond)
	}
	before := translated()
	_, dirs := repos.WorkTreeCounts()
	start := time.Now()
	testutil.WriteFiles(t, repo, map[string]string{"m1/res/values-de/strings.xml": androidStrings("hello", "Hallo")})
	for translated() == before {
		if time.Since(start) > 4*time.Second {
			t.Fatalf("the edit did not show within %s (the full debounce is 5 s: the first change must not wait for it)", time.Since(start))
		}
		time.Sleep(5 * time.Millisecond)
	}
	_, after := repos.WorkTreeCounts()
	t.Logf("the edit showed after %s; %d directories read", time.Since(start).Round(time.Millisecond), after-dirs)
	if read := after - dirs; read > 4 {
		t.Errorf("the rebuild read %d directories, more than m1's res/ and its two values folders", read)
	}
}
