package scan_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/corpora"
)

// TestChecksMatchWeblate is the differential test of the quality checks: for
// each corpus of internal/testutil/corpora/testdata/checks (real projects in
// Android, PO, i18next v4 JSON and XLIFF, see its README.md), it scans a
// repository of the files and compares every translation's failing count (units
// failing at least one check) and the component's with what Weblate's own check
// code reports on the same files: the goldens its oracle.sh wrote, or with
// GITLATE_TEST_WEBLATE_CHECKS=DIR the oracle of DIR run now. With
// GITLATE_TEST_SHARED=DIR, newpipe and fdroidclient are the full corpora.
//
// `failing` leaves out the batch check `reused`, as the oracle's failing does:
// Weblate 4.18 runs batch checks after an import, and how many units `reused`
// marks then is not known for 4.18 (the oracle reports it apart).
func TestChecksMatchWeblate(t *testing.T) {
	t.Parallel()
	testutil.NeedGit(t)
	list, err := corpora.ChecksCorpora()
	if err != nil {
		t.Fatal(err)
	}
	oracle := os.Getenv(corpora.EnvWeblateChecks)
	if oracle != "" {
		if why := corpora.HaveTTK(); why != "" {
			t.Fatalf("%s is set but the oracle cannot run: %s", corpora.EnvWeblateChecks, why)
		}
	}
	for _, c := range list {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			var (
				want  []corpora.OracleRow
				units []corpora.OracleUnit
				err   error
			)
			if oracle != "" {
				want, units, err = corpora.RunOracle(oracle, t.TempDir(), c)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				if want, err = corpora.ReadOracle(c.Golden()); os.IsNotExist(err) && c.Shared && corpora.Full() {
					t.Skipf("no golden for the full corpus (%v): run testdata/checks/oracle.sh with %s set", err, corpora.EnvShared)
				} else if err != nil {
					t.Fatal(err)
				}
				if d := c.Details(); d != "" {
					if units, err = corpora.ReadOracleDetails(d); err != nil {
						t.Fatal(err)
					}
				}
			}
			repo := corpora.MakeRepoOf(t, c.Dir)
			cfg := testutil.Config(t, t.TempDir(), c.Config(repo))
			snap, err := livetest.New(t, cfg, t.TempDir(), livetest.Options{}).Scan(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			p := snap.Project(c.Name)
			if p == nil || p.Component("strings") == nil {
				t.Fatalf("the scan has no component %s/strings", c.Name)
			}
			comp := p.Component("strings")
			for _, a := range comp.Alerts {
				t.Logf("alert %s %s: %s", a.Kind, a.Path, a.Message)
			}
			if msg := compareFailing(comp, want, units); msg != "" {
				t.Errorf("%s: gitlate's failing checks differ from Weblate's:\n%s", c.Name, msg)
			}
		})
	}
}

// compareFailing compares the failing counts of c's translations with the
// oracle's rows (the source translation first, then one per file) and returns
// a report of the differences ("" when none). units are the oracle's failing
// units, quoted for the translations that differ.
func compareFailing(c *snapshot.Component, want []corpora.OracleRow, units []corpora.OracleUnit) string {
	var b strings.Builder
	byFile := map[string]*snapshot.Translation{}
	var source *snapshot.Translation
	for _, tr := range c.Translations {
		if tr.IsSource {
			source = tr
		} else {
			byFile[tr.Filename] = tr
		}
	}
	seen := map[*snapshot.Translation]bool{}
	sum, differ := 0, 0
	for i, w := range want {
		sum += w.Failing
		var tr *snapshot.Translation
		if i == 0 {
			// The oracle's first row is the source translation (its file is the
			// template or the new base, "" for a bilingual one without).
			tr = source
		} else {
			tr = byFile[w.Filename]
		}
		name := fmt.Sprintf("%s (%s)", w.Code, w.Filename)
		if tr == nil {
			fmt.Fprintf(&b, "  %s: not a translation of gitlate's (Weblate: failing %d, %s)\n", name, w.Failing, checksList(w.Checks))
			differ++
			continue
		}
		seen[tr] = true
		var notes []string
		if tr.Language != nil && tr.Language.Code != w.Code {
			notes = append(notes, fmt.Sprintf("gitlate's code is %s", tr.Language.Code))
		}
		if tr.Stats.Total != w.Total {
			// Not a checks difference: the units themselves differ.
			notes = append(notes, fmt.Sprintf("units: gitlate %d, Weblate %d", tr.Stats.Total, w.Total))
		}
		if tr.Stats.Failing == w.Failing && len(notes) == 0 {
			continue
		}
		differ++
		fmt.Fprintf(&b, "  %s: failing gitlate %d, Weblate %d; Weblate's checks: %s", name, tr.Stats.Failing, w.Failing, checksList(w.Checks))
		if len(notes) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(notes, "; "))
		}
		b.WriteString("\n")
		if tr.Stats.Failing != w.Failing {
			quoteUnits(&b, units, w.Code)
		}
	}
	for _, tr := range c.Translations {
		if !seen[tr] {
			differ++
			fmt.Fprintf(&b, "  %s (%s): not a translation of Weblate's (gitlate: failing %d)\n", tr.LanguageCode, tr.Filename, tr.Stats.Failing)
		}
	}
	if c.Stats.Failing != sum || differ > 0 {
		fmt.Fprintf(&b, "  component: failing gitlate %d, Weblate %d; %d of %d translations differ\n", c.Stats.Failing, sum, differ, len(want))
	}
	return b.String()
}

