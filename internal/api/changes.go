package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/jsondoc"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// validationError is DRF's answer to a bad filter value: {"field": ["message"]}.
func validationError(field, message string) error {
	var e enc
	e.Obj()
	e.Key(field)
	e.Arr()
	e.Str(message)
	e.EndArr()
	e.End()
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

// changeFilter adds to f what the query asks, as Weblate's ChangeFilter reads it:
// timestamp_after and timestamp_before (inclusive), action (repeatable), user
// (username).
func (r *request) changeFilter(f *snapshot.ChangeFilter) error {
	q := r.c.Request.URL.Query()
	for _, bound := range []struct {
		name string
		t    *time.Time
	}{{"timestamp_after", &f.After}, {"timestamp_before", &f.Before}} {
		if v := last(q[bound.name]); v != "" {
			t, ok := parseTimestamp(v)
			if !ok {
				return validationError(bound.name, "Enter a valid date/time.")
			}
			*bound.t = t
		}
	}
	for _, v := range q["action"] {
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || !weblate.Action(n).Known() {
			return validationError("action", "Select a valid choice. "+v+" is not one of the available choices.")
		}
		if f.Actions == nil {
			f.Actions = map[weblate.Action]bool{}
		}
		f.Actions[weblate.Action(n)] = true
	}
	if v := last(q["user"]); v != "" {
		f.User = r.v.snap.User(v)
		f.NoUser = f.User == nil
	}
	return nil
}

// last is the last of a parameter's values, as Django's QueryDict.get gives it
// ("" when there is none); action alone is read as a list.
func last(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}

// writeChanges sends the changes f selects, filtered further as the query asks.
// The snapshot's index picks the page; its changes' JSON comes from the store, as
// the change log encoded it once.
func (r *request) writeChanges(f snapshot.ChangeFilter) error {
	if err := r.changeFilter(&f); err != nil {
		return err
	}
	log := r.v.snap.Log
	count, _ := log.Select(&f, 0, 0)
	return r.writePageOf(count, func(lo, hi int) ([]*doc, error) {
		_, page := log.Select(&f, lo, hi)
		return r.changeDocs(page)
	})
}

// errChangesUnreadable answers a page whose changes the store cannot give now.
var errChangesUnreadable = &apiError{status: http.StatusServiceUnavailable, detail: "The change log cannot be read now; try again shortly."}

// changeDocs reads the documents of the changes at the given positions of the
// snapshot's log, in that order.
func (r *request) changeDocs(positions []int) ([]*doc, error) {
	log := r.v.snap.Log
	ids := make([]int, len(positions))
	at := make(map[int]int, len(positions))
	for i, p := range positions {
		ids[i] = int(log.IDs[p])
		at[ids[i]] = i
	}
	out := make([]*doc, len(ids))
	if r.s.opts.Changes != nil {
		err := r.s.opts.Changes.Docs(r.c.Request.Context(), ids, func(id int, b []byte) {
			if i, ok := at[id]; ok {
				out[i] = storedDoc(b, id)
			}
		})
		if err != nil {
			r.s.opts.Logger.Warn("reading changes from the store", "err", err)
			return nil, errChangesUnreadable
		}
	}
	for _, d := range out {
		if d == nil {
			return nil, errChangesUnreadable
		}
	}
	return out, nil
}

// storedDoc makes a document of a change's stored JSON: its marks for the base URL
// and the format become holes, its id is written in. Its sum is of what it writes,
// so a change the store re-encoded, or another change under the same id after a
// force-push, changes the tags of the answers that show it.
func storedDoc(b []byte, id int) *doc {
	buf := make([]byte, 0, len(b)+16)
	var holes []hole
	for _, c := range b {
		switch c {
		case jsondoc.MarkBase:
			holes = append(holes, hole{at: uint32(len(buf)), kind: holeBase})
		case jsondoc.MarkFormatQ:
			holes = append(holes, hole{at: uint32(len(buf)), kind: holeFormatQ})
		case jsondoc.MarkFormatAmp:
			holes = append(holes, hole{at: uint32(len(buf)), kind: holeFormatAm})
		case jsondoc.MarkID:
			buf = strconv.AppendInt(buf, int64(id), 10)
		default:
			buf = append(buf, c)
		}
	}
	return newDoc(buf, holes, nil)
}
