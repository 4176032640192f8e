package progress

import (
	"reflect"
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func st(total, translated int) Stats { return Stats{Total: total, Translated: translated} }

func TestCommitEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	c := Commit{Time: day("2024-03-01T10:00:00Z"), ID: [20]byte{1, 2, 3},
		Translations: []Translation{{"de", Stats{Total: 10, Translated: 7, Fuzzy: 1, TotalWords: 30, TranslatedWords: 20, FuzzyWords: 2, TotalChars: 300}}, {"pt_BR", Stats{}}}}
	got, err := DecodeCommit(c.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Fatalf("got %+v, want %+v", got, c)
	}
	if _, err := DecodeCommit(c.Encode()[:10]); err == nil {
		t.Fatal("a truncated record decoded")
	}
}

func TestIndexSumsLatestValues(t *testing.T) {
	t.Parallel()
	x := NewIndex()
	x.Set("p", "a", []Commit{
		{Time: day("2024-01-01T10:00:00Z"), ID: [20]byte{1}, Translations: []Translation{{"en", st(10, 10)}, {"de", st(10, 2)}}},
		{Time: day("2024-01-03T10:00:00Z"), ID: [20]byte{2}, Translations: []Translation{{"de", st(10, 5)}}},
	})
	x.Set("p", "b", []Commit{
		{Time: day("2024-01-02T10:00:00Z"), ID: [20]byte{3}, Translations: []Translation{{"de", st(4, 4)}}},
	})
	x.Set("q", "c", []Commit{
		{Time: day("2024-01-02T12:00:00Z"), ID: [20]byte{4}, Translations: []Translation{{"de", st(1, 0)}}},
	})
	if x.Points() != 5 {
		t.Fatalf("points %d", x.Points())
	}
	tr := func(s Series) [][2]int {
		var out [][2]int
		for _, p := range s {
			out = append(out, [2]int{p.Stats.Total, p.Stats.Translated})
		}
		return out
	}
	if got, want := tr(x.Project("p", Window{})), [][2]int{{20, 12}, {24, 16}, {24, 19}}; !reflect.DeepEqual(got, want) {
		t.Errorf("project: %v, want %v", got, want)
	}
	if got, want := tr(x.Language("de", Window{})), [][2]int{{10, 2}, {14, 6}, {15, 6}, {15, 9}}; !reflect.DeepEqual(got, want) {
		t.Errorf("language: %v, want %v", got, want)
	}
	if got, want := tr(x.Translation("p", "a", "de", Window{Since: day("2024-01-02T00:00:00Z")})), [][2]int{{10, 5}}; !reflect.DeepEqual(got, want) {
		t.Errorf("translation since: %v, want %v", got, want)
	}
	// Each day's value at its end; the 2nd holds b's and c's commits, the last c's.
	s := x.Language("de", Window{Interval: Day})
	if got, want := tr(s), [][2]int{{10, 2}, {15, 6}, {15, 9}}; !reflect.DeepEqual(got, want) {
		t.Errorf("language by day: %v, want %v", got, want)
	}
	if !s[1].Time.Equal(day("2024-01-02T00:00:00Z")) || s[1].Commit != "0400000000000000000000000000000000000000" {
		t.Errorf("second day: %v %s", s[1].Time, s[1].Commit)
	}
	if x.Component("p", "zz", Window{}) != nil || x.Translation("p", "a", "fr", Window{}) != nil {
		t.Error("an unknown object has a series")
	}
	x.Set("p", "b", nil)
	if got, want := tr(x.Project("p", Window{})), [][2]int{{20, 12}, {20, 15}}; !reflect.DeepEqual(got, want) {
		t.Errorf("project without b: %v, want %v", got, want)
	}
}

func TestResampleIntervals(t *testing.T) {
	t.Parallel()
	s := Series{
		{Time: day("2024-01-31T23:00:00Z"), Commit: "a", Stats: st(1, 0)},
		{Time: day("2024-02-05T08:00:00Z"), Commit: "b", Stats: st(2, 1)}, // a Monday
		{Time: day("2024-02-06T08:00:00Z"), Commit: "c", Stats: st(3, 1)},
		{Time: day("2024-04-01T00:00:00Z"), Commit: "d", Stats: st(4, 4)},
	}
	type row struct {
		date, commit string
	}
	rows := func(s Series) []row {
		var out []row
		for _, p := range s {
			out = append(out, row{p.Time.Format("2006-01-02"), p.Commit})
		}
		return out
	}
	if got, want := rows(Resample(s, Window{Interval: Month})), []row{{"2024-01-01", "a"}, {"2024-02-01", "c"}, {"2024-03-01", "c"}, {"2024-04-01", "d"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("month: %v, want %v", got, want)
	}
	if got, want := rows(Resample(s, Window{Interval: Week, Until: day("2024-02-12T00:00:00Z")})), []row{{"2024-01-29", "a"}, {"2024-02-05", "c"}, {"2024-02-12", "c"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("week: %v, want %v", got, want)
	}
	// Until inside an interval: the value as of Until.
	if got, want := rows(Resample(s, Window{Interval: Day, Since: day("2024-02-06T00:00:00Z"), Until: day("2024-02-06T07:00:00Z")})), []row{{"2024-02-06", "b"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("day: %v, want %v", got, want)
	}
	if got := Resample(s, Window{Interval: Day, Until: day("2023-01-01T00:00:00Z")}); got != nil {
		t.Errorf("before the first point: %v", got)
	}
	if got, want := rows(Aggregate(s[:1], s[1:2])), []row{{"2024-01-31", "a"}, {"2024-02-05", "b"}}; !reflect.DeepEqual(got, want) || Aggregate(s[:1], s[1:2])[1].Stats.Total != 3 {
		t.Errorf("aggregate: %v", got)
	}
}
