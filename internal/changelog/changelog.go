// Package changelog builds the change log: it walks each component's git history into Weblate's change events and keeps them in the store — each once, under its natural key, with its JSON — together with where each walk stands, so a restart (or another replica) continues rather than starts over; it names the commit authors as users, logs what happens while serving (fetches, alerts, webhooks), and returns what the history adds to each snapshot, a compact index of the log among it (as last read, with an alert on every component, while the store cannot keep or give it), writing nothing into the scan's objects.
package changelog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/jsondoc"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Options configure a Log.
type Options struct {
	// Instance names this process among the replicas sharing the store (its alerts
	// are its own to clear); "" for a server on its own.
	Instance string
	// Logger receives problems; nil discards them.
	Logger *slog.Logger
	// Now is the clock of runtime events (tests fix it); nil means time.Now.
	Now func() time.Time
	// NoProgress walks without recording statistics over time (Progress has
	// nothing): what the bench's progress figure compares the walk with.
	NoProgress bool
}

// Log is the change log of one configuration.
type Log struct {
	cfg  *config.Config
	opts Options
	st   store.Store

	mu   sync.Mutex // one Apply or Record at a time
	base base
	// Tables the base's columns index.
	projTab   interner[string]
	compTab   interner[string] // "project/component"
	langTab   interner[string]
	authorTab interner[author]
	unameTab  interner[string]
	// infos are the walks' states as last read, by component key, with the
	// version they were read at.
	infos map[string]*walkInfo
	// details keeps what Recent shows of changes (their texts), by id.
	details map[int32]*detail
	objs    *objects // the objects of the scan being applied
	// hist is what the Apply under way adds to the scan's snapshot, which it
	// writes nothing into (snapshot.Build puts this in).
	hist *snapshot.History
	w    jsondoc.Writer
	// handled counts the changes an Apply read or wrote: after many, the memory
	// their reading took is given back at once.
	handled int
	// imported is set once the earlier layout's runtime log was looked for.
	imported bool
	// reported logs the store's failures once (see Apply).
	reported store.Reporter
	// prog is the statistics over time of the walked histories (progress.go).
	prog *progress.Index
}

// walkInfo is what a build needs of a component's walk state every time.
type walkInfo struct {
	version  int
	last     map[string]lastChange
	creation *lastChange
}

// detail is what the index leaves out of a change and Recent shows.
type detail struct {
	target string
	count  int
}

// New returns the change log of cfg, kept in st (which it requires: which store
// to run on is the command's decision).
func New(cfg *config.Config, st store.Store, opts Options) *Log {
	if st == nil {
		panic("changelog: New without a store")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Log{cfg: cfg, opts: opts, st: st, infos: map[string]*walkInfo{}, details: map[int32]*detail{}, prog: progress.NewIndex()}
}

// Apply returns what the change log adds to the snapshot a scan made (for
// snapshot.Build; it writes nothing into the scan's objects): the log as the store
// holds it (what other replicas added included) and, with history, every
// component's history walked up to the head the scan read first, and a 47 New
// alert logged for each alert that appeared. The history holds the log's index,
// the users, the alerts met reading it, the translations' last changes and the
// units' times.
//
// The store failing fails nothing but ctx being done: the log is then shown as
// last read, every component shows a StorageError alert saying what failed (logged
// once, not at every Apply: store.Reporter), and the next Apply catches up.
func (l *Log) Apply(ctx context.Context, res *scan.Result, history bool) (*snapshot.History, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.objs = objectsOf(res)
	l.hist = &snapshot.History{Lasts: map[*snapshot.Translation]snapshot.LastChange{}, UnitTimes: map[*snapshot.Translation][]snapshot.UnitTime{}}
	l.handled = 0
	defer func() {
		l.objs, l.hist = nil, nil
		if l.handled > freeAfter {
			// A first walk or a start reads or writes the whole log once; the
			// garbage it leaves would stay resident until the runtime returns it.
			debug.FreeOSMemory()
		}
	}()
	var failed error // the first of the store's failures
	note := func(what string, err error) {
		if err != nil && failed == nil {
			failed = fmt.Errorf("%s: %w", what, err)
		}
	}
	if !l.imported {
		err := l.importLegacy(ctx)
		note("importing the runtime log of the earlier layout", err)
		l.imported = err == nil
	}
	note("reading the change log", l.sync(ctx))
	note("reading the walks' positions", l.readInfos(ctx))
	if history {
		note("walking the history", l.walkAll(ctx, res))
		// Only complete builds log alerts: at start-up the statistics come first,
		// and an alert logged then would take an id before the whole history.
		note("logging new alerts", l.raiseAlerts(ctx, append(slices.Clip(res.Snapshot.Alerts), l.hist.Alerts...)))
		note("reading the change log", l.sync(ctx))
	}
	note("reading recent changes", l.publish(ctx, res))
	l.keepProgress(res.Snapshot)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l.storeFailed(res.Snapshot, failed)
	return l.hist, nil
}

// storeFailed shows on every component that the store failed the change log (nil:
// it did not), and logs it once.
func (l *Log) storeFailed(snap *snapshot.Snapshot, err error) {
	l.reported.Report(l.opts.Logger, "the store failed the change log (every component shows a StorageError alert)", err)
	if err == nil {
		return
	}
	msg := "the change log cannot be kept or brought up to date (" + err.Error() + "); it is shown as last read, and catches up when the store works again"
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			l.hist.Alerts = append(l.hist.Alerts, &snapshot.Alert{Component: c, Kind: weblate.AlertStorage, Message: msg})
		}
	}
}

