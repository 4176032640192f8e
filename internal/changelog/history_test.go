package changelog_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/history"
	"github.com/gitlate/gitlate/internal/testutil/scratch"
	"github.com/gitlate/gitlate/internal/weblate"
)

// The fdroid history is the real translation history of an app
// (internal/testutil/history: its first 152 commits, or all 2,568 with
// GITLATE_TEST_SHARED).
var (
	fdroidOnce    sync.Once
	fdroidDir     string
	fdroidSnap    *snapshot.Snapshot
	fdroidChanges []*snapshot.Change
	fdroidErr     error
	fdroidTmp     string          // for the clone and its data, removed by TestMain
	fdroidSetup   *livetest.Setup // what scanned it (its Log holds the progress)
)

const fdroidRes = "app/src/main/res"

func TestMain(m *testing.M) {
	restore := scratch.InMemory()
	dir, err := os.MkdirTemp("", "changelog-test-")
	if err != nil {
		panic(err)
	}
	fdroidTmp = dir
	code := m.Run()
	os.RemoveAll(dir)
	restore()
	os.Exit(code)
}

// fdroid clones the bundle once and scans it with its whole history.
func fdroid(t *testing.T) (string, *snapshot.Snapshot) {
	t.Helper()
	if testing.Short() && history.Full() {
		t.Skip("walks 2,568 commits of a real app's history")
	}
	fdroidOnce.Do(func() {
		fdroidErr = errors.New("the first test to clone the bundle failed")
		dir := fdroidTmp
		fdroidDir = history.Clone(t, filepath.Join(dir, "repo"), false)
		fdroidErr = nil
		cfg, err := config.Parse([]byte(`projects:
  - name: F-Droid
    slug: fdroid
    components:
      - name: Client
        slug: client
        repo: `+fdroidDir+`
        filemask: `+fdroidRes+`/values-*/strings.xml
        template: `+fdroidRes+`/values/strings.xml
        file_format: aresource
        history: all
`), "")
		if err != nil {
			fdroidErr = err
			return
		}
		s := livetest.New(t, cfg, filepath.Join(dir, "data"), livetest.Options{})
		fdroidSetup = s
		if fdroidSnap, fdroidErr = s.Scan(context.Background()); fdroidErr == nil {
			fdroidChanges, fdroidErr = s.Log.Changes(context.Background(), fdroidSnap)
		}
	})
	if fdroidErr != nil {
		t.Fatal(fdroidErr)
	}
	return fdroidDir, fdroidSnap
}

// gitShow returns the blob rev:path names in the repository dir, as git show
// does, through one git cat-file --batch per repository: the tests read a few
// hundred old versions.
func gitShow(t *testing.T, dir, spec string) string {
	t.Helper()
	blobsMu.Lock()
	defer blobsMu.Unlock()
	b := blobs[dir]
	if b == nil {
		cmd := exec.Command("git", "cat-file", "--batch")
		cmd.Dir = dir
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatalf("git cat-file --batch: %v", err)
		}
		// It ends when the test binary does, and its standard input with it.
		b = &blobReader{in: in, out: bufio.NewReader(out)}
		blobs[dir] = b
	}
	if _, err := io.WriteString(b.in, spec+"\n"); err != nil {
		t.Fatalf("git cat-file --batch: %v", err)
	}
	header, err := b.out.ReadString('\n')
	if err != nil {
		t.Fatalf("git cat-file --batch: %v", err)
	}
	fields := strings.Fields(header)
	if len(fields) != 3 {
		t.Fatalf("git cat-file --batch %s: %q", spec, header)
	}
	size, err := strconv.Atoi(fields[2])
	if err != nil {
		t.Fatalf("git cat-file --batch %s: %q", spec, header)
	}
	data := make([]byte, size+1) // and the newline after it
	if _, err := io.ReadFull(b.out, data); err != nil {
		t.Fatalf("git cat-file --batch %s: %v", spec, err)
	}
	return string(data[:size])
}

