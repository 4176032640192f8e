package api

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/weblate"
)

type fixed struct{ snap *snapshot.Snapshot }

func (f fixed) Snapshot() *snapshot.Snapshot { return f.snap }

var (
	english = &lang.Language{ID: 1, Code: "en", Name: "English", Direction: "ltr", Population: 100,
		Aliases: []string{"eng"}, Plural: lang.Plural{ID: 10, Number: 2, Formula: "n != 1", Type: 1}}
	czech = &lang.Language{ID: 2, Code: "cs", Name: "Czech", Direction: "ltr", Population: 10,
		Plural: lang.Plural{ID: 20, Number: 3, Formula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", Type: 2}}
)

// fixture is a hand-built snapshot: one project with one component in English and
// Czech, with statistics chosen to exercise the percentage rules.
func fixture(t testing.TB) *snapshot.Snapshot {
	t.Helper()
	pc := &config.Project{Name: "Demo <&> App", Slug: "demo", Web: "https://example.org/"}
	cc := &config.Component{Name: "Android", Slug: "android", Repo: "https://user:secret@example.org/demo.git",
		VCS: "git", Branch: "main", Filemask: "res/values-*/strings.xml", Template: "res/values/strings.xml",
		FileFormat: "aresource", NewLang: "add", Priority: 100, MergeStyle: "rebase", EnforcedChecks: []string{},
		EditTemplate: true, LanguageRegex: "^[^.]+$", GlossaryColor: "silver"}
	p := &snapshot.Project{ID: 1, Config: pc}
	c := &snapshot.Component{ID: 1, Project: p, Config: cc, SourceLanguage: english}
	p.Components = []*snapshot.Component{c}
	src := &snapshot.Translation{ID: 1, Component: c, Language: english, LanguageCode: "en",
		Filename: "res/values/strings.xml", IsTemplate: true, IsSource: true}
	src.Stats.AddUnit(weblate.StateTranslated, 2, 10)
	src.Stats.AddUnit(weblate.StateTranslated, 1, 5)
	src.Stats.AddUnit(weblate.StateReadOnly, 1, 4)
	cs := &snapshot.Translation{ID: 2, Component: c, Language: czech, LanguageCode: "cs",
		Filename: "res/values-cs/strings.xml"}
	cs.Stats.AddUnit(weblate.StateTranslated, 2, 10)
	cs.Stats.AddUnit(weblate.StateEmpty, 1, 5)
	cs.Stats.AddUnit(weblate.StateReadOnly, 1, 4)
	c.Translations = []*snapshot.Translation{src, cs}
	when := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	ann := &snapshot.User{Username: "ann", FullName: "Ann Example"}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p}, Users: []*snapshot.User{ann}}
	var changes []*snapshot.Change
	for i, a := range []weblate.Action{50, 51, 48} {
		ch := &snapshot.Change{ID: i + 1, Timestamp: when, Action: a, Count: 1, Project: p, User: ann, Author: ann}
		if a != 50 {
			ch.Component = c
		}
		if a == 48 {
			ch.Translation = cs
		}
		changes = append(changes, ch)
	}
	setChanges(snap, changes)
	snap.Aggregate()
	snap.Finish()
	return snap
}

// fixtureChanges are the changes of hand-built snapshots, and their stored JSON as
// the change log encodes it, by snapshot.
var fixtureChanges sync.Map // *snapshot.Snapshot → *fixtureLog

type fixtureLog struct {
	changes []*snapshot.Change
	docs    changelog.Docs
}

// setChanges gives a hand-built snapshot its change log.
func setChanges(snap *snapshot.Snapshot, changes []*snapshot.Change) {
	var docs changelog.Docs
	snap.Log, docs = changelog.LogOf(changes)
	fixtureChanges.Store(snap, &fixtureLog{changes, docs})
}

func newTestServer(t testing.TB, opts Options) http.Handler {
	t.Helper()
	return serverFor(t, fixture(t), opts)
}

func serverFor(t testing.TB, snap *snapshot.Snapshot, opts Options) http.Handler {
	t.Helper()
	if fl, ok := fixtureChanges.Load(snap); ok && opts.Changes == nil {
		opts.Changes = fl.(*fixtureLog).docs
	}
	return engineOf(t, fixed{snap}, opts)
}

