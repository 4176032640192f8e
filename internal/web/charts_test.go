package web

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/changelog"
	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/progress"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// commitID is a made-up commit id whose hex starts with n's digits.
func commitID(n byte) (id [20]byte) {
	for i := range id {
		id[i] = n*0x11 + byte(i)
	}
	return id
}

func day(month time.Month, d int) time.Time { return time.Date(2026, month, d, 12, 0, 0, 0, time.UTC) }

// progressFixture is the history of the fixture's Android component: Czech and
// Arabic from the start, Brazilian Portuguese added in February, the last commit
// the hour before the fixture's last change.
func progressFixture() *progress.Index {
	st := func(total, translated int) progress.Stats {
		return progress.Stats{Total: total, Translated: translated}
	}
	tr := func(code string, s progress.Stats) progress.Translation {
		return progress.Translation{Language: code, Stats: s}
	}
	x := progress.NewIndex()
	x.Set("demo", "android", []progress.Commit{
		{Time: day(1, 5), ID: commitID(1), Translations: []progress.Translation{tr("en", st(3, 3)), tr("cs", st(3, 1)), tr("ar", st(3, 0))}},
		{Time: day(1, 20), ID: commitID(2), Translations: []progress.Translation{tr("cs", st(3, 2))}},
		{Time: day(2, 10), ID: commitID(3), Translations: []progress.Translation{tr("pt_BR", st(3, 1)), tr("ar", st(3, 1))}},
		{Time: day(2, 25), ID: commitID(4), Translations: []progress.Translation{tr("pt_BR", st(3, 3))}},
		{Time: when.Add(-time.Hour), ID: commitID(5), Translations: []progress.Translation{tr("ar", progress.Stats{Total: 3, Translated: 1, Fuzzy: 1})}},
	})
	return x
}

var svgRe = regexp.MustCompile(`(?s)<svg .*?</svg>`)

// svgNode is a parsed element of a chart.
type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []svgNode  `xml:",any"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// pageCharts returns the charts a page draws, each parsed strictly as XML and
// checked for what a chart in a page needs: scaled to its container, left to
// right, named and described by its own title and desc through ids the page
// holds once.
func pageCharts(t *testing.T, body string) []svgNode {
	t.Helper()
	var out []svgNode
	for _, raw := range svgRe.FindAllString(body, -1) {
		var n svgNode
		d := xml.NewDecoder(strings.NewReader(raw))
		d.Strict = true
		if err := d.Decode(&n); err != nil {
			t.Fatalf("chart is not well-formed XML: %v\n%s", err, raw)
		}
		if n.attr("width") != "100%" || n.attr("direction") != "ltr" || n.attr("role") != "img" || !strings.HasPrefix(n.attr("viewBox"), "0 0 400 ") {
			t.Errorf("chart attributes %v", n.Attrs)
		}
		ids := strings.Fields(n.attr("aria-labelledby"))
		if len(ids) != 2 || n.Children[0].attr("id") != ids[0] || n.Children[1].attr("id") != ids[1] ||
			n.Children[0].XMLName.Local != "title" || n.Children[1].XMLName.Local != "desc" {
			t.Errorf("chart not labelled by its title and desc: %v", n.attr("aria-labelledby"))
		}
		for _, id := range ids {
			if c := strings.Count(body, `id="`+id+`"`); c != 1 {
				t.Errorf("id %q is in the page %d times", id, c)
			}
		}
		out = append(out, n)
	}
	return out
}

func TestProgressComponentPage(t *testing.T) {
	t.Parallel()
	h := newHandler(t, fixture(t), Options{Progress: progressFixture()})
	got := get(t, h, "GET", "/projects/demo/android/")
	if got.status != 200 {
		t.Fatalf("status %d", got.status)
	}
	charts := pageCharts(t, got.body)
	if len(charts) != 2 {
		t.Fatalf("%d charts, want the translated percentage and the activity", len(charts))
	}
	pct, act := charts[0], charts[1]
	if title := pct.Children[0].Text; title != "Translated strings in percent, 2026-01-05 to 2026-03-01" {
		t.Errorf("title %q", title)
	}
	// The source is complete by definition and has no line; the others are drawn
	// most translated first: Portuguese (3), Czech (2), Arabic (1).
	var lines int
	for _, c := range pct.Children {
		if c.XMLName.Local == "g" {
			for _, l := range c.Children {
				if l.XMLName.Local == "polyline" {
					lines++
				}
			}
		}
	}
	if lines != 3 {
		t.Errorf("%d lines, want 3", lines)
	}
	for _, want := range []string{
		`<bdi>Portuguese (Brazil)</bdi></a> <span class="value">100.0%</span>`,
		`<bdi>Arabic</bdi></a> <span class="value">33.3%</span>`,
		// The API's percentage: 2 of 3 is 66.6 (weblate.Percent).
		`<bdi>Czech</bdi></a> <span class="value">66.6%</span>`,
		// The table of numbers: by language, at each day a value changed, newest
		// first.
		`<summary>The numbers, by day</summary>`,
		`<thead><tr><th scope="col">Language</th><th scope="col" class="num"><time>2026-03-01</time></th><th scope="col" class="num"><time>2026-02-25</time></th><th scope="col" class="num"><time>2026-02-10</time></th><th scope="col" class="num"><time>2026-01-20</time></th><th scope="col" class="num"><time>2026-01-05</time></th></tr></thead>`,
		`<tr><th scope="row"><a href="/projects/demo/android/pt_BR/"><bdi>Portuguese (Brazil)</bdi></a></th><td class="num">100.0%</td><td class="num">100.0%</td><td class="num">33.3%</td><td class="num">–</td><td class="num">–</td></tr>`,
		`<tr><th scope="row"><a href="/projects/demo/android/ar/"><bdi>Arabic</bdi></a></th><td class="num">33.3%</td><td class="num">33.3%</td><td class="num">33.3%</td><td class="num">0.0%</td><td class="num">0.0%</td></tr>`,
		// Contributors: the component's changes by Yousef (a new translation, a
		// changed one, a language added).
		`<tr><th scope="row"><bdi>Yousef Haddad</bdi></th><td class="num">1</td><td class="num">1</td><td class="num">1</td>`,
		`<figcaption>Changes per week: 3 in all</figcaption>`,
		// The sparkline badge, after the status badge.
		`<img src="/widgets/demo/-/android/svg-badge.svg" alt="Translation status of Android"></a></li>