// readInfos brings the walks' states up to date: a component whose position's
// version moved (a walk here or by another replica) has its state read again.
func (l *Log) readInfos(ctx context.Context) error {
	pos, err := l.st.States(ctx, "walkpos/")
	if err != nil {
		return err
	}
	for name, raw := range pos {
		key := name[len("walkpos/"):]
		p := decodePosition(raw)
		if p == nil {
			continue
		}
		if in := l.infos[key]; in != nil && in.version == p.Version {
			continue
		}
		st, _, err := l.readState(ctx, key)
		if err != nil {
			return err
		}
		if st == nil {
			continue
		}
		if err := l.readProgress(ctx, key); err != nil {
			return err
		}
		l.infos[key] = &walkInfo{version: p.Version, last: st.Last, creation: st.Creation}
	}
	return nil
}

// readState reads a component's full walk state (nil when there is none or it
// cannot be read) and its stored bytes.
func (l *Log) readState(ctx context.Context, key string) (*walkState, []byte, error) {
	all, err := l.st.States(ctx, "walk/"+key)
	if err != nil {
		return nil, nil, err
	}
	raw, ok := all["walk/"+key]
	if !ok {
		return nil, nil, nil
	}
	st, err := decodeWalkState(raw)
	if err != nil {
		l.opts.Logger.Warn("a walk's stored state cannot be read; the walk starts over", "component", key, "err", err)
		return nil, raw, nil
	}
	return st, raw, nil
}

// placed is an event of a walk, with where it belongs.
type placed struct {
	ev   *event
	proj *snapshot.Project
	comp *snapshot.Component // nil for the project's 50
}

// freeAfter is how many changes an Apply handles before it returns the memory it
// used to the system.
const freeAfter = 20000

// maxCommitRecords bounds the changes one commit adds while a history is walked
// for the first time: memory follows the batch, not the history. Until the last
// batch, which moves the position, a crash only loses work: the walk is redone and
// its changes keep their keys, hence their ids.
const maxCommitRecords = 5000

// walkAll walks the histories that moved since they were last walked and stores
// their changes: the changes of all walks in one order (time, then configuration
// and walk order), so ids follow time.
func (l *Log) walkAll(ctx context.Context, res *scan.Result) error {
	for attempt := 0; ; attempt++ {
		err := l.walkOnce(ctx, res)
		if !errors.Is(err, store.ErrConflict) || attempt == 3 {
			return err
		}
		// Another replica walked meanwhile: read what it stored, and look again.
		if err := l.sync(ctx); err != nil {
			return err
		}
		if err := l.readInfos(ctx); err != nil {
			return err
		}
	}
}

// walked is one component's walk of this round: what it found, and the stored
// states its commit replaces.
type walked struct {
	c       *snapshot.Component
	key     string
	w       *walker
	redone  bool
	pos     *position
	prevPos []byte
	prevSt  []byte
}

