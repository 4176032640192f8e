package api

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/lang"
	"github.com/gitlate/gitlate/internal/live/livetest"
	"github.com/gitlate/gitlate/internal/search"
	"github.com/gitlate/gitlate/internal/snapshot"
	"github.com/gitlate/gitlate/internal/weblate"
)

// countingReader counts the translations whose units are read.
type countingReader struct {
	Reader
	mu    sync.Mutex
	reads map[string]int // "project/component/language" → reads
}

func (c *countingReader) Units(t *snapshot.Translation) ([]snapshot.Unit, error) {
	c.mu.Lock()
	c.reads[t.Component.Project.Config.Slug+"/"+t.Component.Config.Slug+"/"+t.Language.Code]++
	c.mu.Unlock()
	return c.Reader.Units(t)
}

func (c *countingReader) read() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.reads
	c.reads = map[string]int{}
	return out
}

func searchServer(t *testing.T) (*countingReader, *gin.Engine) {
	t.Helper()
	s := livetest.Samples(t)
	cr := &countingReader{Reader: s.Units, reads: map[string]int{}}
	return cr, engineOf(t, s.Live, Options{BaseURL: testBase, Reader: cr, Repos: s.Repos})
}

type unitPage struct {
	Count    int     `json:"count"`
	Next     *string `json:"next"`
	Previous *string `json:"previous"`
	Results  []struct {
		ID          int      `json:"id"`
		Context     string   `json:"context"`
		State       int      `json:"state"`
		Translation string   `json:"translation"`
		Source      []string `json:"source"`
	} `json:"results"`
}

func getUnits(t *testing.T, h http.Handler, target string) (int, unitPage, response) {
	t.Helper()
	got := do(t, h, "GET", target)
	var p unitPage
	if got.status == 200 {
		if err := json.Unmarshal([]byte(got.body), &p); err != nil {
			t.Fatalf("%s: %v", target, err)
		}
	}
	return got.status, p, got
}

// TestUnitSearch checks ?q= on both units endpoints against the hand count of the
// samples (internal/samples/expected and the files of internal/samples/history):
// tinynotes/app in Arabic has 14 strings, 12 translated of which 2 read-only
// (app_name, toolbar_subtitle), untranslated notes_selected (no "zero" form) and
// sync_error; its plurals are notes_count and notes_selected; the last commit to
// it (14-arabic-update, 2026-03-16) added export_markdown and changed pinned.
func TestUnitSearch(t *testing.T) {
	_, h := searchServer(t)
	const ar = "/api/translations/tinynotes/app/ar/units/?page_size=100&q="
	for _, tt := range []struct {
		q     string
		count int
		keys  string // the matches' keys, in the list's order, when given
	}{
		{"", 14, ""},
		{"state:<translated", 2, "notes_selected sync_error"},
		{"state:>=translated", 12, ""},
		{"state:translated", 10, ""}, // 20 exactly: not the read-only ones
		{"is:read-only", 2, "app_name toolbar_subtitle"},
		{"has:plural", 2, "notes_count notes_selected"},
		{"NOT has:plural", 12, ""},
		{"key:note", 3, "action_new_note notes_count notes_selected"},
		{`key:"sync_error"`, 1, "sync_error"},
		{"key:sync_error OR key:pinned", 2, "pinned sync_error"},
		// Sources holding "notes", any case: "Tiny Notes", "Search notes…",
		// "No notes yet.", "%d notes", "… notes selected".
		{"source:notes", 5, "app_name search_hint empty_list notes_count notes_selected"},
		{"changed:>2026-03-10", 2, "pinned export_markdown"},
		{"changed:>2026-03-10 OR key:sync_error", 3, "pinned export_markdown sync_error"},
		{"state:<translated OR state:>=translated", 14, ""},
		{"language:cs", 0, ""},
		{"language:ar project:tinynotes", 14, ""},
	} {
		status, p, raw := getUnits(t, h, ar+url.QueryEscape(tt.q))
		if status != 200 || p.Count != tt.count || len(p.Results) != tt.count {
			t.Errorf("ar q=%q: status %d, count %d, %d results; want %d\n%s", tt.q, status, p.Count, len(p.Results), tt.count, raw.body)
			continue
		}
		if tt.keys != "" {
			var keys []string
			for _, u := range p.Results {
				keys = append(keys, u.Context)
			}
			if got := strings.Join(keys, " "); got != tt.keys {
				t.Errorf("ar q=%q: %s, want %s", tt.q, got, tt.keys)
			}
		}
	}
	// Czech is complete.
	if _, p, _ := getUnits(t, h, "/api/translations/tinynotes/app/cs/units/?q="+url.QueryEscape("state:<translated")); p.Count != 0 {
		t.Errorf("cs state:<translated: %d", p.Count)
	}

	// Over every translation. The counts add up rows of the hand table.
	for _, tt := range []struct {
		q     string
		count int
	}{
		{"language:ar", 14 + 5 + 0},                                     // app, widget, empty glossary
		{"language:ar state:<translated", 2 + 2},                        // widget ar: 3 of 5 translated
		{"project:blitzclock state:<translated", 2 + 1 + 4 + 1 + 1 + 1}, // android cs, es, ja; glossary ja; web cs, es
		{"component:glossary", 18 + 13},
		{"is:read-only", 21 + 9},
		{"component:widget OR language:ja", 25 + 12 + 3},
		{"language:xx", 0},
	} {
		status, p, raw := getUnits(t, h, "/api/units/?page_size=1000&q="+url.QueryEscape(tt.q))
		if status != 200 || p.Count != tt.count || len(p.Results) != tt.count {
			t.Errorf("all q=%q: status %d, count %d, %d results; want %d\n%.300s", tt.q, status, p.Count, len(p.Results), tt.count, raw.body)
		}
	}
}

