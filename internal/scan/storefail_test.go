package scan_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/store/storetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// faultySetup is a Live over the Android fixture (a template and Czech) on a
// store that fails when the test says.
func faultySetup(t *testing.T) (s *livetest.Setup, st *storetest.Faulty, repo string, log *testutil.Log) {
	repo = testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": testutil.Czech})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	st = storetest.NewFaulty(memstore.New())
	log = &testutil.Log{}
	s = livetest.New(t, cfg, t.TempDir(), livetest.Options{Store: st, Logger: log.Logger()})
	return s, st, repo, log
}

// translationIDs lists a component's translations as code=id.
func translationIDs(c *snapshot.Component) string {
	var out []string
	for _, t := range c.Translations {
		out = append(out, t.LanguageCode+"="+strconv.Itoa(t.ID))
	}
	return strings.Join(out, " ")
}

// TestNewTranslationWhileIDsFail: a file added while the store cannot give ids
// (PostgreSQL away) is not shown with an id made up: the component shows what it
// held when last read, with a StorageError alert, logged once however many scans
// see it; once the store gives ids again, the file shows, the alert goes, and
// the log says so.
func TestNewTranslationWhileIDsFail(t *testing.T) {
	s, st, repo, log := faultySetup(t)
	ctx := context.Background()
	first, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := first.Project("demo").Component("android")
	before, cs := translationIDs(c), c.Translation("cs").Stats
	st.Fail("ID", errors.New("the database is away"))
	testutil.WriteFiles(t, repo, map[string]string{"res/values-de/strings.xml": testutil.Czech})
	for i := range 3 {
		snap, err := s.Scan(ctx)
		if err != nil {
			t.Fatalf("scan %d while ids fail: %v", i, err)
		}
		c := snap.Project("demo").Component("android")
		if got := translationIDs(c); got != before || c.Translation("cs").Stats != cs {
			t.Errorf("scan %d shows %s, want what was read before: %s", i, got, before)
		}
		if a := testutil.StorageAlerts(snap); len(a) != 1 || !strings.Contains(a[0], "the database is away") || !strings.Contains(a[0], "as last read") {
			t.Errorf("scan %d alerts %q", i, a)
		}
	}
	if n := log.Count("the store failed during a scan"); n != 1 {
		t.Errorf("the failure was logged %d times in 3 scans, want once", n)
	}
	st.Fail("ID", nil)
	snap, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c = snap.Project("demo").Component("android")
	if c.Translation("de") == nil || c.Translation("de").ID <= 0 || len(testutil.StorageAlerts(snap)) != 0 {
		t.Errorf("once the store works: %s, alerts %q", translationIDs(c), testutil.StorageAlerts(snap))
	}
	if log.Count("the store works again") != 1 {
		t.Error("the store working again was not logged")
	}
}

// TestUnitIDsFail: new content whose unit keys the store cannot number keeps the
// component as last read, with the alert; a component never read has no
// translations to show, only the alert.
func TestUnitIDsFail(t *testing.T) {
	s, st, repo, _ := faultySetup(t)
	ctx := context.Background()
	st.Fail("UnitKeys", errors.New("disk full"))
	snap, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c := snap.Project("demo").Component("android"); len(c.Translations) != 0 || len(testutil.StorageAlerts(snap)) != 1 {
		t.Fatalf("never read: %s, alerts %q", translationIDs(c), testutil.StorageAlerts(snap))
	}
	st.Fail("UnitKeys", nil)
	first, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := first.Project("demo").Component("android")
	st.Fail("UnitKeys", errors.New("disk full"))
	testutil.WriteFiles(t, repo, map[string]string{"res/values/strings.xml": strings.Replace(testutil.Template, "</resources>", `<string name="new">New</string></resources>`, 1)})
	snap, err = s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := snap.Project("demo").Component("android")
	if translationIDs(c) != translationIDs(want) || c.Translation("en").Stats != want.Translation("en").Stats || len(testutil.StorageAlerts(snap)) != 1 {
		t.Errorf("new keys while unit keys fail: %s %+v, alerts %q; want %s as before", translationIDs(c), c.Translation("en").Stats, testutil.StorageAlerts(snap), translationIDs(want))
	}
	if got, was := c.Translation("cs").UnitIDs.ID(0), want.Translation("cs").UnitIDs.ID(0); got != was || got <= 0 {
		t.Errorf("unit ids %d, were %d", got, was)
	}
}

// TestIDsCannotBeKept: when the ids a scan gave cannot be kept (Flush fails: a
// full disk), no id a crash could take back is shown: the first scan fails (at
// start, the server says why and exits); later, every component shows what it
// held when ids were last kept, with the alert, until they can be.
func TestIDsCannotBeKept(t *testing.T) {
	s, st, repo, log := faultySetup(t)
	ctx := context.Background()
	full := errors.New("no space left on device")
	st.Fail("Flush", full)
	if _, err := s.Scan(ctx); !errors.Is(err, full) {
		t.Fatalf("the first scan while ids cannot be kept: %v", err)
	}
	st.Fail("Flush", nil)
	first, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := first.Project("demo").Component("android")
	st.Fail("Flush", full)
	testutil.WriteFiles(t, repo, map[string]string{"res/values-de/strings.xml": testutil.Czech, "res/values-cs/strings.xml": testutil.Template})
	for range 2 {
		snap, err := s.Scan(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c := snap.Project("demo").Component("android")
		if translationIDs(c) != translationIDs(want) || c.Translation("cs").Stats != want.Translation("cs").Stats {
			t.Errorf("while ids cannot be kept: %s, want what was kept: %s", translationIDs(c), translationIDs(want))
		}
		if a := testutil.StorageAlerts(snap); len(a) != 1 || !strings.Contains(a[0], full.Error()) {
			t.Errorf("alerts %q", a)
		}
	}
	if n := log.Count("no space left on device"); n != 1 {
		t.Errorf("logged %d times, want once", n)
	}
	st.Fail("Flush", nil)
	snap, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c := snap.Project("demo").Component("android"); c.Translation("de") == nil || len(testutil.StorageAlerts(snap)) != 0 {
		t.Errorf("once ids can be kept: %s, alerts %q", translationIDs(c), testutil.StorageAlerts(snap))
	}
}

// TestJournalFails: a journal that cannot be read or written costs parsing and
// shows as an alert; the numbers are right.
func TestJournalFails(t *testing.T) {
	s, st, _, _ := faultySetup(t)
	ctx := context.Background()
	want, err := s.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	restarted := livetest.New(t, s.Config, t.TempDir(), livetest.Options{Store: st})
	st.Fail("GetResult", errors.New("I/O error"))
	snap, err := restarted.Scan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := restarted.Engine.FilesParsed(); n != 2 {
		t.Errorf("parsed %d files, want both (the journal cannot be read)", n)
	}
	c := snap.Project("demo").Component("android")
	if c.Translation("cs").Stats != want.Project("demo").Component("android").Translation("cs").Stats {
		t.Error("numbers differ")
	}
	if a := testutil.StorageAlerts(snap); len(a) != 1 || !strings.Contains(a[0], "journal") || !strings.Contains(a[0], "I/O error") {
		t.Errorf("alerts %q", a)
	}
}

// TestProjectIDFails: the scan fails when a project's or a component's id cannot
// be given (new ones only come with a configuration, read at start).
func TestProjectIDFails(t *testing.T) {
	s, st, _, _ := faultySetup(t)
	st.Fail("ID", errors.New("the database is away"))
	if _, err := s.Scan(context.Background()); err == nil || !strings.Contains(err.Error(), "the id of project demo") {
		t.Errorf("scan: %v", err)
	}
}
