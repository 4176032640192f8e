package snapshot

import (
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

// Stats are the counters of one translation, or their sum over a component, a project,
// a project's language or a language. Words and chars always count the source text.
type Stats struct {
	Total, TotalWords, TotalChars                int
	Translated, TranslatedWords, TranslatedChars int
	Fuzzy, FuzzyWords, FuzzyChars                int
	Failing, FailingWords, FailingChars          int
	Approved, ApprovedWords, ApprovedChars       int
	Readonly, ReadonlyWords, ReadonlyChars       int
	Suggestions, Comments                        int

	// LastChange is the time of the newest content change (zero: none); LastAuthor is
	// the display name of its author.
	LastChange    time.Time
	LastAuthor    string
	RecentChanges int
}

// AddUnit counts one unit in the given state with the given source word and char counts.
// AddFailing counts a unit with at least one failing quality check (Weblate's
// allchecks), of words source words and chars source characters.
func (s *Stats) AddFailing(words, chars int) {
	s.Failing++
	s.FailingWords += words
	s.FailingChars += chars
}

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
			s.ApprovedWords += words
			s.ApprovedChars += chars
		case weblate.StateReadOnly:
			s.Readonly++
			s.ReadonlyWords += words
			s.ReadonlyChars += chars
		}
	case state == weblate.StateFuzzy:
		s.Fuzzy++
		s.FuzzyWords += words
		s.FuzzyChars += chars
	}
}

// Add sums o into s: counters add up, the newest last change wins (with its author),
// recent changes add up — as Weblate aggregates children into parents.
func (s *Stats) Add(o *Stats) {
	s.Total += o.Total
	s.TotalWords += o.TotalWords
	s.TotalChars += o.TotalChars
	s.Translated += o.Translated
	s.TranslatedWords += o.TranslatedWords
	s.TranslatedChars += o.TranslatedChars
	s.Fuzzy += o.Fuzzy
	s.FuzzyWords += o.FuzzyWords
	s.FuzzyChars += o.FuzzyChars
	s.Failing += o.Failing
	s.FailingWords += o.FailingWords
	s.FailingChars += o.FailingChars
	s.Approved += o.Approved
	s.ApprovedWords += o.ApprovedWords
	s.ApprovedChars += o.ApprovedChars
	s.Readonly += o.Readonly
	s.ReadonlyWords += o.ReadonlyWords
	s.ReadonlyChars += o.ReadonlyChars
	s.Suggestions += o.Suggestions
	s.Comments += o.Comments
	s.RecentChanges += o.RecentChanges
	if o.LastChange.After(s.LastChange) {
		s.LastChange = o.LastChange
		s.LastAuthor = o.LastAuthor
	}
}
