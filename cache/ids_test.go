package cache

import "testing"

func TestMemoryIDs(t *testing.T) {
	ids := NewMemoryIDs()
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
}
