// Package scan is the scan engine: it reads each component's files out of its repository — filemask expansion, language detection, parsing — and counts them into a snapshot's statistics, keeping what unchanged files yielded so that a re-scan reads only what changed, and showing a component as last read, with an alert, when the store cannot give or keep its ids.
package scan

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Options configure an Engine.
type Options struct {
	// Repos opens the components' repositories.
	Repos *repos.Pool
	// StorageAlert is a standing problem of the store the command chose to run on
	// regardless (ids kept in memory only, a file that lost its ids at start):
	// every component shows it as a StorageError alert; "" for none.
	StorageAlert string
	// Logger receives scan problems; nil discards them.
	Logger *slog.Logger
	// NoChecks turns Weblate's quality checks off: every failing count is 0 and
	// no unit fails a check (a scan without them costs a little less).
	NoChecks bool
}

// Engine turns a config into the statistics of snapshots. It keeps what it learned
// about unchanged files between scans, so a re-scan only reads what changed.
//
// The store gives ids and keeps parse results. A scan never shows an id the store
// could not give or keep: a component whose ids it cannot give (a new file, new
// unit keys, while PostgreSQL is away) shows its last state whose ids were kept,
// with a StorageError alert; when the ids cannot be kept at all (Flush fails: a
// full disk), every component does. Only a scan that cannot give a project's,
// component's or add-on's id, or keep the first scan's ids, fails: the
// configuration is read once, so that happens at start. A journal that cannot be
// read or written only costs parsing, and shows as the same alert. Each problem
// is logged once, not at every scan (store.Reporter).
type Engine struct {
	cfg  *config.Config
	opts Options

	mu      sync.Mutex // one scan at a time
	results map[resultKey]*fileResult

	ruleMu sync.Mutex
	rules  map[*config.Component]*Rule

	st store.Store
	// flushed is set once a scan's ids were kept: from then on every project's,
	// component's and add-on's id is durable.
	flushed bool
	// storeErr is the first store failure of the scan under way; reported and
	// pruneReported log them once.
	storeErr                error
	reported, pruneReported store.Reporter
	// unitSegs keeps, by component and content, which key number each unit
	// position holds (see assignUnitIDs); only scans touch it, one at a time.
	unitSegs, unitSegsUsed map[string]unitSegs
	// srcStats keeps, by component, the statistics of its source translation and
	// what they were counted from (see componentScan.templateStats); only scans
	// touch it, one at a time.
	srcStats, srcStatsUsed map[string]*srcStats
	// journaled counts the results put in the journal since it was last pruned
	// (see pruneJournal); only scans touch it, one at a time.
	journaled int
	lastGood  map[string]*goodFile      // component key NUL path → last result that parsed
	goodSeen  map[string]bool           // the lastGood ids this scan looked at
	goodComp  map[string]*goodComponent // component key → last state of a readable repository
	// views holds, during a scan, what it read of each repository (see repoView);
	// only scans touch it, one at a time.
	views map[repos.Repository]*repoView
	// langLists keeps, by component, the languages of a file holding every
	// language (see fileLanguages); only scans touch it, one at a time.
	langLists map[string]*langList

	parsed atomic.Int64
	// reused counts results taken from memory instead of a parse; scans, scanTime and
	// lastScan time the scans. They feed the server's metrics.
	reused   atomic.Int64
	scans    atomic.Int64
	scanTime atomic.Int64 // nanoseconds, summed over scans
	lastScan atomic.Int64 // nanoseconds
}

