package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

func listenLoopback() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }

// corporaInstallation makes (once) the corpora's repositories and a projects.yaml
// naming them (internal/testutil/corpora, on the full corpora); it returns the config and the corpora's size.
func corporaInstallation(o *options) (dir, config string, files int, size int64, err error) {
	dir = filepath.Join(o.work, "corpora")
	config = filepath.Join(dir, "projects.yaml")
	if _, err := os.Stat(config); err != nil {
		os.RemoveAll(dir)
		if config, err = corpora.Make(dir); err != nil {
			return "", "", 0, 0, err
		}
	}
	files, size = corpora.Size(dir)
	return dir, config, files, size, nil
}

// ttkCommands are the baseline's runs over the three corpora, as the corpora test
// runs them.
func ttkCommands(o *options, dir string, out func(name string) string) []*exec.Cmd {
	var cmds []*exec.Cmd
	for _, c := range corpora.All {
		args := append([]string{filepath.Join(o.shared, "bench", "ttk_stats.py")}, c.TTKArgs(dir)...)
		if out != nil {
			args = append(args, "-o", out(c.Name))
		}
		cmds = append(cmds, exec.Command("/usr/bin/python3", args...))
	}
	return cmds
}

func scanFigure(o *options) error {
	dir, config, files, size, err := corporaInstallation(o)
	if err != nil {
		return err
	}
	if err := exec.Command("/usr/bin/python3", "-c", "import translate.storage.aresource").Run(); err != nil {
		return fmt.Errorf("translate-toolkit is not installed (apt-get install python3-translate): %v", err)
	}
	gitlate := filepath.Join(o.bin, "gitlate")
	fmt.Printf("figure 1: cold scan of the corpora (newpipe, fdroidclient, slicer-glossary: %d files, %.1f MB, files in the page cache),\n", files, float64(size)/1e6)
	fmt.Printf("  `gitlate scan --format json` (a new process, an empty data directory) against ttk_stats.py on the same three corpora,\n")
	fmt.Printf("  and against itself with --checks=false (the quality checks off), alternating, %d runs each\n", o.runs)

	// The same statistics: compare every translation once before timing.
	if err := sameStatistics(o, dir, config, gitlate); err != nil {
		return err
	}
	var gw, gc, nw, nc, tw, tc []time.Duration
	var grss, nrss, trss int64
	for i := range o.runs {
		data := filepath.Join(dir, fmt.Sprintf("data-%d", i))
		os.RemoveAll(data)
		cmd := exec.Command(gitlate, "scan", "--config", config, "--data", data, "--format", "json")
		m, err := measure(cmd)
		os.RemoveAll(data)
		if err != nil {
			return err
		}
		gw, gc, grss = append(gw, m.wall), append(gc, m.cpu), max(grss, m.maxRSS)
		cmd = exec.Command(gitlate, "scan", "--checks=false", "--config", config, "--data", data, "--format", "json")
		m, err = measure(cmd)
		os.RemoveAll(data)
		if err != nil {
			return err
		}
		nw, nc, nrss = append(nw, m.wall), append(nc, m.cpu), max(nrss, m.maxRSS)
		var w, c time.Duration
		for _, cmd := range ttkCommands(o, dir, nil) {
			cmd.Stdout = nil
			m, err := measure(cmd)
			if err != nil {
				return err
			}
			w, c, trss = w+m.wall, c+m.cpu, max(trss, m.maxRSS)
		}
		tw, tc = append(tw, w), append(tc, c)
	}
	fmt.Printf("  %-34s %14s %14s %12s %10s\n", "", "wall median", "wall min", "CPU median", "max RSS")
	fmt.Printf("  %-34s %14s %14s %12s %10s\n", "gitlate scan", ms(median(gw)), ms(minDur(gw)), ms(median(gc)), mb(grss))
	fmt.Printf("  %-34s %14s %14s %12s %10s\n", "gitlate scan --checks=false", ms(median(nw)), ms(minDur(nw)), ms(median(nc)), mb(nrss))
	fmt.Printf("  %-34s %14s %14s %12s %10s\n", "ttk_stats.py ×3 (baseline)", ms(median(tw)), ms(minDur(tw)), ms(median(tc)), mb(trss))
	ratio := median(tw).Seconds() / median(gw).Seconds()
	fmt.Printf("  %-34s %13.1f× %13.1f× %11.1f×\n", "ratio (baseline / gitlate)", ratio,
		minDur(tw).Seconds()/minDur(gw).Seconds(), median(tc).Seconds()/median(gc).Seconds())
	fmt.Printf("  target: ≥ 20× faster, wall: %s (median wall ratio %.1f×)\n", verdict(ratio >= 20), ratio)
	cost := median(gw).Seconds() / median(nw).Seconds()
	fmt.Printf("  %-34s %13.2f× %13.2f× %11.2f×\n", "checks' cost (with / without)", cost,
		minDur(gw).Seconds()/minDur(nw).Seconds(), median(gc).Seconds()/median(nc).Seconds())
	fmt.Printf("  target: the checks cost ≤ 1.3× the scan without them, wall: %s (median wall ratio %.2f×)\n", verdict(cost <= 1.3), cost)

	return parseThroughput(o)
}

