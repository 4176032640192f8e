// Package filemask compiles a component's filemask — a glob whose "*" stand for the language code — into the one matcher that config validation, scanning, history and discovery share.
package filemask

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Mask is a compiled filemask.
//
// The syntax is that of Python's glob, which Weblate expands filemasks with
// (weblate/trans/models/component.py get_mask_matches): "*" matches any characters
// but "/", "?" one character but "/", "[…]" one character of a set ("[!…]" of its
// complement), and every other character itself — "{", "}" and "\" included, as
// Python's glob has no alternatives and no escapes.
//
// A mask holds one "*" or more, as Weblate accepts (weblate/trans/validators.py
// validate_filemask asks for one at least): GNOME's help/*/*.po names each
// language's file help/<code>/<code>.po. Each "*" matches within one folder or file
// name, and the language code is what one of them matched (see Match). Two "*" side
// by side ("**") are refused: Weblate's glob is not recursive, so "**" would match
// within one name as a single "*" does, never the folders below, which is rarely
// what the one who wrote it meant.
type Mask struct {
	pattern string
	re      *regexp.Regexp
	// Dir is the static directory every match lies under ("" for the repository
	// root), and Depth how many levels of subdirectories below it they lie in, so
	// that only that part of a tree is listed.
	Dir   string
	Depth int
}

// SyntaxError is the error of a filemask Compile refuses.
type SyntaxError struct {
	Pattern string
	Problem string // what is wrong, as a configuration error shows it
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("filemask %q: %s", e.Pattern, e.Problem) }

// Compile compiles a filemask.
func Compile(pattern string) (*Mask, error) {
	switch {
	case !strings.Contains(pattern, "*"):
		return nil, &SyntaxError{pattern, `must contain "*", which stands for the language code`}
	case strings.Contains(pattern, "**"):
		return nil, &SyntaxError{pattern, `must not contain "**": a "*" matches within one folder or file name, ` +
			`not across folders (Weblate's glob is not recursive); write a single "*"`}
	}
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(pattern); {
		c := pattern[i]
		switch c {
		case '*':
			re.WriteString("([^/]*)")
			i++
		case '?':
			re.WriteString("[^/]")
			i++
		case '[':
			class, n := bracket(pattern[i:])
			if n == 0 { // no closing bracket: a literal "[", as in Python
				re.WriteString(`\[`)
				i++
				continue
			}
			re.WriteString(class)
			i += n
		default:
			j := i + 1
			for j < len(pattern) && !strings.ContainsRune("*?[", rune(pattern[j])) {
				j++
			}
			re.WriteString(regexp.QuoteMeta(pattern[i:j]))
			i = j
		}
	}
	re.WriteString("$")
	compiled, err := regexp.Compile(re.String())
	if err != nil { // cannot happen: every part is quoted or a class built above
		return nil, &SyntaxError{pattern, err.Error()}
	}
	m := &Mask{pattern: pattern, re: compiled, Dir: staticDir(pattern)}
	rest := pattern
	if m.Dir != "" {
		rest = pattern[len(m.Dir)+1:]
	}
	m.Depth = strings.Count(rest, "/")
	return m, nil
}

// CompileFile compiles the filemask of a format whose one file holds every
// language (formats.MultiLanguage): the path of that file, read literally — no
// character of it is a wildcard — which Match matches alone, with no language
// code.
func CompileFile(path string) (*Mask, error) {
	if path == "" || strings.HasSuffix(path, "/") {
		return nil, &SyntaxError{path, "must name a file"}
	}
	re := regexp.MustCompile("^" + regexp.QuoteMeta(path) + "$")
	m := &Mask{pattern: path, re: re}
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		m.Dir = path[:i]
	}
	return m, nil
}

// bracket translates the set at the start of p ("[" …) into a regular expression
// class that never matches "/", as Python's fnmatch.translate does but for "/"
// (glob matches one path segment at a time). n is 0 when the set is not closed.
func bracket(p string) (class string, n int) {
	j := 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		j++
	}
	if j < len(p) && p[j] == ']' { // a "]" first in the set is itself
		j++
	}
	for j < len(p) && p[j] != ']' {
		j++
	}
	if j >= len(p) {
		return "", 0
	}
	body := p[1:j]
	negate := strings.HasPrefix(body, "!") || strings.HasPrefix(body, "^")
	if negate {
		body = body[1:]
	}
	var b strings.Builder
	b.WriteString("[")
	if negate {
		b.WriteString("^/")
	}
	for _, r := range body {
		switch r {
		case '/':
			continue // never matches a separator
		case '\\', '[', ']', '^':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteString("]")
	if !negate && b.Len() == 2 { // "[/]": matches nothing
		return "[^\\x00-\\x{10FFFF}]", j + 1
	}
	return b.String(), j + 1
}

// staticDir is the directory part of pattern before its first wildcard.
func staticDir(pattern string) string {
	i := strings.IndexAny(pattern, "*?[")
	if i < 0 {
		i = len(pattern)
	}
	j := strings.LastIndexByte(pattern[:i], '/')
	if j < 0 {
		return ""
	}
	return pattern[:j]
}

// String returns the filemask as written.
func (m *Mask) String() string { return m.pattern }

// Match reports whether path (repository-relative, slash-separated) matches, and
// returns the language code, as Weblate reads it (weblate/trans/models/component.py
// Component.get_lang_code): the longest of the parts the "*" matched, the first of
// those equally long, less an encoding suffix.
//
// The parts need not agree: Weblate matches each "*" on its own (Component.filemask_re
// has a group per "*", no back-reference), so help/de/fr.po matches help/*/*.po with
// the code "de" (the first of two parts as long), and Weblate's own example,
// path/*/resources/MessagesBundle_*.properties, reads pt_BR from
// path/pt/resources/MessagesBundle_pt_BR.properties. gitlate does the same rather
// than skip such files, so that it lists what Weblate lists.
//
// The encoding suffix is dropped as get_lang_code drops it: when the code holds
// ".utf" or ".iso" (in any case), everything from its first "." on ("de.UTF-8" and
// "de.iso-8859-1" are "de").
func (m *Mask) Match(path string) (code string, ok bool) {
	sub := m.re.FindStringSubmatch(path)
	if sub == nil {
		return "", false
	}
	for _, part := range sub[1:] {
		// Python's len, which max(…, key=len) compares, counts characters.
		if utf8.RuneCountInString(part) > utf8.RuneCountInString(code) {
			code = part
		}
	}
	if i := strings.IndexByte(code, '.'); i >= 0 {
		if low := strings.ToLower(code); strings.Contains(low, ".utf") || strings.Contains(low, ".iso") {
			code = code[:i]
		}
	}
	return code, true
}

// Path is the file the mask names for a language code: every "*" replaced by code,
// as Weblate names a new language's file (weblate/formats/base.py
// TranslationFormat.get_language_filename). It is what a mask proposes for a
// language; it matches the mask only when the mask has no other wildcard.
func (m *Mask) Path(code string) string { return strings.ReplaceAll(m.pattern, "*", code) }
