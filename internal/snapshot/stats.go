package snapshot

import "time"

// PluralSeparator joins the plural forms of a string where Weblate stores them as
// one text (a change's target, the characters counted of a source).
const PluralSeparator = "\x1e\x1e"

// Unit states, as Weblate numbers them (weblate/utils/state.py).
const (
	StateEmpty      = 0
	StateFuzzy      = 10
	StateTranslated = 20
	StateApproved   = 30
	StateReadOnly   = 100
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
func (s *Stats) AddUnit(state, words, chars int) {
	s.Total++
	s.TotalWords += words
	s.TotalChars += chars
	switch {
	case state >= StateTranslated:
		s.Translated++
		s.TranslatedWords += words
		s.TranslatedChars += chars
		switch state {
		case StateApproved:
			s.Approved++
			s.ApprovedWords += words
			s.ApprovedChars += chars
		case StateReadOnly:
			s.Readonly++
			s.ReadonlyWords += words
			s.ReadonlyChars += chars
		}
	case state == StateFuzzy:
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

// Percent is Weblate's translation_percent: floor to one decimal, never 0.0 for a
// non-zero part nor 100.0 for an incomplete one. complete says what an empty object
// (total 0) reports: 100.0 for the "translated" measures, 0.0 for every other
// (spec rule 1, whatever the review settings).
func Percent(part, total int, complete bool) float64 {
	if total <= 0 {
		if complete {
			return 100.0
		}
		return 0.0
	}
	// Integer arithmetic: floor(1000·part/total)/10 without float rounding surprises.
	tenths := int64(part) * 1000 / int64(total)
	switch {
	case tenths == 0 && part > 0:
		tenths = 1
	case tenths >= 1000 && part < total:
		tenths = 999
	}
	return float64(tenths) / 10
}