// TestUnitSearchPages: pages follow the filter and their links keep the query.
func TestUnitSearchPages(t *testing.T) {
	_, h := searchServer(t)
	q := url.QueryEscape("language:ar state:<translated")
	_, first, _ := getUnits(t, h, "/api/units/?page_size=3&q="+q)
	if first.Count != 4 || len(first.Results) != 3 || first.Next == nil || first.Previous != nil ||
		*first.Next != "http://gitlate.test/api/units/?page=2&page_size=3&q="+q {
		t.Fatalf("first page: %+v", first)
	}
	_, second, _ := getUnits(t, h, "/api/units/?page=2&page_size=3&q="+q)
	if second.Count != 4 || len(second.Results) != 1 || second.Next != nil {
		t.Fatalf("second page: %+v", second)
	}
	seen := map[int]bool{}
	for _, u := range append(first.Results, second.Results...) {
		if seen[u.ID] || u.State >= 20 || !strings.HasSuffix(u.Translation, "/ar/") {
			t.Errorf("unit %d (state %d, %s) on a page of untranslated Arabic strings", u.ID, u.State, u.Translation)
		}
		seen[u.ID] = true
	}
	if st, _, _ := getUnits(t, h, "/api/units/?page=3&page_size=3&q="+q); st != 404 {
		t.Errorf("page 3: %d", st)
	}
}

// TestUnitSearchReadsOnlyWhatItCan: language:, component: and project: keep a
// search over every translation from reading the others; a query on those alone
// reads nothing to count, and a page reads only the translations on it.
func TestUnitSearchReadsOnlyWhatItCan(t *testing.T) {
	cr, h := searchServer(t)
	cr.read()
	getUnits(t, h, "/api/units/?q="+url.QueryEscape("language:ar state:<translated"))
	reads := cr.read()
	for k := range reads {
		if !strings.HasSuffix(k, "/ar") {
			t.Errorf("read %s for a search in Arabic", k)
		}
	}
	if len(reads) != 3 {
		t.Errorf("read %v, want the three Arabic translations", reads)
	}
	// The count is kept: the next page reads only its own translations.
	getUnits(t, h, "/api/units/?page=2&page_size=1&q="+url.QueryEscape("language:ar state:<translated"))
	if reads := cr.read(); len(reads) != 1 || reads["tinynotes/app/ar"] != 1 {
		t.Errorf("second page read %v", reads)
	}
	// Whole translations: counted from the statistics.
	_, p, _ := getUnits(t, h, "/api/units/?page_size=2&q="+url.QueryEscape("component:widget"))
	if reads := cr.read(); p.Count != 25 || len(reads) != 1 || reads["tinynotes/widget/en"] != 1 {
		t.Errorf("component:widget: count %d, read %v", p.Count, reads)
	}
	// Without those terms every translation is read (within maxSearchUnits).
	getUnits(t, h, "/api/units/?q="+url.QueryEscape("is:read-only"))
	if reads := cr.read(); len(reads) != 29 {
		t.Errorf("is:read-only read %d translations, want all 29", len(reads))
	}
}

