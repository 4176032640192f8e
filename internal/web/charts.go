package web

import (
	"html/template"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/svgchart"
	"github.com/gitlate/gitlate/internal/weblate"
)

// The pages of projects, components, translations and languages draw their
// progress over time: the translated percentage (a line per language where the
// object has several, from the Progress) and the changes per week (from the
// change log), each chart followed by its numbers as a table, and on projects
// and components the contributors. Charts are SVG written into the page: no
// script, no request of their own, kept with the page.

// topLines is how many languages a chart draws unless asked for all of them: the
// ones with the most translated strings.
const topLines = 5

// allLanguages is the query that asks a page for every language's line; such a
// page is kept apart from the plain one (cache.go).
const allLanguages = "languages=all"

// activityWeeks bounds the activity chart: the last year, week by week; it
// draws at least minWeeks.
const (
	activityWeeks = 52
	minWeeks      = 13
)

// chartsView is the progress section of a page; its parts are nil when there is
// nothing to draw.
type chartsView struct {
	Pct          *lineView
	Activity     *barsView
	Contributors *contributorsView
}

type lineView struct {
	SVG      template.HTML
	Interval string // "day", "week" or "month": what a row of the table is
	Legend   []legendItem
	// Heads name the table's columns after the date (the lines); Rows are its rows.
	Heads []string
	Rows  []dataRow
	// ByLine replaces Rows when the lines are many.
	ByLine *lineTable
	// All links to the page with every language's line when some are left out
	// (Shown of Count are drawn); Top back to the plain page.
	All, Top     string
	Shown, Count int
	TopN         int // how many lines the plain page draws
}

type legendItem struct {
	Name, URL, Value string
	// Color and Dash index svgchart's palette and dashes (gitlate.css: .key.cN, .key.dN).
	Color, Dash int
}

type dataRow struct {
	Date   string
	Values []string
}

type barsView struct {
	SVG   template.HTML
	Total int
	Rows  []barRow // the weeks with changes, newest first
}

type barRow struct {
	Week string
	N    int
}

// line is one line a chart may draw.
type line struct {
	name, url string
	// rank orders the lines: the most translated strings first.
	rank  int
	fetch func(w progress.Window) progress.Series
}

// chartEnd is when the charts end: the newest of the components' head commits
// and of the change log's changes. It is read from the data, not the clock nor
// the time of the build, so that replicas serving the same repositories and log
// draw the same bytes, and a page changes only when the data does.
func chartEnd(snap *snapshot.Snapshot) time.Time {
	var end time.Time
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			if h := c.Repo.Head; h != nil && h.Committer.When.After(end) {
				end = h.Committer.When
			}
		}
	}
	if l := snap.Log; l != nil && len(l.Times) > 0 {
		if t := l.Time(len(l.Times) - 1); t.After(end) {
			end = t
		}
	}
	return end.UTC()
}

// intervalFor picks the resampling that gives a chart between 13 and about 150
// points: days up to three months, weeks up to three years, months beyond.
func intervalFor(span time.Duration) progress.Interval {
	switch {
	case span <= 92*24*time.Hour:
		return progress.Day
	case span <= 3*366*24*time.Hour:
		return progress.Week
	}
	return progress.Month
}

