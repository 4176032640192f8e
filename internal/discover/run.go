package discover

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// CountFunc scans a configuration as `gitlate scan` does and returns what it
// found; dataDir is the data directory holding the clones Run made.
type CountFunc func(ctx context.Context, cfg *config.Config, dataDir string) (*snapshot.Snapshot, error)

// maxProblems bounds the alerts a left-out component's comment quotes.
const maxProblems = 5

// Run proposes a configuration for the repository target: a checkout or bare
// repository on disk, or a URL, which is cloned into a temporary folder removed
// before Run returns. count reads the proposal as the server will: each
// component gets its counts, and one that raises any alert (one `gitlate check`
// would report) is left out with them as its Problem.
func Run(ctx context.Context, target string, count CountFunc) (*Proposal, error) {
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
	repo, err := repos.Open(ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", repos.RedactURL(target), err)
	}
	tree, err := repo.Tree()
	if err != nil {
		return nil, err
	}
	paths, err := Paths(repo, tree, 0, "")
	if err != nil {
		return nil, err
	}
	p.Components = Find(tree, paths)
	if len(p.Proposed()) == 0 {
		return p, nil
	}
	cfg, err := config.Parse(p.YAML(), filepath.Join(tmp, "projects.yaml"))
	if err != nil {
		return nil, fmt.Errorf("the proposed configuration does not load: %w", err)
	}
	snap, err := count(ctx, cfg, tmp)
	if err != nil {
		return nil, err
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
			if len(sc.Alerts) > 0 {
				var lines []string
				for i, a := range sc.Alerts {
					if i == maxProblems {
						lines = append(lines, fmt.Sprintf("… and %d more", len(sc.Alerts)-maxProblems))
						break
					}
					l := a.Kind.String() + ": " + a.Message
					if a.Path != "" {
						l = a.Kind.String() + ": " + a.Path + ": " + a.Message
					}
					lines = append(lines, l)
				}
				c.Problem = "`gitlate check` would report:\n" + strings.Join(lines, "\n")
				continue
			}
			for _, t := range sc.Translations {
				c.Counts = append(c.Counts, Count{Language: t.Language.Code, Total: t.Stats.Total, Translated: t.Stats.Translated, Source: t.IsSource})
			}
		}
	}
	return p, nil
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
