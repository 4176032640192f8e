package scanner

import (
	"context"
	"errors"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Live holds the snapshot the server answers from and replaces it, whole, after each
// re-scan: a request sees the previous complete state or the new one, never a mix.
//
// A started Live keeps it fresh (contract §9): checkouts are watched and re-read a
// moment after they change, remote repositories are fetched every fetch_interval
// (with backoff after a failure), and everything is re-read periodically, in case a
// file-system event was lost. A re-scan that finds nothing new keeps the snapshot
// being served, so nothing downstream (rendered documents, caches) is redone.
type Live struct {
	scanner *Scanner
	cur     atomic.Pointer[snapshot.Snapshot]
	wake    chan struct{}   // a re-scan is wanted; capacity 1, so requests coalesce
	ctx     context.Context // lives as long as the server: background work uses it
	prepare func(*snapshot.Snapshot)

	swapMu sync.Mutex // one re-scan and swap at a time, so a slow one never undoes a newer one

	hookMu   sync.Mutex
	hooked   map[string]bool // components a webhook asked to pull, not pulled yet
	hookRun  chan struct{}   // capacity 1: the webhook worker has something to do
	hookOnce sync.Once       // starts the webhook worker

	bg sync.WaitGroup // background work, for Wait
}

// LiveOptions tune a started Live.
type LiveOptions struct {
	// Rescan is the interval of the periodic safety re-scan (default 30s).
	Rescan time.Duration
	// Debounce is how long changes in a checkout must be quiet before they are
	// read (default 200ms); MaxDelay bounds the wait under constant changes
	// (default 500ms).
	Debounce, MaxDelay time.Duration
	// FetchFailed is told about each failed fetch (metrics); may be nil.
	FetchFailed func(component string, err error)
	// Prepare is called with each new snapshot before it is swapped in (the API
	// renders its documents then, off the request path); may be nil.
	Prepare func(*snapshot.Snapshot)
}

func newLive(ctx context.Context, s *Scanner, snap *snapshot.Snapshot, prepare func(*snapshot.Snapshot)) *Live {
	l := &Live{scanner: s, wake: make(chan struct{}, 1), ctx: ctx, prepare: prepare,
		hooked: map[string]bool{}, hookRun: make(chan struct{}, 1)}
	l.cur.Store(snap)
	return l
}

// NewLive scans once, with the history, and returns a Live serving the result. It
// does not refresh by itself: tests and one-shot uses call Rescan.
func NewLive(ctx context.Context, s *Scanner) (*Live, error) {
	snap, err := s.Scan(ctx)
	if err != nil {
		return nil, err
	}
	return newLive(ctx, s, snap, nil), nil
}

// StartLive scans the statistics only and returns a Live serving them at once; the
// history (change log, last changes) follows in the background, and the log then
// only grows. From then on the Live keeps itself fresh until ctx is done. ready is
// closed when the first complete snapshot is in.
func StartLive(ctx context.Context, s *Scanner, opts LiveOptions) (l *Live, ready <-chan struct{}, err error) {
	if opts.Rescan <= 0 {
		opts.Rescan = 30 * time.Second
	}
	if opts.Debounce <= 0 {
		opts.Debounce = 200 * time.Millisecond
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = 500 * time.Millisecond
	}
	snap, err := s.ScanStatistics(ctx)
	if err != nil {
		return nil, nil, err
	}
	l = newLive(ctx, s, snap, opts.Prepare)
	ch := make(chan struct{})
	l.bg.Add(1)
	go func() {
		defer l.bg.Done()
		if err := l.Rescan(ctx); err != nil && ctx.Err() == nil {
			s.opts.Logger.Error("reading history failed", "err", err)
		}
		close(ch)
		l.run(ctx, opts)
	}()
	return l, ch, nil
}

// Wait returns when the Live's background work has ended, after its context is
// done: nothing writes to the store once it returns.
func (l *Live) Wait() { l.bg.Wait() }

// Snapshot returns the current snapshot.
func (l *Live) Snapshot() *snapshot.Snapshot { return l.cur.Load() }

// Rescan scans again and swaps the result in, unless it shows nothing new.
func (l *Live) Rescan(ctx context.Context) error {
	l.swapMu.Lock()
	defer l.swapMu.Unlock()
	snap, err := l.scanner.Scan(ctx)
	if err != nil {
		return err
	}
	if cur := l.cur.Load(); cur != nil && cur.Fingerprint == snap.Fingerprint {
		return nil
	}
	if l.prepare != nil {
		l.prepare(snap)
	}
	l.cur.Store(snap)
	return nil
}

// Wake asks for a re-scan soon; requests made while one is pending coalesce.
func (l *Live) Wake() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Pull fetches the given components' remote repositories now and re-scans, so the
// answer reflects the remotes as they are (the API's "pull"). It returns the first
// fetch error; the re-scan happens either way.
func (l *Live) Pull(ctx context.Context, components []string) error {
	var first error
	for _, key := range components {
		if _, err := l.scanner.Fetch(ctx, key); err != nil && first == nil {
			first = err
		}
	}
	if err := l.Rescan(ctx); err != nil {
		return err
	}
	return first
}

// ActionHook is Weblate's 53 Received repository notification.
const ActionHook = 53

// Notify handles a push webhook for the components. It only notes them and returns:
// one worker logs 53 Received repository notification for each, as Weblate does,
// and pulls them. A burst of webhooks for a component waiting to be pulled adds
// nothing, so unauthenticated hooks cannot queue unbounded work.
func (l *Live) Notify(components []string, service string) {
	l.scanner.opts.Logger.Info("webhook", "service", service, "components", components)
	l.hookMu.Lock()
	for _, key := range components {
		l.hooked[key] = true
	}
	l.hookMu.Unlock()
	l.startHookWorker()
	select {
	case l.hookRun <- struct{}{}:
	default:
	}
}

func (l *Live) startHookWorker() {
	l.hookOnce.Do(func() {
		l.bg.Add(1)
		go l.hookWorker()
	})
}

// hookWorker pulls the components webhooks asked for, until the Live's context ends.
func (l *Live) hookWorker() {
	defer l.bg.Done()
	for {
		select {
		case <-l.ctx.Done():
			return
		case <-l.hookRun:
		}
		l.hookMu.Lock()
		keys := make([]string, 0, len(l.hooked))
		for k := range l.hooked {
			keys = append(keys, k)
		}
		clear(l.hooked)
		l.hookMu.Unlock()
		sort.Strings(keys)
		for _, key := range keys {
			project, component, _ := strings.Cut(key, "/")
			if err := l.scanner.logRuntimeLocked(ActionHook, project, component, ""); err != nil {
				l.scanner.opts.Logger.Error("logging a webhook", "err", err)
			}
		}
		if err := l.Pull(l.ctx, keys); err != nil && l.ctx.Err() == nil {
			l.scanner.opts.Logger.Warn("pull after a webhook failed", "components", keys, "err", err)
		}
	}
}

// run keeps the snapshot fresh until ctx is done.
func (l *Live) run(ctx context.Context, opts LiveOptions) {
	log := l.scanner.opts.Logger
	w, err := repos.NewWatcher(opts.Debounce, opts.MaxDelay, func([]string) { l.Wake() })
	if err != nil {
		log.Warn("watching checkouts is not possible; relying on the periodic re-scan", "err", err)
	} else {
		defer w.Close()
	}
	for _, info := range l.scanner.Components(ctx) {
		if w != nil {
			for _, d := range info.WatchDirs {
				if err := w.Add(info.Key, filepath.FromSlash(d.Dir), d.Depth); err != nil {
					log.Warn("not watching", "component", info.Key, "dir", d.Dir, "err", err)
				}
			}
		}
		if info.Remote && info.FetchInterval > 0 {
			l.bg.Add(1)
			go func() {
				defer l.bg.Done()
				l.fetchLoop(ctx, info.Key, info.FetchInterval, opts.FetchFailed)
			}()
		}
	}
	tick := time.NewTicker(opts.Rescan)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-l.wake:
		}
		if err := l.Rescan(ctx); err != nil && ctx.Err() == nil {
			log.Error("rescan failed", "err", err)
		}
	}
}

// backoff is how long to wait after n consecutive failed fetches: growing from 30s,
// never past the regular interval (a forge that is down is not hammered, and one that
// is back is seen soon).
func backoff(n int, interval time.Duration) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < interval; i++ {
		d *= 2
	}
	return min(d, interval)
}

func (l *Live) fetchLoop(ctx context.Context, key string, interval time.Duration, failed func(string, error)) {
	failures := 0
	wait := interval
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		moved, err := l.scanner.Fetch(ctx, key)
		switch {
		case errors.Is(err, context.Canceled):
			return
		case err != nil:
			failures++
			wait = backoff(failures, interval)
			l.scanner.opts.Logger.Warn("fetch failed", "component", key, "err", err, "retry in", wait)
			if failed != nil {
				failed(key, err)
			}
			l.Wake() // the alert shows
		default:
			if failures > 0 || moved {
				l.Wake()
			}
			failures, wait = 0, interval
		}
	}
}
