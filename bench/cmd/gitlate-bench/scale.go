package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/gitlate/gitlate/bench/synth"
)

// Every component of the scale curve: a small app's strings.
const scaleLanguages, scaleUnits = 20, 500

func scaleFigure(o *options) error {
	fmt.Printf("figure 5: `gitlate scan` (cold: new process, empty data directory) of 1, 10, 100 and 1,000 synthetic components,\n")
	fmt.Printf("  each %d languages × %d units in its own bare repository\n", scaleLanguages, scaleUnits)
	type point struct {
		n         int
		wall, cpu time.Duration
		rss       int64
	}
	var pts []point
	for _, n := range []int{1, 10, 100, 1000} {
		dir, err := synthetic(o, synth.Spec{Components: n, Languages: scaleLanguages, Units: scaleUnits})
		if err != nil {
			return err
		}
		runs := o.runs
		if n >= 1000 {
			runs = min(runs, 3)
		}
		var ws, cs []time.Duration
		var peak int64
		for i := range runs {
			data := filepath.Join(o.work, fmt.Sprintf("scale-data-%d", i))
			os.RemoveAll(data)
			m, err := measure(exec.Command(filepath.Join(o.bin, "gitlate"), "scan", "--config", filepath.Join(dir, "projects.yaml"), "--data", data, "--format", "json"))
			os.RemoveAll(data)
			if err != nil {
				return err
			}
			ws, cs, peak = append(ws, m.wall), append(cs, m.cpu), max(peak, m.maxRSS)
		}
		pts = append(pts, point{n, median(ws), median(cs), peak})
	}
	fmt.Printf("  %10s %8s %12s %12s %10s %14s %12s %12s %12s\n", "components", "files", "wall median", "CPU median", "max RSS", "wall/component", "wall ×", "CPU ×", "RSS ×")
	linear := true
	for i, p := range pts {
		var growth [3]string
		if i > 0 {
			q := pts[i-1]
			w, c, r := p.wall.Seconds()/q.wall.Seconds(), p.cpu.Seconds()/q.cpu.Seconds(), float64(p.rss)/float64(q.rss)
			growth = [3]string{fmt.Sprintf("%.1f", w), fmt.Sprintf("%.1f", c), fmt.Sprintf("%.1f", r)}
			// Linear: ten times the components cost at most ten times as much, with a
			// quarter of slack. Judged on CPU time (gitlate and its git helpers), which
			// other work on a shared machine moves much less than wall time.
			if c > 12.5 || r > 12.5 {
				linear = false
			}
		}
		fmt.Printf("  %10d %8d %12s %12s %10s %14s %12s %12s %12s\n", p.n, p.n*(scaleLanguages+1), ms(p.wall), ms(p.cpu), mb(p.rss),
			ms(p.wall/time.Duration(p.n)), growth[0], growth[1], growth[2])
	}
	fmt.Printf("  CPU is gitlate's and its git helpers'; ×: growth over the row above (10× the components)\n")
	fmt.Printf("  baseline: linear growth, 10× per step; target: linear or better (CPU and RSS): %s\n", verdict(linear))
	return nil
}
