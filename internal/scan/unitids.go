package scan

import (
	"context"
	"sort"
	"strings"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
)

// unitSegs is which key number each unit position of a file holds, as segments,
// and how many key numbers the file's runs must cover.
type unitSegs struct {
	ids   snapshot.UnitIDs // without runs
	cover int
}

// assignUnitIDs gives the units of the component's translations their ids when the
// scan reads them, not when a request first asks: the component's unit keys
// (template keys; for bilingual components the source and context pairs) are
// numbered in the order they first appear, and each translation's runs cover the
// key numbers its units hold (store.Units). A file whose content was seen before
// costs no lookup: the segments are kept by content.
func (s *Engine) assignUnitIDs(ctx context.Context, c *snapshot.Component, src *Source) error {
	k := src.keys
	if k == nil || len(c.Translations) == 0 {
		return nil
	}
	if k.files == nil { // monolingual: every translation has the template's units
		t0 := c.Translations[0]
		seg, err := s.segsOf(ctx, src.Key, "t/"+t0.TemplateBlob.String(), func() []string {
			keys := make([]string, len(k.tmpl))
			for i := range k.tmpl {
				keys[i] = k.tmpl[i].Key
			}
			return keys
		})
		if err != nil {
			return err
		}
		segs := make([]unitSegs, len(c.Translations))
		for i := range segs {
			segs[i] = seg
		}
		return s.giveIDs(ctx, c.Translations, segs)
	}
	// Bilingual: the source translation holds every file's units, files in id order
	// (as the unit reader lists them), each pair once.
	files := make([]*snapshot.Translation, 0, len(c.Translations))
	for _, t := range c.Translations {
		if !t.IsSource {
			files = append(files, t)
		}
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].ID < files[j].ID })
	var blobs strings.Builder
	for _, t := range files {
		blobs.WriteString(t.Blob.String())
	}
	union, err := s.segsOf(ctx, src.Key, "s/"+blobs.String(), func() []string {
		var keys []string
		seen := map[string]bool{}
		for _, t := range files {
			for _, u := range k.files[t.Language.Code] {
				if !seen[u.id] {
					seen[u.id] = true
					keys = append(keys, u.id)
				}
			}
		}
		return keys
	})
	if err != nil {
		return err
	}
	segs := make([]unitSegs, len(c.Translations))
	for i, t := range c.Translations {
		seg := union
		if !t.IsSource {
			units := k.files[t.Language.Code]
			seg, err = s.segsOf(ctx, src.Key, "b/"+t.Blob.String(), func() []string {
				keys := make([]string, len(units))
				for i := range units {
					keys[i] = units[i].id
				}
				return keys
			})
			if err != nil {
				return err
			}
		}
		segs[i] = seg
	}
	return s.giveIDs(ctx, c.Translations, segs)
}

// segsOf numbers the keys of one content of a component, once per content.
func (s *Engine) segsOf(ctx context.Context, component, content string, keys func() []string) (unitSegs, error) {
	ck := component + "\x00" + content
	if seg, ok := s.unitSegsUsed[ck]; ok {
		return seg, nil
	}
	seg, ok := s.unitSegs[ck]
	if !ok {
		nos, err := s.st.UnitKeys(ctx, component, keys())
		if err != nil {
			return unitSegs{}, err
		}
		seg.ids = snapshot.NewUnitIDs(nos, nil)
		for _, g := range seg.ids.Segs {
			seg.cover = max(seg.cover, g.Key+g.Count)
		}
	}
	s.unitSegsUsed[ck] = seg
	return seg, nil
}

// giveIDs gives each translation the runs that cover its key numbers (segs[i]
// for ts[i]), asking the store once for the component: a new component's
// translations all get runs, and one durable write for them all, not one each,
// is what lets a new installation answer its statistics in the time of a scan.
func (s *Engine) giveIDs(ctx context.Context, ts []*snapshot.Translation, segs []unitSegs) error {
	want := make([]store.RunsWant, len(ts))
	for i, t := range ts {
		want[i] = store.RunsWant{Translation: t.ID, Keys: segs[i].cover}
	}
	all, err := s.st.UnitRunsOf(ctx, want)
	if err != nil {
		return err
	}
	for i, t := range ts {
		ids := make([]snapshot.IDRun, len(all[i]))
		for j, r := range all[i] {
			ids[j] = snapshot.IDRun{ID: r.FirstID, Key: r.FirstKey, Count: r.Count}
		}
		t.UnitIDs = segs[i].ids.WithRuns(ids)
	}
	return nil
}
