package discover

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

// oneFileComponents proposes a component for each file of a family whose one
// file holds every language (Detection.OneFile: Xcode's string catalogs), in
// path order: its filemask is the file's path, its source language the one the
// file names, and its translations the other languages it holds, resolved as
// the scan resolves them (scan.Rule.Language); a code that is no language, or a
// language the source or another code already provides, is left out by
// language_regex, which then lists the codes kept.
func oneFileComponents(tree repos.Tree, paths []string) []*Component {
	families := map[string]*formats.Detection{}
	for _, d := range formats.Detections() {
		if d.OneFile {
			for _, ext := range d.Extensions {
				families[ext] = d
			}
		}
	}
	var out []*Component
	for _, p := range paths {
		d := families[strings.ToLower(path.Ext(p))]
		if d == nil {
			continue
		}
		comp := &Component{Filemask: p, FileFormat: d.Default, SourceLanguage: config.DefaultSourceLanguage}
		comp.shape, comp.shapeRE = layout.CodeShape(d)
		out = append(out, comp)
		info, ok := formats.Lookup(comp.FileFormat)
		if !ok {
			comp.Problem = fmt.Sprintf("this build of gitlate does not read the %s format", comp.FileFormat)
			continue
		}
		ml, ok := info.Format().(formats.MultiLanguage)
		if !ok {
			comp.Problem = fmt.Sprintf("the %s format does not hold every language in one file", comp.FileFormat)
			continue
		}
		data, err := tree.ReadFile(p)
		var source string
		var codes []string
		if err == nil {
			source, codes, err = ml.Languages(data)
		}
		if err != nil {
			comp.Problem = fmt.Sprintf("cannot be read: %v", err)
			continue
		}
		src, err := lang.Resolve(source)
		if err != nil {
			comp.Problem = fmt.Sprintf("its source language %q: %v", source, err)
			continue
		}
		comp.SourceLanguage = src.Code
		oneFileLanguages(comp, src, codes)
	}
	return out
}

// oneFileLanguages sorts the languages codes of a file holding every language
// into those the component reads and those its language_regex leaves out.
func oneFileLanguages(comp *Component, source *lang.Language, codes []string) {
	p := comp.Filemask
	taken := map[string]string{source.Code: "the source language"}
	for _, code := range codes {
		if !defaultLanguageRegex.MatchString(code) {
			continue // as the scan skips it
		}
		l, err := lang.Resolve(code)
		if err != nil {
			comp.Skipped = append(comp.Skipped, File{p, code, err.Error()})
			continue
		}
		if other, dup := taken[l.Code]; dup {
			comp.Skipped = append(comp.Skipped, File{p, code, fmt.Sprintf("%s (%s) is already provided by %s", l.Code, code, other)})
			continue
		}
		taken[l.Code] = code
		comp.Files = append(comp.Files, File{p, code, l.Code})
	}
	if len(comp.Skipped) == 0 {
		return
	}
	kept := make([]string, len(comp.Files))
	for i, f := range comp.Files {
		kept[i] = regexp.QuoteMeta(f.Code)
	}
	comp.LanguageRegex = "^(?:" + strings.Join(kept, "|") + ")$"
}
