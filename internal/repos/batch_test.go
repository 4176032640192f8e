package repos

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sync"
	"testing"
)

// readResult is what one ReadFileInto gave, comparable.
type readResult struct {
	data string
	blob Hash
	err  string
}

func resultOf(data []byte, blob Hash, err error) readResult {
	r := readResult{data: string(data), blob: blob}
	if err != nil {
		r.err = err.Error()
	}
	return r
}

// startBatch starts a batch of tree, which must be a Batcher, closed at the end of
// the test.
func startBatch(t *testing.T, tree Tree) Batch {
	t.Helper()
	bt, ok := tree.(Batcher)
	if !ok {
		t.Fatalf("%T is not a Batcher", tree)
	}
	b, err := bt.Batch()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// TestBatchMatchesReadFileInto: a batch reads every path as ReadFileInto does
// (data, blob, error), read twice and from several goroutines at once.
func TestBatchMatchesReadFileInto(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"app/src/main/res/values/strings.xml":    "english",
		"app/src/main/res/values-de/strings.xml": "deutsch",
		"app/src/main/res/values-fr/strings.xml": "français",
		"app/src/main/res/real/file.xml":         "real",
		"README.md":                              "readme",
		"app/empty.txt":                          "",
	}
	outside := filepath.Join(t.TempDir(), "outside.xml")
	writeFile(t, filepath.Dir(outside), "outside.xml", "OUTSIDE")
	links := map[string]string{
		"app/src/main/res/values-en/strings.xml":  "../values/strings.xml",                  // a file link
		"app/src/main/res/linkdir":                "real",                                   // a directory link
		"app/src/main/res/values-ch/strings.xml":  "../values-en/strings.xml",               // a link to a link
		"app/src/main/res/values-xx/strings.xml":  "../../../../../../outside.xml",          // climbs out
		"app/src/main/res/values-abs/strings.xml": outside,                                  // absolute
		"app/src/main/res/values-gg/strings.xml":  "../../../../../.git/config",             // into .git
		"app/src/main/res/values-zz/strings.xml":  "../missing.xml",                         // dangling
		"app/src/main/res/loop/a":                 "b",                                      // a loop
		"app/src/main/res/loop/b":                 "a",                                      //
		"app/src/main/res/values-up/strings.xml":  "../../res/values/../values/strings.xml", // through .. and back
		"app/src/main/res/outdir":                 filepath.Dir(outside),                    // a directory outside
	}
	tree := treeKinds(t, files, links)["worktree"]
	br := tree.(BufferedReader)
	tests := []struct {
		path  string
		want  string // content, when errIs is nil
		errIs error
	}{
		{"app/src/main/res/values/strings.xml", "english", nil},
		{"app/src/main/res/values-de/strings.xml", "deutsch", nil},
		{"./app//src/main/res/values-fr/strings.xml", "français", nil},
		{"README.md", "readme", nil},
		{"app/empty.txt", "", nil},
		{"app/src/main/res/values-en/strings.xml", "english", nil},
		{"app/src/main/res/values-ch/strings.xml", "english", nil},
		{"app/src/main/res/values-up/strings.xml", "english", nil},
		{"app/src/main/res/linkdir/file.xml", "real", nil},
		{"app/src/main/res/values-xx/strings.xml", "", ErrOutside},
		{"app/src/main/res/values-abs/strings.xml", "", ErrOutside},
		{"app/src/main/res/outdir/outside.xml", "", ErrOutside},
		{"app/src/main/res/values-gg/strings.xml", "", ErrOutside},
		{"app/src/main/res/values-zz/strings.xml", "", fs.ErrNotExist},
		{"app/src/main/res/loop/a", "", ErrLinkDepth},
		{"app/src/main/res/missing.xml", "", fs.ErrNotExist},
		{"app/src/main/res/values/strings.xml/below", "", fs.ErrNotExist},
		{"app/src/nothere/res/values/strings.xml", "", fs.ErrNotExist},
		{".git/config", "", fs.ErrNotExist},
		{"app/src/main/res/values", "", ErrIsDir},
		{"app/src/main/res/linkdir", "", ErrIsDir},
		{"app", "", ErrIsDir},
		{"../outside.xml", "", ErrBadPath},
		{"/etc/passwd", "", ErrBadPath},
		{"app/\x00", "", ErrBadPath},
	}
	want := map[string]readResult{}
	for _, tt := range tests {
		data, blob, err := br.ReadFileInto(tt.path, nil)
		if tt.errIs != nil && !errors.Is(err, tt.errIs) || tt.errIs == nil && (err != nil || string(data) != tt.want || blob != HashBlob([]byte(tt.want))) {
			t.Errorf("workTree.ReadFileInto(%q) = %q, %s, %v; want %q, %v", tt.path, data, blob, err, tt.want, tt.errIs)
		}
		want[tt.path] = resultOf(data, blob, err)
	}
	check := func(t *testing.T, b Batch, order []int, buf []byte) {
		for _, i := range order {
			tt := tests[i]
			data, blob, err := b.ReadFileInto(tt.path, buf)
			if got := resultOf(data, blob, err); got != want[tt.path] || !errors.Is(err, tt.errIs) {
				t.Errorf("Batch.ReadFileInto(%q) = %+v; workTree.ReadFileInto gave %+v", tt.path, got, want[tt.path])
			}
		}
	}
	forward, backward := make([]int, len(tests)), make([]int, len(tests))
	for i := range tests {
		forward[i], backward[len(tests)-1-i] = i, i
	}
	t.Run("twice", func(t *testing.T) {
		b := startBatch(t, tree)
		check(t, b, forward, nil)
		check(t, b, forward, make([]byte, 0, 64))
	})
	t.Run("parallel", func(t *testing.T) {
		b := startBatch(t, tree)
		var wg sync.WaitGroup
		for g := range 8 {
			order := forward
			if g%2 == 1 {
				order = backward
			}
			wg.Go(func() {
				buf := make([]byte, 0, 64)
				for range 2 {
					check(t, b, order, buf)
				}
			})
		}
		wg.Wait()
	})
	t.Run("holds directories", func(t *testing.T) {
		b := startBatch(t, tree)
		check(t, b, forward[:2], nil)
		l := b.(*workTreeBatch).l
		for _, d := range []string{"app", "app/src/main/res", "app/src/main/res/values-de"} {
			// Where the kernel opens a path in one call (beneath), no directory
			// needs holding; elsewhere each is opened once.
			if held := l.holds(d); held != (l.fast == nil) {
				t.Errorf("the batch holds %s open: %v, with openat2: %v", d, held, l.fast != nil)
			}
		}
	})
}

