package web

import (
	"bytes"
	"html/template"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Handlers answer from the pages of the snapshot being served (cache.go); on a
// miss a builder looks the path up in that snapshot, builds the page's model and
// renders it, or returns nil for an unknown object (the 404 page). Query strings
// (the API appends ?format=api to every URL it writes) do not change what a page
// shows, except the unit list's search and page.

// projectRow is one project in a list.
type projectRow struct {
	Name, Slug, URL string
	S               stats
	Components      int
	Languages       int
}

func (s *Server) projectRows(snap *snapshot.Snapshot) []projectRow {
	u := urls{s.opts.Prefix}
	rows := make([]projectRow, 0, len(snap.Projects))
	for _, p := range snap.Projects {
		rows = append(rows, projectRow{Name: p.Config.Name, Slug: p.Config.Slug, URL: u.project(p),
			S: stats{&p.Stats}, Components: len(p.Components), Languages: len(p.Languages)})
	}
	return rows
}

type homeData struct {
	Projects                  []projectRow
	Components                int
	Languages                 int
	Strings                   int
	Changes                   []change
	ProjectsURL, LanguagesURL string
}

func (s *Server) home(c *gin.Context) {
	s.cached(c, func(s *Server, snap *snapshot.Snapshot, _ *gin.Context) *answer { return s.homePage(snap) })
}

func (s *Server) homePage(snap *snapshot.Snapshot) *answer {
	u := urls{s.opts.Prefix}
	d := &homeData{Projects: s.projectRows(snap), Languages: len(snap.Languages),
		Changes: s.recentChanges(snap.Log.Recent(nil, nil, nil)), ProjectsURL: u.projects(), LanguagesURL: u.languages()}
	for _, p := range snap.Projects {
		d.Components += len(p.Components)
		for _, cm := range p.Components {
			for _, t := range cm.Translations {
				if t.IsSource {
					d.Strings += t.Stats.Total
				}
			}
		}
	}
	return s.render(http.StatusOK, "home", &page{Title: "Translations", API: "/api/"}, d)
}

func (s *Server) projectList(c *gin.Context) {
	s.cached(c, func(s *Server, snap *snapshot.Snapshot, _ *gin.Context) *answer { return s.projectListPage(snap) })
}

func (s *Server) projectListPage(snap *snapshot.Snapshot) *answer {
	u := urls{s.opts.Prefix}
	return s.render(http.StatusOK, "projects", &page{Title: "Projects", API: "/api/projects/",
		Crumbs: []link{{"Home", u.home()}}}, s.projectRows(snap))
}

// matrix is a project's components × languages table.
type matrix struct {
	Langs  []matrixLang
	Rows   []matrixRow
	Totals []stats // per language: the project's language statistics
	Total  stats
}

type matrixLang struct {
	Name, Code, URL string
}

type matrixRow struct {
	Name, URL string
	Glossary  bool
	Cells     []matrixCell
	S         stats
	// HTML is the row rendered (the matrixRow template).
	HTML template.HTML
}

type matrixCell struct {
	URL  string // "" when the component has no translation in that language
	S    stats
	Lang string
}

type langRow struct {
	Name, Code, URL, Engage string
	S                       stats
}

type componentRow struct {
	Name, URL string
	Glossary  bool
	S         stats
}

type projectData struct {
	Name, Web    string
	Instructions template.HTML
	Matrix       matrix
	Languages    []langRow
	Components   []componentRow
	Changes      []change
	EngageURL    string
	Badges       []badgeLink
	Charts       *chartsView
}

type badgeLink struct {
	Alt, URL string
}

func (s *Server) project(c *gin.Context) {
	s.cached(c, func(s *Server, snap *snapshot.Snapshot, c *gin.Context) *answer {
		a, _ := s.projectPageReusing(snap, c.Param("project"), nil, wantsAll(c))
		return a
	})
}

func (s *Server) projectPage(snap *snapshot.Snapshot, slug string) *answer {
	a, _ := s.projectPageReusing(snap, slug, nil, false)
	return a
}

// projectPageReusing is projectPage taking the rows of its matrix that show the
// same from prev, those of an earlier snapshot's page (by matrixRowKey): after an
// edit only the edited component's row is rendered again, not a hundred
// components' cells in every language. It returns the rows of its page, for the
// next snapshot's. all draws every language's line on the progress chart.
func (s *Server) projectPageReusing(snap *snapshot.Snapshot, slug string, prev map[string]template.HTML, all bool) (*answer, map[string]template.HTML) {
	p := snap.Project(slug)
	if p == nil {
		return nil, nil
	}
	rows := make(map[string]template.HTML, len(p.Components))
	var rowErr error
	u := urls{s.opts.Prefix}
	d := &projectData{Name: p.Config.Name, Web: p.Config.Web, Instructions: instructions(p),
		Changes: s.recentChanges(snap.Log.Recent(p, nil, nil)), EngageURL: u.engage(p, nil), Charts: s.projectCharts(snap, p, all)}
	m := &d.Matrix
	m.Total = stats{&p.Stats}
	for _, pl := range p.Languages {
		m.Langs = append(m.Langs, matrixLang{Name: pl.Language.Label(), Code: pl.Language.Code, URL: u.engage(p, pl.Language)})
		m.Totals = append(m.Totals, stats{&pl.Stats})
		d.Languages = append(d.Languages, langRow{Name: pl.Language.Label(), Code: pl.Language.Code,
			URL: u.language(pl.Language), Engage: u.engage(p, pl.Language), S: stats{&pl.Stats}})
	}
	for _, cm := range p.Components {
		row := matrixRow{Name: cm.Config.Name, URL: u.component(cm), Glossary: cm.Config.IsGlossary, S: stats{&cm.Stats}}
		for _, pl := range p.Languages {
			cell := matrixCell{Lang: pl.Language.Code}
			if t := cm.Translation(pl.Language.Code); t != nil {
				cell.URL, cell.S = u.translation(t), stats{&t.Stats}
			}
			row.Cells = append(row.Cells, cell)
		}
		key := matrixRowKey(&row)
		html, ok := prev[key]
		if !ok {
			var buf bytes.Buffer
			if err := s.templates["project"].ExecuteTemplate(&buf, "matrixRow", &row); err != nil && rowErr == nil {
				rowErr = err
			}
			html = template.HTML(buf.String())
		}
		row.HTML, rows[key] = html, html
		m.Rows = append(m.Rows, row)
		d.Components = append(d.Components, componentRow{Name: cm.Config.Name, URL: u.component(cm),
			Glossary: cm.Config.IsGlossary, S: stats{&cm.Stats}})
	}
	d.Badges = []badgeLink{
		{"Translation status of " + p.Config.Name, u.widget(p, nil, nil, "svg-badge.svg")},
		{"Translation status of " + p.Config.Name + " by language", u.widget(p, nil, nil, "multi-auto.svg")},
	}
	d.Badges = s.withSparkline(d.Badges, "Translation status of "+p.Config.Name+" over the last 90 days", u.widget(p, nil, nil, "sparkline.svg"))
	if rowErr != nil {
		// A template error is a bug, as render says.
		a := newAnswer(http.StatusInternalServerError, "text/plain; charset=utf-8", "", []byte("500 internal error rendering page\n"))
		a.noStore, a.err = true, rowErr
		return a, nil
	}
	return s.render(http.StatusOK, "project", &page{Title: p.Config.Name, API: p.APIPath(),
		Crumbs: []link{{"Home", u.home()}, {"Projects", u.projects()}}}, d), rows
}

// matrixRowKey is everything the matrixRow template shows of row: rows with the
// same key render the same bytes.
func matrixRowKey(row *matrixRow) string {
	b := make([]byte, 0, 64+len(row.Cells)*48)
	b = strconv.AppendQuote(b, row.Name)
	b = strconv.AppendQuote(b, row.URL)
	b = strconv.AppendBool(b, row.Glossary)
	b = appendCounts(b, row.S)
	for _, c := range row.Cells {
		b = strconv.AppendQuote(b, c.Lang)
		b = strconv.AppendQuote(b, c.URL)
		if c.URL != "" {
			b = appendCounts(b, c.S)
		}
	}
	return string(b)
}

// appendCounts appends what TranslatedPercent is computed from.
func appendCounts(b []byte, s stats) []byte {
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(s.Translated), 10)
	b = append(b, '/')
	return strconv.AppendInt(b, int64(s.Total), 10)
}

