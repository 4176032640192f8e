package changelog

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// recentWindow is how far back from a translation's last change recent_changes counts.
const recentWindow = 6 * time.Hour

// objects finds a scan's projects, components and translations by the names the
// log keeps (the snapshot's own lookups are made later, by Finish).
type objects struct {
	projects     map[string]*snapshot.Project
	components   map[string]*snapshot.Component // "project/component"
	translations map[*snapshot.Component]map[string]*snapshot.Translation
}

func objectsOf(res *scan.Result) *objects {
	o := &objects{projects: map[string]*snapshot.Project{}, components: map[string]*snapshot.Component{},
		translations: map[*snapshot.Component]map[string]*snapshot.Translation{}}
	for _, p := range res.Snapshot.Projects {
		o.projects[p.Config.Slug] = p
		for _, c := range p.Components {
			o.components[p.Config.Slug+"/"+c.Config.Slug] = c
			m := make(map[string]*snapshot.Translation, len(c.Translations))
			for _, t := range c.Translations {
				m[t.Language.Code] = t
			}
			o.translations[c] = m
		}
	}
	return o
}

// links says what a change of component c, language code and unit key number key
// links to now: its translation while it exists, its unit while the translation
// holds it.
func (o *objects) links(c *snapshot.Component, code string, key int) (*snapshot.Translation, int) {
	if c == nil || code == "" {
		return nil, 0
	}
	t := o.translations[c][code]
	if t == nil || key < 0 {
		return t, 0
	}
	if _, ok := t.UnitIDs.KeyPos(key); !ok {
		return t, 0
	}
	return t, t.UnitIDs.KeyID(key)
}

func linkBits(t *snapshot.Translation, unit int) uint8 {
	var b uint8
	if t != nil {
		b |= linkTranslation
	}
	if unit != 0 {
		b |= linkUnit
	}
	return b
}

// lastOf returns the walk information of a component: the walks of this build
// first, then what the store holds.
func (l *Log) lastOf(c *snapshot.Component, walked map[*snapshot.Component]*walkState) (map[string]lastChange, bool) {
	if st := walked[c]; st != nil {
		return st.Last, true
	}
	in := l.infos[scan.ComponentKey(c.Project.Config, c.Config)]
	if in == nil {
		return nil, false
	}
	return in.last, true
}

// users makes the users of a build, in the order they claim derived usernames:
// the translations' last authors, then every author in the order of the log (the
// stored changes shown, then the events about to be stored).
func (l *Log) users(res *scan.Result, walked map[*snapshot.Component]*walkState, batch []placed) *userTable {
	users := newUserTable(l.cfg.Authors)
	for _, p := range res.Snapshot.Projects {
		for _, c := range p.Components {
			last, ok := l.lastOf(c, walked)
			if !ok {
				continue
			}
			for _, t := range c.Translations {
				if lc, ok := last[t.Language.Code]; ok {
					users.user(lc.Name, lc.Email)
				}
			}
		}
	}
	// Each author at its first shown change: what a later one would claim is theirs
	// already, and the whole log is gone through at every start.
	b := &l.base
	vis := l.visibility(l.objs)
	seen := make([]bool, len(l.authorTab.list))
	for i := range b.ids {
		if a := b.authors[i]; a >= 0 && !seen[a] && vis.of(b, i) {
			seen[a] = true
			au := l.authorTab.list[a]
			users.user(au.name, au.email)
		}
	}
	for _, pl := range batch {
		if pl.ev.author.Email != "" || pl.ev.author.Name != "" {
			users.user(pl.ev.author.Name, pl.ev.author.Email)
		}
	}
	return users
}

// shown says whether a base change belongs to configured objects: whether each project and component the base names is
// configured, looked up once rather than by name for every change.
type shown struct{ projs, comps []bool }

func (l *Log) visibility(o *objects) shown {
	v := shown{projs: make([]bool, len(l.projTab.list)), comps: make([]bool, len(l.compTab.list))}
	for i, slug := range l.projTab.list {
		v.projs[i] = o.projects[slug] != nil
	}
	for i, key := range l.compTab.list {
		v.comps[i] = o.components[key] != nil
	}
	return v
}

func (v shown) of(b *base, i int) bool {
	return v.projs[b.projs[i]] && (b.comps[i] < 0 || v.comps[b.comps[i]])
}

