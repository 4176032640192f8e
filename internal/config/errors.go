package config

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Problem is one thing wrong with a configuration file.
type Problem struct {
	File   string // the file name as given to Load or Parse ("" when none)
	Line   int    // 1-based; 0 when the YAML parser could not say
	Column int    // 1-based; 0 when unknown
	// Key is the path of the offending key, like "projects[0].components[1].filemask";
	// "" for problems of the whole file.
	Key     string
	Message string
}

// Error formats the problem the way compilers do, so editors can jump to it:
// "projects.yaml:12:7: projects[0].components[1].filemask: must contain "*", which stands for the language code".
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		if p.File != "" {
			b.WriteByte(':')
		}
		b.WriteString(strconv.Itoa(p.Line))
		if p.Column > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(p.Column))
		}
	}
	for _, s := range []string{p.Key, p.Message} {
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(s)
	}
	return b.String()
}

// Errors is every problem found in a configuration file. Parse reports them all at
// once so a user fixes the file in one pass instead of one restart per mistake.
type Errors struct {
	Problems []Problem // in file order
}

// Error prints one line per problem.
func (e *Errors) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// sortProblems puts problems in file order; checks that run after a mapping is read
// (required keys, duplicates across projects) would otherwise come out of order.
func sortProblems(ps []Problem) {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
}
