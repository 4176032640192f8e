package rules

import (
	"regexp"
	"sync"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/weblate"
)

// IsTranslated is translate-toolkit's test: the first plural form is not empty.
func IsTranslated(forms []string) bool { return len(forms) > 0 && forms[0] != "" }

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

// BilingualState is the state of a unit of a bilingual file in its translation:
// the format's (UnitState), or read-only where the format marks the unit so.
func BilingualState(u *formats.Unit, review bool) weblate.State {
	if u.ReadOnly {
		return weblate.StateReadOnly
	}
	return UnitState(u, u.Target, review)
}

// TemplateUnit is what a monolingual translation needs from its template's unit.
type TemplateUnit struct {
	Key          string
	Words, Chars int
	ReadOnly     bool // translatable="false"
	// Source holds the unit's forms ordered by the source language's tags (the
	// source string of every translation); Plural, Flags and Note are the
	// template unit's, which the quality checks read.
	Source      []string
	Plural      bool
	Flags, Note string
	// State is the template unit's own state: what rule 2 of Weblate's state decision
	// (a source unit below "translated" makes the unit read-only) looks at.
	State weblate.State
	// srcFacts are the facts (textFacts) of a one-form Source, which the
	// target checks of every translation read: worked out once.
	srcFacts factMask
}

// TemplateUnitOf is what a template unit gives its translations, its plural forms
// ordered by tags.
func TemplateUnitOf(u *formats.Unit, tags []string) TemplateUnit {
	forms := u.FormsFor(tags)
	tu := TemplateUnit{Key: u.Key, Words: weblate.CountWords(forms), Chars: weblate.CountChars(forms), ReadOnly: u.ReadOnly,
		Source: forms, Plural: u.Plural, Flags: u.Flags, Note: u.Note}
	if len(forms) == 1 {
		tu.srcFacts = textFacts(forms[0]) | factKnown
	}
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

// Locks tells whether the template unit makes the unit of every translation
// read-only: it is marked so, or it is not translated itself (rule 2 of Weblate's
// decision).
func (tu *TemplateUnit) Locks() bool { return tu.ReadOnly || tu.State < weblate.StateTranslated }

// MonolingualState is the state of the unit of a monolingual translation whose
// template unit is tu: read-only where the template unit locks it, else the
// format's state of tr, the translation's unit with its forms target (tr is nil
// when the translation lacks the key: empty). Monolingual files carry no review,
// so a unit is never approved here.
func MonolingualState(tu *TemplateUnit, tr *formats.Unit, target []string) weblate.State {
	switch {
	case tu.Locks():
		return weblate.StateReadOnly
	case tr == nil:
		return weblate.StateEmpty
	default:
		return UnitState(tr, target, false)
	}
}

// SourceState is the state of a template unit in the source translation of its
// component: its own, unless the template may not be edited, which makes the
// whole source translation read-only.
func SourceState(tu *TemplateUnit, editTemplate bool) weblate.State {
	if !editTemplate {
		return weblate.StateReadOnly
	}
	return tu.State
}

// BilingualKey identifies a unit of a bilingual file: its source and its context.
func BilingualKey(u *formats.Unit) string { return weblate.JoinPlurals(u.Source) + "\x00" + u.Key }

// lazyRegexp compiles pattern when the returned function is first called.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
