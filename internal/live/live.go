// Package live keeps the snapshot the server answers from fresh: it builds snapshots (scan, then change log), swaps each new one in whole, and rebuilds when a checkout changes, a remote is fetched, a clone arrives, a webhook or a pull asks, and periodically.
package live

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/filemask"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Options tune a Live.
type Options struct {
	// Rescan is the interval of the periodic safety rebuild (default 30s).
	Rescan time.Duration
	// Debounce is how long changes in a checkout must be quiet before they are
	// read (default 200ms); MaxDelay bounds the wait under constant changes
	// (default 500ms). FirstDebounce (default 50ms) replaces Debounce for the
	// first change after a quiet spell (no read of changes for Debounce): an edit
	// shows sooner, and a burst that pauses longer is read at most twice
	// (repos.Watcher.Quick).
	Debounce, FirstDebounce, MaxDelay time.Duration
	// HookInterval is the least time between two 53 Received repository
	// notification events of one component, and between the rebuilds webhooks
	// cause when a fetch brought nothing (default 5s): unauthenticated webhooks
	// must not write the change log or rebuild without bound.
	HookInterval time.Duration
	// Logger receives problems; nil discards them.
	Logger *slog.Logger
	// Now is the clock (tests fix it); nil means time.Now.
	Now func() time.Time
}

// Live holds the snapshot the server answers from and replaces it, whole, after each
// rebuild: a request sees the previous complete state or the new one, never a mix.
// A rebuild that finds nothing new keeps the snapshot being served, so nothing
// downstream (rendered documents, caches) is redone.
//
// A started Live keeps it fresh: checkouts are watched and re-read a moment after
// they change, remote repositories are fetched every fetch_interval (with backoff
// after a failure), and everything is re-read periodically, in case a file-system
// event was lost.
type Live struct {
	cfg    *config.Config
	engine *scan.Engine
	log    *changelog.Log
	repos  *repos.Pool
	st     store.Store // the engine's and the log's, which says when another replica changed the log
	opts   Options

	observers []func(*snapshot.Snapshot)
	cur       atomic.Pointer[snapshot.Snapshot]
	wake      chan struct{} // a rebuild is wanted; capacity 1, so requests coalesce
	ready     chan struct{} // closed when the first complete snapshot is in
	started   atomic.Bool

	swapMu sync.Mutex // one rebuild and swap at a time, so a slow one never undoes a newer one

	// changedMu guards what the next rebuild the run loop makes must read: the
	// components the watcher saw change, or everything (wantAll: any other reason).
	changedMu sync.Mutex
	changed   map[string]bool
	wantAll   bool

	hookMu   sync.Mutex
	hooked   map[string]bool      // components a webhook asked to pull, not pulled yet
	lastHook map[string]time.Time // when each component's last 53 was logged
	hookRun  chan struct{}        // capacity 1: the webhook worker has something to do

	bg sync.WaitGroup // background work, for Wait

	// problems are the alerts of the snapshot served, as last logged: a scan
	// repeats its problems at every rebuild (three at start-up, then one every
	// rescan), and the log says each once, when it appears, changes or ends.
	// Written by swap only, which runs under swapMu or before anything else can.
	problems map[problemKey]string
}

// problemKey names one problem of a component: its kind and the file concerned.
type problemKey struct {
	component, path string
	kind            weblate.AlertKind
}

