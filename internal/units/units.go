// Package units reads the units of a snapshot's translations from their files when a request asks for them, with Weblate's fields, states and ids; a few translations' units are kept parsed, and a page of a very large translation is read by streaming its files, keeping only that page.
package units

import (
	"container/list"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
	"golang.org/x/sync/singleflight"
)

// Reader reads units. It reads a file through the component's repository as the
// scan saw it (by blob id, or from a checkout's working tree), so it serves every
// snapshot, and it keeps the units of the translations read last. Unit ids come
// from the snapshot (the scan gives them), never from reading.
type Reader struct {
	repos     *repos.Pool
	units     *lru[[]snapshot.Unit]
	templates *lru[*formats.File]
	// reading joins the reads of one translation under way (by cache key):
	// requests for a translation being read wait for that read instead of parsing
	// it again each (four downloads of a 100,000-unit file at once parsed it four
	// times, holding four copies of it in the making).
	reading singleflight.Group
}

// read is what a read of a translation's units gives.
type read struct {
	units []snapshot.Unit
	stale bool
}

// New returns a Reader of the repositories in pool.
func New(pool *repos.Pool) *Reader {
	return &Reader{repos: pool, units: newLRU[[]snapshot.Unit](unitCacheSize), templates: newLRU[*formats.File](16)}
}

// streamAbove is the size above which a translation whose files can be streamed is
// read a page at a time rather than whole and kept: a million units held parsed
// took gigabytes.
const streamAbove = 20000

// Units returns a translation's units in position order, parsing its files (and
// template) unless they are in the cache. The slice is the caller's.
func (r *Reader) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	units, _, err := r.UnitsExact(t)
	return units, err
}

// UnitsExact is Units, and whether the units are those of the files the scan saw:
// false when a file was read from a checkout's working tree edited since, so that
// what is made of them is not kept as the snapshot's.
func (r *Reader) UnitsExact(t *snapshot.Translation) ([]snapshot.Unit, bool, error) {
	units, stale, err := r.shared(t)
	if err != nil {
		return nil, false, err
	}
	if units == nil {
		return nil, !stale, nil
	}
	// Timestamps come from the history, which grows; units are shared: copy.
	out := make([]snapshot.Unit, len(units))
	copy(out, units)
	stamp(t, out)
	return out, !stale, nil
}

// UnitsShared is Units without the copy, for a caller that only reads them and
// needs no timestamps (a download converted from them): the slice may be the
// cache's, shared with every other caller, and must not be changed. A server
// converting a large translation for several clients at once then holds it once.
func (r *Reader) UnitsShared(t *snapshot.Translation) ([]snapshot.Unit, error) {
	units, _, err := r.shared(t)
	return units, err
}

// shared returns a translation's units as cached, reading and caching them if
// need be; stale is true when they were read from a file edited since the scan
// (and so not cached).
func (r *Reader) shared(t *snapshot.Translation) (units []snapshot.Unit, stale bool, err error) {
	c := t.Component
	if c.Format == nil || c.Repo.Kind == "" {
		return nil, false, nil
	}
	key := cacheKey(t)
	if units, ok := r.units.get(key); ok {
		return units, false, nil
	}
	v, err, _ := r.reading.Do(key, func() (any, error) {
		if units, ok := r.units.get(key); ok { // put while this read was awaited
			return read{units: units}, nil
		}
		var rd read
		units, err := r.read(t, &rd.stale)
		if err != nil {
			return nil, err
		}
		rd.units = units
		if !rd.stale {
			r.units.put(key, units)
		}
		return rd, nil
	})
	if err != nil {
		return nil, false, err
	}
	rd := v.(read)
	return rd.units, rd.stale, nil
}

// Page returns the units at positions lo … hi-1 of a translation (fewer when it
// has fewer). A large translation in a format that streams is read without keeping
// more than the page.
func (r *Reader) Page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, error) {
	units, _, err := r.PageExact(t, lo, hi)
	return units, err
}

// PageExact is Page, and whether the units are those of the files the scan saw
// (UnitsExact).
func (r *Reader) PageExact(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, bool, error) {
	c := t.Component
	if c.Format == nil || c.Repo.Kind == "" || lo >= hi {
		return nil, true, nil
	}
	if _, ok := c.Format.Format().(formats.Streamer); ok && c.Format.Monolingual && t.Stats.Total > streamAbove {
		if _, cached := r.units.get(cacheKey(t)); !cached {
			units, stale, err := r.streamPage(t, lo, hi)
			if err != nil {
				return nil, false, err
			}
			stamp(t, units)
			return units, !stale, nil
		}
	}
	units, exact, err := r.UnitsExact(t)
	if err != nil {
		return nil, false, err
	}
	if lo >= len(units) {
		return nil, exact, nil
	}
	return units[lo:min(hi, len(units))], exact, nil
}

