package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/gitlate/gitlate/internal/formats"
)

// formatComponent is one row of bench/formats.tsv: a real component of one format.
type formatComponent struct {
	id, repo, commit, mask, template, source, licence string
}

func (c formatComponent) bilingual() bool { return c.template == "" }

// readFormatsTSV reads bench/formats.tsv (run.sh runs the harness from the
// repository's root).
func readFormatsTSV(path string) ([]formatComponent, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%v (the harness runs from the repository's root: bench/run.sh)", err)
	}
	defer f.Close()
	var out []formatComponent
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 7 {
			return nil, fmt.Errorf("%s: %q: 7 tab-separated columns expected", path, line)
		}
		c := formatComponent{f[0], f[1], f[2], f[3], f[4], f[5], f[6]}
		if c.template == "-" {
			c.template = ""
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// formatsFigure: per format, a cold `gitlate scan` of a real component of that
// format (bench/formats.tsv, built by bench/gather-formats.sh) against
// bench/ttk_formats.py computing the same statistics with the translate-toolkit
// class Weblate 4.18 reads the format with; then each parser's throughput on one
// core over the same files. GITLATE_BENCH_FORMATS=id,id,... keeps some formats.
func formatsFigure(o *options) error {
	comps, err := readFormatsTSV(filepath.Join("bench", "formats.tsv"))
	if err != nil {
		return err
	}
	if only := os.Getenv("GITLATE_BENCH_FORMATS"); only != "" {
		keep := map[string]bool{}
		for _, id := range strings.Split(only, ",") {
			keep[strings.TrimSpace(id)] = true
		}
		var kept []formatComponent
		for _, c := range comps {
			if keep[c.id] {
				kept = append(kept, c)
			}
		}
		comps = kept
	}
	if err := exec.Command("/usr/bin/python3", "-c", "import translate.storage.jsonl10n, ruamel.yaml").Run(); err != nil {
		return fmt.Errorf("translate-toolkit (python3-translate) or ruamel.yaml (python3-ruamel.yaml) is not installed: %v", err)
	}
	gather := exec.Command("bench/gather-formats.sh", o.work)
	gather.Stdout, gather.Stderr = os.Stdout, os.Stderr
	if err := gather.Run(); err != nil {
		return fmt.Errorf("bench/gather-formats.sh: %v (without network, GATHER_MIRRORS=DIR names bare mirrors as DIR/owner+name/repo)", err)
	}
	gitlate := filepath.Join(o.bin, "gitlate")
	fmt.Printf("per format, a real component (bench/formats.tsv; files in the page cache): `gitlate scan --format json` (a new process,\n")
	fmt.Printf("  an empty data directory, the quality checks on) against bench/ttk_formats.py (translate-toolkit, the class Weblate 4.18\n")
	fmt.Printf("  reads the format with), alternating, %d runs each, after checking both give every translation the same total and translated\n", o.runs)

	type result struct {
		c          formatComponent
		files      int
		size       int64
		g, t       []time.Duration
		note       string // why there is no ratio
		mbs        rate
		parseFails int
	}
	var results []result
	for _, c := range comps {
		r := result{c: c}
		dir := filepath.Join(o.work, "formats", c.id)
		repo := filepath.Join(dir, "repo")
		paths, size, err := componentFiles(repo, c)
		if err != nil {
			return err
		}
		r.files, r.size = len(paths), size
		config := filepath.Join(dir, "projects.yaml")
		if err := os.WriteFile(config, []byte(formatConfig(repo, c)), 0o644); err != nil {
			return err
		}
		ttk := func(out string) *exec.Cmd {
			args := []string{filepath.Join("bench", "ttk_formats.py"), repo, "--format", c.id, "--filemask", c.mask,
				"--source-language", c.source, "--shared", o.shared, "-o", out}
			if !c.bilingual() {
				args = append(args, "--template", c.template)
			}
			return exec.Command("/usr/bin/python3", args...)
		}
		diffs, err := sameFormatStatistics(gitlate, config, filepath.Join(dir, "data-check"), ttk(filepath.Join(dir, "ttk.json")), filepath.Join(dir, "ttk.json"))
		switch {
		case err != nil:
			r.note = "not compared: " + err.Error()
		case len(diffs) > 0:
			r.note = fmt.Sprintf("%d translations differ (gitlate / translate-toolkit total, translated): %s", len(diffs), strings.Join(diffs[:min(len(diffs), 4)], "; "))
		}
		if r.note == "" {
			for i := range o.runs {
				data := filepath.Join(dir, fmt.Sprintf("data-%d", i))
				os.RemoveAll(data)
				m, err := measure(exec.Command(gitlate, "scan", "--config", config, "--data", data, "--format", "json"))
				os.RemoveAll(data)
				if err != nil {
					return err
				}
				r.g = append(r.g, m.wall)
				if m, err = measure(ttk(os.DevNull)); err != nil {
					return err
				}
				r.t = append(r.t, m.wall)
			}
		}
		r.mbs, r.parseFails, err = parseRate(c.id, paths, o.quick)
		if err != nil {
			return err
		}
		results = append(results, r)
		line := fmt.Sprintf("  %-13s %3d files %6.1f MB", c.id, r.files, float64(r.size)/1e6)
		if r.note != "" {
			fmt.Printf("%s  %s\n", line, r.note)
			continue
		}
		ratio := median(r.t).Seconds() / median(r.g).Seconds()
		fmt.Printf("%s  gitlate %s (best %s), translate-toolkit %s (best %s): %.1f×  %s\n", line,
			ms(median(r.g)), ms(minDur(r.g)), ms(median(r.t)), ms(minDur(r.t)), ratio, verdict(ratio >= 20))
	}

	fmt.Printf("\n  %-13s %6s %7s %12s %12s %18s %18s %9s %10s %10s\n", "format", "files", "MB", "gitlate", "(best)", "translate-toolkit", "(best)", "ratio", "parse MB/s", "MB/cpu-s")
	met, timed := 0, 0
	for _, r := range results {
		head := fmt.Sprintf("  %-13s %6d %7.1f", r.c.id, r.files, float64(r.size)/1e6)
		speed := fmt.Sprintf("%10.1f %10.1f", r.mbs.wall, r.mbs.cpu)
		if r.parseFails > 0 {
			speed += fmt.Sprintf(" (%d files refused)", r.parseFails)
		}
		if r.note != "" {
			fmt.Printf("%s %12s %12s %18s %18s %9s %s  NO RATIO (statistics differ, above)\n", head, "-", "-", "-", "-", "-", speed)
			continue
		}
		timed++
		ratio := median(r.t).Seconds() / median(r.g).Seconds()
		if ratio >= 20 {
			met++
		}
		fmt.Printf("%s %12s %12s %18s %18s %8.1f× %s  %s\n", head, ms(median(r.g)), ms(minDur(r.g)), ms(median(r.t)), ms(minDur(r.t)), ratio, speed, verdict(ratio >= 20))
	}
	fmt.Printf("  target: each format's cold scan ≥ 20× translate-toolkit (median wall): met by %d of %d formats timed (%d compared differently)\n", met, timed, len(results)-timed)
	fmt.Printf("  parse MB/s: formats.Lookup(id).Format().Parse over the component's files, one core (GOMAXPROCS=1), the files in memory;\n")
	fmt.Printf("  MB/cpu-s: the same per second of the harness's CPU time (parse and garbage collection), which the machine's load does not lower\n")
	return nil
}

// formatConfig is a projects.yaml holding the one component.
func formatConfig(repo string, c formatComponent) string {
	var b strings.Builder
	fmt.Fprintf(&b, "projects:\n  - name: Formats\n    slug: formats\n    components:\n")
	fmt.Fprintf(&b, "      - name: %s\n        slug: %s\n        repo: %q\n        filemask: %q\n        file_format: %s\n        source_language: %s\n",
		c.id, c.id, repo, c.mask, c.id, c.source)
	if !c.bilingual() {
		fmt.Fprintf(&b, "        template: %q\n", c.template)
	}
	return b.String()
}

// componentFiles lists the files of the component's filemask and template in
// repo's work tree, sorted, and their size.
func componentFiles(repo string, c formatComponent) ([]string, int64, error) {
	var paths []string
	var size int64
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(repo, p)
		rel = filepath.ToSlash(rel)
		if ok, _ := filepath.Match(c.mask, rel); !ok && rel != c.template {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		paths = append(paths, p)
		size += fi.Size()
		return nil
	})
	sort.Strings(paths)
	if err == nil && len(paths) == 0 {
		err = fmt.Errorf("%s: no file matches %s (bench/gather-formats.sh)", repo, c.mask)
	}
	return paths, size, err
}

// sameFormatStatistics runs gitlate scan and the baseline once and lists the
// translations (by file) whose total or translated differ, and those only one has.
func sameFormatStatistics(gitlate, config, data string, ttk *exec.Cmd, ttkOut string) ([]string, error) {
	defer os.RemoveAll(data)
	os.RemoveAll(data)
	out, err := exec.Command(gitlate, "scan", "--config", config, "--data", data, "--format", "json").Output()
	if err != nil {
		return nil, fmt.Errorf("gitlate scan: %v", err)
	}
	type row struct {
		Filename   string `json:"filename"`
		Total      int    `json:"total"`
		Translated int    `json:"translated"`
	}
	var g, t []row
	if err := json.Unmarshal(out, &g); err != nil {
		return nil, err
	}
	if b, err := ttk.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("ttk_formats.py: %v: %s", err, lastLines(string(b), 3))
	}
	b, err := os.ReadFile(ttkOut)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, err
	}
	gm, tm := map[string]row{}, map[string]row{}
	var names []string
	for _, r := range g {
		gm[r.Filename] = r
		names = append(names, r.Filename)
	}
	for _, r := range t {
		if _, ok := gm[r.Filename]; !ok {
			names = append(names, r.Filename)
		}
		tm[r.Filename] = r
	}
	sort.Strings(names)
	var diffs []string
	for _, n := range names {
		a, inG := gm[n]
		b, inT := tm[n]
		name := n
		if name == "" {
			name = "(source)"
		}
		switch {
		case !inG:
			diffs = append(diffs, fmt.Sprintf("%s: only translate-toolkit has it", name))
		case !inT:
			diffs = append(diffs, fmt.Sprintf("%s: only gitlate has it", name))
		case a.Total != b.Total || a.Translated != b.Translated:
			diffs = append(diffs, fmt.Sprintf("%s: %d/%d against %d/%d", name, a.Total, a.Translated, b.Total, b.Translated))
		}
	}
	return diffs, nil
}

