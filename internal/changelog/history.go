// Package changelog builds the change log: it walks each component's git history into Weblate's change events with stable ids, names the commit authors as users, and keeps the runtime log of what happens while serving (fetches, alerts, webhooks).
package changelog

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Options configure a Log.
type Options struct {
	// IDs allocates change and unit ids; nil means an in-memory allocator.
	IDs store.IDs
	// Journal keeps the runtime log and the alert state across restarts; nil keeps
	// them in memory.
	Journal store.Journal
	// Logger receives problems; nil discards them.
	Logger *slog.Logger
	// Now is the clock of runtime events (tests fix it); nil means time.Now.
	Now func() time.Time
}

// Log is the change log of one configuration: the walked histories, kept between
// builds and extended when a branch moves on, and the runtime log.
type Log struct {
	cfg  *config.Config
	opts Options

	mu      sync.Mutex // one Apply or Record at a time
	history map[string]*componentHistory
	runtime *runtimeLog
}

// New returns the change log of cfg.
func New(cfg *config.Config, opts Options) *Log {
	if opts.IDs == nil {
		opts.IDs = store.NewMemoryIDs()
	}
	if opts.Journal == nil {
		opts.Journal = store.NewMemoryJournal()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Log{cfg: cfg, opts: opts, history: map[string]*componentHistory{}}
}

// Apply fills the snapshot a scan made with its change log: with history, every
// component's history walked up to the head the scan read (its change events, users
// and last changes) and a 47 New alert for each alert that is new since the last
// Apply with history; always, the runtime log. Changes end up in id order, each also
// listed by its project, component and translation.
func (l *Log) Apply(ctx context.Context, res *scan.Result, history bool) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	snap := res.Snapshot
	if history {
		if err := l.addHistory(ctx, res); err != nil {
			return err
		}
		// Only complete builds log alerts: at start-up the statistics come first,
		// and an alert logged then would take an id before the whole history.
		if err := l.raiseAlerts(snap); err != nil {
			return err
		}
	}
	l.addRuntimeChanges(snap)
	distributeChanges(snap)
	return nil
}

// recentWindow is how far back from a translation's last change recent_changes counts.
const recentWindow = 6 * time.Hour

// event is a change the history walk found, before ids are given.
type event struct {
	when    time.Time
	commit  repos.Hash
	author  repos.Signature
	action  weblate.Action
	path    string // file concerned ("" for component- and project-level events)
	lang    string // canonical code of the translation concerned
	unitKey string // unit concerned (unit-level events)
	target  string
	count   int // strings an action 44 stands for
	seq     int // order within the component's walk

	// id and unitID are given once, on the first scan that shows the event.
	id, unitID int
}

// unitText is what the walk remembers of one unit of one file.
type unitText struct {
	text       string // plural forms joined as Weblate stores them
	translated bool
}

// walkState is a component's files as of the last commit walked.
type walkState struct {
	created bool
	langs   map[string]string // language file path → canonical code
	tmpl    []tmplEntry       // template units (monolingual)
	// blobs are the versions of the language files walked; texts holds what the walk
	// read of some of them, and is dropped when a walk ends: a file's units are read
	// again from its blob when it next changes (oldTexts). Keeping every unit's text
	// of every file cost a gigabyte for 10,000 translations, and most files never
	// change again.
	blobs map[string]repos.Hash
	texts map[string]map[string]unitText // file path → unit key → text
}

// oldTexts is the walked version of the language file at path: from the walk's own
// reading, else read again from its blob.
func (w *walker) oldTexts(path string) map[string]unitText {
	st := w.h.state
	if t, ok := st.texts[path]; ok {
		return t
	}
	b, ok := st.blobs[path]
	if !ok {
		return nil
	}
	t := w.texts(w.blob(b), path)
	st.texts[path] = t
	return t
}

type tmplEntry struct {
	key    string
	source string
	skip   bool // read-only, or empty in the template: never translated
}

