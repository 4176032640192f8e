package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/store/pgstore/pgtest"
)

// fdroidHistory clones the shared directory's history bundle (-shared) once into the work directory and
// writes two projects.yaml naming it: with the whole history, and with its last
// commit only (the same files, no change log to speak of).
func fdroidHistory(o *options) (all, one string, err error) {
	dir := filepath.Join(o.work, "fdroid-history")
	repo := filepath.Join(dir, "repo")
	if _, err := os.Stat(filepath.Join(repo, ".git")); err != nil {
		os.RemoveAll(dir)
		bundle := filepath.Join(o.shared, "history", "fdroidclient-history.bundle")
		if out, err := exec.Command("git", "clone", "-q", bundle, repo).CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("git clone %s: %v %s", bundle, err, out)
		}
	}
	write := func(name, history string) (string, error) {
		p := filepath.Join(dir, name)
		return p, os.WriteFile(p, []byte(`projects:
  - name: F-Droid
    slug: fdroid
    components:
      - name: Client
        slug: client
        repo: `+repo+`
        filemask: app/src/main/res/values-*/strings.xml
        template: app/src/main/res/values/strings.xml
        file_format: aresource
        history: `+history+`
`), 0o644)
	}
	if all, err = write("all.yaml", "all"); err != nil {
		return "", "", err
	}
	one, err = write("one.yaml", "1")
	return all, one, err
}

// changeCount reads /api/changes/'s count (-1 when it does not answer).
func changeCount(base string) int {
	code, body, err := get(base + "/api/changes/?page_size=1")
	var page struct{ Count int }
	if err != nil || code != 200 || json.Unmarshal(body, &page) != nil {
		return -1
	}
	return page.Count
}

