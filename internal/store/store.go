// Package store says what gitlate keeps across restarts and shares between replicas — object ids, unit ids, the change log with each component's walk position and statistics over time, the journal of parse results — as one interface whose every call takes a context and can fail, which boltstore (a file in the data directory), pgstore (PostgreSQL) and memstore (one process) implement side by side and storetest holds them to.
package store

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
)

// Kinds of object ids. Each kind has its own sequence. Units and changes have ids
// of their own making (Units, Log).
const (
	KindProject     = "project"
	KindComponent   = "component"
	KindTranslation = "translation"
	KindAddon       = "addon"
)

// ErrConflict is Commit's answer when a state it was to replace is no longer the
// value the caller read: another process (a replica) got there first. The caller
// reads again and decides again.
var ErrConflict = errors.New("store: a state changed since it was read")

// ErrStale comes with what a shared store gave from its local copy because the
// shared one could not be reached (wrapped with the cause): the answer is whole
// and consistent, as of the last time the copy was brought up to date.
var ErrStale = errors.New("store: the shared store cannot be reached; this is the local copy as last brought up to date")

// Store is everything gitlate remembers.
//
// Every method is safe for concurrent use, honours its context (a call whose
// context is done returns its error and changes nothing), and says by its error
// what it could not do: a Store decides nothing for its caller. Callers decide
// what a failure costs: the scan and the change log show it as an alert and keep
// serving what they have (see scan, changelog), and the command decides what to
// run on when a store cannot be opened (cmd/gitlate).
type Store interface {
	IDs
	Units
	Results
	Log
	// Close flushes and releases the store. It takes no context: it runs once,
	// after everything that used the store has stopped, and must run even when
	// the shutdown's context is done.
	Close() error
}

// IDs gives objects stable ids: the same (kind, key) always gets the same id, a new
// key the next id of its kind, and an id is never given to another key.
type IDs interface {
	// ID returns the id of key within kind, or an error when a new id cannot be
	// given now (the store is unreachable); it never returns 0 without an error.
	ID(ctx context.Context, kind, key string) (int, error)
	// Flush makes every id handed out so far durable, and every result put (see
	// Results) where the store keeps results durably; its error says they are
	// not (they are kept, and the next Flush tries again). Callers flush before
	// anything shows an id, so an id that was served is never lost by a crash:
	// an id is durable once ID returned it and a later Flush returned nil.
	Flush(ctx context.Context) error
}

// Units gives unit ids without an entry per unit: each component numbers its unit
// keys in the order they first appear, and each translation owns runs of ids, each
// covering consecutive key numbers. A key new to the component gets the next
// number, which no run covers yet, so its units get a new run of larger ids; ids
// are never reused.
type Units interface {
	// UnitKeys returns the numbers of a component's unit keys (0-based), numbering
	// those it has not seen, in the order given. The numbers are durable when it
	// returns; on an error, none is given.
	UnitKeys(ctx context.Context, component string, keys []string) ([]int, error)
	// UnitRuns returns a translation's runs, in key order, after extending them so
	// that they cover the key numbers [0, keys). The runs are durable when it
	// returns; on an error, no run is added.
	UnitRuns(ctx context.Context, translation, keys int) ([]Run, error)
}

// Run is a translation's ids for consecutive key numbers: key FirstKey+i has id
// FirstID+i, for i < Count.
type Run struct {
	FirstID, FirstKey, Count int
}

// Results is the journal of what files yielded, by content, so a restart parses
// nothing it has seen. It may be kept by each process on its own (a replica's
// checkouts are its own).
type Results interface {
	// GetResult returns a result stored under key (ok false when there is none).
	GetResult(ctx context.Context, key string) (value []byte, ok bool, err error)
	// PutResult stores a result; it is durable after the next Flush.
	PutResult(ctx context.Context, key string, value []byte) error
	// PruneResults deletes, durably and at once, every stored result whose key keep
	// rejects (results put since the last Flush included). keep must not call the
	// store.
	PruneResults(ctx context.Context, keep func(key string) bool) error
}

// Log is the change log and the state that goes with it: each change stored once
// under its natural key, with what the log's index is built from (Meta, opaque to
// the store) and its JSON (Doc), and small named states (each component's walk
// position, the alerts raised) that change with it, atomically.
type Log interface {
	// States returns the states whose names start with prefix.
	States(ctx context.Context, prefix string) (map[string][]byte, error)
	// Commit applies c in one transaction, or nothing of it. It returns the ids of
	// c.Add, in order. ErrConflict: a state of c.States changed meanwhile.
	Commit(ctx context.Context, c *Commit) ([]int, error)
	// Changes calls fn, in Seq order, with every record a commit touched after
	// after (added, revived, rewritten or removed; Key, Scope and Doc are not read),
	// and returns the Seq of the last commit (after itself when there is nothing
	// new). From 0, it lists every stored record, in id order. A shared store
	// that cannot be reached lists its local copy and returns its Seq with an
	// error wrapping ErrStale. fn keeps neither the record nor its Meta past the
	// call: a store may give the same one each time, and Meta is its own bytes.
	Changes(ctx context.Context, after int64, fn func(*Record) error) (int64, error)
	// Docs calls fn with the Doc of each record of ids that is stored (a removed
	// one's included, so a page being served stays whole).
	Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error
	// Metas calls fn with the Meta of each record of ids that is stored.
	Metas(ctx context.Context, ids []int, fn func(id int, meta []byte)) error
	// TryLock takes the lock of a scope (a component's history walk) unless another
	// process holds it (ok false); unlock releases it. Locks only spare work:
	// Commit's states keep the log right without them.
	TryLock(ctx context.Context, scope string) (unlock func(), ok bool, err error)
	// Changed receives a value when another process committed (nil when no other
	// process can).
	Changed() <-chan struct{}
	// Progress calls fn with the progress records of scope (Commit.Progress), in
	// Seq order. fn keeps no value past the call.
	Progress(ctx context.Context, scope string, fn func(seq int64, value []byte) error) error
}

// Record is one change of the log.
type Record struct {
	// ID is given by Commit: the next id for a new key, the same id for a key
	// stored before (a removed record that comes back keeps its id).
	ID int
	// Key is the change's natural key, unique in the log.
	Key string
	// Scope is what the change belongs to; Commit.Replace removes a scope's
	// records that a redone walk no longer gives.
	Scope string
	// Seq is the commit that last touched the record (set by the store).
	Seq int64
	// Gone marks a removed record (set by the store): its id is never given again,
	// and it comes back if a commit adds its key again.
	Gone bool
	// Meta is what the index of the log is built from; Doc is the change's JSON as
	// the API serves it (see jsondoc).
	Meta, Doc []byte
}

// Commit is what one transaction does to the log.
type Commit struct {
	// States are replaced only if each still holds Prev (nil: absent); a nil Next
	// deletes the state.
	States []State
	// Replace removes from each scope it names the stored records whose keys it
	// does not keep, after Add: a walk redone from the start replaces what the
	// last one gave (its records may be added by earlier commits, and by this
	// one's Add, whose keys of the scope Keep must list).
	Replace []Scope
	// Add stores records under their keys (Key, Scope, Meta, Doc): a new key gets
	// the next id; a removed one is revived with the new Meta and Doc; a stored one
	// is left as it is.
	Add []Record
	// Rewrite replaces the Meta and Doc of stored records, by ID.
	Rewrite []Record
	// ResetProgress removes every progress record of the scopes it names, before
	// Progress is stored: a walk redone from the start records its history again.
	ResetProgress []string
	// Progress stores records of a scope's statistics over time (a component's,
	// one per commit walked: see internal/progress), each under its Scope and Seq,
	// replacing one stored there. They go with the states of the walk that made
	// them: a walk that continues from a state finds the records it left.
	Progress []ProgressRecord
}

// ProgressRecord is one record of statistics over time, opaque to the store.
type ProgressRecord struct {
	Scope string
	Seq   int64
	Value []byte
}

// Scope is a scope and the keys of it to keep.
type Scope struct {
	Name string
	Keep []string
}

// State is a compare-and-swap of a named state.
type State struct {
	Name       string
	Prev, Next []byte
}

// Locks is TryLock for a store that only this process opens: a set of held
// scopes. The zero value holds none.
type Locks struct {
	mu   sync.Mutex
	held map[string]bool
}

// TryLock takes scope's lock unless it is held; unlock gives it back.
func (l *Locks) TryLock(ctx context.Context, scope string) (unlock func(), ok bool, err error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.held[scope] {
		return nil, false, nil
	}
	if l.held == nil {
		l.held = map[string]bool{}
	}
	l.held[scope] = true
	return func() {
		l.mu.Lock()
		delete(l.held, scope)
		l.mu.Unlock()
	}, true, nil
}

// Reporter logs a store's failures as one caller meets them: a line when they
// start, another when what fails changes, one when the store works again. A
// line per call, or per component at every rescan, would bury the rest of the
// log while a disk is full or a database away. The zero value is ready; it is
// safe for concurrent use.
type Reporter struct {
	mu   sync.Mutex
	last string
}

// Report logs err under what (a failure, at Warn) when it is another problem than
// the last one reported, and, for a nil err after a failure, that the store works
// again (at Info). It reports whether it logged. Messages that differ only in
// their numbers are one problem: a connection's port, a count.
func (r *Reporter) Report(logger *slog.Logger, what string, err error) bool {
	msg := ""
	if err != nil {
		msg = strings.Map(func(c rune) rune {
			if c >= '0' && c <= '9' {
				return '#'
			}
			return c
		}, err.Error())
	}
	r.mu.Lock()
	last := r.last
	r.last = msg
	r.mu.Unlock()
	switch {
	case msg == last:
		return false
	case err == nil:
		logger.Info(what + ": the store works again")
	default:
		logger.Warn(what, "err", err)
	}
	return true
}
