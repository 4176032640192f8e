package scan

import (
	"fmt"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// CheckContext is what the quality checks of a translation of c into l (code
// as its path writes it) depend on besides its units.
func CheckContext(c *snapshot.Component, code string, l *lang.Language) rules.CheckContext {
	ctx := rules.CheckContext{
		Lang:          l.Code,
		SourceLang:    c.SourceLanguage.Code,
		PluralNumber:  PluralForms(c, code, l),
		PluralFormula: l.Plural.Formula,
	}
	if c.Project != nil && c.Project.Config != nil {
		ctx.Project = c.Project.Config.Name
	}
	if c.Config != nil {
		ctx.Component = c.Config.Name
		ctx.Flags = c.Config.CheckFlags
	}
	if c.Format != nil && c.Format.CheckFlags != "" {
		if ctx.Flags != "" {
			ctx.Flags = c.Format.CheckFlags + ", " + ctx.Flags
		} else {
			ctx.Flags = c.Format.CheckFlags
		}
	}
	return ctx
}

// checker runs the quality checks of a translation whose context is ctx; nil
// (which runs none) when the engine's checks are off.
func (sc *componentScan) checker(ctx rules.CheckContext) *rules.Checker {
	if sc.s.opts.NoChecks {
		return nil
	}
	ctx.Memo = sc.memo // nil in tests that build a componentScan by hand
	return rules.NewChecker(ctx)
}

// checksKey is the part of a result's key that its checks depend on: a file's
// result is reused only for the same context.
func (sc *componentScan) checksKey(ctx *rules.CheckContext) string {
	if sc.s.opts.NoChecks {
		return "off"
	}
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%s\x00%s\x00%s\x00%s", rules.ChecksVersion,
		ctx.Lang, ctx.SourceLang, ctx.PluralNumber, ctx.PluralFormula, ctx.Project, ctx.Component, ctx.Flags)
}

// PluralForms is the number of forms of the plural Weblate gives a translation
// of c into l (TranslationFormat.get_plural): a format that names its forms by
// category (Android, stringsdict, i18next v4) has its own plural with one form
// per category it orders by, Czech Android's four and German stringsdict's three
// (zero first); any other uses the language's plural.
func PluralForms(c *snapshot.Component, code string, l *lang.Language) int {
	if f := c.Format; f != nil && f.Plurals == formats.PluralsByCategory {
		return len(f.PluralTags(code))
	}
	return l.Plural.Number
}
