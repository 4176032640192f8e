package scanner

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/gitlate/gitlate/cache"
	"github.com/gitlate/gitlate/lang"
	"github.com/gitlate/gitlate/repos"
	"github.com/gitlate/gitlate/snapshot"
)

// Change actions (Weblate's Change.ACTION_*).
const (
	ActionResourceUpdate = 0
	ActionNew            = 5
	ActionRemoved        = 25
	ActionNewLanguage    = 48
	ActionCreateProject  = 50
	ActionCreateComp     = 51
)

// event is a change the history walk found, before ids are given.
type event struct {
	when   time.Time
	commit repos.Hash
	author repos.Signature
	action int
	path   string // translation file ("" for component- and project-level events)
	lang   string // canonical code of the translation concerned
	seq    int    // order within the component's walk
}

// componentHistory caches a component's events for one branch head.
type componentHistory struct {
	head   repos.Hash
	events []event
}

// addHistory walks each component's history and fills the snapshot's change log and users.
func (s *Scanner) addHistory(ctx context.Context, snap *snapshot.Snapshot) error {
	type placed struct {
		ev   event
		proj *snapshot.Project
		comp *snapshot.Component
	}
	var all []placed
	for _, p := range snap.Projects {
		var first *placed
		for _, c := range p.Components {
			evs, err := s.componentEvents(ctx, c)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				s.alert(c, "RepositoryError", "", "reading history: %v", err)
				continue
			}
			for _, ev := range evs {
				all = append(all, placed{ev: ev, proj: p, comp: c})
				if ev.action == ActionCreateComp && (first == nil || ev.when.Before(first.ev.when)) {
					pl := all[len(all)-1]
					first = &pl
				}
			}
		}
		if first != nil {
			ev := first.ev
			ev.action, ev.seq = ActionCreateProject, -1
			all = append(all, placed{ev: ev, proj: p})
		}
	}
	// Ids follow time; within one moment, config order and walk order.
	sort.SliceStable(all, func(i, j int) bool {
		a, b := &all[i], &all[j]
		if !a.ev.when.Equal(b.ev.when) {
			return a.ev.when.Before(b.ev.when)
		}
		if a.proj.ID != b.proj.ID {
			return a.proj.ID < b.proj.ID
		}
		if (a.comp == nil) != (b.comp == nil) {
			return a.comp == nil // the project exists before its components
		}
		if a.comp != nil && a.comp.ID != b.comp.ID {
			return a.comp.ID < b.comp.ID
		}
		return a.ev.seq < b.ev.seq
	})
	users := newUserTable()
	for _, pl := range all {
		ev := pl.ev
		key := fmt.Sprintf("%s/%d/%s/%s", pl.proj.Config.Slug, ev.action, ev.commit, ev.path)
		if pl.comp != nil {
			key = componentKey(pl.proj.Config, pl.comp.Config) + "/" + key
		}
		u := users.user(ev.author)
		ch := &snapshot.Change{
			ID:        s.opts.IDs.ID(cache.KindChange, key),
			Timestamp: ev.when.UTC(),
			Action:    ev.action,
			Count:     1,
			Project:   pl.proj,
			Component: pl.comp,
			User:      u,
			Author:    u,
		}
		if pl.comp != nil && ev.lang != "" {
			// A change keeps pointing at its translation only while it exists, so that
			// every URL the log shows answers.
			ch.Translation = findTranslation(pl.comp, ev.lang)
		}
		snap.Changes = append(snap.Changes, ch)
	}
	sort.Slice(snap.Changes, func(i, j int) bool { return snap.Changes[i].ID < snap.Changes[j].ID })
	for _, ch := range snap.Changes {
		ch.Project.Changes = append(ch.Project.Changes, ch)
		if ch.Component != nil {
			ch.Component.Changes = append(ch.Component.Changes, ch)
		}
		if ch.Translation != nil {
			ch.Translation.Changes = append(ch.Translation.Changes, ch)
		}
	}
	snap.Users = users.list
	return nil
}

// findTranslation looks a translation up before the snapshot is indexed.
func findTranslation(c *snapshot.Component, code string) *snapshot.Translation {
	for _, t := range c.Translations {
		if t.Language.Code == code {
			return t
		}
	}
	return nil
}

