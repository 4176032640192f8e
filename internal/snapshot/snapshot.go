// Package snapshot is the immutable state the API serves — projects, components, translations, their statistics and the change log, as one scan of the repositories found them — as plain data assembled in one place (Build): nothing in it reads a repository.
package snapshot

import (
	"sort"
	"time"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/gitdata"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Snapshot is one complete, immutable state. Nothing in it changes after Finish; a
// re-scan builds a new one and the server swaps it in whole.
type Snapshot struct {
	Projects []*Project // id order
	// Languages are the languages that have at least one translation, in id order.
	Languages []*LanguageEntry
	// Log is the change log, as an index; the changes' JSON stays in the store.
	Log *ChangeLog
	// Users are the authors the change log names, by username.
	Users []*User
	// Alerts are the problems the scan met (also logged as changes with action 47).
	Alerts []*Alert
	// Built is when the scan finished.
	Built time.Time
	// Fingerprint summarises everything the API shows of the snapshot: two snapshots
	// with the same fingerprint answer the same, so a re-scan that finds nothing new
	// keeps the one being served.
	Fingerprint uint64

	projects  map[string]*Project
	languages map[string]*LanguageEntry
	users     map[string]*User
	units     []unitRange // every translation's unit id runs, by first id
}

// Project is one project with its components.
type Project struct {
	ID         int
	Config     *config.Project
	Components []*Component // id order
	Stats      Stats
	// Languages are the project's languages (source included), ordered by English name.
	Languages []*ProjectLanguage

	components map[string]*Component
}

// ProjectLanguage is the sum of one language over a project's components.
type ProjectLanguage struct {
	Language *lang.Language
	Stats    Stats
}

// Repository is what a scan learned about a component's repository.
type Repository struct {
	Kind   gitdata.Kind // "" when the repository could not be opened
	Branch string
	Head   *gitdata.Commit // nil: unknown (not opened, or no commits)
	// Err is why the repository could not be read (nil when it could); the
	// component then shows what was read last.
	Err error
	// FetchErr is why the last fetch of a remote repository failed (nil when it
	// worked): what was fetched before is served.
	FetchErr error
}

// Component is one component with its translations.
type Component struct {
	ID             int
	Project        *Project
	Config         *config.Component
	SourceLanguage *lang.Language
	Format         *formats.Info // nil when the configured format is unknown
	Repo           Repository
	// Translations: the source translation first, then files in path order.
	Translations []*Translation
	Stats        Stats
	Alerts       []*Alert
	// Addons are the add-ons projects.yaml declares, with their ids.
	Addons []*Addon
	// TemplateRepeats are the indexes, among a monolingual template's units as its
	// file holds them, of those that repeat an earlier key: the statistics and the
	// units take the first of a key only.
	TemplateRepeats []int
	// NoChecks is set when the scan ran no quality checks (gitlate's --checks=false):
	// nothing fails.
	NoChecks bool
	// SourceRows counts, per string (a template key, or rules.BilingualKey), the
	// failing quality checks of its units in the translations: two or more make
	// the source unit fail multiple_failures. Strings without any are absent.
	SourceRows map[string]int

	translations map[string]*Translation
}

// Translation is one language of one component.
type Translation struct {
	ID        int
	Component *Component
	Language  *lang.Language
	// LanguageCode is the code as written in the path (pt-rBR); for the source
	// translation it is the source language code.
	LanguageCode string
	// Filename is the repository-relative path ("" for a bilingual source translation).
	Filename string
	// Blob and TemplateBlob are the git blob ids of the file and of the template
	// (monolingual) or of the file again (bilingual).
	Blob, TemplateBlob gitdata.Hash
	IsTemplate         bool
	IsSource           bool
	Stats              Stats
	// UnitIDs gives the units their ids, by position.
	UnitIDs UnitIDs
	// UnitTimes says when units last changed according to the history, by unit id;
	// units it does not name take the translation's last change.
	UnitTimes []UnitTime
}

// Revision is the API's revision field: the two blob ids joined by a comma.
func (t *Translation) Revision() string {
	return t.Blob.String() + "," + t.TemplateBlob.String()
}

// Addon is an add-on a component declares (gitlate runs none; the API lists them).
type Addon struct {
	ID     int
	Config *config.Addon
}

// LanguageEntry is one language summed over every project.
type LanguageEntry struct {
	Language     *lang.Language
	Stats        Stats
	Translations []*Translation
}

// User is an author named by the change log.
type User struct {
	Username string
	FullName string
	Email    string
}

// Change is one entry of the change log.
type Change struct {
	ID        int
	Timestamp time.Time
	Action    weblate.Action
	Target    string
	// Count is how many strings an action 44 stands for (its label is pluralised).
	Count       int
	Project     *Project
	Component   *Component   // nil for project-level changes
	Translation *Translation // nil unless the change is about one translation
	UnitID      int          // 0: no unit
	User        *User        // nil for automatic changes
	Author      *User
}

// Alert is a problem the scan met in a component.
type Alert struct {
	Component *Component
	Kind      weblate.AlertKind
	Path      string // the file concerned, if any
	Message   string
}

// Finish indexes the snapshot for lookups; call it once, after filling it.
func (s *Snapshot) Finish() {
	s.projects = make(map[string]*Project, len(s.Projects))
	for _, p := range s.Projects {
		s.projects[p.Config.Slug] = p
		p.components = make(map[string]*Component, len(p.Components))
		for _, c := range p.Components {
			p.components[c.Config.Slug] = c
			c.translations = make(map[string]*Translation, len(c.Translations))
			for _, t := range c.Translations {
				c.translations[t.Language.Code] = t
			}
		}
	}
	s.languages = make(map[string]*LanguageEntry, len(s.Languages))
	for _, l := range s.Languages {
		s.languages[l.Language.Code] = l
	}
	if s.Log == nil {
		s.Log = &ChangeLog{}
	}
	s.indexUnits()
	s.users = make(map[string]*User, len(s.Users))
	for _, u := range s.Users {
		s.users[u.Username] = u
	}
}

// Project returns the project with the given slug.
func (s *Snapshot) Project(slug string) *Project { return s.projects[slug] }

// Language returns the entry of a language that has translations.
func (s *Snapshot) Language(code string) *LanguageEntry { return s.languages[code] }

// User returns a user by username.
func (s *Snapshot) User(username string) *User { return s.users[username] }

// Component returns the project's component with the given slug.
func (p *Project) Component(slug string) *Component { return p.components[slug] }

// Translation returns the component's translation in the language with that canonical code.
func (c *Component) Translation(code string) *Translation { return c.translations[code] }

// Aggregate computes every sum from the translations' statistics: components,
// projects, project languages and languages. The scanner calls it before Finish.
func (s *Snapshot) Aggregate() {
	byLang := map[string]*LanguageEntry{}
	// Lists are in id order, as Weblate lists them; ids come from a store that keeps
	// them across config edits and new files, so scan order may differ.
	sort.SliceStable(s.Projects, func(i, j int) bool { return s.Projects[i].ID < s.Projects[j].ID })
	for _, p := range s.Projects {
		sort.SliceStable(p.Components, func(i, j int) bool { return p.Components[i].ID < p.Components[j].ID })
		for _, c := range p.Components {
			sort.SliceStable(c.Translations, func(i, j int) bool { return c.Translations[i].ID < c.Translations[j].ID })
		}
	}
	for _, p := range s.Projects {
		p.Stats = Stats{}
		projLangs := map[string]*ProjectLanguage{}
		for _, c := range p.Components {
			c.Stats = Stats{}
			for _, t := range c.Translations {
				c.Stats.Add(&t.Stats)
				pl := projLangs[t.Language.Code]
				if pl == nil {
					pl = &ProjectLanguage{Language: t.Language}
					projLangs[t.Language.Code] = pl
				}
				pl.Stats.Add(&t.Stats)
				le := byLang[t.Language.Code]
				if le == nil {
					le = &LanguageEntry{Language: t.Language}
					byLang[t.Language.Code] = le
				}
				le.Stats.Add(&t.Stats)
				le.Translations = append(le.Translations, t)
			}
			p.Stats.Add(&c.Stats)
		}
		p.Languages = p.Languages[:0]
		for _, pl := range projLangs {
			p.Languages = append(p.Languages, pl)
		}
		sort.Slice(p.Languages, func(i, j int) bool {
			a, b := p.Languages[i].Language, p.Languages[j].Language
			if a.Name != b.Name {
				return a.Name < b.Name
			}
			return a.Code < b.Code
		})
	}
	s.Languages = s.Languages[:0]
	for _, le := range byLang {
		s.Languages = append(s.Languages, le)
	}
	sort.Slice(s.Languages, func(i, j int) bool {
		a, b := s.Languages[i].Language, s.Languages[j].Language
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		return a.Code < b.Code
	})
}

// Unit is one string of a translation, as /api/units/ shows it. Units are read from
// the files on demand, not kept in the snapshot.
type Unit struct {
	ID      int
	Source  []string // plural forms of the source
	Target  []string // plural forms of the translation
	Context string   // Android name, TBX term id, PO msgctxt
	Note    string
	// Location, Flags and Explanation are what the file says of the string (see
	// formats.Unit).
	Location, Flags, Explanation string
	State                        weblate.State
	Position                     int // 1-based, in file (or template) order
	NumWords                     int
	// IDHash and ContentHash are Weblate's signed 64-bit SipHash values.
	IDHash, ContentHash int64
	// SourceUnit is the id of the source translation's unit for the same string.
	SourceUnit int
	// Timestamp is the time of the unit's last change in the history, or of the
	// translation's, or of the branch head when the history says nothing.
	Timestamp time.Time
	// Checks are the ids of the quality checks the unit fails, in Weblate's order.
	Checks []string
	// Line is the 1-based line of the string in the translation's file (the
	// template's for the source translation of a monolingual component); 0 when
	// the file lacks it.
	Line int
}

// Label is the change's label, as Weblate words it.
func (ch *Change) Label() string { return ch.Action.Label(ch.Count) }
