package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// fakeUnits serves hand-made units for the fixture's Czech translation.
type fakeUnits struct {
	snap  *snapshot.Snapshot
	files map[string]string // the component's files, by path
	reads *atomic.Int64     // counts ReadFile calls, when set
}

func (f fakeUnits) ReadFile(c *snapshot.Component, path string, blob repos.Hash) ([]byte, error) {
	if f.reads != nil {
		f.reads.Add(1)
	}
	if s, ok := f.files[path]; ok {
		return []byte(s), nil
	}
	return nil, fs.ErrNotExist
}

func (f fakeUnits) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	if t.Language.Code != "cs" {
		return nil, nil
	}
	when := time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)
	return []snapshot.Unit{
		{ID: 7, Source: []string{"Hello"}, Target: []string{"Ahoj"}, Context: "hello", State: 20, Position: 1,
			NumWords: 1, IDHash: 7290622678552713746, ContentHash: -3326048425806674693, SourceUnit: 3, Timestamp: when},
		{ID: 8, Source: []string{"%d file", "%d files"}, Target: []string{"", "", ""}, Context: "files", Note: "count",
			State: 0, Position: 2, NumWords: 4, IDHash: -1, ContentHash: 1, SourceUnit: 4, Timestamp: when},
	}, nil
}

func (f fakeUnits) Page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, error) {
	return page(f.Units(t))(lo, hi)
}

// page cuts a page out of a reader's units.
func page(units []snapshot.Unit, err error) func(lo, hi int) ([]snapshot.Unit, error) {
	return func(lo, hi int) ([]snapshot.Unit, error) {
		if err != nil || lo >= len(units) {
			return nil, err
		}
		return units[lo:min(hi, len(units))], nil
	}
}

func (f fakeUnits) Unit(snap *snapshot.Snapshot, id int) (*snapshot.Translation, *snapshot.Unit, error) {
	t := snap.Project("demo").Component("android").Translation("cs")
	units, _ := f.Units(t)
	for i := range units {
		if units[i].ID == id {
			return t, &units[i], nil
		}
	}
	return nil, nil, nil
}

func TestUnits(t *testing.T) {
	snap := fixture(t)
	h := serverFor(t, snap, Options{Reader: fakeUnits{snap: snap}})
	got := do(t, h, "GET", "/api/units/7/")
	want := `{"translation":"http://gitlate.test/api/translations/demo/android/cs/","source":["Hello"],"previous_source":"",` +
		`"target":["Ahoj"],"id_hash":7290622678552713746,"content_hash":-3326048425806674693,"location":"","context":"hello",` +
		`"note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":1,` +
		`"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":1,` +
		`"source_unit":"http://gitlate.test/api/units/3/","priority":100,"id":7,` +
		`"web_url":"http://gitlate.test/translate/demo/android/cs/?checksum=e52d7eb2e28a9a12",` +
		`"url":"http://gitlate.test/api/units/7/","explanation":"","extra_flags":"","pending":false,` +
		`"timestamp":"2026-03-02T09:30:00.000000Z"}`
	if got.status != 200 || got.body != want {
		t.Fatalf("%d\n got %s\nwant %s", got.status, got.body, want)
	}
	// ?format=api goes after the checksum with &.
	got = do(t, h, "GET", "/api/units/7/?format=api")
	if !strings.Contains(got.body, `"web_url":"http://gitlate.test/translate/demo/android/cs/?checksum=e52d7eb2e28a9a12&format=api"`) {
		t.Errorf("format=api: %s", got.body)
	}
	for _, target := range []string{"/api/units/9/", "/api/units/0/", "/api/units/x/"} {
		if got := do(t, h, "GET", target); got.status != 404 {
			t.Errorf("%s: %d", target, got.status)
		}
	}
	got = do(t, h, "GET", "/api/translations/demo/android/cs/units/?page_size=1&page=2")
	var page struct {
		Count    int
		Previous string
		Results  []map[string]any
	}
	if err := json.Unmarshal([]byte(got.body), &page); err != nil {
		t.Fatal(err)
	}
	// Counted by the statistics (the fixture's Czech has three units; the fake
	// reader yields two), so that a page out of range costs no reading.
	if page.Count != 3 || len(page.Results) != 1 || page.Results[0]["context"] != "files" || page.Results[0]["state"] != 0.0 {
		t.Errorf("units page: %s", got.body)
	}
	if got.header.Get("Allow") != "GET, POST, HEAD, OPTIONS" {
		t.Errorf("Allow %q", got.header.Get("Allow"))
	}
	// The global list counts the translations' totals (3 + 3), as the statistics say,
	// and reads the translations of the page (here the fake has units for cs only).
	got = do(t, h, "GET", "/api/units/")
	if !strings.HasPrefix(got.body, `{"count":6,`) || strings.Count(got.body, `"context"`) != 2 {
		t.Errorf("global units: %s", got.body)
	}
}

