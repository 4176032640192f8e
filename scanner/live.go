package scanner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gitlate/gitlate/repos"
	"github.com/gitlate/gitlate/snapshot"
)

// Live holds the snapshot the server answers from and replaces it, whole, after each
// re-scan: a request sees the previous complete state or the new one, never a mix.
//
// A started Live keeps it fresh (contract §9): checkouts are watched and re-read a
// moment after they change, remote repositories are fetched every fetch_interval
// (with backoff after a failure), and everything is re-read periodically, in case a
// file-system event was lost.
type Live struct {
	scanner *Scanner
	cur     atomic.Pointer[snapshot.Snapshot]
	wake    chan struct{}   // a re-scan is wanted; capacity 1, so requests coalesce
	ctx     context.Context // lives as long as the server: background pulls use it
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
}

// NewLive scans once, with the history, and returns a Live serving the result. It
// does not refresh by itself: tests and one-shot uses call Rescan.
func NewLive(ctx context.Context, s *Scanner) (*Live, error) {
	snap, err := s.Scan(ctx)
	if err != nil {
		return nil, err
	}
	l := &Live{scanner: s, wake: make(chan struct{}, 1), ctx: ctx}
	l.cur.Store(snap)
	return l, nil
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
	l = &Live{scanner: s, wake: make(chan struct{}, 1), ctx: ctx}
	l.cur.Store(snap)
	ch := make(chan struct{})
	go func() {
		if err := l.Rescan(ctx); err != nil && ctx.Err() == nil {
			s.opts.Logger.Error("reading history failed", "err", err)
		}
		close(ch)
		l.run(ctx, opts)
	}()
	return l, ch, nil
}

// Snapshot returns the current snapshot.
func (l *Live) Snapshot() *snapshot.Snapshot { return l.cur.Load() }

// Rescan scans again and swaps the result in.
func (l *Live) Rescan(ctx context.Context) error {
	snap, err := l.scanner.Scan(ctx)
	if err != nil {
		return err
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
// answer reflects the remotes as they are (the API's "pull" and push webhooks). It
// returns the first fetch error; the re-scan happens either way.
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

// Notify handles a push webhook for the components: it logs 53 Received repository
// notification for each, as Weblate does, and pulls them in the background (the
// forge does not wait for the fetch).
func (l *Live) Notify(components []string, service string) {
	l.scanner.opts.Logger.Info("webhook", "service", service, "components", components)
	for _, key := range components {
		project, component, _ := strings.Cut(key, "/")
		if err := l.scanner.logRuntimeLocked(ActionHook, project, component, ""); err != nil {
			l.scanner.opts.Logger.Error("logging a webhook", "err", err)
		}
	}
	go func() {
		if err := l.Pull(l.ctx, components); err != nil && l.ctx.Err() == nil {
			l.scanner.opts.Logger.Warn("pull after a webhook failed", "components", components, "err", err)
		}
	}()
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
		if info.Kind == repos.KindRemote && info.FetchInterval > 0 {
			go l.fetchLoop(ctx, info.Key, info.FetchInterval, opts.FetchFailed)
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
