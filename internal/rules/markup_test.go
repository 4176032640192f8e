package rules

import (
	"slices"
	"testing"

	"github.com/gitlate/gitlate/internal/weblate"
)

// markupCase is one unit judged by one check: its source and target forms, its
// flags, the translation's language (Czech when empty) and whether the check
// fails.
type markupCase struct {
	name   string
	check  string
	source []string
	target []string
	flags  string
	lang   string
	want   bool
}

// markupFails runs every target check on the unit through Checker.Target and
// reports whether check is among the failing ones.
func markupFails(c markupCase) bool { return markupFailsMemo(c, nil) }

// markupFailsMemo is markupFails with the translation's checker given memo.
func markupFailsMemo(c markupCase, memo *Memo) bool {
	lang := c.lang
	if lang == "" {
		lang = "cs"
	}
	ctx := CheckContext{Lang: lang, SourceLang: "en", PluralNumber: 3,
		PluralFormula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"}
	if lang != "cs" {
		ctx.PluralNumber, ctx.PluralFormula = 2, "n != 1"
	}
	ctx.Memo = memo
	u := &CheckUnit{Source: c.source, Target: c.target, State: weblate.StateTranslated, Flags: c.flags}
	return slices.Contains(NewChecker(ctx).Target(nil, u), c.check)
}

func runMarkupCases(t *testing.T, cases []markupCase) {
	t.Helper()
	for _, c := range cases {
		if got := markupFails(c); got != c.want {
			t.Errorf("%s %s: %q → %q (flags %q) fails=%v, want %v", c.check, c.name, c.source, c.target, c.flags, got, c.want)
		}
	}
	// Again with one Memo for the table, twice over, as a component's
	// translations share one: what it keeps of a source under some flags
	// must not decide the same source under others.
	memo := NewMemo()
	for round := range 2 {
		for _, c := range cases {
			if got := markupFailsMemo(c, memo); got != c.want {
				t.Errorf("round %d with a memo: %s %s: %q → %q (flags %q) fails=%v, want %v", round, c.check, c.name, c.source, c.target, c.flags, got, c.want)
			}
		}
	}
}

// Cases from Weblate's weblate/checks/tests/test_markup_checks.py, in other
// words, plus edge cases checked against the Weblate checks oracle.
func TestBBCodeCheck(t *testing.T) {
	t.Parallel()
	runMarkupCases(t, []markupCase{
		{"same tags", "bbcode", one("[b]bold[/b]"), one("[b]tučně[/b]"), "", "", false},
		{"another tag", "bbcode", one("[b]bold[/b]"), one("[i]tučně[/i]"), "", "", true},
		{"markup dropped", "bbcode", one("[b]bold[/b]"), one("tučně"), "", "", true},
		{"source without markup", "bbcode", one("bold"), one("[b]tučně[/b]"), "", "", false},
		{"one pair fewer", "bbcode", one("[b]a[/b] and [b]c[/b]"), one("[b]a[/b] a c"), "", "", true},
		{"parameter after @", "bbcode", one("[url@x]link[/url]"), one("[url@y]odkaz[/url]"), "", "", false},
		{"parameter tag differs", "bbcode", one("[url@x]link[/url]"), one("[uri@x]odkaz[/uri]"), "", "", true},
		{"no closing on the same line", "bbcode", one("[b]a\nb[/b]"), one("x"), "", "", false},
		{"ignored", "bbcode", one("[b]bold[/b]"), one("tučně"), "ignore-bbcode", "", false},
		{"plural form", "bbcode", []string{"[b]one[/b]", "[b]%d[/b]"}, []string{"[b]jeden[/b]", "[b]%d[/b]", "%d"}, "", "", true},
	})
}

func TestBBCodeFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		tags []string
	}{
		{"[a]string[/a]", []string{"a"}},
		{"[a]x[/a] [b]y[/b] [a]z[/a]", []string{"a", "b", "a"}},
		{"[a][b]x[/b][/a]", []string{"a"}},
		{"[a@p@q]x[/a@p]", []string{"a@p"}},
		{"[a]x[/b]", nil},
		{"[]x[/]", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range bbcodeFind(tt.text) {
			got = append(got, m.tag)
		}
		if !slices.Equal(got, tt.tags) {
			t.Errorf("bbcodeFind(%q) = %q, want %q", tt.text, got, tt.tags)
		}
	}
}

