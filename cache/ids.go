// Package cache keeps what must survive a restart: the ids given to objects and the parse results of files, by content.
package cache

import "sync"

// Kinds of ids. Each kind has its own sequence.
const (
	KindProject     = "project"
	KindComponent   = "component"
	KindTranslation = "translation"
	KindUnit        = "unit"
	KindChange      = "change"
)

// IDs allocates stable ids: the same (kind, key) always gets the same id, a new key
// gets the next id of its kind, and an id is never given to another key.
type IDs interface {
	ID(kind, key string) int
}

// MemoryIDs is an IDs that lives as long as the process: ids are stable across
// re-scans but not across restarts.
type MemoryIDs struct {
	mu   sync.Mutex
	ids  map[string]map[string]int
	next map[string]int
}

// NewMemoryIDs returns an empty in-memory allocator.
func NewMemoryIDs() *MemoryIDs {
	return &MemoryIDs{ids: map[string]map[string]int{}, next: map[string]int{}}
}

// ID returns the id of key within kind, allocating the next one for a new key.
func (m *MemoryIDs) ID(kind, key string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	byKey := m.ids[kind]
	if byKey == nil {
		byKey = map[string]int{}
		m.ids[kind] = byKey
	}
	if id, ok := byKey[key]; ok {
		return id
	}
	m.next[kind]++
	id := m.next[kind]
	byKey[key] = id
	return id
}
