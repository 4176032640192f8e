package repos

import (
	"context"
	"errors"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"
)

// TestCatFileRecovers: a helper that answers out of protocol while blocked writing
// (a git that would never end on its own) is killed, not waited for forever with
// the lock held; the store reads with go-git meanwhile; the helper is not started
// again during catFileRetry, and is after it.
func TestCatFileRecovers(t *testing.T) {
	t.Parallel()
	if gitBinary() == "" {
		t.Skip("no git binary")
	}
	dir := newCheckout(t, map[string]string{"a.txt": "content a\n"})
	bare := bareClone(t, dir)
	r, err := Open(context.Background(), Spec{Repo: bare})
	if err != nil {
		t.Fatal(err)
	}
	st := r.(*repo).st
	want := HashBlob([]byte("content a\n"))

	tests := []struct {
		name string
		fake string // shell script standing in for git cat-file
	}{
		// A bad header, then more output than any pipe holds, never ending.
		{"bad answer, blocked writing", `read line; echo "bogus answer"; exec cat /dev/zero`},
		// A header promising more than comes, then silence: the read fails at EOF.
		{"truncated body", `read line; set -- $line; echo "$2 blob 100"; printf abc; exec sleep 60 >&-`},
		// Gone at once.
		{"exits", `exit 3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var starts atomic.Int32
			fake := true
			st.cat.close()
			st.cat.mu.Lock()
			st.cat.retryAt = time.Time{}
			st.cat.newCmd = func(mode string) *exec.Cmd {
				starts.Add(1)
				if fake {
					return exec.Command("sh", "-c", tt.fake)
				}
				return exec.Command(gitBinary(), "--git-dir="+bare, "cat-file", mode)
			}
			st.cat.mu.Unlock()
			t.Cleanup(func() {
				st.cat.close()
				st.cat.mu.Lock()
				st.cat.newCmd, st.cat.retryAt = nil, time.Time{}
				st.cat.mu.Unlock()
			})

			done := make(chan error, 1)
			go func() {
				data, err := r.Blob(want)
				if err == nil && string(data) != "content a\n" {
					err = errors.New("wrong content " + string(data))
				}
				done <- err
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("Blob with a failing helper: %v (go-git should have answered)", err)
				}
			case <-time.After(catFileStopWait - time.Second):
				t.Fatal("Blob did not return: the failed helper was waited for")
			}
			st.cat.mu.Lock()
			running, retryAt := st.cat.cmd != nil, st.cat.retryAt
			st.cat.mu.Unlock()
			if running || time.Until(retryAt) < catFileRetry-10*time.Second {
				t.Fatalf("after the failure: running %v, retry at %v", running, retryAt)
			}
			// Within the delay: go-git answers, no new helper.
			fake = false
			for range 3 {
				if _, err := r.Blob(want); err != nil {
					t.Fatal(err)
				}
			}
			if n := starts.Load(); n != 1 {
				t.Errorf("%d helpers started within the retry delay, want 1", n)
			}
			// After it: a helper again.
			st.cat.mu.Lock()
			st.cat.retryAt = time.Now().Add(-time.Second)
			st.cat.mu.Unlock()
			if data, err := st.cat.blob(want); err != nil || string(data) != "content a\n" {
				t.Fatalf("helper after the delay: %q, %v", data, err)
			}
			if n := starts.Load(); n != 2 {
				t.Errorf("%d helpers started, want 2", n)
			}
		})
	}
}
