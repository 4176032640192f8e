package api

import (
	"errors"
	"net/http"
)

// apiError is an error with the status and detail the client sees. Handlers return
// errors; fail is the one place that turns them into responses.
type apiError struct {
	status int
	detail string
	header [2]string // optional extra header (name, value)
	body   *doc      // a body other than {"detail": …} (validation errors)
}

func (e *apiError) Error() string {
	if e.body != nil {
		return string(e.body.buf)
	}
	return e.detail
}

var (
	errNotFound      = &apiError{status: http.StatusNotFound, detail: "Not found."}
	errInvalidPage   = &apiError{status: http.StatusNotFound, detail: "Invalid page."}
	errNoCredentials = &apiError{status: http.StatusUnauthorized, detail: "Authentication credentials were not provided.", header: [2]string{"WWW-Authenticate", "Token"}}
	errBadToken      = &apiError{status: http.StatusUnauthorized, detail: "Invalid token.", header: [2]string{"WWW-Authenticate", "Token"}}
	errReadOnly      = &apiError{status: http.StatusForbidden, detail: "gitlate serves repositories read-only: change projects and components in projects.yaml, and translations in their repository."}
	errBadHost       = &apiError{status: http.StatusBadRequest, detail: "Invalid Host header."}
)

func methodNotAllowed(method string) error {
	return &apiError{status: http.StatusMethodNotAllowed, detail: `Method "` + method + `" not allowed.`}
}

func notFound(detail string) error {
	return &apiError{status: http.StatusNotFound, detail: detail}
}

func badRequest(body string) error {
	return &apiError{status: http.StatusBadRequest, detail: body}
}

// fail sends err as {"detail": …}; an error that is not an apiError is a bug of ours
// and answers 500 without details.
func (r *request) fail(err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		_ = r.c.Error(err)
		ae = &apiError{status: http.StatusInternalServerError, detail: "Internal server error."}
	}
	if ae.header[0] != "" {
		r.c.Header(ae.header[0], ae.header[1])
	}
	d := ae.body
	if d == nil {
		var e enc
		e.Obj()
		e.Key("detail")
		e.Str(ae.detail)
		e.End()
		d = e.done()
	}
	r.write(ae.status, d.buf)
}
