package repos

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// Pool opens each component's repository once and keeps it, so that a scan, the
// history, the unit reader and the repository status share one handle. With
// Background set, a remote repository that has no clone yet is cloned in the
// background: Open answers at once with an error saying so, and Cloned tells when
// a clone is done.
type Pool struct {
	opts PoolOptions

	mu    sync.Mutex
	repos map[string]Repository // component key → its repository
	// shared are the repositories opened, by what they are (Spec.shareKey): the
	// components of one repository share one handle, so its index, object caches and
	// clone are read and kept once, not once per component.
	shared   map[string]Repository
	clones   map[string]*cloneState
	fetchErr map[string]error
	fetched  map[string]Hash // component key → the branch head its last fetch saw
	statuses map[string]*statusEntry
	scratch  string // ReadOnly's temporary directory, made on first use

	cloned        chan struct{} // capacity 1: a clone finished (or failed)
	fetchFailures atomic.Int64
	bg            sync.WaitGroup
}

// PoolOptions configure a Pool.
type PoolOptions struct {
	// DataDir holds clones and local: repositories.
	DataDir string
	// Background makes the first clone of a remote repository run in the
	// background (a server must answer at once); without it Open waits for it.
	Background bool
	// Logger receives clone failures; nil discards them.
	Logger *slog.Logger
	// ReadOnly leaves DataDir as it is (`gitlate check`): clones and local:
	// repositories already there are read, and what would be created there — a
	// first clone, a new local: repository — is made in a temporary directory
	// that Close removes.
	ReadOnly bool
}

// NewPool returns an empty pool.
func NewPool(opts PoolOptions) *Pool {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Pool{opts: opts, repos: map[string]Repository{}, shared: map[string]Repository{}, clones: map[string]*cloneState{},
		fetchErr: map[string]error{}, fetched: map[string]Hash{}, statuses: map[string]*statusEntry{}, cloned: make(chan struct{}, 1)}
}

// Open returns the repository of the component key ("project/component"),
// opening it the first time. spec's DataDir, LocalName and NoClone are the pool's
// to set. A repository being cloned in the background gives an error for which
// IsCloning is true.
func (p *Pool) Open(ctx context.Context, key string, spec Spec) (Repository, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r := p.repos[key]; r != nil {
		return r, nil
	}
	spec.DataDir, spec.LocalName, spec.NoClone = p.opts.DataDir, key, p.opts.Background
	share := spec.shareKey()
	if r := p.shared[share]; r != nil {
		p.repos[key] = r
		return r, nil
	}
	if p.opts.ReadOnly {
		var err error
		if spec, err = p.readOnly(spec); err != nil {
			return nil, err
		}
	}
	r, err := Open(ctx, spec)
	if errors.Is(err, ErrNotCloned) {
		return nil, p.startClone(share, spec)
	}
	if err != nil {
		return nil, err
	}
	p.repos[key], p.shared[share] = r, r
	return r, nil
}

// readOnly points spec at the scratch directory when opening it would create
// something in the data directory. p.mu is held.
func (p *Pool) readOnly(spec Spec) (Spec, error) {
	switch kindOf(spec.Repo) {
	case KindLocal:
		if dir, err := localDir(spec); err != nil || isGitDir(dir, "") {
			return spec, nil // a bad name fails in Open, an existing repository is read
		}
	case KindRemote:
		spec.NoClone = true
		if u, err := parseRemoteURL(spec.Repo); err != nil || cloneUsable(filepath.Join(spec.DataDir, "clones", cloneDirName(u.clean)), u.clean) {
			return spec, nil
		}
		spec.NoClone = false
	default:
		return spec, nil // paths are read where they are
	}
	if p.scratch == "" {
		dir, err := os.MkdirTemp("", "gitlate-check-")
		if err != nil {
			return spec, err
		}
		p.scratch = dir
	}
	spec.DataDir = p.scratch
	return spec, nil
}

// Close removes what a ReadOnly pool made (its scratch directory).
func (p *Pool) Close() error {
	p.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.scratch == "" {
		return nil
	}
	err := os.RemoveAll(p.scratch)
	p.scratch = ""
	return err
}

