package layout

import (
	"cmp"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/filemask"
	"github.com/gitlate/gitlate/internal/formats"
)

// byExtension indexes the registered families by their extensions. Formats
// register in their init functions, so the registry is complete by the first
// call.
var byExtension = sync.OnceValue(func() map[string][]*formats.Detection {
	m := map[string][]*formats.Detection{}
	for _, d := range formats.Detections() {
		for _, ext := range d.Extensions {
			m[ext] = append(m[ext], d)
		}
	}
	return m
})

// classify tells which family a file belongs to by its name alone (nil for
// none): the first, by name, whose extension, prefix and folder it has.
func classify(p string) *formats.Detection {
	lower := strings.ToLower(path.Base(p))
	for _, d := range byExtension()[path.Ext(lower)] {
		if d.Prefix != "" && !strings.HasPrefix(lower, d.Prefix) {
			continue
		}
		if d.Folder != "" {
			dir := strings.ToLower(path.Base(path.Dir(p)))
			if dir != d.Folder && !strings.HasPrefix(dir, d.Folder+"-") {
				continue
			}
		}
		return d
	}
	return nil
}

// Candidate is a filemask some file suggests, with what the paths say of it.
type Candidate struct {
	// Detect is the family of the file that suggested the mask.
	Detect *formats.Detection
	// Raw is the mask's path with "*" for the language code and nothing escaped;
	// Mask is Raw as a filemask (glob characters of the path escaped).
	Raw, Mask string
	m         *filemask.Mask
	// Template is the template a convention names with the mask (Android's
	// values/ folder); "" when it is to be looked for.
	Template string
	// Langs are the distinct codes (codeKey) of the files the mask matches that
	// look like translations; Claimed are those files.
	Langs   map[string]bool
	Claimed []string
}

