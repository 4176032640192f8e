package scanner

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/gitlate/gitlate/snapshot"
)

// Live holds the snapshot the server answers from and replaces it, whole, after each
// re-scan: a request sees the previous complete state or the new one, never a mix.
type Live struct {
	scanner *Scanner
	cur     atomic.Pointer[snapshot.Snapshot]
}

// NewLive scans once, with the history, and returns a Live serving the result.
func NewLive(ctx context.Context, s *Scanner) (*Live, error) {
	snap, err := s.Scan(ctx)
	if err != nil {
		return nil, err
	}
	l := &Live{scanner: s}
	l.cur.Store(snap)
	return l, nil
}

// StartLive scans the statistics only and returns a Live serving them at once; the
// history (change log, last changes) follows in the background, and the log then
// only grows. done is closed when the first complete snapshot is in.
func StartLive(ctx context.Context, s *Scanner) (l *Live, done <-chan struct{}, err error) {
	snap, err := s.ScanStatistics(ctx)
	if err != nil {
		return nil, nil, err
	}
	l = &Live{scanner: s}
	l.cur.Store(snap)
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		if err := l.Rescan(ctx); err != nil && ctx.Err() == nil {
			s.opts.Logger.Error("reading history failed", "err", err)
		}
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

// Run rescans every interval until ctx is done.
func (l *Live) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := l.Rescan(ctx); err != nil && ctx.Err() == nil {
				l.scanner.opts.Logger.Error("rescan failed", "err", err)
			}
		}
	}
}
