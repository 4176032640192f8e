package changelog

import (
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
	b.ids = append(b.ids, r.id)
	b.times = append(b.times, r.when)
	b.actions = append(b.actions, r.action)
	b.projs = append(b.projs, r.proj)
	b.comps = append(b.comps, r.comp)
	b.langs = append(b.langs, r.lang)
	b.keys = append(b.keys, r.key)
	b.authors = append(b.authors, r.author)
	b.unames = append(b.unames, r.uname)
	b.links = append(b.links, r.links)
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

func (t *interner[K]) optional(k K, zero K) int32 {
	if k == zero {
		return -1
	}
	return t.id(k)
}

// rowOf makes the base entry of a stored change.
func (l *Log) rowOf(id int, m *meta) row {
	r := row{id: int32(id), when: m.when, action: m.action, key: int32(m.key), links: m.links}
	r.proj = l.projTab.id(m.project)
	r.comp = -1
	if m.component != "" {
		r.comp = l.compTab.id(m.project + "/" + m.component)
	}
	r.lang = l.langTab.optional(m.lang, "")
	r.author = -1
	if m.name != "" || m.email != "" {
		r.author = l.authorTab.id(author{m.name, m.email})
	}
	r.uname = l.unameTab.optional(m.username, "")
	return r
}

// sync reads what commits touched since the base was last brought up to date: new
// changes are appended; removed, revived and rewritten ones make new columns.
func (l *Log) sync() error {
	type update struct {
		id   int
		gone bool
		r    row
	}
	var ups []update
	last, err := l.st.Changes(l.base.seq, func(r *store.Record) error {
		if r.Gone {
			ups = append(ups, update{id: r.ID, gone: true})
			return nil
		}
		m, err := decodeMeta(r.Meta, false)
		if err != nil {
			l.opts.Logger.Warn("a stored change cannot be read; it is not shown", "id", r.ID, "err", err)
			ups = append(ups, update{id: r.ID, gone: true})
			return nil
		}
		ups = append(ups, update{id: r.ID, r: l.rowOf(r.ID, &m)})
		return nil
	})
	if err != nil {
		return err
	}
	b := &l.base
	appendOnly := true
	prev := int32(0)
	if n := b.len(); n > 0 {
		prev = b.ids[n-1]
	}
	for _, u := range ups {
		if u.gone || int32(u.id) <= prev {
			appendOnly = false
			break
		}
		prev = int32(u.id)
	}
	if appendOnly {
		for _, u := range ups {
			b.append(u.r)
		}
		b.seq = last
		return nil
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
	return nil
}
