// Package corpora gives tests the translation files of three real apps (trimmed copies in its testdata, or the full ones under $GITLATE_TEST_SHARED), git repositories of them and translate-toolkit's ttk_stats.py.
package corpora

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/gitlate/gitlate/internal/testutil/outside"
)

// EnvShared names the variable that points at a full copy of the shared
// developer folder: with GITLATE_TEST_SHARED=DIR, the corpora are DIR/corpora
// and the script DIR/bench/ttk_stats.py instead of this package's trimmed
// copies.
const EnvShared = "GITLATE_TEST_SHARED"

// Python is the interpreter ttk_stats.py runs with (Debian's, where
// python3-translate is installed).
const Python = "/usr/bin/python3"

// Corpus is one corpus and how its component reads it.
type Corpus struct {
	Name, Filemask, Template, Format string
}

// All are the corpora, in the order of the projects Make writes.
var All = []Corpus{
	{"newpipe", "app/src/main/res/values-*/strings.xml", "app/src/main/res/values/strings.xml", "aresource"},
	{"fdroidclient", "app/src/main/res/values-*/strings.xml", "app/src/main/res/values/strings.xml", "aresource"},
	{"slicer-glossary", "glossary/*.tbx", "", "tbx"},
}

// Shared is $GITLATE_TEST_SHARED, or "" when it is unset.
func Shared() string { return os.Getenv(EnvShared) }

// Full reports whether the tests run on the full corpora ($GITLATE_TEST_SHARED
// is set), so that they expect the full corpora's numbers.
func Full() bool { return Shared() != "" }

// testdata is this package's testdata folder (found from the source file, so it
// works from any package's test).
func testdata() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("corpora: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "testdata")
}

// Dir is the folder holding one subfolder per corpus: the trimmed copies, or
// $GITLATE_TEST_SHARED/corpora.
func Dir() string {
	if s := Shared(); s != "" {
		abs, err := filepath.Abs(filepath.Join(s, "corpora"))
		if err == nil {
			return abs
		}
		return filepath.Join(s, "corpora")
	}
	return testdata()
}

// Path is the folder of the named corpus's files.
func Path(name string) string { return filepath.Join(Dir(), name) }

// TTKStats is the path of ttk_stats.py (translate-toolkit's statistics): the
// copy in testdata, or $GITLATE_TEST_SHARED/bench/ttk_stats.py.
func TTKStats() string {
	if s := Shared(); s != "" {
		abs, err := filepath.Abs(filepath.Join(s, "bench", "ttk_stats.py"))
		if err == nil {
			return abs
		}
		return filepath.Join(s, "bench", "ttk_stats.py")
	}
	return filepath.Join(testdata(), "ttk_stats.py")
}

// HaveTTK reports why ttk_stats.py cannot run here ("" when it can): it needs
// /usr/bin/python3 with translate-toolkit (Debian's python3-translate).
func HaveTTK() string {
	if _, err := os.Stat(TTKStats()); err != nil {
		return err.Error()
	}
	if err := exec.Command(Python, "-c", "import translate.storage.aresource, translate.storage.tbx").Run(); err != nil {
		return "translate-toolkit is not importable by " + Python + " (Debian package python3-translate): " + err.Error()
	}
	return ""
}

// Files lists the files of a corpus its filemask and template name, sorted.
func (c Corpus) Files() ([]string, error) {
	m, err := filepath.Glob(filepath.Join(Path(c.Name), filepath.FromSlash(c.Filemask)))
	if err != nil {
		return nil, err
	}
	if c.Template != "" {
		m = append([]string{filepath.Join(Path(c.Name), filepath.FromSlash(c.Template))}, m...)
	}
	if len(m) == 0 {
		return nil, fmt.Errorf("corpus %s: no files under %s", c.Name, Path(c.Name))
	}
	return m, nil
}

// gitEnv fixes the identity and date, so that the commits are the same on every
// machine.
var gitEnv = []string{
	"GIT_AUTHOR_NAME=corpus",
	"GIT_AUTHOR_EMAIL=corpus@localhost",
	"GIT_AUTHOR_DATE=1767225600 +0000",
	"GIT_COMMITTER_NAME=corpus",
	"GIT_COMMITTER_EMAIL=corpus@localhost",
	"GIT_COMMITTER_DATE=1767225600 +0000",
}

