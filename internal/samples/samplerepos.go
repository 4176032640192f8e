// Package samples builds gitlate's bundled demo: bare git repositories whose history is replayed, bit for bit, from plain files embedded in the binary.
package samples

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/memory"
	"gopkg.in/yaml.v3"
)

// The history is kept as plain files because a nested .git directory does not
// survive a clone of this repository; see README.md for the layout.
//
//go:embed history projects.yaml
var content embed.FS

// repository is one sample repository: the folder of its history below
// history/ and where its bare repository goes below the data directory.
type repository struct {
	history string
	dir     string
}

// repositories lists every sample repository. The glossaries sit where gitlate
// keeps local: repositories (data directory, local/<project>/<component>.git).
var repositories = []repository{
	{history: "tinynotes", dir: "samples/repos/tinynotes.git"},
	{history: "blitzclock", dir: "samples/repos/blitzclock.git"},
	{history: "tinynotes-glossary", dir: "local/tinynotes/glossary.git"},
	{history: "blitzclock-glossary", dir: "local/blitzclock/glossary.git"},
}

// configName is the sample config, written to dataDir/samples/.
const configName = "projects.yaml"

// branch is the only branch of every sample repository; local: repositories
// use main, and the others follow suit so one rule fits all.
const branch = plumbing.Main

// staleAfter is how old a leftover temporary directory must be before it is
// removed: younger ones may belong to a concurrent Materialize.
const staleAfter = 10 * time.Minute

// Materialize makes sure the sample repositories exist under dataDir and returns
// the path of the sample projects.yaml (dataDir/samples/projects.yaml).
//
// Repositories that already hold exactly the expected objects and head are left
// alone; anything else (missing, partial, corrupt, another history) is rebuilt in
// a temporary directory and renamed into place, so a crash never leaves a
// half-written repository under the final name.
func Materialize(dataDir string) (configPath string, err error) {
	dataDir, err = filepath.Abs(dataDir)
	if err != nil {
		return "", err
	}
	for _, r := range repositories {
		b, err := build(r.history)
		if err != nil {
			return "", fmt.Errorf("sample repository %s: %w", r.history, err)
		}
		if err := install(b, filepath.Join(dataDir, filepath.FromSlash(r.dir))); err != nil {
			return "", fmt.Errorf("sample repository %s: %w", r.history, err)
		}
	}
	config, err := content.ReadFile(configName)
	if err != nil {
		return "", err
	}
	configPath = filepath.Join(dataDir, "samples", configName)
	if err := writeFileAtomic(configPath, config); err != nil {
		return "", err
	}
	return configPath, nil
}

// built is a sample repository replayed in memory: every object, and the head.
type built struct {
	store   *memory.Storage
	head    plumbing.Hash
	objects []plumbing.Hash // sorted, for a stable verification order
}

// commitMeta is a history step's commit.yaml.
type commitMeta struct {
	Author        string   `yaml:"author"`
	Date          string   `yaml:"date"`
	Committer     string   `yaml:"committer"`
	CommitterDate string   `yaml:"committer_date"`
	Message       string   `yaml:"message"`
	Delete        []string `yaml:"delete"`
}

// build replays history/<name>/: each sub-directory, in name order, is one commit
// whose files/ folder holds the full content of the files it adds or changes.
func build(name string) (*built, error) {
	root := path.Join("history", name)
	steps, err := fs.ReadDir(content, root)
	if err != nil {
		return nil, err
	}
	store := memory.NewStorage()
	files := map[string]plumbing.Hash{} // repository path -> blob
	var parent plumbing.Hash
	for _, step := range steps {
		if !step.IsDir() {
			return nil, fmt.Errorf("%s/%s: not a commit directory", root, step.Name())
		}
		dir := path.Join(root, step.Name())
		meta, err := readMeta(path.Join(dir, "commit.yaml"))
		if err != nil {
			return nil, err
		}
		for _, p := range meta.Delete {
			if _, ok := files[p]; !ok {
				return nil, fmt.Errorf("%s: deletes %s, which does not exist", dir, p)
			}
			delete(files, p)
		}
		if err := addFiles(store, files, path.Join(dir, "files")); err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		tree, err := writeTree(store, files)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		commit, err := newCommit(meta, tree, parent)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		if !parent.IsZero() {
			prev, err := object.GetCommit(store, parent)
			if err != nil {
				return nil, err
			}
			if prev.TreeHash == tree {
				// A step that changes nothing is a mistake in the data.
				return nil, fmt.Errorf("%s: the commit changes no file", dir)
			}
		}
		if parent, err = writeObject(store, commit); err != nil {
			return nil, err
		}
	}
	if parent.IsZero() {
		return nil, fmt.Errorf("%s: no commits", root)
	}
	b := &built{store: store, head: parent}
	for h := range store.Objects {
		b.objects = append(b.objects, h)
	}
	sort.Slice(b.objects, func(i, j int) bool { return bytes.Compare(b.objects[i][:], b.objects[j][:]) < 0 })
	return b, nil
}