// TestBatchDirectoryReplaced: a directory the batch holds open, replaced during the
// batch by a link leading outside the checkout, never gives what is outside; one
// removed and made again gives its new files.
func TestBatchDirectoryReplaced(t *testing.T) {
	t.Parallel()
	outsideDir := t.TempDir()
	writeFile(t, outsideDir, "values/strings.xml", "OUTSIDE")
	const p = "res/values/strings.xml"
	tests := []struct {
		name    string
		replace string                            // the directory replaced, in the checkout
		change  func(t *testing.T, dir, d string) // replaces d, the full path of replace
		read    string                            // the path read after the change
		want    string                            // content of read after the change
		errIs   error                             // or the error
	}{
		{"moved away, then a link", "res/values", func(t *testing.T, dir, d string) {
			mustRename(t, d, d+".old")
			mustSymlink(t, filepath.Join(outsideDir, "values"), d)
		}, p, "inside", nil}, // the directory held open is still there, moved (ErrOutside where nothing is held, see below)
		{"removed, then a link", "res/values", func(t *testing.T, dir, d string) {
			mustRemoveAll(t, d)
			mustSymlink(t, filepath.Join(outsideDir, "values"), d)
		}, p, "", ErrOutside},
		{"parent removed, then a relative link", "res", func(t *testing.T, dir, d string) {
			mustRemoveAll(t, d)
			rel, err := filepath.Rel(dir, outsideDir)
			if err != nil {
				t.Fatal(err)
			}
			mustSymlink(t, rel, d)
		}, p, "", ErrOutside},
		{"removed, then made again", "res/values", func(t *testing.T, dir, d string) {
			mustRemoveAll(t, d)
			writeFile(t, dir, p, "new")
		}, p, "new", nil},
		{"removed", "res/values", func(t *testing.T, dir, d string) { mustRemoveAll(t, d) }, p, "", fs.ErrNotExist},
		// A last component is looked at on every read, held open or not.
		{"moved away, then a link to a file", "res/values", func(t *testing.T, dir, d string) {
			mustRename(t, d, d+".old")
			mustSymlink(t, "values.old/other.xml", d)
		}, "res/values", "other", nil}, // the link itself
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newCheckout(t, map[string]string{p: "inside", "res/values/other.xml": "other", "res/more/x.xml": "x"})
			tree := mustTree(t, dir)
			b := startBatch(t, tree)
			if data, _, err := b.ReadFileInto(p, nil); err != nil || string(data) != "inside" {
				t.Fatalf("before the change: %q, %v", data, err)
			}
			tt.change(t, dir, filepath.Join(dir, filepath.FromSlash(tt.replace)))
			for range 2 {
				data, _, err := b.ReadFileInto(tt.read, nil)
				if string(data) == "OUTSIDE" {
					t.Fatalf("read the file outside the checkout")
				}
				if tt.name == "moved away, then a link" && b.(*workTreeBatch).l.fast != nil && errors.Is(err, ErrOutside) {
					// Reading in one openat2 call, the batch held no directory: it
					// sees res/values as it is now, a link leading outside.
					continue
				}
				if tt.errIs != nil && !errors.Is(err, tt.errIs) || tt.errIs == nil && (err != nil || string(data) != tt.want) {
					t.Errorf("after the change: %q, %v; want %q, %v", data, err, tt.want, tt.errIs)
				}
			}
			// The other files are read as before, or as they are now.
			if data, _, err := b.ReadFileInto("res/more/x.xml", nil); tt.replace != "res" && (err != nil || string(data) != "x") {
				t.Errorf("another directory: %q, %v", data, err)
			}
		})
	}
	t.Run("swapped while reading", func(t *testing.T) {
		dir := newCheckout(t, map[string]string{p: "inside"})
		d := filepath.Join(dir, "res", "values")
		tree := mustTree(t, dir)
		b := startBatch(t, tree)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		readers := []BufferedReader{b, b, b, tree.(BufferedReader)}
		for _, r := range readers {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					if data, _, _ := r.ReadFileInto(p, nil); string(data) == "OUTSIDE" {
						t.Error("read the file outside the checkout")
						return
					}
				}
			})
		}
		for range 300 {
			mustRename(t, d, d+".tmp")
			mustSymlink(t, filepath.Join(outsideDir, "values"), d)
			mustRemoveAll(t, d)
			mustRename(t, d+".tmp", d)
		}
		close(stop)
		wg.Wait()
	})
}

