package scanner

import (
	"context"
	"encoding/json"
	"fmt"

	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/cache"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Actions of the runtime log (contract §8).
const (
	ActionRebased = 21
	ActionAlert   = 47
)

// goodFile is the last result of a file that parsed; it stands in for the file while
// a newer version does not parse, so a half-saved edit never blanks the numbers.
type goodFile struct {
	key resultKey
	r   *fileResult
}

// good returns the result of a file's current content, or, when that does not
// parse, the last result that did (with the blob it came from) and the error.
func (sc *componentScan) good(key resultKey, path string, compute computeFunc) (*fileResult, resultKey, error) {
	r := sc.result(key, path, compute)
	id := componentKey(sc.c.Project.Config, sc.c.Config) + "\x00" + string(key.role) + path
	sc.s.goodSeen[id] = true
	if r.err == nil {
		if !r.changed {
			sc.s.lastGood[id] = &goodFile{key: key, r: r}
		}
		return r, key, nil
	}
	if g := sc.s.lastGood[id]; g != nil {
		sc.used[g.key] = g.r // keep it cached while it stands in
		return g.r, g.key, r.err
	}
	return nil, key, r.err
}

// pruneGood forgets the last good results of files no scan saw this time (deleted,
// renamed), so they do not stay in memory for the server's life.
func (s *Scanner) pruneGood() {
	for id := range s.lastGood {
		if !s.goodSeen[id] {
			delete(s.lastGood, id)
		}
	}
	clear(s.goodSeen)
}

// staleAlert reports a file that no longer parses and is shown as it last did.
func (sc *componentScan) staleAlert(path string, err error) {
	sc.s.alert(sc.c, "ParseError", path, "%v (showing the last version that could be read)", err)
}

// goodComponent is the last state read from a component's repository; it is served
// while the repository cannot be read (gone, unreadable, a failed clone).
type goodComponent struct {
	repo         snapshot.Repository
	translations []snapshot.Translation
	keys         *componentKeys
}

func (s *Scanner) rememberComponent(c *snapshot.Component) {
	g := &goodComponent{repo: c.Repo, keys: s.keys[componentKey(c.Project.Config, c.Config)]}
	for _, t := range c.Translations {
		g.translations = append(g.translations, *t)
	}
	s.goodComp[componentKey(c.Project.Config, c.Config)] = g
}

// restoreComponent fills c from its last good state; false when there is none.
func (s *Scanner) restoreComponent(c *snapshot.Component, err error) bool {
	key := componentKey(c.Project.Config, c.Config)
	g := s.goodComp[key]
	if g == nil {
		return false
	}
	c.Repo = g.repo
	c.Repo.Err = err
	for i := range g.translations {
		t := g.translations[i]
		t.Component, t.Changes = c, nil
		c.Translations = append(c.Translations, &t)
	}
	if g.keys != nil {
		s.keys[key] = g.keys
	}
	return true
}

// runtimeEvent is an entry of the runtime log: what happened while serving rather
// than in the repositories' history.
type runtimeEvent struct {
	ID        int       `json:"id"`
	Time      time.Time `json:"time"`
	Action    int       `json:"action"`
	Project   string    `json:"project"`
	Component string    `json:"component"`
	Target    string    `json:"target,omitempty"`
}

type runtimeLog struct {
	events []runtimeEvent
}

// loadRuntime reads the runtime log from the journal once.
func (s *Scanner) loadRuntime() {
	if s.runtime != nil {
		return
	}
	s.runtime = &runtimeLog{}
	raw, err := s.journal.Events()
	if err != nil {
		s.opts.Logger.Error("reading the runtime log", "err", err)
		return
	}
	for _, b := range raw {
		var ev runtimeEvent
		if json.Unmarshal(b, &ev) == nil && ev.ID > 0 {
			s.runtime.events = append(s.runtime.events, ev)
		}
	}
}

// logRuntime appends an event; its id is given and saved before anything shows it.
func (s *Scanner) logRuntime(action int, project, component, target string) error {
	return s.logRuntimeEvents([]runtimeEvent{{Action: action, Project: project, Component: component, Target: target}})
}

// logRuntimeEvents appends events to the runtime log: ids for all, saved with one
// flush, then the entries. An id's key is the entry's position in the log, which
// the log keeps across restarts, so two events of one instant never share an id.
func (s *Scanner) logRuntimeEvents(evs []runtimeEvent) error {
	s.loadRuntime()
	now := s.opts.Now().UTC()
	n := len(s.runtime.events)
	for i := range evs {
		ev := &evs[i]
		key := fmt.Sprintf("runtime/%d/%s/%s/%d", n+i, ev.Project, ev.Component, ev.Action)
		ev.ID, ev.Time = s.opts.IDs.ID(cache.KindChange, key), now
	}
	if err := s.opts.IDs.Flush(); err != nil {
		return err
	}
	for _, ev := range evs {
		b, _ := json.Marshal(ev)
		if err := s.journal.AppendEvent(b); err != nil {
			return err
		}
		s.runtime.events = append(s.runtime.events, ev)
	}
	return nil
}

// logRuntimeLocked is logRuntime for callers outside a scan.
func (s *Scanner) logRuntimeLocked(action int, project, component, target string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logRuntime(action, project, component, target)
}

// addRuntimeChanges puts the runtime log into the snapshot's change list.
func (s *Scanner) addRuntimeChanges(snap *snapshot.Snapshot) {
	s.loadRuntime()
	for _, ev := range s.runtime.events {
		p := findProject(snap, ev.Project)
		if p == nil {
			continue // a project no longer configured
		}
		ch := &snapshot.Change{ID: ev.ID, Timestamp: ev.Time, Action: ev.Action, Target: ev.Target, Count: 1, Project: p}
		for _, c := range p.Components {
			if c.Config.Slug == ev.Component {
				ch.Component = c
			}
		}
		if ch.Component == nil && ev.Component != "" {
			continue
		}
		snap.Changes = append(snap.Changes, ch)
	}
}

func findProject(snap *snapshot.Snapshot, slug string) *snapshot.Project {
	for _, p := range snap.Projects {
		if p.Config.Slug == slug {
			return p
		}
	}
	return nil
}

// alertState is the journal entry of the alerts raised: each one is logged as 47
// New alert once, when it appears, and forgotten when it is gone.
const alertState = "alerts"

func alertID(a *snapshot.Alert) string {
	return componentKey(a.Component.Project.Config, a.Component.Config) + "\x00" + a.Kind + "\x00" + a.Path
}

// raiseAlerts logs the alerts that are new since the last scan.
func (s *Scanner) raiseAlerts(snap *snapshot.Snapshot) error {
	var active map[string]bool
	if b := s.journal.GetState(alertState); b != nil {
		_ = json.Unmarshal(b, &active)
	}
	if active == nil {
		active = map[string]bool{}
	}
	now := map[string]bool{}
	var fresh []*snapshot.Alert
	for _, a := range snap.Alerts {
		id := alertID(a)
		if !now[id] && !active[id] {
			fresh = append(fresh, a)
		}
		now[id] = true
	}
	if len(fresh) == 0 && len(now) == len(active) {
		return nil
	}
	var evs []runtimeEvent
	for _, a := range fresh {
		msg := a.Message
		if a.Path != "" {
			msg = a.Path + ": " + msg
		}
		evs = append(evs, runtimeEvent{Action: ActionAlert, Project: a.Component.Project.Config.Slug, Component: a.Component.Config.Slug, Target: a.Kind + ": " + msg})
	}
	if err := s.logRuntimeEvents(evs); err != nil {
		return err
	}
	b, _ := json.Marshal(now)
	return s.journal.PutState(alertState, b)
}

// ComponentInfo is what a server needs to keep a component fresh.
type ComponentInfo struct {
	Key       string // project/component
	Project   *config.Project
	Component *config.Component
	// Remote is true for a repository gitlate clones and fetches (a URL), whether or
	// not its clone exists yet.
	Remote        bool
	Kind          repos.Kind // "" when the repository could not be opened
	Dir           string     // working tree of a checkout, git directory otherwise
	FetchInterval time.Duration
	// WatchDirs are the directories of a checkout to watch, with how many levels of
	// subdirectories below each hold the component's files.
	WatchDirs []WatchDir
}

// WatchDir is a directory to watch and its depth.
type WatchDir struct {
	Dir   string
	Depth int
}

// Components describes every configured component, opening repositories as needed.
func (s *Scanner) Components(ctx context.Context) []ComponentInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ComponentInfo
	for _, pc := range s.cfg.Projects {
		for _, cc := range pc.Components {
			info := ComponentInfo{Key: componentKey(pc, cc), Project: pc, Component: cc, FetchInterval: cc.FetchInterval,
				Remote: strings.Contains(cc.RepoPath, "://") || strings.HasPrefix(cc.RepoPath, "git@")}
			if r, err := s.openRepo(ctx, pc, cc); err == nil {
				info.Kind, info.Dir = r.Kind(), r.Dir()
				if info.Kind == repos.KindCheckout {
					info.WatchDirs = watchDirs(r.Dir(), cc)
				}
			}
			out = append(out, info)
		}
	}
	return out
}

