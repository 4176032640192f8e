package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/store/boltstore"
	"github.com/gitlate/gitlate/internal/store/memstore"
	"github.com/gitlate/gitlate/internal/store/pgstore/pgtest"
	"github.com/gitlate/gitlate/internal/testutil"
)

// TestOpenLocal: the policy for the data directory's store file, each way it can
// go. Every way to make the file unusable works as root too (root writes into
// read-only directories).
func TestOpenLocal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// prepare makes the data directory dir as the case needs and returns the
		// store's path.
		prepare func(t *testing.T, dir string) string
		memory  bool   // the server runs on a memory store
		alert   string // in the alert every component shows; "" for none
		logged  string // in the log; "" for nothing
	}{
		{"a sound file", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "ids.db")
		}, false, "", ""},
		{"a directory in the file's place", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "ids.db")
			os.MkdirAll(filepath.Join(path, "x"), 0o755)
			return path
		}, true, "cannot be opened", "the store runs in memory"},
		{"a file in the data directory's place", func(t *testing.T, dir string) string {
			data := filepath.Join(dir, "data")
			writeFile(t, data, "a file")
			return filepath.Join(data, "ids.db")
		}, true, "cannot be opened", "the store runs in memory"},
		{"a damaged file", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "ids.db")
			writeFile(t, path, strings.Repeat("not a bolt file ", 1000))
			return path
		}, false, "every id starts again", "the store's file was damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log bytes.Buffer
			st, alert, err := openLocal(tt.prepare(t, t.TempDir()), losesIDs, slog.New(slog.NewTextHandler(&log, nil)))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if _, ok := st.(*memstore.Store); ok != tt.memory {
				t.Errorf("runs on a %T", st)
			}
			if tt.memory && !strings.Contains(alert, losesIDs) {
				t.Errorf("alert %q does not say what is lost", alert)
			}
			if (tt.alert == "") != (alert == "") || !strings.Contains(alert, tt.alert) {
				t.Errorf("alert %q, want one with %q", alert, tt.alert)
			}
			if (tt.logged == "") != (log.Len() == 0) || !strings.Contains(log.String(), tt.logged) {
				t.Errorf("log %q, want %q", log.String(), tt.logged)
			}
		})
	}
	t.Run("a file another process holds", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "ids.db")
		held, err := boltstore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer held.Close()
		if st, _, err := openLocal(path, losesIDs, slog.New(slog.DiscardHandler)); !errors.Is(err, boltstore.ErrInUse) {
			t.Errorf("opened %T, %v; want ErrInUse", st, err)
		}
	})
}

// TestServeWithoutItsFile: a server whose data directory's store cannot be opened
// (here a directory where ids.db belongs) serves all the same, and says so: every
// component shows a StorageError alert (the page, the alerts gauge) that ids are
// kept in memory only, and the log says it once, not at every rescan.
func TestServeWithoutItsFile(t *testing.T) {
	t.Parallel()
	_, cfg := appCheckout(t, t.TempDir(), freshTemplate, freshCzech, true, "")
	data := t.TempDir()
	if err := os.MkdirAll(filepath.Join(data, "ids.db", "in the way"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := startReplica(t, "--config", cfg, "--data", data, "--rescan", "50ms")
	if n := configurationErrors(t, s.base); n != 1 {
		t.Errorf("%d alerts, want the store's on the one component", n)
	}
	_, page := get(t, s.base+"/projects/demo/app/")
	if !bytes.Contains(page, []byte("StorageError")) || !bytes.Contains(page, []byte("ids are kept in memory only")) {
		t.Errorf("the component's page does not show the store's alert:\n%.2000s", page)
	}
	time.Sleep(300 * time.Millisecond) // a few rescans
	if n := strings.Count(s.log.String(), "the store runs in memory"); n != 1 {
		t.Errorf("logged %d times, want once:\n%s", n, s.log.String())
	}
}

// TestWaitsForPostgreSQL: a replica started while its database cannot be reached
// waits for it, saying so in its log (once, then a line per attempt), and serves
// once it can; a signal ends the wait, with the reason.
func TestWaitsForPostgreSQL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL")
	}
	t.Parallel()
	proxy, url := pgtest.NewProxy(t, pgtest.Database(t))
	_, cfg := appCheckout(t, t.TempDir(), freshTemplate, freshCzech, true, "")
	proxy.Cut()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &testutil.Log{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--listen", addr, "--config", cfg, "--data", t.TempDir(), "--store", url}, io.Discard, w)
	}()
	eventually(t, "the wait in the log", 10*time.Second, func() bool {
		return strings.Contains(w.String(), "waiting for the store: it cannot be opened")
	})
	time.Sleep(1500 * time.Millisecond) // a second attempt
	if n := strings.Count(w.String(), "level=WARN msg=\"waiting for the store"); n != 1 {
		t.Errorf("the wait was warned of %d times, want once:\n%s", n, w.String())
	}
	if !strings.Contains(w.String(), "attempt=2") {
		t.Errorf("no line for the second attempt:\n%s", w.String())
	}
	// Meanwhile the server is alive, and not ready for the reason it logs.
	if code, body := get(t, "http://"+addr+"/healthz"); code != 200 {
		t.Errorf("/healthz while waiting for the store: %d %s", code, body)
	}
	if code, body := get(t, "http://"+addr+"/readyz"); code != 503 || !strings.Contains(string(body), `"detail":"opening the store"`) {
		t.Errorf("/readyz while waiting for the store: %d %s", code, body)
	}
	proxy.Mend()
	eventually(t, "the replica serving", 60*time.Second, func() bool {
		resp, err := http.Get("http://" + addr + "/api/projects/")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	if !strings.Contains(w.String(), "the store is open") {
		t.Errorf("the end of the wait was not logged:\n%s", w.String())
	}
	cancel()
	<-done

	// Cut again at start, and stopped while waiting.
	proxy.Cut()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	w = &testutil.Log{}
	go func() {
		done <- run(ctx, []string{"serve", "--listen", freeAddr(t), "--config", cfg, "--data", t.TempDir(), "--store", url}, io.Discard, w)
	}()
	eventually(t, "the wait in the log", 10*time.Second, func() bool { return strings.Contains(w.String(), "waiting for the store") })
	cancel()
	select {
	case code := <-done:
		if code == 0 || !strings.Contains(w.String(), "context canceled") {
			t.Errorf("stopped while waiting: exit %d\n%s", code, w.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the wait went on after the signal")
	}
}
