package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/gitlate/gitlate/bench/synth"
)

// synthetic returns (making it once) the installation of spec under the work
// directory; the files are deterministic, so a kept one is as good as a new one.
func synthetic(o *options, s synth.Spec) (string, error) {
	kind := "bare"
	if s.Checkout {
		kind = "checkout"
	}
	s.Dir = filepath.Join(o.work, fmt.Sprintf("synth-%dx%dx%d-%s", s.Components, s.Languages, s.Units, kind))
	marker := filepath.Join(s.Dir, "complete")
	if _, err := os.Stat(marker); err == nil {
		return s.Dir, nil
	}
	os.RemoveAll(s.Dir)
	start := time.Now()
	fmt.Printf("  generating %d components × %d languages × %d units (%s) in %s ...", s.Components, s.Languages, s.Units, kind, s.Dir)
	res, err := synth.Generate(context.Background(), s)
	if err != nil {
		fmt.Println()
		return "", err
	}
	fmt.Printf(" %d files, %.0f MB, %s\n", res.Files, float64(res.Bytes)/1e6, time.Since(start).Round(time.Second))
	return s.Dir, os.WriteFile(marker, nil, 0o644)
}

// rssSampler follows a process's resident set (and its children's) until stopped.
type rssSampler struct {
	pid        int
	mu         sync.Mutex
	peak       int64 // VmHWM of the process
	childPeak  int64 // largest sum over the children seen
	childMax   int   // most children seen at once
	stop, done chan struct{}
}

func sampleRSS(pid int) *rssSampler {
	s := &rssSampler{pid: pid, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		for {
			_, peak := rss(pid)
			c, n := childrenRSS(pid)
			s.mu.Lock()
			s.peak = max(s.peak, peak)
			s.childPeak = max(s.childPeak, c)
			s.childMax = max(s.childMax, n)
			s.mu.Unlock()
			select {
			case <-s.stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	return s
}

func (s *rssSampler) finish() (peak, childPeak int64, children int) {
	close(s.stop)
	<-s.done
	return s.peak, s.childPeak, s.childMax
}

func memoryFigure(o *options) error {
	spec := synth.Spec{Components: 100, Languages: 100, Units: 1000}
	dir, err := synthetic(o, spec)
	if err != nil {
		return err
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	data := filepath.Join(o.work, "memory-data")
	os.RemoveAll(data)
	defer os.RemoveAll(data)
	fmt.Printf("figure 3: `gitlate serve` on a synthetic installation of 100 components × 100 languages × 1,000 units (10,100 translations,\n")
	fmt.Printf("  10.1 million units, bare repositories), started with an empty data directory\n")
	g, err := startServer(filepath.Join(o.bin, "gitlate"), []string{"serve", "--config", filepath.Join(dir, "projects.yaml"), "--data", data, "--listen", addr})
	if err != nil {
		return err
	}
	defer g.stop()
	sampler := sampleRSS(g.pid())
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	first, err := waitFor(ctx, base+"/api/components/p010/c0100/statistics/", g)
	if err != nil {
		sampler.finish()
		return err
	}
	firstAnswer := first.Sub(g.start)
	_, firstPeak := rss(g.pid())
	if err := waitScans(ctx, base, 2); err != nil {
		sampler.finish()
		return err
	}
	historyDone := time.Since(g.start)
	// The answers a dashboard asks for, then a moment of steady state.
	for _, p := range []string{"/api/projects/", "/api/languages/", "/api/projects/p001/languages/", "/api/translations/?page=100", "/api/changes/"} {
		if _, _, err := get(base + p); err != nil {
			sampler.finish()
			return err
		}
	}
	time.Sleep(2 * time.Second)
	cur, _ := rss(g.pid())
	peak, childPeak, children := sampler.finish()

	fmt.Printf("  %-52s %12s %12s\n", "", "gitlate", "target")
	fmt.Printf("  %-52s %12s %12s  %s\n", "first answer (component statistics) after start", ms(firstAnswer), "10 s", verdict(firstAnswer <= 10*time.Second))
	fmt.Printf("  %-52s %12s\n", "peak RSS when it came", mb(firstPeak))
	fmt.Printf("  %-52s %12s\n", "history read (change log complete) after start", ms(historyDone))
	fmt.Printf("  %-52s %12s %12s  %s\n", "peak RSS of gitlate (VmHWM)", mb(peak), "300 MB", verdict(peak <= 300e6))
	fmt.Printf("  %-52s %12s\n", "RSS after the history, serving", mb(cur))
	fmt.Printf("  %-52s %12s\n", fmt.Sprintf("git cat-file helpers, peak sum (%d at most)", children), mb(childPeak))

	g.stop() // measure runs only while the harness has no other child

	// The baseline: translate-toolkit computing the same statistics, one component
	// checked out (ttk_stats.py reads a work tree), projected to the hundred.
	checkout := filepath.Join(o.work, "memory-ttk-c0001")
	os.RemoveAll(checkout)
	defer os.RemoveAll(checkout)
	if out, err := exec.Command("git", "clone", "-q", filepath.Join(dir, "repos", "c0001.git"), checkout).CombinedOutput(); err != nil {
		return fmt.Errorf("git clone: %v: %s", err, out)
	}
	m, err := measure(exec.Command("/usr/bin/python3", filepath.Join(o.shared, "bench", "ttk_stats.py"), checkout,
		"--filemask", synth.Filemask, "--template", synth.Template, "--quiet", "-o", os.DevNull))
	if err != nil {
		return err
	}
	fmt.Printf("  baseline: ttk_stats.py on one of the components: %s, %s RSS; for the hundred, one after the other: about %s\n",
		ms(m.wall), mb(m.maxRSS), ms(m.wall*100))
	fmt.Printf("  ratio: gitlate answers for all 100 components %.0f× sooner than the baseline would have counted them\n",
		(m.wall*100).Seconds()/firstAnswer.Seconds())
	return nil
}