// parseRate is the throughput of the format's parser over the files, in memory,
// on one core: whole passes over the files until a second has gone (a fifth with
// -quick), after one pass to warm up. Files the parser refuses are counted and
// left out of the passes.
func parseRate(id string, paths []string, quick bool) (rate, int, error) {
	info, ok := formats.Lookup(id)
	if !ok {
		return rate{}, 0, fmt.Errorf("format %q is not registered", id)
	}
	f := info.Format()
	var files [][]byte
	var size int64
	refused := 0
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return rate{}, 0, err
		}
		if _, err := f.Parse(b); err != nil {
			refused++
			continue
		}
		files = append(files, b)
		size += int64(len(b))
	}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	runtime.GC()
	debug.FreeOSMemory()
	budget := time.Second
	if quick {
		budget = 200 * time.Millisecond
	}
	// GITLATE_BENCH_CPUPROFILE=DIR writes the passes' CPU profile to DIR/<id>.pprof
	// (go tool pprof -top DIR/<id>.pprof): what the parser spends its time on.
	if dir := os.Getenv("GITLATE_BENCH_CPUPROFILE"); dir != "" {
		out, err := os.Create(filepath.Join(dir, id+".pprof"))
		if err != nil {
			return rate{}, 0, err
		}
		defer out.Close()
		if err := pprof.StartCPUProfile(out); err != nil {
			return rate{}, 0, err
		}
		defer pprof.StopCPUProfile()
		budget *= 3
	}
	var n int64
	cpu0 := processCPU()
	start := time.Now()
	for time.Since(start) < budget {
		for _, b := range files {
			_, _ = f.Parse(b)
		}
		n += size
	}
	wall, cpu := time.Since(start), processCPU()-cpu0
	return rate{wall: float64(n) / 1e6 / wall.Seconds(), cpu: float64(n) / 1e6 / cpu.Seconds()}, refused, nil
}

// rate is a parser's throughput: MB per second of wall time, and per second of the
// harness's CPU time (the parse and its garbage collection; the machine's other
// work does not lower it).
type rate struct{ wall, cpu float64 }

// processCPU is the harness's own CPU time, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