// New returns a Live building snapshots of cfg with engine and log, reading
// repositories through pool; st is the store both keep their state in (which it
// requires). It does nothing until Start (or Rebuild).
func New(cfg *config.Config, engine *scan.Engine, log *changelog.Log, pool *repos.Pool, st store.Store, opts Options) *Live {
	if st == nil {
		panic("live: New without a store")
	}
	if opts.Rescan <= 0 {
		opts.Rescan = 30 * time.Second
	}
	if opts.Debounce <= 0 {
		opts.Debounce = 200 * time.Millisecond
	}
	if opts.FirstDebounce <= 0 {
		opts.FirstDebounce = min(50*time.Millisecond, opts.Debounce)
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = 500 * time.Millisecond
	}
	if opts.HookInterval <= 0 {
		opts.HookInterval = 5 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Live{cfg: cfg, engine: engine, log: log, repos: pool, st: st, opts: opts,
		wake: make(chan struct{}, 1), ready: make(chan struct{}),
		hooked: map[string]bool{}, lastHook: map[string]time.Time{}, hookRun: make(chan struct{}, 1)}
}

// OnSnapshot adds fn to what is called with each new snapshot before it is swapped
// in (the API renders its documents then, off the request path). The functions
// added are called at the same time, each in its own goroutine, so they must not
// depend on one another. Call it before Start.
func (l *Live) OnSnapshot(fn func(*snapshot.Snapshot)) {
	if l.started.Load() {
		panic("live: OnSnapshot after Start")
	}
	l.observers = append(l.observers, fn)
}

// Build builds one snapshot: a scan, then the change log (with history, every
// component's history walked; without, only the runtime log), and the sums. The
// scan shows no id the store has not kept (scan.Engine), and the change log gives
// none that is not durable when given (unit keys, changes). It neither swaps nor
// notifies: one-shot commands use it.
func (l *Live) Build(ctx context.Context, history bool) (*snapshot.Snapshot, error) {
	return l.build(ctx, history, nil)
}

// build is Build reading again only the files of the components changed names
// (scan.Engine.ScanChanged), or everything when changed is nil.
func (l *Live) build(ctx context.Context, history bool, changed map[string]bool) (*snapshot.Snapshot, error) {
	var res *scan.Result
	var err error
	if changed == nil {
		res, err = l.engine.Scan(ctx)
	} else {
		res, err = l.engine.ScanChanged(ctx, changed)
	}
	if err != nil {
		return nil, err
	}
	hist, err := l.log.Apply(ctx, res, history)
	if err != nil {
		return nil, err
	}
	snap := snapshot.Build(res.Snapshot, hist, l.opts.Now())
	if r, ok := l.st.(interface{ Release() }); ok {
		r.Release() // what the build and the requests since read of the store's file
	}
	return snap, nil
}

// Start builds the statistics and serves them at once; the history (change log,
// last changes) follows in the background, and the log then only grows. From then
// on the Live keeps itself fresh until ctx is done.
func (l *Live) Start(ctx context.Context) error {
	l.started.Store(true)
	snap, err := l.Build(ctx, false)
	if err != nil {
		return err
	}
	l.swap(snap)
	l.bg.Add(1)
	go func() {
		defer l.bg.Done()
		began := time.Now()
		if err := l.Rebuild(ctx); err != nil {
			if ctx.Err() == nil {
				l.opts.Logger.Error("reading history failed", "err", err)
			}
		} else {
			l.logHistory(time.Since(began))
		}
		l.run(ctx, func() { close(l.ready) })
	}()
	l.bg.Add(1)
	go func() {
		defer l.bg.Done()
		l.hookWorker(ctx)
	}()
	return nil
}

// Ready is closed when the first snapshot with the history is served and the
// checkouts are watched: an edit made from then on is seen.
func (l *Live) Ready() <-chan struct{} { return l.ready }

// Wait returns when the Live's background work has ended, after its context is
// done: nothing writes to the store once it returns.
func (l *Live) Wait() {
	l.bg.Wait()
	l.repos.Wait()
}

// Snapshot returns the current snapshot.
func (l *Live) Snapshot() *snapshot.Snapshot { return l.cur.Load() }

func (l *Live) swap(snap *snapshot.Snapshot) {
	// The observers render independent things (the API's documents, the pages):
	// rendered at once, on as many cores, the new snapshot is served sooner after
	// an edit.
	var wg sync.WaitGroup
	for _, fn := range l.observers[min(1, len(l.observers)):] {
		wg.Go(func() { fn(snap) })
	}
	if len(l.observers) > 0 {
		l.observers[0](snap)
	}
	wg.Wait()
	l.cur.Store(snap)
	l.logProblems(snap)
}

// logHistory says that the first history walk has ended, with what it gave, so
// that an operator sees when the change log is complete and how long it took.
func (l *Live) logHistory(took time.Duration) {
	snap := l.cur.Load()
	changes, components := 0, 0
	if snap.Log != nil {
		changes = snap.Log.Len()
	}
	for _, p := range snap.Projects {
		components += len(p.Components)
	}
	l.opts.Logger.Info("history read", "changes", changes, "components", components,
		"took", took.Round(time.Millisecond))
}

// logProblems logs the alerts of snap that the previous snapshot served did not
// have, or had with another message, and those it no longer has.
func (l *Live) logProblems(snap *snapshot.Snapshot) {
	now := make(map[problemKey]string, len(snap.Alerts))
	for _, a := range snap.Alerts {
		k := problemKey{scan.ComponentKey(a.Component.Project.Config, a.Component.Config), a.Path, a.Kind}
		if _, dup := now[k]; dup {
			continue // one log line per problem key; the first message stands for it
		}
		now[k] = a.Message
		if old, ok := l.problems[k]; !ok || old != a.Message {
			l.opts.Logger.Warn("scan problem", problemAttrs(k, "problem", a.Message)...)
		}
	}
	gone := make([]problemKey, 0)
	for k := range l.problems {
		if _, ok := now[k]; !ok {
			gone = append(gone, k)
		}
	}
	sort.Slice(gone, func(i, j int) bool {
		a, b := gone[i], gone[j]
		if a.component != b.component {
			return a.component < b.component
		}
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		return a.path < b.path
	})
	for _, k := range gone {
		l.opts.Logger.Info("scan problem resolved", problemAttrs(k)...)
	}
	l.problems = now
}

func problemAttrs(k problemKey, more ...any) []any {
	args := []any{"component", k.component, "kind", k.kind}
	if k.path != "" {
		args = append(args, "path", k.path)
	}
	return append(args, more...)
}

// Rebuild builds a complete snapshot and swaps it in, unless it shows nothing new.
func (l *Live) Rebuild(ctx context.Context) error {
	return l.rebuild(ctx, nil)
}

// RebuildChanged is Rebuild reading again only the files of the components named
// (by scan.ComponentKey), those the watcher saw change: the others show what
// their last read found, unless their repository moved (scan.Engine.ScanChanged).
// The snapshot it swaps in is whole, as Rebuild's.
func (l *Live) RebuildChanged(ctx context.Context, components []string) error {
	changed := make(map[string]bool, len(components))
	for _, k := range components {
		changed[k] = true
	}
	return l.rebuild(ctx, changed)
}

func (l *Live) rebuild(ctx context.Context, changed map[string]bool) error {
	l.swapMu.Lock()
	defer l.swapMu.Unlock()
	snap, err := l.build(ctx, true, changed)
	if err != nil {
		return err
	}
	if cur := l.cur.Load(); cur != nil && cur.Fingerprint == snap.Fingerprint {
		return nil
	}
	l.swap(snap)
	return nil
}

// Wake asks for a rebuild soon; requests made while one is pending coalesce.
func (l *Live) Wake() {
	l.changedMu.Lock()
	l.wantAll = true
	l.changedMu.Unlock()
	l.signal()
}

// wakeChanged asks for a rebuild soon that reads the components named again.
func (l *Live) wakeChanged(components []string) {
	l.changedMu.Lock()
	if l.changed == nil {
		l.changed = map[string]bool{}
	}
	for _, k := range components {
		l.changed[k] = true
	}
	l.changedMu.Unlock()
	l.signal()
}

// wanted takes what the next rebuild must read: the components changed (none:
// a signal whose changes an earlier rebuild read), or nil for everything (all,
// or a Wake).
func (l *Live) wanted(all bool) map[string]bool {
	l.changedMu.Lock()
	defer l.changedMu.Unlock()
	changed := l.changed
	switch {
	case all || l.wantAll:
		changed = nil
	case changed == nil:
		changed = map[string]bool{}
	}
	l.changed, l.wantAll = nil, false
	return changed
}

func (l *Live) signal() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Pull fetches the given components' remote repositories now and rebuilds, so the
// answer reflects the remotes as they are (the API's "pull"). It returns the first
// fetch error; the rebuild happens either way.
func (l *Live) Pull(ctx context.Context, components []string) error {
	var first error
	for _, key := range components {
		if _, err := l.fetch(ctx, key); err != nil && first == nil {
			first = err
		}
	}
	if err := l.Rebuild(ctx); err != nil {
		return err
	}
	return first
}

// fetch fetches a component's remote repository; a fetch that moves the branch is
// logged as 21 Rebased repository.
func (l *Live) fetch(ctx context.Context, key string) (moved bool, err error) {
	moved, err = l.repos.Fetch(ctx, key)
	if err != nil || !moved {
		return moved, err
	}
	head := ""
	if r := l.repos.Get(key); r != nil {
		if h, err := r.Head(); err == nil && h != nil {
			head = h.Hash.String()
		}
	}
	project, component, _ := strings.Cut(key, "/")
	return true, l.log.Record(ctx, weblate.ActionRebase, project, component, "", head)
}

// Notify handles a push webhook for the components. It only notes them and returns:
// one worker fetches them, and logs 53 Received repository notification for each,
// as Weblate does — but for one component at most once per HookInterval, and it
// rebuilds only when a fetch moved a branch or a 53 was logged. A burst of
// webhooks for a component waiting to be pulled adds nothing, so unauthenticated
// hooks can queue no unbounded work and write no unbounded log.
func (l *Live) Notify(components []string, service string) {
	l.opts.Logger.Info("webhook", "service", service, "components", components)
	l.hookMu.Lock()
	for _, key := range components {
		l.hooked[key] = true
	}
	l.hookMu.Unlock()
	select {
	case l.hookRun <- struct{}{}:
	default:
	}
}

// hookWorker pulls the components webhooks asked for, until ctx ends.
func (l *Live) hookWorker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-l.hookRun:
		}
		l.hookMu.Lock()
		keys := make([]string, 0, len(l.hooked))
		for k := range l.hooked {
			keys = append(keys, k)
		}
		clear(l.hooked)
		l.hookMu.Unlock()
		sort.Strings(keys)
		rebuild := false
		for _, key := range keys {
			moved, err := l.fetch(ctx, key)
			if err != nil && ctx.Err() == nil {
				l.opts.Logger.Warn("fetch after a webhook failed", "component", key, "err", err)
				rebuild = true // the alert shows
			}
			now := l.opts.Now()
			l.hookMu.Lock()
			due := moved || now.Sub(l.lastHook[key]) >= l.opts.HookInterval
			if due {
				l.lastHook[key] = now
			}
			l.hookMu.Unlock()
			if !due {
				continue
			}
			rebuild = true
			project, component, _ := strings.Cut(key, "/")
			if err := l.log.Record(ctx, weblate.ActionHook, project, component, "", ""); err != nil {
				l.opts.Logger.Error("logging a webhook", "err", err)
			}
		}
		if rebuild {
			if err := l.Rebuild(ctx); err != nil && ctx.Err() == nil {
				l.opts.Logger.Warn("rebuild after a webhook failed", "components", keys, "err", err)
			}
		}
	}
}

