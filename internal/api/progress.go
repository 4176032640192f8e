package api

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/cespare/xxhash/v2"

	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/weblate"
)

// Progress over time (internal/progress): the statistics of a translation, a
// component, a project or a language at each commit of the history, or at the end
// of each day, week or month. Weblate has nothing like it, so the routes live
// outside its paths, under /api/x/.

func init() {
	const desc = "Statistics over time, from the git history (gitlate)."
	routes = append(routes,
		route{path: "/api/x/progress/languages/:language/", allow: allowRead, name: "Language progress", desc: desc, get: getLanguageProgress, live: true, anyFormat: true},
		route{path: "/api/x/progress/:project/", allow: allowRead, name: "Project progress", desc: desc, get: getProjectProgress, live: true, anyFormat: true},
		route{path: "/api/x/progress/:project/:component/", allow: allowRead, name: "Component progress", desc: desc, get: getComponentProgress, live: true, anyFormat: true},
		route{path: "/api/x/progress/:project/:component/:language/", allow: allowRead, name: "Translation progress", desc: desc, get: getTranslationProgress, live: true, anyFormat: true},
	)
}

// progressObject names what a progress answer is about.
type progressObject struct {
	kind                         string // "project", "component", "translation", "language"
	project, component, language string
	url                          string // the object's API path
}

func getProjectProgress(r *request) error {
	p, err := r.project()
	if err != nil {
		return err
	}
	o := progressObject{kind: "project", project: p.Config.Slug, url: p.APIPath()}
	return r.writeProgress(o, func(src progress.Source, w progress.Window) progress.Series { return src.Project(o.project, w) })
}

func getComponentProgress(r *request) error {
	c, err := r.component()
	if err != nil {
		return err
	}
	o := progressObject{kind: "component", project: c.Project.Config.Slug, component: c.Config.Slug, url: c.APIPath()}
	return r.writeProgress(o, func(src progress.Source, w progress.Window) progress.Series {
		return src.Component(o.project, o.component, w)
	})
}

func getTranslationProgress(r *request) error {
	t, err := r.translation()
	if err != nil {
		return err
	}
	o := progressObject{kind: "translation", project: t.Component.Project.Config.Slug, component: t.Component.Config.Slug,
		language: t.Language.Code, url: t.APIPath()}
	return r.writeProgress(o, func(src progress.Source, w progress.Window) progress.Series {
		return src.Translation(o.project, o.component, o.language, w)
	})
}

func getLanguageProgress(r *request) error {
	le, err := r.language()
	if err != nil {
		return err
	}
	o := progressObject{kind: "language", language: le.Language.Code, url: "/api/languages/" + url.PathEscape(le.Language.Code) + "/"}
	return r.writeProgress(o, func(src progress.Source, w progress.Window) progress.Series { return src.Language(o.language, w) })
}

// progressWindow reads ?since=, ?until= (a date, 2024-01-31, or an RFC 3339 time;
// a date as until means its whole day) and ?interval= (day, week, month; none:
// every commit).
func (r *request) progressWindow() (progress.Window, error) {
	var w progress.Window
	var err error
	if v, ok := r.query("since"); ok && v != "" {
		if w.Since, err = progressTime(v, false); err != nil {
			return w, badRequest("since: " + err.Error())
		}
	}
	if v, ok := r.query("until"); ok && v != "" {
		if w.Until, err = progressTime(v, true); err != nil {
			return w, badRequest("until: " + err.Error())
		}
	}
	if !w.Since.IsZero() && !w.Until.IsZero() && w.Until.Before(w.Since) {
		return w, badRequest("until is before since.")
	}
	v, _ := r.query("interval")
	iv, ok := progress.ParseInterval(v)
	if !ok {
		return w, badRequest(`interval: "` + v + `" is not one of day, week, month.`)
	}
	w.Interval = iv
	return w, nil
}

// progressTime reads a date (its start, or its end when end is set) or an RFC 3339
// time, in UTC.
func progressTime(v string, end bool) (time.Time, error) {
	if d, err := time.Parse(time.DateOnly, v); err == nil {
		if end {
			return d.AddDate(0, 0, 1).Add(-time.Microsecond), nil
		}
		return d, nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, &apiError{detail: `"` + v + `" is neither a date (2024-01-31) nor an RFC 3339 time (2024-01-31T12:00:00Z).`}
	}
	return t.UTC(), nil
}

var csvType = []string{"text/csv; charset=utf-8"}

