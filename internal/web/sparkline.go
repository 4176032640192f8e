package web

import (
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/svgchart"
	"github.com/gitlate/gitlate/internal/weblate"
)

// The sparkline badge (/widgets/{project}/{lang or -}/[{component}/]sparkline.svg)
// is the status badge with the translated percentage of the last sparkDays days
// drawn beside the value: a line per day, from the Progress. Days before the
// object's history begins take its first value; without a history the badge
// shows the value alone.

// sparkDays is the span of a sparkline badge.
const sparkDays = 90

// sparkW is the sparkline's width in the badge, in pixels.
const sparkW = 40

// sparkSeries is the daily series of the object a widget describes over the
// sparkDays days up to end.
func (s *Server) sparkSeries(sc *widgetScope, end time.Time) progress.Series {
	pr := s.opts.Progress
	if pr == nil || end.IsZero() {
		return nil
	}
	w := progress.Window{Since: end.AddDate(0, 0, -(sparkDays - 1)), Until: end, Interval: progress.Day}
	p := sc.project.Config.Slug
	switch {
	case sc.component != nil && sc.language != nil:
		return pr.Translation(p, sc.component.Config.Slug, sc.language.Code, w)
	case sc.component != nil:
		return pr.Component(p, sc.component.Config.Slug, w)
	case sc.language != nil:
		// The project in one language: its translations in that language summed,
		// as the status badge's statistics are.
		var parts []progress.Series
		for _, cm := range sc.project.Components {
			if cm.Translation(sc.language.Code) != nil {
				parts = append(parts, pr.Translation(p, cm.Config.Slug, sc.language.Code, w))
			}
		}
		return progress.Aggregate(parts...)
	}
	return pr.Project(p, w)
}

// sparkValues spreads a daily series over the sparkDays days up to end: each day
// the value of its latest point, days before the first its first value.
func sparkValues(ser progress.Series, end time.Time) []float64 {
	if len(ser) == 0 {
		return nil
	}
	first := progress.Day.Start(end).AddDate(0, 0, -(sparkDays - 1))
	vs := make([]float64, sparkDays)
	j := 0
	for d := 0; d < sparkDays; d++ {
		next := first.AddDate(0, 0, d+1)
		for j+1 < len(ser) && ser[j+1].Time.Before(next) {
			j++
		}
		vs[d] = ser[j].Stats.TranslatedPercent()
	}
	return vs
}

// sparklineBadge draws the badge: "translated", then on the status color the
// line (white) and the percentage.
func sparklineBadge(st *snapshot.Stats, vs []float64) []byte {
	p := weblate.Percent(st.Translated, st.Total, true)
	label, value := "translated", badgePct(p)
	lw := textWidth(label) + 12
	line := 0
	if len(vs) > 0 {
		line = sparkW + 6
	}
	vw := line + textWidth(value) + 12
	w := lw + vw
	said := label + ": " + value
	if len(vs) > 0 {
		said += ", " + badgePct(vs[0]) + " " + strconv.Itoa(sparkDays) + " days before"
	}
	said = html.EscapeString(said)
	var b strings.Builder
	b.Grow(1800)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + itoa(w) + `" height="20" role="img" aria-label="` + said + `">`)
	b.WriteString(`<title>` + said + `</title>`)
	b.WriteString(`<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`)
	b.WriteString(`<clipPath id="r"><rect width="` + itoa(w) + `" height="20" rx="3" fill="#fff"/></clipPath>`)
	b.WriteString(`<g clip-path="url(#r)"><rect width="` + itoa(lw) + `" height="20" fill="#555"/><rect x="` + itoa(lw) + `" width="` + itoa(vw) + `" height="20" fill="` + statusColor(p) + `"/><rect width="` + itoa(w) + `" height="20" fill="url(#s)"/></g>`)
	if len(vs) > 0 {
		pts := svgchart.Sparkline(vs, float64(lw+6), 4, sparkW, 12)
		b.WriteString(`<polyline points="` + pts + `" fill="none" stroke="#010101" stroke-opacity=".3" stroke-width="1.5" transform="translate(0 1)" aria-hidden="true"/>`)
		b.WriteString(`<polyline points="` + pts + `" fill="none" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/>`)
	}
	b.WriteString(`<g fill="#fff" text-anchor="middle" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11">`)
	for _, t := range []struct {
		x    int
		text string
	}{{lw / 2, label}, {lw + line + (vw-line)/2, value}} {
		b.WriteString(`<text x="` + itoa(t.x) + `" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">` + t.text + `</text>`)
		b.WriteString(`<text x="` + itoa(t.x) + `" y="14">` + t.text + `</text>`)
	}
	b.WriteString(`</g></svg>`)
	b.WriteByte('\n')
	return []byte(b.String())
}

// withSparkline adds the sparkline badge (alt, url) to a page's badges after the
// status badge, when there is a history to draw.
func (s *Server) withSparkline(badges []badgeLink, alt, url string) []badgeLink {
	if s.opts.Progress == nil || len(badges) == 0 {
		return badges
	}
	return append(badges[:1:1], append([]badgeLink{{alt, url}}, badges[1:]...)...)
}
