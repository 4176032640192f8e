package snapshot

import (
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

// ChangeLog is a snapshot's change log as columns — one entry per change, in id
// order (which follows time) — and tables the columns index: what filters and
// pagination need, a few dozen bytes a change. The changes' JSON and texts stay in
// the store; the few changes pages show as text (Recent) are kept whole.
//
// Columns may be shared with other snapshots' logs: nothing changes them once a
// snapshot is served.
type ChangeLog struct {
	IDs     []int32
	Times   []int64 // Unix microseconds
	Actions []uint8 // weblate.Action
	// Projects, Components and Users index ProjectTab, ComponentTab and UserTab
	// (-1: none); a table entry that is nil is an object the configuration no longer
	// has, whose changes are not shown.
	Projects, Components, Users []int32
	// Translations index TranslationTab (-1: none, or no longer there).
	Translations []int32
	// Units are the changes' unit ids (0: none, or no longer there).
	Units []int32

	ProjectTab     []*Project
	ComponentTab   []*Component
	UserTab        []*User
	TranslationTab []*Translation

	// Hidden counts the changes of objects no longer configured.
	Hidden int
	// Seq is the store's version of the log the columns were read at.
	Seq int64

	// RecentAll and the Recent* maps hold the newest changes (up to RecentN each)
	// of the installation, of each project, component and translation, oldest first.
	RecentAll           []*Change
	RecentByProject     map[*Project][]*Change
	RecentByComponent   map[*Component][]*Change
	RecentByTranslation map[*Translation][]*Change
}

// RecentN is how many changes Recent keeps of each object.
const RecentN = 10

// Len is the number of changes the log shows.
func (l *ChangeLog) Len() int { return len(l.IDs) - l.Hidden }

// Visible reports whether the change at position i is shown: its project (and
// component, if any) are configured.
func (l *ChangeLog) Visible(i int) bool {
	if p := l.Projects[i]; p < 0 || l.ProjectTab[p] == nil {
		return false
	}
	if c := l.Components[i]; c >= 0 && l.ComponentTab[c] == nil {
		return false
	}
	return true
}

// Find returns the position of the change with id id.
func (l *ChangeLog) Find(id int) (int, bool) {
	lo, hi := 0, len(l.IDs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(l.IDs[m]) < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(l.IDs) && int(l.IDs[lo]) == id && l.Visible(lo) {
		return lo, true
	}
	return 0, false
}

// Action returns the action of the change at position i.
func (l *ChangeLog) Action(i int) weblate.Action { return weblate.Action(l.Actions[i]) }

// Time returns the time of the change at position i.
func (l *ChangeLog) Time(i int) time.Time { return time.UnixMicro(l.Times[i]).UTC() }

// Project returns the project of the change at position i.
func (l *ChangeLog) Project(i int) *Project { return tab(l.ProjectTab, l.Projects[i]) }

// Component returns the component of the change at position i (nil for
// project-level changes).
func (l *ChangeLog) Component(i int) *Component { return tab(l.ComponentTab, l.Components[i]) }

// Translation returns the translation of the change at position i while it exists.
func (l *ChangeLog) Translation(i int) *Translation {
	return tab(l.TranslationTab, l.Translations[i])
}

// User returns the author of the change at position i (nil for automatic changes).
func (l *ChangeLog) User(i int) *User { return tab(l.UserTab, l.Users[i]) }

func tab[T any](t []*T, i int32) *T {
	if i < 0 {
		return nil
	}
	return t[i]
}

// ChangeFilter selects changes: those of one project, component or translation
// (the narrowest set wins), of some actions, by one user, in a time range
// (inclusive). Its zero value selects every change shown.
type ChangeFilter struct {
	Project     *Project
	Component   *Component
	Translation *Translation
	Actions     map[weblate.Action]bool // nil: all
	// User selects one user's changes; NoUser set selects none (a user the log
	// does not know).
	User   *User
	NoUser bool
	// After and Before bound the time; zero: no bound.
	After, Before time.Time
}

// Select returns how many changes f selects, and the positions of those among them
// numbered lo … hi-1 (in id order).
func (l *ChangeLog) Select(f *ChangeFilter, lo, hi int) (count int, page []int) {
	if f.NoUser {
		return 0, nil
	}
	plain := f.Project == nil && f.Component == nil && f.Translation == nil && f.Actions == nil && f.User == nil &&
		f.After.IsZero() && f.Before.IsZero()
	if plain && l.Hidden == 0 {
		for i := max(lo, 0); i < min(hi, len(l.IDs)); i++ {
			page = append(page, i)
		}
		return len(l.IDs), page
	}
	var after, before int64
	if !f.After.IsZero() {
		after = f.After.UnixMicro()
	}
	if !f.Before.IsZero() {
		before = f.Before.UnixMicro()
	}
	for i := range l.IDs {
		if !l.Visible(i) {
			continue
		}
		switch {
		case f.Translation != nil && l.Translation(i) != f.Translation:
			continue
		case f.Component != nil && l.Component(i) != f.Component:
			continue
		case f.Project != nil && l.Project(i) != f.Project:
			continue
		case f.Actions != nil && !f.Actions[weblate.Action(l.Actions[i])]:
			continue
		case f.User != nil && l.User(i) != f.User:
			continue
		case !f.After.IsZero() && l.Times[i] < after:
			continue
		case !f.Before.IsZero() && l.Times[i] > before:
			continue
		}
		if count >= lo && count < hi {
			page = append(page, i)
		}
		count++
	}
	return count, page
}

// Recent returns the newest changes (up to RecentN) of the installation (all nil),
// a project, a component or a translation — the narrowest given — oldest first.
func (l *ChangeLog) Recent(p *Project, c *Component, t *Translation) []*Change {
	switch {
	case t != nil:
		return l.RecentByTranslation[t]
	case c != nil:
		return l.RecentByComponent[c]
	case p != nil:
		return l.RecentByProject[p]
	}
	return l.RecentAll
}