// Unit finds a unit of snap by id: the snapshot says which translation's runs hold
// the id, and at which position; a nil Translation means there is no such unit.
func (r *Reader) Unit(snap *snapshot.Snapshot, id int) (*snapshot.Translation, *snapshot.Unit, error) {
	t, pos := snap.Unit(id)
	if t == nil {
		return nil, nil, nil
	}
	units, err := r.Page(t, pos, pos+1)
	if err != nil {
		return nil, nil, err
	}
	if len(units) != 1 || units[0].ID != id {
		return nil, nil, nil // the file changed since the scan
	}
	return t, &units[0], nil
}

// stamp sets the units' timestamps: the unit's last change in the history, else
// the translation's, else the branch head's.
func stamp(t *snapshot.Translation, units []snapshot.Unit) {
	c := t.Component
	fallback := t.Stats.LastChange
	if fallback.IsZero() && c.Repo.Head != nil {
		fallback = c.Repo.Head.Committer.When.UTC()
	}
	for i := range units {
		units[i].Timestamp = fallback
		if when, ok := t.UnitTime(units[i].ID); ok {
			units[i].Timestamp = when
		}
	}
}

// ReadFile reads a file of the component as the scan saw it: blob is its id (the
// zero id reads the path as it is now).
func (r *Reader) ReadFile(c *snapshot.Component, path string, blob repos.Hash) ([]byte, error) {
	data, _, err := r.repos.ReadFile(scan.ComponentKey(c.Project.Config, c.Config), path, blob)
	return data, err
}

func cacheKey(t *snapshot.Translation) string {
	c := t.Component
	key := scan.ComponentKey(c.Project.Config, c.Config) + "/" + t.Language.Code + "/" + t.Blob.String() + "/" + t.TemplateBlob.String()
	if t.IsSource && !c.Format.Monolingual {
		// The source of a bilingual component is the union of every file.
		for _, o := range c.Translations {
			key += "/" + o.Blob.String()
		}
	}
	return key
}

// readData reads a file of t's component; *stale is set when the bytes read are
// not those of want (the file changed since the snapshot was made), so that what
// comes of them is not cached under the snapshot's blob ids.
func (r *Reader) readData(t *snapshot.Translation, path string, want repos.Hash, stale *bool) ([]byte, error) {
	c := t.Component
	data, changed, err := r.repos.ReadFile(scan.ComponentKey(c.Project.Config, c.Config), path, want)
	if err != nil {
		return nil, err
	}
	if changed {
		*stale = true
	}
	return data, nil
}

func (r *Reader) parse(t *snapshot.Translation, path string, want repos.Hash, stale *bool) (*formats.File, error) {
	data, err := r.readData(t, path, want, stale)
	if err != nil {
		return nil, err
	}
	return t.Component.Format.Format().Parse(data)
}

// parseAs parses t's own file as t's language: for a file holding every
// language (formats.MultiLanguage), the one that file is also the template,
// that language's units rather than the source's.
func (r *Reader) parseAs(t *snapshot.Translation, path string, want repos.Hash, stale *bool) (*formats.File, error) {
	data, err := r.readData(t, path, want, stale)
	if err != nil {
		return nil, err
	}
	return t.Component.Format.ParserFor(t.LanguageCode).Parse(data)
}

// ids gives the unit at position pos of t its id and its source unit's.
func ids(t *snapshot.Translation, pos int, u *snapshot.Unit) {
	u.ID = t.UnitIDs.ID(pos)
	src := t.Component.Translations[0]
	u.SourceUnit = src.UnitIDs.KeyID(t.UnitIDs.Key(pos))
}

// read builds a translation's units with Weblate's states (the same rules as the
// statistics, so the units add up to them).
func (r *Reader) read(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
	c := t.Component
	if c.Format.Monolingual {
		return r.readMonolingual(t, stale)
	}
	return r.readBilingual(t, stale)
}

func (r *Reader) readMonolingual(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
	c := t.Component
	// Every translation of a component shares its template: parse it once.
	tkey := scan.ComponentKey(c.Project.Config, c.Config) + "/" + t.TemplateBlob.String()
	tf, ok := r.templates.get(tkey)
	if !ok {
		var err error
		tstale := false
		if tf, err = r.parse(t, c.Config.Template, t.TemplateBlob, &tstale); err != nil {
			return nil, fmt.Errorf("%s: %w", c.Config.Template, err)
		}
		if tstale {
			*stale = true
		} else {
			r.templates.put(tkey, tf)
		}
	}
	byKey := map[string]*formats.Unit{}
	if !t.IsSource {
		f, err := r.parseAs(t, t.Filename, t.Blob, stale)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Filename, err)
		}
		for i := range f.Units {
			byKey[f.Units[i].Key] = &f.Units[i]
		}
	}
	out := make([]snapshot.Unit, 0, len(tf.Units))
	tags := tagsOf(t)
	seen := make(map[string]bool, len(tf.Units))
	for i := range tf.Units {
		su := &tf.Units[i]
		if seen[su.Key] {
			continue // the first of a repeated key counts, as in the statistics
		}
		seen[su.Key] = true
		out = append(out, tags.unit(t, len(out), su, byKey[su.Key]))
	}
	return out, nil
}

