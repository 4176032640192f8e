package pgstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/store/pgstore/pgtest"
	"github.com/gitlate/gitlate/internal/store/storetest"
	"github.com/gitlate/gitlate/internal/testutil/scratch"
)

func TestMain(m *testing.M) {
	restore := scratch.InMemory()
	code := pgtest.Main(m)
	restore()
	os.Exit(code)
}

// boltLocal opens a local copy in a file, as the server does.
func boltLocal(t *testing.T, path string) Local {
	t.Helper()
	l, err := boltstore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func openAt(t *testing.T, url string, local Local) *Store {
	t.Helper()
	s, err := Open(t.Context(), url, local, Options{})
	if err != nil {
		local.Close()
		t.Fatal(err)
	}
	return s
}

// opened remembers what each store of a test was opened on.
type opened struct {
	url, local string // local is "" for a copy in memory
	proxy      *pgtest.Proxy
}

var (
	openedMu sync.Mutex
	openings = map[*Store]opened{}
)

func remember(s *Store, o opened) *Store {
	openedMu.Lock()
	openings[s] = o
	openedMu.Unlock()
	return s
}

func openingOf(s store.Store) opened {
	openedMu.Lock()
	defer openedMu.Unlock()
	return openings[s.(*Store)]
}

// backend runs the contract on a database of its own per test, reached through
// a proxy that Break cuts, with the local copy in a file (bolt) or in memory.
func backend(inFile bool) storetest.Backend {
	newLocal := func(t *testing.T, path string) Local {
		if !inFile {
			return memstore.New()
		}
		return boltLocal(t, path)
	}
	b := storetest.Backend{
		Open: func(t *testing.T) store.Store {
			proxy, url := pgtest.NewProxy(t, pgtest.Database(t))
			path := filepath.Join(t.TempDir(), "cache.db")
			return remember(openAt(t, url, newLocal(t, path)), opened{url, path, proxy})
		},
		Second: func(t *testing.T, s store.Store) store.Store {
			o := openingOf(s)
			return openAt(t, o.url, newLocal(t, filepath.Join(t.TempDir(), "other.db")))
		},
		Break: func(t *testing.T, s store.Store) func() {
			o := openingOf(s)
			o.proxy.Cut()
			return o.proxy.Mend
		},
	}
	// A copy in memory keeps no parse results across a restart.
	if inFile {
		b.Reopen = func(t *testing.T, s store.Store) store.Store {
			o := openingOf(s)
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			return remember(openAt(t, o.url, newLocal(t, o.local)), o)
		}
	}
	return b
}

func TestContract(t *testing.T) {
	t.Run("local copy in a file", func(t *testing.T) { storetest.Run(t, backend(true)) })
	t.Run("local copy in memory", func(t *testing.T) { storetest.Run(t, backend(false)) })
}

// TestCopyOfAnotherDatabase: a replica whose data directory holds a copy of one
// database's log, started on another (the URL now names a new database), drops the
// copy and shows the new database's log only.
func TestCopyOfAnotherDatabase(t *testing.T) {
	ctx := t.Context()
	local := filepath.Join(t.TempDir(), "cache.db")
	first := openAt(t, pgtest.Database(t), boltLocal(t, local))
	if _, err := first.Commit(ctx, &store.Commit{Add: []store.Record{{Key: "old", Meta: []byte("old"), Doc: []byte("d")}}}); err != nil {
		t.Fatal(err)
	}
	count := func(s *Store) (n int) {
		if _, err := s.Changes(ctx, 0, func(*store.Record) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count(first) != 1 {
		t.Fatal("the first database's change is not in the copy")
	}
	first.Close()
	second := openAt(t, pgtest.Database(t), boltLocal(t, local))
	defer second.Close()
	if n := count(second); n != 0 {
		t.Errorf("a new database shows %d changes of the old one's copy", n)
	}
}

// TestServesTheCopyWhileAway: with PostgreSQL unreachable, Changes lists the
// local copy as last brought up to date, says so (store.ErrStale, the server
// named), and documents are read from the copy; once it is back, Changes is
// complete again and says nothing.
func TestServesTheCopyWhileAway(t *testing.T) {
	ctx := t.Context()
	proxy, url := pgtest.NewProxy(t, pgtest.Database(t))
	s := openAt(t, url, boltLocal(t, filepath.Join(t.TempDir(), "cache.db")))
	defer s.Close()
	if _, err := s.Commit(ctx, &store.Commit{Add: []store.Record{{Key: "a", Meta: []byte("m"), Doc: []byte("doc a")}}}); err != nil {
		t.Fatal(err)
	}
	list := func() (int, int64, error) {
		n := 0
		last, err := s.Changes(ctx, 0, func(*store.Record) error { n++; return nil })
		return n, last, err
	}
	n, seq, err := list()
	if err != nil || n != 1 {
		t.Fatalf("listed %d, %v", n, err)
	}
	proxy.Cut()
	n, last, err := list()
	if !errors.Is(err, store.ErrStale) || !strings.Contains(err.Error(), "PostgreSQL at 127.0.0.1") || n != 1 || last != seq {
		t.Errorf("while away: %d records, seq %d (was %d), %v; want the copy and ErrStale", n, last, seq, err)
	}
	var doc string
	if err := s.Docs(ctx, []int{1}, func(_ int, d []byte) { doc = string(d) }); err != nil || doc != "doc a" {
		t.Errorf("a document while away: %q %v", doc, err)
	}
	proxy.Mend()
	if n, _, err := list(); err != nil || n != 1 {
		t.Errorf("once back: %d records, %v", n, err)
	}
}

// TestShutdownCancels: a statement waiting on PostgreSQL (here, for a lock another
// replica holds) ends when its caller's context does, well before the per-statement
// timeout: a server's shutdown is not held for it.
func TestShutdownCancels(t *testing.T) {
	url := pgtest.Database(t)
	a := openAt(t, url, memstore.New())
	defer a.Close()
	b, err := Open(t.Context(), url, memstore.New(), Options{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	// A holds the row lock of the seq counter in a transaction that waits.
	tx, err := a.pool.Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(t.Context(), `SELECT value FROM counters WHERE name = 'seq' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := b.Commit(ctx, &store.Commit{Add: []store.Record{{Key: "k", Meta: []byte("m")}}})
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("the commit did not wait for the lock: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled commit: %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the commit went on after its context was cancelled")
	}
}
