//go:build !linux

package boltstore

// dropPages does nothing where the pages are not given back this way.
func dropPages(addr, size uintptr) {}
