// Package corpora turns the translation files of the shared corpora (real apps' files, kept beside the repository for development) into git
// repositories and a projects.yaml naming them, as the tests and benchmarks that
// hold gitlate against translate-toolkit's ttk_stats.py configure them.
package corpora

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

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

// Script is the path of make-repos.sh in the shared directory: it is absent where
// the corpora are, and callers skip then.
func Script(shared string) string { return filepath.Join(shared, "corpora", "make-repos.sh") }

// Make runs make-repos.sh into dir/repos and writes dir/projects.yaml, a project
// (slug: the corpus's name) of one component (strings) per corpus. It returns the
// config's path.
func Make(shared, dir string) (config string, err error) {
	if out, err := exec.Command("sh", Script(shared), filepath.Join(dir, "repos")).CombinedOutput(); err != nil {
		return "", fmt.Errorf("make-repos.sh: %v\n%s", err, out)
	}
	var b bytes.Buffer
	b.WriteString("projects:\n")
	for _, c := range All {
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
