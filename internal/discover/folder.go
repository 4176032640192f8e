package discover

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

// A plain folder (no .git, not a bare repository) is read as it is: gitlate's
// scan reads git repositories only (a checkout, a bare repository, a URL or
// local:), so discover commits the folder's translation files into a bare
// repository of its own temporary folder, finds and counts there, and
// proposes repo: <the folder>, saying that the folder must become a
// repository before `gitlate check` and `serve` accept it.

// maxSnapshotFile bounds the size of a file copied into the snapshot: a
// translation file is far smaller, a larger file is data of another kind.
const maxSnapshotFile = 64 << 20

// folderRepo is a plain folder as layout.Paths walks a checkout's working
// tree, with the same folders skipped (build output, dependencies, nested
// repositories); it has no history.
type folderRepo struct{ dir string }

func (f folderRepo) Kind() repos.Kind                      { return repos.KindCheckout }
func (f folderRepo) Branch() string                        { return "" }
func (f folderRepo) Dir() string                           { return f.dir }
func (f folderRepo) Tree() (repos.Tree, error)             { return nil, errNoHistory }
func (f folderRepo) Head() (*repos.Commit, error)          { return nil, nil }
func (f folderRepo) Blob(repos.Hash) ([]byte, error)       { return nil, errNoHistory }
func (f folderRepo) TreeAt(repos.Hash) (repos.Tree, error) { return nil, errNoHistory }
func (f folderRepo) History(context.Context, repos.HistoryOptions) ([]repos.CommitChanges, error) {
	return nil, errNoHistory
}

var errNoHistory = errors.New("a plain folder has no history")

// isPlainFolder tells whether dir is a folder that is no git repository: no
// .git in it, and not a bare repository (HEAD, objects/ and refs/).
func isPlainFolder(dir string) bool {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return false
	}
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		return false
	}
	for _, p := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			return true
		}
	}
	return false
}

// enclosingCheckout returns the checkout a folder lies in ("" for none): a
// folder of a repository is named by the repository and a filemask below it,
// not read as a plain folder of its own.
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

// snapshotFolder commits the files of dir that discovery may read (those with
// a translation family's extension, and gettext's .pot) into a new bare
// repository at dest, on branch main, and returns how many it committed.
func snapshotFolder(dir, dest string) (int, error) {
	paths, err := layout.Paths(folderRepo{dir}, nil, 0, "")
	if err != nil {
		return 0, err
	}
	exts := translationExtensions()
	r, err := gogit.PlainInit(dest, true)
	if err != nil {
		return 0, err
	}
	st := r.Storer
	// The entries of each folder, by folder ("" for the root).
	trees := map[string][]object.TreeEntry{}
	n := 0
	for _, p := range paths {
		ext := strings.ToLower(path.Ext(p))
		if !exts[ext] && ext != ".pot" {
			continue
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		fi, err := os.Lstat(full)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxSnapshotFile {
			continue // gone, a link, or too large to be a translation
		}
		data, err := os.ReadFile(full)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			continue
		}
		if err != nil {
			return 0, err
		}
		h, err := storeObject(st, plumbing.BlobObject, data)
		if err != nil {
			return 0, err
		}
		trees[layout.Dir(p)] = append(trees[layout.Dir(p)], object.TreeEntry{Name: path.Base(p), Mode: filemode.Regular, Hash: h})
		n++
	}
	root, err := storeTree(st, trees, "")
	if err != nil {
		return 0, err
	}
	when := time.Now()
	sig := object.Signature{Name: "gitlate discover", Email: "discover@gitlate.invalid", When: when}
	c := &object.Commit{Author: sig, Committer: sig, Message: "snapshot of " + dir + "\n", TreeHash: root}
	obj := st.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return 0, err
	}
	ch, err := st.SetEncodedObject(obj)
	if err != nil {
		return 0, err
	}
	main := plumbing.NewBranchReferenceName("main")
	if err := st.SetReference(plumbing.NewHashReference(main, ch)); err != nil {
		return 0, err
	}
	return n, st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, main))
}

func storeObject(st storer.EncodedObjectStorer, t plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	obj := st.NewEncodedObject()
	obj.SetType(t)
	w, err := obj.Writer()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write(data); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	return st.SetEncodedObject(obj)
}

// storeTree stores the tree of folder dir, its subfolders first, and returns its
// hash. Entries are in git's order: by name, a folder's name compared as if it
// ended in "/".
func storeTree(st storer.EncodedObjectStorer, files map[string][]object.TreeEntry, dir string) (plumbing.Hash, error) {
	entries := slices.Clone(files[dir])
	subs := map[string]bool{}
	for d := range files {
		if d == dir || (dir != "" && !strings.HasPrefix(d, dir+"/")) {
			continue
		}
		rest := strings.TrimPrefix(d, dir)
		rest = strings.TrimPrefix(rest, "/")
		name, _, _ := strings.Cut(rest, "/")
		subs[name] = true
	}
	for name := range subs {
		h, err := storeTree(st, files, path.Join(dir, name))
		if err != nil {
			return plumbing.ZeroHash, err
		}
		entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: h})
	}
	key := func(e object.TreeEntry) string {
		if e.Mode == filemode.Dir {
			return e.Name + "/"
		}
		return e.Name
	}
	slices.SortFunc(entries, func(a, b object.TreeEntry) int { return strings.Compare(key(a), key(b)) })
	obj := st.NewEncodedObject()
	if err := (&object.Tree{Entries: entries}).Encode(obj); err != nil {
		return plumbing.ZeroHash, err
	}
	return st.SetEncodedObject(obj)
}

// plainFolderNote is what the proposal says of a plain folder.
func plainFolderNote(dir string) string {
	return fmt.Sprintf("%s is not a git repository: discover read its files as they are, but gitlate reads "+
		"git repositories (a checkout, a bare repository, a URL or local:), so `gitlate check` and `serve` "+
		"refuse this configuration until the folder is one (git init; git add; git commit)", dir)
}
