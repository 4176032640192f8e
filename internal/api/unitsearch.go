package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/search"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Weblate's search language on the units endpoints (?q=, weblate/api/views.py:
// TranslationViewSet.units and UnitViewSet, which filter with
// Unit.objects.search). The parser and the matcher are the search package's;
// this file gives them gitlate's units and keeps a search over every translation
// from reading more than it must.

// maxSearchUnits bounds the strings one search over every translation reads: a
// query that language:, component: and project: do not narrow reads every file
// of the installation (parsed once per snapshot and query, the counts kept), which
// on a large one is seconds of work for a single request.
const maxSearchUnits = 250_000

// contentActions are Weblate's Change.ACTIONS_CONTENT (weblate/trans/models/change.py),
// the changes changed: looks at: translation changed, new translation,
// automatic translation, suggestion accepted, translation reverted, uploaded,
// search and replace, source string changed, new string added, bulk status
// change, approved, marked for edit, explanation updated.
var contentActions = map[weblate.Action]bool{2: true, 5: true, 6: true, 7: true, 8: true, 9: true, 27: true,
	30: true, 31: true, 32: true, 36: true, 37: true, 66: true}

// DefaultSearchTimeout is how long one request may spend matching strings against
// its ?q= unless Options.SearchTimeout says otherwise. Within search.MaxTerms a
// query of text lookups matches the 400,000 strings of a large translation in a
// few seconds, so only queries of many costly terms (regular expressions) run
// into it; it stays well under the 30 seconds Weblate's client library waits for
// an answer by default (wlc/__init__.py, Weblate's timeout argument).
const DefaultSearchTimeout = 10 * time.Second

// searchCheckWork is how many lookups (strings times the query's terms) a search
// makes between two looks at its request's context and deadline; a query of one
// term looks every searchCheckMost strings.
const (
	searchCheckWork = 1 << 14
	searchCheckMost = 4096
)

// unitQuery is a request's ?q=, and what its search may spend.
type unitQuery struct {
	text  string
	q     *search.Query
	scope *search.Scope

	ctx      context.Context // the request's: done when its client has gone
	start    time.Time
	timeout  time.Duration
	every    int // strings matched between two checks
	finished int // strings matched so far
}

// check is nil while the search may go on (matching is at the given string of a
// translation). Otherwise it is the answer to a search that ran out of time or
// lost its client, in DRF's shape for a refused request (a list of one message),
// as a query refused for its size or breadth has. Out of time it is 400, not 503:
// the same query would run out of time again, and a client that retries on 503
// would spend the server's time on it over and over; 400 tells it to change the
// query, and wlc shows the message with it. A cancelled request (its client gone)
// answers 503, which no one reads.
func (uq *unitQuery) check(matching int) error {
	ctxErr := uq.ctx.Err()
	elapsed := time.Since(uq.start)
	if ctxErr == nil && elapsed < uq.timeout {
		return nil
	}
	done := uq.finished + matching
	var msg string
	status := search.StatusCode
	if errors.Is(ctxErr, context.Canceled) {
		status = http.StatusServiceUnavailable
		msg = fmt.Sprintf("This search was cancelled after matching %d strings.", done)
	} else {
		msg = fmt.Sprintf("This search was stopped after %s, having matched %d strings; gitlate gives one search at most %s. Narrow it with language:, component: or project:, or use fewer terms.",
			elapsed.Round(time.Millisecond), done, uq.timeout)
	}
	return listError(status, msg)
}

// listError is DRF's answer to a refused request that is no field's: the status,
// with a list of one message.
func listError(status int, msg string) error {
	return &apiError{status: status, detail: msg, body: render(func(e *enc) { e.Arr(); e.Str(msg); e.EndArr() })}
}

// searchError is Weblate's answer to a query it refuses: 400 with DRF's list of
// one message (search.Error.Detail).
func searchError(e *search.Error) error {
	return &apiError{status: search.StatusCode, detail: e.Message, body: newDoc(e.Detail(), nil, nil)}
}

// unitQuery reads ?q=; nil when there is none (or only blanks, which match every
// string).
func (r *request) unitQuery() (*unitQuery, error) {
	text, ok := r.query("q")
	if !ok || strings.TrimSpace(text) == "" {
		return nil, nil
	}
	q, err := search.Parse(text)
	if err != nil {
		var se *search.Error
		if errors.As(err, &se) {
			return nil, searchError(se)
		}
		return nil, err
	}
	if q.Reads(search.FieldAdded) {
		// Weblate's added: is when its database first held the string; a
		// repository's history says when a text changed, not that.
		return nil, searchError(&search.Error{Message: "Unsupported lookup in gitlate: added (gitlate does not know when a string was added)", Unsupported: "added"})
	}
	timeout := r.s.opts.SearchTimeout
	if timeout <= 0 {
		timeout = DefaultSearchTimeout
	}
	every := min(searchCheckMost, searchCheckWork/max(1, q.Terms()))
	return &unitQuery{text: text, q: q, scope: search.ScopeOf(text),
		ctx: r.c.Request.Context(), start: time.Now(), timeout: timeout, every: max(1, every)}, nil
}

// probe is a search unit with only what every string of t shares.
func probe(t *snapshot.Translation) search.Unit {
	c := t.Component
	return search.Unit{Language: t.Language.Code, Component: c.Config.Slug, ComponentName: c.Config.Name, Project: c.Project.Config.Slug}
}

// matcher tests units of one translation against a query.
type matcher struct {
	m       *search.Matcher
	su      search.Unit
	changed map[int][]time.Time // nil unless the query reads changed:
}