// engineOf is a router serving the API of src under its prefix, as serve's does,
// with the API's answer to what it does not route.
func engineOf(t testing.TB, src Source, opts Options) *gin.Engine {
	t.Helper()
	srv, err := New(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	srv.Install(e.Group(srv.Prefix()))
	e.NoRoute(srv.NotFound)
	return e
}

// repoEngine serves the repository a test wrote, scanned with config (its
// projects.yaml), with units read from its files.
func repoEngine(t testing.TB, config string) *gin.Engine {
	t.Helper()
	cfg := testutil.Config(t, t.TempDir(), config)
	s := livetest.Built(t, cfg, t.TempDir(), livetest.Options{})
	return engineOf(t, s.Live, Options{BaseURL: testBase, Reader: s.Units, Repos: s.Repos})
}

// testBase is the base URL of the test servers' answers.
const testBase = "http://gitlate.test"

type response struct {
	status int
	header http.Header
	body   string
}

func do(t testing.TB, h http.Handler, method, target string, header ...string) response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	req.Host = "gitlate.test"
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	body, _ := io.ReadAll(w.Result().Body)
	return response{w.Code, w.Result().Header, string(body)}
}

func TestProjectFieldOrderAndShape(t *testing.T) {
	h := newTestServer(t, Options{})
	got := do(t, h, "GET", "/api/projects/demo/")
	want := `{"name":"Demo <&> App","slug":"demo","id":1,"web":"https://example.org/",` +
		`"web_url":"http://gitlate.test/projects/demo/","url":"http://gitlate.test/api/projects/demo/",` +
		`"components_list_url":"http://gitlate.test/api/projects/demo/components/",` +
		`"repository_url":"http://gitlate.test/api/projects/demo/repository/",` +
		`"statistics_url":"http://gitlate.test/api/projects/demo/statistics/",` +
		`"changes_list_url":"http://gitlate.test/api/projects/demo/changes/",` +
		`"languages_url":"http://gitlate.test/api/projects/demo/languages/",` +
		`"translation_review":false,"source_review":false,"set_language_team":false,` +
		`"instructions":"","enable_hooks":false,"language_aliases":""}`
	if got.status != 200 || got.body != want {
		t.Fatalf("status %d\n got %s\nwant %s", got.status, got.body, want)
	}
	for k, v := range map[string]string{"Content-Type": "application/json", "Vary": "Accept, Accept-Encoding", "Allow": "GET, PUT, PATCH, DELETE, HEAD, OPTIONS"} {
		if got.header.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, got.header.Get(k), v)
		}
	}
}

func TestStatisticsFieldOrderAndPercentages(t *testing.T) {
	h := newTestServer(t, Options{})
	got := do(t, h, "GET", "/api/components/demo/android/statistics/")
	// cs: 3 units, 2 translated (one read-only), words 2+1 of 4, chars 14 of 19.
	wantCS := `{"total":3,"total_words":4,"last_change":null,"last_author":null,"recent_changes":0,"translated":2,` +
		`"translated_words":3,"translated_percent":66.6,"translated_words_percent":75.0,` +
		`"translated_chars":14,"translated_chars_percent":73.6,"total_chars":19,"fuzzy":0,` +
		`"fuzzy_percent":0.0,"failing":0,"failing_percent":0.0,"approved":0,"approved_percent":0.0,` +
		`"readonly":1,"readonly_percent":33.3,"suggestions":0,"comments":0,"code":"cs","name":"Czech",` +
		`"url":"http://gitlate.test/projects/demo/android/cs/","translate_url":"http://gitlate.test/translate/demo/android/cs/",` +
		// Weblate 5.2's keys: no fuzzy or approved unit; the read-only one has 1 word
		// of 4 (25.0) and 4 characters of 19 (21.0: 21.05 floored).
		`"fuzzy_words":0,"fuzzy_words_percent":0.0,"fuzzy_chars":0,"fuzzy_chars_percent":0.0,` +
		`"approved_words":0,"approved_words_percent":0.0,"approved_chars":0,"approved_chars_percent":0.0,` +
		`"readonly_words":1,"readonly_words_percent":25.0,"readonly_chars":4,"readonly_chars_percent":21.0}`
	if !strings.HasPrefix(got.body, `{"count":2,"next":null,"previous":null,"results":[{"total":3,`) || !strings.HasSuffix(got.body, ","+wantCS+"]}") {
		t.Fatalf("got %s", got.body)
	}
	if got.header.Get("Allow") != "GET, HEAD, OPTIONS" {
		t.Errorf("Allow = %q", got.header.Get("Allow"))
	}
}