// sameStatistics runs gitlate scan and the baseline once and compares every
// translation's numbers, so the timed runs are known to compute the same thing.
func sameStatistics(o *options, dir, config, gitlate string) error {
	data := filepath.Join(dir, "data-check")
	defer os.RemoveAll(data)
	out, err := exec.Command(gitlate, "scan", "--config", config, "--data", data, "--format", "json").Output()
	if err != nil {
		return fmt.Errorf("gitlate scan: %v", err)
	}
	type row struct {
		Project      string `json:"project"`
		Language     string `json:"language"`
		Code         string `json:"code"`
		LanguageCode string `json:"language_code"`
		Raw          string `json:"language_code_raw"`
		Filename     string `json:"filename"`
		corpora.Counts
	}
	key := func(r row) string { return fmt.Sprint(r.Filename, r.Counts) }
	var rows []row
	if err := json.Unmarshal(out, &rows); err != nil {
		return err
	}
	got := map[string][]string{}
	for _, r := range rows {
		got[r.Project] = append(got[r.Project], r.Language+" "+r.LanguageCode+" "+key(r))
	}
	n := 0
	for _, cmd := range ttkCommands(o, dir, nil) {
		project := filepath.Base(cmd.Args[2])
		b, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("ttk_stats.py %s: %v", project, err)
		}
		var base []row
		if err := json.Unmarshal(b, &base); err != nil {
			return err
		}
		if len(base) != len(got[project]) {
			return fmt.Errorf("%s: gitlate has %d translations, the baseline %d", project, len(got[project]), len(base))
		}
		for i, r := range base {
			if want := r.Code + " " + r.Raw + " " + key(r); got[project][i] != want {
				return fmt.Errorf("%s translation %d: gitlate %q, baseline %q", project, i, got[project][i], want)
			}
			n++
		}
	}
	fmt.Printf("  same statistics: all %d translations agree with the baseline\n", n)
	return nil
}

var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(-\d+)?\s+\d+\s+\d+ ns/op\s+([\d.]+) MB/s\s+([\d.]+) MB/cpu-s`)

// parseThroughput runs the formats package's benchmarks on one core and prints each
// parser's throughput with its encoding/xml reference.
func parseThroughput(o *options) error {
	benchtime := "20x"
	if o.quick {
		benchtime = "3x"
	}
	fmt.Printf("\nfigure 1b: parse throughput on one core (GOMAXPROCS=1), go test -bench of ./internal/formats/ over the corpora\n")
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", "^Benchmark(Parse|EncodingXMLTokens)", "-benchtime", benchtime, "-cpu", "1", "./internal/formats/")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test -bench ./internal/formats/: %v\n%s", err, out)
	}
	type res struct{ mbs, cpu float64 }
	got := map[string]res{}
	var order []string
	for _, l := range strings.Split(string(out), "\n") {
		m := benchLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		a, _ := strconv.ParseFloat(m[3], 64)
		c, _ := strconv.ParseFloat(m[4], 64)
		got[m[1]] = res{a, c}
		order = append(order, m[1])
	}
	fmt.Printf("  %-36s %10s %12s %24s %20s\n", "parser / corpus", "MB/s", "MB/cpu-s", "encoding/xml reference", "encoding/xml tokens")
	for _, c := range []struct{ name, ref, tok string }{
		{"ParseAresource/newpipe", "ParseReference/aresource/newpipe", "EncodingXMLTokens/newpipe"},
		{"ParseAresource/fdroidclient", "ParseReference/aresource/fdroidclient", "EncodingXMLTokens/fdroidclient"},
		{"ParseTBX", "ParseReference/tbx/slicer-glossary", "EncodingXMLTokens/slicer-glossary"},
	} {
		r, ok := got[c.name]
		if !ok {
			fmt.Printf("  %-36s (not run; benchmarks found: %v)\n", c.name, order)
			continue
		}
		ref, tok := got[c.ref], got[c.tok]
		fmt.Printf("  %-36s %10.1f %12.1f %12.1f MB/s (%5.1f×) %9.1f MB/s (%4.1f×)  %s\n", c.name, r.mbs, r.cpu,
			ref.mbs, r.mbs/ref.mbs, tok.mbs, r.mbs/tok.mbs, verdict(r.mbs >= 80))
	}
	fmt.Printf("  target: ≥ 80 MB/s on one core; the ratios are against the encoding/xml reference parser and against reading encoding/xml's tokens alone\n")
	return nil
}
