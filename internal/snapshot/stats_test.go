package snapshot

import (
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

func TestStatsAddUnit(t *testing.T) {
	var s Stats
	s.AddUnit(weblate.StateEmpty, 3, 10)
	s.AddUnit(weblate.StateFuzzy, 2, 5)
	s.AddUnit(weblate.StateTranslated, 1, 4)
	s.AddUnit(weblate.StateApproved, 4, 20)
	s.AddUnit(weblate.StateReadOnly, 5, 30)
	want := Stats{
		Total: 5, TotalWords: 15, TotalChars: 69,
		Translated: 3, TranslatedWords: 10, TranslatedChars: 54,
		Fuzzy: 1, FuzzyWords: 2, FuzzyChars: 5,
		Approved: 1, ApprovedWords: 4, ApprovedChars: 20,
		Readonly: 1, ReadonlyWords: 5, ReadonlyChars: 30,
	}
	if s != want {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
}

func TestStatsAddKeepsNewestChange(t *testing.T) {
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	newer := old.Add(time.Hour)
	a := Stats{Total: 1, LastChange: old, LastAuthor: "Ann", RecentChanges: 2}
	b := Stats{Total: 2, LastChange: newer, LastAuthor: "Bob", RecentChanges: 3}
	var sum Stats
	sum.Add(&a)
	sum.Add(&b)
	sum.Add(&Stats{}) // a child without changes leaves the newest alone
	if sum.Total != 3 || sum.LastAuthor != "Bob" || !sum.LastChange.Equal(newer) || sum.RecentChanges != 5 {
		t.Errorf("got %+v", sum)
	}
}
