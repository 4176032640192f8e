package repos

import (
	"bufio"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// indexSeed is the state of the git index the blob cache was last seeded from.
type indexSeed struct {
	size  int64
	mtime int64
}

// seedFromIndex takes the blob ids git's index already knows, for files whose stat
// still matches the index entry, as `git status` does: a scan of a clean checkout
// then reads each file once (to parse it) instead of twice (to hash it first).
// Entries git itself could not trust (modified in the same instant the index was
// written: "racily clean") are left out, and any mismatch just means hashing.
func (c *blobCache) seedFromIndex(gitDir string) {
	path := filepath.Join(gitDir, "index")
	fi, err := os.Stat(path)
	if err != nil {
		return
	}
	seed := indexSeed{fi.Size(), fi.ModTime().UnixNano()}
	c.mu.Lock()
	if c.seed == seed {
		c.mu.Unlock()
		return
	}
	c.seed = seed
	c.mu.Unlock()
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	var idx index.Index
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(&idx); err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range idx.Entries {
		// Stage 0 is a file without conflict (go-git names no constant for it).
		if e.Stage != 0 || (e.Mode != filemode.Regular && e.Mode != filemode.Executable) {
			continue
		}
		if e.ModifiedAt.UnixNano() >= seed.mtime || e.Size == 0 {
			continue // racily clean, or smudged by git for that reason
		}
		if _, known := c.m[e.Name]; known {
			continue // hashed by us: at least as fresh
		}
		c.set(e.Name, blobCacheEntry{
			key:       statKey{size: int64(e.Size), mtime: e.ModifiedAt.UnixNano(), ctime: e.CreatedAt.UnixNano(), ino: uint64(e.Inode), dev: uint64(e.Dev)},
			blob:      e.Hash,
			fromIndex: true,
		})
	}
}
