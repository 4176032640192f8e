package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

func TestNormalizeRepoURL(t *testing.T) {
	same := [][]string{
		{"https://github.com/Owner/App.git", "https://github.com/owner/app", "git@github.com:owner/app.git",
			"ssh://git@github.com/owner/app", "git://github.com/owner/app.git", "https://user:token@github.com/owner/app/",
			"ssh://git@github.com:22/owner/app.git"},
		{"https://gitlab.example.org/group/sub/app.git", "git@gitlab.example.org:group/sub/app.git"},
	}
	for _, group := range same {
		want := normalizeRepoURL(group[0])
		for _, u := range group[1:] {
			if got := normalizeRepoURL(u); got != want {
				t.Errorf("%s → %s, want %s (as %s)", u, got, want, group[0])
			}
		}
	}
	if normalizeRepoURL("https://github.com/owner/app") == normalizeRepoURL("https://github.com/owner/app2") {
		t.Error("different repositories compare equal")
	}
}

// payload decodes a JSON payload as readPayload does.
func payload(t *testing.T, s string) map[string]any {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestHookParsers: each forge's push payload (trimmed from the forges' documented
// examples) gives its repository's addresses and branch; other events are nil, and a
// push without a repository is an error.
func TestHookParsers(t *testing.T) {
	tests := []struct {
		service string
		header  http.Header
		body    string
		urls    []string // nil: no event
		branch  string
		err     bool
	}{
		{"github", http.Header{"X-Github-Event": {"push"}},
			`{"ref":"refs/heads/main","repository":{"clone_url":"https://github.com/o/app.git","ssh_url":"git@github.com:o/app.git"}}`,
			[]string{"https://github.com/o/app.git", "git@github.com:o/app.git"}, "main", false},
		{"github", http.Header{"X-Github-Event": {"push"}},
			`{"ref":"refs/heads/dev","repository":{"name":"app","owner":{"login":"o"}}}`,
			[]string{"https://github.com/o/app"}, "dev", false},
		{"github", http.Header{"X-Github-Event": {"ping"}}, `{"zen":"hi"}`, nil, "", false},
		{"github", http.Header{"X-Github-Event": {"push"}}, `{"ref":"refs/heads/main"}`, nil, "", true},

		{"gitlab", nil,
			`{"object_kind":"push","ref":"refs/heads/main","project":{"git_http_url":"https://gitlab.com/g/app.git","git_ssh_url":"git@gitlab.com:g/app.git","web_url":"https://gitlab.com/g/app"},` +
				`"repository":{"url":"git@gitlab.com:g/app.git","homepage":"https://gitlab.com/g/app","git_http_url":"https://gitlab.com/g/app.git"}}`,
			[]string{"git@gitlab.com:g/app.git", "https://gitlab.com/g/app.git", "https://gitlab.com/g/app", "https://gitlab.com/g/app.git", "git@gitlab.com:g/app.git", "https://gitlab.com/g/app"},
			"main", false},
		{"gitlab", nil, `{"object_kind":"note"}`, nil, "", false},
		{"gitlab", nil, `{"ref":"refs/heads/main","repository":{}}`, nil, "", true},

		{"gitea", nil,
			`{"ref":"refs/heads/stable","repository":{"clone_url":"https://codeberg.org/o/app.git","ssh_url":"git@codeberg.org:o/app.git","html_url":"https://codeberg.org/o/app"}}`,
			[]string{"https://codeberg.org/o/app.git", "git@codeberg.org:o/app.git", "https://codeberg.org/o/app"}, "stable", false},
		{"gitea", nil, `{"action":"opened"}`, nil, "", false},
		{"gitea", nil, `{"ref":"refs/heads/main"}`, nil, "", true},

		{"bitbucket", http.Header{"X-Event-Key": {"repo:push"}},
			`{"repository":{"full_name":"o/app","links":{"html":{"href":"https://bitbucket.org/o/app"},` +
				`"clone":[{"href":"https://bitbucket.org/o/app.git","name":"https"},{"href":"git@bitbucket.org:o/app.git","name":"ssh"}]}},` +
				`"push":{"changes":[{"old":{"name":"main"},"new":{"name":"feature"}},{"old":{"name":"gone"},"new":null}]}}`,
			[]string{"https://bitbucket.org/o/app.git", "git@bitbucket.org:o/app.git", "https://bitbucket.org/o/app", "https://bitbucket.org/o/app"},
			"gone", false}, // the last change names the branch; a deleted one only in "old"
		{"bitbucket", http.Header{"X-Event-Key": {"repo:refs_changed"}},
			`{"repository":{"full_name":"o/app"},"push":{"changes":[{"new":{"name":"main"}}]}}`,
			[]string{"https://bitbucket.org/o/app"}, "main", false},
		{"bitbucket", http.Header{"X-Event-Key": {"pullrequest:created"}}, `{}`, nil, "", false},
		{"bitbucket", http.Header{"X-Event-Key": {"repo:push"}}, `{"push":{}}`, nil, "", true},
	}
	for i, tt := range tests {
		ev, err := hookParsers[tt.service](tt.header, payload(t, tt.body))
		switch {
		case tt.err:
			if err == nil {
				t.Errorf("%d %s: no error for %s", i, tt.service, tt.body)
			}
		case err != nil:
			t.Errorf("%d %s: %v", i, tt.service, err)
		case tt.urls == nil:
			if ev != nil {
				t.Errorf("%d %s: an event for %s: %+v", i, tt.service, tt.body, ev)
			}
		case ev == nil:
			t.Errorf("%d %s: no event", i, tt.service)
		default:
			if strings.Join(ev.urls, " ") != strings.Join(tt.urls, " ") || ev.branch != tt.branch {
				t.Errorf("%d %s: %q on %q, want %q on %q", i, tt.service, ev.urls, ev.branch, tt.urls, tt.branch)
			}
		}
	}
}

// TestMatchPush: a push fetches the components that read the pushed repository and
// branch, in projects with enable_hooks; the component's branch is the configured
// one or else the repository's; credentials in the configured address do not matter.
func TestMatchPush(t *testing.T) {
	project := func(slug string, hooks bool, comps ...*snapshot.Component) *snapshot.Project {
		p := &snapshot.Project{Config: &config.Project{Slug: slug, EnableHooks: hooks}, Components: comps}
		for _, c := range comps {
			c.Project = p
		}
		return p
	}
	comp := func(slug, repo, branch, repoBranch string) *snapshot.Component {
		return &snapshot.Component{Config: &config.Component{Slug: slug, Repo: repo, Branch: branch},
			Repo: snapshot.Repository{Branch: repoBranch}}
	}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{
		project("hooked", true,
			comp("main", "https://bot:s3cret@github.com/o/app.git", "main", "main"),
			comp("dev", "git@github.com:o/app.git", "dev", "dev"),
			comp("head", "https://github.com/o/app", "", "main"), // the repository's HEAD branch
			comp("other", "https://github.com/o/other.git", "main", "main")),
		project("quiet", false, comp("main", "https://github.com/o/app.git", "main", "main")),
	}}
	tests := []struct {
		urls   []string
		branch string
		want   string
	}{
		{[]string{"https://github.com/o/app.git"}, "main", "hooked/head hooked/main"},
		{[]string{"git@github.com:O/App.git"}, "dev", "hooked/dev"},
		{[]string{"https://github.com/o/app"}, "", "hooked/dev hooked/head hooked/main"}, // no branch named: all of them
		{[]string{"https://github.com/o/app.git"}, "feature", ""},
		{[]string{"https://gitlab.com/o/app.git"}, "main", ""},
		{[]string{"https://example.org/x.git", "ssh://git@github.com/o/other"}, "main", "hooked/other"},
	}
	for _, tt := range tests {
		got := strings.Join(matchPush(snap, &pushEvent{urls: tt.urls, branch: tt.branch}), " ")
		if got != tt.want {
			t.Errorf("%q on %q: %q, want %q", tt.urls, tt.branch, got, tt.want)
		}
	}
}

