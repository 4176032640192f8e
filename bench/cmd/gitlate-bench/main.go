// Command gitlate-bench reproduces gitlate's performance figures, each measured with its
// baseline in the same run and printed with the ratio:
//
//	start        `gitlate --version` (process start) against a Go program that only prints a version
//	scan         cold `gitlate scan` of the corpora against ttk_stats.py, and
//	             the parsers' throughput against their encoding/xml references
//	serve        wrk on three hot endpoints against a gin handler writing the same bytes
//	memory       RSS and time to first answer on 100 components × 100 languages × 1,000 units
//	incremental  files re-parsed after one file of a 100-language component changed
//	scale        scan time and RSS for 1, 10, 100 and 1,000 components
//	restart      first answer and files parsed after a restart with a warm cache
//	components   cold `gitlate scan` of 41 components in one checkout against ttk_stats.py
//	commits      p99 of reads while a commit lands every 250 ms, against the quiet p99
//	routes       change-log and unit pages of 1,000 on a real history, against the same bytes
//	changes-memory  resident bytes per change of a real app's history (F-Droid's)
//	log-restart     from process start to the complete log, restarted against started empty
//	log-restart-sizes  the same on synthetic logs of 10k, 100k and 1M changes
//	replicas        replicas on one PostgreSQL: time until both show a commit, a late one at once
//	edit         one file of a checkout of 1, 40, 100 components edited under `gitlate serve`: until the API shows it
//	first-stats  a new installation with a long history: first statistics against a cold `gitlate scan`
//	progress     the history walk recording progress over time against the walk alone (F-Droid's history)
//	formats      per format, cold `gitlate scan` of a real component against translate-toolkit, and each parser's MB/s
//	all          all of them, in that order
//
// It is run by bench/run.sh, which builds the binaries it drives; see bench/README.md.
// These are benchmarks, run by hand: no test runs them.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

type options struct {
	bin    string // directory holding gitlate, constsrv
	work   string // scratch space: repositories, data directories, responses
	shared string // the shared corpora and ttk_stats.py
	runs   int
	quick  bool
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "bench/out/bin", "directory holding the gitlate and constsrv binaries")
	flag.StringVar(&o.work, "work", "bench/out/work", "scratch directory (generated installations are kept there and reused)")
	flag.StringVar(&o.shared, "shared", filepath.Join("..", "shared"), "the directory holding corpora/ and bench/ttk_stats.py, the developers' shared data")
	flag.IntVar(&o.runs, "runs", 5, "runs of each timed command (the median is reported)")
	flag.BoolVar(&o.quick, "quick", false, "shorter runs (wrk 3 s, fewer repetitions): a smoke test of the harness, not the figures")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: gitlate-bench [flags] start|scan|serve|memory|incremental|scale|restart|components|commits|routes|changes-memory|log-restart|log-restart-sizes|replicas|edit|first-stats|progress|formats|all ...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	for _, p := range []*string{&o.bin, &o.work, &o.shared} {
		abs, err := filepath.Abs(*p)
		if err != nil {
			fatal(err)
		}
		*p = abs
	}
	// The figures measure the full corpora: internal/testutil/corpora reads them
	// from the shared directory when this variable names it (else its trimmed copies).
	if err := os.Setenv(corpora.EnvShared, o.shared); err != nil {
		fatal(err)
	}
	if err := os.MkdirAll(o.work, 0o755); err != nil {
		fatal(err)
	}
	figures := map[string]func(*options) error{
		"start": startFigure, "scan": scanFigure, "serve": serveFigure, "memory": memoryFigure,
		"incremental": incrementalFigure, "scale": scaleFigure, "restart": restartFigure,
		"components": componentsFigure, "commits": commitsFigure, "routes": routesFigure,
		"changes-memory": changesMemoryFigure, "log-restart": logRestartFigure,
		"log-restart-sizes": logRestartSizesFigure, "replicas": replicasFigure, "edit": editFigure,
		"first-stats": firstStatsFigure,
		"progress":    progressFigure,
		"formats":     formatsFigure,
	}
	var todo []string
	for _, a := range flag.Args() {
		if a == "all" {
			todo = append(todo, "start", "scan", "serve", "memory", "incremental", "scale", "restart", "components", "commits", "routes", "changes-memory", "log-restart", "log-restart-sizes", "replicas", "edit", "first-stats", "progress", "formats")
			continue
		}
		if figures[a] == nil {
			flag.Usage()
			os.Exit(2)
		}
		todo = append(todo, a)
	}
	machine()
	failed := false
	for _, name := range todo {
		fmt.Printf("\n== %s\n", name)
		start := time.Now()
		if err := figures[name](&o); err != nil {
			fmt.Printf("FAILED: %v\n", err)
			failed = true
		}
		fmt.Printf("(%s took %s)\n", name, time.Since(start).Round(time.Second))
	}
	if failed {
		os.Exit(1)
	}
}

// machine prints what the figures were measured on.
func machine() {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				_, model, _ = strings.Cut(l, ":")
				model = strings.TrimSpace(model)
				break
			}
		}
	}
	load := ""
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		load = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		mem = strings.TrimSpace(strings.TrimPrefix(strings.Split(string(b), "\n")[0], "MemTotal:"))
	}
	fmt.Printf("machine: %s, %d CPUs, %s RAM, %s, load average %s (other work on the machine shows in wall times; ratios are measured in the same run)\n",
		model, runtime.NumCPU(), mem, runtime.Version(), load)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "gitlate-bench:", err)
	os.Exit(1)
}
