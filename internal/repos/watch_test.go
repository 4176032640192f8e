package repos

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
)

// TestWatcher runs the watcher's cases at once: each waits for notifications, or
// for their absence, most of the time.
func TestWatcher(t *testing.T) {
	t.Parallel()
	cases := []func(*testing.T){watcherEdits, watcherRootRecreated, watcherGitDir}
	testutil.AtOnce(t, []string{"edits", "root recreated", "git dir"}, func(t *testing.T, i int) { cases[i](t) })
}

// watcherEdits: edits below watched directories notify their tags once per burst,
// new subdirectories are picked up, and unrelated places stay quiet.
func watcherEdits(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"res/values", "res/values-cs", "other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	got := make(chan []string, 10)
	w, err := NewWatcher(50*time.Millisecond, 500*time.Millisecond, func(tags []string) { got <- tags })
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Add("app", filepath.Join(root, "res"), 1); err != nil {
		t.Fatal(err)
	}
	if err := w.Add("later", filepath.Join(root, "not", "yet"), 0); err != nil {
		t.Fatal(err)
	}
	expect := func(want []string) {
		t.Helper()
		select {
		case tags := <-got:
			if !reflect.DeepEqual(tags, want) {
				t.Fatalf("notified %v, want %v", tags, want)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("no notification, want %v", want)
		}
	}
	quiet := func() {
		t.Helper()
		select {
		case tags := <-got:
			t.Fatalf("unexpected notification %v", tags)
		case <-time.After(300 * time.Millisecond):
		}
	}
	write := func(rel string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(time.Now().String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A burst of edits: one notification.
	for i := 0; i < 20; i++ {
		write("res/values-cs/strings.xml")
	}
	expect([]string{"app"})
	quiet()
	// A new language directory appears; a file written into it right after counts.
	if err := os.Mkdir(filepath.Join(root, "res/values-de"), 0o755); err != nil {
		t.Fatal(err)
	}
	expect([]string{"app"})
	write("res/values-de/strings.xml")
	expect([]string{"app"})
	// Elsewhere: nothing.
	write("other/file.txt")
	quiet()
	// A directory that did not exist when watched.
	if err := os.MkdirAll(filepath.Join(root, "not", "yet"), 0o755); err != nil {
		t.Fatal(err)
	}
	expect([]string{"later"})
	write("not/yet/x.tbx")
	expect([]string{"later"})
}

// watchRecorder collects a Watcher's notifications for a test.
type watchRecorder struct {
	t   *testing.T
	got chan []string
}

func newWatchRecorder(t *testing.T) (*Watcher, *watchRecorder) {
	t.Helper()
	rec := &watchRecorder{t: t, got: make(chan []string, 100)}
	w, err := NewWatcher(50*time.Millisecond, 500*time.Millisecond, func(tags []string) { rec.got <- tags })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w, rec
}

// expect waits for a notification of want.
func (r *watchRecorder) expect(what string, want ...string) {
	r.t.Helper()
	select {
	case tags := <-r.got:
		if !reflect.DeepEqual(tags, want) {
			r.t.Fatalf("%s: notified %v, want %v", what, tags, want)
		}
	case <-time.After(3 * time.Second):
		r.t.Fatalf("%s: no notification, want %v", what, want)
	}
}

// quiet checks that nothing is notified for a while.
func (r *watchRecorder) quiet(what string) {
	r.t.Helper()
	select {
	case tags := <-r.got:
		r.t.Fatalf("%s: unexpected notification %v", what, tags)
	case <-time.After(250 * time.Millisecond):
	}
}

// drain forgets notifications until none came for a while.
func (r *watchRecorder) drain() {
	for {
		select {
		case <-r.got:
		case <-time.After(150 * time.Millisecond):
			return
		}
	}
}

// watcherRootRecreated: a watched directory that is removed (or renamed away)
// and created again is watched again, however fast it comes back, and the old one
// renamed elsewhere is not watched any more.
func watcherRootRecreated(t *testing.T) {
	tests := []struct {
		name   string
		remove func(root string) error
		wait   bool // let the removal be noticed before the directory comes back
	}{
		{"rm -r, later checkout", func(root string) error { return os.RemoveAll(filepath.Join(root, "res")) }, true},
		{"rm -r and checkout at once", func(root string) error { return os.RemoveAll(filepath.Join(root, "res")) }, false},
		{"renamed away, later checkout", func(root string) error {
			return os.Rename(filepath.Join(root, "res"), filepath.Join(root, "res.old"))
		}, true},
		{"renamed away and checkout at once", func(root string) error {
			return os.Rename(filepath.Join(root, "res"), filepath.Join(root, "res.old"))
		}, false},
	}
	var names []string
	for _, tt := range tests {
		names = append(names, tt.name)
	}
	// Each its own directory and Watcher; the cases mostly wait for notifications.
	testutil.AtOnce(t, names, func(t *testing.T, i int) {
		tt := tests[i]
		root := t.TempDir()
		write := func(rel string) {
			t.Helper()
			p := filepath.Join(root, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(time.Now().String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("res/values/strings.xml")
		w, rec := newWatchRecorder(t)
		if err := w.Add("app", filepath.Join(root, "res"), 1); err != nil {
			t.Fatal(err)
		}
		if err := tt.remove(root); err != nil {
			t.Fatal(err)
		}
		if tt.wait {
			rec.expect("removal", "app")
			rec.quiet("after the removal")
		}
		write("res/values-de/strings.xml") // the checkout brings it back
		rec.expect("directory back", "app")
		rec.drain()
		for _, rel := range []string{"res/values-de/strings.xml", "res/new.xml"} {
			write(rel)
			rec.expect("edit of "+rel+" after the directory came back", "app")
			rec.drain()
		}
		if _, err := os.Stat(filepath.Join(root, "res.old")); err == nil {
			write("res.old/values/strings.xml")
			rec.quiet("edit of the renamed-away directory")
		}
		// Removed again: still followed.
		if err := os.RemoveAll(filepath.Join(root, "res")); err != nil {
			t.Fatal(err)
		}
		rec.expect("second removal", "app")
		rec.drain()
		write("res/values/strings.xml")
		rec.expect("back again", "app")
		rec.drain()
		write("res/values/strings.xml")
		rec.expect("edit after the second return", "app")
		w.mu.Lock()
		defer w.mu.Unlock()
		for d, ws := range w.dirs {
			if len(ws) > 2 {
				t.Errorf("%s is watched %d times: %v", d, len(ws), ws)
			}
		}
	})
}

// watcherGitDir: inside .git only HEAD, packed-refs and refs/ count; what every
// git command writes (the index, objects, logs, locks) does not.
func watcherGitDir(t *testing.T) {
	root := t.TempDir()
	git(t, root, "init", "-q", "-b", "main")
	w, rec := newWatchRecorder(t)
	// As the scanner watches a checkout.
	for _, d := range []struct {
		dir   string
		depth int
	}{{".git", 0}, {".git/refs/heads", 4}} {
		if err := w.Add("app", filepath.Join(root, d.dir), d.depth); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		path   string
		counts bool
	}{
		{".git/index", false},
		{".git/index.lock", false},
		{".git/ORIG_HEAD", false},
		{".git/FETCH_HEAD", false},
		{".git/config", false},
		{".git/HEAD.lock", false},
		{".git/HEAD", true},
		{".git/packed-refs", true},
		{".git/refs/heads/main", true},
		{".git/refs/heads/main.lock", true},
		{".git/refs/heads/feature/x", true}, // in a new directory
		{".git/refs/heads/feature/y", true}, // which is watched from then on
	}
	// The writes that do not count, all at once: one quiet period says that none of
	// them notified (the list comes first, so no counting write is pending).
	var silent []string
	for _, tt := range tests {
		if tt.counts && silent != nil {
			rec.quiet(strings.Join(silent, ", "))
			silent = nil
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, tt.path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, tt.path), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if !tt.counts {
			silent = append(silent, tt.path)
			continue
		}
		rec.expect(tt.path, "app")
		rec.drain()
	}
	if silent != nil {
		rec.quiet(strings.Join(silent, ", "))
	}
	// A real git status finding the index stale rewrites it: no rescan.
	repo := newCheckout(t, map[string]string{"f.txt": "f"})
	w2, rec2 := newWatchRecorder(t)
	if err := w2.Add("app", filepath.Join(repo, ".git"), 0); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(repo, ".git", "index")
	before, _ := os.Stat(index)
	past := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(repo, "f.txt"), past, past)
	git(t, repo, "status", "--porcelain")
	if after, _ := os.Stat(index); after.ModTime().Equal(before.ModTime()) {
		t.Log("git status did not rewrite the index here")
	}
	rec2.quiet("git status")
}

func TestGitEventCounts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/w/repo/res/values/strings.xml", true},
		{"/w/repo/.git", true},
		{"/w/repo/.git/HEAD", true},
		{"/w/repo/.git/packed-refs", true},
		{"/w/repo/.git/refs", true},
		{"/w/repo/.git/refs/heads/main", true},
		{"/w/repo/.git/refs/tags/v1", true},
		{"/w/repo/.git/index", false},
		{"/w/repo/.git/logs/HEAD", false},
		{"/w/repo/.git/logs/refs/heads/main", false},
		{"/w/repo/.git/objects/ab/cdef", false},
		{"/w/repo/.git/HEAD.lock", false},
		{"/w/repo/.github/workflows/ci.yml", true},
		{"/w/repo/sub/.git/index", false}, // a nested repository's own .git
		{"/w/repo/x.git/index", true},     // not a .git directory
	} {
		if got := gitEventCounts(tt.path); got != tt.want {
			t.Errorf("gitEventCounts(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
