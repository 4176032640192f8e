package api

import (
	"net/http"
	"strconv"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// route is one API path: the methods its Allow header lists, its OPTIONS metadata,
// and its handlers. get serves GET and HEAD; unsafe lists the unsafe methods gitlate
// performs (the others in allow answer 403: the data lives in git, not here).
type route struct {
	path   string
	allow  string
	name   string
	desc   string
	get    func(*request) error // nil: the route has no GET (405)
	unsafe map[string]func(*request) error
	// anyFormat passes every ?format= to the handler: downloads convert (or refuse to).
	anyFormat bool
	// live marks answers that read state the snapshot does not hold — a
	// repository's status, the change log and what is derived from it — so the
	// snapshot's time is no Last-Modified for them; their ETag still follows
	// their content (conditional.go).
	live bool
	// keep marks the list routes whose 200 answers are kept whole (answers.go).
	keep bool
}

const (
	allowRead       = "GET, HEAD, OPTIONS"
	allowList       = "GET, POST, HEAD, OPTIONS"
	allowInstance   = "GET, PUT, PATCH, DELETE, HEAD, OPTIONS"
	allowTranslInst = "GET, DELETE, HEAD, OPTIONS"
	allowFile       = "GET, POST, PUT, HEAD, OPTIONS"

	descProjects   = "Translation projects API."
	descComponents = "Translation components API."
)

// routes lists every API path, in Weblate's shapes (weblate/api/urls.py and views.py).
var routes = []route{
	{path: "/api/", allow: allowRead, name: "Api Root", desc: "The default basic root view for DefaultRouter", get: getRoot},

	{path: "/api/projects/", allow: allowList, name: "Project List", desc: descProjects, get: listProjects},
	{path: "/api/projects/:project/", allow: allowInstance, name: "Project Instance", desc: descProjects, get: getProject},
	{path: "/api/projects/:project/components/", allow: allowList, name: "Components", desc: descProjects, get: listProjectComponents},
	{path: "/api/projects/:project/changes/", allow: allowRead, name: "Changes", desc: descProjects, get: listProjectChanges, live: true, keep: true},
	{path: "/api/projects/:project/statistics/", allow: allowRead, name: "Statistics", desc: descProjects, get: getProjectStatistics},
	{path: "/api/projects/:project/languages/", allow: allowRead, name: "Languages", desc: descProjects, get: getProjectLanguages},
	{path: "/api/projects/:project/repository/", allow: allowList, name: "Repository", desc: descProjects, get: getProjectRepository, unsafe: postOnly(postProjectRepository), live: true},

	{path: "/api/components/", allow: allowRead, name: "Component List", desc: descComponents, get: listComponents},
	{path: "/api/components/:project/:component/", allow: allowInstance, name: "Component Instance", desc: descComponents, get: getComponent},
	{path: "/api/components/:project/:component/statistics/", allow: allowRead, name: "Statistics", desc: descComponents, get: getComponentStatistics},
	{path: "/api/components/:project/:component/translations/", allow: allowList, name: "Translations", desc: descComponents, get: listComponentTranslations},
	{path: "/api/components/:project/:component/changes/", allow: allowRead, name: "Changes", desc: descComponents, get: listComponentChanges, live: true, keep: true},
	{path: "/api/components/:project/:component/lock/", allow: allowList, name: "Lock", desc: descComponents, get: getComponentLock},
	{path: "/api/components/:project/:component/links/", allow: allowList, name: "Links", desc: descComponents, get: listComponentLinks},
	{path: "/api/components/:project/:component/repository/", allow: allowList, name: "Repository", desc: descComponents, get: getComponentRepository, unsafe: postOnly(postComponentRepository), live: true},
	{path: "/api/components/:project/:component/monolingual_base/", allow: allowRead, name: "Monolingual base", desc: descComponents, get: getMonolingualBase},
	{path: "/api/components/:project/:component/new_template/", allow: allowRead, name: "New template", desc: descComponents, get: getNewTemplate},

	{path: "/api/translations/", allow: allowRead, name: "Translation List", desc: descComponents, get: listTranslations},
	{path: "/api/translations/:project/:component/:language/", allow: allowTranslInst, name: "Translation Instance", desc: descComponents, get: getTranslation},
	{path: "/api/translations/:project/:component/:language/statistics/", allow: allowRead, name: "Statistics", desc: descComponents, get: getTranslationStatistics},
	{path: "/api/translations/:project/:component/:language/changes/", allow: allowRead, name: "Changes", desc: descComponents, get: listTranslationChanges, live: true, keep: true},
	{path: "/api/translations/:project/:component/:language/file/", allow: allowFile, name: "File", desc: descComponents, get: getTranslationFile, anyFormat: true},
	{path: "/api/translations/:project/:component/:language/repository/", allow: allowList, name: "Repository", desc: descComponents, get: getTranslationRepository, unsafe: postOnly(postTranslationRepository), live: true},

	{path: "/api/languages/", allow: allowList, name: "Language List", desc: "Languages API.", get: listLanguages},
	{path: "/api/languages/:language/", allow: allowInstance, name: "Language Instance", desc: "Languages API.", get: getLanguage},
	{path: "/api/languages/:language/statistics/", allow: allowRead, name: "Statistics", desc: "Languages API.", get: getLanguageStatistics},

	{path: "/api/changes/", allow: allowRead, name: "Change List", desc: "Changes API.", get: listChanges, live: true, keep: true},
	{path: "/api/changes/:id/", allow: allowRead, name: "Change Instance", desc: "Changes API.", get: getChange, live: true},

	{path: "/api/users/", allow: allowList, name: "User List", desc: "Users API.", get: listUsers, live: true},
	{path: "/api/users/:username/", allow: allowInstance, name: "User Instance", desc: "Users API.", get: getUser, live: true},
	{path: "/api/users/:username/statistics/", allow: allowRead, name: "Statistics", desc: "Users API.", get: getUserStatistics, live: true},

	// Lists of things git holds none of: they exist, so clients find them, and are empty.
	{path: "/api/groups/", allow: allowList, name: "Group List", desc: "Groups API.", get: listNothing},
	{path: "/api/roles/", allow: allowList, name: "Role List", desc: "Roles API.", get: listNothing},
	{path: "/api/component-lists/", allow: allowList, name: "Component List List", desc: "Component lists API.", get: listNothing},
	{path: "/api/screenshots/", allow: allowList, name: "Screenshot List", desc: "Screenshots API.", get: listNothing},
	{path: "/api/memory/", allow: allowRead, name: "Memory List", desc: "Memory API.", get: listNothing},
	{path: "/api/addons/", allow: allowRead, name: "Addon List", desc: "", get: listAddons},
}

func listNothing(r *request) error { return r.writePage(nil) }

func postOnly(h func(*request) error) map[string]func(*request) error {
	return map[string]func(*request) error{http.MethodPost: h}
}

// Lookups of path parameters; each answers 404 for an unknown object.

func (r *request) project() (*snapshot.Project, error) {
	return found(r.v.snap.Project(r.param("project")))
}

func (r *request) component() (*snapshot.Component, error) {
	p, err := r.project()
	if err != nil {
		return nil, err
	}
	return found(p.Component(r.param("component")))
}

func (r *request) translation() (*snapshot.Translation, error) {
	c, err := r.component()
	if err != nil {
		return nil, err
	}
	return found(c.Translation(r.param("language")))
}

func (r *request) language() (*snapshot.LanguageEntry, error) {
	return found(r.v.snap.Language(r.param("language")))
}

func (r *request) user() (*snapshot.User, error) {
	return found(r.v.snap.User(r.param("username")))
}

// found passes on what a lookup found, or errNotFound where it found nothing.
func found[T comparable](x T) (T, error) {
	var none T
	if x == none {
		return x, errNotFound
	}
	return x, nil
}

// rootDoc is the API root: the same for every snapshot, so rendered once.
var rootDoc = render(func(e *enc) {
	e.Obj()
	for _, name := range []string{"users", "groups", "roles", "projects", "components", "translations", "memory", "languages", "component-lists", "changes", "units", "screenshots", "addons"} {
		e.Key(name)
		e.url("/api/" + name + "/")
	}
	e.End()
})

func getRoot(r *request) error { return r.writeDoc(rootDoc) }

func listProjects(r *request) error     { return r.writePage(r.v.projectList) }
func listComponents(r *request) error   { return r.writePage(r.v.componentList) }
func listTranslations(r *request) error { return r.writePage(r.v.translationList) }
func listLanguages(r *request) error    { return r.writePage(r.v.languageList) }
func listUsers(r *request) error        { return r.writePage(r.v.userList) }
func listChanges(r *request) error      { return r.writeChanges(snapshot.ChangeFilter{}) }

// The handlers below an object's path: each looks the object up (find answers 404
// for an unknown one), then answers with one of its rendered documents, a page of
// them, or its changes.
var (
	getProject            = docOf((*request).project, func(v *views, p *snapshot.Project) *doc { return v.projects[p].detail })
	listProjectComponents = pageOf((*request).project, func(v *views, p *snapshot.Project) []*doc { return v.projects[p].components })
	listProjectChanges    = changesOf((*request).project, func(p *snapshot.Project) snapshot.ChangeFilter { return snapshot.ChangeFilter{Project: p} })
	getProjectStatistics  = docOf((*request).project, func(v *views, p *snapshot.Project) *doc { return v.projects[p].stats })
	getProjectLanguages   = docOf((*request).project, func(v *views, p *snapshot.Project) *doc { return v.projects[p].languages })

	getComponent              = docOf((*request).component, func(v *views, c *snapshot.Component) *doc { return v.components[c].detail })
	getComponentStatistics    = pageOf((*request).component, func(v *views, c *snapshot.Component) []*doc { return v.components[c].stats })
	listComponentTranslations = pageOf((*request).component, func(v *views, c *snapshot.Component) []*doc { return v.components[c].translations })
	listComponentChanges      = changesOf((*request).component, func(c *snapshot.Component) snapshot.ChangeFilter { return snapshot.ChangeFilter{Component: c} })
	getComponentLock          = docOf((*request).component, func(v *views, c *snapshot.Component) *doc { return v.components[c].lock })
	listComponentLinks        = pageOf((*request).component, func(v *views, c *snapshot.Component) []*doc { return v.links[c] })

	getTranslation           = docOf((*request).translation, func(v *views, t *snapshot.Translation) *doc { return v.translations[t].detail })
	getTranslationStatistics = docOf((*request).translation, func(v *views, t *snapshot.Translation) *doc { return v.translations[t].stats })
	listTranslationChanges   = changesOf((*request).translation, func(t *snapshot.Translation) snapshot.ChangeFilter { return snapshot.ChangeFilter{Translation: t} })

	getLanguage           = docOf((*request).language, func(v *views, le *snapshot.LanguageEntry) *doc { return v.languages[le.Language] })
	getLanguageStatistics = docOf((*request).language, func(v *views, le *snapshot.LanguageEntry) *doc { return v.langStats[le] })

	getUser           = docOf((*request).user, func(v *views, u *snapshot.User) *doc { return v.users[u] })
	getUserStatistics = docOf((*request).user, func(v *views, u *snapshot.User) *doc { return v.userStats[u] })
)

// with makes the handler that looks up the path's object with find, then answers
// with it.
func with[T any](find func(*request) (T, error), answer func(*request, T) error) func(*request) error {
	return func(r *request) error {
		x, err := find(r)
		if err != nil {
			return err
		}
		return answer(r, x)
	}
}

// docOf answers with the document pick chooses among the object's views.
func docOf[T any](find func(*request) (T, error), pick func(*views, T) *doc) func(*request) error {
	return with(find, func(r *request, x T) error { return r.writeDoc(pick(r.v, x)) })
}

// pageOf answers with a page of the documents pick chooses.
func pageOf[T any](find func(*request) (T, error), pick func(*views, T) []*doc) func(*request) error {
	return with(find, func(r *request, x T) error { return r.writePage(pick(r.v, x)) })
}

// changesOf answers with the object's changes.
func changesOf[T any](find func(*request) (T, error), filter func(T) snapshot.ChangeFilter) func(*request) error {
	return with(find, func(r *request, x T) error { return r.writeChanges(filter(x)) })
}

func getChange(r *request) error {
	id, err := strconv.Atoi(r.param("id"))
	if err != nil {
		return errNotFound
	}
	i, ok := r.v.snap.Log.Find(id)
	if !ok {
		return errNotFound
	}
	docs, err := r.changeDocs([]int{i})
	if err != nil {
		return err
	}
	return r.writeDoc(docs[0])
}