<li><a href="/widgets/demo/-/android/sparkline.svg"><img src="/widgets/demo/-/android/sparkline.svg" alt="Translation status of Android over the last 90 days">`,
	} {
		if !strings.Contains(got.body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(got.body, "Draw all") {
		t.Error("three languages: no link to draw all")
	}
	if d := act.Children[1].Text; d != "3 changes in 13 weeks, in 1 of them." {
		t.Errorf("activity described as %q", d)
	}
	golden(t, "component-progress.svg", []byte(svgRe.FindString(got.body)+"\n"))

	// The page is the same bytes from another server on the same data.
	again := get(t, newHandler(t, fixture(t), Options{Progress: progressFixture()}), "GET", "/projects/demo/android/")
	if again.body != got.body {
		t.Error("the same data rendered another page")
	}
}

func TestProgressOtherPages(t *testing.T) {
	t.Parallel()
	h := newHandler(t, fixture(t), Options{Progress: progressFixture()})
	for _, tt := range []struct {
		path   string
		charts int
		want   []string
	}{
		// The project: a line per language, summed over its components; contributors
		// count the project's own changes too (its creation).
		{"/projects/demo/", 2, []string{`<bdi>Arabic</bdi></a> <span class="value">33.3%</span>`, `<h2 id="contrib-h">Contributors</h2>`,
			`<bdi>Yousef Haddad</bdi></th><td class="num">1</td><td class="num">1</td><td class="num">2</td>`}},
		// A translation: one line, no legend link, its activity; no contributors.
		{"/projects/demo/android/ar/", 2, []string{`<bdi>Arabic</bdi> <span class="value">33.3%</span>`, `<figcaption>Changes per week: 2 in all</figcaption>`,
			// Its table: the days the value changed, with the newest and the first.
			`<tbody>
