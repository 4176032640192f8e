package repos

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitlate/gitlate/internal/testutil/history"
)

const fdroidRes = "app/src/main/res"

// fdroidFacts are the facts of the bundle fdroidRepo clones that the tests check,
// found with the git CLI on a clone of it (the command beside each), not with this
// package.
type fdroidFacts struct {
	resCommits   int       // git log --first-parent --format=%H master -- app/src/main/res | wc -l
	deBRCommits  int       // git log --first-parent --format=%H master -- app/src/main/res/values-de app/src/main/res/values-pt-rBR | wc -l
	tip          string    // git rev-parse master
	tipAuthor    string    // git log -1 --format=%an master
	since        time.Time // a date well inside the history
	sinceCommits int       // git log --first-parent --format=%ct master | awk '$1>=<since as Unix time>' | wc -l
}

// The root is the same in both bundles: git rev-list --max-parents=0 master, and
// git log -1 --format=%cI ad95c8319b00dc6fc5535659dcf6ef5dcfe8c5ae.
const fdroidRoot = "ad95c8319b00dc6fc5535659dcf6ef5dcfe8c5ae"

var fdroidRootTime = time.Date(2016, 3, 28, 10, 12, 37, 0, time.UTC) // 2016-03-28T12:12:37+02:00

var (
	// The trimmed bundle of internal/testutil/history (its first 152 commits).
	fdroidTrimmed = fdroidFacts{
		resCommits:   142,
		deBRCommits:  47,
		tip:          "4c09c026836caf0af4537b81b04350afe480aa83",
		tipAuthor:    "Hans-Christoph Steiner",
		since:        time.Date(2017, 1, 1, 0, 0, 0, 0, time.UTC),
		sinceCommits: 78, // awk '$1>=1483228800'
	}
	// The whole history (GITLATE_TEST_SHARED): the same commands, and the README
	// beside that bundle for the tip.
	fdroidFull = fdroidFacts{
		resCommits:   2542,
		deBRCommits:  277,
		tip:          "919ffe8bc4ed786eb875f8875097a452d358fd4b",
		tipAuthor:    "Hosted Weblate",
		since:        time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC),
		sinceCommits: 684, // awk '$1>=1704067200'
	}
)

// fdroid returns the facts of the bundle the tests run on.
func fdroid() fdroidFacts {
	if history.Full() {
		return fdroidFull
	}
	return fdroidTrimmed
}

// gitHistory is what `git log --first-parent` says a History over dirPrefix must
// return: every first-parent commit with its raw diff against its first parent (the
// root against the empty tree), oldest first, restricted to paths below dirPrefix.
func gitHistory(t testing.TB, gitDir, dirPrefix string) []CommitChanges {
	t.Helper()
	out := git(t, gitDir, "log", "--first-parent", "--diff-merges=first-parent", "--root",
		"--no-renames", "--raw", "--no-abbrev", "--format=@%H", "master")
	var all []CommitChanges
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "@"):
			all = append(all, CommitChanges{Commit: Commit{Hash: plumbing.NewHash(line[1:])}})
		case strings.HasPrefix(line, ":"):
			// :100644 100644 <from> <to> M\t<path>
			meta, path, _ := strings.Cut(line, "\t")
			f := strings.Fields(meta)
			if dirPrefix != "" && !strings.HasPrefix(path, dirPrefix+"/") {
				continue
			}
			c := &all[len(all)-1]
			c.Changes = append(c.Changes, FileChange{Path: path, From: plumbing.NewHash(f[2]), To: plumbing.NewHash(f[3])})
		}
	}
	var kept []CommitChanges
	for i := len(all) - 1; i >= 0; i-- {
		if len(all[i].Changes) > 0 {
			kept = append(kept, all[i])
		}
	}
	return kept
}

