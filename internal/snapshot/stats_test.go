package snapshot

import (
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	tests := []struct {
		name        string
		part, total int
		complete    bool
		want        float64
	}{
		{"half", 4, 8, true, 50.0},
		{"floor not round", 2, 3, true, 66.6},
		{"live sample 2/334", 2, 334, true, 0.5},
		{"live sample 19/114", 19, 114, true, 16.6},
		{"tiny part is 0.1 not 0.0", 1, 10000, true, 0.1},
		{"nearly all is 99.9 not 100.0", 9999, 10000, true, 99.9},
		{"all", 7, 7, true, 100.0},
		{"none", 0, 7, true, 0.0},
		{"empty translated measure", 0, 0, true, 100.0},
		{"empty other measure", 0, 0, false, 0.0},
		{"seven eighths", 7, 8, false, 87.5},
		{"one third", 1, 3, false, 33.3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percent(tt.part, tt.total, tt.complete); got != tt.want {
				t.Errorf("Percent(%d, %d, %v) = %v, want %v", tt.part, tt.total, tt.complete, got, tt.want)
			}
		})
	}
}

func TestStatsAddUnit(t *testing.T) {
	var s Stats
	s.AddUnit(StateEmpty, 3, 10)
	s.AddUnit(StateFuzzy, 2, 5)
	s.AddUnit(StateTranslated, 1, 4)
	s.AddUnit(StateApproved, 4, 20)
	s.AddUnit(StateReadOnly, 5, 30)
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