// translationLast is what the history says about one translation's activity.
type translationLast struct {
	when   time.Time
	author repos.Signature
}

// componentHistory is a component's walked history, kept between scans and extended
// when the branch moves on.
type componentHistory struct {
	head   repos.Hash
	bound  config.History
	state  *walkState
	events []event
	last   map[string]translationLast // canonical code → newest change of a unit
	units  map[string]time.Time       // code NUL unit key → newest change of that unit
	recent map[string]int             // canonical code → recent_changes, from last
}

// countRecent works out recent_changes for every translation once per walk, not per
// scan: content changes (2, 5) in the six hours up to the translation's last change.
func (h *componentHistory) countRecent() {
	h.recent = make(map[string]int, len(h.last))
	for i := range h.events {
		ev := &h.events[i]
		if ev.action != weblate.ActionNew && ev.action != weblate.ActionChange {
			continue
		}
		l, ok := h.last[ev.lang]
		if ok && ev.when.After(l.when.Add(-recentWindow)) && !ev.when.After(l.when) {
			h.recent[ev.lang]++
		}
	}
}

// walker walks one component's history.
type walker struct {
	c      *snapshot.Component
	repo   repos.Repository
	format formats.Format
	pl     *scan.Rule
	h      *componentHistory
}

// componentEvents brings the component's history up to its branch head: from cache
// while the head has not moved, by walking only the new commits when it moved
// forward, and from scratch when the branch was rewritten or the bounds changed.
func (s *Log) componentEvents(ctx context.Context, c *snapshot.Component, src *scan.Source) (*componentHistory, error) {
	key := src.Key
	if c.Repo.Err != nil {
		// The repository cannot be read now: the component shows what it held when
		// last read, and its history with it.
		return s.history[key], nil
	}
	repo := src.Repo
	if repo == nil || c.Repo.Head == nil || src.Format == nil || src.Rule == nil {
		delete(s.history, key)
		return nil, nil
	}
	pl := src.Rule
	h := s.history[key]
	if h != nil && h.head == c.Repo.Head.Hash && h.bound == c.Config.History {
		return h, nil
	}
	w := &walker{c: c, repo: repo, format: src.Format, pl: pl}
	opts := repos.HistoryOptions{Dirs: historyDirs(c.Config, pl), MaxCommits: c.Config.History.MaxCommits, Since: c.Config.History.Since,
		From: c.Repo.Head.Hash} // the head the statistics read, not a newer one
	var commits []repos.CommitChanges
	var err error
	if h != nil && h.bound == c.Config.History {
		// Only the commits since the last walk; their ids come after every id served.
		opts.After = h.head
		commits, err = repo.History(ctx, opts)
		if errors.Is(err, repos.ErrNotAncestor) {
			h, err = nil, nil
		}
	}
	if h == nil {
		opts.After = repos.Hash{}
		if commits, err = repo.History(ctx, opts); err != nil {
			return nil, err
		}
		h = &componentHistory{bound: c.Config.History, last: map[string]translationLast{}, units: map[string]time.Time{}}
		w.h = h
		h.state = w.baseline(commits)
	} else if err != nil {
		return nil, err
	} else {
		// Extend a copy: the cached history may still be read by a served snapshot.
		h = h.clone()
		w.h = h
	}
	for i := range commits {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		w.commit(&commits[i])
	}
	h.head = c.Repo.Head.Hash
	h.state.texts = map[string]map[string]unitText{} // see walkState.blobs
	h.countRecent()
	s.history[key] = h
	return h, nil
}

func (h *componentHistory) clone() *componentHistory {
	n := *h
	n.events = append([]event(nil), h.events...)
	n.last = make(map[string]translationLast, len(h.last))
	for k, v := range h.last {
		n.last[k] = v
	}
	n.units = make(map[string]time.Time, len(h.units))
	for k, v := range h.units {
		n.units[k] = v
	}
	st := *h.state
	st.langs = make(map[string]string, len(h.state.langs))
	for k, v := range h.state.langs {
		st.langs[k] = v
	}
	st.blobs = make(map[string]repos.Hash, len(h.state.blobs))
	for k, v := range h.state.blobs {
		st.blobs[k] = v
	}
	st.texts = map[string]map[string]unitText{}
	n.state = &st
	return &n
}

