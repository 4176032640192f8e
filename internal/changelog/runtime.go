package changelog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"

	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// hookSeq tells apart the webhooks one process logs within one clock tick.
var hookSeq atomic.Int64

// Record logs an event of the runtime log — 21 Rebased repository after a fetch
// moved a branch to head, 53 Received repository notification for a webhook — in
// the component's change log; the next Apply shows it. Its natural key makes it
// logged once however many replicas see it: a fetch by component and new head; a
// webhook, which one replica receives, by that replica and moment.
func (l *Log) Record(ctx context.Context, action weblate.Action, project, component, target, head string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.opts.Now().UTC()
	var key string
	switch action {
	case weblate.ActionRebase:
		key = fmt.Sprintf("rebase/%s/%s/%s", project, component, head)
	default:
		key = fmt.Sprintf("runtime/%d/%s/%s/%s/%d/%d", action, project, component, l.opts.Instance, now.UnixNano(), hookSeq.Add(1))
	}
	m := meta{when: now.UnixMicro(), action: uint8(action), count: 1, project: project, component: component, key: -1, target: target}
	_, err := l.st.Commit(ctx, &store.Commit{Add: []store.Record{l.runtimeRecord(key, &m)}})
	return err
}

// runtimeRecord is the stored form of a runtime event: it links its component.
func (l *Log) runtimeRecord(key string, m *meta) store.Record {
	var comp *snapshot.Component
	if m.component != "" {
		comp = l.componentNamed(m.project, m.component)
	}
	return store.Record{Key: key, Scope: "", Meta: m.encode(), Doc: encodeChange(&l.w, m, comp, nil, 0, nil)}
}

// componentNamed makes a stand-in component with the given slugs: what a change's
// JSON needs of it is its URL.
func (l *Log) componentNamed(project, component string) *snapshot.Component {
	for _, pc := range l.cfg.Projects {
		if pc.Slug != project {
			continue
		}
		for _, cc := range pc.Components {
			if cc.Slug == component {
				return &snapshot.Component{Project: &snapshot.Project{Config: pc}, Config: cc}
			}
		}
	}
	return nil
}

// alertState is the store's state of the alerts raised: each is logged as 47 New
// alert once when it appears, and again only after it was gone. An alert one
// replica raised is cleared by that replica, so alerts of one replica's own (a
// failed fetch) do not come and go as replicas disagree.
const alertState = "alerts"

type alertEntry struct {
	Occurrence int    `json:"n"`
	Active     bool   `json:"active"`
	Owner      string `json:"owner,omitempty"`
}

func alertID(a *snapshot.Alert) string {
	return scan.ComponentKey(a.Component.Project.Config, a.Component.Config) + "\x00" + a.Kind.String() + "\x00" + a.Path
}

func decodeAlerts(b []byte) map[string]*alertEntry {
	out := map[string]*alertEntry{}
	if b == nil {
		return out
	}
	if json.Unmarshal(b, &out) == nil {
		return out
	}
	// Written before replicas: the active alerts' identities.
	var old map[string]bool
	out = map[string]*alertEntry{}
	if json.Unmarshal(b, &old) == nil {
		for id, on := range old {
			if on {
				out[id] = &alertEntry{Occurrence: 1, Active: true}
			}
		}
	}
	return out
}

// raiseAlerts logs the alerts that are new since the last complete build, and
// forgets those gone. The store's alerts are logged like any other when the store
// can keep them (a file that lost its ids at start, a server that runs in memory);
// while it cannot, the commit fails, and the alert shows meanwhile.
func (l *Log) raiseAlerts(ctx context.Context, alerts []*snapshot.Alert) error {
	for attempt := 0; ; attempt++ {
		err := l.raiseAlertsOnce(ctx, alerts)
		if !errors.Is(err, store.ErrConflict) || attempt == 3 {
			return err
		}
	}
}

func (l *Log) raiseAlertsOnce(ctx context.Context, alerts []*snapshot.Alert) error {
	cur, err := l.st.States(ctx, alertState)
	if err != nil {
		return err
	}
	prev, had := cur[alertState]
	if !had {
		prev = nil
	}
	state := decodeAlerts(prev)
	now := map[string]bool{}
	var recs []store.Record
	for _, a := range alerts {
		id := alertID(a)
		if now[id] {
			continue
		}
		now[id] = true
		e := state[id]
		if e == nil {
			e = &alertEntry{}
			state[id] = e
		}
		if e.Active {
			continue
		}
		e.Occurrence++
		e.Active, e.Owner = true, l.opts.Instance
		msg := a.Message
		if a.Path != "" {
			msg = a.Path + ": " + msg
		}
		m := meta{when: l.opts.Now().UTC().UnixMicro(), action: uint8(weblate.ActionAlert), count: 1,
			project: a.Component.Project.Config.Slug, component: a.Component.Config.Slug, key: -1, target: a.Kind.String() + ": " + msg}
		key := "alert/" + id + "\x00" + strconv.Itoa(e.Occurrence)
		recs = append(recs, store.Record{Key: key, Meta: m.encode(), Doc: encodeChange(&l.w, &m, a.Component, nil, 0, nil)})
	}
	cleared := false
	for id, e := range state {
		if e.Active && !now[id] && e.Owner == l.opts.Instance {
			e.Active = false
			cleared = true
		}
	}
	if len(recs) == 0 && !cleared {
		return nil
	}
	next, _ := json.Marshal(state)
	_, err = l.st.Commit(ctx, &store.Commit{States: []store.State{{Name: alertState, Prev: prev, Next: next}}, Add: recs})
	return err
}
