package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// editFigure: one translation file of a checkout holding N Android components is
// edited (one string removed, then put back, in turn) while `gitlate serve` runs;
// the time from the write to the moment the API's statistics of that translation
// show the new translated count, for 1, 40 and 100 components in one checkout
// (64 languages each, as the components figure's). The baseline, in the same run,
// is the checkout of 1 component: the time should not grow with the number of
// components, whose files did not change.
func editFigure(o *options) error {
	const languages, edits = 64, 5
	sizes := []int{1, 40, 100}
	fmt.Printf("edit: one translation file of a checkout of N components (64 languages each) rewritten while `gitlate serve` runs,\n")
	fmt.Printf("  one string removed and put back in turn, %d edits; from the write to the first answer of\n", edits)
	fmt.Printf("  /api/translations/modules/m01/de/statistics/ showing the new `translated` (polled every 5 ms)\n")
	fmt.Printf("  %-16s %8s %12s %12s %18s\n", "components", "files", "median", "max", "last rescan (scan)")
	type row struct {
		n        int
		med, max time.Duration
	}
	var rows []row
	for _, n := range sizes {
		dir := filepath.Join(o.work, fmt.Sprintf("edit-%d", n))
		config := filepath.Join(dir, "projects.yaml")
		if _, err := os.Stat(config); err != nil {
			os.RemoveAll(dir)
			if err := makeModules(o, dir, n, languages); err != nil {
				return err
			}
		}
		ds, files, scan, err := editRun(o, dir, edits)
		if err != nil {
			return fmt.Errorf("%d components: %w", n, err)
		}
		r := row{n, median(ds), maxDur(ds)}
		rows = append(rows, r)
		fmt.Printf("  %-16d %8d %12s %12s %18s\n", n, files, ms(r.med), ms(r.max), ms(scan))
	}
	base := rows[0]
	for _, r := range rows[1:] {
		fmt.Printf("  ratio %d components / 1 component (baseline): %.2f× median\n", r.n, r.med.Seconds()/base.med.Seconds())
	}
	for _, r := range rows {
		fmt.Printf("  target: ≤ 500 ms at %d components (max of the edits): %s\n", r.n, verdict(r.max <= 500*time.Millisecond))
	}
	return nil
}

// editRun starts a server on the checkout in dir (an empty data directory), waits
// for its history, then edits m01's German strings.xml edits times and returns how
// long each edit took to show, the checkout's translation files, and the last
// rescan's duration as the server reports it. The file is put back as it was.
func editRun(o *options, dir string, edits int) ([]time.Duration, int, time.Duration, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "repo", "m*", "src", "main", "res", "values*", "strings.xml"))
	path := filepath.Join(dir, "repo", "m01", "src", "main", "res", "values-de", "strings.xml")
	orig, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, 0, err
	}
	// The first string with plain text: removing it surely lowers `translated`.
	loc := regexp.MustCompile(`\n[ \t]*<string name="[^"]+">[^<]+</string>`).FindIndex(orig)
	if loc == nil {
		return nil, 0, 0, fmt.Errorf("%s: no plain string to remove", path)
	}
	edited := append(append([]byte(nil), orig[:loc[0]]...), orig[loc[1]:]...)
	defer os.WriteFile(path, orig, 0o644)

	data := filepath.Join(dir, "data")
	os.RemoveAll(data)
	defer os.RemoveAll(data)
	addr, err := freeAddr()
	if err != nil {
		return nil, 0, 0, err
	}
	s, err := startServer(filepath.Join(o.bin, "gitlate"), []string{"serve", "--config", filepath.Join(dir, "projects.yaml"),
		"--data", data, "--listen", addr})
	if err != nil {
		return nil, 0, 0, err
	}
	defer s.stop()
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := waitHistory(ctx, base, s); err != nil {
		return nil, 0, 0, err
	}
	stats := base + "/api/translations/modules/m01/de/statistics/"
	before, err := translated(stats)
	if err != nil {
		return nil, 0, 0, err
	}
	var ds []time.Duration
	want := -1 // not known before the first edit: lower than before
	for i := range edits {
		content := edited
		if i%2 == 1 {
			content = orig
		}
		// Quiet before the write: the previous edit's rebuild is over, and the
		// watcher's debounce starts from this write.
		time.Sleep(400 * time.Millisecond)
		start := time.Now()
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return nil, 0, 0, err
		}
		for {
			t, err := translated(stats)
			if err == nil && (want >= 0 && t == want || want < 0 && t < before) {
				ds = append(ds, time.Since(start))
				if want < 0 {
					want = t
				}
				break
			}
			if ctx.Err() != nil || time.Since(start) > 30*time.Second {
				return nil, 0, 0, fmt.Errorf("edit %d not shown after %s (translated %d, err %v) %s", i+1, time.Since(start).Round(time.Millisecond), t, err, lastLines(s.stderr.String(), 5))
			}
			time.Sleep(5 * time.Millisecond)
		}
		// The next edit goes back.
		if i%2 == 0 {
			want = before
		} else {
			want = -1
		}
	}
	scan, _ := promValue(base, "gitlate_last_scan_duration_seconds")
	return ds, len(files), time.Duration(scan * 1e9), nil
}

// waitHistory waits until /readyz says the server is ready with its history complete
// (the checkouts are watched from then on).
func waitHistory(ctx context.Context, base string, s *server) error {
	for {
		code, body, err := get(base + "/readyz")
		if err == nil && code == 200 && bytes.Contains(body, []byte(`"history":"complete"`)) {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("no complete history: %w %s", ctx.Err(), lastLines(s.stderr.String(), 5))
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// translated reads the `translated` of a statistics answer.
func translated(url string) (int, error) {
	code, body, err := get(url)
	if err != nil {
		return -1, err
	}
	if code != 200 {
		return -1, fmt.Errorf("%s: status %d", url, code)
	}
	var v struct {
		Translated int `json:"translated"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return -1, err
	}
	return v.Translated, nil
}
