package discover

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/layout"
	"github.com/gitlate/gitlate/internal/repos"
)

// Crowdin's Android layout: the source strings of each module in
// <source>/<module>.xml and its translations in <dest>/<module>/<locale>.xml,
// <source> and <dest> side by side (crowdin.yml's "translation:
// /dest/%file_name%/%locale%.xml"; lichess keeps translation/source/site.xml
// and translation/dest/site/de-DE.xml). translation-finder proposes Android
// only in res/values-*/ (AndroidDiscovery), and its flat XML discovery needs an
// English file beside the translations: it finds nothing here. Weblate reads
// the layout as one component per module: filemask <dest>/<module>/*.xml,
// template <source>/<module>.xml, format aresource.

// crowdinAndroid is the Android family without its values-*/ folder and
// resource-qualifier codes: Crowdin names the files by locale ("de-DE").
var crowdinAndroid = sync.OnceValue(func() *formats.Detection {
	for _, d := range formats.Detections() {
		if d.Default == "aresource" {
			c := *d
			c.Name, c.Prefix, c.Folder, c.CodeShape = "Android (Crowdin)", "", "", ""
			return &c
		}
	}
	return nil
})

// crowdinCandidates finds the modules of Crowdin's Android layout among the
// files no other set claims: a folder <dest>/<module>/ of <locale>.xml files
// whose template <module>.xml, an Android resources file, lies in a folder
// beside <dest> (the one named "source" first) or in <dest> itself.
func crowdinCandidates(tree repos.Tree, ps *layout.PathSet) []*layout.Candidate {
	d := crowdinAndroid()
	if d == nil {
		return nil
	}
	byModule := map[string]*layout.Candidate{}
	var out []*layout.Candidate
	for _, p := range ps.Under("") {
		parts := strings.Split(p, "/")
		if len(parts) < 3 || !strings.EqualFold(path.Ext(p), ".xml") || ps.Owner(p) != nil || strings.ContainsAny(p, "*?[") {
			continue
		}
		code := strings.TrimSuffix(parts[len(parts)-1], path.Ext(p))
		if !layout.LooksLikeCode(code) {
			continue
		}
		dir := path.Dir(p)
		c := byModule[dir]
		if c == nil {
			module := parts[len(parts)-2]
			t := crowdinTemplate(tree, ps, path.Dir(dir), module+path.Ext(p))
			if t == "" {
				continue
			}
			c = &layout.Candidate{Detect: d, Raw: dir + "/*" + path.Ext(p), Mask: dir + "/*" + path.Ext(p), Template: t, Langs: map[string]bool{}}
			byModule[dir] = c
			out = append(out, c)
		}
		c.Langs[strings.ToLower(strings.ReplaceAll(code, "-", "_"))] = true
		c.Claimed = append(c.Claimed, p)
	}
	return out
}

// crowdinTemplate returns the template of a module whose translations lie in
// dest/<module>/: dest's sibling folders' file name (those called "source" or
// "sources" first), else dest's own; "" when none is an Android resources file.
func crowdinTemplate(tree repos.Tree, ps *layout.PathSet, dest, name string) string {
	parent := layout.Dir(dest)
	var found []string
	for _, p := range ps.Under(parent) {
		if path.Base(p) != name || ps.Owner(p) != nil {
			continue
		}
		if d := layout.Dir(p); d == dest || layout.Dir(d) == parent {
			found = append(found, p)
		}
	}
	rank := func(p string) int {
		switch strings.ToLower(path.Base(layout.Dir(p))) {
		case "source", "sources", "src":
			return 0
		}
		if layout.Dir(p) == dest {
			return 2
		}
		return 1
	}
	slices.SortStableFunc(found, func(a, b string) int { return rank(a) - rank(b) })
	for _, t := range found {
		if data, err := tree.ReadFile(t); err == nil && hasRoot(data, []string{"resources"}) {
			return t
		}
	}
	return ""
}

// translationExtensions are the extensions of the families' files, and .xml
// (Android strings outside res/values-*/).
var translationExtensions = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{".xml": true}
	for _, d := range formats.Detections() {
		for _, e := range d.Extensions {
			m[e] = true
		}
	}
	return m
})

// unclaimed lists the files that look like translations, an extension of the
// families' and a language code as their name or one of their folders, that no
// set took (used) and no component reads as its template or new base: grouped
// by the mask the code makes, those of two languages or more (one file named
// de.json is more likely a fixture).
func unclaimed(ps *layout.PathSet, used map[string]bool, comps []*Component) []LeftOut {
	for _, c := range comps {
		used[c.Template], used[c.NewBase] = true, true
	}
	exts := translationExtensions()
	byMask := map[string]*LeftOut{}
	var masks []string
	for _, p := range ps.Under("") {
		ext := strings.ToLower(path.Ext(p))
		if used[p] || ps.Owner(p) != nil || !exts[ext] {
			continue
		}
		parts := strings.Split(p, "/")
		last := len(parts) - 1
		wild := -1
		if layout.LooksLikeCode(strings.TrimSuffix(parts[last], path.Ext(p))) {
			wild = last
			parts[last] = "*" + path.Ext(p)
		} else {
			for i := last - 1; i >= 0; i-- {
				if layout.LooksLikeCode(parts[i]) {
					wild, parts[i] = i, "*"
					break
				}
			}
		}
		if wild < 0 {
			continue
		}
		mask := strings.Join(parts, "/")
		if byMask[mask] == nil {
			byMask[mask] = &LeftOut{Mask: mask, Reason: unclaimedReason(ext)}
			masks = append(masks, mask)
		}
		byMask[mask].Files = append(byMask[mask].Files, p)
	}
	var out []LeftOut
	for _, m := range masks {
		if l := byMask[m]; len(l.Files) >= minFilesWithoutTemplate {
			out = append(out, *l)
		}
	}
	return out
}

func unclaimedReason(ext string) string {
	if ext == ".xml" {
		return "no format reads these .xml files where they lie: Android strings are looked for in res/values-*/strings*.xml " +
			"(translation-finder's AndroidDiscovery), and in Crowdin's <dest>/<module>/<locale>.xml only beside a " +
			"<source>/<module>.xml template of Android resources, which is missing"
	}
	return "their names hold language codes, but no filemask of their format's layouts matches them " +
		"(or the files that would make one are too few): a component of them needs its filemask written by hand"
}
