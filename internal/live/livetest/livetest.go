// Package livetest builds the pipeline from repositories to snapshots for tests — a Live with its engine, change log, repositories and unit reader — on a config or on the bundled samples.
package livetest

import (
	"context"
	"log/slog"
	"testing"

	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/units"
)

// Setup is a Live and its parts.
type Setup struct {
	Config *config.Config
	Data   string // the data directory
	Store  store.Store
	Repos  *repos.Pool
	Engine *scan.Engine
	Log    *changelog.Log
	Live   *live.Live
	Units  *units.Reader
}

// Options change what New builds.
type Options struct {
	// Store keeps ids, results and the change log (a boltstore for restarts); nil
	// keeps them in memory.
	Store store.Store
	// Logger receives the engine's, the change log's and the Live's problems
	// (unless Live.Logger is set); nil discards them.
	Logger *slog.Logger
	// Background clones remote repositories in the background.
	Background bool
	// Live tunes the Live.
	Live live.Options
}

// New builds the parts for cfg on the data directory data, without building a
// snapshot.
func New(t testing.TB, cfg *config.Config, data string, opts Options) *Setup {
	t.Helper()
	if opts.Store == nil {
		opts.Store = memstore.New()
	}
	s := &Setup{Config: cfg, Data: data, Store: opts.Store}
	s.Repos = repos.NewPool(repos.PoolOptions{DataDir: data, Background: opts.Background})
	if opts.Live.Logger == nil {
		opts.Live.Logger = opts.Logger
	}
	s.Engine = scan.New(cfg, opts.Store, scan.Options{Repos: s.Repos, Logger: opts.Logger})
	s.Log = changelog.New(cfg, opts.Store, changelog.Options{Now: opts.Live.Now, Logger: opts.Logger})
	s.Live = live.New(cfg, s.Engine, s.Log, s.Repos, opts.Store, opts.Live)
	s.Units = units.New(s.Repos)
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

// Changes returns every change snap's log shows, whole (Log.Changes).
func (s *Setup) Changes(t testing.TB, snap *snapshot.Snapshot) []*snapshot.Change {
	t.Helper()
	changes, err := s.Log.Changes(t.Context(), snap)
	if err != nil {
		t.Fatal(err)
	}
	return changes
}
