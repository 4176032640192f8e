package boltstore

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gitlate/gitlate/internal/store"
)

func mustOpen(t *testing.T, path string) *Store {
	t.Helper()
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// mustID is ID when it must not fail.
func mustID(t *testing.T, st *Store, kind, key string) int {
	t.Helper()
	id, err := st.ID(context.Background(), kind, key)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// flushedStore writes a store with ids, unit keys, changes and many results,
// flushed and closed, and returns its path.
func flushedStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ids.db")
	st := mustOpen(t, path)
	ctx := context.Background()
	keys := make([]string, 2000)
	for i := range keys {
		keys[i] = fmt.Sprintf("unit-%d", i)
		st.PutResult(ctx, fmt.Sprintf("result-%d", i), []byte(strings.Repeat("r", 100)))
	}
	if _, err := st.UnitKeys(ctx, "p/c", keys); err != nil {
		t.Fatal(err)
	}
	mustID(t, st, store.KindProject, "p")
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

// TestDamagedFileIsMovedAside: a bbolt file damaged so that opening it panics in
// bbolt, or whose content cannot be loaded, is moved aside and a new store started,
// like a file that is not bbolt at all.
func TestDamagedFileIsMovedAside(t *testing.T) {
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
		{"an id of the wrong length (loading fails)", false, func(t *testing.T, path string) {
			db, err := bolt.Open(path, 0o644, nil)
			if err != nil {
				t.Fatal(err)
			}
			db.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(keysBucket(store.KindProject)).Put([]byte("bad"), []byte("x"))
			})
			db.Close()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := flushedStore(t)
			tt.damage(t, path)
			if _, err := openStore(path, LockWait); err == nil || strings.Contains(err.Error(), "damaged file") != tt.panics {
				t.Fatalf("the damage did not do what the test means: %v", err)
			}
			st := mustOpen(t, path)
			aside, _ := filepath.Glob(path + ".corrupt-*")
			if p, lost := st.Recovered(); len(aside) != 1 || !lost || !strings.Contains(p, "moved to "+aside[0]) || !strings.Contains(p, "every id starts again") {
				t.Errorf("Recovered() = %q, %v, want it to name %v", p, lost, aside)
			}
			if id := mustID(t, st, store.KindProject, "x"); id != 1 {
				t.Errorf("the new store gave id %d, want 1", id)
			}
			st.PutResult(context.Background(), "k", []byte("v"))
			if err := st.Close(); err != nil {
				t.Fatal(err)
			}
			// The new store is a good one.
			st = mustOpen(t, path)
			defer st.Close()
			if p, lost := st.Recovered(); p != "" || lost {
				t.Errorf("a good store was recovered: %q %v", p, lost)
			}
			if id := mustID(t, st, store.KindProject, "x"); id != 1 {
				t.Errorf("new store after reopening: x = %d", id)
			}
			if v, ok, err := st.GetResult(context.Background(), "k"); !ok || string(v) != "v" || err != nil {
				t.Errorf("result in the new store: %q %v %v", v, ok, err)
			}
			if matches, _ := filepath.Glob(path + ".corrupt-*"); len(matches) != 1 {
				t.Errorf("a good store was moved aside, or the damaged one not kept: %v", matches)
			}
		})
	}
}

