//go:build !linux

package repos

import "os"

// beneath is Linux's openat2 path (see beneath_linux.go); elsewhere every path
// goes through an os.Root.
type beneath struct{}

func openBeneath(string, *os.Root) *beneath { return nil }

func (*beneath) close() {}

func (*beneath) read(string, []byte) ([]byte, statKey, bool, bool) {
	return nil, statKey{}, false, false
}

func (*beneath) openDir(string) (walkDir, error, bool) { return nil, nil, false }
