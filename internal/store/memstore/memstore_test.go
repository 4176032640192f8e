package memstore

import (
	"testing"

	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Backend{Open: func(*testing.T) store.Store { return New() }})
}