// pctChart draws the translated percentage of whole (the object's own series,
// which sets the time axis) with a line per entry of lines (whole's own when
// lines is empty), the top ones unless all. self is the page's address.
func (s *Server) pctChart(end time.Time, whole func(progress.Window) progress.Series, wholeName string, lines []line, all bool, self string) *lineView {
	if s.opts.Progress == nil || end.IsZero() {
		return nil
	}
	first := whole(progress.Window{Until: end, Interval: progress.Month})
	if len(first) == 0 {
		return nil
	}
	start := first[0].Time
	w := progress.Window{Until: end, Interval: intervalFor(end.Sub(start))}
	// The axis starts at the object's first value at that interval (the month's
	// start only told its span).
	if ws := whole(w); len(ws) > 0 {
		start = ws[0].Time
	}
	v := &lineView{Interval: w.Interval.String(), TopN: topLines}
	if len(lines) == 0 {
		lines = []line{{name: wholeName, fetch: whole}}
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].rank > lines[j].rank })
	v.Count = len(lines)
	if !all && len(lines) > topLines {
		lines = lines[:topLines]
		v.All = self + "?" + allLanguages + "#progress-h"
	} else if all && len(lines) > topLines {
		v.Top = self + "#progress-h"
	}
	v.Shown = len(lines)
	chart := &svgchart.Line{ID: "pct", From: start, To: end}
	var desc []string
	series := make([]progress.Series, len(lines))
	for i, l := range lines {
		pts := l.fetch(w)
		// A value stands until the next commit changes it: the line goes on to
		// the chart's end.
		if n := len(pts); n > 0 && pts[n-1].Time.Before(end) {
			pts = append(pts[:n:n], progress.Point{Time: end, Commit: pts[n-1].Commit, Stats: pts[n-1].Stats})
		}
		series[i] = pts
		cs := svgchart.Series{Name: l.name}
		for _, p := range pts {
			cs.Points = append(cs.Points, svgchart.Point{T: p.Time, V: p.Stats.TranslatedPercent()})
		}
		chart.Series = append(chart.Series, cs)
		item := legendItem{Name: l.name, URL: l.url, Value: "no history"}
		item.Color, item.Dash = svgchart.StyleIndex(i)
		if len(pts) > 0 {
			a, b := pts[0], pts[len(pts)-1]
			item.Value = pct(b.Stats.TranslatedPercent()) + "%"
			desc = append(desc, l.name+" from "+pct(a.Stats.TranslatedPercent())+"% on "+svgchart.Date(a.Time)+" to "+pct(b.Stats.TranslatedPercent())+"%")
		}
		v.Legend = append(v.Legend, item)
		v.Heads = append(v.Heads, l.name)
	}
	chart.Title = "Translated strings in percent, " + svgchart.Date(start) + " to " + svgchart.Date(end)
	chart.Desc = "One value per " + v.Interval + ". " + strings.Join(desc, "; ") + "."
	if v.Shown < v.Count {
		chart.Desc += " The " + strconv.Itoa(v.Shown) + " languages with the most translated strings are drawn, of " + strconv.Itoa(v.Count) + "."
	}
	v.SVG = template.HTML(chart.SVG()) // built escaped by svgchart
	v.Rows = dataRows(series)
	if len(series) > 1 {
		// A column per line would soon be wider than a screen: a row per line,
		// with its values at a few dates.
		v.ByLine = byLine(v.Rows, v.Legend, tableDates)
		v.Rows = nil
	} else {
		// One line: the dates its value changed on, not a row a day.
		v.Rows = changedRows(v.Rows)
	}
	return v
}

// changedRows keeps of rows (newest first) the newest, the oldest, and those
// whose values differ from the row before them in time.
func changedRows(rows []dataRow) []dataRow {
	var out []dataRow
	for i, r := range rows {
		if i == 0 || i == len(rows)-1 || !slices.Equal(r.Values, rows[i+1].Values) {
			out = append(out, r)
		}
	}
	return out
}

// tableDates is how many dates the table by line shows at most.
const tableDates = 8

// lineTable is the table of a chart with several lines: a row per line, a
// column per date (newest first; a phone shows the newest three).
type lineTable struct {
	Dates []string
	Rows  []lineRow
}

type lineRow struct {
	Name, URL string
	Values    []string
}

