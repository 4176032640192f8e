package discover

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// CountFunc scans a configuration as `gitlate scan` does and returns what it
// found; dataDir is the data directory holding the clones Run made.
type CountFunc func(ctx context.Context, cfg *config.Config, dataDir string) (*snapshot.Snapshot, error)

// maxProblems bounds the alerts a left-out component's comment quotes.
const maxProblems = 5

// maxRounds bounds how many times Run counts the proposal: files that raise
// alerts are left out and the rest counted again, which normally settles in two.
const maxRounds = 3

// Run proposes a configuration for the repository target: a checkout or bare
// repository on disk, a URL, which is cloned into a temporary folder removed
// before Run returns, or a plain folder, whose translation files are read as
// they are (Proposal.PlainFolder). count reads the proposal as the server will, so that the
// configuration passes `gitlate check`: a translation file that raises an alert
// (it does not parse, its language repeats another's) is left out by
// language_regex and the component counted again; a component whose alerts are
// not about such files (its template, its filemask) is left out with them as its
// Problem. Each component proposed gets the counts of its translations.
func Run(ctx context.Context, target string, count CountFunc) (*Proposal, error) {
	return RunWith(ctx, target, count, Options{})
}

// Options are Run's settings beyond its arguments.
type Options struct {
	// Progress, when set, is told of the steps that take long: a clone is
	// announced, said to go on every progressEvery, and timed when done.
	Progress io.Writer
}

// progressEvery is how often a clone still under way is said to be.
const progressEvery = 10 * time.Second

// RunWith is Run with options.
func RunWith(ctx context.Context, target string, count CountFunc, opts Options) (*Proposal, error) {
	tmp, err := os.MkdirTemp("", "gitlate-discover-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	p := &Proposal{}
	spec := repos.Spec{DataDir: tmp}
	if _, statErr := os.Stat(target); statErr != nil && isURL(target) {
		spec.Repo, p.Repo = target, target
	} else {
		abs, err := filepath.Abs(target)
		if err != nil {
			return nil, err
		}
		spec.Repo, p.Repo = abs, abs
	}
	p.Name = repoName(p.Repo)
	p.Slug = slugify(p.Name)
	done := func() {}
	if repos.IsRemote(spec.Repo) && opts.Progress != nil {
		done = cloneProgress(opts.Progress, repos.RedactURL(spec.Repo), progressEvery)
	}
	repo, err := repos.Open(ctx, spec)
	done()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", repos.RedactURL(target), err)
	}
	// A plain folder is read in place, as check and serve read it.
	p.PlainFolder = repo.Kind() == repos.KindFolder
	tree, err := repo.Tree()
	if err != nil {
		return nil, err
	}
	paths, err := layout.Paths(repo, tree, 0, "")
	if err != nil {
		return nil, err
	}
	p.Components, p.LeftOut = find(tree, paths, p.Name)
	for round := 1; round <= maxRounds && len(p.Proposed()) > 0; round++ {
		again, err := p.count(ctx, count, tmp, round == maxRounds)
		if err != nil {
			return nil, err
		}
		if !again {
			break
		}
	}
	return p, nil
}

// cloneProgress says on w that url is being cloned, and every period that it
// still is; the function it returns ends that and says how long the
// clone took. A few lines in all, whatever the clone's size (go-git's own
// progress, the server's sideband, is a line per percent and none at all for
// file:// URLs).
func cloneProgress(w io.Writer, url string, every time.Duration) (done func()) {
	start := time.Now()
	fmt.Fprintf(w, "cloning %s…\n", url)
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				fmt.Fprintf(w, "still cloning %s (%s)…\n", url, time.Since(start).Round(time.Second))
			}
		}
	}()
	return func() {
		close(stop)
		<-finished
		fmt.Fprintf(w, "cloned in %.1fs\n", time.Since(start).Seconds())
	}
}

// count counts the proposed components once, and tells whether some left out
// files and are to be counted again. With last set, a component that still
// raises alerts is left out.
func (p *Proposal) count(ctx context.Context, count CountFunc, dataDir string, last bool) (again bool, err error) {
	cfg, err := config.Parse(p.YAML(), filepath.Join(dataDir, "projects.yaml"))
	if err != nil {
		return false, fmt.Errorf("the proposed configuration does not load: %w", err)
	}
	snap, err := count(ctx, cfg, dataDir)
	if err != nil {
		return false, err
	}
	bySlug := map[string]*Component{}
	for _, c := range p.Proposed() {
		bySlug[c.Slug] = c
	}
	for _, sp := range snap.Projects {
		for _, sc := range sp.Components {
			c := bySlug[sc.Config.Slug]
			if c == nil {
				continue
			}
			c.Counts = nil
			if len(sc.Alerts) == 0 {
				for _, t := range sc.Translations {
					c.Counts = append(c.Counts, Count{Language: t.Language.Code, Total: t.Stats.Total, Translated: t.Stats.Translated, Source: t.IsSource})
				}
				continue
			}
			if !last && c.skipFiles(sc.Alerts) {
				again = true
				continue
			}
			var lines []string
			for i, a := range sc.Alerts {
				if i == maxProblems {
					lines = append(lines, fmt.Sprintf("… and %d more", len(sc.Alerts)-maxProblems))
					break
				}
				lines = append(lines, describe(a))
			}
			c.Problem = "`gitlate check` would report:\n" + strings.Join(lines, "\n")
		}
	}
	return again, nil
}

func describe(a *snapshot.Alert) string {
	if a.Path != "" {
		return a.Kind.String() + ": " + a.Path + ": " + a.Message
	}
	return a.Kind.String() + ": " + a.Message
}

// skipFiles leaves out, by language_regex, the translation files alerts are
// about; it leaves nothing out, and returns false, when an alert is about
// anything else or no translation would be left.
func (c *Component) skipFiles(alerts []*snapshot.Alert) bool {
	why := map[string]string{}
	for _, a := range alerts {
		i := slices.IndexFunc(c.Files, func(f File) bool { return f.Path == a.Path })
		if a.Path == "" || i < 0 {
			return false
		}
		if why[a.Path] == "" {
			why[a.Path] = a.Kind.String() + ": " + a.Message
		}
	}
	var kept, skipped []File
	for _, f := range c.Files {
		if r, bad := why[f.Path]; bad {
			skipped = append(skipped, File{f.Path, f.Code, r})
			continue
		}
		kept = append(kept, f)
	}
	if len(kept) == 0 {
		return false // nothing would be left to read: the set fails
	}
	c.Files, c.Skipped = kept, append(c.Skipped, skipped...)
	c.LanguageRegex = languageRegex(c.shape, c.shapeRE, c.Files, c.Skipped)
	return true
}

// scpLike is git's "[user@]host:path" remote syntax.
var scpLike = regexp.MustCompile(`^(?:[^@/:\s]+@)?[^@/:\s]+:.`)

func isURL(s string) bool { return strings.Contains(s, "://") || scpLike.MatchString(s) }

// repoName names a project after its repository: the last part of the path or
// URL, without ".git".
func repoName(repo string) string {
	r := strings.TrimRight(filepath.ToSlash(repo), "/")
	if i := strings.LastIndexAny(r, "/:"); i >= 0 {
		r = r[i+1:]
	}
	r = strings.TrimSuffix(r, ".git")
	if r == "" || r == "." {
		return path.Base(filepath.ToSlash(repo))
	}
	return r
}
