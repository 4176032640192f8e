// Package discover proposes the projects.yaml components that read a repository's translation files, after Weblate's translation-finder: on the sets of files layout finds by their names, it looks for templates and new bases, tells each set's format from its content by the families of the formats registry, and checks each component as a scan reads it.
package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/filemask"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

// Component is one set of translation files and the component that reads them.
type Component struct {
	Name, Slug string
	// FileFormat is Weblate's file_format id.
	FileFormat string
	Filemask   string
	// Template is the monolingual formats' file of source strings ("" for
	// bilingual ones); NewBase the file a new translation starts from, where
	// there is one.
	Template       string
	NewBase        string
	SourceLanguage string
	// LanguageRegex is "" for the default; it is set to leave out the files
	// Skipped lists.
	LanguageRegex string
	// Files are the translations the filemask matches (the template apart),
	// in path order; Skipped the files it matches that are left out, and why.
	Files   []File
	Skipped []File
	// Problem says why the component is left out of the configuration (a
	// format this build does not read, no template, what `gitlate check`
	// reported); "" for a component proposed.
	Problem string
	// Counts are what the scan engine counted in each translation of a
	// proposed component, as `gitlate scan` shows them (see Run).
	Counts []Count

	// shape is the language code shape of the component's family, which
	// language_regex keeps when it tells the files apart.
	shape   string
	shapeRE *regexp.Regexp
}

// File is one file a filemask matches.
type File struct {
	Path string
	// Code is the language code as the path writes it.
	Code string
	// Language is the code of the language it resolves to (Files), or why the
	// file is left out (Skipped).
	Language string
}

// Count is the statistics of one translation.
type Count struct {
	Language          string
	Total, Translated int
	Source            bool
}

// Find proposes the components for the files of tree; paths lists them (Paths).
// Every component without a Problem is checked against tree as a scan reads it:
// its filemask compiles, its template exists, every file it matches resolves to a
// language of its own (language_regex leaves out those that do not).
func Find(tree repos.Tree, paths []string) []*Component {
	comps, _ := find(tree, paths, "")
	return comps
}

// LeftOut is a set of files that look like translations, by a language code in
// their paths, and that no component reads, with the reason.
type LeftOut struct {
	// Mask is the files' path with "*" for the language code; Files are they.
	Mask   string
	Files  []string
	Reason string
}

// find is Find naming components after the repository repo where their paths
// say nothing else of them (see name), and listing the files that look like
// translations and are not proposed (a proposal passed over in silence is
// taken for "there is nothing else").
func find(tree repos.Tree, paths []string, repo string) ([]*Component, []LeftOut) {
	ps := layout.NewPathSet(paths)
	var out []*Component
	var left []LeftOut
	cands := layout.Candidates(ps)
	cands = append(cands, crowdinCandidates(tree, ps)...)
	slices.SortFunc(cands, func(a, b *layout.Candidate) int { return strings.Compare(a.Mask, b.Mask) })
	used := map[string]bool{}
	for _, c := range cands {
		if c.Detect.OneFile {
			continue // its files are components of their own (oneFileComponents)
		}
		comp, why := propose(tree, ps, c)
		if comp == nil {
			// As unclaimed does, a lone file is not worth a note.
			if files := c.Claimed; len(files) >= minFilesWithoutTemplate {
				left = append(left, LeftOut{Mask: c.Raw, Files: files, Reason: why})
			}
			for _, f := range c.Claimed {
				used[f] = true
			}
			continue
		}
		for _, f := range append(slices.Clone(c.Claimed), c.Template) {
			used[f] = true
		}
		out = append(out, comp)
	}
	for _, comp := range oneFileComponents(tree, paths) {
		used[comp.Filemask] = true
		out = append(out, comp)
	}
	slices.SortStableFunc(out, func(a, b *Component) int { return strings.Compare(a.Filemask, b.Filemask) })
	nameIn(out, repo)
	left = append(left, unclaimed(ps, used, out)...)
	slices.SortFunc(left, func(a, b LeftOut) int { return strings.Compare(a.Mask, b.Mask) })
	return out, left
}

// minFilesWithoutTemplate is how many languages a set needs to be reported as
// left out for want of a template; fewer are more likely not translations at
// all (a test fixture named de.json) and are passed over in silence.
const minFilesWithoutTemplate = 2

// propose makes the component of a candidate, or nil, with the reason, for
// files that turn out not to be translations.
func propose(tree repos.Tree, ps *layout.PathSet, c *layout.Candidate) (*Component, string) {
	comp := &Component{Filemask: c.Mask, SourceLanguage: config.DefaultSourceLanguage}
	sample := ""
	if !c.Detect.Monolingual() {
		comp.NewBase = findNewBase(c, ps)
		if len(c.Claimed) > 0 {
			sample = c.Claimed[0]
		}
	} else {
		t, code := findTemplate(c, ps)
		switch {
		case t != "":
			comp.Template, sample = t, t
			if code != "" && !strings.EqualFold(code, "base") {
				if l, err := lang.Resolve(code); err == nil {
					comp.SourceLanguage = l.Code
				}
			}
		case len(c.Langs) < minFilesWithoutTemplate:
			return nil, "one language and no template (no file in English, none without a language): more likely a fixture than translations; " +
				"a component of them needs the file of source strings as template"
		default:
			// Reported, in the format its first file is in.
			sample = c.Claimed[0]
			comp.Problem = fmt.Sprintf("no template: no file of the filemask is in English (%s) and none is without a language; "+
				"name the file of source strings as template, and its language as source_language", strings.Join(sourceCodes[:3], ", "))
		}
	}
	if sample == "" {
		return nil, "no file to read"
	}
	format, err := chooseFormat(tree, c, sample, comp.SourceLanguage)
	switch {
	case err != nil:
		comp.FileFormat = c.Detect.Default
		comp.Problem = fmt.Sprintf("cannot be read: %v", err)
		return comp, ""
	case format == "":
		// Not of the family after all (a .ts file that is TypeScript).
		return nil, fmt.Sprintf("%s is not a %s file by its content, though its extension is", sample, c.Detect.Name)
	}
	comp.FileFormat = format
	if comp.Problem != "" {
		return comp, ""
	}
	if _, ok := formats.Lookup(comp.FileFormat); !ok {
		comp.Problem = fmt.Sprintf("this build of gitlate does not read the %s format", comp.FileFormat)
		return comp, ""
	}
	if err := verify(tree, comp, c.Detect); err != nil {
		comp.Problem = err.Error()
	}
	if len(comp.Files) == 0 && comp.Template == "" {
		return nil, "no file of the filemask names a language"
	}
	return comp, ""
}

