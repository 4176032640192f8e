package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

// crawlAPI follows every API URL the server writes, breadth-first from /api/, and
// returns each URL it read with its status. Every URL must be plain printable
// ASCII — an escaped path — and parse as a URL.
func crawlAPI(t *testing.T, h http.Handler) map[string]int {
	t.Helper()
	status := map[string]int{}
	queue := []string{testBase + "/api/"}
	for len(queue) > 0 && len(status) < 3000 {
		u := queue[0]
		queue = queue[1:]
		if _, ok := status[u]; ok {
			continue
		}
		if i := strings.IndexFunc(u, func(r rune) bool { return r <= ' ' || r >= 0x7f }); i >= 0 {
			t.Errorf("URL %+q holds %U: not escaped", u, []rune(u[i:])[0])
			status[u] = 0
			continue
		}
		if _, err := url.Parse(u); err != nil {
			t.Errorf("URL %+q: %v", u, err)
			status[u] = 0
			continue
		}
		got := do(t, h, "GET", strings.TrimPrefix(u, testBase))
		status[u] = got.status
		if got.status != 200 || got.header.Get("Content-Type") != "application/json" {
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(got.body), &v); err != nil {
			t.Errorf("%s: not JSON: %v", u, err)
			continue
		}
		var next []string
		collectURLs(v, testBase+"/api/", &next)
		queue = append(queue, next...)
	}
	return status
}

