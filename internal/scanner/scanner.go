// Package scanner reads each component's files out of its repository — filemask expansion, language detection, statistics and history — into immutable snapshots.
package scanner

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gitlate/gitlate/internal/cache"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Options configure a Scanner.
type Options struct {
	// DataDir holds clones and local: repositories.
	DataDir string
	// IDs allocates object ids; nil means an in-memory allocator.
	IDs cache.IDs
	// Journal keeps file results, the runtime log and alert state across restarts;
	// nil keeps them in memory.
	Journal cache.Journal
	// Logger receives scan problems; nil discards them.
	Logger *slog.Logger
	// Now is the clock (tests fix it); nil means time.Now.
	Now func() time.Time
	// BackgroundClones makes a scan start the first clone of a remote repository in
	// the background instead of waiting for it (a server must answer at once).
	BackgroundClones bool
	// Changed is called when something changed outside a scan (a clone finished):
	// a server re-scans. May be nil.
	Changed func()
}

// Scanner turns a config into snapshots. It keeps opened repositories and what it
// learned about unchanged files between scans, so a re-scan only reads what changed.
type Scanner struct {
	cfg  *config.Config
	opts Options

	mu      sync.Mutex // one scan at a time
	repos   map[string]repos.Repository
	results map[resultKey]*fileResult
	history map[string]*componentHistory
	// keys are the unit keys of each component as the last scan found them.
	keys      map[string]*componentKeys
	units     *lru[[]snapshot.Unit]
	templates *lru[*formats.File]

	ruleMu sync.Mutex
	rules  map[*config.Component]*pathLanguages

	journal cache.Journal
	// journaled counts the results put in the journal since it was last pruned
	// (see pruneJournal); only scans touch it, one at a time.
	journaled int
	lastGood  map[string]*goodFile      // component key NUL path → last result that parsed
	goodSeen  map[string]bool           // the lastGood ids this scan looked at
	goodComp  map[string]*goodComponent // component key → last state of a readable repository
	fetchErr  map[string]error          // component key → why the last fetch failed
	clones    map[string]*cloneState    // component key → its first clone, in the background
	runtime   *runtimeLog

	parsed atomic.Int64
	// reused counts results taken from memory instead of a parse; scans, scanTime and
	// lastScan time the scans. They feed the server's metrics.
	reused   atomic.Int64
	scans    atomic.Int64
	scanTime atomic.Int64 // nanoseconds, summed over scans
	lastScan atomic.Int64 // nanoseconds
}

// New returns a Scanner for cfg.
func New(cfg *config.Config, opts Options) *Scanner {
	if opts.IDs == nil {
		opts.IDs = cache.NewMemoryIDs()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Journal == nil {
		opts.Journal = cache.NewMemoryJournal()
	}
	return &Scanner{
		cfg:       cfg,
		opts:      opts,
		journal:   opts.Journal,
		rules:     map[*config.Component]*pathLanguages{},
		lastGood:  map[string]*goodFile{},
		goodSeen:  map[string]bool{},
		goodComp:  map[string]*goodComponent{},
		fetchErr:  map[string]error{},
		clones:    map[string]*cloneState{},
		repos:     map[string]repos.Repository{},
		results:   map[resultKey]*fileResult{},
		history:   map[string]*componentHistory{},
		keys:      map[string]*componentKeys{},
		units:     newLRU[[]snapshot.Unit](unitCacheSize),
		templates: newLRU[*formats.File](16),
	}
}

// FilesParsed is how many files the scanner has parsed since it was made (files
// whose content it already knew are not parsed again).
func (s *Scanner) FilesParsed() int64 { return s.parsed.Load() }

// ResultsReused is how many times a file's result came from an earlier parse of the
// same content instead of a new one.
func (s *Scanner) ResultsReused() int64 { return s.reused.Load() }

// ScanTimes returns how many scans have run, their summed duration and the last one's.
func (s *Scanner) ScanTimes() (n int64, total, last time.Duration) {
	return s.scans.Load(), time.Duration(s.scanTime.Load()), time.Duration(s.lastScan.Load())
}

func (s *Scanner) timeScan(start time.Time) {
	d := time.Since(start)
	s.lastScan.Store(int64(d))
	s.scanTime.Add(int64(d))
	s.scans.Add(1)
}

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
	tmpl    []tmplUnit // template role
	stats   snapshot.Stats
	units   []bilUnit         // bilingual role
	warns   []formats.Warning // the file's warnings, each an alert of its component
}

