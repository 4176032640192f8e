package repos

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// localBranch is the branch of a new local: repository.
const localBranch = "main"

var localNameComp = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]*$`)

// localRepo is a local: repository, the one kind gitlate writes to.
type localRepo struct{ *repo }

// openLocal opens DataDir/local/<LocalName>.git, creating it (bare, HEAD on main,
// no commits) when missing. Creation happens in a temporary directory renamed into
// place, so an interrupted start never leaves a half-initialized repository.
func openLocal(spec Spec) (Repository, error) {
	if spec.DataDir == "" {
		return nil, fmt.Errorf("%w: local: repositories need a data directory", ErrBadSpec)
	}
	dir, err := localDir(spec)
	if err != nil {
		return nil, err
	}
	unlock := lockDir(dir)
	defer unlock()
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		if err := createLocal(dir, spec.Branch); err != nil {
			return nil, fmt.Errorf("create local repository %s: %w", dir, err)
		}
	}
	if !isGitDir(dir, "") {
		return nil, fmt.Errorf("%w: %s", ErrNotRepository, dir)
	}
	branch := spec.Branch
	if branch == "" {
		branch = localBranch
	}
	r := &repo{kind: KindLocal, dir: dir, st: openStore(dir, "")}
	if err := r.initBranch(branch); err != nil {
		return nil, err
	}
	return &localRepo{r}, nil
}

// localDir is where the local: repository of spec lives.
func localDir(spec Spec) (string, error) {
	comps := strings.Split(spec.LocalName, "/")
	for _, c := range comps {
		if !localNameComp.MatchString(c) {
			return "", fmt.Errorf("%w: local name %q: want slash-separated [A-Za-z0-9._-] names", ErrBadSpec, spec.LocalName)
		}
	}
	return filepath.Join(append([]string{spec.DataDir, "local"}, comps...)...) + ".git", nil
}

func createLocal(dir, branch string) error {
	if branch == "" {
		branch = localBranch
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".tmp-"+filepath.Base(dir)+"-")
	if err != nil {
		return err
	}
	_, err = gogit.PlainInitWithOptions(tmp, &gogit.PlainInitOptions{
		Bare:        true,
		InitOptions: gogit.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName(branch)},
	})
	if err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
	}
	return err
}

// Commit writes files into a new commit on the branch (see Committer).
func (r *localRepo) Commit(files map[string][]byte, author Signature, message string) error {
	if len(files) == 0 {
		return nil
	}
	blobs := make(map[string]Hash, len(files))
	for p, data := range files {
		comps, err := splitPath(p)
		if err != nil {
			return err
		}
		if len(comps) == 0 || comps[0] == ".git" {
			return fmt.Errorf("%w: %q", ErrBadPath, p)
		}
		h, err := r.st.writeObject(plumbing.BlobObject, data)
		if err != nil {
			return err
		}
		blobs[strings.Join(comps, "/")] = h
	}
	unlock := lockDir(r.dir)
	defer unlock()
	ref := plumbing.NewBranchReferenceName(r.branch)
	old, err := r.st.ref(ref)
	if err != nil {
		return err
	}
	var parents []Hash
	var base Hash
	if old != nil {
		c, err := r.st.commit(old.Hash())
		if err != nil {
			return err
		}
		parents, base = []Hash{c.Hash}, c.TreeHash
	}
	root, err := r.st.writeTree(base, blobs)
	if err != nil {
		return err
	}
	if root == base && old != nil {
		return nil // nothing changes: no empty commit
	}
	if author.When.IsZero() {
		author.When = time.Now()
	}
	sig := object.Signature{Name: author.Name, Email: author.Email, When: author.When}
	c := &object.Commit{Author: sig, Committer: sig, Message: message, TreeHash: root, ParentHashes: parents}
	o := r.st.st.NewEncodedObject()
	if err := c.Encode(o); err != nil {
		return err
	}
	r.st.mu.Lock()
	h, err := r.st.st.SetEncodedObject(o)
	if err == nil {
		// Compare-and-set: a concurrent writer (another process) makes this fail
		// rather than silently dropping its commit.
		err = r.st.st.CheckAndSetReference(plumbing.NewHashReference(ref, h), old)
	}
	r.st.mu.Unlock()
	if err != nil {
		return fmt.Errorf("commit to %s: %w", r.dir, err)
	}
	return nil
}

// writeObject stores a loose object and returns its id.
func (s *store) writeObject(t plumbing.ObjectType, data []byte) (Hash, error) {
	o := s.st.NewEncodedObject()
	o.SetType(t)
	w, err := o.Writer()
	if err != nil {
		return Hash{}, err
	}
	if _, err := w.Write(data); err != nil {
		return Hash{}, err
	}
	if err := w.Close(); err != nil {
		return Hash{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.SetEncodedObject(o)
}

// writeTree returns the id of tree base (zero: empty) with the blobs set at their
// paths, writing the new trees along the way. Paths below a path that is a file in
// base replace that file.
func (s *store) writeTree(base Hash, blobs map[string]Hash) (Hash, error) {
	var ents []treeEntry
	if !base.IsZero() {
		t, err := s.tree(base)
		if err != nil {
			return Hash{}, err
		}
		ents = append(ents, t...)
	}
	byName := map[string]int{}
	for i, e := range ents {
		byName[e.name] = i
	}
	set := func(e treeEntry) {
		if i, ok := byName[e.name]; ok {
			ents[i] = e
		} else {
			byName[e.name] = len(ents)
			ents = append(ents, e)
		}
	}
	sub := map[string]map[string]Hash{}
	for p, h := range blobs {
		first, rest, nested := strings.Cut(p, "/")
		if !nested {
			if _, clash := sub[first]; clash {
				return Hash{}, fmt.Errorf("%w: %q is both a file and a directory", ErrBadPath, first)
			}
			set(treeEntry{name: first, mode: filemode.Regular, hash: h})
			continue
		}
		if _, clash := blobs[first]; clash {
			return Hash{}, fmt.Errorf("%w: %q is both a file and a directory", ErrBadPath, first)
		}
		if sub[first] == nil {
			sub[first] = map[string]Hash{}
		}
		sub[first][rest] = h
	}
	for name, m := range sub {
		var subBase Hash
		if i, ok := byName[name]; ok && ents[i].isTree() {
			subBase = ents[i].hash
		}
		h, err := s.writeTree(subBase, m)
		if err != nil {
			return Hash{}, err
		}
		set(treeEntry{name: name, mode: filemode.Dir, hash: h})
	}
	sort.Slice(ents, func(i, j int) bool {
		return entryCmp(ents[i].name, ents[i].isTree(), ents[j].name, ents[j].isTree()) < 0
	})
	var buf []byte
	for _, e := range ents {
		buf = append(buf, strings.TrimLeft(e.mode.String(), "0")...)
		buf = append(buf, ' ')
		buf = append(buf, e.name...)
		buf = append(buf, 0)
		buf = append(buf, e.hash[:]...)
	}
	return s.writeObject(plumbing.TreeObject, buf)
}
