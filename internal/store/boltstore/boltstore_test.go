package boltstore

import (
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Backend{
		Open: func(t *testing.T) store.Store {
			s, err := Open(filepath.Join(t.TempDir(), "ids.db"))
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		Reopen: func(t *testing.T, s store.Store) store.Store {
			path := s.(*Store).path
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		// bbolt writes through its file handle: the database closed under the
		// store makes every read and write fail, as a full or vanished disk does.
		Break: func(t *testing.T, s store.Store) func() {
			st := s.(*Store)
			if err := st.db.Close(); err != nil {
				t.Fatal(err)
			}
			return func() {
				db, err := bolt.Open(st.path, 0o644, nil)
				if err != nil {
					t.Fatal(err)
				}
				st.db = db
			}
		},
	})
}
