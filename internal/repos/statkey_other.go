//go:build !linux

package repos

import "io/fs"

// keyOf falls back to size and mtime where the Stat_t layout differs; the racy
// window still protects fresh edits.
func keyOf(fi fs.FileInfo) statKey {
	return statKey{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}
