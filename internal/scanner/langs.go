package scanner

import (
	"fmt"
	"regexp"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
)

// pathLanguages decides which files of a component are its translations and in
// which language: the one rule that the statistics and the history share, so a file
// the statistics skip never shows up in the change log.
type pathLanguages struct {
	mask     *mask
	langRe   *regexp.Regexp
	aliases  map[string]string
	template string
}

// pathLanguagesOf compiles a component's rule once; config is immutable, so the
// result is kept for the scanner's life.
func (s *Scanner) pathLanguagesOf(cc *config.Component, pc *config.Project) (*pathLanguages, error) {
	s.ruleMu.Lock()
	defer s.ruleMu.Unlock()
	if pl := s.rules[cc]; pl != nil {
		return pl, nil
	}
	m, err := compileMask(cc.Filemask)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile("^(?:" + cc.LanguageRegex + ")")
	if err != nil {
		return nil, fmt.Errorf("language_regex %q: %w", cc.LanguageRegex, err)
	}
	pl := &pathLanguages{mask: m, langRe: re, aliases: parseAliases(pc.LanguageAliases), template: cc.Template}
	s.rules[cc] = pl
	return pl, nil
}

// errNotLanguage explains a matched file whose code is not a language.
type errNotLanguage struct {
	code string
	err  error
}

func (e errNotLanguage) Error() string {
	return fmt.Sprintf("%q is not a language code: %v", e.code, e.err)
}

// of returns the language code as written in path and its language. ok is false for
// a path that is not a translation file of the component (outside the filemask, the
// template, filtered out by language_regex); err is set for a matched file whose code
// is not a language. source is the component's source language: a file written in
// it (or named "source", "src", "default") resolves to it.
func (pl *pathLanguages) of(path string, source *lang.Language) (code string, l *lang.Language, ok bool, err error) {
	if path == pl.template {
		return "", nil, false, nil
	}
	code, ok = pl.mask.match(path)
	if !ok || !pl.langRe.MatchString(code) {
		// Weblate skips what language_regex filters out silently: it is a filter.
		return "", nil, false, nil
	}
	lcode := code
	if a, ok := pl.aliases[lcode]; ok {
		lcode = a
	}
	switch lcode {
	case "source", "src", "default":
		return code, source, true, nil
	}
	l, err = lang.Resolve(lcode)
	if err != nil {
		return code, nil, true, errNotLanguage{code, err}
	}
	return code, l, true, nil
}
