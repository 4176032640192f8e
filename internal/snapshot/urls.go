package snapshot

import (
	"net/url"
	"strconv"

	"github.com/gitlate/gitlate/internal/lang"
)

// The paths of the API's objects and of the web pages, in one place:
// the API writes them (web_url, translate_url, share_url, …) and the web package
// serves and links them, so following a URL the API wrote always lands on a page.
// They are paths below the base URL (which adds scheme, host and any prefix), each
// ending in "/"; {code} is always the canonical language code (pt_BR).
//
// A segment made from what a repository holds (a language code, a username) is
// escaped as a path segment (RFC 3986 section 3.3), and the router, which matches
// the unescaped path, hands it back as it was — all but "/", which no code (one
// part of a file path) and no username holds. lang.Resolve only makes languages of
// codes that need no escaping, and usernames are letters, digits and @ . + - _, so
// the paths are those Weblate writes; the escaping keeps them right whatever a code
// holds. Slugs come from projects.yaml, which allows a-z 0-9 - _.

// APIPath is the project's API address: /api/projects/{p}/.
func (p *Project) APIPath() string { return "/api/projects/" + p.Config.Slug + "/" }

// WebPath is the project's page: /projects/{p}/.
func (p *Project) WebPath() string { return "/projects/" + p.Config.Slug + "/" }

// EngagePath is the project's invitation page: /engage/{p}/.
func (p *Project) EngagePath() string { return "/engage/" + p.Config.Slug + "/" }

// LanguageEngagePath is the invitation to translate the project into l:
// /engage/{p}/{code}/.
func (p *Project) LanguageEngagePath(l *lang.Language) string {
	return p.EngagePath() + segment(l.Code) + "/"
}

// APIPath is the component's API address: /api/components/{p}/{c}/.
func (c *Component) APIPath() string {
	return "/api/components/" + c.Project.Config.Slug + "/" + c.Config.Slug + "/"
}

// WebPath is the component's page: /projects/{p}/{c}/.
func (c *Component) WebPath() string { return c.Project.WebPath() + c.Config.Slug + "/" }

// APIPath is the translation's API address: /api/translations/{p}/{c}/{code}/.
func (t *Translation) APIPath() string {
	c := t.Component
	return "/api/translations/" + c.Project.Config.Slug + "/" + c.Config.Slug + "/" + segment(t.Language.Code) + "/"
}

// WebPath is the translation's page: /projects/{p}/{c}/{code}/.
func (t *Translation) WebPath() string { return t.Component.WebPath() + segment(t.Language.Code) + "/" }

// TranslatePath is the translation's translate page: /translate/{p}/{c}/{code}/.
func (t *Translation) TranslatePath() string {
	c := t.Component
	return "/translate/" + c.Project.Config.Slug + "/" + c.Config.Slug + "/" + segment(t.Language.Code) + "/"
}

// EngagePath is the translation's share_url: the invitation to its project in its
// language, /engage/{p}/{code}/.
func (t *Translation) EngagePath() string {
	return t.Component.Project.LanguageEngagePath(t.Language)
}

// APIPath is the user's API address: /api/users/{username}/.
func (u *User) APIPath() string { return "/api/users/" + segment(u.Username) + "/" }

// APIPath is the change's API address: /api/changes/{id}/.
func (ch *Change) APIPath() string { return ChangeAPIPath(ch.ID) }

// ChangeAPIPath is the API address of the change with that id.
func ChangeAPIPath(id int) string { return "/api/changes/" + strconv.Itoa(id) + "/" }

// UnitAPIPath is the API address of the unit with that id: /api/units/{id}/.
func UnitAPIPath(id int) string { return "/api/units/" + strconv.Itoa(id) + "/" }

// AddonAPIPath is the API address of the add-on with that id: /api/addons/{id}/.
func AddonAPIPath(id int) string { return "/api/addons/" + strconv.Itoa(id) + "/" }

// LanguageAPIPath is the language's API address: /api/languages/{code}/.
func LanguageAPIPath(l *lang.Language) string { return "/api/languages/" + segment(l.Code) + "/" }

// LanguageWebPath is the language's page: /languages/{code}/.
func LanguageWebPath(l *lang.Language) string { return "/languages/" + segment(l.Code) + "/" }

// LanguageSegment is a language's code as one segment of a path, for the
// paths other packages build (badges).
func LanguageSegment(l *lang.Language) string { return segment(l.Code) }

// segment escapes s as one path segment; a string that needs no escaping is
// returned as it is, without allocating.
func segment(s string) string { return url.PathEscape(s) }
