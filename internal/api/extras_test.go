package api

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/snapshot"
)

// weblateAllow is the Allow header Weblate 4.18 answers each route with (the
// methods its REST framework views allow), route by route. Every route gitlate
// serves must be listed, so a new route gets its Allow checked against Weblate.
var weblateAllow = map[string]string{
	"/api/": allowRead,

	"/api/projects/":                     allowList,
	"/api/projects/:project/":            allowInstance,
	"/api/projects/:project/components/": allowList,
	"/api/projects/:project/changes/":    allowRead,
	"/api/projects/:project/statistics/": allowRead,
	"/api/projects/:project/languages/":  allowRead,
	"/api/projects/:project/repository/": allowList,

	"/api/components/":                                               allowRead,
	"/api/components/:project/:component/":                           allowInstance,
	"/api/components/:project/:component/statistics/":                allowRead,
	"/api/components/:project/:component/translations/":              allowList,
	"/api/components/:project/:component/changes/":                   allowRead,
	"/api/components/:project/:component/lock/":                      allowList,
	"/api/components/:project/:component/links/":                     allowList,
	"/api/components/:project/:component/repository/":                allowList,
	"/api/components/:project/:component/monolingual_base/":          allowRead,
	"/api/components/:project/:component/new_template/":              allowRead,
	"/api/components/:project/:component/file/":                      allowRead,
	"/api/components/:project/:component/screenshots/":               allowRead,
	"/api/components/:project/:component/addons/":                    "POST, OPTIONS",
	"/api/translations/":                                             allowRead,
	"/api/translations/:project/:component/:language/":               "GET, DELETE, HEAD, OPTIONS",
	"/api/translations/:project/:component/:language/file/":          "GET, POST, PUT, HEAD, OPTIONS",
	"/api/translations/:project/:component/:language/units/":         allowList,
	"/api/translations/:project/:component/:language/autotranslate/": "POST, OPTIONS",
	"/api/translations/:project/:component/:language/statistics/":    allowRead,
	"/api/translations/:project/:component/:language/changes/":       allowRead,
	"/api/translations/:project/:component/:language/repository/":    allowList,

	"/api/languages/":                      allowList,
	"/api/languages/:language/":            allowInstance,
	"/api/languages/:language/statistics/": allowRead,
	"/api/changes/":                        allowRead,
	"/api/changes/:id/":                    allowRead,
	"/api/units/":                          allowRead,
	"/api/units/:id/":                      allowInstance,
	"/api/users/":                          allowList,
	"/api/users/:username/":                allowInstance,
	"/api/users/:username/statistics/":     allowRead,
	"/api/groups/":                         allowList,
	"/api/groups/:id/":                     allowInstance,
	"/api/roles/":                          allowList,
	"/api/roles/:id/":                      allowInstance,
	"/api/component-lists/":                allowList,
	"/api/component-lists/:slug/":          allowInstance,
	"/api/screenshots/":                    allowList,
	"/api/screenshots/:id/":                allowInstance,
	"/api/memory/":                         allowRead,
	"/api/addons/":                         allowRead,
	"/api/addons/:id/":                     allowInstance,
	"/api/metrics/":                        allowRead,
}

func TestAllowMatchesWeblate(t *testing.T) {
	paths := map[string]bool{}
	for _, rt := range routes {
		if paths[rt.path] {
			t.Errorf("%s: registered twice", rt.path)
		}
		paths[rt.path] = true
		if strings.HasPrefix(rt.path, "/api/x/") {
			continue // gitlate's own routes (progress.go), not Weblate's
		}
		want, ok := weblateAllow[rt.path]
		switch {
		case !ok:
			t.Errorf("%s: not in weblateAllow; add it with Weblate's Allow", rt.path)
		case rt.allow != want:
			t.Errorf("%s: Allow %q, Weblate %q", rt.path, rt.allow, want)
		}
		if rt.name == "" {
			t.Errorf("%s: no OPTIONS name", rt.path)
		}
	}
	// And the other way: every route of Weblate's table is served.
	for path := range weblateAllow {
		if !paths[path] {
			t.Errorf("%s: in Weblate's table, but gitlate has no such route", path)
		}
	}
}