// historyDirs are the directories holding a component's files.
func historyDirs(cc *config.Component, r *scan.Rule) []string {
	dirs := []string{r.Mask.Dir}
	if cc.Template != "" {
		dirs = append(dirs, dirOf(cc.Template))
	}
	return dirs
}

// dirOf is the directory of a repository path ("" for the root).
func dirOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

// baseline is the state before the first commit walked: nothing for a walk that
// starts at the component's beginning, the files of the parent commit for a walk the
// history bounds cut short.
func (w *walker) baseline(commits []repos.CommitChanges) *walkState {
	st := &walkState{langs: map[string]string{}, blobs: map[string]repos.Hash{}, texts: map[string]map[string]unitText{}}
	w.h.state = st
	if len(commits) == 0 || commits[0].Commit.Parent.IsZero() {
		return st
	}
	tree, err := w.repo.TreeAt(commits[0].Commit.Parent)
	if err != nil {
		return st // a shallow clone's boundary: start from nothing
	}
	cc := w.c.Config
	if cc.Template != "" {
		if data, err := tree.ReadFile(cc.Template); err == nil {
			w.setTemplate(data)
			st.created = true
		}
	}
	entries, _ := tree.ListDepth(w.pl.Mask.Dir, w.pl.Mask.Depth)
	for _, e := range entries {
		code := w.language(e.Path)
		if code == "" {
			continue
		}
		if e.Link == "" {
			// Read when it first changes (oldTexts), if ever.
			st.langs[e.Path] = code
			st.blobs[e.Path] = e.Blob
			st.created = true
		} else if data, err := tree.ReadFile(e.Path); err == nil {
			st.langs[e.Path] = code
			st.blobs[e.Path] = repos.HashBlob(data)
			st.texts[e.Path] = w.texts(data, e.Path)
			st.created = true
		}
	}
	return st
}

// language is the canonical code of a language file of the component, or "": the
// statistics' rule (pathLanguages), and, as they do, the first file of a language
// keeps it.
func (w *walker) language(p string) string {
	_, l, ok, err := w.pl.Of(p, w.c.SourceLanguage)
	if !ok || err != nil || l.Code == w.c.SourceLanguage.Code {
		return ""
	}
	for other, code := range w.h.state.langs {
		if code == l.Code && other != p {
			return ""
		}
	}
	return l.Code
}

func (w *walker) parse(data []byte) *formats.File {
	f, err := w.format.Parse(data)
	if err != nil {
		return &formats.File{} // a broken version counts as empty; the next good one shows the difference
	}
	return f
}

// setTemplate reads a template version.
func (w *walker) setTemplate(data []byte) {
	tags := w.c.Format.PluralTags(w.c.SourceLanguage.Code)
	f := w.parse(data)
	out := make([]tmplEntry, 0, len(f.Units))
	seen := map[string]bool{}
	for i := range f.Units {
		u := &f.Units[i]
		if seen[u.Key] {
			continue // the first of a repeated key counts, as in the statistics
		}
		seen[u.Key] = true
		forms := u.FormsFor(tags)
		out = append(out, tmplEntry{key: u.Key, source: weblate.JoinPlurals(forms), skip: u.ReadOnly || !scan.IsTranslated(forms)})
	}
	w.h.state.tmpl = out
}