// walkOnce walks every component whose head moved since its stored position and
// stores what the walks found in one order, in phases: the walks (each under its
// scope's lock, held until the commit), the projects' creation events, the order of
// ids, the unit keys' numbers, the records and states, and the commits.
func (l *Log) walkOnce(ctx context.Context, res *scan.Result) error {
	var unlocks []func()
	defer func() {
		for _, unlock := range unlocks {
			unlock()
		}
	}()
	walks, err := l.walkMoved(ctx, res, &unlocks)
	if err != nil || len(walks) == 0 {
		return err
	}
	// The walks' states stand for the stored ones from here on (last changes,
	// creation) for what follows: the project's 50 and the users.
	states := map[*snapshot.Component]*walkState{}
	for _, wk := range walks {
		states[wk.c] = wk.w.st
	}
	all := placeEvents(res.Snapshot, walks)
	creations, stateChanges, replace, err := l.projectCreations(ctx, res, states)
	if err != nil {
		return err
	}
	all = append(all, creations...)
	sortPlaced(all)
	keyNos, err := l.unitKeyNumbers(ctx, walks)
	if err != nil {
		return err
	}
	users := l.users(res, states, all)
	var prog []store.ProgressRecord
	var reset []string
	for _, wk := range walks {
		if wk.w.fresh {
			reset = append(reset, wk.key)
		}
		prog = append(prog, wk.w.progressRecords(wk.key)...)
	}
	for _, wk := range walks {
		if wk.redone {
			keep := make([]string, len(wk.w.events))
			for i := range wk.w.events {
				keep[i] = changeKey(placed{ev: &wk.w.events[i], proj: wk.c.Project, comp: wk.c})
			}
			replace = append(replace, store.Scope{Name: wk.key, Keep: keep})
		}
		stateChanges = append(stateChanges,
			store.State{Name: "walkpos/" + wk.key, Prev: wk.prevPos, Next: mustJSON(wk.pos)},
			store.State{Name: "walk/" + wk.key, Prev: wk.prevSt, Next: wk.w.st.encode()})
	}
	l.handled += len(all)
	if err := l.commitWalks(ctx, all, keyNos, users, stateChanges, replace, &store.Commit{ResetProgress: reset, Progress: prog}); err != nil {
		return err
	}
	for _, wk := range walks {
		l.infos[wk.key] = &walkInfo{version: wk.pos.Version, last: wk.w.st.Last, creation: wk.w.st.Creation}
		if wk.w.fresh {
			l.prog.Set(wk.c.Project.Config.Slug, wk.c.Config.Slug, wk.w.points)
		} else {
			l.prog.Append(wk.c.Project.Config.Slug, wk.c.Config.Slug, wk.w.points)
		}
	}
	return nil
}

// walkMoved walks the history of each component whose head or history bound moved
// since its stored position, unless another replica holds its scope's lock; the
// locks taken are added to unlocks. A component whose history cannot be read gets
// a RepositoryError alert and keeps what was walked before.
func (l *Log) walkMoved(ctx context.Context, res *scan.Result, unlocks *[]func()) ([]*walked, error) {
	positions, err := l.st.States(ctx, "walkpos/")
	if err != nil {
		return nil, err
	}
	var walks []*walked
	for _, p := range res.Snapshot.Projects {
		for _, c := range p.Components {
			src := res.Sources[c]
			if c.Repo.Err != nil || src == nil || src.Repo == nil || c.Repo.Head == nil || src.Format == nil || src.Rule == nil {
				continue // shows what was walked when it could be read
			}
			key := src.Key
			raw := positions["walkpos/"+key]
			pos := decodePosition(raw)
			if pos != nil && pos.Head == c.Repo.Head.Hash.String() && pos.sameBound(c.Config.History) && pos.Progress == l.progressVersion() {
				continue
			}
			unlock, ok, err := l.st.TryLock(ctx, "walk/"+key)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue // another replica walks it; its changes come through the store
			}
			*unlocks = append(*unlocks, unlock)
			st, rawSt, err := l.readState(ctx, key)
			if err != nil {
				return nil, err
			}
			w, redone, err := walk(ctx, c, src, pos, st, l.progressVersion())
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				a := &snapshot.Alert{Component: c, Kind: weblate.AlertRepositoryError, Message: "reading history: " + err.Error()}
				l.hist.Alerts = append(l.hist.Alerts, a) // logged by the Live that serves it
				continue
			}
			np := &position{Head: c.Repo.Head.Hash.String(), Version: 1, Progress: l.progressVersion()}
			np.MaxCommits, np.Since = boundOf(c.Config.History)
			if pos != nil {
				np.Version = pos.Version + 1
			}
			walks = append(walks, &walked{c: c, key: key, w: w, redone: redone, pos: np, prevPos: raw, prevSt: rawSt})
		}
	}
	return walks, nil
}

// placeEvents lists the walks' events with their project and component, project
// by project in configuration order.
func placeEvents(snap *snapshot.Snapshot, walks []*walked) []placed {
	var all []placed
	for _, p := range snap.Projects {
		for _, wk := range walks {
			if wk.c.Project != p {
				continue
			}
			for i := range wk.w.events {
				all = append(all, placed{ev: &wk.w.events[i], proj: p, comp: wk.c})
			}
		}
	}
	return all
}

