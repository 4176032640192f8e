package repos

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// smallHistory builds a repository whose first-parent history exercises every kind
// of change, and returns it with the commit ids by label.
func smallHistory(t *testing.T) (string, map[string]Hash) {
	t.Helper()
	dir := newCheckout(t, nil)
	ids := map[string]Hash{}
	day := 0
	commit := func(label string, args ...string) {
		t.Helper()
		day++
		date := fmt.Sprintf("2024-01-%02dT12:00:00Z", day)
		env := []string{"GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date}
		if args == nil {
			gitEnv(t, dir, nil, "add", "-A")
			args = []string{"commit", "-q", "-m", label}
		}
		gitEnv(t, dir, env, args...)
		ids[label] = plumbing.NewHash(strings.TrimSpace(git(t, dir, "rev-parse", "HEAD")))
	}
	writeFile(t, dir, "res/values/strings.xml", "en1")
	writeFile(t, dir, "other/readme", "r1")
	commit("c1")
	writeFile(t, dir, "res/values-de/strings.xml", "de1")
	commit("c2")
	writeFile(t, dir, "other/readme", "r2")
	commit("c3") // outside res: not in a res history
	git(t, dir, "checkout", "-q", "-b", "feature")
	writeFile(t, dir, "res/values-de/strings.xml", "de2")
	writeFile(t, dir, "res/values-it/strings.xml", "it1")
	commit("c4") // on the side branch: not on the first-parent chain
	git(t, dir, "checkout", "-q", "main")
	writeFile(t, dir, "res/values/strings.xml", "en2")
	commit("c5")
	commit("c6", "merge", "-q", "--no-ff", "-m", "c6", "feature")
	os.Remove(filepath.Join(dir, "res/values-de/strings.xml"))
	writeFile(t, dir, "res/values-fr/strings.xml", "fr1")
	commit("c7")
	writeFile(t, dir, "res/notes", "n")
	commit("c8")
	os.Remove(filepath.Join(dir, "res/notes"))
	writeFile(t, dir, "res/notes/a.txt", "a")
	os.Chmod(filepath.Join(dir, "res/values/strings.xml"), 0o755) // a mode change is no content change
	commit("c9")
	os.MkdirAll(filepath.Join(dir, "res/values-en"), 0o755)
	os.Symlink("../values/strings.xml", filepath.Join(dir, "res/values-en/strings.xml"))
	commit("c10")
	return dir, ids
}

func TestHistorySmall(t *testing.T) {
	t.Parallel()
	dir, ids := smallHistory(t)
	b := func(s string) Hash { return HashBlob([]byte(s)) }
	var zero Hash
	res := map[string][]FileChange{
		"c1":  {{"res/values/strings.xml", zero, b("en1")}},
		"c2":  {{"res/values-de/strings.xml", zero, b("de1")}},
		"c5":  {{"res/values/strings.xml", b("en1"), b("en2")}},
		"c6":  {{"res/values-de/strings.xml", b("de1"), b("de2")}, {"res/values-it/strings.xml", zero, b("it1")}},
		"c7":  {{"res/values-de/strings.xml", b("de2"), zero}, {"res/values-fr/strings.xml", zero, b("fr1")}},
		"c8":  {{"res/notes", zero, b("n")}},
		"c9":  {{"res/notes", b("n"), zero}, {"res/notes/a.txt", zero, b("a")}},
		"c10": {{"res/values-en/strings.xml", zero, b("../values/strings.xml")}},
	}
	order := []string{"c1", "c2", "c3", "c5", "c6", "c7", "c8", "c9", "c10"}
	expect := func(changes map[string][]FileChange, labels ...string) []string {
		var out []string
		for _, l := range labels {
			out = append(out, fmt.Sprintf("%s %v", l, changes[l]))
		}
		return out
	}
	whole := map[string][]FileChange{}
	for k, v := range res {
		whole[k] = v
	}
	whole["c1"] = []FileChange{{"other/readme", zero, b("r1")}, res["c1"][0]}
	whole["c3"] = []FileChange{{"other/readme", b("r1"), b("r2")}}
	deOnly := map[string][]FileChange{"c2": res["c2"], "c6": res["c6"][:1], "c7": res["c7"][:1]}
	outside := map[string][]FileChange{"c1": whole["c1"][:1], "c3": whole["c3"]}

	tests := []struct {
		name string
		opts HistoryOptions
		want []string
	}{
		{"res", HistoryOptions{Dirs: []string{"res"}}, expect(res, "c1", "c2", "c5", "c6", "c7", "c8", "c9", "c10")},
		{"nested dirs collapse", HistoryOptions{Dirs: []string{"res/values", "res/", "res/values-de", "res"}}, expect(res, "c1", "c2", "c5", "c6", "c7", "c8", "c9", "c10")},
		{"one language", HistoryOptions{Dirs: []string{"res/values-de"}}, expect(deOnly, "c2", "c6", "c7")},
		{"whole tree", HistoryOptions{}, expect(whole, order...)},
		{"root dir", HistoryOptions{Dirs: []string{""}}, expect(whole, order...)},
		{"outside", HistoryOptions{Dirs: []string{"other"}}, expect(outside, "c1", "c3")},
		{"missing dir", HistoryOptions{Dirs: []string{"nope"}}, nil},
		{"max commits", HistoryOptions{Dirs: []string{"res"}, MaxCommits: 3}, expect(res, "c8", "c9", "c10")},
		{"since", HistoryOptions{Dirs: []string{"res"}, Since: time.Date(2024, 1, 6, 0, 0, 0, 0, time.UTC)}, expect(res, "c6", "c7", "c8", "c9", "c10")},
		{"after", HistoryOptions{Dirs: []string{"res"}, After: ids["c6"]}, expect(res, "c7", "c8", "c9", "c10")},
		{"after a commit outside the dirs", HistoryOptions{Dirs: []string{"res"}, After: ids["c3"]}, expect(res, "c5", "c6", "c7", "c8", "c9", "c10")},
		{"after the head", HistoryOptions{Dirs: []string{"res"}, After: ids["c10"]}, nil},
		{"after and max", HistoryOptions{Dirs: []string{"res"}, After: ids["c1"], MaxCommits: 2}, expect(res, "c9", "c10")},
		{"since and max", HistoryOptions{Dirs: []string{"res"}, Since: time.Date(2024, 1, 6, 0, 0, 0, 0, time.UTC), MaxCommits: 10}, expect(res, "c6", "c7", "c8", "c9", "c10")},
		{"from", HistoryOptions{Dirs: []string{"res"}, From: ids["c7"]}, expect(res, "c1", "c2", "c5", "c6", "c7")},
		{"from and after", HistoryOptions{Dirs: []string{"res"}, From: ids["c9"], After: ids["c5"]}, expect(res, "c6", "c7", "c8", "c9")},
		{"from a commit outside the dirs", HistoryOptions{Dirs: []string{"res"}, From: ids["c3"]}, expect(res, "c1", "c2")},
		{"from and max", HistoryOptions{Dirs: []string{"res"}, From: ids["c8"], MaxCommits: 2}, expect(res, "c7", "c8")},
		{"from the after commit", HistoryOptions{Dirs: []string{"res"}, From: ids["c6"], After: ids["c6"]}, nil},
	}
	label := map[Hash]string{}
	for l, h := range ids {
		label[h] = l
	}
	for _, path := range []string{dir, bareClone(t, dir)} {
		r, err := Open(context.Background(), Spec{Repo: path})
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			t.Run(string(r.Kind())+"/"+tt.name, func(t *testing.T) {
				hist, err := r.History(context.Background(), tt.opts)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, c := range hist {
					got = append(got, fmt.Sprintf("%s %v", label[c.Commit.Hash], c.Changes))
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
				}
			})
		}
		hist, _ := r.History(context.Background(), HistoryOptions{Dirs: []string{"res"}})
		c6 := hist[3].Commit
		if c6.Message != "c6\n" || c6.Author.Name != "Ann Author" || c6.Committer.Name != "Carl Committer" ||
			!c6.Committer.When.Equal(time.Date(2024, 1, 6, 12, 0, 0, 0, time.UTC)) {
			t.Errorf("merge commit %+v", c6)
		}
		// c4 is on the merged side branch, not on the first-parent chain.
		if h, err := r.History(context.Background(), HistoryOptions{After: ids["c4"]}); !errors.Is(err, ErrNotAncestor) || h != nil {
			t.Errorf("After a commit off the chain: %v, %v; want ErrNotAncestor", h, err)
		}
		if _, err := r.History(context.Background(), HistoryOptions{Dirs: []string{"../x"}}); !errors.Is(err, ErrBadPath) {
			t.Errorf("Dirs ../x: %v, want ErrBadPath", err)
		}
	}
	// An empty repository has no history.
	r, err := Open(context.Background(), Spec{Repo: newCheckout(t, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if h, err := r.History(context.Background(), HistoryOptions{}); h != nil || err != nil {
		t.Errorf("empty repository: %v, %v", h, err)
	}
}

// TestHistoryFromFixedHead: a scan reads the head once and walks exactly that head
// (From), so a commit landing mid-scan is not walked now and, with After, walked
// exactly once by the next scan.
func TestHistoryFromFixedHead(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"checkout", "bare"} {
		t.Run(kind, func(t *testing.T) {
			dir := newCheckout(t, map[string]string{"res/values/strings.xml": "one"})
			path := dir
			if kind == "bare" {
				path = bareClone(t, dir)
			}
			r, err := Open(context.Background(), Spec{Repo: path})
			if err != nil {
				t.Fatal(err)
			}
			head, err := r.Head()
			if err != nil || head == nil {
				t.Fatalf("Head: %v, %v", head, err)
			}
			// A commit lands between the scan's Head and its History.
			writeFile(t, dir, "res/values/strings.xml", "two")
			git(t, dir, "commit", "-q", "-am", "mid-scan")
			if kind == "bare" {
				git(t, dir, "push", "-q", path, "main")
			}
			hist, err := r.History(context.Background(), HistoryOptions{Dirs: []string{"res"}, From: head.Hash})
			if err != nil {
				t.Fatal(err)
			}
			if len(hist) == 0 || hist[len(hist)-1].Commit.Hash != head.Hash {
				t.Fatalf("walk from the head read did not end at it: %v", hist)
			}
			for _, c := range hist {
				if c.Commit.Message == "mid-scan\n" {
					t.Errorf("the commit that landed mid-scan was walked")
				}
			}
			next, err := r.History(context.Background(), HistoryOptions{Dirs: []string{"res"}, After: head.Hash})
			if err != nil {
				t.Fatal(err)
			}
			if len(next) != 1 || next[0].Commit.Message != "mid-scan\n" {
				t.Errorf("the next scan walked %v, want the mid-scan commit once", next)
			}
			if _, err := r.History(context.Background(), HistoryOptions{From: HashBlob([]byte("no such commit"))}); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("From a missing commit: %v, want fs.ErrNotExist", err)
			}
		})
	}
}
