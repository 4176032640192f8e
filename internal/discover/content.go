package discover

import (
	"bytes"
	"fmt"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

// chooseFormat tells the format of a candidate's files from their content, as
// its family says (formats.Detection): a file without the family's XML root
// and a file the family's Choose disowns give "" (not translations of the
// family: a .ts that is TypeScript); an error says which file could not be read.
// sample is the file the family reads: the set's template, else its first file;
// sourceLanguage its language (the plural forms i18next keys must show).
func chooseFormat(tree repos.Tree, c *layout.Candidate, sample, sourceLanguage string) (string, error) {
	read := func(p string) ([]byte, error) {
		data, err := tree.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		return data, nil
	}
	data, err := read(sample)
	if err != nil {
		return "", err
	}
	d := c.Detect
	s := &formats.Sample{Data: data, Path: sample, Mask: c.Raw, SourceLanguage: sourceLanguage}
	if d.ReadAll {
		s.Files = [][]byte{data}
		for _, p := range c.Claimed {
			more, err := read(p)
			if err != nil {
				return "", err
			}
			s.Files = append(s.Files, more)
		}
	}
	if len(d.Roots) > 0 && !hasRoot(data, d.Roots) {
		return "", nil
	}
	if d.Choose == nil {
		return d.Default, nil
	}
	return d.Choose(s), nil
}

// hasRoot tells whether an XML document's first 8 KiB hold one of the element
// names (its root, after the prolog), so that a .xlf or .tbx file that is
// something else is not proposed in that format. A UTF-16 document is left to
// the parser.
func hasRoot(data []byte, names []string) bool {
	head := data[:min(len(data), 8192)]
	if formats.LooksUTF16(head) {
		return true
	}
	for _, name := range names {
		if bytes.Contains(head, []byte("<"+name)) {
			return true
		}
	}
	return false
}
