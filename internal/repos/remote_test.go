package repos

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
)

// TestRemoteNoClone: with NoClone, Open of a remote that has no usable clone fails
// at once with ErrNotCloned, without touching the network; once cloned, it opens
// the clone; a branch the clone lacks is ErrNoBranch until a fetch brings it.
func TestRemoteNoClone(t *testing.T) {
	t.Parallel()
	work := newCheckout(t, map[string]string{"res/values/strings.xml": "v1"})
	origin := bareClone(t, work)
	data := t.TempDir()
	url := "file://" + origin
	noClone := Spec{Repo: url, DataDir: data, NoClone: true}
	open := func(spec Spec) (Repository, error, time.Duration) {
		start := time.Now()
		r, err := Open(context.Background(), spec)
		return r, err, time.Since(start)
	}

	tests := []struct {
		name  string
		setup func()
		spec  Spec
		errIs error // nil: opens
	}{
		{"not cloned yet", func() {}, noClone, ErrNotCloned},
		{"an origin that does not exist is not asked", func() {}, Spec{Repo: "file:///nonexistent/repo.git", DataDir: data, NoClone: true}, ErrNotCloned},
		{"an unreachable host is not asked", func() {}, Spec{Repo: "https://192.0.2.1/repo.git", DataDir: data, NoClone: true}, ErrNotCloned},
		{"cloned", func() {
			if _, err := Open(context.Background(), Spec{Repo: url, DataDir: data}); err != nil {
				t.Fatal(err)
			}
		}, noClone, nil},
		{"origin gone, clone still read", func() {
			os.Rename(origin, origin+".away")
		}, noClone, nil},
		{"branch missing from the clone", func() {
			os.Rename(origin+".away", origin)
			git(t, work, "push", "-q", origin, "main:late")
		}, Spec{Repo: url, DataDir: data, Branch: "late", NoClone: true}, ErrNoBranch},
		{"clone broken", func() {
			os.Remove(filepath.Join(data, "clones", cloneDirName(url), cloneMarker))
		}, noClone, ErrNotCloned},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			r, err, took := open(tt.spec)
			// NoClone never reaches the network: Open answers from the data
			// directory, in milliseconds; a few seconds leave room for -race on a
			// loaded machine while still catching a clone or a fetch.
			if took > 5*time.Second {
				t.Errorf("Open took %v", took)
			}
			if tt.errIs != nil {
				if !errors.Is(err, tt.errIs) || r != nil {
					t.Fatalf("Open = %v, %v; want %v", r, err, tt.errIs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tree, _ := r.Tree()
			if d, err := tree.ReadFile("res/values/strings.xml"); err != nil || string(d) != "v1" || r.Kind() != KindRemote {
				t.Errorf("read %q, %v (kind %s)", d, err, r.Kind())
			}
		})
	}
	if _, err := os.Stat(filepath.Join(data, "clones", cloneDirName("file:///nonexistent/repo.git"))); err == nil {
		t.Error("NoClone made a clone")
	}
	// Without NoClone the missing branch is fetched, and the broken clone redone.
	if r, err := Open(context.Background(), Spec{Repo: url, DataDir: data, Branch: "late"}); err != nil || r.Branch() != "late" {
		t.Fatalf("Open without NoClone: %v", err)
	}
	if _, err := Open(context.Background(), Spec{Repo: url, DataDir: data, Branch: "late", NoClone: true}); err != nil {
		t.Errorf("NoClone after the clone was redone: %v", err)
	}
}

// silentServer accepts connections and never answers, as a host behind a broken
// proxy does; close ends the connections, which ends what waits on them.
type silentServer struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newSilentServer(t *testing.T) *silentServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &silentServer{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *silentServer) close() {
	s.ln.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.Close()
	}
}

// TestRemoteDeadlines: Open (clone) and Fetch return when their context ends, over
// a transport that would wait for ever (git:// to a silent host, http to a server
// that never answers), and a fetch given up on keeps the clone's lock until it
// ends, so a later fetch waits for it no longer than its own deadline.
func TestRemoteDeadlines(t *testing.T) {
	silent := newSilentServer(t)
	t.Cleanup(silent.close)
	release := make(chan struct{})
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(hanging.Close)
	t.Cleanup(func() { close(release) })
	quick := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 300*time.Millisecond)
	}
	within := func(t *testing.T, what string, f func() error, want error) {
		t.Helper()
		start := time.Now()
		err := f()
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s took %v with a 300 ms deadline", what, took)
		}
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, want) {
			t.Errorf("%s: %v; want %v and the deadline", what, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: the error shows the password: %v", what, err)
		}
	}
	// go-git dials ssh and shakes hands without the context: only Open's own
	// deadline handling ends that wait. (Host keys are checked against an empty
	// known_hosts, which the handshake never reaches.)
	knownHosts := filepath.Join(t.TempDir(), "known_hosts")
	writeFile(t, filepath.Dir(knownHosts), "known_hosts", "")
	t.Setenv("SSH_KNOWN_HOSTS", knownHosts)
	sshURL := fmt.Sprintf("ssh://git:secret@%s/repo.git", silent.ln.Addr())
	urls := []string{
		sshURL,
		fmt.Sprintf("git://%s/repo.git", silent.ln.Addr()),
		hanging.URL + "/repo.git",
	}
	var names []string
	for _, url := range urls {
		names = append(names, "clone over "+url[:strings.Index(url, ":")])
	}
	// The cases wait for their deadlines: all at once.
	testutil.AtOnce(t, append(names, "fetch"), func(t *testing.T, i int) {
		if i < len(urls) {
			url := urls[i]
			data := t.TempDir()
			within(t, "Open", func() error {
				ctx, cancel := quick()
				defer cancel()
				_, err := Open(ctx, Spec{Repo: url, DataDir: data})
				return err
			}, ErrClone)
			within(t, "a second Open", func() error {
				ctx, cancel := quick()
				defer cancel()
				_, err := Open(ctx, Spec{Repo: url, DataDir: data})
				return err
			}, ErrClone)
			return
		}
		// Fetch: a clone from a file:// origin whose origin then points at a silent
		// host over ssh, its own: it goes away at the end.
		silent := newSilentServer(t)
		defer silent.close()
		sshURL := fmt.Sprintf("ssh://git:secret@%s/repo.git", silent.ln.Addr())
		work := newCheckout(t, map[string]string{"a.txt": "a"})
		origin := bareClone(t, work)
		r, err := Open(context.Background(), Spec{Repo: "file://" + origin, DataDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		fileURL := r.(*remoteRepo).url
		if r.(*remoteRepo).url, err = parseRemoteURL(sshURL); err != nil {
			t.Fatal(err)
		}
		git(t, r.Dir(), "remote", "set-url", "origin", r.(*remoteRepo).url.clean)
		for _, what := range []string{"Fetch", "a second Fetch, behind the first"} {
			within(t, what, func() error {
				ctx, cancel := quick()
				defer cancel()
				_, err := r.(Fetcher).Fetch(ctx)
				return err
			}, ErrFetch)
		}
		if h, err := r.Head(); err != nil || h == nil {
			t.Errorf("the clone after fetches given up on: %v, %v", h, err)
		}
		// The silent host goes away: the transfers given up on end and release the lock.
		silent.close()
		r.(*remoteRepo).url = fileURL
		git(t, r.Dir(), "remote", "set-url", "origin", "file://"+origin)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := r.(Fetcher).Fetch(ctx); err != nil {
			t.Errorf("Fetch once the host is gone: %v", err)
		}
	})
}
