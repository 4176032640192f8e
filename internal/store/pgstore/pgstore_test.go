package pgstore

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gitlate/gitlate/internal/store"
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

func openAt(t *testing.T, url, local string) *Store {
	t.Helper()
	s, err := Open(context.Background(), url, Options{Local: local})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// urls remembers the database each store of a test opened.
var urls = map[*Store]string{}

func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Backend{
		Open: func(t *testing.T) store.Store {
			url := pgtest.Database(t)
			s := openAt(t, url, filepath.Join(t.TempDir(), "cache.db"))
			urls[s] = url
			return s
		},
		Reopen: func(t *testing.T, s store.Store) store.Store {
			ps := s.(*Store)
			url, local := urls[ps], ps.opts.Local
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			n := openAt(t, url, local)
			urls[n] = url
			return n
		},
		Second: func(t *testing.T, s store.Store) store.Store {
			return openAt(t, urls[s.(*Store)], filepath.Join(t.TempDir(), "other.db"))
		},
	})
}

// TestCopyOfAnotherDatabase: a replica whose data directory holds a copy of one
// database's log, started on another (the URL now names a new database), drops the
// copy and shows the new database's log only.
func TestCopyOfAnotherDatabase(t *testing.T) {
	local := filepath.Join(t.TempDir(), "cache.db")
	first := openAt(t, pgtest.Database(t), local)
	if _, err := first.Commit(&store.Commit{Add: []store.Record{{Key: "old", Meta: []byte("old"), Doc: []byte("d")}}}); err != nil {
		t.Fatal(err)
	}
	count := func(s *Store) (n int) {
		if _, err := s.Changes(0, func(*store.Record) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count(first) != 1 {
		t.Fatal("the first database's change is not in the copy")
	}
	first.Close()
	second := openAt(t, pgtest.Database(t), local)
	defer second.Close()
	if n := count(second); n != 0 {
		t.Errorf("a new database shows %d changes of the old one's copy", n)
	}
}
