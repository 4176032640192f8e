package rules

import (
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/weblate"
)

// PluralTarget is a unit's target as Weblate stores and checks it
// (Unit.get_target_plurals): one form for a unit that is not plural, else
// exactly n forms (the translation's plural), missing ones empty and extra ones
// dropped.
func PluralTarget(forms []string, plural bool, n int) []string {
	if !plural || n < 1 {
		if len(forms) == 0 {
			return []string{""}
		}
		return forms[:1]
	}
	if len(forms) == n {
		return forms
	}
	out := make([]string, n)
	copy(out, forms)
	return out
}

// MonolingualCheckUnit is the unit of a monolingual translation the checks judge:
// the template unit's source, the translation's target (tr nil when the
// translation lacks the key) and its state. Its flags are the translation
// unit's merged with the template unit's, which win (TTKitUnit.flags), and its
// note the template's followed by the translation's when they differ
// (TTKitUnit.notes).
func MonolingualCheckUnit(tu *TemplateUnit, tr *formats.Unit, target []string, state weblate.State) CheckUnit {
	cu := CheckUnit{Source: tu.Source, Target: target, State: state, Flags: tu.Flags, Note: tu.Note, Key: tu.Key, srcFacts: tu.srcFacts}
	if tr != nil {
		if tr.Flags != "" {
			cu.Flags = tr.Flags
			if tu.Flags != "" {
				cu.Flags += ", " + tu.Flags
			}
		}
		if tr.Note != tu.Note {
			cu.Note = tu.Note + "\n" + tr.Note
		}
	}
	return cu
}

// BilingualCheckUnit is the unit of a bilingual file the checks judge, with its
// target as Weblate stores it and its state.
func BilingualCheckUnit(u *formats.Unit, target []string, state weblate.State) CheckUnit {
	return CheckUnit{Source: u.Source, Target: target, State: state, Flags: u.Flags, Note: u.Note, Key: u.Key}
}