// TestUnitSearchRefused: a query Weblate refuses answers 400 with its message in
// DRF's list; one gitlate cannot answer truthfully says so the same way; a search
// that would read more than maxSearchUnits strings asks to be narrowed.
func TestUnitSearchRefused(t *testing.T) {
	_, h := searchServer(t)
	for _, target := range []string{"/api/translations/tinynotes/app/ar/units/", "/api/units/"} {
		for q, want := range map[string]string{
			"state:<<<":         `["Could not parse query string: `,
			"added:>2020-01-01": `["Could not parse query string: Unsupported lookup in gitlate: added (`,
			"changed_by:nijel":  `["Could not parse query string: Unsupported lookup in gitlate: changed_by (`,
		} {
			got := do(t, h, "GET", target+"?q="+url.QueryEscape(q))
			if got.status != 400 || !strings.HasPrefix(got.body, want) || got.header.Get("Content-Type") != "application/json" {
				t.Errorf("%s q=%q: %d %s", target, q, got.status, got.body)
			}
		}
	}
	// Large: ten components of 101 translations of 765 strings.
	big := serverFor(t, benchSnapshot(10, 100), Options{})
	got := do(t, big, "GET", "/api/units/?q="+url.QueryEscape("source:x"))
	if got.status != 400 || !strings.HasPrefix(got.body, `["This search would read the 772650 strings of 1010 translations; gitlate reads at most 250000`) {
		t.Errorf("too broad: %d %s", got.status, got.body)
	}
	// Narrowed, it runs (this snapshot has no reader: nothing matches).
	if got := do(t, big, "GET", "/api/units/?q="+url.QueryEscape("component:c1 source:x")); got.status != 200 {
		t.Errorf("narrowed: %d %s", got.status, got.body)
	}
}

// hugeQueries are the shapes of a 200 KB q that made a search run for minutes on
// a large translation: a chain of NOT, an OR of 25,000 terms, 40,000 bare words.
var hugeQueries = map[string]string{
	"NOT chain":  strings.Repeat("NOT ", 50000) + "a",
	"OR chain":   strings.Repeat("term OR ", 25000) + "x",
	"bare words": strings.Repeat("word ", 40000),
}

// TestUnitSearchRefusesHugeQueries: a q past search.MaxQueryBytes answers 400 on
// every endpoint that reads q, in Weblate's shape for a refused query, before any
// translation is read or any string matched; one past search.MaxTerms too.
func TestUnitSearchRefusesHugeQueries(t *testing.T) {
	cr, h := searchServer(t)
	cr.read()
	tooMany := strings.TrimSuffix(strings.Repeat("key:x OR ", search.MaxTerms+1), " OR ")
	queries := maps.Clone(hugeQueries)
	queries["201 terms"] = tooMany
	for name, q := range queries {
		msg := fmt.Sprintf("Could not parse query string: The query is %d bytes long; gitlate reads queries of at most 8192 bytes.", len(q))
		if q == tooMany {
			msg = "Could not parse query string: The query has more than 200 terms; gitlate evaluates at most 200 in one search."
		}
		for _, target := range []string{"/api/translations/tinynotes/app/ar/units/", "/api/units/"} {
			got := do(t, h, "GET", target+"?q="+url.QueryEscape(q))
			if want := `["` + msg + `"]`; got.status != 400 || got.body != want {
				t.Errorf("%s %s: %d %.200s, want 400 %s", name, target, got.status, got.body, want)
			}
		}
		got := do(t, h, "GET", "/api/translations/tinynotes/app/ar/file/?format=csv&q="+url.QueryEscape(q))
		if want := `{"q":"` + msg + `"}`; got.status != 400 || got.body != want {
			t.Errorf("%s file/: %d %.200s, want 400 %s", name, got.status, got.body, want)
		}
	}
	if reads := cr.read(); len(reads) != 0 {
		t.Errorf("refused queries read %v", reads)
	}
}

