package scanner

import (
	"container/list"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"

	"github.com/dchest/siphash"

	"github.com/gitlate/gitlate/internal/cache"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// componentKeys are the unit keys of a component as a scan found them: the template's
// (monolingual) or each language file's (bilingual, by canonical code).
type componentKeys struct {
	tmpl  []tmplUnit
	files map[string][]bilUnit
}

// unitIndex answers whether a unit still exists in the current snapshot, so that a
// change only links units whose URL answers.
type unitIndex struct {
	s    *Scanner
	sets map[string]map[string]bool
}

func newUnitIndex(s *Scanner) *unitIndex { return &unitIndex{s: s, sets: map[string]map[string]bool{}} }

func (x *unitIndex) has(t *snapshot.Translation, key string) bool {
	ck := componentKey(t.Component.Project.Config, t.Component.Config)
	k := x.s.keys[ck]
	if k == nil {
		return false
	}
	setKey := ck
	if k.files != nil && !t.IsSource {
		setKey += "/" + t.Language.Code
	}
	set := x.sets[setKey]
	if set == nil {
		set = map[string]bool{}
		switch {
		case k.files == nil:
			for _, u := range k.tmpl {
				set[u.key] = true
			}
		case t.IsSource:
			for _, units := range k.files {
				for _, u := range units {
					set[u.id] = true
				}
			}
		default:
			for _, u := range k.files[t.Language.Code] {
				set[u.id] = true
			}
		}
		x.sets[setKey] = set
	}
	return set[key]
}

// weblateHash is Weblate's calculate_hash: SipHash-2-4 keyed "Weblate Sip Hash" over
// the parts joined, shifted to a signed 64-bit integer.
func weblateHash(parts ...string) int64 {
	h := siphash.Hash(hashK0, hashK1, []byte(strings.Join(parts, "")))
	return int64(h ^ 1<<63)
}

// The SipHash key is the 16 bytes "Weblate Sip Hash", read as two little-endian words.
var (
	hashK0 = binary.LittleEndian.Uint64([]byte("Weblate "))
	hashK1 = binary.LittleEndian.Uint64([]byte("Sip Hash"))
)

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

// historyTimes is, per component, when each unit last changed according to the
// history walked so far (component key → code NUL unit key → time).
func (s *Scanner) historyTimes() map[string]*componentHistory {
	out := make(map[string]*componentHistory, len(s.history))
	for k, h := range s.history {
		out[k] = h
	}
	return out
}

// unitReader reads one snapshot's units from its trees.
type unitReader struct {
	s       *Scanner
	snap    *snapshot.Snapshot
	history map[string]*componentHistory
}

// Units returns a translation's units, parsing its files (and template) unless they
// are in the cache.
func (r *unitReader) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	c := t.Component
	if c.Repo.Tree == nil || c.Format == nil {
		return nil, nil
	}
	key := r.cacheKey(t)
	units, ok := r.s.units.get(key)
	if !ok {
		var err error
		stale := false
		if units, err = r.read(t, &stale); err != nil {
			return nil, err
		}
		// Saved before anyone is shown them: a crash cannot give these ids to others.
		if err := r.s.opts.IDs.Flush(); err != nil {
			return nil, err
		}
		if !stale {
			r.s.units.put(key, units)
		}
	}
	// Timestamps come from the history, which grows; units are shared: copy.
	out := make([]snapshot.Unit, len(units))
	copy(out, units)
	h := r.history[componentKey(c.Project.Config, c.Config)]
	fallback := t.Stats.LastChange
	if fallback.IsZero() && c.Repo.Head != nil {
		fallback = c.Repo.Head.Committer.When.UTC()
	}
	for i := range out {
		out[i].Timestamp = fallback
		if h != nil {
			if when, ok := h.units[t.Language.Code+"\x00"+unitKeyOf(c.Format, &out[i])]; ok {
				out[i].Timestamp = when.UTC()
			}
		}
	}
	return out, nil
}

// unitKeyOf is the key a unit has in the history: its context for monolingual
// formats, source and context for bilingual ones.
func unitKeyOf(f formats.Format, u *snapshot.Unit) string {
	if f.Monolingual() {
		return u.Context
	}
	return joinForms(u.Source) + "\x00" + u.Context
}