// TestWebhookAnswersDuringRebuild: a push webhook answers at once while a rebuild
// is running — it only notes what to pull — and so do the reads, from the snapshot
// being served; the webhook's 53 shows once the rebuild is done. The rebuild is held
// where the Live hands its new snapshot to its observers.
func TestWebhookAnswersDuringRebuild(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": testutil.Czech})
	cfg := testutil.Config(t, t.TempDir(), strings.Replace(testutil.AndroidConfig(repo), "    slug: demo\n", "    slug: demo\n    enable_hooks: true\n", 1))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Live: live.Options{Rescan: time.Hour}})
	srv, err := New(s.Live, Options{BaseURL: "http://gitlate.test", Notifier: s.Live, Reader: s.Units, Changes: s.Store})
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan struct{}, 1)
	release := make(chan struct{})
	var once sync.Once
	s.Live.OnSnapshot(srv.Prepare)
	s.Live.OnSnapshot(func(snap *snapshot.Snapshot) {
		if cs := snap.Project("demo").Component("android").Translation("cs"); cs != nil && cs.Stats.Translated == 3 {
			once.Do(func() { held <- struct{}{}; <-release }) // the rebuild after the edit waits
		}
	})
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	srv.Install(e.Group(srv.Prefix()))
	srv.InstallHooks(e.Group(srv.Prefix()))
	ctx, cancel := context.WithCancel(context.Background())
	defer func() { cancel(); s.Live.Wait() }()
	if err := s.Live.Start(ctx); err != nil {
		t.Fatal(err)
	}
	<-s.Live.Ready()
	translated := func() int {
		var st struct{ Translated int }
		json.Unmarshal([]byte(do(t, e, "GET", "/api/translations/demo/android/cs/statistics/").body), &st)
		return st.Translated
	}
	before := translated()
	// Czech loses its translation of hello: 3 translated of 4, not 4.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": strings.Replace(testutil.Czech, `<string name="hello">Ahoj, světe!</string>`, "", 1)})
	select {
	case <-held:
	case <-time.After(20 * time.Second):
		t.Fatal("no rebuild after an edit")
	}
	// The rebuild is in progress: a webhook and a read answer anyway.
	body, _ := json.Marshal(map[string]any{"ref": "refs/heads/main", "repository": map[string]any{"clone_url": repo}})
	done := make(chan response, 1)
	go func() {
		req := httptest.NewRequest("POST", "/hooks/github/", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-GitHub-Event", "push")
		w := httptest.NewRecorder()
		e.ServeHTTP(w, req)
		done <- response{status: w.Code, body: w.Body.String()}
	}()
	select {
	case r := <-done:
		if r.status != 200 || !strings.Contains(r.body, "Update triggered: demo/android") {
			t.Fatalf("webhook: %d %s", r.status, r.body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the webhook waits for the rebuild")
	}
	if got := translated(); got != before {
		t.Errorf("during the rebuild: %d translated, want %d as before", got, before)
	}
	close(release)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var hooks struct{ Count int }
		json.Unmarshal([]byte(do(t, e, "GET", "/api/components/demo/android/changes/?action=53").body), &hooks)
		if hooks.Count == 1 && translated() == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the rebuild: %d 53 events, %d translated", hooks.Count, translated())
		}
	}
}
