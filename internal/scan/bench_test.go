package scan_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/gitlate/gitlate/bench/synth"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

// The scan benchmarks of bench/README.md. They only run with -bench; bench/run.sh runs them
// with the figures' baselines. Each reports, besides ns/op:
//   MB/s      translation bytes scanned per wall second
//   MB/cpu-s  the same per CPU second of this process (steadier on a shared machine)
//   files/op  files parsed per scan

// benchCorpora turns the full corpora ($GITLATE_TEST_SHARED/corpora) into
// repositories (as cmd/gitlate's corpora test does) and returns their config, or
// skips: the figures are those of the full corpora, not of the trimmed copies.
func benchCorpora(b *testing.B) (*config.Config, int64) {
	b.Helper()
	if !corpora.Full() {
		b.Skip("the corpus benchmarks read the full corpora: set " + corpora.EnvShared + "=DIR (DIR/corpora)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	dir := b.TempDir()
	path, err := corpora.Make(dir)
	if err != nil {
		b.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		b.Fatal(err)
	}
	_, size := corpora.Size(dir)
	return cfg, size
}

// benchSynthetic returns a synthetic installation of components × 100 languages ×
// 1,000 units in bare repositories. GITLATE_BENCH_SYNTH names a directory holding one
// made by `go run ./bench/cmd/synth` (any size), to skip the generation.
func benchSynthetic(b *testing.B, components int) (*config.Config, int64) {
	b.Helper()
	if dir := os.Getenv("GITLATE_BENCH_SYNTH"); dir != "" {
		cfg, err := config.Load(filepath.Join(dir, "projects.yaml"))
		if err != nil {
			b.Fatal(err)
		}
		return cfg, 0
	}
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	res, err := synth.Generate(context.Background(), synth.Spec{Dir: b.TempDir(), Components: components, Languages: 100, Units: 1000})
	if err != nil {
		b.Fatal(err)
	}
	cfg, err := config.Load(res.Config)
	if err != nil {
		b.Fatal(err)
	}
	return cfg, res.Bytes
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchScans runs b.N scans; fresh makes a new Engine (nothing known) for each.
func benchScans(b *testing.B, cfg *config.Config, size int64, fresh bool) {
	data := b.TempDir()
	engine := func() *scan.Engine {
		return scan.New(cfg, memstore.New(), scan.Options{Repos: repos.NewPool(repos.PoolOptions{DataDir: data})})
	}
	s := engine()
	if !fresh {
		if _, err := s.Scan(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	parsed := s.FilesParsed()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, wall0 := cpuTime(), time.Now()
	for range b.N {
		if fresh {
			s = engine()
			parsed = 0
		}
		res, err := s.Scan(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Snapshot.Alerts) > 0 {
			b.Fatalf("alert: %s", res.Snapshot.Alerts[0].Message)
		}
	}
	b.StopTimer()
	if size > 0 && fresh {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/time.Since(wall0).Seconds(), "MB/s")
		b.ReportMetric(float64(size)*float64(b.N)/1e6/(cpuTime()-cpu0).Seconds(), "MB/cpu-s")
	}
	if fresh {
		b.ReportMetric(float64(s.FilesParsed()), "files/op")
	} else {
		b.ReportMetric(float64(s.FilesParsed()-parsed)/float64(b.N), "files/op")
	}
}

// BenchmarkScanCorpora is a cold scan (a new Engine each time; the files are in the
// page cache) of the three corpora: what `gitlate scan` does after start-up.
func BenchmarkScanCorpora(b *testing.B) {
	cfg, size := benchCorpora(b)
	benchScans(b, cfg, size, true)
}

// BenchmarkRescanCorporaUnchanged is a periodic re-scan that finds nothing changed.
func BenchmarkRescanCorporaUnchanged(b *testing.B) {
	cfg, size := benchCorpora(b)
	benchScans(b, cfg, size, false)
}

// BenchmarkScanSynthetic is a cold scan of 10 synthetic components × 100 languages ×
// 1,000 units in bare repositories.
func BenchmarkScanSynthetic(b *testing.B) {
	cfg, size := benchSynthetic(b, 10)
	benchScans(b, cfg, size, true)
}

// BenchmarkRescanSyntheticUnchanged re-scans the same installation, nothing changed.
func BenchmarkRescanSyntheticUnchanged(b *testing.B) {
	cfg, size := benchSynthetic(b, 10)
	benchScans(b, cfg, size, false)
}
