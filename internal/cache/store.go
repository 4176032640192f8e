package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Store is an IDs kept in a bbolt file. All mappings are also held in memory, so
// lookups never touch the disk; new ids are written in one transaction per Flush.
type Store struct {
	db *bolt.DB

	mu             sync.Mutex
	mem            *MemoryIDs
	pending        []pendingID
	pendingResults map[string][]byte
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

// OpenStore opens (or creates) the store at path. A file that bbolt cannot read —
// not a bbolt file, or one whose pages are damaged so that opening or loading it
// fails or panics — is moved aside to path.corrupt-<unix time> and a new one
// started: a server must never need its data directory deleted to recover (ids may
// then differ, as after a deletion). A file locked by another process is an error.
func OpenStore(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	s, err := openStore(path)
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%s is in use by another gitlate process: %w", path, err)
	}
	if err == nil {
		return s, nil
	}
	aside := fmt.Sprintf("%s.corrupt-%d", path, time.Now().Unix())
	if rerr := os.Rename(path, aside); rerr != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if s, err = openStore(path); err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

// openStore opens the bbolt file at path and loads the ids. bbolt panics on some
// damaged pages (a freelist page that is not one, a page of the wrong type under a
// bucket), in Open or in the transaction that loads: the panic becomes an error,
// and what was opened is closed. A panic inside bolt.Open leaves no *DB to close:
// its file, taken through OpenFile, is unlocked and closed, so that the file can be
// opened again; only bbolt's mapping of it stays until the process ends.
func openStore(path string) (s *Store, err error) {
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
	s = &Store{db: db, mem: NewMemoryIDs()}
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
	if err != nil {
		return fmt.Errorf("saving ids: %w", err)
	}
	s.pending = s.pending[:0]
	s.pendingResults = nil
	return nil
}

// Close flushes and closes the file.
func (s *Store) Close() error {
	ferr := s.Flush()
	if err := s.db.Close(); err != nil {
		return err
	}
	return ferr
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

// AppendEvent adds an entry to the runtime log in its own transaction.
func (s *Store) AppendEvent(value []byte) error {
	return s.db.Update(func(tx *bolt.Tx) error {
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
}

// Events returns the runtime log, oldest first.
func (s *Store) Events() ([][]byte, error) {
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
	return out, err
}

// GetState reads a named value.
func (s *Store) GetState(name string) []byte {
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

// PutState writes a named value in its own transaction.
func (s *Store) PutState(name string, value []byte) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(stateBucket)
		if err != nil {
			return err
		}
		return b.Put([]byte(name), value)
	})
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