// TestUnitSearchAtTheLimits: a q of search.MaxTerms terms and search.MaxQueryBytes
// bytes is answered.
func TestUnitSearchAtTheLimits(t *testing.T) {
	_, h := searchServer(t)
	q := "key:sync_error OR key:pinned" + strings.Repeat(" OR key:none", search.MaxTerms-3) + " OR key:"
	q += strings.Repeat("z", search.MaxQueryBytes-len(q))
	if len(q) != search.MaxQueryBytes {
		t.Fatal(len(q))
	}
	status, p, raw := getUnits(t, h, "/api/translations/tinynotes/app/ar/units/?q="+url.QueryEscape(q))
	if status != 200 || p.Count != 2 || len(p.Results) != 2 {
		t.Errorf("%d terms in %d bytes: %d %.300s", search.MaxTerms, len(q), status, raw.body)
	}
	if got := do(t, h, "GET", "/api/translations/tinynotes/app/ar/units/?q="+url.QueryEscape(q+"z")); got.status != 400 {
		t.Errorf("%d bytes: %d %s", len(q)+1, got.status, got.body)
	}
}

// TestUnitSearchUnclosedQuote: source:" looks for strings whose source holds a
// double quote, as Weblate's grammar reads it (the word ") and PostgreSQL runs it
// (a case-sensitive LIKE, the needle having no letter or digit); the search
// package's oracle test compares this with pyparsing. Only "Delete "%1$s"?" and
// the xliff:g plural hold one among tinynotes/app's Arabic strings.
func TestUnitSearchUnclosedQuote(t *testing.T) {
	_, h := searchServer(t)
	for q, want := range map[string]int{`source:"`: 2, `"`: 2, `source:"""`: 2, `source:""`: 14} {
		status, p, raw := getUnits(t, h, "/api/translations/tinynotes/app/ar/units/?page_size=100&q="+url.QueryEscape(q))
		if status != 200 || p.Count != want {
			t.Errorf("q=%s: %d, count %d, want %d\n%.300s", q, status, p.Count, want, raw.body)
		}
		for _, u := range p.Results {
			if want == 2 && !strings.Contains(strings.Join(u.Source, ""), `"`) {
				t.Errorf("q=%s: %q", q, u.Source)
			}
		}
	}
}

// bigSnapshot is one component with a Czech translation of n strings, which
// benchUnits makes up ("Source i", "Target i", key i), and an English source of
// one string.
func bigSnapshot(n int) *snapshot.Snapshot {
	p := &snapshot.Project{ID: 1, Config: &config.Project{Name: "Big", Slug: "big", Web: "https://example.org/"}}
	cc := &config.Component{Name: "Strings", Slug: "strings", Repo: "https://example.org/app.git", VCS: "git",
		Branch: "main", Filemask: "res/values-*/strings.xml", Template: "res/values/strings.xml", FileFormat: "aresource",
		NewLang: "add", Priority: 100, MergeStyle: "rebase", EnforcedChecks: []string{}, EditTemplate: true,
		LanguageRegex: "^[^.]+$", GlossaryColor: "silver"}
	en, _ := lang.Get("en")
	cs, _ := lang.Get("cs")
	format, _ := formats.Lookup("aresource")
	c := &snapshot.Component{ID: 1, Project: p, Config: cc, SourceLanguage: en, Format: format}
	src := &snapshot.Translation{ID: 1, Component: c, Language: en, LanguageCode: "en", Filename: "res/values/strings.xml", IsSource: true, IsTemplate: true}
	src.Stats.AddUnit(weblate.StateTranslated, 2, 10)
	big := &snapshot.Translation{ID: 2, Component: c, Language: cs, LanguageCode: "cs", Filename: "res/values-cs/strings.xml"}
	for range n {
		big.Stats.AddUnit(weblate.StateTranslated, 2, 10)
	}
	c.Translations = []*snapshot.Translation{src, big}
	p.Components = []*snapshot.Component{c}
	snap := &snapshot.Snapshot{Projects: []*snapshot.Project{p}}
	snap.Aggregate()
	snap.Finish()
	return snap
}

