package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// componentsFigure: `gitlate scan` of one checkout holding 41 Android components
// (the layout of a modular app: m01/src/main/res … m41/src/main/res, 64 languages
// each, 2,665 files), against translate-toolkit computing the same 41 components in
// one Python process. All components read one repository: its index, listing and
// blob ids are read once per scan, not once per component.
func componentsFigure(o *options) error {
	const modules, languages = 41, 64
	dir := filepath.Join(o.work, "components")
	config := filepath.Join(dir, "projects.yaml")
	if _, err := os.Stat(config); err != nil {
		os.RemoveAll(dir)
		if err := makeModules(o, dir, modules, languages); err != nil {
			return err
		}
	}
	files, size := 0, int64(0)
	filepath.Walk(filepath.Join(dir, "repo"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() && strings.HasSuffix(p, "strings.xml") {
			files++
			size += fi.Size()
		}
		return nil
	})
	fmt.Printf("41 components in one checkout (%d files, %.1f MB, files in the page cache): `gitlate scan --format json`, a new process\n", files, float64(size)/1e6)
	fmt.Printf("  and an empty data directory each run, against ttk_stats.py computing the 41 components in one Python process, alternating, %d runs each\n", o.runs)
	gitlate := filepath.Join(o.bin, "gitlate")
	var script strings.Builder
	fmt.Fprintf(&script, "import sys, contextlib\nsys.path.insert(0, %q)\nimport ttk_stats\n", filepath.Join(o.shared, "bench"))
	for i := 1; i <= modules; i++ {
		m := fmt.Sprintf("m%02d/src/main/res", i)
		fmt.Fprintf(&script, "ttk_stats.main([%q, '--filemask', %q, '--template', %q, '-o', '/dev/null', '--quiet'])\n",
			filepath.Join(dir, "repo"), m+"/values-*/strings.xml", m+"/values/strings.xml")
	}
	var gw, tw []time.Duration
	for i := range o.runs {
		data := filepath.Join(dir, fmt.Sprintf("data-%d", i))
		os.RemoveAll(data)
		m, err := measure(exec.Command(gitlate, "scan", "--config", config, "--data", data, "--format", "json"))
		os.RemoveAll(data)
		if err != nil {
			return err
		}
		gw = append(gw, m.wall)
		m, err = measure(exec.Command("/usr/bin/python3", "-c", script.String()))
		if err != nil {
			return err
		}
		tw = append(tw, m.wall)
	}
	ratio := median(tw).Seconds() / median(gw).Seconds()
	fmt.Printf("  %-34s %14s %14s\n", "", "wall median", "wall min")
	fmt.Printf("  %-34s %14s %14s\n", "gitlate scan", ms(median(gw)), ms(minDur(gw)))
	fmt.Printf("  %-34s %14s %14s\n", "ttk_stats.py, one process", ms(median(tw)), ms(minDur(tw)))
	fmt.Printf("  %-34s %13.1f× %13.1f×\n", "ratio (baseline / gitlate)", ratio, minDur(tw).Seconds()/minDur(gw).Seconds())
	fmt.Printf("  target: ≥ 20× faster: %s\n", verdict(ratio >= 20))
	return nil
}

// makeModules writes a checkout of modules Android modules, each with the template
// and languages translations of a corpus app (newpipe and fdroidclient in turn, the
// string names prefixed by the module), committed, and a projects.yaml with one
// component per module.
func makeModules(o *options, dir string, modules, languages int) error {
	repo := filepath.Join(dir, "repo")
	var cfg strings.Builder
	cfg.WriteString("projects:\n  - name: Modules\n    slug: modules\n    components:\n")
	for i := 1; i <= modules; i++ {
		app := []string{"newpipe", "fdroidclient"}[i%2]
		res := filepath.Join(o.shared, "corpora", app, "app/src/main/res")
		dirs, err := filepath.Glob(filepath.Join(res, "values-*"))
		if err != nil {
			return err
		}
		sort.Strings(dirs)
		var langs []string
		for _, d := range dirs {
			if _, err := os.Stat(filepath.Join(d, "strings.xml")); err == nil && len(langs) < languages {
				langs = append(langs, filepath.Base(d))
			}
		}
		m := fmt.Sprintf("m%02d/src/main/res", i)
		for _, l := range append(langs, "values") {
			data, err := os.ReadFile(filepath.Join(res, l, "strings.xml"))
			if err != nil {
				return err
			}
			// Each module's strings are its own (no two files share content, as in a
			// real modular app): their names carry the module's number.
			data = []byte(strings.ReplaceAll(string(data), `name="`, fmt.Sprintf(`name="m%02d_`, i)))
			dst := filepath.Join(repo, m, l, "strings.xml")
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(&cfg, "      - {name: M%02d, slug: m%02d, repo: repo, filemask: %q, template: %q, file_format: aresource}\n",
			i, i, m+"/values-*/strings.xml", m+"/values/strings.xml")
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=bench", "-c", "user.email=bench@example.org", "commit", "-q", "-m", "modules"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v: %s", args, err, out)
		}
	}
	return os.WriteFile(filepath.Join(dir, "projects.yaml"), []byte(cfg.String()), 0o644)
}
