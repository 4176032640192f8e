package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/testutil/corpora"
	"github.com/gitlate/gitlate/internal/weblate"
)

// benchTranslation is one translation's units as the scan gives them to the
// checks, and its checker.
type benchTranslation struct {
	ck    *Checker
	units []CheckUnit
}

// newpipeUnits reads the newpipe corpus (trimmed; the whole one with
// GITLATE_TEST_SHARED) as the scan does: Android, the template's source, each
// translation's target ordered by its plural tags.
func newpipeUnits(b testing.TB) []benchTranslation {
	root := filepath.Join(corpora.Path("newpipe"), "app/src/main/res")
	format, _ := formats.Lookup("aresource")
	read := func(path string) *formats.File {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		f, err := format.Format().Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		return f
	}
	tmpl := read(filepath.Join(root, "values/strings.xml"))
	srcTags := format.PluralTags("en")
	byKey := map[string]*formats.Unit{}
	for i := range tmpl.Units {
		byKey[tmpl.Units[i].Key] = &tmpl.Units[i]
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "values-*"))
	var out []benchTranslation
	for _, dir := range dirs {
		code := strings.TrimPrefix(filepath.Base(dir), "values-")
		l, err := lang.Resolve(code)
		if err != nil {
			continue
		}
		f := read(filepath.Join(dir, "strings.xml"))
		tags := format.PluralTags(code)
		ck := NewChecker(CheckContext{Lang: l.Code, SourceLang: "en", PluralNumber: len(tags),
			PluralFormula: l.Plural.Formula, Project: "newpipe", Component: "newpipe", Flags: format.CheckFlags})
		bt := benchTranslation{ck: ck}
		for i := range f.Units {
			u := &f.Units[i]
			su := byKey[u.Key]
			if su == nil {
				continue
			}
			bt.units = append(bt.units, CheckUnit{Source: su.FormsFor(srcTags),
				Target: PluralTarget(u.FormsFor(tags), su.Plural, len(tags)), State: weblate.StateTranslated, Flags: u.Flags})
		}
		out = append(out, bt)
	}
	return out
}

// BenchmarkChecks runs every target check on newpipe's units: the cost per unit
// of all of them, then of each.
func BenchmarkChecks(b *testing.B) {
	ts := newpipeUnits(b)
	n := 0
	for _, t := range ts {
		n += len(t.units)
	}
	b.Run("all", func(b *testing.B) {
		var out []string
		for range b.N {
			for _, t := range ts {
				for i := range t.units {
					out = t.ck.Target(out[:0], &t.units[i])
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/unit")
	})
	for _, ch := range registry {
		if ch.Kind != TargetCheck {
			continue
		}
		b.Run(ch.ID, func(b *testing.B) {
			for range b.N {
				for _, t := range ts {
					for i := range t.units {
						u := &t.units[i]
						s, checks := t.ck.prepare(u, TargetCheck)
						for _, c := range checks {
							if c != ch {
								continue
							}
							if c.Unit != nil {
								c.Unit(s, u.Source, u.Target)
							} else if c.Single != nil {
								pairs(s, c.Single, u.Source, u.Target)
							}
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/unit")
		})
	}
}
