package api

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// swapping is a source whose snapshot the test replaces, as the Live does.
type swapping struct {
	cur atomic.Pointer[snapshot.Snapshot]
}

func (s *swapping) Snapshot() *snapshot.Snapshot { return s.cur.Load() }

// TestPrepareKeepsViewsOffTheRequestPath: views prepared before a swap are found
// without rendering — the test holds the rendering lock, so a request that tried to
// render would block — both for the snapshot being served and for the next one; a
// snapshot nobody prepared is still rendered on the request path.
func TestPrepareKeepsViewsOffTheRequestPath(t *testing.T) {
	first, second, third := fixture(t), fixture(t), fixture(t)
	src := &swapping{}
	src.cur.Store(first)
	s, err := New(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Prepare(first)
	s.Prepare(second) // the Live prepares the next snapshot before the swap

	currentUnlocked := func(want *snapshot.Snapshot) {
		t.Helper()
		s.mu.Lock()
		defer s.mu.Unlock()
		done := make(chan *views, 1)
		go func() {
			done <- s.current()
		}()
		select {
		case v := <-done:
			if v.snap != want {
				t.Errorf("views of another snapshot")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("current waited for a rendering of a prepared snapshot")
		}
	}
	currentUnlocked(first) // still served: kept next to the prepared one
	src.cur.Store(second)
	currentUnlocked(second)

	// A third snapshot nobody prepared: rendered on the request path, and kept.
	src.cur.Store(third)
	v := s.current()
	if v.snap != third {
		t.Fatal("fallback: views of another snapshot")
	}
	if again := s.current(); again != v {
		t.Error("the fallback's views were not kept")
	}
	// Only two are kept: the first snapshot's views are gone.
	if s.views.Load().find(first) != nil || s.views.Load().find(second) == nil {
		t.Error("kept views are not the last two")
	}
}

// TestPrepareKeepsTheServedViews: when preparations cross — the next snapshot
// prepared, then an older one — the views of the snapshot being served stay.
func TestPrepareKeepsTheServedViews(t *testing.T) {
	first, second, third := fixture(t), fixture(t), fixture(t)
	src := &swapping{}
	src.cur.Store(second)
	s, err := New(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Prepare(second)
	s.Prepare(first) // a late preparation of an older snapshot
	s.Prepare(third) // the next one
	if s.views.Load().find(second) == nil || s.views.Load().find(third) == nil {
		t.Error("the served snapshot's views were dropped")
	}
}
