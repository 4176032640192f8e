package main

import (
	"net/http"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestMetricsEndpoint scrapes /metrics of a running server on the samples and parses
// it with Prometheus's text-format parser.
func TestMetricsEndpoint(t *testing.T) {
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