// A blobReader is a running git cat-file --batch.
type blobReader struct {
	in  io.Writer
	out *bufio.Reader
}

var (
	blobsMu sync.Mutex
	blobs   = map[string]*blobReader{}
)

// gitOut runs git in dir and returns its output.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return string(out)
}

type commitInfo struct {
	hash   string
	author string
	when   time.Time
}

// firstParentLog lists the first-parent commits touching path, oldest first, with
// the git CLI — independently of the code under test.
func firstParentLog(t *testing.T, dir, path string) []commitInfo {
	t.Helper()
	var out []commitInfo
	sc := bufio.NewScanner(strings.NewReader(gitOut(t, dir, "log", "--first-parent", "--reverse", "--format=%H%x09%an%x09%ct", "--", path)))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		sec, _ := strconv.ParseInt(f[2], 10, 64)
		out = append(out, commitInfo{f[0], f[1], time.Unix(sec, 0).UTC()})
	}
	return out
}

// changesOf lists a translation's changes with the given action.
func changesOf(snap *snapshot.Snapshot, code string, action weblate.Action) []*snapshot.Change {
	var out []*snapshot.Change
	for _, ch := range fdroidChanges {
		if ch.Action == action && ch.Translation != nil && ch.Translation.Language.Code == code {
			out = append(out, ch)
		}
	}
	return out
}

