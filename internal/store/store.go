package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Store is an IDs and a Journal kept in a bbolt file. All ids are also held in
// memory, so lookups never touch the disk; new ids are written in one transaction
// per Flush.
//
// A Store never stops the server: a file that cannot be opened gives a Store that
// keeps everything in memory, and a write that fails (a full disk, a directory made
// read-only) keeps what it could not write in memory and is tried again at the next
// Flush. Problem says what is wrong meanwhile.
type Store struct {
	db   *bolt.DB       // nil: everything is kept in memory (memJ)
	memJ *MemoryJournal // the journal when db is nil
	path string

	mu             sync.Mutex
	mem            *MemoryIDs
	pending        []pendingID
	pendingResults map[string][]byte
	opened         string // what happened at Open (a damaged file moved aside), or ""
	failed         string // why the last write failed, or ""
}

// Problem says what keeps the store from keeping ids across restarts, in words
// for an operator ("" when nothing does): a damaged file that was moved aside, a
// file that cannot be opened, a write that failed.
func (s *Store) Problem() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.failed != "" && s.opened != "":
		return s.opened + "; " + s.failed
	case s.failed != "":
		return s.failed
	}
	return s.opened
}

// wrote records the outcome of a write: a failure is kept as the problem (and the
// caller keeps the data in memory), a success clears it. s.mu is held.
func (s *Store) wrote(err error) {
	if err == nil {
		s.failed = ""
		return
	}
	s.failed = fmt.Sprintf("%s cannot be written (%v): new ids are kept in memory only and may differ after a restart", s.path, err)
}

type pendingID struct {
	kind, key string
	id        int
}

// Bucket layout: "keys/<kind>" maps id → key (8-byte big-endian ids, so a cursor
// walks them in order); everything is loaded into memory at open. Files written
// before this layout also hold "ids/<kind>" buckets (key → id), which were never
// read and are no longer written: they are left alone.
func keysBucket(kind string) []byte { return []byte("keys/" + kind) }

// Open opens (or creates) the store at path. A file that bbolt cannot read —
// not a bbolt file, or one whose pages are damaged so that opening or loading it
// fails or panics — is moved aside to path.corrupt-<unix time> and a new one
// started: a server must never need its data directory deleted to recover (ids may
// then differ, as after a deletion). A file locked by another process is an error.
func Open(path string) (*Store, error) {
	s, err := open(path)
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%s is in use by another gitlate process: give each server its own data directory (--data): %w", path, err)
	}
	if err != nil {
		// Not even a new file can be made (a read-only or full directory): serve
		// anyway, from memory.
		return &Store{memJ: NewMemoryJournal(), path: path, mem: NewMemoryIDs(),
			opened: fmt.Sprintf("%s cannot be opened (%v): ids are kept in memory only and may differ after a restart", path, err)}, nil
	}
	return s, nil
}

func open(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	s, err := openStore(path)
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
	s, nerr := openStore(path)
	if nerr != nil {
		return nil, nerr
	}
	s.opened = fmt.Sprintf("%s was damaged or unreadable (%v); it was moved to %s and every id starts again", path, err, aside)
	return s, nil
}

// openStore opens the bbolt file at path and loads the ids. bbolt panics on some
// damaged pages (a freelist page that is not one, a page of the wrong type under a
// bucket), in Open or in the transaction that loads: the panic becomes an error,
// and what was opened is closed. A panic inside bolt.Open leaves no *DB to close:
// its file, taken through OpenFile, is unlocked and closed, so that the file can be
// opened again; only bbolt's mapping of it stays until the process ends.
func openStore(path string) (s *Store, err error) {
	if err := checkMetas(path); err != nil {
		return nil, err
	}
	var file *os.File
	var db *bolt.DB
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
		Timeout: 2 * time.Second,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, perm)
			file = f
			return f, err
		},
	})
	if err != nil {
		return nil, err
	}
	s = &Store{db: db, mem: NewMemoryIDs(), path: path}
	if err := s.load(); err != nil {
		db.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return s, nil
}

// load reads every id into memory.
func (s *Store) load() error {
	return s.db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			kind, ok := cutPrefix(string(name), "keys/")
			if !ok {
				return nil
			}
			return b.ForEach(func(k, v []byte) error {
				if len(k) != 8 {
					return fmt.Errorf("bucket %s: bad id of %d bytes", name, len(k))
				}
				s.mem.set(kind, string(v), int(binary.BigEndian.Uint64(k)))
				return nil
			})
		})
	})
}

