package changelog

import (
	"context"
	"sort"

	"github.com/gitlate/gitlate/internal/jsondoc"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Docs are changes' stored documents by id, as a store's Docs gives them.
type Docs map[int][]byte

// Docs calls fn with the documents of ids that d holds.
func (d Docs) Docs(_ context.Context, ids []int, fn func(id int, doc []byte)) error {
	for _, id := range ids {
		if b, ok := d[id]; ok {
			fn(id, b)
		}
	}
	return nil
}

// LogOf indexes changes made by hand (tests, tools) as a snapshot's log — Recent
// included — and encodes each as the change log stores it.
func LogOf(changes []*snapshot.Change) (*snapshot.ChangeLog, Docs) {
	chs := append([]*snapshot.Change(nil), changes...)
	sort.SliceStable(chs, func(i, j int) bool { return chs[i].ID < chs[j].ID })
	cl := &snapshot.ChangeLog{
		RecentByProject:     map[*snapshot.Project][]*snapshot.Change{},
		RecentByComponent:   map[*snapshot.Component][]*snapshot.Change{},
		RecentByTranslation: map[*snapshot.Translation][]*snapshot.Change{},
	}
	idx := map[any]int32{}
	ref := func(p any, add func() int32) int32 {
		if i, ok := idx[p]; ok {
			return i
		}
		i := add()
		idx[p] = i
		return i
	}
	docs := Docs{}
	var w jsondoc.Writer
	for _, ch := range chs {
		cl.IDs = append(cl.IDs, int32(ch.ID))
		cl.Times = append(cl.Times, ch.Timestamp.UnixMicro())
		cl.Actions = append(cl.Actions, uint8(ch.Action))
		cl.Projects = append(cl.Projects, ref(ch.Project, func() int32 {
			cl.ProjectTab = append(cl.ProjectTab, ch.Project)
			return int32(len(cl.ProjectTab) - 1)
		}))
		c, t, u := int32(-1), int32(-1), int32(-1)
		if ch.Component != nil {
			c = ref(ch.Component, func() int32 {
				cl.ComponentTab = append(cl.ComponentTab, ch.Component)
				return int32(len(cl.ComponentTab) - 1)
			})
		}
		if ch.Translation != nil {
			t = ref(ch.Translation, func() int32 {
				cl.TranslationTab = append(cl.TranslationTab, ch.Translation)
				return int32(len(cl.TranslationTab) - 1)
			})
		}
		if ch.User != nil {
			u = ref(ch.User, func() int32 {
				cl.UserTab = append(cl.UserTab, ch.User)
				return int32(len(cl.UserTab) - 1)
			})
		}
		cl.Components = append(cl.Components, c)
		cl.Translations = append(cl.Translations, t)
		cl.Users = append(cl.Users, u)
		cl.Units = append(cl.Units, int32(ch.UnitID))
		m := meta{when: ch.Timestamp.UnixMicro(), action: uint8(ch.Action), count: max(ch.Count, 1), target: ch.Target}
		docs[ch.ID] = encodeChange(&w, &m, ch.Component, ch.Translation, ch.UnitID, ch.User)
	}
	add := func(list []*snapshot.Change, ch *snapshot.Change) []*snapshot.Change {
		list = append(list, ch)
		if len(list) > snapshot.RecentN {
			list = list[1:]
		}
		return list
	}
	for _, ch := range chs {
		cl.RecentAll = add(cl.RecentAll, ch)
		cl.RecentByProject[ch.Project] = add(cl.RecentByProject[ch.Project], ch)
		if ch.Component != nil {
			cl.RecentByComponent[ch.Component] = add(cl.RecentByComponent[ch.Component], ch)
		}
		if ch.Translation != nil {
			cl.RecentByTranslation[ch.Translation] = add(cl.RecentByTranslation[ch.Translation], ch)
		}
	}
	return cl, docs
}

// Changes returns every change snap's log shows, whole — texts read from the store
// — in id order: what tests and tools compare, not what serving needs.
func (l *Log) Changes(ctx context.Context, snap *snapshot.Snapshot) ([]*snapshot.Change, error) {
	cl := snap.Log
	var ids []int
	for i := range cl.IDs {
		if cl.Visible(i) {
			ids = append(ids, int(cl.IDs[i]))
		}
	}
	details, err := l.readDetails(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]*snapshot.Change, 0, len(ids))
	for i := range cl.IDs {
		if !cl.Visible(i) {
			continue
		}
		d := details[int(cl.IDs[i])]
		if d == nil {
			d = &detail{count: 1}
		}
		u := cl.User(i)
		out = append(out, &snapshot.Change{ID: int(cl.IDs[i]), Timestamp: cl.Time(i), Action: cl.Action(i), Target: d.target, Count: d.count,
			Project: cl.Project(i), Component: cl.Component(i), Translation: cl.Translation(i), UnitID: int(cl.Units[i]), User: u, Author: u})
	}
	return out, nil
}
