package changelog

import (
	"time"

	"github.com/gitlate/gitlate/internal/jsondoc"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// encodeChange writes a change as Weblate 4.18's ChangeSerializer does
// (weblate/api/serializers.py: unit, component, translation, user, author,
// timestamp, action, target, id, action_name, url), with marks for each request's
// base URL and format and for the change's id, which the store gives. A translation
// or unit that no longer exists is null, so every URL the log shows answers.
func encodeChange(w *jsondoc.Writer, m *meta, c *snapshot.Component, t *snapshot.Translation, unitID int, user *snapshot.User) []byte {
	w.Obj()
	w.Key("unit")
	if unitID != 0 {
		w.URL(snapshot.UnitAPIPath(unitID))
	} else {
		w.Null()
	}
	w.Key("component")
	if c != nil {
		w.URL(c.APIPath())
	} else {
		w.Null()
	}
	w.Key("translation")
	if t != nil {
		w.URL(t.APIPath())
	} else {
		w.Null()
	}
	for _, k := range []string{"user", "author"} {
		w.Key(k)
		if user != nil {
			w.URL(user.APIPath())
		} else {
			w.Null()
		}
	}
	w.Key("timestamp")
	w.Str(jsondoc.FormatTime(time.UnixMicro(m.when)))
	w.Key("action")
	w.Int(int64(m.action))
	w.Key("target")
	w.Str(m.target)
	w.Key("id")
	w.ID()
	w.Key("action_name")
	w.Str(weblate.Action(m.action).Label(max(m.count, 1)))
	w.Key("url")
	w.IDURL("/api/changes/", "/")
	w.End()
	return w.Bytes()
}