func sameHistory(t *testing.T, got, want []CommitChanges) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("got %d commits, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		g, w := got[i], want[i]
		if g.Commit.Hash != w.Commit.Hash {
			t.Fatalf("commit #%d: got %s, want %s", i, g.Commit.Hash, w.Commit.Hash)
		}
		if fmt.Sprint(g.Changes) != fmt.Sprint(w.Changes) {
			t.Fatalf("commit %s changes:\n got %v\nwant %v", g.Commit.Hash, g.Changes, w.Changes)
		}
	}
}

func TestHistoryFdroidMatchesGit(t *testing.T) {
	t.Parallel()
	dir := fdroidRepo(t)
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind() != KindBare || r.Branch() != "master" {
		t.Fatalf("kind %s branch %q, want bare master", r.Kind(), r.Branch())
	}
	facts := fdroid()
	for _, dirs := range [][]string{{fdroidRes}, {fdroidRes + "/values-de", fdroidRes + "/values-pt-rBR"}} {
		t.Run(strings.Join(dirs, ","), func(t *testing.T) {
			wantCommits := facts.resCommits
			if len(dirs) == 2 {
				wantCommits = facts.deBRCommits
			}
			var want []CommitChanges
			if len(dirs) == 1 {
				want = gitHistory(t, dir, dirs[0])
			} else {
				// Two dirs: the union, computed from the whole-res history.
				for _, c := range gitHistory(t, dir, fdroidRes) {
					var keep []FileChange
					for _, ch := range c.Changes {
						for _, d := range dirs {
							if strings.HasPrefix(ch.Path, d+"/") {
								keep = append(keep, ch)
							}
						}
					}
					if keep != nil {
						want = append(want, CommitChanges{Commit: c.Commit, Changes: keep})
					}
				}
			}
			got, err := r.History(context.Background(), HistoryOptions{Dirs: dirs})
			if err != nil {
				t.Fatal(err)
			}
			sameHistory(t, got, want)
			if len(want) != wantCommits {
				t.Errorf("git log --raw gives %d commits, git log -- %v %d", len(want), dirs, wantCommits)
			}
		})
	}
}

func TestHistoryFdroidCommits(t *testing.T) {
	t.Parallel()
	dir := fdroidRepo(t)
	r, err := Open(context.Background(), Spec{Repo: dir, Branch: "master"})
	if err != nil {
		t.Fatal(err)
	}
	hist, err := r.History(context.Background(), HistoryOptions{Dirs: []string{fdroidRes}})
	if err != nil {
		t.Fatal(err)
	}
	byHash := map[string]CommitChanges{}
	for _, c := range hist {
		byHash[c.Commit.Hash.String()] = c
	}
	// Real commits picked from `git log --first-parent`, spread over the history:
	// the root, the tip (README of the bundle) and a few in between.
	log := strings.Fields(git(t, dir, "log", "--first-parent", "--format=%H", "master"))
	picks := []string{log[len(log)-1], log[len(log)/2], log[len(log)/5], log[1], log[0]}
	for _, h := range picks {
		c, ok := byHash[h]
		if !ok {
			t.Errorf("commit %s missing from History", h)
			continue
		}
		meta := strings.Split(strings.TrimSuffix(git(t, dir, "show", "-s", "--format=%an%n%ae%n%aI%n%cn%n%ce%n%cI", h), "\n"), "\n")
		wantSig := func(name, email, iso string) Signature {
			when, err := time.Parse(time.RFC3339, iso)
			if err != nil {
				t.Fatal(err)
			}
			return Signature{Name: name, Email: email, When: when}
		}
		sameSig := func(what string, got, want Signature) {
			if got.Name != want.Name || got.Email != want.Email || !got.When.Equal(want.When) {
				t.Errorf("%s %s: got %v, want %v", h, what, got, want)
			}
		}
		sameSig("author", c.Commit.Author, wantSig(meta[0], meta[1], meta[2]))
		sameSig("committer", c.Commit.Committer, wantSig(meta[3], meta[4], meta[5]))
		against := []string{h + "^1", h}
		if h == log[len(log)-1] {
			against = []string{h} // the root: against the empty tree
		}
		paths := strings.Fields(git(t, dir, append([]string{"diff-tree", "-r", "--root", "--no-renames", "--name-only", "--no-commit-id"}, against...)...))
		var got []string
		for _, ch := range c.Changes {
			got = append(got, ch.Path)
		}
		if strings.Join(got, " ") != strings.Join(paths, " ") {
			t.Errorf("%s changed paths: got %v, want %v", h, got, paths)
		}
	}
	// The ends of the history.
	first, tip := hist[0].Commit, hist[len(hist)-1].Commit
	if first.Hash.String() != fdroidRoot || !first.Committer.When.Equal(fdroidRootTime) {
		t.Errorf("first commit %s at %v", first.Hash, first.Committer.When)
	}
	if facts := fdroid(); tip.Hash.String() != facts.tip || tip.Author.Name != facts.tipAuthor {
		t.Errorf("tip commit %s by %q, want %s by %q", tip.Hash, tip.Author.Name, facts.tip, facts.tipAuthor)
	}
}

