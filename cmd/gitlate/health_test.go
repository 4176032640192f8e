package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// TestHealthGate: the probes answer in every state, at the root and under the
// prefix; until the router is in, every other request is answered 503 at once,
// in the API's shape under /api/ and as a page elsewhere.
func TestHealthGate(t *testing.T) {
	t.Parallel()
	g := newGate("/wl")
	do := func(method, path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		g.ServeHTTP(w, httptest.NewRequest(method, path, nil))
		return w
	}
	answer := func(w *httptest.ResponseRecorder) healthAnswer {
		t.Helper()
		var a healthAnswer
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil || w.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("not a JSON answer (%v): %s %q", err, w.Header().Get("Content-Type"), w.Body)
		}
		return a
	}
	type want struct {
		method, path string
		code         int
		status       string // the JSON answer's status, if a probe's
	}
	check := func(state string, wants ...want) {
		t.Helper()
		for _, w := range wants {
			got := do(w.method, w.path)
			if got.Code != w.code {
				t.Errorf("%s: %s %s: %d, want %d: %s", state, w.method, w.path, got.Code, w.code, got.Body)
				continue
			}
			if w.status != "" {
				if a := answer(got); a.Status != w.status {
					t.Errorf("%s: %s %s: status %q, want %q", state, w.method, w.path, a.Status, w.status)
				}
			}
		}
	}

	g.starting("scanning the repositories")
	check("starting",
		want{"GET", "/healthz", 200, "ok"},
		want{"HEAD", "/healthz", 200, ""},
		want{"GET", "/wl/healthz", 200, "ok"},
		want{"GET", "/readyz", 503, "starting"},
		want{"GET", "/wl/readyz", 503, "starting"},
		want{"POST", "/healthz", 405, "error"},
		want{"GET", "/healthz/", 503, ""}, // not a probe: the server is not serving yet
	)
	r := do("GET", "/readyz")
	if a := answer(r); a.Detail != "scanning the repositories" || r.Header().Get("Retry-After") == "" {
		t.Errorf("readyz while starting: %+v, Retry-After %q", a, r.Header().Get("Retry-After"))
	}
	for _, path := range []string{"/wl/api/", "/wl/api", "/wl/api/projects/?page=2"} {
		r := do("GET", path)
		var body struct{ Detail string }
		if r.Code != 503 || r.Header().Get("Retry-After") == "" || r.Header().Get("Content-Type") != "application/json" ||
			json.Unmarshal(r.Body.Bytes(), &body) != nil || !strings.Contains(body.Detail, "scanning the repositories") {
			t.Errorf("%s while starting: %d %v %s", path, r.Code, r.Header(), r.Body)
		}
	}
	for _, path := range []string{"/wl/", "/wl/projects/demo/", "/api/"} { // /api/ outside the prefix is a page
		r := do("GET", path)
		if r.Code != 503 || r.Header().Get("Retry-After") == "" || !strings.HasPrefix(r.Header().Get("Content-Type"), "text/html") ||
			!strings.Contains(r.Body.String(), "<h1>Starting</h1>") {
			t.Errorf("%s while starting: %d %v %s", path, r.Code, r.Header(), r.Body)
		}
	}

	history := make(chan struct{})
	g.serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) }), history)
	check("ready",
		want{"GET", "/healthz", 200, "ok"},
		want{"GET", "/readyz", 200, "ready"},
		want{"GET", "/wl/readyz", 200, "ready"},
		want{"GET", "/wl/api/", 418, ""},
		want{"GET", "/readyz/", 418, ""},
	)
	if a := answer(do("GET", "/readyz")); a.History != "reading" {
		t.Errorf("readyz before the history: %+v", a)
	}
	close(history)
	if a := answer(do("GET", "/readyz")); a.History != "complete" {
		t.Errorf("readyz after the history: %+v", a)
	}

	g.stop("SIGTERM")
	check("stopping",
		want{"GET", "/healthz", 200, "ok"},
		want{"GET", "/readyz", 503, "stopping"},
		want{"GET", "/wl/api/", 418, ""}, // requests in flight or arriving are still served
	)
}

// TestHealthGateRootPrefix: without a prefix the probes answer at the root only
// (not at "//healthz").
func TestHealthGateRootPrefix(t *testing.T) {
	t.Parallel()
	g := newGate("")
	for path, code := range map[string]int{"/healthz": 200, "/readyz": 503, "//healthz": 503, "/api/": 503} {
		w := httptest.NewRecorder()
		g.ServeHTTP(w, httptest.NewRequest("GET", "http://x"+path, nil))
		if w.Code != code {
			t.Errorf("%s: %d, want %d", path, w.Code, code)
		}
	}
}

