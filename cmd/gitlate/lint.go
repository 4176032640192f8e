package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"slices"
	"sync"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lint"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/scan"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/units"
)

// lintCmd runs the quality checks on the repositories as they are (a
// checkout's working tree) and prints the failures; with --since, only those of
// strings changed since that revision. It exits 1 when a check the component
// enforces fails (any check with --strict), 2 on bad usage.
func lintCmd(ctx context.Context, cfg *config.Config, o *options, stdout, stderr io.Writer) int {
	if !slices.Contains(lint.Formats, o.format) {
		fmt.Fprintf(stderr, "gitlate lint: --format must be text, json, sarif or github, not %q\n", o.format)
		return 2
	}
	p := newParts(cfg, o, slog.New(slog.DiscardHandler), memstore.New(), "", repos.PoolOptions{ReadOnly: true})
	defer p.repos.Close()
	snap, err := p.live.Build(ctx, false)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate lint: %v\n", stopped(ctx, err))
		return 1
	}
	for _, a := range snap.Alerts {
		fmt.Fprintf(stderr, "warning: %s\n", describeAlert(a))
	}
	var base lint.Base
	if o.since != "" {
		base = &revisionBase{ctx: ctx, pool: p.repos, rev: o.since, trees: map[string]repos.Tree{}}
	}
	findings, err := lint.Run(snap, units.New(p.repos), base)
	if err != nil {
		fmt.Fprintf(stderr, "gitlate lint: %v\n", stopped(ctx, err))
		return 1
	}
	if err := lint.Write(stdout, o.format, findings, version()); err != nil {
		fmt.Fprintf(stderr, "gitlate lint: %v\n", err)
		return 1
	}
	if lint.Failed(findings, o.strict) {
		return 1
	}
	return 0
}

// revisionBase reads a component's files as they were at a revision of its
// repository (a branch, tag, commit or any expression git rev-parse reads, as
// go-git resolves it).
type revisionBase struct {
	ctx   context.Context
	pool  *repos.Pool
	rev   string
	mu    sync.Mutex
	trees map[string]repos.Tree // by component key
}

func (b *revisionBase) tree(c *snapshot.Component) (repos.Tree, error) {
	key := scan.ComponentKey(c.Project.Config, c.Config)
	b.mu.Lock()
	defer b.mu.Unlock()
	if t, ok := b.trees[key]; ok {
		return t, nil
	}
	repo, err := b.pool.Open(b.ctx, key, repos.Spec{Repo: c.Config.RepoPath, Branch: c.Config.Branch})
	if err != nil {
		return nil, err
	}
	if repo.Kind() == repos.KindFolder {
		return nil, fmt.Errorf("--since %s: %s is a plain folder, not a git repository: it has no revisions to compare with (lint it without --since)", b.rev, repo.Dir())
	}
	g, err := git.PlainOpenWithOptions(repo.Dir(), &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return nil, fmt.Errorf("--since: %s: %w", repo.Dir(), err)
	}
	h, err := g.ResolveRevision(plumbing.Revision(b.rev))
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", b.rev, err)
	}
	t, err := repo.TreeAt(*h)
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", b.rev, err)
	}
	b.trees[key] = t
	return t, nil
}

func (b *revisionBase) ReadFile(c *snapshot.Component, path string) ([]byte, bool, error) {
	t, err := b.tree(c)
	if err != nil {
		return nil, false, err
	}
	data, err := t.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return data, err == nil, err
}
