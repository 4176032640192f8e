package rules

import (
	"strings"
)

// sourceChecks are Weblate's checks of weblate/checks/source.py that an import
// can run: optional_plural, ellipsis and multiple_failures, which the frame
// counts from the other translations (Checker.Source). long_untranslated is in
// otherChecks, unnamed_format with the format checks.
var sourceChecks = []*Check{
	{ID: "optional_plural", Name: "Unpluralised",
		Description: "The string is used as plural, but not using plural forms",
		Kind:        SourceCheck, Source: checkOptionalPlural},
	{ID: "ellipsis", Name: "Ellipsis",
		Description: "The string uses three dots (...) instead of an ellipsis character (…)",
		Kind:        SourceCheck, Source: checkEllipsis},
	{ID: MultipleFailures, Name: "Multiple failing checks",
		Description: "The translations in several languages have failing checks",
		Kind:        SourceCheck},
}

// optionalPlural is source.py's PLURAL_MATCH: "(s)" right after a word
// character and before a non-word character or the end ("file(s)"). Python's
// \w is Unicode letters, numbers and "_", which Go's ASCII \w is not.
var optionalPlural = lazyRegexp(`[\p{L}\p{N}_]\(s\)(?:[^\p{L}\p{N}_]|\z)`)

// checkOptionalPlural is OptionalPluralCheck: a singular source that writes its
// plural as "(s)" instead of using plural forms.
func checkOptionalPlural(_ *Subject, sources []string) bool {
	if len(sources) > 1 {
		return false
	}
	// Every match holds "(s)": most sources are answered without the
	// expression.
	return strings.Contains(sources[0], "(s)") && optionalPlural().MatchString(sources[0])
}

// checkEllipsis is EllipsisCheck: the source (its first form) writes "..."
// instead of "…".
func checkEllipsis(_ *Subject, sources []string) bool {
	return strings.Contains(sources[0], "...")
}
