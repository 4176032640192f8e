// Package synth writes synthetic gitlate installations: N components × L languages ×
// U units of Android string resources in git repositories, and the projects.yaml
// naming them. The output depends only on the Spec (fixed identities, dates and a
// seeded generator), so two runs make the same commits, and a benchmark that moves
// from one machine to another reads the same bytes.
//
// The benchmarks (bench/, internal/scan/bench_test.go) and the incremental
// re-parse test use it; nothing in gitlate itself does.
package synth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/lang"
)

// Layout of every component: Android's, as the corpora have it.
const (
	Template = "app/src/main/res/values/strings.xml"
	Filemask = "app/src/main/res/values-*/strings.xml"
)

// When is the author and committer time of the generated commits (2026-01-01 UTC).
const When = 1767225600

// Spec describes an installation.
type Spec struct {
	// Dir receives repos/ and projects.yaml; it is created if missing and repos/ must
	// not hold the repositories yet.
	Dir string
	// Components, Languages (besides the source language) and Units per component.
	Components, Languages, Units int
	// PerProject groups components into projects of that many (default 10).
	PerProject int
	// Checkout makes non-bare repositories with their working tree checked out
	// (gitlate then reads the working tree); the default is bare repositories, read
	// at the branch head as a server's mirrors are.
	Checkout bool
	// Workers is how many repositories are written at once (default GOMAXPROCS).
	Workers int
}

// Result says what Generate wrote.
type Result struct {
	Config string   // path of projects.yaml
	Repos  []string // repository directories, in component order
	Files  int      // translation files, templates included
	Bytes  int64    // their summed size
}

// ComponentSlug and ProjectSlug name component i (0-based) and the project holding it.
func ComponentSlug(i int) string           { return fmt.Sprintf("c%04d", i+1) }
func ProjectSlug(i, perProject int) string { return fmt.Sprintf("p%03d", i/perProject+1) }

// LanguageCodes returns n Android directory codes of distinct languages, the same
// ones for the same n: the most spoken languages of the table (by population) whose
// two- or three-letter code resolves to itself (no aliases, no generated languages),
// English left out because it is the source language.
func LanguageCodes(n int) ([]string, error) {
	var ls []*lang.Language
	for _, l := range lang.Languages() {
		c := l.Code
		if c == "en" || len(c) < 2 || len(c) > 3 || strings.ToLower(c) != c || strings.ContainsAny(c, "_@-+") {
			continue
		}
		if r, err := lang.Resolve(c); err != nil || r.Code != c || r.Generated {
			continue
		}
		ls = append(ls, l)
	}
	sort.SliceStable(ls, func(i, j int) bool {
		if ls[i].Population != ls[j].Population {
			return ls[i].Population > ls[j].Population
		}
		return ls[i].Code < ls[j].Code
	})
	if n > len(ls) {
		return nil, fmt.Errorf("synth: only %d languages available, %d asked", len(ls), n)
	}
	codes := make([]string, n)
	for i := range codes {
		codes[i] = ls[i].Code
	}
	return codes, nil
}

// Generate writes the installation.
func Generate(ctx context.Context, s Spec) (*Result, error) {
	if s.Components < 1 || s.Languages < 0 || s.Units < 1 {
		return nil, errors.New("synth: need at least one component and one unit")
	}
	if s.PerProject <= 0 {
		s.PerProject = 10
	}
	if s.Workers <= 0 {
		s.Workers = runtime.GOMAXPROCS(0)
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fmt.Errorf("synth: the git CLI writes the repositories: %w", err)
	}
	codes, err := LanguageCodes(s.Languages)
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(s.Dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "repos"), 0o755); err != nil {
		return nil, err
	}
	res := &Result{Config: filepath.Join(dir, "projects.yaml")}
	for i := range s.Components {
		res.Repos = append(res.Repos, filepath.Join(dir, "repos", repoName(i, s.Checkout)))
	}

	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		next     = make(chan int)
	)
	for range min(s.Workers, s.Components) {
		wg.Go(func() {
			for i := range next {
				files, n, err := writeRepo(ctx, res.Repos[i], s.Checkout, Component(i, s.Units, codes))
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("synth: component %d: %w", i+1, err)
				}
				res.Files += files
				res.Bytes += n
				mu.Unlock()
			}
		})
	}
	for i := range s.Components {
		if ctx.Err() != nil {
			break
		}
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := os.WriteFile(res.Config, configYAML(s, res.Repos), 0o644); err != nil {
		return nil, err
	}
	return res, nil
}

func repoName(i int, checkout bool) string {
	if checkout {
		return ComponentSlug(i)
	}
	return ComponentSlug(i) + ".git"
}