// run keeps the snapshot fresh until ctx is done; ready is called once the
// checkouts are watched.
func (l *Live) run(ctx context.Context, ready func()) {
	log := l.opts.Logger
	// The watcher names the components whose folders changed: only they are read
	// again; the periodic rebuild reads everything, in case an event was lost.
	w, err := repos.NewWatcher(l.opts.Debounce, l.opts.MaxDelay, l.wakeChanged)
	if err != nil {
		log.Warn("watching checkouts is not possible; relying on the periodic rebuild", "err", err)
	} else {
		w.Quick(l.opts.FirstDebounce)
		defer w.Close()
	}
	for _, info := range l.components(ctx) {
		if w != nil {
			for _, d := range info.watchDirs {
				if err := w.Add(info.key, filepath.FromSlash(d.dir), d.depth); err != nil {
					log.Warn("not watching", "component", info.key, "dir", d.dir, "err", err)
				}
			}
		}
		if info.remote && info.fetchInterval > 0 {
			l.bg.Add(1)
			go func() {
				defer l.bg.Done()
				l.fetchLoop(ctx, info.key, info.fetchInterval)
			}()
		}
	}
	// An edit made before the watches were in place (during the history walk, which
	// can take seconds) raised no event: one rebuild now sees it. With nothing
	// changed it parses nothing and swaps nothing (same fingerprint).
	l.Wake()
	ready()
	tick := time.NewTicker(l.opts.Rescan)
	defer tick.Stop()
	for {
		all := true
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-l.wake:
			all = false // what was asked for: the components the watcher named, or all
		case <-l.repos.Cloned():
		case <-l.st.Changed():
			// Another replica changed the log, or the store is reachable again.
		}
		if err := l.rebuild(ctx, l.wanted(all)); err != nil && ctx.Err() == nil {
			log.Error("rebuild failed", "err", err)
		}
	}
}