// extrasFixture is the fixture with what projects.yaml can declare: two add-ons (the
// second one already known to the id store), a link to a second project, a lock.
func extrasFixture(t *testing.T) http.Handler {
	t.Helper()
	snap := fixture(t)
	docs := &snapshot.Project{ID: 2, Config: &config.Project{Name: "Docs", Slug: "docs"}}
	snap.Projects = append(snap.Projects, docs)
	cc := snap.Projects[0].Components[0].Config
	cc.Locked = true
	cc.Links = []string{"docs"}
	cc.Addons = []config.Addon{
		{Name: "weblate.gettext.linguas", Configuration: json.RawMessage(`{"x":[1,"<&>"]}`)},
		{Name: "weblate.cleanup.generic"},
	}
	// The scan gives ids from the store (the add-on it already knew keeps 1) and
	// lists them in id order.
	snap.Projects[0].Components[0].Addons = []*snapshot.Addon{{ID: 1, Config: &cc.Addons[1]}, {ID: 2, Config: &cc.Addons[0]}}
	snap.Aggregate()
	snap.Finish()
	return engineOf(t, fixed{snap}, Options{Tokens: []string{"s3cret"}})
}

func TestAddons(t *testing.T) {
	h := extrasFixture(t)
	// Lists are in id order, not in the order of projects.yaml.
	got := do(t, h, "GET", "/api/components/demo/android/")
	if !strings.Contains(got.body, `"variant_regex":"","addons":["http://gitlate.test/api/addons/1/","http://gitlate.test/api/addons/2/"],"is_glossary":false`) {
		t.Errorf("component addons: %s", got.body)
	}
	want2 := `{"component":"http://gitlate.test/api/components/demo/android/","name":"weblate.gettext.linguas","id":2,` +
		`"configuration":{"x":[1,"<&>"]},"url":"http://gitlate.test/api/addons/2/"}`
	if got := do(t, h, "GET", "/api/addons/2/"); got.status != 200 || got.body != want2 || got.header.Get("Allow") != allowInstance {
		t.Errorf("addon 2: %d %s %v", got.status, got.body, got.header)
	}
	list := do(t, h, "GET", "/api/addons/?format=api")
	if !strings.HasPrefix(list.body, `{"count":2,"next":null,"previous":null,"results":[{"component":"http://gitlate.test/api/components/demo/android/?format=api","name":"weblate.cleanup.generic","id":1,"configuration":{},"url":"http://gitlate.test/api/addons/1/?format=api"},`) {
		t.Errorf("addon list: %s", list.body)
	}
	for _, p := range []string{"/api/addons/3/", "/api/addons/abc/", "/api/addons/-1/"} {
		if got := do(t, h, "GET", p); got.status != 404 || got.body != `{"detail":"Not found."}` {
			t.Errorf("%s: %d %s", p, got.status, got.body)
		}
	}
}

func TestLinksAndLock(t *testing.T) {
	h := extrasFixture(t)
	links := do(t, h, "GET", "/api/components/demo/android/links/")
	var page struct {
		Count   int
		Results []map[string]any
	}
	if err := json.Unmarshal([]byte(links.body), &page); err != nil || page.Count != 1 || page.Results[0]["slug"] != "docs" ||
		page.Results[0]["url"] != "http://gitlate.test/api/projects/docs/" {
		t.Errorf("links: %s", links.body)
	}
	if got := do(t, h, "GET", "/api/components/demo/android/lock/"); got.body != `{"locked":true}` {
		t.Errorf("lock: %s", got.body)
	}
	// Lock and links are changed in projects.yaml, not through the API.
	if got := do(t, h, "POST", "/api/components/demo/android/lock/", "Authorization", "Token s3cret"); got.status != 403 || !strings.Contains(got.body, "projects.yaml") {
		t.Errorf("POST lock: %d %s", got.status, got.body)
	}
	if got := do(t, h, "POST", "/api/components/demo/android/links/"); got.status != 401 {
		t.Errorf("POST links without token: %d", got.status)
	}
}

func TestMetricsView(t *testing.T) {
	h := extrasFixture(t)
	got := do(t, h, "GET", "/api/metrics/")
	// The fixture: 6 units (3 source + 3 Czech), 5 translated (read-only ones count), one user, three changes,
	// two projects, one component with two translations, two languages.
	want := `{"units":6,"units_translated":5,"users":1,"changes":3,"projects":2,"components":1,"translations":2,` +
		`"languages":2,"checks":0,"configuration_errors":0,"suggestions":0,"celery_queues":{},"name":"gitlate"}`
	if got.status != 200 || got.body != want || got.header.Get("Allow") != allowRead {
		t.Errorf("metrics: %d %s\nwant %s", got.status, got.body, want)
	}
	if opt := do(t, h, "OPTIONS", "/api/metrics/"); !strings.HasPrefix(opt.body, `{"name":"Metrics","description":"Metrics view for monitoring."`) {
		t.Errorf("OPTIONS: %s", opt.body)
	}
}