<tr><th scope="row"><time>2026-03-01</time></th><td class="num">33.3%</td></tr>
<tr><th scope="row"><time>2026-02-10</time></th><td class="num">33.3%</td></tr>
<tr><th scope="row"><time>2026-01-05</time></th><td class="num">0.0%</td></tr>
</tbody>`}},
		{"/languages/ar/", 2, []string{`<bdi>Arabic</bdi> <span class="value">33.3%</span>`}},
		// The translate page shows the strings, not the charts.
		{"/translate/demo/android/ar/", 0, nil},
		// A component without history: the activity only.
		{"/projects/demo/glossary/", 0, nil},
	} {
		got := get(t, h, "GET", tt.path)
		if got.status != 200 {
			t.Fatalf("%s: status %d", tt.path, got.status)
		}
		if n := len(pageCharts(t, got.body)); n != tt.charts {
			t.Errorf("%s: %d charts, want %d", tt.path, n, tt.charts)
		}
		for _, w := range tt.want {
			if !strings.Contains(got.body, w) {
				t.Errorf("%s lacks %s", tt.path, w)
			}
		}
		if strings.HasPrefix(tt.path, "/projects/demo/android/ar/") {
			// The commit that last changed the Arabic file, short, without a link
			// (no repoweb).
			hash := hexOf(commitID(5))
			if !strings.Contains(got.body, `<dt>Revision</dt><dd><code title="`+hash+`">`+hash[:7]+`</code>`) {
				t.Errorf("%s: revision is not the file's last commit", tt.path)
			}
		}
	}
	// Without a Progress the pages draw the activity alone, and the revision is
	// the branch's head.
	h = newHandler(t, fixture(t), Options{})
	got := get(t, h, "GET", "/projects/demo/android/")
	if n := len(pageCharts(t, got.body)); n != 1 || !strings.Contains(got.body, `id="chart-activity"`) {
		t.Errorf("without history: %d charts", n)
	}
}

func TestRevisionLink(t *testing.T) {
	t.Parallel()
	snap := fixture(t)
	snap.Projects[0].Components[0].Config.RepoWeb = "https://git.example.org/demo/blob/{{branch}}/{{filename}}#L{{line}}"
	got := get(t, newHandler(t, snap, Options{Progress: progressFixture()}), "GET", "/projects/demo/android/ar/")
	hash := hexOf(commitID(5))
	want := `<a href="https://git.example.org/demo/blob/` + hash + `/res/values-ar/strings.xml" rel="external"><code title="` + hash + `">` + hash[:7] + `</code></a>`
	if !strings.Contains(got.body, want) {
		t.Errorf("revision link missing: %s", want)
	}
	if strings.Contains(got.body, snap.Projects[0].Components[0].Translations[2].Revision()) {
		t.Error("the page shows the API's blob ids")
	}
}

func hexOf(id [20]byte) string {
	const digits = "0123456789abcdef"
	var b strings.Builder
	for _, c := range id {
		b.WriteByte(digits[c>>4])
		b.WriteByte(digits[c&15])
	}
	return b.String()
}

func TestCommitURL(t *testing.T) {
	t.Parallel()
	const h = "0123456789abcdef0123456789abcdef01234567"
	for _, tt := range []struct{ repoweb, file, want string }{
		{"", "po/cs.po", ""},
		// Weblate's documented GitHub form, and its spacing inside the braces.
		{"https://github.com/org/app/blob/{{branch}}/{{filename}}#L{{line}}", "po/cs.po", "https://github.com/org/app/blob/" + h + "/po/cs.po"},
		{"https://gitlab.com/org/app/-/blob/{{ branch }}/{{ filename }}#L{{ line }}", "a b/cs.po", "https://gitlab.com/org/app/-/blob/" + h + "/a b/cs.po"},
		// parentdir drops the first folder (a repository browsed from a subfolder).
		{"https://example.org/src/{{branch}}/{{filename|parentdir}}?line={{line}}", "po/cs.po", "https://example.org/src/" + h + "/cs.po?line=1"},
		// No branch in the template: the address cannot show a commit.
		{"https://example.org/browse/{{filename}}", "po/cs.po", ""},
		{"javascript:alert(1)//{{branch}}", "x", ""},
	} {
		if got := commitURL(tt.repoweb, h, tt.file); got != tt.want {
			t.Errorf("commitURL(%q) = %q, want %q", tt.repoweb, got, tt.want)
		}
	}
}

// manyLanguages is a project whose one component is translated into n languages
// (the first n of gitlate's table, English the source), language i having i
// strings of 100 translated, each with a history of two commits.
func manyLanguages(t testing.TB, n int) (*snapshot.Snapshot, *progress.Index) {
	t.Helper()
	p := &snapshot.Project{ID: 1, Config: &config.Project{Name: "Many", Slug: "many"}}
	c := &snapshot.Component{ID: 1, Project: p, SourceLanguage: english,
		Config: &config.Component{Name: "Strings", Slug: "strings", Repo: "/srv/many", VCS: "git", Filemask: "po/*.po", FileFormat: "po"}}
	p.Components = []*snapshot.Component{c}
	src := &snapshot.Translation{ID: 1, Component: c, Language: english, LanguageCode: "en", IsSource: true}
	for range 100 {
		src.Stats.AddUnit(weblate.StateTranslated, 1, 5)
	}
	c.Translations = []*snapshot.Translation{src}
	first := []progress.Translation{{Language: "en", Stats: progress.Stats{Total: 100, Translated: 100}}}
	var second []progress.Translation
	for _, l := range lang.Languages() {
		if len(c.Translations) > n {
			break
		}
		if l.Code == "en" || strings.ContainsAny(l.Code, "_@") {
			continue
		}
		i := len(c.Translations)
		tr := &snapshot.Translation{ID: i + 1, Component: c, Language: l, LanguageCode: l.Code, Filename: "po/" + l.Code + ".po"}
		for k := range 100 {
			st := weblate.StateEmpty
			if k < i {
				st = weblate.StateTranslated
			}
			tr.Stats.AddUnit(st, 1, 5)
		}
		c.Translations = append(c.Translations, tr)
		first = append(first, progress.Translation{Language: l.Code, Stats: progress.Stats{Total: 100, Translated: i / 2}})
		second = append(second, progress.Translation{Language: l.Code, Stats: progress.Stats{Total: 100, Translated: i}})
	}
	yousef := &snapshot.User{Username: "yousef", FullName: "Yousef Haddad"}
	noa := &snapshot.User{Username: "noa", FullName: "נועה לוי"}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p}, Users: []*snapshot.User{yousef, noa}}
	var changes []*snapshot.Change
	for i, tr := range c.Translations[1:] {
		u := yousef
		if i%3 == 0 {
			u = noa
		}
		changes = append(changes, &snapshot.Change{ID: i + 1, Timestamp: day(2, 1).Add(time.Duration(i) * 7 * time.Hour), Action: weblate.ActionNew,
			Project: p, Component: c, Translation: tr, UnitID: 1, User: u, Author: u})
	}
	snap.Log, _ = changelog.LogOf(changes)
	snap.Aggregate()
	snap.Finish()
	x := progress.NewIndex()
	x.Set("many", "strings", []progress.Commit{{Time: day(1, 12), ID: commitID(1), Translations: first}, {Time: day(2, 10), ID: commitID(2), Translations: second}})
	return snap, x
}

func TestProgressTopLanguages(t *testing.T) {
	t.Parallel()
	snap, x := manyLanguages(t, 60)
	h := newHandler(t, snap, Options{Progress: x})
	top := get(t, h, "GET", "/projects/many/strings/")
	all := get(t, h, "GET", "/projects/many/strings/?languages=all")
	if top.status != 200 || all.status != 200 {
		t.Fatalf("status %d, %d", top.status, all.status)
	}
	count := func(body string) int { return strings.Count(body, `<span class="key `) }
	if n := count(top.body); n != topLines {
		t.Errorf("plain page: %d lines, want %d", n, topLines)
	}
	if !strings.Contains(top.body, `<a href="/projects/many/strings/?languages=all#progress-h">Draw all 60 languages</a>`) {
		t.Error("no link to every line")
	}
	if n := count(all.body); n != 60 {
		t.Errorf("?languages=all: %d lines, want 60", n)
	}
	// Sixty lines: the table has a row per language and a column per date a
	// value changed on (and the last), not sixty columns.
	table := all.body[strings.Index(all.body, `<table class="chartdata bylang">`):]
	table = table[:strings.Index(table, `</table>`)]
	if !strings.Contains(table, `<thead><tr><th scope="col">Language</th><th scope="col" class="num"><time>2026-02-18</time></th>`) ||
		strings.Count(table, `<th scope="row"><a href="/projects/many/strings/`) != 60 || strings.Count(table, `<time>`) != 3 {
		t.Error("the table of sixty lines is not by language")
	}
	if !strings.Contains(all.body, `<a href="/projects/many/strings/#progress-h">Draw the 5 with the most translated strings</a>`) {
		t.Error("no way back to the top lines")
	}
	// The two are kept apart: asking again gives each its own.
	if again := get(t, h, "GET", "/projects/many/strings/"); again.body != top.body {
		t.Error("the plain page changed after ?languages=all")
	}
	// Another query does not make another page.
	if other := get(t, h, "GET", "/projects/many/strings/?format=api"); other.body != top.body {
		t.Error("?format=api differs from the plain page")
	}
	pageCharts(t, all.body)
	// The most translated languages are the top lines.
	last := snap.Projects[0].Components[0].Translations[60].Language.Label()
	if !strings.Contains(top.body, `<bdi>`+last+`</bdi>`) {
		t.Errorf("the most translated language (%s) is not drawn", last)
	}
	// A right-to-left contributor's name is isolated.
	if !strings.Contains(top.body, `<bdi>נועה לוי</bdi>`) {
		t.Error("contributor name not isolated")
	}
}

