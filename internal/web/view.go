package web

import (
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

var funcs = template.FuncMap{
	"iso":   func(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000Z") },
	"human": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
	"list":  func(b badgeLink) []badgeLink { return []badgeLink{b} },
	"langTable": func(head, caption string, rows []langRow) table[langRow] {
		return table[langRow]{head, caption, rows}
	},
	"translationTable": func(head, caption string, rows []translationRow) table[translationRow] {
		return table[translationRow]{head, caption, rows}
	},
}

// table feeds a shared table template: its first column's heading, its caption
// and its rows.
type table[T any] struct {
	Head, Caption string
	Rows          []T
}

// stats wraps a snapshot's counters with the percentages the API writes, computed
// by the same function with the same rules, so a page never disagrees with the API.
type stats struct {
	*snapshot.Stats
}

// pct writes a percentage as the API does: one decimal, always.
func pct(p float64) string { return weblate.FormatPercent(p) }

func (s stats) TranslatedPercent() string {
	return pct(weblate.Percent(s.Translated, s.Total, true))
}
func (s stats) TranslatedWordsPercent() string {
	return pct(weblate.Percent(s.TranslatedWords, s.TotalWords, true))
}
func (s stats) TranslatedCharsPercent() string {
	return pct(weblate.Percent(s.TranslatedChars, s.TotalChars, true))
}
func (s stats) FuzzyPercent() string    { return pct(weblate.Percent(s.Fuzzy, s.Total, false)) }
func (s stats) ReadonlyPercent() string { return pct(weblate.Percent(s.Readonly, s.Total, false)) }
func (s stats) ApprovedPercent() string { return pct(weblate.Percent(s.Approved, s.Total, false)) }
func (s stats) FailingPercent() string  { return pct(weblate.Percent(s.Failing, s.Total, false)) }

// Untranslated is what is left to do: neither translated nor fuzzy.
func (s stats) Untranslated() int { return s.Total - s.Translated - s.Fuzzy }

// bar is a stacked progress bar: translated (read-only apart), fuzzy, the rest empty.
type bar struct {
	Now  string // translated percent, for aria-valuenow
	Text string // the text equivalent of the whole bar
	Segs []seg
}

type seg struct {
	Class, Width string
}

// Bar draws the statistics. Widths are exact shares (the labels carry the rounded
// percentages); an empty object is drawn full, as its 100.0% says.
func (s stats) Bar() bar {
	b := bar{Now: s.TranslatedPercent()}
	b.Text = b.Now + "% translated"
	if s.Fuzzy > 0 {
		b.Text += ", " + s.FuzzyPercent() + "% needing review"
	}
	if s.Readonly > 0 {
		b.Text += ", " + s.ReadonlyPercent() + "% read-only"
	}
	if s.Total == 0 {
		b.Segs = []seg{{Class: "ok", Width: "100"}}
		return b
	}
	share := func(n int) string {
		return strconv.FormatFloat(float64(n)*100/float64(s.Total), 'f', 2, 64)
	}
	if n := s.Translated - s.Readonly; n > 0 {
		b.Segs = append(b.Segs, seg{Class: "ok", Width: share(n)})
	}
	if s.Readonly > 0 {
		b.Segs = append(b.Segs, seg{Class: "ro", Width: share(s.Readonly)})
	}
	if s.Fuzzy > 0 {
		b.Segs = append(b.Segs, seg{Class: "fuzzy", Width: share(s.Fuzzy)})
	}
	return b
}

// urls builds the links of the pages, under the server's path prefix. The paths
// are those the API writes (snapshot/urls.go), so following web_url lands here.
type urls struct{ prefix string }

func (u urls) home() string      { return u.prefix + "/" }
func (u urls) projects() string  { return u.prefix + "/projects/" }
func (u urls) languages() string { return u.prefix + "/languages/" }
func (u urls) project(p *snapshot.Project) string {
	return u.prefix + p.WebPath()
}
func (u urls) component(c *snapshot.Component) string {
	return u.prefix + c.WebPath()
}
func (u urls) translation(t *snapshot.Translation) string {
	return u.prefix + t.WebPath()
}
func (u urls) translate(t *snapshot.Translation) string {
	return u.prefix + t.TranslatePath()
}

// engage is the invitation to translate p, into l when it is not nil.
func (u urls) engage(p *snapshot.Project, l *lang.Language) string {
	if l == nil {
		return u.prefix + p.EngagePath()
	}
	return u.prefix + p.LanguageEngagePath(l)
}
func (u urls) language(l *lang.Language) string { return u.prefix + snapshot.LanguageWebPath(l) }

// widget is the address of a badge or chart: lang and component may be nil.
func (u urls) widget(p *snapshot.Project, l *lang.Language, c *snapshot.Component, name string) string {
	s := u.prefix + "/widgets/" + p.Config.Slug + "/"
	if l != nil {
		s += snapshot.LanguageSegment(l) + "/"
	} else {
		s += "-/"
	}
	if c != nil {
		s += c.Config.Slug + "/"
	}
	return s + name
}

// change is one line of a "recent changes" list.
type change struct {
	When   time.Time
	Action string
	Who    string
	// Target is the new text (its plural forms), in the language Lang written in
	// direction Dir.
	Target    []form
	Lang, Dir string
	Object    link
}

// maxChanges bounds every change list: the page shows the latest, the API has all.
const maxChanges = 10

// recentChanges lists the newest changes first.
func (s *Server) recentChanges(all []*snapshot.Change) []change {
	u := urls{s.opts.Prefix}
	n := min(len(all), maxChanges)
	out := make([]change, 0, n)
	for i := len(all) - 1; i >= len(all)-n; i-- {
		ch := all[i]
		v := change{When: ch.Timestamp, Action: ch.Label()}
		var texts []string
		if ch.Target != "" {
			texts = strings.Split(ch.Target, weblate.PluralSeparator)
		}
		switch {
		case ch.Author != nil:
			v.Who = userName(ch.Author)
		case ch.User != nil:
			v.Who = userName(ch.User)
		}
		switch {
		case ch.Translation != nil:
			t := ch.Translation
			v.Object = link{t.Component.Project.Config.Name + " / " + t.Component.Config.Name + " / " + t.Language.Label(), u.translation(t)}
			l, code := t.Language, t.LanguageCode
			if ch.Action == weblate.ActionSourceChange && t.Component.SourceLanguage != nil {
				// A source string change carries source text.
				l, code = t.Component.SourceLanguage, t.Component.SourceLanguage.Code
			}
			v.Lang, v.Dir = htmlLang(l.Code), l.Direction
			v.Target = forms(texts, pluralTags(t.Component, l, code))
		case ch.Component != nil:
			v.Object = link{ch.Component.Project.Config.Name + " / " + ch.Component.Config.Name, u.component(ch.Component)}
		case ch.Project != nil:
			v.Object = link{ch.Project.Config.Name, u.project(ch.Project)}
		}
		if v.Target == nil && texts != nil {
			v.Target = forms(texts, nil)
		}
		out = append(out, v)
	}
	return out
}

func userName(u *snapshot.User) string {
	if u.FullName != "" {
		return u.FullName
	}
	return u.Username
}
