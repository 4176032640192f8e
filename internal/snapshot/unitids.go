package snapshot

import (
	"sort"
	"time"
)

// UnitIDs gives a translation's units their ids without an entry per unit: Segs
// say which key number (the component's numbering of its unit keys) each position
// holds, Runs which id each key number has. A file whose keys keep their order is
// one segment; each run is a block of ids the store gave the translation at once.
type UnitIDs struct {
	Segs []KeySeg // by Pos
	Runs []IDRun  // by Key
	// byKey is Segs by Key, for looking a key number up.
	byKey []KeySeg
}

// KeySeg says that positions Pos … Pos+Count-1 hold key numbers Key … Key+Count-1.
type KeySeg struct{ Pos, Key, Count int }

// IDRun says that key numbers Key … Key+Count-1 have ids ID … ID+Count-1.
type IDRun struct{ ID, Key, Count int }

// NewUnitIDs returns the ids of a translation whose positions hold the key numbers
// keys, given the translation's runs (which cover every one of them).
func NewUnitIDs(keys []int, runs []IDRun) UnitIDs {
	var segs []KeySeg
	for pos, k := range keys {
		if n := len(segs); n > 0 && segs[n-1].Key+segs[n-1].Count == k {
			segs[n-1].Count++
			continue
		}
		segs = append(segs, KeySeg{Pos: pos, Key: k, Count: 1})
	}
	u := UnitIDs{Segs: segs, Runs: runs}
	u.index()
	return u
}

func (u *UnitIDs) index() {
	u.byKey = append([]KeySeg(nil), u.Segs...)
	sort.Slice(u.byKey, func(i, j int) bool { return u.byKey[i].Key < u.byKey[j].Key })
}

// Len is the number of positions.
func (u *UnitIDs) Len() int {
	if n := len(u.Segs); n > 0 {
		return u.Segs[n-1].Pos + u.Segs[n-1].Count
	}
	return 0
}

// Key returns the key number at position pos (-1 when out of range).
func (u *UnitIDs) Key(pos int) int {
	i := sort.Search(len(u.Segs), func(i int) bool { return u.Segs[i].Pos+u.Segs[i].Count > pos })
	if i == len(u.Segs) || pos < u.Segs[i].Pos {
		return -1
	}
	return u.Segs[i].Key + pos - u.Segs[i].Pos
}

// ID returns the id of the unit at position pos (0 when out of range).
func (u *UnitIDs) ID(pos int) int { return u.KeyID(u.Key(pos)) }

// KeyID returns the id of key number key, which the translation's runs cover
// whether or not a unit holds it now (0 when none does).
func (u *UnitIDs) KeyID(key int) int {
	if key < 0 {
		return 0
	}
	i := sort.Search(len(u.Runs), func(i int) bool { return u.Runs[i].Key+u.Runs[i].Count > key })
	if i == len(u.Runs) || key < u.Runs[i].Key {
		return 0
	}
	return u.Runs[i].ID + key - u.Runs[i].Key
}

// KeyPos returns the position holding key number key; ok is false when no unit of
// the translation holds it.
func (u *UnitIDs) KeyPos(key int) (pos int, ok bool) {
	s := u.byKey
	if len(s) != len(u.Segs) { // made without NewUnitIDs
		for _, g := range u.Segs {
			if key >= g.Key && key < g.Key+g.Count {
				return g.Pos + key - g.Key, true
			}
		}
		return 0, false
	}
	i := sort.Search(len(s), func(i int) bool { return s[i].Key+s[i].Count > key })
	if i == len(s) || key < s[i].Key {
		return 0, false
	}
	return s[i].Pos + key - s[i].Key, true
}

// Pos returns the position of the unit with id id; ok is false when the id is not
// one of the translation's units now.
func (u *UnitIDs) Pos(id int) (pos int, ok bool) {
	for _, r := range u.Runs {
		if id >= r.ID && id < r.ID+r.Count {
			return u.KeyPos(r.Key + id - r.ID)
		}
	}
	return 0, false
}

// UnitTime is when the unit with id ID last changed, in Unix microseconds.
type UnitTime struct {
	ID   int
	When int64
}

// UnitTime returns when a unit of the translation last changed according to the
// history.
func (t *Translation) UnitTime(id int) (time.Time, bool) {
	ts := t.UnitTimes
	i := sort.Search(len(ts), func(i int) bool { return ts[i].ID >= id })
	if i == len(ts) || ts[i].ID != id {
		return time.Time{}, false
	}
	return time.UnixMicro(ts[i].When).UTC(), true
}

// unitRange is one run of unit ids of a translation.
type unitRange struct {
	first, count int
	t            *Translation
}

// indexUnits lists every translation's runs by first id, for Unit.
func (s *Snapshot) indexUnits() {
	s.units = s.units[:0]
	for _, p := range s.Projects {
		for _, c := range p.Components {
			for _, t := range c.Translations {
				for _, r := range t.UnitIDs.Runs {
					s.units = append(s.units, unitRange{r.ID, r.Count, t})
				}
			}
		}
	}
	sort.Slice(s.units, func(i, j int) bool { return s.units[i].first < s.units[j].first })
}

// Unit finds the translation and position of the unit with id id; t is nil when no
// translation of the snapshot holds it.
func (s *Snapshot) Unit(id int) (t *Translation, pos int) {
	i := sort.Search(len(s.units), func(i int) bool { return s.units[i].first+s.units[i].count > id })
	if i == len(s.units) || id < s.units[i].first {
		return nil, 0
	}
	t = s.units[i].t
	pos, ok := t.UnitIDs.Pos(id)
	if !ok {
		return nil, 0
	}
	return t, pos
}

// WithRuns returns u with runs as its runs.
func (u UnitIDs) WithRuns(runs []IDRun) UnitIDs {
	u.Runs = runs
	return u
}
