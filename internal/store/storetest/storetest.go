// Package storetest is the contract every store.Store implementation passes: one suite of tests run against each backend, so that the backends behave the same — contexts honoured, failures returned as errors, ids never given twice or taken back.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/store"
)

// Backend opens stores of one implementation for the suite.
type Backend struct {
	// Open returns a new, empty store; the test closes it.
	Open func(t *testing.T) store.Store
	// Reopen closes s and opens what it stored again, as a restart does; nil for a
	// store that keeps nothing across restarts.
	Reopen func(t *testing.T, s store.Store) store.Store
	// Second opens another handle on what s stores, as another replica does; nil
	// for a store no other process can share.
	Second func(t *testing.T, s store.Store) store.Store
	// Break makes what s keeps its data in fail, as a full disk or a database
	// gone away does, until mend is called; nil for a store nothing can make
	// fail.
	Break func(t *testing.T, s store.Store) (mend func())
}

// Run runs the contract suite against b.
func Run(t *testing.T, b Backend) {
	tests := []struct {
		name string
		fn   func(*testing.T, Backend)
	}{
		{"IDs", testIDs},
		{"UnitKeys", testUnitKeys},
		{"UnitRuns", testUnitRuns},
		{"Results", testResults},
		{"CommitAdd", testCommitAdd},
		{"Replace", testReplace},
		{"Rewrite", testRewrite},
		{"StatesCompareAndSwap", testStates},
		{"TryLock", testTryLock},
		{"Durable", testDurable},
		{"ReplicasAgree", testReplicas},
		{"ContextDone", testContextDone},
		{"Outage", testOutage},
		{"Progress", testProgress},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, b) })
	}
}

func open(t *testing.T, b Backend) store.Store {
	t.Helper()
	s := b.Open(t)
	t.Cleanup(func() { s.Close() })
	return s
}

// id, put, get and lock are ID, PutResult, GetResult and TryLock when they must
// not fail.
func id(t *testing.T, s store.Store, kind, key string) int {
	t.Helper()
	n, err := s.ID(t.Context(), kind, key)
	if err != nil || n <= 0 {
		t.Fatalf("ID(%q, %q) = %d, %v", kind, key, n, err)
	}
	return n
}

func put(t *testing.T, s store.Store, key, value string) {
	t.Helper()
	if err := s.PutResult(t.Context(), key, []byte(value)); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, s store.Store, key string) ([]byte, bool) {
	t.Helper()
	v, ok, err := s.GetResult(t.Context(), key)
	if err != nil {
		t.Fatal(err)
	}
	return v, ok
}

func lock(t *testing.T, s store.Store, scope string) (func(), bool) {
	t.Helper()
	unlock, ok, err := s.TryLock(t.Context(), scope)
	if err != nil {
		t.Fatal(err)
	}
	return unlock, ok
}

func testIDs(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	steps := []struct {
		kind, key string
		want      int
	}{
		{store.KindProject, "demo", 1},
		{store.KindProject, "game", 2},
		{store.KindComponent, "demo/android", 1}, // kinds count separately
		{store.KindProject, "demo", 1},           // same key, same id
		{store.KindProject, "new", 3},            // new keys get larger ids
		{store.KindTranslation, "demo/android/u\x00with\nodd bytes", 1},
	}
	for _, st := range steps {
		if got, err := s.ID(ctx, st.kind, st.key); got != st.want || err != nil {
			t.Errorf("ID(%q, %q) = %d, %v, want %d", st.kind, st.key, got, err, st.want)
		}
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
}

func testUnitKeys(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	got, err := s.UnitKeys(ctx, "p/a", []string{"title", "body", "title\x00ctx"})
	if err != nil || !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("first keys: %v %v", got, err)
	}
	// Known keys keep their numbers in any order; new ones take the next, in order.
	got, err = s.UnitKeys(ctx, "p/a", []string{"new1", "body", "new2", "title", "new1"})
	if err != nil || !slices.Equal(got, []int{3, 1, 4, 0, 3}) {
		t.Errorf("second keys: %v %v", got, err)
	}
	got, err = s.UnitKeys(ctx, "p/b", []string{"body"})
	if err != nil || !slices.Equal(got, []int{0}) {
		t.Errorf("another component numbers its own keys: %v %v", got, err)
	}
	if got, err = s.UnitKeys(ctx, "p/a", nil); err != nil || len(got) != 0 {
		t.Errorf("no keys: %v %v", got, err)
	}
	// Many keys at once (a large template).
	many := make([]string, 5000)
	for i := range many {
		many[i] = fmt.Sprintf("k%05d", i)
	}
	if got, err = s.UnitKeys(ctx, "p/big", many); err != nil || got[0] != 0 || got[4999] != 4999 {
		t.Errorf("5000 keys: %v…%v %v", got[:1], got[len(got)-1:], err)
	}
}

