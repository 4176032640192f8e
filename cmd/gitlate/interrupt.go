package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// A signal (SIGINT, SIGTERM) cancels the command's context: a scan stops at the
// next file, a server stops taking requests and lets those in flight finish. What
// checks no context, such as the parse of one large file, cannot stop by itself;
// once the command has had its grace, such work is abandoned and the process
// exits, so that a signal always ends gitlate promptly. Stores are left as a crash
// would leave them, which they are made to survive (bbolt's transactions,
// PostgreSQL's). A second signal ends the process at once.

// interruptGrace is how long a command's work may take to stop after a signal.
const interruptGrace = time.Second

// shutdownGrace is how long serve lets requests in flight finish after a signal,
// on top of interruptGrace.
const shutdownGrace = 5 * time.Second

// interrupt is a command's handling of signals.
type interrupt struct {
	sigs     chan os.Signal
	cancel   context.CancelCauseFunc
	done     chan struct{} // closed when the command has returned
	finished chan struct{} // closed when the watch has ended
	stderr   io.Writer
	exit     func(int)

	mu    sync.Mutex
	timer *time.Timer // running from the signal on; nil before it
	extra time.Duration
}

// interruptible returns ctx cancelled by the first SIGINT or SIGTERM (its cause
// names the signal). If the command has not returned interruptGrace after the
// signal (plus what Allow added), exit is called with the signal's status after a
// line on stderr.
func interruptible(ctx context.Context, stderr io.Writer, exit func(int)) (context.Context, *interrupt) {
	in := &interrupt{sigs: make(chan os.Signal, 1), done: make(chan struct{}), finished: make(chan struct{}), stderr: stderr, exit: exit}
	signal.Notify(in.sigs, os.Interrupt, syscall.SIGTERM)
	ctx, in.cancel = context.WithCancelCause(ctx)
	go in.watch()
	return ctx, in
}

func (in *interrupt) watch() {
	defer close(in.finished)
	var sig os.Signal
	select {
	case <-in.done:
		return
	case sig = <-in.sigs:
	}
	// The default action again: a second signal ends the process.
	signal.Stop(in.sigs)
	expired := make(chan struct{})
	in.mu.Lock()
	in.timer = time.AfterFunc(interruptGrace+in.extra, func() { close(expired) })
	in.mu.Unlock()
	in.cancel(signalReceived{sig})
	select {
	case <-in.done:
		in.mu.Lock()
		in.timer.Stop()
		in.mu.Unlock()
	case <-expired:
		fmt.Fprintf(in.stderr, "gitlate: %v signal received; work still running was abandoned\n", sig)
		in.exit(exitAbandoned(sig))
	}
}

// signalReceived is the cause of a context a signal cancelled: serve logs the
// signal's name when it shuts down.
type signalReceived struct{ sig os.Signal }

func (s signalReceived) Error() string { return fmt.Sprintf("%v signal received", s.sig) }

// Name is the signal's name as kill(1) and the documentation of orchestrators
// write it (SIGTERM), which Go's String ("terminated") is not.
func (s signalReceived) Name() string {
	switch s.sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case os.Interrupt:
		return "SIGINT"
	}
	return s.sig.String()
}

// Allow gives the command d more time to stop than interruptGrace: serve lets its
// requests in flight finish.
func (in *interrupt) Allow(d time.Duration) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.extra += d
	if in.timer != nil {
		in.timer.Reset(interruptGrace + in.extra)
	}
}

// Finish ends the watch; the command has returned.
func (in *interrupt) Finish() {
	signal.Stop(in.sigs)
	close(in.done)
	<-in.finished
	in.cancel(nil)
}

// exitAbandoned is the exit status of a process that abandoned work after a
// signal: 128 plus the signal's number, as a shell reports a process a signal
// ended.
func exitAbandoned(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// stopped is err, or what stopped the command when a signal did.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() == nil {
		return err
	}
	cause := context.Cause(ctx)
	if errors.Is(cause, context.Canceled) || errors.Is(cause, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("stopped: %w", cause)
}
