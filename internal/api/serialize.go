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
	e.Obj()
	e.Key("code")
	e.Str(l.Code)
	e.Key("name")
	e.Str(l.Name)
	e.Key("plural")
	e.Obj()
	e.Key("id")
	e.Int(int64(l.Plural.ID))
	e.Key("source")
	e.Int(int64(l.Plural.Source))
	e.Key("number")
	e.Int(int64(l.Plural.Number))
	e.Key("formula")
	e.Str(l.Plural.Formula)
	e.Key("type")
	e.Int(int64(l.Plural.Type))
	e.End()
	e.Key("aliases")
	e.Arr()
	for _, a := range l.Aliases {
		e.Str(a)
	}
	e.EndArr()
	e.Key("direction")
	e.Str(l.Direction)
	e.Key("population")
	e.Int(l.Population)
	e.Key("web_url")
	e.url(snapshot.LanguageWebPath(l))
	e.Key("url")
	e.url(snapshot.LanguageAPIPath(l))
	e.Key("statistics_url")
	e.url(snapshot.LanguageAPIPath(l) + "statistics/")
	e.End()
}

// link is one URL key of an object: its API path followed by sub ("": the path
// itself).
type link struct{ key, sub string }

// writeLinks writes the keys of table, below the API path api.
func writeLinks(e *enc, api string, table []link) {
	for _, l := range table {
		e.Key(l.key)
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
	e.Obj()
	e.Key("name")
	e.Str(pc.Name)
	e.Key("slug")
	e.Str(pc.Slug)
	e.Key("id")
	e.Int(int64(p.ID))
	e.Key("web")
	e.Str(pc.Web)
	e.Key("web_url")
	e.url(p.WebPath())
	writeLinks(e, api, projectLinks)
	e.Key("translation_review")
	e.Bool(pc.TranslationReview)
	e.Key("source_review")
	e.Bool(pc.SourceReview)
	e.Key("set_language_team")
	e.Bool(pc.SetLanguageTeam)
	e.Key("instructions")
	e.Str(pc.Instructions)
	e.Key("enable_hooks")
	e.Bool(pc.EnableHooks)
	e.Key("language_aliases")
	e.Str(pc.LanguageAliases)
	e.End()
}

// writeComponent writes a component; project is the rendered project to embed, or
// nil where Weblate leaves it out (a project's component list). addons are the ids
// of its add-ons, in id order.
func writeComponent(e *enc, c *snapshot.Component, source, project *doc) {
	cc := c.Config
	api := c.APIPath()
	e.Obj()
	e.Key("name")
	e.Str(cc.Name)
	e.Key("slug")
	e.Str(cc.Slug)
	e.Key("id")
	e.Int(int64(c.ID))
	e.Key("source_language")
	e.raw(source)
	if project != nil {
		e.Key("project")
		e.raw(project)
	}
	e.Key("vcs")
	e.Str(cc.VCS)
	e.Key("repo")
	e.Str(repos.RedactURL(cc.Repo))
	e.Key("git_export")
	e.Str(cc.GitExport)
	e.Key("branch")
	branch := cc.Branch
	if branch == "" {
		branch = c.Repo.Branch
	}
	e.Str(branch)
	e.Key("push_branch")
	e.Str(cc.PushBranch)
	e.Key("filemask")
	e.Str(cc.Filemask)
	e.Key("template")
	e.Str(cc.Template)
	e.Key("edit_template")
	e.Bool(cc.EditTemplate)
	e.Key("intermediate")
	e.Str(cc.Intermediate)
	e.Key("new_base")
	e.Str(cc.NewBase)
	e.Key("file_format")
	e.Str(cc.FileFormat)
	e.Key("license")
	e.Str(cc.License)
	e.Key("license_url")
	e.strOrNull(cc.LicenseURL)
	e.Key("agreement")
	e.Str(cc.Agreement)
	e.Key("web_url")
	e.url(c.WebPath())
	writeLinks(e, api, componentLinks)
	e.Key("task_url")
	e.Null()
	e.Key("new_lang")
	e.Str(cc.NewLang)
	e.Key("language_code_style")
	e.Str(cc.LanguageCodeStyle)
	e.Key("push")
	e.Str(repos.RedactURL(cc.Push))
	e.Key("check_flags")
	e.Str(cc.CheckFlags)
	e.Key("priority")
	e.Int(int64(cc.Priority))
	e.Key("enforced_checks")
	e.Arr()
	for _, ch := range cc.EnforcedChecks {
		e.Str(ch)
	}
	e.EndArr()
	e.Key("restricted")
	e.Bool(cc.Restricted)
	e.Key("repoweb")
	e.Str(cc.RepoWeb)
	e.Key("report_source_bugs")
	e.Str(cc.ReportSourceBugs)
	e.Key("merge_style")
	e.Str(cc.MergeStyle)
	e.Key("commit_message")
	e.Str(cc.CommitMessage)
	e.Key("add_message")
	e.Str(cc.AddMessage)
	e.Key("delete_message")
	e.Str(cc.DeleteMessage)
	e.Key("merge_message")
	e.Str(cc.MergeMessage)
	e.Key("addon_message")
	e.Str(cc.AddonMessage)
	e.Key("pull_message")
	e.Str(cc.PullMessage)
	e.Key("allow_translation_propagation")
	e.Bool(cc.AllowTranslationPropagation)
	e.Key("manage_units")
	e.Bool(cc.ManageUnits)
	e.Key("enable_suggestions")
	e.Bool(cc.EnableSuggestions)
	e.Key("suggestion_voting")
	e.Bool(cc.SuggestionVoting)
	e.Key("suggestion_autoaccept")
	e.Int(int64(cc.SuggestionAutoaccept))
	e.Key("push_on_commit")
	e.Bool(cc.PushOnCommit)
	e.Key("commit_pending_age")
	e.Int(int64(cc.CommitPendingAge))
	e.Key("auto_lock_error")
	e.Bool(cc.AutoLockError)
	e.Key("language_regex")
	e.Str(cc.LanguageRegex)
	e.Key("variant_regex")
	e.Str(cc.VariantRegex)
	e.Key("addons")
	e.Arr()
	for _, a := range c.Addons {
		e.url(snapshot.AddonAPIPath(a.ID))
	}
	e.EndArr()
	e.Key("is_glossary")
	e.Bool(cc.IsGlossary)
	e.Key("glossary_color")
	e.Str(cc.GlossaryColor)
	e.End()
}

// writeTranslation writes a translation; component is embedded when not nil.
func writeTranslation(e *enc, t *snapshot.Translation, language, component *doc) {
	api := t.APIPath()
	s := &t.Stats
	e.Obj()
	e.Key("language")
	e.raw(language)
	if component != nil {
		e.Key("component")
		e.raw(component)
	}
	e.Key("language_code")
	e.Str(t.LanguageCode)
	e.Key("id")
	e.Int(int64(t.ID))
	e.Key("filename")
	e.Str(t.Filename)
	e.Key("revision")
	e.Str(t.Revision())
	e.Key("web_url")
	e.url(t.WebPath())
	e.Key("share_url")
	e.url(t.EngagePath())
	e.Key("translate_url")
	e.url(t.TranslatePath())
	e.Key("url")
	e.url(api)
	e.Key("is_template")
	e.Bool(t.IsTemplate)
	e.Key("is_source")
	e.Bool(t.IsSource)
	writeCounters(e, s, translationCounters)
	e.Key("last_change")
	writeTime(e, s.LastChange)
	e.Key("last_author")
	e.strOrNull(s.LastAuthor)
	writeLinks(e, api, translationLinks)
	e.End()
}

// writeTime writes an ISO 8601 UTC timestamp with microseconds and "Z", or null.
func writeTime(e *enc, t time.Time) {
	if t.IsZero() {
		e.Null()
		return
	}
	e.Str(formatTime(t))
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
	e.Obj()
	writeCounters(e, s, statsTotals)
	e.Key("last_change")
	writeTime(e, s.LastChange)
	if tail.code != "" {
		// Translation statistics name the last author too (Weblate 4.0 shows it there,
		// and wlc reads it: without it, wlc re-fetches the object and fails).
		e.Key("last_author")
		e.strOrNull(s.LastAuthor)
	}
	writeCounters(e, s, statsCounters)
	if tail.code != "" {
		e.Key("code")
		e.Str(tail.code)
	}
	e.Key("name")
	e.Str(tail.name)
	e.Key("url")
	e.url(tail.web)
	if tail.translate != "" {
		e.Key("translate_url")
		e.url(tail.translate)
	}
	writeCounters(e, s, statsCountersV5)
	e.End()
}

func translationStatsTail(t *snapshot.Translation) statsTail {
	return statsTail{code: t.Language.Code, name: t.Language.Name, web: t.WebPath(), translate: t.TranslatePath()}
}

func writeProjectLanguage(e *enc, pl *snapshot.ProjectLanguage) {
	s := &pl.Stats
	e.Obj()
	e.Key("language")
	e.Str(pl.Language.Label())
	e.Key("code")
	e.Str(pl.Language.Code)
	writeCounters(e, s, projectLanguageCounters)
	e.End()
}

func writeUser(e *enc, u *snapshot.User) {
	e.Obj()
	e.Key("full_name")
	e.Str(u.FullName)
	e.Key("username")
	e.Str(u.Username)
	e.End()
}
