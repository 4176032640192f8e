// Package accesslog logs each HTTP request a server answers as one structured
// record, through the same slog logger as the rest of the server's log, so that
// one parser reads both.
package accesslog

import (
	"bufio"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Handler returns h with every request logged to logger once it is answered:
// method, path (and query, when there is one), status, body bytes written,
// duration and the client's address. A handler that panics is logged by
// whatever recovers it, not here: the record would carry no status.
func Handler(h http.Handler, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		status := rec.status
		if status == 0 {
			// Nothing written: net/http answers 200 with an empty body.
			status = http.StatusOK
		}
		attrs := make([]slog.Attr, 0, 7)
		attrs = append(attrs, slog.String("method", r.Method), slog.String("path", r.URL.Path))
		if r.URL.RawQuery != "" {
			attrs = append(attrs, slog.String("query", r.URL.RawQuery))
		}
		attrs = append(attrs, slog.Int("status", status), slog.Int64("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start)), slog.String("remote", r.RemoteAddr))
		logger.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// recorder notes the status and counts the body bytes of a response. Flush and
// Hijack are passed on, as handlers (and gin's writer, which asserts them) rely on
// them; Unwrap lets http.ResponseController reach what else the connection can do.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *recorder) WriteHeader(code int) {
	// An informational status (103 Early Hints) is not the answer's status.
	if r.status == 0 && code >= 200 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

func (r *recorder) Flush() {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	_ = http.NewResponseController(r.ResponseWriter).Flush()
}

func (r *recorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(r.ResponseWriter).Hijack()
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
