package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/bench/synth"
)

// logSize is a synthetic history: one component of langs languages × units strings,
// walked over commits commits; the first adds the files (the component's creation,
// no change per string), each later one gives every string of every language a new
// translation, so that the log holds (commits − 1) × langs × units changes and a
// few more.
type logSize struct {
	name                  string
	langs, units, commits int
}

var logSizes = []logSize{
	{"10k", 10, 1000, 2},
	{"100k", 50, 1000, 3},
	{"1M", 50, 2000, 11},
}

// logSizeHistory writes (once; kept in the work directory) the history of size s:
// a bare repository written by git fast-import, and the projects.yaml naming it
// with its whole history.
func logSizeHistory(o *options, s logSize) (config string, err error) {
	dir := filepath.Join(o.work, "log-sizes", s.name)
	config = filepath.Join(dir, "projects.yaml")
	if _, err := os.Stat(config); err == nil {
		return config, nil
	}
	os.RemoveAll(dir)
	codes, err := synth.LanguageCodes(s.langs)
	if err != nil {
		return "", err
	}
	repo := filepath.Join(dir, "repo.git")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := gitRun(dir, "init", "-q", "--bare", "--template=", "--initial-branch=main", repo); err != nil {
		return "", err
	}
	// One fast-import stream: the template in the first commit, then every commit
	// rewrites each language's file with every string's translation numbered by the
	// commit.
	var b bytes.Buffer
	file := func(path string, units int, text func(j int) string) {
		var x bytes.Buffer
		x.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n")
		for j := range units {
			fmt.Fprintf(&x, "    <string name=\"s%05d\">%s</string>\n", j, text(j))
		}
		x.WriteString("</resources>\n")
		fmt.Fprintf(&b, "M 100644 inline %s\ndata %d\n", path, x.Len())
		b.Write(x.Bytes())
		b.WriteByte('\n')
	}
	when := int64(synth.When)
	for c := range s.commits {
		msg := "translations, round " + strconv.Itoa(c+1)
		fmt.Fprintf(&b, "commit refs/heads/main\nauthor Bench <bench@example.org> %d +0000\ncommitter Bench <bench@example.org> %d +0000\ndata %d\n%s\n",
			when+int64(c)*3600, when+int64(c)*3600, len(msg), msg)
		// A commit of the stream continues the branch's tip of the same stream.
		if c == 0 {
			file(synth.Template, s.units, func(j int) string { return fmt.Sprintf("Source string number %d", j) })
		}
		for _, code := range codes {
			file(strings.Replace(synth.Filemask, "*", code, 1), s.units, func(j int) string {
				return fmt.Sprintf("Translation %d of string %d (%s)", c+1, j, code)
			})
		}
	}
	b.WriteString("done\n")
	cmd := exec.Command("git", "--git-dir="+repo, "fast-import", "--quiet", "--done")
	cmd.Stdin = &b
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("git fast-import: %v %s", err, out)
	}
	if err := gitRun(dir, "--git-dir="+repo, "repack", "-a", "-d", "-q"); err != nil {
		return "", err
	}
	return config, os.WriteFile(config, []byte(`projects:
  - name: Synthetic
    slug: synthetic
    components:
      - name: App
        slug: app
        repo: `+repo+`
        filemask: `+synth.Filemask+`
        template: `+synth.Template+`
        file_format: aresource
        history: all
`), 0o644)
}

