package changelog

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// legacyStore is a store that may hold the runtime log of the layout before the
// change log lived in the store (boltstore).
type legacyStore interface {
	LegacyEvents(ctx context.Context) ([][]byte, func(context.Context) error, error)
}

// legacyEvent is an entry of that runtime log.
type legacyEvent struct {
	ID        int            `json:"id"`
	Time      time.Time      `json:"time"`
	Action    weblate.Action `json:"action"`
	Project   string         `json:"project"`
	Component string         `json:"component"`
	Target    string         `json:"target,omitempty"`
}

// importLegacy moves the runtime log of the earlier layout into the change log,
// once: each entry under the key its id was given to then, so it keeps its id.
func (l *Log) importLegacy(ctx context.Context) error {
	ls, ok := l.st.(legacyStore)
	if !ok {
		return nil
	}
	raw, drop, err := ls.LegacyEvents(ctx)
	if err != nil || len(raw) == 0 {
		return err
	}
	var recs []store.Record
	for n, b := range raw {
		var ev legacyEvent
		if json.Unmarshal(b, &ev) != nil || ev.ID <= 0 {
			continue
		}
		m := meta{when: ev.Time.UnixMicro(), action: uint8(ev.Action), count: 1, project: ev.Project, component: ev.Component, key: -1, target: ev.Target}
		key := fmt.Sprintf("runtime/%d/%s/%s/%d", n, ev.Project, ev.Component, ev.Action)
		recs = append(recs, l.runtimeRecord(key, &m))
	}
	if len(recs) > 0 {
		if _, err := l.st.Commit(ctx, &store.Commit{Add: recs}); err != nil {
			return err
		}
	}
	return drop(ctx)
}
