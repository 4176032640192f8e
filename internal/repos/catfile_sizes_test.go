package repos

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestBlobSizesInOneRequest: a bare repository's listing learns its files' sizes in
// batched "info" requests, and they are the sizes go-git reads; a missing
// object fails the batch and leaves the answer to blobSize.
func TestBlobSizesInOneRequest(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	for i := range 300 { // more than one batch
		files[fmt.Sprintf("res/values-l%03d/strings.xml", i)] = fmt.Sprintf("<resources>%*s</resources>\n", i*7, "")
	}
	bare := newBare(t, files)
	r, err := Open(context.Background(), Spec{Repo: bare})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.Tree()
	if err != nil {
		t.Fatal(err)
	}
	ents, err := tree.List("res")
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(files) {
		t.Fatalf("%d entries, want %d", len(ents), len(files))
	}
	st := r.(*repo).st
	if st.cat == nil || !catFileCommand() {
		t.Skip("this git has no cat-file --batch-command")
	}
	for _, e := range ents {
		if e.Size != int64(len(files[e.Path])) {
			t.Errorf("%s: size %d, want %d", e.Path, e.Size, len(files[e.Path]))
		}
		n, err := st.st.EncodedObjectSize(e.Blob)
		if err != nil || n != e.Size {
			t.Errorf("%s: go-git says %d (%v), the listing %d", e.Path, n, err, e.Size)
		}
	}
	var hs []Hash
	for _, e := range ents[:5] {
		hs = append(hs, e.Blob)
	}
	hs = append(hs, HashBlob([]byte("not in the repository")))
	if _, err := st.cat.sizes(hs); err == nil {
		t.Error("a batch with a missing object did not fail")
	}
	if ns, err := st.cat.sizes(hs[:5]); err != nil || ns[4] != ents[4].Size {
		t.Errorf("the process is out of step after a failed batch: %v %v", ns, err)
	}
}

// TestCatFileHelpersBounded: reading from more repositories than catFileMax keeps at
// most catFileMax helper processes (a hundred repositories once kept a hundred).
func TestCatFileHelpersBounded(t *testing.T) {
	if !catFileCommand() {
		t.Skip("this git has no cat-file --batch-command")
	}
	first := newBare(t, map[string]string{"a.txt": "a\n"})
	// Only what a repository needs is copied (creating files is what costs here).
	for _, p := range []string{"hooks", "info", "description"} {
		if err := os.RemoveAll(filepath.Join(first, p)); err != nil {
			t.Fatal(err)
		}
	}
	var cats []*catFile
	for i := range catFileMax + 4 {
		bare := first
		if i > 0 { // copies of the first: as many repositories, without a git clone each
			bare = filepath.Join(t.TempDir(), fmt.Sprintf("r%d.git", i))
			if err := os.CopyFS(bare, os.DirFS(first)); err != nil {
				t.Fatal(err)
			}
		}
		r, err := Open(context.Background(), Spec{Repo: bare})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Blob(HashBlob([]byte("a\n"))); err != nil {
			t.Fatal(err)
		}
		cats = append(cats, r.(*repo).st.cat)
	}
	catFiles.mu.Lock()
	live := len(catFiles.live)
	catFiles.mu.Unlock()
	if live > catFileMax {
		t.Errorf("%d helpers registered, at most %d", live, catFileMax)
	}
	for _, c := range cats {
		c.close()
	}
}
