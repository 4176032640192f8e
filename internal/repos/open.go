package repos

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Fetcher is implemented by repositories cloned from a URL (KindRemote).
type Fetcher interface {
	// Fetch updates the clone from its origin and reports whether the branch read
	// moved. Credentials never appear in its errors.
	Fetch(ctx context.Context) (moved bool, err error)
}

// Committer is implemented by local: repositories (KindLocal), the only ones
// gitlate writes to.
type Committer interface {
	// Commit writes files (repository-relative path → content) into a new commit on
	// the repository's branch, on top of the current head (the first commit when
	// there is none). Files not named keep their content. When the files already have
	// that content no commit is made. A zero author.When means now.
	Commit(files map[string][]byte, author Signature, message string) error
}

// scpLike matches git's "scp-like" remote syntax, [user@]host:path, as opposed to a
// path (which gitlate only accepts absolute) and to scheme URLs.
var scpLike = regexp.MustCompile(`^(?:[^@/:\s]+@)?[^@/:\s]+:.`)

// Open opens the repository spec names (see Spec and Kind for the forms).
// KindRemote repositories are cloned on first use (unless Spec.NoClone), which is
// what ctx bounds: Open returns when ctx ends, whatever the transport.
func Open(ctx context.Context, spec Spec) (Repository, error) {
	s := spec.Repo
	switch {
	case s == "local:":
		return openLocal(spec)
	case filepath.IsAbs(s):
		return openPath(spec)
	case strings.Contains(s, "://"):
		return openRemote(ctx, spec)
	case scpLike.MatchString(s):
		return openRemote(ctx, spec)
	case s == "":
		return nil, fmt.Errorf("%w: no repository given", ErrBadSpec)
	default:
		return nil, fmt.Errorf("%w: %q is neither an absolute path, a URL nor \"local:\"", ErrBadSpec, s)
	}
}

// IsRemote reports whether a Spec.Repo names a repository gitlate clones and
// fetches: a URL (file:// included) or scp-like user@host:path or host:path.
func IsRemote(repo string) bool { return kindOf(repo) == KindRemote }

// kindOf says how a Spec.Repo is opened: KindLocal, KindRemote, or "" for a path
// on disk (a checkout, a bare repository or a plain folder: which one, Open finds
// out).
func kindOf(repo string) Kind {
	switch {
	case repo == "local:":
		return KindLocal
	case filepath.IsAbs(repo):
		return ""
	case strings.Contains(repo, "://"), scpLike.MatchString(repo):
		return KindRemote
	}
	return ""
}

// openPath opens a checkout, a bare repository or a plain folder on disk.
func openPath(spec Spec) (Repository, error) {
	dir := filepath.Clean(spec.Repo)
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (%w)", ErrNoPath, dir, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("open repository %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%w: %s is not a directory", ErrNotRepository, dir)
	}
	r := &repo{kind: KindCheckout, dir: dir}
	gitDir, commonDir, err := findGitDir(dir)
	switch {
	case err == nil:
		r.blobs = newBlobCache()
	case errors.Is(err, fs.ErrNotExist) && isGitDir(dir, ""):
		r.kind, gitDir = KindBare, dir
	case errors.Is(err, fs.ErrNotExist):
		return openFolder(dir, spec.Branch)
	default:
		return nil, fmt.Errorf("%w: %s: %v", ErrNotRepository, dir, err)
	}
	r.st = openStore(gitDir, commonDir)
	if err := r.initBranch(spec.Branch); err != nil {
		return nil, err
	}
	return r, nil
}

// repo is the Repository of every kind; remote and local repositories wrap it to
// add Fetch and Commit.
type repo struct {
	kind Kind
	dir  string // working tree of a checkout, git directory otherwise
	st   *store
	// branch is the branch read. It is empty for a checkout opened without a
	// branch: that one follows whatever HEAD points to at each call, so that
	// `git checkout other` in the user's checkout is seen like any other change.
	branch string
	blobs  *blobCache // checkouts: blob ids of working-tree files
}

