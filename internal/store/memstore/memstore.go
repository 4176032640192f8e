// Package memstore is a store.Store that lives as long as the process: ids are stable across re-scans but not across restarts. One-shot commands and tests use it, and boltstore falls back on it when its file cannot be opened.
package memstore

import (
	"bytes"
	"sort"
	"sync"

	"github.com/gitlate/gitlate/internal/store"
)

// Store keeps everything in maps.
type Store struct {
	mu      sync.Mutex
	ids     map[string]map[string]int
	next    map[string]int
	keys    map[string]map[string]int // component → unit key → number
	runs    map[int][]store.Run       // translation → runs
	unitSeq int
	results map[string][]byte
	states  map[string][]byte

	recs   map[int]*store.Record
	byKey  map[string]int
	scopes map[string]map[int]bool
	touch  []touched // in seq order
	lastID int
	seq    int64

	store.Locks // no other process opens it
	problem     string
}

type touched struct {
	seq int64
	id  int
}

var _ store.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store {
	return &Store{
		ids: map[string]map[string]int{}, next: map[string]int{},
		keys: map[string]map[string]int{}, runs: map[int][]store.Run{},
		results: map[string][]byte{}, states: map[string][]byte{},
		recs: map[int]*store.Record{}, byKey: map[string]int{}, scopes: map[string]map[int]bool{},
	}
}

// NewWithProblem returns an empty store whose Problem says problem: what a store
// that could not keep its file runs on.
func NewWithProblem(problem string) *Store {
	s := New()
	s.problem = problem
	return s
}

// ID returns the id of key within kind, allocating the next one for a new key.
func (s *Store) ID(kind, key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, _ := s.id(kind, key)
	return id
}

func (s *Store) id(kind, key string) (int, bool) {
	m := s.ids[kind]
	if m == nil {
		m = map[string]int{}
		s.ids[kind] = m
	}
	if id, ok := m[key]; ok {
		return id, false
	}
	s.next[kind]++
	m[key] = s.next[kind]
	return s.next[kind], true
}

// Set records that key has id, as a store loading its file does; later ids come
// after the largest.
func (s *Store) Set(kind, key string, id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids[kind] == nil {
		s.ids[kind] = map[string]int{}
	}
	s.ids[kind][key] = id
	s.next[kind] = max(s.next[kind], id)
}

// Flush does nothing: memory is all there is.
func (s *Store) Flush() error { return nil }

// UnitKeys numbers a component's unit keys.
func (s *Store) UnitKeys(component string, keys []string) ([]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.keys[component]
	if m == nil {
		m = map[string]int{}
		s.keys[component] = m
	}
	out := make([]int, len(keys))
	for i, k := range keys {
		n, ok := m[k]
		if !ok {
			n = len(m)
			m[k] = n
		}
		out[i] = n
	}
	return out, nil
}

// UnitRuns extends and returns a translation's runs.
func (s *Store) UnitRuns(translation, keys int) ([]store.Run, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	runs := s.runs[translation]
	covered := 0
	if n := len(runs); n > 0 {
		covered = runs[n-1].FirstKey + runs[n-1].Count
	}
	if keys > covered {
		runs = append(runs, store.Run{FirstID: s.unitSeq + 1, FirstKey: covered, Count: keys - covered})
		s.unitSeq += keys - covered
		s.runs[translation] = runs
	}
	return append([]store.Run(nil), runs...), nil
}

// GetResult returns a stored result.
func (s *Store) GetResult(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.results[key]
	return v, ok
}

// PutResult stores a result.
func (s *Store) PutResult(key string, value []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.results[key] = value
}

// PruneResults deletes the results keep rejects.
func (s *Store) PruneResults(keep func(key string) bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.results {
		if !keep(k) {
			delete(s.results, k)
		}
	}
	return nil
}

// States returns the states whose names start with prefix.
func (s *Store) States(prefix string) (map[string][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string][]byte{}
	for k, v := range s.states {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			out[k] = v
		}
	}
	return out, nil
}

