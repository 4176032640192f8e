package scanner

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/gobwas/glob"
)

// mask is a compiled filemask: it matches paths and extracts the language code that
// stands where the mask has its "*".
type mask struct {
	pattern string
	glob    *glob.Pattern
	code    *regexp.Regexp
	// dir is the static directory the mask's matches lie under, and depth how many
	// levels of subdirectories below it they lie in, so that only that part of the
	// tree is listed ("*.tbx" at the root must not walk the whole checkout).
	dir   string
	depth int
}

func compileMask(pattern string) (*mask, error) {
	g, err := glob.Compile(pattern, '/')
	if err != nil {
		return nil, fmt.Errorf("filemask %q: %w", pattern, err)
	}
	var re strings.Builder
	re.WriteString("^")
	for _, r := range pattern {
		switch r {
		case '*':
			re.WriteString("([^/]*)")
		case '?':
			re.WriteString("[^/]")
		default:
			re.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	re.WriteString("$")
	code, err := regexp.Compile(re.String())
	if err != nil {
		return nil, fmt.Errorf("filemask %q: %w", pattern, err)
	}
	dir := staticDir(pattern)
	rest := pattern
	if dir != "" {
		rest = pattern[len(dir)+1:]
	}
	depth := strings.Count(rest, "/")
	if strings.Contains(rest, "**") {
		depth = -1 // a globstar reaches any depth
	}
	return &mask{pattern: pattern, glob: g, code: code, dir: dir, depth: depth}, nil
}

// staticDir is the directory part of pattern before its first wildcard.
func staticDir(pattern string) string {
	i := strings.IndexAny(pattern, "*?[{\\")
	if i < 0 {
		i = len(pattern)
	}
	j := strings.LastIndexByte(pattern[:i], '/')
	if j < 0 {
		return ""
	}
	return pattern[:j]
}

// match reports whether path matches and returns the language code in it: the longest
// group, as Weblate takes it.
func (m *mask) match(path string) (string, bool) {
	if !m.glob.Match(path) {
		return "", false
	}
	sub := m.code.FindStringSubmatch(path)
	if sub == nil {
		return "", false
	}
	code := ""
	for _, g := range sub[1:] {
		if len(g) > len(code) {
			code = g
		}
	}
	// Weblate drops an encoding suffix such as ".UTF-8" from the code.
	if i := strings.IndexByte(code, '.'); i >= 0 {
		if low := strings.ToLower(code[i:]); strings.HasPrefix(low, ".utf") || strings.HasPrefix(low, ".iso") {
			code = code[:i]
		}
	}
	return code, true
}
