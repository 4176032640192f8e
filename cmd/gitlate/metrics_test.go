package main

import (
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestMetricsEndpoint scrapes /metrics of a running server on the samples and parses
// it with Prometheus's text-format parser.
func TestMetricsEndpoint(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	for _, p := range []string{"/api/projects/", "/api/projects/tinynotes/", "/api/nope/"} {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("/metrics is not in the Prometheus text format: %v", err)
	}
	if f := families["gitlate_projects"]; f == nil || f.Metric[0].GetGauge().GetValue() != 2 {
		t.Errorf("gitlate_projects: %v", f)
	}
	if f := families["gitlate_files_parsed_total"]; f == nil || f.Metric[0].GetCounter().GetValue() == 0 {
		t.Errorf("gitlate_files_parsed_total: %v", f)
	}
	if f := families["gitlate_scan_duration_seconds"]; f == nil || f.Metric[0].GetSummary().GetSampleCount() == 0 {
		t.Errorf("gitlate_scan_duration_seconds: %v", f)
	}
	routes := map[string]bool{}
	if f := families["gitlate_http_request_duration_seconds"]; f != nil {
		for _, m := range f.Metric {
			for _, l := range m.Label {
				if l.GetName() == "route" {
					routes[l.GetValue()] = true
				}
			}
		}
	}
	for _, r := range []string{"/api/projects/", "/api/projects/:project/", "unmatched"} {
		if !routes[r] {
			t.Errorf("no request series for route %q (have %v)", r, routes)
		}
	}
}

// TestDebugListen: --debug-listen serves Go's profiles and expvar on a second
// address, and the API address serves neither.
func TestDebugListen(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "projects.yaml")
	writeFile(t, cfg, "projects: []\n")
	// Port 0: serve logs the address it bound, so no port found free beforehand can
	// be taken in between.
	var log testutil.Log
	base := serveLogging(t, &log, "--config", cfg, "--debug-listen", "127.0.0.1:0")
	m := regexp.MustCompile(`msg="serving profiles" debug-listen=(\S+)`).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no debug address in the log:\n%s", log.String())
	}
	dbg := m[1]
	for path, want := range map[string]string{"/debug/pprof/": "goroutine", "/debug/vars": `"memstats"`} {
		resp, err := http.Get("http://" + dbg + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
		if resp, err := http.Get(base + path); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				t.Errorf("the API address serves %s", path)
			}
		}
	}
}