// TestOddCodeFilesURLs: in a repository where files named like language codes
// but holding a Cyrillic letter, a zero-width space or "%2f" sit beside real
// ones, only the real ones are translations, and every URL the API writes is
// escaped and answers 200, files included.
func TestOddCodeFilesURLs(t *testing.T) {
	t.Parallel()
	repo := testutil.NewRepo(t, map[string]string{
		"locales/en.json":       `{"hello": "Hello", "bye": "Bye"}`,
		"locales/cs.json":       `{"hello": "Ahoj"}`,
		"locales/de.json":       `{"hello": "Hallo", "bye": "Tschüss"}`,
		"locales/\u0455k.json":  `{"hello": "Ahoj"}`,
		"locales/de\u200b.json": `{"hello": "Hallo"}`,
		"locales/cs%2fde.json":  `{"hello": "Ahoj"}`,
	})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Web
        slug: web
        repo: `+repo+`
        file_format: json
        filemask: locales/*.json
        template: locales/en.json
`)
	s := livetest.Built(t, cfg, t.TempDir(), livetest.Options{})
	e := engineOf(t, s.Live, Options{BaseURL: testBase, Reader: s.Units, Repos: s.Repos, Changes: s.Store})

	status := crawlAPI(t, e)
	for u, st := range status {
		if st != 200 {
			t.Errorf("%s: status %d", u, st)
		}
	}
	var codes []string
	for _, tr := range s.Live.Snapshot().Project("demo").Component("web").Translations {
		codes = append(codes, tr.Language.Code)
	}
	if got := strings.Join(codes, " "); got != "en cs de" {
		t.Errorf("translations %s, want en cs de", got)
	}
	for _, code := range codes {
		for _, p := range []string{"/api/translations/demo/web/" + code + "/", "/api/translations/demo/web/" + code + "/file/", "/api/languages/" + code + "/"} {
			if _, ok := status[testBase+p]; !ok {
				t.Errorf("the crawl did not reach %s", p)
			}
		}
	}
	if len(status) < 30 {
		t.Errorf("the crawl reached only %d URLs", len(status))
	}
}

// TestLanguageURLsEscaped: whatever a language's code holds — it comes from a
// file's path — the URLs the API writes for it are escaped, and each leads back
// to the object it names: a translation's url to that translation, its
// language's url to that language, a user's url to that user.
func TestLanguageURLsEscaped(t *testing.T) {
	t.Parallel()
	odd := []string{"cs%2fde", "de\u200b", "\u0455k", "a b?c#d;e", "x%"}
	pc := &config.Project{Name: "Demo", Slug: "demo"}
	cc := &config.Component{Name: "Web", Slug: "web", Repo: "local:", VCS: "local", Filemask: "*.json", FileFormat: "json"}
	p := &snapshot.Project{ID: 1, Config: pc}
	c := &snapshot.Component{ID: 1, Project: p, Config: cc, SourceLanguage: english}
	p.Components = []*snapshot.Component{c}
	src := &snapshot.Translation{ID: 1, Component: c, Language: english, LanguageCode: "en", IsSource: true}
	src.Stats.AddUnit(weblate.StateTranslated, 1, 5)
	c.Translations = []*snapshot.Translation{src}
	for i, code := range odd {
		l := &lang.Language{ID: 100 + i, Code: code, Name: code + " (generated)", Direction: "ltr",
			Plural: lang.Plural{ID: 100 + i, Number: 2, Formula: "n != 1", Type: 1}}
		tr := &snapshot.Translation{ID: 2 + i, Component: c, Language: l, LanguageCode: code, Filename: code + ".json"}
		tr.Stats.AddUnit(weblate.StateTranslated, 1, 5)
		c.Translations = append(c.Translations, tr)
	}
	user := &snapshot.User{Username: "ann%20x?y", FullName: "Ann"}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p}, Users: []*snapshot.User{user}}
	setChanges(snap, []*snapshot.Change{{ID: 1, Timestamp: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC),
		Action: 48, Count: 1, Project: p, Component: c, Translation: c.Translations[1], User: user, Author: user}})
	snap.Aggregate()
	snap.Finish()
	h := serverFor(t, snap, Options{})

	status := crawlAPI(t, h)
	for u, st := range status {
		// The fixture has no files to download.
		if st != 200 && !strings.HasSuffix(u, "/file/") {
			t.Errorf("%s: status %d", u, st)
		}
	}
	getJSON := func(u string) map[string]any {
		t.Helper()
		got := do(t, h, "GET", strings.TrimPrefix(u, testBase))
		var v map[string]any
		if got.status != 200 || json.Unmarshal([]byte(got.body), &v) != nil {
			t.Fatalf("%s: %d %s", u, got.status, got.body)
		}
		return v
	}
	var list struct{ Results []map[string]any }
	if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/components/demo/web/translations/").body), &list); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, tr := range list.Results {
		code := tr["language_code"].(string)
		seen[code] = true
		if got := getJSON(tr["url"].(string)); got["language_code"] != code || got["url"] != tr["url"] {
			t.Errorf("%+q: its url %s leads to %v", code, tr["url"], got["language_code"])
		}
		l := getJSON(tr["language"].(map[string]any)["url"].(string))
		if l["code"] != code {
			t.Errorf("%+q: its language's url leads to %v", code, l["code"])
		}
		for _, k := range []string{"web_url", "translate_url", "share_url"} {
			u, err := url.Parse(tr[k].(string))
			if err != nil || u.RawQuery != "" || u.Fragment != "" || !strings.Contains(u.Path, "/"+code+"/") {
				t.Errorf("%+q: %s %s does not name it in one path segment", code, k, tr[k])
			}
		}
	}
	for _, code := range odd {
		if !seen[code] {
			t.Errorf("%+q: not listed", code)
		}
	}
	if u := getJSON(testBase + snapshot.ChangeAPIPath(1)); getJSON(u["user"].(string))["username"] != user.Username {
		t.Errorf("the change's user %s leads elsewhere", u["user"])
	}
}

// TestDownloadNames: a translation's file is named as Weblate names it, unquoted,
// while the name is a token; an extension taken from the repository's path that
// holds anything else is quoted, so it cannot add parameters to the header.
func TestDownloadNames(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"demo-web-cs.json":          "demo-web-cs.json",
		"demo-web-sr_Latn.po":       "demo-web-sr_Latn.po",
		"demo-web-de.json;size=1":   `"demo-web-de.json;size=1"`,
		`demo-web-de.j"son`:         `"demo-web-de.j\"son"`,
		"demo-web-de.json x":        `"demo-web-de.json x"`,
		"demo-web-de.j\r\nX-Evil:1": `"demo-web-de.j__X-Evil:1"`,
	} {
		if got := bareName(in); got != want {
			t.Errorf("bareName(%q) = %s, want %s", in, got, want)
		}
	}
}
