// Package scan is the scan engine: it reads each component's files out of its repository — filemask expansion, language detection, parsing — and counts them into a snapshot's statistics, keeping what unchanged files yielded so that a re-scan reads only what changed.
package scan

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path"
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
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Options configure an Engine.
type Options struct {
	// Repos opens the components' repositories.
	Repos *repos.Pool
	// Store gives object and unit ids and keeps file results across restarts; nil
	// keeps them in memory. While its Problem says something, every component shows
	// it as an alert.
	Store store.Store
	// Logger receives scan problems; nil discards them.
	Logger *slog.Logger
}

// Engine turns a config into the statistics of snapshots. It keeps what it learned
// about unchanged files between scans, so a re-scan only reads what changed.
type Engine struct {
	cfg  *config.Config
	opts Options

	mu      sync.Mutex // one scan at a time
	results map[resultKey]*fileResult

	ruleMu sync.Mutex
	rules  map[*config.Component]*Rule

	journal store.Store
	// unitSegs keeps, by component and content, which key number each unit
	// position holds (see assignUnitIDs); only scans touch it, one at a time.
	unitSegs, unitSegsUsed map[string]unitSegs
	// journaled counts the results put in the journal since it was last pruned
	// (see pruneJournal); only scans touch it, one at a time.
	journaled int
	lastGood  map[string]*goodFile      // component key NUL path → last result that parsed
	goodSeen  map[string]bool           // the lastGood ids this scan looked at
	goodComp  map[string]*goodComponent // component key → last state of a readable repository

	parsed atomic.Int64
	// reused counts results taken from memory instead of a parse; scans, scanTime and
	// lastScan time the scans. They feed the server's metrics.
	reused   atomic.Int64
	scans    atomic.Int64
	scanTime atomic.Int64 // nanoseconds, summed over scans
	lastScan atomic.Int64 // nanoseconds
}

