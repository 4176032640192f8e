package api

import (
	"context"
	"encoding/json"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// Repository status and operations (weblate-reference §2l, §2m). gitlate never
// writes to a repository: nothing waits to be committed or pushed; a merge is needed
// when the remote has commits the branch lacks; "pull" fetches remotes and re-reads.

// writeRepositoryFlags writes the pending-work flags.
func writeRepositoryFlags(e *enc, needsMerge bool) {
	e.key("needs_commit")
	e.boolean(false)
	e.key("needs_merge")
	e.boolean(needsMerge)
	e.key("needs_push")
	e.boolean(false)
}

// statusTTL is how long a repository status is reused. The endpoints are public
// and a checkout's status runs `git status`: without the cache any client could
// start a process per request. A few seconds is fresh enough for a state that
// changes when someone commits or fetches.
var statusTTL = 5 * time.Second

// repoStatusEntry caches one component's repository status.
type repoStatusEntry struct {
	mu       sync.Mutex // one computation at a time; requests meanwhile wait for it
	full     *repos.Status
	fullAt   time.Time
	behind   bool
	behindAt time.Time
}

func (s *Server) statusEntry(c *snapshot.Component) *repoStatusEntry {
	key := componentKey(c)
	if e, ok := s.statuses.Load(key); ok {
		return e.(*repoStatusEntry)
	}
	e, _ := s.statuses.LoadOrStore(key, &repoStatusEntry{})
	return e.(*repoStatusEntry)
}

// repoStatus returns a component's repository status, read on request (it is not
// on a hot path, and `git status` of a checkout is not worth running at every
// scan) and reused for statusTTL.
func (s *Server) repoStatus(ctx context.Context, c *snapshot.Component) *repos.Status {
	if c.Repo.Handle == nil || c.Repo.Err != nil {
		return &repos.Status{}
	}
	e := s.statusEntry(c)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.full != nil && time.Since(e.fullAt) < statusTTL {
		return e.full
	}
	st, err := repos.StatusOf(ctx, c.Repo.Handle)
	if err != nil {
		st = &repos.Status{Text: "The repository cannot be read: " + err.Error() + "\n"}
	}
	if ctx.Err() == nil { // a request that went away does not leave its failure behind
		e.full, e.fullAt = st, time.Now()
		e.behind, e.behindAt = st.Behind, e.fullAt
	}
	return st
}

// repoBehind is repoStatus(…).Behind without `git status`: all a project's status
// needs of each component.
func (s *Server) repoBehind(ctx context.Context, c *snapshot.Component) bool {
	if c.Repo.Handle == nil || c.Repo.Err != nil {
		return false
	}
	e := s.statusEntry(c)
	e.mu.Lock()
	defer e.mu.Unlock()
	if time.Since(e.behindAt) < statusTTL {
		return e.behind
	}
	behind := repos.Behind(ctx, c.Repo.Handle)
	if ctx.Err() == nil {
		e.behind, e.behindAt = behind, time.Now()
	}
	return behind
}

// writeRepository writes a component's repository status.
func writeRepository(e *enc, c *snapshot.Component, st *repos.Status, self string) {
	e.obj()
	writeRepositoryFlags(e, st.Behind)
	e.key("url")
	e.url(self)
	e.key("remote_commit")
	if st.Remote != nil {
		writeCommit(e, st.Remote)
	} else {
		e.null()
	}
	e.key("status")
	text := st.Text
	if c.Repo.Err != nil {
		text = "The repository cannot be read: " + c.Repo.Err.Error() + "\n"
	}
	e.str(text)
	e.key("merge_failure")
	if c.Repo.FetchErr != nil {
		e.str(c.Repo.FetchErr.Error())
	} else {
		e.null()
	}
	e.end()
}

func writeCommit(e *enc, h *repos.Commit) {
	rev := h.Hash.String()
	summary, _, _ := strings.Cut(h.Message, "\n")
	e.obj()
	e.key("revision")
	e.str(rev)
	e.key("shortrevision")
	e.str(rev[:7])
	e.key("author")
	e.str(h.Author.Name + " <" + h.Author.Email + ">")
	e.key("author_name")
	e.str(h.Author.Name)
	e.key("author_email")
	e.str(h.Author.Email)
	e.key("authordate")
	e.str(h.Author.When.Format(time.RFC3339))
	e.key("commit")
	e.str(h.Committer.Name + " <" + h.Committer.Email + ">")
	e.key("commit_name")
	e.str(h.Committer.Name)
	e.key("commit_email")
	e.str(h.Committer.Email)
	e.key("commitdate")
	e.str(h.Committer.When.Format(time.RFC3339))
	e.key("message")
	e.str(strings.TrimRight(h.Message, "\n"))
	e.key("summary")
	e.str(summary)
	e.end()
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
		e.obj()
		writeRepositoryFlags(e, behind)
		e.key("url")
		e.url(p.APIPath() + "repository/")
		e.end()
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
	e.obj()
	e.key("result")
	if op != "pull" {
		// Valid, but gitlate has nothing to commit, push, reset or clean.
		e.boolean(false)
		e.key("detail")
		e.str("gitlate reads repositories and never writes to them: there is nothing to " + op + ".")
		e.end()
		return r.writeDoc(e.done())
	}
	if r.s.opts.Puller == nil {
		return errReadOnly
	}
	if err := r.s.opts.Puller.Pull(r.c.Request.Context(), keys); err != nil {
		e.boolean(false)
		e.key("detail")
		e.str(err.Error())
		e.end()
		return r.writeDoc(e.done())
	}
	e.boolean(true)
	e.end()
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
