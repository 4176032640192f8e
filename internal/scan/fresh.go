package scan

import (
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
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
	id := sc.src.Key + "\x00" + string(key.role) + path
	if key.lang != "" {
		id += "\x00" + key.lang // one file, read once per language
	}
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
func (s *Engine) pruneGood() {
	for id := range s.lastGood {
		if !s.goodSeen[id] {
			delete(s.lastGood, id)
		}
	}
	clear(s.goodSeen)
}

// staleAlert reports a file that no longer parses and is shown as it last did.
func (sc *componentScan) staleAlert(path string, err error) {
	sc.s.alert(sc.c, weblate.AlertParseError, path, "%v (showing the last version that could be read)", err)
}

// goodComponent is the last state read from a component's repository in a scan
// whose ids were kept; it is served while the repository cannot be read (gone,
// unreadable, a failed clone), or the store cannot give the ids of what is read
// (see idsFailed).
type goodComponent struct {
	repo         snapshot.Repository
	translations []snapshot.Translation // with their unit ids
	repeats      []int
	keys         *componentKeys
	// What reuseComponent needs besides: the rows of the source strings, the
	// alerts reading the files raised, the rule the files were matched by, and
	// whether the read may stand for the component while its files do not change.
	sourceRows map[string]int
	alerts     []snapshot.Alert
	rule       *Rule
	clean      bool
}

func (s *Engine) rememberComponent(c *snapshot.Component, src *Source) {
	g := &goodComponent{repo: c.Repo, keys: src.keys, repeats: c.TemplateRepeats,
		sourceRows: c.SourceRows, rule: src.Rule, clean: src.clean}
	for _, t := range c.Translations {
		g.translations = append(g.translations, *t)
	}
	for _, a := range src.fileAlerts {
		g.alerts = append(g.alerts, *a)
	}
	s.goodComp[src.Key] = g
}

// unclean keeps the component's last read from standing for it in a ScanChanged
// (its repository, its template or its ids failed since, or it is being read
// again): the component is read whole until a read is remembered again.
func (s *Engine) unclean(key string) {
	if g := s.goodComp[key]; g != nil {
		g.clean = false
	}
}

// reuseComponent fills c, whose files did not change since they were last read
// (ScanChanged), with what that read found, unless its repository moved since
// (another head or branch) or that read cannot stand for it (goodComponent.clean).
// It is what reading the files again would give: the same bytes give the same
// results, which is what the parse results kept by content rely on too.
func (s *Engine) reuseComponent(c *snapshot.Component, src *Source) bool {
	g := s.goodComp[src.Key]
	if g == nil || !g.clean || g.repo.Err != nil || g.repo.Kind != c.Repo.Kind || g.repo.Branch != c.Repo.Branch ||
		(g.repo.Head == nil) != (c.Repo.Head == nil) || c.Repo.Head != nil && g.repo.Head.Hash != c.Repo.Head.Hash {
		return false
	}
	c.Translations = make([]*snapshot.Translation, len(g.translations))
	ts := make([]snapshot.Translation, len(g.translations))
	for i := range g.translations {
		ts[i] = g.translations[i]
		ts[i].Component = c
		c.Translations[i] = &ts[i]
	}
	c.TemplateRepeats, c.SourceRows = g.repeats, g.sourceRows
	src.fileAlerts = make([]*snapshot.Alert, len(g.alerts))
	for i := range g.alerts {
		a := g.alerts[i]
		a.Component = c
		src.fileAlerts[i] = &a
	}
	c.Alerts = append(c.Alerts, src.fileAlerts...)
	src.keys, src.Rule = g.keys, g.rule
	src.read, src.clean, src.reused = true, true, true
	return true
}

// restoreComponent fills c from its last good state, with err as its repository's
// error; false when there is none.
func (s *Engine) restoreComponent(c *snapshot.Component, src *Source, err error) bool {
	g := s.goodComp[src.Key]
	if g == nil {
		return false
	}
	c.Repo = g.repo
	c.Repo.Err = err
	for i := range g.translations {
		t := g.translations[i]
		t.Component = c
		c.Translations = append(c.Translations, &t)
	}
	c.TemplateRepeats, src.keys = g.repeats, g.keys
	return true
}
