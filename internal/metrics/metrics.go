// Package metrics counts what the server serves and does — Weblate's /api/metrics/ figures, scans, parses, cache hits, fetch failures, request latencies — and exposes them to Prometheus.
package metrics

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// Figures are the numbers of Weblate's metrics view (weblate/api/views.py
// MetricsView), counted over one snapshot.
type Figures struct {
	Units           int // units of every translation, source translations included
	UnitsTranslated int
	Users           int
	Changes         int
	Projects        int
	Components      int
	Translations    int
	Languages       int // languages that have a translation
	Checks          int // failing checks
	// ConfigurationErrors are the alerts of the last scan: repositories that cannot be
	// read, missing templates, files that do not parse — what an operator must fix.
	ConfigurationErrors int
	Suggestions         int
}

// Count computes the figures of snap.
func Count(snap *snapshot.Snapshot) Figures {
	var f Figures
	if snap == nil {
		return f
	}
	f.Projects = len(snap.Projects)
	for _, p := range snap.Projects {
		f.Components += len(p.Components)
		for _, c := range p.Components {
			f.Translations += len(c.Translations)
			for _, t := range c.Translations {
				f.Units += t.Stats.Total
				f.UnitsTranslated += t.Stats.Translated
				f.Checks += t.Stats.Failing
				f.Suggestions += t.Stats.Suggestions
			}
		}
	}
	f.Users = len(snap.Users)
	f.Changes = snap.Log.Len()
	f.Languages = len(snap.Languages)
	f.ConfigurationErrors = len(snap.Alerts)
	return f
}

// Source gives the snapshot being served.
type Source interface {
	Snapshot() *snapshot.Snapshot
}

// Scanner reports the scan engine's own work (scan.Engine implements it).
type Scanner interface {
	FilesParsed() int64
	ResultsReused() int64
	ScanTimes() (n int64, total, last time.Duration)
}

// Fetches counts the fetches of remote repositories that failed (repos.Pool
// implements it).
type Fetches interface {
	FetchFailures() int64
}

// Metrics holds the registry /metrics serves.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.HistogramVec
	prefix   string
}

// New returns metrics over src, sc and fetches (either may be nil). prefix is the
// base URL's path prefix, left out of the route labels.
func New(src Source, sc Scanner, fetches Fetches, prefix string) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(), prefix: prefix}
	m.requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "gitlate_http_request_duration_seconds",
		Help:    "Time to answer HTTP requests, by route pattern, method and status.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	}, []string{"route", "method", "code"})
	m.reg.MustRegister(
		m.requests,
		&collector{src: src, sc: sc},
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	if fetches != nil {
		m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "gitlate_fetch_failures_total",
			Help: "Fetches of remote repositories that failed.",
		}, func() float64 { return float64(fetches.FetchFailures()) }))
	}
	return m
}

// Handler serves the metrics in the Prometheus text format, or OpenMetrics when the
// scraper asks for it.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{EnableOpenMetrics: true})
}

// ObserveRequest records one request that took elapsed and answered status. Routes
// are labelled by their pattern ("/api/projects/:project/", without the API's
// prefix; "" for a request no route matched), so the number of series stays bounded
// whatever clients ask for. It allocates nothing: it is called on every request.
func (m *Metrics) ObserveRequest(route, method string, status int, elapsed time.Duration) {
	if route == "" {
		route = "unmatched"
	} else {
		route = strings.TrimPrefix(route, m.prefix)
	}
	m.requests.WithLabelValues(route, methodLabel(method), statusLabel(status)).Observe(elapsed.Seconds())
}

// statusLabels are the code labels of the valid statuses, made once: formatting the
// status was an allocation of every request.
var statusLabels = func() (t [600]string) {
	for code := 100; code < len(t); code++ {
		t[code] = strconv.Itoa(code)
	}
	return t
}()

func statusLabel(code int) string {
	if code >= 100 && code < len(statusLabels) {
		return statusLabels[code]
	}
	return strconv.Itoa(code)
}

