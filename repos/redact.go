package repos

import (
	"net/url"
	"strings"
)

// RedactURL strips user:password@ from a repository URL before it is shown, as
// Weblate's HIDE_REPO_CREDENTIALS does.
func RedactURL(repo string) string {
	if !strings.Contains(repo, "://") {
		return repo
	}
	u, err := url.Parse(repo)
	if err != nil || u.User == nil {
		return repo
	}
	u.User = nil
	return u.String()
}
