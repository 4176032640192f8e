package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// changeFilter is Weblate's ChangeFilter: timestamp_after and timestamp_before
// (inclusive), action (repeatable), user (username).
type changeFilter struct {
	after, before time.Time
	actions       map[weblate.Action]bool
	user          string
	active        bool
}

// validationError is DRF's answer to a bad filter value: {"field": ["message"]}.
func validationError(field, message string) error {
	var e enc
	e.obj()
	e.key(field)
	e.arr()
	e.str(message)
	e.endArr()
	e.end()
	return &apiError{status: http.StatusBadRequest, body: e.done()}
}

// dateLayouts are the forms Django's IsoDateTimeField accepts.
var dateLayouts = []string{
	time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05",
	"2006-01-02 15:04:05Z07:00", "2006-01-02 15:04", "2006-01-02",
}

func parseTimestamp(s string) (time.Time, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, strings.TrimSpace(s)); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func (r *request) changeFilter() (*changeFilter, error) {
	q := r.c.Request.URL.Query()
	f := &changeFilter{}
	for _, bound := range []struct {
		name string
		t    *time.Time
	}{{"timestamp_after", &f.after}, {"timestamp_before", &f.before}} {
		if v := last(q[bound.name]); v != "" {
			t, ok := parseTimestamp(v)
			if !ok {
				return nil, validationError(bound.name, "Enter a valid date/time.")
			}
			*bound.t, f.active = t, true
		}
	}
	for _, v := range q["action"] {
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || !weblate.Action(n).Known() {
			return nil, validationError("action", "Select a valid choice. "+v+" is not one of the available choices.")
		}
		if f.actions == nil {
			f.actions = map[weblate.Action]bool{}
		}
		f.actions[weblate.Action(n)], f.active = true, true
	}
	if v := last(q["user"]); v != "" {
		f.user, f.active = v, true
	}
	return f, nil
}

// last is the last of a parameter's values, as Django's QueryDict.get gives it
// ("" when there is none); action alone is read as a list.
func last(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}

func (f *changeFilter) keep(ch *snapshot.Change) bool {
	switch {
	case !f.after.IsZero() && ch.Timestamp.Before(f.after):
		return false
	case !f.before.IsZero() && ch.Timestamp.After(f.before):
		return false
	case f.actions != nil && !f.actions[ch.Action]:
		return false
	case f.user != "" && (ch.User == nil || ch.User.Username != f.user):
		return false
	}
	return true
}

// writeChanges sends a change list, filtered as the query asks. Logs grow long (a
// real app's history has a hundred thousand changes), so only the page sent is
// rendered.
func (r *request) writeChanges(changes []*snapshot.Change) error {
	f, err := r.changeFilter()
	if err != nil {
		return err
	}
	if f.active {
		var kept []*snapshot.Change
		for _, ch := range changes {
			if f.keep(ch) {
				kept = append(kept, ch)
			}
		}
		changes = kept
	}
	return r.writePageOf(len(changes), func(lo, hi int) ([]*doc, error) {
		out := make([]*doc, 0, hi-lo)
		for _, ch := range changes[lo:hi] {
			out = append(out, render(func(e *enc) { writeChange(e, ch) }))
		}
		return out, nil
	})
}
