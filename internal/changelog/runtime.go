package changelog

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// runtimeEvent is an entry of the runtime log: what happened while serving rather
// than in the repositories' history.
type runtimeEvent struct {
	ID        int            `json:"id"`
	Time      time.Time      `json:"time"`
	Action    weblate.Action `json:"action"`
	Project   string         `json:"project"`
	Component string         `json:"component"`
	Target    string         `json:"target,omitempty"`
}

type runtimeLog struct {
	events []runtimeEvent
}

// loadRuntime reads the runtime log from the journal once.
func (s *Log) loadRuntime() {
	if s.runtime != nil {
		return
	}
	s.runtime = &runtimeLog{}
	raw, err := s.opts.Journal.Events()
	if err != nil {
		s.opts.Logger.Error("reading the runtime log", "err", err)
		return
	}
	for _, b := range raw {
		var ev runtimeEvent
		if json.Unmarshal(b, &ev) == nil && ev.ID > 0 {
			s.runtime.events = append(s.runtime.events, ev)
		}
	}
}

// Record appends an event of the runtime log — 21 Rebased repository after a fetch
// moved a branch, 53 Received repository notification for a webhook — to the
// component's change log; its id is given and saved before anything shows it. The
// next Apply shows it.
func (s *Log) Record(action weblate.Action, project, component, target string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logRuntime(action, project, component, target)
}

// logRuntime is Record with s.mu held.
func (s *Log) logRuntime(action weblate.Action, project, component, target string) error {
	return s.logRuntimeEvents([]runtimeEvent{{Action: action, Project: project, Component: component, Target: target}})
}

// logRuntimeEvents appends events to the runtime log: ids for all, saved with one
// flush, then the entries. An id's key is the entry's position in the log, which
// the log keeps across restarts, so two events of one instant never share an id.
func (s *Log) logRuntimeEvents(evs []runtimeEvent) error {
	s.loadRuntime()
	now := s.opts.Now().UTC()
	n := len(s.runtime.events)
	for i := range evs {
		ev := &evs[i]
		key := fmt.Sprintf("runtime/%d/%s/%s/%d", n+i, ev.Project, ev.Component, ev.Action)
		ev.ID, ev.Time = s.opts.IDs.ID(store.KindChange, key), now
	}
	if err := s.opts.IDs.Flush(); err != nil {
		return err
	}
	for _, ev := range evs {
		b, _ := json.Marshal(ev)
		if err := s.opts.Journal.AppendEvent(b); err != nil {
			return err
		}
		s.runtime.events = append(s.runtime.events, ev)
	}
	return nil
}

// addRuntimeChanges puts the runtime log into the snapshot's change list.
func (s *Log) addRuntimeChanges(snap *snapshot.Snapshot) {
	s.loadRuntime()
	for _, ev := range s.runtime.events {
		p := findProject(snap, ev.Project)
		if p == nil {
			continue // a project no longer configured
		}
		ch := &snapshot.Change{ID: ev.ID, Timestamp: ev.Time, Action: ev.Action, Target: ev.Target, Count: 1, Project: p}
		for _, c := range p.Components {
			if c.Config.Slug == ev.Component {
				ch.Component = c
			}
		}
		if ch.Component == nil && ev.Component != "" {
			continue
		}
		snap.Changes = append(snap.Changes, ch)
	}
}

func findProject(snap *snapshot.Snapshot, slug string) *snapshot.Project {
	for _, p := range snap.Projects {
		if p.Config.Slug == slug {
			return p
		}
	}
	return nil
}

// alertState is the journal entry of the alerts raised: each one is logged as 47
// New alert once, when it appears, and forgotten when it is gone.
const alertState = "alerts"

func alertID(a *snapshot.Alert) string {
	return scan.ComponentKey(a.Component.Project.Config, a.Component.Config) + "\x00" + a.Kind.String() + "\x00" + a.Path
}

// raiseAlerts logs the alerts that are new since the last scan.
func (s *Log) raiseAlerts(snap *snapshot.Snapshot) error {
	var active map[string]bool
	if b := s.opts.Journal.GetState(alertState); b != nil {
		_ = json.Unmarshal(b, &active)
	}
	if active == nil {
		active = map[string]bool{}
	}
	now := map[string]bool{}
	var fresh []*snapshot.Alert
	for _, a := range snap.Alerts {
		id := alertID(a)
		if !now[id] && !active[id] {
			fresh = append(fresh, a)
		}
		now[id] = true
	}
	if len(fresh) == 0 && len(now) == len(active) {
		return nil
	}
	var evs []runtimeEvent
	for _, a := range fresh {
		msg := a.Message
		if a.Path != "" {
			msg = a.Path + ": " + msg
		}
		evs = append(evs, runtimeEvent{Action: weblate.ActionAlert, Project: a.Component.Project.Config.Slug, Component: a.Component.Config.Slug, Target: a.Kind.String() + ": " + msg})
	}
	if err := s.logRuntimeEvents(evs); err != nil {
		return err
	}
	b, _ := json.Marshal(now)
	return s.opts.Journal.PutState(alertState, b)
}
