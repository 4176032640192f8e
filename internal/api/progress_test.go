package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
)

// progressDoc is the JSON shape of a progress answer.
type progressDoc struct {
	Type, Project, Component, Language, URL, Interval string
	Since, Until                                      *string
	Points                                            []struct {
		Date, Commit                  string
		Total, Translated, Fuzzy      int
		TotalWords, TranslatedWords   int     `json:"-"`
		TranslatedPercent             float64 `json:"translated_percent"`
		TranslatedWordsPercent        float64 `json:"translated_words_percent"`
		FuzzyPercent, ReadonlyPercent float64
	}
}

// TestProgressRoutes: the samples' progress through the API — the shape, the
// hand-counted points of Blitz Clock's Android component (internal/changelog's
// TestProgressSamplesByHand counts them), intervals, windows, CSV, the errors and
// revalidation.
func TestProgressRoutes(t *testing.T) {
	t.Parallel()
	s := livetest.Samples(t)
	h := engineOf(t, s.Live, Options{BaseURL: testBase, Progress: s.Log.Progress()})
	get := func(target string) progressDoc {
		t.Helper()
		r := do(t, h, "GET", target)
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d %s", target, r.status, r.body)
		}
		var d progressDoc
		if err := json.Unmarshal([]byte(r.body), &d); err != nil {
			t.Fatalf("%s: %v\n%s", target, err, r.body)
		}
		return d
	}
	d := get("/api/x/progress/blitzclock/android/")
	if d.Type != "component" || d.Project != "blitzclock" || d.Component != "android" || d.URL != testBase+"/api/components/blitzclock/android/" ||
		d.Interval != "commit" || d.Since != nil || d.Until != nil {
		t.Errorf("component: %+v", d)
	}
	var translated []int
	for _, p := range d.Points {
		translated = append(translated, p.Translated)
		if len(p.Commit) != 40 {
			t.Errorf("commit %q", p.Commit)
		}
	}
	if got, want := translated, []int{18, 26, 35, 38, 40, 31, 41}; !equalInts(got, want) {
		t.Errorf("translated: %v, want %v", got, want)
	}
	if p := d.Points[1]; p.Date != "2026-01-14T13:05:00Z" || p.Total != 27 || p.TranslatedPercent != 96.2 {
		t.Errorf("second point: %+v", p) // 26 of 27: 96.29…, floored to 96.2
	}

	// Months, from February: February's end and March's.
	d = get("/api/x/progress/blitzclock/android/?interval=month&since=2026-02-01")
	if len(d.Points) != 2 || d.Points[0].Date != "2026-02-01T00:00:00Z" || d.Points[0].Translated != 40 || d.Points[1].Translated != 41 ||
		d.Interval != "month" || d.Since == nil || *d.Since != "2026-02-01T00:00:00Z" {
		t.Errorf("by month: %+v", d)
	}
	// Until a date means its whole day; an RFC 3339 time, that moment.
	if d = get("/api/x/progress/blitzclock/android/ja/?until=2026-01-14"); len(d.Points) != 1 || d.Type != "translation" || d.Language != "ja" {
		t.Errorf("ja until a date: %+v", d)
	}
	if d = get("/api/x/progress/blitzclock/android/ja/?until=2026-01-14T13:04:59Z"); len(d.Points) != 0 {
		t.Errorf("ja until before it was added: %+v", d)
	}
	if d = get("/api/x/progress/blitzclock/"); d.Type != "project" || len(d.Points) < 7 {
		t.Errorf("project: %+v", d)
	}
	if d = get("/api/x/progress/languages/cs/?interval=week"); d.Type != "language" || d.Language != "cs" || len(d.Points) == 0 {
		t.Errorf("language: %+v", d)
	}

	r := do(t, h, "GET", "/api/x/progress/blitzclock/android/?format=csv&since=2026-03-01")
	lines := strings.Split(strings.TrimSpace(r.body), "\r\n")
	if r.status != 200 || r.header.Get("Content-Type") != "text/csv; charset=utf-8" || len(lines) != 3 ||
		!strings.HasPrefix(lines[0], "date,commit,total,total_words,total_chars,translated,") ||
		!strings.HasPrefix(lines[2], "2026-03-10T19:40:00Z,") || !strings.Contains(lines[2], ",48,116,644,41,95,521,85.4,81.8,80.9,") {
		t.Errorf("csv: %d %v\n%s", r.status, r.header, r.body)
	}

	for _, bad := range []string{"?interval=year", "?since=yesterday", "?until=2026-13-01", "?since=2026-03-01&until=2026-02-01", "?format=xml"} {
		if r := do(t, h, "GET", "/api/x/progress/blitzclock/"+bad); r.status != http.StatusBadRequest || !strings.Contains(r.body, `"detail"`) {
			t.Errorf("%s: %d %s", bad, r.status, r.body)
		}
	}
	for _, unknown := range []string{"nothing/", "blitzclock/nothing/", "blitzclock/android/xx/", "languages/xx/"} {
		if r := do(t, h, "GET", "/api/x/progress/"+unknown); r.status != http.StatusNotFound {
			t.Errorf("%s: %d %s", unknown, r.status, r.body)
		}
	}
	r = do(t, h, "GET", "/api/x/progress/blitzclock/web/")
	etag := etagOf(r.header)
	if etag == "" {
		t.Fatal("no ETag")
	}
	if r := do(t, h, "GET", "/api/x/progress/blitzclock/web/", "If-None-Match", etag); r.status != http.StatusNotModified {
		t.Errorf("revalidation: %d", r.status)
	}
	if r := do(t, h, "GET", "/api/x/progress/blitzclock/web/?interval=day", "If-None-Match", etag); r.status != http.StatusOK {
		t.Errorf("another query revalidated: %d", r.status)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