// translationRow is one translation in a component or language list.
type translationRow struct {
	Name, Code, URL string
	// Where names the component (on language pages).
	Where    string
	ShowCode bool // the row names a language: its code is shown next to its name
	IsSource bool
	S        stats
}

type info struct {
	Name, Value, URL string
}

type componentData struct {
	Name         string
	Glossary     bool
	Info         []info
	Commit       *commitView
	Translations []translationRow
	Alerts       []*snapshot.Alert
	Changes      []change
	Badges       []badgeLink
	Charts       *chartsView
}

type commitView struct {
	Hash, Short, Summary, Author string
	When                         time.Time
}

func (s *Server) component(c *gin.Context) { s.cached(c, (*Server).componentPage) }

func (s *Server) componentPage(snap *snapshot.Snapshot, c *gin.Context) *answer {
	p := snap.Project(c.Param("project"))
	if p == nil {
		return nil
	}
	cm := p.Component(c.Param("component"))
	if cm == nil {
		return nil
	}
	u := urls{s.opts.Prefix}
	cc := cm.Config
	d := &componentData{Name: cc.Name, Glossary: cc.IsGlossary, Alerts: cm.Alerts, Changes: s.recentChanges(snap.Log.Recent(nil, cm, nil)),
		Charts: s.componentCharts(snap, cm, wantsAll(c))}
	branch := cc.Branch
	if branch == "" {
		branch = cm.Repo.Branch
	}
	d.Info = []info{
		{Name: "Repository", Value: repos.RedactURL(cc.Repo)},
		{Name: "Branch", Value: branch},
		{Name: "File mask", Value: cc.Filemask},
	}
	if cc.Template != "" {
		d.Info = append(d.Info, info{Name: "Template", Value: cc.Template})
	}
	d.Info = append(d.Info, info{Name: "File format", Value: cc.FileFormat})
	if cm.SourceLanguage != nil {
		d.Info = append(d.Info, info{Name: "Source language", Value: cm.SourceLanguage.Label(), URL: u.language(cm.SourceLanguage)})
	}
	if cc.License != "" {
		d.Info = append(d.Info, info{Name: "License", Value: cc.License, URL: cc.LicenseURL})
	}
	if cc.RepoWeb != "" {
		d.Info = append(d.Info, info{Name: "Repository browser", Value: cc.RepoWeb})
	}
	if h := cm.Repo.Head; h != nil {
		summary, _, _ := strings.Cut(h.Message, "\n")
		rev := h.Hash.String()
		d.Commit = &commitView{Hash: rev, Short: rev[:7], Summary: summary, Author: h.Author.Name, When: h.Committer.When}
	}
	if cm.Repo.Err != nil {
		d.Info = append(d.Info, info{Name: "Repository error", Value: cm.Repo.Err.Error()})
	} else if cm.Repo.Kind == repos.KindCheckout {
		d.Info = append(d.Info, info{Name: "Read from", Value: "working tree (uncommitted edits included)"})
	} else if cm.Repo.Kind == repos.KindFolder {
		d.Info = append(d.Info, info{Name: "Read from", Value: "plain folder (no git repository, no history)"})
	}
	// People look a language up by name; the component keeps its translations in
	// file order. The source comes first, as the caption says.
	for _, t := range bySourceThenName(cm.Translations) {
		d.Translations = append(d.Translations, translationRow{Name: t.Language.Label(), Code: t.Language.Code,
			ShowCode: true, URL: u.translation(t), IsSource: t.IsSource, S: stats{&t.Stats}})
	}
	d.Badges = []badgeLink{
		{"Translation status of " + cc.Name, u.widget(p, nil, cm, "svg-badge.svg")},
		{"Translation status of " + cc.Name + " by language", u.widget(p, nil, cm, "multi-auto.svg")},
	}
	d.Badges = s.withSparkline(d.Badges, "Translation status of "+cc.Name+" over the last 90 days", u.widget(p, nil, cm, "sparkline.svg"))
	return s.render(http.StatusOK, "component", &page{Title: cc.Name + " — " + p.Config.Name, API: cm.APIPath(),
		Crumbs: []link{{"Home", u.home()}, {"Projects", u.projects()}, {p.Config.Name, u.project(p)}}}, d)
}