func (r *unitReader) cacheKey(t *snapshot.Translation) string {
	c := t.Component
	key := componentKey(c.Project.Config, c.Config) + "/" + t.Language.Code + "/" + t.Blob.String() + "/" + t.TemplateBlob.String()
	if t.IsSource && !c.Format.Monolingual() {
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
func (r *unitReader) parse(t *snapshot.Translation, path string, want repos.Hash, stale *bool) (*formats.File, error) {
	tree := t.Component.Repo.Tree
	var data []byte
	var err error
	if br, ok := tree.(repos.BufferedReader); ok {
		var got repos.Hash
		data, got, err = br.ReadFileInto(path, nil)
		if got != want {
			*stale = true
		}
	} else {
		data, err = tree.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	return t.Component.Format.Parse(data)
}

func (r *unitReader) unitID(t *snapshot.Translation, key string) int {
	return r.s.opts.IDs.ID(cache.KindUnit, unitIDKey(t, key))
}

// read builds a translation's units with Weblate's states (the same rules as the
// statistics, so the units add up to them).
func (r *unitReader) read(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
	c := t.Component
	if c.Format.Monolingual() {
		return r.readMonolingual(t, stale)
	}
	return r.readBilingual(t, stale)
}

func (r *unitReader) readMonolingual(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
	c := t.Component
	src := c.Translations[0]
	// Every translation of a component shares its template: parse it once.
	tkey := componentKey(c.Project.Config, c.Config) + "/" + t.TemplateBlob.String()
	tf, ok := r.s.templates.get(tkey)
	if !ok {
		var err error
		tstale := false
		if tf, err = r.parse(t, c.Config.Template, t.TemplateBlob, &tstale); err != nil {
			return nil, fmt.Errorf("%s: %w", c.Config.Template, err)
		}
		if tstale {
			*stale = true
		} else {
			r.s.templates.put(tkey, tf)
		}
	}
	srcTags := lang.AndroidPluralTags(c.SourceLanguage.Code)
	tmpl := templateUnits(tf, srcTags)
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
		tags = lang.AndroidPluralTags(t.LanguageCode)
	}
	tmplByKey := make(map[string]*formats.Unit, len(tf.Units))
	for i := len(tf.Units) - 1; i >= 0; i-- {
		tmplByKey[tf.Units[i].Key] = &tf.Units[i] // the first of a repeated key wins
	}
	out := make([]snapshot.Unit, 0, len(tmpl))
	for i, tu := range tmpl {
		su := tmplByKey[tu.key]
		source := su.FormsFor(srcTags)
		u := snapshot.Unit{
			Source:      source,
			Context:     tu.key,
			Note:        su.Note,
			Position:    i + 1,
			NumWords:    tu.words,
			IDHash:      weblateHash(tu.key),
			ContentHash: weblateHash(joinForms(source), tu.key),
			SourceUnit:  r.unitID(src, tu.key),
		}
		if t.IsSource {
			u.Target = source
			u.State = tu.state
			if !c.Config.EditTemplate {
				u.State = snapshot.StateReadOnly
			}
		} else {
			u.Target = make([]string, len(tags))
			tr := byKey[tu.key]
			if tr != nil {
				u.Target = tr.FormsFor(tags)
			}
			switch {
			case tu.readOnly || tu.state < snapshot.StateTranslated:
				u.State = snapshot.StateReadOnly
			case tr == nil:
				u.State = snapshot.StateEmpty
			default:
				u.State = unitState(tr, u.Target, false)
			}
			if !su.Plural {
				u.Target = u.Target[:1]
			}
		}
		u.ID = r.unitID(t, tu.key)
		out = append(out, u)
	}
	return out, nil
}

func (r *unitReader) readBilingual(t *snapshot.Translation, stale *bool) ([]snapshot.Unit, error) {
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
			key := bilingualKey(fu)
			if seen[key] {
				continue
			}
			seen[key] = true
			u := snapshot.Unit{
				Source:      fu.Source,
				Target:      fu.Target,
				Context:     fu.Key,
				Note:        fu.Note,
				Position:    len(out) + 1,
				NumWords:    countWords(fu.Source),
				IDHash:      weblateHash(joinForms(fu.Source), fu.Key),
				ContentHash: weblateHash(joinForms(fu.Source), fu.Key),
				SourceUnit:  r.unitID(src, key),
				State:       unitState(fu, fu.Target, review),
			}
			if fu.ReadOnly {
				u.State = snapshot.StateReadOnly
			}
			if t.IsSource {
				u.Target = fu.Source
				u.State = snapshot.StateReadOnly
			}
			u.ID = r.unitID(t, key)
			out = append(out, u)
		}
	}
	return out, nil
}

// Unit finds a unit by id through the key its id was given to.
func (r *unitReader) Unit(id int) (*snapshot.Translation, *snapshot.Unit, error) {
	key, ok := r.s.opts.IDs.Key(cache.KindUnit, id)
	if !ok {
		return nil, nil, nil
	}
	where, _, _ := strings.Cut(key, "\x00")
	parts := strings.Split(where, "/")
	if len(parts) != 3 {
		return nil, nil, nil
	}
	p := r.snap.Project(parts[0])
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
