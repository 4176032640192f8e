package scan

import (
	"strings"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// TemplateUnit is what a monolingual translation needs from its template's unit.
type TemplateUnit struct {
	Key          string
	Words, Chars int
	ReadOnly     bool // translatable="false"
	// State is the template unit's own state: what rule 2 of Weblate's state decision
	// (a source unit below "translated" makes the unit read-only) looks at.
	State weblate.State
}

// TemplateUnits reads a template's units in template order; a repeated key counts
// once (the first one), as Weblate's id index keeps it.
func TemplateUnits(f *formats.File, tags []string) []TemplateUnit {
	out, _ := templateUnits(f, tags)
	return out
}

// templateUnits is TemplateUnits, and the indexes in f of the units it skips as
// repeats.
func templateUnits(f *formats.File, tags []string) ([]TemplateUnit, []int) {
	out := make([]TemplateUnit, 0, len(f.Units))
	var repeats []int
	seen := make(map[string]struct{}, len(f.Units))
	for i := range f.Units {
		u := &f.Units[i]
		if _, dup := seen[u.Key]; dup {
			repeats = append(repeats, i)
			continue
		}
		seen[u.Key] = struct{}{}
		tu := TemplateUnitOf(u, tags)
		// The key is copied out of the parser's arena, which holds every text of the
		// file: a kept template otherwise kept all of it.
		tu.Key = strings.Clone(tu.Key)
		out = append(out, tu)
	}
	return out, repeats
}

// TemplateUnitOf is what a template unit gives its translations, its plural forms
// ordered by tags.
func TemplateUnitOf(u *formats.Unit, tags []string) TemplateUnit {
	forms := u.FormsFor(tags)
	tu := TemplateUnit{Key: u.Key, Words: weblate.CountWords(forms), Chars: weblate.CountChars(forms), ReadOnly: u.ReadOnly}
	switch {
	case u.ReadOnly:
		tu.State = weblate.StateReadOnly
	case IsTranslated(forms) && !u.Blank:
		tu.State = weblate.StateTranslated
	default:
		tu.State = weblate.StateEmpty
	}
	return tu
}

// IsTranslated is translate-toolkit's test: the first plural form is not empty.
func IsTranslated(forms []string) bool { return len(forms) > 0 && forms[0] != "" }

// templateStats counts the source translation of a monolingual component.
func templateStats(tmpl []TemplateUnit, editTemplate bool) snapshot.Stats {
	var s snapshot.Stats
	for _, tu := range tmpl {
		state := tu.State
		if !editTemplate {
			// A template that may not be edited is flagged read-only as a whole.
			state = weblate.StateReadOnly
		}
		s.AddUnit(state, tu.Words, tu.Chars)
	}
	return s
}

// templateIndex maps each key of a template to its position (templateUnits keeps
// one unit per key).
func templateIndex(tmpl []TemplateUnit) map[string]int32 {
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
// counts). It returns the file's warnings too.
func monolingualStats(tmpl []TemplateUnit, index map[string]int32, each func(func(*formats.Unit)) ([]formats.Warning, error), tags []string) (snapshot.Stats, []formats.Warning, error) {
	states := make([]weblate.State, len(tmpl)) // StateEmpty until the translation has the key
	warnings, err := each(func(u *formats.Unit) {
		if i, ok := index[u.Key]; ok {
			states[i] = UnitState(u, u.FormsFor(tags), false)
		}
	})
	if err != nil {
		return snapshot.Stats{}, nil, err
	}
	var s snapshot.Stats
	for i, tu := range tmpl {
		state := states[i]
		if tu.ReadOnly || tu.State < weblate.StateTranslated {
			state = weblate.StateReadOnly
		}
		s.AddUnit(state, tu.Words, tu.Chars)
	}
	return s, warnings, nil
}

// UnitState is the state a format gives a unit (rules 4–7 of Weblate's decision in
// weblate/trans/models/translation.py): fuzzy, then empty (a Blank unit too),
// then approved when the project reviews, else translated.
func UnitState(u *formats.Unit, target []string, review bool) weblate.State {
	switch {
	case u.Fuzzy:
		return weblate.StateFuzzy
	case !IsTranslated(target) || u.Blank:
		return weblate.StateEmpty
	case u.Approved && review:
		return weblate.StateApproved
	default:
		return weblate.StateTranslated
	}
}

// bilUnit is a unit of a bilingual file as the source translation collects it.
type bilUnit struct {
	id           string // source forms joined, NUL, key
	words, chars int
}

// bilingualStats counts one file of a bilingual component and returns its distinct
// units for the source translation. A repeated (source, key) pair counts once.
func bilingualStats(f *formats.File, review bool) (snapshot.Stats, []bilUnit) {
	var s snapshot.Stats
	units := make([]bilUnit, 0, len(f.Units))
	seen := make(map[string]struct{}, len(f.Units))
	for i := range f.Units {
		u := &f.Units[i]
		id := BilingualKey(u)
		if _, dup := seen[id]; dup {
			continue
		}
		seen[id] = struct{}{}
		bu := bilUnit{id: id, words: weblate.CountWords(u.Source), chars: weblate.CountChars(u.Source)}
		units = append(units, bu)
		state := UnitState(u, u.Target, review)
		if u.ReadOnly {
			state = weblate.StateReadOnly
		}
		s.AddUnit(state, bu.words, bu.chars)
	}
	return s, units
}

// BilingualKey identifies a unit of a bilingual file: its source and its context.
func BilingualKey(u *formats.Unit) string { return weblate.JoinPlurals(u.Source) + "\x00" + u.Key }

// componentKeys are the unit keys of a component as a scan found them: the template's
// (monolingual) or each language file's (bilingual, by canonical code); the
// history names units by the same keys (a template key; a BilingualKey).
type componentKeys struct {
	tmpl  []TemplateUnit
	files map[string][]bilUnit
}