// shareKey identifies the repository a Spec opens: components with the same one
// share a handle. A local: repository is the component's own.
func (s Spec) shareKey() string {
	if s.Repo == "local:" {
		return s.Repo + s.LocalName + "\x00" + s.Branch
	}
	return s.Repo + "\x00" + s.Branch
}

// Get returns the repository of key if it is open.
func (p *Pool) Get(key string) Repository {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.repos[key]
}

// Forget drops the repository of key (its directory vanished): the next Open opens
// it afresh, for every component that shared it.
func (p *Pool) Forget(key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.repos[key]
	for k, o := range p.repos {
		if o == r {
			delete(p.repos, k)
		}
	}
	for k, o := range p.shared {
		if o == r {
			delete(p.shared, k)
		}
	}
}

// Cloned receives a value when a background clone finished or failed: the next
// scan shows the component (or its failure).
func (p *Pool) Cloned() <-chan struct{} { return p.cloned }

// Wait returns when no background clone runs any more.
func (p *Pool) Wait() { p.bg.Wait() }

// cloneTimeout bounds one clone: a forge that stops answering must not hold a
// component back for ever (it is tried again, with backoff).
const cloneTimeout = 30 * time.Minute

// cloneState is a background clone of a remote repository.
type cloneState struct {
	running  bool
	failures int
	next     time.Time // no new attempt before then
	err      error     // why the last attempt failed
}

// cloningError tells a scan that a remote repository is being cloned: the
// component shows once its clone is there.
type cloningError struct {
	url string
	err error // the last failed attempt, if any
}

func (e *cloningError) Error() string {
	if e.err != nil {
		return fmt.Sprintf("cloning %s failed (%v); trying again", RedactURL(e.url), e.err)
	}
	return fmt.Sprintf("cloning %s; the component shows once it is cloned", RedactURL(e.url))
}

// IsCloning reports an error that means "not cloned yet".
func IsCloning(err error) bool {
	var c *cloningError
	return errors.As(err, &c)
}

// startClone clones a remote repository in the background; key is its share key,
// so that the components of one repository wait for one clone. p.mu is held.
func (p *Pool) startClone(key string, spec Spec) error {
	st := p.clones[key]
	if st == nil {
		st = &cloneState{}
		p.clones[key] = st
	}
	if st.running || time.Now().Before(st.next) {
		return &cloningError{spec.Repo, st.err}
	}
	st.running = true
	spec.NoClone = false
	p.bg.Add(1)
	go func() {
		defer p.bg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), cloneTimeout)
		defer cancel()
		r, err := Open(ctx, spec)
		p.mu.Lock()
		st.running = false
		if err != nil {
			st.failures++
			st.err = err
			st.next = time.Now().Add(Backoff(st.failures, 10*time.Minute))
			p.opts.Logger.Warn("clone failed", "component", key, "err", err, "retry after", st.next)
		} else {
			delete(p.clones, key)
			p.shared[key] = r // each component takes it at its next Open
		}
		p.mu.Unlock()
		select {
		case p.cloned <- struct{}{}:
		default:
		}
	}()
	return &cloningError{spec.Repo, st.err}
}

// Backoff is how long to wait after n consecutive failures: growing from 30s,
// never past the regular interval (a forge that is down is not hammered, and one
// that is back is seen soon).
func Backoff(n int, interval time.Duration) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < interval; i++ {
		d *= 2
	}
	return min(d, interval)
}

// Fetch fetches the remote repository of key and reports whether its branch moved
// since the last fetch for this component (components sharing a clone each see a
// move once). A repository that is not open (never opened, or its clone is pending)
// or not a clone fetches nothing. A failure is kept (FetchErr) until a fetch works.
func (p *Pool) Fetch(ctx context.Context, key string) (moved bool, err error) {
	r := p.Get(key)
	f, ok := r.(Fetcher)
	if !ok {
		return false, nil // checkouts and local repositories are read as they are
	}
	before := p.seenHead(key, r)
	_, err = f.Fetch(ctx)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		if ctx.Err() == nil {
			p.fetchErr[key] = err
			p.fetchFailures.Add(1)
		}
		return false, err
	}
	delete(p.fetchErr, key)
	var after Hash
	if h, err := r.Head(); err == nil && h != nil {
		after = h.Hash
	}
	p.fetched[key] = after
	return after != before, nil
}