// checkMetas verifies both meta pages of a bbolt file. bbolt opens a file whose
// newer meta page is damaged from the older one without a word, losing the last
// transaction, and a damage there often reaches the pages after it (the freelist),
// which bbolt trips over later: such a file is damaged. The layout is bbolt's
// (internal/common/meta.go): a 16-byte page header, then magic, version, page size,
// flags, root bucket (16 bytes), freelist, page count and transaction id, then an
// FNV-1a checksum of what precedes it. A new or empty file has nothing to check.
func checkMetas(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // bbolt creates it, or says why it cannot
	}
	defer f.Close()
	head := make([]byte, 16+4*4)
	if n, _ := f.ReadAt(head, 0); n < len(head) {
		return nil
	}
	pageSize := int64(binary.LittleEndian.Uint32(head[16+8:]))
	if pageSize < 512 || pageSize > 1<<20 {
		pageSize = int64(os.Getpagesize()) // meta 0 is damaged: meta 1 tells
	}
	for m := range int64(2) {
		meta := make([]byte, 16+64)
		if _, err := f.ReadAt(meta, m*pageSize); err != nil {
			return fmt.Errorf("meta page %d cannot be read: %v", m, err)
		}
		body := meta[16:]
		h := fnv.New64a()
		h.Write(body[:56])
		switch {
		case binary.LittleEndian.Uint32(body) != 0xED0CDAED:
			return fmt.Errorf("meta page %d is not a bbolt meta page", m)
		case h.Sum64() != binary.LittleEndian.Uint64(body[56:]):
			return fmt.Errorf("meta page %d fails its checksum", m)
		}
	}
	return nil
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return "", false
}

// ID returns the id of key, allocating the next one of its kind for a new key. The
// new id is durable after the next Flush.
func (s *Store) ID(kind, key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mem.mu.Lock()
	id, fresh := s.mem.id(kind, key)
	s.mem.mu.Unlock()
	if fresh {
		s.pending = append(s.pending, pendingID{kind, key, id})
	}
	return id
}

// Key returns the key an id was given to.
func (s *Store) Key(kind string, id int) (string, bool) { return s.mem.Key(kind, id) }

// Flush writes the ids allocated and the results stored since the last Flush, in
// one transaction.
func (s *Store) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.db == nil {
		for k, v := range s.pendingResults {
			s.memJ.PutResult(k, v)
		}
		s.pending, s.pendingResults = s.pending[:0], nil
		return nil
	}
	if len(s.pending) == 0 && len(s.pendingResults) == 0 {
		return nil
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		if len(s.pendingResults) > 0 {
			rb, err := tx.CreateBucketIfNotExists(resultsBucket)
			if err != nil {
				return err
			}
			for k, v := range s.pendingResults {
				if err := rb.Put([]byte(k), v); err != nil {
					return err
				}
			}
		}
		var buf [8]byte
		for _, p := range s.pending {
			kb, err := tx.CreateBucketIfNotExists(keysBucket(p.kind))
			if err != nil {
				return err
			}
			binary.BigEndian.PutUint64(buf[:], uint64(p.id))
			if err := kb.Put(buf[:], []byte(p.key)); err != nil {
				return err
			}
		}
		return nil
	})
	s.wrote(err)
	if err != nil {
		return nil // kept pending, in memory: the next Flush tries again
	}
	s.pending = s.pending[:0]
	s.pendingResults = nil
	return nil
}

// Close flushes and closes the file.
func (s *Store) Close() error {
	s.Flush()
	if s.db == nil {
		return nil
	}
	return s.db.Close()
}

// Journal persists what the scanner learns at run time: the results files yielded
// (by content, so a restart parses nothing it has seen), the runtime change log
// (fetches, alerts) and small state such as the alerts already raised.
type Journal interface {
	// GetResult returns a result stored under key.
	GetResult(key string) ([]byte, bool)
	// PutResult stores a result; it is durable after the next Flush.
	PutResult(key string, value []byte)
	// AppendEvent adds an entry to the runtime log, durably.
	AppendEvent(value []byte) error
	// Events returns the runtime log, oldest first.
	Events() ([][]byte, error)
	// GetState and PutState keep small named values, durably.
	GetState(name string) []byte
	PutState(name string, value []byte) error
	// PruneResults deletes, durably and at once, every stored result whose key keep
	// rejects (results put since the last Flush included): results of contents no
	// file has any more would otherwise be kept for ever. keep must not call the
	// journal.
	PruneResults(keep func(key string) bool) error
}

var (
	resultsBucket = []byte("results")
	eventsBucket  = []byte("events")
	stateBucket   = []byte("state")
)