// defaultLanguageRegex is Weblate's language_regex default: a file whose code it
// does not match is skipped without a word, by Weblate and gitlate's scan alike.
var defaultLanguageRegex = regexp.MustCompile("^(?:" + config.DefaultLanguageRegex + ")")

// verify lists what the component's filemask matches in tree, as the scan lists it
// (scan.Rule and the listing of scan.Engine), and sorts the files into those read
// and those a language_regex must leave out: codes that are not languages
// ("night", "index"), and files whose language another file (or the source)
// already provides. language_regex keeps the code shape of the family when that
// tells the two apart, else it lists the languages kept.
func verify(tree repos.Tree, comp *Component, family *formats.Detection) error {
	m, err := filemask.Compile(comp.Filemask)
	if err != nil {
		return err
	}
	if comp.Template != "" {
		if _, err := tree.Stat(comp.Template); err != nil {
			return fmt.Errorf("template %s: %w", comp.Template, err)
		}
	}
	entries, err := tree.ListDepth(m.Dir, m.Depth)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	source, err := lang.Resolve(comp.SourceLanguage)
	if err != nil {
		return fmt.Errorf("source language %q: %w", comp.SourceLanguage, err)
	}
	comp.shape, comp.shapeRE = layout.CodeShape(family)
	// The files of each language, in path order; of several, the one whose code
	// is the language's own is read ("de.yml" rather than "de-DE.yml", which
	// resolves to German too).
	type file struct {
		File
		lang *lang.Language
	}
	var langs []string
	byLang := map[string][]file{}
	for _, e := range entries {
		if e.Path == comp.Template {
			continue
		}
		code, ok := m.Match(e.Path)
		if !ok || !defaultLanguageRegex.MatchString(code) {
			continue
		}
		var l *lang.Language
		switch code {
		case "source", "src", "default": // as scan.Rule.Of reads them
			l = source
		default:
			if l, err = lang.Resolve(code); err != nil {
				// The error quotes the code and says why ("it holds U+200B, …").
				comp.Skipped = append(comp.Skipped, File{e.Path, code, err.Error()})
				continue
			}
		}
		if !comp.shapeRE.MatchString(code) {
			comp.Skipped = append(comp.Skipped, File{e.Path, code, fmt.Sprintf("%q does not look like a language code", code)})
			continue
		}
		if byLang[l.Code] == nil {
			langs = append(langs, l.Code)
		}
		byLang[l.Code] = append(byLang[l.Code], file{File{e.Path, code, l.Code}, l})
	}
	for _, lc := range langs {
		files := byLang[lc]
		keep := 0
		if i := slices.IndexFunc(files, func(f file) bool { return strings.EqualFold(strings.ReplaceAll(f.Code, "-", "_"), lc) }); i >= 0 {
			keep = i
		}
		if lc == source.Code {
			keep = -1 // the template provides it
		}
		for i, f := range files {
			if i == keep {
				comp.Files = append(comp.Files, f.File)
				continue
			}
			other := "the source language"
			if keep >= 0 {
				other = files[keep].Path
			}
			comp.Skipped = append(comp.Skipped, File{f.Path, f.Code, fmt.Sprintf("%s (%s) is already provided by %s", lc, f.Code, other)})
		}
	}
	slices.SortFunc(comp.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(comp.Skipped, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	if len(comp.Skipped) > 0 {
		comp.LanguageRegex = languageRegex(comp.shape, comp.shapeRE, comp.Files, comp.Skipped)
	}
	return nil
}

// languageRegex returns a language_regex that keeps the codes of kept and none of
// skipped: the family's code shape when it does, else the kept codes listed
// (the scan anchors it at the start: scan.NewRule).
func languageRegex(shape string, shapeRE *regexp.Regexp, kept, skipped []File) string {
	keepsAll := !slices.ContainsFunc(kept, func(f File) bool { return !shapeRE.MatchString(f.Code) })
	leavesAll := !slices.ContainsFunc(skipped, func(f File) bool { return shapeRE.MatchString(f.Code) })
	if keepsAll && leavesAll {
		return "^(?:" + shape + ")$"
	}
	codes := make([]string, len(kept))
	for i, f := range kept {
		codes[i] = regexp.QuoteMeta(f.Code)
	}
	return "^(?:" + strings.Join(codes, "|") + ")$"
}