func TestSparklineBadge(t *testing.T) {
	t.Parallel()
	h := newHandler(t, fixture(t), Options{Progress: progressFixture()})
	for _, tt := range []struct{ name, path, says string }{
		{"component-sparkline", "/widgets/demo/-/android/sparkline.svg", "translated: 75%, 44% 90 days before"},
		{"project-language-sparkline", "/widgets/demo/ar/sparkline.svg", "translated: 33%, 0% 90 days before"},
		{"translation-sparkline", "/widgets/demo/pt_BR/android/sparkline.svg", "translated: 100%, 33% 90 days before"},
	} {
		got := get(t, h, "GET", tt.path)
		if got.status != 200 {
			t.Fatalf("%s: status %d", tt.path, got.status)
		}
		if !strings.Contains(got.body, `aria-label="`+tt.says+`"`) {
			t.Errorf("%s does not say %q:\n%s", tt.path, tt.says, got.body)
		}
		wellFormed(t, []byte(got.body))
		golden(t, tt.name+".svg", []byte(got.body))
		// Cached as the status badges are, and revalidated by its ETag.
		status := get(t, h, "GET", "/widgets/demo/-/android/svg-badge.svg")
		if got.header.Get("Cache-Control") != status.header.Get("Cache-Control") || got.header.Get("Content-Type") != status.header.Get("Content-Type") {
			t.Errorf("%s: headers %v, status badge's %v", tt.path, got.header, status.header)
		}
		if again := get(t, h, "GET", tt.path, "If-None-Match", got.header.Get("ETag")); again.status != 304 {
			t.Errorf("%s: revalidation gave %d", tt.path, again.status)
		}
	}
	// Without a history the badge shows the value alone.
	plain := get(t, newHandler(t, fixture(t), Options{}), "GET", "/widgets/demo/-/android/sparkline.svg")
	if plain.status != 200 || strings.Contains(plain.body, "polyline") || !strings.Contains(plain.body, `aria-label="translated: 75%"`) {
		t.Errorf("without history: %d %s", plain.status, plain.body)
	}
}

