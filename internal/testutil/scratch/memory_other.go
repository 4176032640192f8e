//go:build !linux

package scratch

// memoryDir finds no memory file system outside Linux: the files stay in the
// system's temporary directory.
func memoryDir() string { return "" }

// removeAbandoned has nothing to do where memoryDir finds nothing.
func removeAbandoned(string) {}
