package discover

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

// chooseFormat tells the format of a candidate's files from their content, as
// its family says (formats.Detection): a file without the family's XML root
// and a file the family's Choose disowns give "" (not translations of the
// family: a .ts that is TypeScript); an error says which file could not be read.
// sample is the file the family reads: the set's template, else its first file;
// sourceLanguage its language. A choice of i18next is checked against the
// sample (i18nextEvidence).
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
	s := &formats.Sample{Data: data, Path: sample, Mask: c.Raw}
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
	return i18nextEvidence(d.Choose(s), data, sourceLanguage), nil
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

// i18nextCategories are the suffixes i18next v4 gives a key's plural forms
// (i18next's JSON v4 format: key_one, key_other, …, CLDR's categories).
var i18nextCategories = []string{"zero", "one", "two", "few", "many", "other"}

// i18nextEvidence checks a JSON family's choice of i18next against the
// template: translation-finder (JSONDiscovery) takes any key ending in _one,
// _many or _other for i18next v4 and any "{{" for v3, and so would make
// plurals of plain nested JSON whose keys happen to end so ("arrowhead_one",
// "arrowhead_many", "arrowhead_one_or_many", with no "_other"), which v4 then
// merges into made-up plural strings. A format that groups keys is proposed
// only where the file holds such groups:
//
//   - i18next v4: a key whose "_other" form is there with every other form the
//     source language has (key_one and key_other in English; key_other alone
//     in Japanese);
//   - i18next v3: "key" and "key_plural", or "key_0" and "key_1", side by side;
//   - i18next (v3, which groups no key the file holds) when nothing is grouped
//     but the strings use what only i18next writes: nesting ("$t(key)"),
//     unescaped ("{{- name}}") or formatted ("{{n, number}}") interpolation.
//     A bare "{{name}}" is no evidence: ngx-translate, Mustache and
//     hand-written loaders (excalidraw's) use the same braces.
//
// Anything else is read as plain JSON: "json" for an object of strings,
// "json-nested" otherwise. Other choices are returned as they are.
func i18nextEvidence(format string, data []byte, sourceLanguage string) string {
	if format != "i18next" && format != "i18nextv4" {
		return format
	}
	var obj map[string]any
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &obj); err != nil {
		return format // the parser will say what is wrong
	}
	forms := lang.AndroidPluralTags(sourceLanguage) // i18nextv4's PluralTags
	v4, v3, syntax, flat := false, false, false, true
	var walk func(m map[string]any, top bool)
	walk = func(m map[string]any, top bool) {
		for k, val := range m {
			switch val := val.(type) {
			case string:
				if i18nextSyntax.MatchString(val) {
					syntax = true
				}
				if base, ok := strings.CutSuffix(k, "_other"); ok && base != "" {
					if !slices.ContainsFunc(forms, func(f string) bool { return !isString(m[base+"_"+f]) }) {
						v4 = true
					}
				}
				if base, ok := strings.CutSuffix(k, "_plural"); ok && isString(m[base]) {
					v3 = true
				}
				if base, ok := strings.CutSuffix(k, "_0"); ok && isString(m[base+"_1"]) {
					v3 = true
				}
			case map[string]any:
				if top {
					flat = false
				}
				walk(val, false)
			default:
				if top {
					flat = false
				}
			}
		}
	}
	walk(obj, true)
	switch {
	case v4:
		return "i18nextv4"
	case v3, syntax:
		return "i18next"
	case flat:
		return "json"
	}
	return "json-nested"
}

// i18nextSyntax is what only i18next writes in a string: nesting "$t(key",
// unescaped interpolation "{{- name}}", formatting "{{value, format}}"
// (i18next.com, "Interpolation", "Nesting" and "Formatting").
var i18nextSyntax = regexp.MustCompile(`\$t\(|\{\{-|\{\{[^{},]+,[^{}]*\}\}`)

func isString(v any) bool { _, ok := v.(string); return ok }
