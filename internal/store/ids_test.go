package store

import (
	"path/filepath"
	"testing"
)

// allocators runs a test against both implementations.
func allocators(t *testing.T) map[string]IDs {
	st, err := Open(filepath.Join(t.TempDir(), "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return map[string]IDs{"memory": NewMemoryIDs(), "bolt": st}
}

func TestIDs(t *testing.T) {
	for name, ids := range allocators(t) {
		t.Run(name, func(t *testing.T) {
			steps := []struct {
				kind, key string
				want      int
			}{
				{KindProject, "demo", 1},
				{KindProject, "game", 2},
				{KindComponent, "demo/android", 1}, // kinds count separately
				{KindProject, "demo", 1},           // same key, same id
				{KindProject, "new", 3},            // new keys get larger ids
			}
			for _, s := range steps {
				if got := ids.ID(s.kind, s.key); got != s.want {
					t.Errorf("ID(%q, %q) = %d, want %d", s.kind, s.key, got, s.want)
				}
			}
			if k, ok := ids.Key(KindProject, 2); !ok || k != "game" {
				t.Errorf("Key(project, 2) = %q, %v", k, ok)
			}
			if _, ok := ids.Key(KindProject, 9); ok {
				t.Error("Key of an unknown id found something")
			}
			if err := ids.Flush(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestStoreSurvivesRestart: flushed ids come back after reopening; the sequence goes
// on after the largest id, so an id is never given twice.
func TestStoreSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "ids.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"a", "b", "c"} {
		st.ID(KindChange, k)
	}
	st.ID(KindUnit, "u\x00with\nodd bytes")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if id := st.ID(KindChange, "b"); id != 2 {
		t.Errorf("b = %d after restart, want 2", id)
	}
	if id := st.ID(KindChange, "d"); id != 4 {
		t.Errorf("new key d = %d, want 4", id)
	}
	if id := st.ID(KindUnit, "u\x00with\nodd bytes"); id != 1 {
		t.Errorf("unit = %d", id)
	}
}

// TestStoreUnflushedIsNotKept documents the contract: what was not flushed may be
// lost (and the scanner flushes before serving).
func TestStoreUnflushedIsNotKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	st, _ := Open(path)
	st.ID(KindChange, "a")
	st.Flush()
	st.ID(KindChange, "b")
	st.db.Close() // a crash: no Flush
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, ok := st.Key(KindChange, 2); ok {
		t.Error("an unflushed id survived")
	}
	if id := st.ID(KindChange, "c"); id != 2 {
		t.Errorf("c = %d, want 2", id)
	}
}

// TestJournal: results survive a restart once flushed, the log keeps its order, and
// state is durable at once.
func TestJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var j Journal = st
	j.PutResult("blob-a", []byte("result a"))
	if v, ok := j.GetResult("blob-a"); !ok || string(v) != "result a" {
		t.Errorf("unflushed result not readable: %q %v", v, ok)
	}
	for _, e := range []string{"first", "second", "third"} {
		if err := j.AppendEvent([]byte(e)); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.PutState("alerts", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if v, ok := st.GetResult("blob-a"); !ok || string(v) != "result a" {
		t.Errorf("result after restart: %q %v", v, ok)
	}
	if _, ok := st.GetResult("blob-b"); ok {
		t.Error("unknown result found")
	}
	events, err := st.Events()
	if err != nil || len(events) != 3 || string(events[0]) != "first" || string(events[2]) != "third" {
		t.Errorf("events %q %v", events, err)
	}
	if string(st.GetState("alerts")) != "x" || st.GetState("none") != nil {
		t.Error("state lost")
	}
}
