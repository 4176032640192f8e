// Package progress is translation progress over time: the statistics of every
// translation at each commit that changed it (its file, or its component's
// template), as the change log's history walk counts them from the parses it makes
// anyway, and the sums of components, projects and languages at every point in
// time (each translation's latest value then). Series can be resampled to the
// value at the end of each day, week or month.
//
// The counts follow the statistics the API serves at the head (total, translated,
// fuzzy, approved, read-only, with source words and characters); failing checks
// are left out: the walk runs no quality checks, and running them at every commit
// would cost what the scan costs, once per commit.
//
// Readers (the API, the pages) get a Source at construction; Index is the one the
// change log keeps.
package progress

import (
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

// Stats are an object's statistics at one point in time. Words and characters
// count the source text, as the API's statistics do.
type Stats struct {
	Total, Translated, Fuzzy, Approved, Readonly int
	TotalWords, TranslatedWords, FuzzyWords      int
	TotalChars, TranslatedChars, FuzzyChars      int
}

// Add adds o to s.
func (s *Stats) Add(o *Stats) {
	s.Total += o.Total
	s.Translated += o.Translated
	s.Fuzzy += o.Fuzzy
	s.Approved += o.Approved
	s.Readonly += o.Readonly
	s.TotalWords += o.TotalWords
	s.TranslatedWords += o.TranslatedWords
	s.FuzzyWords += o.FuzzyWords
	s.TotalChars += o.TotalChars
	s.TranslatedChars += o.TranslatedChars
	s.FuzzyChars += o.FuzzyChars
}

// Sub takes o from s.
func (s *Stats) Sub(o *Stats) {
	s.Total -= o.Total
	s.Translated -= o.Translated
	s.Fuzzy -= o.Fuzzy
	s.Approved -= o.Approved
	s.Readonly -= o.Readonly
	s.TotalWords -= o.TotalWords
	s.TranslatedWords -= o.TranslatedWords
	s.FuzzyWords -= o.FuzzyWords
	s.TotalChars -= o.TotalChars
	s.TranslatedChars -= o.TranslatedChars
	s.FuzzyChars -= o.FuzzyChars
}

// AddUnit counts one unit in state, of words source words and chars source
// characters, as snapshot.Stats.AddUnit does.
func (s *Stats) AddUnit(state weblate.State, words, chars int) {
	s.Total++
	s.TotalWords += words
	s.TotalChars += chars
	switch {
	case state >= weblate.StateTranslated:
		s.Translated++
		s.TranslatedWords += words
		s.TranslatedChars += chars
		switch state {
		case weblate.StateApproved:
			s.Approved++
		case weblate.StateReadOnly:
			s.Readonly++
		}
	case state == weblate.StateFuzzy:
		s.Fuzzy++
		s.FuzzyWords += words
		s.FuzzyChars += chars
	}
}

// The percentages, as the API computes them (weblate.Percent): the translated
// ones are 100.0 of nothing, the others 0.0.

func (s *Stats) TranslatedPercent() float64 {
	return weblate.Percent(s.Translated, s.Total, true)
}
func (s *Stats) TranslatedWordsPercent() float64 {
	return weblate.Percent(s.TranslatedWords, s.TotalWords, true)
}
func (s *Stats) TranslatedCharsPercent() float64 {
	return weblate.Percent(s.TranslatedChars, s.TotalChars, true)
}
func (s *Stats) FuzzyPercent() float64 { return weblate.Percent(s.Fuzzy, s.Total, false) }
func (s *Stats) ApprovedPercent() float64 {
	return weblate.Percent(s.Approved, s.Total, false)
}
func (s *Stats) ReadonlyPercent() float64 {
	return weblate.Percent(s.Readonly, s.Total, false)
}

// Point is an object's statistics as of a commit: the commit's committer time and
// id (hex). A point of a sum carries the newest commit it includes.
type Point struct {
	Time   time.Time
	Commit string
	Stats  Stats
}

// Series are an object's points, oldest first.
type Series []Point

// Interval is how a series is resampled.
type Interval uint8

const (
	// EachCommit keeps every point.
	EachCommit Interval = iota
	Day
	Week // weeks start on Monday (ISO 8601)
	Month
)

// ParseInterval reads "day", "week", "month", or "" (EachCommit).
func ParseInterval(s string) (Interval, bool) {
	switch s {
	case "":
		return EachCommit, true
	case "day":
		return Day, true
	case "week":
		return Week, true
	case "month":
		return Month, true
	}
	return 0, false
}

func (iv Interval) String() string {
	switch iv {
	case Day:
		return "day"
	case Week:
		return "week"
	case Month:
		return "month"
	}
	return "commit"
}

// Window is the part of a series asked for: points from Since to Until (zero:
// unbounded), resampled at Interval.
type Window struct {
	Since, Until time.Time
	Interval     Interval
}

// Source gives the series of translations and their sums. Names are the API's:
// project and component slugs, canonical language codes. A series is nil when
// the object has no history (unknown, or a component whose history was not
// walked). Implementations are safe for concurrent use.
type Source interface {
	Translation(project, component, language string, w Window) Series
	Component(project, component string, w Window) Series
	Project(project string, w Window) Series
	// Language sums a language's translations over every project.
	Language(code string, w Window) Series
}
