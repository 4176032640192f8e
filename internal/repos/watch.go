package repos

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watcher reports file-system changes below the directories of checkouts. Bursts
// (an editor saving, a `git checkout` rewriting a hundred files, a commit) are
// coalesced: notify runs once the changes have been quiet for the delay, and at
// the latest after maxWait, with the tags of everything that changed.
//
// fsnotify watches single directories, so each directory is watched down to the
// depth the caller asks for, and directories that appear later (a new language's
// values-xx/) are added as they are created.
type Watcher struct {
	fs      *fsnotify.Watcher
	delay   time.Duration
	maxWait time.Duration
	notify  func(tags []string)

	mu      sync.Mutex
	dirs    map[string][]watch // watched directory → what it is watched for
	pending map[string]bool    // tags changed since the last notification
	timer   *time.Timer
	first   time.Time // when the first pending change came
	// quick is the delay of the first change after a quiet spell (see Quick);
	// fired when notify was last called.
	quick  time.Duration
	fired  time.Time
	closed bool
	done   chan struct{}
}

type watch struct {
	tag   string
	depth int // how many levels of subdirectories below are watched too
	// target is set on the nearest existing ancestor of a directory that does not
	// exist yet: it only waits for the path towards it to appear.
	target string
	// root marks the directory Add was given (as opposed to a subdirectory watched
	// for it): when it goes away it is waited for again, as when it was missing.
	root bool
}

// maxWatchesPerTag bounds the directories one tag may watch, so a filemask rooted at
// a huge tree cannot exhaust the kernel's inotify watches.
const maxWatchesPerTag = 4096

// NewWatcher starts a watcher. notify is called from the watcher's goroutine.
func NewWatcher(delay, maxWait time.Duration, notify func(tags []string)) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fs: fw, delay: delay, maxWait: maxWait, notify: notify,
		dirs: map[string][]watch{}, pending: map[string]bool{}, done: make(chan struct{})}
	go w.loop()
	return w, nil
}

// Quick makes a change that comes after a quiet spell — no notification for the
// delay — wait only d of quiet (less than the delay) before it is notified: a
// single edit shows sooner. Changes that follow a notification within the delay
// wait for the full delay, so a burst whose pauses are shorter than the delay is
// notified at most twice, as it was once, not once per pause. Zero turns it off.
func (w *Watcher) Quick(d time.Duration) {
	w.mu.Lock()
	w.quick = d
	w.mu.Unlock()
}

// Add watches dir and its subdirectories down to depth levels for tag. A directory
// that does not exist yet is waited for: its nearest existing ancestor is watched
// deep enough to see it appear. So is dir when it is removed later (a branch
// switch, rm -r then a checkout), so that it is watched again once it is back.
func (w *Watcher) Add(tag, dir string, depth int) error {
	dir = filepath.Clean(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.addOrWait(tag, dir, depth)
}

// addOrWait watches the root dir, or, when it is missing, its nearest existing
// ancestor for the path towards it. w.mu is held.
func (w *Watcher) addOrWait(tag, dir string, depth int) error {
	if w.closed {
		return errors.New("watcher closed")
	}
	// Each round looks, then watches: the path may grow in between (a checkout
	// recreating a directory just removed), and that raised no event, so it looks
	// again once the watch is in place. A path that keeps changing ends the rounds.
	for range 100 {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			err := w.addLocked(tag, dir, depth, true)
			if !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			continue // removed again right away: wait for it
		}
		anc := filepath.Dir(dir)
		for fi, err := os.Stat(anc); err != nil || !fi.IsDir(); fi, err = os.Stat(anc) {
			if filepath.Dir(anc) == anc {
				return errors.New("watch " + dir + ": no existing directory")
			}
			anc = filepath.Dir(anc)
		}
		x := watch{tag: tag, depth: depth, target: dir}
		if !slices.Contains(w.dirs[anc], x) {
			if _, watched := w.dirs[anc]; !watched {
				if err := w.fs.Add(anc); err != nil {
					return err
				}
			}
			w.dirs[anc] = append(w.dirs[anc], x)
		}
		rel, err := filepath.Rel(anc, dir)
		if err != nil {
			return err
		}
		next, _, _ := strings.Cut(rel, string(filepath.Separator))
		if fi, err := os.Stat(filepath.Join(anc, next)); err != nil || !fi.IsDir() {
			return nil // still missing: its creation will be seen
		}
		w.unwait(anc, x, true)
	}
	return errors.New("watch " + dir + ": the path keeps changing")
}

// addLocked watches dir and, recursively, its subdirectories; root says dir is
// the one Add was given. w.mu is held.
func (w *Watcher) addLocked(tag, dir string, depth int, root bool) error {
	if w.closed {
		return errors.New("watcher closed")
	}
	for i, x := range w.dirs[dir] {
		if x.tag == tag && x.target == "" && x.depth >= depth {
			w.dirs[dir][i].root = x.root || root
			return nil
		}
	}
	if w.count(tag) >= maxWatchesPerTag {
		return errors.New("too many directories to watch for " + tag)
	}
	if _, watched := w.dirs[dir]; !watched {
		if err := w.fs.Add(dir); err != nil {
			return err
		}
	}
	w.dirs[dir] = append(w.dirs[dir], watch{tag: tag, depth: depth, root: root})
	if depth == 0 {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // gone meanwhile: its removal event follows
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != ".git" {
			_ = w.addLocked(tag, filepath.Join(dir, e.Name()), depth-1, false)
		}
	}
	return nil
}

// watching reports whether dir itself is watched for tag. w.mu is held.
func (w *Watcher) watching(tag, dir string) bool {
	for _, x := range w.dirs[dir] {
		if x.tag == tag && x.target == "" {
			return true
		}
	}
	return false
}