func mustRename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func mustRemoveAll(t *testing.T, p string) {
	t.Helper()
	if err := os.RemoveAll(p); err != nil {
		t.Fatal(err)
	}
}

// TestBatchClosed: a closed batch refuses reads with os.ErrClosed, also when it is
// closed while reads are under way, and closing it again is harmless.
func TestBatchClosed(t *testing.T) {
	dir := newCheckout(t, map[string]string{"a/b/c.xml": "c"})
	tree := mustTree(t, dir)
	t.Run("after", func(t *testing.T) {
		b := startBatch(t, tree)
		if _, _, err := b.ReadFileInto("a/b/c.xml", nil); err != nil {
			t.Fatal(err)
		}
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"a/b/c.xml", "a/b/missing.xml", "x.xml"} {
			if data, _, err := b.ReadFileInto(p, nil); !errors.Is(err, os.ErrClosed) {
				t.Errorf("ReadFileInto(%q) after Close = %q, %v; want os.ErrClosed", p, data, err)
			}
		}
		if err := b.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	})
	t.Run("releases what it opened", func(t *testing.T) {
		dir := newCheckout(t, map[string]string{"a/b/c.xml": "c"})
		before := openFiles(t)
		b := startBatch(t, mustTree(t, dir))
		for _, p := range []string{"a/b/c.xml", "a/b/missing.xml"} {
			b.ReadFileInto(p, nil)
		}
		// Made again: the batch reads through a fresh view from then on.
		mustRemoveAll(t, filepath.Join(dir, "a", "b"))
		writeFile(t, dir, "a/b/c.xml", "c again")
		if data, _, err := b.ReadFileInto("a/b/c.xml", nil); err != nil || string(data) != "c again" {
			t.Errorf("after a/b was made again: %q, %v", data, err)
		}
		if during := openFiles(t); during <= before {
			t.Errorf("%d files open during the batch, %d before", during, before)
		}
		b.Close()
		if after := openFiles(t); after != before {
			t.Errorf("%d files open after Close, %d before", after, before)
		}
	})
	t.Run("during", func(t *testing.T) {
		b := startBatch(t, tree)
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Go(func() {
				p := "a/b/c.xml"
				if g%2 == 1 {
					p = "a/b/missing.xml" // read again afresh after the batch's try
				}
				for range 200 {
					data, _, err := b.ReadFileInto(p, nil)
					if errors.Is(err, os.ErrClosed) {
						return
					}
					if g%2 == 0 && (err != nil || string(data) != "c") || g%2 == 1 && !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("ReadFileInto(%q) = %q, %v", p, data, err)
						return
					}
				}
			})
		}
		b.Close()
		wg.Wait()
	})
}

// openFiles counts the file descriptors the process has open.
func openFiles(t *testing.T) int {
	t.Helper()
	des, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files: %v", err)
	}
	return len(des)
}

