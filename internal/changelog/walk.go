package changelog

import (
	"bytes"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// event is a change the history walk found, before the store gives it an id.
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
}

// position is where a component's walk stands, kept as the store's state
// "walkpos/<project>/<component>": small, read at every build. Version grows with
// each walk, so a process knows when the full state ("walk/…") is worth reading.
type position struct {
	Head       string `json:"head"`
	MaxCommits int    `json:"max_commits,omitempty"`
	Since      int64  `json:"since,omitempty"` // Unix seconds; 0: no bound
	Version    int    `json:"version"`
	// Progress is the version of the statistics over time the walk recorded
	// (progressVersion); a walk recorded by an earlier one is done again.
	Progress int `json:"progress,omitempty"`
}

func boundOf(h config.History) (int, int64) {
	if h.Since.IsZero() {
		return h.MaxCommits, 0
	}
	return h.MaxCommits, h.Since.Unix()
}

func (p *position) sameBound(h config.History) bool {
	m, s := boundOf(h)
	return p.MaxCommits == m && p.Since == s
}

func decodePosition(b []byte) *position {
	var p position
	if b == nil || json.Unmarshal(b, &p) != nil || p.Head == "" {
		return nil
	}
	return &p
}

// walkState is a component's files as of the last commit walked, and what the
// history says of its translations: the store's state "walk/<project>/<component>",
// which a walk continues from.
type walkState struct {
	Created bool
	Langs   map[string]string // language file path → canonical code
	Tmpl    []tmplEntry       // template units (monolingual)
	// Blobs are the versions of the language files walked. A file's units are read
	// from its blob when it next changes (oldTexts): keeping every unit's text of
	// every file cost a gigabyte for 10,000 translations, and most files never
	// change again.
	Blobs map[string]repos.Hash
	// Last is each translation's newest change of a unit (canonical code →).
	Last map[string]lastChange
	// Creation is the component's 51 Created component, which the project's 50
	// copies when it is the project's first.
	Creation *lastChange
	// Src counts, for a bilingual component, the files holding each distinct
	// unit (by rules.BilingualKey): the units of its source translation.
	Src map[string]srcUnit
	// ProgSeq is the seq of the next progress record of the component.
	ProgSeq int64

	texts map[string]map[string]unitText // file path → unit key → text, this walk's
}

type tmplEntry struct {
	Key    string
	Source string
	Skip   bool // read-only, or empty in the template: never translated
	// What the statistics count of it (rules.TemplateUnit): its source words and
	// characters, whether it makes its translations' units read-only, and its own
	// state (the source translation's, where the template may be edited).
	Words, Chars int32
	Locks        bool
	State        weblate.State
}

// lastChange is a change's time and author (and commit, for Creation).
type lastChange struct {
	When        int64 // Unix microseconds
	Name, Email string
	Commit      repos.Hash
}

func (l lastChange) time() time.Time { return time.UnixMicro(l.When).UTC() }

func newWalkState() *walkState {
	return &walkState{Langs: map[string]string{}, Blobs: map[string]repos.Hash{}, Last: map[string]lastChange{},
		texts: map[string]map[string]unitText{}}
}

func (st *walkState) encode() []byte {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(st); err != nil {
		panic(err) // only maps, slices, strings and arrays: cannot fail
	}
	return b.Bytes()
}

func decodeWalkState(b []byte) (*walkState, error) {
	st := newWalkState()
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(st); err != nil {
		return nil, err
	}
	for _, m := range []*map[string]string{&st.Langs} {
		if *m == nil {
			*m = map[string]string{}
		}
	}
	if st.Blobs == nil {
		st.Blobs = map[string]repos.Hash{}
	}
	if st.Last == nil {
		st.Last = map[string]lastChange{}
	}
	st.texts = map[string]map[string]unitText{}
	return st, nil
}

// unitText is what the walk remembers of one unit of one file.
type unitText struct {
	text       string // plural forms joined as Weblate stores them
	translated bool
	// state is the unit's state as the statistics count it (for a monolingual
	// file, before its template unit may lock it); words and chars are a
	// bilingual unit's source words and characters.
	state        weblate.State
	words, chars int32
}

// walker walks one component's history.
type walker struct {
	c      *snapshot.Component
	repo   repos.Repository
	format formats.Format
	pl     *scan.Rule
	st     *walkState
	events []event
	// fresh says the walk started from the beginning (not from a stored state);
	// prog that it records progress.
	fresh, prog bool
	// points are the statistics of the translations each commit changed
	// (progress.go); touched are the languages the commit being walked changed.
	points  []progress.Commit
	touched map[string]bool
}

