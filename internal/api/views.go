package api

import (
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/conditional"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// views holds every document of one snapshot, rendered once, before the snapshot is
// served (Server.Prepare). Requests only fill in their base URL.
type views struct {
	snap   *snapshot.Snapshot
	reader Reader // nil: no units, no files
	log    *slog.Logger
	// generation tells these views from those of every other snapshot the server
	// rendered: the key of their kept answers (answers.go).
	generation uint64

	languages    map[*lang.Language]*doc
	projects     map[*snapshot.Project]*projectViews
	components   map[*snapshot.Component]*componentViews
	translations map[*snapshot.Translation]*translationViews
	langStats    map[*snapshot.LanguageEntry]*doc
	users        map[*snapshot.User]*doc
	userStats    map[*snapshot.User]*doc

	// Lists over the whole installation, in id order.
	projectList     []*doc
	componentList   []*doc
	translationList []*doc
	languageList    []*doc
	userList        []*doc

	// /api/units/ lists the units of every translation in translation id order:
	// unitTranslations are the translations in that order, unitStarts[i] the offset
	// of translation i's first unit (unitStarts[len] is the count), so a page finds
	// the few translations it must read without looking at the others.
	unitTranslations []*snapshot.Translation
	unitStarts       []int
	// unreadable notes the translations whose units could not be read, so each is
	// logged once per snapshot, not at every page that touches it.
	unreadable sync.Map // *snapshot.Translation → struct{}

	// What projects.yaml declares besides files, and the metrics (extras.go).
	addonList  []*doc // id order
	addonIndex map[int]*doc
	links      map[*snapshot.Component][]*doc // projects shared into, id order
	metrics    *doc
	// Files made on first request (files.go): those of translations that have none,
	// and the components' archives.
	gen  lazy[*snapshot.Translation]
	zips lazy[*snapshot.Component]
	// modified is the Last-Modified of the answers; gz keeps compressed answers
	// (conditional.go).
	modified conditional.LastModified
	gz       gzCache
	// Searches over units (unitsearch.go): their results, and the change log's
	// content changes by unit, indexed when a query first asks for changed:.
	searches      searches
	changesOnce   sync.Once
	changesByUnit map[int][]time.Time
}

type projectViews struct {
	detail     *doc
	stats      *doc
	languages  *doc // the bare array
	components []*doc
}

type componentViews struct {
	detail       *doc // with project
	item         *doc // without project
	lock         *doc
	stats        []*doc
	translations []*doc
	// c and project, source are what detail and item were made of, besides c's
	// configuration: the next views reuse them while these stay the same.
	c               *snapshot.Component
	project, source *doc
}

type translationViews struct {
	detail *doc // with component
	item   *doc // without component
	stats  *doc
	// t and component, language are what the documents were made of: the next
	// views reuse them while these stay the same.
	t                   *snapshot.Translation
	component, language *doc
}

// A rebuild after an edit changes a component or two of hundreds: the documents
// of the others, and of their translations, are those of the views before, when
// everything they are made of is the same (compared below, field by field of what
// writeProject, writeComponent, writeTranslation and writeStats read; the
// configuration is read once, so the same pointer is the same settings).
// Sums over a project, a language or everything are rendered again.

// sameProject says p's detail renders as prev's.
func sameProject(p, prev *snapshot.Project) bool {
	return prev != nil && p.Config == prev.Config && p.ID == prev.ID
}

// reusedComponent returns the views of the previous snapshot's c, when they show
// the same as c's with the given project and source language documents would.
func (prev *views) reusedComponent(c *snapshot.Component, project, source *doc) *componentViews {
	if prev == nil {
		return nil
	}
	pp := prev.snap.Project(c.Project.Config.Slug)
	if pp == nil {
		return nil
	}
	pc := pp.Component(c.Config.Slug)
	cv := prev.components[pc]
	if cv == nil || cv.project != project || cv.source != source || pc.Config != c.Config || pc.ID != c.ID ||
		pc.Repo.Branch != c.Repo.Branch || len(pc.Addons) != len(c.Addons) {
		return nil
	}
	for i, a := range c.Addons {
		if pc.Addons[i].ID != a.ID {
			return nil
		}
	}
	return cv
}

// reusedTranslation returns the views of the translation of the previous
// snapshot in t's place, when they show the same as t's with the given
// component and language documents would.
func (prev *views) reusedTranslation(pc *snapshot.Component, t *snapshot.Translation, component, language *doc) *translationViews {
	if pc == nil {
		return nil
	}
	tv := prev.translations[pc.Translation(t.Language.Code)]
	if tv == nil || tv.component != component || tv.language != language {
		return nil
	}
	o := tv.t
	if o.Language != t.Language || o.ID != t.ID || o.LanguageCode != t.LanguageCode || o.Filename != t.Filename ||
		o.Blob != t.Blob || o.TemplateBlob != t.TemplateBlob || o.IsTemplate != t.IsTemplate || o.IsSource != t.IsSource ||
		o.Stats != t.Stats {
		return nil
	}
	return tv
}

// encoders are reused: done copies each document out, so an encoder's buffers serve
// the next one (a snapshot's views are tens of thousands of documents).
var encoders = sync.Pool{New: func() any { return new(enc) }}

func render(f func(e *enc)) *doc {
	e := encoders.Get().(*enc)
	f(e)
	d := e.done()
	encoders.Put(e)
	return d
}

// buildViews renders the views of snap; prev (nil: none) are the views of an
// earlier snapshot, whose documents are reused where they show the same.
func buildViews(snap *snapshot.Snapshot, reader Reader, log *slog.Logger, prev *views) *views {
	v := &views{
		snap:         snap,
		reader:       reader,
		log:          log,
		languages:    map[*lang.Language]*doc{},
		projects:     map[*snapshot.Project]*projectViews{},
		components:   map[*snapshot.Component]*componentViews{},
		translations: map[*snapshot.Translation]*translationViews{},
		langStats:    map[*snapshot.LanguageEntry]*doc{},
		users:        map[*snapshot.User]*doc{},
	}
	language := func(l *lang.Language) *doc {
		d := v.languages[l]
		if d == nil && prev != nil {
			d = prev.languages[l] // a language renders the same in every snapshot
		}
		if d == nil {
			d = render(func(e *enc) { writeLanguage(e, l) })
		}
		v.languages[l] = d
		return d
	}
	for _, p := range snap.Projects {
		var pp *snapshot.Project
		if prev != nil {
			pp = prev.snap.Project(p.Config.Slug)
		}
		pv := &projectViews{
			stats: render(func(e *enc) { writeStats(e, &p.Stats, statsTail{name: p.Config.Name, web: p.WebPath()}) }),
		}
		if sameProject(p, pp) {
			pv.detail = prev.projects[pp].detail
		} else {
			pv.detail = render(func(e *enc) { writeProject(e, p) })
		}
		pv.languages = render(func(e *enc) {
			e.Arr()
			for _, pl := range p.Languages {
				writeProjectLanguage(e, pl)
			}
			e.EndArr()
		})
		v.projects[p] = pv
		v.projectList = append(v.projectList, pv.detail)
		for _, c := range p.Components {
			src := language(c.SourceLanguage)
			cv := &componentViews{c: c, project: pv.detail, source: src, lock: lockDoc(c.Config.Locked)}
			var pc *snapshot.Component
			if old := prev.reusedComponent(c, pv.detail, src); old != nil {
				cv.detail, cv.item, pc = old.detail, old.item, old.c
			} else {
				cv.detail = render(func(e *enc) { writeComponent(e, c, src, pv.detail) })
				cv.item = render(func(e *enc) { writeComponent(e, c, src, nil) })
			}
			v.components[c] = cv
			pv.components = append(pv.components, cv.item)
			v.componentList = append(v.componentList, cv.detail)
			for _, t := range c.Translations {
				l := language(t.Language)
				tv := &translationViews{t: t, component: cv.detail, language: l}
				if old := prev.reusedTranslation(pc, t, cv.detail, l); old != nil {
					tv.detail, tv.item, tv.stats = old.detail, old.item, old.stats
				} else {
					tv.detail = render(func(e *enc) { writeTranslation(e, t, l, cv.detail) })
					tv.item = render(func(e *enc) { writeTranslation(e, t, l, nil) })
					tv.stats = render(func(e *enc) { writeStats(e, &t.Stats, translationStatsTail(t)) })
				}
				v.translations[t] = tv
				cv.stats = append(cv.stats, tv.stats)
				cv.translations = append(cv.translations, tv.item)
				v.translationList = append(v.translationList, tv.detail)
			}
		}
	}
	for _, le := range snap.Languages {
		v.languageList = append(v.languageList, language(le.Language))
		v.langStats[le] = render(func(e *enc) {
			writeStats(e, &le.Stats, statsTail{name: le.Language.Name, web: snapshot.LanguageWebPath(le.Language)})
		})
	}
	for _, u := range snap.Users {
		d := render(func(e *enc) { writeUser(e, u) })
		v.users[u] = d
		v.userList = append(v.userList, d)
	}
	v.buildUserStats()
	v.buildExtras()
	v.sortByID()
	return v
}

// buildUserStats renders each user's statistics (Weblate's UserViewSet.statistics):
// translated counts the user's 5 New translation and 2 Translation changed in the
// log, languages the distinct languages of those (a change of a translation since
// removed names none); git holds no suggestions, uploads or comments.
func (v *views) buildUserStats() {
	type counts struct {
		translated int
		languages  map[string]bool
	}
	byUser := map[*snapshot.User]*counts{}
	log := v.snap.Log
	for i := range log.IDs {
		a := log.Action(i)
		u := log.User(i)
		if u == nil || (a != 5 && a != 2) || !log.Visible(i) {
			continue
		}
		c := byUser[u]
		if c == nil {
			c = &counts{languages: map[string]bool{}}
			byUser[u] = c
		}
		c.translated++
		if t := log.Translation(i); t != nil {
			c.languages[t.Language.Code] = true
		}
	}
	v.userStats = make(map[*snapshot.User]*doc, len(v.snap.Users))
	for _, u := range v.snap.Users {
		c := byUser[u]
		if c == nil {
			c = &counts{}
		}
		v.userStats[u] = render(func(e *enc) {
			e.Obj()
			e.Key("translated")
			e.Int(int64(c.translated))
			e.Key("suggested")
			e.Int(0)
			e.Key("uploaded")
			e.Int(0)
			e.Key("commented")
			e.Int(0)
			e.Key("languages")
			e.Int(int64(len(c.languages)))
			e.End()
		})
	}
}

// sortByID orders the installation-wide lists by id, as Weblate lists them: ids come
// from a store that keeps them across config edits, so config order may differ.
func (v *views) sortByID() {
	var ps []*snapshot.Project
	var cs []*snapshot.Component
	var ts []*snapshot.Translation
	for _, p := range v.snap.Projects {
		ps = append(ps, p)
		for _, c := range p.Components {
			cs = append(cs, c)
			ts = append(ts, c.Translations...)
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].ID < ps[j].ID })
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].ID < ts[j].ID })
	for i, p := range ps {
		v.projectList[i] = v.projects[p].detail
	}
	for i, c := range cs {
		v.componentList[i] = v.components[c].detail
	}
	for i, t := range ts {
		v.translationList[i] = v.translations[t].detail
	}
	v.unitTranslations = ts
	v.unitStarts = make([]int, len(ts)+1)
	for i, t := range ts {
		v.unitStarts[i+1] = v.unitStarts[i] + t.Stats.Total
	}
}

// lockDocs are the two lock answers; components share them.
var lockDocs = [2]*doc{
	render(func(e *enc) { e.Obj(); e.Key("locked"); e.Bool(false); e.End() }),
	render(func(e *enc) { e.Obj(); e.Key("locked"); e.Bool(true); e.End() }),
}

func lockDoc(locked bool) *doc {
	if locked {
		return lockDocs[1]
	}
	return lockDocs[0]
}