// TestEarlierLayout: a file written before the change log lived in the store — ids
// of every kind in keys/<kind>, ids/<kind> buckets beside them from a layout before
// that — opens with its object ids; its change ids come back for the same natural
// keys, and unit and change ids go on after every id it gave.
func TestEarlierLayout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	put := func(tx *bolt.Tx, bucket string, id int, key string) {
		var k [8]byte
		binary.BigEndian.PutUint64(k[:], uint64(id))
		b, _ := tx.CreateBucketIfNotExists([]byte(bucket))
		if err := b.Put(k[:], []byte(key)); err != nil {
			t.Fatal(err)
		}
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for i, key := range []string{"demo", "game"} {
			put(tx, "keys/project", i+1, key)
			ib, _ := tx.CreateBucketIfNotExists([]byte("ids/project"))
			ib.Put([]byte(key), []byte{0, 0, 0, 0, 0, 0, 0, byte(i + 1)})
		}
		put(tx, "keys/unit", 40, "demo/app/cs\x00title")
		put(tx, "keys/change", 7, "demo/app/5/abc/res/values-cs/strings.xml\x00title")
		put(tx, "keys/change", 9, "runtime/0/demo/app/47")
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	st := mustOpen(t, path)
	ctx := context.Background()
	if id := mustID(t, st, store.KindProject, "game"); id != 2 {
		t.Errorf("game = %d from the old file, want 2", id)
	}
	if id := mustID(t, st, store.KindProject, "new"); id != 3 {
		t.Errorf("new = %d, want 3", id)
	}
	if runs, err := st.UnitRuns(ctx, 1, 2); err != nil || runs[0].FirstID != 41 {
		t.Errorf("unit runs %v %v: want them after the old unit ids (40)", runs, err)
	}
	ids, err := st.Commit(ctx, &store.Commit{Add: []store.Record{
		{Key: "demo/app/new", Meta: []byte("n")},
		{Key: "demo/app/5/abc/res/values-cs/strings.xml\x00title", Meta: []byte("old")},
	}})
	if err != nil || !slices.Equal(ids, []int{10, 7}) {
		t.Errorf("change ids %v %v, want 10 (after 9) and 7 (its id in the old file)", ids, err)
	}
	var listed []int
	if _, err := st.Changes(ctx, 0, func(r *store.Record) error { listed = append(listed, r.ID); return nil }); err != nil || !slices.Equal(listed, []int{7, 10}) {
		t.Errorf("listed %v %v", listed, err)
	}
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
		if v := tx.Bucket([]byte("ids/project")).Get([]byte("new")); v != nil {
			t.Error("a new id was written to the old ids/ bucket")
		}
		if tx.Bucket([]byte("keys/unit")) != nil || tx.Bucket([]byte("keys/change")) != nil {
			t.Error("unit and change ids are still kept one by one")
		}
		return nil
	})
}