func TestProjectLanguagesIsBareArraySortedByName(t *testing.T) {
	h := newTestServer(t, Options{})
	got := do(t, h, "GET", "/api/projects/demo/languages/")
	var entries []map[string]any
	if err := json.Unmarshal([]byte(got.body), &entries); err != nil {
		t.Fatalf("%v: %s", err, got.body)
	}
	if len(entries) != 2 || entries[0]["language"] != "Czech" || entries[1]["language"] != "English" {
		t.Fatalf("got %s", got.body)
	}
	if !strings.HasPrefix(got.body, `[{"language":"Czech","code":"cs","total":3,"translated":2,"translated_percent":66.6,"total_words":4,`) {
		t.Errorf("field order: %s", got.body)
	}
}

func TestPagination(t *testing.T) {
	h := newTestServer(t, Options{})
	tests := []struct {
		target       string
		status       int
		next, prev   any
		results      int
		wantContains string
	}{
		{"/api/components/demo/android/translations/?page_size=1", 200,
			"http://gitlate.test/api/components/demo/android/translations/?page=2&page_size=1", nil, 1, ""},
		{"/api/components/demo/android/translations/?page_size=1&page=2&format=api", 200,
			nil, "http://gitlate.test/api/components/demo/android/translations/?format=api&page_size=1", 1, "?format=api"},
		{"/api/components/demo/android/translations/?page=last&page_size=1", 200,
			nil, "http://gitlate.test/api/components/demo/android/translations/?page_size=1", 1, ""},
		{"/api/components/demo/android/translations/?page_size=0", 200, nil, nil, 2, ""},   // ignored: default
		{"/api/components/demo/android/translations/?page_size=abc", 200, nil, nil, 2, ""}, // ignored: default
		{"/api/projects/?page=0", 404, nil, nil, 0, `{"detail":"Invalid page."}`},
		{"/api/projects/?page=-1", 404, nil, nil, 0, `{"detail":"Invalid page."}`},
		{"/api/projects/?page=abc", 404, nil, nil, 0, `{"detail":"Invalid page."}`},
		{"/api/projects/?page=2", 404, nil, nil, 0, `{"detail":"Invalid page."}`},
		{"/api/projects/?page=1", 200, nil, nil, 1, ""},
		{"/api/components/demo/android/links/?page=1", 200, nil, nil, 0, ""}, // an empty list has one page
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			got := do(t, h, "GET", tt.target)
			if got.status != tt.status {
				t.Fatalf("status %d: %s", got.status, got.body)
			}
			if tt.wantContains != "" && !strings.Contains(got.body, tt.wantContains) {
				t.Errorf("body %s does not contain %s", got.body, tt.wantContains)
			}
			if tt.status != 200 {
				return
			}
			var env struct {
				Count    int
				Next     any
				Previous any
				Results  []json.RawMessage
			}
			if err := json.Unmarshal([]byte(got.body), &env); err != nil {
				t.Fatal(err)
			}
			if env.Next != tt.next || env.Previous != tt.prev || len(env.Results) != tt.results {
				t.Errorf("next %v prev %v results %d; want %v %v %d", env.Next, env.Previous, len(env.Results), tt.next, tt.prev, tt.results)
			}
		})
	}
}

func TestFormatAPI(t *testing.T) {
	h := newTestServer(t, Options{})
	got := do(t, h, "GET", "/api/components/demo/android/?format=api")
	if got.header.Get("Content-Type") != "application/json" {
		t.Errorf("Content-Type %q", got.header.Get("Content-Type"))
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(got.body), &m); err != nil {
		t.Fatal(err)
	}
	if m["url"] != "http://gitlate.test/api/components/demo/android/?format=api" ||
		m["web_url"] != "http://gitlate.test/projects/demo/android/?format=api" {
		t.Errorf("internal URLs: url %v web_url %v", m["url"], m["web_url"])
	}
	// Outside URLs stay as they are; credentials never show.
	if m["repo"] != "https://example.org/demo.git" {
		t.Errorf("repo %v", m["repo"])
	}
	if p := m["project"].(map[string]any); p["web"] != "https://example.org/" || p["url"] != "http://gitlate.test/api/projects/demo/?format=api" {
		t.Errorf("project %v", p)
	}
	if got := do(t, h, "GET", "/api/projects/?format=xml"); got.status != 404 {
		t.Errorf("unknown format: %d", got.status)
	}
}

