package scan

import (
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/weblate"
)

// langList is what a file holding every language (formats.MultiLanguage) said of
// its languages when last read: kept by component, so that a rescan of an
// unchanged catalog does not read it again, and a catalog that no longer parses
// keeps its translations (each shown as it last parsed).
type langList struct {
	blob   repos.Hash
	source string // the language the file names as its source's
	langs  []string
}

// fileLanguages lists the translations of a component whose one file (its
// template, sc.template) holds every language, as listMatches lists the files a
// filemask matches: one per language the file holds but the source language,
// each resolved by the component's rule (language_aliases, language_regex),
// the one file standing for each.
func (sc *componentScan) fileLanguages(rule *Rule) []match {
	s, c, e := sc.s, sc.c, sc.template
	ll := s.langLists[sc.src.Key]
	if ll == nil || ll.blob != e.Blob {
		data, err := sc.tree.ReadFile(e.Path)
		var source string
		var langs []string
		if err == nil {
			source, langs, err = sc.info.Format().(formats.MultiLanguage).Languages(data)
		}
		switch {
		case err == nil:
			ll = &langList{blob: e.Blob, source: source, langs: langs}
			if s.langLists == nil {
				s.langLists = map[string]*langList{}
			}
			s.langLists[sc.src.Key] = ll
		case ll == nil:
			return nil // the template's reading reports why
		}
	}
	if l, err := lang.Resolve(ll.source); err != nil || l.Code != c.SourceLanguage.Code {
		// The file's source strings are read as the component's source language's.
		s.alert(c, weblate.AlertNotLanguage, e.Path, "the file's source language is %q, the component's source_language %s", ll.source, c.SourceLanguage.Code)
	}
	taken := map[string]string{c.SourceLanguage.Code: "the source language"}
	var out []match
	for _, code := range ll.langs {
		l, ok, err := rule.Language(code, c.SourceLanguage)
		if !ok {
			continue
		}
		if err != nil {
			s.alert(c, weblate.AlertNotLanguage, e.Path, "%v", err)
			continue
		}
		if other, dup := taken[l.Code]; dup {
			s.alert(c, weblate.AlertDuplicateLanguage, e.Path, "language %s (%q in the file) is already provided by %s; it is skipped", l.Code, code, other)
			continue
		}
		taken[l.Code] = "the file's " + code
		out = append(out, match{entry: e, code: code, lang: l})
	}
	return out
}