// New returns an Engine for cfg, giving ids from st (which it requires: which
// store to run on is the command's decision).
func New(cfg *config.Config, st store.Store, opts Options) *Engine {
	if st == nil {
		panic("scan: New without a store")
	}
	if opts.Repos == nil {
		opts.Repos = repos.NewPool(repos.PoolOptions{})
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Engine{
		cfg:      cfg,
		opts:     opts,
		st:       st,
		unitSegs: map[string]unitSegs{},
		rules:    map[*config.Component]*Rule{},
		lastGood: map[string]*goodFile{},
		goodSeen: map[string]bool{},
		goodComp: map[string]*goodComponent{},
		results:  map[resultKey]*fileResult{},
	}
}

// FilesParsed is how many files the engine has parsed since it was made (files
// whose content it already knew are not parsed again).
func (s *Engine) FilesParsed() int64 { return s.parsed.Load() }

// ResultsReused is how many times a file's result came from an earlier parse of the
// same content instead of a new one.
func (s *Engine) ResultsReused() int64 { return s.reused.Load() }

// ScanTimes returns how many scans have run, their summed duration and the last one's.
func (s *Engine) ScanTimes() (n int64, total, last time.Duration) {
	return s.scans.Load(), time.Duration(s.scanTime.Load()), time.Duration(s.lastScan.Load())
}

func (s *Engine) timeScan(start time.Time) {
	d := time.Since(start)
	s.lastScan.Store(int64(d))
	s.scanTime.Add(int64(d))
	s.scans.Add(1)
}

// Result is what a scan found: a snapshot holding the projects, components and
// translations with their statistics and alerts (not yet aggregated, without
// history), and, for each component, what the history walk needs of its
// repository.
type Result struct {
	Snapshot *snapshot.Snapshot
	Sources  map[*snapshot.Component]*Source
}

// Source is what a scan read a component from.
type Source struct {
	// Key is the component's key, "project/component".
	Key string
	// Repo is the opened repository; nil when it could not be read this time (the
	// component then shows what it held when last read).
	Repo repos.Repository
	// Format parses the component's files; nil when file_format is unknown.
	Format formats.Format
	// Rule says which files are the component's translations.
	Rule *Rule
	keys *componentKeys
	// read is set when the component's files were read from its repository this
	// scan; storeErr when the store could not give the ids of what was read.
	read     bool
	storeErr error
	// fileAlerts are the alerts reading the files raised; clean says the reading
	// met no store or journal failure and no file changing under it, so that what
	// it found may stand for the component while its files do not change
	// (ScanChanged); reused that it did stand for it this scan.
	fileAlerts    []*snapshot.Alert
	clean, reused bool
}

// ComponentKey is the key a component's ids and state are kept under.
func ComponentKey(pc *config.Project, cc *config.Component) string { return pc.Slug + "/" + cc.Slug }

// resultKey identifies what a file's content yields: the same bytes in the same role
// give the same result, so a result is reused while the blob ids stay the same.
type resultKey struct {
	format   string
	blob     repos.Hash
	template repos.Hash // template blob for monolingual translations
	tags     string     // plural tags the forms were ordered by
	checks   string     // what the quality checks depend on (checksKey)
	role     byte       // 't' template, 'm' monolingual translation, 'b' bilingual file
	// lang is the language read of a file holding every language
	// (formats.MultiLanguage), as the file writes its code; "" for other files.
	lang string
}

type fileResult struct {
	err error
	// changed marks a result of bytes that were not those of its key's blob (the
	// file was edited while the scan read it): used once, never cached.
	changed bool
	tmpl    []rules.TemplateUnit // template role
	repeats []int                // template role: indexes of units repeating a key
	stats   snapshot.Stats
	units   []bilUnit         // bilingual role
	rows    []uint8           // monolingual role: failing checks per template unit (nil: none)
	warns   []formats.Warning // the file's warnings, each an alert of its component
}

// Scan reads every component and returns its statistics. Problems with single
// components or files become alerts, the store's included (see Engine); Scan
// itself only fails when ctx is done or ids that must be shown cannot be given or
// kept.
func (s *Engine) Scan(ctx context.Context) (*Result, error) {
	return s.scan(ctx, nil)
}

// ScanChanged is a Scan that reads again only the files of the components changed
// names (by ComponentKey): every other component whose repository still has the
// head and branch it was last read at shows what that read found, without its
// directories being listed or its files looked at. It is for a caller that knows
// which components changed — the watcher of checkouts names them — and still
// scans everything now and then (Scan), in case a change went unnoticed. A
// component never read whole before, or whose last read met a problem that may
// have passed (the store, the journal, a file changing while read), is read as
// Scan reads it. Memory of contents no longer in any tree is dropped by Scan only.
func (s *Engine) ScanChanged(ctx context.Context, changed map[string]bool) (*Result, error) {
	if changed == nil {
		changed = map[string]bool{}
	}
	return s.scan(ctx, changed)
}

// scan scans every component, reading again only those changed names (all of
// them when changed is nil).
func (s *Engine) scan(ctx context.Context, changed map[string]bool) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.timeScan(time.Now())

	s.storeErr = nil
	s.views = map[repos.Repository]*repoView{}
	defer s.closeViews()
	used := map[resultKey]*fileResult{}
	s.unitSegsUsed = map[string]unitSegs{}
	s.srcStatsUsed = map[string]*srcStats{}
	res, err := s.scanProjects(ctx, used, changed)
	if err != nil {
		return nil, err
	}
	if changed == nil {
		// Forget results of contents no longer in any tree, so memory follows the repositories.
		s.results = used
		s.unitSegs = s.unitSegsUsed
		s.srcStats = s.srcStatsUsed
		s.pruneGood()
	} else {
		// The components not read again did not say what they use: everything
		// is kept until the next whole scan.
		maps.Copy(s.results, used)
		maps.Copy(s.unitSegs, s.unitSegsUsed)
		maps.Copy(s.srcStats, s.srcStatsUsed)
		clear(s.goodSeen)
	}
	// Nothing may show an id that a crash could take back.
	if err := s.st.Flush(ctx); err != nil {
		if ctx.Err() != nil || !s.flushed {
			return nil, err
		}
		s.keepFailed(res, err)
	} else {
		s.flushed = true
		s.rememberRead(res)
	}
	for _, p := range res.Snapshot.Projects {
		for _, c := range p.Components {
			res.Snapshot.Alerts = append(res.Snapshot.Alerts, c.Alerts...)
		}
	}
	s.reported.Report(s.opts.Logger, "the store failed during a scan (the components concerned show a StorageError alert)", s.storeErr)
	if s.storeErr == nil {
		s.pruneJournal(ctx, res)
	}
	return res, nil
}

