package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// firstStatsFigure: a new installation answers statistics as soon as its files are
// scanned, whatever the length of the history it still has to walk. The
// installation is the three corpora with F-Droid's client and its whole history
// (2,568 commits, 142,176 changes) as a fourth project; `gitlate serve` starts on
// an empty data directory each run, and the figure is the time from process start
// to the first 200 of a statistics document of each project (the last one to
// answer), while the history walk runs behind it. Baseline: a cold `gitlate scan`
// of the same configuration (the same files, no history, no server), alternating.
func firstStatsFigure(o *options) error {
	dir, config, files, _, err := corporaInstallation(o)
	if err != nil {
		return err
	}
	all, _, err := fdroidHistory(o)
	if err != nil {
		return err
	}
	corporaYAML, err := os.ReadFile(config)
	if err != nil {
		return err
	}
	fdroidYAML, err := os.ReadFile(all)
	if err != nil {
		return err
	}
	// The corpora's repositories are named relative to their projects.yaml; the
	// combined file lives beside it.
	combined := filepath.Join(dir, "first-stats.yaml")
	body := strings.TrimRight(string(corporaYAML), "\n") + "\n" +
		strings.TrimPrefix(string(fdroidYAML), "projects:\n")
	if err := os.WriteFile(combined, []byte(body), 0o644); err != nil {
		return err
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	base := "http://" + addr
	bin := filepath.Join(o.bin, "gitlate")
	data := filepath.Join(o.work, "first-stats-data")
	urls := []string{
		base + "/api/projects/newpipe/statistics/",
		base + "/api/projects/fdroidclient/statistics/",
		base + "/api/projects/slicer-glossary/statistics/",
		base + "/api/projects/fdroid/statistics/",
	}
	// serveRun returns the time to the last project's first statistics, and
	// whether the history was still being read then (the change log's count below
	// the full log's).
	serveRun := func() (time.Duration, int, error) {
		os.RemoveAll(data)
		s, err := startServer(bin, []string{"serve", "--config", combined, "--data", data, "--listen", addr})
		if err != nil {
			return 0, 0, err
		}
		defer s.stop()
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		defer cancel()
		var last time.Time
		for _, u := range urls {
			at, err := waitForFast(ctx, u, s)
			if err != nil {
				return 0, 0, err
			}
			last = at
		}
		return last.Sub(s.start), changeCount(base), nil
	}
	scanRun := func() (time.Duration, error) {
		scratch := filepath.Join(o.work, "first-stats-scan")
		os.RemoveAll(scratch)
		m, err := measure(exec.Command(bin, "scan", "--config", combined, "--data", scratch, "--format", "json"))
		if err != nil {
			return 0, err
		}
		return m.wall, nil
	}
	var serves, scans []time.Duration
	var counts []int
	for i := 0; i < o.runs; i++ {
		d, err := scanRun()
		if err != nil {
			return fmt.Errorf("scan: %w", err)
		}
		scans = append(scans, d)
		d, n, err := serveRun()
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		serves, counts = append(serves, d), append(counts, n)
	}
	fmt.Printf("first-stats: a new installation (the corpora, %d files, and F-Droid's client with its whole history), empty data directory,\n", files)
	fmt.Printf("  `gitlate serve` from process start to the first 200 of every project's statistics, against a cold `gitlate scan`\n")
	fmt.Printf("  of the same configuration, alternating, %d runs each\n", o.runs)
	fmt.Printf("  %-52s %12s %12s\n", "", "median", "max")
	fmt.Printf("  %-52s %12s %12s\n", "serve: every project's statistics answered", ms(median(serves)), ms(maxDur(serves)))
	fmt.Printf("  %-52s %12s %12s\n", "scan, cold (baseline)", ms(median(scans)), ms(maxDur(scans)))
	fmt.Printf("  changes in the log at that moment: %v (the history walk goes on behind the statistics)\n", counts)
	fmt.Printf("  ratio (serve / scan)                                 %11.2f×\n", float64(median(serves))/float64(median(scans)))
	ok := median(serves) <= median(scans)
	fmt.Printf("  target: statistics within the cold scan's time: %s\n", verdict(ok))
	return nil
}
