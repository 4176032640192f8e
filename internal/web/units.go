package web

import (
	"html/template"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/rules"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// unitsPerPage keeps a page of a large translation well under 100 KB.
const unitsPerPage = 100

// unitList is the searchable, read-only list of a translation's strings.
type unitList struct {
	// Available is false when nothing can read units; the page then points to
	// the API instead.
	Available bool
	Err       string
	Query     string
	// Checksum names the unit shown first and marked (a unit's web_url,
	// /translate/…/?checksum=); FocusMissing is true when no unit has it.
	Checksum     string
	FocusMissing bool
	Rows         []unitRow
	// Matching counts the units the query selects, All every unit.
	Matching, All int
	Page, Pages   int
	Prev, Next    string
}

type unitRow struct {
	ID             int
	Context        string
	Source, Target []form
	State, Class   string
	Focus          bool // the unit the checksum names
	Checks         []*rules.Check
}

// checkGroup is one quality check with the strings of a translation that fail
// it, as the translation's page lists them.
type checkGroup struct {
	Check   *rules.Check
	Count   int
	Strings []checkString // the first checkGroupShown
	More    int           // the strings not listed
}

type checkString struct {
	Label string // the key, else the source's first form
	URL   string // the string on the translate page
}

// checkGroupShown bounds the strings a group lists; the count tells the rest.
const checkGroupShown = 20

// checkGroups groups the failing strings of t by check, in Weblate's order of
// checks; translate is the translate page's address.
func (s *Server) checkGroups(t *snapshot.Translation, translate string) ([]checkGroup, error) {
	if s.opts.Units == nil || t.Stats.Failing == 0 {
		return nil, nil
	}
	units, err := s.opts.Units.Units(t)
	if err != nil {
		return nil, err
	}
	byID := map[string]*checkGroup{}
	for i := range units {
		u := &units[i]
		for _, id := range u.Checks {
			g := byID[id]
			if g == nil {
				g = &checkGroup{Check: rules.CheckByID(id)}
				if g.Check == nil {
					continue
				}
				byID[id] = g
			}
			g.Count++
			if len(g.Strings) < checkGroupShown {
				label := u.Context
				if label == "" && len(u.Source) > 0 {
					label = u.Source[0]
				}
				g.Strings = append(g.Strings, checkString{Label: label,
					URL: translate + "?checksum=" + weblate.Checksum(u.IDHash) + "#strings"})
			}
		}
	}
	var out []checkGroup
	for _, c := range rules.Checks() {
		if g := byID[c.ID]; g != nil {
			g.More = g.Count - len(g.Strings)
			out = append(out, *g)
		}
	}
	return out, nil
}

// form is one plural form of a string as a page shows it.
type form struct {
	// Label names the form by its CLDR plural category ("one", "few"); "" for a
	// string without plural forms.
	Label string
	Text  template.HTML // richText
}

// forms prepares the forms of a string for a page; tags are the categories the
// forms are ordered by. Forms whose count differs from the categories' (a file
// with its own plural rule) are numbered instead.
func forms(texts, tags []string) []form {
	out := make([]form, len(texts))
	for i, s := range texts {
		out[i].Text = richText(s)
		switch {
		case len(texts) == 1:
		case len(tags) == len(texts):
			out[i].Label = tags[i]
		default:
			out[i].Label = "form " + strconv.Itoa(i+1)
		}
	}
	return out
}

// pluralTags are the categories the plural forms of c's strings in language l
// are ordered by, whose file names it code: the format's own table where it has
// one (Android's, in translate-toolkit), else the language's CLDR categories.
func pluralTags(c *snapshot.Component, l *lang.Language, code string) []string {
	if c.Format != nil {
		return c.Format.PluralTags(code)
	}
	return l.Categories
}

// unitRank orders the list: what needs work first, read-only strings last.
func unitRank(state weblate.State) int {
	switch {
	case state == weblate.StateEmpty:
		return 0
	case state == weblate.StateFuzzy:
		return 1
	case state >= weblate.StateReadOnly:
		return 4
	case state >= weblate.StateApproved:
		return 3
	default:
		return 2
	}
}

func unitState(state weblate.State) (label, class string) {
	switch unitRank(state) {
	case 0:
		return "Untranslated", "empty"
	case 1:
		return "Needs editing", "fuzzy"
	case 3:
		return "Approved", "ok"
	case 4:
		return "Read-only", "ro"
	default:
		return "Translated", "ok"
	}
}

// unitList lists the units of t that query selects, page page of them (the last
// when page is past it); self is the page's own address, which the pager's links
// extend. The units are read through t, that is through the snapshot it belongs
// to, so a re-scan between the page's lookup and the read cannot mix two states.
// checksum, when not "", names a unit (Weblate's checksum of its id_hash, as a
// unit's web_url carries it): the first page shows it first, marked.
func (s *Server) unitList(t *snapshot.Translation, self, query, checksum string, page int) unitList {
	l := unitList{Query: query, Checksum: checksum}
	if s.opts.Units == nil {
		return l
	}
	l.Available = true
	units, err := s.opts.Units.Units(t)
	if err != nil {
		l.Err = err.Error()
		return l
	}
	l.All = len(units)
	// Pointers: the reader's units are shared, and sorting copies of them moved
	// whole units around.
	picked := make([]*snapshot.Unit, 0, len(units))
	q := strings.ToLower(l.Query)
	for i := range units {
		if q == "" || unitMatches(&units[i], q) {
			picked = append(picked, &units[i])
		}
	}
	sort.SliceStable(picked, func(i, j int) bool { return unitRank(picked[i].State) < unitRank(picked[j].State) })
	var focus *snapshot.Unit
	if checksum != "" {
		i := slices.IndexFunc(picked, func(u *snapshot.Unit) bool { return strings.EqualFold(weblate.Checksum(u.IDHash), checksum) })
		if i >= 0 {
			focus = picked[i]
			copy(picked[1:i+1], picked[:i])
			picked[0] = focus
		} else {
			l.FocusMissing = true
		}
	}
	l.Matching = len(picked)
	l.Pages = max(1, (len(picked)+unitsPerPage-1)/unitsPerPage)
	l.Page = min(max(page, 1), l.Pages)
	lo := (l.Page - 1) * unitsPerPage
	c := t.Component
	var srcTags []string
	if c.SourceLanguage != nil {
		srcTags = pluralTags(c, c.SourceLanguage, c.SourceLanguage.Code)
	}
	tags := pluralTags(c, t.Language, t.LanguageCode)
	if t.IsSource {
		tags = srcTags
	}
	for _, un := range picked[lo:min(lo+unitsPerPage, len(picked))] {
		label, class := unitState(un.State)
		l.Rows = append(l.Rows, unitRow{ID: un.ID, Context: un.Context, Source: forms(un.Source, srcTags),
			Target: forms(un.Target, tags), State: label, Class: class, Focus: un == focus, Checks: checksOf(un)})
	}
	pageURL := func(n int) string {
		v := url.Values{}
		if l.Query != "" {
			v.Set("q", l.Query)
		}
		if l.Checksum != "" {
			// The same order on every page: the named unit first.
			v.Set("checksum", l.Checksum)
		}
		if n > 1 {
			v.Set("page", strconv.Itoa(n))
		}
		u := self
		if enc := v.Encode(); enc != "" {
			u += "?" + enc
		}
		return u + "#strings"
	}
	if l.Page > 1 {
		l.Prev = pageURL(l.Page - 1)
	}
	if l.Page < l.Pages {
		l.Next = pageURL(l.Page + 1)
	}
	return l
}

func checksOf(u *snapshot.Unit) []*rules.Check {
	var out []*rules.Check
	for _, id := range u.Checks {
		if c := rules.CheckByID(id); c != nil {
			out = append(out, c)
		}
	}
	return out
}

func unitMatches(u *snapshot.Unit, q string) bool {
	if strings.Contains(strings.ToLower(u.Context), q) {
		return true
	}
	for _, f := range u.Source {
		if strings.Contains(strings.ToLower(f), q) {
			return true
		}
	}
	for _, f := range u.Target {
		if strings.Contains(strings.ToLower(f), q) {
			return true
		}
	}
	return false
}