// scanProjects reads every project's components and gives their units ids.
func (s *Engine) scanProjects(ctx context.Context, used map[resultKey]*fileResult, changed map[string]bool) (*Result, error) {
	res := &Result{Snapshot: &snapshot.Snapshot{}, Sources: map[*snapshot.Component]*Source{}}
	for _, pc := range s.cfg.Projects {
		id, err := s.st.ID(ctx, store.KindProject, pc.Slug)
		if err != nil {
			return nil, fmt.Errorf("the id of project %s: %w", pc.Slug, err)
		}
		p := &snapshot.Project{ID: id, Config: pc}
		for _, cc := range pc.Components {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			c, src, err := s.scanComponent(ctx, p, cc, used, changed)
			if err != nil {
				return nil, err
			}
			if err := ctx.Err(); err != nil {
				// Files left unread became errors: nothing of this scan is kept.
				return nil, err
			}
			if src.storeErr == nil && !src.reused {
				src.storeErr = s.assignUnitIDs(ctx, c, src)
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			if src.storeErr != nil {
				s.idsFailed(c, src, src.storeErr)
			}
			p.Components = append(p.Components, c)
			res.Sources[c] = src
		}
		res.Snapshot.Projects = append(res.Snapshot.Projects, p)
	}
	return res, nil
}

// pruneJournal deletes the journaled results of contents no file has any more
// (every edit of a watched checkout journals a new one), keeping those of this
// scan's files, once as many results were journaled since the last pruning as
// the scan uses: the journal stays within twice what the repositories need, and
// the work of pruning is spread over as many scans. A scan that could not read
// some repository keeps everything: the files it did not see may be back.
func (s *Engine) pruneJournal(ctx context.Context, res *Result) {
	if s.journaled <= len(s.results) {
		return
	}
	for _, p := range res.Snapshot.Projects {
		for _, c := range p.Components {
			if c.Repo.Err != nil {
				return
			}
		}
	}
	keep := make(map[string]bool, len(s.results))
	for k := range s.results {
		keep[k.journalKey()] = true
	}
	err := s.st.PruneResults(ctx, func(k string) bool { return keep[k] })
	s.pruneReported.Report(s.opts.Logger, "pruning the journal of parse results", err)
	if err == nil {
		s.journaled = 0
	}
}

func (s *Engine) alert(c *snapshot.Component, kind weblate.AlertKind, file, format string, args ...any) {
	a := &snapshot.Alert{Component: c, Kind: kind, Path: file, Message: fmt.Sprintf(format, args...)}
	// Not logged here: a scan meets a problem at every rebuild; the Live logs
	// the problems of the snapshots it serves, once.
	c.Alerts = append(c.Alerts, a)
}

// storageAlert shows a store failure on a component. It is not logged here: the
// scan logs the failure once (Scan), not once per component per scan.
func (s *Engine) storageAlert(c *snapshot.Component, err error, format string, args ...any) {
	if s.storeErr == nil {
		s.storeErr = err
	}
	msg := fmt.Sprintf(format, args...) + ": " + err.Error()
	c.Alerts = append(c.Alerts, &snapshot.Alert{Component: c, Kind: weblate.AlertStorage, Message: msg})
}

// idsFailed shows a component whose ids the store could not give as it was when
// they last could: its last state read from its repository in a scan whose ids
// were kept, or no translations at all. Its history is not walked meanwhile.
func (s *Engine) idsFailed(c *snapshot.Component, src *Source, err error) {
	c.Translations, c.TemplateRepeats = nil, nil
	src.Repo, src.keys, src.read = nil, nil, false
	shown := "no translations are shown"
	if s.restoreComponent(c, src, nil) {
		shown = "showing the component as last read"
	}
	s.storageAlert(c, err, "the store cannot give the ids of what was read; %s until it can", shown)
}

// keepFailed shows, when a scan's ids could not be kept, every component that
// was read as it was when they last could: no id a crash could take back is
// shown, and the next scan tries again.
func (s *Engine) keepFailed(res *Result, err error) {
	for _, p := range res.Snapshot.Projects {
		for _, c := range p.Components {
			if src := res.Sources[c]; src.read {
				s.idsFailed(c, src, err)
			} else {
				s.storageAlert(c, err, "the store cannot keep ids")
			}
		}
	}
}

// rememberRead keeps the state of each component read from its repository, once
// its ids are kept: what a component shows when its repository cannot be read,
// or its ids given (idsFailed).
func (s *Engine) rememberRead(res *Result) {
	for c, src := range res.Sources {
		switch {
		case src.reused:
			// What it shows is what is remembered already; only the repository's
			// state (its last fetch) may be newer.
			if g := s.goodComp[src.Key]; g != nil {
				g.repo = c.Repo
			}
		case src.read:
			s.rememberComponent(c, src)
		}
	}
}

// scanComponent reads a component: its ids and settings, its repository's tree,
// then its files. Problems become the component's alerts; the error says that an
// id it must show (the component's, an add-on's) cannot be given.
func (s *Engine) scanComponent(ctx context.Context, p *snapshot.Project, cc *config.Component, used map[resultKey]*fileResult, changed map[string]bool) (*snapshot.Component, *Source, error) {
	c, src, err := s.newComponent(ctx, p, cc)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if !src.reused {
			// Read again, or not readable: what was last read stands for the
			// component no longer, unless this read is remembered (rememberRead).
			s.unclean(src.Key)
		}
	}()
	info, ok := s.formatOf(c)
	if !ok {
		return c, src, nil
	}
	src.Format = info.Format()
	repo, view, err := s.openTree(ctx, c, src)
	if err != nil {
		s.repoFailed(c, src, err)
		return c, src, nil
	}
	if err := s.opts.Repos.FetchErr(src.Key); err != nil {
		c.Repo.FetchErr = err
		s.alert(c, weblate.AlertFetchFailed, "", "fetching %s failed: %v; serving what was fetched before", repos.RedactURL(cc.Repo), err)
	}
	if changed != nil && !changed[src.Key] && s.reuseComponent(c, src) {
		return c, src, nil
	}
	sc := s.newComponentScan(ctx, c, src, view, info, used, p.Config.TranslationReview)
	before := len(c.Alerts)
	src.read = sc.readFiles(repo)
	src.storeErr = sc.idErr
	src.fileAlerts = c.Alerts[before:len(c.Alerts):len(c.Alerts)]
	src.clean = src.read && sc.idErr == nil && sc.journalErr == nil && !sc.sawChanged
	return c, src, nil
}

