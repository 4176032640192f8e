package changelog

import (
	"context"
	"sort"
	"strings"

	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/repos"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/store"
	"github.com/gitlate/gitlate/internal/weblate"
)

// The walk records the statistics of each translation at each commit that changed
// it (internal/progress), counted from the versions of the files it reads anyway:
// a changed file's units (texts), the template's. A template change counts every
// translation again, reading a file the walk has not read yet once.

// progressVersion is the version of what the walk records; a component walked by
// an earlier one is walked again (position.Progress).
const progressVersion = 1

// progressVersion is what this Log's walks record: 0, nothing, with NoProgress.
func (l *Log) progressVersion() int {
	if l.opts.NoProgress {
		return 0
	}
	return progressVersion
}

// srcUnit is a distinct unit of a bilingual component's files: the files holding
// it, and its source words and characters.
type srcUnit struct {
	N, Words, Chars int32
}

// mark marks a translation as changed by the commit being walked.
func (w *walker) mark(code string) {
	if !w.prog {
		return
	}
	if w.touched == nil {
		w.touched = map[string]bool{}
	}
	w.touched[code] = true
}

// touchAll marks every translation, the source one included, as changed: the
// component appeared, the template changed, or the walk starts within the history.
// A bilingual component's source translation is counted from every file then
// (its files were not read yet).
func (w *walker) touchAll() {
	if !w.prog {
		return
	}
	st := w.st
	if !w.c.Format.Monolingual && len(st.Src) == 0 {
		for _, p := range sortedPaths(st.Langs) {
			w.fileChanged(st.Langs[p], nil, w.oldTexts(p))
		}
	}
	for _, code := range st.Langs {
		w.mark(code)
	}
	w.mark(w.c.SourceLanguage.Code)
}

// fileChanged notes that the file of a translation went from old to cur (nil:
// absent); a bilingual component's source translation changes with the distinct
// units of its files.
func (w *walker) fileChanged(code string, old, cur map[string]unitText) {
	w.mark(code)
	if !w.prog || w.c.Format.Monolingual {
		return
	}
	st := w.st
	if st.Src == nil {
		st.Src = map[string]srcUnit{}
	}
	for k := range old {
		u := st.Src[k]
		if u.N <= 1 {
			delete(st.Src, k)
			w.mark(w.c.SourceLanguage.Code)
			continue
		}
		u.N--
		st.Src[k] = u
	}
	for k, t := range cur {
		u, ok := st.Src[k]
		if !ok {
			u = srcUnit{Words: t.words, Chars: t.chars}
			w.mark(w.c.SourceLanguage.Code)
		}
		u.N++
		st.Src[k] = u
	}
}

// fileRemoved notes that the file at path, of a translation, is gone.
func (w *walker) fileRemoved(code, path string) {
	if !w.prog || w.c.Format.Monolingual {
		w.mark(code)
		return
	}
	w.fileChanged(code, w.oldTexts(path), nil)
}

// record counts the translations the commit changed, once it is walked.
func (w *walker) record(cm *repos.Commit) {
	if len(w.touched) == 0 {
		return
	}
	st := w.st
	paths := make(map[string]string, len(st.Langs))
	for p, code := range st.Langs {
		paths[code] = p
	}
	codes := make([]string, 0, len(w.touched))
	for code := range w.touched {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	pc := progress.Commit{Time: cm.Committer.When, ID: cm.Hash, Translations: make([]progress.Translation, len(codes))}
	src := w.c.SourceLanguage.Code
	for i, code := range codes {
		t := &pc.Translations[i]
		t.Language = code
		switch p, ok := paths[code]; {
		case code == src:
			t.Stats = w.sourceStats()
		case ok:
			t.Stats = w.stats(w.oldTexts(p))
		}
	}
	w.points = append(w.points, pc)
	clear(w.touched)
}

// stats counts a translation from its file's units, as the scan counts it
// (scan's monolingualStats and bilingualStats), failing checks aside.
func (w *walker) stats(texts map[string]unitText) progress.Stats {
	var s progress.Stats
	if w.c.Format.Monolingual {
		for i := range w.st.Tmpl {
			e := &w.st.Tmpl[i]
			state := weblate.StateEmpty
			switch u, ok := texts[e.Key]; {
			case e.Locks:
				state = weblate.StateReadOnly
			case ok:
				state = u.state
			}
			s.AddUnit(state, int(e.Words), int(e.Chars))
		}
		return s
	}
	for _, u := range texts {
		s.AddUnit(u.state, int(u.words), int(u.chars))
	}
	return s
}

// sourceStats counts the source translation: the template's units (read-only
// unless the template may be edited), or every distinct unit of the files.
func (w *walker) sourceStats() progress.Stats {
	var s progress.Stats
	if w.c.Format.Monolingual {
		edit := w.c.Config.EditTemplate
		for i := range w.st.Tmpl {
			e := &w.st.Tmpl[i]
			state := weblate.StateReadOnly
			if edit {
				state = e.State
			}
			s.AddUnit(state, int(e.Words), int(e.Chars))
		}
		return s
	}
	for _, u := range w.st.Src {
		s.AddUnit(weblate.StateReadOnly, int(u.Words), int(u.Chars))
	}
	return s
}

// progressRecords are what a walk stores of its points: from the state's next
// seq, or from 0 for a walk that started over (whose scope is reset).
func (w *walker) progressRecords(key string) []store.ProgressRecord {
	if w.fresh {
		w.st.ProgSeq = 0
	}
	out := make([]store.ProgressRecord, len(w.points))
	for i := range w.points {
		out[i] = store.ProgressRecord{Scope: key, Seq: w.st.ProgSeq, Value: w.points[i].Encode()}
		w.st.ProgSeq++
	}
	return out
}

// Progress is the statistics over time of the walked histories, as the store
// holds them (the walks of other replicas included, as their positions are read).
func (l *Log) Progress() progress.Source { return l.prog }

// readProgress reads a component's points from the store into the index.
func (l *Log) readProgress(ctx context.Context, key string) error {
	var cs []progress.Commit
	err := l.st.Progress(ctx, key, func(_ int64, v []byte) error {
		c, err := progress.DecodeCommit(v)
		if err != nil {
			l.opts.Logger.Warn("a stored progress record cannot be read; it is left out", "component", key, "err", err)
			return nil
		}
		cs = append(cs, c)
		return nil
	})
	if err != nil {
		return err
	}
	project, comp, _ := strings.Cut(key, "/")
	if cs == nil {
		cs = []progress.Commit{}
	}
	l.prog.Set(project, comp, cs)
	return nil
}

// keepProgress drops from the index the components the configuration no longer
// has.
func (l *Log) keepProgress(snap *snapshot.Snapshot) {
	keep := map[string]bool{}
	for _, p := range snap.Projects {
		for _, c := range p.Components {
			keep[p.Config.Slug+"/"+c.Config.Slug] = true
		}
	}
	l.prog.Retain(func(project, comp string) bool { return keep[project+"/"+comp] })
}
