package repos

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"time"
)

// catFile reads blobs through a long-running `git cat-file --batch`. git's own
// delta-base cache makes the thousands of blob reads of a history walk some twenty
// times faster than go-git's packfile reader (measured on the fdroid history: all
// 7,945 versions of its strings.xml files in 0.7 s, against 10–25 s). It is an
// accelerator only: without a git binary, or when the process fails, blobs are read
// with go-git.
type catFile struct {
	gitDir string
	// newCmd makes the command to run (nil: git cat-file; tests use a fake).
	newCmd func(mode string) *exec.Cmd

	mu   sync.Mutex
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	idle *time.Timer
	// retryAt: the process failed; until then blobs are read with go-git rather
	// than by a process that may fail the same way at every call.
	retryAt time.Time
	// command: the process runs --batch-command and answers "info" too.
	command bool
}

// catFileIdle is how long an unused process is kept.
const catFileIdle = 15 * time.Second

// catFileRetry is how long a failed process is not started again. Failures are
// rare and often passing (a repack, too many open files, a killed process): the
// accelerator must come back, but not be restarted at every blob. (A variable for
// tests.)
var catFileRetry = time.Minute

// catFileStopWait bounds how long a process that was asked to end (its input
// closed) may take before it is killed.
const catFileStopWait = 5 * time.Second

// catFileMax bounds the processes alive at once, over all repositories. Each holds
// megabytes (pack indexes, delta-base cache): a scan of a hundred repositories kept
// a hundred of them, 670 MB, for catFileIdle. The least recently used
// one is ended first; it starts again when next needed.
const catFileMax = 16

// catFiles are the running processes, least recently used first.
var catFiles struct {
	mu   sync.Mutex
	live []*catFile
}

// used moves c, whose process runs, to the end of catFiles and ends the processes
// beyond catFileMax. c.mu is held; the others are closed in goroutines, which take
// their own lock (the lock order is always a catFile's, then catFiles').
func (c *catFile) used() {
	catFiles.mu.Lock()
	if i := slices.Index(catFiles.live, c); i >= 0 {
		catFiles.live = slices.Delete(catFiles.live, i, i+1)
	}
	catFiles.live = append(catFiles.live, c)
	var evict []*catFile
	for len(catFiles.live) > catFileMax {
		evict = append(evict, catFiles.live[0])
		catFiles.live = slices.Delete(catFiles.live, 0, 1)
	}
	catFiles.mu.Unlock()
	for _, v := range evict {
		go v.close()
	}
}

// forget removes c from catFiles; c.mu is held.
func (c *catFile) forget() {
	catFiles.mu.Lock()
	if i := slices.Index(catFiles.live, c); i >= 0 {
		catFiles.live = slices.Delete(catFiles.live, i, i+1)
	}
	catFiles.mu.Unlock()
}

var gitBinary = sync.OnceValue(func() string {
	p, err := exec.LookPath("git")
	if err != nil {
		return ""
	}
	return p
})

// catFileCommand says whether this git has `cat-file --batch-command` (2.36+), whose
// "info" command gives a blob's size from the object's (or delta's) header: go-git
// inflates a whole delta to learn its size, which made listing the tree of a bare
// repository cost a third of a cold scan. Older gits read with --batch
// and sizes come from go-git.
var catFileCommand = sync.OnceValue(func() bool {
	out, _ := exec.Command(gitBinary(), "cat-file", "-h").CombinedOutput() // exits 129 after the usage
	return bytes.Contains(out, []byte("--batch-command"))
})

func newCatFile(gitDir string) *catFile {
	if gitBinary() == "" {
		return nil
	}
	return &catFile{gitDir: gitDir}
}

// start runs the process; c.mu is held.
func (c *catFile) start() error {
	mode := "--batch"
	if c.command = catFileCommand(); c.command {
		mode = "--batch-command"
	}
	var cmd *exec.Cmd
	if c.newCmd != nil {
		cmd = c.newCmd(mode)
	} else {
		cmd = exec.Command(gitBinary(), "--git-dir="+c.gitDir, "cat-file", mode)
		// Nothing of the user's or the system's configuration may change what is read.
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0")
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	c.cmd, c.in, c.out = cmd, in, bufio.NewReaderSize(out, 64<<10)
	return nil
}

// stop ends the process; c.mu is held. An idle process ends when its input is
// closed; one that is out of step (kill) may be blocked writing an answer nobody
// reads, and would never end: Wait, with c.mu held, would then block every reader
// of the repository forever. It is killed first. An idle one that does not end
// within catFileStopWait is killed too.
func (c *catFile) stop(kill bool) {
	if c.cmd == nil {
		return
	}
	c.forget()
	p := c.cmd.Process
	if kill {
		_ = p.Kill()
	}
	c.in.Close()
	t := time.AfterFunc(catFileStopWait, func() { _ = p.Kill() })
	_ = c.cmd.Wait()
	t.Stop()
	c.cmd, c.in, c.out = nil, nil, nil
}

// fail ends a process that failed and keeps it from starting again for
// catFileRetry; c.mu is held.
func (c *catFile) fail() {
	c.stop(true)
	c.retryAt = time.Now().Add(catFileRetry)
}

func (c *catFile) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop(false)
}