func TestRoutesWithoutData(t *testing.T) {
	h := extrasFixture(t)
	tests := []struct {
		method, path string
		header       []string
		status       int
		body, allow  string
	}{
		{"GET", "/api/components/demo/android/addons/", nil, 405, `{"detail":"Method \"GET\" not allowed."}`, "POST, OPTIONS"},
		{"HEAD", "/api/translations/demo/android/cs/autotranslate/", nil, 405, "", "POST, OPTIONS"},
		{"OPTIONS", "/api/components/demo/android/addons/", nil, 200, `{"name":"Addons",`, "POST, OPTIONS"},
		{"POST", "/api/components/demo/android/addons/", nil, 401, `{"detail":"Authentication credentials were not provided."}`, "POST, OPTIONS"},
		{"POST", "/api/translations/demo/android/cs/autotranslate/", []string{"Authorization", "Token s3cret"}, 403, `{"detail":"gitlate serves`, "POST, OPTIONS"},
		{"GET", "/api/components/demo/android/screenshots/", nil, 200, `{"count":0,"next":null,"previous":null,"results":[]}`, allowRead},
		{"GET", "/api/components/demo/nope/screenshots/", nil, 404, `{"detail":"Not found."}`, allowRead},
		{"GET", "/api/groups/1/", nil, 404, `{"detail":"Not found."}`, allowInstance},
		{"GET", "/api/screenshots/1/?format=api", nil, 404, `{"detail":"Not found."}`, allowInstance},
		{"GET", "/api/metrics/?format=xml", nil, 404, `{"detail":"Not found."}`, allowRead},
	}
	for _, tt := range tests {
		got := do(t, h, tt.method, tt.path, tt.header...)
		if got.status != tt.status || !strings.HasPrefix(got.body, tt.body) || got.header.Get("Allow") != tt.allow {
			t.Errorf("%s %s: %d %q Allow %q", tt.method, tt.path, got.status, got.body, got.header.Get("Allow"))
		}
	}
}

