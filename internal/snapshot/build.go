package snapshot

import "time"

// History is what a repository's history adds to a scan's snapshot: the change log
// and its users, the alerts met while reading it, the translations' last changes
// and the units' times. The change log makes it from the scan's objects, writing
// nothing into them; Build puts it in.
type History struct {
	Log   *ChangeLog
	Users []*User
	// Alerts belong to their components (Alert.Component), after the scan's own.
	Alerts []*Alert
	// Lasts are the translations' newest content changes.
	Lasts map[*Translation]LastChange
	// UnitTimes say when each translation's units last changed, by unit id.
	UnitTimes map[*Translation][]UnitTime
}

// LastChange is a translation's newest content change: its time and author, and
// the content changes in the window up to it (Weblate's recent_changes).
type LastChange struct {
	When   time.Time
	Author string
	Recent int
}

// Build is the one place a snapshot is assembled: the scan's objects (nothing else
// has written into them), what the history adds (nil: nothing), the sums over
// projects and languages, the lookups, the time of the build and the fingerprint.
// What it returns is not changed again.
func Build(scanned *Snapshot, h *History, built time.Time) *Snapshot {
	s := scanned
	if h != nil {
		for _, a := range h.Alerts {
			a.Component.Alerts = append(a.Component.Alerts, a)
			s.Alerts = append(s.Alerts, a)
		}
		for t, lc := range h.Lasts {
			t.Stats.LastChange, t.Stats.LastAuthor, t.Stats.RecentChanges = lc.When, lc.Author, lc.Recent
		}
		for t, ts := range h.UnitTimes {
			t.UnitTimes = ts
		}
		s.Users, s.Log = h.Users, h.Log
	}
	s.Aggregate()
	s.Built = built
	s.Finish()
	s.Fingerprint = fingerprint(s)
	return s
}
