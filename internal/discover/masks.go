package discover

import (
	"cmp"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/gitlate/gitlate/internal/filemask"
)

// family is a group of files found by the same path conventions; which format of
// the group a set of files is in, their content decides (see detectFormat).
type family uint8

const (
	famNone family = iota
	famAndroid
	famStrings // Apple .strings
	famStringsdict
	famProperties
	famJSON
	famARB
	famYAML
	famPO
	famTS
	famXLIFF
	famRESX
	famTBX
)

var familyNames = [...]string{"none", "Android", "Apple strings", "stringsdict", "Java properties",
	"JSON", "ARB", "YAML", "gettext PO", "Qt Linguist", "XLIFF", "RESX", "TBX"}

func (f family) String() string { return familyNames[f] }

// bilingual families keep the source text in every file; the others need a
// template (weblate/formats/ttkit.py: their formats' monolingual attribute).
func (f family) bilingual() bool {
	return f == famPO || f == famTS || f == famXLIFF || f == famTBX
}

// classify tells which family a file belongs to by its name alone.
func classify(p string) family {
	name := path.Base(p)
	lower := strings.ToLower(name)
	ext := path.Ext(lower)
	switch ext {
	case ".xml":
		// Android keeps strings in values*/strings*.xml; other XML files of a
		// resource folder (colors.xml, dimens.xml) are not translated
		// (translation_finder/discovery/files.py AndroidDiscovery).
		dir := strings.ToLower(path.Base(path.Dir(p)))
		if strings.HasPrefix(lower, "strings") && (dir == "values" || strings.HasPrefix(dir, "values-")) {
			return famAndroid
		}
	case ".strings":
		return famStrings
	case ".stringsdict":
		return famStringsdict
	case ".properties":
		return famProperties
	case ".json":
		return famJSON
	case ".arb":
		return famARB
	case ".yml", ".yaml":
		return famYAML
	case ".po":
		return famPO
	case ".ts":
		return famTS // or TypeScript: the content decides (isQtTS)
	case ".xlf", ".xliff":
		return famXLIFF
	case ".resx", ".resw":
		return famRESX
	case ".tbx":
		return famTBX
	}
	return famNone
}

// candidate is a filemask some file suggests, with what the paths say of it.
type candidate struct {
	fam  family
	raw  string // the mask's path with "*" for the language code and nothing escaped
	mask string // raw as a filemask (glob characters of the path escaped)
	m    *filemask.Mask
	// template is the template a convention names with the mask (Android's
	// values/ folder); "" when it is to be looked for.
	template string
	// langs are the distinct codes (codeKey) of the files the mask matches that
	// look like translations; claimed are those files.
	langs   map[string]bool
	claimed []string
}

// maskOf turns the parts of a path into a filemask: "*" stands at index wild,
// whose part is wildPart; every other part is literal. Paths holding "*" cannot
// be written as a mask with exactly one "*" and give "".
func maskOf(parts []string, wild int, wildPart string) (raw, mask string) {
	var r, m strings.Builder
	for i, p := range parts {
		if i > 0 {
			r.WriteByte('/')
			m.WriteByte('/')
		}
		if i == wild {
			r.WriteString(wildPart)
			pre, post, _ := strings.Cut(wildPart, "*")
			m.WriteString(globEscape(pre) + "*" + globEscape(post))
			continue
		}
		if strings.Contains(p, "*") {
			return "", ""
		}
		r.WriteString(p)
		m.WriteString(globEscape(p))
	}
	return r.String(), m.String()
}

