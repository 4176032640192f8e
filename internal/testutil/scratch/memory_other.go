//go:build !linux

package scratch

// memoryDir finds no memory file system outside Linux: the files stay in the
// system's temporary directory.
func memoryDir() string { return "" }
