package api

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/snapshot"
)

// Push webhooks of the forges, at Weblate's addresses: a push to a repository
// fetches the components built from it, in projects that enable hooks. As in
// Weblate they need no token (forges cannot send one); a project opts in with
// enable_hooks, and a hook can do no more than a fetch.

// Notifier is told about push notifications: it logs them and pulls in the
// background.
type Notifier interface {
	Notify(components []string, service string)
}

// pushEvent is what a forge's payload says was pushed.
type pushEvent struct {
	service string
	urls    []string // addresses of the repository
	branch  string   // "" when the payload names none
}

// hookParsers read each forge's payload; nil event (no error) means a ping or an
// event that is not a push.
var hookParsers = map[string]func(h http.Header, data map[string]any) (*pushEvent, error){
	"github":    githubPush,
	"gitlab":    gitlabPush,
	"gitea":     giteaPush,
	"bitbucket": bitbucketPush,
}

// InstallHooks registers the webhook routes on r.
func (s *Server) InstallHooks(r gin.IRouter) {
	for name := range hookParsers {
		r.POST("/hooks/"+name+"/", s.hook(name))
	}
}

func hookAnswer(c *gin.Context, status int, state, message string) {
	c.JSON(status, gin.H{"status": state, "message": message})
}

func (s *Server) hook(service string) gin.HandlerFunc {
	parse := hookParsers[service]
	return func(c *gin.Context) {
		data, err := readPayload(c.Request)
		if err != nil || data == nil {
			c.String(http.StatusBadRequest, "Could not parse JSON payload!")
			return
		}
		ev, err := parse(c.Request.Header, data)
		if err != nil {
			c.String(http.StatusBadRequest, "Invalid data in json payload!")
			return
		}
		if ev == nil {
			hookAnswer(c, http.StatusCreated, "success", "Hook working")
			return
		}
		ev.service = service
		keys := matchPush(s.src.Snapshot(), ev)
		if len(keys) == 0 || s.opts.Notifier == nil {
			hookAnswer(c, http.StatusAccepted, "failure", "No matching repositories found!")
			return
		}
		s.opts.Notifier.Notify(keys, service)
		hookAnswer(c, http.StatusOK, "success", "Update triggered: "+strings.Join(keys, ", "))
	}
}

// readPayload reads a JSON body, or the "payload" field of a form, as forges send
// either.
func readPayload(r *http.Request) (map[string]any, error) {
	body := http.MaxBytesReader(nil, r.Body, 4<<20)
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var raw []byte
	if ct == "application/x-www-form-urlencoded" {
		b, err := io.ReadAll(body)
		if err != nil {
			return nil, err
		}
		v, err := url.ParseQuery(string(b))
		if err != nil {
			return nil, err
		}
		raw = []byte(v.Get("payload"))
	} else {
		b, err := io.ReadAll(body)
		if err != nil {
			return nil, err
		}
		raw = b
	}
	var data map[string]any
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, err
	}
	return data, nil
}

// get walks a decoded JSON document: get(d, "repository", "owner", "login").
func get(d any, path ...string) any {
	for _, p := range path {
		m, ok := d.(map[string]any)
		if !ok {
			return nil
		}
		d = m[p]
	}
	return d
}

func str(d any, path ...string) string {
	s, _ := get(d, path...).(string)
	return s
}

func strs(d any, paths ...[]string) []string {
	var out []string
	for _, p := range paths {
		if s := str(d, p...); s != "" {
			out = append(out, s)
		}
	}
	return out
}

type errPayload struct{ what string }

func (e errPayload) Error() string { return "payload lacks " + e.what }

func branchOf(ref string) string { return strings.TrimPrefix(ref, "refs/heads/") }

func githubPush(h http.Header, d map[string]any) (*pushEvent, error) {
	if h.Get("X-GitHub-Event") != "push" {
		return nil, nil
	}
	ev := &pushEvent{branch: branchOf(str(d, "ref"))}
	for _, k := range []string{"clone_url", "git_url", "ssh_url", "svn_url", "html_url", "url"} {
		if s := str(d, "repository", k); s != "" {
			ev.urls = append(ev.urls, s)
		}
	}
	if len(ev.urls) == 0 {
		owner := str(d, "repository", "owner", "login")
		if owner == "" {
			owner = str(d, "repository", "owner", "name")
		}
		name := str(d, "repository", "name")
		if owner == "" || name == "" {
			return nil, errPayload{"the repository"}
		}
		ev.urls = []string{"https://github.com/" + owner + "/" + name}
	}
	return ev, nil
}