// waitCount polls until the log shows at least n changes (n < 0: any answer) and
// returns when it first did, with the count then.
func waitCount(ctx context.Context, base string, n int, s *server) (time.Time, int, error) {
	for {
		if c := changeCount(base); c >= 0 && c >= n {
			return time.Now(), c, nil
		}
		select {
		case <-ctx.Done():
			msg := ""
			if s != nil {
				msg = lastLines(s.stderr.String(), 5)
			}
			return time.Time{}, 0, fmt.Errorf("%s: the log did not reach %d changes: %w %s", base, n, ctx.Err(), msg)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// settled waits until the log's count stops changing and the history scan is done.
func settled(ctx context.Context, base string, s *server) (int, error) {
	if err := waitScans(ctx, base, 2); err != nil {
		return 0, err
	}
	last := -1
	for {
		c := changeCount(base)
		if c > 0 && c == last {
			return c, nil
		}
		last = c
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("the log did not settle: %w %s", ctx.Err(), lastLines(s.stderr.String(), 5))
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// changesMemoryFigure: the resident memory a server spends per change of its log,
// on a real app's history: (RSS with the whole history − RSS with one commit's) /
// changes, each measured after a restart on the data directory its first run
// filled. Baseline: the changes' JSON as the API serves it, per change (what
// holding the log as documents would take).
func changesMemoryFigure(o *options) error {
	all, one, err := fdroidHistory(o)
	if err != nil {
		return err
	}
	bin := filepath.Join(o.bin, "gitlate")
	measureRSS := func(config string) (rssBytes int64, changes int, jsonPerChange float64, err error) {
		data, err := os.MkdirTemp(o.work, "changes-memory-")
		if err != nil {
			return 0, 0, 0, err
		}
		defer os.RemoveAll(data)
		addr, err := freeAddr()
		if err != nil {
			return 0, 0, 0, err
		}
		base := "http://" + addr
		args := []string{"serve", "--config", config, "--data", data, "--listen", addr, "--rescan", "1h"}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		s, err := startServer(bin, args)
		if err != nil {
			return 0, 0, 0, err
		}
		if _, err := waitFor(ctx, base+"/api/", s); err != nil {
			s.stop()
			return 0, 0, 0, err
		}
		changes, err = settled(ctx, base, s)
		s.stop()
		if err != nil {
			return 0, 0, 0, err
		}
		s, err = startServer(bin, args)
		if err != nil {
			return 0, 0, 0, err
		}
		defer s.stop()
		if _, err := waitFor(ctx, base+"/api/", s); err != nil {
			return 0, 0, 0, err
		}
		if _, err := settled(ctx, base, s); err != nil {
			return 0, 0, 0, err
		}
		// Some reading, as clients do: the first and last pages of the log.
		for _, p := range []string{"/api/changes/?page_size=1000", "/api/changes/?page_size=1000&page=last"} {
			code, body, err := get(base + p)
			if err != nil || code != 200 {
				return 0, 0, 0, fmt.Errorf("%s: %d %v", p, code, err)
			}
			var page struct{ Results []json.RawMessage }
			if json.Unmarshal(body, &page) == nil && len(page.Results) > 0 {
				n := 0
				for _, r := range page.Results {
					n += len(r)
				}
				jsonPerChange = float64(n) / float64(len(page.Results))
			}
		}
		time.Sleep(2 * time.Second)
		cur, _ := rss(s.pid())
		return cur, changes, jsonPerChange, nil
	}
	withRSS, changes, jsonPer, err := measureRSS(all)
	if err != nil {
		return fmt.Errorf("with the history: %w", err)
	}
	withoutRSS, few, _, err := measureRSS(one)
	if err != nil {
		return fmt.Errorf("without the history: %w", err)
	}
	per := float64(withRSS-withoutRSS) / float64(changes-few)
	fmt.Printf("change log memory: `gitlate serve` on F-Droid's translation history (the -shared directory's history bundle, %d changes), RSS after a restart\n", changes)
	fmt.Printf("  %-46s %12s\n", "RSS with the whole history", mb(withRSS))
	fmt.Printf("  %-46s %12s\n", fmt.Sprintf("RSS with its last commit only (%d changes)", few), mb(withoutRSS))
	fmt.Printf("  %-46s %10.0f B\n", "gitlate: resident bytes per change", per)
	fmt.Printf("  %-46s %10.0f B\n", "baseline: the change's JSON as served", jsonPer)
	fmt.Printf("  ratio (gitlate / baseline)                     %9.2f×\n", per/jsonPer)
	fmt.Printf("  target: ≤ 300 bytes per change: %s\n", verdict(per <= 300))
	return nil
}

// logRestartFigure: from process start to the first answer of /api/changes/ that
// holds the whole log, on F-Droid's history: restarted on its data directory
// against started on an empty one (the whole history walked).
func logRestartFigure(o *options) error {
	all, _, err := fdroidHistory(o)
	if err != nil {
		return err
	}
	bin := filepath.Join(o.bin, "gitlate")
	runs := min(o.runs, 3)
	var cold, warm []time.Duration
	total := 0
	for i := 0; i < runs; i++ {
		data, err := os.MkdirTemp(o.work, "log-restart-")
		if err != nil {
			return err
		}
		start := func() (time.Duration, error) {
			addr, err := freeAddr()
			if err != nil {
				return 0, err
			}
			base := "http://" + addr
			s, err := startServer(bin, []string{"serve", "--config", all, "--data", data, "--listen", addr, "--rescan", "1h"})
			if err != nil {
				return 0, err
			}
			defer s.stop()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			want := total
			if want == 0 {
				want = 1
			}
			at, n, err := waitCount(ctx, base, want, s)
			if err != nil {
				return 0, err
			}
			if total == 0 {
				if total, err = settled(ctx, base, s); err != nil {
					return 0, err
				}
			} else if n != total {
				return 0, fmt.Errorf("the log shows %d changes, not %d", n, total)
			}
			return at.Sub(s.start), nil
		}
		saved := total
		total = 0
		d, err := start()
		if err != nil {
			os.RemoveAll(data)
			return fmt.Errorf("empty data directory: %w", err)
		}
		if saved != 0 && saved != total {
			os.RemoveAll(data)
			return fmt.Errorf("walks disagree: %d changes, then %d", saved, total)
		}
		cold = append(cold, d)
		d, err = start()
		os.RemoveAll(data)
		if err != nil {
			return fmt.Errorf("restart: %w", err)
		}
		warm = append(warm, d)
	}
	fmt.Printf("restart to the complete log: F-Droid's translation history (%d changes), from process start to the first\n", total)
	fmt.Printf("  answer of /api/changes/ with every change, %d runs\n", runs)
	fmt.Printf("  %-50s %10s %10s\n", "", "median", "max")
	fmt.Printf("  %-50s %10s %10s\n", "gitlate: restarted on its data directory", ms(median(warm)), ms(maxDur(warm)))
	fmt.Printf("  %-50s %10s %10s\n", "baseline: started on an empty data directory", ms(median(cold)), ms(maxDur(cold)))
	fmt.Printf("  ratio (baseline / gitlate)                       %9.1f×\n", float64(median(cold))/float64(median(warm)))
	fmt.Printf("  target: the complete log within 1 s of start: %s\n", verdict(median(warm) <= time.Second))
	return nil
}

// agreementRepo makes a checkout of one component with a short history, and the
// projects.yaml naming it.
func agreementRepo(o *options) (repo, config string, err error) {
	dir, err := os.MkdirTemp(o.work, "replicas-")
	if err != nil {
		return "", "", err
	}
	repo = filepath.Join(dir, "app")
	files := map[string]string{
		"res/values/strings.xml":    `<resources><string name="hello">Hello</string><string name="bye">Bye</string></resources>`,
		"res/values-cs/strings.xml": `<resources><string name="hello">Ahoj</string></resources>`,
	}
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, p)), 0o755); err != nil {
			return "", "", err
		}
		if err := os.WriteFile(filepath.Join(repo, p), []byte(c), 0o644); err != nil {
			return "", "", err
		}
	}
	if err := gitRun(repo, "init", "-q", "-b", "main"); err != nil {
		return "", "", err
	}
	if err := gitCommitAll(repo, "initial"); err != nil {
		return "", "", err
	}
	config = filepath.Join(dir, "projects.yaml")
	return repo, config, os.WriteFile(config, []byte(`projects:
  - name: Demo
    slug: demo
    enable_hooks: true
    components:
      - name: App
        slug: app
        repo: `+repo+`
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
`), 0o644)
}

func gitRun(dir string, args ...string) error {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Bench", "GIT_AUTHOR_EMAIL=bench@example.org", "GIT_COMMITTER_NAME=Bench", "GIT_COMMITTER_EMAIL=bench@example.org")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git %s: %v %s", strings.Join(args, " "), err, out)
	}
	return nil
}

