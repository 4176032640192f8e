package discover

import (
	"path"
	"strings"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/layout"
)

// sourceCodes are the codes a template's path is looked up with, after the
// source language's own ("en"): the English variants projects keep their source
// strings in (translation_finder/discovery/base.py EnglishVariantsDiscovery), in
// the spellings paths use.
var sourceCodes = []string{"en", "en-US", "en_US", "en-us", "en_us", "en-GB", "en_GB", "en-gb", "en_gb", "en-AU", "en_AU"}

// findTemplate returns the template of a monolingual set: the file of the mask in
// English, else the file the mask names without a language (values/,
// Base.lproj, messages.properties, Resources.resx; translation_finder's
// TEMPLATE_REPLACEMENTS), with the code the template's path gives ("" when it
// gives none).
func findTemplate(c *layout.Candidate, ps *layout.PathSet) (template, code string) {
	if c.Template != "" {
		return c.Template, ""
	}
	// A file of another set is not this one's template.
	free := func(p string) bool { return ps.Has(p) && (ps.Owner(p) == nil || ps.Owner(p) == c) }
	for _, code := range sourceCodes {
		// Every "*" is the code (help/*/*.po → help/en/en.po).
		if t := strings.ReplaceAll(c.Raw, "*", code); free(t) {
			return t, code
		}
	}
	if c.Detect.Lproj {
		if t := strings.ReplaceAll(c.Raw, "*", "Base"); free(t) {
			return t, "Base"
		}
	}
	for _, t := range withoutCode(c.Raw) {
		if free(t) {
			return t, ""
		}
	}
	return "", ""
}

// withoutCode lists the paths a mask names without its language: the "*" and a
// separator before it taken out ("messages_*.properties" → "messages.properties",
// "locales/*/app.json" → "locales/app.json").
func withoutCode(raw string) []string {
	var out []string
	for _, r := range [][2]string{{"/*/", "/"}, {"-*", ""}, {"_*", ""}, {".*", ""}} {
		if strings.Contains(raw, r[0]) {
			out = append(out, strings.Replace(raw, r[0], r[1], 1))
		}
	}
	return out
}

// findNewBase returns the file new translations of a bilingual set start from:
// as the family says (formats.NewBase): for gettext the .pot template
// (translation_finder/discovery/files.py GettextDiscovery: pot/, templates.pot,
// the mask without its code, else the nearest .pot up the folders), for most
// others the file the mask names without a language (an XLIFF source file such
// as Angular's messages.xlf), for glossaries none.
func findNewBase(c *layout.Candidate, ps *layout.PathSet) string {
	switch c.Detect.NewBase {
	case formats.NewBaseNone:
		return ""
	case formats.NewBaseUnlocalized:
		// The file the mask names without a language, in the mask's folder or
		// the nearest one up (Angular's extract-i18n writes messages.xlf where
		// its --output-path says, the translations often go below it).
		for _, t := range withoutCode(c.Raw) {
			for _, d := range foldersUp(t) {
				if p := path.Join(d, path.Base(t)); ps.Has(p) {
					return p
				}
			}
		}
		return ""
	}
	// A .pot beside the .po files' names: their names with a "t" added.
	names := []string{
		strings.Replace(c.Raw, "po/*/", "pot/", 1) + "t",
		strings.ReplaceAll(c.Raw, "*", "templates") + "t",
	}
	for _, t := range withoutCode(c.Raw) {
		names = append(names, t+"t")
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".pot") && ps.Has(n) {
			return n
		}
	}
	// The nearest folder up from the mask's that holds .pot files: the one
	// named after the .po files' domain, else the first.
	stem := strings.TrimSuffix(path.Base(c.Raw), path.Ext(c.Raw))
	fallback := ""
	for _, d := range foldersUp(c.Raw) {
		for _, p := range ps.Under(d) {
			if layout.Dir(p) != d || !strings.HasSuffix(p, ".pot") {
				continue
			}
			if path.Base(p) == stem+".pot" {
				return p
			}
			if fallback == "" {
				fallback = p
			}
		}
	}
	return fallback
}

// foldersUp lists the folders of a mask's path from its own up, leaving out
// those that hold the language's "*" (translation_finder's fill_in_new_base
// walks up the same way): "" (the root) only for a mask at the root.
func foldersUp(raw string) []string {
	segs := strings.Split(raw, "/")
	if len(segs) == 1 {
		return []string{""}
	}
	var dirs []string
	for i := len(segs) - 1; i >= 1; i-- {
		if d := strings.Join(segs[:i], "/"); !strings.Contains(d, "*") {
			dirs = append(dirs, d)
		}
	}
	return dirs
}
