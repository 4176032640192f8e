package units_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestExact: units read from the files the scan saw are exact; read from a
// checkout's file edited since the scan, they are not (the API keeps no answer made
// of them), until a scan sees the edit.
func TestExact(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    template("a", "b", "c"),
		"res/values-cs/strings.xml": template("a"),
		"res/values-de/strings.xml": template("b"),
	})
	dir := t.TempDir()
	s := livetest.New(t, testutil.Config(t, dir, testutil.AndroidConfig(repo)), filepath.Join(dir, "data"), livetest.Options{})
	snap, err := s.Live.Build(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	c := snap.Project("demo").Component("android")
	if units, exact, err := s.Units.UnitsExact(c.Translation("cs")); err != nil || !exact || len(units) != 3 {
		t.Fatalf("cs as scanned: %d units, exact %v, %v", len(units), exact, err)
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values-de/strings.xml": template("a", "b")})
	if _, exact, err := s.Units.PageExact(c.Translation("de"), 0, 2); err != nil || exact {
		t.Errorf("de edited since the scan, page: exact %v, %v", exact, err)
	}
	if _, exact, err := s.Units.UnitsExact(c.Translation("de")); err != nil || exact {
		t.Errorf("de edited since the scan: exact %v, %v", exact, err)
	}
	// What was read exactly stays so (it is the snapshot's).
	if _, exact, err := s.Units.PageExact(c.Translation("cs"), 0, 2); err != nil || !exact {
		t.Errorf("cs: exact %v, %v", exact, err)
	}
	snap, err = s.Live.Build(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, exact, err := s.Units.UnitsExact(snap.Project("demo").Component("android").Translation("de")); err != nil || !exact {
		t.Errorf("de after a scan saw the edit: exact %v, %v", exact, err)
	}
}
