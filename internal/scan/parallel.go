package scan

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/repos"
)

// parseJob is one file whose result a component needs.
type parseJob struct {
	key     resultKey
	path    string
	compute computeFunc
}

// computeFunc derives a file's result from its bytes; the error says the file does
// not parse. It must not keep data, which the next file's read overwrites.
type computeFunc func(data []byte) (*fileResult, error)

// whole is the computeFunc that parses the whole file and hands it to fn.
func (sc *componentScan) whole(fn func(*formats.File) *fileResult) computeFunc {
	return func(data []byte) (*fileResult, error) {
		f, err := sc.format.Parse(data)
		if err != nil {
			return nil, err
		}
		r := fn(f)
		r.warns = f.Warnings
		return r, nil
	}
}

// prefetch reads and parses, on every core, the files of jobs whose results are not
// known yet — neither from this scan, an earlier one nor the journal — and leaves
// them in sc.pre, where result takes them. A cold scan spends nearly all its time in
// reading and parsing, which one core alone cannot keep up with. Everything that must not
// depend on scheduling — ids, alerts, the order of translations, the journal — stays
// with the serial pass over the same jobs that follows.
func (sc *componentScan) prefetch(jobs []parseJob) {
	sc.startPrefetch(jobs, 2)()
}

// startPrefetch is prefetch returning at once: the files are read and parsed while
// the caller goes on, and the function it returns waits for them (and may be
// called again). Nothing else of sc may be used meanwhile but what the caller
// alone touches. With fewer than least files to parse, it does nothing: the serial
// pass parses them.
func (sc *componentScan) startPrefetch(jobs []parseJob, least int) (wait func()) {
	var todo []parseJob
	queued := map[resultKey]bool{}
	for _, j := range jobs {
		if sc.used[j.key] != nil || sc.s.results[j.key] != nil || sc.pre[j.key] != nil || queued[j.key] {
			continue
		}
		if r := sc.stored(j.key); r != nil {
			// Decoded once: result takes it from there.
			if sc.journaled == nil {
				sc.journaled = map[resultKey]*fileResult{}
			}
			sc.journaled[j.key] = r
			continue
		}
		queued[j.key] = true
		todo = append(todo, j)
	}
	if len(todo) < least {
		return func() {}
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), len(todo)))
	out := make([]*fileResult, len(todo))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(todo) || sc.ctx.Err() != nil {
					return
				}
				out[i] = sc.parse(todo[i].path, todo[i].key.blob, todo[i].compute)
			}
		})
	}
	return sync.OnceFunc(func() {
		wg.Wait()
		for i, j := range todo {
			if out[i] != nil {
				sc.keepPre(j.key, out[i])
			}
		}
	})
}

func (sc *componentScan) keepPre(key resultKey, r *fileResult) {
	if sc.pre == nil {
		sc.pre = map[resultKey]*fileResult{}
	}
	sc.pre[key] = r
}

// parse reads the file at path and computes its result (err set when it cannot be
// read or parsed). It is safe for concurrent use: trees, parsers and compute
// functions share nothing that changes.
func (sc *componentScan) parse(path string, want repos.Hash, compute computeFunc) *fileResult {
	if err := sc.ctx.Err(); err != nil {
		return &fileResult{err: err}
	}
	var data []byte
	var err error
	got := want
	if sc.reader != nil {
		// Parsed units copy what they keep, so one buffer serves file after file:
		// a cold scan then costs no fresh memory per file read.
		bp := readBufs.Get().(*[]byte)
		defer func() { *bp = data[:0]; readBufs.Put(bp) }()
		data, got, err = sc.reader.ReadFileInto(path, *bp)
	} else {
		data, err = sc.tree.ReadFile(path)
	}
	if err != nil {
		return &fileResult{err: err}
	}
	sc.s.parsed.Add(1)
	r, err := compute(data)
	if err != nil {
		return &fileResult{err: err}
	}
	// Edited between the listing and the read: these numbers are not those of the
	// blob the result would be kept under. Shown this once, never kept (the watcher
	// brings the re-scan that reads the file as it is now).
	r.changed = got != want
	return r
}

var readBufs = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}