// initBranch fixes the branch read (or, for a checkout without one, checks HEAD)
// and fails when a named branch does not exist. A repository without any branch
// is empty, not broken: every branch of it is unborn and reads as an empty tree.
func (r *repo) initBranch(branch string) error {
	if branch == "" && r.kind == KindCheckout {
		_, err := r.headRef()
		return err
	}
	if branch == "" {
		head, err := r.st.ref(plumbing.HEAD)
		if err != nil {
			return fmt.Errorf("%s: read HEAD: %w", r.dir, err)
		}
		if head == nil || head.Type() != plumbing.SymbolicReference || !head.Target().IsBranch() {
			return fmt.Errorf("%w: %s: HEAD does not name a branch; set the branch", ErrNoBranch, r.dir)
		}
		branch = head.Target().Short()
	}
	if err := plumbing.NewBranchReferenceName(branch).Validate(); err != nil {
		return fmt.Errorf("%w: %q is not a valid branch name", ErrNoBranch, branch)
	}
	r.branch = branch
	_, err := r.headRef()
	return err
}

// headRef returns the reference whose commit is read: refs/heads/<branch>, or HEAD
// itself for a checkout following HEAD (possibly detached).
func (r *repo) headRef() (plumbing.ReferenceName, error) {
	if r.branch != "" {
		name := plumbing.NewBranchReferenceName(r.branch)
		ref, err := r.st.ref(name)
		if err != nil {
			return "", fmt.Errorf("%s: read branch %s: %w", r.dir, r.branch, err)
		}
		if ref == nil {
			if has, err := r.st.hasBranches(); err != nil || has {
				return "", fmt.Errorf("%w: %q in %s", ErrNoBranch, r.branch, r.dir)
			}
		}
		return name, nil
	}
	head, err := r.st.ref(plumbing.HEAD)
	if err != nil || head == nil {
		return "", fmt.Errorf("%w: %s: cannot read HEAD: %v", ErrNotRepository, r.dir, err)
	}
	return plumbing.HEAD, nil
}

// headHash is the commit read (zero for an unborn branch).
func (r *repo) headHash() (Hash, error) {
	name, err := r.headRef()
	if err != nil {
		return Hash{}, err
	}
	h, err := r.st.resolveRef(name)
	if err != nil {
		return Hash{}, fmt.Errorf("%s: resolve %s: %w", r.dir, name, err)
	}
	return h, nil
}

func (r *repo) Kind() Kind  { return r.kind }
func (r *repo) Dir() string { return r.dir }

// Branch returns the branch read; for a checkout opened without a branch, the
// branch HEAD points to now ("" when HEAD is detached).
func (r *repo) Branch() string {
	if r.branch != "" {
		return r.branch
	}
	head, err := r.st.ref(plumbing.HEAD)
	if err != nil || head == nil || head.Type() != plumbing.SymbolicReference {
		return ""
	}
	return head.Target().Short()
}

func (r *repo) Head() (*Commit, error) {
	h, err := r.headHash()
	if err != nil || h.IsZero() {
		return nil, err
	}
	c, err := r.st.commit(h)
	if err != nil {
		return nil, err
	}
	cc := toCommit(c)
	return &cc, nil
}

// Tree returns the working tree of a checkout, read from disk at each call, or
// the tree of the branch head, fixed at the time of the call.
func (r *repo) Tree() (Tree, error) {
	if r.kind == KindCheckout {
		r.blobs.seedFromIndex(r.st.gitDir)
		return &workTree{root: r.dir, blobs: r.blobs}, nil
	}
	h, err := r.headHash()
	if err != nil {
		return nil, err
	}
	t := &gitTree{st: r.st}
	if !h.IsZero() {
		c, err := r.st.commit(h)
		if err != nil {
			return nil, err
		}
		t.root = c.TreeHash
	}
	return t, nil
}

// Blob reads a blob of the object database; an id that is not there gives an error
// wrapping fs.ErrNotExist.
func (r *repo) Blob(id Hash) ([]byte, error) {
	return r.st.blob(id)
}

// TreeAt returns the committed tree of a commit; the zero Hash gives the empty tree.
func (r *repo) TreeAt(commit Hash) (Tree, error) {
	t := &gitTree{st: r.st}
	if !commit.IsZero() {
		c, err := r.st.commit(commit)
		if err != nil {
			return nil, err
		}
		t.root = c.TreeHash
	}
	return t, nil
}

func toCommit(c *object.Commit) Commit {
	var parent Hash
	if len(c.ParentHashes) > 0 {
		parent = c.ParentHashes[0]
	}
	return Commit{
		Hash:      c.Hash,
		Parent:    parent,
		Author:    Signature{Name: c.Author.Name, Email: c.Author.Email, When: c.Author.When},
		Committer: Signature{Name: c.Committer.Name, Email: c.Committer.Email, When: c.Committer.When},
		Message:   c.Message,
	}
}
