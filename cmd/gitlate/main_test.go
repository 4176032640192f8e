package main

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/store/pgstore/pgtest"
	"github.com/gitlate/gitlate/internal/testutil/scratch"
)

// TestMain runs the tests, and stops the PostgreSQL cluster some of them start. Run
// with GITLATE_TEST_AS_MAIN=1, the test binary is gitlate itself: the tests that
// kill a server start it so.
func TestMain(m *testing.M) {
	if os.Getenv("GITLATE_TEST_AS_MAIN") == "1" {
		if hold := os.Getenv("GITLATE_TEST_HOLD_SCAN"); hold != "" {
			// The first scan waits until the file hold exists: the server stays
			// in its starting state for as long as a test needs.
			beforeFirstScan = func(ctx context.Context) {
				for ctx.Err() == nil {
					if _, err := os.Stat(hold); err == nil {
						return
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
		}
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	// A store in use is refused after the wait; the tests' stores are only ever
	// held by the test process itself.
	storeLockWait = 200 * time.Millisecond
	restore := scratch.InMemory()
	code := pgtest.Main(m)
	stopCommonServers()
	restore()
	os.Exit(code)
}