// walk brings a component's history from its stored state up to the head the
// scan read: only the new commits when the head moved forward, everything again
// when there is no state, the branch was rewritten (the old head is no longer an
// ancestor), the bounds changed or the stored walk recorded another version of
// progress than this one records (progress; 0 records none). redone says that the
// walk started over, so its events replace the component's stored ones.
func walk(ctx context.Context, c *snapshot.Component, src *scan.Source, pos *position, st *walkState, progress int) (w *walker, redone bool, err error) {
	w = &walker{c: c, repo: src.Repo, format: src.Format, pl: src.Rule, prog: progress != 0}
	opts := repos.HistoryOptions{Dirs: historyDirs(c.Config, src.Rule), MaxCommits: c.Config.History.MaxCommits, Since: c.Config.History.Since,
		From: c.Repo.Head.Hash} // the head the statistics read, not a newer one
	var commits []repos.CommitChanges
	resumed := false
	if pos != nil && st != nil && pos.sameBound(c.Config.History) && pos.Progress == progress {
		if head := plumbing.NewHash(pos.Head); !head.IsZero() {
			opts.After = head
			commits, err = src.Repo.History(ctx, opts)
			resumed = err == nil
			if errors.Is(err, repos.ErrNotAncestor) {
				err = nil
			}
			if err != nil {
				return nil, false, err
			}
		}
	}
	if resumed {
		w.st = st
	} else {
		opts.After = repos.Hash{}
		if commits, err = src.Repo.History(ctx, opts); err != nil {
			return nil, false, err
		}
		w.baseline(commits)
		w.fresh = true
		redone = pos != nil
	}
	for i := range commits {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		w.commit(&commits[i])
	}
	return w, redone, nil
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

// oldTexts is the walked version of the language file at path: from the walk's own
// reading, else read again from its blob.
func (w *walker) oldTexts(path string) map[string]unitText {
	st := w.st
	if t, ok := st.texts[path]; ok {
		return t
	}
	b, ok := st.Blobs[path]
	if !ok {
		return nil
	}
	t := w.texts(w.blob(b), path)
	st.texts[path] = t
	return t
}

// baseline is the state before the first commit walked: nothing for a walk that
// starts at the component's beginning, the files of the parent commit for a walk the
// history bounds cut short.
func (w *walker) baseline(commits []repos.CommitChanges) {
	st := newWalkState()
	w.st = st
	if len(commits) == 0 || commits[0].Commit.Parent.IsZero() {
		return
	}
	// The translations the history starts with are counted at its first commit.
	defer w.touchAll()
	tree, err := w.repo.TreeAt(commits[0].Commit.Parent)
	if err != nil {
		return // a shallow clone's boundary: start from nothing
	}
	cc := w.c.Config
	if cc.Template != "" {
		if data, err := tree.ReadFile(cc.Template); err == nil {
			w.setTemplate(data)
			st.Created = true
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
			st.Langs[e.Path] = code
			st.Blobs[e.Path] = e.Blob
			st.Created = true
		} else if data, err := tree.ReadFile(e.Path); err == nil {
			st.Langs[e.Path] = code
			st.Blobs[e.Path] = repos.HashBlob(data)
			st.texts[e.Path] = w.texts(data, e.Path)
			st.Created = true
		}
	}
}

// language is the canonical code of a language file of the component, or "": the
// statistics' rule (pathLanguages), and, as they do, the first file of a language
// keeps it.
func (w *walker) language(p string) string {
	_, l, ok, err := w.pl.Of(p, w.c.SourceLanguage)
	if !ok || err != nil || l.Code == w.c.SourceLanguage.Code {
		return ""
	}
	for other, code := range w.st.Langs {
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
		tu := rules.TemplateUnitOf(u, tags)
		out = append(out, tmplEntry{Key: u.Key, Source: weblate.JoinPlurals(tu.Source), Skip: u.ReadOnly || !rules.IsTranslated(tu.Source),
			Words: int32(tu.Words), Chars: int32(tu.Chars), Locks: tu.Locks(), State: tu.State})
	}
	w.st.Tmpl = out
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
			out[f.Units[i].Key] = unitText{text: weblate.JoinPlurals(forms), translated: rules.IsTranslated(forms) && !f.Units[i].Fuzzy,
				state: rules.UnitState(&f.Units[i], forms, false)}
		}
		return out
	}
	review := w.c.Project != nil && w.c.Project.Config != nil && w.c.Project.Config.TranslationReview
	for i := range f.Units {
		u := &f.Units[i]
		key := rules.BilingualKey(u)
		if _, dup := out[key]; dup {
			continue // the first of a repeated pair counts, as in the statistics
		}
		out[key] = unitText{text: weblate.JoinPlurals(u.Target), translated: rules.IsTranslated(u.Target) && !u.Fuzzy,
			state: rules.BilingualState(u, review), words: int32(weblate.CountWords(u.Source)), chars: int32(weblate.CountChars(u.Source))}
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
	ev.when, ev.commit, ev.author, ev.seq = cm.Committer.When, cm.Hash, cm.Author, len(w.events)
	w.events = append(w.events, ev)
	switch ev.action {
	case weblate.ActionNew, weblate.ActionChange, weblate.ActionSourceChange:
		w.touch(ev.lang, cm)
	case weblate.ActionCreateComponent:
		if w.st.Creation == nil {
			w.st.Creation = &lastChange{When: cm.Committer.When.UnixMicro(), Name: cm.Author.Name, Email: cm.Author.Email, Commit: cm.Hash}
		}
	}
}

