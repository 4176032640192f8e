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

	mu      sync.Mutex
	mem     *MemoryIDs
	pending []pendingID
}

type pendingID struct {
	kind, key string
	id        int
}

// Bucket layout: "ids/<kind>" maps key → id, "keys/<kind>" maps id → key (8-byte
// big-endian ids, so a cursor walks them in order).
func idsBucket(kind string) []byte  { return []byte("ids/" + kind) }
func keysBucket(kind string) []byte { return []byte("keys/" + kind) }

// OpenStore opens (or creates) the store at path. A file that bbolt cannot read is
// moved aside to path.corrupt-<time> and a new one started: a server must never need
// its data directory deleted to recover (ids may then differ, as after a deletion).
func OpenStore(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: 2 * time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%s is in use by another gitlate process: %w", path, err)
	}
	if err != nil {
		aside := fmt.Sprintf("%s.corrupt-%d", path, time.Now().Unix())
		if rerr := os.Rename(path, aside); rerr != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
		if db, err = bolt.Open(path, 0o644, &bolt.Options{Timeout: 2 * time.Second}); err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
	}
	s := &Store{db: db, mem: NewMemoryIDs()}
	err = db.View(func(tx *bolt.Tx) error {
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
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return s, nil
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

// Flush writes the ids allocated since the last Flush in one transaction.
func (s *Store) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		return nil
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		var buf [8]byte
		for _, p := range s.pending {
			ib, err := tx.CreateBucketIfNotExists(idsBucket(p.kind))
			if err != nil {
				return err
			}
			kb, err := tx.CreateBucketIfNotExists(keysBucket(p.kind))
			if err != nil {
				return err
			}
			binary.BigEndian.PutUint64(buf[:], uint64(p.id))
			if err := ib.Put([]byte(p.key), buf[:]); err != nil {
				return err
			}
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