// translationData serves both the translation page and the translate page: they
// show the same numbers and the same unit list.
type translationData struct {
	Component, Language, Code string
	Lang, Dir                 string // the translation's language, for its text
	SourceLang, SourceDir     string
	S                         stats
	Filename, LanguageCode    string
	Revision                  string
	FileURL                   string // API file download; "" when there is no file
	TranslationURL            string
	TranslateURL, EngageURL   string
	UnitsAPI                  string
	IsSource, Translate       bool
	Changes                   []change
	Units                     unitList
	Badge                     badgeLink
	// Checks are the failing strings by quality check (the overview page only);
	// ChecksErr says why they could not be read.
	Checks    []checkGroup
	ChecksErr string
	Charts    *chartsView
	Rev       *revisionView
}

func lookupTranslation(snap *snapshot.Snapshot, c *gin.Context) *snapshot.Translation {
	p := snap.Project(c.Param("project"))
	if p == nil {
		return nil
	}
	cm := p.Component(c.Param("component"))
	if cm == nil {
		return nil
	}
	return cm.Translation(c.Param("lang"))
}

func (s *Server) translation(c *gin.Context) { s.translationPage(c, false) }
func (s *Server) translate(c *gin.Context)   { s.translationPage(c, true) }

// translationPage answers both pages of a translation. Without a search, a page
// of the unit list is kept like any other page (under "?page=N" after the first);
// a search, whose words are the visitor's, is rendered for its request only.
func (s *Server) translationPage(c *gin.Context, translate bool) {
	set := s.pages()
	key := c.Request.URL.Path
	var query, checksum string
	page := 1
	if c.Request.URL.RawQuery != "" {
		query = strings.TrimSpace(c.Query("q"))
		if translate {
			// A unit's web_url: the page opens on that string (units.go).
			checksum = strings.TrimSpace(c.Query("checksum"))
		}
		if n, err := strconv.Atoi(c.Query("page")); err == nil && n > 1 {
			page = n
			key += "?page=" + strconv.Itoa(n)
		}
	}
	if query == "" && checksum == "" {
		if a := set.get(key); a != nil {
			a.send(c)
			return
		}
	}
	t := lookupTranslation(set.snap, c)
	if t == nil {
		s.notFound.send(c)
		return
	}
	a, shown := s.translationAnswer(set.snap, t, translate, query, checksum, page)
	if query == "" && checksum == "" && shown == page {
		a = set.keep(key, a)
	}
	a.send(c)
}

