package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// wrkResult is what wrk reports of one run.
type wrkResult struct {
	rps    float64
	p50    time.Duration
	p99    time.Duration
	errors string // non-2xx answers, socket errors
}

var (
	wrkRPS     = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	wrkPct     = regexp.MustCompile(`(?m)^\s+(50|99)(?:\.000)?%\s+([\d.]+)(us|ms|s)\s*$`)
	wrkNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses: \d+`)
	wrkSockErr = regexp.MustCompile(`Socket errors: [^\n]+`)
)

func runWrk(url string, dur time.Duration) (wrkResult, error) { return runWrkConns(url, 64, dur) }

func runWrkConns(url string, conns int, dur time.Duration) (wrkResult, error) {
	out, err := exec.Command("wrk", "-t2", "-c"+strconv.Itoa(conns), "-d"+strconv.Itoa(int(dur.Seconds()))+"s", "--latency", url).CombinedOutput()
	if err != nil {
		return wrkResult{}, fmt.Errorf("wrk %s: %v\n%s", url, err, out)
	}
	var r wrkResult
	m := wrkRPS.FindSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("wrk %s: no Requests/sec in\n%s", url, out)
	}
	r.rps, _ = strconv.ParseFloat(string(m[1]), 64)
	for _, m := range wrkPct.FindAllSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(string(m[2]), 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[string(m[3])]
		d := time.Duration(v * float64(unit))
		if string(m[1]) == "50" {
			r.p50 = d
		} else {
			r.p99 = d
		}
	}
	var errs []string
	for _, re := range []*regexp.Regexp{wrkNon2xx, wrkSockErr} {
		if m := re.Find(out); m != nil {
			errs = append(errs, string(m))
		}
	}
	r.errors = strings.Join(errs, "; ")
	return r, nil
}

func lat(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/1e6) }

func serveFigure(o *options) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is not installed (apt-get install wrk)")
	}
	dir, config, _, _, err := corporaInstallation(o)
	if err != nil {
		return err
	}
	dur := 10 * time.Second
	if o.quick {
		dur = 3 * time.Second
	}
	gaddr, err := freeAddr()
	if err != nil {
		return err
	}
	data := filepath.Join(dir, "serve-data")
	os.RemoveAll(data)
	defer os.RemoveAll(data)
	g, err := startServer(filepath.Join(o.bin, "gitlate"), []string{"serve", "--config", config, "--data", data, "--listen", gaddr})
	if err != nil {
		return err
	}
	defer g.stop()
	base := "http://" + gaddr
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if _, err := waitFor(ctx, base+"/api/", g); err != nil {
		return err
	}
	// Measure the steady state: the history walk that follows the first scan is done.
	if err := waitScans(ctx, base, 2); err != nil {
		return err
	}

	endpoints := []string{
		"/api/components/newpipe/strings/statistics/",
		"/api/projects/newpipe/languages/",
		"/api/projects/newpipe/",
		// Pages and a badge: a project (its component × language matrix), a
		// component, a translation with the first page of its strings.
		"/projects/newpipe/",
		"/projects/newpipe/strings/",
		"/projects/newpipe/strings/ar/",
		"/widgets/newpipe/-/svg-badge.svg",
	}
	fmt.Printf("figure 2: wrk -t2 -c64 -d%s --latency on loopback, the corpora served by `gitlate serve` (steady state, history read),\n", dur)
	fmt.Printf("  against a gin handler writing a constant byte slice of the same size (bench/cmd/constsrv), run alternately on the same machine\n")
	return compareRoutes(ctx, o, base, filepath.Join(dir, "responses"), endpoints, 64, dur)
}

// compareRoutes serves what gitlate at base answers on each endpoint from constsrv
// (the same bytes, written as a constant), then runs wrk with conns connections on
// each, gitlate then the baseline, and prints requests/s, latencies and the ratio.
func compareRoutes(ctx context.Context, o *options, base, respDir string, endpoints []string, conns int, dur time.Duration) error {
	caddr, err := freeAddr()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(respDir, 0o755); err != nil {
		return err
	}
	var args []string
	sizes := map[string]int{}
	for i, ep := range endpoints {
		code, body, err := get(base + ep)
		if err != nil || code != http.StatusOK {
			return fmt.Errorf("GET %s: %d %v", ep, code, err)
		}
		f := filepath.Join(respDir, fmt.Sprintf("%d.body", i))
		if err := os.WriteFile(f, body, 0o644); err != nil {
			return err
		}
		sizes[ep] = len(body)
		args = append(args, ep+"="+f)
	}
	c, err := startServer(filepath.Join(o.bin, "constsrv"), append([]string{"-listen", caddr}, args...))
	if err != nil {
		return err
	}
	defer c.stop()
	if _, err := waitFor(ctx, "http://"+caddr+endpoints[0], c); err != nil {
		return err
	}
	fmt.Printf("  %-46s %7s %11s %9s %9s %11s %9s %9s %8s\n", "endpoint", "bytes", "gitlate r/s", "p50", "p99", "const r/s", "p50", "p99", "ratio")
	rpsOK, p99OK, baseP99OK := true, true, true
	for _, ep := range endpoints {
		gr, err := runWrkConns(base+ep, conns, dur)
		if err != nil {
			return err
		}
		cr, err := runWrkConns("http://"+caddr+ep, conns, dur)
		if err != nil {
			return err
		}
		if gr.errors != "" {
			return fmt.Errorf("%s: %s", ep, gr.errors)
		}
		ratio := gr.rps / cr.rps
		rpsOK = rpsOK && ratio >= 0.5
		p99OK = p99OK && gr.p99 < 5*time.Millisecond
		baseP99OK = baseP99OK && cr.p99 < 5*time.Millisecond
		fmt.Printf("  %-46s %7d %11.0f %9s %9s %11.0f %9s %9s %7.2f×\n", ep, sizes[ep], gr.rps, lat(gr.p50), lat(gr.p99), cr.rps, lat(cr.p50), lat(cr.p99), ratio)
	}
	fmt.Printf("  target: ≥ 0.5× the constant handler's requests/s: %s\n", verdict(rpsOK))
	note := ""
	if !p99OK && !baseP99OK {
		note = " (so does the constant handler: with wrk on the same 2 CPUs, the tail is the machine's queueing)"
	}
	fmt.Printf("  p99 < 5 ms: %s%s\n", verdict(p99OK), note)
	return nil
}

// routesFigure: the routes that render many objects — change log and unit pages of
// 1,000, a change page deep in the log, the pages — on a real app with its whole
// history (F-Droid's), against constant bytes.
func routesFigure(o *options) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is not installed (apt-get install wrk)")
	}
	config, _, err := fdroidHistory(o)
	if err != nil {
		return err
	}
	dir := filepath.Dir(config)
	data := filepath.Join(dir, "routes-data")
	os.RemoveAll(data)
	defer os.RemoveAll(data)
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	g, err := startServer(filepath.Join(o.bin, "gitlate"), []string{"serve", "--config", config, "--data", data, "--listen", addr, "--base-url", "http://gitlate.example"})
	if err != nil {
		return err
	}
	defer g.stop()
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := waitFor(ctx, base+"/api/", g); err != nil {
		return err
	}
	// The history is walked after the first answer: wait for the whole log.
	for last := -1; ; {
		n := changeCount(base)
		if n > 0 && n == last {
			break
		}
		last = n
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for the change log: %w", ctx.Err())
		case <-time.After(2 * time.Second):
		}
	}
	dur := 10 * time.Second
	if o.quick {
		dur = 3 * time.Second
	}
	endpoints := []string{
		"/api/projects/fdroid/changes/?page_size=1000",
		"/api/changes/?page=50",
		"/api/components/fdroid/client/changes/?page_size=1000",
		"/api/translations/fdroid/client/de/units/?page_size=1000",
		"/api/units/?page_size=1000",
		"/projects/fdroid/",
	}
	fmt.Printf("routes: wrk -t2 -c16 -d%s --latency on loopback, F-Droid's client with its whole history (%d changes) served by `gitlate serve`,\n", dur, changeCount(base))
	fmt.Printf("  against constsrv writing the same bytes, run alternately on the same machine\n")
	return compareRoutes(ctx, o, base, filepath.Join(dir, "routes-responses"), endpoints, 16, dur)
}