// Commit applies c atomically.
func (s *Store) Commit(c *store.Commit) ([]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range c.States {
		cur, ok := s.states[st.Name]
		if ok != (st.Prev != nil) || !bytes.Equal(cur, st.Prev) {
			return nil, store.ErrConflict
		}
	}
	for _, st := range c.States {
		if st.Next == nil {
			delete(s.states, st.Name)
		} else {
			s.states[st.Name] = append([]byte(nil), st.Next...)
		}
	}
	s.seq++
	seq := s.seq
	var changed []int
	mark := func(r *store.Record) {
		if r.Seq != seq {
			r.Seq = seq
			changed = append(changed, r.ID)
		}
	}
	ids := make([]int, len(c.Add))
	for i, a := range c.Add {
		if id, ok := s.byKey[a.Key]; ok {
			r := s.recs[id]
			if r.Gone {
				r.Gone, r.Meta, r.Doc = false, clone(a.Meta), clone(a.Doc)
				s.setScope(r, a.Scope)
				mark(r)
			}
			ids[i] = id
			continue
		}
		s.lastID++
		r := &store.Record{ID: s.lastID, Key: a.Key, Meta: clone(a.Meta), Doc: clone(a.Doc)}
		s.recs[r.ID], s.byKey[r.Key] = r, r.ID
		s.setScope(r, a.Scope)
		mark(r)
		ids[i] = r.ID
	}
	for _, scope := range c.Replace {
		keep := make(map[string]bool, len(scope.Keep))
		for _, k := range scope.Keep {
			keep[k] = true
		}
		for id := range s.scopes[scope.Name] {
			r := s.recs[id]
			if !r.Gone && !keep[r.Key] {
				r.Gone = true
				mark(r)
			}
		}
	}
	for _, w := range c.Rewrite {
		if r := s.recs[w.ID]; r != nil && !r.Gone {
			r.Meta, r.Doc = clone(w.Meta), clone(w.Doc)
			mark(r)
		}
	}
	sort.Ints(changed)
	for _, id := range changed {
		s.touch = append(s.touch, touched{seq, id})
	}
	return ids, nil
}

func (s *Store) setScope(r *store.Record, scope string) {
	if r.Scope != "" {
		delete(s.scopes[r.Scope], r.ID)
	}
	r.Scope = scope
	if scope == "" {
		return
	}
	if s.scopes[scope] == nil {
		s.scopes[scope] = map[int]bool{}
	}
	s.scopes[scope][r.ID] = true
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }

// Changes lists the records touched after after.
func (s *Store) Changes(after int64, fn func(*store.Record) error) (int64, error) {
	s.mu.Lock()
	i := sort.Search(len(s.touch), func(i int) bool { return s.touch[i].seq > after })
	var out []store.Record
	for _, t := range s.touch[i:] {
		r := s.recs[t.id]
		if r.Seq != t.seq {
			continue // touched again later: listed then
		}
		c := *r
		c.Doc = nil
		out = append(out, c)
	}
	last := s.seq
	s.mu.Unlock()
	if after == 0 {
		sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	}
	if last < after {
		last = after
	}
	for i := range out {
		if err := fn(&out[i]); err != nil {
			return after, err
		}
	}
	return last, nil
}

// Docs returns stored documents.
func (s *Store) Docs(ids []int, fn func(id int, doc []byte)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if r := s.recs[id]; r != nil {
			fn(id, r.Doc)
		}
	}
	return nil
}

// Metas returns stored metas.
func (s *Store) Metas(ids []int, fn func(id int, meta []byte)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if r := s.recs[id]; r != nil {
			fn(id, r.Meta)
		}
	}
	return nil
}

// Changed is nil: no other process shares a memory store.
func (s *Store) Changed() <-chan struct{} { return nil }

// Problem says why the store keeps nothing across restarts, when it stands in for
// one that should ("" otherwise).
func (s *Store) Problem() string { return s.problem }

// Close does nothing.
func (s *Store) Close() error { return nil }
