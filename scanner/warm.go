package scanner

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gitlate/gitlate/config"
	"github.com/gitlate/gitlate/formats"
	"github.com/gitlate/gitlate/lang"
	"github.com/gitlate/gitlate/repos"
)

// warmed is what a scan reads of a component before the serial pass that gives ids,
// raises alerts and builds the snapshot: the repository, its head and tree, the
// template's entry, the files the filemask matches and their languages. Reading it
// has no effect on ids or alerts, so every component is read at once, in parallel;
// a component's slow steps (opening a repository, listing a tree, the template) then
// overlap with the parsing of the others, which one component at a time left idle.
type warmed struct {
	repo     repos.Repository
	repoErr  error
	vanished bool // the repository's directory is gone: it is opened afresh later
	head     *repos.Commit
	tree     repos.Tree

	source      *lang.Language
	template    repos.Entry
	templateErr error

	pl       *pathLanguages
	plErr    error
	listErr  error
	matches  []match
	problems []matchProblem
}

// matchProblem is a matched file that is skipped, reported by the serial pass.
type matchProblem struct {
	kind, path, message string
}

// readComponent reads a component's repository as warmed describes.
func (s *Scanner) readComponent(ctx context.Context, pc *config.Project, cc *config.Component, format formats.Format) *warmed {
	w := &warmed{}
	src, err := lang.Resolve(cc.SourceLanguage)
	if err != nil {
		src, _ = lang.Get("en") // the serial pass raises the alert
	}
	w.source = src
	repo, err := s.openRepo(ctx, pc, cc)
	if err != nil {
		w.repoErr = err
		return w
	}
	if _, err := os.Stat(repo.Dir()); err != nil {
		w.repoErr, w.vanished = err, true
		return w
	}
	w.repo = repo
	if w.head, err = repo.Head(); err != nil {
		w.repoErr = err
		return w
	}
	// The head is read once: the files and the history of this scan are those of
	// that commit, even if another lands meanwhile (a checkout shows its working
	// tree, which is what the user sees).
	if repo.Kind() == repos.KindCheckout || w.head == nil {
		w.tree, err = repo.Tree()
	} else {
		w.tree, err = repo.TreeAt(w.head.Hash)
	}
	if err != nil {
		w.repoErr = err
		return w
	}
	if format.Monolingual() && cc.Template != "" {
		w.template, w.templateErr = w.tree.Stat(cc.Template)
	}
	if w.pl, w.plErr = s.pathLanguagesOf(cc, pc); w.plErr != nil {
		return w
	}
	entries, err := w.tree.ListDepth(w.pl.mask.dir, w.pl.mask.depth)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		w.listErr = err
		return w
	}
	w.matches, w.problems = resolveMatches(entries, w.pl, src, cc.Template)
	return w
}

// resolveMatches picks the translation files among entries, in path order: one per
// language, the first; the others, and codes that are not languages, are problems.
func resolveMatches(entries []repos.Entry, pl *pathLanguages, source *lang.Language, template string) ([]match, []matchProblem) {
	taken := map[string]string{source.Code: template}
	var out []match
	var problems []matchProblem
	for _, e := range entries {
		code, l, ok, err := pl.of(e.Path, source)
		if !ok {
			continue
		}
		if err != nil {
			problems = append(problems, matchProblem{"NotLanguage", e.Path, err.Error()})
			continue
		}
		if other, dup := taken[l.Code]; dup {
			if other == "" {
				other = "the source language"
			}
			problems = append(problems, matchProblem{"DuplicateLanguage", e.Path,
				"language " + l.Code + " is already provided by " + other + "; this file is skipped"})
			continue
		}
		taken[l.Code] = e.Path
		out = append(out, match{entry: e, code: code, lang: l})
	}
	return out, problems
}

// warmUp reads every component and parses every file whose result is not known yet,
// on every core, before the serial pass: first the components (repository, tree,
// listing, template), then all their translation files together. It returns the
// components read and the results parsed, which the serial pass takes.
func (s *Scanner) warmUp(ctx context.Context, used map[resultKey]*fileResult) (map[*config.Component]*warmed, map[resultKey]*fileResult) {
	type comp struct {
		pc     *config.Project
		cc     *config.Component
		format formats.Format
		w      *warmed
		sc     *componentScan
	}
	var comps []*comp
	for _, pc := range s.cfg.Projects {
		for _, cc := range pc.Components {
			if f, ok := formats.Lookup(cc.FileFormat); ok {
				comps = append(comps, &comp{pc: pc, cc: cc, format: f})
			}
		}
	}
	results := map[resultKey]*fileResult{}
	var mu sync.Mutex // guards results
	known := func(key resultKey) *fileResult {
		mu.Lock()
		defer mu.Unlock()
		if r := results[key]; r != nil {
			return r
		}
		if r := used[key]; r != nil {
			return r
		}
		return s.results[key]
	}
	parse := func(sc *componentScan, j parseJob) {
		if known(j.key) != nil {
			return
		}
		r := s.stored(j.key)
		if r == nil {
			r = sc.parse(j.path, j.key.blob, j.compute)
		} else {
			r.journaled = true
		}
		mu.Lock()
		results[j.key] = r
		mu.Unlock()
	}
	// Components, each with its template.
	parallel(ctx, len(comps), func(i int) {
		c := comps[i]
		c.w = s.readComponent(ctx, c.pc, c.cc, c.format)
		if c.w.repoErr != nil {
			return
		}
		c.sc = &componentScan{s: s, tree: c.w.tree, format: c.format}
		if c.format.Monolingual() && c.w.templateErr == nil && c.cc.Template != "" {
			parse(c.sc, templateJob(c.cc, c.w.template, c.w.source))
		}
	})
	// Every translation file of every component.
	type job struct {
		sc *componentScan
		j  parseJob
	}
	var jobs []job
	for _, c := range comps {
		if c.w == nil || c.w.repoErr != nil || c.w.plErr != nil || c.w.listErr != nil {
			continue
		}
		if c.format.Monolingual() {
			if c.w.templateErr != nil || c.cc.Template == "" {
				continue
			}
			tr := known(templateJob(c.cc, c.w.template, c.w.source).key)
			if tr == nil || tr.err != nil {
				continue // the serial pass reports it, or stands in the last good one
			}
			for _, m := range c.w.matches {
				jobs = append(jobs, job{c.sc, monolingualJob(c.cc, c.w.template.Blob, tr.tmpl, m)})
			}
		} else {
			for _, m := range c.w.matches {
				jobs = append(jobs, job{c.sc, bilingualJob(c.cc, c.pc.TranslationReview, m)})
			}
		}
	}
	parallel(ctx, len(jobs), func(i int) { parse(jobs[i].sc, jobs[i].j) })
	out := make(map[*config.Component]*warmed, len(comps))
	for _, c := range comps {
		if c.w != nil {
			out[c.cc] = c.w
		}
	}
	return out, results
}

// parallel runs f(0) … f(n-1) on every core.
func parallel(ctx context.Context, n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}
