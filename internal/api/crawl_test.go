package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// collectURLs appends every string in v that starts with prefix.
func collectURLs(v any, prefix string, out *[]string) {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, prefix) {
			*out = append(*out, x)
		}
	case []any:
		for _, e := range x {
			collectURLs(e, prefix, out)
		}
	case map[string]any:
		for _, e := range x {
			collectURLs(e, prefix, out)
		}
	}
}

// downloadRoutes are the paths that answer files rather than JSON.
var downloadRoutes = []string{"/file/", "/monolingual_base/", "/new_template/"}

// TestCrawl follows every API URL the server emits, breadth-first from /api/, with and
// without ?format=api. Every URL answers 200 with JSON — or, for downloads, a file with
// Content-Disposition — never 5xx or 404; HEAD answers as GET without a body, and
// OPTIONS answers 200 with the same Allow.
func TestCrawl(t *testing.T) {
	h := sampleServer(t)
	const base = "http://gitlate.test"
	checked := map[string]bool{} // paths whose HEAD and OPTIONS were checked
	for _, format := range []string{"", "?format=api"} {
		seen := map[string]bool{}
		// The metrics view is not linked from the root, as in Weblate.
		queue := []string{base + "/api/" + format, base + "/api/metrics/" + format}
		for len(queue) > 0 && len(seen) < 5000 {
			u := queue[0]
			queue = queue[1:]
			if seen[u] {
				continue
			}
			seen[u] = true
			path := strings.TrimPrefix(u, base)
			if !strings.HasPrefix(path, "/api/") {
				continue // web pages are the web package's
			}
			got := do(t, h, "GET", path)
			if got.status != 200 {
				t.Errorf("%s: status %d %s", path, got.status, got.body)
				continue
			}
			if !checked[path] {
				checked[path] = true
				checkHeadAndOptions(t, h, path, got)
			}
			ct := got.header.Get("Content-Type")
			if ct != "application/json" {
				route := strings.SplitN(path, "?", 2)[0]
				isDownload := false
				for _, suffix := range downloadRoutes {
					isDownload = isDownload || strings.HasSuffix(route, suffix)
				}
				if !isDownload {
					t.Errorf("%s: Content-Type %q, not JSON", path, ct)
				} else if cd := got.header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment; filename=") {
					t.Errorf("%s: download without Content-Disposition (%q)", path, cd)
				}
				continue
			}
			var v any
			if err := json.Unmarshal([]byte(got.body), &v); err != nil {
				t.Errorf("%s: not JSON: %v", path, err)
				continue
			}
			var urls []string
			collectURLs(v, base, &urls)
			for _, next := range urls {
				if format != "" && !strings.Contains(next, "format=api") {
					t.Errorf("%s: URL without format=api: %s", path, next)
				}
				if !seen[next] {
					queue = append(queue, next)
				}
			}
		}
		if len(seen) < 100 {
			t.Errorf("crawl%s reached only %d URLs", format, len(seen))
		}
		// URLs of this endpoints, so the crawl cannot silently stop reaching them.
		for _, p := range []string{"/api/addons/", "/api/addons/1/", "/api/addons/2/", "/api/translations/tinynotes/glossary/en/file/",
			"/api/translations/tinynotes/app/cs/file/", "/api/components/tinynotes/app/links/", "/api/components/tinynotes/app/lock/"} {
			if !seen[base+p+format] {
				t.Errorf("crawl%s did not reach %s", format, p)
			}
		}
	}
}

// checkHeadAndOptions checks HEAD and OPTIONS of path against its GET answer.
func checkHeadAndOptions(t *testing.T, h http.Handler, path string, get response) {
	t.Helper()
	head := do(t, h, "HEAD", path)
	if head.status != get.status || head.body != "" {
		t.Errorf("HEAD %s: %d with %d bytes", path, head.status, len(head.body))
	}
	for _, k := range []string{"Allow", "Content-Type", "Content-Length", "Content-Disposition"} {
		if head.header.Get(k) != get.header.Get(k) {
			t.Errorf("HEAD %s: %s %q, GET has %q", path, k, head.header.Get(k), get.header.Get(k))
		}
	}
	opt := do(t, h, "OPTIONS", path)
	var meta struct{ Name, Description string }
	if opt.status != 200 || opt.header.Get("Allow") != get.header.Get("Allow") || json.Unmarshal([]byte(opt.body), &meta) != nil || meta.Name == "" {
		t.Errorf("OPTIONS %s: %d, Allow %q (GET: %q): %s", path, opt.status, opt.header.Get("Allow"), get.header.Get("Allow"), opt.body)
	}
}

// TestLevelsAgree: component statistics items equal the translations' numbers, a
// project is the sum of its components, a language the sum over projects.
func TestLevelsAgree(t *testing.T) {
	h := sampleServer(t)
	get := func(path string, v any) {
		t.Helper()
		got := do(t, h, "GET", path+"?page_size=1000")
		if got.status != 200 {
			t.Fatalf("%s: %d", path, got.status)
		}
		if err := json.Unmarshal([]byte(got.body), v); err != nil {
			t.Fatal(err)
		}
	}
	type stats map[string]any
	type page struct {
		Results []stats
	}
	keys := []string{"total", "translated", "total_words", "translated_words"}
	sum := func(dst, src stats) {
		for _, k := range keys {
			dst[k] = dst[k].(float64) + src[k].(float64)
		}
	}
	zero := func() stats {
		return stats{"total": 0.0, "translated": 0.0, "total_words": 0.0, "translated_words": 0.0}
	}
	var projects page
	get("/api/projects/", &projects)
	byLanguage := map[string]stats{}
	for _, p := range projects.Results {
		slug := p["slug"].(string)
		var comps page
		get("/api/projects/"+slug+"/components/", &comps)
		projSum := zero()
		for _, c := range comps.Results {
			cslug := c["slug"].(string)
			var items, trans page
			get("/api/components/"+slug+"/"+cslug+"/statistics/", &items)
			get("/api/components/"+slug+"/"+cslug+"/translations/", &trans)
			if len(items.Results) != len(trans.Results) || len(items.Results) == 0 {
				t.Fatalf("%s/%s: %d statistics items, %d translations", slug, cslug, len(items.Results), len(trans.Results))
			}
			for i, it := range items.Results {
				for _, k := range keys {
					if it[k] != trans.Results[i][k] {
						t.Errorf("%s/%s item %d %s: %v vs translation %v", slug, cslug, i, k, it[k], trans.Results[i][k])
					}
				}
				sum(projSum, it)
				code := it["code"].(string)
				if byLanguage[code] == nil {
					byLanguage[code] = zero()
				}
				sum(byLanguage[code], it)
			}
		}
		var ps stats
		get("/api/projects/"+slug+"/statistics/", &ps)
		for _, k := range keys {
			if ps[k] != projSum[k] {
				t.Errorf("project %s %s: %v, sum of components %v", slug, k, ps[k], projSum[k])
			}
		}
	}
	for code, want := range byLanguage {
		var ls stats
		get("/api/languages/"+code+"/statistics/", &ls)
		for _, k := range keys {
			if ls[k] != want[k] {
				t.Errorf("language %s %s: %v, sum over projects %v", code, k, ls[k], want[k])
			}
		}
	}
}
