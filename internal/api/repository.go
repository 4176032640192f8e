package api

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Repository status and operations (weblate/api/views.py, the repository actions of
// ProjectViewSet, ComponentViewSet and TranslationViewSet). gitlate never
// writes to a repository: nothing waits to be committed or pushed; a merge is needed
// when the remote has commits the branch lacks; "pull" fetches remotes and re-reads.

// writeRepositoryFlags writes the pending-work flags.
func writeRepositoryFlags(e *enc, needsMerge bool) {
	e.Key("needs_commit")
	e.Bool(false)
	e.Key("needs_merge")
	e.Bool(needsMerge)
	e.Key("needs_push")
	e.Bool(false)
}

// repoStatus returns a component's repository status, read on request: it is not
// on a hot path, and `git status` of a checkout is not worth running at every scan
// (the reader reuses it for a few seconds). A failure shows as the status text.
func (s *Server) repoStatus(ctx context.Context, c *snapshot.Component) *repos.Status {
	if s.opts.Repos == nil || c.Repo.Err != nil || c.Repo.Kind == "" {
		return &repos.Status{}
	}
	st, err := s.opts.Repos.Status(ctx, componentKey(c))
	if err != nil {
		return &repos.Status{GitStatus: "The repository cannot be read: " + err.Error() + "\n"}
	}
	return st
}

// repoBehind is repoStatus(…).Behind without `git status`: all a project's status
// needs of each component.
func (s *Server) repoBehind(ctx context.Context, c *snapshot.Component) bool {
	if s.opts.Repos == nil || c.Repo.Err != nil || c.Repo.Kind == "" {
		return false
	}
	return s.opts.Repos.Behind(ctx, componentKey(c))
}

// statusText describes a repository in the manner of `git status`: git's own words
// for a checkout where git is installed, a summary otherwise.
func statusText(c *snapshot.Component, st *repos.Status) string {
	if c.Repo.Err != nil {
		return "The repository cannot be read: " + c.Repo.Err.Error() + "\n"
	}
	if st.GitStatus != "" {
		return st.GitStatus
	}
	branch := c.Repo.Branch
	switch c.Repo.Kind {
	case repos.KindRemote:
		return fmt.Sprintf("On branch %s\nYour branch is up to date with 'origin/%s'.\n\nnothing to commit, working tree clean\n", branch, branch)
	case repos.KindLocal:
		return "On branch " + branch + "\nnothing to commit, working tree clean\n"
	case repos.KindBare:
		return "On branch " + branch + "\nA bare repository: gitlate reads the head of the branch.\n"
	case repos.KindFolder:
		// No branch to name, nothing to pull: what git says outside a repository,
		// and what gitlate does instead.
		return "Not a git repository: gitlate reads the files of the folder as they are (no history).\n"
	}
	text := "On branch " + branch + "\n"
	switch {
	case st.Remote == nil:
	case st.Behind:
		text += "Your branch is behind '" + st.Upstream + "'.\n"
	default:
		text += "Your branch is up to date with '" + st.Upstream + "'.\n"
	}
	return text
}

// writeRepository writes a component's repository status.
func writeRepository(e *enc, c *snapshot.Component, st *repos.Status, self string) {
	e.Obj()
	writeRepositoryFlags(e, st.Behind)
	e.Key("url")
	e.url(self)
	e.Key("remote_commit")
	if remote := remoteCommit(c, st); remote != nil {
		writeCommit(e, remote)
	} else {
		e.Null()
	}
	e.Key("status")
	e.Str(statusText(c, st))
	e.Key("merge_failure")
	if c.Repo.FetchErr != nil {
		e.Str(c.Repo.FetchErr.Error())
	} else {
		e.Null()
	}
	e.End()
}

// remoteCommit is the newest commit known of what the repository follows.
// Weblate 4.x reads it as repository.last_remote_revision
// (weblate/trans/models/component.py get_last_remote_commit), the head of
// get_remote_branch_name(), which for a repository without a remote is the
// branch itself (weblate/vcs/git.py LocalRepository): so a local: repository or
// a checkout that tracks no upstream shows its branch head, as does a clone or a
// bare repository. A checkout whose upstream is configured but not fetched shows
// nothing: Weblate fails to read that revision and shows null too.
func remoteCommit(c *snapshot.Component, st *repos.Status) *repos.Commit {
	if st.Remote != nil || st.Upstream != "" || c.Repo.Err != nil {
		return st.Remote
	}
	return c.Repo.Head
}

func writeCommit(e *enc, h *repos.Commit) {
	rev := h.Hash.String()
	summary, _, _ := strings.Cut(h.Message, "\n")
	e.Obj()
	e.Key("revision")
	e.Str(rev)
	e.Key("shortrevision")
	e.Str(rev[:7])
	e.Key("author")
	e.Str(h.Author.Name + " <" + h.Author.Email + ">")
	e.Key("author_name")
	e.Str(h.Author.Name)
	e.Key("author_email")
	e.Str(h.Author.Email)
	e.Key("authordate")
	e.Str(h.Author.When.Format(time.RFC3339))
	e.Key("commit")
	e.Str(h.Committer.Name + " <" + h.Committer.Email + ">")
	e.Key("commit_name")
	e.Str(h.Committer.Name)
	e.Key("commit_email")
	e.Str(h.Committer.Email)
	e.Key("commitdate")
	e.Str(h.Committer.When.Format(time.RFC3339))
	e.Key("message")
	e.Str(strings.TrimRight(h.Message, "\n"))
	e.Key("summary")
	e.Str(summary)
	e.End()
}

func getProjectRepository(r *request) error {
	p, err := r.project()
	if err != nil {
		return err
	}
	behind := false
	for _, c := range p.Components {
		if behind = r.s.repoBehind(r.c.Request.Context(), c); behind {
			break
		}
	}
	return r.writeDoc(render(func(e *enc) {
		e.Obj()
		writeRepositoryFlags(e, behind)
		e.Key("url")
		e.url(p.APIPath() + "repository/")
		e.End()
	}))
}

func getComponentRepository(r *request) error {
	c, err := r.component()
	if err != nil {
		return err
	}
	st := r.s.repoStatus(r.c.Request.Context(), c)
	return r.writeDoc(render(func(e *enc) { writeRepository(e, c, st, c.APIPath()+"repository/") }))
}

func getTranslationRepository(r *request) error {
	t, err := r.translation()
	if err != nil {
		return err
	}
	st := r.s.repoStatus(r.c.Request.Context(), t.Component)
	return r.writeDoc(render(func(e *enc) { writeRepository(e, t.Component, st, t.APIPath()+"repository/") }))
}

// Puller fetches remote repositories and re-reads them (the scanner's Live).
type Puller interface {
	Pull(ctx context.Context, components []string) error
}

func componentKey(c *snapshot.Component) string { return c.Project.Config.Slug + "/" + c.Config.Slug }

// postProjectRepository and its siblings perform a repository operation for the
// components the path names.
func postProjectRepository(r *request) error {
	p, err := r.project()
	if err != nil {
		return err
	}
	var keys []string
	for _, c := range p.Components {
		keys = append(keys, componentKey(c))
	}
	return r.repositoryOperation(keys)
}

func postComponentRepository(r *request) error {
	c, err := r.component()
	if err != nil {
		return err
	}
	return r.repositoryOperation([]string{componentKey(c)})
}

func postTranslationRepository(r *request) error {
	t, err := r.translation()
	if err != nil {
		return err
	}
	return r.repositoryOperation([]string{componentKey(t.Component)})
}

// operations are the choices Weblate's serializer accepts.
var operations = map[string]bool{"commit": true, "pull": true, "push": true, "reset": true, "cleanup": true}

// repositoryOperation reads "operation" from a JSON or form body, as DRF accepts it.
func (r *request) repositoryOperation(keys []string) error {
	op, err := r.operation()
	if err != nil {
		return err
	}
	if op == "" {
		return validationError("operation", "This field is required.")
	}
	if !operations[op] {
		return validationError("operation", `"`+op+`" is not a valid choice.`)
	}
	var e enc
	e.Obj()
	e.Key("result")
	if op != "pull" {
		// Valid, but gitlate has nothing to commit, push, reset or clean.
		e.Bool(false)
		e.Key("detail")
		e.Str("gitlate reads repositories and never writes to them: there is nothing to " + op + ".")
		e.End()
		return r.writeDoc(e.done())
	}
	if r.s.opts.Puller == nil {
		return errReadOnly
	}
	if err := r.s.opts.Puller.Pull(r.c.Request.Context(), keys); err != nil {
		e.Bool(false)
		e.Key("detail")
		e.Str(err.Error())
		e.End()
		return r.writeDoc(e.done())
	}
	e.Bool(true)
	e.End()
	return r.writeDoc(e.done())
}

// operation reads the operation field of a JSON or form body.
func (r *request) operation() (string, error) {
	req := r.c.Request
	ct, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type"))
	req.Body = http.MaxBytesReader(r.c.Writer, req.Body, 64<<10)
	if ct == "application/json" {
		var body struct {
			Operation any `json:"operation"`
		}
		if err := json.NewDecoder(req.Body).Decode(&body); err != nil {
			return "", badRequest("JSON parse error - " + err.Error())
		}
		s, _ := body.Operation.(string)
		if body.Operation != nil && s == "" {
			return "", validationError("operation", "Not a valid string.")
		}
		return s, nil
	}
	if err := req.ParseMultipartForm(64 << 10); err != nil && err != http.ErrNotMultipart {
		if err := req.ParseForm(); err != nil {
			return "", badRequest("Malformed request.")
		}
	}
	return req.PostFormValue("operation"), nil
}