// covers checks that runs cover [0, keys) without gaps, in key order.
func covers(t *testing.T, runs []store.Run, keys int) {
	t.Helper()
	next := 0
	for _, r := range runs {
		if r.FirstKey != next || r.Count <= 0 || r.FirstID <= 0 {
			t.Fatalf("runs %v do not cover [0, %d) in order", runs, keys)
		}
		next += r.Count
	}
	if next != keys {
		t.Fatalf("runs %v cover [0, %d), want [0, %d)", runs, next, keys)
	}
}

func ids(runs []store.Run) map[int]bool {
	out := map[int]bool{}
	for _, r := range runs {
		for i := range r.Count {
			out[r.FirstID+i] = true
		}
	}
	return out
}

func testUnitRuns(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	a, err := s.UnitRuns(ctx, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	covers(t, a, 3)
	c, err := s.UnitRuns(ctx, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	covers(t, c, 3)
	// Asking again for what is covered changes nothing.
	if again, err := s.UnitRuns(ctx, 1, 2); err != nil || !slices.Equal(again, a) {
		t.Errorf("runs changed when nothing new was asked: %v, was %v (%v)", again, a, err)
	}
	// Two new keys: a new run of larger ids than any given.
	a2, err := s.UnitRuns(ctx, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	covers(t, a2, 5)
	if !slices.Equal(a2[:len(a)], a) {
		t.Errorf("old runs changed: %v, was %v", a2, a)
	}
	last := a2[len(a2)-1]
	for id := range ids(c) {
		if last.FirstID <= id {
			t.Errorf("new run %v does not come after translation 2's id %d", last, id)
		}
	}
	for id := range ids(a2) {
		if ids(c)[id] {
			t.Errorf("id %d given to two translations", id)
		}
	}
	if empty, err := s.UnitRuns(ctx, 3, 0); err != nil || len(empty) != 0 {
		t.Errorf("no keys: %v %v", empty, err)
	}
}

func testResults(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	for i := range 100 {
		put(t, s, fmt.Sprintf("old-%03d", i), "o")
		put(t, s, fmt.Sprintf("live-%03d", i), "l")
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	put(t, s, "old-unflushed", "o")
	put(t, s, "live-unflushed", "l")
	if v, ok := get(t, s, "live-unflushed"); !ok || string(v) != "l" {
		t.Errorf("an unflushed result is not readable: %q %v", v, ok)
	}
	asked := 0
	if err := s.PruneResults(ctx, func(k string) bool { asked++; return k[:4] == "live" }); err != nil {
		t.Fatal(err)
	}
	if asked < 202 {
		t.Errorf("keep was asked about %d keys, want all 202", asked)
	}
	for _, k := range []string{"old-000", "old-099", "old-unflushed"} {
		if _, ok := get(t, s, k); ok {
			t.Errorf("%s kept", k)
		}
	}
	for _, k := range []string{"live-000", "live-099", "live-unflushed"} {
		if v, ok := get(t, s, k); !ok || string(v) != "l" {
			t.Errorf("%s: %q %v", k, v, ok)
		}
	}
	if _, ok := get(t, s, "none"); ok {
		t.Error("an unknown result was found")
	}
}

func rec(key, scope, meta string) store.Record {
	return store.Record{Key: key, Scope: scope, Meta: []byte(meta), Doc: []byte("doc of " + key)}
}

// listed reads every record touched after seq.
func listed(t *testing.T, s store.Store, after int64) ([]store.Record, int64) {
	t.Helper()
	ctx := t.Context()
	var out []store.Record
	last, err := s.Changes(ctx, after, func(r *store.Record) error {
		c := *r
		c.Meta = append([]byte(nil), r.Meta...)
		out = append(out, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, last
}

func docs(t *testing.T, s store.Store, ids ...int) map[int]string {
	t.Helper()
	ctx := t.Context()
	out := map[int]string{}
	if err := s.Docs(ctx, ids, func(id int, d []byte) { out[id] = string(d) }); err != nil {
		t.Fatal(err)
	}
	return out
}

func testCommitAdd(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	if recs, last := listed(t, s, 0); len(recs) != 0 || last != 0 {
		t.Fatalf("a new store lists %v, seq %d", recs, last)
	}
	got, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("c/1", "p/c", "m1"), rec("c/2", "p/c", "m2"), rec("c/3", "p/c", "m3")}})
	if err != nil || !slices.Equal(got, []int{1, 2, 3}) {
		t.Fatalf("ids %v %v, want 1 2 3 in the order given", got, err)
	}
	recs, seq1 := listed(t, s, 0)
	if len(recs) != 3 || seq1 <= 0 {
		t.Fatalf("listed %d records, seq %d", len(recs), seq1)
	}
	for i, r := range recs {
		if r.ID != i+1 || string(r.Meta) != fmt.Sprintf("m%d", i+1) || r.Gone || r.Seq != seq1 {
			t.Errorf("record %d: %+v", i, r)
		}
	}
	// The same keys again (a walk redone, another replica's): the same ids, nothing
	// new; new keys after them.
	got, err = s.Commit(ctx, &store.Commit{Add: []store.Record{rec("c/2", "p/c", "other"), rec("c/4", "p/c", "m4"), rec("c/1", "p/c", "m1")}})
	if err != nil || !slices.Equal(got, []int{2, 4, 1}) {
		t.Fatalf("ids %v %v, want 2 4 1", got, err)
	}
	recs, seq2 := listed(t, s, seq1)
	if len(recs) != 1 || recs[0].ID != 4 || seq2 <= seq1 {
		t.Errorf("after the second commit: %+v, seq %d (was %d)", recs, seq2, seq1)
	}
	if _, again := listed(t, s, seq2); again != seq2 {
		t.Errorf("nothing new, yet seq %d (was %d)", again, seq2)
	}
	d := docs(t, s, 2, 4, 99)
	if d[2] != "doc of c/2" || d[4] != "doc of c/4" || len(d) != 2 {
		t.Errorf("docs %v", d)
	}
	m := map[int]string{}
	if err := s.Metas(ctx, []int{1, 2}, func(id int, meta []byte) { m[id] = string(meta) }); err != nil || m[1] != "m1" || m[2] != "m2" {
		t.Errorf("metas %v %v (a stored record keeps its first meta)", m, err)
	}
}

func testReplace(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	if _, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("a", "p/c", "a"), rec("b", "p/c", "b"), rec("x", "p/other", "x"), rec("r", "", "runtime")}}); err != nil {
		t.Fatal(err)
	}
	_, seq := listed(t, s, 0)
	// The walk is redone: b is gone, a stays, n is new.
	got, err := s.Commit(ctx, &store.Commit{Replace: []store.Scope{{Name: "p/c", Keep: []string{"a", "n"}}}, Add: []store.Record{rec("a", "p/c", "a"), rec("n", "p/c", "n")}})
	if err != nil || !slices.Equal(got, []int{1, 5}) {
		t.Fatalf("ids %v %v, want 1 5", got, err)
	}
	recs, seq2 := listed(t, s, seq)
	byID := map[int]store.Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	if len(recs) != 2 || !byID[2].Gone || byID[5].Gone || string(byID[5].Meta) != "n" {
		t.Errorf("after the replace: %+v", recs)
	}
	// A removed record's document is still there for pages being served.
	if d := docs(t, s, 2); d[2] != "doc of b" {
		t.Errorf("removed doc %v", d)
	}
	// b comes back (history forced back): its id, its new meta.
	got, err = s.Commit(ctx, &store.Commit{Replace: []store.Scope{{Name: "p/c", Keep: []string{"a", "b", "n"}}}, Add: []store.Record{rec("a", "p/c", "a"), rec("b", "p/c", "b again"), rec("n", "p/c", "n")}})
	if err != nil || !slices.Equal(got, []int{1, 2, 5}) {
		t.Fatalf("ids %v %v, want 1 2 5", got, err)
	}
	recs, _ = listed(t, s, seq2)
	if len(recs) != 1 || recs[0].ID != 2 || recs[0].Gone || string(recs[0].Meta) != "b again" {
		t.Errorf("revived: %+v", recs)
	}
	// Removed ids are never given again.
	// A walk redone in several commits: what an earlier one added is kept.
	if _, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("early", "p/c", "e")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(ctx, &store.Commit{Replace: []store.Scope{{Name: "p/c", Keep: []string{"early", "late"}}}, Add: []store.Record{rec("late", "p/c", "l8")}}); err != nil {
		t.Fatal(err)
	}
	live := map[string]bool{}
	all, _ := listed(t, s, 0)
	for _, r := range all {
		if !r.Gone {
			live[string(r.Meta)] = true
		}
	}
	if !live["e"] || !live["l8"] || live["a"] || live["n"] || live["b again"] {
		t.Errorf("after a replace in two commits, live records %v", live)
	}
	if _, err := s.Commit(ctx, &store.Commit{Replace: []store.Scope{{Name: "p/c"}}}); err != nil {
		t.Fatal(err)
	}
	got, err = s.Commit(ctx, &store.Commit{Add: []store.Record{rec("later", "p/c", "l")}})
	if err != nil || got[0] != 8 {
		t.Errorf("an id after removals: %v %v, want 8", got, err)
	}
	all, _ = listed(t, s, 0)
	live = map[string]bool{}
	for _, r := range all {
		if !r.Gone {
			live[string(r.Meta)] = true
		}
	}
	if !live["x"] || !live["runtime"] || !live["l"] || live["a"] || live["b again"] || len(live) != 3 {
		t.Errorf("live records %v: other scopes and unscoped records must stay", live)
	}
}

func testRewrite(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	if _, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("a", "p/c", "a"), rec("b", "p/c", "b")}}); err != nil {
		t.Fatal(err)
	}
	_, seq := listed(t, s, 0)
	if _, err := s.Commit(ctx, &store.Commit{Rewrite: []store.Record{{ID: 2, Meta: []byte("b2"), Doc: []byte("doc b2")}, {ID: 77, Meta: []byte("?")}}}); err != nil {
		t.Fatal(err)
	}
	recs, _ := listed(t, s, seq)
	if len(recs) != 1 || recs[0].ID != 2 || string(recs[0].Meta) != "b2" {
		t.Errorf("rewritten: %+v", recs)
	}
	if d := docs(t, s, 2); d[2] != "doc b2" {
		t.Errorf("doc %v", d)
	}
}

