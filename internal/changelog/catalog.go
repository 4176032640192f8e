package changelog

import (
	"maps"
	"slices"
	"strings"

	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/weblate"
)

// A component whose one file holds every language (formats.MultiLanguage:
// Xcode's string catalog) has that file as its template, and each language of it
// is a translation. The walk keeps each language as if it were a file of its
// own, under the path langPath gives it (the catalog's path and the language's
// code as the catalog writes it), so that what it does for language files —
// adding, removing, comparing a language's units with its last version — it
// does for the languages of the catalog. A commit touching the catalog changes
// the languages whose units it changed, and those only.

// langPath is where the walk keeps language code of the file at path: a NUL,
// which no path in git holds, separates them.
func langPath(path, code string) string { return path + "\x00" + code }

// splitLangPath undoes langPath; ok is false for the path of a file.
func splitLangPath(lp string) (path, code string, ok bool) { return strings.Cut(lp, "\x00") }

// catalogLanguages maps the languages of a version of the catalog to their
// canonical codes, by their langPath: every language but the source language,
// resolved by the component's rule as the scan resolves them (fileLanguages),
// the first of two that resolve alike keeping the code. A version that does not
// parse has none.
func (w *walker) catalogLanguages(data []byte) map[string]string {
	_, langs, err := w.multi.Languages(data)
	if err != nil {
		return nil
	}
	path := w.c.Config.Template
	out := map[string]string{}
	taken := map[string]bool{w.c.SourceLanguage.Code: true}
	for _, code := range langs {
		l, ok, err := w.pl.Language(code, w.c.SourceLanguage)
		if !ok || err != nil || taken[l.Code] {
			continue
		}
		taken[l.Code] = true
		out[langPath(path, code)] = l.Code
	}
	return out
}

// catalogCommit applies a commit's change of the catalog to its languages: a
// language it no longer holds is removed, a new one added, and one whose units
// changed updated, with the units that became translated or changed. A version
// that does not parse changes no language: the next that does shows the
// difference.
func (w *walker) catalogCommit(cm *repos.Commit, ch *repos.FileChange) {
	st := w.st
	path := w.c.Config.Template
	var now map[string]string
	var data []byte
	if !ch.To.IsZero() {
		data = w.blob(ch.To)
		if _, _, err := w.multi.Languages(data); err != nil {
			return
		}
		now = w.catalogLanguages(data)
	}
	for _, lp := range sortedPaths(st.Langs) {
		if p, _, ok := splitLangPath(lp); !ok || p != path {
			continue
		}
		if _, kept := now[lp]; !kept {
			w.emit(cm, event{action: weblate.ActionRemoveLanguage, path: lp, lang: st.Langs[lp]})
			w.fileRemoved(st.Langs[lp], lp)
			delete(st.Langs, lp)
			delete(st.Blobs, lp)
			delete(st.texts, lp)
		}
	}
	for _, lp := range slices.Sorted(maps.Keys(now)) {
		code := now[lp]
		cur := w.texts(data, lp)
		var old map[string]unitText
		if st.Langs[lp] == "" {
			w.emit(cm, event{action: weblate.ActionAddedLanguage, path: lp, lang: code})
		} else {
			old = w.oldTexts(lp)
			if maps.Equal(old, cur) {
				// The commit changed other languages, or the source.
				st.Blobs[lp] = ch.To
				st.texts[lp] = cur
				continue
			}
			w.emit(cm, event{action: weblate.ActionResourceUpdate, path: lp, lang: code})
		}
		// The template's change marked the languages the catalog held before it;
		// a language it adds is marked here, so its progress starts at this commit.
		w.fileChanged(code, old, cur)
		st.Langs[lp] = code
		st.Blobs[lp] = ch.To
		st.texts[lp] = cur
		w.diffUnits(cm, lp, code, old, cur)
	}
}