// watchDirs are the directories whose changes a checkout component must see: where
// its files are (down to the filemask's depth), the template's, and git's HEAD and
// branch refs (a commit or a checkout changes the history).
func watchDirs(root string, cc *config.Component) []WatchDir {
	var out []WatchDir
	if m, err := compileMask(cc.Filemask); err == nil {
		rest := strings.TrimPrefix(cc.Filemask, m.dir)
		out = append(out, WatchDir{joinDir(root, m.dir), max(strings.Count(strings.TrimPrefix(rest, "/"), "/"), 0)})
	}
	if cc.Template != "" {
		out = append(out, WatchDir{joinDir(root, dirOf(cc.Template)), 0})
	}
	out = append(out, WatchDir{joinDir(root, ".git"), 0}, WatchDir{joinDir(root, ".git/refs/heads"), 4})
	return out
}

func joinDir(root, rel string) string {
	if rel == "" {
		return root
	}
	return root + "/" + rel
}

// Fetch fetches a remote component's repository. A fetch that moves the branch is
// logged as 21 Rebased repository; a failure is kept as an alert until a fetch works.
func (s *Scanner) Fetch(ctx context.Context, key string) (moved bool, err error) {
	s.mu.Lock()
	r := s.repos[key]
	s.mu.Unlock()
	if r == nil {
		// Never opened, or its first clone failed: the next scan tries again (with
		// this fetch's backoff, as the fetch loop retries).
		return false, nil
	}
	f, ok := r.(repos.Fetcher)
	if !ok {
		return false, nil // checkouts and local repositories are read as they are
	}
	moved, err = f.Fetch(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		if ctx.Err() == nil {
			s.fetchErr[key] = err
		}
		return false, err
	}
	delete(s.fetchErr, key)
	if moved {
		project, component, _ := strings.Cut(key, "/")
		if err := s.logRuntime(ActionRebased, project, component, ""); err != nil {
			return true, err
		}
	}
	return moved, nil
}

// fetchAlert reports a failed fetch of the component, if any.
func (s *Scanner) fetchAlert(c *snapshot.Component) {
	if err := s.fetchErr[componentKey(c.Project.Config, c.Config)]; err != nil {
		c.Repo.FetchErr = err
		s.alert(c, "FetchFailed", "", "fetching %s failed: %v; serving what was fetched before", repos.RedactURL(c.Config.Repo), err)
	}
}
