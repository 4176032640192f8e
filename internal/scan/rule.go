package scan

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/filemask"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
)

// Rule decides which files of a component are its translations and in which
// language: the one rule that the statistics and the history share, so a file the
// statistics skip never shows up in the change log.
type Rule struct {
	Mask     *filemask.Mask
	langRe   *regexp.Regexp
	aliases  map[string]string
	template string
}

// ruleOf compiles a component's rule once; config is immutable, so the result is
// kept for the engine's life.
func (s *Engine) ruleOf(cc *config.Component, pc *config.Project) (*Rule, error) {
	s.ruleMu.Lock()
	defer s.ruleMu.Unlock()
	if r := s.rules[cc]; r != nil {
		return r, nil
	}
	r, err := NewRule(cc, pc)
	if err != nil {
		return nil, err
	}
	s.rules[cc] = r
	return r, nil
}

// NewRule compiles a component's rule. The filemask of a format whose one file
// holds every language is that file's path (filemask.CompileFile).
func NewRule(cc *config.Component, pc *config.Project) (*Rule, error) {
	compile := filemask.Compile
	if info, ok := formats.Lookup(cc.FileFormat); ok && info.MultiLanguage {
		compile = filemask.CompileFile
	}
	m, err := compile(cc.Filemask)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile("^(?:" + cc.LanguageRegex + ")")
	if err != nil {
		return nil, fmt.Errorf("language_regex %q: %w", cc.LanguageRegex, err)
	}
	return &Rule{Mask: m, langRe: re, aliases: parseAliases(pc.LanguageAliases), template: cc.Template}, nil
}

// parseAliases reads a project's language_aliases ("en_GB:en,pt-rBR:pt_BR").
func parseAliases(s string) map[string]string {
	out := map[string]string{}
	for _, pair := range strings.Split(s, ",") {
		from, to, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if ok && from != "" && to != "" {
			out[strings.TrimSpace(from)] = strings.TrimSpace(to)
		}
	}
	return out
}

// errNotLanguage explains a matched file whose code is not a language.
type errNotLanguage struct {
	code string
	err  error
}

// Error quotes the code as written in the path in ASCII, so a zero-width or
// look-alike character shows as its escape, and says why it is no language.
func (e errNotLanguage) Error() string {
	reason := e.err.Error()
	if ce, ok := errors.AsType[*lang.CodeError](e.err); ok {
		reason = ce.Reason
	}
	return strconv.QuoteToASCII(e.code) + " is not a language code: " + reason
}

// Of returns the language code as written in path and its language. ok is false for
// a path that is not a translation file of the component (outside the filemask, the
// template, filtered out by language_regex); err is set for a matched file whose code
// is not a language. source is the component's source language: a file written in
// it (or named "source", "src", "default") resolves to it.
func (r *Rule) Of(path string, source *lang.Language) (code string, l *lang.Language, ok bool, err error) {
	if path == r.template {
		return "", nil, false, nil
	}
	code, ok = r.Mask.Match(path)
	if !ok {
		return "", nil, false, nil
	}
	l, ok, err = r.Language(code, source)
	return code, l, ok, err
}

// Language resolves a language code as a file of the component writes it (in its
// path, or inside a file holding every language): ok is false when
// language_regex filters it out, err set when it is not a language.
func (r *Rule) Language(code string, source *lang.Language) (l *lang.Language, ok bool, err error) {
	if !r.langRe.MatchString(code) {
		// Weblate skips what language_regex filters out silently: it is a filter.
		return nil, false, nil
	}
	lcode := code
	if a, ok := r.aliases[lcode]; ok {
		lcode = a
	}
	switch lcode {
	case "source", "src", "default":
		return source, true, nil
	}
	l, err = lang.Resolve(lcode)
	if err != nil {
		return nil, true, errNotLanguage{code, err}
	}
	return l, true, nil
}