// TestHealthURL: the URL health asks, from --url or --listen.
func TestHealthURL(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ url, listen, want string }{
		{"", ":8080", "http://127.0.0.1:8080/readyz"},
		{"", "0.0.0.0:9000", "http://127.0.0.1:9000/readyz"},
		{"", "[::]:9000", "http://127.0.0.1:9000/readyz"},
		{"", "10.1.2.3:80", "http://10.1.2.3:80/readyz"},
		{"", "[::1]:8080", "http://[::1]:8080/readyz"},
		{"", "localhost:8080", "http://localhost:8080/readyz"},
		{"http://gitlate:8080", ":1", "http://gitlate:8080/readyz"},
		{"https://example.org/", ":1", "https://example.org/readyz"},
		{"http://example.org/wl/readyz", ":1", "http://example.org/wl/readyz"},
		{"", "8080", ""},             // not an address
		{"example.org", ":8080", ""}, // not a URL
		{"ftp://example.org/", ":8080", ""},
	} {
		got, err := readyzURL(tt.url, tt.listen)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("readyzURL(%q, %q) = %q, %v; want %q", tt.url, tt.listen, got, err, tt.want)
		}
	}
}

// TestHealthCommand: gitlate health exits 0 on a ready server, 1 on one that is
// not (saying what it said) or that does not answer, with one line each time.
func TestHealthCommand(t *testing.T) {
	t.Parallel()
	answering := func(code int, body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/readyz" {
				http.NotFound(w, r)
				return
			}
			w.WriteHeader(code)
			io.WriteString(w, body)
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(hanging.Close)
	for _, tt := range []struct {
		name string
		args []string
		code int
		out  string // a regular expression the one line of output matches
	}{
		{"ready", []string{"--url", answering(200, `{"status":"ready","history":"complete"}`)}, 0, `^http://127\.0\.0\.1:\d+/readyz: ready \(history complete\)$`},
		{"starting", []string{"--url", answering(503, `{"status":"starting","detail":"scanning the repositories"}`)}, 1,
			`^gitlate health: \S+/readyz: not ready: starting: scanning the repositories \(503 Service Unavailable\)$`},
		{"stopping", []string{"--url", answering(503, `{"status":"stopping","detail":"SIGTERM"}`)}, 1, `not ready: stopping: SIGTERM`},
		{"not gitlate", []string{"--url", answering(200, "<html>\n<p>hello</p>\n</html>")}, 1, `not ready: <html> <p>hello</p> </html> \(200 OK\)$`},
		{"unreachable", []string{"--url", closed.URL}, 1, `^gitlate health: \S+/readyz: unreachable: .*connection refused$`},
		{"no answer in time", []string{"--url", hanging.URL, "--timeout", "100ms"}, 1, `unreachable: no answer in time$`},
		{"from --listen", []string{"--listen", strings.TrimPrefix(answering(200, `{"status":"ready"}`), "http://")}, 0, `/readyz: ready$`},
		{"bad URL", []string{"--url", "localhost:8080"}, 2, `--url must look like`},
		{"argument", []string{"now"}, 2, `unexpected argument "now"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), append([]string{"health"}, tt.args...), &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != tt.code {
				t.Errorf("exit %d, want %d: %s", code, tt.code, out)
			}
			if strings.Count(out, "\n") != 1 || !regexp.MustCompile(tt.out).MatchString(strings.TrimSuffix(out, "\n")) {
				t.Errorf("output %q, want one line matching %s", out, tt.out)
			}
			if (code == 0) != (stderr.Len() == 0) {
				t.Errorf("success on stdout, failures on stderr: stdout %q, stderr %q", stdout.String(), stderr.String())
			}
		})
	}
}

// TestHealthDuringSlowStart: a server whose first scan is held answers /healthz
// at once, /readyz 503 with what it is doing, and every other request 503 at once
// (Retry-After; JSON for the API, a page elsewhere), instead of leaving them in
// the listen queue; once the scan is done /readyz answers 200. With --access-log
// each request is logged; a problem of the repositories is logged once although
// three builds see it; the end of the history walk and the shutdown (with its
// signal) are logged.
func TestHealthDuringSlowStart(t *testing.T) {
	t.Parallel()
	outside.NeedGit(t)
	dir := t.TempDir()
	_, cfg := appCheckout(t, dir, freshTemplate, "<resources>\n", true, "")
	hold := filepath.Join(dir, "scan-now")
	addr := freeAddr(t)
	base := "http://" + addr
	cmd := exec.Command(os.Args[0], "serve", "--listen", addr, "--config", cfg, "--data", t.TempDir(),
		"--base-url", "http://gitlate.example/wl", "--rescan", "1h")
	cmd.Env = append(os.Environ(), "GITLATE_TEST_AS_MAIN=1", "GITLATE_TEST_HOLD_SCAN="+hold, "GITLATE_ACCESS_LOG=1")
	var out testutil.Log
	cmd.Stdout, cmd.Stderr = &out, &out
	began := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var waitErr error
	exited := make(chan struct{}) // closed once the process has ended; waitErr is then set
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		select {
		case <-exited:
		default:
			cmd.Process.Kill()
			<-exited
		}
	})
	client := &http.Client{Timeout: 2 * time.Second}
	get := func(path string) (int, http.Header, string) {
		resp, err := client.Get(base + path)
		if err != nil {
			return 0, nil, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
	}

	alive := eventually(t, "/healthz answering 200", 20*time.Second, func() bool {
		code, _, _ := get("/healthz")
		return code == 200
	})
	// The process starts in a few milliseconds; a loaded machine (the tests run
	// in parallel) takes longer. The point is that it is not the scan's time: the
	// scan is held until the test says.
	t.Logf("/healthz answered %v after the process started", time.Since(began).Round(time.Millisecond))
	if alive > 5*time.Second {
		t.Errorf("/healthz answered only %v after the process started", alive)
	}
	eventually(t, "/readyz saying the scan is held", 10*time.Second, func() bool {
		_, _, body := get("/readyz")
		return strings.Contains(body, `"detail":"scanning the repositories"`)
	})
	for _, path := range []string{"/readyz", "/wl/readyz"} {
		code, h, body := get(path)
		if code != 503 || h.Get("Retry-After") == "" || !strings.Contains(body, `"status":"starting"`) {
			t.Errorf("%s while the scan is held: %d %v %s", path, code, h, body)
		}
	}
	for path, shape := range map[string]string{"/wl/api/projects/": `{"detail":"gitlate is starting`, "/wl/projects/": "<!DOCTYPE html>"} {
		start := time.Now()
		code, h, body := get(path)
		if code != 503 || h.Get("Retry-After") == "" || !strings.HasPrefix(body, shape) {
			t.Errorf("%s while the scan is held: %d %v %s", path, code, h, body)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("%s took %v to answer while the scan is held", path, took)
		}
	}

	writeFile(t, hold, "")
	eventually(t, "/readyz answering 200", 20*time.Second, func() bool {
		code, _, body := get("/readyz")
		return code == 200 && strings.Contains(body, `"status":"ready"`)
	})
	if code, _, body := get("/wl/api/projects/"); code != 200 {
		t.Errorf("/wl/api/projects/ once ready: %d %s", code, body)
	}
	eventually(t, "the history read", 20*time.Second, func() bool {
		_, _, body := get("/readyz")
		return strings.Contains(body, `"history":"complete"`)
	})
	// The rebuild after the watches are in place sees the problem a third time.
	time.Sleep(300 * time.Millisecond)

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
		if waitErr != nil {
			t.Errorf("serve ended with %v after SIGTERM, want exit 0", waitErr)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("serve still running 15 s after SIGTERM:\n%s", out.String())
	}
	log := out.String()
	for _, want := range []string{
		`msg=request method=GET path=/healthz status=200 bytes=16 duration=`,
		`msg=request method=GET path=/wl/api/projects/ status=503 `,
		`msg=request method=GET path=/wl/api/projects/ status=200 `,
		`msg="history read" changes=`,
		`msg="shutting down" signal=SIGTERM`,
		`msg=stopped took=`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
	if n := strings.Count(log, `msg="scan problem"`); n != 1 {
		t.Errorf("the repository's problem was logged %d times, want once:\n%s", n, log)
	}
	if i, j := strings.Index(log, `msg="shutting down"`), strings.Index(log, "msg=stopped"); i > j {
		t.Errorf("stopped before shutting down:\n%s", log)
	}
}

// TestVersionStamped: a binary built with -X main.buildVersion says that version.
func TestVersionStamped(t *testing.T) {
	t.Parallel()
	outside.Short(t, "go build")
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build with")
	}
	bin := filepath.Join(t.TempDir(), "gitlate")
	const v = "v1.2.3-4-gabcdef0-dirty"
	build := exec.Command(gobin, "build", "-o", bin, "-ldflags", "-X main.buildVersion="+v, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"--version"}, {"version"}, {"serve", "--version"}} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil || !regexp.MustCompile(`^gitlate `+regexp.QuoteMeta(v)+` go\S+\n$`).Match(out) {
			t.Errorf("gitlate %v: %v: %q, want gitlate %s and the Go version", args, err, out, v)
		}
	}
}

// TestShutdownReason: the shutdown line names the signal as orchestrators write
// it, or says what else ended the server.
func TestShutdownReason(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cause error
		want  string
	}{
		{signalReceived{syscall.SIGTERM}, "[signal SIGTERM]"},
		{signalReceived{os.Interrupt}, "[signal SIGINT]"},
		{nil, "[reason context canceled]"},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(tt.cause)
		if got := fmt.Sprint(shutdownReason(ctx)); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.cause, got, tt.want)
		}
	}
	if got := (signalReceived{syscall.SIGTERM}).Error(); got != "terminated signal received" {
		t.Errorf("the cause's message: %q", got)
	}
}
