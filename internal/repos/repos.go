// Package repos opens, clones and fetches the git repositories components live in, and reads their trees, blobs and history.
package repos

import (
	"context"
	"io"
	"time"

	"github.com/gitlate/gitlate/internal/gitdata"
)

// The plain values a repository yields are gitdata's, so that a snapshot holds them
// without importing this package.
type (
	// Hash is a git object id (SHA-1).
	Hash = gitdata.Hash
	// Kind says how a repository is read.
	Kind = gitdata.Kind
	// Signature is a commit author or committer.
	Signature = gitdata.Signature
	// Commit is one commit.
	Commit = gitdata.Commit
)

const (
	KindCheckout = gitdata.KindCheckout
	KindBare     = gitdata.KindBare
	KindRemote   = gitdata.KindRemote
	KindLocal    = gitdata.KindLocal
	KindFolder   = gitdata.KindFolder
)

// Spec says where a repository is. Relative paths are already resolved by config.
type Spec struct {
	// Repo is "local:", an absolute filesystem path (non-bare checkout, bare
	// repository, or a plain folder that is no git repository), a file:// URL, or a remote URL (https://, ssh://, git@host:path).
	Repo string
	// Branch is the branch to read; "" means the repository's HEAD branch
	// ("main" for local: repositories).
	Branch string
	// DataDir is gitlate's data directory: remote clones live in DataDir/clones/,
	// local: repositories in DataDir/local/.
	DataDir string
	// LocalName names a local: repository inside DataDir/local/ (e.g. "demo/glossary").
	LocalName string
	// NoClone makes Open of a remote URL use the clone already in the data
	// directory, without any network: when there is none (or it is unusable), Open
	// returns an error wrapping ErrNotCloned at once, and a branch missing from the
	// clone is ErrNoBranch until a Fetch brings it. A scan sets it so that it never
	// waits for a clone; whoever clones opens without it.
	NoClone bool
}

// Entry is one file of a tree.
type Entry struct {
	Path string // repository-relative, slash-separated
	// Blob is the git blob id of the content (as git hash-object computes it). For a
	// symbolic link it is the id of the file the link resolves to inside the
	// repository — the content ReadFile returns — not of the link text git stores,
	// so that what is derived from a link (statistics, revision) follows its target.
	// A link leading outside the repository, to nothing, into a loop or to a
	// directory has a zero Blob.
	Blob Hash
	// Size is the size in bytes of the content Blob names (0 for a zero Blob).
	Size int64
	// Link is the target of a symbolic link ("" for regular files). Links are never
	// followed by the operating system; see Tree.ReadFile.
	Link string
}

// Tree is a read-only view of the files a component reads: the working tree of a
// checkout, or the tree of the branch head.
type Tree interface {
	// List returns the regular files and symlinks below dir ("" = whole tree),
	// recursively, sorted by path. The .git directory is never listed. A dir that
	// does not exist (or is a file, or a symlink) lists nothing, without error.
	// Paths are repository-relative; absolute paths, ".." and NUL give ErrBadPath.
	List(dir string) ([]Entry, error)
	// ListDepth is List reaching at most depth levels of subdirectories below dir:
	// 0 lists only the files directly in dir, 1 those of its subdirectories too, and
	// a negative depth everything (List is ListDepth(dir, -1)). A filemask fixes
	// how deep its files can be; listing deeper would read, and in a working tree
	// hash, whatever else lives there (build/, node_modules/ below a filemask at
	// the repository root).
	ListDepth(dir string, depth int) ([]Entry, error)
	// Stat returns the entry of one path, or an error wrapping fs.ErrNotExist.
	// A symlink in the last component is reported, not followed (Entry.Link).
	Stat(path string) (Entry, error)
	// ReadFile returns a file's content. A symlink is resolved lexically inside the
	// tree (bounded depth); one that leads outside the repository, or to nothing,
	// returns an error wrapping ErrOutside or fs.ErrNotExist.
	ReadFile(path string) ([]byte, error)
}

// BufferedReader is a Tree that can read a file into a caller's buffer, reused from
// one file to the next (working trees do; committed blobs come from git as they
// are, and buf is ignored), and that tells the blob id of the bytes it returned.
// Both trees implement it.
type BufferedReader interface {
	// ReadFileInto is ReadFile, into buf's storage when it is large enough. blob is
	// the git blob id of data itself: for a working tree a file edited since List
	// has a new id here, so whatever is derived from data can be kept under the id
	// of what was actually read (List's id may name the previous content).
	ReadFileInto(path string, buf []byte) (data []byte, blob Hash, err error)
}

// A Batch reads many files of one tree in a row (a scan), keeping the directories
// it opened on the way until Close. It is safe for concurrent use. Reads after
// Close fail with an error wrapping os.ErrClosed.
type Batch interface {
	BufferedReader
	io.Closer
}

// Batcher is implemented by trees that read faster in batches (a checkout's
// working tree); others are read file by file.
type Batcher interface {
	// Batch starts a batch of reads. The caller must Close it.
	Batch() (Batch, error)
}

// FileChange is one file that a commit added, removed or modified (From or To is
// the zero Hash for an addition or a removal).
type FileChange struct {
	Path     string
	From, To Hash
}

// CommitChanges is a commit and the changes it made, against its first parent, to the
// paths a history walk asked for.
type CommitChanges struct {
	Commit  Commit
	Changes []FileChange
}

// HistoryOptions bounds a history walk.
type HistoryOptions struct {
	// Dirs restricts the walk to files below these directories ("" = whole tree).
	Dirs []string
	// MaxCommits stops after that many matching commits counted from the head (0 = no limit).
	MaxCommits int
	// Since drops commits whose committer time is before it (zero = no limit). The
	// walk ends after 100 consecutive older commits, as `git log --since` ends at
	// old commits: clock skew is tolerated, the root is not walked to for nothing.
	Since time.Time
	// After, when set, ends the walk at that commit: it and its ancestors are not
	// returned. Pass the head of a previous walk to get only the commits since. If
	// After is not on the first-parent chain (the branch was rewritten), History
	// returns an error wrapping ErrNotAncestor and the caller starts over.
	After Hash
	// From, when set, is the commit the walk starts at instead of the branch head.
	// A scan that read the head once (Head, then TreeAt) passes it here so that it
	// walks exactly that head: resolving the branch again would walk a commit that
	// landed meanwhile, and the next scan, starting after it, would walk it twice.
	From Hash
}

// Repository is an opened repository.
type Repository interface {
	Kind() Kind
	// Branch is the branch read (resolved from HEAD when the Spec left it empty).
	Branch() string
	// Dir is the directory on disk (working tree of a checkout, the folder itself
	// for a plain folder, git dir otherwise).
	Dir() string
	// Tree returns the current tree (working tree for checkouts, the files of a
	// plain folder, branch head otherwise).
	// An empty repository (no commits) gives an empty tree.
	Tree() (Tree, error)
	// Head returns the branch head commit; nil, nil for a repository without commits
	// (and for a plain folder, which has none).
	Head() (*Commit, error)
	// History walks the first-parent chain from the branch head (or opts.From) and
	// returns the commits that changed files below opts.Dirs, oldest first, each with
	// its changes.
	History(ctx context.Context, opts HistoryOptions) ([]CommitChanges, error)
	// Blob reads a blob by id (for history diffs).
	Blob(id Hash) ([]byte, error)
	// TreeAt returns the tree of a commit (the empty tree for the zero Hash): the
	// state a bounded history walk starts from.
	TreeAt(commit Hash) (Tree, error)
}