func TestXMLInvalidCheck(t *testing.T) {
	t.Parallel()
	const id = "xml-invalid"
	decl := `<?xml version="1.0" encoding="UTF-8"?>`
	runMarkupCases(t, []markupCase{
		{"valid", id, one("<a>string</a>"), one("<a>string</a>"), "xml-text", "", false},
		{"no markup", id, one("string"), one("string"), "", "", false},
		{"source is no XML", id, one("<http://weblate.org/>"), one("<http://weblate.org/>"), "", "", false},
		{"wrong end tag", id, one("<a>string</a>"), one("<a>string</b>"), "xml-text", "", true},
		{"unclosed", id, one("<a>string</a>"), one("<a>string"), "", "", true},
		{"other start tag", id, one("<a>string</a>"), one("<b>string</a>"), "xml-text", "", true},
		{"non-ASCII text", id, one("<a>zkouška</a>"), one("<a>zkouška</a>"), "", "", false},
		{"space after </", id, one("<emphasis>1st</emphasis>"), one("<emphasis>not</ emphasis>"), "", "", true},
		{"space after <", id, one("<emphasis>2nd</emphasis>"), one("<emphasis>not< /emphasis>"), "", "", true},
		{"HTML void element", id, one("<br />"), one("<br>"), "", "", true},
		{"safe-html skips", id, one("<br />"), one("<br>"), "safe-html", "", false},
		{"declaration kept", id, one(decl + "<b>test</b>"), one(decl + "<b>test</b>"), "", "", false},
		{"declaration, unclosed", id, one(decl + "<b>test</b>"), one(decl + "<b>test"), "", "", true},
		{"HTML source is no XML", id, one("This is<br>valid HTML"), one("Toto je<br>platne HTML"), "", "", false},
		{"one source form is no XML", id, []string{"<emphasis>1st</emphasis>", "<invalid>"}, one("<emphasis>not</ emphasis>"), "", "", false},
		{"target only looks like XML", id, one("Source"), one("<<target>>"), "", "", false},
		{"entities are ignored", id, one("a&nbsp;<b>b</b>"), one("a&nbsp;<b>b</b>&copy;"), "", "", false},
		{"bare ampersand", id, one("x &amp; <b>y</b>"), one("x & <b>y</b>"), "", "", true},
		{"undeclared prefix in source", id, one("<xliff:g>%s</xliff:g> left"), one("<xliff:g>%s zbývá"), "", "", false},
		{"ignored", id, one("<a>string</a>"), one("<a>string"), "ignore-xml-invalid", "", false},
		{"plural form", id, []string{"<b>one</b>", "<b>%d</b>"}, []string{"<b>jeden</b>", "<b>%d</b>", "<b>%d"}, "", "", true},
	})
}

func TestXMLTagsCheck(t *testing.T) {
	t.Parallel()
	const id = "xml-tags"
	decl := `<?xml version="1.0" encoding="UTF-8"?>`
	runMarkupCases(t, []markupCase{
		{"same", id, one("<a>string</a>"), one("<a>string</a>"), "", "", false},
		{"other tag", id, one("<a>string</a>"), one("<b>string</b>"), "", "", true},
		{"tags dropped", id, one("<a>string</a>"), one("string"), "", "", true},
		{"non-ASCII text", id, one("<a>zkouška</a>"), one("<a>zkouška</a>"), "", "", false},
		{"attribute values may differ", id, one(`<a href="#">a</a>`), one(`<a href="other">z</a>`), "", "", false},
		{"extra attribute", id, one(`<a href="#">a</a>`), one(`<a href="#" onclick="alert()">z</a>`), "", "", true},
		{"declaration", id, one(decl + "<b>test</b>"), one(decl + "<b>test</b>"), "", "", false},
		{"declaration, other root", id, one(decl + "<b>test</b>"), one(decl + "<a>test</a>"), "", "", true},
		{"invalid target is xml-invalid's", id, one("<a>string</a>"), one("<a>string"), "", "", false},
		{"order counts", id, one("<a>x</a><b>y</b>"), one("<b>y</b><a>x</a>"), "", "", true},
		{"namespace URI, not prefix", id, one(`<a xmlns:x="u"><x:b/></a>`), one(`<a xmlns:y="u"><y:b/></a>`), "", "", false},
		{"other namespace", id, one(`<a xmlns:x="u"><x:b/></a>`), one(`<a xmlns:x="v"><x:b/></a>`), "", "", true},
		{"comment dropped", id, one("<b>a</b><!-- c -->"), one("<b>a</b>"), "", "", true},
		{"xml-text forces a plain source", id, one("plain"), one("<b>x</b>"), "xml-text", "", true},
		{"safe-html skips", id, one("<a>string</a>"), one("<b>string</b>"), "safe-html", "", false},
		{"plural form", id, []string{"<b>one</b>", "<b>%d</b>"}, []string{"<b>jeden</b>", "<b>%d</b>", "<i>%d</i>"}, "", "", true},
	})
}