// writeProgress answers with the object's series: JSON, or CSV for ?format=csv.
func (r *request) writeProgress(o progressObject, series func(progress.Source, progress.Window) progress.Series) error {
	format, _ := r.query("format")
	switch format {
	case "", "api", "json", "csv":
	default:
		return badRequest(`format: "` + format + `" is not one of json, csv.`)
	}
	w, err := r.progressWindow()
	if err != nil {
		return err
	}
	var s progress.Series
	if src := r.s.opts.Progress; src != nil {
		s = series(src, w)
	}
	if format == "csv" {
		body := progressCSV(s)
		r.addSum(xxhash.Sum64(body))
		r.send(http.StatusOK, body, csvType)
		return nil
	}
	return r.writeDoc(render(func(e *enc) { writeProgressJSON(e, o, w, s) }))
}

// progressColumns are a point's counts, in the order of the JSON keys and the CSV
// columns.
var progressColumns = []struct {
	key string
	get func(*progress.Stats) int
	pct func(*progress.Stats) float64
}{
	{"total", func(s *progress.Stats) int { return s.Total }, nil},
	{"total_words", func(s *progress.Stats) int { return s.TotalWords }, nil},
	{"total_chars", func(s *progress.Stats) int { return s.TotalChars }, nil},
	{"translated", func(s *progress.Stats) int { return s.Translated }, nil},
	{"translated_words", func(s *progress.Stats) int { return s.TranslatedWords }, nil},
	{"translated_chars", func(s *progress.Stats) int { return s.TranslatedChars }, nil},
	{"translated_percent", nil, (*progress.Stats).TranslatedPercent},
	{"translated_words_percent", nil, (*progress.Stats).TranslatedWordsPercent},
	{"translated_chars_percent", nil, (*progress.Stats).TranslatedCharsPercent},
	{"fuzzy", func(s *progress.Stats) int { return s.Fuzzy }, nil},
	{"fuzzy_words", func(s *progress.Stats) int { return s.FuzzyWords }, nil},
	{"fuzzy_chars", func(s *progress.Stats) int { return s.FuzzyChars }, nil},
	{"fuzzy_percent", nil, (*progress.Stats).FuzzyPercent},
	{"approved", func(s *progress.Stats) int { return s.Approved }, nil},
	{"approved_percent", nil, (*progress.Stats).ApprovedPercent},
	{"readonly", func(s *progress.Stats) int { return s.Readonly }, nil},
	{"readonly_percent", nil, (*progress.Stats).ReadonlyPercent},
}

func writeProgressJSON(e *enc, o progressObject, w progress.Window, s progress.Series) {
	e.Obj()
	e.Key("type")
	e.Str(o.kind)
	for _, kv := range [][2]string{{"project", o.project}, {"component", o.component}, {"language", o.language}} {
		if kv[1] != "" {
			e.Key(kv[0])
			e.Str(kv[1])
		}
	}
	e.Key("url")
	e.url(o.url)
	e.Key("interval")
	e.Str(w.Interval.String())
	e.Key("since")
	timeOrNull(e, w.Since)
	e.Key("until")
	timeOrNull(e, w.Until)
	e.Key("points")
	e.Arr()
	for i := range s {
		p := &s[i]
		e.Obj()
		e.Key("date")
		e.Str(p.Time.UTC().Format(time.RFC3339))
		e.Key("commit")
		e.Str(p.Commit)
		for _, c := range progressColumns {
			e.Key(c.key)
			if c.pct != nil {
				e.pct(c.pct(&p.Stats))
			} else {
				e.Int(int64(c.get(&p.Stats)))
			}
		}
		e.End()
	}
	e.EndArr()
	e.End()
}

func timeOrNull(e *enc, t time.Time) {
	if t.IsZero() {
		e.Null()
		return
	}
	e.Str(t.UTC().Format(time.RFC3339Nano))
}

// progressCSV writes a series as CSV: a header of the JSON keys, a row per point.
func progressCSV(s progress.Series) []byte {
	b := []byte("date,commit")
	for _, c := range progressColumns {
		b = append(b, ',')
		b = append(b, c.key...)
	}
	b = append(b, "\r\n"...)
	for i := range s {
		p := &s[i]
		b = p.Time.UTC().AppendFormat(b, time.RFC3339)
		b = append(b, ',')
		b = append(b, p.Commit...)
		for _, c := range progressColumns {
			b = append(b, ',')
			if c.pct != nil {
				b = weblate.AppendPercent(b, c.pct(&p.Stats))
			} else {
				b = strconv.AppendInt(b, int64(c.get(&p.Stats)), 10)
			}
		}
		b = append(b, "\r\n"...)
	}
	return b
}