// New returns an Engine for cfg.
func New(cfg *config.Config, opts Options) *Engine {
	if opts.Repos == nil {
		opts.Repos = repos.NewPool(repos.PoolOptions{})
	}
	if opts.Store == nil {
		opts.Store = memstore.New()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Engine{
		cfg:      cfg,
		opts:     opts,
		journal:  opts.Store,
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
	role     byte       // 't' template, 'm' monolingual translation, 'b' bilingual file
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
	warns   []formats.Warning // the file's warnings, each an alert of its component
}

// Scan reads every component and returns its statistics. Problems with single
// components or files become alerts; Scan itself only fails when ctx is done or the
// ids cannot be saved.
func (s *Engine) Scan(ctx context.Context) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.timeScan(time.Now())

	res := &Result{Snapshot: &snapshot.Snapshot{}, Sources: map[*snapshot.Component]*Source{}}
	used := map[resultKey]*fileResult{}
	s.unitSegsUsed = map[string]unitSegs{}
	for _, pc := range s.cfg.Projects {
		p := &snapshot.Project{ID: s.opts.Store.ID(store.KindProject, pc.Slug), Config: pc}
		for _, cc := range pc.Components {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			c, src := s.scanComponent(ctx, p, cc, used)
			if err := ctx.Err(); err != nil {
				// Files left unread became errors: nothing of this scan is kept.
				return nil, err
			}
			if err := s.assignUnitIDs(c, src); err != nil {
				return nil, fmt.Errorf("unit ids of %s: %w", src.Key, err)
			}
			p.Components = append(p.Components, c)
			res.Sources[c] = src
		}
		res.Snapshot.Projects = append(res.Snapshot.Projects, p)
	}
	// Forget results of contents no longer in any tree, so memory follows the repositories.
	s.results = used
	s.unitSegs = s.unitSegsUsed
	s.pruneGood()
	for _, p := range res.Snapshot.Projects {
		for _, c := range p.Components {
			res.Snapshot.Alerts = append(res.Snapshot.Alerts, c.Alerts...)
		}
	}
	// Nothing may show an id that a crash could take back.
	if err := s.opts.Store.Flush(); err != nil {
		return nil, err
	}
	s.pruneJournal(res)
	return res, nil
}

// pruneJournal deletes the journaled results of contents no file has any more
// (every edit of a watched checkout journals a new one), keeping those of this
// scan's files, once as many results were journaled since the last pruning as
// the scan uses: the journal stays within twice what the repositories need, and
// the work of pruning is spread over as many scans. A scan that could not read
// some repository keeps everything: the files it did not see may be back.
func (s *Engine) pruneJournal(res *Result) {
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
	if err := s.journal.PruneResults(func(k string) bool { return keep[k] }); err != nil {
		s.opts.Logger.Warn("pruning the journal of parse results", "err", err)
		return
	}
	s.journaled = 0
}

func (s *Engine) alert(c *snapshot.Component, kind weblate.AlertKind, file, format string, args ...any) {
	a := &snapshot.Alert{Component: c, Kind: kind, Path: file, Message: fmt.Sprintf(format, args...)}
	c.Alerts = append(c.Alerts, a)
	s.opts.Logger.Warn("scan problem", "component", ComponentKey(c.Project.Config, c.Config), "kind", kind, "path", file, "problem", a.Message)
}

func (s *Engine) scanComponent(ctx context.Context, p *snapshot.Project, cc *config.Component, used map[resultKey]*fileResult) (*snapshot.Component, *Source) {
	key := ComponentKey(p.Config, cc)
	c := &snapshot.Component{ID: s.opts.Store.ID(store.KindComponent, key), Project: p, Config: cc}
	src := &Source{Key: key}
	if p := s.opts.Store.Problem(); p != "" {
		s.alert(c, weblate.AlertStorage, "", "%s", p)
	}
	for i := range cc.Addons {
		a := &cc.Addons[i]
		c.Addons = append(c.Addons, &snapshot.Addon{ID: s.opts.Store.ID(store.KindAddon, key+"/"+a.Name), Config: a})
	}
	// Listed in id order, as Weblate lists them: an add-on the store knew from an
	// earlier configuration keeps its smaller id.
	slices.SortStableFunc(c.Addons, func(a, b *snapshot.Addon) int { return a.ID - b.ID })

	sl, err := lang.Resolve(cc.SourceLanguage)
	if err != nil {
		s.alert(c, weblate.AlertNotLanguage, "", "source language %q: %v; using English", cc.SourceLanguage, err)
		sl, _ = lang.Get("en")
	}
	c.SourceLanguage = sl

	info, ok := formats.Lookup(cc.FileFormat)
	if !ok {
		s.alert(c, weblate.AlertUnknownFormat, "", "unknown file format %q", cc.FileFormat)
		return c, src
	}
	c.Format = info
	src.Format = info.Format()

	repo, err := s.opts.Repos.Open(ctx, key, repos.Spec{Repo: cc.RepoPath, Branch: cc.Branch})
	if err != nil {
		s.repoFailed(c, src, err)
		return c, src
	}
	if _, err := os.Stat(repo.Dir()); err != nil {
		// Gone (moved, unmounted, deleted): open it afresh when it is back.
		s.opts.Repos.Forget(key)
		s.repoFailed(c, src, err)
		return c, src
	}
	c.Repo.Kind = repo.Kind()
	c.Repo.Branch = repo.Branch()
	head, err := repo.Head()
	if err != nil {
		s.repoFailed(c, src, err)
		return c, src
	}
	c.Repo.Head = head
	// The head is read once: the files and the history of this scan are those of
	// that commit, even if another lands meanwhile (a checkout shows its working
	// tree, which is what the user sees).
	var tree repos.Tree
	if repo.Kind() == repos.KindCheckout || head == nil {
		tree, err = repo.Tree()
	} else {
		tree, err = repo.TreeAt(head.Hash)
	}
	if err != nil {
		s.repoFailed(c, src, err)
		return c, src
	}
	src.Repo = repo
	if err := s.opts.Repos.FetchErr(key); err != nil {
		c.Repo.FetchErr = err
		s.alert(c, weblate.AlertFetchFailed, "", "fetching %s failed: %v; serving what was fetched before", repos.RedactURL(cc.Repo), err)
	}

	sc := &componentScan{ctx: ctx, s: s, c: c, src: src, tree: tree, format: src.Format, info: info, used: used, review: p.Config.TranslationReview}
	if br, ok := tree.(repos.BufferedReader); ok {
		sc.reader = br
	}
	if b, ok := tree.(repos.Batcher); ok {
		// A component's files share their directories: reading them as one batch
		// opens each directory once (a checkout's listing and reads were mostly
		// system calls). Unable to start one, files are read one by one.
		if batch, err := b.Batch(); err == nil {
			sc.reader = batch
			defer batch.Close()
		}
	}
	templateParsed := func() {}
	if info.Monolingual {
		if !sc.findTemplate() {
			return c, src
		}
		// The template is parsed while the tree is listed (a listing of a hundred
		// directories is system calls, leaving the other cores idle).
		templateParsed = sc.startPrefetch([]parseJob{sc.templateJob()}, 1)
		defer templateParsed()
	}
	rule, err := s.ruleOf(cc, p.Config)
	if err != nil {
		s.alert(c, weblate.AlertNoMatch, "", "%v", err)
		return c, src
	}
	src.Rule = rule
	matches, err := s.listMatches(c, tree, rule)
	templateParsed()
	if err != nil {
		s.repoFailed(c, src, err)
		return c, src
	}
	// A local: repository without commits is a glossary nobody has written to yet:
	// empty, not misconfigured.
	if len(matches) == 0 && (repo.Kind() != repos.KindLocal || head != nil) {
		hint := ""
		if m := layout.DidYouMean(repo, tree, cc.Filemask); m != "" {
			hint = fmt.Sprintf("; did you mean %q?", m)
		}
		s.alert(c, weblate.AlertNoMatch, "", "filemask %q matches no file%s", cc.Filemask, hint)
	}

	if info.Monolingual {
		sc.monolingual(matches)
	} else {
		sc.bilingual(matches)
	}
	s.rememberComponent(c, src)
	return c, src
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
	review bool
	// template is the template's entry (monolingual formats).
	template repos.Entry
	// pre holds results prefetch parsed in parallel, and journaled those it found
	// in the journal, until the serial pass takes them.
	pre, journaled map[resultKey]*fileResult
}

func (sc *componentScan) translationID(code string) int {
	return sc.s.opts.Store.ID(store.KindTranslation, sc.src.Key+"/"+code)
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
			r = sc.s.stored(key)
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
			sc.s.journal.PutResult(key.journalKey(), encodeResult(r))
			sc.s.journaled++
		}
	}
	if !r.changed {
		sc.used[key] = r
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
		if errors.Is(err, fs.ErrNotExist) {
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
	src := &snapshot.Translation{
		ID:           sc.translationID(sc.c.SourceLanguage.Code),
		Component:    sc.c,
		Language:     sc.c.SourceLanguage,
		LanguageCode: sc.c.SourceLanguage.Code,
		Filename:     cc.Template,
		Blob:         te.Blob,
		TemplateBlob: te.Blob,
		IsTemplate:   true,
		IsSource:     true,
		Stats:        templateStats(tr.tmpl, cc.EditTemplate),
	}
	sc.c.Translations = append(sc.c.Translations, src)
	sc.c.TemplateRepeats = tr.repeats
	sc.src.keys = &componentKeys{tmpl: tr.tmpl}
	index := templateIndex(tr.tmpl)
	jobs := make([]parseJob, len(matches))
	for i, m := range matches {
		tags := sc.info.PluralTags(m.code)
		jobs[i] = parseJob{
			key:  resultKey{format: cc.FileFormat, blob: m.entry.Blob, template: te.Blob, tags: strings.Join(tags, " "), role: 'm'},
			path: m.entry.Path,
			compute: func(data []byte) (*fileResult, error) {
				st, warns, err := monolingualStats(tr.tmpl, index, eachUnit(sc.format, data), tags)
				if err != nil {
					return nil, err
				}
				return &fileResult{stats: st, warns: warns}, nil
			},
		}
	}
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
		sc.c.Translations = append(sc.c.Translations, &snapshot.Translation{
			ID:           sc.translationID(m.lang.Code),
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
	src := &snapshot.Translation{
		ID:           sc.translationID(sc.c.SourceLanguage.Code),
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
	jobs := make([]parseJob, len(matches))
	for i, m := range matches {
		jobs[i] = parseJob{
			key:  resultKey{format: cc.FileFormat, blob: m.entry.Blob, role: 'b', tags: fmt.Sprint(review)},
			path: m.entry.Path,
			compute: sc.whole(func(f *formats.File) *fileResult {
				st, units := bilingualStats(f, review)
				return &fileResult{stats: st, units: units}
			}),
		}
	}
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
			if _, dup := seen[u.id]; dup {
				continue
			}
			seen[u.id] = struct{}{}
			src.Stats.AddUnit(weblate.StateReadOnly, u.words, u.chars)
		}
		sc.c.Translations = append(sc.c.Translations, &snapshot.Translation{
			ID:           sc.translationID(m.lang.Code),
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

// dirOf is the directory of a repository path ("" for the root).
func dirOf(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}
