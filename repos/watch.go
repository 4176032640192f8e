package repos

import (
	"errors"
	"os"
	"path/filepath"
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
	closed  bool
	done    chan struct{}
}

type watch struct {
	tag   string
	depth int // how many levels of subdirectories below are watched too
	// target is set on the ancestors of a directory that does not exist yet: they
	// only wait for the path towards it to appear.
	target string
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

// Add watches dir and its subdirectories down to depth levels for tag. A directory
// that does not exist yet is waited for: its nearest existing ancestor is watched
// deep enough to see it appear.
func (w *Watcher) Add(tag, dir string, depth int) error {
	dir = filepath.Clean(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.addOrWait(tag, dir, depth)
}

// addOrWait watches dir, or, when it is missing, its nearest existing ancestor for
// the path towards it. w.mu is held.
func (w *Watcher) addOrWait(tag, dir string, depth int) error {
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return w.addLocked(tag, dir, depth)
	}
	for anc := filepath.Dir(dir); ; anc = filepath.Dir(anc) {
		if fi, err := os.Stat(anc); err == nil && fi.IsDir() {
			if _, watched := w.dirs[anc]; !watched {
				if err := w.fs.Add(anc); err != nil {
					return err
				}
			}
			w.dirs[anc] = append(w.dirs[anc], watch{tag: tag, depth: depth, target: dir})
			return nil
		}
		if filepath.Dir(anc) == anc {
			return errors.New("watch " + dir + ": no existing directory")
		}
	}
}

// addLocked watches dir and, recursively, its subdirectories. w.mu is held.
func (w *Watcher) addLocked(tag, dir string, depth int) error {
	if w.closed {
		return errors.New("watcher closed")
	}
	for _, x := range w.dirs[dir] {
		if x.tag == tag && x.target == "" && x.depth >= depth {
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
	w.dirs[dir] = append(w.dirs[dir], watch{tag: tag, depth: depth})
	if depth == 0 {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // gone meanwhile: its removal event follows
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != ".git" {
			_ = w.addLocked(tag, filepath.Join(dir, e.Name()), depth-1)
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
	for _, x := range w.dirs[parent] {
		if x.target != "" {
			// Waiting for a directory: only the path towards it matters.
			if ev.Has(fsnotify.Create) && (ev.Name == x.target || strings.HasPrefix(x.target, ev.Name+string(filepath.Separator))) {
				// The directory may be complete already (mkdir -p): then it appeared.
				if err := w.addOrWait(x.tag, x.target, x.depth); err == nil && w.watching(x.tag, x.target) {
					w.pending[x.tag] = true
				}
			}
			continue
		}
		w.pending[x.tag] = true
		if ev.Has(fsnotify.Create) && x.depth > 0 {
			if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() && filepath.Base(ev.Name) != ".git" {
				_ = w.addLocked(x.tag, ev.Name, x.depth-1)
			}
		}
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		// A watched directory that went away is forgotten (the kernel dropped it).
		for _, x := range w.dirs[ev.Name] {
			w.pending[x.tag] = true
		}
		delete(w.dirs, ev.Name)
	}
	w.schedule()
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
	w.mu.Unlock()
	w.notify(tags)
}