// maskOf turns the parts of a path into a filemask: the parts at the indexes of
// wild are replaced by their values, which hold "*" for the language code; every
// other part is literal. Paths holding "*" cannot be written as a mask whose "*"
// all stand for the language, and give "".
func maskOf(parts []string, wild map[int]string) (raw, mask string) {
	var r, m strings.Builder
	for i, p := range parts {
		if i > 0 {
			r.WriteByte('/')
			m.WriteByte('/')
		}
		if w, ok := wild[i]; ok {
			r.WriteString(w)
			pre, post, _ := strings.Cut(w, "*")
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
// discoveries of files.py) as the file's family asks for them.
//
// A folder named after a language whose file name holds the same code (or a
// variant of it), or another folder of that name, suggests a mask with a "*" in
// each (help/de/de.po → help/*/*.po, GNOME's help; locales/de/other/de/messages.po
// → locales/*/other/*/messages.po), as translation-finder's get_masks puts its
// wildcard wherever the part's code recurs; Weblate reads one code from such a
// mask, the longest part (filemask.Mask.Match). The one-"*" masks are suggested as well: where the
// code recurs in a few files only, they may be the set; Candidates keeps the mask
// that matches the most languages.
func proposals(p string, d *formats.Detection) (out []Candidate) {
	parts := strings.Split(p, "/")
	last := len(parts) - 1
	add := func(wild map[int]string, template string) {
		if raw, mask := maskOf(parts, wild); raw != "" {
			out = append(out, Candidate{Detect: d, Raw: raw, Mask: mask, Template: template})
		}
	}
	if d.Folder != "" {
		// The template is in the folder, the translations in <folder>-<code>/.
		if last >= 1 && strings.EqualFold(parts[last-1], d.Folder) {
			add(map[int]string{last - 1: d.Folder + "-*"}, p)
		}
		return out
	}
	if d.Lproj && last >= 1 {
		// Xcode's <code>.lproj folders.
		if code, ok := strings.CutSuffix(parts[last-1], ".lproj"); ok && isAppleCode(code) {
			add(map[int]string{last - 1: "*.lproj"}, "")
		}
	}
	for i, part := range parts {
		if i < last {
			if isCode(part) {
				add(map[int]string{i: "*"}, "")
				if again := recurring(parts, i); len(again) > 1 {
					add(again, "")
				}
			}
			continue
		}
		if w := wildcardName(part); w != "" {
			add(map[int]string{i: w}, "")
		}
	}
	return out
}

// recurring puts "*" for the code that names folder i of parts wherever else
// the path names it: other folders of that name, and the file's name when the
// code wildcardName finds in it is that one (help/de/de.po,
// Xenko.GameStudio.ja.po below ja/) or a variant of it (pt_BR.po below pt/:
// Weblate's own example, path/*/resources/MessagesBundle_*.properties, whose
// code is the longer of the two; weblate/trans/tests/test_component.py
// test_lang_code_double). A code that only starts like the folder's is another
// one (de below deu/) and is left as it is.
func recurring(parts []string, i int) map[int]string {
	code, last := parts[i], len(parts)-1
	wild := map[int]string{i: "*"}
	for j := i + 1; j < last; j++ {
		if parts[j] == code {
			wild[j] = "*"
		}
	}
	name := parts[last]
	if w := wildcardName(name); w != "" {
		pre, post, _ := strings.Cut(w, "*")
		inName := name[len(pre) : len(name)-len(post)]
		if inName == code || strings.HasPrefix(inName, code+"_") || strings.HasPrefix(inName, code+"-") {
			wild[last] = w
		}
	}
	return wild
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

// PathSet is a tree's paths, sorted, for lookups by name and by folder.
type PathSet struct {
	sorted []string
	has    map[string]bool
	// owner is the set each file belongs to, once Candidates has chosen them.
	owner map[string]*Candidate
}

// NewPathSet holds paths for Candidates.
func NewPathSet(paths []string) *PathSet {
	s := &PathSet{sorted: slices.Clone(paths), has: make(map[string]bool, len(paths)), owner: map[string]*Candidate{}}
	slices.Sort(s.sorted)
	for _, p := range paths {
		s.has[p] = true
	}
	return s
}

// Has tells whether p is one of the paths.
func (s *PathSet) Has(p string) bool { return s.has[p] }

// Owner is the candidate that claimed p, as a translation or its template (nil
// for none).
func (s *PathSet) Owner(p string) *Candidate { return s.owner[p] }

// Under returns the paths below dir ("" for all).
func (s *PathSet) Under(dir string) []string {
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

// Candidates finds the sets of translation files among the paths by their
// names: each file's proposals, merged, measured by the languages each mask
// matches, and kept, best first, where they share no file with a better one;
// they are returned in the order of their masks.
func Candidates(ps *PathSet) []*Candidate {
	byMask := map[string]*Candidate{}
	var order []*Candidate
	for _, p := range ps.sorted {
		d := classify(p)
		if d == nil {
			continue
		}
		for _, c := range proposals(p, d) {
			key := c.Mask
			if prev := byMask[key]; prev != nil {
				if prev.Template == "" {
					prev.Template = c.Template
				}
				continue
			}
			cc := c
			byMask[key] = &cc
			order = append(order, &cc)
		}
	}
	var out []*Candidate
	for _, c := range order {
		m, err := filemask.Compile(c.Mask)
		if err != nil {
			continue
		}
		c.m = m
		c.Langs = map[string]bool{}
		_, shape := CodeShape(c.Detect)
		for _, p := range ps.Under(m.Dir) {
			code, ok := m.Match(p)
			if !ok || p == c.Template || !shape.MatchString(code) {
				continue
			}
			c.Langs[codeKey(code)] = true
			c.Claimed = append(c.Claimed, p)
		}
		if len(c.Langs) == 0 && c.Template == "" {
			continue
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b *Candidate) int {
		if n := cmp.Compare(len(b.Langs), len(a.Langs)); n != 0 {
			return n
		}
		if n := cmp.Compare(len(b.Claimed), len(a.Claimed)); n != 0 {
			return n
		}
		return cmp.Compare(a.Mask, b.Mask)
	})
	taken := ps.owner
	kept := out[:0]
	for _, c := range out {
		if slices.ContainsFunc(c.Claimed, func(p string) bool { return taken[p] != nil }) || taken[c.Template] != nil {
			continue
		}
		for _, p := range c.Claimed {
			taken[p] = c
		}
		if c.Template != "" {
			taken[c.Template] = c
		}
		kept = append(kept, c)
	}
	slices.SortFunc(kept, func(a, b *Candidate) int { return cmp.Compare(a.Mask, b.Mask) })
	return kept
}

// Dir is the folder of a path in a repository ("" for the repository's root).
func Dir(p string) string {
	if d := path.Dir(p); d != "." {
		return d
	}
	return ""
}
