package api

import (
	"sort"
	"strconv"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Units are read from the files on demand (they are not kept in memory once
// counted), so their documents are rendered per request, one page at a time; the
// whole answers of the two lists are kept (answers.go).

func init() {
	routes = append(routes,
		route{path: "/api/units/", allow: allowRead, name: "Unit List", desc: "Units API.", get: listUnits, keep: true},
		route{path: "/api/units/:id/", allow: allowInstance, name: "Unit Instance", desc: "Units API.", get: getUnit},
		route{path: "/api/translations/:project/:component/:language/units/", allow: allowList, name: "Units", desc: descComponents, get: listTranslationUnits, keep: true},
	)
}

// writeUnit writes a unit in the shape of Weblate 4.18's UnitSerializer.
func writeUnit(e *enc, t *snapshot.Translation, u *snapshot.Unit) {
	e.Obj()
	e.Key("translation")
	e.url(t.APIPath())
	e.Key("source")
	writeStrings(e, u.Source)
	e.Key("previous_source")
	e.Str("")
	e.Key("target")
	writeStrings(e, u.Target)
	e.Key("id_hash")
	e.Int(u.IDHash)
	e.Key("content_hash")
	e.Int(u.ContentHash)
	e.Key("location")
	e.Str(u.Location)
	e.Key("context")
	e.Str(u.Context)
	e.Key("note")
	e.Str(u.Note)
	e.Key("flags")
	e.Str(u.Flags)
	e.Key("labels")
	e.Arr()
	e.EndArr()
	e.Key("state")
	e.Int(int64(u.State))
	e.Key("fuzzy")
	e.Bool(u.State == weblate.StateFuzzy)
	e.Key("translated")
	e.Bool(u.State.IsTranslated())
	e.Key("approved")
	e.Bool(u.State == weblate.StateApproved)
	e.Key("position")
	e.Int(int64(u.Position))
	e.Key("has_suggestion")
	e.Bool(false)
	e.Key("has_comment")
	e.Bool(false)
	e.Key("has_failing_check")
	e.Bool(len(u.Checks) > 0)
	e.Key("num_words")
	e.Int(int64(u.NumWords))
	e.Key("source_unit")
	e.url(snapshot.UnitAPIPath(u.SourceUnit))
	e.Key("priority")
	e.Int(100)
	e.Key("id")
	e.Int(int64(u.ID))
	e.Key("web_url")
	e.url(t.TranslatePath() + "?checksum=" + weblate.Checksum(u.IDHash))
	e.Key("url")
	e.url(snapshot.UnitAPIPath(u.ID))
	e.Key("explanation")
	e.Str(u.Explanation)
	e.Key("extra_flags")
	e.Str("")
	e.Key("pending")
	e.Bool(false)
	e.Key("timestamp")
	writeTime(e, u.Timestamp)
	e.End()
}

func writeStrings(e *enc, ss []string) {
	e.Arr()
	for _, s := range ss {
		e.Str(s)
	}
	e.EndArr()
}

func (r *request) units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	if r.v.reader == nil {
		return nil, nil
	}
	units, err := r.v.reader.Units(t)
	if err != nil {
		// A file that no longer reads (a checkout being edited) is not our bug.
		return nil, notFound("The units of this translation cannot be read now: " + err.Error())
	}
	return units, nil
}

// listTranslationUnits counts a translation's units by its statistics (the units
// the reader yields are those the scan counted), so a page out of range costs
// nothing, and reads only the page asked for. With ?q=, every unit is read and the
// count is of those the query selects.
func listTranslationUnits(r *request) error {
	t, err := r.translation()
	if err != nil {
		return err
	}
	uq, err := r.unitQuery()
	if err != nil {
		return err
	}
	if uq != nil {
		units, err := r.units(t)
		if err != nil {
			return err
		}
		picked, err := r.v.filter(uq, t, units)
		if err != nil {
			return err
		}
		return r.writePageOf(len(picked), func(lo, hi int) ([]*doc, error) {
			out := make([]*doc, 0, hi-lo)
			for _, u := range picked[lo:hi] {
				out = append(out, render(func(e *enc) { writeUnit(e, t, u) }))
			}
			return out, nil
		})
	}
	count := 0
	if r.v.reader != nil {
		count = t.Stats.Total
	}
	return r.writePageOf(count, func(lo, hi int) ([]*doc, error) {
		if lo >= hi {
			return nil, nil
		}
		units, exact, err := r.v.page(t, lo, hi)
		if err != nil {
			// A file that no longer reads (a checkout being edited) is not our bug.
			return nil, notFound("The units of this translation cannot be read now: " + err.Error())
		}
		if !exact {
			r.dontKeep() // the file as edited since the scan, not the snapshot's
		}
		out := make([]*doc, 0, len(units))
		for i := range units {
			out = append(out, render(func(e *enc) { writeUnit(e, t, &units[i]) }))
		}
		return out, nil
	})
}

// listUnits lists every unit of every translation, in translation id order and
// position order; only the translations a page touches are read.
//
// The count is the sum of the translations' totals, as their statistics (and the
// metrics' units) say, not a count of units read: counting by reading would read
// every file of the installation for each page, and these are the same units, as
// the scanner counts what the reader yields. Each translation keeps its place
// (offsets from the totals), so a translation that cannot be read now — a checkout
// being edited — leaves a gap in its page instead of failing the whole list or
// shifting every later page.
//
// With ?q=, see listUnitsMatching.
func listUnits(r *request) error {
	uq, err := r.unitQuery()
	if err != nil {
		return err
	}
	if uq != nil {
		return listUnitsMatching(r, uq)
	}
	ts, starts := r.v.unitTranslations, r.v.unitStarts
	return r.writePageOf(starts[len(ts)], func(lo, hi int) ([]*doc, error) {
		var out []*doc
		i := sort.Search(len(ts), func(i int) bool { return starts[i+1] > lo })
		for ; i < len(ts) && starts[i] < hi; i++ {
			t := ts[i]
			units, exact, err := r.v.readUnitsExact(t)
			if err != nil || !exact {
				// A gap, or units of a file edited since the scan: not the
				// snapshot's page, so not one to keep.
				r.dontKeep()
			}
			if err != nil {
				continue
			}
			// A file edited since the scan may hold more units than counted: they
			// would take the places of the next translation's.
			n := min(len(units), t.Stats.Total)
			for j := max(0, lo-starts[i]); j < n && starts[i]+j < hi; j++ {
				u := &units[j]
				out = append(out, render(func(e *enc) { writeUnit(e, t, u) }))
			}
		}
		return out, nil
	})
}

// page reads the units lo … hi-1 of a translation, and whether they are those of
// the files the scan saw (ExactReader; a Reader without it is taken at its word).
func (v *views) page(t *snapshot.Translation, lo, hi int) ([]snapshot.Unit, bool, error) {
	if er, ok := v.reader.(ExactReader); ok {
		return er.PageExact(t, lo, hi)
	}
	units, err := v.reader.Page(t, lo, hi)
	return units, err == nil, err
}

// readUnits reads a translation's units for /api/units/, logging a translation that
// cannot be read once per snapshot.
func (v *views) readUnits(t *snapshot.Translation) ([]snapshot.Unit, error) {
	units, _, err := v.readUnitsExact(t)
	return units, err
}

// readUnitsExact is readUnits, and whether the units are those of the files the
// scan saw (as page).
func (v *views) readUnitsExact(t *snapshot.Translation) ([]snapshot.Unit, bool, error) {
	if v.reader == nil {
		return nil, true, nil
	}
	var units []snapshot.Unit
	var err error
	exact := true
	if er, ok := v.reader.(ExactReader); ok {
		units, exact, err = er.UnitsExact(t)
	} else {
		units, err = v.reader.Units(t)
	}
	if err != nil {
		if _, logged := v.unreadable.LoadOrStore(t, struct{}{}); !logged {
			c := t.Component
			v.log.Warn("units cannot be read; /api/units/ leaves them out",
				"translation", c.Project.Config.Slug+"/"+c.Config.Slug+"/"+t.Language.Code, "err", err)
		}
		return nil, false, err
	}
	return units, exact, nil
}

func getUnit(r *request) error {
	id, err := strconv.Atoi(r.param("id"))
	if err != nil || id < 1 || r.v.reader == nil {
		return errNotFound
	}
	t, u, err := r.v.reader.Unit(r.v.snap, id)
	if err != nil {
		return notFound("This unit cannot be read now: " + err.Error())
	}
	if t == nil {
		return errNotFound
	}
	return r.writeDoc(render(func(e *enc) { writeUnit(e, t, u) }))
}
