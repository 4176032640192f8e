// Package units reads the units of a snapshot's translations from their files when a request asks for them, with Weblate's fields, states and ids; a few translations' units are kept parsed.
package units

import (
	"container/list"
	"fmt"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Reader reads units. It reads a file through the component's repository as the
// scan saw it (by blob id, or from a checkout's working tree), so it serves every
// snapshot, and it keeps the units of the translations read last.
type Reader struct {
	repos     *repos.Pool
	ids       store.IDs
	units     *lru[[]snapshot.Unit]
	templates *lru[*formats.File]
}

// New returns a Reader of the repositories in pool, giving units ids from ids.
func New(pool *repos.Pool, ids store.IDs) *Reader {
	return &Reader{repos: pool, ids: ids, units: newLRU[[]snapshot.Unit](unitCacheSize), templates: newLRU[*formats.File](16)}
}

// Units returns a translation's units in position order, parsing its files (and
// template) unless they are in the cache. The slice is the caller's.
func (r *Reader) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	c := t.Component
	if c.Format == nil || c.Repo.Kind == "" {
		return nil, nil
	}
	key := cacheKey(t)
	units, ok := r.units.get(key)
	if !ok {
		var err error
		stale := false
		if units, err = r.read(t, &stale); err != nil {
			return nil, err
		}
		// Saved before anyone is shown them: a crash cannot give these ids to others.
		if err := r.ids.Flush(); err != nil {
			return nil, err
		}
		if !stale {
			r.units.put(key, units)
		}
	}
	// Timestamps come from the history, which grows; units are shared: copy.
	out := make([]snapshot.Unit, len(units))
	copy(out, units)
	fallback := t.Stats.LastChange
	if fallback.IsZero() && c.Repo.Head != nil {
		fallback = c.Repo.Head.Committer.When.UTC()
	}
	for i := range out {
		out[i].Timestamp = fallback
		if when, ok := c.UnitTimes[t.Language.Code+"\x00"+scan.UnitKey(c.Format.Monolingual, &out[i])]; ok {
			out[i].Timestamp = when.UTC()
		}
	}
	return out, nil
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

// parse reads and parses a file of t's component; *stale is set when the bytes read
// are not those of want (the file changed since the snapshot was made), so that what
// comes of them is not cached under the snapshot's blob ids.
func (r *Reader) parse(t *snapshot.Translation, path string, want repos.Hash, stale *bool) (*formats.File, error) {
	c := t.Component
	data, changed, err := r.repos.ReadFile(scan.ComponentKey(c.Project.Config, c.Config), path, want)
	if err != nil {
		return nil, err
	}
	if changed {
		*stale = true
	}
	return c.Format.Format().Parse(data)
}

func (r *Reader) unitID(t *snapshot.Translation, key string) int {
	return r.ids.ID(store.KindUnit, scan.UnitIDKey(t, key))
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
	src := c.Translations[0]
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
	srcTags := c.Format.PluralTags(c.SourceLanguage.Code)
	tmpl := scan.TemplateUnits(tf, srcTags)
	byKey := map[string]*formats.Unit{}
	tags := srcTags
	if !t.IsSource {
		f, err := r.parse(t, t.Filename, t.Blob, stale)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Filename, err)
		}
		for i := range f.Units {
			byKey[f.Units[i].Key] = &f.Units[i]
		}
		tags = c.Format.PluralTags(t.LanguageCode)
	}
	tmplByKey := make(map[string]*formats.Unit, len(tf.Units))
	for i := len(tf.Units) - 1; i >= 0; i-- {
		tmplByKey[tf.Units[i].Key] = &tf.Units[i] // the first of a repeated key wins
	}
	out := make([]snapshot.Unit, 0, len(tmpl))
	for i, tu := range tmpl {
		su := tmplByKey[tu.Key]
		source := su.FormsFor(srcTags)
		u := snapshot.Unit{
			Source:      source,
			Context:     tu.Key,
			Note:        su.Note,
			Location:    su.Location,
			Flags:       su.Flags,
			Explanation: su.Explanation,
			Position:    i + 1,
			NumWords:    tu.Words,
			IDHash:      weblate.Hash(tu.Key),
			ContentHash: weblate.Hash(weblate.JoinPlurals(source), tu.Key),
			SourceUnit:  r.unitID(src, tu.Key),
		}
		if t.IsSource {
			u.Target = source
			u.State = tu.State
			if !c.Config.EditTemplate {
				u.State = weblate.StateReadOnly
			}
		} else {
			u.Target = make([]string, len(tags))
			tr := byKey[tu.Key]
			note := ""
			if tr != nil {
				u.Target = tr.FormsFor(tags)
				if tr.Explanation != "" {
					u.Explanation = tr.Explanation
				}
				note = tr.Note
			}
			// Weblate's TTKitUnit.notes: the template's note, then the
			// translation's, unless they are the same.
			if su.Note != note {
				u.Note = su.Note + "\n" + note
			}
			switch {
			case tu.ReadOnly || tu.State < weblate.StateTranslated:
				u.State = weblate.StateReadOnly
			case tr == nil:
				u.State = weblate.StateEmpty
			default:
				u.State = scan.UnitState(tr, u.Target, false)
			}
			u.Target = pluralTarget(u.Target, su.Plural, t.Language.Plural.Number)
		}
		u.ID = r.unitID(t, tu.Key)
		out = append(out, u)
	}
	return out, nil
}