func testStates(t *testing.T, b Backend) {
	ctx := t.Context()
	s := open(t, b)
	if _, err := s.Commit(ctx, &store.Commit{States: []store.State{{Name: "walk/p/a", Next: []byte("head1")}, {Name: "walk/p/b", Next: []byte("x")}, {Name: "alerts", Next: []byte("{}")}}}); err != nil {
		t.Fatal(err)
	}
	st, err := s.States(ctx, "walk/")
	if err != nil || len(st) != 2 || string(st["walk/p/a"]) != "head1" || string(st["walk/p/b"]) != "x" {
		t.Fatalf("states %q %v", st, err)
	}
	// A stale Prev: nothing of the commit happens.
	_, err = s.Commit(ctx, &store.Commit{
		States: []store.State{{Name: "walk/p/b", Prev: []byte("x"), Next: []byte("y")}, {Name: "walk/p/a", Prev: []byte("head0"), Next: []byte("head2")}},
		Add:    []store.Record{rec("k", "p/a", "m")},
	})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale state: %v, want ErrConflict", err)
	}
	if recs, _ := listed(t, s, 0); len(recs) != 0 {
		t.Errorf("a conflicting commit stored %v", recs)
	}
	st, _ = s.States(ctx, "walk/")
	if string(st["walk/p/b"]) != "x" {
		t.Errorf("a conflicting commit changed a state: %q", st)
	}
	// Absent means absent.
	if _, err := s.Commit(ctx, &store.Commit{States: []store.State{{Name: "walk/p/a", Next: []byte("z")}}}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("creating a state that exists: %v", err)
	}
	// Right Prev: applied, with the records; nil Next deletes.
	if _, err := s.Commit(ctx, &store.Commit{
		States: []store.State{{Name: "walk/p/a", Prev: []byte("head1"), Next: []byte("head2")}, {Name: "walk/p/b", Prev: []byte("x")}},
		Add:    []store.Record{rec("k", "p/a", "m")},
	}); err != nil {
		t.Fatal(err)
	}
	st, _ = s.States(ctx, "walk/")
	if len(st) != 1 || string(st["walk/p/a"]) != "head2" {
		t.Errorf("states %q", st)
	}
	if all, _ := s.States(ctx, ""); len(all) != 2 {
		t.Errorf("all states %q", all)
	}
}