func TestParseXMLTree(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text  string
		ok    bool
		tags  []string
		attrs [][]string
	}{
		{"<weblate>x <xliff:g>y</xliff:g></weblate>", false, nil, nil},
		{"<weblate>a < b</weblate>", false, nil, nil},
		{"<weblate>a > b</weblate>", true, []string{"weblate"}, [][]string{nil}},
		{"<weblate><![CDATA[x<y]]></weblate>", true, []string{"weblate"}, [][]string{nil}},
		{"<weblate><!-- c --><b/></weblate>", true, []string{"weblate", xmlCommentNode, "b"}, [][]string{nil, nil, nil}},
		{"<weblate><?pi x?></weblate>", true, []string{"weblate", xmlPINode}, [][]string{nil, nil}},
		{"<weblate><a xmlns:x='u'><x:b x:c='1' d='2'/></a></weblate>", true, []string{"weblate", "a", "{u}b"}, [][]string{nil, nil, {"{u}c", "d"}}},
		{"<weblate><!DOCTYPE x></weblate>", false, nil, nil},
		{"<weblate>\x01</weblate>", false, nil, nil},
		{"<weblate><a b='1' b='2'/></weblate>", false, nil, nil},
		{"<weblate><a b=1/></weblate>", false, nil, nil},
		{"<weblate><br></weblate>", false, nil, nil},
		{"<weblate>]]></weblate>", false, nil, nil},
		{"<weblate><a xmlns='u'><b/></a></weblate>", true, []string{"weblate", "{u}a", "{u}b"}, [][]string{nil, nil, nil}},
		{"<weblate><a xml:lang='cs'/></weblate>", true, []string{"weblate", "a"}, [][]string{nil, {"{" + xmlNamespace + "}lang"}}},
		{"<weblate><a b='x<y'/></weblate>", false, nil, nil},
		{"<weblate><!-- a -- b --></weblate>", false, nil, nil},
		{"<weblate><1a/></weblate>", false, nil, nil},
		{" <b/>\n", true, []string{"b"}, [][]string{nil}},
		{"<b/><i/>", false, nil, nil},
		{"x<b/>", false, nil, nil},
		{"<weblate><?xml version='1.0'?><b/></weblate>", false, nil, nil},
		{"", false, nil, nil},
	}
	for _, tt := range tests {
		nodes, _, err := parseXMLTree(tt.text)
		if (err == nil) != tt.ok {
			t.Errorf("parseXMLTree(%q) error %v, want ok=%v", tt.text, err, tt.ok)
			continue
		}
		var tags []string
		var attrs [][]string
		for _, n := range nodes {
			tags = append(tags, n.tag)
			attrs = append(attrs, n.attrs)
		}
		if !slices.Equal(tags, tt.tags) || !slices.EqualFunc(attrs, tt.attrs, slices.Equal[[]string]) {
			t.Errorf("parseXMLTree(%q) = %q %q, want %q %q", tt.text, tags, attrs, tt.tags, tt.attrs)
		}
	}
}

