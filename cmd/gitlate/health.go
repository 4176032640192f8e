package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// serve answers from the moment it listens, long before its first snapshot (the
// first scan of a large installation takes tens of seconds): /healthz says the
// process is alive, /readyz whether it serves its repositories yet, and every other
// request is told at once to come back (503 with Retry-After) instead of waiting
// in the listen queue, where a client or a proxy would time out on it.
//
// Both probes answer at the root path, whatever --base-url's prefix, since
// orchestrators probe fixed paths on the container's port (Kubernetes' httpGet
// probes, Docker's HEALTHCHECK); under a prefix they answer there too, for a probe
// that goes through the reverse proxy.

// startingRetryAfter is the Retry-After of the answers given while starting, in
// seconds: a scan takes seconds, so sooner would mostly be refused again.
const startingRetryAfter = "5"

// gate is the server's handler: the probes, then either the 503 of a server not
// serving yet or the router.
type gate struct {
	prefix string // --base-url's path, without the final slash ("" for none)
	state  atomic.Pointer[gateState]
}

// gateState is one state of a gate; a new one replaces it whole.
type gateState struct {
	phase   phase
	detail  string          // what the server is doing while starting
	handler http.Handler    // the router, from ready on
	history <-chan struct{} // closed once the change log is complete (live.Live.Ready)
	reason  string          // why it is stopping
}

type phase int

const (
	starting phase = iota
	ready
	stopping
)

func newGate(prefix string) *gate {
	g := &gate{prefix: prefix}
	g.state.Store(&gateState{phase: starting, detail: "starting"})
	return g
}

// starting says what the server is doing before it serves (readyz's detail).
func (g *gate) starting(detail string) {
	g.state.Store(&gateState{phase: starting, detail: detail})
}

// serve makes the gate pass requests to h: the first snapshot is in. history is
// closed once the change log is complete.
func (g *gate) serve(h http.Handler, history <-chan struct{}) {
	g.state.Store(&gateState{phase: ready, handler: h, history: history})
}

// stop makes readyz answer 503, so that a load balancer sends no more requests
// while those in flight finish; the others are still served until the listener
// is closed.
func (g *gate) stop(reason string) {
	s := *g.state.Load()
	s.phase, s.reason = stopping, reason
	g.state.Store(&s)
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch p := r.URL.Path; {
	case p == "/healthz" || g.prefix != "" && p == g.prefix+"/healthz":
		if probeMethod(w, r) {
			writeHealth(w, http.StatusOK, healthAnswer{Status: "ok"})
		}
		return
	case p == "/readyz" || g.prefix != "" && p == g.prefix+"/readyz":
		if probeMethod(w, r) {
			g.readyz(w)
		}
		return
	}
	s := g.state.Load()
	if s.handler != nil {
		s.handler.ServeHTTP(w, r)
		return
	}
	// Starting: no router yet, so the API's and the pages' answers are made here,
	// in their shapes (Weblate's {"detail": …} for the API).
	h := w.Header()
	h.Set("Retry-After", startingRetryAfter)
	h.Set("Cache-Control", "no-store")
	msg := "gitlate is starting (" + s.detail + "); try again in a few seconds."
	if p := r.URL.Path; p == g.prefix+"/api" || strings.HasPrefix(p, g.prefix+"/api/") {
		h.Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		b, _ := json.Marshal(map[string]string{"detail": msg})
		w.Write(b)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Starting — gitlate</title></head>\n<body><h1>Starting</h1><p>%s</p></body></html>\n", html.EscapeString(msg))
}

// healthAnswer is the body of /healthz and /readyz.
type healthAnswer struct {
	Status string `json:"status"` // ok (healthz); starting, ready or stopping (readyz)
	Detail string `json:"detail,omitempty"`
	// History says whether the change log is complete yet (readyz, once ready): it
	// follows the statistics, which are served first.
	History string `json:"history,omitempty"`
}

func (g *gate) readyz(w http.ResponseWriter) {
	s := g.state.Load()
	switch s.phase {
	case starting:
		w.Header().Set("Retry-After", startingRetryAfter)
		writeHealth(w, http.StatusServiceUnavailable, healthAnswer{Status: "starting", Detail: s.detail})
	case stopping:
		writeHealth(w, http.StatusServiceUnavailable, healthAnswer{Status: "stopping", Detail: s.reason})
	default:
		a := healthAnswer{Status: "ready", History: "reading"}
		select {
		case <-s.history:
			a.History = "complete"
		default:
		}
		writeHealth(w, http.StatusOK, a)
	}
}

// probeMethod answers a method the probes do not take (405) and says whether
// r is one they take.
func probeMethod(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	writeHealth(w, http.StatusMethodNotAllowed, healthAnswer{Status: "error", Detail: "method not allowed"})
	return false
}

func writeHealth(w http.ResponseWriter, code int, a healthAnswer) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	// A cached probe answer would say nothing of the server now.
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	b, _ := json.Marshal(a)
	w.Write(append(b, '\n'))
}

// healthCmd is `gitlate health`: it asks a running server's /readyz and exits 0
// when it is ready, 1 otherwise, with one line saying so. It needs nothing but the
// binary, so a container image's HEALTHCHECK can run it (no curl in the image).
func healthCmd(ctx context.Context, fs *flag.FlagSet, o *options, stdout, stderr io.Writer) int {
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gitlate health: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	target, err := readyzURL(o.url, o.listen)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate health: %v\n", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate health: %v\n", err)
		return 2
	}
	// A proxy from the environment has no business between a probe and the
	// server next to it.
	client := &http.Client{Transport: &http.Transport{Proxy: nil}}
	resp, err := client.Do(req)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate health: %s: unreachable: %v\n", target, unwrapURLError(err))
		return 1
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	var a healthAnswer
	_ = json.Unmarshal(body, &a)
	what := a.Status
	if a.Detail != "" {
		what += ": " + a.Detail
	}
	if what == "" {
		what = strings.TrimSpace(string(body))
	}
	if resp.StatusCode == http.StatusOK && a.Status == "ready" {
		line := "ready"
		if a.History != "" {
			line += " (history " + a.History + ")"
		}
		fmt.Fprintf(stdout, "%s: %s\n", target, line)
		return 0
	}
	fmt.Fprintf(stderr, "gitlate health: %s: not ready: %s (%s)\n", target, oneLine(what, 200), resp.Status)
	return 1
}

// readyzURL is the /readyz URL health asks: --url (a server's root URL, or the
// probe's own), or the loopback address of the port --listen names.
func readyzURL(rawURL, listen string) (string, error) {
	if rawURL != "" {
		u, err := url.Parse(rawURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("--url must look like http(s)://host[:port][/readyz], not %q", rawURL)
		}
		if u.Path == "" || u.Path == "/" {
			u.Path = "/readyz"
		}
		return u.String(), nil
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return "", fmt.Errorf("--listen %q: %v", listen, err)
	}
	// A server listening on every address (":8080", "0.0.0.0", "::") is reached
	// on the loopback one; a server bound to one address only, there.
	// ("::" listens on IPv4 too, unless the system says otherwise.)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/readyz", nil
}

// unwrapURLError drops what *url.Error repeats (the method and the URL, which the
// line already names).
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if errors.Is(ue.Err, context.DeadlineExceeded) {
			return errors.New("no answer in time")
		}
		return ue.Err
	}
	return err
}

// oneLine is s on one line, cut to at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "…"
	}
	return s
}

// probeTimeout is health's default wait for an answer: Docker's HEALTHCHECK waits
// 30 s by default, and a server that takes seconds to answer its probe is not
// healthy anyway.
const probeTimeout = 5 * time.Second
