package web

import (
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// wantsAll reports whether a request asks for every language's line
// (?languages=all).
func wantsAll(c *gin.Context) bool {
	return c != nil && c.Request.URL.RawQuery != "" && c.Query("languages") == "all"
}

// variantKey is what a request adds to its path as the key of its kept page: the
// page with every language's line is another page.
func variantKey(c *gin.Context) string {
	if wantsAll(c) {
		return "?" + allLanguages
	}
	return ""
}

func (s *Server) projectCharts(snap *snapshot.Snapshot, p *snapshot.Project, all bool) *chartsView {
	end := chartEnd(snap)
	v := &chartsView{}
	v.Activity, v.Contributors = s.tallies.of(snap, end).projects[p].views(end)
	if pr := s.opts.Progress; pr != nil {
		u := urls{s.opts.Prefix}
		slug := p.Config.Slug
		var lines []line
		for _, pl := range p.Languages {
			code := pl.Language.Code
			// A language only the components' sources are in is complete by
			// definition: it has no line.
			source := true
			for _, cm := range p.Components {
				if t := cm.Translation(code); t != nil && !t.IsSource {
					source = false
				}
			}
			if source {
				continue
			}
			lines = append(lines, line{name: pl.Language.Label(), url: u.engage(p, pl.Language), rank: pl.Stats.Translated,
				fetch: func(w progress.Window) progress.Series {
					var parts []progress.Series
					for _, cm := range p.Components {
						if t := cm.Translation(code); t != nil && !t.IsSource {
							parts = append(parts, pr.Translation(slug, cm.Config.Slug, code, w))
						}
					}
					return progress.Aggregate(parts...)
				}})
		}
		v.Pct = s.pctChart(end, func(w progress.Window) progress.Series { return pr.Project(slug, w) }, p.Config.Name, lines, all, u.project(p))
	}
	return v
}

func (s *Server) componentCharts(snap *snapshot.Snapshot, cm *snapshot.Component, all bool) *chartsView {
	end := chartEnd(snap)
	v := &chartsView{}
	v.Activity, v.Contributors = s.tallies.of(snap, end).components[cm].views(end)
	if pr := s.opts.Progress; pr != nil {
		u := urls{s.opts.Prefix}
		ps, cs := cm.Project.Config.Slug, cm.Config.Slug
		var lines []line
		for _, t := range byName(cm.Translations) {
			if t.IsSource {
				continue
			}
			code := t.Language.Code
			lines = append(lines, line{name: t.Language.Label(), url: u.translation(t), rank: t.Stats.Translated,
				fetch: func(w progress.Window) progress.Series { return pr.Translation(ps, cs, code, w) }})
		}
		v.Pct = s.pctChart(end, func(w progress.Window) progress.Series { return pr.Component(ps, cs, w) }, cm.Config.Name, lines, all, u.component(cm))
	}
	return v
}

func (s *Server) translationCharts(snap *snapshot.Snapshot, t *snapshot.Translation) *chartsView {
	end := chartEnd(snap)
	v := &chartsView{}
	v.Activity, _ = logFacts(snap, end, func(l *snapshot.ChangeLog, i int) bool { return l.Translation(i) == t })
	if pr := s.opts.Progress; pr != nil {
		cm := t.Component
		ps, cs, code := cm.Project.Config.Slug, cm.Config.Slug, t.Language.Code
		v.Pct = s.pctChart(end, func(w progress.Window) progress.Series { return pr.Translation(ps, cs, code, w) }, t.Language.Label(), nil, false, "")
	}
	return v
}

func (s *Server) languageCharts(snap *snapshot.Snapshot, le *snapshot.LanguageEntry) *chartsView {
	end := chartEnd(snap)
	v := &chartsView{}
	code := le.Language.Code
	v.Activity, _ = logFacts(snap, end, func(l *snapshot.ChangeLog, i int) bool {
		t := l.Translation(i)
		return t != nil && t.Language.Code == code
	})
	if pr := s.opts.Progress; pr != nil {
		v.Pct = s.pctChart(end, func(w progress.Window) progress.Series { return pr.Language(code, w) }, le.Language.Label(), nil, false, "")
	}
	return v
}

// revisionView is a translation's revision as the page shows it: the commit the
// file (or its template) last changed in, or, without a history, the branch's
// head the file was read at; linked to the repository's web view when the
// component has one (repoweb).
type revisionView struct {
	Hash, Short, URL string
	// Head says the commit is the branch's head, not the file's last change.
	Head bool
}

func (s *Server) revision(snap *snapshot.Snapshot, t *snapshot.Translation) *revisionView {
	cm := t.Component
	var r revisionView
	if pr := s.opts.Progress; pr != nil {
		pts := pr.Translation(cm.Project.Config.Slug, cm.Config.Slug, t.Language.Code, progress.Window{Until: chartEnd(snap), Interval: progress.Month})
		if n := len(pts); n > 0 {
			r.Hash = pts[n-1].Commit
		}
	}
	if r.Hash == "" && cm.Repo.Head != nil {
		r.Hash, r.Head = cm.Repo.Head.Hash.String(), true
	}
	if r.Hash == "" {
		return nil
	}
	r.Short = r.Hash[:min(len(r.Hash), 7)]
	file := t.Filename
	if file == "" {
		file = cm.Config.Template
	}
	if file != "" {
		r.URL = commitURL(cm.Config.RepoWeb, r.Hash, file)
	}
	return &r
}

// commitURL fills a repository browser address — Weblate's repoweb template,
// such as https://github.com/org/app/blob/{{branch}}/{{filename}}#L{{line}} —
// with the commit in place of the branch: the file as of that commit. The line
// goes with the fragment holding it; Weblate's parentdir filter drops the path's
// first folder. "" when there is no template or it names no branch.
func commitURL(repoweb, hash, file string) string {
	if repoweb == "" {
		return ""
	}
	var b strings.Builder
	rest := repoweb
	branch := false
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			b.WriteString(rest)
			break
		}
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		expr := strings.Fields(strings.ReplaceAll(rest[i+2:i+j], "|", " | "))
		rest = rest[i+j+2:]
		if len(expr) == 0 {
			continue
		}
		switch expr[0] {
		case "branch":
			b.WriteString(hash)
			branch = true
		case "filename":
			f := file
			for k := 1; k+1 < len(expr); k += 2 {
				if expr[k] == "|" && expr[k+1] == "parentdir" {
					_, f, _ = strings.Cut(f, "/")
				}
			}
			b.WriteString(f)
		case "line":
			// No line is meant: the fragment holding it goes (it runs to the
			// address' end); elsewhere the first line stands in.
			if out := b.String(); strings.Contains(out, "#") {
				b.Reset()
				b.WriteString(out[:strings.IndexByte(out, '#')])
				rest = ""
			} else {
				b.WriteString("1")
			}
		}
	}
	if !branch {
		return ""
	}
	out := b.String()
	if !strings.HasPrefix(out, "https://") && !strings.HasPrefix(out, "http://") {
		return ""
	}
	return out
}