func TestStripXMLEntities(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"a &amp; b":        "a   b",
		"&#123;&#x41;":     "  ",
		"&nbsp;x":          " x",
		"a & b":            "a & b",
		"&;":               "&;",
		"&žluť;":           " ",
		"&a-b;":            "&a-b;",
		"no entity at all": "no entity at all",
	}
	for in, want := range tests {
		if got := stripXMLEntities(in); got != want {
			t.Errorf("stripXMLEntities(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMDRefLinkCheck(t *testing.T) {
	t.Parallel()
	const id = "md-reflink"
	runMarkupCases(t, []markupCase{
		{"same reference", id, one("[a][a1]"), one("[b][a1]"), "md-text", "", false},
		{"no links", id, one("string"), one("string"), "md-text", "", false},
		{"needs md-text", id, one("[a][a1]"), one("[b][a2]"), "", "", false},
		{"other reference", id, one("[a][a1]"), one("[b][a2]"), "md-text", "", true},
		{"reference dropped", id, one("see [a][a1]"), one("viz a"), "md-text", "", true},
		{"space between", id, one("[a] [a1]"), one("[b]\n[a1]"), "md-text", "", false},
	})
}

func TestMDLinkCheck(t *testing.T) {
	t.Parallel()
	const id = "md-link"
	const twoLinks = "[Weblate](#weblate) has an [example]({{example}}) for illustrating the usage of [Weblate](#weblate)"
	runMarkupCases(t, []markupCase{
		{"same link", id, one("[Use Weblate](https://weblate.org/)"), one("[Použij Weblate](https://weblate.org/)"), "md-text", "", false},
		{"no links", id, one("string"), one("string"), "md-text", "", false},
		{"needs md-text", id, one("[Use Weblate](https://weblate.org/)"), one("[Použij Weblate]"), "", "", false},
		{"link dropped", id, one("[Use Weblate](https://weblate.org/)"), one("[Použij Weblate]"), "md-text", "", true},
		{"space before (", id, one("[Use Weblate](https://weblate.org/)"), one("[Použij Weblate] (https://weblate.org/)"), "md-text", "", true},
		{"relative link changed", id, one("[Use Weblate](../demo/)"), one("[Použij Weblate](https://example.com/)"), "md-text", "", true},
		{"template link", id, one("[translate]({{ site.baseurl }}/docs/Translation/) here"), one("Die [übersetzen]({{ site.baseurl }}/docs/Translation/)"), "md-text", "", false},
		{"spacing", id, one("[My Home Page](http://example.com)"), one("[Moje stránka] (http://example.com)"), "md-text", "", true},
		{"order free", id, one(twoLinks), one("Ein [Beispiel]({{example}}) in [Webspät](#weblate) illustriert die Verwendung von [Webspät](#weblate)"), "md-text", "", false},
		{"anchor changed", id, one(twoLinks), one("Ein [Beispiel]({{example}}) in [Webspät](#weblate) illustriert die Verwendung von [Webspät](#Webspät)"), "md-text", "", true},
		{"one link fewer", id, one(twoLinks), one("Ein [Beispiel]({{example}}) in [Webspät](#weblate) illustriert die Verwendung von Webspät"), "md-text", "", true},
		{"autolink", id, one("See <https://weblate.org/>"), one("Viz <https://weblate.org/>"), "md-text", "", false},
		{"autolink broken", id, one("See <https://weblate.org/>"), one("Viz <https:>"), "md-text", "", true},
		{"e-mail", id, one("See <noreply@weblate.org>"), one("Viz <noreply@weblate.org>"), "md-text", "", false},
		{"e-mail broken", id, one("See <noreply@weblate.org>"), one("Viz <noreply>"), "md-text", "", true},
		{"title and angle brackets", id, one(`[a](<./x y> "T")`), one(`[b](<./x y> 'U')`), "md-text", "", false},
		{"image", id, one("![logo](./logo.png)"), one("![logo](./logo-cs.png)"), "md-text", "", true},
	})
}

func TestMDLinkFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		urls []string
	}{
		{"[a](b)", []string{"b"}},
		{"[a]( b )", []string{"b"}},
		{`[a](b "t")`, []string{"b"}},
		{"[a](<b c>)", []string{"b c"}},
		{"[a [b] c](d)", []string{"d"}},
		{"[a] b] c](d)", []string{"d"}},
		{"[a](b) [c](d)", []string{"b", "d"}},
		{"x <http://a> <a@b.c> <a@b>", []string{"", ""}},
		{"[a](b", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range mdLinkFind(tt.text) {
			got = append(got, m.url)
		}
		if !slices.Equal(got, tt.urls) {
			t.Errorf("mdLinkFind(%q) = %q, want %q", tt.text, got, tt.urls)
		}
	}
}

func TestMDSyntaxCheck(t *testing.T) {
	t.Parallel()
	const id = "md-syntax"
	runMarkupCases(t, []markupCase{
		{"same", id, one("**string**"), one("**string**"), "md-text", "", false},
		{"none", id, one("string"), one("string"), "md-text", "", false},
		{"needs md-text", id, one("**string**"), one("string"), "", "", false},
		{"bold to italics", id, one("**string**"), one("*string*"), "md-text", "", true},
		{"strike to italics", id, one("~~string~~"), one("*string*"), "md-text", "", true},
		{"underscore to star", id, one("_string_"), one("*string*"), "md-text", "", true},
		{"markup added", id, one("string"), one("`string`"), "md-text", "", true},
		{"code and links", id, one("**s** ~~x~~ `c` <https://weblate.org> <noreply@weblate.org>"), one("**s** ~~x~~ `c` <https://weblate.org>"), "md-text", "", false},
	})
}

func TestMDSyntaxFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text  string
		marks []string
	}{
		{"**string** ~~strike~~ `code` <https://weblate.org> <noreply@weblate.org>", []string{"**", "~~", "`", "", ""}},
		{"__a__ _b_ *c*", []string{"__", "_", "*"}},
		{"snake_case_name", nil},
		{"``a ` b``", []string{"``"}},
		{"` `", []string{"`"}},
		{"~~ a~~", nil},
		{"***a***", []string{"**"}},
		{"a * b", nil},
	}
	for _, tt := range tests {
		got := mdSyntaxFind(tt.text)
		if !slices.Equal(got, tt.marks) {
			t.Errorf("mdSyntaxFind(%q) = %q, want %q", tt.text, got, tt.marks)
		}
	}
}

