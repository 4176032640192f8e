package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestCORSOriginFlag: --cors-origin repeats and takes commas; it reads
// GITLATE_CORS_ORIGIN (as every flag reads its variable) and GITLATE_CORS_ORIGINS
// (the plural a list goes by); the command line replaces what the environment
// gave; a value that is no origin stops the server before it starts.
func TestCORSOriginFlag(t *testing.T) {
	parse := func(args ...string) []string {
		t.Helper()
		var o options
		fs := newFlags("serve", &o, io.Discard)
		if err := fromEnvironment(fs); err != nil {
			t.Fatal(err)
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return o.corsOrigins.values
	}
	check := func(name string, got []string, want ...string) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	check("none", parse())
	check("repeated and commas", parse("--cors-origin", "https://a.example", "--cors-origin", "https://b.example, https://c.example"),
		"https://a.example", "https://b.example", "https://c.example")
	t.Setenv("GITLATE_CORS_ORIGINS", "https://d.example,https://e.example")
	check("GITLATE_CORS_ORIGINS", parse(), "https://d.example", "https://e.example")
	t.Setenv("GITLATE_CORS_ORIGIN", "*")
	check("both variables", parse(), "*", "https://d.example", "https://e.example")
	check("the command line wins", parse("--cors-origin", "https://f.example"), "https://f.example")

	t.Setenv("GITLATE_CORS_ORIGINS", "")
	t.Setenv("GITLATE_CORS_ORIGIN", "")
	code, _, errs := runCLI("serve", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--cors-origin", "dash.example")
	if code != 2 || !strings.Contains(errs, "--cors-origin") || !strings.Contains(errs, `"dash.example"`) {
		t.Errorf("a bad origin: exit %d, %q", code, errs)
	}
}

// TestBrowserCORS: a page on another origin reads the API from headless Chromium
// the way a dashboard does — a request with Authorization (which makes the browser
// send a preflight), then a revalidation with the ETag it got, which answers 304 —
// when GITLATE_CORS_ORIGINS names that origin; a page on an origin not named
// cannot read it.
func TestBrowserCORS(t *testing.T) {
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		t.Skip("chromium is not installed (Debian: apt-get install chromium); skipping the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	var api string
	page := func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!DOCTYPE html><title>dashboard</title><script>
window.result = (async () => {
  try {
    const url = %q + "/api/projects/tinynotes/statistics/";
    const first = await fetch(url, {cache: "no-store", headers: {"Authorization": "Token dashboard"}});
    const body = await first.json();
    const etag = first.headers.get("ETag");
    const again = await fetch(url, {cache: "no-store", headers: {"If-None-Match": etag}});
    return JSON.stringify({status: first.status, total: body.total, etag: etag, again: again.status});
  } catch (e) {
    return "blocked: " + e;
  }
})();
</script>`, api)
	}
	dash := httptest.NewServer(http.HandlerFunc(page))
	t.Cleanup(dash.Close)
	other := httptest.NewServer(http.HandlerFunc(page))
	t.Cleanup(other.Close)
	t.Setenv("GITLATE_CORS_ORIGINS", dash.URL)
	api = serve(t, false)

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.UserDataDir(t.TempDir()))
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	// The first action starts the browser; it must not carry the timeout (see chromedp.Run).
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	result := func(origin string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.Navigate(origin+"/")); err != nil {
			t.Fatalf("%s: %v", origin, err)
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.result`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", origin, err)
		}
		return out
	}
	// tinynotes has 155 strings (internal/samples/expected).
	got := result(dash.URL)
	if !strings.HasPrefix(got, `{"status":200,"total":155,"etag":"\"`) || !strings.HasSuffix(got, `","again":304}`) {
		t.Errorf("the allowed origin's page read %s", got)
	}
	if got := result(other.URL); !strings.HasPrefix(got, "blocked: TypeError") {
		t.Errorf("another origin's page read %s", got)
	}
}