func TestChangeFilters(t *testing.T) {
	h := newTestServer(t, Options{})
	tests := []struct {
		query  string
		status int
		ids    []float64
		body   string
	}{
		{"", 200, []float64{1, 2, 3}, ""},
		{"?action=48", 200, []float64{3}, ""},
		{"?action=50&action=51", 200, []float64{1, 2}, ""},
		{"?user=ann", 200, []float64{1, 2, 3}, ""},
		{"?user=bob", 200, nil, ""},
		{"?timestamp_after=2026-03-01T10:00:00Z", 200, []float64{1, 2, 3}, ""}, // inclusive
		{"?timestamp_after=2026-03-01T10:00:01Z", 200, nil, ""},
		{"?timestamp_before=2026-03-01", 200, nil, ""},
		{"?timestamp_before=2026-03-02&action=51", 200, []float64{2}, ""},
		{"?timestamp_after=yesterday", 400, nil, `{"timestamp_after":["Enter a valid date/time."]}`},
		{"?action=999", 400, nil, `{"action":["Select a valid choice. 999 is not one of the available choices."]}`},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got := do(t, h, "GET", "/api/changes/"+tt.query)
			if got.status != tt.status {
				t.Fatalf("%d: %s", got.status, got.body)
			}
			if tt.body != "" {
				if got.body != tt.body {
					t.Errorf("body %s", got.body)
				}
				return
			}
			var page struct{ Results []map[string]any }
			if err := json.Unmarshal([]byte(got.body), &page); err != nil {
				t.Fatal(err)
			}
			var ids []float64
			for _, r := range page.Results {
				ids = append(ids, r["id"].(float64))
			}
			if len(ids) != len(tt.ids) {
				t.Fatalf("ids %v, want %v", ids, tt.ids)
			}
			for i := range ids {
				if ids[i] != tt.ids[i] {
					t.Errorf("ids %v, want %v", ids, tt.ids)
				}
			}
		})
	}
}

// brokenSource is fakeUnits with a source translation that cannot be read.
type brokenSource struct{ fakeUnits }

func (b brokenSource) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	if t.IsSource {
		return nil, errors.New("strings.xml:3: unexpected EOF")
	}
	return b.fakeUnits.Units(t)
}

func (b brokenSource) Page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, error) {
	return page(b.Units(t))(lo, hi)
}

// TestUnitsSkipUnreadable: a translation whose units cannot be read leaves its
// places empty in /api/units/ — the other translations still answer, at the same
// offsets — and is logged once per snapshot, not per page.
func TestUnitsSkipUnreadable(t *testing.T) {
	snap := fixture(t)
	var logged bytes.Buffer
	h := serverFor(t, snap, Options{Reader: brokenSource{fakeUnits{snap: snap}}, Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	for range 2 {
		got := do(t, h, "GET", "/api/units/")
		if got.status != 200 || !strings.HasPrefix(got.body, `{"count":6,`) || strings.Count(got.body, `"context"`) != 2 {
			t.Fatalf("%d %s", got.status, got.body)
		}
	}
	// The Czech units sit at offsets 3 and 4 (after the source's three places).
	got := do(t, h, "GET", "/api/units/?page_size=4")
	if strings.Count(got.body, `"context"`) != 1 || !strings.Contains(got.body, `"context":"hello"`) {
		t.Errorf("first page: %s", got.body)
	}
	got = do(t, h, "GET", "/api/units/?page_size=4&page=2")
	if strings.Count(got.body, `"context"`) != 1 || !strings.Contains(got.body, `"context":"files"`) {
		t.Errorf("second page: %s", got.body)
	}
	if n := strings.Count(logged.String(), "units cannot be read"); n != 1 || !strings.Contains(logged.String(), "demo/android/en") {
		t.Errorf("logged %d times:\n%s", n, logged.String())
	}
}
