package web

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// show writes tokens as kind(text) pieces, for comparing with a table.
func show(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.kind.String() + "(" + t.text + ")")
	}
	return b.String()
}

func TestTokenize(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", ""},
		{"Hello", "text(Hello)"},
		// printf, as Weblate's C, PHP, Java and Objective-C checks read it.
		{"%1$s files", "placeholder(%1$s) text( files)"},
		{"%d%%", "placeholder(%d) placeholder(%%)"},
		{"Size: %.2f MB", "text(Size: ) placeholder(%.2f) text( MB)"},
		{"%-5s|%05d|%lld|%@|%*d", "placeholder(%-5s) text(|) placeholder(%05d) text(|) placeholder(%lld) text(|) placeholder(%@) text(|) placeholder(%*d)"},
		{"%(name)s has %(count)d", "placeholder(%(name)s) text( has ) placeholder(%(count)d)"},
		// Prose percent signs stay prose: no space flag, no type.
		{"50% off", "text(50% off)"},
		{"100%", "text(100%)"},
		{"%1$", "text(%1$)"},
		// Braces.
		{"{0} of {1}", "placeholder({0}) text( of ) placeholder({1})"},
		{"Hi {name}!", "text(Hi ) placeholder({name}) text(!)"},
		{"{0:.2f} s", "placeholder({0:.2f}) text( s)"},
		{"{{count}} items", "placeholder({{count}}) text( items)"},
		{"Hello ${user}", "text(Hello ) placeholder(${user})"},
		{"{n, number}", "placeholder({n, number})"},
		{"{when, date, short}", "placeholder({when, date, short})"},
		// ICU: the syntax is set apart, the messages are prose, # is the number.
		{"{count, plural, one {# file} other {# files}}",
			"placeholder({count, plural,) placeholder( one {) placeholder(#) text( file) placeholder(}) placeholder( other {) placeholder(#) text( files) placeholder(}) placeholder(})"},
		{"{n,plural,offset:1 =0{none} other{# more}}",
			"placeholder({n,plural,) placeholder(offset:1 =0{) text(none) placeholder(}) placeholder( other{) placeholder(#) text( more) placeholder(}) placeholder(})"},
		{"{g, select, female {She has {n} #} other {They}}",
			"placeholder({g, select,) placeholder( female {) text(She has ) placeholder({n}) text( #) placeholder(}) placeholder( other {) text(They) placeholder(}) placeholder(})"},
		// Not arguments: prose.
		{"{unbalanced", "text({unbalanced)"},
		{"{count, plural, one {x}", "text({count, plural, one ) placeholder({x})"},
		{"a {} b", "text(a {} b)"},
		{"# not a number", "text(# not a number)"},
		{"{ }", "text({ })"},
		// Markup.
		{"<b>bold</b>", "markup(<b>) text(bold) markup(</b>)"},
		{`<xliff:g id="count">%d</xliff:g> notes`, `markup(<xliff:g id="count">) placeholder(%d) markup(</xliff:g>) text( notes)`},
		{`<a href="x>y">z</a>`, `markup(<a href="x>y">) text(z) markup(</a>)`},
		{"<br/>", "markup(<br/>)"},
		{"a < b and c > d", "text(a < b and c > d)"},
		{"1 <2", "text(1 <2)"},
		{"<unclosed", "text(<unclosed)"},
		// Newlines and whitespace.
		{"one\ntwo", "text(one) newline(\n) text(two)"},
		{"one\r\ntwo", "text(one) newline(\r\n) text(two)"},
		{"  padded ", "space(  ) text(padded) space( )"},
		{"   ", "space(   )"},
		{"\u00a0", "space(\u00a0)"},
		{" %s ", "space( ) placeholder(%s) space( )"},
		// Right-to-left text with a placeholder in quotes.
		{`هل تريد حذف "%1$s"؟`, `text(هل تريد حذف ") placeholder(%1$s) text("؟)`},
	}
	for _, tt := range tests {
		toks := tokenize(tt.in)
		if got := show(toks); got != tt.want {
			t.Errorf("tokenize(%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
		if joined := joinTokens(toks); joined != tt.in {
			t.Errorf("tokenize(%q) loses text: %q", tt.in, joined)
		}
	}
}

func joinTokens(toks []token) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.text)
	}
	return b.String()
}

func TestRichText(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Delete %1$s?", `Delete <span class="ph" dir="ltr">%1$s</span>?`},
		{"<script>alert(1)</script>", `<span class="mk" dir="ltr">&lt;script&gt;</span>alert(1)<span class="mk" dir="ltr">&lt;/script&gt;</span>`},
		{"a & b < c", `a &amp; b &lt; c`},
		{`{x} "q"`, `<span class="ph" dir="ltr">{x}</span> &#34;q&#34;`},
		{"line\nnext", "line<span class=\"nl\" aria-hidden=\"true\">↵</span>\nnext"},
		{" ", `<span class="ws" title="1 whitespace character">␣</span>`},
		{"\t x  ", `<span class="ws" title="2 whitespace characters">→␣</span>x<span class="ws" title="2 whitespace characters">␣␣</span>`},
		{"", ""},
	}
	for _, tt := range tests {
		if got := string(richText(tt.in)); got != tt.want {
			t.Errorf("richText(%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// ownTags are the only tags richText writes.
var ownTags = regexp.MustCompile(`<span class="(?:ph|mk)" dir="ltr">|<span class="nl" aria-hidden="true">|<span class="ws" title="\d+ whitespace characters?">|</span>`)

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"%1$s", "{n, plural, one {# x} other {{y} z}}", "<a href='>'>b</a>", " \n ", "${a}{{b}}", "{a,select,x{{b,plural,one{#}}}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if joined := joinTokens(tokenize(s)); joined != s {
			t.Fatalf("tokenize(%q) loses text: %q", s, joined)
		}
		if rest := ownTags.ReplaceAllString(string(richText(s)), ""); strings.ContainsAny(rest, "<>") {
			t.Fatalf("richText(%q) lets markup through: %s", s, rest)
		}
	})
}

// TestTokenizeLongHostileStrings: strings made of the starts of placeholders,
// tags and ICU arguments that never end are tokenized in linear time — a string
// of 200,000 of them took over 20 seconds when every start looked for its end.
func TestTokenizeLongHostileStrings(t *testing.T) {
	t.Parallel()
	for _, unit := range []string{"{", "{{", "${", "%(", "<a '", "{a,plural,x{", "{a,plural,x{b} y{", "{a:", "{n, number"} {
		s := strings.Repeat(unit, 200000/len(unit))
		start := time.Now()
		toks := tokenize(s)
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%q × %d: %s", unit, len(s)/len(unit), d)
		}
		if joinTokens(toks) != s {
			t.Errorf("%q × %d loses text", unit, len(s)/len(unit))
		}
	}
}
