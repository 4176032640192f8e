// Package store keeps what must survive a restart — the ids given to objects, what files yielded by content, the runtime change log — in a bbolt file in the data directory, chosen because it is embedded, pure Go, and crash-safe (every commit is an fsync'd copy-on-write transaction).
package store

import "sync"

// Kinds of ids. Each kind has its own sequence.
const (
	KindProject     = "project"
	KindComponent   = "component"
	KindTranslation = "translation"
	KindUnit        = "unit"
	KindChange      = "change"
	KindAddon       = "addon"
)

// IDs allocates stable ids: the same (kind, key) always gets the same id, a new key
// gets the next id of its kind, and an id is never given to another key.
//
// New ids may live in memory until Flush; callers flush before anything shows them,
// so an id that was served is never lost by a crash.
type IDs interface {
	ID(kind, key string) int
	// Key returns the key an id was given to.
	Key(kind string, id int) (string, bool)
	// Flush makes every id handed out so far durable.
	Flush() error
}

// MemoryIDs is an IDs that lives as long as the process: ids are stable across
// re-scans but not across restarts.
type MemoryIDs struct {
	mu   sync.Mutex
	ids  map[string]map[string]int
	keys map[string]map[int]string
	next map[string]int
}

// NewMemoryIDs returns an empty in-memory allocator.
func NewMemoryIDs() *MemoryIDs {
	return &MemoryIDs{ids: map[string]map[string]int{}, keys: map[string]map[int]string{}, next: map[string]int{}}
}

// ID returns the id of key within kind, allocating the next one for a new key.
func (m *MemoryIDs) ID(kind, key string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, _ := m.id(kind, key)
	return id
}

// id looks key up or allocates it; fresh reports an allocation. m.mu is held.
func (m *MemoryIDs) id(kind, key string) (id int, fresh bool) {
	byKey := m.ids[kind]
	if byKey == nil {
		byKey = map[string]int{}
		m.ids[kind] = byKey
		m.keys[kind] = map[int]string{}
	}
	if id, ok := byKey[key]; ok {
		return id, false
	}
	m.next[kind]++
	id = m.next[kind]
	m.set(kind, key, id)
	return id, true
}

// set records a mapping. m.mu is held.
func (m *MemoryIDs) set(kind, key string, id int) {
	if m.ids[kind] == nil {
		m.ids[kind] = map[string]int{}
		m.keys[kind] = map[int]string{}
	}
	m.ids[kind][key] = id
	m.keys[kind][id] = key
	if id > m.next[kind] {
		m.next[kind] = id
	}
}

// Key returns the key of an id.
func (m *MemoryIDs) Key(kind string, id int) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.keys[kind][id]
	return k, ok
}

// Flush does nothing: memory is all there is.
func (m *MemoryIDs) Flush() error { return nil }