func TestErrorsAndMethods(t *testing.T) {
	h := newTestServer(t, Options{Tokens: []string{"s3cret"}})
	tests := []struct {
		method, target string
		header         []string
		status         int
		body           string
		wantHeader     [2]string
	}{
		{"GET", "/api/projects/nope/", nil, 404, `{"detail":"Not found."}`, [2]string{"Allow", "GET, PUT, PATCH, DELETE, HEAD, OPTIONS"}},
		{"GET", "/api/components/demo/nope/", nil, 404, `{"detail":"Not found."}`, [2]string{}},
		{"GET", "/api/translations/demo/android/fr/", nil, 404, `{"detail":"Not found."}`, [2]string{}},
		{"GET", "/api/translations/demo/android/pt-rBR/", nil, 404, `{"detail":"Not found."}`, [2]string{}}, // file codes are not API codes
		{"GET", "/api/languages/xx/", nil, 404, `{"detail":"Not found."}`, [2]string{}},
		{"GET", "/api/changes/999/", nil, 404, `{"detail":"Not found."}`, [2]string{}},
		{"GET", "/api/changes/abc/", nil, 404, `{"detail":"Not found."}`, [2]string{}},
		{"GET", "/api/nonexistent/", nil, 404, `{"detail":"Not found."}`, [2]string{"Content-Type", "application/json"}},
		{"POST", "/api/projects/", nil, 401, `{"detail":"Authentication credentials were not provided."}`, [2]string{"WWW-Authenticate", "Token"}},
		{"DELETE", "/api/changes/1/", nil, 401, `{"detail":"Authentication credentials were not provided."}`, [2]string{}}, // auth before method check, as DRF
		{"POST", "/api/projects/", []string{"Authorization", "Token wrong"}, 401, `{"detail":"Invalid token."}`, [2]string{"WWW-Authenticate", "Token"}},
		{"PUT", "/api/projects/", []string{"Authorization", "Token s3cret"}, 405, `{"detail":"Method \"PUT\" not allowed."}`, [2]string{"Allow", "GET, POST, HEAD, OPTIONS"}},
		{"POST", "/api/projects/", []string{"Authorization", "Bearer s3cret"}, 403, "", [2]string{}},
		{"GET", "/api/projects/", []string{"Host", "evil\"host"}, 400, `{"detail":"Invalid Host header."}`, [2]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			got := do(t, h, tt.method, tt.target, tt.header...)
			if got.status != tt.status {
				t.Fatalf("status %d, want %d: %s", got.status, tt.status, got.body)
			}
			if tt.body != "" && got.body != tt.body {
				t.Errorf("body %s, want %s", got.body, tt.body)
			}
			if !strings.HasPrefix(got.body, `{"detail":"`) {
				t.Errorf("not a detail body: %s", got.body)
			}
			if tt.wantHeader[0] != "" && got.header.Get(tt.wantHeader[0]) != tt.wantHeader[1] {
				t.Errorf("%s = %q, want %q", tt.wantHeader[0], got.header.Get(tt.wantHeader[0]), tt.wantHeader[1])
			}
		})
	}
}

