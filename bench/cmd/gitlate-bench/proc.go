package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// measurement is one run of a command.
type measurement struct {
	wall   time.Duration
	cpu    time.Duration // user + system, the command and the children it waited for
	maxRSS int64         // bytes, the largest of the command and its waited children
}

// The harness adopts the processes its commands leave behind (gitlate's git cat-file
// helpers end when gitlate does, unwaited), so that their CPU time is counted too.
func init() {
	const prSetChildSubreaper = 36
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}

func childrenCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reapOrphans waits for the processes adopted from commands that ended. measure is
// only used while the harness has no other child (no server running).
func reapOrphans() {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if err != nil {
			return // ECHILD: none left
		}
		if pid == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// measure runs cmd to its end. cpu counts the command and every process it started
// (its waited children, and the ones it left behind).
func measure(cmd *exec.Cmd) (measurement, error) {
	var stderr bytes.Buffer
	if cmd.Stderr == nil {
		cmd.Stderr = &stderr
	}
	reapOrphans() // left by commands run before, not measured
	cpu0 := childrenCPU()
	start := time.Now()
	err := cmd.Run()
	m := measurement{wall: time.Since(start)}
	reapOrphans()
	m.cpu = childrenCPU() - cpu0
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			m.maxRSS = ru.Maxrss * 1024
		}
	}
	if err != nil {
		return m, fmt.Errorf("%s: %v: %s", strings.Join(cmd.Args, " "), err, lastLines(stderr.String(), 5))
	}
	return m, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func minDur(ds []time.Duration) time.Duration {
	m := ds[0]
	for _, d := range ds {
		m = min(m, d)
	}
	return m
}

func ms(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	default:
		return fmt.Sprintf("%.0f ms", float64(d)/1e6)
	}
}

func mb(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }

func verdict(ok bool) string {
	if ok {
		return "meets the target"
	}
	return "MISSES the target"
}

// server is a process started in the background.
type server struct {
	cmd    *exec.Cmd
	start  time.Time
	stderr *bytes.Buffer
}

func startServer(name string, args []string, env ...string) (*server, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = io.Discard
	// Its own process group, so that stop ends the git processes it started too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s := &server{cmd: cmd, stderr: &stderr, start: time.Now()}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *server) pid() int { return s.cmd.Process.Pid }

// stop ends the server and everything it started (its process group).
func (s *server) stop() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-s.pid(), syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-s.pid(), syscall.SIGKILL)
		<-done
	}
}

var client = &http.Client{Timeout: 30 * time.Second}

// get fetches url and returns the status and body.
func get(url string) (int, []byte, error) {
	resp, err := client.Get(url)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}

// waitFor polls url until it answers 200 and returns when it first did.
func waitFor(ctx context.Context, url string, s *server) (time.Time, error) {
	for {
		if code, _, err := get(url); err == nil && code == http.StatusOK {
			return time.Now(), nil
		}
		if s != nil && s.cmd.ProcessState != nil {
			return time.Time{}, fmt.Errorf("server exited: %s", lastLines(s.stderr.String(), 5))
		}
		select {
		case <-ctx.Done():
			msg := ""
			if s != nil {
				msg = lastLines(s.stderr.String(), 5)
			}
			return time.Time{}, fmt.Errorf("%s did not answer: %w %s", url, ctx.Err(), msg)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// promValue reads one sample of a Prometheus text exposition.
func promValue(base, name string) (float64, error) {
	code, body, err := get(base + "/metrics")
	if err != nil {
		return 0, err
	}
	if code != http.StatusOK {
		return 0, fmt.Errorf("/metrics: status %d", code)
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == name {
			return strconv.ParseFloat(f[1], 64)
		}
	}
	return 0, fmt.Errorf("/metrics has no %s", name)
}

// waitScans waits until the server has finished n scans (the first one, statistics
// only, then the one with the history).
func waitScans(ctx context.Context, base string, n float64) error {
	for {
		if v, err := promValue(base, "gitlate_scan_duration_seconds_count"); err == nil && v >= n {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %v scans: %w", n, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// rss reads a process's resident set (VmRSS) and its peak (VmHWM), in bytes.
func rss(pid int) (cur, peak int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			cur = v * 1024
		case "VmHWM:":
			peak = v * 1024
		}
	}
	return cur, peak
}

// childrenRSS sums the resident sets of pid's descendants (the git processes a
// server keeps for reading blobs) and counts them.
func childrenRSS(pid int) (int64, int) {
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The command name is in parentheses and may hold spaces: fields follow the last ')'.
		s := string(b)
		if i := strings.LastIndexByte(s, ')'); i >= 0 {
			f := strings.Fields(s[i+1:])
			if len(f) > 1 {
				pp, _ := strconv.Atoi(f[1])
				parent[p] = pp
			}
		}
	}
	var sum int64
	n := 0
	for p := range parent {
		for q := parent[p]; q != 0; q = parent[q] {
			if q == pid {
				cur, _ := rss(p)
				sum += cur
				n++
				break
			}
			if _, ok := parent[q]; !ok {
				break
			}
		}
	}
	return sum, n
}

// freePort asks the kernel for a free loopback port.
func freeAddr() (string, error) {
	l, err := listenLoopback()
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	l.Close()
	return addr, nil
}
