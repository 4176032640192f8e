// Package search evaluates Weblate 4.18's string search language (the q parameter of
// the units endpoints) over units held in memory.
//
// The grammar, the field table and the messages follow Weblate's
// weblate/utils/search.py as of 4.16.2 (commit 02526c63), plus the position lookup
// 4.17 added ("Added support for searching strings by position"); the grammar is
// pyparsing 3.0.9's reading of it. The lookups are Django's on PostgreSQL as
// weblate/utils/db.py registers them right after 4.18.2 (commit 0219bd85):
// substring is ILIKE, falling back to a case-sensitive LIKE when the needle holds
// fewer than three alphanumeric characters; iexact compares upper-cased text;
// regular expressions are PostgreSQL's case-sensitive ~, run here by Go's regexp.
package search

import (
	"cmp"
	"slices"
	"time"
)

// Unit is what a query can ask of a string: the fields Weblate's search reads, as
// gitlate serves them.
type Unit struct {
	ID       int
	Position int // 1-based position in the file
	// Source and Target are the plural forms. Weblate stores them joined with its
	// plural separator (U+001E twice) and searches the joined text, so a substring
	// lookup sees the forms as one string.
	Source, Target []string
	Context        string // the key of monolingual formats; key: and context: both read it
	Note           string
	Location       string // Weblate's comma-separated locations
	Explanation    string // of the source string
	// ExtraFlags are the flags added in Weblate's UI (has:flags reads only these, not
	// the file's flags); gitlate has no UI, so they are empty there.
	ExtraFlags string
	State      int // Weblate's state: 0 empty, 10 needs editing, 20 translated, 30 approved, 100 read-only
	Priority   int // Weblate's default is 100
	// Language is the translation's language code; Component and ComponentName the
	// component's slug and name; Project the project's slug.
	Language, Component, ComponentName, Project string
	// Added is when the string was added (added:); the zero time is before any date.
	Added time.Time
	// Changed holds the times of the string's content changes (changed:), in any
	// order: Weblate matches a string when one of its content changes falls in the
	// asked range. When only the last change is known, passing it alone answers
	// changed:> and changed:>= exactly.
	Changed []time.Time
	// Checks are the ids of the quality checks the string fails (check:,
	// has:check); none is ever dismissed.
	Checks []string
}

// Field is a part of a unit a query reads.
type Field uint8

// The fields a query can read.
const (
	FieldSource Field = iota + 1
	FieldTarget
	FieldContext
	FieldNote
	FieldLocation
	FieldExplanation
	FieldExtraFlags
	FieldState
	FieldID
	FieldPosition
	FieldPriority
	FieldLanguage
	FieldComponent
	FieldProject
	FieldAdded
	FieldChanged
	FieldChecks
)

var fieldNames = [...]string{
	FieldSource: "source", FieldTarget: "target", FieldContext: "context", FieldNote: "note",
	FieldLocation: "location", FieldExplanation: "explanation", FieldExtraFlags: "extra_flags",
	FieldState: "state", FieldID: "id", FieldPosition: "position", FieldPriority: "priority",
	FieldLanguage: "language", FieldComponent: "component", FieldProject: "project",
	FieldAdded: "added", FieldChanged: "changed", FieldChecks: "check",
}

func (f Field) String() string {
	if int(f) < len(fieldNames) && fieldNames[f] != "" {
		return fieldNames[f]
	}
	return "unknown"
}

// Query is a compiled search. The zero Query (and the one an empty q parses to)
// matches every unit. A Query is safe for concurrent use.
type Query struct {
	match  pred
	fields []Field
	terms  int
}

// Parse compiles q as Weblate 4.18 does. A malformed query, or one using a lookup
// gitlate cannot answer, returns an *Error.
func Parse(q string) (*Query, error) {
	return parseAt(q, time.Now())
}

// parseAt is Parse with the current time, which fills in what a date leaves out
// (dateutil takes the missing year, month or day from today).
func parseAt(q string, now time.Time) (*Query, error) {
	tree, err := parseTree(q)
	if err != nil {
		return nil, err
	}
	c := compiler{now: now.UTC(), fields: map[Field]bool{}}
	p, err := c.compile(tree)
	if err != nil {
		return nil, err
	}
	fields := make([]Field, 0, len(c.fields))
	for f := range c.fields {
		fields = append(fields, f)
	}
	slices.SortFunc(fields, func(a, b Field) int { return cmp.Compare(a, b) })
	return &Query{match: p, fields: fields, terms: c.terms}, nil
}

// Match reports whether u is one of the query's results. A caller matching many
// units uses a Matcher, which reuses its memory from one unit to the next.
func (q *Query) Match(u *Unit) bool {
	if q == nil || q.match == nil {
		return true
	}
	return q.match(&subject{Unit: u})
}

// Fields lists the unit fields the query reads, in Field order, so a caller fills
// in only those (for example the history times of FieldAdded and FieldChanged).
func (q *Query) Fields() []Field {
	if q == nil {
		return nil
	}
	return slices.Clone(q.fields)
}

// Terms is how many lookups the query makes of a unit at most (at most
// MaxTerms): what matching one unit costs, in lookups.
func (q *Query) Terms() int {
	if q == nil {
		return 0
	}
	return q.terms
}

// Reads reports whether the query reads field f.
func (q *Query) Reads(f Field) bool {
	return q != nil && slices.Contains(q.fields, f)
}
