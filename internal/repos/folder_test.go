package repos

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// folderFiles are the files of the plain-folder tests: nested folders, an empty
// file, bytes that are not text, and content with CRLF (git hashes the bytes as
// they are when nothing converts them).
var folderFiles = map[string]string{
	"po/de.po":               "msgid \"a\"\nmsgstr \"b\"\n",
	"po/fr.po":               "msgid \"a\"\r\nmsgstr \"c\"\r\n",
	"res/values/strings.xml": "<resources/>\n",
	"empty.txt":              "",
	"bin/data":               "\x00\x01\xffé",
}

// newFolder writes files into a new plain folder (no .git anywhere above it:
// t.TempDir is under the system's temporary directory).
func newFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		writeFile(t, dir, p, c)
	}
	return dir
}

// wantBlob is the blob id git gives the file at path: `git hash-object` where git
// is installed, else go-git's own hasher (the same algorithm, written apart from
// HashBlob).
func wantBlob(t *testing.T, path string) Hash {
	t.Helper()
	if _, err := exec.LookPath("git"); err == nil {
		return plumbing.NewHash(strings.TrimSpace(git(t, "", "hash-object", "--no-filters", path)))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return plumbing.ComputeHash(plumbing.BlobObject, data)
}

func TestFolderTreeListsFilesWithGitBlobIDs(t *testing.T) {
	t.Parallel()
	dir := newFolder(t, folderFiles)
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind() != KindFolder || r.Branch() != "" || r.Dir() != dir {
		t.Errorf("kind %s branch %q dir %s", r.Kind(), r.Branch(), r.Dir())
	}
	if !r.Kind().WorkingTree() {
		t.Error("a folder is not read from disk")
	}
	if _, ok := r.(Fetcher); ok {
		t.Error("a folder is a Fetcher")
	}
	if _, ok := r.(Committer); ok {
		t.Error("a folder is a Committer")
	}
	tree, err := r.Tree()
	if err != nil {
		t.Fatal(err)
	}
	ents, err := tree.List("")
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(folderFiles) {
		t.Fatalf("List = %+v, want %d files", ents, len(folderFiles))
	}
	for _, e := range ents {
		content, ok := folderFiles[e.Path]
		if !ok {
			t.Errorf("listed %s", e.Path)
			continue
		}
		if want := wantBlob(t, filepath.Join(dir, filepath.FromSlash(e.Path))); e.Blob != want {
			t.Errorf("%s: blob %s, git says %s", e.Path, e.Blob, want)
		}
		if e.Size != int64(len(content)) {
			t.Errorf("%s: size %d, want %d", e.Path, e.Size, len(content))
		}
		data, err := tree.ReadFile(e.Path)
		if err != nil || string(data) != content {
			t.Errorf("ReadFile(%s) = %q, %v", e.Path, data, err)
		}
	}
	// A second listing serves the ids from the blob cache and gives the same.
	again, err := tree.List("po")
	if err != nil || len(again) != 2 || again[0].Blob != HashBlob([]byte(folderFiles["po/de.po"])) {
		t.Errorf("List(po) = %+v, %v", again, err)
	}
}

// TestFolderTreeMatchesCheckout: the same files in a checkout's working tree list
// the same (path, blob, size), so whatever is derived from them — statistics,
// revisions — is the same.
func TestFolderTreeMatchesCheckout(t *testing.T) {
	t.Parallel()
	dir := newFolder(t, folderFiles)
	co := newCheckout(t, folderFiles)
	list := func(repo string) []Entry {
		r, err := Open(context.Background(), Spec{Repo: repo})
		if err != nil {
			t.Fatal(err)
		}
		tree, err := r.Tree()
		if err != nil {
			t.Fatal(err)
		}
		ents, err := tree.List("")
		if err != nil {
			t.Fatal(err)
		}
		return ents
	}
	a, b := list(dir), list(co)
	if len(a) != len(b) {
		t.Fatalf("folder lists %d files, checkout %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("folder %+v, checkout %+v", a[i], b[i])
		}
	}
}

// TestFolderHasNoHistory: no head, an empty history without error, the empty tree
// before any commit, and no objects.
func TestFolderHasNoHistory(t *testing.T) {
	t.Parallel()
	dir := newFolder(t, folderFiles)
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	if h, err := r.Head(); h != nil || err != nil {
		t.Errorf("Head = %+v, %v", h, err)
	}
	if cs, err := r.History(context.Background(), HistoryOptions{Dirs: []string{"po"}}); cs != nil || err != nil {
		t.Errorf("History = %+v, %v", cs, err)
	}
	empty, err := r.TreeAt(Hash{})
	if err != nil {
		t.Fatal(err)
	}
	if ents, err := empty.List(""); len(ents) != 0 || err != nil {
		t.Errorf("TreeAt(zero).List = %+v, %v", ents, err)
	}
	if _, err := empty.ReadFile("po/de.po"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("TreeAt(zero).ReadFile: %v", err)
	}
	some := HashBlob([]byte("x"))
	if _, err := r.TreeAt(some); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("TreeAt(commit): %v, want fs.ErrNotExist", err)
	}
	if _, err := r.Blob(HashBlob([]byte(folderFiles["po/de.po"]))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Blob: %v, want fs.ErrNotExist", err)
	}
	st, err := StatusOf(context.Background(), r)
	if err != nil || st.Remote != nil || st.Behind || st.GitStatus != "" {
		t.Errorf("StatusOf = %+v, %v", st, err)
	}
	if Behind(context.Background(), r) {
		t.Error("a folder is behind")
	}
}