func (r *Reader) readBilingual(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
	c := t.Component
	src := c.Translations[0]
	files := []*snapshot.Translation{t}
	if t.IsSource {
		files = c.Translations[1:]
	}
	review := c.Project.Config.TranslationReview
	seen := map[string]bool{}
	var out []snapshot.Unit
	for _, ft := range files {
		f, err := r.parse(ft, ft.Filename, ft.Blob, stale)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ft.Filename, err)
		}
		for i := range f.Units {
			fu := &f.Units[i]
			key := scan.BilingualKey(fu)
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
				SourceUnit:  r.unitID(src, key),
				State:       scan.UnitState(fu, fu.Target, review),
			}
			if fu.ReadOnly {
				u.State = weblate.StateReadOnly
			}
			if t.IsSource {
				u.Target = fu.Source
				u.State = weblate.StateReadOnly
				u.Explanation = fu.SourceExplanation
			} else {
				u.Target = pluralTarget(fu.Target, fu.Plural, t.Language.Plural.Number)
			}
			u.ID = r.unitID(t, key)
			out = append(out, u)
		}
	}
	return out, nil
}

// pluralTarget is the target the API shows (Weblate's Unit.get_target_plurals): one
// form for a unit that is not plural, else exactly the language's number of plural
// forms, missing ones empty and extra ones dropped.
func pluralTarget(forms []string, plural bool, n int) []string {
	if !plural || n < 1 {
		if len(forms) == 0 {
			return []string{""}
		}
		return forms[:1]
	}
	out := make([]string, n)
	copy(out, forms)
	return out
}

// Unit finds a unit of snap by id, through the key its id was given to; a nil
// Translation means there is no such unit.
func (r *Reader) Unit(snap *snapshot.Snapshot, id int) (*snapshot.Translation, *snapshot.Unit, error) {
	key, ok := r.ids.Key(store.KindUnit, id)
	if !ok {
		return nil, nil, nil
	}
	where, _, _ := strings.Cut(key, "\x00")
	parts := strings.Split(where, "/")
	if len(parts) != 3 {
		return nil, nil, nil
	}
	p := snap.Project(parts[0])
	if p == nil {
		return nil, nil, nil
	}
	c := p.Component(parts[1])
	if c == nil {
		return nil, nil, nil
	}
	t := c.Translation(parts[2])
	if t == nil {
		return nil, nil, nil
	}
	units, err := r.Units(t)
	if err != nil {
		return nil, nil, err
	}
	for i := range units {
		if units[i].ID == id {
			return t, &units[i], nil
		}
	}
	return nil, nil, nil
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
