package scanner

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBackgroundClone: with BackgroundClones, a scan does not wait for a remote's
// first clone; the component shows a Cloning alert and no translations, Changed is
// called when the clone is there, and the next scan reads it.
func TestBackgroundClone(t *testing.T) {
	work := newRepo(t, map[string]string{
		"res/values/strings.xml":    template,
		"res/values-cs/strings.xml": czech,
	})
	bare := filepath.Join(t.TempDir(), "app.git")
	git(t, work, "clone", "-q", "--bare", work, bare)
	cfg := parseConfig(t, t.TempDir(), strings.ReplaceAll(androidConfig, "%REPO%", "file://"+bare))
	changed := make(chan struct{}, 1)
	s := New(cfg, Options{DataDir: t.TempDir(), BackgroundClones: true, Changed: func() { changed <- struct{}{} }})

	snap, err := s.ScanStatistics(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := snap.Projects[0].Components[0]
	if len(c.Translations) != 0 {
		t.Errorf("before the clone: %d translations", len(c.Translations))
	}
	if len(snap.Alerts) != 1 || snap.Alerts[0].Kind != "Cloning" {
		t.Fatalf("before the clone: alerts %+v", snap.Alerts)
	}

	select {
	case <-changed:
	case <-time.After(time.Minute):
		t.Fatal("Changed was not called after the clone")
	}
	snap, err = s.Scan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c = snap.Projects[0].Components[0]
	if len(snap.Alerts) != 0 {
		t.Errorf("after the clone: alerts %+v", snap.Alerts)
	}
	var langs []string
	for _, tr := range c.Translations {
		langs = append(langs, tr.Language.Code)
	}
	if len(langs) != 2 || langs[0] != "en" || langs[1] != "cs" {
		t.Errorf("after the clone: languages %v, want [en cs] (the source first)", langs)
	}
}

// TestBackgroundCloneFailure: a clone that fails is reported as an alert naming the
// failure, and not tried again at once (a scan per wake-up must not hammer a forge).
func TestBackgroundCloneFailure(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.git")
	cfg := parseConfig(t, t.TempDir(), strings.ReplaceAll(androidConfig, "%REPO%", "file://"+missing))
	changed := make(chan struct{}, 4)
	s := New(cfg, Options{DataDir: t.TempDir(), BackgroundClones: true, Changed: func() { changed <- struct{}{} }})
	if _, err := s.ScanStatistics(context.Background()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	case <-time.After(time.Minute):
		t.Fatal("Changed was not called after the failed clone")
	}
	snap, err := s.ScanStatistics(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Alerts) != 1 || snap.Alerts[0].Kind != "Cloning" {
		t.Fatalf("alerts %+v", snap.Alerts)
	}
	if msg := snap.Alerts[0].Message; !strings.Contains(msg, "failed") {
		t.Errorf("alert %q does not say the clone failed", msg)
	}
	select {
	case <-changed:
		t.Error("a failed clone was tried again at once")
	case <-time.After(200 * time.Millisecond):
	}
}
