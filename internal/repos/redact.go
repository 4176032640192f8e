package repos

import "strings"

// RedactURL makes a repository URL fit to be shown: user:password@ goes, as with
// Weblate's HIDE_REPO_CREDENTIALS, and so do the query and the fragment, which some
// forges take access tokens in (?access_token=, ?private_token=). It works on the
// text, so a URL that a parser would reject (a stray character in a token) loses
// its credentials too. Every URL gitlate shows — in the API, pages, alerts, errors
// and logs — goes through it.
func RedactURL(repo string) string {
	i := strings.Index(repo, "://")
	if i < 0 {
		return repo // a path or git@host:path: no credentials to hide
	}
	if q := strings.IndexAny(repo[i+3:], "?#"); q >= 0 {
		repo = repo[:i+3+q]
	}
	rest := repo[i+3:]
	end := strings.IndexByte(rest, '/')
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

// redactedError is an error whose text had a URL's secrets taken out; errors.Is
// and errors.As still see the original.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// redactErr hides secret in err's text (a transport may quote the URL it was given).
func redactErr(err error, secret, shown string) error {
	if err == nil || secret == shown || !strings.Contains(err.Error(), secret) {
		return err
	}
	return &redactedError{msg: strings.ReplaceAll(err.Error(), secret, shown), err: err}
}
