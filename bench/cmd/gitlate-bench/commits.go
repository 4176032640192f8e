package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// commitsFigure: reads of a checkout while someone commits to it every 250 ms.
// Every commit is seen (the watcher rebuilds a moment later), and a rebuild must
// never delay a request: wrk on a translation's statistics while commits land,
// against the same wrk on the same server with no commits, alternating; the p99
// while committing must stay within 4× the quiet p99, with no error.
func commitsFigure(o *options) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is not installed (apt-get install wrk)")
	}
	dir, _, _, _, err := corporaInstallation(o)
	if err != nil {
		return err
	}
	work := filepath.Join(o.work, "commits")
	os.RemoveAll(work)
	defer os.RemoveAll(work)
	repo := filepath.Join(work, "newpipe")
	if out, err := exec.Command("git", "clone", "-q", filepath.Join(dir, "repos", "newpipe"), repo).CombinedOutput(); err != nil {
		return fmt.Errorf("git clone: %v: %s", err, out)
	}
	config := filepath.Join(work, "projects.yaml")
	if err := os.WriteFile(config, []byte(`projects:
  - name: NewPipe
    slug: newpipe
    components:
      - name: Strings
        slug: strings
        repo: newpipe
        filemask: app/src/main/res/values-*/strings.xml
        template: app/src/main/res/values/strings.xml
        file_format: aresource
`), 0o644); err != nil {
		return err
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	g, err := startServer(filepath.Join(o.bin, "gitlate"), []string{"serve", "--config", config, "--data", filepath.Join(work, "data"), "--listen", addr})
	if err != nil {
		return err
	}
	defer g.stop()
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if _, err := waitFor(ctx, base+"/api/", g); err != nil {
		return err
	}
	if err := waitScans(ctx, base, 2); err != nil {
		return err
	}
	url := base + "/api/translations/newpipe/strings/de/statistics/"
	dur := 10 * time.Second
	if o.quick {
		dur = 3 * time.Second
	}
	file := filepath.Join(repo, "app/src/main/res/values-de/strings.xml")
	original, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	git := func(args ...string) error {
		cmd := exec.Command("git", append([]string{"-c", "user.name=bench", "-c", "user.email=bench@example.org"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v: %s", args, err, out)
		}
		return nil
	}
	// committing commits every 250 ms until stop is closed, each one changing a
	// translation (a string of the German file toggles between two texts).
	committing := func(stop <-chan struct{}) (int, error) {
		n := 0
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return n, nil
			case <-tick.C:
			}
			text := strings.Replace(string(original), "</resources>", fmt.Sprintf("<string name=\"bench_%d\">x</string></resources>", n%2), 1)
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				return n, err
			}
			if err := git("commit", "-qam", fmt.Sprintf("commit %d", n)); err != nil {
				return n, err
			}
			n++
		}
	}
	before, _ := promValue(base, "gitlate_scan_duration_seconds_count")
	fmt.Printf("reads while commits land: wrk -t2 -c64 -d%s --latency on %s of `gitlate serve` on a checkout of the newpipe corpus,\n", dur, strings.TrimPrefix(url, base))
	fmt.Printf("  quiet, then while a commit lands every 250 ms, alternating %d times\n", 2)
	fmt.Printf("  %-22s %11s %9s %9s %8s  %s\n", "", "r/s", "p50", "p99", "commits", "errors")
	var quiet, busy []time.Duration
	var errs atomic.Value
	errs.Store("")
	for range 2 {
		q, err := runWrk(url, dur)
		if err != nil {
			return err
		}
		fmt.Printf("  %-22s %11.0f %9s %9s %8s  %s\n", "quiet", q.rps, lat(q.p50), lat(q.p99), "", q.errors)
		stop := make(chan struct{})
		done := make(chan int, 1)
		var cerr error
		go func() { n, err := committing(stop); cerr = err; done <- n }()
		b, err := runWrk(url, dur)
		close(stop)
		n := <-done
		if err != nil {
			return err
		}
		if cerr != nil {
			return cerr
		}
		fmt.Printf("  %-22s %11.0f %9s %9s %8d  %s\n", "committing every 250ms", b.rps, lat(b.p50), lat(b.p99), n, b.errors)
		if q.errors != "" || b.errors != "" {
			errs.Store(q.errors + b.errors)
		}
		quiet, busy = append(quiet, q.p99), append(busy, b.p99)
	}
	after, _ := promValue(base, "gitlate_scan_duration_seconds_count")
	ratio := float64(median(busy)) / float64(median(quiet))
	fmt.Printf("  %.0f rebuilds while committing; p99 committing / quiet: %.2f×\n", after-before, ratio)
	fmt.Printf("  target: no errors, p99 ≤ 4× quiet: %s\n", verdict(errs.Load().(string) == "" && ratio <= 4))
	return nil
}
