package web

import (
	"encoding/json"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/api"
	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// linkRE finds the links of a page: href and src attributes.
var linkRE = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// TestOddLanguageCodeLinks: whatever a language's code holds — it comes from a
// file's path — every link of every page and every web address the API writes
// is escaped and answers 200, the pages of a translation and of its language,
// its invitation and its badges among them.
func TestOddLanguageCodeLinks(t *testing.T) {
	t.Parallel()
	odd := []string{"cs%2fde", "de\u200b", "\u0455k", "a b?c#d;e", "x%"}
	p := &snapshot.Project{ID: 1, Config: &config.Project{Name: "Demo", Slug: "demo"}}
	c := &snapshot.Component{ID: 1, Project: p, SourceLanguage: english,
		Config: &config.Component{Name: "Web", Slug: "web", Repo: "local:", VCS: "local", Filemask: "*.json", FileFormat: "json"}}
	p.Components = []*snapshot.Component{c}
	src := &snapshot.Translation{ID: 1, Component: c, Language: english, LanguageCode: "en", IsSource: true}
	src.Stats.AddUnit(weblate.StateTranslated, 1, 5)
	c.Translations = []*snapshot.Translation{src}
	for i, code := range odd {
		l := &lang.Language{ID: 100 + i, Code: code, Name: code + " (generated)", Direction: "ltr",
			Plural: lang.Plural{ID: 100 + i, Number: 2, Formula: "n != 1", Type: 1}, Categories: []string{"one", "other"}}
		tr := &snapshot.Translation{ID: 2 + i, Component: c, Language: l, LanguageCode: code, Filename: code + ".json"}
		tr.Stats.AddUnit(weblate.StateTranslated, 1, 5)
		tr.Stats.AddUnit(weblate.StateEmpty, 2, 10)
		c.Translations = append(c.Translations, tr)
	}
	user := &snapshot.User{Username: "ann%20x?y", FullName: "Ann"}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p}, Users: []*snapshot.User{user}}
	var docs changelog.Docs
	snap.Log, docs = changelog.LogOf([]*snapshot.Change{{ID: 1, Timestamp: when, Action: 48, Count: 1,
		Project: p, Component: c, Translation: c.Translations[1], User: user, Author: user}})
	snap.Aggregate()
	snap.Finish()

	webSrv, err := New(fixed{snap}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	apiSrv, err := api.New(fixed{snap}, api.Options{BaseURL: "http://gitlate.test", Changes: docs})
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	apiSrv.Install(e)
	webSrv.Install(e)
	e.NoRoute(webSrv.NotFound)

	const base = "http://gitlate.test"
	seen := map[string]bool{}
	queue := []string{"/", "/languages/", "/api/"}
	for len(queue) > 0 && len(seen) < 3000 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] || strings.HasPrefix(path, "#") {
			continue
		}
		seen[path] = true
		if i := strings.IndexFunc(path, func(r rune) bool { return r <= ' ' || r >= 0x7f }); i >= 0 {
			t.Errorf("link %+q holds %U: not escaped", path, []rune(path[i:])[0])
			continue
		}
		if _, err := url.ParseRequestURI(path); err != nil {
			t.Errorf("link %+q: %v", path, err)
			continue
		}
		got := get(t, e, "GET", path)
		if got.status != 200 {
			// The snapshot has no files to download.
			if !strings.Contains(path, "/file/") {
				t.Errorf("%s: status %d", path, got.status)
			}
			continue
		}
		var links []string
		switch ct := got.header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "text/html"):
			for _, m := range linkRE.FindAllStringSubmatch(got.body, -1) {
				links = append(links, html.UnescapeString(m[1]))
			}
		case strings.HasPrefix(ct, "application/json"):
			var v any
			if err := json.Unmarshal([]byte(got.body), &v); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			links = stringsIn(v)
		}
		for _, l := range links {
			if l, ok := strings.CutPrefix(l, base); ok || strings.HasPrefix(l, "/") {
				queue = append(queue, l)
			}
		}
	}
	if len(seen) < 100 {
		t.Errorf("only %d links followed", len(seen))
	}
	// Each odd language's pages were reached through links.
	for _, code := range odd {
		for _, p := range []string{"/projects/demo/web/", "/translate/demo/web/", "/engage/demo/", "/languages/", "/widgets/demo/"} {
			found := false
			for s := range seen {
				if rest, ok := strings.CutPrefix(s, p); ok && strings.HasPrefix(rest, escapeSegment(code)+"/") {
					found = true
				}
			}
			if !found {
				t.Errorf("%+q: no link to %s{code}/", code, p)
			}
		}
	}
}

// escapeSegment is the escaping the pages are expected to use: a path segment's
// (RFC 3986 section 3.3).
func escapeSegment(s string) string { return url.PathEscape(s) }