func (w *Watcher) count(tag string) int {
	n := 0
	for _, ws := range w.dirs {
		for _, x := range ws {
			if x.tag == tag {
				n++
			}
		}
	}
	return n
}

// Close stops the watcher.
func (w *Watcher) Close() error {
	w.mu.Lock()
	w.closed = true
	if w.timer != nil {
		w.timer.Stop()
	}
	w.mu.Unlock()
	err := w.fs.Close()
	<-w.done
	return err
}

func (w *Watcher) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			w.event(ev)
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: everything may have changed.
				w.mu.Lock()
				for _, ws := range w.dirs {
					for _, x := range ws {
						w.pending[x.tag] = true
					}
				}
				w.schedule()
				w.mu.Unlock()
			}
		}
	}
}

func (w *Watcher) event(ev fsnotify.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	parent := filepath.Dir(ev.Name)
	counts := gitEventCounts(ev.Name)
	var towards []watch // waits whose path grew: the target, or a step towards it
	for _, x := range w.dirs[parent] {
		if x.target != "" {
			// Waiting for a directory: only the path towards it matters.
			if ev.Has(fsnotify.Create) && (ev.Name == x.target || strings.HasPrefix(x.target, ev.Name+string(filepath.Separator))) {
				towards = append(towards, x)
			}
			continue
		}
		if counts {
			w.pending[x.tag] = true
		}
		if ev.Has(fsnotify.Create) && x.depth > 0 {
			if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() && filepath.Base(ev.Name) != ".git" {
				_ = w.addLocked(x.tag, ev.Name, x.depth-1, false)
			}
		}
	}
	for _, x := range towards {
		// The wait moves: to the target itself when it is complete (mkdir -p), else
		// to the nearest ancestor that exists now (back here if the step towards it
		// went away again).
		w.unwait(parent, x, false)
		if err := w.addOrWait(x.tag, x.target, x.depth); err != nil {
			w.dirs[parent] = append(w.dirs[parent], x) // keep waiting here
		} else if w.watching(x.tag, x.target) {
			w.pending[x.tag] = true
		}
	}
	if len(towards) > 0 && len(w.dirs[parent]) == 0 {
		delete(w.dirs, parent)
		_ = w.fs.Remove(parent)
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		w.gone(ev.Name, ev.Has(fsnotify.Rename))
	}
	w.schedule()
}

// unwait drops the wait x from directory dir and, when unwatch is set and nothing
// else is watched there any more, dir's watch. w.mu is held.
func (w *Watcher) unwait(dir string, x watch, unwatch bool) {
	ws := w.dirs[dir]
	if i := slices.Index(ws, x); i >= 0 {
		ws = slices.Delete(ws, i, i+1)
	}
	if len(ws) > 0 || !unwatch {
		w.dirs[dir] = ws
		return
	}
	delete(w.dirs, dir)
	_ = w.fs.Remove(dir)
}

// gone forgets the watched directory dir, which was removed or renamed, and
// everything watched below it, and waits again for the roots and targets among them.
// The kernel dropped the watches of a removed tree, and fsnotify that of a renamed
// directory; the subdirectories of a renamed one are still watched, under names
// that are not true any more, so their watches are dropped here. w.mu is held.
func (w *Watcher) gone(dir string, renamed bool) {
	var again []watch
	for d, ws := range w.dirs {
		if d != dir && !strings.HasPrefix(d, dir+string(filepath.Separator)) {
			continue
		}
		for _, x := range ws {
			w.pending[x.tag] = true
			switch {
			case x.target != "":
				again = append(again, x)
			case x.root:
				again = append(again, watch{tag: x.tag, depth: x.depth, target: d})
			}
		}
		delete(w.dirs, d)
		if renamed && d != dir {
			_ = w.fs.Remove(d)
		}
	}
	// Waiting again (for a root back at its place: a branch switch recreates it at
	// once, and then it is simply watched again).
	for _, x := range again {
		_ = w.addOrWait(x.tag, x.target, x.depth)
	}
}

// gitEventCounts says whether a change at path may change what is read. Inside a
// .git directory only HEAD, packed-refs and refs/ say which commit is checked out:
// an IDE running `git status` every few seconds rewrites .git/index, and git writes
// objects, logs and locks on every command, none of which is worth a rescan.
func gitEventCounts(path string) bool {
	comps := strings.Split(filepath.ToSlash(path), "/")
	i := len(comps) - 1
	for i >= 0 && comps[i] != ".git" {
		i--
	}
	if i < 0 {
		return true // not in a .git directory
	}
	rel := strings.Join(comps[i+1:], "/")
	return rel == "" || rel == "HEAD" || rel == "packed-refs" || rel == "refs" || strings.HasPrefix(rel, "refs/")
}

// schedule (re)arms the timer; w.mu is held.
func (w *Watcher) schedule() {
	if len(w.pending) == 0 {
		return
	}
	now := time.Now()
	if w.first.IsZero() {
		w.first = now
	}
	wait := w.delay
	if w.quick > 0 && w.quick < wait && now.Sub(w.fired) >= w.delay {
		wait = w.quick
	}
	if left := w.maxWait - now.Sub(w.first); left < wait {
		wait = max(left, 0)
	}
	if w.timer == nil {
		w.timer = time.AfterFunc(wait, w.fire)
	} else {
		w.timer.Reset(wait)
	}
}

func (w *Watcher) fire() {
	w.mu.Lock()
	if w.closed || len(w.pending) == 0 {
		w.mu.Unlock()
		return
	}
	tags := make([]string, 0, len(w.pending))
	for t := range w.pending {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	w.pending = map[string]bool{}
	w.first = time.Time{}
	w.fired = time.Now()
	w.mu.Unlock()
	w.notify(tags)
}
