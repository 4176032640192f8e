package repos

import (
	"fmt"
	"io/fs"
	"strings"
)

// maxLinkHops bounds symbolic-link resolution, like the kernel's MAXSYMLINKS: a
// link loop must end in an error, not in a hang.
const maxLinkHops = 40

// splitPath validates a repository-relative, slash-separated path given by a caller
// and returns its components ("" and "." components dropped, so "a//b/" and "./a/b"
// are accepted). An absolute path, a ".." component or a NUL byte is rejected: these
// are the only ways a path could name something outside the repository, and none of
// them is ever needed to name a file inside it.
func splitPath(p string) ([]string, error) {
	if strings.IndexByte(p, 0) >= 0 {
		return nil, fmt.Errorf("%w: %q contains a NUL byte", ErrBadPath, p)
	}
	if strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("%w: %q is absolute", ErrBadPath, p)
	}
	var comps []string
	for c := range strings.SplitSeq(p, "/") {
		switch c {
		case "", ".":
			continue
		case "..":
			return nil, fmt.Errorf("%w: %q contains \"..\"", ErrBadPath, p)
		}
		comps = append(comps, c)
	}
	return comps, nil
}

// nodeKind is what a path names in a tree.
type nodeKind int

const (
	kindNone nodeKind = iota // nothing there
	kindFile                 // regular file (or blob)
	kindDir
	kindLink
	kindOther // socket, device, submodule: never listed, never read
)

// lstater is the one operation link resolution needs from a tree: what is at this
// path, without following a link in its last component. Every prefix of the path
// passed in is already known to be a real directory. through says that resolution
// goes on below path (it is not the last component): a tree may then answer from a
// directory it already holds (a working tree's batch does, see rootLstater.lstat),
// while a last component, which may have become a link, is always looked at.
type lstater interface {
	lstat(path string, through bool) (kind nodeKind, linkTarget string, err error)
}

// resolve maps caller path components to the path of the node they name, resolving
// symbolic links lexically against the tree itself (never through the operating
// system), so that a link cannot name anything outside the repository: an absolute
// target, a target that climbs above the root, or one into .git is ErrOutside. The
// last component is followed only when followLast is set. A component that does not
// exist gives an error wrapping fs.ErrNotExist.
func resolve(t lstater, comps []string, followLast bool) (string, nodeKind, error) {
	todo := append([]string(nil), comps...)
	var done []string
	hops := 0
	fromLink := false // .git reached through a link is "outside", given directly it is "not there"
	kind := kindDir   // the root
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", kindNone, ErrOutside
			}
			done = done[:len(done)-1]
			kind = kindDir
			continue
		case ".git":
			if fromLink {
				return "", kindNone, ErrOutside
			}
			return "", kindNone, fs.ErrNotExist
		}
		p := strings.Join(append(done, c), "/")
		k, target, err := t.lstat(p, len(todo) > 0)
		if err != nil {
			return "", kindNone, err
		}
		if k == kindNone {
			return "", kindNone, fs.ErrNotExist
		}
		if k == kindLink && (len(todo) > 0 || followLast) {
			hops++
			if hops > maxLinkHops {
				return "", kindNone, ErrLinkDepth
			}
			if strings.HasPrefix(target, "/") || strings.IndexByte(target, 0) >= 0 {
				return "", kindNone, ErrOutside
			}
			if target == "" {
				return "", kindNone, fs.ErrNotExist
			}
			// The target is relative to the directory holding the link: done is
			// exactly that directory, so the target's components simply go in front
			// of what is left to resolve.
			todo = append(strings.Split(target, "/"), todo...)
			fromLink = true
			continue
		}
		if len(todo) > 0 && k != kindDir {
			return "", kindNone, fs.ErrNotExist // a file used as a directory
		}
		done = append(done, c)
		kind = k
	}
	return strings.Join(done, "/"), kind, nil
}

// pathErr wraps err with the operation and path, keeping errors.Is working.
func pathErr(op, p string, err error) error {
	return &fs.PathError{Op: op, Path: p, Err: err}
}
