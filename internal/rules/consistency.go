package rules

// consistencyChecks are the per-unit checks of Weblate's
// weblate/checks/consistency.py; its batch checks (inconsistent, reused,
// translated) are in otherChecks.
var consistencyChecks = []*Check{
	{ID: "plurals", Name: "Missing plurals",
		Description: "Some plural forms are untranslated",
		Kind:        TargetCheck, Unit: checkPlurals},
	{ID: "same-plurals", Name: "Same plurals",
		Description: "Some plural forms are translated in the same way",
		Kind:        TargetCheck, Unit: checkSamePlurals},
}

// checkPlurals is PluralsCheck: a plural unit with some forms translated and
// some empty. Multivalue formats (CSV with several values) use the forms for
// values, not plurals, and are skipped.
func checkPlurals(s *Subject, sources, targets []string) bool {
	if s.Multivalue || len(sources) == 1 {
		return false
	}
	empty := 0
	for _, t := range targets {
		if t == "" {
			empty++
		}
	}
	// Nothing translated is the untranslated state, not a missing plural.
	return empty > 0 && empty < len(targets)
}

// checkSamePlurals is SamePluralsCheck: a plural unit, translated into more than
// one form, whose forms are all the same non-empty text.
func checkSamePlurals(_ *Subject, sources, targets []string) bool {
	if len(sources) == 1 || len(targets) == 1 || targets[0] == "" {
		return false
	}
	for _, t := range targets[1:] {
		if t != targets[0] {
			return false
		}
	}
	return true
}
