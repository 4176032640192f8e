package export

import (
	"slices"
	"strings"
)

// sanitize replaces invalid UTF-8 with U+FFFD in every text of t, as Django does
// when it decodes what Weblate stores; the writers then see only valid text.
func sanitize(t *Translation) *Translation {
	c := *t
	fix := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
	fixAll := func(ss []string) []string {
		out := slices.Clone(ss)
		for i := range out {
			out[i] = fix(out[i])
		}
		return out
	}
	c.ProjectName, c.ProjectSlug, c.ComponentSlug, c.URL = fix(c.ProjectName), fix(c.ProjectSlug), fix(c.ComponentSlug), fix(c.URL)
	c.Language.Name, c.Language.Code, c.Language.Formula = fix(c.Language.Name), fix(c.Language.Code), fix(c.Language.Formula)
	c.SourceLanguage.Code = fix(c.SourceLanguage.Code)
	c.Units = slices.Clone(t.Units)
	for i := range c.Units {
		u := &c.Units[i]
		u.Source, u.Target, u.Flags = fixAll(u.Source), fixAll(u.Target), fixAll(u.Flags)
		u.Context, u.Note, u.Explanation, u.Location = fix(u.Context), fix(u.Note), fix(u.Explanation), fix(u.Location)
	}
	return &c
}
