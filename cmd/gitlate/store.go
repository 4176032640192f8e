package main

import (
	"context"
	"log/slog"
	"path/filepath"

	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/boltstore"
)

// openStore opens what --store names: by default the file ids.db in the data
// directory.
func openStore(ctx context.Context, o *options, logger *slog.Logger) (store.Store, error) {
	return boltstore.Open(filepath.Join(o.data, "ids.db"))
}