// texts reads a language file version: unit key → text.
func (w *walker) texts(data []byte, path string) map[string]unitText {
	f := w.parse(data)
	out := make(map[string]unitText, len(f.Units))
	if w.c.Format.Monolingual {
		code, _ := w.pl.Mask.Match(path)
		tags := w.c.Format.PluralTags(code)
		for i := range f.Units {
			forms := f.Units[i].FormsFor(tags)
			out[f.Units[i].Key] = unitText{text: weblate.JoinPlurals(forms), translated: scan.IsTranslated(forms) && !f.Units[i].Fuzzy}
		}
		return out
	}
	for i := range f.Units {
		u := &f.Units[i]
		key := scan.BilingualKey(u)
		if _, dup := out[key]; dup {
			continue // the first of a repeated pair counts, as in the statistics
		}
		out[key] = unitText{text: weblate.JoinPlurals(u.Target), translated: scan.IsTranslated(u.Target) && !u.Fuzzy}
	}
	return out
}

func (w *walker) blob(id repos.Hash) []byte {
	data, err := w.repo.Blob(id)
	if err != nil {
		return nil
	}
	return data
}

func (w *walker) emit(cm *repos.Commit, ev event) {
	ev.when, ev.commit, ev.author, ev.seq = cm.Committer.When, cm.Hash, cm.Author, len(w.h.events)
	w.h.events = append(w.h.events, ev)
	switch ev.action {
	case weblate.ActionNew, weblate.ActionChange, weblate.ActionSourceChange:
		w.touch(ev.lang, cm)
		w.h.units[ev.lang+"\x00"+ev.unitKey] = cm.Committer.When
	}
}

// touch records that a unit of a translation changed in cm.
func (w *walker) touch(code string, cm *repos.Commit) {
	if l, ok := w.h.last[code]; !ok || !cm.Committer.When.Before(l.when) {
		w.h.last[code] = translationLast{when: cm.Committer.When, author: cm.Author}
	}
}

// commit applies one commit and emits its events.
func (w *walker) commit(cc *repos.CommitChanges) {
	cm := &cc.Commit
	st := w.h.state
	cfg := w.c.Config
	src := w.c.SourceLanguage.Code
	var tmplChange *repos.FileChange
	var added, removed, modified []repos.FileChange
	for i := range cc.Changes {
		ch := &cc.Changes[i]
		switch {
		case cfg.Template != "" && ch.Path == cfg.Template:
			tmplChange = ch
		case w.language(ch.Path) == "":
		case ch.To.IsZero():
			removed = append(removed, *ch)
		case ch.From.IsZero() || st.langs[ch.Path] == "":
			added = append(added, *ch)
		default:
			modified = append(modified, *ch)
		}
	}
	if !st.created {
		// The files present when a component appears are part of its creation:
		// Weblate logs no "Added new language" for the languages it imports.
		if tmplChange != nil && !tmplChange.To.IsZero() {
			w.setTemplate(w.blob(tmplChange.To))
		}
		for _, ch := range append(added, modified...) {
			code := w.language(ch.Path)
			if code == "" {
				continue // a second file of a language already present
			}
			st.langs[ch.Path] = code
			st.blobs[ch.Path] = ch.To // read when it first changes, if ever
			delete(st.texts, ch.Path)
		}
		if len(st.langs) > 0 || (tmplChange != nil && !tmplChange.To.IsZero()) {
			st.created = true
			w.emit(cm, event{action: weblate.ActionCreateComponent})
		}
		return
	}

	if tmplChange != nil {
		old := st.tmpl
		if tmplChange.To.IsZero() {
			st.tmpl = nil
		} else {
			w.setTemplate(w.blob(tmplChange.To))
		}
		oldSrc := make(map[string]string, len(old))
		for _, e := range old {
			oldSrc[e.key] = e.source
		}
		newKeys := 0
		for _, e := range st.tmpl {
			prev, had := oldSrc[e.key]
			switch {
			case !had:
				newKeys++
			case prev != e.source:
				w.emit(cm, event{action: weblate.ActionSourceChange, path: cfg.Template, lang: src, unitKey: e.key, target: e.source})
			}
		}
		if newKeys > 0 {
			w.touch(src, cm)
			for _, p := range sortedPaths(st.langs) {
				w.emit(cm, event{action: weblate.ActionNewStrings, path: p, lang: st.langs[p], count: newKeys})
			}
		}
	}
	for _, ch := range removed {
		if code := st.langs[ch.Path]; code != "" {
			w.emit(cm, event{action: weblate.ActionRemoveLanguage, path: ch.Path, lang: code})
			delete(st.langs, ch.Path)
			delete(st.blobs, ch.Path)
			delete(st.texts, ch.Path)
		}
	}
	changed := append(added, modified...)
	sort.Slice(changed, func(i, j int) bool { return changed[i].Path < changed[j].Path })
	for _, ch := range changed {
		code := w.language(ch.Path)
		if code == "" {
			continue // a second file of a language already present
		}
		old := w.oldTexts(ch.Path)
		if st.langs[ch.Path] == "" {
			w.emit(cm, event{action: weblate.ActionAddedLanguage, path: ch.Path, lang: code})
			old = nil
		} else {
			w.emit(cm, event{action: weblate.ActionResourceUpdate, path: ch.Path, lang: code})
		}
		cur := w.texts(w.blob(ch.To), ch.Path)
		st.langs[ch.Path] = code
		st.blobs[ch.Path] = ch.To
		st.texts[ch.Path] = cur
		w.diffUnits(cm, ch.Path, code, old, cur)
	}
}

