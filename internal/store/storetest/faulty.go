package storetest

import (
	"context"
	"sync"

	"github.com/gitlate/gitlate/internal/store"
)

// Faulty is a store for the tests of its callers: each call a test names fails
// with the error it gives, as when what the store keeps its data in is full or
// away; the others go to the store it wraps. ID fails only for a key it has not
// given before: every backend answers known ids from memory.
type Faulty struct {
	store.Store
	mu    sync.Mutex
	fail  map[string]error
	given map[string]bool
}

// NewFaulty wraps s; nothing fails until Fail says so.
func NewFaulty(s store.Store) *Faulty {
	return &Faulty{Store: s, fail: map[string]error{}, given: map[string]bool{}}
}

// Fail makes the calls of the named method ("ID", "Flush", "UnitKeys",
// "UnitRuns", "GetResult", "PutResult", "PruneResults", "States", "Commit",
// "Changes", "Docs", "Metas", "TryLock", "Progress") fail with err; a nil err makes them work
// again.
func (f *Faulty) Fail(method string, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err == nil {
		delete(f.fail, method)
		return
	}
	f.fail[method] = err
}

func (f *Faulty) err(method string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fail[method]
}

func (f *Faulty) ID(ctx context.Context, kind, key string) (int, error) {
	f.mu.Lock()
	err, known := f.fail["ID"], f.given[kind+"\x00"+key]
	f.mu.Unlock()
	if err != nil && !known {
		return 0, err
	}
	id, err := f.Store.ID(ctx, kind, key)
	if err == nil {
		f.mu.Lock()
		f.given[kind+"\x00"+key] = true
		f.mu.Unlock()
	}
	return id, err
}

func (f *Faulty) Flush(ctx context.Context) error {
	if err := f.err("Flush"); err != nil {
		return err
	}
	return f.Store.Flush(ctx)
}

func (f *Faulty) UnitKeys(ctx context.Context, component string, keys []string) ([]int, error) {
	if err := f.err("UnitKeys"); err != nil {
		return nil, err
	}
	return f.Store.UnitKeys(ctx, component, keys)
}

func (f *Faulty) UnitRuns(ctx context.Context, translation, keys int) ([]store.Run, error) {
	if err := f.err("UnitRuns"); err != nil {
		return nil, err
	}
	return f.Store.UnitRuns(ctx, translation, keys)
}

func (f *Faulty) GetResult(ctx context.Context, key string) ([]byte, bool, error) {
	if err := f.err("GetResult"); err != nil {
		return nil, false, err
	}
	return f.Store.GetResult(ctx, key)
}

func (f *Faulty) PutResult(ctx context.Context, key string, value []byte) error {
	if err := f.err("PutResult"); err != nil {
		return err
	}
	return f.Store.PutResult(ctx, key, value)
}

func (f *Faulty) PruneResults(ctx context.Context, keep func(string) bool) error {
	if err := f.err("PruneResults"); err != nil {
		return err
	}
	return f.Store.PruneResults(ctx, keep)
}

func (f *Faulty) States(ctx context.Context, prefix string) (map[string][]byte, error) {
	if err := f.err("States"); err != nil {
		return nil, err
	}
	return f.Store.States(ctx, prefix)
}

func (f *Faulty) Commit(ctx context.Context, c *store.Commit) ([]int, error) {
	if err := f.err("Commit"); err != nil {
		return nil, err
	}
	return f.Store.Commit(ctx, c)
}

func (f *Faulty) Changes(ctx context.Context, after int64, fn func(*store.Record) error) (int64, error) {
	if err := f.err("Changes"); err != nil {
		return after, err
	}
	return f.Store.Changes(ctx, after, fn)
}

func (f *Faulty) Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error {
	if err := f.err("Docs"); err != nil {
		return err
	}
	return f.Store.Docs(ctx, ids, fn)
}

func (f *Faulty) Metas(ctx context.Context, ids []int, fn func(id int, meta []byte)) error {
	if err := f.err("Metas"); err != nil {
		return err
	}
	return f.Store.Metas(ctx, ids, fn)
}

func (f *Faulty) TryLock(ctx context.Context, scope string) (func(), bool, error) {
	if err := f.err("TryLock"); err != nil {
		return nil, false, err
	}
	return f.Store.TryLock(ctx, scope)
}

func (f *Faulty) Progress(ctx context.Context, scope string, fn func(seq int64, value []byte) error) error {
	if err := f.err("Progress"); err != nil {
		return err
	}
	return f.Store.Progress(ctx, scope, fn)
}
