package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// gitCLI runs git in dir with a fixed identity.
func gitCLI(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = outside.GitEnv("GIT_AUTHOR_NAME=Petra Nováková", "GIT_AUTHOR_EMAIL=petra@example.org",
		"GIT_COMMITTER_NAME=Petra Nováková", "GIT_COMMITTER_EMAIL=petra@example.org")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// appCheckout makes dir/app a git checkout holding template and czech as
// res/values/strings.xml and res/values-cs/strings.xml (committed when commit), and
// dir/projects.yaml naming it as component app of project demo; projectKeys are
// more lines of the project ("    enable_hooks: true\n"). It returns the checkout
// and the config's path.
func appCheckout(t *testing.T, dir, template, czech string, commit bool, projectKeys string) (repo, cfg string) {
	t.Helper()
	repo = filepath.Join(dir, "app")
	writeFile(t, filepath.Join(repo, "res/values/strings.xml"), template)
	writeFile(t, filepath.Join(repo, "res/values-cs/strings.xml"), czech)
	gitCLI(t, dir, "init", "-q", "-b", "main", repo)
	if commit {
		gitCLI(t, repo, "add", "-A")
		gitCLI(t, repo, "commit", "-q", "-m", "initial")
	}
	cfg = filepath.Join(dir, "projects.yaml")
	writeFile(t, cfg, `projects:
  - name: Demo
    slug: demo
`+projectKeys+`    components:
      - name: App
        slug: app
        repo: app
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
`)
	return repo, cfg
}

const (
	freshTemplate = `<resources>
    <string name="hello">Hello</string>
    <string name="bye">Goodbye</string>
</resources>
`
	freshCzech = `<resources>
    <string name="hello">Ahoj</string>
</resources>
`
	freshCzechMore = `<resources>
    <string name="hello">Ahoj</string>
    <string name="bye">Na shledanou</string>
</resources>
`
)

func getJSON(t *testing.T, url string, v any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if v != nil && resp.StatusCode == 200 {
		if err := json.Unmarshal(body, v); err != nil {
			t.Fatalf("%s: %v: %s", url, err, body)
		}
	}
	return resp.StatusCode
}

// eventually polls cond until it holds or the deadline passes, and says how long it took.
func eventually(t *testing.T, what string, deadline time.Duration, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for time.Since(start) < deadline {
		if cond() {
			return time.Since(start)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s: not seen within %s", what, deadline)
	return 0
}

type stats struct {
	Total, Translated int
}

// TestCheckoutFreshness: an edit in a checkout shows in the statistics at once, a
// commit adds its change to the log, a new language directory adds a translation.
func TestCheckoutFreshness(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo, cfg := appCheckout(t, t.TempDir(), freshTemplate, freshCzech, true, "")
	// A long safety re-scan: only the watcher can make the changes show.
	base := serve(t, true, "--config", cfg, "--rescan", "1h")
	csURL := base + "/api/translations/demo/app/cs/statistics/"
	var st stats
	getJSON(t, csURL, &st)
	if st.Total != 2 || st.Translated != 1 {
		t.Fatalf("cs before: %+v", st)
	}

	writeFile(t, filepath.Join(repo, "res/values-cs/strings.xml"), freshCzechMore)
	took := eventually(t, "an edited file", 5*time.Second, func() bool {
		getJSON(t, csURL, &st)
		return st.Translated == 2
	})
	t.Logf("an edit showed after %s", took)

	gitCLI(t, repo, "commit", "-q", "-am", "Czech: goodbye")
	eventually(t, "a commit in the change log", 5*time.Second, func() bool {
		var page struct {
			Results []struct {
				Action int
				Target string
				Author string
			}
		}
		getJSON(t, base+"/api/translations/demo/app/cs/changes/?action=5", &page)
		for _, r := range page.Results {
			if r.Target == "Na shledanou" && strings.HasSuffix(r.Author, "/api/users/petra/") {
				return true
			}
		}
		return false
	})

	writeFile(t, filepath.Join(repo, "res/values-xx/strings.xml"), freshCzech)
	writeFile(t, filepath.Join(repo, "res/values-de/strings.xml"), freshCzech)
	eventually(t, "a new language directory", 5*time.Second, func() bool {
		return getJSON(t, base+"/api/translations/demo/app/de/", nil) == 200
	})
}

func post(t *testing.T, url, contentType, body string, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestRemoteFreshness: a remote that gains commits shows them after a pull with a
// token, logging 21; a push webhook does the same for a project with hooks enabled,
// and nothing for one without.
func TestRemoteFreshness(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	origin := filepath.Join(dir, "origin.git")
	work := filepath.Join(dir, "work")
	gitCLI(t, dir, "init", "-q", "--bare", "-b", "main", origin)
	writeFile(t, filepath.Join(work, "res/values/strings.xml"), freshTemplate)
	writeFile(t, filepath.Join(work, "res/values-cs/strings.xml"), freshCzech)
	gitCLI(t, dir, "init", "-q", "-b", "main", work)
	gitCLI(t, work, "add", "-A")
	gitCLI(t, work, "commit", "-q", "-m", "initial")
	gitCLI(t, work, "push", "-q", origin, "main")
	const token = "a-test-token-long-enough"
	component := func() string {
		return `      - name: App
        slug: app
        repo: file://` + origin + `
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
        fetch_interval: "off"
`
	}
	cfg := filepath.Join(dir, "projects.yaml")
	writeFile(t, cfg, `tokens: [`+token+`]
projects:
  - name: Hooked
    slug: hooked
    components:
`+component()+`  - name: Quiet
    slug: quiet
    enable_hooks: false
    components:
`+component())
	base := serve(t, true, "--config", cfg, "--rescan", "1h")
	translated := func(project string) int {
		var st stats
		getJSON(t, base+"/api/translations/"+project+"/app/cs/statistics/", &st)
		return st.Translated
	}
	// The server answers before the remotes are cloned (in the background); the
	// components show once they are.
	eventually(t, "the first clones", 30*time.Second, func() bool {
		return translated("hooked") == 1 && translated("quiet") == 1
	})

	// The remote gains a commit; a pull needs a token.
	writeFile(t, filepath.Join(work, "res/values-cs/strings.xml"), freshCzechMore)
	gitCLI(t, work, "commit", "-q", "-am", "more Czech")
	gitCLI(t, work, "push", "-q", origin, "main")
	pullURL := base + "/api/components/hooked/app/repository/"
	if code, body := post(t, pullURL, "application/json", `{"operation":"pull"}`); code != 401 || !strings.Contains(body, "Authentication credentials were not provided.") {
		t.Fatalf("pull without token: %d %s", code, body)
	}
	if code, _ := post(t, pullURL, "application/json", `{"operation":"pull"}`, "Authorization", "Token wrong-token-0123456789"); code != 401 {
		t.Fatalf("pull with a wrong token: %d", code)
	}
	if code, body := post(t, pullURL, "application/json", `{"operation":"explode"}`, "Authorization", "Token "+token); code != 400 ||
		body != `{"operation":["\"explode\" is not a valid choice."]}` {
		t.Fatalf("bad operation: %d %s", code, body)
	}
	if code, body := post(t, pullURL, "application/x-www-form-urlencoded", "operation=push", "Authorization", "Bearer "+token); code != 200 ||
		!strings.HasPrefix(body, `{"result":false`) {
		t.Fatalf("push: %d %s", code, body)
	}
	code, body := post(t, pullURL, "application/json", `{"operation":"pull"}`, "Authorization", "Token "+token)
	if code != 200 || body != `{"result":true}` {
		t.Fatalf("pull: %d %s", code, body)
	}
	if translated("hooked") != 2 {
		t.Errorf("after the pull: %d translated", translated("hooked"))
	}
	var rebased struct{ Count int }
	getJSON(t, base+"/api/components/hooked/app/changes/?action=21", &rebased)
	if rebased.Count != 1 {
		t.Errorf("%d changes 21 after the pull", rebased.Count)
	}

	// A push webhook: only the project with hooks enabled (Weblate's default)
	// follows.
	writeFile(t, filepath.Join(work, "res/values-cs/strings.xml"), freshCzech)
	gitCLI(t, work, "commit", "-q", "-am", "less Czech")
	gitCLI(t, work, "push", "-q", origin, "main")
	payload, _ := json.Marshal(map[string]any{
		"ref": "refs/heads/main",
		"repository": map[string]any{
			"name": "origin", "owner": map[string]any{"login": "someone"},
			"clone_url": "file://" + origin, "url": "file://" + origin,
		},
	})
	code, body = post(t, base+"/hooks/github/", "application/json", string(payload), "X-GitHub-Event", "push")
	if code != 200 || !strings.Contains(body, "Update triggered: hooked/app") || strings.Contains(body, "quiet") {
		t.Fatalf("webhook: %d %s", code, body)
	}
	eventually(t, "the hooked project following the push", 5*time.Second, func() bool { return translated("hooked") == 1 })
	var hooks struct{ Count int }
	getJSON(t, base+"/api/components/hooked/app/changes/?action=53", &hooks)
	if hooks.Count != 1 {
		t.Errorf("%d changes 53", hooks.Count)
	}
	if n := translated("quiet"); n != 1 {
		// The quiet project never fetched: it still shows the first state.
		t.Errorf("project without hooks: %d translated", n)
	}
	var quietRebased struct{ Count int }
	getJSON(t, base+"/api/components/quiet/app/changes/?action=21", &quietRebased)
	if quietRebased.Count != 0 {
		t.Errorf("project without hooks was fetched: %d changes 21", quietRebased.Count)
	}
	// A ping, and a payload that is not JSON.
	if code, body := post(t, base+"/hooks/github/", "application/json", `{"zen":"hi"}`, "X-GitHub-Event", "ping"); code != 201 || !strings.Contains(body, "Hook working") {
		t.Errorf("ping: %d %s", code, body)
	}
	if code, _ := post(t, base+"/hooks/gitlab/", "application/json", `{not json`); code != 400 {
		t.Errorf("bad payload: %d", code)
	}
}

// TestSwapUnderLoad: requests running while files change and snapshots are swapped
// always see one complete state (run under -race in CI). The template alternates
// between two and three strings, the Czech file translating all three, so in every
// snapshot each translation has as many strings as the template, all translated. The
// answer polled lists several documents (the component's statistics), and a mix of
// two snapshots would show two totals. Each state must be seen, in turn, while the
// readers run: a test where no swap happened would prove nothing.
func TestSwapUnderLoad(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	const (
		two   = freshTemplate
		three = `<resources>
    <string name="hello">Hello</string>
    <string name="bye">Goodbye</string>
    <string name="later">See you</string>
</resources>
`
		czech = `<resources>
    <string name="hello">Ahoj</string>
    <string name="bye">Na shledanou</string>
    <string name="later">Uvidíme se</string>
</resources>
`
	)
	repo, cfg := appCheckout(t, t.TempDir(), two, czech, false, "")
	base := serve(t, false, "--config", cfg, "--rescan", "1h")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	var last atomic.Int64 // the total of the last good answer
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := http.Get(base + "/api/components/demo/app/statistics/")
				if err != nil {
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var page struct {
					Count   int
					Results []struct {
						Code              string
						Total, Translated int
					}
				}
				ok := json.Unmarshal(body, &page) == nil && page.Count == 2 && len(page.Results) == 2
				for _, r := range page.Results {
					ok = ok && (r.Total == 2 || r.Total == 3) && r.Translated == r.Total && r.Total == page.Results[0].Total
				}
				if !ok {
					mu.Lock()
					bad = append(bad, string(body))
					mu.Unlock()
					continue
				}
				last.Store(int64(page.Results[0].Total))
			}
		}()
	}
	// The readers keep both cores busy while the swaps wait for the watcher:
	// -short swaps twice.
	swaps := 8
	if testing.Short() {
		swaps = 2
	}
	for i := 0; i < swaps; i++ {
		content, want := three, int64(3)
		if i%2 == 1 {
			content, want = two, 2
		}
		writeFile(t, filepath.Join(repo, "res/values/strings.xml"), content)
		deadline := time.Now().Add(10 * time.Second)
		for last.Load() != want && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if last.Load() != want {
			close(stop)
			wg.Wait()
			t.Fatalf("swap %d: the readers never saw %d strings", i+1, want)
		}
	}
	close(stop)
	wg.Wait()
	if len(bad) > 0 {
		t.Errorf("%d answers mixed states, e.g. %s", len(bad), bad[0])
	}
}
