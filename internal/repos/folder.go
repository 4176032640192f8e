package repos

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// folderRepo is a plain folder: no .git, not a bare repository, and inside no
// checkout. Its files are read as a checkout's working tree is (the same walk,
// the same blob ids, computed from the bytes since there is no index to take
// them from), and it has no history: no head, no commits, no objects. So a
// folder of translation files someone was sent, or exported from elsewhere, is
// served without first being made a repository; its change log stays empty.
type folderRepo struct {
	dir   string
	blobs *blobCache
}

// openFolder opens dir as a plain folder. A branch cannot be honoured there: a
// folder has none, and reading its files while claiming a branch would serve
// something else than what the configuration says.
func openFolder(dir, branch string) (Repository, error) {
	if c := enclosingCheckout(dir); c != "" {
		// A folder of a checkout is part of that repository, with its history:
		// reading it as a folder would drop the history silently. The checkout is
		// named instead, with the folder in the filemask.
		return nil, fmt.Errorf("%w: %s (no .git, and not a bare repository; it lies in the checkout %s: name that as repo and the folder in the filemask)", ErrNotRepository, dir, c)
	}
	if branch != "" {
		return nil, fmt.Errorf("%w: %s is a plain folder, not a git repository: it has no branch %q to read (remove branch:, or make the folder a repository)", ErrBadSpec, dir, branch)
	}
	return &folderRepo{dir: dir, blobs: newBlobCache()}, nil
}

// enclosingCheckout returns the checkout a folder lies in ("" for none): the
// nearest parent holding a .git, as git itself looks upwards for one.
func enclosingCheckout(dir string) string {
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

func (f *folderRepo) Kind() Kind { return KindFolder }

// Branch is empty: a folder has none.
func (f *folderRepo) Branch() string { return "" }
func (f *folderRepo) Dir() string    { return f.dir }

// Tree returns the folder's files, read from disk at each call as a checkout's
// working tree is; the blob cache keeps unchanged files from being hashed again.
func (f *folderRepo) Tree() (Tree, error) { return &workTree{root: f.dir, blobs: f.blobs}, nil }

// Head is nil, nil, as for a repository without commits: callers already treat
// that as "nothing to walk" (the change log skips the component without alert).
func (f *folderRepo) Head() (*Commit, error) { return nil, nil }

// History is empty: there are no commits to walk.
func (f *folderRepo) History(ctx context.Context, opts HistoryOptions) ([]CommitChanges, error) {
	return nil, ctx.Err()
}

// Blob fails with fs.ErrNotExist: a folder keeps no objects; its files are read
// through Tree.
func (f *folderRepo) Blob(id Hash) ([]byte, error) {
	return nil, fmt.Errorf("%s: blob %s: a plain folder has no object database: %w", f.dir, id, fs.ErrNotExist)
}

// TreeAt gives the empty tree for the zero Hash (the state before any commit)
// and fails with fs.ErrNotExist for any commit, none being there.
func (f *folderRepo) TreeAt(commit Hash) (Tree, error) {
	if commit.IsZero() {
		return &gitTree{}, nil // a zero root reads as empty without a store
	}
	return nil, fmt.Errorf("%s: commit %s: a plain folder has no history: %w", f.dir, commit, fs.ErrNotExist)
}