// pluralTags are the plural categories a monolingual translation's forms are
// ordered by: its source language's and its own; ck runs the translation's checks.
type pluralTags struct {
	source, target []string
	ck             *rules.Checker
}

func tagsOf(t *snapshot.Translation) pluralTags {
	c := t.Component
	return pluralTags{c.Format.PluralTags(c.SourceLanguage.Code), c.Format.PluralTags(t.LanguageCode), checker(t)}
}

// checker runs the quality checks of t's units, as the scan ran them (none when
// it ran none).
func checker(t *snapshot.Translation) *rules.Checker {
	if t.Component.NoChecks {
		return nil
	}
	return rules.NewChecker(scan.CheckContext(t.Component, t.LanguageCode, t.Language))
}

// sourceChecks are the source checks a unit of the source translation fails: key
// finds its string's failing target checks in the other translations.
func sourceChecks(t *snapshot.Translation, ck *rules.Checker, cu *rules.CheckUnit, key string) []string {
	return ck.Source(nil, cu, t.Component.SourceRows[key])
}

// unit is the unit at position pos of a monolingual translation: su is the
// template's unit, tr the translation's (nil when it has none).
func (tags pluralTags) unit(t *snapshot.Translation, pos int, su, tr *formats.Unit) snapshot.Unit {
	c := t.Component
	tu := rules.TemplateUnitOf(su, tags.source)
	source := su.FormsFor(tags.source)
	u := snapshot.Unit{
		Source:      source,
		Context:     tu.Key,
		Note:        su.Note,
		Location:    su.Location,
		Flags:       su.Flags,
		Explanation: su.Explanation,
		Position:    pos + 1,
		NumWords:    tu.Words,
		IDHash:      weblate.Hash(tu.Key),
		ContentHash: weblate.Hash(weblate.JoinPlurals(source), tu.Key),
	}
	if t.IsSource {
		u.Line = su.Line
	} else if tr != nil {
		u.Line = tr.Line
	}
	ids(t, pos, &u)
	if t.IsSource {
		u.Target = source
		u.State = rules.SourceState(&tu, c.Config.EditTemplate)
		cu := rules.CheckUnit{Source: source, Target: source, State: u.State, Flags: su.Flags, Note: su.Note, Key: su.Key}
		u.Checks = sourceChecks(t, tags.ck, &cu, tu.Key)
		return u
	}
	u.Target = make([]string, len(tags.target))
	note := ""
	if tr != nil {
		u.Target = tr.FormsFor(tags.target)
		if tr.Explanation != "" {
			u.Explanation = tr.Explanation
		}
		note = tr.Note
		if tr.Flags != "" {
			// TTKitUnit.flags: the translation's, then the template's, which win.
			u.Flags = formats.MergeFlags(tr.Flags, su.Flags)
		}
	}
	// Weblate's TTKitUnit.notes: the template's note, then the translation's,
	// unless they are the same.
	if su.Note != note {
		u.Note = su.Note + "\n" + note
	}
	u.State = rules.MonolingualState(&tu, tr, u.Target)
	u.Target = rules.PluralTarget(u.Target, su.Plural, tags.ck.PluralNumber())
	cu := rules.MonolingualCheckUnit(&tu, tr, u.Target, u.State)
	u.Checks = tags.ck.Target(nil, &cu)
	return u
}