func TestHistoryFdroidBounds(t *testing.T) {
	t.Parallel()
	dir := fdroidRepo(t)
	r, err := Open(context.Background(), Spec{Repo: dir})
	if err != nil {
		t.Fatal(err)
	}
	full, err := r.History(context.Background(), HistoryOptions{Dirs: []string{fdroidRes}})
	if err != nil {
		t.Fatal(err)
	}
	last, err := r.History(context.Background(), HistoryOptions{Dirs: []string{fdroidRes}, MaxCommits: 25})
	if err != nil {
		t.Fatal(err)
	}
	sameHistory(t, last, full[len(full)-25:])

	// Incremental: only what came after a commit already seen.
	after, err := r.History(context.Background(), HistoryOptions{Dirs: []string{fdroidRes}, After: full[len(full)-50].Commit.Hash})
	if err != nil {
		t.Fatal(err)
	}
	sameHistory(t, after, full[len(full)-49:])

	since := fdroid().since
	recent, err := r.History(context.Background(), HistoryOptions{Dirs: []string{fdroidRes}, Since: since})
	if err != nil {
		t.Fatal(err)
	}
	var want []CommitChanges
	for _, c := range full {
		if !c.Commit.Committer.When.Before(since) {
			want = append(want, c)
		}
	}
	sameHistory(t, recent, want)
	if len(want) != fdroid().sinceCommits {
		t.Errorf("%d commits since %s, want %d", len(want), since, fdroid().sinceCommits)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.History(ctx, HistoryOptions{Dirs: []string{fdroidRes}}); err != context.Canceled {
		t.Errorf("cancelled walk: got %v, want context.Canceled", err)
	}
}

// BenchmarkHistoryFdroid measures a full History over the bundle's translation
// directory. "cold" opens the repository for each run (empty tree and object
// caches: what a server start costs); "warm" reuses one opened repository.
func BenchmarkHistoryFdroid(b *testing.B) {
	dir := fdroidRepo(b)
	opts := HistoryOptions{Dirs: []string{fdroidRes}}
	run := func(b *testing.B, r Repository) {
		h, err := r.History(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		if len(h) != fdroid().resCommits {
			b.Fatalf("%d commits, want %d", len(h), fdroid().resCommits)
		}
	}
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		var reads int64
		for b.Loop() {
			r, err := Open(context.Background(), Spec{Repo: dir})
			if err != nil {
				b.Fatal(err)
			}
			run(b, r)
			reads += r.(*repo).st.reads
		}
		b.ReportMetric(float64(reads)/float64(b.N), "objects/op")
	})
	b.Run("warm", func(b *testing.B) {
		r, err := Open(context.Background(), Spec{Repo: dir})
		if err != nil {
			b.Fatal(err)
		}
		run(b, r)
		b.ReportAllocs()
		for b.Loop() {
			run(b, r)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heapMiB")
	})
}
