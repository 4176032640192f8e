package testutil

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
)

// Log is a buffer that code writes (a logger's output, a server's, a process's)
// while a test reads it. The zero value is ready.
type Log struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is what was written so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Count is how many times s was written so far.
func (l *Log) Count(s string) int { return strings.Count(l.String(), s) }

// Logger logs text into l.
func (l *Log) Logger() *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }
