// Package boltstore is the store.Store of one server: a bbolt file in the data directory (embedded, pure Go, crash-safe: every commit is an fsync'd copy-on-write transaction), chosen because it needs nothing set up; a file it cannot open or write is an error of the call, which its caller decides about.
package boltstore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gitlate/gitlate/internal/store"
)

// schemaVersion is the layout this package writes (meta bucket, "version"). Files
// without one were written by gitlate before the change log lived in the store:
// Open migrates them (migrate).
const schemaVersion = 2

// Store is a store.Store in a bbolt file. Object ids and unit runs are also held
// in memory (they are few); unit keys, the change log and results are read from
// the file, so the process holds no entry per unit or per change.
//
// A write that fails (a full disk, a file system made read-only) is an error of
// the call: ids and results put are kept in memory and written by the next Flush
// that can; unit keys, runs and commits are not given at all.
type Store struct {
	db   *bolt.DB
	path string

	mu      sync.Mutex
	ids     map[string]map[string]int
	next    map[string]int
	pending []pendingID
	results map[string][]byte // put since the last Flush
	runs    map[int][]store.Run
	unitSeq int
	opened  string // what happened at Open (a damaged file moved aside), or ""
	noted   string // a damaged meta page found at Open and written again

	logMu sync.Mutex // one commit at a time: ids and seqs are read, then written

	store.Locks // no other process opens it
}

var _ store.Store = (*Store)(nil)

type pendingID struct {
	kind, key string
	id        int
}

// Buckets. Object ids: "keys/<kind>", id (8 bytes, big-endian, so a cursor walks
// them in order) → key, loaded at open. Files written before this layout may also
// hold "ids/<kind>" buckets (key → id), which were never read and are left alone.
var (
	metaBucket    = []byte("meta")
	resultsBucket = []byte("results")
	stateBucket   = []byte("state")
	runsBucket    = []byte("runs")      // translation, first key (8+8) → first id, count (8+8)
	logKeyBucket  = []byte("log/key")   // sha-256 of the natural key (16 bytes) → id
	logRecBucket  = []byte("log/rec")   // id → seq (8), gone (1), meta
	logDocBucket  = []byte("log/doc")   // id → doc
	logSeqBucket  = []byte("log/seq")   // seq, id (8+8) → nothing: the records by commit
	logScopeBkt   = []byte("log/scope") // scope, 0, id → nothing: the records of a scope
	// log/idkey: id → key hash, for Replace to tell a stored record from one added.
	logIDKeyBucket = []byte("log/idkey")
	// progress: scope, 0, seq (8) → a progress record. Made by the first commit
	// that stores one, so files of schema 2 need no migration.
	progressBucket = []byte("progress")
)

func keysBucket(kind string) []byte          { return []byte("keys/" + kind) }
func unitKeysBucket(component string) []byte { return []byte("ukeys/" + component) }

// Meta keys.
var (
	metaVersion    = []byte("version")
	metaUnitSeq    = []byte("next/unit")
	metaChangeNext = []byte("next/change")
	metaSeq        = []byte("seq")
)

func metaKeyCount(component string) []byte { return []byte("nkeys/" + component) }

func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

func getU64(b *bolt.Bucket, key []byte) uint64 {
	if b == nil {
		return 0
	}
	if v := b.Get(key); len(v) == 8 {
		return binary.BigEndian.Uint64(v)
	}
	return 0
}

// ErrInUse is Open's error for a file another process holds.
var ErrInUse = errors.New("in use by another gitlate process: give each server its own data directory (--data)")

// Open opens (or creates) the store at path. A file that bbolt cannot read — not a
// bbolt file, or one whose pages are damaged so that opening or loading it fails or
// panics — is moved aside to path.corrupt-<unix time> and a new one started (see
// Recovered): a server must never need its data directory deleted to recover (ids
// may then differ, as after a deletion). A file that cannot be made or opened at
// all (an unwritable directory, a directory in its place) is an error, and so is a
// file locked by another process once LockWait has passed (ErrInUse): what to run
// on then is the caller's to decide.
func Open(path string) (*Store, error) { return OpenWait(path, LockWait) }

// OpenWait is Open waiting wait (more than zero) for another process to let go of
// the file.
func OpenWait(path string, wait time.Duration) (*Store, error) {
	s, err := open(path, wait)
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%s: %w (%w)", path, ErrInUse, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s cannot be opened: %w", path, err)
	}
	return s, nil
}

// Recovered says what Open did to a damaged file, in words for an operator (""
// when the file was sound). lost is set when the file was moved aside and every
// id started again; clear when a damaged meta page was written again from the
// other and every page checked sound, which loses nothing.
func (s *Store) Recovered() (note string, lost bool) {
	if s.opened != "" {
		return s.opened, true
	}
	return s.noted, false
}

func open(path string, wait time.Duration) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	s, err := openStore(path, wait)
	if errors.Is(err, bolt.ErrTimeout) || err == nil {
		return s, err
	}
	if fi, serr := os.Stat(path); serr != nil || !fi.Mode().IsRegular() {
		return nil, err // nothing to move aside: the directory is the problem
	}
	aside := fmt.Sprintf("%s.corrupt-%d", path, time.Now().Unix())
	if rerr := os.Rename(path, aside); rerr != nil {
		return nil, fmt.Errorf("%w; moving it aside: %v", err, rerr)
	}
	s, nerr := openStore(path, wait)
	if nerr != nil {
		return nil, nerr
	}
	s.opened = fmt.Sprintf("%s was damaged or unreadable (%v); it was moved to %s and every id starts again", path, err, aside)
	return s, nil
}

// LockWait is how long Open waits for another process to let go of the file: a
// server restarted while its predecessor is still closing gets it.
const LockWait = 2 * time.Second

// openStore opens the bbolt file at path, migrates it and loads the ids. bbolt
// panics on some damaged pages (a freelist page that is not one, a page of the
// wrong type under a bucket), in Open or in the transaction that loads: the panic
// becomes an error, and what was opened is closed. A panic inside bolt.Open leaves
// no *DB to close: its file, taken through OpenFile, is unlocked and closed, so that
// the file can be opened again; only bbolt's mapping of it stays until the process
// ends.
func openStore(path string, wait time.Duration) (s *Store, err error) {
	var file *os.File
	var db *bolt.DB
	badMeta, _ := damagedMeta(path)
	defer func() {
		if p := recover(); p != nil {
			if db != nil {
				db.Close()
			} else if file != nil {
				funlock(file)
				file.Close()
			}
			s, err = nil, fmt.Errorf("damaged file: %v", p)
		}
	}()
	db, err = bolt.Open(path, 0o644, &bolt.Options{
		Timeout: wait,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, perm)
			file = f
			return f, err
		},
	})
	if err != nil {
		return nil, err
	}
	s = &Store{db: db, path: path, ids: map[string]map[string]int{}, next: map[string]int{},
		runs: map[int][]store.Run{}}
	if badMeta != "" {
		// bbolt writes its two meta pages in turn: two writes put a good one back in
		// place of the damaged one, and then every page can be checked.
		for range 2 {
			if err := db.Update(func(tx *bolt.Tx) error {
				b, err := tx.CreateBucketIfNotExists(metaBucket)
				if err != nil {
					return err
				}
				return b.Put([]byte("checked"), []byte(time.Now().UTC().Format(time.RFC3339)))
			}); err != nil {
				db.Close()
				return nil, fmt.Errorf("damaged file: %s; %w", badMeta, err)
			}
		}
		if err := checkPages(db); err != nil {
			db.Close()
			return nil, fmt.Errorf("damaged file: %s; %w", badMeta, err)
		}
		s.noted = fmt.Sprintf("%s: a meta page was damaged (%s: a write cut short, or the disk); it was written again from the other, and every page was checked sound", path, badMeta)
	}
	if err := db.Update(migrate); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	if err := s.load(); err != nil {
		db.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return s, nil
}

// migrate brings a file to schemaVersion. Version 1 (no version written) kept
// every kind of id in "keys/<kind>", units and changes included, and the runtime
// log in "events": change ids are kept under their keys (the history's natural keys
// have not changed), so a walk that meets them again gives them their old ids;
// unit ids now come in runs, which start after every id given before; the old
// runtime log stays where it was, unread.
func migrate(tx *bolt.Tx) error {
	meta, err := tx.CreateBucketIfNotExists(metaBucket)
	if err != nil {
		return err
	}
	v := getU64(meta, metaVersion)
	if v > schemaVersion {
		return fmt.Errorf("written by a newer gitlate (layout %d, this one knows %d)", v, schemaVersion)
	}
	if v == schemaVersion {
		return nil
	}
	if b := tx.Bucket(keysBucket("unit")); b != nil {
		if k, _ := b.Cursor().Last(); len(k) == 8 {
			if err := meta.Put(metaUnitSeq, k); err != nil {
				return err
			}
		}
		if err := tx.DeleteBucket(keysBucket("unit")); err != nil {
			return err
		}
	}
	if b := tx.Bucket(keysBucket("change")); b != nil {
		kb, err := tx.CreateBucketIfNotExists(logKeyBucket)
		if err != nil {
			return err
		}
		err = b.ForEach(func(id, key []byte) error {
			if len(id) != 8 {
				return fmt.Errorf("bucket keys/change: bad id of %d bytes", len(id))
			}
			return kb.Put(keyHash(string(key)), id)
		})
		if err != nil {
			return err
		}
		if k, _ := b.Cursor().Last(); len(k) == 8 {
			if err := meta.Put(metaChangeNext, k); err != nil {
				return err
			}
		}
		if err := tx.DeleteBucket(keysBucket("change")); err != nil {
			return err
		}
	}
	for _, name := range [][]byte{resultsBucket, stateBucket, runsBucket, logKeyBucket, logRecBucket, logDocBucket, logSeqBucket, logScopeBkt, logIDKeyBucket} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return meta.Put(metaVersion, u64(schemaVersion))
}

// keyHash is what a natural key is found by: 128 bits of its SHA-256 (a collision
// among fewer than 2^40 changes has odds below 2^-48).
func keyHash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:16]
}

// load reads the object ids and the unit runs into memory.
func (s *Store) load() error {
	return s.db.View(func(tx *bolt.Tx) error {
		s.unitSeq = int(getU64(tx.Bucket(metaBucket), metaUnitSeq))
		err := tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			kind, ok := bytes.CutPrefix(name, []byte("keys/"))
			if !ok {
				return nil
			}
			return b.ForEach(func(k, v []byte) error {
				if len(k) != 8 {
					return fmt.Errorf("bucket %s: bad id of %d bytes", name, len(k))
				}
				s.setID(string(kind), string(v), int(binary.BigEndian.Uint64(k)))
				return nil
			})
		})
		if err != nil {
			return err
		}
		return tx.Bucket(runsBucket).ForEach(func(k, v []byte) error {
			if len(k) != 16 || len(v) != 16 {
				return fmt.Errorf("bucket runs: bad entry")
			}
			t := int(binary.BigEndian.Uint64(k))
			s.runs[t] = append(s.runs[t], store.Run{FirstKey: int(binary.BigEndian.Uint64(k[8:])),
				FirstID: int(binary.BigEndian.Uint64(v)), Count: int(binary.BigEndian.Uint64(v[8:]))})
			return nil
		})
	})
}

func (s *Store) setID(kind, key string, id int) {
	if s.ids[kind] == nil {
		s.ids[kind] = map[string]int{}
	}
	s.ids[kind][key] = id
	s.next[kind] = max(s.next[kind], id)
}

// writeErr says that the file could not be written.
func (s *Store) writeErr(err error) error {
	return fmt.Errorf("%s cannot be written: %w", s.path, err)
}

// ID returns the id of key, allocating the next one of its kind for a new key. The
// new id is durable after the next Flush that succeeds.
func (s *Store) ID(ctx context.Context, kind, key string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.ids[kind][key]; ok {
		return id, nil
	}
	id := s.next[kind] + 1
	s.setID(kind, key, id)
	s.pending = append(s.pending, pendingID{kind, key, id})
	return id, nil
}

// Flush writes the ids allocated and the results put in one transaction. A write
// that fails keeps them, in memory, for the next Flush, and is the error.
func (s *Store) Flush(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 && len(s.results) == 0 {
		return nil
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		rb := tx.Bucket(resultsBucket)
		for k, v := range s.results {
			if err := rb.Put([]byte(k), v); err != nil {
				return err
			}
		}
		for _, p := range s.pending {
			kb, err := tx.CreateBucketIfNotExists(keysBucket(p.kind))
			if err != nil {
				return err
			}
			if err := kb.Put(u64(uint64(p.id)), []byte(p.key)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.writeErr(err) // kept pending, in memory: the next Flush tries again
	}
	s.pending, s.results = s.pending[:0], nil
	return nil
}

// Release gives back the pages of the file that requests read since the last
// time (see release); a server calls it after each build.
func (s *Store) Release() { s.release() }

// Close flushes and closes the file: what cannot be flushed is lost, as in a
// crash, and said by the error (nothing was shown of it: callers flush before
// showing an id).
func (s *Store) Close() error {
	return errors.Join(s.Flush(context.Background()), s.db.Close())
}

// UnitKeys numbers a component's unit keys: looked up in the file, new ones
// written at once.
func (s *Store) UnitKeys(ctx context.Context, component string, keys []string) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]int, len(keys))
	count := -1
	var fresh map[string]int
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(unitKeysBucket(component))
		count = int(getU64(tx.Bucket(metaBucket), metaKeyCount(component)))
		for i, k := range keys {
			if n, ok := fresh[k]; ok {
				out[i] = n
				continue
			}
			if b != nil {
				if v := b.Get([]byte(k)); len(v) == 8 {
					out[i] = int(binary.BigEndian.Uint64(v))
					continue
				}
			}
			if fresh == nil {
				fresh = map[string]int{}
			}
			fresh[k] = count
			out[i] = count
			count++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(fresh) == 0 {
		return out, nil
	}
	if err := s.db.Update(func(tx *bolt.Tx) error { return putUnitKeys(tx, component, fresh, count) }); err != nil {
		return nil, s.writeErr(err)
	}
	return out, nil
}

func putUnitKeys(tx *bolt.Tx, component string, keys map[string]int, count int) error {
	b, err := tx.CreateBucketIfNotExists(unitKeysBucket(component))
	if err != nil {
		return err
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted) // bbolt fills pages best in key order
	for _, k := range sorted {
		if err := b.Put([]byte(k), u64(uint64(keys[k]))); err != nil {
			return err
		}
	}
	return tx.Bucket(metaBucket).Put(metaKeyCount(component), u64(uint64(count)))
}

// UnitRuns extends a translation's runs to cover keys, written at once, and
// returns them.
func (s *Store) UnitRuns(ctx context.Context, translation, keys int) ([]store.Run, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	runs := s.runs[translation]
	covered := 0
	if n := len(runs); n > 0 {
		covered = runs[n-1].FirstKey + runs[n-1].Count
	}
	if keys > covered {
		// Copied: the runs in memory stay as they are unless the write succeeds.
		runs = append(runs[:len(runs):len(runs)], store.Run{FirstID: s.unitSeq + 1, FirstKey: covered, Count: keys - covered})
		seq := s.unitSeq + keys - covered
		if err := s.db.Update(func(tx *bolt.Tx) error { return putRuns(tx, translation, runs, seq) }); err != nil {
			return nil, s.writeErr(err)
		}
		s.unitSeq, s.runs[translation] = seq, runs
	}
	return append([]store.Run(nil), runs...), nil
}

func putRuns(tx *bolt.Tx, translation int, runs []store.Run, unitSeq int) error {
	b := tx.Bucket(runsBucket)
	for _, r := range runs {
		k := append(u64(uint64(translation)), u64(uint64(r.FirstKey))...)
		v := append(u64(uint64(r.FirstID)), u64(uint64(r.Count))...)
		if err := b.Put(k, v); err != nil {
			return err
		}
	}
	meta := tx.Bucket(metaBucket)
	if int(getU64(meta, metaUnitSeq)) >= unitSeq {
		return nil
	}
	return meta.Put(metaUnitSeq, u64(uint64(unitSeq)))
}

// GetResult reads a stored result (results not flushed yet included).
func (s *Store) GetResult(ctx context.Context, key string) ([]byte, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	s.mu.Lock()
	if v, ok := s.results[key]; ok {
		s.mu.Unlock()
		return v, true, nil
	}
	s.mu.Unlock()
	var out []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket(resultsBucket).Get([]byte(key)); v != nil {
			out = append([]byte(nil), v...)
		}
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("%s cannot be read: %w", s.path, err)
	}
	return out, out != nil, nil
}

// PutResult stores a result with the next Flush.
func (s *Store) PutResult(ctx context.Context, key string, value []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.results == nil {
		s.results = map[string][]byte{}
	}
	s.results[key] = value
	return nil
}