func git(dir string, stdin string, args ...string) (string, error) {
	full := append([]string{"-c", "core.autocrlf=false", "-c", "core.safecrlf=false", "-c", "core.fileMode=false",
		"-c", "core.hooksPath=/dev/null", "-c", "core.excludesFile=/dev/null",
		"-c", "i18n.commitEncoding=UTF-8", "-c", "commit.gpgSign=false"}, args...)
	cmd := exec.Command("git", full...)
	cmd.Dir = dir
	cmd.Env = outside.GitEnv(gitEnv...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return strings.TrimSpace(out.String()), nil
}

// MakeRepo makes dest (which must not exist) a git repository, branch main,
// whose one commit ("corpus NAME", fixed identity and date) holds exactly the
// corpus's files, checked out. It returns the commit's hash. On the full
// corpora, it is the local_commit of their MANIFEST.tsv.
func MakeRepo(name, dest string) (commit string, err error) {
	return MakeRepoFrom(Path(name), name, dest)
}

// MakeRepoFrom is MakeRepo on the files of the folder src, with the commit
// message "corpus NAME".
func MakeRepoFrom(src, name, dest string) (commit string, err error) {
	if _, err := os.Stat(src); err != nil {
		return "", err
	}
	if _, err := os.Stat(dest); err == nil {
		return "", fmt.Errorf("already exists: %s", dest)
	}
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return "", err
	}
	gitDir := "--git-dir=" + filepath.Join(dest, ".git")
	steps := [][]string{
		{"init", "-q", "--template=", dest},
		{gitDir, "symbolic-ref", "HEAD", "refs/heads/main"},
		{gitDir, "--work-tree=" + src, "add", "-A", "-f", "--", "."},
	}
	for _, s := range steps {
		if _, err := git(src, "", s...); err != nil {
			return "", err
		}
	}
	tree, err := git(src, "", gitDir, "write-tree")
	if err != nil {
		return "", err
	}
	commit, err = git(src, "corpus "+name+"\n", gitDir, "commit-tree", "--no-gpg-sign", tree)
	if err != nil {
		return "", err
	}
	if _, err := git(src, "", gitDir, "update-ref", "refs/heads/main", commit); err != nil {
		return "", err
	}
	if _, err := git(dest, "", "reset", "-q", "--hard", "main"); err != nil {
		return "", err
	}
	return commit, nil
}

// Make makes a repository of every corpus in dir/repos (with MakeRepo) and
// writes dir/projects.yaml, a project (slug: the corpus's name) of one
// component (strings) per corpus. It returns the config's path.
func Make(dir string) (config string, err error) {
	var b bytes.Buffer
	b.WriteString("projects:\n")
	for _, c := range All {
		if _, err := MakeRepo(c.Name, filepath.Join(dir, "repos", c.Name)); err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "  - name: %s\n    slug: %s\n    components:\n      - name: %s\n        slug: strings\n        repo: repos/%s\n        filemask: %q\n        file_format: %s\n",
			c.Name, c.Name, c.Name, c.Name, c.Filemask, c.Format)
		if c.Template != "" {
			fmt.Fprintf(&b, "        template: %s\n", c.Template)
		}
	}
	config = filepath.Join(dir, "projects.yaml")
	return config, os.WriteFile(config, b.Bytes(), 0o644)
}

// Size counts the files of the repositories Make made in dir (not those of .git)
// and their bytes.
func Size(dir string) (files int, size int64) {
	for _, c := range All {
		_ = filepath.Walk(filepath.Join(dir, "repos", c.Name), func(p string, fi os.FileInfo, err error) error {
			if err == nil && fi.Mode().IsRegular() && !strings.Contains(p, "/.git/") {
				files++
				size += fi.Size()
			}
			return nil
		})
	}
	return files, size
}

// Counts are the numbers of one translation that ttk_stats.py and `gitlate scan
// --format json` both write, under the same keys, and must agree on.
type Counts struct {
	Total           int `json:"total"`
	Translated      int `json:"translated"`
	Readonly        int `json:"readonly"`
	TotalWords      int `json:"total_words"`
	TranslatedWords int `json:"translated_words"`
	TotalChars      int `json:"total_chars"`
	TranslatedChars int `json:"translated_chars"`
}

// TTKRow is one translation of ttk_stats.py's JSON output.
type TTKRow struct {
	Raw      string `json:"language_code_raw"`
	Code     string `json:"code"`
	Filename string `json:"filename"`
	Counts
}

// TTKArgs are the arguments of ttk_stats.py (after the script) that count the
// corpus's repository, made by Make in dir, as gitlate's component does.
func (c Corpus) TTKArgs(dir string) []string {
	args := []string{filepath.Join(dir, "repos", c.Name), "--filemask", c.Filemask, "--quiet"}
	if c.Template != "" {
		args = append(args, "--template", c.Template)
	}
	return args
}

// RunTTK runs ttk_stats.py with args (after the script) and decodes its rows.
func RunTTK(args ...string) ([]TTKRow, error) {
	cmd := exec.Command(Python, append([]string{TTKStats()}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("ttk_stats.py %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var rows []TTKRow
	if err := json.Unmarshal(out, &rows); err != nil {
		return nil, fmt.Errorf("ttk_stats.py output: %v", err)
	}
	return rows, nil
}
