package search

import "strings"

// textField is a text a lookup reads.
type textField uint8

const (
	textSource textField = iota // the plural forms joined
	textTarget
	textContext
	textNote
	textLocation
	textExplanation
	textLanguage
	textComponent
	textComponentName
	textProject
	numTextFields
)

// subject is a unit being matched, with the texts its lookups compare worked out
// once per unit: the joined plural forms, and the lower-cased (ILIKE) and
// upper-cased (iexact) texts. A query of many terms on the same field would
// otherwise join and convert the same text once per term.
type subject struct {
	*Unit
	source, target string // joined
	lowered        [numTextFields]string
	uppered        [numTextFields]string
	joinedDone     uint8 // bit 0 source, bit 1 target
	lowerDone      uint16
	upperDone      uint16
}

func (s *subject) text(f textField) string {
	switch f {
	case textSource:
		if s.joinedDone&1 == 0 {
			s.source, s.joinedDone = joined(s.Source), s.joinedDone|1
		}
		return s.source
	case textTarget:
		if s.joinedDone&2 == 0 {
			s.target, s.joinedDone = joined(s.Target), s.joinedDone|2
		}
		return s.target
	case textContext:
		return s.Context
	case textNote:
		return s.Note
	case textLocation:
		return s.Location
	case textExplanation:
		return s.Explanation
	case textLanguage:
		return s.Language
	case textComponent:
		return s.Component
	case textComponentName:
		return s.ComponentName
	}
	return s.Project
}

func (s *subject) lower(f textField) string {
	if s.lowerDone&(1<<f) == 0 {
		s.lowered[f], s.lowerDone = strings.ToLower(s.text(f)), s.lowerDone|1<<f
	}
	return s.lowered[f]
}

func (s *subject) upper(f textField) string {
	if s.upperDone&(1<<f) == 0 {
		s.uppered[f], s.upperDone = strings.ToUpper(s.text(f)), s.upperDone|1<<f
	}
	return s.uppered[f]
}

// Matcher matches units with a query one after another. It keeps what it works
// out of a unit in memory it reuses, so it is for one goroutine at a time; a
// Query makes any number of them.
type Matcher struct {
	q *Query
	s subject
}

// Matcher returns a new Matcher of the query.
func (q *Query) Matcher() *Matcher { return &Matcher{q: q} }

// Match reports whether u is one of the query's results.
func (m *Matcher) Match(u *Unit) bool {
	if m.q == nil || m.q.match == nil {
		return true
	}
	m.s = subject{Unit: u}
	return m.q.match(&m.s)
}