// touch records that a unit of a translation changed in cm.
func (w *walker) touch(code string, cm *repos.Commit) {
	when := cm.Committer.When.UnixMicro()
	if l, ok := w.st.Last[code]; !ok || when >= l.When {
		w.st.Last[code] = lastChange{When: when, Name: cm.Author.Name, Email: cm.Author.Email}
	}
}

// commit applies one commit and emits its events.
func (w *walker) commit(cc *repos.CommitChanges) {
	cm := &cc.Commit
	st := w.st
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
		case ch.From.IsZero() || st.Langs[ch.Path] == "":
			added = append(added, *ch)
		default:
			modified = append(modified, *ch)
		}
	}
	if !st.Created {
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
			st.Langs[ch.Path] = code
			st.Blobs[ch.Path] = ch.To // read when it first changes, if ever
			delete(st.texts, ch.Path)
		}
		if len(st.Langs) > 0 || (tmplChange != nil && !tmplChange.To.IsZero()) {
			st.Created = true
			w.emit(cm, event{action: weblate.ActionCreateComponent})
			w.touchAll()
			w.record(cm)
		}
		return
	}
	defer w.record(cm)

	if tmplChange != nil {
		old := st.Tmpl
		if tmplChange.To.IsZero() {
			st.Tmpl = nil
		} else {
			w.setTemplate(w.blob(tmplChange.To))
		}
		w.touchAll() // every translation counts the template's strings
		oldSrc := make(map[string]string, len(old))
		for _, e := range old {
			oldSrc[e.Key] = e.Source
		}
		newKeys := 0
		for _, e := range st.Tmpl {
			prev, had := oldSrc[e.Key]
			switch {
			case !had:
				newKeys++
			case prev != e.Source:
				w.emit(cm, event{action: weblate.ActionSourceChange, path: cfg.Template, lang: src, unitKey: e.Key, target: e.Source})
			}
		}
		if newKeys > 0 {
			w.touch(src, cm)
			for _, p := range sortedPaths(st.Langs) {
				w.emit(cm, event{action: weblate.ActionNewStrings, path: p, lang: st.Langs[p], count: newKeys})
			}
		}
	}
	for _, ch := range removed {
		if code := st.Langs[ch.Path]; code != "" {
			w.emit(cm, event{action: weblate.ActionRemoveLanguage, path: ch.Path, lang: code})
			w.fileRemoved(code, ch.Path)
			delete(st.Langs, ch.Path)
			delete(st.Blobs, ch.Path)
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
		if st.Langs[ch.Path] == "" {
			w.emit(cm, event{action: weblate.ActionAddedLanguage, path: ch.Path, lang: code})
			old = nil
		} else {
			w.emit(cm, event{action: weblate.ActionResourceUpdate, path: ch.Path, lang: code})
		}
		cur := w.texts(w.blob(ch.To), ch.Path)
		w.fileChanged(code, old, cur)
		st.Langs[ch.Path] = code
		st.Blobs[ch.Path] = ch.To
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
		for _, e := range w.st.Tmpl {
			if !e.Skip {
				check(e.Key)
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