// ready makes sure the process runs and marks it used; c.mu is held. It fails
// during catFileRetry after a failure.
func (c *catFile) ready() error {
	if time.Now().Before(c.retryAt) {
		return errCatFile{fmt.Errorf("disabled for a while after a failure")}
	}
	if c.cmd == nil {
		if err := c.start(); err != nil {
			c.retryAt = time.Now().Add(catFileRetry)
			return errCatFile{err}
		}
	}
	if c.idle == nil {
		c.idle = time.AfterFunc(catFileIdle, c.close)
	} else {
		c.idle.Reset(catFileIdle)
	}
	c.used()
	return nil
}

// errCatFile marks a failure of the process itself (as opposed to a missing object).
type errCatFile struct{ err error }

func (e errCatFile) Error() string { return "git cat-file: " + e.err.Error() }

// blob reads one blob. A missing object gives an error wrapping fs.ErrNotExist; a
// failure of the process gives errCatFile.
func (c *catFile) blob(h Hash) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.ready(); err != nil {
		return nil, err
	}
	data, err := c.read(h)
	if _, broken := err.(errCatFile); broken {
		c.fail()
	}
	return data, err
}

// size returns the size of blob h without reading its content. Any error (this git
// lacks "info", the object is missing or not a blob, the process failed) leaves the
// answer to go-git.
func (c *catFile) size(h Hash) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.ready(); err != nil {
		return 0, err
	}
	if !c.command {
		return 0, fmt.Errorf("git cat-file: no info command")
	}
	if _, err := fmt.Fprintf(c.in, "info %s\n", h); err != nil {
		c.fail()
		return 0, errCatFile{err}
	}
	kind, size, err := c.header(h)
	if _, broken := err.(errCatFile); broken {
		c.fail()
	}
	if err != nil {
		return 0, err
	}
	if kind != "blob" {
		return 0, fmt.Errorf("object %s is a %s, not a blob: %w", h, kind, fs.ErrNotExist)
	}
	return int64(size), nil
}

// sizes returns the sizes of blobs hs, asked in batches: one round trip to the
// process for many blobs instead of one each (listing a directory of a hundred
// languages waited for a hundred answers in turn). A batch stays well below a pipe's
// capacity both ways, so neither side can block the other. Any error fails the whole
// call; the caller asks again blob by blob.
func (c *catFile) sizes(hs []Hash) ([]int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.ready(); err != nil {
		return nil, err
	}
	if !c.command {
		return nil, fmt.Errorf("git cat-file: no info command")
	}
	const batch = 256 // 256 requests of 46 bytes, 256 answers of about 60: far below 64 KiB
	out := make([]int64, 0, len(hs))
	req := make([]byte, 0, batch*46)
	for len(hs) > 0 {
		n := min(len(hs), batch)
		req = req[:0]
		for _, h := range hs[:n] {
			req = append(req, "info "...)
			req = append(req, h.String()...)
			req = append(req, '\n')
		}
		if _, err := c.in.Write(req); err != nil {
			c.fail()
			return nil, errCatFile{err}
		}
		var failed error
		for _, h := range hs[:n] {
			// Every answer is read, even after a bad one, to keep the stream in step.
			kind, size, err := c.header(h)
			if _, broken := err.(errCatFile); broken {
				c.fail()
				return nil, err
			}
			switch {
			case err != nil:
				failed = err
			case kind != "blob":
				failed = fmt.Errorf("object %s is a %s, not a blob: %w", h, kind, fs.ErrNotExist)
			}
			out = append(out, int64(size))
		}
		if failed != nil {
			return nil, failed
		}
		hs = hs[n:]
	}
	return out, nil
}

// header reads the answer line "<id> <type> <size>" (or "<id> missing").
func (c *catFile) header(h Hash) (kind string, size int, err error) {
	header, err := c.out.ReadSlice('\n')
	if err != nil {
		return "", 0, errCatFile{err}
	}
	fields := bytes.Fields(header)
	if len(fields) == 2 && string(fields[1]) == "missing" {
		return "", 0, fmt.Errorf("blob %s: %w", h, fs.ErrNotExist)
	}
	if len(fields) != 3 {
		return "", 0, errCatFile{fmt.Errorf("unexpected answer %q", header)}
	}
	size, err = strconv.Atoi(string(fields[2]))
	if err != nil || size < 0 {
		return "", 0, errCatFile{fmt.Errorf("unexpected answer %q", header)}
	}
	return string(fields[1]), size, nil
}

func (c *catFile) read(h Hash) ([]byte, error) {
	format := "%s\n"
	if c.command {
		format = "contents %s\n"
	}
	if _, err := fmt.Fprintf(c.in, format, h); err != nil {
		return nil, errCatFile{err}
	}
	kind, size, err := c.header(h)
	if err != nil {
		return nil, err
	}
	if int64(size) > MaxFileSize {
		// The header told the size before the body: skip the body through the
		// reader's own buffer, never holding it, and the stream stays in step.
		if _, err := c.out.Discard(size + 1); err != nil {
			return nil, errCatFile{err}
		}
		return nil, fmt.Errorf("blob %s: %w", h, tooLarge(int64(size)))
	}
	data := make([]byte, size+1) // the content, then a newline
	if _, err := io.ReadFull(c.out, data); err != nil {
		return nil, errCatFile{err}
	}
	if kind != "blob" {
		return nil, fmt.Errorf("object %s is a %s, not a blob: %w", h, kind, fs.ErrNotExist)
	}
	return data[:size], nil
}