// leavingClient is a request context whose client leaves while its search runs: Err
// says it is cancelled from its n-th call on.
type leavingClient struct {
	context.Context
	mu       sync.Mutex
	calls, n int
}

func (c *leavingClient) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.calls++; c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

func doWith(h http.Handler, ctx context.Context, target string) response {
	req := httptest.NewRequest("GET", target, nil).WithContext(ctx)
	req.Host = "gitlate.test"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return response{w.Code, w.Result().Header, w.Body.String()}
}

// TestUnitSearchStops: a search over a translation of 100,000 strings stops when
// its request is cancelled or out of time, and says how many strings it matched:
// none when the request was over before it began, two checks' worth when the
// client left after two — so matching stops within one check, a number of strings
// that shrinks as the query's terms grow. No clock is read by the test.
func TestUnitSearchStops(t *testing.T) {
	const n = 100_000
	h := serverFor(t, bigSnapshot(n), Options{Reader: benchUnits{}})
	one := "Source"
	many := strings.TrimSuffix(strings.Repeat("source:zzz OR ", search.MaxTerms), " OR ")
	every := func(q string) int {
		parsed, err := search.Parse(q)
		if err != nil {
			t.Fatal(err)
		}
		return min(searchCheckMost, searchCheckWork/parsed.Terms())
	}
	if every(one) != 4096 || every(many) != 81 {
		t.Fatalf("checks every %d and %d strings", every(one), every(many))
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	deadlineMsg := func(matched int) string {
		return fmt.Sprintf("having matched %d strings; gitlate gives one search at most 10s.", matched)
	}
	for _, target := range []string{"/api/translations/big/strings/cs/units/?q=", "/api/units/?q=", "/api/translations/big/strings/cs/file/?format=csv&q="} {
		for _, q := range []string{one, many} {
			got := doWith(h, cancelled, target+url.QueryEscape(q))
			if want := `["This search was cancelled after matching 0 strings."]`; got.status != 503 || got.body != want {
				t.Errorf("%s%.20s, cancelled: %d %.300s", target, q, got.status, got.body)
			}
			got = doWith(h, expired, target+url.QueryEscape(q))
			if got.status != 400 || !strings.HasPrefix(got.body, `["This search was stopped after `) || !strings.Contains(got.body, deadlineMsg(0)) {
				t.Errorf("%s%.20s, out of time: %d %.300s", target, q, got.status, got.body)
			}
			// The single translation's search looks at the context before each
			// check's worth of strings; the one over every translation also before
			// reading each translation (the source string, then the Czech ones).
			calls, matched := 3, 2*every(q)
			if strings.HasPrefix(target, "/api/units/") {
				calls, matched = 6, 1+2*every(q)
			}
			got = doWith(h, &leavingClient{Context: context.Background(), n: calls}, target+url.QueryEscape(q))
			if want := fmt.Sprintf(`["This search was cancelled after matching %d strings."]`, matched); got.status != 503 || got.body != want {
				t.Errorf("%s%.20s, client gone after %d checks: %d %.300s, want %s", target, q, calls-1, got.status, got.body, want)
			}
		}
	}
	// The server's own deadline (Options.SearchTimeout) stops it the same way.
	short := serverFor(t, bigSnapshot(n), Options{Reader: benchUnits{}, SearchTimeout: time.Nanosecond})
	got := do(t, short, "GET", "/api/translations/big/strings/cs/units/?q=Source")
	if got.status != 400 || !strings.Contains(got.body, "having matched 0 strings; gitlate gives one search at most 1ns.") {
		t.Errorf("SearchTimeout: %d %.300s", got.status, got.body)
	}
	// Given time, the same searches answer.
	if _, p, raw := getUnits(t, h, "/api/translations/big/strings/cs/units/?q=Source"); p.Count != n {
		t.Errorf("Source: %.300s", raw.body)
	}
	if _, p, raw := getUnits(t, h, "/api/units/?q="+url.QueryEscape(many)); p.Count != 0 || raw.status != 200 {
		t.Errorf("%d terms: %.300s", search.MaxTerms, raw.body)
	}
}