// BenchmarkReadFiles reads 200 files in directories four levels deep (an Android
// project's res/values-*/), one file at a time and in a batch. ns/op is the time of
// all 200.
func BenchmarkReadFiles(b *testing.B) {
	old := racyWindow
	racyWindow = 0 // a scan's files are older than that: their ids come from the cache
	defer func() { racyWindow = old }()
	dir := b.TempDir()
	var paths []string
	for i := range 50 {
		for _, f := range []string{"strings.xml", "plurals.xml", "arrays.xml", "donottranslate.xml"} {
			p := fmt.Sprintf("app/src/res/values-l%02d/%s", i, f)
			writeFile(b, dir, p, fmt.Sprintf("<resources><string name=\"s%d\">%s</string></resources>\n", i, f))
			paths = append(paths, p)
		}
	}
	tree := &workTree{root: dir, blobs: newBlobCache()}
	readAll := func(b *testing.B, r BufferedReader) {
		buf := make([]byte, 0, 4096)
		for _, p := range paths {
			if _, _, err := r.ReadFileInto(p, buf); err != nil {
				b.Fatal(err)
			}
		}
	}
	readAll(b, tree) // warm the blob cache
	b.Run("file-by-file", func(b *testing.B) {
		for b.Loop() {
			readAll(b, tree)
		}
	})
	b.Run("batch", func(b *testing.B) {
		for b.Loop() {
			bt, err := tree.Batch()
			if err != nil {
				b.Fatal(err)
			}
			readAll(b, bt)
			bt.Close()
		}
	})
}

// TestListFansOut: a directory with many subdirectories is listed on several cores
// (walkSubdirs) with the same result as one core gives, and as the committed tree.
func TestListFansOut(t *testing.T) { // not parallel: it sets GOMAXPROCS
	files := map[string]string{"res/top.xml": "top"}
	links := map[string]string{}
	for i := range 3 * walkSubdirsPerWorker {
		dir := fmt.Sprintf("res/values-l%02d", i)
		files[dir+"/strings.xml"] = fmt.Sprintf("language %d", i)
		files[dir+"/deeper/not-listed.xml"] = "below the depth"
		if i%7 == 0 {
			links[dir+"/alias.xml"] = "strings.xml"
		}
	}
	trees := treeKinds(t, files, links)
	want, err := trees["git"].ListDepth("res", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 1+3*walkSubdirsPerWorker+len(links) {
		t.Fatalf("the committed tree lists %d entries", len(want))
	}
	for _, procs := range []int{1, 2, 4} {
		t.Run(fmt.Sprint(procs), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			got, err := trees["worktree"].ListDepth("res", 1)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("GOMAXPROCS %d lists\n%v\nthe committed tree\n%v", procs, got, want)
			}
		})
	}
}

// TestBatchListingsCovered: a batch answers a listing from an earlier one that
// covers it exactly as the tree lists it (links, nested repositories and .git
// included), without listing anything again.
func TestBatchListingsCovered(t *testing.T) {
	t.Parallel()
	dir := newCheckout(t, map[string]string{
		"a/b/c/x.xml": "x", "a/b/y.xml": "y", "a/z.xml": "z", "a/b/c/d/deep.xml": "d",
		"a/bb/w.xml": "w", "top.xml": "t",
	})
	mustSymlink(t, "b", filepath.Join(dir, "a", "blink"))                  // a link to a directory: listed as a link
	mustSymlink(t, "../top.xml", filepath.Join(dir, "a", "b", "link.xml")) // a link to a file
	writeFile(t, dir, "a/sub/f.xml", "nested")
	git(t, filepath.Join(dir, "a", "sub"), "init", "-q") // a nested repository: never listed
	tree := mustTree(t, dir)
	queries := []struct {
		dir   string
		depth int
	}{
		{"a", -1}, {"a", 0}, {"a", 1}, {"a/b", 0}, {"a/b", 1}, {"a/b", -1}, {"a/b/c", 0}, {"a/blink", -1},
		{"a/sub", -1}, {"a/b/c/d", 2}, {"a/.git", -1}, {"a/missing", 0}, {"a/z.xml", 0}, {"a/b/", 1},
	}
	b := startBatch(t, tree)
	for _, q := range queries {
		want, werr := tree.ListDepth(q.dir, q.depth)
		got, gerr := b.(Tree).ListDepth(q.dir, q.depth)
		if fmt.Sprint(got, gerr) != fmt.Sprint(want, werr) {
			t.Errorf("ListDepth(%q, %d): batch %v, %v; tree %v, %v", q.dir, q.depth, got, gerr, want, werr)
		}
	}
	if n := len(b.(*workTreeBatch).listed); n != 1 {
		t.Errorf("the batch listed %d times, want once (the first query covers the others)", n)
	}
	// A listing the first does not cover is made.
	if got, err := b.(Tree).ListDepth("", 0); err != nil || len(got) != 1 || got[0].Path != "top.xml" {
		t.Errorf(`ListDepth("", 0) = %v, %v`, got, err)
	}
	if n := len(b.(*workTreeBatch).listed); n != 2 {
		t.Errorf("the batch listed %d times, want twice", n)
	}
}