// byLine turns rows of dates (newest first) into rows of lines, with a column
// per date a value changed on (and the newest), the newest n of them.
func byLine(rows []dataRow, legend []legendItem, n int) *lineTable {
	if len(rows) == 0 {
		return nil
	}
	rows = changedRows(rows)
	rows = rows[:min(len(rows), n)]
	pick := make([]int, len(rows))
	for i := range pick {
		pick[i] = i
	}
	t := &lineTable{}
	for _, i := range pick {
		t.Dates = append(t.Dates, rows[i].Date)
	}
	for j, l := range legend {
		r := lineRow{Name: l.Name, URL: l.URL}
		for _, i := range pick {
			r.Values = append(r.Values, rows[i].Values[j])
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}

// dataRows tabulates series by time, newest first: each line's value at that
// time (its latest point at or before it), "–" before its first.
func dataRows(series []progress.Series) []dataRow {
	seen := map[int64]bool{}
	var times []time.Time
	for _, s := range series {
		for _, p := range s {
			if k := p.Time.Unix(); !seen[k] {
				seen[k] = true
				times = append(times, p.Time)
			}
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i].After(times[j]) })
	rows := make([]dataRow, 0, len(times))
	for _, t := range times {
		r := dataRow{Date: svgchart.Date(t)}
		if n := len(rows); n > 0 && rows[n-1].Date == r.Date {
			// The chart's end, on the day of the last interval: the later value
			// is the day's.
			continue
		}
		for _, s := range series {
			val := "–"
			for _, p := range s {
				if p.Time.After(t) {
					break
				}
				val = pct(p.Stats.TranslatedPercent()) + "%"
			}
			r.Values = append(r.Values, val)
		}
		rows = append(rows, r)
	}
	return rows
}

// weekStart is the Monday (UTC) starting t's week, as ISO 8601 weeks start.
func weekStart(t time.Time) time.Time {
	t = t.UTC()
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// tally is what the change log says of one object: its changes per week in the
// year up to the charts' end, and its authors.
type tally struct {
	from   int64 // the first week's start, Unix microseconds
	counts [activityWeeks]int
	first  int // the first week with a change (-1: none)
	who    map[*snapshot.User]*contributorRow
}

const weekMicros = 7 * 24 * int64(time.Hour/time.Microsecond)

func newTally(end time.Time) *tally {
	from := weekStart(end).AddDate(0, 0, -7*(activityWeeks-1))
	return &tally{from: from.UnixMicro(), first: -1, who: map[*snapshot.User]*contributorRow{}}
}

// add counts the change at position i of l.
func (ta *tally) add(l *snapshot.ChangeLog, i int) {
	if at := l.Times[i]; at >= ta.from {
		if k := int((at - ta.from) / weekMicros); k < activityWeeks {
			ta.counts[k]++
			if ta.first < 0 || k < ta.first {
				ta.first = k
			}
		}
	}
	u := l.User(i)
	if u == nil {
		return
	}
	r := ta.who[u]
	if r == nil {
		r = &contributorRow{Name: userName(u), username: u.Username}
		ta.who[u] = r
	}
	switch l.Action(i) {
	case weblate.ActionNew:
		r.New++
	case weblate.ActionChange:
		r.Changed++
	default:
		r.Other++
	}
	if t := l.Time(i); t.After(r.Last) {
		r.Last = t
	}
}

// logFacts goes once through the change log's changes that match selects and
// draws their tally.
func logFacts(snap *snapshot.Snapshot, end time.Time, match func(l *snapshot.ChangeLog, i int) bool) (*barsView, *contributorsView) {
	l := snap.Log
	if l == nil || end.IsZero() {
		return nil, nil
	}
	ta := newTally(end)
	for i := range l.IDs {
		if l.Visible(i) && match(l, i) {
			ta.add(l, i)
		}
	}
	return ta.views(end)
}

// views draws a tally: the activity chart and its table, and the contributors.
func (ta *tally) views(end time.Time) (*barsView, *contributorsView) {
	if ta == nil {
		return nil, nil
	}
	from := time.UnixMicro(ta.from).UTC()
	var bars *barsView
	if first := ta.first; first >= 0 {
		// At least a quarter is drawn, so a young object's few weeks are not
		// bars as wide as a column.
		first = min(first, activityWeeks-minWeeks)
		bars = &barsView{}
		chart := &svgchart.Bars{ID: "act", Step: 7 * 24 * time.Hour, Unit: "changes"}
		for k := first; k < activityWeeks; k++ {
			ws := from.AddDate(0, 0, 7*k)
			n := ta.counts[k]
			chart.Bars = append(chart.Bars, svgchart.Bar{T: ws, N: n})
			bars.Total += n
			if n > 0 {
				bars.Rows = append(bars.Rows, barRow{Week: svgchart.Date(ws), N: n})
			}
		}
		slices.Reverse(bars.Rows)
		weeks := activityWeeks - first
		chart.Title = "Changes per week, " + svgchart.Date(from.AddDate(0, 0, 7*first)) + " to " + svgchart.Date(end)
		chart.Desc = strconv.Itoa(bars.Total) + " changes in " + strconv.Itoa(weeks) + " weeks, in " + strconv.Itoa(len(bars.Rows)) + " of them."
		bars.SVG = template.HTML(chart.SVG()) // built escaped by svgchart
	}
	return bars, contributorsOf(ta.who)
}

// logTallies keeps the tallies of every project and component of a snapshot,
// made in one pass through its change log when a page first needs one: the
// pages of all projects are rendered before a snapshot is served (Prepare), and
// a pass per page would go through a long log once per project. Those of the
// two snapshots asked about last are kept (the one served and the next).
type logTallies struct {
	mu   sync.Mutex
	kept [2]*snapTallies
}

type snapTallies struct {
	snap       *snapshot.Snapshot
	projects   map[*snapshot.Project]*tally
	components map[*snapshot.Component]*tally
}

// of returns snap's tallies, counting them unless they are kept.
func (lt *logTallies) of(snap *snapshot.Snapshot, end time.Time) *snapTallies {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	for _, k := range lt.kept {
		if k != nil && k.snap == snap {
			return k
		}
	}
	out := &snapTallies{snap: snap, projects: map[*snapshot.Project]*tally{}, components: map[*snapshot.Component]*tally{}}
	if l := snap.Log; l != nil && !end.IsZero() {
		for i := range l.IDs {
			if !l.Visible(i) {
				continue
			}
			p := l.Project(i)
			tp := out.projects[p]
			if tp == nil {
				tp = newTally(end)
				out.projects[p] = tp
			}
			tp.add(l, i)
			if c := l.Component(i); c != nil {
				tc := out.components[c]
				if tc == nil {
					tc = newTally(end)
					out.components[c] = tc
				}
				tc.add(l, i)
			}
		}
	}
	lt.kept[0], lt.kept[1] = out, lt.kept[0]
	return out
}

// maxContributors bounds the contributors table; the rest are counted.
const maxContributors = 20

// contributorsView is the table of a project's or component's authors, as
// Weblate's top contributors: the strings each translated for the first time
// (New translation) and changed (Translation changed), their other changes (new
// source strings, languages added, …) and their last change, most strings first.
type contributorsView struct {
	Rows []contributorRow
	More int
}

type contributorRow struct {
	Name                string
	New, Changed, Other int
	Last                time.Time
	username            string // orders two authors of one name
}

func contributorsOf(who map[*snapshot.User]*contributorRow) *contributorsView {
	if len(who) == 0 {
		return nil
	}
	rows := make([]contributorRow, 0, len(who))
	for _, r := range who {
		rows = append(rows, *r)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.New+a.Changed != b.New+b.Changed {
			return a.New+a.Changed > b.New+b.Changed
		}
		if a.Other != b.Other {
			return a.Other > b.Other
		}
		if !a.Last.Equal(b.Last) {
			return a.Last.After(b.Last)
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.username < b.username
	})
	v := &contributorsView{Rows: rows}
	if len(rows) > maxContributors {
		v.Rows, v.More = rows[:maxContributors], len(rows)-maxContributors
	}
	return v
}
