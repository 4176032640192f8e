package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// restartFigure: a server restarted on the corpora
// with its data directory kept (a warm cache) answers its first request within 300 ms
// of process start and parses no file, which its files-parsed counter proves. The
// baseline, in the same run, is the same server started with an empty data directory.
func restartFigure(o *options) error {
	_, config, files, _, err := corporaInstallation(o)
	if err != nil {
		return err
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	base := "http://" + addr
	bin := filepath.Join(o.bin, "gitlate")
	data := filepath.Join(o.work, "restart-data")
	// first starts a server and returns how long it took to answer /api/projects/ and
	// how many files it had parsed by then; the server is stopped afterwards, once
	// its history is in (so the data directory holds everything a restart reuses).
	first := func(data string) (time.Duration, float64, error) {
		s, err := startServer(bin, []string{"serve", "--config", config, "--data", data, "--listen", addr})
		if err != nil {
			return 0, 0, err
		}
		defer s.stop()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		at, err := waitForFast(ctx, base+"/api/projects/", s)
		if err != nil {
			return 0, 0, err
		}
		parsed, err := promValue(base, "gitlate_files_parsed_total")
		if err != nil {
			return 0, 0, err
		}
		if err := waitScans(ctx, base, 2); err != nil {
			return 0, 0, err
		}
		return at.Sub(s.start), parsed, nil
	}
	var cold, warm []time.Duration
	var coldParsed, warmParsed float64
	for i := 0; i < o.runs; i++ {
		os.RemoveAll(data)
		d, n, err := first(data)
		if err != nil {
			return fmt.Errorf("cold start: %w", err)
		}
		cold, coldParsed = append(cold, d), n
		d, n, err = first(data)
		if err != nil {
			return fmt.Errorf("warm restart: %w", err)
		}
		warm, warmParsed = append(warm, d), n
	}
	fmt.Printf("restart: first answer after a restart on the corpora (%d files), `gitlate serve` from process start to the first\n", files)
	fmt.Printf("  200 of /api/projects/, %d runs; files parsed read from /metrics (gitlate_files_parsed_total) at that moment\n", o.runs)
	fmt.Printf("  %-40s %14s %14s %14s\n", "", "median", "max", "files parsed")
	fmt.Printf("  %-40s %14s %14s %14.0f\n", "restart, data directory kept", ms(median(warm)), ms(maxDur(warm)), warmParsed)
	fmt.Printf("  %-40s %14s %14s %14.0f\n", "start, empty data directory (baseline)", ms(median(cold)), ms(maxDur(cold)), coldParsed)
	fmt.Printf("  ratio (baseline / restart)                 %13.1f×\n", float64(median(cold))/float64(median(warm)))
	ok := median(warm) <= 300*time.Millisecond && warmParsed == 0
	fmt.Printf("  target: first answer ≤ 300 ms with 0 files parsed: %s\n", verdict(ok))
	return nil
}

// waitForFast polls url every 2 ms: the figure is about a few hundred milliseconds.
func waitForFast(ctx context.Context, url string, s *server) (time.Time, error) {
	for {
		if code, _, err := get(url); err == nil && code == 200 {
			return time.Now(), nil
		}
		select {
		case <-ctx.Done():
			return time.Time{}, fmt.Errorf("%s did not answer: %w %s", url, ctx.Err(), lastLines(s.stderr.String(), 5))
		case <-time.After(2 * time.Millisecond):
		}
	}
}

func maxDur(ds []time.Duration) time.Duration {
	var m time.Duration
	for _, d := range ds {
		m = max(m, d)
	}
	return m
}