// diffUnits emits 5 New translation for units that became translated and 2
// Translation changed for translated units whose text changed.
func (w *walker) diffUnits(cm *repos.Commit, path, code string, old, cur map[string]unitText) {
	check := func(key string) {
		n := cur[key]
		if !n.translated {
			return
		}
		o := old[key]
		switch {
		case !o.translated:
			w.emit(cm, event{action: weblate.ActionNew, path: path, lang: code, unitKey: key, target: n.text})
		case o.text != n.text:
			w.emit(cm, event{action: weblate.ActionChange, path: path, lang: code, unitKey: key, target: n.text})
		}
	}
	if w.c.Format.Monolingual {
		for _, e := range w.h.state.tmpl {
			if !e.skip {
				check(e.key)
			}
		}
		return
	}
	keys := make([]string, 0, len(cur))
	for k := range cur {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		check(k)
	}
}

func sortedPaths(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// addHistory walks every component's history and fills the change log, the users
// and the last-change statistics of the translations.
func (s *Log) addHistory(ctx context.Context, res *scan.Result) error {
	snap := res.Snapshot
	type placed struct {
		ev   *event
		proj *snapshot.Project
		comp *snapshot.Component
	}
	var all []placed
	users := newUserTable(s.cfg.Authors)
	for _, p := range snap.Projects {
		var first *placed
		for _, c := range p.Components {
			src := res.Sources[c]
			h, err := s.componentEvents(ctx, c, src)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				a := &snapshot.Alert{Component: c, Kind: weblate.AlertRepositoryError, Message: "reading history: " + err.Error()}
				c.Alerts = append(c.Alerts, a)
				snap.Alerts = append(snap.Alerts, a)
				s.opts.Logger.Warn("scan problem", "component", src.Key, "kind", a.Kind, "problem", a.Message)
				continue
			}
			if h == nil {
				continue
			}
			c.UnitTimes = h.units
			for i := range h.events {
				ev := &h.events[i]
				all = append(all, placed{ev: ev, proj: p, comp: c})
				if ev.action == weblate.ActionCreateComponent && (first == nil || ev.when.Before(first.ev.when)) {
					pl := all[len(all)-1]
					first = &pl
				}
			}
			s.applyLast(c, h, users)
		}
		if first != nil {
			ev := *first.ev
			ev.action, ev.seq, ev.id, ev.unitID = weblate.ActionCreateProject, -1, 0, 0
			all = append(all, placed{ev: &ev, proj: p})
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
	byCode := map[*snapshot.Component]map[string]*snapshot.Translation{}
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			m := make(map[string]*snapshot.Translation, len(c.Translations))
			for _, t := range c.Translations {
				m[t.Language.Code] = t
			}
			byCode[c] = m
		}
	}
	for _, pl := range all {
		ev := pl.ev
		if ev.id == 0 {
			key := fmt.Sprintf("%s/%d/%s/%s", pl.proj.Config.Slug, ev.action, ev.commit, ev.path)
			if pl.comp != nil {
				key = scan.ComponentKey(pl.proj.Config, pl.comp.Config) + "/" + key
			}
			if ev.unitKey != "" {
				key += "\x00" + ev.unitKey
			}
			ev.id = s.opts.IDs.ID(store.KindChange, key)
		}
		u := users.user(ev.author)
		ch := &snapshot.Change{
			ID:        ev.id,
			Timestamp: ev.when.UTC(),
			Action:    ev.action,
			Target:    ev.target,
			Count:     max(ev.count, 1),
			Project:   pl.proj,
			Component: pl.comp,
			User:      u,
			Author:    u,
		}
		if pl.comp != nil && ev.lang != "" {
			// A change points at its translation and unit only while they exist, so
			// that every URL the log shows answers.
			ch.Translation = byCode[pl.comp][ev.lang]
			if ch.Translation != nil && ev.unitKey != "" && res.Sources[pl.comp].HasUnit(ch.Translation, ev.unitKey) {
				if ev.unitID == 0 {
					ev.unitID = s.opts.IDs.ID(store.KindUnit, scan.UnitIDKey(ch.Translation, ev.unitKey))
				}
				ch.UnitID = ev.unitID
			}
		}
		snap.Changes = append(snap.Changes, ch)
	}
	snap.Users = users.list
	return nil
}

