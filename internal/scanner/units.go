package scanner

import (
	"strings"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// tmplUnit is what a monolingual translation needs from its template's unit.
type tmplUnit struct {
	key          string
	words, chars int
	readOnly     bool // translatable="false"
	// state is the template unit's own state: what rule 2 of Weblate's state decision
	// (a source unit below "translated" makes the unit read-only) looks at.
	state int
}

// templateUnits reads a template's units in template order; a repeated key counts
// once (the first one), as Weblate's id index keeps it.
func templateUnits(f *formats.File, tags []string) []tmplUnit {
	out := make([]tmplUnit, 0, len(f.Units))
	seen := make(map[string]struct{}, len(f.Units))
	for i := range f.Units {
		u := &f.Units[i]
		if _, dup := seen[u.Key]; dup {
			continue
		}
		seen[u.Key] = struct{}{}
		forms := u.FormsFor(tags)
		// The key is copied out of the parser's arena, which holds every text of the
		// file: a kept template otherwise kept all of it (issue 7's scale curve).
		tu := tmplUnit{key: strings.Clone(u.Key), words: countWords(forms), chars: countChars(forms), readOnly: u.ReadOnly}
		switch {
		case u.ReadOnly:
			tu.state = snapshot.StateReadOnly
		case isTranslated(forms):
			tu.state = snapshot.StateTranslated
		default:
			tu.state = snapshot.StateEmpty
		}
		out = append(out, tu)
	}
	return out
}

// isTranslated is translate-toolkit's test: the first plural form is not empty.
func isTranslated(forms []string) bool { return len(forms) > 0 && forms[0] != "" }

// templateStats counts the source translation of a monolingual component.
func templateStats(tmpl []tmplUnit, editTemplate bool) snapshot.Stats {
	var s snapshot.Stats
	for _, tu := range tmpl {
		state := tu.state
		if !editTemplate {
			// A template that may not be edited is flagged read-only as a whole.
			state = snapshot.StateReadOnly
		}
		s.AddUnit(state, tu.words, tu.chars)
	}
	return s
}

// templateIndex maps each key of a template to its position (templateUnits keeps
// one unit per key).
func templateIndex(tmpl []tmplUnit) map[string]int32 {
	index := make(map[string]int32, len(tmpl))
	for i, tu := range tmpl {
		index[tu.key] = int32(i)
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
// counts).
func monolingualStats(tmpl []tmplUnit, index map[string]int32, each func(func(*formats.Unit)) ([]formats.Warning, error), tags []string) (snapshot.Stats, []formats.Warning, error) {
	states := make([]int8, len(tmpl)) // StateEmpty until the translation has the key
	warnings, err := each(func(u *formats.Unit) {
		if i, ok := index[u.Key]; ok {
			states[i] = int8(unitState(u, u.FormsFor(tags), false))
		}
	})
	if err != nil {
		return snapshot.Stats{}, nil, err
	}
	var s snapshot.Stats
	for i, tu := range tmpl {
		state := int(states[i])
		if tu.readOnly || tu.state < snapshot.StateTranslated {
			state = snapshot.StateReadOnly
		}
		s.AddUnit(state, tu.words, tu.chars)
	}
	return s, warnings, nil
}

// unitState is the state a format gives a unit (rules 4–7 of Weblate's decision).
func unitState(u *formats.Unit, target []string, review bool) int {
	switch {
	case u.Fuzzy:
		return snapshot.StateFuzzy
	case !isTranslated(target):
		return snapshot.StateEmpty
	case u.Approved && review:
		return snapshot.StateApproved
	default:
		return snapshot.StateTranslated
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
		id := bilingualKey(u)
		if _, dup := seen[id]; dup {
			continue
		}
		seen[id] = struct{}{}
		bu := bilUnit{id: id, words: countWords(u.Source), chars: countChars(u.Source)}
		units = append(units, bu)
		state := unitState(u, u.Target, review)
		if u.ReadOnly {
			state = snapshot.StateReadOnly
		}
		s.AddUnit(state, bu.words, bu.chars)
	}
	return s, units
}