// newComponent makes a component with its id and its add-ons' (in id order, as
// Weblate lists them: an add-on the store knew from an earlier configuration
// keeps its smaller id), and the standing alert of the store, if any.
func (s *Engine) newComponent(ctx context.Context, p *snapshot.Project, cc *config.Component) (*snapshot.Component, *Source, error) {
	key := ComponentKey(p.Config, cc)
	id, err := s.st.ID(ctx, store.KindComponent, key)
	if err != nil {
		return nil, nil, fmt.Errorf("the id of component %s: %w", key, err)
	}
	c := &snapshot.Component{ID: id, Project: p, Config: cc, NoChecks: s.opts.NoChecks}
	if s.opts.StorageAlert != "" {
		c.Alerts = append(c.Alerts, &snapshot.Alert{Component: c, Kind: weblate.AlertStorage, Message: s.opts.StorageAlert})
	}
	for i := range cc.Addons {
		a := &cc.Addons[i]
		id, err := s.st.ID(ctx, store.KindAddon, key+"/"+a.Name)
		if err != nil {
			return nil, nil, fmt.Errorf("the id of add-on %s of %s: %w", a.Name, key, err)
		}
		c.Addons = append(c.Addons, &snapshot.Addon{ID: id, Config: a})
	}
	slices.SortStableFunc(c.Addons, func(a, b *snapshot.Addon) int { return a.ID - b.ID })
	return c, &Source{Key: key}, nil
}

// formatOf resolves the component's source language and file format; false when
// the format is unknown (nothing of the component can be read).
func (s *Engine) formatOf(c *snapshot.Component) (*formats.Info, bool) {
	cc := c.Config
	sl, err := lang.Resolve(cc.SourceLanguage)
	if err != nil {
		s.alert(c, weblate.AlertNotLanguage, "", "source language %q: %v; using English", cc.SourceLanguage, err)
		sl, _ = lang.Get("en")
	}
	c.SourceLanguage = sl
	info, ok := formats.Lookup(cc.FileFormat)
	if !ok {
		s.alert(c, weblate.AlertUnknownFormat, "", "unknown file format %q", cc.FileFormat)
		return nil, false
	}
	c.Format = info
	return info, true
}

// repoView is what a scan reads of one repository, shared by every component
// living in it: its branch, head and tree are read once per scan, and its files
// through one batch. A checkout holding forty modules would otherwise be opened,
// its HEAD and index read and the directories above each module resolved forty
// times over, which cost more than reading the files themselves.
type repoView struct {
	err    error // the repository cannot be read (gone: the pool forgets it)
	gone   bool
	branch string
	head   *repos.Commit
	tree   repos.Tree
	batch  repos.Batch // nil when the tree reads no faster in batches
}

// closeViews ends the batches of the scan's repositories.
func (s *Engine) closeViews() {
	for _, v := range s.views {
		if v.batch != nil {
			v.batch.Close()
		}
	}
	s.views = nil
}