// methodLabel keeps the method label to the standard methods.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// collector reads the figures at scrape time from the snapshot being served, so they
// are never staler than the API.
type collector struct {
	src Source
	sc  Scanner
	// last holds the figures of the last snapshot scraped: counting walks every
	// translation, and a snapshot is scraped many times.
	last atomic.Pointer[countedSnapshot]
}

type countedSnapshot struct {
	snap *snapshot.Snapshot
	f    Figures
}

// figures counts snap, or returns what was counted for it before.
func (c *collector) figures(snap *snapshot.Snapshot) Figures {
	if l := c.last.Load(); l != nil && l.snap == snap {
		return l.f
	}
	l := &countedSnapshot{snap: snap, f: Count(snap)}
	c.last.Store(l)
	return l.f
}

var (
	figureDescs = []struct {
		desc  *prometheus.Desc
		value func(*Figures) int
	}{
		{gauge("units", "Translation units, source translations included."), func(f *Figures) int { return f.Units }},
		{gauge("units_translated", "Translated units."), func(f *Figures) int { return f.UnitsTranslated }},
		{gauge("users", "Users the change log names."), func(f *Figures) int { return f.Users }},
		{gauge("changes", "Entries of the change log."), func(f *Figures) int { return f.Changes }},
		{gauge("projects", "Projects."), func(f *Figures) int { return f.Projects }},
		{gauge("components", "Components."), func(f *Figures) int { return f.Components }},
		{gauge("translations", "Translations, source translations included."), func(f *Figures) int { return f.Translations }},
		{gauge("languages", "Languages that have a translation."), func(f *Figures) int { return f.Languages }},
		{gauge("checks", "Failing quality checks."), func(f *Figures) int { return f.Checks }},
		{gauge("configuration_errors", "Alerts of the last scan: unreadable repositories, missing templates, unparsable files."), func(f *Figures) int { return f.ConfigurationErrors }},
		{gauge("suggestions", "Suggestions."), func(f *Figures) int { return f.Suggestions }},
	}
	snapshotTime = gauge("snapshot_timestamp_seconds", "When the snapshot being served was scanned (Unix time).")
	scanSeconds  = prometheus.NewDesc("gitlate_scan_duration_seconds", "Time taken by scans of the repositories.", nil, nil)
	lastScan     = gauge("last_scan_duration_seconds", "Time taken by the last scan.")
	filesParsed  = prometheus.NewDesc("gitlate_files_parsed_total", "Translation files parsed (a file whose content was parsed before is not parsed again).", nil, nil)
	cacheHits    = prometheus.NewDesc("gitlate_cache_hits_total", "File results reused from an earlier parse of the same content.", nil, nil)
)

func gauge(name, help string) *prometheus.Desc {
	return prometheus.NewDesc("gitlate_"+name, help, nil, nil)
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, fd := range figureDescs {
		ch <- fd.desc
	}
	ch <- snapshotTime
	if c.sc != nil {
		ch <- scanSeconds
		ch <- lastScan
		ch <- filesParsed
		ch <- cacheHits
	}
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	snap := c.src.Snapshot()
	f := c.figures(snap)
	for _, fd := range figureDescs {
		ch <- prometheus.MustNewConstMetric(fd.desc, prometheus.GaugeValue, float64(fd.value(&f)))
	}
	if snap != nil && !snap.Built.IsZero() {
		ch <- prometheus.MustNewConstMetric(snapshotTime, prometheus.GaugeValue, float64(snap.Built.UnixNano())/1e9)
	}
	if c.sc == nil {
		return
	}
	n, total, last := c.sc.ScanTimes()
	ch <- prometheus.MustNewConstSummary(scanSeconds, uint64(n), total.Seconds(), nil)
	ch <- prometheus.MustNewConstMetric(lastScan, prometheus.GaugeValue, last.Seconds())
	ch <- prometheus.MustNewConstMetric(filesParsed, prometheus.CounterValue, float64(c.sc.FilesParsed()))
	ch <- prometheus.MustNewConstMetric(cacheHits, prometheus.CounterValue, float64(c.sc.ResultsReused()))
}
