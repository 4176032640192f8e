package web

import (
	"sort"
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

// Progress is the statistics of the objects the pages show over time, commit by
// commit in the repositories' history (internal/progress, through an adapter in
// this package, satisfies it). Names are the API's: project and component slugs,
// canonical language codes. A series is nil when the object has no history.
type Progress interface {
	Translation(project, component, language string, w Window) []Point
	Component(project, component string, w Window) []Point
	Project(project string, w Window) []Point
	// Language sums a language's translations over every project.
	Language(code string, w Window) []Point
}

// Window is the part of a series asked for: points from Since to Until (zero:
// unbounded), resampled at Interval ("day", "week", "month"; "" keeps each commit).
type Window struct {
	Since, Until time.Time
	Interval     string
}

// Point is an object's strings at one time: as of the commit Commit (hex, ""
// when unknown), the newest a sum includes.
type Point struct {
	Time              time.Time
	Commit            string
	Translated, Total int
}

// Percent is the translated percentage, as the API computes it (stats.go).
func (p Point) Percent() float64 {
	return weblate.Percent(p.Translated, p.Total, true)
}

// sumSeries adds series point by point in time: at each time any of them has a
// point, each contributes its latest value at or before it (none before its
// first). It sums a project's translations of one language, which the Progress
// does not keep.
func sumSeries(all ...[]Point) []Point {
	var times []time.Time
	for _, s := range all {
		for _, p := range s {
			times = append(times, p.Time)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
	var out []Point
	pos := make([]int, len(all)) // per series: how many of its points are at or before t
	for i, t := range times {
		if i > 0 && t.Equal(times[i-1]) {
			continue
		}
		sum := Point{Time: t}
		var newest time.Time // of the commit sum names
		for k, s := range all {
			for pos[k] < len(s) && !s[pos[k]].Time.After(t) {
				pos[k]++
			}
			if pos[k] == 0 {
				continue
			}
			p := s[pos[k]-1]
			sum.Translated += p.Translated
			sum.Total += p.Total
			if p.Commit != "" && (sum.Commit == "" || p.Time.After(newest)) {
				sum.Commit, newest = p.Commit, p.Time
			}
		}
		out = append(out, sum)
	}
	return out
}