func TestSparkValues(t *testing.T) {
	t.Parallel()
	end := time.Date(2026, 3, 31, 15, 0, 0, 0, time.UTC)
	pt := func(tm time.Time, tr int) progress.Point {
		return progress.Point{Time: tm, Stats: progress.Stats{Total: 10, Translated: tr}}
	}
	vs := sparkValues(progress.Series{pt(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), 2), pt(time.Date(2026, 3, 30, 0, 0, 0, 0, time.UTC), 5)}, end)
	if len(vs) != sparkDays {
		t.Fatalf("%d values", len(vs))
	}
	// Days before the history begins take its first value; the value holds until
	// the next point.
	if vs[0] != 20 || vs[sparkDays-3] != 20 || vs[sparkDays-2] != 50 || vs[sparkDays-1] != 50 {
		t.Errorf("values %v", vs)
	}
	if sparkValues(nil, end) != nil {
		t.Error("no history, values")
	}
}

// TestChartsDeterministic renders a component's charts from two servers with
// maps filled in other orders: the bytes are the same.
func TestChartsDeterministic(t *testing.T) {
	t.Parallel()
	var bodies []string
	for range 3 {
		snap, x := manyLanguages(t, 12)
		bodies = append(bodies, get(t, newHandler(t, snap, Options{Progress: x}), "GET", "/projects/many/strings/").body)
	}
	for i := 1; i < len(bodies); i++ {
		if !bytes.Equal([]byte(bodies[i]), []byte(bodies[0])) {
			t.Fatal("two renderings of the same data differ")
		}
	}
	if !strings.Contains(bodies[0], strconv.Itoa(12)+" in all") {
		t.Error("activity counts 12 changes")
	}
}