func (r *Reader) readBilingual(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
	c := t.Component
	files := []*snapshot.Translation{t}
	if t.IsSource {
		files = c.Translations[1:]
	}
	review := c.Project.Config.TranslationReview
	ck := checker(t)
	seen := map[string]bool{}
	var out []snapshot.Unit
	for _, ft := range files {
		f, err := r.parse(ft, ft.Filename, ft.Blob, stale)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ft.Filename, err)
		}
		for i := range f.Units {
			fu := &f.Units[i]
			key := rules.BilingualKey(fu)
			if seen[key] {
				continue
			}
			seen[key] = true
			u := snapshot.Unit{
				Source:      fu.Source,
				Target:      fu.Target,
				Context:     fu.Key,
				Note:        fu.Note,
				Location:    fu.Location,
				Flags:       fu.Flags,
				Explanation: fu.Explanation,
				Position:    len(out) + 1,
				NumWords:    weblate.CountWords(fu.Source),
				IDHash:      weblate.Hash(weblate.JoinPlurals(fu.Source), fu.Key),
				ContentHash: weblate.Hash(weblate.JoinPlurals(fu.Source), fu.Key),
				State:       rules.BilingualState(fu, review),
				Line:        fu.Line,
			}
			if t.IsSource {
				u.Target = fu.Source
				u.State = weblate.StateReadOnly
				u.Explanation = fu.SourceExplanation
				u.Line = 0 // the string is in every file; no line is its
				cu := rules.BilingualCheckUnit(fu, fu.Source, u.State)
				u.Checks = sourceChecks(t, ck, &cu, key)
			} else {
				u.Target = rules.PluralTarget(fu.Target, fu.Plural, ck.PluralNumber())
				cu := rules.BilingualCheckUnit(fu, u.Target, u.State)
				u.Checks = ck.Target(nil, &cu)
			}
			ids(t, len(out), &u)
			out = append(out, u)
		}
	}
	return out, nil
}

// streamPage reads the units lo … hi-1 of a monolingual translation by streaming
// its template and its file, keeping the page's units only (copied out of the
// parser's buffers, which the next unit reuses); stale is set as readData sets it.
func (r *Reader) streamPage(t *snapshot.Translation, lo, hi int) (_ []snapshot.Unit, stale bool, _ error) {
	c := t.Component
	st := c.Format.Format().(formats.Streamer)
	tdata, err := r.readData(t, c.Config.Template, t.TemplateBlob, &stale)
	if err != nil {
		return nil, stale, fmt.Errorf("%s: %w", c.Config.Template, err)
	}
	repeats := c.TemplateRepeats
	var tmpl []formats.Unit
	raw, pos := 0, 0
	_, err = st.Stream(tdata, func(u *formats.Unit) {
		i := raw
		raw++
		if j := sort.SearchInts(repeats, i); j < len(repeats) && repeats[j] == i {
			return // the first of a repeated key counts, as in the statistics
		}
		if pos >= lo && pos < hi {
			tmpl = append(tmpl, cloneUnit(u))
		}
		pos++
	})
	tdata = nil
	if err != nil {
		return nil, stale, fmt.Errorf("%s: %w", c.Config.Template, err)
	}
	byKey := map[string]*formats.Unit{}
	if !t.IsSource && len(tmpl) > 0 {
		want := make(map[string]bool, len(tmpl))
		for i := range tmpl {
			want[tmpl[i].Key] = true
		}
		data, err := r.readData(t, t.Filename, t.Blob, &stale)
		if err != nil {
			return nil, stale, fmt.Errorf("%s: %w", t.Filename, err)
		}
		_, err = st.Stream(data, func(u *formats.Unit) {
			if want[u.Key] {
				cu := cloneUnit(u) // of a repeated key, the last counts
				byKey[cu.Key] = &cu
			}
		})
		if err != nil {
			return nil, stale, fmt.Errorf("%s: %w", t.Filename, err)
		}
	}
	out := make([]snapshot.Unit, len(tmpl))
	tags := tagsOf(t)
	for i := range tmpl {
		out[i] = tags.unit(t, lo+i, &tmpl[i], byKey[tmpl[i].Key])
	}
	return out, stale, nil
}

// cloneUnit copies a unit out of a streaming parser's buffers.
func cloneUnit(u *formats.Unit) formats.Unit {
	c := *u
	c.Key = strings.Clone(u.Key)
	c.Source = cloneStrings(u.Source)
	c.Target = cloneStrings(u.Target)
	c.Categories = cloneStrings(u.Categories)
	c.Note = strings.Clone(u.Note)
	c.Location = strings.Clone(u.Location)
	c.Flags = strings.Clone(u.Flags)
	c.Explanation = strings.Clone(u.Explanation)
	c.SourceExplanation = strings.Clone(u.SourceExplanation)
	return c
}

func cloneStrings(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.Clone(s)
	}
	return out
}

// unitCacheSize bounds the translations whose units are kept parsed.
const unitCacheSize = 64

// lru is a small cache of parsed data by content key, shared by the snapshots of a
// scanner: an unchanged file is not parsed again after a rescan.
type lru[V any] struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[string]*list.Element
}

type lruEntry[V any] struct {
	key   string
	value V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, ll: list.New(), items: map[string]*list.Element{}}
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*lruEntry[V]).value, true
	}
	var zero V
	return zero, false
}

func (c *lru[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		e.Value.(*lruEntry[V]).value = v
		return
	}
	c.items[key] = c.ll.PushFront(&lruEntry[V]{key, v})
	for c.ll.Len() > c.max {
		old := c.ll.Back()
		c.ll.Remove(old)
		delete(c.items, old.Value.(*lruEntry[V]).key)
	}
}
