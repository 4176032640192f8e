package scanner

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gitlate/gitlate/internal/repos"
)

// cloneTimeout bounds one clone: a forge that stops answering must not hold a
// component back for ever (it is tried again, with backoff).
const cloneTimeout = 30 * time.Minute

// cloneState is a background clone of a remote repository.
type cloneState struct {
	running  bool
	failures int
	next     time.Time // no new attempt before then
	err      error     // why the last attempt failed
}

// errCloning tells the scan that a remote repository is being cloned: the component
// shows once its clone is there.
type errCloning struct {
	url string
	err error // the last failed attempt, if any
}

func (e errCloning) Error() string {
	if e.err != nil {
		return fmt.Sprintf("cloning %s failed (%v); trying again", repos.RedactURL(e.url), e.err)
	}
	return fmt.Sprintf("cloning %s; the component shows once it is cloned", repos.RedactURL(e.url))
}

// startClone clones a remote repository in the background, so that a scan (and the
// server's start) never waits for the network; the scanner's Changed hook asks for
// a re-scan when the clone is there. s.mu is held.
func (s *Scanner) startClone(key string, spec repos.Spec) error {
	st := s.clones[key]
	if st == nil {
		st = &cloneState{}
		s.clones[key] = st
	}
	if st.running || time.Now().Before(st.next) {
		return errCloning{spec.Repo, st.err}
	}
	st.running = true
	spec.NoClone = false
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), cloneTimeout)
		defer cancel()
		r, err := repos.Open(ctx, spec)
		s.mu.Lock()
		st.running = false
		if err != nil {
			st.failures++
			st.err = err
			st.next = time.Now().Add(backoff(st.failures, 10*time.Minute))
			s.opts.Logger.Warn("clone failed", "component", key, "err", err, "retry after", st.next)
		} else {
			delete(s.clones, key)
			s.repos[key] = r
		}
		s.mu.Unlock()
		if s.opts.Changed != nil {
			s.opts.Changed() // the component (or its failure) shows at the next scan
		}
	}()
	return errCloning{spec.Repo, st.err}
}

// isCloning reports an error that means "not cloned yet".
func isCloning(err error) bool {
	var c errCloning
	return errors.As(err, &c)
}
