package changelog

import (
	"context"
	"errors"
	"sort"

	"github.com/gitlate/gitlate/internal/store"
)

// base is the log as the store holds it, kept in memory as columns (a few dozen
// bytes a change) and brought up to date from the store's list of what commits
// touched: what every snapshot's index is made from. Columns are appended to in
// place (snapshots only read the part they were made with) and copied when an entry
// in the middle changes.
type base struct {
	ids     []int32
	times   []int64
	actions []uint8
	projs   []int32 // l.projTab
	comps   []int32 // l.compTab, -1
	langs   []int32 // l.langTab, -1
	keys    []int32 // unit key number, -1
	authors []int32 // l.authorTab, -1
	unames  []int32 // l.unameTab: the username the stored JSON shows, -1
	links   []uint8 // what the stored JSON links
	seq     int64
}

func (b *base) len() int { return len(b.ids) }

// row is one entry of base.
type row struct {
	id                                   int32
	when                                 int64
	action                               uint8
	proj, comp, lang, key, author, uname int32
	links                                uint8
}

func (b *base) row(i int) row {
	return row{b.ids[i], b.times[i], b.actions[i], b.projs[i], b.comps[i], b.langs[i], b.keys[i], b.authors[i], b.unames[i], b.links[i]}
}

func (b *base) append(r row) {
	b.ids = grow(b.ids, r.id)
	b.times = grow(b.times, r.when)
	b.actions = grow(b.actions, r.action)
	b.projs = grow(b.projs, r.proj)
	b.comps = grow(b.comps, r.comp)
	b.langs = grow(b.langs, r.lang)
	b.keys = grow(b.keys, r.key)
	b.authors = grow(b.authors, r.author)
	b.unames = grow(b.unames, r.uname)
	b.links = grow(b.links, r.links)
}

// grow appends v, doubling a full column: append grows large slices by a quarter,
// which copies a million-change column a dozen times more as a start reads it.
func grow[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		n := make([]T, len(s), max(2*cap(s), 1024))
		copy(n, s)
		s = n
	}
	return append(s, v)
}

// find returns the position of id.
func (b *base) find(id int) (int, bool) {
	i := sort.Search(len(b.ids), func(i int) bool { return int(b.ids[i]) >= id })
	return i, i < len(b.ids) && int(b.ids[i]) == id
}

// author is a commit author as the log names them.
type author struct{ name, email string }

// interner numbers strings in the order it first sees them.
type interner[K comparable] struct {
	list []K
	idx  map[K]int32
	raw  map[string]int32 // by the bytes a stored meta holds the key as
	// last is the key bytesID gave last, and its number: the log comes in runs
	// of one component's, one language's, one author's changes.
	last   []byte
	lastID int32
	hasID  bool
}

func (t *interner[K]) id(k K) int32 {
	if i, ok := t.idx[k]; ok {
		return i
	}
	if t.idx == nil {
		t.idx = map[K]int32{}
	}
	i := int32(len(t.list))
	t.list = append(t.list, k)
	t.idx[k] = i
	return i
}

// bytesID is id for a key given as bytes, allocating only for a new one.
func (t *interner[K]) bytesID(b []byte, make func() K) int32 {
	if t.hasID && string(b) == string(t.last) {
		return t.lastID
	}
	i, ok := t.raw[string(b)]
	if !ok {
		if t.raw == nil {
			t.raw = map[string]int32{}
		}
		i = t.id(make())
		t.raw[string(b)] = i
	}
	t.last, t.lastID, t.hasID = append(t.last[:0], b...), i, true
	return i
}

