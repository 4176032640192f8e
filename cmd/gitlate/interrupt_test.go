package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// cpuTicks is the CPU time a process has used, in clock ticks (/proc/PID/stat).
func cpuTicks(pid int) (int, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The command name (field 2) may hold spaces; the fields after it do not.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0, false
	}
	utime, _ := strconv.Atoi(f[11])
	stime, _ := strconv.Atoi(f[12])
	return utime + stime, true
}

// slowXLIFF is a well-formed XLIFF file of about size bytes whose strings nest
// markup 200 deep: it parses in linear time, but slowly enough that one file
// takes seconds.
func slowXLIFF(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="f" source-language="en" target-language="cs" datatype="plaintext"><body>`)
	inner := strings.Repeat("<b>", 200) + "x" + strings.Repeat("</b>", 200)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `<trans-unit id="u%d"><source>%s</source><target>%s</target></trans-unit>`+"\n", i, inner, inner)
	}
	b.WriteString(`</body></file></xliff>`)
	return b.Bytes()
}

// TestSignalStopsLongWork: SIGTERM or SIGINT ends a command within a second or
// so, even while it parses one file that takes far longer (work that checks no
// context is abandoned, and the exit status says a signal ended it).
func TestSignalStopsLongWork(t *testing.T) {
	t.Parallel()
	outside.NeedGit(t)
	if testing.Short() {
		t.Skip("writes a 24 MB file; not under -short")
	}
	if _, ok := cpuTicks(os.Getpid()); !ok {
		t.Skip("no /proc/PID/stat to tell when the parse has begun")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "app")
	writeFile(t, filepath.Join(repo, "l10n/messages.cs.xlf"), string(slowXLIFF(24<<20)))
	gitCLI(t, dir, "init", "-q", "-b", "main", repo)
	cfg := filepath.Join(dir, "projects.yaml")
	writeFile(t, cfg, `projects:
  - name: Demo
    slug: demo
    components:
      - name: App
        slug: app
        repo: app
        filemask: l10n/messages.*.xlf
        file_format: xliff
`)
	for _, tt := range []struct {
		cmd []string
		sig syscall.Signal
	}{
		{[]string{"scan"}, syscall.SIGTERM},
		{[]string{"scan"}, syscall.SIGINT},
		{[]string{"check"}, syscall.SIGTERM},
		{[]string{"serve", "--listen", "127.0.0.1:0"}, syscall.SIGTERM},
	} {
		name := tt.cmd[0] + " " + tt.sig.String()
		var out bytes.Buffer
		cmd := exec.Command(os.Args[0], append(tt.cmd, "--config", cfg, "--data", t.TempDir())...)
		cmd.Env = append(os.Environ(), "GITLATE_TEST_AS_MAIN=1")
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The parse has begun once the process has used a third of a second of CPU
		// time (starting takes a few hundredths).
		deadline := time.Now().Add(30 * time.Second)
		for {
			if ticks, ok := cpuTicks(cmd.Process.Pid); !ok || ticks >= 33 || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		sent := time.Now()
		if err := cmd.Process.Signal(tt.sig); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		var err error
		select {
		case err = <-waited:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-waited
			t.Fatalf("%s: still running 20 s after the signal:\n%s", name, out.String())
		}
		took := time.Since(sent)
		t.Logf("%s: ended %v after the signal: %v", name, took.Round(time.Millisecond), err)
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 128+int(tt.sig) {
			t.Errorf("%s: ended with %v, want exit status %d (the parse abandoned)\n%s", name, err, 128+int(tt.sig), out.String())
		}
		if !strings.Contains(out.String(), tt.sig.String()+" signal received") {
			t.Errorf("%s: nothing says the signal stopped it:\n%s", name, out.String())
		}
		// The grace is a second; a loaded machine takes longer to end a process.
		if took > 5*time.Second {
			t.Errorf("%s: ended %v after the signal, want about a second", name, took)
		}
	}
}