func readMeta(name string) (*commitMeta, error) {
	data, err := content.ReadFile(name)
	if err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var m commitMeta
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if m.Author == "" || m.Date == "" || m.Message == "" {
		return nil, fmt.Errorf("%s: author, date and message are required", name)
	}
	return &m, nil
}

// addFiles stores every file below dir (if it exists) as a blob at its path
// relative to dir.
func addFiles(store *memory.Storage, files map[string]plumbing.Hash, dir string) error {
	if _, err := fs.Stat(content, dir); errors.Is(err, fs.ErrNotExist) {
		return nil // a commit that only deletes
	}
	return fs.WalkDir(content, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := content.ReadFile(p)
		if err != nil {
			return err
		}
		obj := store.NewEncodedObject()
		obj.SetType(plumbing.BlobObject)
		obj.SetSize(int64(len(data)))
		w, err := obj.Writer()
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
		h, err := store.SetEncodedObject(obj)
		if err != nil {
			return err
		}
		files[strings.TrimPrefix(p, dir+"/")] = h
		return nil
	})
}

// dirNode is one directory of the tree being written.
type dirNode struct {
	files map[string]plumbing.Hash
	dirs  map[string]*dirNode
}

// writeTree writes the trees for a flat path -> blob map and returns the root.
func writeTree(store *memory.Storage, files map[string]plumbing.Hash) (plumbing.Hash, error) {
	root := &dirNode{files: map[string]plumbing.Hash{}, dirs: map[string]*dirNode{}}
	for p, h := range files {
		node := root
		parts := strings.Split(p, "/")
		for _, part := range parts[:len(parts)-1] {
			next := node.dirs[part]
			if next == nil {
				next = &dirNode{files: map[string]plumbing.Hash{}, dirs: map[string]*dirNode{}}
				node.dirs[part] = next
			}
			node = next
		}
		node.files[parts[len(parts)-1]] = h
	}
	return writeDir(store, root)
}

func writeDir(store *memory.Storage, node *dirNode) (plumbing.Hash, error) {
	var entries []object.TreeEntry
	for name, h := range node.files {
		entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Regular, Hash: h})
	}
	for name, sub := range node.dirs {
		h, err := writeDir(store, sub)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: h})
	}
	// Git's order (directories compare as if their name ended in "/"); map
	// order is random, and the tree hash depends on the order.
	sort.Sort(object.TreeEntrySorter(entries))
	return writeObject(store, &object.Tree{Entries: entries})
}

// encoder is a git object that go-git can serialize.
type encoder interface {
	Encode(plumbing.EncodedObject) error
}

func writeObject(store *memory.Storage, o encoder) (plumbing.Hash, error) {
	obj := store.NewEncodedObject()
	if err := o.Encode(obj); err != nil {
		return plumbing.ZeroHash, err
	}
	return store.SetEncodedObject(obj)
}

func newCommit(m *commitMeta, tree, parent plumbing.Hash) (*object.Commit, error) {
	author, err := signature(m.Author, m.Date)
	if err != nil {
		return nil, err
	}
	committer := author
	if m.Committer != "" || m.CommitterDate != "" {
		who, when := m.Committer, m.CommitterDate
		if who == "" {
			who = m.Author
		}
		if when == "" {
			when = m.Date
		}
		if committer, err = signature(who, when); err != nil {
			return nil, err
		}
	}
	c := &object.Commit{Author: author, Committer: committer, Message: m.Message, TreeHash: tree}
	if !parent.IsZero() {
		c.ParentHashes = []plumbing.Hash{parent}
	}
	return c, nil
}