// record makes the stored form of an event a walk found.
func (l *Log) record(pl placed, keyNos map[string]int, users *userTable) store.Record {
	ev := pl.ev
	m := meta{when: ev.when.UnixMicro(), action: uint8(ev.action), count: max(ev.count, 1), project: pl.proj.Config.Slug,
		lang: ev.lang, key: -1, name: ev.author.Name, email: ev.author.Email, target: ev.target}
	var t *snapshot.Translation
	unit := 0
	if pl.comp != nil {
		m.component = pl.comp.Config.Slug
		if ev.unitKey != "" {
			if n, ok := keyNos[ev.unitKey]; ok {
				m.key = n
			}
		}
		t, unit = l.objs.links(pl.comp, ev.lang, m.key)
	}
	var u *snapshot.User
	if m.name != "" || m.email != "" {
		u = users.user(m.name, m.email)
		m.username = u.Username
	}
	m.links = linkBits(t, unit)
	return store.Record{Key: changeKey(pl), Scope: scopeOf(pl), Meta: m.encode(), Doc: encodeChange(&l.w, &m, pl.comp, t, unit, u)}
}

// scopeOf is what a change belongs to: its component, or its project.
func scopeOf(pl placed) string {
	if pl.comp != nil {
		return scan.ComponentKey(pl.proj.Config, pl.comp.Config)
	}
	return pl.proj.Config.Slug
}

// publish gives the snapshot its log: the index over the base, the users, the
// translations' last changes and recent_changes, the units' times and the recent
// changes pages show. Stored changes whose links or author's username no longer
// match what the snapshot has are encoded again. The error is the store's, which
// leaves recent changes without their texts or changes encoded as they were.
func (l *Log) publish(ctx context.Context, res *scan.Result) error {
	snap := res.Snapshot
	o := l.objs
	b := &l.base
	n := b.len()
	users := l.users(res, nil, nil)
	cl := &snapshot.ChangeLog{
		IDs: b.ids[:n:n], Times: b.times[:n:n], Actions: b.actions[:n:n], Projects: b.projs[:n:n],
		Components: b.comps[:n:n], Users: b.authors[:n:n], Seq: b.seq,
		Translations: make([]int32, n), Units: make([]int32, n),
	}
	cl.ProjectTab = make([]*snapshot.Project, len(l.projTab.list))
	for i, slug := range l.projTab.list {
		cl.ProjectTab[i] = o.projects[slug]
	}
	cl.ComponentTab = make([]*snapshot.Component, len(l.compTab.list))
	for i, key := range l.compTab.list {
		cl.ComponentTab[i] = o.components[key]
	}
	cl.UserTab = make([]*snapshot.User, len(l.authorTab.list))
	for i, a := range l.authorTab.list {
		cl.UserTab[i] = users.user(a.name, a.email)
	}
	// The log comes in runs of one translation's changes (a commit's file, a
	// walk's batch): the translation of the run before is looked up again only
	// when the run changes. Each translation's units' times are kept by position
	// (a position holds one key number, which has one id) rather than in a map.
	type tInfo struct {
		idx   int32
		times []int64 // by position; 0 where has is false
		has   []bool
	}
	tInfos := map[*snapshot.Translation]*tInfo{}
	var tOrder []*snapshot.Translation
	prevComp, prevLang := int32(-2), int32(-2)
	var prevT *snapshot.Translation
	var prevInfo *tInfo
	var flips []int
	for i := range n {
		cl.Translations[i] = -1
		if !cl.Visible(i) {
			cl.Hidden++
			continue
		}
		if b.comps[i] != prevComp || b.langs[i] != prevLang {
			prevComp, prevLang = b.comps[i], b.langs[i]
			lang := ""
			if b.langs[i] >= 0 {
				lang = l.langTab.list[b.langs[i]]
			}
			prevT, _ = o.links(cl.Component(i), lang, -1)
			prevInfo = nil
			if prevT != nil {
				prevInfo = tInfos[prevT]
				if prevInfo == nil {
					prevInfo = &tInfo{idx: int32(len(cl.TranslationTab))}
					cl.TranslationTab = append(cl.TranslationTab, prevT)
					tInfos[prevT] = prevInfo
				}
			}
		}
		t := prevT
		unit, pos := 0, 0
		if t != nil {
			cl.Translations[i] = prevInfo.idx
			if key := int(b.keys[i]); key >= 0 {
				var ok bool
				if pos, ok = t.UnitIDs.KeyPos(key); ok {
					unit = t.UnitIDs.KeyID(key)
				}
			}
		}
		cl.Units[i] = int32(unit)
		username := ""
		if u := cl.User(i); u != nil {
			username = u.Username
		}
		encoded := ""
		if b.unames[i] >= 0 {
			encoded = l.unameTab.list[b.unames[i]]
		}
		if linkBits(t, unit) != b.links[i] || username != encoded {
			flips = append(flips, int(b.ids[i]))
		}
		switch weblate.Action(b.actions[i]) {
		case weblate.ActionNew, weblate.ActionChange, weblate.ActionSourceChange:
			if unit != 0 {
				ti := prevInfo
				if ti.times == nil {
					ti.times, ti.has = make([]int64, t.UnitIDs.Len()), make([]bool, t.UnitIDs.Len())
					tOrder = append(tOrder, t)
				}
				ti.has[pos] = true
				ti.times[pos] = max(ti.times[pos], b.times[i])
			}
		}
	}
	for _, t := range tOrder {
		ti := tInfos[t]
		var ts []snapshot.UnitTime
		for pos, ok := range ti.has {
			if ok {
				ts = append(ts, snapshot.UnitTime{ID: t.UnitIDs.ID(pos), When: ti.times[pos]})
			}
		}
		sort.Slice(ts, func(i, j int) bool { return ts[i].ID < ts[j].ID })
		l.hist.UnitTimes[t] = ts
	}
	l.applyLast(snap, cl, users)
	err := l.recent(ctx, cl)
	l.hist.Users, l.hist.Log = users.list, cl
	if len(flips) > 0 {
		err = errors.Join(err, l.reencode(ctx, flips, o, cl))
	}
	return err
}