// Scan reads every component and its history and returns a complete snapshot.
// Problems with single components or files become alerts; Scan itself only fails
// when ctx is done or the ids cannot be saved.
func (s *Scanner) Scan(ctx context.Context) (*snapshot.Snapshot, error) {
	return s.scan(ctx, true)
}

// ScanStatistics is Scan without the history: no change log, no last change. It is
// what a server answers from while the history is being walked.
func (s *Scanner) ScanStatistics(ctx context.Context) (*snapshot.Snapshot, error) {
	return s.scan(ctx, false)
}

func (s *Scanner) scan(ctx context.Context, history bool) (*snapshot.Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.timeScan(time.Now())

	snap := &snapshot.Snapshot{}
	used := map[resultKey]*fileResult{}
	s.keys = map[string]*componentKeys{}
	for _, pc := range s.cfg.Projects {
		p := &snapshot.Project{ID: s.opts.IDs.ID(cache.KindProject, pc.Slug), Config: pc}
		for _, cc := range pc.Components {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			c := s.scanComponent(ctx, p, cc, used)
			p.Components = append(p.Components, c)
		}
		snap.Projects = append(snap.Projects, p)
	}
	// Forget results of contents no longer in any tree, so memory follows the repositories.
	s.results = used
	s.pruneGood()
	if history {
		if err := s.addHistory(ctx, snap); err != nil {
			return nil, err
		}
	}
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			snap.Alerts = append(snap.Alerts, c.Alerts...)
		}
	}
	if history {
		// Only complete scans log alerts: at start-up the statistics come first,
		// and an alert logged then would take an id before the whole history.
		if err := s.raiseAlerts(snap); err != nil {
			return nil, err
		}
	}
	s.addRuntimeChanges(snap)
	distributeChanges(snap)
	snap.Aggregate()
	snap.Units = &unitReader{s: s, snap: snap, history: s.historyTimes()}
	snap.Built = s.opts.Now()
	snap.Finish()
	snap.Fingerprint = fingerprint(snap)
	// Nothing may show an id that a crash could take back.
	if err := s.opts.IDs.Flush(); err != nil {
		return nil, err
	}
	if f, ok := s.journal.(interface{ Flush() error }); ok && any(f) != any(s.opts.IDs) {
		if err := f.Flush(); err != nil {
			return nil, err
		}
	}
	s.pruneJournal(snap)
	return snap, nil
}

