package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/store/pgstore"
)

// isPostgres reports whether --store names a PostgreSQL database.
func isPostgres(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// checkStore checks --store before anything is started.
func checkStore(url string) error {
	if url == "" || isPostgres(url) {
		return nil
	}
	return fmt.Errorf("--store: %q is not a postgres:// URL (leave it empty for the data directory's file)", url)
}

// storeLockWait is how long serve waits for another process to let go of the data
// directory's store (the tests, which start no second process, wait less).
var storeLockWait = boltstore.LockWait

// localStore is a store in the data directory: the whole store of a server on its
// own, or a replica's own copy beside PostgreSQL. Both backends that can be one
// (boltstore, and memstore when the file cannot be opened) are both.
type localStore interface {
	store.Store
	pgstore.Local
}

// What a server runs without when the data directory's file cannot be opened, as
// the alert and the log say it.
const (
	losesIDs   = "ids are kept in memory only and change when the server restarts"
	losesCache = "this replica's parse results and its copy of the change log are kept in memory only (ids are PostgreSQL's): a restart parses every file again and starts without the log"
)

// openLocal opens a store file of the data directory (ids.db, or a replica's
// cache.db); loses says what running without it costs. The policy:
//
//   - A file another process holds is an error: the server does not start (two
//     servers on one data directory would give one id to two objects).
//   - A file that cannot be made or opened at all (an unwritable or full data
//     directory, a directory or a file in the way) does not stop the server,
//     which answers from a memory store rather than not at all, and says so: a
//     log line now, and the alert (returned) that every component shows as a
//     StorageError for as long as it runs.
//   - A damaged file moved aside and started again gives the same log line and
//     alert: ids started again. A damaged meta page written again from the other
//     loses nothing and is a log line only.
func openLocal(path string, loses string, logger *slog.Logger) (st localStore, alert string, err error) {
	f, err := boltstore.OpenWait(path, storeLockWait)
	switch {
	case errors.Is(err, boltstore.ErrInUse):
		return nil, "", err
	case err != nil:
		alert = fmt.Sprintf("%v: %s", err, loses)
		logger.Warn("the store runs in memory: "+alert, "path", path)
		return memstore.New(), alert, nil
	}
	switch note, lost := f.Recovered(); {
	case lost:
		alert = note
		logger.Warn("the store's file was damaged: "+note, "path", path)
	case note != "":
		logger.Warn("the store's file was repaired: "+note, "path", path)
	}
	return f, alert, nil
}

// openStore opens what --store names, and returns the alert every component shows
// for what the server runs without ("" for nothing; see openLocal): by default the
// file ids.db in the data directory; with a postgres:// URL, the database the
// replicas share (openShared), with this replica's own copy in cache.db.
func openStore(ctx context.Context, o *options, logger *slog.Logger) (store.Store, string, error) {
	if !isPostgres(o.store) {
		return openLocal(filepath.Join(o.data, "ids.db"), losesIDs, logger)
	}
	if err := os.MkdirAll(o.data, 0o755); err != nil {
		return nil, "", fmt.Errorf("data directory: %w", err)
	}
	local, alert, err := openLocal(filepath.Join(o.data, "cache.db"), losesCache, logger)
	if err != nil {
		return nil, "", err
	}
	st, err := openShared(ctx, o.store, local, logger)
	if err != nil {
		local.Close()
		return nil, "", err
	}
	return st, alert, nil
}

// openShared opens the PostgreSQL database url names. The policy when it cannot
// be reached (or migrated) at start: the replica waits for it, trying again every
// 1 s, doubling up to 30 s, until ctx ends (a signal). A replica started before
// its database (a compose file, a rollout) then comes up by itself; without the
// database it has no id to give, and answering with ids of its own would be
// worse than not answering yet. Nothing is served meanwhile: the listener is
// bound and connections wait in its queue, and a readiness probe sees the replica
// not ready. So no component exists to show an alert on, and the log says it: a
// warning at the first failure and whenever the failure changes, a line at every
// attempt with the next wait, and one when the database is open.
func openShared(ctx context.Context, url string, local pgstore.Local, logger *slog.Logger) (*pgstore.Store, error) {
	wait := time.Second
	var waited store.Reporter
	const what = "waiting for the store: it cannot be opened"
	for attempt := 1; ; attempt++ {
		st, err := pgstore.Open(ctx, url, local, pgstore.Options{Logger: logger})
		if err == nil {
			if attempt > 1 {
				logger.Info("the store is open", "attempts", attempt)
			}
			return st, nil
		}
		if ctx.Err() != nil {
			return nil, errors.Join(err, ctx.Err())
		}
		if !waited.Report(logger, what, err) {
			logger.Info(what, "attempt", attempt, "retry in", wait)
		}
		select {
		case <-ctx.Done():
			return nil, errors.Join(err, ctx.Err())
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// instanceName is this replica's name among those sharing a store: made once and
// kept in the data directory, so a restarted replica is the same one.
func instanceName(data string) string {
	_ = os.MkdirAll(data, 0o755)
	path := filepath.Join(data, "instance")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) > 0 {
		return strings.TrimSpace(string(b))
	}
	var b [8]byte
	rand.Read(b[:])
	name := hex.EncodeToString(b[:])
	if host, err := os.Hostname(); err == nil {
		name = host + "-" + name
	}
	_ = os.WriteFile(path, []byte(name+"\n"), 0o644)
	return name
}
