package rules

import (
	"strings"
	"testing"
)

// The expectations are what Django's strip_tags gives on Python 3.11.
func TestStripTags(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"plain text", "plain text"},
		// Each pass removes one "<" of these; Django stops after 50 passes.
		{strings.Repeat("<", 3) + strings.Repeat("a>", 3), ""},
		{strings.Repeat("<", 60) + strings.Repeat("a>", 60), strings.Repeat("<", 10) + strings.Repeat("a>", 10)},
		{"<b>Hello</b> world", "Hello world"},
		{"a < b and c > d", "a < b and c > d"},
		// References stay as written, with the ";" they lacked.
		{"<p>x &amp y</p>", "x &amp; y"},
		{"<p>&#39;s &#x41 &amp;</p>", "&#39;s &#x41; &amp;"},
		{"x &f<b>", "x &f;"},
		{"<b>&foo-", "&foo;-"},
		// A reference cut by the end of the text stays as it is.
		{"<b>1</b> &#12", "1 &#12"},
		// The text of a closed script or style stays; of an open one it goes.
		{"<script>alert(1)</script>after", "alert(1)after"},
		{"<script>never closed", ""},
		{"<style>p{}</STYLE >x", "p{}x"},
		{"<!-- note -->text", "text"},
		{"<!DOCTYPE html><p>x</p>", "x"},
		{"<?php echo ?>x", "x"},
		{"<![CDATA[ raw ]]>y", "y"},
		{"<br/>line<br />", "line"},
		{`<a href="x>y">link</a>`, "link"},
		// An unclosed quote: the tag is text to its end.
		{`<a title="unclosed>x`, `<a title="unclosed>x`},
		// … unless white space before the quote lets the parser read on.
		{`<a b= "c>d</a>`, "d"},
		{"</>empty", "empty"},
		{"</ 3>x", "x"},
		// A pass that removes a tag is followed by another one.
		{"<<b>b>>", ">"},
		{"x <a", "x <a"},
		// Python raises on an unknown marked section: the text is kept.
		{"<![foo bar]>z", "<![foo bar]>z"},
	}
	for _, c := range cases {
		if got := stripTags(c.in); got != c.want {
			t.Errorf("stripTags(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
