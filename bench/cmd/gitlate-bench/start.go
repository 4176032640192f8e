package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"time"
)

// startFigure: `gitlate --version` (process start: the runtime, every package's
// initialisation, the flag parsing) against a Go program that only prints its
// version, alternating, new processes.
func startFigure(o *options) error {
	const runs = 60
	gitlate, base := filepath.Join(o.bin, "gitlate"), filepath.Join(o.bin, "version")
	fmt.Printf("process start: `gitlate --version` against a Go program that only prints a version line, %d runs each, alternating\n", runs)
	var gw, bw []time.Duration
	for i := range runs + 5 {
		m, err := measure(exec.Command(gitlate, "--version"))
		if err != nil {
			return err
		}
		b, err := measure(exec.Command(base))
		if err != nil {
			return err
		}
		if i >= 5 { // the first runs warm the page cache
			gw, bw = append(gw, m.wall), append(bw, b.wall)
		}
	}
	fmt.Printf("  %-34s %14s %14s\n", "", "wall median", "wall min")
	fmt.Printf("  %-34s %14s %14s\n", "gitlate --version", msf(median(gw)), msf(minDur(gw)))
	fmt.Printf("  %-34s %14s %14s\n", "Go hello-version (baseline)", msf(median(bw)), msf(minDur(bw)))
	fmt.Printf("  %-34s %13.1f× %13.1f×\n", "ratio (gitlate / baseline)", median(gw).Seconds()/median(bw).Seconds(), minDur(gw).Seconds()/minDur(bw).Seconds())
	fmt.Printf("  target: ≤ 10 ms median wall: %s (%s)\n", verdict(median(gw) <= 10*time.Millisecond), msf(median(gw)))
	return nil
}

// msf is d in milliseconds with a tenth: process starts are a few of them.
func msf(d time.Duration) string { return fmt.Sprintf("%.1f ms", d.Seconds()*1000) }
