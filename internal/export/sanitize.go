package export

import (
	"slices"
	"strings"
)

// sanitize makes every text of t one Weblate could hold: invalid UTF-8 becomes
// U+FFFD, as Django decodes it, and NUL characters go (PostgreSQL text cannot hold
// them, so Weblate's strings never contain one). The units are made so as they are
// read (Translation.unit).
func sanitize(t *Translation) *Translation {
	c := *t
	c.ProjectName, c.ProjectSlug, c.ComponentSlug, c.URL = fix(c.ProjectName), fix(c.ProjectSlug), fix(c.ComponentSlug), fix(c.URL)
	c.Language.Name, c.Language.Code, c.Language.Formula = fix(c.Language.Name), fix(c.Language.Code), fix(c.Language.Formula)
	c.SourceLanguage.Code = fix(c.SourceLanguage.Code)
	return &c
}

// sanitizeUnit is sanitize of one unit, a copy: the caller's stays as it is.
func sanitizeUnit(u Unit) Unit {
	u.Source, u.Target, u.Flags = fixAll(u.Source), fixAll(u.Target), fixAll(u.Flags)
	u.Context, u.Note, u.Explanation, u.Location = fix(u.Context), fix(u.Note), fix(u.Explanation), fix(u.Location)
	return u
}

// fix returns s itself when it needs no change, so that reading a unit allocates
// only for text that does.
func fix(s string) string { return strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "") }

func fixAll(ss []string) []string {
	out := slices.Clone(ss)
	for i := range out {
		out[i] = fix(out[i])
	}
	return out
}