func TestDownloads(t *testing.T) {
	h := sampleServer(t)
	tests := []struct {
		path, status, ctype, disposition, contains string
	}{
		{"/api/translations/tinynotes/app/cs/file/", "200", "application/xml", "attachment; filename=tinynotes-app-cs.xml",
			`<string name="export_markdown">Exportovat jako Markdown</string>`},
		// The canonical code names the file, not the path's code.
		{"/api/translations/tinynotes/app/pt_BR/file/", "200", "application/xml", "attachment; filename=tinynotes-app-pt_BR.xml", "<resources"},
		// The template is the source translation's file.
		{"/api/translations/tinynotes/app/en/file/", "200", "application/xml", "attachment; filename=tinynotes-app-en.xml", "<resources"},
		// ?format=api (which the API's URLs carry when asked with it) and the
		// component's own format download the file as it is.
		{"/api/translations/tinynotes/app/cs/file/?format=api", "200", "application/xml", "attachment; filename=tinynotes-app-cs.xml", "<resources"},
		{"/api/translations/tinynotes/app/cs/file/?format=aresource", "200", "application/xml", "attachment; filename=tinynotes-app-cs.xml", "<resources"},
		// Weblate's exporters: content types with the charset, {project}-{component}-{language}.{ext}.
		{"/api/translations/tinynotes/app/cs/file/?format=po", "200", "text/x-po; charset=utf-8", "attachment; filename=tinynotes-app-cs.po",
			"msgctxt \"export_markdown\"\nmsgid \"Export as Markdown\"\nmsgstr \"Exportovat jako Markdown\"\n"},
		{"/api/translations/tinynotes/app/cs/file/?format=json", "200", "application/json; charset=utf-8", "attachment; filename=tinynotes-app-cs.json",
			`    "export_markdown": "Exportovat jako Markdown",`},
		{"/api/translations/tinynotes/app/cs/file/?format=csv", "200", "text/csv; charset=utf-8", "attachment; filename=tinynotes-app-cs.csv",
			`"","Export as Markdown","Exportovat jako Markdown","","False","export_markdown","",""`},
		{"/api/translations/tinynotes/glossary/cs/file/?format=xliff", "200", "application/x-xliff+xml; charset=utf-8", "attachment; filename=tinynotes-glossary-cs.xlf",
			`<source>pin</source>`},
		// ?q= selects what a conversion exports (Arabic lacks notes_selected and sync_error).
		{"/api/translations/tinynotes/app/ar/file/?format=csv&q=state:%3Ctranslated", "200", "text/csv; charset=utf-8", "attachment; filename=tinynotes-app-ar.csv",
			"\"developer_comments\"\r\n\"\",\"<xliff:g"},
		// Weblate's refusals: DRF validation errors of the file view.
		{"/api/translations/tinynotes/app/cs/file/?format=docx", "400", "application/json", "", `{"format":"Conversion to docx is not supported"}`},
		{"/api/translations/tinynotes/glossary/cs/file/?format=json", "400", "application/json", "", `{"format":"File format is not compatible with this translation"}`},
		{"/api/translations/tinynotes/glossary/cs/file/?format=mo", "400", "application/json", "", `{"format":"File format is not compatible with this translation"}`},
		{"/api/translations/tinynotes/app/cs/file/?q=pinned", "400", "application/json", "", `{"q":"Query string is ignored without format"}`},
		{"/api/translations/tinynotes/app/cs/file/?format=po&q=state:%3C%3C", "400", "application/json", "", `{"q":"Could not parse query string: Unsupported state: <"}`},
		{"/api/translations/tinynotes/glossary/cs/file/", "200", "application/x-tbx", "attachment; filename=tinynotes-glossary-cs.tbx", "<martif"},
		{"/api/translations/tinynotes/nope/cs/file/", "404", "application/json", "", `{"detail":"Not found."}`},

		{"/api/components/tinynotes/app/monolingual_base/", "200", "application/xml", `attachment; filename="strings.xml"`, `<string name="app_name"`},
		{"/api/components/tinynotes/app/new_template/", "200", "application/binary", `attachment; filename="strings.xml"`, `<string name="app_name"`},
		{"/api/components/tinynotes/glossary/monolingual_base/", "404", "application/json", "", `{"detail":"No template found!"}`},
		{"/api/components/tinynotes/glossary/new_template/", "404", "application/json", "", `{"detail":"No file found!"}`},
		{"/api/components/tinynotes/app/monolingual_base/?format=po", "404", "application/json", "", `{"detail":"Not found."}`},
		{"/api/components/tinynotes/app/file/?format=docx", "400", "application/json", "", `{"format":"Conversion to docx is not supported"}`},
		{"/api/components/tinynotes/app/file/?format=zip:docx", "400", "application/json", "", `{"format":"Conversion to docx is not supported"}`},
	}
	for _, tt := range tests {
		got := do(t, h, "GET", tt.path)
		if strconv.Itoa(got.status) != tt.status || got.header.Get("Content-Type") != tt.ctype ||
			got.header.Get("Content-Disposition") != tt.disposition || !strings.Contains(got.body, tt.contains) {
			t.Errorf("%s: %d %q %q\n%.300s", tt.path, got.status, got.header.Get("Content-Type"), got.header.Get("Content-Disposition"), got.body)
		}
	}
}