// translationAnswer renders a translation's page (its translate page when
// translate) with the units query selects, page pageNo of them; shown is the page
// shown (the last when pageNo is past it).
func (s *Server) translationAnswer(snap *snapshot.Snapshot, t *snapshot.Translation, translate bool, query, checksum string, pageNo int) (a *answer, shown int) {
	u := urls{s.opts.Prefix}
	cm := t.Component
	p := cm.Project
	d := &translationData{Component: cm.Config.Name, Language: t.Language.Label(), Code: t.Language.Code,
		Lang: htmlLang(t.Language.Code), Dir: t.Language.Direction, S: stats{&t.Stats},
		Filename: t.Filename, LanguageCode: t.LanguageCode, Revision: t.Revision(),
		TranslationURL: u.translation(t), TranslateURL: u.translate(t), EngageURL: u.engage(p, t.Language),
		UnitsAPI: s.opts.Prefix + t.APIPath() + "units/", IsSource: t.IsSource, Translate: translate,
		Changes: s.recentChanges(snap.Log.Recent(nil, nil, t))}
	if cm.SourceLanguage != nil {
		d.SourceLang, d.SourceDir = htmlLang(cm.SourceLanguage.Code), cm.SourceLanguage.Direction
	}
	if t.Filename != "" {
		d.FileURL = s.opts.Prefix + t.APIPath() + "file/"
	}
	self := d.TranslationURL
	if translate {
		self = d.TranslateURL
	}
	d.Units = s.unitList(t, self, query, checksum, pageNo)
	d.Rev = s.revision(snap, t)
	if !translate {
		d.Charts = s.translationCharts(snap, t)
		var err error
		if d.Checks, err = s.checkGroups(t, d.TranslateURL); err != nil {
			d.ChecksErr = err.Error()
		}
	}
	d.Badge = badgeLink{"Translation status of " + cm.Config.Name + " in " + t.Language.Name, u.widget(p, t.Language, cm, "svg-badge.svg")}
	title := cm.Config.Name + " — " + t.Language.Label()
	if translate {
		title = "Translate " + title
	}
	a = s.render(http.StatusOK, "translation", &page{Title: title, API: t.APIPath(),
		Crumbs: []link{{"Home", u.home()}, {"Projects", u.projects()}, {p.Config.Name, u.project(p)}, {cm.Config.Name, u.component(cm)}}}, d)
	if d.Units.Err != "" || d.ChecksErr != "" {
		// The file may read next time; a failure is not kept.
		a.noStore = true
	}
	return a, d.Units.Page
}

