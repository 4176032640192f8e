package store

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// flushedStore writes a store with ids of several kinds and many results, flushed
// and closed, and returns its path.
func flushedStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ids.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2000 {
		st.ID(KindUnit, fmt.Sprintf("unit-%d", i))
		st.PutResult(fmt.Sprintf("result-%d", i), []byte(strings.Repeat("r", 100)))
	}
	st.ID(KindProject, "p")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// metaFields reads the page size and, for both meta pages, the freelist page id
// (bbolt's layout: a 16-byte page header, then magic, version, page size, flags,
// the root bucket (16 bytes), the freelist page id).
func metaFields(t *testing.T, data []byte) (pageSize int, freelists []uint64) {
	t.Helper()
	pageSize = int(binary.LittleEndian.Uint32(data[16+8:]))
	if pageSize < 512 || pageSize > len(data) {
		t.Fatalf("page size %d: not a bbolt file as expected", pageSize)
	}
	for m := range 2 {
		freelists = append(freelists, binary.LittleEndian.Uint64(data[m*pageSize+16+32:]))
	}
	return pageSize, freelists
}

// TestStoreDamagedFileIsMovedAside: a bbolt file damaged so that opening it panics
// in bbolt, or whose content cannot be loaded, is moved aside and a new store
// started, like a file that is not bbolt at all.
func TestStoreDamagedFileIsMovedAside(t *testing.T) {
	tests := []struct {
		name   string
		panics bool // bbolt panics on it (rather than failing)
		damage func(t *testing.T, path string)
	}{
		{"not a bolt file", false, func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("not a bolt file ", 1000)), 0o644)
		}},
		{"freelist page of another type (bbolt panics in Open)", true, func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			pageSize, freelists := metaFields(t, data)
			for _, fl := range freelists {
				// The page's flags (after its 8-byte id) say branch page.
				binary.LittleEndian.PutUint16(data[int(fl)*pageSize+8:], 0x01)
			}
			os.WriteFile(path, data, 0o644)
		}},
		{"bucket pages overwritten in the middle", true, func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			pageSize, _ := metaFields(t, data)
			for i := 2 * pageSize; i < len(data)-pageSize; i++ {
				data[i] = 0xA5
			}
			os.WriteFile(path, data, 0o644)
		}},
		{"random bytes over the second meta page and what follows", false, func(t *testing.T, path string) {
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			junk := make([]byte, 5000)
			for i := range junk {
				junk[i] = byte(i*7919 + 13)
			}
			f.WriteAt(junk, 4096)
			f.Close()
		}},
		{"an id of the wrong length (loading fails)", false, func(t *testing.T, path string) {
			db, err := bolt.Open(path, 0o644, nil)
			if err != nil {
				t.Fatal(err)
			}
			db.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(keysBucket(KindProject)).Put([]byte("bad"), []byte("x"))
			})
			db.Close()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := flushedStore(t)
			tt.damage(t, path)
			if _, err := openStore(path); err == nil || strings.Contains(err.Error(), "damaged file") != tt.panics {
				t.Fatalf("the damage did not do what the test means: %v", err)
			}
			st, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			aside, _ := filepath.Glob(path + ".corrupt-*")
			if p := st.Problem(); len(aside) != 1 || !strings.Contains(p, "moved to "+aside[0]) || !strings.Contains(p, "every id starts again") {
				t.Errorf("Problem() = %q, want it to name %v", p, aside)
			}
			if id := st.ID(KindProject, "x"); id != 1 {
				t.Errorf("the new store gave id %d, want 1", id)
			}
			st.PutResult("k", []byte("v"))
			if err := st.Close(); err != nil {
				t.Fatal(err)
			}
			matches, _ := filepath.Glob(path + ".corrupt-*")
			if len(matches) != 1 {
				t.Errorf("damaged file not kept aside: %v", matches)
			}
			// The new store is a good one.
			st, err = Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if p := st.Problem(); p != "" {
				t.Errorf("a good store has a problem: %q", p)
			}
			if k, ok := st.Key(KindProject, 1); !ok || k != "x" {
				t.Errorf("new store after reopening: %q %v", k, ok)
			}
			if v, ok := st.GetResult("k"); !ok || string(v) != "v" {
				t.Errorf("result in the new store: %q %v", v, ok)
			}
			if matches, _ := filepath.Glob(path + ".corrupt-*"); len(matches) != 1 {
				t.Errorf("a good store was moved aside: %v", matches)
			}
		})
	}
}