// TestOpenFails: a file that cannot be made or opened at all is Open's error,
// naming the file, and what stood in the way is left as it was: what to run on
// then is the caller's decision. Each way works as root too, which writes into
// read-only directories.
func TestOpenFails(t *testing.T) {
	for _, tt := range []struct {
		name string
		// make makes the obstacle and returns the store's path and what must
		// still be there afterwards.
		make func(t *testing.T, dir string) (path, kept string)
	}{
		{"a directory where the file belongs", func(t *testing.T, dir string) (string, string) {
			path := filepath.Join(dir, "ids.db")
			if err := os.MkdirAll(filepath.Join(path, "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			return path, filepath.Join(path, "x")
		}},
		{"a file where the data directory belongs", func(t *testing.T, dir string) (string, string) {
			data := filepath.Join(dir, "data")
			if err := os.WriteFile(data, []byte("not a directory"), 0o644); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(data, "ids.db"), data
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path, kept := tt.make(t, t.TempDir())
			before, _ := os.Stat(kept)
			st, err := Open(path)
			if err == nil {
				st.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), path+" cannot be opened") || errors.Is(err, ErrInUse) {
				t.Errorf("error %q: want it to name %s", err, path)
			}
			if after, err := os.Stat(kept); err != nil || after.IsDir() != before.IsDir() || after.Size() != before.Size() {
				t.Errorf("what stood in the way was touched: %v", err)
			}
		})
	}
}

// TestWriteFailureIsAnError: when writes fail (the file system turned read-only,
// a full disk), ids are still given from memory and kept for the next Flush,
// which fails and says why; unit keys, runs and commits fail and give nothing;
// once writes work again, the next Flush makes the kept ids durable.
func TestWriteFailureIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	st := mustOpen(t, path)
	ctx := context.Background()
	mustID(t, st, store.KindProject, "a")
	if err := st.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	runs, err := st.UnitRuns(ctx, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	// bbolt writes through its file handle: closing the database under the store
	// makes every later write fail, as a full disk does.
	st.db.Close()
	id := mustID(t, st, store.KindProject, "b")
	if err := st.Flush(ctx); err == nil || !strings.Contains(err.Error(), path+" cannot be written") {
		t.Fatalf("Flush while writes fail: %v", err)
	}
	if mustID(t, st, store.KindProject, "b") != id || len(st.pending) != 1 {
		t.Errorf("the id was not kept pending: %d, %d pending", id, len(st.pending))
	}
	if more, err := st.UnitRuns(ctx, 5, 4); err == nil {
		t.Errorf("runs extended while writes fail: %v", more)
	}
	if n, err := st.UnitKeys(ctx, "p/c", []string{"k"}); err == nil {
		t.Errorf("a unit key numbered while writes fail: %v", n)
	}
	if _, err := st.Commit(ctx, &store.Commit{Add: []store.Record{{Key: "k"}}}); err == nil {
		t.Error("a commit that could not be written did not fail")
	}
	// The disk has room again.
	st.db, err = bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	more, err := st.UnitRuns(ctx, 5, 4)
	if err != nil || len(more) != 2 || more[1].FirstID != runs[0].FirstID+2 {
		t.Errorf("runs once writes work: %v %v, want a second run right after %v", more, err, runs)
	}
	st.Close()
	st = mustOpen(t, path)
	defer st.Close()
	if got := mustID(t, st, store.KindProject, "b"); got != id {
		t.Errorf("b = %d after reopening, want %d", got, id)
	}
	if again, err := st.UnitRuns(ctx, 5, 4); err != nil || !slices.Equal(again, more) {
		t.Errorf("runs after reopening: %v, were %v (%v)", again, more, err)
	}
}

// TestUnflushedIsNotKept documents what Flush promises: ids not flushed may be lost (and
// the scan flushes before serving); a lost id is given again, as it was never shown.
func TestUnflushedIsNotKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	st := mustOpen(t, path)
	mustID(t, st, store.KindProject, "a")
	st.Flush(context.Background())
	mustID(t, st, store.KindProject, "b")
	st.db.Close() // a crash: no Flush
	st = mustOpen(t, path)
	defer st.Close()
	if id := mustID(t, st, store.KindProject, "c"); id != 2 {
		t.Errorf("c = %d, want 2", id)
	}
}

// TestInUse: a second server on the same data directory is told to use its own.
func TestInUse(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ids.db")
	st := mustOpen(t, path)
	defer st.Close()
	if _, err := OpenWait(path, 100*time.Millisecond); !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "in use by another gitlate process") {
		t.Errorf("second Open: %v", err)
	}
}

// TestDamagedMetaPageIsReported: bbolt silently reads the other meta page when one
// is damaged. The store says so, and checks every page: bytes written over the
// second meta page alone leave a sound file, kept with its ids; over it and the
// pages after, a damaged one, moved aside.
func TestDamagedMetaPageIsReported(t *testing.T) {
	for _, tt := range []struct {
		name   string
		length int
		moved  bool
	}{
		{"the second meta page", 4096, false},
		{"the second meta page and what follows", 5000, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := flushedStore(t)
			data, _ := os.ReadFile(path)
			pageSize, _ := metaFields(t, data)
			junk := make([]byte, tt.length)
			for i := range junk {
				junk[i] = byte(i*7 + 3)
			}
			copy(data[pageSize:], junk)
			os.WriteFile(path, data, 0o644)
			st := mustOpen(t, path)
			defer st.Close()
			p, lost := st.Recovered()
			aside, _ := filepath.Glob(path + ".corrupt-*")
			if tt.moved {
				if len(aside) != 1 || !lost || !strings.Contains(p, "damaged") || !strings.Contains(p, "moved to") {
					t.Errorf("moved aside %v, recovered %q %v", aside, p, lost)
				}
				return
			}
			if len(aside) != 0 || lost || !strings.Contains(p, "ids.db: a meta page was damaged ([meta page 1") || !strings.Contains(p, "checked sound") {
				t.Errorf("moved aside %v, recovered %q %v", aside, p, lost)
			}
			if id := mustID(t, st, store.KindProject, "p"); id != 1 {
				t.Errorf("the kept file lost its ids: p = %d", id)
			}
		})
	}
}