func TestHeadAndOptions(t *testing.T) {
	h := newTestServer(t, Options{})
	get := do(t, h, "GET", "/api/projects/")
	head := do(t, h, "HEAD", "/api/projects/")
	if head.status != 200 || head.body != "" || head.header.Get("Content-Length") != get.header.Get("Content-Length") || head.header.Get("Allow") != "GET, POST, HEAD, OPTIONS" {
		t.Errorf("HEAD: %d %q %v", head.status, head.body, head.header)
	}
	opt := do(t, h, "OPTIONS", "/api/projects/")
	want := `{"name":"Project List","description":"Translation projects API.","renders":["application/json","text/html"],"parses":["application/json","application/x-www-form-urlencoded","multipart/form-data"]}`
	if opt.status != 200 || opt.body != want || opt.header.Get("Allow") != "GET, POST, HEAD, OPTIONS" {
		t.Errorf("OPTIONS: %d %s %v", opt.status, opt.body, opt.header)
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct {
		name   string
		opts   Options
		target string
		header []string
		want   string
	}{
		{"from Host", Options{}, "/api/projects/demo/", nil, "http://gitlate.test/api/projects/demo/"},
		{"forwarded ignored", Options{}, "/api/projects/demo/", []string{"X-Forwarded-Proto", "https", "X-Forwarded-Host", "proxy.example"}, "http://gitlate.test/api/projects/demo/"},
		{"forwarded trusted", Options{TrustProxy: true}, "/api/projects/demo/", []string{"X-Forwarded-Proto", "https", "X-Forwarded-Host", "proxy.example"}, "https://proxy.example/api/projects/demo/"},
		{"forwarded lists", Options{TrustProxy: true}, "/api/projects/demo/", []string{"X-Forwarded-Proto", "https, http", "X-Forwarded-Host", "proxy.example, inner.example"}, "https://proxy.example/api/projects/demo/"},
		{"fixed with prefix", Options{BaseURL: "https://l10n.example/gitlate/"}, "/gitlate/api/projects/demo/", nil, "https://l10n.example/gitlate/api/projects/demo/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newTestServer(t, tt.opts)
			got := do(t, h, "GET", tt.target, tt.header...)
			var m map[string]any
			if err := json.Unmarshal([]byte(got.body), &m); err != nil {
				t.Fatalf("%d %s", got.status, got.body)
			}
			if m["url"] != tt.want {
				t.Errorf("url = %v, want %v", m["url"], tt.want)
			}
		})
	}
	h := newTestServer(t, Options{BaseURL: "https://l10n.example/gitlate"})
	if got := do(t, h, "GET", "/api/projects/"); got.status != 404 {
		t.Errorf("route outside the prefix answered %d", got.status)
	}
	got := do(t, h, "GET", "/gitlate/api/components/demo/android/translations/?page_size=1")
	if !strings.Contains(got.body, `"next":"https://l10n.example/gitlate/api/components/demo/android/translations/?page=2&page_size=1"`) {
		t.Errorf("next with prefix: %s", got.body)
	}
}

func TestChangesShape(t *testing.T) {
	h := newTestServer(t, Options{})
	got := do(t, h, "GET", "/api/changes/3/")
	want := `{"unit":null,"component":"http://gitlate.test/api/components/demo/android/",` +
		`"translation":"http://gitlate.test/api/translations/demo/android/cs/",` +
		`"user":"http://gitlate.test/api/users/ann/","author":"http://gitlate.test/api/users/ann/",` +
		`"timestamp":"2026-03-01T10:00:00.000000Z","action":48,"target":"","id":3,` +
		`"action_name":"Added new language","url":"http://gitlate.test/api/changes/3/"}`
	if got.body != want {
		t.Errorf("got  %s\nwant %s", got.body, want)
	}
	if u := do(t, h, "GET", "/api/users/ann/"); u.body != `{"full_name":"Ann Example","username":"ann"}` {
		t.Errorf("user: %s", u.body)
	}
}

