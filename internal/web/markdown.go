package web

import (
	"bytes"
	"html"
	"html/template"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A project's instructions for translators are Markdown, as Weblate's are
// (its markdown filter). They come from the repository's configuration, which
// anyone who can commit writes, so they are rendered safely: goldmark without
// html.WithUnsafe writes raw HTML as a comment ("raw HTML omitted"), and links
// and images keep only addresses a browser cannot run (see safeURL).

var markdown = goldmark.New(goldmark.WithParserOptions(
	parser.WithASTTransformers(util.Prioritized(instructionsTransformer{}, 100)),
))

// renderMarkdown renders Markdown as sanitised HTML.
func renderMarkdown(src string) template.HTML {
	var b bytes.Buffer
	if err := markdown.Convert([]byte(src), &b); err != nil {
		// Conversion only fails on a failing writer; a bytes.Buffer does not fail.
		return template.HTML(template.HTMLEscapeString(src)) //nolint:gosec // escaped
	}
	return template.HTML(b.String()) //nolint:gosec // goldmark escapes, raw HTML is dropped, URLs are filtered
}

// instructionsTransformer fits the document into the page: headings start
// below the page's own (h3, as the instructions sit under an h2), unsafe
// addresses are removed, and links say they lead to what the page does not vouch
// for (rel="nofollow noopener").
type instructionsTransformer struct{}

func (instructionsTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var unsafe []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			n.Level = min(n.Level+2, 6)
		case *ast.Link:
			if !safeURL(string(n.Destination)) {
				unsafe = append(unsafe, n)
			} else {
				n.SetAttributeString("rel", []byte("nofollow noopener"))
			}
		case *ast.Image:
			if !safeURL(string(n.Destination)) {
				unsafe = append(unsafe, n)
			}
		case *ast.AutoLink:
			if !safeURL(string(n.URL(source))) {
				unsafe = append(unsafe, n)
			}
		}
		return ast.WalkContinue, nil
	})
	// An unsafe link or image becomes its text: the words stay, the address goes.
	for _, n := range unsafe {
		parent := n.Parent()
		if al, ok := n.(*ast.AutoLink); ok {
			parent.ReplaceChild(parent, n, ast.NewString(al.Label(source)))
			continue
		}
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
}

// safeURL reports whether a browser following u stays on the web: an address
// without a scheme (relative, or a fragment), or one with http, https or mailto.
// The scheme is read as a browser reads it (WHATWG URL): leading control
// characters and spaces are skipped, tabs and newlines anywhere are dropped,
// case does not matter. Anything before a colon counts as a scheme, which is
// stricter than a browser (a "%" cannot be in one).
func safeURL(u string) bool {
	// The renderer writes the address with its character references resolved.
	u = html.UnescapeString(u)
	u = strings.TrimLeftFunc(u, func(r rune) bool { return r <= ' ' })
	u = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u)
	i := strings.IndexAny(u, ":/?#")
	if i < 0 || u[i] != ':' {
		return true
	}
	switch strings.ToLower(u[:i]) {
	case "http", "https", "mailto":
		return true
	}
	return false
}
