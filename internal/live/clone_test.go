package live_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestBackgroundClone: with background clones, a build does not wait for a remote's
// first clone; the component shows a Cloning alert and no translations, the pool
// tells when the clone is there, and the next build reads it.
func TestBackgroundClone(t *testing.T) {
	work := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    testutil.Template,
		"res/values-cs/strings.xml": testutil.Czech,
	})
	bare := filepath.Join(t.TempDir(), "app.git")
	testutil.Git(t, work, testutil.FixedDate, "clone", "-q", "--bare", work, bare)
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig("file://"+bare))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Background: true})
	changed := s.Repos.Cloned()

	snap, err := s.Live.Build(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	c := snap.Projects[0].Components[0]
	if len(c.Translations) != 0 {
		t.Errorf("before the clone: %d translations", len(c.Translations))
	}
	if len(snap.Alerts) != 1 || snap.Alerts[0].Kind.String() != "Cloning" {
		t.Fatalf("before the clone: alerts %+v", snap.Alerts)
	}

	select {
	case <-changed:
	case <-time.After(time.Minute):
		t.Fatal("the pool did not tell of the clone")
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
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig("file://"+missing))
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{Background: true})
	changed := s.Repos.Cloned()
	if _, err := s.Live.Build(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	case <-time.After(time.Minute):
		t.Fatal("the pool did not tell of the failed clone")
	}
	snap, err := s.Live.Build(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Alerts) != 1 || snap.Alerts[0].Kind.String() != "Cloning" {
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
