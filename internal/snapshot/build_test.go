package snapshot

import (
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/weblate"
)

// scanned is a snapshot as a scan leaves it: one project, one component, two
// translations, one alert of the scan's.
func scanned(t *testing.T) (*Snapshot, *Component, *Translation) {
	t.Helper()
	en, _ := lang.Get("en")
	cs, _ := lang.Get("cs")
	p := &Project{ID: 1, Config: &config.Project{Name: "Demo", Slug: "demo"}}
	c := &Component{ID: 1, Project: p, SourceLanguage: en, Config: &config.Component{Name: "App", Slug: "app"}}
	p.Components = []*Component{c}
	src := &Translation{ID: 1, Component: c, Language: en, LanguageCode: "en", IsSource: true}
	src.Stats.AddUnit(weblate.StateTranslated, 1, 5)
	tr := &Translation{ID: 2, Component: c, Language: cs, LanguageCode: "cs"}
	tr.Stats.AddUnit(weblate.StateEmpty, 1, 5)
	c.Translations = []*Translation{src, tr}
	a := &Alert{Component: c, Kind: weblate.AlertNoMatch, Message: "scan"}
	c.Alerts = []*Alert{a}
	return &Snapshot{Projects: []*Project{p}, Alerts: []*Alert{a}}, c, tr
}

// TestBuild: what the history adds arrives as data and Build puts it in — alerts
// after the scan's, on their component and the snapshot; last changes before the
// sums, so the component and project show the newest; the lookups, the time and a
// fingerprint that tells the history apart.
func TestBuild(t *testing.T) {
	when := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	plain, _, _ := scanned(t)
	plain = Build(plain, nil, when)

	s, c, tr := scanned(t)
	walk := &Alert{Component: c, Kind: weblate.AlertRepositoryError, Message: "reading history"}
	user := &User{Username: "ann", FullName: "Ann"}
	h := &History{
		Users:     []*User{user},
		Alerts:    []*Alert{walk},
		Lasts:     map[*Translation]LastChange{tr: {When: when, Author: "Ann", Recent: 2}},
		UnitTimes: map[*Translation][]UnitTime{tr: {{ID: 7, When: when.UnixMicro()}}},
	}
	got := Build(s, h, when.Add(time.Minute))
	if len(c.Alerts) != 2 || c.Alerts[1] != walk || len(got.Alerts) != 2 || got.Alerts[1] != walk {
		t.Errorf("alerts: component %v, snapshot %v; want the scan's, then the history's", c.Alerts, got.Alerts)
	}
	if tr.Stats.LastAuthor != "Ann" || tr.Stats.RecentChanges != 2 || len(tr.UnitTimes) != 1 {
		t.Errorf("translation: %+v, unit times %v", tr.Stats, tr.UnitTimes)
	}
	if !c.Stats.LastChange.Equal(when) || !got.Projects[0].Stats.LastChange.Equal(when) {
		t.Errorf("component last change %v, project %v; want %v", c.Stats.LastChange, got.Projects[0].Stats.LastChange, when)
	}
	if got.Project("demo").Component("app").Translation("cs") != tr || got.User("ann") != user {
		t.Error("the lookups do not find the objects")
	}
	if !got.Built.Equal(when.Add(time.Minute)) || got.Fingerprint == 0 || got.Fingerprint == plain.Fingerprint {
		t.Errorf("built %v, fingerprint %x (without history %x)", got.Built, got.Fingerprint, plain.Fingerprint)
	}
}