func TestFolderOpenErrors(t *testing.T) {
	t.Parallel()
	folder := newFolder(t, folderFiles)
	co := newCheckout(t, map[string]string{"po/de.po": folderFiles["po/de.po"], "a/b/c.txt": "x"})
	tests := []struct {
		name  string
		spec  Spec
		errIs error
		says  []string
	}{
		{name: "branch on a folder", spec: Spec{Repo: folder, Branch: "main"}, errIs: ErrBadSpec,
			says: []string{folder, "plain folder", `"main"`, "remove branch:"}},
		// A folder of a checkout stays refused, as before folders were read: it
		// is part of a repository whose history reading it as a folder would lose.
		{name: "folder of a checkout", spec: Spec{Repo: filepath.Join(co, "po")}, errIs: ErrNotRepository,
			says: []string{"no .git", "lies in the checkout " + co}},
		{name: "deeper folder of a checkout", spec: Spec{Repo: filepath.Join(co, "a", "b")}, errIs: ErrNotRepository,
			says: []string{"lies in the checkout " + co}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := Open(context.Background(), tt.spec)
			if !errors.Is(err, tt.errIs) {
				t.Fatalf("Open = %v, %v; want %v", r, err, tt.errIs)
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
}

// TestFolderPool: a pool reads a folder's file by path (there is no object to
// read a blob id from), tells an edit since the listing, and a pull on it does
// nothing, as on a checkout without a remote.
func TestFolderPool(t *testing.T) {
	t.Parallel()
	dir := newFolder(t, folderFiles)
	p := NewPool(PoolOptions{DataDir: t.TempDir()})
	defer p.Close()
	r, err := p.Open(context.Background(), "demo/po", Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := HashBlob([]byte(folderFiles["po/de.po"]))
	data, stale, err := p.ReadFile("demo/po", "po/de.po", want)
	if err != nil || stale || string(data) != folderFiles["po/de.po"] {
		t.Errorf("ReadFile = %q, stale %v, %v", data, stale, err)
	}
	writeFile(t, dir, "po/de.po", "edited\n")
	data, stale, err = p.ReadFile("demo/po", "po/de.po", want)
	if err != nil || !stale || string(data) != "edited\n" {
		t.Errorf("after an edit: ReadFile = %q, stale %v, %v", data, stale, err)
	}
	if moved, err := p.Fetch(context.Background(), "demo/po"); moved || err != nil {
		t.Errorf("Fetch = %v, %v; want false, nil", moved, err)
	}
	if st, err := p.Status(context.Background(), "demo/po"); err != nil || st.Remote != nil {
		t.Errorf("Status = %+v, %v", st, err)
	}
	if r.Kind() != KindFolder {
		t.Errorf("kind %s", r.Kind())
	}
}