// projectCreations gives each project whose first creation moved its 50 Created
// project, a copy of its earliest component's 51, with the state that records it
// and the scope it replaces.
func (l *Log) projectCreations(ctx context.Context, res *scan.Result, states map[*snapshot.Component]*walkState) ([]placed, []store.State, []store.Scope, error) {
	var all []placed
	var stateChanges []store.State
	var replace []store.Scope
	for _, p := range res.Snapshot.Projects {
		var first *lastChange
		for _, c := range p.Components {
			var cr *lastChange
			if st := states[c]; st != nil {
				cr = st.Creation
			} else if in := l.infos[res.Sources[c].Key]; in != nil {
				cr = in.creation
			}
			if cr != nil && (first == nil || cr.When < first.When) {
				first = cr
			}
		}
		if first == nil {
			continue
		}
		ev := &event{when: time.UnixMicro(first.When), commit: first.Commit, author: sigOf(first), action: weblate.ActionCreateProject, seq: -1}
		k := projectKey(p, ev)
		name := "proj50/" + p.Config.Slug
		cur, err := l.st.States(ctx, name)
		if err != nil {
			return nil, nil, nil, err
		}
		prev, had := cur[name]
		if had && string(prev) == k {
			continue
		}
		if !had {
			prev = nil
		}
		stateChanges = append(stateChanges, store.State{Name: name, Prev: prev, Next: []byte(k)})
		replace = append(replace, store.Scope{Name: p.Config.Slug, Keep: []string{k}})
		all = append(all, placed{ev: ev, proj: p})
	}
	return all, stateChanges, replace, nil
}

// sortPlaced puts changes in id order: time; within one moment, configuration
// order (a project before its components) and walk order.
func sortPlaced(all []placed) {
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
}

// unitKeyNumbers gives the unit keys the walks' events name their numbers, per
// component.
func (l *Log) unitKeyNumbers(ctx context.Context, walks []*walked) (map[*snapshot.Component]map[string]int, error) {
	keyNos := map[*snapshot.Component]map[string]int{}
	for _, wk := range walks {
		seen := map[string]bool{}
		var keys []string
		for i := range wk.w.events {
			if k := wk.w.events[i].unitKey; k != "" && !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		nos, err := l.st.UnitKeys(ctx, wk.key, keys)
		if err != nil {
			return nil, err
		}
		m := make(map[string]int, len(keys))
		for i, k := range keys {
			m[k] = nos[i]
		}
		keyNos[wk.c] = m
	}
	return keyNos, nil
}

// commitWalks stores the changes: a long history in batches, each encoded when it
// is stored; what replaces stored changes, and the states, go in one commit with
// the last.
func (l *Log) commitWalks(ctx context.Context, all []placed, keyNos map[*snapshot.Component]map[string]int, users *userTable, states []store.State, replace []store.Scope, prog *store.Commit) error {
	records := func(pls []placed) []store.Record {
		recs := make([]store.Record, 0, len(pls))
		for _, pl := range pls {
			recs = append(recs, l.record(pl, keyNos[pl.comp], users))
		}
		return recs
	}
	for len(all) > maxCommitRecords {
		if _, err := l.st.Commit(ctx, &store.Commit{Add: records(all[:maxCommitRecords])}); err != nil {
			return err
		}
		all = all[maxCommitRecords:]
	}
	_, err := l.st.Commit(ctx, &store.Commit{States: states, Replace: replace, Add: records(all),
		ResetProgress: prog.ResetProgress, Progress: prog.Progress})
	return err
}

func sigOf(l *lastChange) repos.Signature {
	return repos.Signature{Name: l.Name, Email: l.Email, When: l.time()}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// projectKey is the natural key of a project-level change.
func projectKey(p *snapshot.Project, ev *event) string {
	return fmt.Sprintf("%s/%d/%s/%s", p.Config.Slug, ev.action, ev.commit, ev.path)
}

// changeKey is the natural key of a change a walk found: component, action,
// commit, file and unit. The same history walked again gives the same keys, hence
// the same ids.
func changeKey(pl placed) string {
	key := projectKey(pl.proj, pl.ev)
	if pl.comp != nil {
		key = scan.ComponentKey(pl.proj.Config, pl.comp.Config) + "/" + key
	}
	if pl.ev.unitKey != "" {
		key += "\x00" + pl.ev.unitKey
	}
	return key
}