// applyLast sets last_change, last_author and recent_changes of the translations:
// the newest change of a unit the walk saw, and the content changes (2, 5) in the
// six hours up to it.
func (l *Log) applyLast(snap *snapshot.Snapshot, cl *snapshot.ChangeLog, users *userTable) {
	type window struct{ from, to int64 }
	windows := map[*snapshot.Translation]window{}
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			last, ok := l.lastOf(c, nil)
			if !ok {
				continue
			}
			for _, t := range c.Translations {
				lc, ok := last[t.Language.Code]
				if !ok {
					continue
				}
				l.hist.Lasts[t] = snapshot.LastChange{When: lc.time(), Author: users.user(lc.Name, lc.Email).FullName}
				windows[t] = window{lc.When - recentWindow.Microseconds(), lc.When}
			}
		}
	}
	if len(windows) == 0 {
		return
	}
	for i := range cl.IDs {
		a := weblate.Action(cl.Actions[i])
		if a != weblate.ActionNew && a != weblate.ActionChange {
			continue
		}
		t := cl.Translation(i)
		if t == nil {
			continue
		}
		if w, ok := windows[t]; ok && cl.Times[i] > w.from && cl.Times[i] <= w.to {
			lc := l.hist.Lasts[t]
			lc.Recent++
			l.hist.Lasts[t] = lc
		}
	}
}

