package units_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/testutil"
)

// template is an Android template of the given keys.
func template(keys ...string) string {
	var b strings.Builder
	b.WriteString("<resources>\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "  <string name=%q>%s</string>\n", k, strings.ToUpper(k))
	}
	b.WriteString("</resources>\n")
	return b.String()
}

// idsOf reads every translation's units: language → key → id.
func idsOf(t *testing.T, s *livetest.Setup, snap *snapshot.Snapshot) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	for _, tr := range snap.Project("demo").Component("android").Translations {
		units, err := s.Units.Units(tr)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]int{}
		for _, u := range units {
			m[u.Context] = u.ID
			// The id leads back to the unit.
			got, gu, err := s.Units.Unit(snap, u.ID)
			if err != nil || got != tr || gu.Context != u.Context {
				t.Errorf("unit %d (%s %s) found as %v %+v %v", u.ID, tr.Language.Code, u.Context, got, gu, err)
			}
		}
		out[tr.Language.Code] = m
	}
	return out
}

// TestUnitIDs: unit ids are given when the scan reads the files, in creation order
// (source translation first, then files in path order, units in position order); a
// key new to the component gets new, larger ids, wherever it stands in the file;
// a key that goes and comes back keeps its id; a restart gives the same ids.
func TestUnitIDs(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"res/values/strings.xml":    template("a", "b", "c"),
		"res/values-cs/strings.xml": template("a"),
		"res/values-de/strings.xml": template("b"),
	})
	dir := t.TempDir()
	cfg := testutil.Config(t, dir, testutil.AndroidConfig(repo))
	st, err := boltstore.Open(filepath.Join(dir, "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	s := livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{Store: st})
	scan := func() *snapshot.Snapshot {
		snap, err := s.Live.Build(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		return snap
	}
	got := idsOf(t, s, scan())
	want := map[string]map[string]int{
		"en": {"a": 1, "b": 2, "c": 3},
		"cs": {"a": 4, "b": 5, "c": 6},
		"de": {"a": 7, "b": 8, "c": 9},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ids %v, want %v", got, want)
	}
	// A new key, first in the template: new ids, after all others.
	testutil.WriteFiles(t, repo, map[string]string{"res/values/strings.xml": template("z", "a", "b", "c")})
	got = idsOf(t, s, scan())
	for _, l := range []string{"en", "cs", "de"} {
		want[l]["z"] = map[string]int{"en": 10, "cs": 11, "de": 12}[l]
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after a new key: %v, want %v", got, want)
	}
	// b goes: its id leads nowhere; b comes back: the same id.
	testutil.WriteFiles(t, repo, map[string]string{"res/values/strings.xml": template("z", "a", "c")})
	snap := scan()
	got = idsOf(t, s, snap)
	if _, ok := got["cs"]["b"]; ok {
		t.Fatalf("b still there: %v", got)
	}
	if tr, u, err := s.Units.Unit(snap, want["cs"]["b"]); tr != nil || u != nil || err != nil {
		t.Errorf("the id of a removed unit finds %v %+v %v", tr, u, err)
	}
	testutil.WriteFiles(t, repo, map[string]string{"res/values/strings.xml": template("z", "a", "b", "c")})
	if got := idsOf(t, s, scan()); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("b back: %v, want %v", got, want)
	}
	st.Close()
	st, err = boltstore.Open(filepath.Join(dir, "ids.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s = livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{Store: st})
	if got := idsOf(t, s, scan()); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after a restart: %v, want %v", got, want)
	}
}

const po = `msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\n"

%s`

func poFile(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		fmt.Fprintf(&b, "msgid %q\nmsgstr %q\n\n", pairs[i], pairs[i+1])
	}
	return fmt.Sprintf(po, b.String())
}

// TestBilingualUnitIDs: a bilingual component numbers its source and context
// pairs across files; the source translation holds each once, and each file's
// units take the ids of its own pairs.
func TestBilingualUnitIDs(t *testing.T) {
	repo := testutil.NewRepo(t, map[string]string{
		"po/cs.po": poFile("Hello", "Ahoj", "Bye", ""),
		"po/de.po": poFile("Bye", "Tschüss", "Night", "Nacht"),
	})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Android
        slug: android
        repo: `+repo+`
        filemask: po/*.po
        file_format: po
`)
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	snap, err := s.Live.Build(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	got := idsOf(t, s, snap) // every id leads back to its unit
	// Keys: Hello 0, Bye 1, Night 2 (cs's first, then de's). The source covers
	// all three (1-3), cs its first two (4-5), de all three (6-8, 6 unused).
	src := snap.Project("demo").Component("android").Translations[0]
	units, _ := s.Units.Units(src)
	var srcIDs []int
	for _, u := range units {
		srcIDs = append(srcIDs, u.ID)
	}
	cs, _ := s.Units.Units(snap.Project("demo").Component("android").Translation("cs"))
	de, _ := s.Units.Units(snap.Project("demo").Component("android").Translation("de"))
	if fmt.Sprint(srcIDs) != "[1 2 3]" || len(cs) != 2 || cs[0].ID != 4 || cs[1].ID != 5 || len(de) != 2 || de[0].ID != 7 || de[1].ID != 8 {
		t.Errorf("source %v, cs %d %d, de %d %d (got %v)", srcIDs, cs[0].ID, cs[1].ID, de[0].ID, de[1].ID, got)
	}
	// Each unit's source unit is the source translation's unit of its pair.
	if cs[1].SourceUnit != 2 || de[0].SourceUnit != 2 || de[1].SourceUnit != 3 {
		t.Errorf("source units: cs Bye %d, de Bye %d, de Night %d", cs[1].SourceUnit, de[0].SourceUnit, de[1].SourceUnit)
	}
}

// TestConcurrentReadsShareOne: requests for a translation being read wait for that
// read rather than parsing the file again each. The file is edited after the scan,
// so what is read is not cached: only sharing the read gives every caller the same
// units.
func TestConcurrentReadsShareOne(t *testing.T) {
	big := func(word string) string {
		pairs := make([]string, 0, 40000)
		for i := range 20000 {
			pairs = append(pairs, fmt.Sprintf("String %d", i), fmt.Sprintf("%s %d", word, i))
		}
		return poFile(pairs...)
	}
	repo := testutil.NewRepo(t, map[string]string{"po/cs.po": big("Řetězec")})
	cfg := testutil.Config(t, t.TempDir(), `projects:
  - name: Demo
    slug: demo
    components:
      - name: Big
        slug: big
        repo: `+repo+`
        filemask: po/*.po
        file_format: po
`)
	s := livetest.New(t, cfg, t.TempDir(), livetest.Options{})
	snap, err := s.Live.Build(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	testutil.WriteFiles(t, repo, map[string]string{"po/cs.po": big("Upraveno")})
	cs := snap.Project("demo").Component("big").Translation("cs")
	const n = 8
	start := make(chan struct{})
	got := make([]*snapshot.Unit, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			units, err := s.Units.UnitsShared(cs)
			if err != nil || len(units) != 20000 || units[5].Target[0] != "Upraveno 5" {
				t.Errorf("%d units, %v", len(units), err)
				return
			}
			got[i] = &units[0]
		}()
	}
	close(start)
	wg.Wait()
	for i := 1; i < n; i++ {
		if got[i] != got[0] {
			t.Fatalf("read %d parsed the file again", i)
		}
	}
	// Once it is over, a read reads again: the file is not the scan's, so it is
	// not kept.
	if again, _ := s.Units.UnitsShared(cs); &again[0] == got[0] {
		t.Error("units read from an edited file were kept")
	}
}