// PruneResults deletes the results keep rejects, in one transaction.
func (s *Store) PruneResults(ctx context.Context, keep func(key string) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.results {
		if !keep(k) {
			delete(s.results, k)
		}
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(resultsBucket)
		// Collected first: deleting under a cursor skips the key after each one.
		var drop [][]byte
		if err := b.ForEach(func(k, _ []byte) error {
			if !keep(string(k)) {
				drop = append(drop, append([]byte(nil), k...))
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range drop {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("pruning results: %w", s.writeErr(err))
	}
	return nil
}

// States returns the states whose names start with prefix.
func (s *Store) States(ctx context.Context, prefix string) (map[string][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(stateBucket).Cursor()
		for k, v := c.Seek([]byte(prefix)); k != nil && bytes.HasPrefix(k, []byte(prefix)); k, v = c.Next() {
			out[string(k)] = append([]byte(nil), v...)
		}
		return nil
	})
	return out, err
}

// recValue is a record as log/rec keeps it.
func recValue(seq uint64, gone bool, meta []byte) []byte {
	v := make([]byte, 9, 9+len(meta))
	binary.BigEndian.PutUint64(v, seq)
	if gone {
		v[8] = 1
	}
	return append(v, meta...)
}

func scopeKey(scope string, id uint64) []byte {
	return append(append([]byte(scope), 0), u64(id)...)
}

// Commit applies c in one transaction: the states compared and swapped, then the
// records added, the scopes replaced and the records rewritten, each touched
// record under the commit's seq.
func (s *Store) Commit(ctx context.Context, c *store.Commit) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	var ids []int
	err := s.db.Update(func(tx *bolt.Tx) error {
		if err := swapStates(tx.Bucket(stateBucket), c.States); err != nil {
			return err
		}
		ct := newCommitTx(tx)
		var err error
		if ids, err = ct.add(c.Add); err != nil {
			return err
		}
		for _, scope := range c.Replace {
			if err := ct.replace(scope); err != nil {
				return err
			}
		}
		if err := ct.rewrite(c.Rewrite); err != nil {
			return err
		}
		if err := putProgress(tx, c); err != nil {
			return err
		}
		return ct.finish()
	})
	switch {
	case errors.Is(err, store.ErrConflict):
		return nil, err
	case err != nil:
		return nil, s.writeErr(err)
	}
	return ids, nil
}

// putProgress applies a commit's progress: the scopes reset, then the records
// stored.
func putProgress(tx *bolt.Tx, c *store.Commit) error {
	if len(c.ResetProgress) == 0 && len(c.Progress) == 0 {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(progressBucket)
	if err != nil {
		return err
	}
	for _, scope := range c.ResetProgress {
		prefix := append([]byte(scope), 0)
		cur := b.Cursor()
		for k, _ := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = cur.Seek(prefix) {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
	}
	// Seqs grow: a walk's records are appended to its scope.
	b.FillPercent = 0.9
	for _, p := range c.Progress {
		if err := b.Put(scopeKey(p.Scope, uint64(p.Seq)), p.Value); err != nil {
			return err
		}
	}
	return nil
}

// Progress lists a scope's progress records in seq order.
func (s *Store) Progress(ctx context.Context, scope string, fn func(seq int64, value []byte) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(progressBucket)
		if b == nil {
			return nil
		}
		prefix := append([]byte(scope), 0)
		cur := b.Cursor()
		for k, v := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = cur.Next() {
			if len(k) != len(prefix)+8 {
				continue // a scope whose name goes on past this one's
			}
			if err := fn(int64(binary.BigEndian.Uint64(k[len(prefix):])), v); err != nil {
				return err
			}
		}
		return ctx.Err()
	})
}

// swapStates replaces the states that still hold what the caller read
// (ErrConflict when one does not), or deletes them (a nil Next).
func swapStates(st *bolt.Bucket, states []store.State) error {
	for _, x := range states {
		cur := st.Get([]byte(x.Name))
		if (cur != nil) != (x.Prev != nil) || !bytes.Equal(cur, x.Prev) {
			return store.ErrConflict
		}
	}
	for _, x := range states {
		var err error
		if x.Next == nil {
			err = st.Delete([]byte(x.Name))
		} else {
			err = st.Put([]byte(x.Name), x.Next)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// commitTx is one commit to the log, inside its bbolt transaction.
type commitTx struct {
	tx                           *bolt.Tx
	meta, keys, recs, docs, seqs *bolt.Bucket
	scopes                       *bolt.Bucket
	seq, nextID                  uint64
	touched                      bool // a record was written: the seq moves
}

func newCommitTx(tx *bolt.Tx) *commitTx {
	meta := tx.Bucket(metaBucket)
	ct := &commitTx{tx: tx, meta: meta,
		seq: getU64(meta, metaSeq) + 1, nextID: getU64(meta, metaChangeNext),
		keys: tx.Bucket(logKeyBucket), recs: tx.Bucket(logRecBucket), docs: tx.Bucket(logDocBucket),
		seqs: tx.Bucket(logSeqBucket), scopes: tx.Bucket(logScopeBkt)}
	// Ids and seqs only grow: their buckets are appended to, and full pages stay
	// full.
	for _, b := range []*bolt.Bucket{ct.recs, ct.docs, ct.seqs, tx.Bucket(logIDKeyBucket)} {
		b.FillPercent = 0.95
	}
	return ct
}

// touch writes a record touched by the commit (old is what log/rec held),
// keeping log/seq to one entry per record.
func (ct *commitTx) touch(id uint64, old []byte, gone bool, m []byte) error {
	if len(old) >= 8 {
		if err := ct.seqs.Delete(append(old[:8:8], u64(id)...)); err != nil {
			return err
		}
	}
	ct.touched = true
	if err := ct.seqs.Put(append(u64(ct.seq), u64(id)...), nil); err != nil {
		return err
	}
	return ct.recs.Put(u64(id), recValue(ct.seq, gone, m))
}

// add stores records under their keys and returns their ids, in order: a stored
// live key keeps its record as it is, a removed one comes back with the new meta
// and document, a new key takes the next id.
func (ct *commitTx) add(add []store.Record) ([]int, error) {
	ids := make([]int, len(add))
	// New keys' hashes are written last, in order: bbolt inserts into a leaf by
	// moving what follows, so random keys written as they come cost a commit of
	// thousands of changes quadratic time.
	type newKey struct {
		hash []byte
		id   uint64
	}
	var newKeys []newKey
	fresh := map[string]uint64{}
	for i, r := range add {
		kh := keyHash(r.Key)
		if id, ok := fresh[string(kh)]; ok {
			ids[i] = int(id)
			continue
		}
		if v := ct.keys.Get(kh); len(v) == 8 {
			id := binary.BigEndian.Uint64(v)
			ids[i] = int(id)
			old := ct.recs.Get(u64(id))
			if old != nil && old[8] == 0 {
				continue // stored and live: left as it is
			}
			// Removed, or an id a file of the earlier layout gave: (re)stored.
			if err := ct.touch(id, append([]byte(nil), old...), false, r.Meta); err != nil {
				return nil, err
			}
			if err := writeRecord(ct.tx, id, kh, r); err != nil {
				return nil, err
			}
			continue
		}
		ct.nextID++
		ids[i] = int(ct.nextID)
		fresh[string(kh)] = ct.nextID
		newKeys = append(newKeys, newKey{kh, ct.nextID})
		if err := ct.touch(ct.nextID, nil, false, r.Meta); err != nil {
			return nil, err
		}
		if err := writeRecord(ct.tx, ct.nextID, kh, r); err != nil {
			return nil, err
		}
	}
	sort.Slice(newKeys, func(i, j int) bool { return bytes.Compare(newKeys[i].hash, newKeys[j].hash) < 0 })
	for _, k := range newKeys {
		if err := ct.keys.Put(k.hash, u64(k.id)); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// replace removes the scope's live records whose keys it does not keep.
func (ct *commitTx) replace(scope store.Scope) error {
	keep := make(map[string]bool, len(scope.Keep))
	for _, k := range scope.Keep {
		keep[string(keyHash(k))] = true
	}
	prefix := append([]byte(scope.Name), 0)
	var drop []uint64 // collected first: writing under a cursor moves it
	cur := ct.scopes.Cursor()
	for k, _ := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = cur.Next() {
		if len(k) != len(prefix)+8 {
			continue // a longer scope's entry
		}
		id := binary.BigEndian.Uint64(k[len(prefix):])
		if old := ct.recs.Get(u64(id)); len(old) < 9 || old[8] == 1 {
			continue
		}
		if kh := recKeyHash(ct.tx, id); kh != nil && keep[string(kh)] {
			continue
		}
		drop = append(drop, id)
	}
	for _, id := range drop {
		old := append([]byte(nil), ct.recs.Get(u64(id))...)
		if err := ct.touch(id, old, true, old[9:]); err != nil {
			return err
		}
	}
	return nil
}

// rewrite replaces the meta and document of live stored records.
func (ct *commitTx) rewrite(recs []store.Record) error {
	for _, r := range recs {
		old := ct.recs.Get(u64(uint64(r.ID)))
		if len(old) < 9 || old[8] == 1 {
			continue
		}
		if err := ct.touch(uint64(r.ID), append([]byte(nil), old...), false, r.Meta); err != nil {
			return err
		}
		if err := ct.docs.Put(u64(uint64(r.ID)), r.Doc); err != nil {
			return err
		}
	}
	return nil
}

// finish writes the counters: the next change id, and the seq when a record was
// touched.
func (ct *commitTx) finish() error {
	if err := ct.meta.Put(metaChangeNext, u64(ct.nextID)); err != nil {
		return err
	}
	if ct.touched {
		return ct.meta.Put(metaSeq, u64(ct.seq))
	}
	return nil
}

func recKeyHash(tx *bolt.Tx, id uint64) []byte {
	if b := tx.Bucket(logIDKeyBucket); b != nil {
		return b.Get(u64(id))
	}
	return nil
}

// writeRecord writes what goes with a record besides log/rec: its document, its
// scope and its key hash.
func writeRecord(tx *bolt.Tx, id uint64, kh []byte, r store.Record) error {
	if err := tx.Bucket(logDocBucket).Put(u64(id), r.Doc); err != nil {
		return err
	}
	ik := tx.Bucket(logIDKeyBucket)
	if old := ik.Get(u64(id)); old == nil {
		if err := ik.Put(u64(id), kh); err != nil {
			return err
		}
	}
	if r.Scope != "" {
		return tx.Bucket(logScopeBkt).Put(scopeKey(r.Scope, id), nil)
	}
	return nil
}

// Changes lists the records touched after after, from log/seq; from 0, every
// record from log/rec, which is all a server reads of the log when it starts.
func (s *Store) Changes(ctx context.Context, after int64, fn func(*store.Record) error) (int64, error) {
	if err := ctx.Err(); err != nil {
		return after, err
	}
	last := after
	n := 0
	defer func() {
		if n > releaseAfter {
			s.release()
		}
	}()
	err := s.db.View(func(tx *bolt.Tx) error {
		recs := tx.Bucket(logRecBucket)
		if after == 0 {
			// One record given each time: fn keeps none (see store.Store), and a
			// start reads a million.
			var r store.Record
			return recs.ForEach(func(id, v []byte) error {
				if len(id) != 8 || len(v) < 9 {
					return nil
				}
				if n++; n%ctxEvery == 0 && ctx.Err() != nil {
					return ctx.Err()
				}
				r = store.Record{ID: int(binary.BigEndian.Uint64(id)), Seq: int64(binary.BigEndian.Uint64(v)), Gone: v[8] == 1, Meta: v[9:]}
				last = max(last, r.Seq)
				return fn(&r)
			})
		}
		cur := tx.Bucket(logSeqBucket).Cursor()
		for k, _ := cur.Seek(u64(uint64(after + 1))); k != nil; k, _ = cur.Next() {
			if len(k) != 16 {
				continue
			}
			id := k[8:]
			v := recs.Get(id)
			if len(v) < 9 {
				continue
			}
			if n++; n%ctxEvery == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			r := store.Record{ID: int(binary.BigEndian.Uint64(id)), Seq: int64(binary.BigEndian.Uint64(v)), Gone: v[8] == 1, Meta: v[9:]}
			if err := fn(&r); err != nil {
				return err
			}
			last = max(last, r.Seq)
		}
		return nil
	})
	return last, err
}

// ctxEvery is how many records a read goes through between looks at its
// context: a whole log read at start can take seconds, which a signal cuts short.
const ctxEvery = 4096

// releaseAfter is how many records a read goes through before the pages it mapped
// are given back.
const releaseAfter = 1000

// release lets the system take back the pages of the file the process mapped by
// reading it: they stay in the page cache, shared and reclaimable, and are mapped
// again when read. Reading the whole log at start, or pages of it for clients,
// would otherwise keep it resident in the process for as long as it runs. It runs
// inside a read transaction, during which bbolt does not move its mapping.
func (s *Store) release() {
	_ = s.db.View(func(tx *bolt.Tx) error {
		dropPages(s.db.Info().Data, uintptr(tx.Size()))
		return nil
	})
}

// Docs reads documents by id.
func (s *Store) Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(logDocBucket)
		for _, id := range ids {
			if v := b.Get(u64(uint64(id))); v != nil {
				fn(id, v)
			}
		}
		return nil
	})
}

// Metas reads metas by id.
func (s *Store) Metas(ctx context.Context, ids []int, fn func(id int, meta []byte)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(logRecBucket)
		for _, id := range ids {
			if v := b.Get(u64(uint64(id))); len(v) >= 9 {
				fn(id, v[9:])
			}
		}
		return nil
	})
}

// Changed is nil: no other process writes the file.
func (s *Store) Changed() <-chan struct{} { return nil }

// Mirror writes records as another store holds them — ids, seqs, removals, metas
// and documents as given — so that this file keeps a copy of a shared log, which
// Changes, Docs and Metas then read (pgstore keeps each replica's copy this way).
// last is the other store's seq the copy is complete up to.
func (s *Store) Mirror(ctx context.Context, recs []store.Record, last int64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	return s.db.Update(func(tx *bolt.Tx) error {
		recB, docB, seqB := tx.Bucket(logRecBucket), tx.Bucket(logDocBucket), tx.Bucket(logSeqBucket)
		for _, b := range []*bolt.Bucket{recB, docB, seqB} {
			b.FillPercent = 0.95
		}
		for _, r := range recs {
			id := u64(uint64(r.ID))
			if old := recB.Get(id); len(old) >= 8 {
				if err := seqB.Delete(append(append([]byte(nil), old[:8]...), id...)); err != nil {
					return err
				}
			}
			if err := seqB.Put(append(u64(uint64(r.Seq)), id...), nil); err != nil {
				return err
			}
			if err := recB.Put(id, recValue(uint64(r.Seq), r.Gone, r.Meta)); err != nil {
				return err
			}
			if r.Doc != nil {
				if err := docB.Put(id, r.Doc); err != nil {
					return err
				}
			}
		}
		meta := tx.Bucket(metaBucket)
		if int64(getU64(meta, metaSeq)) >= last {
			return nil
		}
		return meta.Put(metaSeq, u64(uint64(last)))
	})
}

// metaMirrorOf names the shared log the file holds a copy of.
var metaMirrorOf = []byte("mirror-of")

// MirrorOf makes the file a copy of the shared log named id: a copy of another one
// (the database was replaced) is emptied first, so that it is copied again whole.
func (s *Store) MirrorOf(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	return s.db.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(metaBucket)
		if string(meta.Get(metaMirrorOf)) == id {
			return nil
		}
		for _, name := range [][]byte{logRecBucket, logDocBucket, logSeqBucket} {
			if err := tx.DeleteBucket(name); err != nil && !errors.Is(err, bolt.ErrBucketNotFound) {
				return err
			}
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		if err := meta.Put(metaSeq, u64(0)); err != nil {
			return err
		}
		return meta.Put(metaMirrorOf, []byte(id))
	})
}

// MirrorSeq is the seq of the copy of a shared log (see Mirror).
func (s *Store) MirrorSeq(ctx context.Context) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var seq int64
	err := s.db.View(func(tx *bolt.Tx) error {
		seq = int64(getU64(tx.Bucket(metaBucket), metaSeq))
		return nil
	})
	return seq, err
}

// legacyEventsBucket is where a file of the earlier layout kept the runtime log.
var legacyEventsBucket = []byte("events")

// LegacyEvents returns the runtime log a file of the earlier layout kept (JSON
// entries, oldest first), which the change log imports once, and drop deletes it
// once imported.
func (s *Store) LegacyEvents(ctx context.Context) (events [][]byte, drop func(context.Context) error, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	err = s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(legacyEventsBucket)
		if b == nil {
			return nil
		}
		return b.ForEach(func(_, v []byte) error {
			events = append(events, append([]byte(nil), v...))
			return nil
		})
	})
	drop = func(ctx context.Context) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return s.db.Update(func(tx *bolt.Tx) error {
			if tx.Bucket(legacyEventsBucket) == nil {
				return nil
			}
			return tx.DeleteBucket(legacyEventsBucket)
		})
	}
	return events, drop, err
}