func (l *Live) fetchLoop(ctx context.Context, key string, interval time.Duration) {
	failures := 0
	wait := interval
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		moved, err := l.fetch(ctx, key)
		switch {
		case errors.Is(err, context.Canceled):
			return
		case err != nil:
			failures++
			wait = repos.Backoff(failures, interval)
			l.opts.Logger.Warn("fetch failed", "component", key, "err", err, "retry in", wait)
			l.Wake() // the alert shows
		default:
			if failures > 0 || moved {
				l.Wake()
			}
			failures, wait = 0, interval
		}
	}
}

// componentInfo is what keeping a component fresh needs.
type componentInfo struct {
	key string
	// remote is true for a repository gitlate clones and fetches (a URL), whether or
	// not its clone exists yet.
	remote        bool
	fetchInterval time.Duration
	// watchDirs are the directories of a checkout to watch, with how many levels of
	// subdirectories below each hold the component's files.
	watchDirs []watchDir
}

type watchDir struct {
	dir   string
	depth int
}

// components describes every configured component, opening repositories as needed.
func (l *Live) components(ctx context.Context) []componentInfo {
	var out []componentInfo
	for _, pc := range l.cfg.Projects {
		for _, cc := range pc.Components {
			key := scan.ComponentKey(pc, cc)
			info := componentInfo{key: key, fetchInterval: cc.FetchInterval,
				remote: repos.IsRemote(cc.RepoPath)}
			if r, err := l.repos.Open(ctx, key, repos.Spec{Repo: cc.RepoPath, Branch: cc.Branch}); err == nil && r.Kind().WorkingTree() {
				info.watchDirs = watchDirs(r.Dir(), cc, r.Kind() == repos.KindCheckout)
			}
			out = append(out, info)
		}
	}
	return out
}

// watchDirs are the directories whose changes a checkout or plain-folder
// component must see: where its files are (down to the filemask's depth), the
// template's, and for a checkout (withGit) git's HEAD and branch refs (a commit or
// a checkout changes the history; a plain folder has none to watch).
func watchDirs(root string, cc *config.Component, withGit bool) []watchDir {
	var out []watchDir
	if m, err := filemask.Compile(cc.Filemask); err == nil {
		out = append(out, watchDir{joinDir(root, m.Dir), m.Depth})
	}
	if cc.Template != "" {
		dir := ""
		if i := strings.LastIndexByte(cc.Template, '/'); i >= 0 {
			dir = cc.Template[:i]
		}
		out = append(out, watchDir{joinDir(root, dir), 0})
	}
	if withGit {
		out = append(out, watchDir{joinDir(root, ".git"), 0}, watchDir{joinDir(root, ".git/refs/heads"), 4})
	}
	return out
}

func joinDir(root, rel string) string {
	if rel == "" {
		return root
	}
	return root + "/" + rel
}