func configYAML(s Spec, repos []string) []byte {
	var b bytes.Buffer
	b.WriteString("# Written by gitlate's bench/synth: a synthetic installation.\nprojects:\n")
	for i, repo := range repos {
		if i%s.PerProject == 0 {
			p := ProjectSlug(i, s.PerProject)
			fmt.Fprintf(&b, "  - name: Synthetic %s\n    slug: %s\n    web: https://example.org/%s/\n    components:\n", p, p, p)
		}
		c := ComponentSlug(i)
		fmt.Fprintf(&b, "      - name: Component %s\n        slug: %s\n        repo: %s\n        filemask: %q\n        template: %s\n        file_format: aresource\n",
			c, c, filepath.ToSlash(filepath.Join("repos", filepath.Base(repo))), Filemask, Template)
	}
	return b.Bytes()
}

// File is one file of a component.
type File struct {
	Path string
	Data []byte
}

// Component returns the files of component i (0-based): the template and one file
// per language code (language li is codes[li]), in path order.
func Component(i, units int, codes []string) []File {
	g := newGen(uint64(i) + 1)
	us := make([]unit, units)
	for j := range us {
		us[j] = g.unit(i, j)
	}
	files := []File{{Template, templateXML(us)}}
	for li, code := range codes {
		files = append(files, File{strings.Replace(Filemask, "*", code, 1), translationXML(us, uint64(i), li, code)})
	}
	sort.Slice(files, func(a, b int) bool { return files[a].Path < files[b].Path })
	return files
}

// Translation returns the file of language code (at index li of the codes) in
// component i, with its translated share changed by edit (0 = as Component writes
// it): what a translator's commit to one file looks like.
func Translation(i, units, li int, code string, edit int) File {
	g := newGen(uint64(i) + 1)
	us := make([]unit, units)
	for j := range us {
		us[j] = g.unit(i, j)
	}
	return File{strings.Replace(Filemask, "*", code, 1), translationXML(us, uint64(i)+uint64(edit)*7919, li, code)}
}

// unit is one string of a template.
type unit struct {
	key      string
	words    []string
	plural   bool
	readOnly bool // translatable="false"
	empty    bool // an empty template value: read-only in every translation
}

// gen is a small deterministic generator (SplitMix64): the same seed gives the same
// installation on every machine and Go version.
type gen struct{ s uint64 }

func newGen(seed uint64) *gen { return &gen{s: seed * 0x9E3779B97F4A7C15} }

func (g *gen) next() uint64 {
	g.s += 0x9E3779B97F4A7C15
	z := g.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func (g *gen) intn(n int) int { return int(g.next() % uint64(n)) }

// vocabulary: words of an app's strings, some needing Android escapes.
var vocabulary = strings.Fields(`settings account open close save delete share download
upload file files folder video audio playlist channel subscribe subscription notification
notifications error network connection retry cancel continue back next previous search
results history clear cache storage permission allow deny language theme dark light
default custom advanced about version update available install remove select all none
%1$s %2$d %s %d don\'t can\'t won\'t it\'s &amp; &lt;b&gt;bold&lt;/b&gt; “quoted”
player queue background popup window resolution quality audio-only stream live comment
comments reply like dislike view views minute minutes hour hours day days week weeks
import export backup restore data privacy policy license source code report crash bug
feed import_from_url mark watched unwatched bookmark bookmarks tab tabs main screen`)

func (g *gen) unit(comp, j int) unit {
	u := unit{key: fmt.Sprintf("c%d_string_%05d", comp+1, j+1)}
	// Sizes as in real apps: newpipe's template has 765 strings in 67 kB.
	n := 1 + g.intn(8)
	if g.intn(4) == 0 {
		n += g.intn(12) // a longer sentence now and then
	}
	for range n {
		u.words = append(u.words, vocabulary[g.intn(len(vocabulary))])
	}
	switch r := g.intn(100); {
	case r < 6:
		u.plural = true
	case r < 10:
		u.readOnly = true
	case r < 11:
		u.empty = true
	}
	return u
}

func templateXML(us []unit) []byte {
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:tools=\"http://schemas.android.com/tools\">\n")
	for _, u := range us {
		text := strings.Join(u.words, " ")
		switch {
		case u.plural:
			fmt.Fprintf(&b, "    <plurals name=\"%s\">\n        <item quantity=\"one\">%%d %s</item>\n        <item quantity=\"other\">%%d %s</item>\n    </plurals>\n", u.key, text, text)
		case u.readOnly:
			fmt.Fprintf(&b, "    <string name=\"%s\" translatable=\"false\">%s</string>\n", u.key, text)
		case u.empty:
			fmt.Fprintf(&b, "    <string name=\"%s\"></string>\n", u.key)
		default:
			fmt.Fprintf(&b, "    <string name=\"%s\">%s</string>\n", u.key, text)
		}
	}
	b.WriteString("</resources>\n")
	return b.Bytes()
}