// openTree opens the component's repository and the tree of its head. The head is
// read once per scan: the files and the history of this scan are those of that
// commit, even if another lands meanwhile (a checkout shows its working tree, which
// is what the user sees), and every component of the repository sees the same.
func (s *Engine) openTree(ctx context.Context, c *snapshot.Component, src *Source) (repos.Repository, *repoView, error) {
	cc := c.Config
	repo, err := s.opts.Repos.Open(ctx, src.Key, repos.Spec{Repo: cc.RepoPath, Branch: cc.Branch})
	if err != nil {
		return nil, nil, err
	}
	v := s.views[repo]
	if v == nil {
		v = readView(repo)
		if s.views != nil {
			s.views[repo] = v
		} else if v.batch != nil {
			// Not within a scan: nothing would close it.
			v.batch.Close()
			v.batch = nil
		}
	}
	if v.gone {
		// Gone (moved, unmounted, deleted): open it afresh when it is back.
		s.opts.Repos.Forget(src.Key)
	}
	if v.err != nil {
		return nil, nil, v.err
	}
	c.Repo.Kind = repo.Kind()
	c.Repo.Branch = v.branch
	c.Repo.Head = v.head
	src.Repo = repo
	return repo, v, nil
}

// readView reads the branch, head and tree of repo (see repoView).
func readView(repo repos.Repository) *repoView {
	v := &repoView{}
	if _, err := os.Stat(repo.Dir()); err != nil {
		v.err, v.gone = err, true
		return v
	}
	v.branch = repo.Branch()
	head, err := repo.Head()
	if err != nil {
		v.err = err
		return v
	}
	v.head = head
	if repo.Kind().WorkingTree() || head == nil {
		v.tree, err = repo.Tree()
	} else {
		v.tree, err = repo.TreeAt(head.Hash)
	}
	if err != nil {
		v.err = err
		return v
	}
	if b, ok := v.tree.(repos.Batcher); ok {
		// A repository's files share their directories: reading them as one batch
		// opens each directory once (a checkout's listing and reads were mostly
		// system calls). Unable to start one, files are read one by one.
		if batch, err := b.Batch(); err == nil {
			v.batch = batch
			if t, ok := batch.(repos.Tree); ok {
				// Listings through the batch too: the components of a checkout
				// then open it once, and one listing serves those it covers.
				v.tree = t
			}
		}
	}
	return v
}

// newComponentScan prepares the reading of a component's files from the
// repository view v.
func (s *Engine) newComponentScan(ctx context.Context, c *snapshot.Component, src *Source, v *repoView, info *formats.Info, used map[resultKey]*fileResult, review bool) *componentScan {
	sc := &componentScan{ctx: ctx, s: s, c: c, src: src, tree: v.tree, format: src.Format, info: info, used: used, review: review, memo: rules.NewMemo()}
	if br, ok := v.tree.(repos.BufferedReader); ok {
		sc.reader = br
	}
	if v.batch != nil {
		sc.reader = v.batch
	}
	return sc
}

// readFiles reads the component's files: the template of a monolingual format,
// the files its filemask matches, each a translation. It reports whether they
// were read (not when the template, the filemask or the listing failed).
func (sc *componentScan) readFiles(repo repos.Repository) bool {
	s, c, cc := sc.s, sc.c, sc.c.Config
	templateParsed := func() {}
	if sc.info.Monolingual {
		if !sc.findTemplate() {
			return false
		}
		// The template is parsed while the tree is listed (a listing of a hundred
		// directories is system calls, leaving the other cores idle).
		templateParsed = sc.startPrefetch([]parseJob{sc.templateJob()}, 1)
		defer templateParsed()
	}
	rule, err := s.ruleOf(cc, c.Project.Config)
	if err != nil {
		s.alert(c, weblate.AlertNoMatch, "", "%v", err)
		return false
	}
	sc.src.Rule = rule
	var matches []match
	if sc.info.MultiLanguage {
		matches = sc.fileLanguages(rule)
	} else {
		matches, err = s.listMatches(c, sc.tree, rule)
	}
	templateParsed()
	if err != nil {
		s.repoFailed(c, sc.src, err)
		return false
	}
	// A local: repository without commits is a glossary nobody has written to yet:
	// empty, not misconfigured. A file holding every language may hold the source
	// language alone.
	if len(matches) == 0 && !sc.info.MultiLanguage && (repo.Kind() != repos.KindLocal || c.Repo.Head != nil) {
		hint := ""
		if m := layout.DidYouMean(repo, sc.tree, cc.Filemask); m != "" {
			hint = fmt.Sprintf("; did you mean %q?", m)
		}
		s.alert(c, weblate.AlertNoMatch, "", "filemask %q matches no file%s", cc.Filemask, hint)
	}
	if sc.info.Monolingual {
		sc.monolingual(matches)
	} else {
		sc.bilingual(matches)
	}
	if sc.journalErr != nil {
		s.storageAlert(c, sc.journalErr, "the journal of parse results cannot be used; files are parsed again")
	}
	return true
}

