package scan

import (
	"slices"
	"strings"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// TemplateUnits reads a template's units in template order; a repeated key counts
// once (the first one), as Weblate's id index keeps it.
func TemplateUnits(f *formats.File, tags []string) []rules.TemplateUnit {
	out, _ := templateUnits(f, tags)
	return out
}

// templateUnits is TemplateUnits, and the indexes in f of the units it skips as
// repeats.
func templateUnits(f *formats.File, tags []string) ([]rules.TemplateUnit, []int) {
	out := make([]rules.TemplateUnit, 0, len(f.Units))
	var repeats []int
	seen := make(map[string]struct{}, len(f.Units))
	for i := range f.Units {
		u := &f.Units[i]
		if _, dup := seen[u.Key]; dup {
			repeats = append(repeats, i)
			continue
		}
		seen[u.Key] = struct{}{}
		tu := rules.TemplateUnitOf(u, tags)
		// The key is copied out of the parser's arena, which holds every text of the
		// file: a kept template otherwise kept all of it.
		tu.Key = strings.Clone(tu.Key)
		out = append(out, tu)
	}
	return out, repeats
}

// templateStats counts the source translation of a monolingual component; rows
// are the failing target checks of each template unit's string in the other
// translations (multiple_failures).
func templateStats(tmpl []rules.TemplateUnit, editTemplate bool, ck *rules.Checker, rows []int) snapshot.Stats {
	var s snapshot.Stats
	var failing []string
	for i := range tmpl {
		tu := &tmpl[i]
		state := rules.SourceState(tu, editTemplate)
		s.AddUnit(state, tu.Words, tu.Chars)
		cu := rules.CheckUnit{Source: tu.Source, Target: tu.Source, State: state, Flags: tu.Flags, Note: tu.Note, Key: tu.Key}
		if failing = ck.Source(failing[:0], &cu, rows[i]); len(failing) > 0 {
			s.AddFailing(tu.Words, tu.Chars)
		}
	}
	return s
}

// srcStats is what the statistics of a component's source translation were
// counted from, and the statistics.
type srcStats struct {
	template     resultKey
	editTemplate bool
	checks       string
	rows         []int
	stats        snapshot.Stats
}

// templateStats returns the statistics of the component's source translation,
// counted if the template (tr, read under tkey), the checks' context or the failing
// checks the translations add up to (rows) differ from the previous scan's, else
// the previous scan's: they are the same, and running the source checks on every
// template unit of every component at every rescan was most of a rescan's work
// when one file of one component had changed.
func (sc *componentScan) templateStats(tr *fileResult, tkey resultKey, rows []int, count func() snapshot.Stats, checks string) snapshot.Stats {
	s, key := sc.s, sc.src.Key
	if s.srcStatsUsed == nil || tr.changed {
		return count() // a scan built by hand (tests), or a template read while it changed
	}
	if old := s.srcStats[key]; old != nil && old.template == tkey && old.editTemplate == sc.c.Config.EditTemplate &&
		old.checks == checks && slices.Equal(old.rows, rows) {
		s.srcStatsUsed[key] = old
		return old.stats
	}
	st := count()
	s.srcStatsUsed[key] = &srcStats{template: tkey, editTemplate: sc.c.Config.EditTemplate, checks: checks,
		rows: slices.Clone(rows), stats: st}
	return st
}

// templateIndex maps each key of a template to its position (templateUnits keeps
// one unit per key).
func templateIndex(tmpl []rules.TemplateUnit) map[string]int32 {
	index := make(map[string]int32, len(tmpl))
	for i, tu := range tmpl {
		index[tu.Key] = int32(i)
	}
	return index
}

// eachUnit hands every unit of a file to fn, and returns the file's warnings:
// streamed when the format can, so counting keeps no unit, parsed whole otherwise.
func eachUnit(format formats.Format, data []byte) func(fn func(*formats.Unit)) ([]formats.Warning, error) {
	if st, ok := format.(formats.Streamer); ok {
		return func(fn func(*formats.Unit)) ([]formats.Warning, error) { return st.Stream(data, fn) }
	}
	return func(fn func(*formats.Unit)) ([]formats.Warning, error) {
		f, err := format.Parse(data)
		if err != nil {
			return nil, err
		}
		for i := range f.Units {
			fn(&f.Units[i])
		}
		return f.Warnings, nil
	}
}

// monolingualStats counts one translation of a monolingual component: the template's
// units (index maps their keys to positions), looked up by key among the units each
// gives (keys only in the translation are ignored; of a repeated key, the last
// counts), and runs the quality checks of ck on them. It returns the file's
// warnings too, and the number of failing checks of each template unit (nil
// when none fails).
func monolingualStats(tmpl []rules.TemplateUnit, index map[string]int32, each func(func(*formats.Unit)) ([]formats.Warning, error), tags []string, ck *rules.Checker) (snapshot.Stats, []uint8, []formats.Warning, error) {
	// Every key starts as missing from the translation; the units it gives
	// override that.
	states := make([]weblate.State, len(tmpl))
	for i := range tmpl {
		states[i] = rules.MonolingualState(&tmpl[i], nil, nil)
	}
	var rows []uint8
	var failing []string
	n := ck.PluralNumber()
	// A translation mostly lists its keys in the template's order: the unit
	// after the last one found is tried before the index (the template's keys
	// are distinct, so a match is the index's answer).
	next := int32(0)
	warnings, err := each(func(u *formats.Unit) {
		i := next
		if int(i) >= len(tmpl) || tmpl[i].Key != u.Key {
			var ok bool
			if i, ok = index[u.Key]; !ok {
				return
			}
		}
		next = i + 1
		tu := &tmpl[i]
		forms := u.FormsFor(tags)
		states[i] = rules.MonolingualState(tu, u, forms)
		cu := rules.MonolingualCheckUnit(tu, u, rules.PluralTarget(forms, tu.Plural, n), states[i])
		failing = ck.Target(failing[:0], &cu)
		if len(failing) > 0 && rows == nil {
			rows = make([]uint8, len(tmpl))
		}
		if rows != nil {
			rows[i] = uint8(min(len(failing), 255))
		}
	})
	if err != nil {
		return snapshot.Stats{}, nil, nil, err
	}
	var s snapshot.Stats
	for i, tu := range tmpl {
		s.AddUnit(states[i], tu.Words, tu.Chars)
		if rows != nil && rows[i] > 0 {
			s.AddFailing(tu.Words, tu.Chars)
		}
	}
	return s, rows, warnings, nil
}

// bilUnit is a unit of a bilingual file as the source translation collects it.
type bilUnit struct {
	id           string // source forms joined, NUL, key
	words, chars int
	// rows is the number of target checks the unit fails in its file; srcFail
	// tells whether it fails a source check as a unit of the source translation
	// (multiple_failures aside), and mf whether multiple_failures may fail for it.
	rows        uint8
	srcFail, mf bool
}

// bilingualStats counts one file of a bilingual component and returns its distinct
// units for the source translation. A repeated (source, key) pair counts once.
// ck runs the checks of the file's translation, src those of the source one.
func bilingualStats(f *formats.File, review bool, ck, src *rules.Checker) (snapshot.Stats, []bilUnit) {
	var s snapshot.Stats
	units := make([]bilUnit, 0, len(f.Units))
	seen := make(map[string]struct{}, len(f.Units))
	n := ck.PluralNumber()
	var failing []string
	for i := range f.Units {
		u := &f.Units[i]
		id := rules.BilingualKey(u)
		if _, dup := seen[id]; dup {
			continue
		}
		seen[id] = struct{}{}
		bu := bilUnit{id: id, words: weblate.CountWords(u.Source), chars: weblate.CountChars(u.Source)}
		state := rules.BilingualState(u, review)
		s.AddUnit(state, bu.words, bu.chars)
		cu := rules.BilingualCheckUnit(u, rules.PluralTarget(u.Target, u.Plural, n), state)
		if failing = ck.Target(failing[:0], &cu); len(failing) > 0 {
			s.AddFailing(bu.words, bu.chars)
			bu.rows = uint8(min(len(failing), 255))
		}
		// Run as if multiple_failures held (rows 2): what else fails is the
		// same, and whether it may fail at all is told apart.
		su := rules.BilingualCheckUnit(u, u.Source, weblate.StateReadOnly)
		failing = src.Source(failing[:0], &su, 2)
		bu.mf = slices.Contains(failing, rules.MultipleFailures)
		bu.srcFail = len(failing) > 1 || len(failing) == 1 && !bu.mf
		units = append(units, bu)
	}
	return s, units
}

// componentKeys are the unit keys of a component as a scan found them: the template's
// (monolingual) or each language file's (bilingual, by canonical code); the
// history names units by the same keys (a template key; a rules.BilingualKey).
type componentKeys struct {
	tmpl  []rules.TemplateUnit
	files map[string][]bilUnit
}