func testTryLock(t *testing.T, b Backend) {
	s := open(t, b)
	unlock, ok := lock(t, s, "p/a")
	if !ok {
		t.Fatal("a free lock was not taken")
	}
	if _, ok := lock(t, s, "p/a"); ok {
		t.Error("a held lock was taken again")
	}
	u2, ok := lock(t, s, "p/b")
	if !ok {
		t.Error("another scope's lock was not free")
	} else {
		u2()
	}
	if b.Second != nil {
		other := b.Second(t, s)
		defer other.Close()
		if _, ok := lock(t, other, "p/a"); ok {
			t.Error("another replica took a held lock")
		}
	}
	unlock()
	u3, ok := lock(t, s, "p/a")
	if !ok {
		t.Error("a released lock was not free")
	} else {
		u3()
	}
}

func testDurable(t *testing.T, b Backend) {
	ctx := t.Context()
	if b.Reopen == nil {
		t.Skip("this store keeps nothing across restarts")
	}
	s := b.Open(t)
	id(t, s, store.KindProject, "a")
	id(t, s, store.KindProject, "b")
	put(t, s, "r", "v")
	if _, err := s.UnitKeys(ctx, "p/c", []string{"k1", "k2"}); err != nil {
		t.Fatal(err)
	}
	runs, err := s.UnitRuns(ctx, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(ctx, &store.Commit{States: []store.State{{Name: "walk/p/c", Next: []byte("h")}},
		Add: []store.Record{rec("a", "p/c", "a"), rec("b", "p/c", "b")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(ctx, &store.Commit{Replace: []store.Scope{{Name: "p/c", Keep: []string{"a"}}}, Add: []store.Record{rec("a", "p/c", "a")}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	before, seq := listed(t, s, 0)
	s = b.Reopen(t, s)
	defer s.Close()
	if id(t, s, store.KindProject, "b") != 2 || id(t, s, store.KindProject, "c") != 3 {
		t.Error("project ids lost or reused after a restart")
	}
	if v, ok := get(t, s, "r"); !ok || string(v) != "v" {
		t.Errorf("result after a restart: %q %v", v, ok)
	}
	if n, err := s.UnitKeys(ctx, "p/c", []string{"k3", "k2"}); err != nil || !slices.Equal(n, []int{2, 1}) {
		t.Errorf("unit keys after a restart: %v %v", n, err)
	}
	if again, err := s.UnitRuns(ctx, 1, 2); err != nil || !slices.Equal(again, runs) {
		t.Errorf("runs after a restart: %v, were %v (%v)", again, runs, err)
	}
	more, err := s.UnitRuns(ctx, 2, 1)
	if err != nil || ids(runs)[more[0].FirstID] {
		t.Errorf("a unit id given again after a restart: %v %v", more, err)
	}
	after, seq2 := listed(t, s, 0)
	if seq2 != seq || len(after) != len(before) {
		t.Fatalf("log after a restart: %d records, seq %d; before %d, seq %d", len(after), seq2, len(before), seq)
	}
	for i := range after {
		if after[i].ID != before[i].ID || after[i].Gone != before[i].Gone || !bytes.Equal(after[i].Meta, before[i].Meta) {
			t.Errorf("record %d: %+v, was %+v", i, after[i], before[i])
		}
	}
	if got, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("new", "p/c", "n")}}); err != nil || got[0] != 3 {
		t.Errorf("a change id after a restart: %v %v, want 3", got, err)
	}
	if st, _ := s.States(ctx, "walk/"); string(st["walk/p/c"]) != "h" {
		t.Errorf("state after a restart: %q", st)
	}
}

// testReplicas: two handles on one store (two replicas) allocating the same ids,
// numbering the same keys and committing the same changes at the same time agree
// on every id, and each learns of the other's commits.
func testReplicas(t *testing.T, b Backend) {
	ctx := t.Context()
	if b.Second == nil {
		t.Skip("no other process can share this store")
	}
	s := open(t, b)
	o := b.Second(t, s)
	defer o.Close()
	const n = 60
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("k%02d", i)
	}
	type result struct {
		ids   []int
		units []int
		runs  []store.Run
		recs  []int
		err   error
	}
	run := func(st store.Store, out *result, wg *sync.WaitGroup) {
		defer wg.Done()
		for _, k := range keys {
			var id int
			if id, out.err = st.ID(ctx, store.KindTranslation, k); out.err != nil {
				return
			}
			out.ids = append(out.ids, id)
		}
		if out.err = st.Flush(ctx); out.err != nil {
			return
		}
		if out.units, out.err = st.UnitKeys(ctx, "p/c", keys); out.err != nil {
			return
		}
		if out.runs, out.err = st.UnitRuns(ctx, 7, n); out.err != nil {
			return
		}
		var recs []store.Record
		for _, k := range keys {
			recs = append(recs, rec(k, "p/c", k))
		}
		for {
			out.recs, out.err = st.Commit(ctx, &store.Commit{Add: recs})
			if !errors.Is(out.err, store.ErrConflict) {
				return
			}
		}
	}
	var r1, r2 result
	var wg sync.WaitGroup
	wg.Add(2)
	go run(s, &r1, &wg)
	go run(o, &r2, &wg)
	wg.Wait()
	if r1.err != nil || r2.err != nil {
		t.Fatal(r1.err, r2.err)
	}
	if !slices.Equal(r1.ids, r2.ids) || !slices.Equal(r1.units, r2.units) || !slices.Equal(r1.runs, r2.runs) || !slices.Equal(r1.recs, r2.recs) {
		t.Errorf("replicas disagree:\n%v\n%v", r1, r2)
	}
	seen := map[int]bool{}
	for _, id := range r1.ids {
		if seen[id] || id <= 0 {
			t.Errorf("id %d given twice or not at all: %v", id, r1.ids)
		}
		seen[id] = true
	}
	covers(t, r1.runs, n)
	recs, _ := listed(t, s, 0)
	if len(recs) != n {
		t.Errorf("%d records for %d keys committed by two replicas", len(recs), n)
	}
	// What one replica commits reaches the other.
	ch := s.Changed()
	if ch == nil {
		t.Fatal("a shared store must say when another replica committed")
	}
	for len(ch) > 0 {
		<-ch
	}
	_, seq := listed(t, s, 0)
	if _, err := o.Commit(ctx, &store.Commit{Add: []store.Record{rec("from the other", "", "x")}}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatal("no word of the other replica's commit within 10 s")
	}
	if recs, _ := listed(t, s, seq); len(recs) != 1 || string(recs[0].Meta) != "x" {
		t.Errorf("the other replica's commit: %+v", recs)
	}
}

// testContextDone: every call with a context that is done returns the context's
// error and does nothing: no id, number, run or record is given, no lock taken,
// nothing stored; the same calls then work as on a new store.
func testContextDone(t *testing.T, b Backend) {
	s := open(t, b)
	done, cancel := context.WithCancel(t.Context())
	cancel()
	calls := map[string]error{}
	var err error
	_, calls["ID"] = s.ID(done, store.KindProject, "a")
	calls["Flush"] = s.Flush(done)
	_, calls["UnitKeys"] = s.UnitKeys(done, "p/c", []string{"k"})
	_, calls["UnitRuns"] = s.UnitRuns(done, 1, 3)
	calls["PutResult"] = s.PutResult(done, "r", []byte("v"))
	_, _, calls["GetResult"] = s.GetResult(done, "r")
	calls["PruneResults"] = s.PruneResults(done, func(string) bool { return true })
	_, calls["States"] = s.States(done, "")
	_, calls["Commit"] = s.Commit(done, &store.Commit{States: []store.State{{Name: "s", Next: []byte("x")}}, Add: []store.Record{rec("k", "p/c", "m")}})
	_, calls["Changes"] = s.Changes(done, 0, func(*store.Record) error { return nil })
	calls["Docs"] = s.Docs(done, []int{1}, func(int, []byte) {})
	calls["Metas"] = s.Metas(done, []int{1}, func(int, []byte) {})
	var unlock func()
	unlock, _, calls["TryLock"] = s.TryLock(done, "p/c")
	for name, err := range calls {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled", name, err)
		}
	}
	if unlock != nil {
		t.Error("TryLock with a cancelled context gave an unlock")
	}
	// Nothing of it happened.
	if got := id(t, s, store.KindProject, "b"); got != 1 {
		t.Errorf("the first id after a cancelled ID is %d, want 1", got)
	}
	if n, err := s.UnitKeys(t.Context(), "p/c", []string{"other"}); err != nil || !slices.Equal(n, []int{0}) {
		t.Errorf("unit keys after a cancelled UnitKeys: %v %v, want [0]", n, err)
	}
	runs, err := s.UnitRuns(t.Context(), 2, 3)
	if err != nil || len(runs) != 1 || runs[0].FirstID != 1 {
		t.Errorf("runs after a cancelled UnitRuns: %v %v, want ids from 1", runs, err)
	}
	if _, ok := get(t, s, "r"); ok {
		t.Error("a result put with a cancelled context is stored")
	}
	if st, err := s.States(t.Context(), ""); err != nil || len(st) != 0 {
		t.Errorf("states after a cancelled Commit: %q %v", st, err)
	}
	if recs, _ := listed(t, s, 0); len(recs) != 0 {
		t.Errorf("a cancelled Commit stored %+v", recs)
	}
	if ids, err := s.Commit(t.Context(), &store.Commit{Add: []store.Record{rec("k2", "p/c", "m")}}); err != nil || !slices.Equal(ids, []int{1}) {
		t.Errorf("the first change id after a cancelled Commit: %v %v, want 1", ids, err)
	}
	if u, ok := lock(t, s, "p/c"); !ok {
		t.Error("a cancelled TryLock left the lock held")
	} else {
		u()
	}
}

// testOutage: while what the store keeps its data in fails, ids already given are
// still given, but a new id is never both given and flushed, and unit keys, runs,
// states and commits fail rather than give what cannot be kept; the store works
// again once mended, having given nothing while it could not (no gaps, nothing
// given twice), and what it gave then is durable.
func testOutage(t *testing.T, b Backend) {
	if b.Break == nil {
		t.Skip("nothing can make this store fail")
	}
	ctx := t.Context()
	s := open(t, b)
	a := id(t, s, store.KindProject, "a")
	if _, err := s.UnitKeys(ctx, "p/c", []string{"k0"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("c1", "p/c", "m")}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	mend := b.Break(t, s)
	if got, err := s.ID(ctx, store.KindProject, "a"); err != nil || got != a {
		t.Errorf("a known id while the store fails: %d %v, want %d", got, err, a)
	}
	given, idErr := s.ID(ctx, store.KindProject, "new")
	flushErr := s.Flush(ctx)
	switch {
	case idErr == nil && flushErr == nil:
		t.Error("a new id was given and flushed while the store fails")
	case idErr != nil && given != 0:
		t.Errorf("ID failed (%v) and gave %d", idErr, given)
	case idErr == nil && given <= 0:
		t.Errorf("ID gave %d without an error", given)
	}
	if _, err := s.UnitKeys(ctx, "p/c", []string{"k1"}); err == nil {
		t.Error("UnitKeys numbered a new key while the store fails")
	}
	if _, err := s.UnitRuns(ctx, 9, 3); err == nil {
		t.Error("UnitRuns gave runs while the store fails")
	}
	if _, err := s.States(ctx, ""); err == nil {
		t.Error("States answered while the store fails")
	}
	if _, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("c2", "p/c", "m")}}); err == nil {
		t.Error("Commit succeeded while the store fails")
	}
	mend()
	again := id(t, s, store.KindProject, "new")
	if again != a+1 || (idErr == nil && again != given) {
		t.Errorf("after the outage, the new key's id is %d (given %d during it, %v); want %d", again, given, idErr, a+1)
	}
	if err := s.Flush(ctx); err != nil {
		t.Fatalf("Flush once mended: %v", err)
	}
	if n, err := s.UnitKeys(ctx, "p/c", []string{"k1"}); err != nil || !slices.Equal(n, []int{1}) {
		t.Errorf("a unit key after the outage: %v %v, want [1]", n, err)
	}
	if runs, err := s.UnitRuns(ctx, 9, 3); err != nil || len(runs) != 1 || runs[0].FirstID != 1 {
		t.Errorf("runs after the outage: %v %v, want ids from 1 (none given during it)", runs, err)
	}
	if ids, err := s.Commit(ctx, &store.Commit{Add: []store.Record{rec("c2", "p/c", "m")}}); err != nil || !slices.Equal(ids, []int{2}) {
		t.Errorf("a change id after the outage: %v %v, want 2", ids, err)
	}
	if b.Reopen == nil {
		return
	}
	s = b.Reopen(t, s)
	defer s.Close()
	if got := id(t, s, store.KindProject, "new"); got != again {
		t.Errorf("after a restart, the id given once mended is %d, was %d", got, again)
	}
}

