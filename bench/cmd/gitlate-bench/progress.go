package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/store/boltstore"
)

// progressFigure: the history walk recording progress (every changed
// translation's statistics at every commit) against the same walk recording none,
// in one process, on F-Droid's whole translation history, each on a new bbolt
// store; runs alternate. Also: the points recorded, the heap they keep and the
// bytes stored per point.
func progressFigure(o *options) error {
	all, _, err := fdroidHistory(o)
	if err != nil {
		return err
	}
	cfg, err := config.Load(all)
	if err != nil {
		return err
	}
	runs := min(o.runs, 3)
	var with, without []time.Duration
	var res, base progressRun
	for i := 0; i < runs; i++ {
		if base, err = progressWalk(o, cfg, true); err != nil {
			return fmt.Errorf("the walk alone: %w", err)
		}
		without = append(without, base.took)
		if res, err = progressWalk(o, cfg, false); err != nil {
			return fmt.Errorf("the walk with progress: %w", err)
		}
		with = append(with, res.took)
	}
	ratio := float64(median(with)) / float64(median(without))
	fmt.Printf("progress over time: the change log's walk of F-Droid's translation history (%d commits with points,\n", res.commits)
	fmt.Printf("  %d translation points), Log.Apply with the history on a new bbolt store, %d runs each, alternating\n", res.points, runs)
	fmt.Printf("  %-50s %10s %10s\n", "", "median", "max")
	fmt.Printf("  %-50s %10s %10s\n", "gitlate: the walk recording progress", ms(median(with)), ms(maxDur(with)))
	fmt.Printf("  %-50s %10s %10s\n", "baseline: the walk alone (changelog.NoProgress)", ms(median(without)), ms(maxDur(without)))
	fmt.Printf("  ratio (gitlate / baseline)                       %9.2f×\n", ratio)
	heapPer := float64(int64(res.heap)-int64(base.heap)) / float64(res.points)
	fmt.Printf("  %-50s %10.0f B\n", "heap kept per translation point (after GC)", heapPer)
	fmt.Printf("  %-50s %10.0f B\n", "stored per translation point (the records' bytes)", float64(res.stored)/float64(res.points))
	fmt.Printf("  target: ≤ 1.5× the walk alone: %s\n", verdict(ratio <= 1.5))
	return nil
}

type progressRun struct {
	took            time.Duration
	points, commits int
	heap            uint64 // live heap after the walk, the Log and the scan's result alive
	stored          int64  // bytes of the progress records stored
}

// progressWalk scans cfg, then times the change log's walk of its history.
func progressWalk(o *options, cfg *config.Config, noProgress bool) (progressRun, error) {
	var r progressRun
	data, err := os.MkdirTemp(o.work, "progress-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(data)
	st, err := boltstore.Open(filepath.Join(data, "gitlate.db"))
	if err != nil {
		return r, err
	}
	defer st.Close()
	pool := repos.NewPool(repos.PoolOptions{DataDir: data})
	defer pool.Close()
	ctx := context.Background()
	res, err := scan.New(cfg, st, scan.Options{Repos: pool}).Scan(ctx)
	if err != nil {
		return r, err
	}
	log := changelog.New(cfg, st, changelog.Options{NoProgress: noProgress})
	runtime.GC()
	start := time.Now()
	if _, err := log.Apply(ctx, res, true); err != nil {
		return r, err
	}
	r.took = time.Since(start)
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	r.heap = mem.HeapAlloc
	if x, ok := log.Progress().(*progress.Index); ok {
		r.points = x.Points()
	}
	r.commits = len(log.Progress().Component("fdroid", "client", progress.Window{}))
	err = st.Progress(ctx, "fdroid/client", func(_ int64, v []byte) error {
		r.stored += int64(len(v))
		return nil
	})
	runtime.KeepAlive(res)
	runtime.KeepAlive(log)
	return r, err
}