// GetResult reads a stored result (results not flushed yet included).
func (s *Store) GetResult(key string) ([]byte, bool) {
	s.mu.Lock()
	if v, ok := s.pendingResults[key]; ok {
		s.mu.Unlock()
		return v, true
	}
	s.mu.Unlock()
	if s.db == nil {
		return s.memJ.GetResult(key)
	}
	var out []byte
	_ = s.db.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(resultsBucket); b != nil {
			if v := b.Get([]byte(key)); v != nil {
				out = append([]byte(nil), v...)
			}
		}
		return nil
	})
	return out, out != nil
}

// PutResult stores a result with the next Flush.
func (s *Store) PutResult(key string, value []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pendingResults == nil {
		s.pendingResults = map[string][]byte{}
	}
	s.pendingResults[key] = value
}

// PruneResults deletes the results keep rejects, in one transaction.
func (s *Store) PruneResults(keep func(key string) bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.pendingResults {
		if !keep(k) {
			delete(s.pendingResults, k)
		}
	}
	if s.db == nil {
		return s.memJ.PruneResults(keep)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(resultsBucket)
		if b == nil {
			return nil
		}
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
		return fmt.Errorf("pruning results: %w", err)
	}
	return nil
}

// AppendEvent adds an entry to the runtime log in its own transaction. An entry that
// cannot be written is kept in memory (see Store).
func (s *Store) AppendEvent(value []byte) error {
	if s.db == nil {
		return s.memJ.AppendEvent(value)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(eventsBucket)
		if err != nil {
			return err
		}
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		var k [8]byte
		binary.BigEndian.PutUint64(k[:], seq)
		return b.Put(k[:], value)
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrote(err)
	if err != nil {
		s.memJ = orNewJournal(s.memJ)
		s.memJ.AppendEvent(value)
	}
	return nil
}

// orNewJournal returns j, or a new journal when j is nil.
func orNewJournal(j *MemoryJournal) *MemoryJournal {
	if j == nil {
		return NewMemoryJournal()
	}
	return j
}

// Events returns the runtime log, oldest first.
func (s *Store) Events() ([][]byte, error) {
	if s.db == nil {
		return s.memJ.Events()
	}
	var out [][]byte
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(eventsBucket)
		if b == nil {
			return nil
		}
		return b.ForEach(func(_, v []byte) error {
			out = append(out, append([]byte(nil), v...))
			return nil
		})
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.memJ != nil { // entries a failed write kept in memory come last
		more, _ := s.memJ.Events()
		out = append(out, more...)
	}
	return out, err
}

// GetState reads a named value.
func (s *Store) GetState(name string) []byte {
	s.mu.Lock()
	memJ := s.memJ
	s.mu.Unlock()
	if memJ != nil {
		if v := memJ.GetState(name); v != nil {
			return v
		}
	}
	if s.db == nil {
		return nil
	}
	var out []byte
	_ = s.db.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(stateBucket); b != nil {
			if v := b.Get([]byte(name)); v != nil {
				out = append([]byte(nil), v...)
			}
		}
		return nil
	})
	return out
}

// PutState writes a named value in its own transaction; a value that cannot be
// written is kept in memory (see Store).
func (s *Store) PutState(name string, value []byte) error {
	if s.db == nil {
		return s.memJ.PutState(name, value)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(stateBucket)
		if err != nil {
			return err
		}
		return b.Put([]byte(name), value)
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrote(err)
	if err != nil {
		s.memJ = orNewJournal(s.memJ)
		s.memJ.PutState(name, value)
	} else if s.memJ != nil {
		s.memJ.PutState(name, nil)
	}
	return nil
}

// MemoryJournal is a Journal that lives as long as the process.
type MemoryJournal struct {
	mu      sync.Mutex
	results map[string][]byte
	events  [][]byte
	state   map[string][]byte
}

// NewMemoryJournal returns an empty in-memory journal.
func NewMemoryJournal() *MemoryJournal {
	return &MemoryJournal{results: map[string][]byte{}, state: map[string][]byte{}}
}

func (m *MemoryJournal) GetResult(key string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.results[key]
	return v, ok
}

func (m *MemoryJournal) PutResult(key string, value []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.results[key] = value
}

func (m *MemoryJournal) PruneResults(keep func(key string) bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range m.results {
		if !keep(k) {
			delete(m.results, k)
		}
	}
	return nil
}

func (m *MemoryJournal) AppendEvent(value []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events = append(m.events, value)
	return nil
}

func (m *MemoryJournal) Events() ([][]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([][]byte(nil), m.events...), nil
}

func (m *MemoryJournal) GetState(name string) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state[name]
}

func (m *MemoryJournal) PutState(name string, value []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.state[name] = value
	return nil
}