// seenHead is the head the component's last fetch saw, or the head now for its
// first fetch.
func (p *Pool) seenHead(key string, r Repository) Hash {
	p.mu.Lock()
	h, ok := p.fetched[key]
	p.mu.Unlock()
	if ok {
		return h
	}
	if c, err := r.Head(); err == nil && c != nil {
		return c.Hash
	}
	return Hash{}
}

// FetchErr is why the last fetch of key failed, or nil.
func (p *Pool) FetchErr(key string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fetchErr[key]
}

// FetchFailures counts the fetches that failed since the pool was made.
func (p *Pool) FetchFailures() int64 { return p.fetchFailures.Load() }

// statusTTL is how long a repository status is reused. The repository endpoints are
// public and a checkout's status runs `git status`: without reuse any client could
// start a process per request. A few seconds is fresh enough for a state that
// changes when someone commits or fetches.
var statusTTL = 5 * time.Second

// statusEntry is one component's status, reused for statusTTL.
type statusEntry struct {
	mu       sync.Mutex // one computation at a time; requests meanwhile wait for it
	full     *Status
	err      error
	fullAt   time.Time
	behind   bool
	behindAt time.Time
}

func (p *Pool) statusEntry(key string) *statusEntry {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.statuses[key]
	if e == nil {
		e = &statusEntry{}
		p.statuses[key] = e
	}
	return e
}

// Status describes the repository of key (StatusOf), reused for a few seconds.
// A repository that is not open has an empty status.
func (p *Pool) Status(ctx context.Context, key string) (*Status, error) {
	r := p.Get(key)
	if r == nil {
		return &Status{}, nil
	}
	e := p.statusEntry(key)
	e.mu.Lock()
	defer e.mu.Unlock()
	if (e.full != nil || e.err != nil) && time.Since(e.fullAt) < statusTTL {
		return e.full, e.err
	}
	st, err := StatusOf(ctx, r)
	if ctx.Err() == nil { // a request that went away does not leave its failure behind
		e.full, e.err, e.fullAt = st, err, time.Now()
		if st != nil {
			e.behind, e.behindAt = st.Behind, e.fullAt
		}
	}
	return st, err
}

// Behind is Status's Behind without `git status` (Behind): all a project's status
// needs of each of its components.
func (p *Pool) Behind(ctx context.Context, key string) bool {
	r := p.Get(key)
	if r == nil {
		return false
	}
	e := p.statusEntry(key)
	e.mu.Lock()
	defer e.mu.Unlock()
	if time.Since(e.behindAt) < statusTTL {
		return e.behind
	}
	behind := Behind(ctx, r)
	if ctx.Err() == nil {
		e.behind, e.behindAt = behind, time.Now()
	}
	return behind
}

// ErrNotOpen is returned by ReadFile for a component whose repository is not open.
var ErrNotOpen = errors.New("the repository is not open")

// ReadFile reads a file of key's repository as a scan saw it: the blob want from
// a bare repository or a clone, the file at path in a checkout's working tree or
// a plain folder. Such a file edited since has another blob id: stale is then
// true, and what is derived from data must not be kept under want.
func (p *Pool) ReadFile(key, path string, want Hash) (data []byte, stale bool, err error) {
	r := p.Get(key)
	if r == nil {
		return nil, false, ErrNotOpen
	}
	if !r.Kind().WorkingTree() && !want.IsZero() {
		data, err = r.Blob(want)
		return data, false, err
	}
	tree, err := r.Tree()
	if err != nil {
		return nil, false, err
	}
	if br, ok := tree.(BufferedReader); ok {
		data, got, err := br.ReadFileInto(path, nil)
		return data, got != want, err
	}
	data, err = tree.ReadFile(path)
	return data, false, err
}
