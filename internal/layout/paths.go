package layout

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gitlate/gitlate/internal/repos"
)

// skipDirs are folders of build output, dependencies and tools' state: their
// files are copies or someone else's (translation_finder/finder.py EXCLUDES
// skips some of them; these are the ones of the ecosystems whose formats gitlate
// reads). Folders whose name starts with "." are skipped as well (.git, .github,
// .gradle, .idea, .venv, …), and so are nested repositories, which a scan does
// not read either.
var skipDirs = map[string]bool{
	"node_modules": true, "bower_components": true, "jspm_packages": true, "vendor": true,
	"third_party": true, "3rdparty": true, "build": true, "dist": true, "target": true,
	"out": true, "bin": true, "obj": true, "pods": true, "carthage": true, "deriveddata": true,
	"__pycache__": true, "__macosx": true, "site-packages": true, "venv": true, "testdata": true,
}

func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || skipDirs[strings.ToLower(name)] || strings.HasSuffix(name, ".egg-info")
}

// skipped tells whether a repository path lies in a folder Paths skips.
func skipped(p string) bool {
	for {
		d := path.Dir(p)
		if d == "." || d == "/" {
			return false
		}
		if skipDir(path.Base(d)) {
			return true
		}
		p = d
	}
}

// errEnough ends a walk that has listed as many files as it was asked for.
var errEnough = errors.New("enough files")

// Paths lists the files of a repository that discovery looks at, sorted: those of
// tree, or for a checkout or a plain folder those of its files on disk (read without
// hashing a single file, unlike a listing of the tree), less the folders
// skipDirs names. With limit > 0 it lists at most that many, those nearest to
// the path near first.
func Paths(repo repos.Repository, tree repos.Tree, limit int, near string) ([]string, error) {
	var out []string
	if repo.Kind().WorkingTree() {
		var err error
		if out, err = walkDisk(repo.Dir(), limit, near); err != nil {
			return nil, err
		}
	} else {
		entries, err := tree.List("")
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !skipped(e.Path) {
				out = append(out, e.Path)
			}
		}
		if limit > 0 && len(out) > limit {
			// Nearest first: the longest folder prefix shared with near.
			slices.SortStableFunc(out, func(a, b string) int { return shared(b, near) - shared(a, near) })
			out = out[:limit]
		}
	}
	slices.Sort(out)
	return out, nil
}

// shared is how many leading folders p shares with near.
func shared(p, near string) int {
	n := 0
	for {
		a, ra, oka := strings.Cut(p, "/")
		b, rb, okb := strings.Cut(near, "/")
		if !oka || !okb || a != b {
			return n
		}
		n++
		p, near = ra, rb
	}
}

// walkDisk lists the files below root, folders on the way to near first.
func walkDisk(root string, limit int, near string) ([]string, error) {
	var out []string
	var walk func(rel string) error
	walk = func(rel string) error {
		ents, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			if rel == "" {
				return err
			}
			return nil // unreadable or gone: as if empty
		}
		var dirs []string
		for _, e := range ents {
			p := e.Name()
			if rel != "" {
				p = rel + "/" + p
			}
			switch t := e.Type(); {
			case t.IsDir():
				if skipDir(e.Name()) {
					continue
				}
				if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(p), ".git")); err == nil {
					continue // a nested repository
				}
				dirs = append(dirs, p)
			case t.IsRegular() || t&fs.ModeSymlink != 0:
				out = append(out, p)
				if limit > 0 && len(out) >= limit {
					return errEnough
				}
			}
		}
		slices.SortStableFunc(dirs, func(a, b string) int { return shared(b+"/", near) - shared(a+"/", near) })
		for _, d := range dirs {
			if err := walk(d); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(""); err != nil && !errors.Is(err, errEnough) {
		return nil, err
	}
	return out, nil
}