// pruneJournal deletes the journaled results of contents no file has any more
// (every edit of a watched checkout journals a new one), keeping those of this
// scan's files, once as many results were journaled since the last pruning as
// the scan uses: the journal stays within twice what the repositories need, and
// the work of pruning is spread over as many scans. A scan that could not read
// some repository keeps everything: the files it did not see may be back.
func (s *Scanner) pruneJournal(snap *snapshot.Snapshot) {
	if s.journaled <= len(s.results) {
		return
	}
	for _, p := range snap.Projects {
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

func componentKey(pc *config.Project, cc *config.Component) string { return pc.Slug + "/" + cc.Slug }

func (s *Scanner) alert(c *snapshot.Component, kind, file, format string, args ...any) {
	a := &snapshot.Alert{Component: c, Kind: kind, Path: file, Message: fmt.Sprintf(format, args...)}
	c.Alerts = append(c.Alerts, a)
	s.opts.Logger.Warn("scan problem", "component", componentKey(c.Project.Config, c.Config), "kind", kind, "path", file, "problem", a.Message)
}

// openRepo opens (once) the repository of a component.
func (s *Scanner) openRepo(ctx context.Context, pc *config.Project, cc *config.Component) (repos.Repository, error) {
	key := componentKey(pc, cc)
	if r := s.repos[key]; r != nil {
		return r, nil
	}
	spec := repos.Spec{
		Repo:      cc.RepoPath,
		Branch:    cc.Branch,
		DataDir:   s.opts.DataDir,
		LocalName: key,
		// A server clones in the background; a one-shot command waits for it.
		NoClone: s.opts.BackgroundClones,
	}
	r, err := repos.Open(ctx, spec)
	if errors.Is(err, repos.ErrNotCloned) {
		return nil, s.startClone(key, spec)
	}
	if err != nil {
		return nil, err
	}
	s.repos[key] = r
	return r, nil
}

func (s *Scanner) scanComponent(ctx context.Context, p *snapshot.Project, cc *config.Component, used map[resultKey]*fileResult) *snapshot.Component {
	key := componentKey(p.Config, cc)
	c := &snapshot.Component{ID: s.opts.IDs.ID(cache.KindComponent, key), Project: p, Config: cc}

	src, err := lang.Resolve(cc.SourceLanguage)
	if err != nil {
		s.alert(c, "NotLanguage", "", "source language %q: %v; using English", cc.SourceLanguage, err)
		src, _ = lang.Get("en")
	}
	c.SourceLanguage = src

	format, ok := formats.Lookup(cc.FileFormat)
	if !ok {
		s.alert(c, "UnknownFormat", "", "unknown file format %q", cc.FileFormat)
		return c
	}
	c.Format = format

	repo, err := s.openRepo(ctx, p.Config, cc)
	if err != nil {
		s.repoFailed(c, err)
		return c
	}
	if _, err := os.Stat(repo.Dir()); err != nil {
		// Gone (moved, unmounted, deleted): open it afresh when it is back.
		delete(s.repos, key)
		s.repoFailed(c, err)
		return c
	}
	c.Repo.Kind = repo.Kind()
	c.Repo.Handle = repo
	c.Repo.Branch = repo.Branch()
	head, err := repo.Head()
	if err != nil {
		s.repoFailed(c, err)
		return c
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
		s.repoFailed(c, err)
		return c
	}
	c.Repo.Tree = tree
	s.fetchAlert(c)

	sc := &componentScan{s: s, c: c, tree: tree, format: format, used: used, review: p.Config.TranslationReview}
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
	if format.Monolingual() {
		if !sc.findTemplate() {
			return c
		}
		// The template is parsed while the tree is listed (a listing of a hundred
		// directories is system calls, leaving the other cores idle).
		templateParsed = sc.startPrefetch([]parseJob{sc.templateJob()}, 1)
		defer templateParsed()
	}
	pl, err := s.pathLanguagesOf(cc, p.Config)
	if err != nil {
		s.alert(c, "NoMatch", "", "%v", err)
		return c
	}
	matches, err := s.listMatches(c, tree, pl)
	templateParsed()
	if err != nil {
		s.repoFailed(c, err)
		return c
	}
	if len(matches) == 0 {
		s.alert(c, "NoMatch", "", "filemask %q matches no file", cc.Filemask)
	}

	if format.Monolingual() {
		sc.monolingual(matches)
	} else {
		sc.bilingual(matches)
	}
	s.rememberComponent(c)
	return c
}

// repoFailed reports a repository that cannot be read and shows what it held the
// last time it could be.
func (s *Scanner) repoFailed(c *snapshot.Component, err error) {
	if isCloning(err) {
		c.Repo.Err = err
		s.alert(c, "Cloning", "", "%v", err)
		return
	}
	if s.restoreComponent(c, err) {
		s.alert(c, "RepositoryError", "", "repository %s: %v (showing what it held when last read)", repos.RedactURL(c.Config.Repo), err)
		return
	}
	c.Repo.Err = err
	s.alert(c, "RepositoryError", "", "repository %s: %v", repos.RedactURL(c.Config.Repo), err)
}

// match is one file the filemask matched, with its language.
type match struct {
	entry repos.Entry
	code  string // as written in the path
	lang  *lang.Language
}

// listMatches expands the filemask over the tree and resolves each file's language,
// raising alerts for files it has to skip. Matches come in path order.
func (s *Scanner) listMatches(c *snapshot.Component, tree repos.Tree, pl *pathLanguages) ([]match, error) {
	cc := c.Config
	entries, err := tree.ListDepth(pl.mask.dir, pl.mask.depth)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	taken := map[string]string{c.SourceLanguage.Code: cc.Template}
	var out []match
	for _, e := range entries {
		code, l, ok, err := pl.of(e.Path, c.SourceLanguage)
		if !ok {
			continue
		}
		if err != nil {
			s.alert(c, "NotLanguage", e.Path, "%v", err)
			continue
		}
		if other, dup := taken[l.Code]; dup {
			if other == "" {
				other = "the source language"
			}
			s.alert(c, "DuplicateLanguage", e.Path, "language %s is already provided by %s; this file is skipped", l.Code, other)
			continue
		}
		taken[l.Code] = e.Path
		out = append(out, match{entry: e, code: code, lang: l})
	}
	return out, nil
}

// parseAliases reads a project's language_aliases ("en_GB:en,pt-rBR:pt_BR").
func parseAliases(s string) map[string]string {
	out := map[string]string{}
	for _, pair := range strings.Split(s, ",") {
		from, to, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if ok && from != "" && to != "" {
			out[strings.TrimSpace(from)] = strings.TrimSpace(to)
		}
	}
	return out
}

// componentScan is the state of reading one component.
type componentScan struct {
	s      *Scanner
	c      *snapshot.Component
	tree   repos.Tree
	reader repos.BufferedReader // tree's, or a batch of it; nil when tree has none
	format formats.Format
	used   map[resultKey]*fileResult
	review bool
	// template is the template's entry (monolingual formats).
	template repos.Entry
	// pre holds results prefetch parsed in parallel, and journaled those it found
	// in the journal, until the serial pass takes them.
	pre, journaled map[resultKey]*fileResult
}

func (sc *componentScan) translationID(code string) int {
	return sc.s.opts.IDs.ID(cache.KindTranslation, componentKey(sc.c.Project.Config, sc.c.Config)+"/"+code)
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
		sc.s.alert(sc.c, w.Kind.String(), path, "%s", w)
	}
}

func (sc *componentScan) fileAlert(path string, err error) {
	switch {
	case errors.Is(err, repos.ErrOutside):
		sc.s.alert(sc.c, "Symlink", path, "a symbolic link leading outside the repository; not read")
	case errors.Is(err, repos.ErrTooLarge):
		sc.s.alert(sc.c, "ParseError", path, "larger than %d MiB; not read", repos.MaxFileSize>>20)
	case errors.Is(err, fs.ErrNotExist):
		sc.s.alert(sc.c, "ParseError", path, "cannot be read: %v", err)
	default:
		sc.s.alert(sc.c, "ParseError", path, "%v", err)
	}
}

// findTemplate looks the template of a monolingual component up; without it nothing
// of the component can be counted.
func (sc *componentScan) findTemplate() bool {
	cc := sc.c.Config
	if cc.Template == "" {
		sc.s.alert(sc.c, "MissingTemplate", "", "the %s format needs a template, and none is configured", cc.FileFormat)
		return false
	}
	te, err := sc.tree.Stat(cc.Template)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			sc.s.alert(sc.c, "MissingTemplate", cc.Template, "the template does not exist")
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
	srcTags := lang.AndroidPluralTags(sc.c.SourceLanguage.Code)
	return parseJob{
		key:     resultKey{format: cc.FileFormat, blob: sc.template.Blob, tags: strings.Join(srcTags, " "), role: 't'},
		path:    cc.Template,
		compute: sc.whole(func(f *formats.File) *fileResult { return &fileResult{tmpl: templateUnits(f, srcTags)} }),
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
	sc.s.keys[componentKey(sc.c.Project.Config, cc)] = &componentKeys{tmpl: tr.tmpl}
	index := templateIndex(tr.tmpl)
	jobs := make([]parseJob, len(matches))
	for i, m := range matches {
		tags := lang.AndroidPluralTags(m.code)
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
	sc.s.keys[componentKey(sc.c.Project.Config, cc)] = keys
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
			src.Stats.AddUnit(snapshot.StateReadOnly, u.words, u.chars)
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
