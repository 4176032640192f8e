package repos

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"
)

func TestHashBlobMatchesGit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, in := range []string{"", "hello\n", "<resources/>", strings.Repeat("é\x00x", 10000)} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(git(t, dir, "hash-object", p))
		if got := HashBlob([]byte(in)).String(); got != want {
			t.Errorf("HashBlob(%.20q) = %s, git hash-object = %s", in, got, want)
		}
	}
	if e := HashBlob(nil).String(); e != "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" {
		t.Errorf("empty blob %s", e)
	}
}

// bareClone returns a bare clone of a checkout (its branches, HEAD included).
func bareClone(t testing.TB, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bare.git")
	git(t, "", "clone", "-q", "--bare", src, dir)
	return dir
}

func TestOpenKinds(t *testing.T) {
	t.Parallel()
	files := map[string]string{"res/values/strings.xml": "<resources/>\n"}
	checkout := newCheckout(t, files)
	bare := bareClone(t, checkout)
	data := t.TempDir()
	notRepo := t.TempDir()
	aFile := filepath.Join(notRepo, "file")
	writeFile(t, notRepo, "file", "x")

	tests := []struct {
		name   string
		spec   Spec
		kind   Kind
		branch string
		errIs  []error
	}{
		{name: "checkout", spec: Spec{Repo: checkout}, kind: KindCheckout, branch: "main"},
		{name: "checkout with trailing slash", spec: Spec{Repo: checkout + "/"}, kind: KindCheckout, branch: "main"},
		{name: "bare", spec: Spec{Repo: bare}, kind: KindBare, branch: "main"},
		{name: "file URL", spec: Spec{Repo: "file://" + bare, DataDir: data}, kind: KindRemote, branch: "main"},
		{name: "local", spec: Spec{Repo: "local:", DataDir: data, LocalName: "demo/glossary"}, kind: KindLocal, branch: "main"},
		{name: "missing path", spec: Spec{Repo: filepath.Join(notRepo, "nope")}, errIs: []error{ErrNoPath, fs.ErrNotExist}},
		{name: "folder of a checkout", spec: Spec{Repo: filepath.Join(checkout, "res")}, errIs: []error{ErrNotRepository}},
		{name: "a file", spec: Spec{Repo: aFile}, errIs: []error{ErrNotRepository}},
		{name: "missing branch", spec: Spec{Repo: bare, Branch: "nope"}, errIs: []error{ErrNoBranch}},
		{name: "missing branch of checkout", spec: Spec{Repo: checkout, Branch: "nope"}, errIs: []error{ErrNoBranch}},
		{name: "relative path", spec: Spec{Repo: "repos/demo"}, errIs: []error{ErrBadSpec}},
		{name: "empty", spec: Spec{}, errIs: []error{ErrBadSpec}},
		{name: "remote without data dir", spec: Spec{Repo: "file://" + bare}, errIs: []error{ErrBadSpec}},
		{name: "local without name", spec: Spec{Repo: "local:", DataDir: data}, errIs: []error{ErrBadSpec}},
		{name: "local name climbing out", spec: Spec{Repo: "local:", DataDir: data, LocalName: "../x"}, errIs: []error{ErrBadSpec}},
		{name: "clone failure", spec: Spec{Repo: "file://" + filepath.Join(notRepo, "nope.git"), DataDir: data}, errIs: []error{ErrClone}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Open(context.Background(), tt.spec)
			if tt.errIs != nil {
				if err == nil {
					t.Fatalf("Open succeeded (%s), want error", r.Kind())
				}
				for _, want := range tt.errIs {
					if !errors.Is(err, want) {
						t.Errorf("error %q does not wrap %q", err, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind() != tt.kind || r.Branch() != tt.branch {
				t.Errorf("kind %s branch %q, want %s %q", r.Kind(), r.Branch(), tt.kind, tt.branch)
			}
			_, isFetcher := r.(Fetcher)
			_, isCommitter := r.(Committer)
			if isFetcher != (tt.kind == KindRemote) || isCommitter != (tt.kind == KindLocal) {
				t.Errorf("Fetcher %v Committer %v for %s", isFetcher, isCommitter, tt.kind)
			}
			tree, err := r.Tree()
			if err != nil {
				t.Fatal(err)
			}
			ents, err := tree.List("")
			if err != nil {
				t.Fatal(err)
			}
			if tt.kind == KindLocal {
				if len(ents) != 0 {
					t.Errorf("new local repository lists %v", ents)
				}
				if h, err := r.Head(); h != nil || err != nil {
					t.Errorf("new local repository head %v, %v", h, err)
				}
				return
			}
			if len(ents) != 1 || ents[0].Path != "res/values/strings.xml" || ents[0].Blob != HashBlob([]byte("<resources/>\n")) || ents[0].Size != 13 {
				t.Errorf("List = %+v", ents)
			}
			head, err := r.Head()
			if err != nil || head == nil || head.Message != "initial\n" || head.Author.Name != "Ann Author" || head.Committer.Email != "carl@example.org" {
				t.Errorf("Head = %+v, %v", head, err)
			}
		})
	}
}

func TestOpenErrorsHideCredentials(t *testing.T) {
	t.Parallel()
	// Nothing listens on port 1: the clone fails fast, and the error names the URL.
	_, err := Open(context.Background(), Spec{Repo: "https://alice:s3cr3t-token@127.0.0.1:1/org/repo.git", DataDir: t.TempDir()})
	if !errors.Is(err, ErrClone) {
		t.Fatalf("got %v, want ErrClone", err)
	}
	msg := err.Error()
	if strings.Contains(msg, "s3cr3t") || strings.Contains(msg, "alice") || !strings.Contains(msg, "https://127.0.0.1:1/org/repo.git") {
		t.Errorf("error %q: want the URL without credentials", msg)
	}
}

func TestParseRemoteURL(t *testing.T) {
	t.Setenv("SSH_AUTH_SOCK", "/agent") // ssh URLs then leave authentication to the agent
	tests := []struct {
		in, clean string
		auth      any
		dir       string
	}{
		{"https://github.com/f-droid/fdroidclient.git", "https://github.com/f-droid/fdroidclient.git", nil, "github.com-f-droid-fdroidclient-"},
		{"https://tok:x-oauth@github.com/f-droid/fdroidclient", "https://github.com/f-droid/fdroidclient", &githttp.BasicAuth{Username: "tok", Password: "x-oauth"}, "github.com-f-droid-fdroidclient-"},
		{"https://TOKEN@gitlab.com/a/b.git", "https://gitlab.com/a/b.git", &githttp.BasicAuth{Username: "TOKEN"}, "gitlab.com-a-b-"},
		{"ssh://git@example.org:2222/srv/x.git", "ssh://git@example.org:2222/srv/x.git", nil, "example.org-2222-srv-x-"},
		{"git@github.com:org/repo.git", "git@github.com:org/repo.git", nil, "github.com-org-repo-"},
		{"file:///srv/git/demo.git", "file:///srv/git/demo.git", nil, "srv-git-demo-"},
	}
	for _, tt := range tests {
		u, err := parseRemoteURL(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		if u.clean != tt.clean {
			t.Errorf("%s: clean %q, want %q", tt.in, u.clean, tt.clean)
		}
		if tt.auth == nil && u.auth != nil || tt.auth != nil && !reflect.DeepEqual(tt.auth, u.auth) {
			t.Errorf("%s: auth %v, want %v", tt.in, u.auth, tt.auth)
		}
		name := cloneDirName(u.clean)
		if !regexp.MustCompile(`^` + regexp.QuoteMeta(tt.dir) + `[0-9a-f]{12}\.git$`).MatchString(name) {
			t.Errorf("%s: clone dir %q, want %s<hash>.git", tt.in, name, tt.dir)
		}
	}
	if _, err := parseRemoteURL("ftp://example.org/x"); !errors.Is(err, ErrBadSpec) {
		t.Errorf("ftp: %v", err)
	}
}

func TestWorkingTreeEditsVisible(t *testing.T) {
	t.Parallel()
	dir := newCheckout(t, map[string]string{"res/values/strings.xml": "v1\n", "res/values-de/strings.xml": "de1\n"})
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	head, _ := r.Head()
	writeFile(t, dir, "res/values-de/strings.xml", "de2, uncommitted\n")
	writeFile(t, dir, "res/values-fr/strings.xml", "fr, untracked\n")
	// A nested repository is another repository: not listed.
	writeFile(t, dir, "res/vendor/.git/HEAD", "ref: refs/heads/main\n")
	writeFile(t, dir, "res/vendor/values/strings.xml", "vendored")
	tree, err := r.Tree()
	if err != nil {
		t.Fatal(err)
	}
	e, err := tree.Stat("res/values-de/strings.xml")
	if err != nil || e.Blob != HashBlob([]byte("de2, uncommitted\n")) || e.Size != 17 {
		t.Errorf("Stat = %+v, %v", e, err)
	}
	data, err := tree.ReadFile("res/values-de/strings.xml")
	if err != nil || string(data) != "de2, uncommitted\n" {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
	ents, err := tree.List("res")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range ents {
		paths = append(paths, e.Path)
	}
	if strings.Join(paths, " ") != "res/values-de/strings.xml res/values-fr/strings.xml res/values/strings.xml" {
		t.Errorf("List = %v", paths)
	}
	// The head is unchanged until the edit is committed.
	if h, _ := r.Head(); h.Hash != head.Hash {
		t.Errorf("head moved without a commit")
	}
	git(t, dir, "commit", "-q", "-am", "edit")
	if h, _ := r.Head(); h.Hash == head.Hash || h.Message != "edit\n" {
		t.Errorf("head after commit: %+v", h)
	}
	// Removing a file removes it from the next listing.
	os.Remove(filepath.Join(dir, "res/values-fr/strings.xml"))
	if _, err := tree.Stat("res/values-fr/strings.xml"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Stat of a removed file: %v", err)
	}
}

// hashingCheckout commits files to a new checkout that knows no blob id before
// hashing it: git's index is removed (TestBlobCacheFromIndex has it), and no file
// is too recent to be cached (racyWindow is 0 until the test ends). It returns the
// checkout, the repository opened on it and its blob cache, whose hashed count is
// then exact.
func hashingCheckout(t *testing.T, files map[string]string) (string, Repository, *blobCache) {
	t.Helper()
	old := racyWindow
	racyWindow = 0
	t.Cleanup(func() { racyWindow = old })
	dir := newCheckout(t, files)
	if err := os.Remove(filepath.Join(dir, ".git", "index")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	return dir, r, r.(*repo).blobs
}

func TestBlobCache(t *testing.T) {
	dir, r, cache := hashingCheckout(t, map[string]string{"a/1.xml": "1", "a/2.xml": "2", "a/3.xml": "3"})
	list := func() []Entry {
		tree, _ := r.Tree()
		ents, err := tree.List("a")
		if err != nil {
			t.Fatal(err)
		}
		return ents
	}
	list()
	if cache.hashed != 3 {
		t.Fatalf("first listing hashed %d files, want 3", cache.hashed)
	}
	list()
	if cache.hashed != 3 {
		t.Errorf("rescan of an unchanged tree hashed %d files, want 0", cache.hashed-3)
	}
	writeFile(t, dir, "a/2.xml", "X") // same size: mtime/ctime tell
	ents := list()
	if cache.hashed != 4 || ents[1].Blob != HashBlob([]byte("X")) {
		t.Errorf("after an edit: hashed %d (want 4), blob %s", cache.hashed, ents[1].Blob)
	}
	os.Remove(filepath.Join(dir, "a/3.xml"))
	list()
	if len(cache.m) != 2 {
		t.Errorf("cache keeps %d entries after a deletion, want 2", len(cache.m))
	}

	// Within the racy window nothing is cached: a same-size rewrite in the same
	// clock tick must still be seen.
	racyWindow = time.Hour
	clear(cache.m)
	before := cache.hashed
	list()
	list()
	if cache.hashed != before+4 {
		t.Errorf("fresh files hashed %d times in two scans, want 4", cache.hashed-before)
	}
}

// TestBlobCacheFromIndex: files whose stat matches git's index take their blob id
// from it, unread; an edited file, and one git could not trust, are hashed.
func TestBlobCacheFromIndex(t *testing.T) {
	old := racyWindow
	racyWindow = 0
	defer func() { racyWindow = old }()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	files := map[string]string{"a/1.xml": "one", "a/2.xml": "two", "a/3.xml": "three"}
	past := time.Now().Add(-time.Hour)
	for p, c := range files {
		writeFile(t, dir, p, c)
		// Older than the index git writes next: not "racily clean".
		if err := os.Chtimes(filepath.Join(dir, p), past, past); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "initial")
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	cache := r.(*repo).blobs
	tree, _ := r.Tree()
	ents, err := tree.List("a")
	if err != nil {
		t.Fatal(err)
	}
	if cache.hashed != 0 {
		t.Errorf("a clean checkout: %d files hashed, want 0", cache.hashed)
	}
	for _, e := range ents {
		if want := HashBlob([]byte(files[e.Path])); e.Blob != want {
			t.Errorf("%s: blob %s from the index, want %s", e.Path, e.Blob, want)
		}
	}
	writeFile(t, dir, "a/2.xml", "TWO") // an edit the index does not know
	tree, _ = r.Tree()
	ents, _ = tree.List("a")
	if cache.hashed != 1 || ents[1].Blob != HashBlob([]byte("TWO")) {
		t.Errorf("after an edit: %d hashed, blob %s", cache.hashed, ents[1].Blob)
	}
}

// treeKinds gives the same files as a working tree and as a committed tree.
func treeKinds(t *testing.T, files map[string]string, links map[string]string) map[string]Tree {
	t.Helper()
	dir := newCheckout(t, nil)
	for p, c := range files {
		writeFile(t, dir, p, c)
	}
	for p, target := range links {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "files")
	out := map[string]Tree{}
	for kind, path := range map[string]string{"worktree": dir, "git": bareClone(t, dir)} {
		out[kind] = mustTree(t, path)
	}
	return out
}

func TestListSortedAndRestricted(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"app/src/main/res/values/strings.xml":      "en",
		"app/src/main/res/values-de/strings.xml":   "de",
		"app/src/main/res/values-b+zh+Hans/a.xml":  "zh",
		"app/src/main/res/values.txt":              "t",
		"app/src/main/res/values/sub/deeper.xml":   "d",
		"app/src/main/resources/not-below-res.xml": "x",
		"app/src/main/res-other/not-below-res.xml": "x",
		"README.md": "readme",
		"app/src/main/res/values-de/.hidden/ok.xml": "hidden but listed",
	}
	for kind, tree := range treeKinds(t, files, nil) {
		t.Run(kind, func(t *testing.T) {
			for _, dir := range []string{"app/src/main/res", "app/src/main/res/", "./app/src/main/res"} {
				ents, err := tree.List(dir)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, e := range ents {
					got = append(got, e.Path)
					if want := HashBlob([]byte(files[e.Path])); e.Blob != want || e.Size != int64(len(files[e.Path])) {
						t.Errorf("%s: blob %s size %d, want %s %d", e.Path, e.Blob, e.Size, want, len(files[e.Path]))
					}
				}
				want := []string{
					"app/src/main/res/values-b+zh+Hans/a.xml",
					"app/src/main/res/values-de/.hidden/ok.xml",
					"app/src/main/res/values-de/strings.xml",
					"app/src/main/res/values.txt",
					"app/src/main/res/values/strings.xml",
					"app/src/main/res/values/sub/deeper.xml",
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("List(%q) =\n%v\nwant\n%v", dir, got, want)
				}
			}
			all, err := tree.List("")
			if err != nil || len(all) != len(files) {
				t.Errorf("List(\"\") gave %d entries (%v), want %d", len(all), err, len(files))
			}
			for _, e := range all {
				if strings.Contains(e.Path, ".git/") {
					t.Errorf("listed %s", e.Path)
				}
			}
			for _, dir := range []string{"nope", "README.md", "app/src/main/res/values/strings.xml"} {
				if ents, err := tree.List(dir); err != nil || len(ents) != 0 {
					t.Errorf("List(%q) = %v, %v; want nothing", dir, ents, err)
				}
			}
			for _, dir := range []string{"../app", "/app", "app/../..", "a\x00b"} {
				if _, err := tree.List(dir); !errors.Is(err, ErrBadPath) {
					t.Errorf("List(%q): %v, want ErrBadPath", dir, err)
				}
			}
			if _, err := tree.List(".git"); err != nil {
				t.Errorf("List(.git): %v", err)
			}
		})
	}
}

func TestSymlinks(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"res/values/strings.xml": "english",
		"res/real/file.xml":      "real",
	}
	links := map[string]string{
		"res/values-en/strings.xml":    "../values/strings.xml", // inside: readable
		"res/linkdir":                  "real",                  // a directory link used as a path component
		"res/values-xx/strings.xml":    "../../../outside.xml",  // climbs out of the repository
		"res/values-yy/strings.xml":    "/etc/passwd",           // absolute
		"res/values-zz/strings.xml":    "../missing.xml",        // dangling
		"res/values-gg/strings.xml":    "../../.git/config",     // into .git
		"res/loop/a":                   "b",
		"res/loop/b":                   "a",
		"res/values-chain/strings.xml": "../values-en/strings.xml", // a link to a link
	}
	for kind, tree := range treeKinds(t, files, links) {
		t.Run(kind, func(t *testing.T) {
			// A file outside the checkout that an OS-followed link would reach.
			ents, err := tree.List("res")
			if err != nil {
				t.Fatal(err)
			}
			found := map[string]Entry{}
			for _, e := range ents {
				found[e.Path] = e
			}
			// A link's entry carries its target's blob and size: what ReadFile returns.
			var zero Hash
			linkEntries := []struct {
				path, link string
				blob       Hash
				size       int64
			}{
				{"res/values-en/strings.xml", "../values/strings.xml", HashBlob([]byte("english")), 7},
				{"res/values-chain/strings.xml", "../values-en/strings.xml", HashBlob([]byte("english")), 7},
				{"res/linkdir", "real", zero, 0}, // a directory: no content
				{"res/values-xx/strings.xml", "../../../outside.xml", zero, 0},
				{"res/values-yy/strings.xml", "/etc/passwd", zero, 0},
				{"res/values-zz/strings.xml", "../missing.xml", zero, 0},
				{"res/values-gg/strings.xml", "../../.git/config", zero, 0},
				{"res/loop/a", "b", zero, 0},
			}
			for _, le := range linkEntries {
				want := Entry{Path: le.path, Blob: le.blob, Size: le.size, Link: le.link}
				if e := found[le.path]; e != want {
					t.Errorf("List: link entry %+v, want %+v", e, want)
				}
				if e, err := tree.Stat(le.path); err != nil || e != want {
					t.Errorf("Stat: link entry %+v, %v; want %+v", e, err, want)
				}
			}
			if _, ok := found["res/linkdir/file.xml"]; ok {
				t.Errorf("List followed a directory link")
			}
			tests := []struct {
				path  string
				want  string
				errIs error
			}{
				{"res/values-en/strings.xml", "english", nil},
				{"res/values-chain/strings.xml", "english", nil},
				{"res/linkdir/file.xml", "real", nil},
				{"res/values-xx/strings.xml", "", ErrOutside},
				{"res/values-yy/strings.xml", "", ErrOutside},
				{"res/values-gg/strings.xml", "", ErrOutside},
				{"res/values-zz/strings.xml", "", fs.ErrNotExist},
				{"res/loop/a", "", ErrLinkDepth},
				{"res/nothing.xml", "", fs.ErrNotExist},
				{"res/values", "", ErrIsDir},
				{".git/config", "", fs.ErrNotExist},
				{"../outside.xml", "", ErrBadPath},
				{"res/../../outside.xml", "", ErrBadPath},
				{"/etc/passwd", "", ErrBadPath},
				{"res/values/strings.xml\x00", "", ErrBadPath},
			}
			for _, tt := range tests {
				data, err := tree.ReadFile(tt.path)
				if tt.errIs != nil {
					if !errors.Is(err, tt.errIs) {
						t.Errorf("ReadFile(%q) = %q, %v; want %v", tt.path, data, err, tt.errIs)
					}
					continue
				}
				if err != nil || string(data) != tt.want {
					t.Errorf("ReadFile(%q) = %q, %v; want %q", tt.path, data, err, tt.want)
				}
			}
			// Stat does not follow the last link but resolves directory links.
			if e, err := tree.Stat("res/linkdir/file.xml"); err != nil || e.Path != "res/linkdir/file.xml" || e.Blob != HashBlob([]byte("real")) {
				t.Errorf("Stat through a directory link = %+v, %v", e, err)
			}
		})
	}
}

func TestBareBranchSelection(t *testing.T) {
	t.Parallel()
	dir := newCheckout(t, map[string]string{"f.txt": "main"})
	git(t, dir, "checkout", "-q", "-b", "feature")
	writeFile(t, dir, "f.txt", "feature")
	git(t, dir, "commit", "-q", "-am", "on feature")
	git(t, dir, "checkout", "-q", "main")
	bare := bareClone(t, dir)
	for _, tt := range []struct{ branch, want, content string }{
		{"", "main", "main"},
		{"main", "main", "main"},
		{"feature", "feature", "feature"},
	} {
		r, err := Open(context.Background(), Spec{Repo: bare, Branch: tt.branch})
		if err != nil {
			t.Fatal(err)
		}
		tree, _ := r.Tree()
		data, err := tree.ReadFile("f.txt")
		if r.Branch() != tt.want || string(data) != tt.content || err != nil {
			t.Errorf("branch %q: Branch() %q, f.txt %q %v", tt.branch, r.Branch(), data, err)
		}
	}
}

func TestCheckoutBranches(t *testing.T) {
	t.Parallel()
	dir := newCheckout(t, map[string]string{"f.txt": "main"})
	git(t, dir, "checkout", "-q", "-b", "feature")
	writeFile(t, dir, "f.txt", "feature")
	git(t, dir, "commit", "-q", "-am", "on feature")

	// Without a branch, a checkout follows HEAD, also across `git checkout`.
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := r.Head(); r.Branch() != "feature" || h.Message != "on feature\n" {
		t.Errorf("Branch %q head %q", r.Branch(), h.Message)
	}
	git(t, dir, "checkout", "-q", "main")
	if h, _ := r.Head(); r.Branch() != "main" || h.Message != "initial\n" {
		t.Errorf("after checkout: Branch %q head %q", r.Branch(), h.Message)
	}
	// A named branch: Head and History from it, Tree still the working tree.
	r, err = Open(context.Background(), Spec{Repo: dir, Branch: "feature"})
	if err != nil {
		t.Fatal(err)
	}
	h, _ := r.Head()
	tree, _ := r.Tree()
	data, _ := tree.ReadFile("f.txt")
	if h.Message != "on feature\n" || string(data) != "main" {
		t.Errorf("head %q, working tree %q", h.Message, data)
	}
	// Detached HEAD: no branch name, the detached commit is read.
	git(t, dir, "checkout", "-q", "--detach", "feature")
	r, err = Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := r.Head(); r.Branch() != "" || h == nil || h.Message != "on feature\n" {
		t.Errorf("detached: Branch %q head %+v", r.Branch(), h)
	}
}

func TestRemoteCloneReuseFetch(t *testing.T) {
	t.Parallel()
	work := newCheckout(t, map[string]string{"res/values/strings.xml": "v1"})
	origin := bareClone(t, work)
	git(t, work, "remote", "add", "origin", origin)
	data := t.TempDir()
	url := "file://" + origin
	spec := Spec{Repo: url, DataDir: data}

	r, err := Open(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	wantDir := filepath.Join(data, "clones", cloneDirName(url))
	if r.Dir() != wantDir || !regexp.MustCompile(`-bare-[0-9a-f]{12}\.git$`).MatchString(wantDir) {
		t.Errorf("clone at %s, want %s (named after the path)", r.Dir(), wantDir)
	}
	if out := git(t, r.Dir(), "rev-parse", "--is-bare-repository"); strings.TrimSpace(out) != "true" {
		t.Errorf("clone is not bare")
	}
	// The second Open reuses the clone.
	sentinel := filepath.Join(r.Dir(), "sentinel")
	writeFile(t, r.Dir(), "sentinel", "still here")
	r2, err := Open(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(sentinel); err != nil || r2.Dir() != r.Dir() {
		t.Errorf("second Open re-cloned (%v)", err)
	}
	moved, err := r.(Fetcher).Fetch(context.Background())
	if err != nil || moved {
		t.Errorf("Fetch of an unchanged origin: moved %v, %v", moved, err)
	}
	before, _ := r.Head()

	writeFile(t, work, "res/values-de/strings.xml", "de")
	git(t, work, "add", "-A")
	git(t, work, "commit", "-q", "-m", "German")
	git(t, work, "push", "-q", "origin", "main")
	moved, err = r.(Fetcher).Fetch(context.Background())
	if err != nil || !moved {
		t.Fatalf("Fetch after a push: moved %v, %v", moved, err)
	}
	after, _ := r.Head()
	if after.Hash == before.Hash || after.Message != "German\n" {
		t.Errorf("head after fetch: %+v", after)
	}
	// The other Repository on the same clone sees the fetched objects too.
	tree, err := r2.Tree()
	if err != nil {
		t.Fatal(err)
	}
	if d, err := tree.ReadFile("res/values-de/strings.xml"); err != nil || string(d) != "de" {
		t.Errorf("new file via the second Repository: %q, %v", d, err)
	}
	hist, err := r2.History(context.Background(), HistoryOptions{Dirs: []string{"res"}})
	if err != nil || len(hist) != 2 {
		t.Errorf("History after fetch: %d commits, %v", len(hist), err)
	}
	if moved, err := r2.(Fetcher).Fetch(context.Background()); err != nil || moved {
		t.Errorf("second fetch: moved %v, %v", moved, err)
	}
	// A branch created upstream after the clone: Open fetches it.
	git(t, work, "push", "-q", "origin", "main:late")
	late, err := Open(context.Background(), Spec{Repo: url, DataDir: data, Branch: "late"})
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := late.Head(); late.Dir() != r.Dir() || h.Hash != after.Hash {
		t.Errorf("late branch: %s %+v", late.Dir(), h)
	}
	// The origin vanishes: Fetch fails, naming the URL, and the clone still reads.
	os.RemoveAll(origin)
	if _, err := r.(Fetcher).Fetch(context.Background()); !errors.Is(err, ErrFetch) || !strings.Contains(err.Error(), url) {
		t.Errorf("Fetch of a vanished origin: %v", err)
	}
	if h, err := r.Head(); err != nil || h.Hash != after.Hash {
		t.Errorf("head after a failed fetch: %v, %v", h, err)
	}
}

func TestRemoteHalfFinishedClone(t *testing.T) {
	t.Parallel()
	origin := newBare(t, map[string]string{"a.txt": "a"})
	data := t.TempDir()
	url := "file://" + origin
	dir := filepath.Join(data, "clones", cloneDirName(url))
	for _, tt := range []struct {
		name  string
		crash func()
	}{
		{"garbage where the clone goes", func() { writeFile(t, dir, "objects/pack/junk", "x") }},
		{"clone without its marker", func() {
			git(t, "", "clone", "-q", "--bare", origin, dir)
		}},
		{"marker but objects lost", func() {
			git(t, "", "clone", "-q", "--bare", origin, dir)
			writeFile(t, dir, cloneMarker, url)
			git(t, dir, "remote", "set-url", "origin", url)
			os.RemoveAll(filepath.Join(dir, "objects"))
			os.MkdirAll(filepath.Join(dir, "objects"), 0o755)
		}},
		{"a temporary directory left over", func() {
			writeFile(t, filepath.Dir(dir), ".tmp-"+filepath.Base(dir)+"-123/HEAD", "x")
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			os.RemoveAll(filepath.Join(data, "clones"))
			tt.crash()
			r, err := Open(context.Background(), Spec{Repo: url, DataDir: data})
			if err != nil {
				t.Fatal(err)
			}
			tree, _ := r.Tree()
			if d, err := tree.ReadFile("a.txt"); err != nil || string(d) != "a" {
				t.Errorf("after re-clone: %q, %v", d, err)
			}
			left, _ := filepath.Glob(filepath.Join(data, "clones", ".tmp-*"))
			if len(left) != 0 {
				t.Errorf("leftovers: %v", left)
			}
		})
	}
}

func TestLocalRepository(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	spec := Spec{Repo: "local:", DataDir: data, LocalName: "demo/glossary"}
	r, err := Open(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(data, "local", "demo", "glossary.git"); r.Dir() != want {
		t.Errorf("Dir %s, want %s", r.Dir(), want)
	}
	if out := strings.TrimSpace(git(t, r.Dir(), "symbolic-ref", "HEAD")); out != "refs/heads/main" {
		t.Errorf("HEAD -> %s", out)
	}
	c := r.(Committer)
	when := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	author := Signature{Name: "gitlate", Email: "gitlate@localhost", When: when}
	if err := c.Commit(map[string][]byte{"cs.tbx": []byte("<tbx/>"), "de.tbx": []byte("<tbx/>")}, author, "Add glossaries"); err != nil {
		t.Fatal(err)
	}
	if err := c.Commit(map[string][]byte{"sub/fr.tbx": []byte("fr")}, Signature{Name: "x", Email: "x@y"}, "French"); err != nil {
		t.Fatal(err)
	}
	// The same content again: no empty commit.
	if err := c.Commit(map[string][]byte{"de.tbx": []byte("<tbx/>")}, author, "again"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"../x.tbx", "/abs.tbx", ".git/config", ""} {
		if err := c.Commit(map[string][]byte{bad: nil}, author, "bad"); !errors.Is(err, ErrBadPath) {
			t.Errorf("Commit(%q): %v, want ErrBadPath", bad, err)
		}
	}
	// Read back through a fresh Open, and with git itself.
	r, err = Open(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	tree, _ := r.Tree()
	ents, _ := tree.List("")
	if len(ents) != 3 || ents[0].Path != "cs.tbx" || ents[2].Path != "sub/fr.tbx" || ents[0].Blob != HashBlob([]byte("<tbx/>")) {
		t.Errorf("List = %+v", ents)
	}
	if log := git(t, r.Dir(), "log", "--format=%s|%an|%cn|%cI", "main"); !regexp.MustCompile(`^French\|x\|x\|.*\nAdd glossaries\|gitlate\|gitlate\|2024-05-06T07:08:09\+00:00\n$`).MatchString(log) {
		t.Errorf("git log:\n%s", log)
	}
	git(t, r.Dir(), "fsck", "--strict")
	hist, err := r.History(context.Background(), HistoryOptions{})
	if err != nil || len(hist) != 2 || len(hist[0].Changes) != 2 || hist[1].Changes[0].Path != "sub/fr.tbx" {
		t.Errorf("History = %+v, %v", hist, err)
	}
}

func TestConcurrentReads(t *testing.T) {
	t.Parallel()
	dir := newCheckout(t, map[string]string{"res/a.xml": "a", "res/b.xml": "b"})
	writeFile(t, dir, "res/c.xml", "c")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "c")
	bare := bareClone(t, dir)
	blobA := plumbing.NewHash(strings.TrimSpace(git(t, dir, "rev-parse", "HEAD:res/a.xml")))
	var wg sync.WaitGroup
	for _, path := range []string{dir, bare} {
		r, err := Open(context.Background(), Spec{Repo: path})
		if err != nil {
			t.Fatal(err)
		}
		for range 4 {
			wg.Go(func() {
				for range 20 {
					tree, err := r.Tree()
					if err != nil {
						t.Error(err)
						return
					}
					if ents, err := tree.List("res"); err != nil || len(ents) != 3 {
						t.Errorf("List: %d, %v", len(ents), err)
					}
					if _, err := tree.ReadFile("res/b.xml"); err != nil {
						t.Error(err)
					}
					if h, err := r.History(context.Background(), HistoryOptions{Dirs: []string{"res"}}); err != nil || len(h) != 2 {
						t.Errorf("History: %d, %v", len(h), err)
					}
					if b, err := r.Blob(blobA); err != nil || string(b) != "a" {
						t.Error(err)
					}
				}
			})
		}
	}
	wg.Wait()
}

func TestRemoteEmptyOrigin(t *testing.T) {
	t.Parallel()
	origin := filepath.Join(t.TempDir(), "empty.git")
	git(t, "", "init", "-q", "--bare", "-b", "main", origin)
	url := "file://" + origin
	r, err := Open(context.Background(), Spec{Repo: url, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if h, err := r.Head(); h != nil || err != nil || r.Branch() != "main" {
		t.Errorf("empty origin: head %v, %v, branch %q", h, err, r.Branch())
	}
	if moved, err := r.(Fetcher).Fetch(context.Background()); moved || err != nil {
		t.Errorf("fetch of an empty origin: %v, %v", moved, err)
	}
	work := newCheckout(t, map[string]string{"a.txt": "a"})
	git(t, work, "push", "-q", origin, "main")
	if moved, err := r.(Fetcher).Fetch(context.Background()); !moved || err != nil {
		t.Errorf("fetch after the first push: %v, %v", moved, err)
	}
	tree, _ := r.Tree()
	if d, err := tree.ReadFile("a.txt"); err != nil || string(d) != "a" {
		t.Errorf("a.txt: %q, %v", d, err)
	}
}

// TestReadFileIntoBlob: the blob id ReadFileInto returns is that of the bytes it
// read, even when the file was edited between List and the read (the listing's id
// names the old content); an unchanged file costs no hashing, and an edited one
// read is not hashed again by the next listing.
func TestReadFileIntoBlob(t *testing.T) {
	files := map[string]string{"a/1.xml": "one", "a/2.xml": "two", "a/3.xml": "three", "a/4.xml": "four"}
	// Every id is hashed by us, so the counts below are exact.
	dir, r, cache := hashingCheckout(t, files)
	if err := os.Symlink("4.xml", filepath.Join(dir, "a/link.xml")); err != nil {
		t.Fatal(err)
	}
	tree, _ := r.Tree()
	listed := map[string]Hash{}
	ents, err := tree.List("a")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		listed[e.Path] = e.Blob
	}
	br := tree.(BufferedReader)
	tests := []struct {
		name, path string
		edit       string // new content of path's target, "" for none
		target     string
		hashes     int // files hashed by the read
	}{
		{"unchanged", "a/1.xml", "", "a/1.xml", 0},
		{"edited, same size", "a/2.xml", "TWO", "a/2.xml", 1},
		{"edited, other size", "a/3.xml", "three and more", "a/3.xml", 1},
		{"through a link, target edited", "a/link.xml", "FOUR!", "a/4.xml", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := files[tt.target]
			if tt.edit != "" {
				want = tt.edit
				writeFile(t, dir, tt.target, tt.edit)
			}
			before := cache.hashed
			buf := make([]byte, 0, 1024)
			data, blob, err := br.ReadFileInto(tt.path, buf)
			if err != nil || string(data) != want {
				t.Fatalf("ReadFileInto = %q, %v; want %q", data, err, want)
			}
			if &data[:1][0] != &buf[:1][0] {
				t.Error("the caller's buffer was not used")
			}
			if blob != HashBlob([]byte(want)) {
				t.Errorf("blob %s, want the id of what was read, %s (listed %s)", blob, HashBlob([]byte(want)), listed[tt.target])
			}
			if got := cache.hashed - before; got != tt.hashes {
				t.Errorf("the read hashed %d files, want %d", got, tt.hashes)
			}
			// The next listing knows the new content's id without reading it again.
			before = cache.hashed
			tree, _ := r.Tree()
			e, err := tree.Stat(tt.target)
			if err != nil || e.Blob != blob || cache.hashed != before {
				t.Errorf("Stat after the read: %+v, %v, %d hashed", e, err, cache.hashed-before)
			}
		})
	}
	// A committed tree returns the entry's id.
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "edits")
	for kind, tree := range map[string]Tree{"worktree": tree, "git": mustTree(t, bareClone(t, dir))} {
		ents, err := tree.List("a")
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if e.Link != "" {
				continue
			}
			data, blob, err := tree.(BufferedReader).ReadFileInto(e.Path, nil)
			if err != nil || blob != e.Blob || HashBlob(data) != blob {
				t.Errorf("%s: ReadFileInto(%s) blob %s, %v; listed %s", kind, e.Path, blob, err, e.Blob)
			}
		}
	}
}

// mustTree opens the repository at path and returns its current tree.
func mustTree(t *testing.T, path string) Tree {
	t.Helper()
	r, err := Open(context.Background(), Spec{Repo: path})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.Tree()
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestSymlinkFollowsTarget: a link's Blob and Size follow the file it leads to, in
// a working tree as its target or the link itself changes, and in the commits of
// each step; a link whose target goes away gets a zero Blob.
func TestSymlinkFollowsTarget(t *testing.T) {
	old := racyWindow
	racyWindow = 0 // exercise the blob cache too
	defer func() { racyWindow = old }()
	dir := newCheckout(t, map[string]string{"res/values/strings.xml": "v1", "res/values/other.xml": "other"})
	link := filepath.Join(dir, "res/values-en/strings.xml")
	relink := func(target string) {
		os.Remove(link)
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name    string
		change  func()
		content string // "" for no content: a zero Blob
	}{
		{"link", func() { relink("../values/strings.xml") }, "v1"},
		{"target edited", func() { writeFile(t, dir, "res/values/strings.xml", "v2, longer") }, "v2, longer"},
		{"link retargeted", func() { relink("../values/other.xml") }, "other"},
		{"target removed", func() { os.Remove(filepath.Join(dir, "res/values/other.xml")) }, ""},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.change()
			var want Entry
			want.Path, want.Link = "res/values-en/strings.xml", mustReadlink(t, link)
			if st.content != "" {
				want.Blob, want.Size = HashBlob([]byte(st.content)), int64(len(st.content))
			}
			git(t, dir, "add", "-A")
			git(t, dir, "commit", "-q", "--allow-empty", "-m", st.name)
			head, err := r.Head()
			if err != nil {
				t.Fatal(err)
			}
			committed, err := r.TreeAt(head.Hash)
			if err != nil {
				t.Fatal(err)
			}
			work, _ := r.Tree()
			for kind, tree := range map[string]Tree{"worktree": work, "git": committed} {
				// Listing only the link's directory (its target is elsewhere) and
				// the whole tree give the same entry.
				for _, d := range []string{"res/values-en", "res", ""} {
					ents, err := tree.List(d)
					if err != nil {
						t.Fatal(err)
					}
					var got Entry
					for _, e := range ents {
						if e.Path == want.Path {
							got = e
						}
					}
					if got != want {
						t.Errorf("%s: List(%q) gave %+v, want %+v", kind, d, got, want)
					}
				}
				if data, err := tree.ReadFile(want.Path); st.content != "" && (err != nil || string(data) != st.content) {
					t.Errorf("%s: ReadFile = %q, %v", kind, data, err)
				}
			}
		})
	}
}

func mustReadlink(t *testing.T, p string) string {
	t.Helper()
	s, err := os.Readlink(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMaxFileSize: content larger than MaxFileSize is listed with its size but
// never read, through either tree, a link, or Repository.Blob (cat-file, which
// skips the body and stays in step, and go-git); content at the limit is read.
func TestMaxFileSize(t *testing.T) {
	old := MaxFileSize
	MaxFileSize = 10
	defer func() { MaxFileSize = old }()
	files := map[string]string{
		"res/small.xml": "0123456789", // exactly at the limit
		"res/big.xml":   "0123456789A",
		"res/huge.xml":  strings.Repeat("x", 200<<10), // more than the pipe and reader buffers
	}
	links := map[string]string{"res/link-big.xml": "big.xml"}
	trees := treeKinds(t, files, links)
	for kind, tree := range trees {
		t.Run(kind, func(t *testing.T) {
			ents, err := tree.List("res")
			if err != nil {
				t.Fatal(err)
			}
			sizes := map[string]int64{}
			for _, e := range ents {
				sizes[e.Path] = e.Size
				content := files[e.Path]
				if e.Link != "" {
					content = files["res/big.xml"]
				}
				if e.Size != int64(len(content)) || e.Blob != HashBlob([]byte(content)) {
					t.Errorf("%s listed with size %d, blob %s; want %d, %s", e.Path, e.Size, e.Blob, len(content), HashBlob([]byte(content)))
				}
			}
			if len(sizes) != 4 {
				t.Errorf("listed %v, want all four files", sizes)
			}
			tests := []struct {
				path    string
				tooBig  bool
				content string
			}{
				{"res/small.xml", false, files["res/small.xml"]},
				{"res/big.xml", true, ""},
				{"res/huge.xml", true, ""},
				{"res/link-big.xml", true, ""},
				{"res/small.xml", false, files["res/small.xml"]}, // after the refusals
			}
			for _, tt := range tests {
				data, err := tree.ReadFile(tt.path)
				data2, _, err2 := tree.(BufferedReader).ReadFileInto(tt.path, make([]byte, 0, 1<<20))
				for _, r := range []struct {
					data []byte
					err  error
				}{{data, err}, {data2, err2}} {
					if tt.tooBig && (!errors.Is(r.err, ErrTooLarge) || r.data != nil) {
						t.Errorf("reading %s: %d bytes, %v; want ErrTooLarge", tt.path, len(r.data), r.err)
					}
					if !tt.tooBig && (r.err != nil || string(r.data) != tt.content) {
						t.Errorf("reading %s: %q, %v", tt.path, r.data, r.err)
					}
				}
			}
		})
	}

	// Repository.Blob, through cat-file and through go-git, from packed objects (a
	// clone) and loose ones (commits of a checkout).
	checkout := newCheckout(t, files)
	bare := bareClone(t, checkout)
	for _, via := range []string{"cat-file", "go-git", "go-git-loose"} {
		t.Run("Blob/"+via, func(t *testing.T) {
			path := bare
			if via == "go-git-loose" {
				path = checkout
			}
			r, err := Open(context.Background(), Spec{Repo: path})
			if err != nil {
				t.Fatal(err)
			}
			st := r.(*repo).st
			if via != "cat-file" {
				st.cat = nil
			} else if st.cat == nil {
				t.Skip("no git binary")
			}
			for _, name := range []string{"res/big.xml", "res/huge.xml", "res/small.xml", "res/huge.xml", "res/small.xml"} {
				data, err := r.Blob(HashBlob([]byte(files[name])))
				if tooBig := len(files[name]) > 10; tooBig {
					if !errors.Is(err, ErrTooLarge) || data != nil {
						t.Errorf("Blob(%s): %d bytes, %v; want ErrTooLarge", name, len(data), err)
					}
				} else if err != nil || string(data) != files[name] {
					t.Errorf("Blob(%s) = %q, %v", name, data, err)
				}
			}
			if via == "cat-file" {
				st.cat.mu.Lock()
				running := st.cat.cmd != nil
				st.cat.mu.Unlock()
				if !running {
					t.Error("cat-file was stopped by a refused blob: it should have stayed in step")
				}
			}
		})
	}
}

// TestListDepth: ListDepth reaches depth levels of subdirectories and no further,
// in both trees; a working tree does not hash what lies deeper, and a shallow
// listing does not make the blob cache forget the deeper files it knows.
func TestListDepth(t *testing.T) {
	files := map[string]string{
		"glossary.tbx":                   "root",
		"README.md":                      "readme",
		"terms/de.tbx":                   "de",
		"terms/old/cs.tbx":               "cs",
		"terms/old/deeper/x.tbx":         "x",
		"node_modules/pkg/lib/index.js":  "js",
		"build/out/very/deep/thing.json": "json",
	}
	all := []string{"README.md", "build/out/very/deep/thing.json", "glossary.tbx", "node_modules/pkg/lib/index.js", "terms/de.tbx", "terms/old/cs.tbx", "terms/old/deeper/x.tbx"}
	tests := []struct {
		dir   string
		depth int
		want  []string
	}{
		{"", 0, []string{"README.md", "glossary.tbx"}},
		{"", 1, []string{"README.md", "glossary.tbx", "terms/de.tbx"}},
		{"", 2, []string{"README.md", "glossary.tbx", "terms/de.tbx", "terms/old/cs.tbx"}},
		{"", -1, all},
		{"terms", 0, []string{"terms/de.tbx"}},
		{"terms/", 1, []string{"terms/de.tbx", "terms/old/cs.tbx"}},
		{"terms", 5, []string{"terms/de.tbx", "terms/old/cs.tbx", "terms/old/deeper/x.tbx"}},
		{"terms", -3, []string{"terms/de.tbx", "terms/old/cs.tbx", "terms/old/deeper/x.tbx"}},
		{"nope", 0, nil},
		{"glossary.tbx", 0, nil},
	}
	for kind, tree := range treeKinds(t, files, nil) {
		t.Run(kind, func(t *testing.T) {
			for _, tt := range tests {
				ents, err := tree.ListDepth(tt.dir, tt.depth)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, e := range ents {
					got = append(got, e.Path)
					if e.Blob != HashBlob([]byte(files[e.Path])) {
						t.Errorf("%s: blob %s", e.Path, e.Blob)
					}
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("ListDepth(%q, %d) = %v, want %v", tt.dir, tt.depth, got, tt.want)
				}
			}
			if _, err := tree.ListDepth("../x", 0); !errors.Is(err, ErrBadPath) {
				t.Errorf("ListDepth(../x): %v, want ErrBadPath", err)
			}
		})
	}

	// Hashing in a working tree.
	dir, r, cache := hashingCheckout(t, files)
	tree, _ := r.Tree()
	if _, err := tree.ListDepth("", 0); err != nil || cache.hashed != 2 {
		t.Errorf("ListDepth(\"\", 0) hashed %d files (%v), want the 2 at the root", cache.hashed, err)
	}
	tree.List("")
	before := cache.hashed
	tree.ListDepth("", 0)
	tree.ListDepth("terms", 0)
	tree.List("")
	if cache.hashed != before {
		t.Errorf("shallow listings made the cache forget deeper files: %d hashed again", cache.hashed-before)
	}
	// A deletion within reach is forgotten; one beyond it waits for a deep listing.
	os.Remove(filepath.Join(dir, "README.md"))
	os.Remove(filepath.Join(dir, "terms/old/cs.tbx"))
	tree.ListDepth("", 1)
	if _, ok := cache.m["README.md"]; ok {
		t.Error("a deleted file within reach stayed in the cache")
	}
	if _, ok := cache.m["terms/old/cs.tbx"]; !ok {
		t.Error("a file beyond reach was forgotten")
	}
}

// TestBlobCachePrunesOnlyUnderTheListedDirectory: a listing forgets the deleted
// files it could have seen, under its directory and within its depth, and no
// other: not a sibling directory's whose name starts with the same letters, not
// those below its depth.
func TestBlobCachePrunesOnlyUnderTheListedDirectory(t *testing.T) {
	dir, r, cache := hashingCheckout(t, map[string]string{
		"a/1.xml": "1", "a/x/2.xml": "2", "a/x/y/3.xml": "3", "ab/4.xml": "4", "a.xml": "5",
	})
	tree, _ := r.Tree()
	if _, err := tree.List(""); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a/x/2.xml", "a/x/y/3.xml", "ab/4.xml", "a.xml"} {
		if err := os.Remove(filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tree.ListDepth("a", 1); err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(cache.m))
	if want := []string{"a.xml", "a/1.xml", "a/x/y/3.xml", "ab/4.xml"}; !slices.Equal(got, want) {
		t.Errorf("cached after listing a, 1 level deep: %q, want %q", got, want)
	}
	if _, err := tree.List(""); err != nil {
		t.Fatal(err)
	}
	if got, want := slices.Sorted(maps.Keys(cache.m)), []string{"a/1.xml"}; !slices.Equal(got, want) {
		t.Errorf("cached after listing everything: %q, want %q", got, want)
	}
}