// signature parses "Name <email>" and an RFC 3339 time; the offset written in
// the file is the one git records.
func signature(who, date string) (object.Signature, error) {
	lt, gt := strings.LastIndexByte(who, '<'), strings.LastIndexByte(who, '>')
	if lt < 1 || gt != len(who)-1 {
		return object.Signature{}, fmt.Errorf("%q: want \"Name <email>\"", who)
	}
	when, err := time.Parse(time.RFC3339, date)
	if err != nil {
		return object.Signature{}, err
	}
	return object.Signature{Name: strings.TrimSpace(who[:lt]), Email: who[lt+1 : gt], When: when}, nil
}

// install puts the built repository at dest unless dest already holds it.
func install(b *built, dest string) error {
	if verify(b, dest) == nil {
		return nil
	}
	parent, base := filepath.Dir(dest), filepath.Base(dest)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	removeLeftovers(parent, "."+base+".")
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := write(b, tmp); err != nil {
		return err
	}
	if err := verify(b, tmp); err != nil {
		return fmt.Errorf("written repository does not verify: %w", err)
	}
	if _, err := os.Lstat(dest); err == nil {
		// A directory cannot be renamed over a non-empty one: move the bad one
		// aside first, then drop it.
		old := tmp + ".old"
		if err := os.Rename(dest, old); err != nil {
			return err
		}
		defer os.RemoveAll(old)
	}
	return os.Rename(tmp, dest)
}

// removeLeftovers deletes temporary directories a crashed run left behind.
func removeLeftovers(dir, prefix string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleAfter {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// write creates a bare repository in dir holding b's objects, branch and HEAD.
func write(b *built, dir string) error {
	repo, err := git.PlainInitWithOptions(dir, &git.PlainInitOptions{
		Bare:        true,
		InitOptions: git.InitOptions{DefaultBranch: branch},
	})
	if err != nil {
		return err
	}
	// One packfile rather than a loose file per object: a few writes instead of
	// a directory, a temporary file and a rename for each of hundreds of objects.
	pw, ok := repo.Storer.(storer.PackfileWriter)
	if !ok {
		return fmt.Errorf("%s: the repository cannot take a packfile", dir)
	}
	w, err := pw.PackfileWriter()
	if err != nil {
		return err
	}
	// A window of 0 stores every object whole: the samples are small, and delta
	// search would cost more than it saves.
	if _, err := packfile.NewEncoder(w, b.store, false).Encode(b.objects, 0); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return repo.Storer.SetReference(plumbing.NewHashReference(branch, b.head))
}

// verify checks that dir is a bare repository whose HEAD is main at b's head
// and that every object of b is there and intact (re-hashed), so a truncated or
// half-copied repository is caught.
func verify(b *built, dir string) error {
	if info, err := os.Stat(filepath.Join(dir, "objects")); err != nil || !info.IsDir() {
		return fmt.Errorf("%s: not a bare repository", dir)
	}
	repo, err := git.PlainOpen(dir)
	if err != nil {
		return err
	}
	st := repo.Storer
	head, err := st.Reference(plumbing.HEAD)
	if err != nil {
		return err
	}
	if head.Type() != plumbing.SymbolicReference || head.Target() != branch {
		return fmt.Errorf("%s: HEAD is not %s", dir, branch)
	}
	ref, err := st.Reference(branch)
	if err != nil {
		return err
	}
	if ref.Hash() != b.head {
		return fmt.Errorf("%s: %s is %s, want %s", dir, branch, ref.Hash(), b.head)
	}
	for _, h := range b.objects {
		if err := checkObject(st, h); err != nil {
			return fmt.Errorf("%s: object %s: %w", dir, h, err)
		}
	}
	return nil
}

func checkObject(st storer.EncodedObjectStorer, h plumbing.Hash) error {
	obj, err := st.EncodedObject(plumbing.AnyObject, h)
	if err != nil {
		return err
	}
	r, err := obj.Reader()
	if err != nil {
		return err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if got := plumbing.ComputeHash(obj.Type(), data); got != h {
		return fmt.Errorf("content hashes to %s", got)
	}
	return nil
}

// writeFileAtomic replaces name with data via a temporary file and a rename,
// and leaves an identical file untouched.
func writeFileAtomic(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // a no-op once renamed
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}