// rowOfMeta makes the base entry of a stored change straight from its meta,
// without the garbage decodeMeta leaves: the whole log is read at every start.
func (l *Log) rowOfMeta(id int, b []byte) (row, error) {
	if len(b) < 3 || b[0] != metaVersion {
		return row{}, errMeta
	}
	r := row{id: int32(id), action: b[1], links: b[2]}
	mr := metaReader{b: b[3:]}
	r.when = mr.varint()
	mr.uvarint() // count
	r.key = int32(mr.varint())
	// seg returns the bytes of the next n (at most 2) strings (their lengths
	// included), and the strings' own bytes: no allocation, a million changes are
	// read at a start.
	seg := func(n int) ([]byte, [2][]byte) {
		start := mr.b
		var parts [2][]byte
		for k := range n {
			l := mr.uvarint()
			if mr.err != nil || l > uint64(len(mr.b)) {
				mr.err = errMeta
				return nil, [2][]byte{}
			}
			parts[k] = mr.b[:l]
			mr.b = mr.b[l:]
		}
		return start[:len(start)-len(mr.b)], parts
	}
	pc, p := seg(2)
	if mr.err != nil {
		return row{}, mr.err
	}
	r.proj = l.projTab.bytesID(p[0], func() string { return string(p[0]) })
	r.comp = -1
	if len(p[1]) > 0 {
		r.comp = l.compTab.bytesID(pc, func() string { return string(p[0]) + "/" + string(p[1]) })
	}
	_, lg := seg(1)
	r.lang = -1
	if len(lg[0]) > 0 {
		r.lang = l.langTab.bytesID(lg[0], func() string { return string(lg[0]) })
	}
	ae, a := seg(2)
	r.author = -1
	if len(a[0]) > 0 || len(a[1]) > 0 {
		r.author = l.authorTab.bytesID(ae, func() author { return author{string(a[0]), string(a[1])} })
	}
	_, u := seg(1)
	r.uname = -1
	if len(u[0]) > 0 {
		r.uname = l.unameTab.bytesID(u[0], func() string { return string(u[0]) })
	}
	return r, mr.err
}

// sync reads what commits touched since the base was last brought up to date: new
// changes are appended; removed, revived and rewritten ones make new columns. What
// a shared store's local copy gives while the shared one is away is read like the
// rest, and the store's error returned.
func (l *Log) sync(ctx context.Context) error {
	type update struct {
		id   int
		gone bool
		r    row
	}
	var ups []update
	b := &l.base
	// New changes come in id order after every one read: appended as they come,
	// until one that is not (a removal, a change in the middle).
	appending := true
	last, err := l.st.Changes(ctx, b.seq, func(r *store.Record) error {
		l.handled++
		u := update{id: r.ID, gone: r.Gone}
		if !r.Gone {
			var err error
			if u.r, err = l.rowOfMeta(r.ID, r.Meta); err != nil {
				l.opts.Logger.Warn("a stored change cannot be read; it is not shown", "id", r.ID, "err", err)
				u.gone = true
			}
		}
		if appending && !u.gone && (b.len() == 0 || int32(u.id) > b.ids[b.len()-1]) {
			b.append(u.r)
			return nil
		}
		appending = false
		ups = append(ups, u)
		return nil
	})
	if err != nil && !errors.Is(err, store.ErrStale) {
		return err
	}
	stale := err
	if len(ups) == 0 {
		b.seq = last
		return stale
	}
	// Something in the middle changed: new columns, merged in id order.
	byID := make(map[int]*update, len(ups))
	for i := range ups {
		byID[ups[i].id] = &ups[i]
	}
	var fresh []row
	for id, u := range byID {
		if _, ok := b.find(id); !ok && !u.gone {
			fresh = append(fresh, u.r)
		}
	}
	sort.Slice(fresh, func(i, j int) bool { return fresh[i].id < fresh[j].id })
	nb := base{seq: last}
	j := 0
	for i := 0; i < b.len(); i++ {
		id := b.ids[i]
		for j < len(fresh) && fresh[j].id < id {
			nb.append(fresh[j])
			j++
		}
		if u := byID[int(id)]; u != nil {
			if !u.gone {
				nb.append(u.r)
			}
			continue
		}
		nb.append(b.row(i))
	}
	for ; j < len(fresh); j++ {
		nb.append(fresh[j])
	}
	l.base = nb
	return stale
}
