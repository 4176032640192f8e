// Package lint runs Weblate's quality checks over a snapshot's translations and reports every failing string with its file and line, as text, JSON, SARIF 2.1.0 or GitHub workflow annotations.
package lint

import (
	"fmt"
	"slices"

	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// A Finding is one failing check of one string of a translation.
type Finding struct {
	Project, Component string // slugs
	Language           string // the translation's language code
	// File is the repository-relative path of the string's file, Line its
	// 1-based line there (0 when unknown).
	File string
	Line int
	Key  string // the unit's context (monolingual key, msgctxt)
	// Source and Target are the string's forms (Target is the source for a
	// string of the source translation).
	Source, Target []string
	Check          *rules.Check
	// Enforced is set when the component's enforced_checks names the check.
	Enforced bool
}

// UnitReader gives a translation's units with the checks they fail (units.Reader).
type UnitReader interface {
	Units(t *snapshot.Translation) ([]snapshot.Unit, error)
}

// Base reads a component's file as it was at the revision changes are counted
// from; ok is false when the file did not exist there.
type Base interface {
	ReadFile(c *snapshot.Component, path string) (data []byte, ok bool, err error)
}

// Run returns the findings of every translation of snap, in project, component
// and translation order, then by position and Weblate's order of checks. With a
// base, only strings whose source or translation differ from the base's are
// reported (a pull request's strings).
func Run(snap *snapshot.Snapshot, r UnitReader, base Base) ([]Finding, error) {
	var out []Finding
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			if c.Format == nil {
				continue
			}
			var old *baseTexts
			if base != nil {
				var err error
				if old, err = readBase(c, base); err != nil {
					return nil, err
				}
			}
			for _, t := range c.Translations {
				units, err := r.Units(t)
				if err != nil {
					return nil, fmt.Errorf("%s/%s: %s: %w", p.Config.Slug, c.Config.Slug, t.Language.Code, err)
				}
				file := t.Filename
				if file == "" { // a bilingual component's source: its template, if any
					file = c.Config.NewBase
					if c.Config.Template != "" {
						file = c.Config.Template
					}
				}
				for i := range units {
					u := &units[i]
					if len(u.Checks) == 0 || old != nil && !old.changed(t, u) {
						continue
					}
					for _, id := range u.Checks {
						ch := rules.CheckByID(id)
						if ch == nil {
							continue
						}
						out = append(out, Finding{
							Project: p.Config.Slug, Component: c.Config.Slug, Language: t.Language.Code,
							File: file, Line: u.Line, Key: u.Context, Source: u.Source, Target: u.Target,
							Check: ch, Enforced: slices.Contains(c.Config.EnforcedChecks, id),
						})
					}
				}
			}
		}
	}
	return out, nil
}

// Failed reports whether findings fail the lint: one of an enforced check, or,
// when strict, any.
func Failed(findings []Finding, strict bool) bool {
	for i := range findings {
		if strict || findings[i].Enforced {
			return true
		}
	}
	return false
}

// baseTexts are a component's strings at the base revision: per file, each
// string's text by its identity.
type baseTexts struct {
	// files maps a path to its strings (absent: the file did not exist).
	files map[string]map[string]string
	// anyFile holds the identities in any of a bilingual component's files.
	anyFile map[string]bool
}

// identity of a unit within its file: the key (monolingual) or the source and
// key (bilingual); text is what a change to the string changes.
func identity(monolingual bool, source []string, key string) string {
	if monolingual {
		return key
	}
	return weblate.JoinPlurals(source) + "\x00" + key
}

func readBase(c *snapshot.Component, base Base) (*baseTexts, error) {
	bt := &baseTexts{files: map[string]map[string]string{}, anyFile: map[string]bool{}}
	mono := c.Format.Monolingual
	read := func(path, code string, tags []string) error {
		key := fileKey(c, path, code)
		if _, done := bt.files[key]; done || path == "" {
			return nil
		}
		data, ok, err := base.ReadFile(c, path)
		if err != nil {
			return fmt.Errorf("%s at the base revision: %w", path, err)
		}
		if !ok {
			return nil
		}
		parser := c.Format.Format() // a template: the source language's strings
		if code != "" {
			parser = c.Format.ParserFor(code)
		}
		f, err := parser.Parse(data)
		if err != nil {
			return nil // a file that did not parse then: every string is new
		}
		texts := make(map[string]string, len(f.Units))
		for i := range f.Units {
			u := &f.Units[i]
			id := identity(mono, u.Source, u.Key)
			texts[id] = weblate.JoinPlurals(trimEmpty(u.FormsFor(tags)))
			if !mono {
				bt.anyFile[id] = true
			}
		}
		bt.files[key] = texts
		return nil
	}
	if mono {
		if err := read(c.Config.Template, "", c.Format.PluralTags(c.SourceLanguage.Code)); err != nil {
			return nil, err
		}
	}
	for _, t := range c.Translations {
		if t.IsSource && mono {
			continue
		}
		if err := read(t.Filename, t.LanguageCode, c.Format.PluralTags(t.LanguageCode)); err != nil {
			return nil, err
		}
	}
	return bt, nil
}

// fileKey names the strings of one language of a file in baseTexts.files: the
// path, or for a file holding every language (a String Catalog) the path and the
// language's code; code "" is the template, read as the source language.
func fileKey(c *snapshot.Component, path, code string) string {
	if !c.Format.MultiLanguage {
		return path
	}
	return path + "\x00" + code
}

// trimEmpty drops trailing empty forms: a target padded to the plural's number
// of forms reads the same as the file's.
func trimEmpty(forms []string) []string {
	n := len(forms)
	for n > 0 && forms[n-1] == "" {
		n--
	}
	return forms[:n]
}

// changed reports whether u of t differs from the base: new, or with another
// source or translation.
func (bt *baseTexts) changed(t *snapshot.Translation, u *snapshot.Unit) bool {
	c := t.Component
	mono := c.Format.Monolingual
	id := identity(mono, u.Source, u.Context)
	if !mono && t.IsSource {
		return !bt.anyFile[id]
	}
	if mono {
		tmpl, ok := bt.files[fileKey(c, c.Config.Template, "")]
		if !ok {
			return true
		}
		if src, ok := tmpl[id]; !ok || src != weblate.JoinPlurals(trimEmpty(u.Source)) {
			return true
		}
		if t.IsSource {
			return false
		}
	}
	texts, ok := bt.files[fileKey(c, t.Filename, t.LanguageCode)]
	if !ok {
		return true
	}
	old, ok := texts[id]
	return !ok || old != weblate.JoinPlurals(trimEmpty(u.Target))
}
