package main

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil"
	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// startServer runs `gitlate serve` on the bundled samples and returns its base URL.
func startServer(t *testing.T) string {
	t.Helper()
	return serve(t, true)
}

// serve runs `gitlate serve` with the extra arguments and returns its base URL once
// it answers (and, with waitHistory, once the change log is in).
func serve(t *testing.T, waitHistory bool, args ...string) string {
	t.Helper()
	return serveTo(t, io.Discard, waitHistory, args...)
}

// serveLogging is serve without waiting for the history, logging into log.
func serveLogging(t *testing.T, log *testutil.Log, args ...string) string {
	t.Helper()
	return serveTo(t, log, false, args...)
}

func serveTo(t *testing.T, log io.Writer, waitHistory bool, args ...string) string {
	t.Helper()
	base, stop, err := startServe(log, t.TempDir(), waitHistory, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return base
}

// startServe runs `gitlate serve` on data with the extra arguments and returns
// its base URL once it answers (and, with waitHistory, once the change log is
// in), and the function that stops it. A port found free can be taken before serve
// binds it (by another test's outgoing connection): serve then ends at once, and it
// is started again on another port.
func startServe(log io.Writer, data string, waitHistory bool, args ...string) (base string, stop func(), err error) {
	for range 3 {
		base, stop, err = startServeOnce(log, data, waitHistory, args...)
		if err == nil || !errors.Is(err, errPortTaken) {
			break
		}
	}
	return base, stop, err
}

// errPortTaken is the error of startServeOnce when serve could not listen.
var errPortTaken = errors.New("address already in use")

func startServeOnce(log io.Writer, data string, waitHistory bool, args ...string) (base string, stop func(), err error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	// What serve writes to its error output is kept too, to say why it ended when
	// it ends before answering.
	var errOut testutil.Log
	done := make(chan int, 1)
	go func() {
		args := append([]string{"serve", "--listen", addr, "--data", data}, args...)
		done <- run(ctx, args, io.Discard, io.MultiWriter(log, &errOut))
	}()
	stop = func() {
		cancel()
		<-done
	}
	base = "http://" + addr
	for i := 0; i < 400; i++ {
		select {
		case code := <-done:
			cancel()
			out := errOut.String()
			if strings.Contains(out, errPortTaken.Error()) {
				return "", nil, fmt.Errorf("serve on %s: %w: %s", addr, errPortTaken, out)
			}
			return "", nil, fmt.Errorf("serve ended (exit %d) before it answered on %s: %s", code, addr, out)
		default:
		}
		// serve answers 503 until its first snapshot is in; /readyz says when.
		if readyz(base) && (!waitHistory || historyIn(base)) {
			return base, stop, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	return "", nil, fmt.Errorf("serve did not answer on %s within 20 s: %s", addr, errOut.String())
}

// readyz says whether the server at base answers /readyz 200.
func readyz(base string) bool {
	resp, err := http.Get(base + "/readyz")
	if err != nil {
		return false
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// historyIn says whether the server at base shows a change log (or says why it
// cannot).
func historyIn(base string) bool {
	resp, err := http.Get(base + "/api/changes/")
	if err != nil {
		return false
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return !strings.HasPrefix(string(body), `{"count":0,`)
}

// samplesServer is one `gitlate serve` on the bundled samples, change log in,
// for the tests that only read from it with Weblate's client (started once;
// TestMain stops it).
var samplesServer struct {
	once       sync.Once
	base, data string
	stop       func()
	err        error
}

func commonSamplesServer(t *testing.T) string {
	t.Helper()
	samplesServer.once.Do(func() {
		if samplesServer.data, samplesServer.err = os.MkdirTemp("", "gitlate-samples-"); samplesServer.err == nil {
			samplesServer.base, samplesServer.stop, samplesServer.err = startServe(io.Discard, samplesServer.data, true)
		}
	})
	if samplesServer.err != nil {
		t.Fatal(samplesServer.err)
	}
	return samplesServer.base
}

// stopCommonServers stops what commonSamplesServer started.
func stopCommonServers() {
	if samplesServer.stop != nil {
		samplesServer.stop()
	}
	if samplesServer.data != "" {
		os.RemoveAll(samplesServer.data)
	}
}

// TestWlc runs Weblate's own client, unchanged, against the server on the samples.
func TestWlc(t *testing.T) {
	t.Parallel()
	outside.Short(t, "wlc")
	wlc, err := exec.LookPath("wlc")
	if err != nil {
		t.Skip("wlc is not installed (Debian package wlc); .ci/run installs it")
	}
	base := commonSamplesServer(t)
	home := t.TempDir()
	tests := []struct {
		args []string
		want []string // lines the output must contain
	}{
		{[]string{"list-projects"}, []string{"name: Tiny Notes", "slug: blitzclock", "url: " + base + "/api/projects/tinynotes/"}},
		{[]string{"list-components"}, []string{"slug: widget", "file_format: tbx", "is_glossary: True"}},
		{[]string{"ls", "tinynotes"}, []string{"slug: app", "slug: widget", "slug: glossary"}},
		{[]string{"show", "tinynotes/app"}, []string{"filemask: app/src/main/res/values-*/strings.xml", "license: GPL-3.0-or-later"}},
		{[]string{"show", "tinynotes/app/pt_BR"}, []string{"filename: app/src/main/res/values-pt-rBR/strings.xml", "translated: 12"}},
		// Numbers from the hand count of the samples (internal/samples/expected).
		{[]string{"stats", "tinynotes"}, []string{"total: 155", "translated: 133", "translated_percent: 85.8", "total_words: 532"}},
		{[]string{"stats", "tinynotes/app/cs"}, []string{"total: 14", "translated: 14", "translated_percent: 100.0", "code: cs"}},
		{[]string{"stats", "tinynotes/app"}, []string{"code: he", "translated: 10", "translated_percent: 71.4"}},
		{[]string{"changes", "tinynotes"}, []string{"action_name: Created project", "action_name: Added new language"}},
		{[]string{"lock-status", "tinynotes/app"}, []string{"locked: False"}},
		{[]string{"list-translations"}, []string{"language_code: b+zh+Hans", "filename: cs.tbx"}},
		{[]string{"list-languages"}, []string{"code: he", "direction: rtl"}},
		{[]string{"repo", "tinynotes/app"}, []string{"needs_commit: False", "'revision': '9f971cd68727fafe8703df5541d0c5cdb2192f54'"}},
		{[]string{"download", "tinynotes/app/cs"}, []string{`<string name="export_markdown">Exportovat jako Markdown</string>`}},
		// The glossary's source translation has no file; gitlate writes its terms as TBX.
		{[]string{"download", "tinynotes/glossary/en"}, []string{`<martif type="TBX" xml:lang="en">`, `<langSet xml:lang="en"><tig><term>pin</term></tig></langSet>`}},
		{[]string{"download", "tinynotes/glossary/cs"}, []string{`<term>připnout</term>`}},
		{[]string{"lock-status", "blitzclock/glossary"}, []string{"locked: False"}},
		// Components and projects download as zips into a directory.
		{[]string{"download", "tinynotes/app", "--output", filepath.Join(home, "zips")}, []string{"downloaded translations for component: tinynotes/app"}},
		{[]string{"download", "blitzclock", "--output", filepath.Join(home, "zips")}, []string{"downloaded translations for project: blitzclock"}},
	}
	// Each command in its own wlc process, in parallel; the group returns when all
	// have run.
	t.Run("commands", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
				t.Parallel()
				cmd := exec.Command(wlc, append([]string{"--url", base + "/api/"}, tt.args...)...)
				cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("wlc %v: %v\n%s", tt.args, err, out)
				}
				lines := map[string]bool{}
				for _, l := range strings.Split(string(out), "\n") {
					lines[strings.TrimSpace(l)] = true
				}
				for _, w := range tt.want {
					if !lines[w] && !strings.Contains(string(out), w) {
						t.Errorf("wlc %v output lacks %q:\n%s", tt.args, w, out)
					}
				}
			})
		}
	})
	for _, name := range []string{"tinynotes-app.zip", "blitzclock-android.zip", "blitzclock-glossary.zip"} {
		zr, err := zip.OpenReader(filepath.Join(home, "zips", name))
		if err != nil {
			t.Errorf("wlc download: %v", err)
			continue
		}
		if len(zr.File) == 0 {
			t.Errorf("%s is empty", name)
		}
		zr.Close()
	}
	// JSON output parses and carries the numbers too.
	cmd := exec.Command(wlc, "--url", base+"/api/", "--format", "json", "stats", "blitzclock")
	cmd.Env = append(os.Environ(), "HOME="+home)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"total": 79`) {
		t.Errorf("wlc --format json stats: %v\n%s", err, out)
	}
}

// TestWlcConvert: `wlc download --convert po`, Weblate's client unchanged, gets
// each translation of the samples as a PO file that gettext's msgfmt -c accepts
// (header, plural forms for the language, format strings), and a component as a
// zip of such files.
func TestWlcConvert(t *testing.T) {
	t.Parallel()
	outside.Short(t, "wlc and msgfmt")
	wlc, err := exec.LookPath("wlc")
	if err != nil {
		t.Skip("wlc is not installed (Debian package wlc); .ci/run installs it")
	}
	msgfmt, err := exec.LookPath("msgfmt")
	if err != nil {
		t.Skip("msgfmt is not installed (Debian package gettext)")
	}
	base := commonSamplesServer(t)
	home := t.TempDir()
	check := func(t *testing.T, name string, po []byte) {
		t.Helper()
		path := filepath.Join(home, strings.ReplaceAll(name, "/", "-")+".po")
		if err := os.WriteFile(path, po, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(msgfmt, "-c", "-o", os.DevNull, path).CombinedOutput(); err != nil {
			t.Errorf("msgfmt -c %s: %v\n%s", name, err, out)
		}
	}
	wlcRun := func(t *testing.T, args ...string) {
		t.Helper()
		cmd := exec.Command(wlc, append([]string{"--url", base + "/api/"}, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("wlc %v: %v\n%s", args, err, out)
		}
	}
	// One wlc process per translation, in parallel; the group returns when all
	// have run.
	t.Run("translations", func(t *testing.T) {
		for _, tr := range []string{"tinynotes/app/cs", "tinynotes/app/ar", "tinynotes/app/he", "tinynotes/app/zh_Hans", "tinynotes/widget/pt_BR",
			"tinynotes/glossary/de", "tinynotes/glossary/en", "blitzclock/android/ja"} {
			t.Run(tr, func(t *testing.T) {
				t.Parallel()
				out := filepath.Join(home, strings.ReplaceAll(tr, "/", "_")+".out")
				wlcRun(t, "download", tr, "--convert", "po", "--output", out)
				po, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(po), "X-Generator: Weblate 4.18.2") {
					t.Errorf("%s: not a PO export:\n%.300s", tr, po)
				}
				check(t, tr, po)
			})
		}
	})
	// The Czech file holds the Czech strings.
	cs, _ := os.ReadFile(filepath.Join(home, "tinynotes_app_cs.out"))
	if !strings.Contains(string(cs), "msgctxt \"export_markdown\"\nmsgid \"Export as Markdown\"\nmsgstr \"Exportovat jako Markdown\"\n") {
		t.Errorf("the Czech PO lacks export_markdown:\n%s", cs)
	}
	// A component: a zip of PO files.
	dir := filepath.Join(home, "zips")
	wlcRun(t, "download", "blitzclock/android", "--convert", "po", "--output", dir)
	zr, err := zip.OpenReader(filepath.Join(dir, "blitzclock-android.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 4 {
		t.Errorf("blitzclock/android as PO: %d files", len(zr.File))
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		po, _ := io.ReadAll(rc)
		rc.Close()
		check(t, f.Name, po)
	}
}