// TestStoreLayout: ids are written to keys/ buckets only; a file of the earlier
// layout, with ids/ buckets too, still opens with its ids and goes on from them.
func TestStoreLayout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	// The earlier layout, as its Flush wrote it.
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for i, key := range []string{"demo", "game"} {
			var id [8]byte
			binary.BigEndian.PutUint64(id[:], uint64(i+1))
			ib, _ := tx.CreateBucketIfNotExists([]byte("ids/" + KindProject))
			kb, _ := tx.CreateBucketIfNotExists([]byte("keys/" + KindProject))
			if err := ib.Put([]byte(key), id[:]); err != nil {
				return err
			}
			if err := kb.Put(id[:], []byte(key)); err != nil {
				return err
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if id := st.ID(KindProject, "game"); id != 2 {
		t.Errorf("game = %d from the old file, want 2", id)
	}
	if id := st.ID(KindProject, "new"); id != 3 {
		t.Errorf("new = %d, want 3", id)
	}
	st.ID(KindUnit, "u")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if matches, _ := filepath.Glob(path + ".corrupt-*"); len(matches) != 0 {
		t.Errorf("the old layout was taken for a damaged file")
	}
	db, err = bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte("ids/"+KindUnit)) != nil {
			t.Error("an ids/ bucket was written for a new kind")
		}
		if v := tx.Bucket([]byte("ids/" + KindProject)).Get([]byte("new")); v != nil {
			t.Error("a new id was written to the old ids/ bucket")
		}
		if tx.Bucket([]byte("keys/"+KindUnit)) == nil {
			t.Error("no keys/ bucket for the new kind")
		}
		return nil
	})
}

