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

// openStore opens what --store names: by default the file ids.db in the data
// directory; with a postgres:// URL, the database the replicas share, with this
// replica's own copy in cache.db. A database that cannot be reached yet is tried
// again, waiting longer each time, until ctx ends: a replica started before its
// database waits for it rather than exits.
func openStore(ctx context.Context, o *options, logger *slog.Logger) (store.Store, error) {
	if !isPostgres(o.store) {
		return boltstore.OpenWait(filepath.Join(o.data, "ids.db"), storeLockWait)
	}
	if err := os.MkdirAll(o.data, 0o755); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	opts := pgstore.Options{Local: filepath.Join(o.data, "cache.db"), Logger: logger}
	wait := time.Second
	for {
		st, err := pgstore.Open(ctx, o.store, opts)
		if err == nil {
			return st, nil
		}
		if ctx.Err() != nil {
			return nil, errors.Join(err, ctx.Err())
		}
		logger.Warn("the store cannot be opened; trying again", "err", err, "retry in", wait)
		select {
		case <-ctx.Done():
			return nil, err
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
