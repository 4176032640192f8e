package repos

import (
	"errors"
	"fmt"
)

// Sentinel errors. Errors returned by this package wrap one of them (and, where it
// applies, fs.ErrNotExist), so callers can tell a misconfiguration from a transient
// failure with errors.Is without parsing messages.
var (
	// ErrNoPath: the configured repository path does not exist.
	ErrNoPath = errors.New("repository path does not exist")
	// ErrNotRepository: the path exists but is not a git repository.
	ErrNotRepository = errors.New("not a git repository")
	// ErrNoBranch: the requested branch does not exist in the repository.
	ErrNoBranch = errors.New("branch does not exist")
	// ErrClone: cloning a remote repository failed.
	ErrClone = errors.New("clone failed")
	// ErrNotCloned: Spec.NoClone is set and the remote repository has no usable
	// clone in the data directory yet.
	ErrNotCloned = errors.New("repository not cloned yet")
	// ErrFetch: fetching a remote repository failed.
	ErrFetch = errors.New("fetch failed")
	// ErrBadSpec: the Spec cannot name a repository (relative path, unknown URL form,
	// missing data directory or local name).
	ErrBadSpec = errors.New("invalid repository spec")
	// ErrBadPath: a repository-relative path given by a caller is absolute, contains
	// "..", or contains a NUL byte.
	ErrBadPath = errors.New("invalid repository path")
	// ErrOutside: a symbolic link leads outside the repository (absolute target,
	// too many "..", or into .git).
	ErrOutside = errors.New("symbolic link leads outside the repository")
	// ErrLinkDepth: resolving a path needed more than maxLinkHops symbolic links
	// (a loop, most likely).
	ErrLinkDepth = errors.New("too many levels of symbolic links")
	// ErrNotAncestor: HistoryOptions.After is not on the branch's first-parent
	// chain any more (force-push, rebase).
	ErrNotAncestor = errors.New("commit is not on the branch's first-parent chain")
	// ErrIsDir: a file was expected but the path is a directory.
	ErrIsDir = errors.New("is a directory")
	// ErrTooLarge: a file or blob is larger than MaxFileSize; it is listed (with its
	// size) but not read.
	ErrTooLarge = errors.New("file too large")
)

// MaxFileSize is the largest file or blob content ReadFile, ReadFileInto and
// Repository.Blob return; larger content gives an error wrapping ErrTooLarge
// without being read into memory. Translation files are kilobytes to a few
// megabytes: a larger file named by a filemask is a mistake (a database dump, a
// build artefact) that must not make the server allocate its size, once per reader.
// List and Stat still report such files, with their Size, so the caller can say
// why they are skipped.
var MaxFileSize int64 = 64 << 20

// tooLarge is the error for content of size bytes.
func tooLarge(size int64) error {
	return fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, size, MaxFileSize)
}
