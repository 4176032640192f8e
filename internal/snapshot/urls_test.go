package snapshot

import (
	"net/url"
	"strings"
	"testing"

	"github.com/gitlate/gitlate/internal/config"
	"github.com/gitlate/gitlate/internal/lang"
)

// TestPathsEscapeSegments: a language code or username becomes one escaped path
// segment of every path, which decodes back to it; a plain one is left as it is
// (the paths Weblate writes), without allocating. Not parallel: AllocsPerRun.
func TestPathsEscapeSegments(t *testing.T) {
	p := &Project{Config: &config.Project{Slug: "demo"}}
	c := &Component{Project: p, Config: &config.Component{Slug: "web"}}
	for code, want := range map[string]string{
		"pt_BR":      "pt_BR",
		"sr@latin":   "sr@latin",
		"cs%2fde":    "cs%252fde",
		"de\u200b":   "de%E2%80%8B",
		"\u0455k":    "%D1%95k",
		"a b?c#d;e/": "a%20b%3Fc%23d%3Be%2F",
	} {
		l := &lang.Language{Code: code}
		tr := &Translation{Component: c, Language: l}
		u := &User{Username: code}
		for _, path := range []string{tr.APIPath(), tr.WebPath(), tr.TranslatePath(), tr.EngagePath(),
			LanguageAPIPath(l), LanguageWebPath(l), u.APIPath()} {
			if !strings.HasSuffix(path, "/"+want+"/") {
				t.Errorf("%+q: %s does not end in /%s/", code, path, want)
				continue
			}
			// The last segment, unescaped, is the code again.
			got, err := url.PathUnescape(want)
			if err != nil || got != code {
				t.Errorf("%+q: %s unescapes to %+q, %v", code, want, got, err)
			}
		}
	}
	l := &lang.Language{Code: "pt_BR"}
	if n := testing.AllocsPerRun(100, func() { _ = LanguageSegment(l) }); n != 0 {
		t.Errorf("a plain code costs %v allocations", n)
	}
}