// TestFdroidAddedLanguage: the commit that added a language file gives 48 Added new
// language with that commit's author and committer time.
func TestFdroidAddedLanguage(t *testing.T) {
	dir, snap := fdroid(t)
	first := firstParentLog(t, dir, fdroidRes+"/values/strings.xml")[0]
	checked := 0
	for _, dirName := range []string{"values-eo", "values-sq", "values-ta", "values-kab", "values-hr", "values-kn", "values-ml"} {
		path := fdroidRes + "/" + dirName + "/strings.xml"
		log := firstParentLog(t, dir, path)
		if len(log) == 0 || log[0].hash == first.hash {
			continue // present from the component's creation: no 48
		}
		l, err := lang.Resolve(strings.TrimPrefix(dirName, "values-"))
		if err != nil {
			t.Fatal(err)
		}
		added := log[0]
		var found bool
		for _, ch := range changesOf(snap, l.Code, weblate.ActionAddedLanguage) {
			if ch.Timestamp.Equal(added.when) && ch.Author.FullName == added.author {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no 48 at %s by %s (commit %s)", dirName, added.when, added.author, added.hash)
		}
		checked++
	}
	// The languages added after the first commit: those whose oldest commit in
	// `git log --first-parent --reverse --format=%H master -- app/src/main/res/values-LANG/strings.xml`
	// is not the root, ad95c83: ta, hr, kn and ml; kab too in the whole history (it
	// came in commit 186, after the trimmed bundle's 152); eo and sq are in the root.
	want := 4
	if history.Full() {
		want = 5
	}
	if checked != want {
		t.Fatalf("%d languages checked, want %d", checked, want)
	}
}

var (
	simpleString = regexp.MustCompile(`<string name="([^"]+)">([A-Za-z][A-Za-z ,]*[A-Za-z])</string>`)
	anyString    = regexp.MustCompile(`<string name="([^"]+)"`)
)

// stringNames lists the names of all <string> elements, whatever their text.
func stringNames(data string) map[string]bool {
	out := map[string]bool{}
	for _, m := range anyString.FindAllStringSubmatch(data, -1) {
		out[m[1]] = true
	}
	return out
}

// plainStrings reads the <string> elements whose text needs no unescaping.
func plainStrings(data string) map[string]string {
	out := map[string]string{}
	for _, m := range simpleString.FindAllStringSubmatch(data, -1) {
		out[m[1]] = m[2]
	}
	return out
}

// TestFdroidFilledString: a commit that gave a template string its first translation
// gives 5 New translation with the new text, by that commit's author and time.
func TestFdroidFilledString(t *testing.T) {
	dir, snap := fdroid(t)
	path := fdroidRes + "/values-de/strings.xml"
	log := firstParentLog(t, dir, path)
	checked := 0
	for i := len(log) - 1; i > 0 && checked < 5; i-- {
		c := log[i]
		// Every string the file had before, not only plain ones: a plain text that
		// replaced a translation with an accent is a change, not a first translation.
		before := stringNames(gitShow(t, dir, log[i-1].hash+":"+path))
		after := plainStrings(gitShow(t, dir, c.hash+":"+path))
		tmpl := plainStrings(gitShow(t, dir, c.hash+":"+fdroidRes+"/values/strings.xml"))
		for name, text := range after {
			if before[name] || tmpl[name] == "" {
				continue
			}
			var found bool
			for _, ch := range changesOf(snap, "de", weblate.ActionNew) {
				if ch.Target == text && ch.Timestamp.Equal(c.when) && ch.Author.FullName == c.author {
					found = true
				}
			}
			if !found {
				t.Errorf("commit %s filled %s with %q: no 5 New translation", c.hash, name, text)
			}
			checked++
			break
		}
	}
	if checked == 0 {
		t.Fatal("found no commit that filled a plain string")
	}
	t.Logf("%d commits checked", checked)
}

// TestFdroidTemplateAddedStrings: a template commit that added strings gives 44 New
// strings to translate once per translation that existed, counting the strings.
func TestFdroidTemplateAddedStrings(t *testing.T) {
	dir, _ := fdroid(t)
	names := regexp.MustCompile(`<(?:string|plurals) name="([^"]+)"`)
	tmplPath := fdroidRes + "/values/strings.xml"
	log := firstParentLog(t, dir, tmplPath)
	checked := 0
	for i := len(log) - 1; i > 0 && checked < 3; i-- {
		c := log[i]
		before := map[string]bool{}
		for _, m := range names.FindAllStringSubmatch(gitShow(t, dir, log[i-1].hash+":"+tmplPath), -1) {
			before[m[1]] = true
		}
		added := map[string]bool{}
		for _, m := range names.FindAllStringSubmatch(gitShow(t, dir, c.hash+":"+tmplPath), -1) {
			if !before[m[1]] {
				added[m[1]] = true
			}
		}
		if len(added) == 0 {
			continue
		}
		// The translations that existed before the commit.
		langs := 0
		for _, line := range strings.Split(gitOut(t, dir, "ls-tree", "--name-only", c.hash+"^", fdroidRes+"/"), "\n") {
			if strings.HasPrefix(line, fdroidRes+"/values-") {
				if _, err := lang.Resolve(strings.TrimPrefix(line, fdroidRes+"/values-")); err == nil {
					langs++
				}
			}
		}
		var got []*snapshot.Change
		for _, ch := range fdroidChanges {
			if ch.Action == weblate.ActionNewStrings && ch.Timestamp.Equal(c.when) {
				got = append(got, ch)
			}
		}
		if len(got) != langs {
			t.Errorf("commit %s added %d strings: %d changes 44, want one per existing translation (%d)", c.hash, len(added), len(got), langs)
		}
		for _, ch := range got {
			if ch.Count != len(added) {
				t.Errorf("commit %s: 44 counts %d strings, want %d", c.hash, ch.Count, len(added))
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("found no template commit adding strings")
	}
	t.Logf("%d commits checked", checked)
}

// TestFdroidLastChange: a translation's last_change is the committer time of the
// newest commit that changed one of its units, found here with git and the parser.
func TestFdroidLastChange(t *testing.T) {
	dir, snap := fdroid(t)
	format, _ := formats.Lookup("aresource")
	texts := func(rev, path, code string) map[string]string {
		f, err := format.Format().Parse([]byte(gitShow(t, dir, rev+":"+path)))
		if err != nil {
			return nil
		}
		tags := lang.AndroidPluralTags(code)
		out := map[string]string{}
		for i := range f.Units {
			out[f.Units[i].Key] = strings.Join(f.Units[i].FormsFor(tags), "\x1e\x1e")
		}
		return out
	}
	c := snap.Project("fdroid").Component("client")
	for _, code := range []string{"de", "fr", "eo", "uk"} {
		tr := c.Translation(code)
		path := tr.Filename
		log := firstParentLog(t, dir, path)
		var want time.Time
		for i := len(log) - 1; i >= 0 && want.IsZero(); i-- {
			cur := texts(log[i].hash, path, tr.LanguageCode)
			var prev map[string]string
			if i > 0 {
				prev = texts(log[i-1].hash, path, tr.LanguageCode)
			}
			tmpl := texts(log[i].hash, fdroidRes+"/values/strings.xml", "en")
			for key, text := range cur {
				if src := tmpl[key]; src == "" || strings.HasPrefix(text, "\x1e") || text == "" {
					continue // not a template string, or not translated
				}
				if prev[key] != text {
					want = log[i].when
					break
				}
			}
		}
		if !tr.Stats.LastChange.Equal(want) {
			t.Errorf("%s: last_change %s, want %s", code, tr.Stats.LastChange, want)
		}
		if tr.Stats.LastAuthor == "" {
			t.Errorf("%s: no last author", code)
		}
	}
}

// changeList is what a client sees of the log, for comparisons.
func changeList(t *testing.T, s *livetest.Setup, snap *snapshot.Snapshot) []string {
	t.Helper()
	changes, err := s.Log.Changes(context.Background(), snap)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ch := range changes {
		tr := ""
		if ch.Translation != nil {
			tr = ch.Translation.Language.Code + "/" + strconv.Itoa(ch.Translation.ID)
		}
		out = append(out, strings.Join([]string{strconv.Itoa(ch.ID), strconv.Itoa(int(ch.Action)), ch.Timestamp.String(),
			tr, strconv.Itoa(ch.UnitID), ch.Target, ch.User.Username}, "|"))
	}
	return out
}

// TestIDsStableAcrossRestartAndRescan: the same repository scanned again, by the same
// scanner or by a new one on the same store, gives identical ids and change lists.
func TestIDsStableAcrossRestartAndRescan(t *testing.T) {
	cfg, data := testutil.Samples(t)
	path := filepath.Join(data, "ids.db")
	run := func(rescan bool) ([]string, []string) {
		st, err := boltstore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		s := livetest.New(t, cfg, data, livetest.Options{Store: st})
		snap, err := s.Scan(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rescan {
			if snap, err = s.Scan(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		var objects []string
		for _, p := range snap.Projects {
			objects = append(objects, "p"+strconv.Itoa(p.ID)+p.Config.Slug)
			for _, c := range p.Components {
				objects = append(objects, "c"+strconv.Itoa(c.ID)+c.Config.Slug)
				for _, tr := range c.Translations {
					objects = append(objects, "t"+strconv.Itoa(tr.ID)+tr.Language.Code)
					units, err := s.Units.Units(tr)
					if err != nil {
						t.Fatal(err)
					}
					for _, u := range units {
						objects = append(objects, "u"+strconv.Itoa(u.ID)+u.Context)
					}
				}
			}
		}
		return objects, changeList(t, s, snap)
	}
	objects1, changes1 := run(false)
	objects2, changes2 := run(true)
	if strings.Join(objects1, "\n") != strings.Join(objects2, "\n") {
		t.Error("object ids differ after a restart and a rescan")
	}
	if strings.Join(changes1, "\n") != strings.Join(changes2, "\n") {
		t.Error("the change list differs after a restart and a rescan")
	}
	if len(changes1) < 50 || len(objects1) < 100 {
		t.Errorf("too little to compare: %d changes, %d objects", len(changes1), len(objects1))
	}
	// Ids follow time.
	for i := 1; i < len(changes1); i++ {
		a, b := strings.Split(changes1[i-1], "|"), strings.Split(changes1[i], "|")
		if a[2] > b[2] {
			t.Errorf("change %s comes before %s but is later", a[0], b[0])
		}
	}
}
