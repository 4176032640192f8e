package live_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/samples/expected"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
)

func scanSamples(t *testing.T) *snapshot.Snapshot {
	t.Helper()
	cfg, data := testutil.Samples(t)
	snap, err := livetest.New(t, cfg, data, livetest.Options{}).Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Alerts) > 0 {
		t.Errorf("the samples raise alerts: %v", snap.Alerts[0].Message)
	}
	return snap
}

// TestSamplesMatchHandCounts compares every translation, component and project of the
// samples with the statistics counted by hand (internal/samples/expected).
func TestSamplesMatchHandCounts(t *testing.T) {
	snap := scanSamples(t)
	toCounts := func(s *snapshot.Stats) expected.Counts {
		return expected.Counts{Total: s.Total, Translated: s.Translated, Readonly: s.Readonly,
			TotalWords: s.TotalWords, TranslatedWords: s.TranslatedWords, TotalChars: s.TotalChars, TranslatedChars: s.TranslatedChars}
	}
	var rows []expected.Translation
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			for _, tr := range c.Translations {
				rows = append(rows, expected.Translation{Project: p.Config.Slug, Component: c.Config.Slug,
					Code: tr.LanguageCode, Language: tr.Language.Code, Filename: tr.Filename, Counts: toCounts(&tr.Stats)})
			}
			if got, want := toCounts(&c.Stats), expected.Components[p.Config.Slug+"/"+c.Config.Slug]; got != want {
				t.Errorf("component %s/%s: %+v, want %+v", p.Config.Slug, c.Config.Slug, got, want)
			}
		}
		if got, want := toCounts(&p.Stats), expected.Projects[p.Config.Slug]; got != want {
			t.Errorf("project %s: %+v, want %+v", p.Config.Slug, got, want)
		}
	}
	if len(rows) != len(expected.Translations) {
		t.Fatalf("%d translations, want %d", len(rows), len(expected.Translations))
	}
	for i, want := range expected.Translations {
		if rows[i] != want {
			t.Errorf("translation %d:\n got %+v\nwant %+v", i, rows[i], want)
		}
	}
}

// TestSamplesFailingChecks compares the failing strings of every translation,
// component and project of the samples with those counted by hand.
func TestSamplesFailingChecks(t *testing.T) {
	snap := scanSamples(t)
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			for _, tr := range c.Translations {
				key := p.Config.Slug + "/" + c.Config.Slug + "/" + tr.LanguageCode
				if got, want := tr.Stats.Failing, expected.Failing[key]; got != want {
					t.Errorf("%s: failing %d, want %d", key, got, want)
				}
			}
			key := p.Config.Slug + "/" + c.Config.Slug
			if got, want := c.Stats.Failing, expected.FailingComponents[key]; got != want {
				t.Errorf("component %s: failing %d, want %d", key, got, want)
			}
		}
		if got, want := p.Stats.Failing, expected.FailingProjects[p.Config.Slug]; got != want {
			t.Errorf("project %s: failing %d, want %d", p.Config.Slug, got, want)
		}
	}
}

// TestSamplesStructuralEvents compares the change log's structural events with the
// ones read off the samples' history by hand.
func TestSamplesStructuralEvents(t *testing.T) {
	snap := scanSamples(t)
	structural := map[int]bool{expected.ActionCreatedProject: true, expected.ActionCreatedComponent: true,
		expected.ActionAddedLanguage: true, expected.ActionRemovedLanguage: true}
	describe := func(action int, component, language string) string {
		return fmt.Sprintf("%d %s %s", action, component, language)
	}
	// Each component's events keep their order within the component's repository.
	want := map[string][]string{}
	for repo, h := range expected.History {
		project := strings.TrimSuffix(repo, "-glossary")
		for _, ev := range h.Events {
			if structural[ev.Action] {
				key := project + "/" + ev.Component
				want[key] = append(want[key], describe(ev.Action, ev.Component, ev.Language))
			}
		}
	}
	got := map[string][]string{}
	log := snap.Log
	for _, p := range snap.Projects {
		_, positions := log.Select(&snapshot.ChangeFilter{Project: p}, 0, log.Len())
		for _, i := range positions {
			action := int(log.Action(i))
			if !structural[action] {
				continue
			}
			comp, language := "", ""
			if c := log.Component(i); c != nil {
				comp = c.Config.Slug
			}
			if action == expected.ActionAddedLanguage || action == expected.ActionRemovedLanguage {
				// A translation that no longer exists leaves its change without one.
				language = "(gone)"
				if t := log.Translation(i); t != nil {
					language = t.Language.Code
				}
			}
			if u := log.User(i); u == nil || u.FullName == "" || log.Times[i] == 0 {
				t.Errorf("change %d has no author or time", log.IDs[i])
			}
			key := p.Config.Slug + "/" + comp
			got[key] = append(got[key], describe(action, comp, language))
		}
	}
	// Italian was added and removed again in blitzclock: both its events remain, and
	// neither points at a translation.
	for i, ev := range want["blitzclock/android"] {
		want["blitzclock/android"][i] = strings.Replace(ev, " android it", " android (gone)", 1)
	}
	if len(got) != len(want) {
		t.Errorf("events for %d components, want %d", len(got), len(want))
	}
	for key := range want {
		if g, w := strings.Join(got[key], "\n"), strings.Join(want[key], "\n"); g != w {
			t.Errorf("%s events:\n%s\nwant:\n%s", key, g, w)
		}
	}
}
