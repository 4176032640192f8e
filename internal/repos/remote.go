package repos

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/transport"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"
	gitssh "github.com/go-git/go-git/v5/plumbing/transport/ssh"
)

// cloneMarker is written into a clone's git directory once the clone is complete.
// Clones are made in a temporary directory and renamed into place, so a clone
// without it was interrupted (or made by something else) and is redone.
const cloneMarker = "gitlate-clone-complete"

// fetchSpec makes the clone's branches mirror the origin's, as `git clone --bare`
// does; tags and other refs (pull requests) are not fetched.
const fetchSpec = config.RefSpec("+refs/heads/*:refs/heads/*")

// dirLocks serializes clone, fetch and commit on one directory inside this process:
// two components may name the same URL and share one clone. A lock is a channel
// holding one token, so that waiting for it can end with a context.
var dirLocks sync.Map // path → chan struct{}

func dirLock(dir string) chan struct{} {
	m, _ := dirLocks.LoadOrStore(dir, make(chan struct{}, 1))
	return m.(chan struct{})
}

// lockDir takes the lock of dir and returns its release.
func lockDir(dir string) func() {
	unlock, _ := lockDirCtx(context.Background(), dir)
	return unlock
}

// lockDirCtx takes the lock of dir unless ctx ends first: a fetch given up on may
// still hold it (see network), and its followers must not wait past their own
// deadlines either.
func lockDirCtx(ctx context.Context, dir string) (func(), error) {
	l := dirLock(dir)
	select {
	case l <- struct{}{}:
		return sync.OnceFunc(func() { <-l }), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// network runs fn, the network part of a clone or a fetch, and returns its error,
// or ctx's as soon as ctx ends, even while fn still runs: go-git honours ctx for
// http and when it reads answers, but not when it dials ssh or git:// nor during an
// ssh handshake, and a host that accepts a connection and stays silent would hold
// a scan for minutes. abandoned then reports that fn goes on in the background;
// when it returns, cleanup runs there (it releases the directory lock, which the
// caller hands over, so nothing else writes the directory meanwhile).
func network(ctx context.Context, fn func() error, cleanup func()) (abandoned bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	done := make(chan error, 1)
	var mu sync.Mutex
	gaveUp, finished := false, false
	go func() {
		err := fn()
		mu.Lock()
		finished = true
		g := gaveUp
		mu.Unlock()
		if g {
			cleanup()
			return
		}
		done <- err
	}()
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
		mu.Lock()
		defer mu.Unlock()
		if finished {
			return false, <-done
		}
		gaveUp = true
		return true, ctx.Err()
	}
}

// remoteURL is a remote URL split into what may be shown and stored (clean: no
// password, no token) and the credentials taken out of it.
type remoteURL struct {
	clean string
	// shown is clean without its query and fragment (RedactURL): what errors say.
	shown string
	auth  transport.AuthMethod
	// sshNote says, for an ssh URL, which credentials were offered and which
	// known_hosts checks the host: an authentication error alone does not.
	sshNote string
}

// fail wraps an error of a network operation on u (op is ErrClone or ErrFetch): the
// URL shown without secrets, and for ssh what was offered.
func (u remoteURL) fail(op error, err error) error {
	err = redactErr(err, u.clean, u.shown)
	if u.sshNote != "" && isAuthError(err) {
		return fmt.Errorf("%w: %s: %w (%s)", op, u.shown, err, u.sshNote)
	}
	return fmt.Errorf("%w: %s: %w", op, u.shown, err)
}

// isAuthError reports an error of ssh authentication or host verification.
func isAuthError(err error) bool {
	msg := err.Error()
	for _, s := range []string{"unable to authenticate", "handshake failed", "knownhosts", "key mismatch", "SSH agent", "authentication required", "permission denied", "Permission denied"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return errors.Is(err, transport.ErrAuthenticationRequired) || errors.Is(err, transport.ErrAuthorizationFailed)
}

// parseRemoteURL separates credentials from a remote URL. For http(s) the whole
// user-info part is a secret (a token is often given as the user name); for ssh the
// user name is not, only a password is.
func parseRemoteURL(s string) (remoteURL, error) {
	if !strings.Contains(s, "://") {
		// scp-like: user@host:path holds no secret.
		auth, note := sshKeyAuth(s)
		return remoteURL{clean: s, shown: s, auth: auth, sshNote: note}, nil
	}
	u, err := url.Parse(s)
	if err != nil {
		// url.Parse echoes the input, credentials included: say less.
		return remoteURL{}, fmt.Errorf("%w: malformed URL", ErrBadSpec)
	}
	switch u.Scheme {
	case "http", "https", "ssh", "git", "file", "git+ssh", "ssh+git":
	default:
		return remoteURL{}, fmt.Errorf("%w: unsupported URL scheme %q", ErrBadSpec, u.Scheme)
	}
	var r remoteURL
	if u.User != nil {
		user := u.User.Username()
		pass, hasPass := u.User.Password()
		switch u.Scheme {
		case "http", "https":
			r.auth = &githttp.BasicAuth{Username: user, Password: pass}
			u.User = nil
		default:
			if hasPass {
				r.auth = &gitssh.Password{User: user, Password: pass}
			}
			u.User = url.User(user)
		}
	}
	r.clean = u.String()
	r.shown = RedactURL(r.clean)
	if r.auth == nil && strings.Contains(u.Scheme, "ssh") {
		r.auth, r.sshNote = sshKeyAuth(r.clean)
	}
	return r, nil
}

// sshKeyAuth returns key-file authentication for an ssh URL when no ssh agent is
// running (a server or container usually has a deploy key file and no agent), and
// nil otherwise, letting go-git use the agent; and a note of what it offered.
// Host keys are checked against known_hosts either way.
func sshKeyAuth(rawURL string) (transport.AuthMethod, string) {
	home, _ := os.UserHomeDir()
	knownHosts := filepath.Join(home, ".ssh", "known_hosts")
	if v := os.Getenv("SSH_KNOWN_HOSTS"); v != "" {
		knownHosts = v
	}
	hosts := "host keys checked against " + knownHosts
	if _, err := os.Stat(knownHosts); err != nil {
		hosts += " (missing: add the host with ssh-keyscan)"
	}
	if sock := os.Getenv("SSH_AUTH_SOCK"); sock != "" {
		return nil, "keys offered by the ssh agent at " + sock + "; " + hosts
	}
	ep, err := transport.NewEndpoint(rawURL)
	if err != nil || home == "" {
		return nil, "no ssh agent and no home directory for keys; " + hosts
	}
	user := ep.User
	if user == "" {
		user = "git"
	}
	var tried []string
	for _, name := range []string{"id_ed25519", "id_ecdsa", "id_rsa"} {
		path := filepath.Join(home, ".ssh", name)
		keys, err := gitssh.NewPublicKeysFromFile(user, path, "")
		if err == nil {
			return keys, fmt.Sprintf("user %s with key %s; %s", user, path, hosts)
		}
		why := "missing"
		if !errors.Is(err, fs.ErrNotExist) {
			why = "unreadable: " + err.Error()
		}
		tried = append(tried, path+" ("+why+")")
	}
	return nil, "no ssh agent; keys tried: " + strings.Join(tried, ", ") + "; " + hosts
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// cloneDirName names the clone of a URL: a readable host-path part and a hash of
// the whole clean URL, so that two URLs never share a clone by accident and a
// change of credentials does not cause a new clone.
func cloneDirName(clean string) string {
	readable := clean
	if u, err := url.Parse(clean); err == nil && strings.Contains(clean, "://") {
		readable = u.Host + "/" + u.Path
	} else if _, after, ok := strings.Cut(clean, "@"); ok {
		readable = after // scp-like: drop the user
	}
	readable = strings.TrimSuffix(strings.TrimRight(readable, "/"), ".git")
	readable = strings.Trim(unsafeChars.ReplaceAllString(readable, "-"), "-.")
	if len(readable) > 80 {
		readable = readable[len(readable)-80:]
	}
	if readable == "" {
		readable = "repo"
	}
	sum := sha256.Sum256([]byte(clean))
	return readable + "-" + hex.EncodeToString(sum[:])[:12] + ".git"
}

// remoteRepo is a bare clone in DataDir/clones, fetched from its origin.
type remoteRepo struct {
	*repo
	url remoteURL
}

func openRemote(ctx context.Context, spec Spec) (Repository, error) {
	u, err := parseRemoteURL(spec.Repo)
	if err != nil {
		return nil, err
	}
	if spec.DataDir == "" {
		return nil, fmt.Errorf("%w: %s needs a data directory to be cloned into", ErrBadSpec, u.shown)
	}
	clones := filepath.Join(spec.DataDir, "clones")
	dir := filepath.Join(clones, cloneDirName(u.clean))
	if spec.NoClone {
		return openClone(dir, u, spec.Branch)
	}
	if err := os.MkdirAll(clones, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrClone, u.shown, redactErr(err, u.clean, u.shown))
	}
	unlock, err := lockDirCtx(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: waiting for another clone or fetch: %w", ErrClone, u.shown, redactErr(err, u.clean, u.shown))
	}
	handedOver := false // to a clone or fetch given up on, which releases the lock
	defer func() {
		if !handedOver {
			unlock()
		}
	}()
	reused := cloneUsable(dir, u.clean)
	if !reused {
		if abandoned, err := clone(ctx, dir, u, spec.Branch, unlock); err != nil {
			handedOver = abandoned
			return nil, err
		}
	}
	r := &repo{kind: KindRemote, dir: dir, st: openStore(dir, "")}
	err = r.initBranch(spec.Branch)
	if errors.Is(err, ErrNoBranch) && reused {
		// The branch may have been created upstream since the clone was made.
		if abandoned, err := fetchAll(ctx, dir, u, unlock); err != nil {
			handedOver = abandoned
			return nil, err
		}
		err = r.initBranch(spec.Branch)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u.shown, redactErr(err, u.clean, u.shown))
	}
	return &remoteRepo{repo: r, url: u}, nil
}

// openClone opens the clone at dir as it is, without any network: a scan that must
// not wait for a clone (Spec.NoClone) reads what is there or learns it is not
// there yet. It takes no lock: a clone is renamed into place whole and a fetch
// writes objects before the refs naming them, so what it sees is consistent.
func openClone(dir string, u remoteURL, branch string) (Repository, error) {
	if !cloneUsable(dir, u.clean) {
		return nil, fmt.Errorf("%w: %s", ErrNotCloned, u.shown)
	}
	r := &repo{kind: KindRemote, dir: dir, st: openStore(dir, "")}
	if err := r.initBranch(branch); err != nil {
		// A branch created upstream since the clone appears with the next fetch.
		return nil, fmt.Errorf("%s: %w", u.shown, redactErr(err, u.clean, u.shown))
	}
	return &remoteRepo{repo: r, url: u}, nil
}

// cloneUsable says whether dir holds a finished clone of url whose branches all
// point to commits that are there.
func cloneUsable(dir, url string) bool {
	if _, err := os.Stat(filepath.Join(dir, cloneMarker)); err != nil {
		return false
	}
	r, err := gogit.PlainOpen(dir)
	if err != nil {
		return false
	}
	rem, err := r.Remote(gogit.DefaultRemoteName)
	if err != nil || len(rem.Config().URLs) == 0 || rem.Config().URLs[0] != url {
		return false
	}
	refs, err := r.Branches()
	if err != nil {
		return false
	}
	defer refs.Close()
	return refs.ForEach(func(ref *plumbing.Reference) error {
		_, err := r.CommitObject(ref.Hash())
		return err
	}) == nil
}

// clone makes a bare clone of u at dir: in a temporary directory next to it, then
// renamed into place, so that a crash never leaves something that looks finished.
// Whatever was at dir (an unusable clone) and leftovers of interrupted clones of
// the same URL are removed first.
//
// The caller holds the directory lock, and passes its release as unlock: when ctx
// ends during the network part, clone returns at once with abandoned set, and the
// transfer, going on in the background, removes its temporary directory and
// releases the lock when it ends.
func clone(ctx context.Context, dir string, u remoteURL, branch string, unlock func()) (abandoned bool, err error) {
	fail := func(err error) error {
		// Wrapped, so errors.Is sees context.Canceled or transport errors; the URL
		// is the clean one and go-git never saw credentials in a URL.
		return u.fail(ErrClone, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return false, fail(err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".tmp-"+filepath.Base(dir)+"-*"))
	for _, l := range leftovers {
		os.RemoveAll(l)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".tmp-"+filepath.Base(dir)+"-")
	if err != nil {
		return false, fail(err)
	}
	defer func() {
		if err != nil && !abandoned {
			os.RemoveAll(tmp)
		}
	}()
	r, err := gogit.PlainInit(tmp, true)
	if err != nil {
		return false, fail(err)
	}
	rem, err := r.CreateRemote(&config.RemoteConfig{
		Name:  gogit.DefaultRemoteName,
		URLs:  []string{u.clean},
		Fetch: []config.RefSpec{fetchSpec},
	})
	if err != nil {
		return false, fail(err)
	}
	// HEAD of the clone = HEAD of the origin (its default branch), or the branch
	// asked for, or main for an empty origin.
	headTarget := plumbing.NewBranchReferenceName("main")
	abandoned, err = network(ctx, func() error {
		refs, err := rem.ListContext(ctx, &gogit.ListOptions{Auth: u.auth})
		empty := errors.Is(err, transport.ErrEmptyRemoteRepository)
		if err != nil && !empty {
			return err
		}
		for _, ref := range refs {
			if ref.Name() == plumbing.HEAD && ref.Type() == plumbing.SymbolicReference {
				headTarget = ref.Target()
			}
		}
		if empty {
			return nil
		}
		err = rem.FetchContext(ctx, &gogit.FetchOptions{
			RefSpecs: []config.RefSpec{fetchSpec},
			Auth:     u.auth,
			Tags:     gogit.NoTags,
			Force:    true,
		})
		if err != nil && !errors.Is(err, gogit.NoErrAlreadyUpToDate) && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
			return err
		}
		return nil
	}, func() {
		os.RemoveAll(tmp)
		unlock()
	})
	if err != nil {
		return abandoned, fail(err)
	}
	if branch != "" {
		headTarget = plumbing.NewBranchReferenceName(branch)
	}
	if err := r.Storer.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, headTarget)); err != nil {
		return false, fail(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, cloneMarker), []byte(u.clean+"\n"), 0o644); err != nil {
		return false, fail(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return false, fail(err)
	}
	return false, nil
}

