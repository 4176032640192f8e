package metrics

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

type fixed struct{ snap *snapshot.Snapshot }

func (f fixed) Snapshot() *snapshot.Snapshot { return f.snap }

type fakeScanner struct{}

type fakeFetches int64

func (f fakeFetches) FetchFailures() int64 { return int64(f) }

func (fakeScanner) FilesParsed() int64   { return 7 }
func (fakeScanner) ResultsReused() int64 { return 3 }
func (fakeScanner) ScanTimes() (int64, time.Duration, time.Duration) {
	return 2, 1500 * time.Millisecond, 500 * time.Millisecond
}

// sample is two projects, one component with a source translation and one
// translation, three changes, one user and one alert.
func sample() *snapshot.Snapshot {
	p := &snapshot.Project{ID: 1}
	c := &snapshot.Component{ID: 1, Project: p}
	src := &snapshot.Translation{ID: 1, Component: c}
	src.Stats.AddUnit(weblate.StateTranslated, 1, 1)
	src.Stats.AddUnit(weblate.StateTranslated, 1, 1)
	cs := &snapshot.Translation{ID: 2, Component: c}
	cs.Stats.AddUnit(weblate.StateTranslated, 1, 1)
	cs.Stats.AddUnit(weblate.StateEmpty, 1, 1)
	c.Translations = []*snapshot.Translation{src, cs}
	p.Components = []*snapshot.Component{c}
	// Three changes: what /metrics reads of the log is its length.
	log := &snapshot.ChangeLog{IDs: []int32{1, 2, 3}}
	return &snapshot.Snapshot{
		Projects:  []*snapshot.Project{p, {ID: 2}},
		Languages: []*snapshot.LanguageEntry{{}, {}},
		Log:       log,
		Users:     []*snapshot.User{{Username: "ann"}},
		Alerts:    []*snapshot.Alert{{Kind: weblate.AlertParseError}},
		Built:     time.Unix(1700000000, 0),
	}
}

func TestCount(t *testing.T) {
	got := Count(sample())
	want := Figures{Units: 4, UnitsTranslated: 3, Users: 1, Changes: 3, Projects: 2, Components: 1,
		Translations: 2, Languages: 2, ConfigurationErrors: 1}
	if got != want {
		t.Errorf("Count = %+v\nwant %+v", got, want)
	}
	if (Count(nil) != Figures{}) {
		t.Error("Count(nil) is not zero")
	}
}

// TestExposition scrapes /metrics after a few requests and parses the answer with
// Prometheus's own text-format parser.
func TestExposition(t *testing.T) {
	m := New(fixed{sample()}, fakeScanner{}, fakeFetches(1), "/prefix")
	m.ObserveRequest("/prefix/api/projects/:project/", "GET", http.StatusNotFound, time.Millisecond)
	m.ObserveRequest("/prefix/api/projects/:project/", "GET", http.StatusNotFound, 2*time.Millisecond)
	m.ObserveRequest("", "GET", http.StatusNotFound, time.Millisecond)
	m.ObserveRequest("", "BREW", 999, time.Millisecond)
	h := m.Handler()

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/prefix/metrics", nil))
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("%d %q", w.Code, w.Header().Get("Content-Type"))
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(w.Body.String()))
	if err != nil {
		t.Fatalf("not the Prometheus text format: %v\n%s", err, w.Body.String())
	}
	value := func(name string) float64 {
		t.Helper()
		f := families[name]
		if f == nil || len(f.Metric) != 1 {
			t.Fatalf("%s: missing or not one series", name)
		}
		switch m := f.Metric[0]; f.GetType() {
		case dto.MetricType_GAUGE:
			return m.GetGauge().GetValue()
		case dto.MetricType_COUNTER:
			return m.GetCounter().GetValue()
		case dto.MetricType_SUMMARY:
			return m.GetSummary().GetSampleSum()
		}
		t.Fatalf("%s: type %v", name, f.GetType())
		return 0
	}
	for name, want := range map[string]float64{
		"gitlate_units": 4, "gitlate_units_translated": 3, "gitlate_users": 1, "gitlate_changes": 3,
		"gitlate_projects": 2, "gitlate_components": 1, "gitlate_translations": 2, "gitlate_languages": 2,
		"gitlate_checks": 0, "gitlate_configuration_errors": 1, "gitlate_suggestions": 0,
		"gitlate_snapshot_timestamp_seconds": 1700000000,
		"gitlate_scan_duration_seconds":      1.5, "gitlate_last_scan_duration_seconds": 0.5,
		"gitlate_files_parsed_total": 7, "gitlate_cache_hits_total": 3, "gitlate_fetch_failures_total": 1,
	} {
		if got := value(name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if n := families["gitlate_scan_duration_seconds"].Metric[0].GetSummary().GetSampleCount(); n != 2 {
		t.Errorf("scan count %d", n)
	}
	// Requests are labelled by route pattern, without the prefix; unknown paths share one label.
	counts := map[string]uint64{}
	for _, s := range families["gitlate_http_request_duration_seconds"].Metric {
		labels := map[string]string{}
		for _, l := range s.Label {
			labels[l.GetName()] = l.GetValue()
		}
		counts[labels["route"]+" "+labels["method"]+" "+labels["code"]] += s.GetHistogram().GetSampleCount()
	}
	if counts["/api/projects/:project/ GET 404"] != 2 || counts["unmatched GET 404"] != 1 || counts["unmatched OTHER 999"] != 1 || len(counts) != 3 {
		t.Errorf("request series: %v", counts)
	}
	if families["go_goroutines"] == nil {
		t.Error("the Go runtime collector is missing")
	}

	// OpenMetrics for scrapers that ask for it.
	req := httptest.NewRequest("GET", "/prefix/metrics", nil)
	req.Header.Set("Accept", "application/openmetrics-text; version=1.0.0")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if !strings.HasPrefix(w.Header().Get("Content-Type"), "application/openmetrics-text") || !strings.HasSuffix(w.Body.String(), "# EOF\n") {
		t.Errorf("OpenMetrics: %q, ends %q", w.Header().Get("Content-Type"), w.Body.String()[max(0, w.Body.Len()-20):])
	}
}

// TestFiguresCountedOncePerSnapshot: scrapes of one snapshot reuse its figures (the
// snapshot is immutable); a new snapshot is counted.
func TestFiguresCountedOncePerSnapshot(t *testing.T) {
	snap := sample()
	c := &collector{src: fixed{snap}}
	if f := c.figures(snap); f.Projects != 2 {
		t.Fatalf("%+v", f)
	}
	snap.Projects = snap.Projects[:1] // a snapshot never changes: this shows what is counted again
	if f := c.figures(snap); f.Projects != 2 {
		t.Errorf("counted again: %+v", f)
	}
	if f := c.figures(sample()); f.Projects != 2 || c.last.Load().snap == snap {
		t.Errorf("a new snapshot was not counted: %+v", f)
	}
}

func TestStatusLabel(t *testing.T) {
	for code, want := range map[int]string{200: "200", 404: "404", 599: "599", 99: "99", 600: "600", 0: "0"} {
		if got := statusLabel(code); got != want {
			t.Errorf("%d: %q", code, got)
		}
	}
}
