package progress

import (
	"encoding/hex"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// event is one point of one track in a merge.
type event struct {
	at    int64  // Unix microseconds
	key   uint64 // order among events of the same time
	track int32
	point int32
}

// merge sums tracks at each of evs' points, in time order (then key order); get
// gives an event's statistics and commit, timeOf its time.
func merge(evs []event, tracks int, get func(*event) (*Stats, string), timeOf func(*event) time.Time) Series {
	sort.SliceStable(evs, func(i, j int) bool {
		if evs[i].at != evs[j].at {
			return evs[i].at < evs[j].at
		}
		return evs[i].key < evs[j].key
	})
	cur := make([]*Stats, tracks)
	var sum Stats
	var out Series
	for i := range evs {
		e := &evs[i]
		st, commit := get(e)
		if prev := cur[e.track]; prev != nil {
			sum.Sub(prev)
		}
		sum.Add(st)
		cur[e.track] = st
		if i+1 < len(evs) {
			n := &evs[i+1]
			if _, nc := get(n); n.at == e.at && nc == commit {
				continue // the same commit goes on
			}
		}
		p := Point{Time: timeOf(e), Commit: commit, Stats: sum}
		if k := len(out) - 1; k >= 0 && out[k].Commit == commit && out[k].Time.Equal(p.Time) {
			out[k] = p // one commit that reached two components
			continue
		}
		out = append(out, p)
	}
	return out
}

// Index keeps the points of every component's walked history in memory, compact,
// and answers Source's questions from them. The change log fills it (Set,
// Append) as it walks and as it reads the store. It is safe for concurrent use.
type Index struct {
	mu    sync.RWMutex
	comps map[string]*component // by "project/component"
	seq   int                   // order of components, for stable sums
	n     int                   // translation points held
}

type component struct {
	project, name string
	order         int
	at            []int64 // each commit's time, Unix microseconds, never earlier than the one before
	ids           [][20]byte
	langs         map[string]*track
}

// track is one translation's points: the commit (index into its component's)
// and the statistics.
type track struct {
	commit []int32
	stats  []packed
}

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{comps: map[string]*component{}} }

// Set replaces a component's points with cs (in walk order); nil cs removes them.
func (x *Index) Set(project, name string, cs []Commit) {
	x.mu.Lock()
	defer x.mu.Unlock()
	key := project + "/" + name
	if c := x.comps[key]; c != nil {
		x.n -= c.points()
		delete(x.comps, key)
	}
	if cs == nil {
		return
	}
	x.seq++
	c := &component{project: project, name: name, order: x.seq, langs: map[string]*track{}}
	x.comps[key] = c
	x.add(c, cs)
}

// Append adds the points of commits walked after those the index holds.
func (x *Index) Append(project, name string, cs []Commit) {
	x.mu.Lock()
	defer x.mu.Unlock()
	c := x.comps[project+"/"+name]
	if c == nil {
		x.seq++
		c = &component{project: project, name: name, order: x.seq, langs: map[string]*track{}}
		x.comps[project+"/"+name] = c
	}
	x.add(c, cs)
}

func (x *Index) add(c *component, cs []Commit) {
	for i := range cs {
		at := cs[i].Time.UnixMicro()
		if k := len(c.at); k > 0 && at < c.at[k-1] {
			at = c.at[k-1] // a commit dated before its parent counts from the parent's time
		}
		ci := int32(len(c.at))
		c.at = append(c.at, at)
		c.ids = append(c.ids, cs[i].ID)
		for j := range cs[i].Translations {
			t := &cs[i].Translations[j]
			tr := c.langs[t.Language]
			if tr == nil {
				tr = &track{}
				c.langs[strings.Clone(t.Language)] = tr
			}
			tr.commit = append(tr.commit, ci)
			tr.stats = append(tr.stats, pack(&t.Stats))
			x.n++
		}
	}
}

func (c *component) points() int {
	n := 0
	for _, t := range c.langs {
		n += len(t.commit)
	}
	return n
}

// Retain drops the components keep rejects.
func (x *Index) Retain(keep func(project, component string) bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for key, c := range x.comps {
		if !keep(c.project, c.name) {
			x.n -= c.points()
			delete(x.comps, key)
		}
	}
}

// Points is the number of translation points held.
func (x *Index) Points() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.n
}

// ref is a track of a component.
type ref struct {
	c *component
	t *track
}

// sum merges tracks into a series; the caller holds the read lock.
func sum(refs []ref) Series {
	if len(refs) == 0 {
		return nil
	}
	slices.SortStableFunc(refs, func(a, b ref) int { return a.c.order - b.c.order })
	n := 0
	for _, r := range refs {
		n += len(r.t.commit)
	}
	evs := make([]event, 0, n)
	for ti, r := range refs {
		for pi, ci := range r.t.commit {
			evs = append(evs, event{at: r.c.at[ci], key: uint64(r.c.order)<<32 | uint64(ci), track: int32(ti), point: int32(pi)})
		}
	}
	stats := make([]Stats, n) // each point's statistics, unpacked once
	base := make([]int, len(refs))
	for ti, r := range refs {
		if ti > 0 {
			base[ti] = base[ti-1] + len(refs[ti-1].t.commit)
		}
		for pi := range r.t.stats {
			r.t.stats[pi].addTo(&stats[base[ti]+pi], 1)
		}
	}
	hexes := map[[2]int32]string{} // commit ids written once
	get := func(e *event) (*Stats, string) {
		r := refs[e.track]
		ci := r.t.commit[e.point]
		k := [2]int32{int32(r.c.order), ci}
		h, ok := hexes[k]
		if !ok {
			h = hex.EncodeToString(r.c.ids[ci][:])
			hexes[k] = h
		}
		return &stats[base[e.track]+int(e.point)], h
	}
	timeOf := func(e *event) time.Time { return time.UnixMicro(e.at).UTC() }
	return merge(evs, len(refs), get, timeOf)
}

func (x *Index) answer(w Window, pick func(c *component) []ref) Series {
	x.mu.RLock()
	var refs []ref
	for _, c := range x.comps {
		refs = append(refs, pick(c)...)
	}
	s := sum(refs)
	x.mu.RUnlock()
	return Resample(s, w)
}

func (x *Index) Translation(project, comp, language string, w Window) Series {
	return x.answer(w, func(c *component) []ref {
		if c.project != project || c.name != comp || c.langs[language] == nil {
			return nil
		}
		return []ref{{c, c.langs[language]}}
	})
}

func (x *Index) Component(project, comp string, w Window) Series {
	return x.answer(w, func(c *component) []ref {
		if c.project != project || c.name != comp {
			return nil
		}
		return c.all()
	})
}

func (x *Index) Project(project string, w Window) Series {
	return x.answer(w, func(c *component) []ref {
		if c.project != project {
			return nil
		}
		return c.all()
	})
}

func (x *Index) Language(code string, w Window) Series {
	return x.answer(w, func(c *component) []ref {
		if t := c.langs[code]; t != nil {
			return []ref{{c, t}}
		}
		return nil
	})
}

// all are a component's tracks in language order.
func (c *component) all() []ref {
	codes := make([]string, 0, len(c.langs))
	for code := range c.langs {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	out := make([]ref, len(codes))
	for i, code := range codes {
		out[i] = ref{c, c.langs[code]}
	}
	return out
}

var _ Source = (*Index)(nil)