// componentEvents returns the events of a component's history, from cache while its
// branch head has not moved.
func (s *Scanner) componentEvents(ctx context.Context, c *snapshot.Component) ([]event, error) {
	key := componentKey(c.Project.Config, c.Config)
	repo := s.repos[key]
	if repo == nil || c.Repo.Head == nil {
		delete(s.history, key)
		return nil, nil
	}
	if h := s.history[key]; h != nil && h.head == c.Repo.Head.Hash {
		return h.events, nil
	}
	m, err := compileMask(c.Config.Filemask)
	if err != nil {
		return nil, nil
	}
	dirs := []string{m.dir}
	if c.Config.Template != "" {
		dirs = append(dirs, dirOf(c.Config.Template))
	}
	commits, err := repo.History(ctx, repos.HistoryOptions{Dirs: dirs})
	if err != nil {
		return nil, err
	}
	evs := walkEvents(c, m, commits)
	s.history[key] = &componentHistory{head: c.Repo.Head.Hash, events: evs}
	return evs, nil
}

// walkEvents turns a component's commits (oldest first) into structural events.
func walkEvents(c *snapshot.Component, m *mask, commits []repos.CommitChanges) []event {
	cc := c.Config
	aliases := parseAliases(c.Project.Config.LanguageAliases)
	files := map[string]bool{} // component files present after each commit
	created := false
	var out []event
	add := func(cm *repos.Commit, action int, path, code string) {
		out = append(out, event{when: cm.Committer.When, commit: cm.Hash, author: cm.Author, action: action, path: path, lang: code, seq: len(out)})
	}
	for i := range commits {
		cm := &commits[i].Commit
		var added, removed, modified []string
		for _, ch := range commits[i].Changes {
			isTemplate := cc.Template != "" && ch.Path == cc.Template
			if !isTemplate {
				if _, ok := m.match(ch.Path); !ok {
					continue
				}
			}
			switch {
			case ch.To.IsZero():
				delete(files, ch.Path)
				if !isTemplate {
					removed = append(removed, ch.Path)
				}
			case ch.From.IsZero():
				files[ch.Path] = true
				if !isTemplate {
					added = append(added, ch.Path)
				}
			default:
				if !isTemplate {
					modified = append(modified, ch.Path)
				}
			}
		}
		if !created {
			if len(files) > 0 {
				// The files present when a component appears are part of its creation:
				// Weblate logs no "Added new language" for the languages it imports.
				created = true
				add(cm, ActionCreateComp, "", "")
			}
			continue
		}
		for _, p := range sortedCopy(added) {
			if code := eventLanguage(c, m, aliases, p); code != "" {
				add(cm, ActionNewLanguage, p, code)
			}
		}
		for _, p := range sortedCopy(modified) {
			if code := eventLanguage(c, m, aliases, p); code != "" {
				add(cm, ActionResourceUpdate, p, code)
			}
		}
		for _, p := range sortedCopy(removed) {
			if code := eventLanguage(c, m, aliases, p); code != "" {
				add(cm, ActionRemoved, p, code)
			}
		}
	}
	return out
}

// eventLanguage resolves the language of a historical file path, or "" when the path
// is not a language file of the component.
func eventLanguage(c *snapshot.Component, m *mask, aliases map[string]string, p string) string {
	code, ok := m.match(p)
	if !ok {
		return ""
	}
	if a, ok := aliases[code]; ok {
		code = a
	}
	switch code {
	case "source", "src", "default":
		return ""
	}
	l, err := lang.Resolve(code)
	if err != nil || (c.SourceLanguage != nil && l.Code == c.SourceLanguage.Code) {
		return ""
	}
	return l.Code
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// userTable gives authors usernames derived from their e-mail addresses; the first
// author to claim a name keeps it, later ones get a numbered suffix.
type userTable struct {
	byEmail map[string]*snapshot.User
	byName  map[string]bool
	list    []*snapshot.User
}

func newUserTable() *userTable {
	return &userTable{byEmail: map[string]*snapshot.User{}, byName: map[string]bool{}}
}

func (t *userTable) user(sig repos.Signature) *snapshot.User {
	email := strings.ToLower(strings.TrimSpace(sig.Email))
	if u := t.byEmail[email]; u != nil {
		return u
	}
	base := usernameFromEmail(email)
	name := base
	for n := 2; t.byName[name]; n++ {
		name = fmt.Sprintf("%s-%d", base, n)
	}
	u := &snapshot.User{Username: name, FullName: sig.Name, Email: sig.Email}
	t.byEmail[email] = u
	t.byName[name] = true
	t.list = append(t.list, u)
	return u
}

// usernameFromEmail takes the local part of an address, drops GitHub's numeric
// "12345+" noreply prefix, and keeps the characters Weblate allows in usernames.
func usernameFromEmail(email string) string {
	local, _, _ := strings.Cut(email, "@")
	if i := strings.IndexByte(local, '+'); i > 0 && strings.HasSuffix(email, "users.noreply.github.com") {
		local = local[i+1:]
	}
	var b strings.Builder
	for _, r := range local {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		}
	}
	name := strings.Trim(b.String(), ".")
	if name == "" {
		return "user"
	}
	return name
}