// distributeChanges orders the log by id and gives each project, component and
// translation its own list.
func distributeChanges(snap *snapshot.Snapshot) {
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
}

// applyLast sets last_change, last_author and recent_changes of the component's
// translations from its history.
func (s *Log) applyLast(c *snapshot.Component, h *componentHistory, users *userTable) {
	for _, t := range c.Translations {
		l, ok := h.last[t.Language.Code]
		if !ok {
			continue
		}
		t.Stats.LastChange = l.when.UTC()
		t.Stats.LastAuthor = users.user(l.author).FullName
		t.Stats.RecentChanges = h.recent[t.Language.Code]
	}
}

// userTable gives authors usernames derived from their e-mail addresses, unless
// projects.yaml names them; the first author to claim a derived name keeps it, later
// ones get a numbered suffix.
type userTable struct {
	overrides map[string]*config.Author
	byEmail   map[string]*snapshot.User
	byName    map[string]*snapshot.User
	list      []*snapshot.User
}

func newUserTable(authors []*config.Author) *userTable {
	t := &userTable{overrides: map[string]*config.Author{}, byEmail: map[string]*snapshot.User{}, byName: map[string]*snapshot.User{}}
	for _, a := range authors {
		t.overrides[a.Email] = a
	}
	return t
}

func (t *userTable) user(sig repos.Signature) *snapshot.User {
	email := strings.ToLower(strings.TrimSpace(sig.Email))
	if u := t.byEmail[email]; u != nil {
		return u
	}
	name, full := "", sig.Name
	if o := t.overrides[email]; o != nil {
		name = o.Username
		if o.FullName != "" {
			full = o.FullName
		}
		if u := t.byName[name]; name != "" && u != nil {
			// Another address of a configured user: the same person.
			t.byEmail[email] = u
			return u
		}
	}
	if name == "" {
		base := usernameFromEmail(email)
		name = base
		for n := 2; t.byName[name] != nil || t.reserved(name); n++ {
			name = fmt.Sprintf("%s-%d", base, n)
		}
	}
	u := &snapshot.User{Username: name, FullName: full, Email: sig.Email}
	t.byEmail[email] = u
	t.byName[name] = u
	t.list = append(t.list, u)
	return u
}

// reserved reports a username that projects.yaml gives to someone, so a derived name
// never takes it.
func (t *userTable) reserved(name string) bool {
	for _, o := range t.overrides {
		if o.Username == name {
			return true
		}
	}
	return false
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
