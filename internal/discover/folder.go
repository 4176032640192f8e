package discover

import (
	"os"
	"path/filepath"
)

// A plain folder (no .git, not a bare repository) is read as it is, as
// `gitlate check`, `scan` and `serve` read it (repos.KindFolder: its files like a
// checkout's working tree, no history), so discover finds and counts in the
// folder itself and proposes repo: <the folder>.

// isPlainFolder tells whether dir is a folder that is no git repository: no
// .git in it, and not a bare repository (HEAD, objects/ and refs/).
func isPlainFolder(dir string) bool {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return false
	}
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		return false
	}
	for _, p := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			return true
		}
	}
	return false
}

// enclosingCheckout returns the checkout a folder lies in ("" for none): a
// folder of a repository is named by the repository and a filemask below it,
// not read as a plain folder of its own.
func enclosingCheckout(dir string) string {
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
