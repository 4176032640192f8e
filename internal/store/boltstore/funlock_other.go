//go:build !unix

package boltstore

import "os"

// funlock does nothing where bbolt's lock is not a flock: closing the file
// releases it.
func funlock(*os.File) {}