// recent keeps whole the newest changes of the installation and of each project,
// component and translation, which pages show with their texts (without them when
// the store cannot give them: its error).
func (l *Log) recent(ctx context.Context, cl *snapshot.ChangeLog) error {
	cl.RecentByProject = map[*snapshot.Project][]*snapshot.Change{}
	cl.RecentByComponent = map[*snapshot.Component][]*snapshot.Change{}
	cl.RecentByTranslation = map[*snapshot.Translation][]*snapshot.Change{}
	var want []int // positions, newest first
	// First the positions, so the texts are read from the store in one go. The
	// counts are kept by the log's table numbers (one object each), not in maps:
	// the whole log is gone through.
	all := 0
	cp, cc, ct := make([]int, len(cl.ProjectTab)), make([]int, len(cl.ComponentTab)), make([]int, len(cl.TranslationTab))
	for i := len(cl.IDs) - 1; i >= 0; i-- {
		if !cl.Visible(i) {
			continue
		}
		p, c, t := cl.Projects[i], cl.Components[i], cl.Translations[i]
		k := all < snapshot.RecentN || cp[p] < snapshot.RecentN ||
			(c >= 0 && cc[c] < snapshot.RecentN) || (t >= 0 && ct[t] < snapshot.RecentN)
		if !k {
			continue
		}
		want = append(want, i)
		all++
		cp[p]++
		if c >= 0 {
			cc[c]++
		}
		if t >= 0 {
			ct[t]++
		}
	}
	var missing []int
	used := make(map[int32]*detail, len(want))
	for _, i := range want {
		id := cl.IDs[i]
		if d := l.details[id]; d != nil {
			used[id] = d
		} else {
			missing = append(missing, int(id))
		}
	}
	var err error
	if len(missing) > 0 {
		var got map[int]*detail
		got, err = l.readDetails(ctx, missing)
		for id, d := range got {
			used[int32(id)] = d
		}
	}
	l.details = used
	add := func(list []*snapshot.Change, ch *snapshot.Change) []*snapshot.Change {
		if len(list) < snapshot.RecentN {
			list = append(list, ch)
		}
		return list
	}
	for _, i := range want {
		d := used[cl.IDs[i]]
		if d == nil {
			continue // the store cannot be read now: shown once it can
		}
		u := cl.User(i)
		ch := &snapshot.Change{ID: int(cl.IDs[i]), Timestamp: cl.Time(i), Action: cl.Action(i), Target: d.target, Count: d.count,
			Project: cl.Project(i), Component: cl.Component(i), Translation: cl.Translation(i), UnitID: int(cl.Units[i]), User: u, Author: u}
		cl.RecentAll = add(cl.RecentAll, ch)
		cl.RecentByProject[ch.Project] = add(cl.RecentByProject[ch.Project], ch)
		if ch.Component != nil {
			cl.RecentByComponent[ch.Component] = add(cl.RecentByComponent[ch.Component], ch)
		}
		if ch.Translation != nil {
			cl.RecentByTranslation[ch.Translation] = add(cl.RecentByTranslation[ch.Translation], ch)
		}
	}
	// Oldest first, as the log lists them.
	reverse(cl.RecentAll)
	for _, m := range []any{cl.RecentByProject, cl.RecentByComponent, cl.RecentByTranslation} {
		switch m := m.(type) {
		case map[*snapshot.Project][]*snapshot.Change:
			for _, v := range m {
				reverse(v)
			}
		case map[*snapshot.Component][]*snapshot.Change:
			for _, v := range m {
				reverse(v)
			}
		case map[*snapshot.Translation][]*snapshot.Change:
			for _, v := range m {
				reverse(v)
			}
		}
	}
	return err
}

func reverse(s []*snapshot.Change) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// reencode writes again the stored changes (by id) whose JSON no longer matches
// what the snapshot links: a translation or unit gone or back, an author's
// username changed.
func (l *Log) reencode(ctx context.Context, ids []int, o *objects, cl *snapshot.ChangeLog) error {
	var rewrite []store.Record
	targets := map[int]string{}
	err := l.st.Docs(ctx, ids, func(id int, doc []byte) {
		targets[id], _ = docTarget(doc)
	})
	if err != nil {
		return fmt.Errorf("encoding %d changes again whose links changed: %w", len(ids), err)
	}
	err = l.st.Metas(ctx, ids, func(id int, raw []byte) {
		m, err := decodeMeta(raw)
		if err != nil {
			return
		}
		m.target = targets[id]
		i, ok := cl.Find(id)
		if !ok {
			return
		}
		c, t, unit, u := cl.Component(i), cl.Translation(i), int(cl.Units[i]), cl.User(i)
		m.links = linkBits(t, unit)
		m.username = ""
		if u != nil {
			m.username = u.Username
		}
		rewrite = append(rewrite, store.Record{ID: id, Meta: m.encode(), Doc: encodeChange(&l.w, &m, c, t, unit, u)})
	})
	if err == nil && len(rewrite) > 0 {
		_, err = l.st.Commit(ctx, &store.Commit{Rewrite: rewrite})
	}
	if err != nil {
		return fmt.Errorf("encoding %d changes again whose links changed: %w", len(ids), err)
	}
	return nil
}
