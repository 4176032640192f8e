package live_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/live"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestProblemsLoggedOnce: a problem is logged once however many rebuilds see it,
// again when its message changes, and its end is logged; the end of the first
// history walk is logged with what it read.
func TestProblemsLoggedOnce(t *testing.T) {
	t.Parallel()
	const broken = "<resources>\n    <string name=\"hello\">Ahoj</string>\n"
	repo := testutil.NewRepo(t, map[string]string{"res/values/strings.xml": testutil.Template, "res/values-cs/strings.xml": broken})
	cfg := testutil.Config(t, t.TempDir(), testutil.AndroidConfig(repo))
	var log testutil.Log
	l := livetest.New(t, cfg, t.TempDir(), livetest.Options{Live: live.Options{Logger: log.Logger()}}).Live
	ctx, cancel := context.WithCancel(context.Background())
	defer func() { cancel(); l.Wait() }()
	if err := l.Start(ctx); err != nil {
		t.Fatal(err)
	}
	<-l.Ready()
	// The start built twice (statistics, then history); two more rebuilds see the
	// same problem.
	for range 2 {
		if err := l.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := log.Count(`msg="scan problem"`); n != 1 {
		t.Fatalf("the problem was logged %d times, want once:\n%s", n, log.String())
	}
	if !strings.Contains(log.String(), "path=res/values-cs/strings.xml") {
		t.Errorf("the problem's file is not logged:\n%s", log.String())
	}
	m := regexp.MustCompile(`msg="history read" changes=(\d+) components=1 took=\S+`).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no line says the history walk ended:\n%s", log.String())
	}
	if n, _ := strconv.Atoi(m[1]); n == 0 {
		t.Errorf("the history walk's line counts no changes: %s", m[0])
	}

	// Another message for the same file is logged again.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": broken + "<string"})
	if err := l.Rebuild(ctx); err != nil {
		t.Fatal(err)
	}
	if n := log.Count(`msg="scan problem"`); n != 2 {
		t.Fatalf("a changed problem was logged %d times in all, want 2:\n%s", n, log.String())
	}
	// Fixed: its end is logged, once.
	testutil.WriteFiles(t, repo, map[string]string{"res/values-cs/strings.xml": testutil.Czech})
	for range 2 {
		if err := l.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := log.Count(`msg="scan problem resolved" component=`); n != 1 {
		t.Fatalf("the problem's end was logged %d times, want once:\n%s", n, log.String())
	}
	if n := log.Count(`msg="scan problem"`); n != 2 {
		t.Errorf("a fixed file logged a problem again:\n%s", log.String())
	}
}
