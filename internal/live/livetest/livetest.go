// Package livetest builds the pipeline from repositories to snapshots for tests — a Live with its engine, change log, repositories and unit reader — on a config or on the bundled samples.
package livetest

import (
	"context"
	"testing"

	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/units"
)

// Setup is a Live and its parts.
type Setup struct {
	Config *config.Config
	Data   string // the data directory
	IDs    store.IDs
	Repos  *repos.Pool
	Engine *scan.Engine
	Log    *changelog.Log
	Live   *live.Live
	Units  *units.Reader
}

// Options change what New builds.
type Options struct {
	// IDs and Journal keep ids and results (a store.Store for restarts); nil keeps
	// them in memory.
	IDs     store.IDs
	Journal store.Journal
	// Background clones remote repositories in the background.
	Background bool
	// Live tunes the Live.
	Live live.Options
}

// New builds the parts for cfg on the data directory data, without building a
// snapshot.
func New(t testing.TB, cfg *config.Config, data string, opts Options) *Setup {
	t.Helper()
	if opts.IDs == nil {
		opts.IDs = store.NewMemoryIDs()
	}
	if opts.Journal == nil {
		opts.Journal = store.NewMemoryJournal()
	}
	s := &Setup{Config: cfg, Data: data, IDs: opts.IDs}
	s.Repos = repos.NewPool(repos.PoolOptions{DataDir: data, Background: opts.Background})
	s.Engine = scan.New(cfg, scan.Options{Repos: s.Repos, IDs: opts.IDs, Journal: opts.Journal})
	s.Log = changelog.New(cfg, changelog.Options{IDs: opts.IDs, Journal: opts.Journal, Now: opts.Live.Now})
	opts.Live.IDs = opts.IDs
	s.Live = live.New(cfg, s.Engine, s.Log, s.Repos, opts.Live)
	s.Units = units.New(s.Repos, opts.IDs)
	return s
}

// Built is New followed by a complete build swapped in (Live.Rebuild): the Live
// serves the config with its history, and does not refresh by itself.
func Built(t testing.TB, cfg *config.Config, data string, opts Options) *Setup {
	t.Helper()
	s := New(t, cfg, data, opts)
	if err := s.Live.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// Samples is Built on the bundled samples, in a new data directory.
func Samples(t testing.TB) *Setup {
	t.Helper()
	cfg, data := testutil.Samples(t)
	return Built(t, cfg, data, Options{})
}

// Scan builds a complete snapshot (Live.Build with the history) without swapping
// it in, as a one-shot command does.
func (s *Setup) Scan(ctx context.Context) (*snapshot.Snapshot, error) {
	return s.Live.Build(ctx, true)
}