// TestGlossarySourceFile: the glossary's source translation has no file in the
// repository; the download is a TBX of its units — as many as its statistics count,
// each with its source as target.
func TestGlossarySourceFile(t *testing.T) {
	h := sampleServer(t)
	for _, p := range []string{"tinynotes", "blitzclock"} {
		got := do(t, h, "GET", "/api/translations/"+p+"/glossary/en/file/")
		if got.status != 200 || got.header.Get("Content-Type") != "application/x-tbx" ||
			got.header.Get("Content-Disposition") != "attachment; filename="+p+"-glossary-en.tbx" {
			t.Fatalf("%s: %d %v", p, got.status, got.header)
		}
		f, err := formats.Lookup("tbx")
		if !err {
			t.Fatal("no tbx format")
		}
		file, perr := f.Format().Parse([]byte(got.body))
		if perr != nil {
			t.Fatalf("%s: generated TBX does not parse: %v\n%s", p, perr, got.body)
		}
		var stats struct{ Total int }
		if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/translations/"+p+"/glossary/en/statistics/").body), &stats); err != nil {
			t.Fatal(err)
		}
		if len(file.Units) != stats.Total || stats.Total == 0 {
			t.Errorf("%s: %d terms, statistics count %d", p, len(file.Units), stats.Total)
		}
		for _, u := range file.Units {
			if u.Source[0] == "" || u.Target[0] != u.Source[0] {
				t.Errorf("%s: term %q → %q", p, u.Source[0], u.Target[0])
			}
		}
		// The terms are the units /units/ lists, in the same order.
		var units struct {
			Results []struct {
				Source  []string
				Context string
			}
		}
		if err := json.Unmarshal([]byte(do(t, h, "GET", "/api/translations/"+p+"/glossary/en/units/?page_size=1000").body), &units); err != nil {
			t.Fatal(err)
		}
		if len(units.Results) != len(file.Units) {
			t.Fatalf("%s: %d units, %d terms", p, len(units.Results), len(file.Units))
		}
		for i, u := range units.Results {
			if f := file.Units[i]; f.Key != u.Context || strings.Join(f.Source, "|") != strings.Join(u.Source, "|") {
				t.Errorf("%s: term %d is %q %q, unit %q %q", p, i, f.Key, f.Source, u.Context, u.Source)
			}
		}
		if again := do(t, h, "GET", "/api/translations/"+p+"/glossary/en/file/"); again.body != got.body {
			t.Errorf("%s: second download differs", p)
		}
	}
}

func TestComponentZip(t *testing.T) {
	h := sampleServer(t)
	got := do(t, h, "GET", "/api/components/tinynotes/app/file/")
	if got.status != 200 || got.header.Get("Content-Type") != "application/zip" ||
		got.header.Get("Content-Disposition") != `attachment; filename="tinynotes-app.zip"` {
		t.Fatalf("%d %v", got.status, got.header)
	}
	zr, err := zip.NewReader(bytes.NewReader([]byte(got.body)), int64(len(got.body)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Contains(data, []byte("<resources")) {
			t.Errorf("%s: %.100s", f.Name, data)
		}
	}
	// Paths in byte order, so values-ar/ comes first ('-' sorts before '/') and the
	// template (values/) after the translations; every file of the component is there.
	if len(names) != 8 || names[0] != "tinynotes/app/app/src/main/res/values-ar/strings.xml" ||
		!strings.Contains(strings.Join(names, " "), "tinynotes/app/app/src/main/res/values/strings.xml") {
		t.Errorf("entries: %q", names)
	}
	if again := do(t, h, "GET", "/api/components/tinynotes/app/file/"); again.body != got.body {
		t.Error("the archive differs between two requests")
	}
	if head := do(t, h, "HEAD", "/api/components/tinynotes/app/file/"); head.status != 200 || head.body != "" || head.header.Get("Content-Length") != strconv.Itoa(len(got.body)) {
		t.Errorf("HEAD: %d %d bytes, length %s", head.status, len(head.body), head.header.Get("Content-Length"))
	}
}

// TestComponentZipMadeOncePerSnapshot: the archive is made at the first request of
// a snapshot and sent as is afterwards; the next snapshot makes its own.
func TestComponentZipMadeOncePerSnapshot(t *testing.T) {
	var reads atomic.Int64
	files := map[string]string{
		"res/values/strings.xml":    "<resources/>",
		"res/values-cs/strings.xml": "<resources/>",
	}
	snap := fixture(t)
	src := &swapping{}
	src.cur.Store(snap)
	srv, err := New(src, Options{Reader: fakeUnits{snap: snap, files: files, reads: &reads}})
	if err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	h := gin.New()
	srv.Install(h)
	first := do(t, h, "GET", "/api/components/demo/android/file/")
	if first.status != 200 || reads.Load() != 2 {
		t.Fatalf("%d, %d reads", first.status, reads.Load())
	}
	for range 3 {
		if again := do(t, h, "GET", "/api/components/demo/android/file/"); again.body != first.body {
			t.Fatal("the archive differs between two requests")
		}
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d reads for four downloads of one snapshot", n)
	}
	src.cur.Store(fixture(t))
	do(t, h, "GET", "/api/components/demo/android/file/")
	if n := reads.Load(); n != 4 {
		t.Errorf("%d reads after a new snapshot, want 4", n)
	}
}