// repoFailed reports a repository that cannot be read and shows what it held the
// last time it could be.
func (s *Engine) repoFailed(c *snapshot.Component, src *Source, err error) {
	if repos.IsCloning(err) {
		c.Repo.Err = err
		s.alert(c, weblate.AlertCloning, "", "%v", err)
		return
	}
	if s.restoreComponent(c, src, err) {
		s.alert(c, weblate.AlertRepositoryError, "", "repository %s: %v (showing what it held when last read)", repos.RedactURL(c.Config.Repo), err)
		return
	}
	c.Repo.Err = err
	s.alert(c, weblate.AlertRepositoryError, "", "repository %s: %v", repos.RedactURL(c.Config.Repo), err)
}

// match is one file the filemask matched, with its language.
type match struct {
	entry repos.Entry
	code  string // as written in the path
	lang  *lang.Language
}

// listMatches expands the filemask over the tree and resolves each file's language,
// raising alerts for files it has to skip. Matches come in path order.
func (s *Engine) listMatches(c *snapshot.Component, tree repos.Tree, pl *Rule) ([]match, error) {
	cc := c.Config
	entries, err := tree.ListDepth(pl.Mask.Dir, pl.Mask.Depth)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	taken := map[string]string{c.SourceLanguage.Code: cc.Template}
	var out []match
	for _, e := range entries {
		code, l, ok, err := pl.Of(e.Path, c.SourceLanguage)
		if !ok {
			continue
		}
		if err != nil {
			s.alert(c, weblate.AlertNotLanguage, e.Path, "%v", err)
			continue
		}
		if other, dup := taken[l.Code]; dup {
			if other == "" {
				other = "the source language"
			}
			s.alert(c, weblate.AlertDuplicateLanguage, e.Path, "language %s is already provided by %s; this file is skipped", l.Code, other)
			continue
		}
		taken[l.Code] = e.Path
		out = append(out, match{entry: e, code: code, lang: l})
	}
	return out, nil
}

// componentScan is the state of reading one component.
type componentScan struct {
	// ctx ends the scan: no file is read once it is done (a signal stops a scan
	// of thousands of files within the file being parsed).
	ctx    context.Context
	s      *Engine
	c      *snapshot.Component
	src    *Source
	tree   repos.Tree
	reader repos.BufferedReader // tree's, or a batch of it; nil when tree has none
	format formats.Format
	info   *formats.Info
	used   map[resultKey]*fileResult
	// memo is shared by the checkers of the component's translations.
	memo   *rules.Memo
	review bool
	// template is the template's entry (monolingual formats).
	template repos.Entry
	// pre holds results prefetch parsed in parallel, and journaled those it found
	// in the journal, until the serial pass takes them.
	pre, journaled map[resultKey]*fileResult
	// idErr is the first failure to give a translation its id; journalErr the
	// first failure to read or write the journal.
	idErr, journalErr error
	// sawChanged is set when a file changed while it was read.
	sawChanged bool
}

// translationID gives the translation of code its id; false when the store
// cannot (the component is then shown as it last was: see idsFailed).
func (sc *componentScan) translationID(code string) (int, bool) {
	id, err := sc.s.st.ID(sc.ctx, store.KindTranslation, sc.src.Key+"/"+code)
	if err != nil {
		if sc.idErr == nil {
			sc.idErr = fmt.Errorf("the id of translation %s of %s: %w", code, sc.src.Key, err)
		}
		return 0, false
	}
	return id, true
}

// result returns the cached result for key, or computes it from the file's bytes.
func (sc *componentScan) result(key resultKey, path string, compute computeFunc) *fileResult {
	if r := sc.used[key]; r != nil {
		sc.s.reused.Add(1)
		return r
	}
	r := sc.s.results[key]
	if r == nil {
		if r = sc.journaled[key]; r == nil {
			r = sc.stored(key)
		}
	}
	if r != nil {
		sc.s.reused.Add(1)
	} else {
		if r = sc.pre[key]; r != nil {
			delete(sc.pre, key) // parsed by prefetch
		} else {
			r = sc.parse(path, key.blob, compute)
		}
		if r.err == nil && !r.changed {
			if err := sc.s.st.PutResult(sc.ctx, key.journalKey(), encodeResult(r)); err != nil {
				sc.journalFailed(err)
			} else {
				sc.s.journaled++
			}
		}
	}
	if !r.changed {
		sc.used[key] = r
	} else {
		sc.sawChanged = true
	}
	return r
}

// warningAlerts raises each warning of a file's result as an alert of the
// component, of the warning's kind (DuplicateString is Weblate's alert for a
// repeated key).
func (sc *componentScan) warningAlerts(path string, r *fileResult) {
	for _, w := range r.warns {
		sc.s.alert(sc.c, alertOf(w.Kind), path, "%s", w)
	}
}

