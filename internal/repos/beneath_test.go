//go:build linux

package repos

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestBeneathSameAsRoot: listing, stat-ing and reading a checkout through
// openat2 (beneath) gives exactly what the os.Root path gives, links of every
// kind included (inside, outside, dangling, to a directory, in a loop, on the
// way to a file), and never what lies outside. Not parallel: it turns openat2
// off for the whole process for a while.
func TestBeneathSameAsRoot(t *testing.T) {
	outside := t.TempDir()
	writeFile(t, outside, "secret.xml", "OUTSIDE")
	dir := newCheckout(t, map[string]string{
		"res/values/strings.xml": "template", "res/values-de/strings.xml": "de",
		"res/values-fr/strings.xml": "fr", "top.xml": "top",
	})
	mustSymlink(t, "../values-de/strings.xml", filepath.Join(dir, "res", "values-fr", "link.xml"))
	mustSymlink(t, filepath.Join(outside, "secret.xml"), filepath.Join(dir, "res", "values-fr", "out.xml"))
	mustSymlink(t, "nothing.xml", filepath.Join(dir, "res", "dangling.xml"))
	mustSymlink(t, "values", filepath.Join(dir, "res", "values-cs"))
	mustSymlink(t, "loop2", filepath.Join(dir, "res", "loop1"))
	mustSymlink(t, "loop1", filepath.Join(dir, "res", "loop2"))
	mustSymlink(t, outside, filepath.Join(dir, "outdir"))
	paths := []string{
		"res/values/strings.xml", "res/values-fr/link.xml", "res/values-fr/out.xml", "res/dangling.xml",
		"res/values-cs", "res/values-cs/strings.xml", "res/loop1", "res/loop1/x", "outdir/secret.xml",
		"res", "res/values", "missing.xml", "res/.git/x", "top.xml/x",
	}
	run := func() string {
		tree := mustTree(t, dir)
		var out string
		for _, depth := range []int{-1, 0, 1} {
			for _, d := range []string{"", "res", "res/values-cs", "outdir"} {
				es, err := tree.ListDepth(d, depth)
				out += fmt.Sprintf("list %q %d: %v %v\n", d, depth, es, err)
			}
		}
		b := startBatch(t, tree)
		for _, p := range paths {
			e, err := tree.Stat(p)
			out += fmt.Sprintf("stat %s: %+v %v\n", p, e, err)
			data, err := tree.ReadFile(p)
			out += fmt.Sprintf("read %s: %q %v\n", p, data, err)
			data, blob, err := b.ReadFileInto(p, nil)
			out += fmt.Sprintf("batch %s: %q %v %v\n", p, data, blob, err)
		}
		return out
	}
	fast := run()
	was := openat2Missing.Swap(true)
	slow := run()
	openat2Missing.Store(was)
	if strings.Contains(fast+slow, "OUTSIDE") {
		t.Errorf("read a file outside the checkout:\n%s", fast)
	}
	if fast != slow {
		t.Errorf("through openat2:\n%s\nthrough os.Root:\n%s", fast, slow)
	}
}