// checksList writes the oracle's units per check, most first.
func checksList(checks map[string]int) string {
	if len(checks) == 0 {
		return "none"
	}
	ids := slices.Sorted(maps.Keys(checks))
	slices.SortStableFunc(ids, func(a, b string) int { return checks[b] - checks[a] })
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s %d", id, checks[id])
	}
	return strings.Join(parts, ", ")
}

// quoteUnits writes the first few of the oracle's failing units of the
// translation code (reused alone does not count in failing: those are left out).
func quoteUnits(b *strings.Builder, units []corpora.OracleUnit, code string) {
	const most = 8
	n := 0
	for _, u := range units {
		if u.Code != code || (len(u.Checks) == 1 && u.Checks[0] == "reused") {
			continue
		}
		if n++; n > most {
			continue
		}
		fmt.Fprintf(b, "      Weblate: %q %v: %q -> %q\n", short(u.Key), u.Checks, short(u.Source), short(u.Target))
	}
	if n > most {
		fmt.Fprintf(b, "      ... %d more\n", n-most)
	}
}

func short(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// TestChecksMatchWeblateReport checks compareFailing itself: silent when every
// count agrees (so the differential test can pass), and naming the translation,
// both counts and the oracle's units when one differs.
func TestChecksMatchWeblateReport(t *testing.T) {
	t.Parallel()
	tr := func(code, file string, source bool, total, failing int) *snapshot.Translation {
		return &snapshot.Translation{Language: &lang.Language{Code: code}, Filename: file, IsSource: source,
			Stats: snapshot.Stats{Total: total, Failing: failing}}
	}
	comp := func(failing ...int) *snapshot.Component {
		c := &snapshot.Component{Translations: []*snapshot.Translation{
			tr("en", "", true, 3, failing[0]), tr("de", "de.po", false, 3, failing[1]), tr("fr", "fr.po", false, 3, failing[2])}}
		for _, x := range c.Translations {
			c.Stats.Failing += x.Stats.Failing
		}
		return c
	}
	want := []corpora.OracleRow{
		{Code: "en", Filename: "en.pot", Total: 3, Failing: 1, Checks: map[string]int{"multiple_failures": 1}},
		{Code: "de", Filename: "de.po", Total: 3, Failing: 2, Checks: map[string]int{"same": 1, "end_stop": 2, "reused": 1}},
		{Code: "fr", Filename: "fr.po", Total: 3, Checks: map[string]int{}},
	}
	units := []corpora.OracleUnit{
		{Code: "de", Key: "a", Checks: []string{"end_stop", "same"}, Source: "Open", Target: "Open"},
		{Code: "de", Key: "b", Checks: []string{"end_stop"}, Source: "Close.", Target: "Zu"},
		{Code: "de", Key: "c", Checks: []string{"reused"}, Source: "Shut", Target: "Zu"},
	}
	if msg := compareFailing(comp(1, 2, 0), want, units); msg != "" {
		t.Errorf("equal counts reported:\n%s", msg)
	}
	msg := compareFailing(comp(1, 1, 0), want, units)
	for _, s := range []string{"de (de.po): failing gitlate 1, Weblate 2", "end_stop 2, reused 1, same 1",
		`"a" [end_stop same]`, `"b" [end_stop]`, "component: failing gitlate 2, Weblate 3; 1 of 3"} {
		if !strings.Contains(msg, s) {
			t.Errorf("report lacks %q:\n%s", s, msg)
		}
	}
	if strings.Contains(msg, `"c"`) || strings.Contains(msg, "fr (") {
		t.Errorf("report names a unit failing reused alone, or an agreeing translation:\n%s", msg)
	}
	c := comp(1, 2, 0)
	c.Translations[2].Filename, c.Translations[2].LanguageCode = "fr_FR.po", "fr_FR"
	msg = compareFailing(c, want, units)
	for _, s := range []string{"fr (fr.po): not a translation of gitlate's", "fr_FR (fr_FR.po): not a translation of Weblate's"} {
		if !strings.Contains(msg, s) {
			t.Errorf("report lacks %q:\n%s", s, msg)
		}
	}
}
