package progress

import (
	"time"
)

// Start is the first instant of the interval of iv that holds t (UTC): its day,
// the Monday of its week, the first of its month. EachCommit gives t.
func (iv Interval) Start(t time.Time) time.Time {
	t = t.UTC()
	y, m, d := t.Date()
	switch iv {
	case Day:
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	case Week:
		back := (int(t.Weekday()) + 6) % 7 // days since Monday
		return time.Date(y, m, d-back, 0, 0, 0, 0, time.UTC)
	case Month:
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	}
	return t
}

// Next is the start of the interval after the one starting at start.
func (iv Interval) Next(start time.Time) time.Time {
	switch iv {
	case Day:
		return start.AddDate(0, 0, 1)
	case Week:
		return start.AddDate(0, 0, 7)
	case Month:
		return start.AddDate(0, 1, 0)
	}
	return start
}

// maxIntervals bounds what one resampling gives: a century of days.
const maxIntervals = 36600

// Resample returns the part of s that w asks for. EachCommit keeps the points
// from w.Since to w.Until (either zero: unbounded). An interval gives one point
// per interval from the one holding w.Since (or s's first point, if later) to the
// one holding w.Until (or s's last point when w.Until is zero; never beyond both
// the last point and now): each dated at its interval's start, holding the value
// at its end — the last point before the next interval begins (and not after
// w.Until) — with that point's commit. Intervals before s's first point have no
// value and are left out.
func Resample(s Series, w Window) Series {
	if len(s) == 0 {
		return nil
	}
	if w.Interval == EachCommit {
		var out Series
		for _, p := range s {
			if (w.Since.IsZero() || !p.Time.Before(w.Since)) && (w.Until.IsZero() || !p.Time.After(w.Until)) {
				out = append(out, p)
			}
		}
		return out
	}
	first, last := s[0].Time, s[len(s)-1].Time
	from := first
	if w.Since.After(from) {
		from = w.Since
	}
	end := last
	if !w.Until.IsZero() {
		end = w.Until
		if limit := latest(last, time.Now()); end.After(limit) {
			end = limit
		}
	}
	var out Series
	i := -1 // the last point of s at or before the current interval's end
	for b := w.Interval.Start(from); !b.After(end) && len(out) < maxIntervals; b = w.Interval.Next(b) {
		next := w.Interval.Next(b)
		for i+1 < len(s) && s[i+1].Time.Before(next) && (w.Until.IsZero() || !s[i+1].Time.After(w.Until)) {
			i++
		}
		if i < 0 {
			continue
		}
		out = append(out, Point{Time: b, Commit: s[i].Commit, Stats: s[i].Stats})
	}
	return out
}

func latest(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Aggregate sums series: at each point of any of them, the sum of every series'
// latest value then (a series counts nothing before its first point). Points at
// the same time and commit become one; a point of the sum carries the commit of
// the point that made it.
func Aggregate(series ...Series) Series {
	var evs []event
	for si, s := range series {
		for pi := range s {
			evs = append(evs, event{at: s[pi].Time.UnixMicro(), track: int32(si), point: int32(pi)})
		}
	}
	get := func(e *event) (*Stats, string) {
		p := &series[e.track][e.point]
		return &p.Stats, p.Commit
	}
	return merge(evs, len(series), get, func(e *event) time.Time { return series[e.track][e.point].Time })
}
