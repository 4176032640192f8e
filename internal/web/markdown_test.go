package web

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestRenderMarkdown(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Keep it **short**.", "<p>Keep it <strong>short</strong>.</p>\n"},
		{"# Style\n\n- one\n- two", "<h3>Style</h3>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"},
		{"[guide](https://example.org/guide)", `<p><a href="https://example.org/guide" rel="nofollow noopener">guide</a></p>` + "\n"},
		{"[glossary](../glossary/)", `<p><a href="../glossary/" rel="nofollow noopener">glossary</a></p>` + "\n"},
		{"<https://example.org>", `<p><a href="https://example.org">https://example.org</a></p>` + "\n"},
		{"Write `%s` as is.", "<p>Write <code>%s</code> as is.</p>\n"},
		{"###### Deep", "<h6>Deep</h6>\n"},
		// Raw HTML is not passed on.
		{"<script>alert(1)</script>", "<!-- raw HTML omitted -->\n"},
		{"Hi <img src=x onerror=alert(1)>", "<p>Hi <!-- raw HTML omitted --></p>\n"},
		// Unsafe addresses lose the link and keep the words.
		{"[click](javascript:alert(1))", "<p>click</p>\n"},
		{"[click](JavaScript:alert(1))", "<p>click</p>\n"},
		{"[click](<java\tscript:alert(1)>)", "<p>click</p>\n"},
		{"[click](< javascript:alert(1)>)", "<p>click</p>\n"},
		{"[click](&#106;avascript:alert(1))", "<p>click</p>\n"},
		{"[click](vbscript:msgbox)", "<p>click</p>\n"},
		{"[click](data:text/html;base64,PHNjcmlwdD4=)", "<p>click</p>\n"},
		{"![logo](javascript:alert(1))", "<p>logo</p>\n"},
		{"<javascript:alert(1)>", "<p>javascript:alert(1)</p>\n"},
		{"[**bold** words](file:///etc/passwd)", "<p><strong>bold</strong> words</p>\n"},
	}
	for _, tt := range tests {
		if got := string(renderMarkdown(tt.in)); got != tt.want {
			t.Errorf("renderMarkdown(%q):\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestMarkdownHostile parses what hostile instructions render to as a browser
// would and looks for anything that runs: script-like elements, event handler
// attributes, addresses with a scheme that is not http, https or mailto.
func TestMarkdownHostile(t *testing.T) {
	t.Parallel()
	hostile := []string{
		"<script>alert(1)</script>",
		"<SCRIPT SRC=//evil/x.js></SCRIPT>",
		"<iframe src=javascript:alert(1)>",
		"<svg onload=alert(1)>",
		"<a href=\"javascript:alert(1)\">x</a>",
		"<style>body{display:none}</style>",
		"[a](javascript:alert(1))", "[a](JAVASCRIPT:alert(1))", "[a]( javascript:alert(1))",
		"[a](<\x01javascript:alert(1)>)", "[a](java&#x09;script:alert(1))", "[a](&#x6A;avascript:alert(1))",
		"[a][r]\n\n[r]: javascript:alert(1)",
		"![a](data:text/html,<script>alert(1)</script>)",
		"<javascript:alert(1)>", "<vbscript:x>", "<data:text/html,x>",
		"[a](https://example.org \"t\" onclick=alert(1))",
		"`<script>`",
		"<!-- --><script>alert(1)</script>",
		"<div>\n<script>alert(1)</script>\n</div>",
		"[x](https://ok.example/)<img src=x onerror=alert(1)>",
	}
	for _, in := range hostile {
		out := string(renderMarkdown(in))
		doc, err := html.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				switch n.Data {
				case "script", "iframe", "style", "svg", "object", "embed", "img":
					if n.Data != "img" || !safeAttr(n, "src") {
						t.Errorf("%q renders a <%s>: %s", in, n.Data, out)
					}
				}
				for _, a := range n.Attr {
					if strings.HasPrefix(strings.ToLower(a.Key), "on") {
						t.Errorf("%q renders an event handler %s: %s", in, a.Key, out)
					}
				}
				if !safeAttr(n, "href") || !safeAttr(n, "src") {
					t.Errorf("%q renders an unsafe address: %s", in, out)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
	}
}

// safeAttr checks an address attribute independently of safeURL: after what a
// browser strips, the scheme it names, if any (WHATWG URL: a letter, then
// letters, digits, "+", "-" or ".", then ":"), is http, https or mailto.
func safeAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key != key {
			continue
		}
		v := strings.TrimLeftFunc(strings.ToLower(a.Val), func(r rune) bool { return r <= ' ' })
		v = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(v)
		i := 0
		for i < len(v) && (v[i] >= 'a' && v[i] <= 'z' || i > 0 && (v[i] >= '0' && v[i] <= '9' || strings.IndexByte("+-.", v[i]) >= 0)) {
			i++
		}
		if i > 0 && i < len(v) && v[i] == ':' {
			switch v[:i] {
			case "http", "https", "mailto":
			default:
				return false
			}
		}
	}
	return true
}

func TestSafeURL(t *testing.T) {
	t.Parallel()
	for u, want := range map[string]bool{
		"https://example.org": true, "HTTP://x": true, "mailto:a@b": true, "/rel/path": true, "../up": true,
		"#frag": true, "?q=1": true, "a/b:c": true, "notes:x": false,
		"javascript:x": false, "JaVaScRiPt:x": false, " javascript:x": false, "\x00javascript:x": false,
		"java\tscript:x": false, "java\nscript:x": false, "data:x": false, "vbscript:x": false, "file:///": false,
	} {
		if got := safeURL(u); got != want {
			t.Errorf("safeURL(%q) = %v, want %v", u, got, want)
		}
	}
}