func gitCommitAll(dir, msg string) error {
	if err := gitRun(dir, "add", "-A"); err != nil {
		return err
	}
	return gitRun(dir, "commit", "-q", "-m", msg)
}

// replicasFigure: how soon replicas sharing one PostgreSQL agree. A webhook reaches
// one replica, which logs it (53): the time until the other shows it, against the
// time until the one that received it does. A commit lands in the checkout both
// serve: the time until both show its changes, against one server on its own
// store. Then a third replica starts on an empty data directory: the time to its
// first answer, which must show the same log.
func replicasFigure(o *options) error {
	cluster, err := pgtest.Start()
	if err != nil {
		return fmt.Errorf("PostgreSQL: %w", err)
	}
	defer func() { cluster.Stop(); cluster.Remove() }()
	url, err := pgtest.CreateDatabase(cluster.URL)
	if err != nil {
		return err
	}
	repo, config, err := agreementRepo(o)
	if err != nil {
		return err
	}
	defer os.RemoveAll(filepath.Dir(repo))
	bin := filepath.Join(o.bin, "gitlate")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	start := func(store string) (string, *server, error) {
		data, err := os.MkdirTemp(o.work, "replica-data-")
		if err != nil {
			return "", nil, err
		}
		addr, err := freeAddr()
		if err != nil {
			return "", nil, err
		}
		args := []string{"serve", "--config", config, "--data", data, "--listen", addr, "--base-url", "http://gitlate.example"}
		if store != "" {
			args = append(args, "--store", store)
		}
		s, err := startServer(bin, args)
		if err != nil {
			return "", nil, err
		}
		base := "http://" + addr
		if _, err := waitFor(ctx, base+"/api/", s); err != nil {
			s.stop()
			return "", nil, err
		}
		if _, err := settled(ctx, base, s); err != nil {
			s.stop()
			return "", nil, err
		}
		return base, s, nil
	}
	aBase, a, err := start(url)
	if err != nil {
		return err
	}
	defer a.stop()
	bBase, b, err := start(url)
	if err != nil {
		return err
	}
	defer b.stop()
	oneBase, one, err := start("")
	if err != nil {
		return err
	}
	defer one.stop()
	runs := max(o.runs, 3)
	var other, received []time.Duration
	hookActions := "/api/changes/?action=53&page_size=1"
	hooks := func(base string) int {
		code, body, err := get(base + hookActions)
		var page struct{ Count int }
		if err != nil || code != 200 || json.Unmarshal(body, &page) != nil {
			return -1
		}
		return page.Count
	}
	payload := fmt.Sprintf(`{"ref":"refs/heads/main","repository":{"clone_url":%q}}`, repo)
	for i := 0; i < runs; i++ {
		before := hooks(aBase)
		sent := time.Now()
		req, _ := http.NewRequest("POST", aBase+"/hooks/github/", strings.NewReader(payload))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-GitHub-Event", "push")
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		var atA, atB time.Time
		for atA.IsZero() || atB.IsZero() {
			now := time.Now()
			if atA.IsZero() && hooks(aBase) > before {
				atA = now
			}
			if atB.IsZero() && hooks(bBase) > before {
				atB = now
			}
			if now.Sub(sent) > time.Minute {
				return fmt.Errorf("the webhook's 53 did not show on both replicas within a minute")
			}
			time.Sleep(2 * time.Millisecond)
		}
		received = append(received, atA.Sub(sent))
		other = append(other, atB.Sub(sent))
		time.Sleep(6 * time.Second) // a component's webhooks log one 53 per 5 s
	}
	var both, single []time.Duration
	for i := 0; i < runs; i++ {
		before := []int{changeCount(aBase), changeCount(bBase), changeCount(oneBase)}
		text := fmt.Sprintf(`<resources><string name="hello">Ahoj %d</string><string name="bye">Nashle %d</string></resources>`, i, i)
		if err := os.WriteFile(filepath.Join(repo, "res/values-cs/strings.xml"), []byte(text), 0o644); err != nil {
			return err
		}
		committed := time.Now()
		if err := gitCommitAll(repo, fmt.Sprint("change ", i)); err != nil {
			return err
		}
		var last time.Time
		for j, base := range []string{aBase, bBase, oneBase} {
			at, _, err := waitCount(ctx, base, before[j]+1, nil)
			if err != nil {
				return err
			}
			if j < 2 && at.After(last) {
				last = at
			}
			if j == 2 {
				single = append(single, at.Sub(committed))
			}
		}
		both = append(both, last.Sub(committed))
		time.Sleep(300 * time.Millisecond)
	}
	// A third replica, later, on an empty data directory.
	want := changeCount(aBase)
	cStart := time.Now()
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	data, err := os.MkdirTemp(o.work, "replica-data-")
	if err != nil {
		return err
	}
	c, err := startServer(bin, []string{"serve", "--config", config, "--data", data, "--listen", addr, "--base-url", "http://gitlate.example", "--store", url})
	if err != nil {
		return err
	}
	defer c.stop()
	at, n, err := waitCount(ctx, "http://"+addr, 0, c)
	if err != nil {
		return err
	}
	fmt.Printf("replica agreement: two `gitlate serve --store postgres://…` on one checkout; %d runs\n", runs)
	fmt.Printf("  %-58s %10s %10s\n", "", "median", "max")
	fmt.Printf("  %-58s %10s %10s\n", "gitlate: a webhook to one, until the other shows its 53", ms(median(other)), ms(maxDur(other)))
	fmt.Printf("  %-58s %10s %10s\n", "baseline: until the one it reached shows it", ms(median(received)), ms(maxDur(received)))
	fmt.Printf("  ratio (gitlate / baseline)                                  %9.2f×\n", float64(median(other))/float64(median(received)))
	fmt.Printf("  %-58s %10s %10s\n", "gitlate: until both replicas show the commit's changes", ms(median(both)), ms(maxDur(both)))
	fmt.Printf("  %-58s %10s %10s\n", "baseline: until a server on its own store shows them", ms(median(single)), ms(maxDur(single)))
	fmt.Printf("  ratio (gitlate / baseline)                                  %9.2f×\n", float64(median(both))/float64(median(single)))
	fmt.Printf("  a third replica on an empty data directory: first answer %s after start, showing %d of the %d changes\n",
		ms(at.Sub(cStart)), n, want)
	fmt.Printf("  target: replicas agree within seconds, a late one at once: %s\n", verdict(median(both) <= 5*time.Second && median(other) <= 5*time.Second && n == want))
	return nil
}
