package snapshot

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
)

// fingerprint hashes what the API shows of a snapshot: objects and their ids, file
// blobs, statistics, repository heads and errors, the change log, the alerts and the
// users. It costs a pass over the snapshot (milliseconds for a hundred thousand
// changes) and saves re-rendering every document when nothing changed.
func fingerprint(snap *Snapshot) uint64 {
	f := fingerprinter{h: fnv.New64a()}
	for _, p := range snap.Projects {
		f.int(p.ID)
		for _, c := range p.Components {
			f.int(c.ID)
			f.str(c.Repo.Branch)
			if c.Repo.Head != nil {
				f.h.Write(c.Repo.Head.Hash[:])
			}
			f.err(c.Repo.Err)
			f.err(c.Repo.FetchErr)
			for _, t := range c.Translations {
				f.int(t.ID)
				f.str(t.LanguageCode)
				f.str(t.Filename)
				f.h.Write(t.Blob[:])
				f.h.Write(t.TemplateBlob[:])
				f.stats(&t.Stats)
			}
		}
	}
	if l := snap.Log; l != nil {
		f.int(l.Len())
		f.int(int(l.Seq))
		for i := range l.IDs {
			if !l.Visible(i) {
				continue
			}
			f.int(int(l.IDs[i]))
			f.int(int(l.Units[i]))
			if t := l.Translation(i); t != nil {
				f.int(t.ID)
			}
		}
	}
	for _, a := range snap.Alerts {
		f.str(a.Kind.String())
		f.str(a.Path)
		f.str(a.Message)
	}
	for _, u := range snap.Users {
		f.str(u.Username)
		f.str(u.FullName)
	}
	return f.h.Sum64()
}

type fingerprinter struct {
	h   hash.Hash64
	buf [binary.MaxVarintLen64]byte
}

func (f *fingerprinter) int(v int) {
	n := binary.PutVarint(f.buf[:], int64(v))
	f.h.Write(f.buf[:n])
}

func (f *fingerprinter) str(s string) {
	f.int(len(s))
	f.h.Write([]byte(s))
}

func (f *fingerprinter) err(e error) {
	if e == nil {
		f.int(-1)
		return
	}
	f.str(e.Error())
}

func (f *fingerprinter) stats(s *Stats) {
	for _, v := range []int{s.Total, s.TotalWords, s.TotalChars, s.Translated, s.TranslatedWords, s.TranslatedChars,
		s.Fuzzy, s.FuzzyWords, s.FuzzyChars, s.Failing, s.FailingWords, s.FailingChars,
		s.Approved, s.ApprovedWords, s.ApprovedChars, s.Readonly, s.ReadonlyWords, s.ReadonlyChars,
		s.Suggestions, s.Comments, s.RecentChanges} {
		f.int(v)
	}
	f.int(int(s.LastChange.UnixNano()))
	f.str(s.LastAuthor)
}