// alertOf is the alert kind of a parser's warning.
func alertOf(k formats.WarningKind) weblate.AlertKind {
	switch k {
	case formats.DuplicateString:
		return weblate.AlertDuplicateString
	case formats.BadPluralQuantity:
		return weblate.AlertBadPluralQuantity
	case formats.LoneSurrogate:
		return weblate.AlertLoneSurrogate
	}
	return weblate.AlertParseError
}

func (sc *componentScan) fileAlert(path string, err error) {
	switch {
	case errors.Is(err, repos.ErrOutside):
		sc.s.alert(sc.c, weblate.AlertSymlink, path, "a symbolic link leading outside the repository; not read")
	case errors.Is(err, repos.ErrTooLarge):
		sc.s.alert(sc.c, weblate.AlertParseError, path, "larger than %d MiB; not read", repos.MaxFileSize>>20)
	case errors.Is(err, fs.ErrNotExist):
		sc.s.alert(sc.c, weblate.AlertParseError, path, "cannot be read: %v", err)
	default:
		sc.s.alert(sc.c, weblate.AlertParseError, path, "%v", err)
	}
}

// findTemplate looks the template of a monolingual component up; without it nothing
// of the component can be counted.
func (sc *componentScan) findTemplate() bool {
	cc := sc.c.Config
	if cc.Template == "" {
		sc.s.alert(sc.c, weblate.AlertMissingTemplate, "", "the %s format needs a template, and none is configured", cc.FileFormat)
		return false
	}
	te, err := sc.tree.Stat(cc.Template)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && sc.info.MultiLanguage {
			// The filemask names the file, which is its own template.
			sc.s.alert(sc.c, weblate.AlertNoMatch, "", "filemask %q matches no file", cc.Filemask)
		} else if errors.Is(err, fs.ErrNotExist) {
			sc.s.alert(sc.c, weblate.AlertMissingTemplate, cc.Template, "the template does not exist")
		} else {
			sc.fileAlert(cc.Template, err)
		}
		return false
	}
	sc.template = te
	return true
}

// templateJob is the parse of a monolingual component's template.
func (sc *componentScan) templateJob() parseJob {
	cc := sc.c.Config
	srcTags := sc.info.PluralTags(sc.c.SourceLanguage.Code)
	return parseJob{
		key:  resultKey{format: cc.FileFormat, blob: sc.template.Blob, tags: strings.Join(srcTags, " "), role: 't'},
		path: cc.Template,
		compute: sc.whole(func(f *formats.File) *fileResult {
			tmpl, repeats := templateUnits(f, srcTags)
			return &fileResult{tmpl: tmpl, repeats: repeats}
		}),
	}
}

func (sc *componentScan) monolingual(matches []match) {
	cc := sc.c.Config
	te := sc.template
	tj := sc.templateJob()
	tr, tkey, err := sc.good(tj.key, cc.Template, tj.compute)
	switch {
	case tr == nil:
		sc.fileAlert(cc.Template, err)
		return
	case err != nil:
		sc.staleAlert(cc.Template, err)
		te.Blob = tkey.blob
	}
	sc.warningAlerts(cc.Template, tr)
	srcID, ok := sc.translationID(sc.c.SourceLanguage.Code)
	if !ok {
		return
	}
	src := &snapshot.Translation{
		ID:           srcID,
		Component:    sc.c,
		Language:     sc.c.SourceLanguage,
		LanguageCode: sc.c.SourceLanguage.Code,
		Filename:     cc.Template,
		Blob:         te.Blob,
		TemplateBlob: te.Blob,
		IsTemplate:   true,
		IsSource:     true,
	}
	sc.c.Translations = append(sc.c.Translations, src)
	sc.c.TemplateRepeats = tr.repeats
	sc.src.keys = &componentKeys{tmpl: tr.tmpl}
	index := templateIndex(tr.tmpl)
	jobs := make([]parseJob, len(matches))
	for i, m := range matches {
		tags := sc.info.PluralTags(m.code)
		ctx := CheckContext(sc.c, m.code, m.lang)
		parser, langKey := sc.format, ""
		if sc.info.MultiLanguage {
			// Every translation reads the one file: its own language of it.
			parser, langKey = sc.info.ParserFor(m.code), m.code
		}
		jobs[i] = parseJob{
			key:  resultKey{format: cc.FileFormat, blob: m.entry.Blob, template: te.Blob, tags: strings.Join(tags, " "), checks: sc.checksKey(&ctx), role: 'm', lang: langKey},
			path: m.entry.Path,
			compute: func(data []byte) (*fileResult, error) {
				st, rows, warns, err := monolingualStats(tr.tmpl, index, eachUnit(parser, data), tags, sc.checker(ctx))
				if err != nil {
					return nil, err
				}
				return &fileResult{stats: st, rows: rows, warns: warns}, nil
			},
		}
	}
	rows := make([]int, len(tr.tmpl))
	defer func() {
		srcCtx := CheckContext(sc.c, sc.c.SourceLanguage.Code, sc.c.SourceLanguage)
		src.Stats = sc.templateStats(tr, tkey, rows, func() snapshot.Stats {
			return templateStats(tr.tmpl, cc.EditTemplate, sc.checker(srcCtx), rows)
		}, sc.checksKey(&srcCtx))
		for i, n := range rows {
			if n > 0 {
				if sc.c.SourceRows == nil {
					sc.c.SourceRows = map[string]int{}
				}
				sc.c.SourceRows[tr.tmpl[i].Key] += n
			}
		}
	}()
	sc.prefetch(jobs)
	for i, m := range matches {
		r, rkey, err := sc.good(jobs[i].key, m.entry.Path, jobs[i].compute)
		switch {
		case r == nil:
			sc.fileAlert(m.entry.Path, err)
			continue
		case err != nil:
			sc.staleAlert(m.entry.Path, err)
		}
		sc.warningAlerts(m.entry.Path, r)
		id, ok := sc.translationID(m.lang.Code)
		if !ok {
			return
		}
		for i, n := range r.rows {
			rows[i] += int(n)
		}
		sc.c.Translations = append(sc.c.Translations, &snapshot.Translation{
			ID:           id,
			Component:    sc.c,
			Language:     m.lang,
			LanguageCode: m.code,
			Filename:     m.entry.Path,
			Blob:         rkey.blob,
			TemplateBlob: te.Blob,
			Stats:        r.stats,
		})
	}
}