// Fetch fetches all branches of the origin and reports whether the branch read
// moved (a new commit, or a force-push). It returns when ctx ends, whatever the
// transport; a transfer given up on may still complete in the background, and
// what it brought is read then, but not reported as a move.
func (r *remoteRepo) Fetch(ctx context.Context) (bool, error) {
	unlock, err := lockDirCtx(ctx, r.dir)
	if err != nil {
		return false, fmt.Errorf("%w: %s: waiting for another clone or fetch: %w", ErrFetch, r.url.shown, redactErr(err, r.url.clean, r.url.shown))
	}
	handedOver := false
	defer func() {
		if !handedOver {
			unlock()
		}
	}()
	before, err := r.headHash()
	if err != nil {
		return false, err
	}
	if abandoned, err := fetchAll(ctx, r.dir, r.url, unlock); err != nil {
		handedOver = abandoned
		return false, err
	}
	after, err := r.headHash()
	if err != nil {
		return false, err
	}
	return before != after, nil
}

// fetchAll fetches every branch of the origin into the clone at dir. The caller
// holds the directory lock and passes its release, as to clone. It writes through
// its own go-git handle; the store of each open Repository finds the new pack on
// its next miss (see store.object).
func fetchAll(ctx context.Context, dir string, u remoteURL, unlock func()) (abandoned bool, err error) {
	g, err := gogit.PlainOpen(dir)
	if err != nil {
		return false, fmt.Errorf("%w: %s: %w", ErrFetch, u.shown, redactErr(err, u.clean, u.shown))
	}
	abandoned, err = network(ctx, func() error {
		return g.FetchContext(ctx, &gogit.FetchOptions{
			RemoteName: gogit.DefaultRemoteName,
			RefSpecs:   []config.RefSpec{fetchSpec},
			Auth:       u.auth,
			Tags:       gogit.NoTags,
			Force:      true,
		})
	}, unlock)
	if err != nil && !errors.Is(err, gogit.NoErrAlreadyUpToDate) && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
		return abandoned, u.fail(ErrFetch, err)
	}
	return false, nil
}
