package api

import (
	"time"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Serializers: one function per resource, writing fields in Weblate 4.18's order
// (weblate/api/serializers.py). URLs are paths (snapshot/urls.go, shared with the web
// pages); enc.url adds the request's base URL.

func writeLanguage(e *enc, l *lang.Language) {
	e.obj()
	e.key("code")
	e.str(l.Code)
	e.key("name")
	e.str(l.Name)
	e.key("plural")
	e.obj()
	e.key("id")
	e.int(int64(l.Plural.ID))
	e.key("source")
	e.int(int64(l.Plural.Source))
	e.key("number")
	e.int(int64(l.Plural.Number))
	e.key("formula")
	e.str(l.Plural.Formula)
	e.key("type")
	e.int(int64(l.Plural.Type))
	e.end()
	e.key("aliases")
	e.arr()
	for _, a := range l.Aliases {
		e.str(a)
	}
	e.endArr()
	e.key("direction")
	e.str(l.Direction)
	e.key("population")
	e.int(l.Population)
	e.key("web_url")
	e.url(snapshot.LanguageWebPath(l))
	e.key("url")
	e.url(snapshot.LanguageAPIPath(l))
	e.key("statistics_url")
	e.url(snapshot.LanguageAPIPath(l) + "statistics/")
	e.end()
}

// link is one URL key of an object: its API path followed by sub ("": the path
// itself).
type link struct{ key, sub string }

// writeLinks writes the keys of table, below the API path api.
func writeLinks(e *enc, api string, table []link) {
	for _, l := range table {
		e.key(l.key)
		e.url(api + l.sub)
	}
}

// The URLs of a project, a component and a translation, in Weblate's order.
var (
	projectLinks = []link{
		{"url", ""},
		{"components_list_url", "components/"},
		{"repository_url", "repository/"},
		{"statistics_url", "statistics/"},
		{"changes_list_url", "changes/"},
		{"languages_url", "languages/"},
	}
	componentLinks = []link{
		{"url", ""},
		{"repository_url", "repository/"},
		{"translations_url", "translations/"},
		{"statistics_url", "statistics/"},
		{"lock_url", "lock/"},
		{"links_url", "links/"},
		{"changes_list_url", "changes/"},
	}
	// translationLinks close a translation (its url comes earlier).
	translationLinks = []link{
		{"repository_url", "repository/"},
		{"file_url", "file/"},
		{"statistics_url", "statistics/"},
		{"changes_list_url", "changes/"},
		{"units_list_url", "units/"},
	}
)

func writeProject(e *enc, p *snapshot.Project) {
	pc := p.Config
	api := p.APIPath()
	e.obj()
	e.key("name")
	e.str(pc.Name)
	e.key("slug")
	e.str(pc.Slug)
	e.key("id")
	e.int(int64(p.ID))
	e.key("web")
	e.str(pc.Web)
	e.key("web_url")
	e.url(p.WebPath())
	writeLinks(e, api, projectLinks)
	e.key("translation_review")
	e.boolean(pc.TranslationReview)
	e.key("source_review")
	e.boolean(pc.SourceReview)
	e.key("set_language_team")
	e.boolean(pc.SetLanguageTeam)
	e.key("instructions")
	e.str(pc.Instructions)
	e.key("enable_hooks")
	e.boolean(pc.EnableHooks)
	e.key("language_aliases")
	e.str(pc.LanguageAliases)
	e.end()
}

// writeComponent writes a component; project is the rendered project to embed, or
// nil where Weblate leaves it out (a project's component list). addons are the ids
// of its add-ons, in id order.
func writeComponent(e *enc, c *snapshot.Component, source, project *doc) {
	cc := c.Config
	api := c.APIPath()
	e.obj()
	e.key("name")
	e.str(cc.Name)
	e.key("slug")
	e.str(cc.Slug)
	e.key("id")
	e.int(int64(c.ID))
	e.key("source_language")
	e.raw(source)
	if project != nil {
		e.key("project")
		e.raw(project)
	}
	e.key("vcs")
	e.str(cc.VCS)
	e.key("repo")
	e.str(repos.RedactURL(cc.Repo))
	e.key("git_export")
	e.str(cc.GitExport)
	e.key("branch")
	branch := cc.Branch
	if branch == "" {
		branch = c.Repo.Branch
	}
	e.str(branch)
	e.key("push_branch")
	e.str(cc.PushBranch)
	e.key("filemask")
	e.str(cc.Filemask)
	e.key("template")
	e.str(cc.Template)
	e.key("edit_template")
	e.boolean(cc.EditTemplate)
	e.key("intermediate")
	e.str(cc.Intermediate)
	e.key("new_base")
	e.str(cc.NewBase)
	e.key("file_format")
	e.str(cc.FileFormat)
	e.key("license")
	e.str(cc.License)
	e.key("license_url")
	e.strOrNull(cc.LicenseURL)
	e.key("agreement")
	e.str(cc.Agreement)
	e.key("web_url")
	e.url(c.WebPath())
	writeLinks(e, api, componentLinks)
	e.key("task_url")
	e.null()
	e.key("new_lang")
	e.str(cc.NewLang)
	e.key("language_code_style")
	e.str(cc.LanguageCodeStyle)
	e.key("push")
	e.str(repos.RedactURL(cc.Push))
	e.key("check_flags")
	e.str(cc.CheckFlags)
	e.key("priority")
	e.int(int64(cc.Priority))
	e.key("enforced_checks")
	e.arr()
	for _, ch := range cc.EnforcedChecks {
		e.str(ch)
	}
	e.endArr()
	e.key("restricted")
	e.boolean(cc.Restricted)
	e.key("repoweb")
	e.str(cc.RepoWeb)
	e.key("report_source_bugs")
	e.str(cc.ReportSourceBugs)
	e.key("merge_style")
	e.str(cc.MergeStyle)
	e.key("commit_message")
	e.str(cc.CommitMessage)
	e.key("add_message")
	e.str(cc.AddMessage)
	e.key("delete_message")
	e.str(cc.DeleteMessage)
	e.key("merge_message")
	e.str(cc.MergeMessage)
	e.key("addon_message")
	e.str(cc.AddonMessage)
	e.key("pull_message")
	e.str(cc.PullMessage)
	e.key("allow_translation_propagation")
	e.boolean(cc.AllowTranslationPropagation)
	e.key("manage_units")
	e.boolean(cc.ManageUnits)
	e.key("enable_suggestions")
	e.boolean(cc.EnableSuggestions)
	e.key("suggestion_voting")
	e.boolean(cc.SuggestionVoting)
	e.key("suggestion_autoaccept")
	e.int(int64(cc.SuggestionAutoaccept))
	e.key("push_on_commit")
	e.boolean(cc.PushOnCommit)
	e.key("commit_pending_age")
	e.int(int64(cc.CommitPendingAge))
	e.key("auto_lock_error")
	e.boolean(cc.AutoLockError)
	e.key("language_regex")
	e.str(cc.LanguageRegex)
	e.key("variant_regex")
	e.str(cc.VariantRegex)
	e.key("addons")
	e.arr()
	for _, a := range c.Addons {
		e.url(snapshot.AddonAPIPath(a.ID))
	}
	e.endArr()
	e.key("is_glossary")
	e.boolean(cc.IsGlossary)
	e.key("glossary_color")
	e.str(cc.GlossaryColor)
	e.end()
}

// writeTranslation writes a translation; component is embedded when not nil.
func writeTranslation(e *enc, t *snapshot.Translation, language, component *doc) {
	api := t.APIPath()
	s := &t.Stats
	e.obj()
	e.key("language")
	e.raw(language)
	if component != nil {
		e.key("component")
		e.raw(component)
	}
	e.key("language_code")
	e.str(t.LanguageCode)
	e.key("id")
	e.int(int64(t.ID))
	e.key("filename")
	e.str(t.Filename)
	e.key("revision")
	e.str(t.Revision())
	e.key("web_url")
	e.url(t.WebPath())
	e.key("share_url")
	e.url(t.EngagePath())
	e.key("translate_url")
	e.url(t.TranslatePath())
	e.key("url")
	e.url(api)
	e.key("is_template")
	e.boolean(t.IsTemplate)
	e.key("is_source")
	e.boolean(t.IsSource)
	writeCounters(e, s, translationCounters)
	e.key("last_change")
	writeTime(e, s.LastChange)
	e.key("last_author")
	e.strOrNull(s.LastAuthor)
	writeLinks(e, api, translationLinks)
	e.end()
}

// writeTime writes an ISO 8601 UTC timestamp with microseconds and "Z", or null.
func writeTime(e *enc, t time.Time) {
	if t.IsZero() {
		e.null()
		return
	}
	e.str(formatTime(t))
}

func formatTime(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000Z")
}

// statsTail is what follows the counters in a statistics object.
type statsTail struct {
	code      string // translation statistics only
	name      string
	web       string // web URL path
	translate string // translation statistics only
}

// writeStats writes a statistics object (weblate/api/serializers.py StatisticsSerializer).
func writeStats(e *enc, s *snapshot.Stats, tail statsTail) {
	e.obj()
	writeCounters(e, s, statsTotals)
	e.key("last_change")
	writeTime(e, s.LastChange)
	if tail.code != "" {
		// Translation statistics name the last author too (Weblate 4.0 shows it there,
		// and wlc reads it: without it, wlc re-fetches the object and fails).
		e.key("last_author")
		e.strOrNull(s.LastAuthor)
	}
	writeCounters(e, s, statsCounters)
	if tail.code != "" {
		e.key("code")
		e.str(tail.code)
	}
	e.key("name")
	e.str(tail.name)
	e.key("url")
	e.url(tail.web)
	if tail.translate != "" {
		e.key("translate_url")
		e.url(tail.translate)
	}
	writeCounters(e, s, statsCountersV5)
	e.end()
}

func translationStatsTail(t *snapshot.Translation) statsTail {
	return statsTail{code: t.Language.Code, name: t.Language.Name, web: t.WebPath(), translate: t.TranslatePath()}
}

func writeProjectLanguage(e *enc, pl *snapshot.ProjectLanguage) {
	s := &pl.Stats
	e.obj()
	e.key("language")
	e.str(pl.Language.Label())
	e.key("code")
	e.str(pl.Language.Code)
	writeCounters(e, s, projectLanguageCounters)
	e.end()
}

func writeUser(e *enc, u *snapshot.User) {
	e.obj()
	e.key("full_name")
	e.str(u.FullName)
	e.key("username")
	e.str(u.Username)
	e.end()
}
