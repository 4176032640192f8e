package accesslog

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestHandler: each request is one JSON-able record with the method, path, query,
// status, bytes, duration and remote address of what was answered.
func TestHandler(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, method, target string
		h                    http.HandlerFunc
		status, bytes        int
		query                string
	}{
		{"body without a status", "GET", "/api/projects/?page=2", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "hello")
		}, 200, 5, "page=2"},
		{"status and body", "POST", "/hooks/github/", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "later")
		}, 503, 5, ""},
		{"nothing written", "GET", "/", func(w http.ResponseWriter, r *http.Request) {}, 200, 0, ""},
		{"early hints first", "GET", "/x", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusEarlyHints)
			w.WriteHeader(http.StatusNotFound)
		}, 404, 0, ""},
		{"flushed", "GET", "/f", func(w http.ResponseWriter, r *http.Request) {
			http.NewResponseController(w).Flush()
			io.WriteString(w, "ab")
		}, 200, 2, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&buf, nil))
			srv := httptest.NewServer(Handler(tt.h, logger))
			defer srv.Close()
			req, _ := http.NewRequest(tt.method, srv.URL+tt.target, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			srv.Close() // the handler has returned: the record is written
			var rec struct {
				Msg, Method, Path, Query, Remote string
				Status, Bytes                    int
				Duration                         time.Duration
			}
			line := strings.TrimSpace(buf.String())
			if strings.Count(line, "\n") != 0 {
				t.Fatalf("want one record, got:\n%s", line)
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			if rec.Msg != "request" || rec.Method != tt.method || rec.Path != strings.Split(tt.target, "?")[0] ||
				rec.Query != tt.query || rec.Status != tt.status || rec.Bytes != tt.bytes ||
				!strings.HasPrefix(rec.Remote, "127.0.0.1:") || rec.Duration <= 0 {
				t.Errorf("got %+v from %s", rec, line)
			}
		})
	}
}
