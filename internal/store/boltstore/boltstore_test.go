package boltstore

import (
	"path/filepath"
	"testing"

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
	})
}
