package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/store/pgstore/pgtest"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/outside"
	"github.com/jackc/pgx/v5"
)

// server is a gitlate serve running in this process.
type server struct {
	base   string
	cancel context.CancelFunc
	done   chan int
	log    *testutil.Log // the server's log, written while the test reads it
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startReplica runs gitlate serve with args in this process until stop (or the
// test's end), and waits until it answers.
func startReplica(t *testing.T, args ...string) *server {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	w := &testutil.Log{}
	s := &server{base: "http://" + addr, cancel: cancel, done: make(chan int, 1), log: w}
	go func() { s.done <- run(ctx, append([]string{"serve", "--listen", addr}, args...), io.Discard, w) }()
	t.Cleanup(s.stop)
	for i := 0; ; i++ {
		// serve answers 503 until its first snapshot is in; /readyz says when.
		if readyz(s.base) {
			return s
		}
		if i == 600 {
			t.Fatalf("the server did not answer: %s", w.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *server) stop() {
	s.cancel()
	select {
	case <-s.done:
		s.done <- 0
	case <-time.After(30 * time.Second):
	}
}

// get returns a URL's status and body.
func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// changeCount is /api/changes/'s count (-1 when it does not answer).
func changeCount(base string) int {
	resp, err := http.Get(base + "/api/changes/?page_size=1")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	var page struct{ Count int }
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || json.Unmarshal(body, &page) != nil {
		return -1
	}
	return page.Count
}

const testBase = "http://gitlate.example"

var linkRE = regexp.MustCompile(`"` + regexp.QuoteMeta(testBase) + `(/api/[^"]*)"`)

// crawl follows the API's links from the roots, up to limit URLs, and returns each
// URL's answer from every server (by their base URLs).
func crawl(t *testing.T, limit int, servers []*server, roots ...string) (urls []string, answers [][][]byte) {
	t.Helper()
	seen := map[string]bool{}
	todo := append([]string(nil), roots...)
	for len(todo) > 0 && len(urls) < limit {
		u := todo[0]
		todo = todo[1:]
		if seen[u] || strings.Contains(u, "/file/") {
			continue
		}
		seen[u] = true
		var bodies [][]byte
		for _, s := range servers {
			_, b := get(t, s.base+u)
			bodies = append(bodies, b)
		}
		urls = append(urls, u)
		answers = append(answers, bodies)
		for _, m := range linkRE.FindAllSubmatch(bodies[0], -1) {
			todo = append(todo, string(m[1]))
		}
	}
	return urls, answers
}

// TestReplicasAgree: three replicas on one PostgreSQL, with the same projects and
// base URL, answer every URL the API links byte for byte the same, ids included;
// the third starts later on an empty data directory and agrees at once.
func TestReplicasAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and three servers")
	}
	url := pgtest.Database(t)
	args := func() []string {
		return []string{"--data", t.TempDir(), "--base-url", testBase, "--store", url, "--rescan", "1h"}
	}
	a := startReplica(t, args()...)
	b := startReplica(t, args()...)
	eventually(t, "both replicas' logs", 60*time.Second, func() bool {
		n := changeCount(a.base)
		return n > 100 && changeCount(b.base) == n
	})
	c := startReplica(t, args()...)
	if n, m := changeCount(c.base), changeCount(a.base); n != m {
		t.Errorf("the replica started later shows %d changes at once, the others %d", n, m)
	}
	servers := []*server{a, b, c}
	urls, answers := crawl(t, 300, servers, "/api/", "/api/projects/", "/api/changes/?page_size=1000", "/api/units/?page_size=1000",
		"/api/translations/?page_size=1000", "/api/languages/", "/api/users/")
	same := 0
	for i, bodies := range answers {
		if bytes.Equal(bodies[0], bodies[1]) && bytes.Equal(bodies[0], bodies[2]) {
			same++
		} else if same+5 > i {
			t.Errorf("%s differs:\n%.300s\n%.300s\n%.300s", urls[i], bodies[0], bodies[1], bodies[2])
		}
	}
	t.Logf("%d of %d URLs byte-identical on three replicas", same, len(urls))
	if same != len(urls) || len(urls) < 100 {
		t.Errorf("%d of %d URLs identical", same, len(urls))
	}
}

// historyRepo makes a checkout whose history has commits × languages × units
// translation changes (each commit changes every unit of every language), and
// its projects.yaml; it returns the config's path.
func historyRepo(t *testing.T, commits, languages, units int) string {
	t.Helper()
	dir := t.TempDir()
	repo := filepath.Join(dir, "app")
	tmpl := func(c int) string {
		var b strings.Builder
		b.WriteString("<resources>\n")
		for u := range units {
			fmt.Fprintf(&b, "  <string name=\"s%d\">Source %d version %d</string>\n", u, u, c)
		}
		b.WriteString("</resources>\n")
		return b.String()
	}
	trans := func(l, c int) string {
		var b strings.Builder
		b.WriteString("<resources>\n")
		for u := range units {
			fmt.Fprintf(&b, "  <string name=\"s%d\">Text %d of language %d, version %d</string>\n", u, u, l, c)
		}
		b.WriteString("</resources>\n")
		return b.String()
	}
	codes := []string{"cs", "de", "fr", "it", "es", "pl", "nl", "sv", "da", "fi", "hu", "ro", "sk", "sl", "hr", "bg", "el", "tr", "uk", "ru",
		"ja", "ko", "zh-rCN", "pt-rBR", "ca", "eu", "gl", "et", "lv", "lt"}
	gitCLI(t, dir, "init", "-q", "-b", "main", repo)
	// Every commit in one git fast-import, then the last one checked out.
	var stream strings.Builder
	file := func(path, content string) {
		fmt.Fprintf(&stream, "M 100644 inline %s\ndata %d\n%s\n", path, len(content), content)
	}
	for c := range commits {
		date := time.Date(2026, 1, 1+c/24, c%24, 0, 0, 0, time.UTC).Unix()
		msg := fmt.Sprint("version ", c)
		who := "Petra Nováková <petra@example.org>"
		fmt.Fprintf(&stream, "commit refs/heads/main\nauthor %s %d +0000\ncommitter %s %d +0000\ndata %d\n%s\n", who, date, who, date, len(msg), msg)
		file("res/values/strings.xml", tmpl(0))
		for l := range languages {
			file("res/values-"+codes[l]+"/strings.xml", trans(l, c))
		}
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir = repo
	cmd.Env = outside.GitEnv()
	cmd.Stdin = strings.NewReader(stream.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git fast-import: %v %s", err, out)
	}
	gitCLI(t, repo, "reset", "-q", "--hard", "main")
	cfg := filepath.Join(dir, "projects.yaml")
	writeFile(t, cfg, `projects:
  - name: Demo
    slug: demo
    components:
      - name: App
        slug: app
        repo: app
        filemask: res/values-*/strings.xml
        template: res/values/strings.xml
        file_format: aresource
        history: all
`)
	return cfg
}

// process is a gitlate serve running as a process of its own, to be killed.
type process struct {
	cmd  *exec.Cmd
	base string
	out  *testutil.Log
}

func startProcess(t *testing.T, args ...string) *process {
	t.Helper()
	addr := freeAddr(t)
	p := &process{base: "http://" + addr, out: &testutil.Log{}}
	p.cmd = exec.Command(os.Args[0], append([]string{"serve", "--listen", addr}, args...)...)
	p.cmd.Env = append(os.Environ(), "GITLATE_TEST_AS_MAIN=1")
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
	return p
}

// dump lists every change the server shows, as it shows them.
func dump(t *testing.T, base string) []byte {
	t.Helper()
	var out []byte
	for page := 1; ; page++ {
		code, body := get(t, fmt.Sprintf("%s/api/changes/?page_size=1000&page=%d", base, page))
		if code == 404 {
			return out
		}
		if code != 200 {
			t.Fatalf("page %d: %d %s", page, code, body)
		}
		out = append(out, body...)
	}
}

// TestKillMidWalk: a replica killed (SIGKILL) while it stores a long history loses
// nothing: restarted, it finishes the walk, and its log is the one a replica that
// was never killed stores, byte for byte.
func TestKillMidWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and walks a long history twice")
	}
	cfg := historyRepo(t, 60, 25, 40) // 60,000 changes of units
	url := pgtest.Database(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	data := t.TempDir()
	args := []string{"--config", cfg, "--data", data, "--base-url", testBase, "--store", url, "--rescan", "1h"}
	p := startProcess(t, args...)
	killed := false
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		var stored, walked int
		// The schema may not be there yet.
		if conn.QueryRow(ctx, `SELECT count(*) FROM changes`).Scan(&stored) != nil {
			continue
		}
		if conn.QueryRow(ctx, `SELECT count(*) FROM states WHERE name LIKE 'walkpos/%'`).Scan(&walked) != nil {
			continue
		}
		if walked > 0 {
			t.Skip("the walk ended before the test could kill it (a machine much faster than expected)")
		}
		if stored > 0 {
			p.cmd.Process.Kill()
			p.cmd.Wait()
			killed = true
			t.Logf("killed with %d changes stored, the walk's position not yet", stored)
			break
		}
	}
	if !killed {
		t.Fatalf("the walk never started: %s", p.out.String())
	}
	p = startProcess(t, args...)
	var total int
	eventually(t, "the restarted replica's log", 2*time.Minute, func() bool {
		total = changeCount(p.base)
		var walked int
		conn.QueryRow(ctx, `SELECT count(*) FROM states WHERE name LIKE 'walkpos/%'`).Scan(&walked)
		return walked > 0 && total > 60000
	})
	eventually(t, "the restarted replica's complete log", 30*time.Second, func() bool { return changeCount(p.base) == total })
	after := dump(t, p.base)

	ref := startReplica(t, "--config", cfg, "--data", t.TempDir(), "--base-url", testBase, "--store", pgtest.Database(t), "--rescan", "1h")
	eventually(t, "the reference replica's log", 2*time.Minute, func() bool { return changeCount(ref.base) == total })
	if want := dump(t, ref.base); !bytes.Equal(after, want) {
		t.Errorf("the log after a kill (%d bytes) differs from one never killed (%d bytes)", len(after), len(want))
	}
}

// configurationErrors reads the alerts gauge of /metrics.
func configurationErrors(t *testing.T, base string) int {
	t.Helper()
	_, body := get(t, base+"/metrics")
	m := regexp.MustCompile(`(?m)^gitlate_configuration_errors (\d+)`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("no gitlate_configuration_errors in /metrics")
	}
	var n int
	fmt.Sscan(string(m[1]), &n)
	return n
}

// TestStoreOutage: PostgreSQL stopped and started again under load. Clients get
// their answers all along (the snapshot and the local copy of the log serve them);
// every component shows an alert while the database is away; once it is back, the
// alert goes and what happened meanwhile reaches the log.
func TestStoreOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and stops PostgreSQL")
	}
	if os.Getenv("GITLATE_TEST_POSTGRES") != "" {
		t.Skip("stops its own cluster: not run against GITLATE_TEST_POSTGRES")
	}
	cluster, err := pgtest.Start()
	if err != nil {
		t.Skipf("no PostgreSQL cluster for this test: %v", err)
	}
	defer func() { cluster.Stop(); cluster.Remove() }()
	url, err := pgtest.CreateDatabase(cluster.URL)
	if err != nil {
		t.Fatal(err)
	}
	repo, cfg := appCheckout(t, t.TempDir(), freshTemplate, freshCzech, true, "")
	s := startReplica(t, "--config", cfg, "--data", t.TempDir(), "--base-url", testBase, "--store", url, "--rescan", "300ms")
	eventually(t, "the log", 30*time.Second, func() bool { return changeCount(s.base) > 0 })
	before := changeCount(s.base)

	urls := []string{"/api/projects/", "/api/changes/", "/api/changes/?page=last", "/api/changes/1/",
		"/api/components/demo/app/statistics/", "/api/translations/demo/app/cs/units/", "/api/users/", "/projects/demo/app/"}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	requests := 0
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := i; ; j++ {
				select {
				case <-stop:
					return
				default:
				}
				u := urls[j%len(urls)]
				resp, err := http.Get(s.base + u)
				mu.Lock()
				requests++
				if err != nil {
					failures = append(failures, u+": "+err.Error())
				} else if resp.StatusCode != 200 {
					body, _ := io.ReadAll(resp.Body)
					failures = append(failures, fmt.Sprintf("%s: %d %.200s", u, resp.StatusCode, body))
				}
				mu.Unlock()
				if resp != nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	if err := cluster.Stop(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "an alert while PostgreSQL is away", 60*time.Second, func() bool { return configurationErrors(t, s.base) > 0 })
	// Translated meanwhile: the statistics show it at once, the log once the
	// database is back.
	writeFile(t, filepath.Join(repo, "res/values-cs/strings.xml"), freshCzechMore)
	gitCLI(t, repo, "commit", "-q", "-am", "bye")
	eventually(t, "the statistics of the commit", 30*time.Second, func() bool {
		var st []stats
		var page struct{ Results []stats }
		getJSON(t, s.base+"/api/components/demo/app/statistics/", &page)
		st = page.Results
		return len(st) == 2 && st[1].Translated == 2
	})
	if n := changeCount(s.base); n != before {
		t.Errorf("the log changed while PostgreSQL was away: %d changes, were %d", n, before)
	}
	time.Sleep(time.Second)
	if err := cluster.Start(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the alert gone once PostgreSQL is back", 90*time.Second, func() bool { return configurationErrors(t, s.base) == 0 })
	eventually(t, "the commit's changes in the log", 60*time.Second, func() bool { return changeCount(s.base) > before })
	close(stop)
	wg.Wait()
	t.Logf("%d requests during the outage and recovery", requests)
	if len(failures) > 0 {
		t.Errorf("%d of %d requests failed, e.g. %v", len(failures), requests, failures[:min(3, len(failures))])
	}
	if !strings.Contains(s.log.String(), "cannot be reached") {
		t.Errorf("the outage was not logged:\n%s", s.log.String())
	}
}

// TestRestartServesTheLog: a server restarted on its data directory serves the
// complete log, with the translations' last changes and the units' times, in the
// first answer it gives: nothing is walked again.
func TestRestartServesTheLog(t *testing.T) {
	t.Parallel()
	cfg := historyRepo(t, 20, 10, 20)
	data := t.TempDir()
	args := []string{"--config", cfg, "--data", data, "--base-url", testBase, "--rescan", "1h"}
	s := startReplica(t, args...)
	eventually(t, "the log", 60*time.Second, func() bool { return changeCount(s.base) > 3000 })
	pages := []string{"/api/translations/?page_size=1000", "/api/translations/demo/app/cs/units/", "/api/translations/demo/app/de/statistics/", "/api/users/"}
	answers := func(base string) [][]byte {
		out := [][]byte{dump(t, base)}
		for _, p := range pages {
			_, b := get(t, base+p)
			out = append(out, b)
		}
		return out
	}
	before := answers(s.base)
	s.stop()
	start := time.Now()
	s = startReplica(t, args...) // returns once /readyz says ready
	first := time.Since(start)
	after := answers(s.base)
	t.Logf("restarted: first answer after %s", first.Round(time.Millisecond))
	for i := range before {
		if !bytes.Equal(before[i], after[i]) {
			name := "the change log"
			if i > 0 {
				name = pages[i-1]
			}
			t.Errorf("%s differs after a restart:\n%.300s\nwas\n%.300s", name, after[i], before[i])
		}
	}
}
