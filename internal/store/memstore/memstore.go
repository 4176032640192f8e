// Package memstore is a store.Store that lives as long as the process: ids are stable across re-scans but not across restarts. One-shot commands and tests use it, and the server runs on it, saying so, when the data directory's file cannot be opened (cmd/gitlate decides).
package memstore

import (
	"bytes"
	"context"
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
	// progress holds each scope's progress records by seq.
	progress map[string]map[int64][]byte
	lastID   int
	seq      int64

	store.Locks // no other process opens it
	mirrorOf    string
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
		progress: map[string]map[int64][]byte{},
	}
}

// ID returns the id of key within kind, allocating the next one for a new key.
func (s *Store) ID(ctx context.Context, kind, key string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id, _ := s.id(kind, key)
	return id, nil
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
func (s *Store) Flush(ctx context.Context) error { return ctx.Err() }

// UnitKeys numbers a component's unit keys.
func (s *Store) UnitKeys(ctx context.Context, component string, keys []string) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
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
func (s *Store) UnitRuns(ctx context.Context, translation, keys int) ([]store.Run, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
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
func (s *Store) GetResult(ctx context.Context, key string) ([]byte, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.results[key]
	return v, ok, nil
}

// PutResult stores a result.
func (s *Store) PutResult(ctx context.Context, key string, value []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.results[key] = value
	return nil
}

// PruneResults deletes the results keep rejects.
func (s *Store) PruneResults(ctx context.Context, keep func(key string) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
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
func (s *Store) States(ctx context.Context, prefix string) (map[string][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
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
func (s *Store) Commit(ctx context.Context, c *store.Commit) ([]int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
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
	for _, scope := range c.ResetProgress {
		delete(s.progress, scope)
	}
	for _, p := range c.Progress {
		m := s.progress[p.Scope]
		if m == nil {
			m = map[int64][]byte{}
			s.progress[p.Scope] = m
		}
		m[p.Seq] = clone(p.Value)
	}
	return ids, nil
}

// Progress lists a scope's progress records in seq order.
func (s *Store) Progress(ctx context.Context, scope string, fn func(seq int64, value []byte) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	m := s.progress[scope]
	seqs := make([]int64, 0, len(m))
	for q := range m {
		seqs = append(seqs, q)
	}
	vals := make([][]byte, len(seqs))
	sort.Slice(seqs, func(i, j int) bool { return seqs[i] < seqs[j] })
	for i, q := range seqs {
		vals[i] = m[q]
	}
	s.mu.Unlock()
	for i, q := range seqs {
		if err := fn(q, vals[i]); err != nil {
			return err
		}
	}
	return nil
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
func (s *Store) Changes(ctx context.Context, after int64, fn func(*store.Record) error) (int64, error) {
	if err := ctx.Err(); err != nil {
		return after, err
	}
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
func (s *Store) Docs(ctx context.Context, ids []int, fn func(id int, doc []byte)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
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
func (s *Store) Metas(ctx context.Context, ids []int, fn func(id int, meta []byte)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
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

// Close does nothing.
func (s *Store) Close() error { return nil }

// Mirror writes records as another store holds them — ids, seqs, removals, metas
// and documents as given (a nil Doc keeps the one held) — so that the store keeps
// a copy of a shared log, which Changes, Docs and Metas then read: what a replica
// of pgstore keeps its copy in when its file cannot be opened. Records come in
// seq order, after every seq mirrored before; last is the other store's seq the
// copy is complete up to.
func (s *Store) Mirror(ctx context.Context, recs []store.Record, last int64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range recs {
		r := s.recs[m.ID]
		if r == nil {
			r = &store.Record{ID: m.ID}
			s.recs[m.ID] = r
		}
		r.Seq, r.Gone, r.Meta = m.Seq, m.Gone, clone(m.Meta)
		if m.Doc != nil {
			r.Doc = clone(m.Doc)
		}
		s.touch = append(s.touch, touched{m.Seq, m.ID})
	}
	s.seq = max(s.seq, last)
	return nil
}

// MirrorOf makes the store a copy of the shared log named id: a copy of another
// one is emptied first.
func (s *Store) MirrorOf(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mirrorOf == id {
		return nil
	}
	s.mirrorOf = id
	s.recs, s.byKey, s.scopes, s.touch, s.seq = map[int]*store.Record{}, map[string]int{}, map[string]map[int]bool{}, nil, 0
	return nil
}

// MirrorSeq is the seq of the copy of a shared log (see Mirror).
func (s *Store) MirrorSeq(ctx context.Context) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq, nil
}