func (v *views) matcher(uq *unitQuery, t *snapshot.Translation) *matcher {
	m := &matcher{m: uq.q.Matcher(), su: probe(t)}
	if uq.q.Reads(search.FieldChanged) {
		m.changed = v.unitChanges()
	}
	return m
}

func (m *matcher) match(u *snapshot.Unit) bool {
	su := &m.su
	su.ID, su.Position, su.Source, su.Target = u.ID, u.Position, u.Source, u.Target
	su.Context, su.Note, su.Location, su.Explanation = u.Context, u.Note, u.Location, u.Explanation
	su.State = int(u.State)
	su.Checks = u.Checks
	su.Priority = 100 // what writeUnit shows: Weblate's default, gitlate keeps no other
	if m.changed != nil {
		su.Changed = m.changed[u.ID]
	}
	return m.m.Match(su)
}

// filter returns the units of t that match; it stops with an error when the
// request is cancelled or its search's time is up.
func (v *views) filter(uq *unitQuery, t *snapshot.Translation, units []snapshot.Unit) ([]*snapshot.Unit, error) {
	m := v.matcher(uq, t)
	var out []*snapshot.Unit
	for i := range units {
		if i%uq.every == 0 {
			if err := uq.check(i); err != nil {
				return nil, err
			}
		}
		if m.match(&units[i]) {
			out = append(out, &units[i])
		}
	}
	uq.finished += len(units)
	return out, nil
}

// unitChanges indexes the change log's content changes by unit, for changed:.
func (v *views) unitChanges() map[int][]time.Time {
	v.changesOnce.Do(func() {
		v.changesByUnit = map[int][]time.Time{}
		if l := v.snap.Log; l != nil {
			for i := range l.IDs {
				if u := int(l.Units[i]); u != 0 && l.Visible(i) && contentActions[l.Action(i)] {
					v.changesByUnit[u] = append(v.changesByUnit[u], l.Time(i))
				}
			}
		}
	})
	return v.changesByUnit
}

// searchResult is a search over every translation: the translations that hold
// matches, in id order, and the offset of each one's first match (starts[len] is
// the count). exact is true when whole translations match (the query reads only
// their language, component and project): their units need no reading to count.
type searchResult struct {
	ts     []*snapshot.Translation
	starts []int
	exact  bool
}

// searches keeps the results of a snapshot's searches by query text, so the
// pages after the first do not read every file again.
type searches struct {
	mu sync.Mutex
	m  map[string]*searchResult
}

const maxKeptSearches = 32

func (s *searches) get(q string) *searchResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[q]
}

func (s *searches) put(q string, r *searchResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]*searchResult{}
	}
	for k := range s.m { // random eviction: map order is random
		if len(s.m) < maxKeptSearches {
			break
		}
		delete(s.m, k)
	}
	s.m[q] = r
}

// search runs uq over every translation, reading only those its scope leaves
// open, at most maxSearchUnits strings of them.
func (v *views) search(uq *unitQuery) (*searchResult, error) {
	if res := v.searches.get(uq.text); res != nil {
		return res, nil
	}
	res := &searchResult{exact: uq.scope.Exact(), starts: []int{0}}
	var open []*snapshot.Translation
	toRead := 0
	for _, t := range v.unitTranslations {
		p := probe(t)
		if !uq.scope.MayMatch(&p) {
			continue
		}
		open = append(open, t)
		toRead += t.Stats.Total
	}
	if !res.exact && toRead > maxSearchUnits {
		// DRF's shape for a refused request (a list of one message), as a
		// refused query has, but not its words: the query itself is fine.
		msg := fmt.Sprintf("This search would read the %d strings of %d translations; gitlate reads at most %d for one search. Narrow it with language:, component: or project:.",
			toRead, len(open), maxSearchUnits)
		return nil, listError(search.StatusCode, msg)
	}
	for _, t := range open {
		n := t.Stats.Total
		if !res.exact {
			// Reading a file costs more than matching its strings: look before.
			if err := uq.check(0); err != nil {
				return nil, err
			}
			units, err := v.readUnits(t)
			if err != nil {
				continue // logged once; it matches nothing until it reads again
			}
			picked, err := v.filter(uq, t, units)
			if err != nil {
				return nil, err
			}
			n = len(picked)
		}
		if n > 0 {
			res.ts = append(res.ts, t)
			res.starts = append(res.starts, res.starts[len(res.starts)-1]+n)
		}
	}
	v.searches.put(uq.text, res)
	return res, nil
}

// listUnitsMatching is listUnits with ?q=: the count and the pages are those of
// the matching units.
func listUnitsMatching(r *request, uq *unitQuery) error {
	res, err := r.v.search(uq)
	if err != nil {
		return err
	}
	ts, starts := res.ts, res.starts
	return r.writePageOf(starts[len(ts)], func(lo, hi int) ([]*doc, error) {
		var out []*doc
		i := sort.Search(len(ts), func(i int) bool { return starts[i+1] > lo })
		for ; i < len(ts) && starts[i] < hi; i++ {
			t := ts[i]
			units, err := r.v.readUnits(t)
			if err != nil {
				continue
			}
			picked := make([]*snapshot.Unit, 0, len(units))
			if res.exact {
				for j := range units {
					picked = append(picked, &units[j])
				}
			} else if picked, err = r.v.filter(uq, t, units); err != nil {
				return nil, err
			}
			// As in listUnits: a file edited since may hold more than counted.
			n := min(len(picked), starts[i+1]-starts[i])
			for j := max(0, lo-starts[i]); j < n && starts[i]+j < hi; j++ {
				u := picked[j]
				out = append(out, render(func(e *enc) { writeUnit(e, t, u) }))
			}
		}
		return out, nil
	})
}