// globEscape writes s so that Python's glob matches it literally: "?" and "["
// as one-character sets (glob has no escape character; fnmatch's documentation
// gives this form).
func globEscape(s string) string {
	if !strings.ContainsAny(s, "?[") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '?', '[':
			b.WriteByte('[')
			b.WriteRune(r)
			b.WriteByte(']')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// proposals lists what one file suggests: filemasks with "*" where a part of
// its path names a language, following translation-finder's conventions
// (translation_finder/discovery/base.py get_wildcard and the per-format
// discoveries of files.py).
func proposals(p string, fam family) (out []candidate) {
	parts := strings.Split(p, "/")
	last := len(parts) - 1
	add := func(wild int, wildPart, template string) {
		if raw, mask := maskOf(parts, wild, wildPart); raw != "" {
			out = append(out, candidate{fam: fam, raw: raw, mask: mask, template: template})
		}
	}
	switch fam {
	case famAndroid:
		// The template is in values/, the translations in values-<code>/.
		if last >= 1 && strings.EqualFold(parts[last-1], "values") {
			add(last-1, "values-*", p)
		}
		return out
	case famStrings, famStringsdict:
		// Xcode's <code>.lproj folders.
		if last >= 1 {
			if code, ok := strings.CutSuffix(parts[last-1], ".lproj"); ok && isAppleCode(code) {
				add(last-1, "*.lproj", "")
			}
		}
	}
	for i, part := range parts {
		if i < last {
			if isCode(part) {
				add(i, "*", "")
			}
			continue
		}
		if w := wildcardName(part); w != "" {
			add(i, w, "")
		}
	}
	return out
}

// wildcardName puts "*" for the language code in a file name: "de.json",
// "devise.de.yml", "messages_pt_BR.properties", "app-de.po", "active.en-US.json"
// (translation_finder/discovery/base.py get_wildcard); "" when no part of it
// names a language.
func wildcardName(name string) string {
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 {
		return ""
	}
	base, ext := name[:dot], name[dot:]
	if isCode(base) {
		return "*" + ext
	}
	if prefix, token, ok := strings.Cut(base, "."); ok && isCode(token) {
		return prefix + ".*" + ext
	}
	tokens := splitTokens(base)
	for pos, tok := range tokens {
		if isSep(tok) || !isCode(tok) {
			continue
		}
		end := pos + 1
		if pos+3 <= len(tokens) && isCode(strings.Join(tokens[pos:pos+3], "")) {
			end = pos + 3
		}
		// A code in the middle of a name counts only before a dot.
		if pos != 0 && end != len(tokens) && tokens[end] != "." {
			continue
		}
		return strings.Join(tokens[:pos], "") + "*" + strings.Join(tokens[end:], "") + ext
	}
	return ""
}

func isSep(s string) bool { return s == "_" || s == "-" || s == "." }

// splitTokens splits s at "_", "-" and ".", keeping the separators as tokens.
func splitTokens(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if isSep(s[i : i+1]) {
			if i > start {
				out = append(out, s[start:i])
			}
			out = append(out, s[i:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// pathSet is a tree's paths, sorted, for lookups by name and by folder.
type pathSet struct {
	sorted []string
	has    map[string]bool
	// owner is the set each file belongs to, once candidates has chosen them.
	owner map[string]*candidate
}

func newPathSet(paths []string) *pathSet {
	s := &pathSet{sorted: slices.Clone(paths), has: make(map[string]bool, len(paths)), owner: map[string]*candidate{}}
	slices.Sort(s.sorted)
	for _, p := range paths {
		s.has[p] = true
	}
	return s
}

// under returns the paths below dir ("" for all).
func (s *pathSet) under(dir string) []string {
	if dir == "" {
		return s.sorted
	}
	prefix := dir + "/"
	i := sort.SearchStrings(s.sorted, prefix)
	j := i
	for j < len(s.sorted) && strings.HasPrefix(s.sorted[j], prefix) {
		j++
	}
	return s.sorted[i:j]
}

// candidates finds the sets of translation files among paths by their names:
// each file's proposals, merged, measured by the languages each mask matches, and
// kept, best first, where they share no file with a better one.
func candidates(ps *pathSet) []*candidate {
	byMask := map[string]*candidate{}
	var order []*candidate
	for _, p := range ps.sorted {
		fam := classify(p)
		if fam == famNone {
			continue
		}
		for _, c := range proposals(p, fam) {
			key := c.mask
			if prev := byMask[key]; prev != nil {
				if prev.template == "" {
					prev.template = c.template
				}
				continue
			}
			cc := c
			byMask[key] = &cc
			order = append(order, &cc)
		}
	}
	var out []*candidate
	for _, c := range order {
		m, err := filemask.Compile(c.mask)
		if err != nil {
			continue
		}
		c.m = m
		c.langs = map[string]bool{}
		shape := codeShapeRE
		if c.fam == famAndroid {
			shape = androidShapeRE
		}
		for _, p := range ps.under(m.Dir) {
			code, ok := m.Match(p)
			if !ok || p == c.template || !shape.MatchString(code) {
				continue
			}
			c.langs[codeKey(code)] = true
			c.claimed = append(c.claimed, p)
		}
		if len(c.langs) == 0 && c.template == "" {
			continue
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b *candidate) int {
		if n := cmp.Compare(len(b.langs), len(a.langs)); n != 0 {
			return n
		}
		if n := cmp.Compare(len(b.claimed), len(a.claimed)); n != 0 {
			return n
		}
		return cmp.Compare(a.mask, b.mask)
	})
	taken := ps.owner
	kept := out[:0]
	for _, c := range out {
		if slices.ContainsFunc(c.claimed, func(p string) bool { return taken[p] != nil }) || taken[c.template] != nil {
			continue
		}
		for _, p := range c.claimed {
			taken[p] = c
		}
		if c.template != "" {
			taken[c.template] = c
		}
		kept = append(kept, c)
	}
	slices.SortFunc(kept, func(a, b *candidate) int { return cmp.Compare(a.mask, b.mask) })
	return kept
}

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
func findTemplate(c *candidate, ps *pathSet) (template, code string) {
	if c.template != "" {
		return c.template, ""
	}
	// A file of another set is not this one's template.
	free := func(p string) bool { return ps.has[p] && (ps.owner[p] == nil || ps.owner[p] == c) }
	for _, code := range sourceCodes {
		if t := strings.Replace(c.raw, "*", code, 1); free(t) {
			return t, code
		}
	}
	if c.fam == famStrings || c.fam == famStringsdict {
		if t := strings.Replace(c.raw, "*", "Base", 1); free(t) {
			return t, "Base"
		}
	}
	for _, t := range withoutCode(c.raw) {
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
// for gettext the .pot template (translation_finder/discovery/files.py
// GettextDiscovery: pot/, templates.pot, the mask without its code, else the
// nearest .pot up the folders), for the others the file the mask names without
// a language (an XLIFF source file such as Angular's messages.xlf).
func findNewBase(c *candidate, ps *pathSet) string {
	if c.fam == famTBX {
		return ""
	}
	if c.fam != famPO {
		// The file the mask names without a language, in the mask's folder or
		// the nearest one up (Angular's extract-i18n writes messages.xlf where
		// its --output-path says, the translations often go below it).
		for _, t := range withoutCode(c.raw) {
			for _, d := range foldersUp(t) {
				if p := path.Join(d, path.Base(t)); ps.has[p] {
					return p
				}
			}
		}
		return ""
	}
	names := []string{
		strings.Replace(c.raw, "po/*/", "pot/", 1) + "t",
		strings.Replace(c.raw, "*", "templates", 1) + "t",
	}
	for _, t := range withoutCode(c.raw) {
		names = append(names, t+"t")
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".pot") && ps.has[n] {
			return n
		}
	}
	// The nearest folder up from the mask's that holds .pot files: the one
	// named after the .po files' domain, else the first.
	stem := strings.TrimSuffix(path.Base(c.raw), ".po")
	fallback := ""
	for _, d := range foldersUp(c.raw) {
		for _, p := range ps.under(d) {
			if dirOf(p) != d || !strings.HasSuffix(p, ".pot") {
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

// dirOf is the folder of a path ("" for the repository's root).
func dirOf(p string) string {
	if d := path.Dir(p); d != "." {
		return d
	}
	return ""
}