func TestURLCheck(t *testing.T) {
	t.Parallel()
	const url = "https://weblate.org/"
	runMarkupCases(t, []markupCase{
		{"same", "url", one(url), one(url), "url", "", false},
		{"needs the flag", "url", one("string"), one("string"), "", "", false},
		{"no slashes", "url", one(url), one("https:weblate.org/"), "url", "", true},
		{"no scheme", "url", one(url), one("weblate.org/"), "url", "", true},
		{"a word", "url", one(url), one("weblate"), "url", "", true},
	})
	tests := map[string]bool{
		"http://localhost:8000/x?y#z":       true,
		"ftp://files.example.co.uk":         true,
		"FTPS://EXAMPLE.COM":                true,
		"http://user:pass@example.com/":     true,
		"http://1.2.3.4/":                   true,
		"http://[::1]:80/":                  true,
		"http://[::g]/":                     false,
		"http://příklad.cz/cesta":           true,
		"http://xn--pklad-zsa96e.cz/":       true,
		"mailto:a@b.cz":                     false,
		"https://exa mple.com":              false,
		"http://-a.com":                     false,
		"http://a-.com":                     false,
		"http://example":                    false,
		"http://example.com/a b":            false,
		"http://example.com/\nb":            false,
		"http://example.c":                  false,
		"http://a.b-/":                      false,
		"git://example.com/":                false,
		"http://example.com.":               true,
		"http://www.example.com:123456/":    false,
		"http://[1:2::3]:8080/?q=1":         true,
		"https://example.com/path?q=a#frag": true,
		"HTTP://-é.co.uk":                   true, // refused, then accepted as punycode
		"http://a..b.cz/":                   false,
	}
	for in, want := range tests {
		if got := validURL(in); got != want {
			t.Errorf("validURL(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestSafeHTMLNeverFails(t *testing.T) {
	t.Parallel()
	c := CheckByID("safe-html")
	if c == nil || c.Kind != NeverCheck || !c.DefaultDisabled || c.Name != "Unsafe HTML" {
		t.Fatalf("safe-html registered as %+v", c)
	}
	runMarkupCases(t, []markupCase{
		{"unsafe link", "safe-html", one(`<a href="https://weblate.org/">link</a>`), one(`<a href="javascript:foo()">link</a>`), "safe-html", "", false},
	})
}
