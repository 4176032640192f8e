package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWebhookAnswersDuringScan: a push webhook answers at once while a re-scan is
// running — it only notes what to pull — and so do the reads, from the snapshot
// being served; the pull follows once the re-scan is done. The re-scan is held where
// the Live prepares its new snapshot.
func TestWebhookAnswersDuringScan(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo, cfg := appCheckout(t, t.TempDir(), freshTemplate, freshCzech, true, "    enable_hooks: true\n")
	base := serve(t, true, "--config", cfg, "--rescan", "1h")
	var comp struct{ Repo string }
	getJSON(t, base+"/api/components/demo/app/", &comp)
	payload, _ := json.Marshal(map[string]any{"ref": "refs/heads/main", "repository": map[string]any{"clone_url": comp.Repo}})

	held := make(chan struct{}, 1)
	release := make(chan struct{})
	hold := func() {
		select {
		case held <- struct{}{}:
			<-release
		default: // only the first re-scan is held
		}
	}
	preparing.Store(&hold)
	released := false
	let := func() {
		if !released {
			released = true
			close(release)
		}
	}
	defer func() {
		let()
		preparing.Store(nil)
	}()

	writeFile(t, filepath.Join(repo, "res/values-cs/strings.xml"), freshCzechMore)
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("no re-scan after an edit")
	}
	// The re-scan is in progress: a webhook and a read answer anyway.
	type result struct {
		code int
		body string
	}
	done := make(chan result, 1)
	go func() {
		code, body := post(t, base+"/hooks/github/", "application/json", string(payload), "X-GitHub-Event", "push")
		done <- result{code, body}
	}()
	select {
	case r := <-done:
		if r.code != 200 || !strings.Contains(r.body, "Update triggered: demo/app") {
			t.Fatalf("webhook: %d %s", r.code, r.body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the webhook waits for the re-scan")
	}
	var st stats
	if code := getJSON(t, base+"/api/translations/demo/app/cs/statistics/", &st); code != 200 || st.Translated != 1 {
		t.Errorf("during the re-scan: %d %+v", code, st)
	}
	let()
	eventually(t, "the edit after the re-scan", 10*time.Second, func() bool {
		getJSON(t, base+"/api/translations/demo/app/cs/statistics/", &st)
		return st.Translated == 2
	})
	eventually(t, "the webhook's notification in the log", 10*time.Second, func() bool {
		var hooks struct{ Count int }
		getJSON(t, base+"/api/components/demo/app/changes/?action=53", &hooks)
		return hooks.Count == 1
	})
}
