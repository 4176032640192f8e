package discover

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// conventional are folder names that say where translations live rather than
// what they translate: a component is named after the nearest other folder.
var conventional = map[string]bool{
	"src": true, "main": true, "res": true, "resources": true, "resource": true, "values": true,
	"locale": true, "locales": true, "i18n": true, "l10n": true, "lang": true, "langs": true,
	"language": true, "languages": true, "translations": true, "translation": true, "po": true,
	"lc_messages": true, "assets": true, "public": true, "static": true, "lib": true, "intl": true,
	"messages": true, "config": true, "_locales": true, "localization": true, "localizations": true,
	"localisation": true, "strings": true, "data": true, "java": true, "kotlin": true,
	"source": true, "sources": true,
	// The Filesystem Hierarchy Standard's folders of installed data
	// (share/translations/, usr/share/locale/).
	"share": true, "usr": true,
}

// genericStems are file names that say nothing of what a file translates.
var genericStems = map[string]bool{
	"strings": true, "localizable": true, "messages": true, "translation": true, "translations": true,
	"resources": true, "resource": true, "intl": true, "lang": true, "locale": true, "default": true,
	"index": true, "all": true, "active": true,
}

// nameParts returns what a filemask says of its files: the nearest folder before
// the language's part that is not a conventional one, the file's stem without
// the language, and the last folder before the language's part.
func nameParts(mask string) (folder, stem, last string) {
	segs := strings.Split(unglob(mask), "/")
	// A mask without "*" names a file holding every language: its folders
	// are those before the file's name.
	wild := len(segs) - 1
	for i, s := range segs {
		if strings.Contains(s, "*") {
			wild = i
			break
		}
	}
	for i := wild - 1; i >= 0; i-- {
		if last == "" {
			last = segs[i]
		}
		if !conventional[strings.ToLower(segs[i])] {
			folder = segs[i]
			break
		}
	}
	file := segs[len(segs)-1]
	if i := strings.LastIndexByte(file, '.'); i > 0 {
		file = file[:i]
	}
	for _, r := range []string{"_*", "-*", ".*", "*_", "*-", "*.", "*"} {
		file = strings.Replace(file, r, "", 1)
	}
	if !strings.Contains(file, "*") {
		stem = strings.Trim(file, "._-")
	}
	return folder, stem, last
}

// baseStem is the stem of a component's new base or template when it names
// what the files translate: a gettext domain ("po/gnome-clocks.pot"), a
// Crowdin module ("translation/source/site.xml"); "" for a generic name
// ("strings.xml", "messages.pot") or one with a language ("en.json").
func baseStem(c *Component) string {
	for _, p := range []string{c.NewBase, c.Template} {
		if p == "" {
			continue
		}
		stem := path.Base(p)
		if i := strings.IndexByte(stem, '.'); i > 0 {
			stem = stem[:i]
		}
		if stem == "" || genericStems[strings.ToLower(stem)] || strings.Contains(p, "*") {
			continue
		}
		if strings.EqualFold(stem, "base") || slices.ContainsFunc(sourceCodes, func(c string) bool { return strings.EqualFold(c, stem) }) {
			continue // "en", "en-us": the template's language, not a name
		}
		return stem
	}
	return ""
}

// name gives every component a name and a slug, unique among them, from what
// its files translate rather than where they lie: its folder when that is not
// a conventional one (see nameParts: "whiteboard" for
// packages/whiteboard/locales/*.json), else its file's stem ("keepassxc" for
// share/translations/keepassxc_*.ts), else the stem of its new base or template
// (baseStem: "gnome-clocks" for po/*.po beside po/gnome-clocks.pot), else, as
// every folder is a conventional one ("po", "i18n", "src/main/resources"), the
// repository's name (repo; none for ""), else its last folder. translation-finder leaves naming to
// Weblate's user (it names only the sections of a Transifex configuration);
// Weblate's component names are free text, its slugs [a-z0-9_-]. Components
// that would share a name add their file's stem, then their whole folder, then
// their file's extension, then a number.
func name(comps []*Component) { nameIn(comps, "") }

// nameIn is name with the repository's name repo to fall back on.
func nameIn(comps []*Component, repo string) {
	type parts struct{ folder, stem, last, dir string }
	ps := make([]parts, len(comps))
	names := make([]string, len(comps))
	for i, c := range comps {
		f, s, l := nameParts(c.Filemask)
		dir := unglob(c.Filemask)
		if j := strings.IndexByte(dir, '*'); j >= 0 {
			dir = path.Dir(dir[:j] + "x")
		}
		ps[i] = parts{f, s, l, dir}
		b := baseStem(c)
		switch {
		case f != "":
			names[i] = f
		case s != "" && !genericStems[strings.ToLower(s)]:
			names[i] = s
		case b != "":
			names[i] = b
		case repo != "":
			names[i] = repo
		case l != "":
			names[i] = l
		case s != "":
			names[i] = s
		default:
			names[i] = c.FileFormat
		}
	}
	clash := func() map[string][]int {
		by := map[string][]int{}
		for i, n := range names {
			by[slugify(n)] = append(by[slugify(n)], i)
		}
		return by
	}
	for _, widen := range []func(i int) string{
		func(i int) string { return join(names[i], ps[i].stem) },
		func(i int) string { return join(ps[i].dir, ps[i].stem) },
		func(i int) string { return join(names[i], strings.TrimPrefix(path.Ext(comps[i].Filemask), ".")) },
	} {
		for _, group := range clash() {
			if len(group) < 2 {
				continue
			}
			for _, i := range group {
				names[i] = widen(i)
			}
		}
	}
	seen := map[string]int{}
	for i, c := range comps {
		n := names[i]
		for k := 2; seen[slugify(n)] > 0; k++ {
			n = names[i] + " " + strconv.Itoa(k)
		}
		seen[slugify(n)]++
		c.Name, c.Slug = n, slugify(n)
	}
}

// unglob undoes globEscape: "[?]" and "[[]" are "?" and "[".
func unglob(mask string) string {
	return strings.NewReplacer("[?]", "?", "[[]", "[").Replace(mask)
}

func join(a, b string) string {
	if b == "" || strings.EqualFold(a, b) || strings.HasSuffix(a, " "+b) {
		return a
	}
	if a == "" || a == "." {
		return b
	}
	return a + " " + b
}

var notSlug = regexp.MustCompile(`[^a-z0-9_-]+`)

// slugify makes a slug as projects.yaml accepts them ([a-z0-9_-]+).
func slugify(s string) string {
	s = strings.Trim(notSlug.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if s == "" {
		return "translations"
	}
	return s
}