// TestPruneResults: results keep rejects go, stored or not yet flushed, durably
// and in one go; the others, ids and the log stay.
func TestPruneResults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	journals := map[string]Journal{"bolt": st, "memory": NewMemoryJournal()}
	for name, j := range journals {
		t.Run(name, func(t *testing.T) {
			for i := range 1000 {
				j.PutResult(fmt.Sprintf("old-%04d", i), []byte("o"))
				j.PutResult(fmt.Sprintf("live-%04d", i), []byte("l"))
			}
			if st, ok := j.(*Store); ok {
				st.ID(KindProject, "p")
				if err := st.Flush(); err != nil {
					t.Fatal(err)
				}
			}
			j.PutResult("old-unflushed", []byte("o"))
			j.PutResult("live-unflushed", []byte("l"))
			if err := j.AppendEvent([]byte("e")); err != nil {
				t.Fatal(err)
			}
			var asked []string
			err := j.PruneResults(func(key string) bool {
				asked = append(asked, key)
				return strings.HasPrefix(key, "live-")
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(asked) < 2002 {
				t.Errorf("keep asked about %d keys, want every one of the 2002", len(asked))
			}
			check := func(j Journal) {
				t.Helper()
				for _, k := range []string{"old-0000", "old-0500", "old-0999", "old-unflushed"} {
					if _, ok := j.GetResult(k); ok {
						t.Errorf("%s kept", k)
					}
				}
				for _, k := range []string{"live-0000", "live-0500", "live-0999", "live-unflushed"} {
					if v, ok := j.GetResult(k); !ok || string(v) != "l" {
						t.Errorf("%s: %q %v", k, v, ok)
					}
				}
				if ev, err := j.Events(); err != nil || len(ev) != 1 {
					t.Errorf("events %q %v", ev, err)
				}
			}
			check(j)
			if s, ok := j.(*Store); ok {
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}
				s, err := Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				check(s)
				if k, ok := s.Key(KindProject, 1); !ok || k != "p" {
					t.Errorf("ids after pruning: %q %v", k, ok)
				}
				if err := s.PruneResults(func(string) bool { return true }); err != nil {
					t.Errorf("pruning nothing: %v", err)
				}
			}
		})
	}
	empty, err := Open(filepath.Join(t.TempDir(), "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer empty.Close()
	if err := empty.PruneResults(func(string) bool { return false }); err != nil {
		t.Errorf("pruning a store without results: %v", err)
	}
}

// TestStoreUnwritableDirectory: a data directory where no file can be made gives a
// store that keeps everything in memory, says so, and works.
func TestStoreUnwritableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories; the test needs an ordinary user")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	st, err := Open(filepath.Join(dir, "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	checkMemoryStore(t, st)
}

// TestStoreMemoryWhenOpenFails: what Open does when the file cannot be opened at all
// (a directory in its place stands for any such failure, root or not).
func TestStoreMemoryWhenOpenFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	if err := os.MkdirAll(filepath.Join(path, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	checkMemoryStore(t, st)
	if _, err := os.Stat(filepath.Join(path, "x")); err != nil {
		t.Errorf("what stood in the way was touched: %v", err)
	}
}

func checkMemoryStore(t *testing.T, st *Store) {
	t.Helper()
	if p := st.Problem(); !strings.Contains(p, "cannot be opened") || !strings.Contains(p, "in memory only") {
		t.Errorf("Problem() = %q", p)
	}
	a, b := st.ID(KindProject, "a"), st.ID(KindProject, "b")
	if a != 1 || b != 2 || st.ID(KindProject, "a") != 1 {
		t.Errorf("ids %d %d", a, b)
	}
	st.PutResult("k", []byte("v"))
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	if v, ok := st.GetResult("k"); !ok || string(v) != "v" {
		t.Errorf("result %q %v", v, ok)
	}
	if err := st.AppendEvent([]byte("e")); err != nil {
		t.Fatal(err)
	}
	if evs, err := st.Events(); err != nil || len(evs) != 1 {
		t.Errorf("events %q %v", evs, err)
	}
	if err := st.PutState("s", []byte("1")); err != nil || string(st.GetState("s")) != "1" {
		t.Errorf("state %q %v", st.GetState("s"), err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestStoreWriteFailureKeepsIDs: when a write fails (the file turned read-only, a
// full disk), ids stay given in memory, the problem is told, and the next Flush that
// can write makes them durable.
func TestStoreWriteFailureKeepsIDs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.ID(KindProject, "a")
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	// bbolt writes through its file handle: closing the database under the store
	// makes every later write fail, as a full disk does.
	db := st.db
	db.Close()
	id := st.ID(KindProject, "b")
	if err := st.Flush(); err != nil {
		t.Fatalf("Flush failed instead of keeping the id: %v", err)
	}
	if p := st.Problem(); !strings.Contains(p, "cannot be written") {
		t.Errorf("Problem() = %q", p)
	}
	if st.ID(KindProject, "b") != id || len(st.pending) != 1 {
		t.Errorf("the id was not kept pending: %d, %d pending", id, len(st.pending))
	}
	if err := st.AppendEvent([]byte("e")); err != nil {
		t.Fatal(err)
	}
	if evs, _ := st.Events(); len(evs) != 1 || string(evs[0]) != "e" {
		t.Errorf("events after a failed append: %q", evs)
	}
	// The disk has room again.
	st.db, err = bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	if p := st.Problem(); p != "" {
		t.Errorf("problem after a good write: %q", p)
	}
	st.Close()
	st, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if k, ok := st.Key(KindProject, id); !ok || k != "b" {
		t.Errorf("id %d after reopening: %q %v", id, k, ok)
	}
}