// progressOf lists a scope's progress records as "seq=value".
func progressOf(t *testing.T, s store.Store, scope string) []string {
	t.Helper()
	var out []string
	err := s.Progress(t.Context(), scope, func(seq int64, v []byte) error {
		out = append(out, fmt.Sprintf("%d=%s", seq, v))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// testProgress: progress records are kept per scope in seq order, go with the
// commit's states (a conflicting commit stores none), are replaced under the same
// seq, reset with their scope, and outlive a restart; another replica reads them.
func testProgress(t *testing.T, b Backend) {
	ctx := t.Context()
	s := b.Open(t)
	defer func() { s.Close() }()
	pr := func(scope string, seq int64, v string) store.ProgressRecord {
		return store.ProgressRecord{Scope: scope, Seq: seq, Value: []byte(v)}
	}
	if got := progressOf(t, s, "p/a"); len(got) != 0 {
		t.Fatalf("an empty store has progress %v", got)
	}
	if _, err := s.Commit(ctx, &store.Commit{States: []store.State{{Name: "walk/p/a", Next: []byte("1")}},
		Progress: []store.ProgressRecord{pr("p/a", 2, "two"), pr("p/a", 1, "one"), pr("p/ab", 1, "other"), pr("p/a", 300, "big")}}); err != nil {
		t.Fatal(err)
	}
	if got, want := progressOf(t, s, "p/a"), []string{"1=one", "2=two", "300=big"}; !slices.Equal(got, want) {
		t.Errorf("p/a: %v, want %v", got, want)
	}
	if got, want := progressOf(t, s, "p/ab"), []string{"1=other"}; !slices.Equal(got, want) {
		t.Errorf("p/ab: %v, want %v", got, want)
	}
	// A conflicting commit stores no progress and resets nothing.
	_, err := s.Commit(ctx, &store.Commit{States: []store.State{{Name: "walk/p/a", Prev: []byte("0"), Next: []byte("2")}},
		ResetProgress: []string{"p/a"}, Progress: []store.ProgressRecord{pr("p/a", 3, "three")}})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale state: %v, want ErrConflict", err)
	}
	if got := progressOf(t, s, "p/a"); len(got) != 3 {
		t.Errorf("a conflicting commit changed progress: %v", got)
	}
	// Appended, and one replaced under its seq.
	if _, err := s.Commit(ctx, &store.Commit{States: []store.State{{Name: "walk/p/a", Prev: []byte("1"), Next: []byte("2")}},
		Progress: []store.ProgressRecord{pr("p/a", 2, "TWO"), pr("p/a", 301, "more")}}); err != nil {
		t.Fatal(err)
	}
	if got, want := progressOf(t, s, "p/a"), []string{"1=one", "2=TWO", "300=big", "301=more"}; !slices.Equal(got, want) {
		t.Errorf("p/a appended: %v, want %v", got, want)
	}
	if b.Second != nil {
		other := b.Second(t, s)
		if got := progressOf(t, other, "p/a"); len(got) != 4 {
			t.Errorf("another replica reads %v", got)
		}
		other.Close()
	}
	if b.Reopen != nil {
		if err := s.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		s = b.Reopen(t, s)
		if got := progressOf(t, s, "p/a"); len(got) != 4 {
			t.Errorf("after a restart: %v", got)
		}
	}
	// A reset scope holds only what the same commit stores; the others keep theirs.
	if _, err := s.Commit(ctx, &store.Commit{ResetProgress: []string{"p/a"}, Progress: []store.ProgressRecord{pr("p/a", 1, "again")}}); err != nil {
		t.Fatal(err)
	}
	if got, want := progressOf(t, s, "p/a"), []string{"1=again"}; !slices.Equal(got, want) {
		t.Errorf("p/a reset: %v, want %v", got, want)
	}
	if got := progressOf(t, s, "p/ab"); len(got) != 1 {
		t.Errorf("a reset of p/a reached p/ab: %v", got)
	}
	// A done context reads nothing.
	done, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Progress(done, "p/a", func(int64, []byte) error { return nil }); err == nil {
		t.Error("Progress with a done context succeeded")
	}
}