func TestJSONText(t *testing.T) {
	tests := []struct{ in, want string }{
		{`plain`, `plain`},
		{`<b>&amp;</b>`, `<b>&amp;</b>`}, // no HTML escaping
		{"quote \" backslash \\", `quote \" backslash \\`},
		{"line\nbreak\ttab\r", `line\nbreak\ttab\r`},
		{"\x01\x1f", `\u0001\u001f`},
		{"Ahoj, světe! 日本", "Ahoj, světe! 日本"},
		{"\u2028\u2029", `\u2028\u2029`},
		{"bad \xff utf8", "bad \ufffd utf8"},
	}
	for _, tt := range tests {
		if got := string(appendJSONText(nil, tt.in)); got != tt.want {
			t.Errorf("appendJSONText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRepeatedParameters: a repeated query key counts with its last value, as
// Django's QueryDict.get gives it to DRF — for pagination, format and filters.
func TestRepeatedParameters(t *testing.T) {
	h := newTestServer(t, Options{})
	tests := []struct {
		target string
		status int
		want   string
	}{
		{"/api/components/demo/android/translations/?page_size=1&page_size=5", 200, `{"count":2,"next":null,`},
		{"/api/components/demo/android/translations/?page_size=5&page_size=1", 200, `{"count":2,"next":"http://gitlate.test/api/components/demo/android/translations/?page=2&page_size=5&page_size=1",`},
		{"/api/projects/?page=5&page=1", 200, `{"count":1,`},
		{"/api/projects/?page=1&page=5", 404, `{"detail":"Invalid page."}`},
		{"/api/projects/?format=xml&format=api", 200, `{"count":1,"next":null,"previous":null,"results":[{"name":"Demo <&> App","slug":"demo","id":1,"web":"https://example.org/","web_url":"http://gitlate.test/projects/demo/?format=api"`},
		{"/api/projects/?format=api&format=xml", 404, `{"detail":"Not found."}`},
		{"/api/projects/?format=api&format=%61pi", 200, `{"count":1,`}, // escaped: url.ParseQuery's path
		{"/api/changes/?user=bob&user=ann", 200, `{"count":3,`},
		{"/api/changes/?user=ann&user=bob", 200, `{"count":0,`},
		{"/api/changes/?timestamp_after=yesterday&timestamp_after=2026-03-01", 200, `{"count":3,`},
	}
	for _, tt := range tests {
		got := do(t, h, "GET", tt.target)
		if got.status != tt.status || !strings.HasPrefix(got.body, tt.want) {
			t.Errorf("%s: %d %s", tt.target, got.status, got.body)
		}
	}
}

func TestPageSize(t *testing.T) {
	for in, want := range map[string]int{
		"": 50, "1": 1, "999": 999, "1000": 1000, "1001": 1000, "0": 50, "-3": 50, "abc": 50, "2.5": 50,
		"99999999999999999999999": 1000, "-99999999999999999999999": 50,
	} {
		if got := pageSize(in); got != want {
			t.Errorf("page_size=%s: %d, want %d", in, got, want)
		}
	}
}

// TestUserStatistics: translated counts the user's 5 and 2 changes, languages the
// distinct languages of those; the rest is 0 (git holds none).
func TestUserStatistics(t *testing.T) {
	snap := fixture(t)
	p := snap.Projects[0]
	c := p.Components[0]
	ann, bob := snap.Users[0], &snapshot.User{Username: "bob"}
	snap.Users = append(snap.Users, bob)
	cs, en := c.Translation("cs"), c.Translation("en")
	fl, _ := fixtureChanges.Load(snap)
	changes := fl.(*fixtureLog).changes
	for _, x := range []struct {
		action weblate.Action
		tr     *snapshot.Translation
		user   *snapshot.User
	}{{5, cs, ann}, {2, cs, ann}, {2, en, ann}, {30, en, ann}, {0, cs, ann}, {5, cs, bob}} {
		changes = append(changes, &snapshot.Change{ID: len(changes) + 1, Action: x.action, Project: p,
			Component: c, Translation: x.tr, User: x.user, Author: x.user})
	}
	setChanges(snap, changes)
	snap.Finish()
	h := serverFor(t, snap, Options{})
	for user, want := range map[string]string{
		"ann": `{"translated":3,"suggested":0,"uploaded":0,"commented":0,"languages":2}`,
		"bob": `{"translated":1,"suggested":0,"uploaded":0,"commented":0,"languages":1}`,
	} {
		got := do(t, h, "GET", "/api/users/"+user+"/statistics/")
		if got.status != 200 || got.body != want || got.header.Get("Allow") != allowRead {
			t.Errorf("%s: %d %s %v", user, got.status, got.body, got.header)
		}
	}
	if got := do(t, h, "GET", "/api/users/nobody/statistics/"); got.status != 404 {
		t.Errorf("unknown user: %d", got.status)
	}
}

// TestUserStatisticsAgreeWithChanges: on the samples, each user's translated count
// is the count of their 5 and 2 changes as the change filters find them.
func TestUserStatisticsAgreeWithChanges(t *testing.T) {
	h := sampleServer(t)
	var users struct{ Results []struct{ Username string } }
	if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/users/?page_size=1000").body), &users); err != nil || len(users.Results) == 0 {
		t.Fatalf("users: %v", err)
	}
	total := 0
	for _, u := range users.Results {
		var st struct{ Translated, Languages int }
		var changes struct{ Count int }
		if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/users/"+u.Username+"/statistics/").body), &st); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/changes/?action=5&action=2&user="+u.Username).body), &changes); err != nil {
			t.Fatal(err)
		}
		// Languages can be fewer than expected, not more: a removed translation's
		// changes (Italian in blitzclock) name no language.
		if st.Translated != changes.Count || st.Languages > st.Translated || (st.Translated == 0 && st.Languages > 0) {
			t.Errorf("%s: %+v, %d changes", u.Username, st, changes.Count)
		}
		total += st.Translated
	}
	if total == 0 {
		t.Error("no user translated anything in the samples")
	}
}