func gitlabPush(_ http.Header, d map[string]any) (*pushEvent, error) {
	if _, ok := d["ref"]; !ok {
		return nil, nil
	}
	ev := &pushEvent{branch: branchOf(str(d, "ref"))}
	ev.urls = strs(d, []string{"repository", "url"}, []string{"repository", "git_http_url"}, []string{"repository", "git_ssh_url"},
		[]string{"repository", "homepage"}, []string{"project", "git_http_url"}, []string{"project", "git_ssh_url"}, []string{"project", "web_url"})
	if len(ev.urls) == 0 {
		return nil, errPayload{"the repository"}
	}
	return ev, nil
}

func giteaPush(_ http.Header, d map[string]any) (*pushEvent, error) {
	if _, ok := d["ref"]; !ok {
		return nil, nil
	}
	ev := &pushEvent{branch: branchOf(str(d, "ref"))}
	ev.urls = strs(d, []string{"repository", "clone_url"}, []string{"repository", "ssh_url"}, []string{"repository", "html_url"})
	if len(ev.urls) == 0 {
		return nil, errPayload{"the repository"}
	}
	return ev, nil
}

func bitbucketPush(h http.Header, d map[string]any) (*pushEvent, error) {
	if k := h.Get("X-Event-Key"); k != "repo:push" && k != "repo:refs_changed" {
		return nil, nil
	}
	ev := &pushEvent{}
	if clones, ok := get(d, "repository", "links", "clone").([]any); ok {
		for _, c := range clones {
			if s := str(c, "href"); s != "" {
				ev.urls = append(ev.urls, s)
			}
		}
	}
	if s := str(d, "repository", "links", "html", "href"); s != "" {
		ev.urls = append(ev.urls, s)
	}
	if name := str(d, "repository", "full_name"); name != "" {
		ev.urls = append(ev.urls, "https://bitbucket.org/"+name)
	}
	if changes, ok := get(d, "push", "changes").([]any); ok && len(changes) > 0 {
		last := changes[len(changes)-1]
		ev.branch = str(last, "new", "name")
		if ev.branch == "" {
			ev.branch = str(last, "old", "name")
		}
	}
	if len(ev.urls) == 0 {
		return nil, errPayload{"the repository"}
	}
	return ev, nil
}

// normalizeRepoURL reduces a repository address to host/path, so the forms a forge
// lists (https, ssh, git@host:path, with or without .git or credentials) compare equal.
func normalizeRepoURL(s string) string {
	s = strings.TrimSpace(strings.ToLower(s))
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	} else if at := strings.IndexByte(s, '@'); at >= 0 && strings.Contains(s[at:], ":") {
		s = strings.Replace(s, ":", "/", 1) // git@host:owner/repo
	}
	if at := strings.IndexByte(s, '@'); at >= 0 && at < strings.IndexByte(s+"/", '/') {
		s = s[at+1:] // credentials or the ssh user
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, "/"), ".git")
	if host, rest, ok := strings.Cut(s, "/"); ok {
		host, _, _ = strings.Cut(host, ":") // a port does not make another repository
		s = host + "/" + rest
	}
	return s
}

// matchPush lists the components, in projects with hooks enabled, that read the
// pushed repository and branch.
func matchPush(snap *snapshot.Snapshot, ev *pushEvent) []string {
	pushed := map[string]bool{}
	for _, u := range ev.urls {
		pushed[normalizeRepoURL(u)] = true
	}
	var keys []string
	for _, p := range snap.Projects {
		if !p.Config.EnableHooks {
			continue
		}
		for _, c := range p.Components {
			if !pushed[normalizeRepoURL(c.Config.Repo)] {
				continue
			}
			branch := c.Config.Branch
			if branch == "" {
				branch = c.Repo.Branch
			}
			if ev.branch != "" && branch != "" && ev.branch != branch {
				continue
			}
			keys = append(keys, componentKey(c))
		}
	}
	sort.Strings(keys)
	return keys
}
