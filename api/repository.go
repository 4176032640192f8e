package api

import (
	"strings"
	"time"

	"github.com/gitlate/gitlate/repos"
	"github.com/gitlate/gitlate/snapshot"
)

// writeRepositoryFlags writes the pending-work flags: gitlate never writes to a
// repository, so nothing waits to be committed, merged or pushed.
func writeRepositoryFlags(e *enc) {
	e.key("needs_commit")
	e.boolean(false)
	e.key("needs_merge")
	e.boolean(false)
	e.key("needs_push")
	e.boolean(false)
}

// writeRepository writes a component's repository status (weblate-reference §2l).
func writeRepository(e *enc, c *snapshot.Component, self string) {
	e.obj()
	writeRepositoryFlags(e)
	e.key("url")
	e.url(self)
	e.key("remote_commit")
	if h := c.Repo.Head; h != nil && c.Repo.Kind != repos.KindLocal {
		writeCommit(e, h)
	} else {
		e.null()
	}
	e.key("status")
	e.str(repositoryStatus(c))
	e.key("merge_failure")
	e.null()
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

// repositoryStatus is a short, git-status-like text of what gitlate reads.
func repositoryStatus(c *snapshot.Component) string {
	if c.Repo.Err != nil {
		return "The repository cannot be read: " + c.Repo.Err.Error() + "\n"
	}
	var b strings.Builder
	b.WriteString("On branch " + c.Repo.Branch + "\n")
	switch c.Repo.Kind {
	case repos.KindCheckout:
		b.WriteString("gitlate reads the working tree of this checkout, uncommitted changes included.\n")
	case repos.KindRemote:
		b.WriteString("gitlate reads a clone of the remote repository, fetched periodically.\n")
	case repos.KindLocal:
		b.WriteString("This repository lives in gitlate's data directory.\n")
	default:
		b.WriteString("gitlate reads the head of this branch.\n")
	}
	if c.Repo.Head == nil {
		b.WriteString("\nNo commits yet\n")
	}
	return b.String()
}