// bySourceThenName is byName with the source translation first.
func bySourceThenName(ts []*snapshot.Translation) []*snapshot.Translation {
	out := byName(ts)
	sort.SliceStable(out, func(i, j int) bool { return out[i].IsSource && !out[j].IsSource })
	return out
}

// instructions renders a project's instructions for translators ("" for none).
func instructions(p *snapshot.Project) template.HTML {
	if strings.TrimSpace(p.Config.Instructions) == "" {
		return ""
	}
	return renderMarkdown(p.Config.Instructions)
}

// htmlLang turns a Weblate code (pt_BR, sr@latin) into a BCP 47 tag for lang="".
func htmlLang(code string) string {
	code, _, _ = strings.Cut(code, "@")
	return strings.ReplaceAll(code, "_", "-")
}

type engageData struct {
	Project      string
	Instructions template.HTML
	Language     string
	Code         string
	ProjectURL   string
	LanguageURL  string
	S            stats
	Translations []translationRow
	Languages    []langRow
	Badge        badgeLink
}

func (s *Server) engage(c *gin.Context) { s.cached(c, (*Server).engagePage) }

func (s *Server) engagePage(snap *snapshot.Snapshot, c *gin.Context) *answer {
	p := snap.Project(c.Param("project"))
	if p == nil {
		return nil
	}
	code := c.Param("lang")
	var pl *snapshot.ProjectLanguage
	for _, x := range p.Languages {
		if x.Language.Code == code {
			pl = x
		}
	}
	if pl == nil {
		return nil
	}
	u := urls{s.opts.Prefix}
	d := &engageData{Project: p.Config.Name, Instructions: instructions(p), Language: pl.Language.Label(),
		Code: code, ProjectURL: u.project(p), LanguageURL: u.language(pl.Language), S: stats{&pl.Stats}}
	for _, cm := range p.Components {
		if t := cm.Translation(code); t != nil {
			// An invitation leads straight to the strings.
			d.Translations = append(d.Translations, translationRow{Name: cm.Config.Name, Code: code,
				URL: u.translate(t), IsSource: t.IsSource, S: stats{&t.Stats}})
		}
	}
	d.Badge = badgeLink{"Translation status of " + p.Config.Name + " in " + pl.Language.Name, u.widget(p, pl.Language, nil, "svg-badge.svg")}
	return s.render(http.StatusOK, "engage", &page{Title: "Translate " + p.Config.Name + " into " + pl.Language.Name,
		API: p.APIPath() + "languages/", Crumbs: []link{{"Home", u.home()}, {p.Config.Name, u.project(p)}}}, d)
}