// emptyBlob is the blob id of empty content: the revision of a source translation
// that has no file.
var emptyBlob = repos.HashBlob(nil)

func (sc *componentScan) bilingual(matches []match) {
	cc := sc.c.Config
	srcID, ok := sc.translationID(sc.c.SourceLanguage.Code)
	if !ok {
		return
	}
	src := &snapshot.Translation{
		ID:           srcID,
		Component:    sc.c,
		Language:     sc.c.SourceLanguage,
		LanguageCode: sc.c.SourceLanguage.Code,
		Blob:         emptyBlob,
		TemplateBlob: emptyBlob,
		// Weblate 4.x: is_template compares the (empty) filename with the (empty) template.
		IsTemplate: cc.Template == "",
		IsSource:   true,
	}
	sc.c.Translations = append(sc.c.Translations, src)
	keys := &componentKeys{files: map[string][]bilUnit{}}
	sc.src.keys = keys
	seen := map[string]struct{}{}
	review := sc.review
	srcCtx := CheckContext(sc.c, sc.c.SourceLanguage.Code, sc.c.SourceLanguage)
	jobs := make([]parseJob, len(matches))
	for i, m := range matches {
		ctx := CheckContext(sc.c, m.code, m.lang)
		jobs[i] = parseJob{
			key:  resultKey{format: cc.FileFormat, blob: m.entry.Blob, role: 'b', tags: fmt.Sprint(review), checks: sc.checksKey(&ctx) + "\x00" + sc.checksKey(&srcCtx)},
			path: m.entry.Path,
			compute: sc.whole(func(f *formats.File) *fileResult {
				st, units := bilingualStats(f, review, sc.checker(ctx), sc.checker(srcCtx))
				return &fileResult{stats: st, units: units}
			}),
		}
	}
	// The source translation's units are the first of each string among the
	// files, counted once every file's checks are known (multiple_failures).
	var first []bilUnit
	rows := map[string]int{}
	defer func() {
		for _, u := range first {
			src.Stats.AddUnit(weblate.StateReadOnly, u.words, u.chars)
			if u.srcFail || u.mf && rows[u.id] >= 2 {
				src.Stats.AddFailing(u.words, u.chars)
			}
		}
		if len(rows) > 0 {
			sc.c.SourceRows = rows
		}
	}()
	sc.prefetch(jobs)
	for i, m := range matches {
		r, rkey, err := sc.good(jobs[i].key, m.entry.Path, jobs[i].compute)
		switch {
		case r == nil:
			sc.fileAlert(m.entry.Path, err)
			continue
		case err != nil:
			sc.staleAlert(m.entry.Path, err)
		}
		sc.warningAlerts(m.entry.Path, r)
		keys.files[m.lang.Code] = r.units
		// The source translation holds every distinct source string of all files.
		for _, u := range r.units {
			if u.rows > 0 {
				rows[u.id] += int(u.rows)
			}
			if _, dup := seen[u.id]; dup {
				continue
			}
			seen[u.id] = struct{}{}
			first = append(first, u)
		}
		id, ok := sc.translationID(m.lang.Code)
		if !ok {
			return
		}
		sc.c.Translations = append(sc.c.Translations, &snapshot.Translation{
			ID:           id,
			Component:    sc.c,
			Language:     m.lang,
			LanguageCode: m.code,
			Filename:     m.entry.Path,
			Blob:         rkey.blob,
			TemplateBlob: rkey.blob,
			Stats:        r.stats,
		})
	}
}