// logRestartSizesFigure: the restart to the complete log on synthetic histories of
// about 10k, 100k and 1M stored changes. For each, `gitlate serve` is started on an
// empty data directory (the baseline: the whole history walked) until its log is
// complete, stopped, and restarted on the same data directory; from process start
// to (a) the first 200 of /api/projects/ and the project's statistics, (b) the
// first answer of /api/changes/ counting every change.
func logRestartSizesFigure(o *options) error {
	bin := filepath.Join(o.bin, "gitlate")
	runs := min(o.runs, 3)
	type row struct {
		name         string
		changes      int
		coldA, coldB []time.Duration
		warmA, warmB []time.Duration
	}
	var rows []row
	for _, size := range logSizes {
		genStart := time.Now()
		config, err := logSizeHistory(o, size)
		if err != nil {
			return fmt.Errorf("%s: %w", size.name, err)
		}
		if d := time.Since(genStart); d > time.Second {
			fmt.Printf("  (history %s written in %s)\n", size.name, d.Round(time.Second))
		}
		r := row{name: size.name}
		for i := 0; i < runs; i++ {
			data, err := os.MkdirTemp(o.work, "log-restart-sizes-")
			if err != nil {
				return err
			}
			// start runs a server on data and returns its times to (a) and (b); want
			// 0: wait until the log settles (the first start) and record the count.
			start := func(want int) (a, b time.Duration, n int, err error) {
				addr, err := freeAddr()
				if err != nil {
					return 0, 0, 0, err
				}
				base := "http://" + addr
				s, err := startServer(bin, []string{"serve", "--config", config, "--data", data, "--listen", addr, "--rescan", "1h"})
				if err != nil {
					return 0, 0, 0, err
				}
				defer s.stop()
				ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
				defer cancel()
				if _, err := waitForFast(ctx, base+"/api/projects/", s); err != nil {
					return 0, 0, 0, err
				}
				at, err := waitForFast(ctx, base+"/api/projects/synthetic/statistics/", s)
				if err != nil {
					return 0, 0, 0, err
				}
				a = at.Sub(s.start)
				if want == 0 {
					b, n, err = settledAt(ctx, base, s)
					return a, b, n, err
				}
				at, n, err = waitCount(ctx, base, want, s)
				if err != nil {
					return 0, 0, 0, err
				}
				if n != want {
					return 0, 0, 0, fmt.Errorf("the log shows %d changes, not %d", n, want)
				}
				return a, at.Sub(s.start), n, nil
			}
			ca, cb, n, err := start(0)
			if err != nil {
				os.RemoveAll(data)
				return fmt.Errorf("%s, empty data directory: %w", size.name, err)
			}
			if r.changes != 0 && r.changes != n {
				os.RemoveAll(data)
				return fmt.Errorf("%s: walks disagree: %d changes, then %d", size.name, r.changes, n)
			}
			r.changes = n
			wa, wb, _, err := start(n)
			os.RemoveAll(data)
			if err != nil {
				return fmt.Errorf("%s, restart: %w", size.name, err)
			}
			r.coldA, r.coldB = append(r.coldA, ca), append(r.coldB, cb)
			r.warmA, r.warmB = append(r.warmA, wa), append(r.warmB, wb)
		}
		rows = append(rows, r)
	}
	fmt.Printf("restart to the complete log by the log's length: synthetic histories (one component, every string of every\n")
	fmt.Printf("  language translated anew in each commit), `gitlate serve` from process start to (a) the first 200 of\n")
	fmt.Printf("  /api/projects/ and the project's statistics, (b) the first answer of /api/changes/ counting every change;\n")
	fmt.Printf("  median of %d runs\n", runs)
	fmt.Printf("  %-6s %10s %12s %12s %14s %14s %8s\n", "size", "changes", "restart (a)", "restart (b)", "empty dir (a)", "empty dir (b)", "ratio")
	ok := true
	for _, r := range rows {
		wb := median(r.warmB)
		ok = ok && wb <= time.Second
		fmt.Printf("  %-6s %10d %12s %12s %14s %14s %7.1f×\n", r.name, r.changes, ms(median(r.warmA)), ms(wb),
			ms(median(r.coldA)), ms(median(r.coldB)), float64(median(r.coldB))/float64(wb))
	}
	fmt.Printf("  (ratio: empty data directory (b) / restart (b))\n")
	fmt.Printf("  target: the complete log within 1 s of start at every size: %s\n", verdict(ok))
	return nil
}

// settledAt waits until the server's history scan is done and its log's count has
// not moved for a second, and returns when the log first showed that count (from
// process start) and the count.
func settledAt(ctx context.Context, base string, s *server) (time.Duration, int, error) {
	last, lastAt, scanned := -1, time.Time{}, false
	for {
		now := time.Now()
		c := changeCount(base)
		if c != last {
			last, lastAt = c, now
		}
		if !scanned {
			v, err := promValue(base, "gitlate_scan_duration_seconds_count")
			scanned = err == nil && v >= 2
		}
		if scanned && c > 0 && now.Sub(lastAt) >= time.Second {
			return lastAt.Sub(s.start), c, nil
		}
		select {
		case <-ctx.Done():
			return 0, 0, fmt.Errorf("the log did not settle: %w %s", ctx.Err(), lastLines(s.stderr.String(), 5))
		case <-time.After(20 * time.Millisecond):
		}
	}
}
