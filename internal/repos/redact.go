package repos

import "strings"

// RedactURL strips user:password@ from a repository URL before it is shown, as
// Weblate's HIDE_REPO_CREDENTIALS does. It works on the text, so a URL that a
// parser would reject (a stray character in a token) loses its credentials too.
func RedactURL(repo string) string {
	i := strings.Index(repo, "://")
	if i < 0 {
		return repo // a path or git@host:path: no credentials to hide
	}
	rest := repo[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	at := strings.LastIndexByte(rest[:end], '@')
	if at < 0 {
		return repo
	}
	scheme := strings.ToLower(repo[:i])
	if scheme == "http" || scheme == "https" {
		return repo[:i+3] + rest[at+1:] // a lone user name there is usually a token
	}
	// ssh://git@host: the user is part of the address; only a password goes.
	user, _, _ := strings.Cut(rest[:at], ":")
	return repo[:i+3] + user + "@" + rest[at+1:]
}
