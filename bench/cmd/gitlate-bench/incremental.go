package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gitlate/gitlate/bench/synth"
)

func incrementalFigure(o *options) error {
	fmt.Printf("figure 4: one file of a 100-language component changes; how many files the next scan parses\n")
	// The test that asserts it (scan.Engine.FilesParsed, on a bare repository and a checkout).
	out, err := exec.Command("go", "test", "-count=1", "-run", "^TestIncremental", "-v", "./internal/live/").CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test -run TestIncremental ./internal/live/: %v\n%s", err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "parsed") || strings.HasPrefix(strings.TrimSpace(l), "--- ") {
			fmt.Println("  test:", strings.TrimSpace(l))
		}
	}

	// The same, live: a running server's /metrics, a file edited in the checkout.
	dir, err := os.MkdirTemp(o.work, "incremental-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	const langs, units = 100, 1000
	if _, err := synth.Generate(context.Background(), synth.Spec{Dir: dir, Components: 1, Languages: langs, Units: units, Checkout: true}); err != nil {
		return err
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	g, err := startServer(filepath.Join(o.bin, "gitlate"), []string{"serve", "--config", filepath.Join(dir, "projects.yaml"),
		"--data", filepath.Join(dir, "data"), "--listen", addr, "--rescan", "1s"})
	if err != nil {
		return err
	}
	defer g.stop()
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := waitFor(ctx, base+"/api/", g); err != nil {
		return err
	}
	if err := waitScans(ctx, base, 2); err != nil {
		return err
	}
	before, err := promValue(base, "gitlate_files_parsed_total")
	if err != nil {
		return err
	}
	codes, err := synth.LanguageCodes(langs)
	if err != nil {
		return err
	}
	f := synth.Translation(0, units, 0, codes[0], 1)
	if err := os.WriteFile(filepath.Join(dir, "repos", synth.ComponentSlug(0), filepath.FromSlash(f.Path)), f.Data, 0o644); err != nil {
		return err
	}
	n0, _ := promValue(base, "gitlate_scan_duration_seconds_count")
	// Two more scans: one surely started after the edit.
	if err := waitScans(ctx, base, n0+2); err != nil {
		return err
	}
	after, err := promValue(base, "gitlate_files_parsed_total")
	if err != nil {
		return err
	}
	lastScan, _ := promValue(base, "gitlate_last_scan_duration_seconds")
	fmt.Printf("  live: `gitlate serve --rescan 1s` on a checkout of 1 component × %d languages × %d units; %s edited in the working tree\n", langs, units, f.Path)
	fmt.Printf("  %-52s %8s %10s\n", "", "gitlate", "baseline")
	fmt.Printf("  %-52s %8.0f %10d\n", "gitlate_files_parsed_total after start", before, langs+1)
	fmt.Printf("  %-52s %8.0f %10d  %s\n", "files parsed by the scans after the edit", after-before, langs+1, verdict(after-before == 1))
	fmt.Printf("  %-52s %8s\n", "last rescan's duration (gitlate_last_scan_duration_seconds)", ms(time.Duration(lastScan*1e9)))
	fmt.Printf("  baseline: a tool without a content cache parses every file again (%d); ratio %.0f× fewer parses\n", langs+1, float64(langs+1)/max(1, after-before))
	return nil
}