// translationXML writes language li's file: each translatable unit is there with a
// probability that depends on the language (from about a quarter to all of them), as
// real apps have well and barely translated languages.
func translationXML(us []unit, seed uint64, li int, code string) []byte {
	g := newGen(seed<<16 + uint64(li) + 1)
	share := 250 + (li*373)%751 // per mille
	tags := lang.AndroidPluralTags(code)
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n")
	for _, u := range us {
		if u.readOnly || u.empty || g.intn(1000) >= share {
			continue
		}
		// A translation of the same length: the words rotated, the code appended.
		k := g.intn(len(u.words))
		words := append(append(append([]string(nil), u.words[k:]...), u.words[:k]...), "("+code+")")
		text := strings.Join(words, " ")
		if u.plural {
			fmt.Fprintf(&b, "    <plurals name=\"%s\">\n", u.key)
			for _, t := range tags {
				fmt.Fprintf(&b, "        <item quantity=\"%s\">%%d %s</item>\n", t, text)
			}
			b.WriteString("    </plurals>\n")
			continue
		}
		fmt.Fprintf(&b, "    <string name=\"%s\">%s</string>\n", u.key, text)
	}
	b.WriteString("</resources>\n")
	return b.Bytes()
}

// gitEnv keeps the user's and the system's git configuration out, and fixes the
// identity and the dates so commits hash the same everywhere.
func gitEnv() []string {
	date := strconv.Itoa(When) + " +0000"
	return append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=synth", "GIT_AUTHOR_EMAIL=synth@localhost", "GIT_AUTHOR_DATE="+date,
		"GIT_COMMITTER_NAME=synth", "GIT_COMMITTER_EMAIL=synth@localhost", "GIT_COMMITTER_DATE="+date)
}

func git(ctx context.Context, stdin []byte, args ...string) error {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Env = gitEnv()
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git %s: %v: %s", args[0], err, bytes.TrimSpace(out))
	}
	return nil
}

// writeRepo makes repo with one commit holding files, through git fast-import (one
// process per repository, no loose objects).
func writeRepo(ctx context.Context, repo string, checkout bool, files []File) (int, int64, error) {
	if _, err := os.Stat(repo); err == nil {
		return 0, 0, fmt.Errorf("%s already exists", repo)
	}
	init := []string{"init", "-q", "--template=", "--initial-branch=main"}
	gitDir := repo
	if checkout {
		gitDir = filepath.Join(repo, ".git")
	} else {
		init = append(init, "--bare")
	}
	if err := git(ctx, nil, append(init, repo)...); err != nil {
		return 0, 0, err
	}
	n, err := commit(ctx, gitDir, files, "synthetic component", false)
	if err != nil {
		return 0, 0, err
	}
	// fast-import deltas each blob against the one written before it; a clone or a
	// gc packs as pack-objects does, which is what a server's repositories look like.
	if err := git(ctx, nil, "--git-dir="+gitDir, "repack", "-a", "-d", "-f", "-q"); err != nil {
		return 0, 0, err
	}
	if checkout {
		if err := git(ctx, nil, "-C", repo, "reset", "-q", "--hard", "main"); err != nil {
			return 0, 0, err
		}
	}
	return len(files), n, nil
}

// Commit adds a commit on top of the main branch of the bare repository (or the
// checkout, whose working tree then follows) at repo that replaces files.
func Commit(ctx context.Context, repo string, files []File, message string) error {
	gitDir, checkout := repo, false
	if fi, err := os.Stat(filepath.Join(repo, ".git")); err == nil && fi.IsDir() {
		gitDir, checkout = filepath.Join(repo, ".git"), true
	}
	if _, err := commit(ctx, gitDir, files, message, true); err != nil {
		return err
	}
	if checkout {
		return git(ctx, nil, "-C", repo, "reset", "-q", "--hard", "main")
	}
	return nil
}

func commit(ctx context.Context, gitDir string, files []File, message string, onTop bool) (int64, error) {
	var b bytes.Buffer
	var total int64
	for _, f := range files {
		total += int64(len(f.Data))
	}
	b.Grow(int(total) + 256 + 80*len(files))
	date := strconv.Itoa(When) + " +0000"
	fmt.Fprintf(&b, "commit refs/heads/main\nauthor synth <synth@localhost> %s\ncommitter synth <synth@localhost> %s\ndata %d\n%s\n",
		date, date, len(message), message)
	if onTop {
		b.WriteString("from refs/heads/main^0\n")
	}
	for _, f := range files {
		fmt.Fprintf(&b, "M 100644 inline %s\ndata %d\n", f.Path, len(f.Data))
		b.Write(f.Data)
		b.WriteByte('\n')
	}
	b.WriteString("done\n")
	return total, git(ctx, b.Bytes(), "--git-dir="+gitDir, "fast-import", "--quiet", "--done")
}