func (s *Server) engageProject(c *gin.Context) { s.cached(c, (*Server).engageProjectPage) }

func (s *Server) engageProjectPage(snap *snapshot.Snapshot, c *gin.Context) *answer {
	p := snap.Project(c.Param("project"))
	if p == nil {
		return nil
	}
	u := urls{s.opts.Prefix}
	d := &engageData{Project: p.Config.Name, Instructions: instructions(p), ProjectURL: u.project(p), S: stats{&p.Stats}}
	for _, pl := range p.Languages {
		d.Languages = append(d.Languages, langRow{Name: pl.Language.Label(), Code: pl.Language.Code,
			URL: u.language(pl.Language), Engage: u.engage(p, pl.Language), S: stats{&pl.Stats}})
	}
	d.Badge = badgeLink{"Translation status of " + p.Config.Name, u.widget(p, nil, nil, "svg-badge.svg")}
	return s.render(http.StatusOK, "engage", &page{Title: "Translate " + p.Config.Name, API: p.APIPath(),
		Crumbs: []link{{"Home", u.home()}, {p.Config.Name, u.project(p)}}}, d)
}

type languageRow struct {
	Name, Code, URL, Direction string
	S                          stats
	Projects                   int
}

func (s *Server) languageList(c *gin.Context) {
	s.cached(c, func(s *Server, snap *snapshot.Snapshot, _ *gin.Context) *answer { return s.languageListPage(snap) })
}

func (s *Server) languageListPage(snap *snapshot.Snapshot) *answer {
	u := urls{s.opts.Prefix}
	rows := make([]languageRow, 0, len(snap.Languages))
	for _, le := range snap.Languages {
		rows = append(rows, languageRow{Name: le.Language.Label(), Code: le.Language.Code, URL: u.language(le.Language),
			Direction: le.Language.Direction, S: stats{&le.Stats}, Projects: countProjects(le)})
	}
	// People look a language up by name; the API lists by id.
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Name < rows[j].Name })
	return s.render(http.StatusOK, "languages", &page{Title: "Languages", API: "/api/languages/",
		Crumbs: []link{{"Home", u.home()}}}, rows)
}

func countProjects(le *snapshot.LanguageEntry) int {
	n := 0
	var last *snapshot.Project
	for _, t := range le.Translations {
		if p := t.Component.Project; p != last {
			n++
			last = p
		}
	}
	return n
}

type languageData struct {
	Name, Code, Direction string
	Plural                lang.Plural
	Population            string
	S                     stats
	Projects              []langRow
	Translations          []translationRow
	Charts                *chartsView
}

func (s *Server) language(c *gin.Context) { s.cached(c, (*Server).languagePage) }

func (s *Server) languagePage(snap *snapshot.Snapshot, c *gin.Context) *answer {
	le := snap.Language(c.Param("lang"))
	if le == nil {
		return nil
	}
	u := urls{s.opts.Prefix}
	l := le.Language
	d := &languageData{Name: l.Label(), Code: l.Code, Direction: l.Direction, Plural: l.Plural,
		Population: groupDigits(l.Population), S: stats{&le.Stats}, Charts: s.languageCharts(snap, le)}
	for _, p := range snap.Projects {
		for _, pl := range p.Languages {
			if pl.Language.Code == l.Code {
				d.Projects = append(d.Projects, langRow{Name: p.Config.Name, Code: l.Code, URL: u.project(p),
					Engage: u.engage(p, l), S: stats{&pl.Stats}})
			}
		}
	}
	for _, t := range le.Translations {
		cm := t.Component
		d.Translations = append(d.Translations, translationRow{Name: cm.Config.Name, Where: cm.Project.Config.Name,
			Code: l.Code, URL: u.translation(t), IsSource: t.IsSource, S: stats{&t.Stats}})
	}
	return s.render(http.StatusOK, "language", &page{Title: l.Label(), API: snapshot.LanguageAPIPath(l),
		Crumbs: []link{{"Home", u.home()}, {"Languages", u.languages()}}}, d)
}

// groupDigits writes 1234567 as 1,234,567.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
