package web

import (
	"html/template"
	"strings"
	"unicode/utf8"
)

// A string of a translation is shown with what is not prose set apart:
// placeholders and markup are isolated left-to-right spans, so that in a
// right-to-left language "%1$s" stays "%1$s" instead of being reordered by the
// bidirectional algorithm into "s$1%", and they are highlighted, as Weblate's
// editor highlights them. Newlines are kept and marked, and whitespace a reader
// could not see (a string of spaces, spaces at either end) is drawn.
//
// The placeholder syntaxes are those of Weblate's format checks
// (weblate/checks/format.py): C, PHP, Java and Objective-C printf (%s, %1$s,
// %.2f, %@; without the space flag, so that "50% off" stays prose), Python's
// %(name)s and {name}/{0:.2f}, C#'s {0}, i18next's {{name}}, JavaScript's
// ${name}, and ICU MessageFormat arguments, whose plural and select messages are
// prose again ({count, plural, one {# file} other {# files}}).

// tokenKind is what a piece of a string is.
type tokenKind uint8

const (
	tokText        tokenKind = iota
	tokPlaceholder           // a format placeholder, or ICU syntax around messages
	tokMarkup                // an XML or HTML tag
	tokNewline               // a line break ("\n" or "\r\n")
	tokSpace                 // whitespace at either end of the string, or all of it
)

func (k tokenKind) String() string {
	switch k {
	case tokText:
		return "text"
	case tokPlaceholder:
		return "placeholder"
	case tokMarkup:
		return "markup"
	case tokNewline:
		return "newline"
	case tokSpace:
		return "space"
	}
	return "unknown"
}

type token struct {
	kind tokenKind
	text string
}

// maxICUDepth bounds the nesting of ICU messages followed; deeper braces are
// prose. Real messages nest two or three levels.
const maxICUDepth = 8

// Bounds of what one placeholder or tag may span: looking further for the end
// of "{{" or "<a '" would make a long string of them cost quadratic time.
const (
	maxPlaceholder = 128
	maxTag         = 1024
)

// tokenize splits s into tokens whose texts, joined, are s. It takes time linear
// in len(s) (times a constant for ICU nesting).
func tokenize(s string) []token {
	l := lexer{s: s}
	l.lex(0, len(s), 0, false)
	toks := make([]token, len(l.toks))
	for i, t := range l.toks {
		toks[i] = token{t.kind, s[t.lo:t.hi]}
	}
	return markSpace(toks)
}

type lexer struct {
	s     string
	toks  []span
	match []int32 // index of the brace closing each '{' of s, -1 if none; built on first use
}

// span is a token as the lexer makes it: a kind and where it is in s.
type span struct {
	kind   tokenKind
	lo, hi int
}

func (l *lexer) emit(k tokenKind, lo, hi int) {
	if lo >= hi {
		return
	}
	if n := len(l.toks); n > 0 && k == tokText && l.toks[n-1].kind == tokText && l.toks[n-1].hi == lo {
		l.toks[n-1].hi = hi
		return
	}
	l.toks = append(l.toks, span{k, lo, hi})
}

// closing returns the index of the brace closing the '{' at s[open], or -1.
func (l *lexer) closing(open int) int {
	if l.match == nil {
		l.match = make([]int32, len(l.s))
		var stack []int32
		for i := 0; i < len(l.s); i++ {
			switch l.s[i] {
			case '{':
				l.match[i] = -1
				stack = append(stack, int32(i))
			case '}':
				if n := len(stack); n > 0 {
					l.match[stack[n-1]] = int32(i)
					stack = stack[:n-1]
				}
			}
		}
	}
	return int(l.match[open])
}

// lex tokenizes s[lo:hi], a whole string or an ICU message at depth; in a plural
// message "#" stands for the number.
func (l *lexer) lex(lo, hi, depth int, plural bool) {
	s := l.s[:hi]
	text := lo // start of the pending prose
	for i := lo; i < hi; {
		n, kind := 0, tokPlaceholder
		switch c := s[i]; {
		case c == '%':
			n = printfLen(window(s, i, maxPlaceholder))
		case c == '{':
			if n = doubleBraceLen(window(s, i, maxPlaceholder)); n == 0 && depth < maxICUDepth {
				l.emit(tokText, text, i)
				text = i
				// icu emits a placeholder first, so it never extends the prose
				// before it: cutting back to mark undoes all it did.
				mark := len(l.toks)
				if end := l.icu(i, hi, depth); end > 0 {
					i = end
					text = i
					continue
				}
				l.toks = l.toks[:mark]
			}
		case c == '$' && i+1 < hi && s[i+1] == '{':
			w := window(s, i, maxPlaceholder)
			if j := strings.IndexByte(w, '}'); j > 2 && !strings.ContainsAny(w[2:j], "{\n") {
				n = j + 1
			}
		case c == '#' && plural:
			n = 1
		case c == '<':
			n, kind = tagLen(window(s, i, maxTag)), tokMarkup
		case c == '\n':
			n, kind = 1, tokNewline
		case c == '\r' && i+1 < hi && s[i+1] == '\n':
			n, kind = 2, tokNewline
		}
		if n == 0 {
			i++
			continue
		}
		l.emit(tokText, text, i)
		l.emit(kind, i, i+n)
		i += n
		text = i
	}
	l.emit(tokText, text, hi)
}

// window is s from i on, at most n bytes of it.
func window(s string, i, n int) string { return s[i:min(len(s), i+n)] }

// printfLen is the length of the printf placeholder s starts with, or 0:
// %[n$][flags][width][.precision][length]type, %(name)… or %%.
func printfLen(s string) int {
	i := 1
	if i < len(s) && s[i] == '%' {
		return 2
	}
	if i < len(s) && s[i] == '(' {
		j := strings.IndexByte(s, ')')
		if j < 2 || strings.ContainsAny(s[2:j], "%\n ") {
			return 0
		}
		i = j + 1
	} else if j := digits(s, i); j > i && j < len(s) && s[j] == '$' {
		i = j + 1
	}
	for i < len(s) && strings.IndexByte("-+#0'", s[i]) >= 0 {
		i++
	}
	if i < len(s) && s[i] == '*' {
		i++
	} else {
		i = digits(s, i)
	}
	if i < len(s) && s[i] == '.' {
		if i+1 < len(s) && s[i+1] == '*' {
			i += 2
		} else if j := digits(s, i+1); j > i+1 {
			i = j
		}
	}
	for _, m := range []string{"hh", "ll", "h", "l", "L", "q", "j", "z", "t"} {
		if strings.HasPrefix(s[i:], m) {
			i += len(m)
			break
		}
	}
	if i < len(s) && strings.IndexByte("diouxXeEfFgGaAcCsSpn@", s[i]) >= 0 {
		return i + 1
	}
	return 0
}

func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// doubleBraceLen is the length of an i18next or Vue interpolation {{name}} s
// starts with, or 0.
func doubleBraceLen(s string) int {
	if !strings.HasPrefix(s, "{{") {
		return 0
	}
	j := strings.Index(s, "}}")
	if j < 3 || strings.ContainsAny(s[2:j], "{}\n") {
		return 0
	}
	return j + 2
}

// icu tokenizes the brace argument at s[start] — {0}, {name}, {0:.2f}, {n,
// number}, {count, plural, one {…} other {…}} — ending by hi, and returns where
// it ends, or 0 (nothing emitted that counts) when there is none.
func (l *lexer) icu(start, hi, depth int) int {
	s := l.s[:hi]
	// simple is the end of an argument without messages, which must close with
	// the first brace after i.
	simple := func(i int) int {
		end := l.closing(start)
		if end < 0 || end >= hi || strings.ContainsAny(s[i:end], "{\n") {
			return 0
		}
		l.emit(tokPlaceholder, start, end+1)
		return end + 1
	}
	i := skipSpace(s, start+1)
	j := i
	for j < len(s) && (isWordByte(s[j]) || (j > i && (s[j] == '.' || s[j] == '-'))) {
		j++
	}
	if j == i {
		return 0
	}
	i = skipSpace(s, j)
	if i >= len(s) {
		return 0
	}
	switch s[i] {
	case '}':
		l.emit(tokPlaceholder, start, i+1)
		return i + 1
	case ':':
		// A format specification: Python's {0:>8.2f}, C#'s {0:N2}.
		return simple(i)
	case ',':
	default:
		return 0
	}
	i = skipSpace(s, i+1)
	j = i
	for j < len(s) && isWordByte(s[j]) {
		j++
	}
	kind := s[i:j]
	i = skipSpace(s, j)
	if i >= len(s) || kind == "" {
		return 0
	}
	if kind != "plural" && kind != "selectordinal" && kind != "select" {
		// {n, number}, {d, date, short}, {n, number, ::currency/EUR}.
		return simple(i)
	}
	if s[i] != ',' {
		return 0
	}
	plural := kind != "select"
	head := i + 1 // the syntax not emitted yet starts here
	l.emit(tokPlaceholder, start, head)
	for {
		// Each case: a selector (one, =0, other), then its message in braces;
		// "offset:1" may come before the first.
		i = skipSpace(s, head)
		for {
			if i >= len(s) {
				return 0
			}
			if s[i] == '}' {
				l.emit(tokPlaceholder, head, i+1)
				return i + 1
			}
			if j = selectorEnd(s, i); j == i {
				return 0
			}
			if !strings.HasPrefix(s[i:j], "offset:") {
				break
			}
			i = skipSpace(s, j)
		}
		i = skipSpace(s, j)
		if i >= len(s) || s[i] != '{' {
			return 0
		}
		end := l.closing(i)
		if end < 0 || end >= hi {
			return 0
		}
		l.emit(tokPlaceholder, head, i+1)
		l.lex(i+1, end, depth+1, plural)
		l.emit(tokPlaceholder, end, end+1)
		head = end + 1
	}
}

// selectorEnd is the end of the ICU case selector (one, =0, offset:1) at s[i].
func selectorEnd(s string, i int) int {
	if i < len(s) && s[i] == '=' {
		i++
	}
	for i < len(s) && (isWordByte(s[i]) || s[i] == ':') {
		i++
	}
	return i
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// tagLen is the length of the XML or HTML tag s starts with (<b>, </b>, <br/>,
// <xliff:g id="n">), or 0: "a < b" is prose.
func tagLen(s string) int {
	i := 1
	if i < len(s) && s[i] == '/' {
		i++
	}
	if i >= len(s) || !(s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		return 0
	}
	for i < len(s) {
		switch s[i] {
		case '>':
			return i + 1
		case '<':
			return 0
		case '"', '\'':
			// An attribute value may hold '>'.
			k := strings.IndexByte(s[i+1:], s[i])
			if k < 0 {
				return 0
			}
			i += k + 2
			continue
		}
		i++
	}
	return 0
}

// isBlank reports whether r is whitespace a reader cannot see in running text.
func isBlank(r rune) bool { return r == ' ' || r == '\t' || r == '\u00a0' || r == '\u202f' }

// markSpace turns whitespace at the start and end of the string (all of it when
// there is nothing else) into space tokens.
func markSpace(toks []token) []token {
	if len(toks) == 0 {
		return toks
	}
	if first := toks[0]; first.kind == tokText {
		rest := strings.TrimLeftFunc(first.text, isBlank)
		if lead := first.text[:len(first.text)-len(rest)]; lead != "" {
			out := make([]token, 0, len(toks)+2)
			out = append(out, token{tokSpace, lead})
			if rest != "" {
				out = append(out, token{tokText, rest})
			}
			toks = append(out, toks[1:]...)
		}
	}
	if last := toks[len(toks)-1]; last.kind == tokText {
		rest := strings.TrimRightFunc(last.text, isBlank)
		if trail := last.text[len(rest):]; trail != "" {
			toks = toks[:len(toks)-1]
			if rest != "" {
				toks = append(toks, token{tokText, rest})
			}
			toks = append(toks, token{tokSpace, trail})
		}
	}
	return toks
}

// spaceSymbols draw whitespace: ␣ for a space, → for a tab, ⍽ for a no-break space.
var spaceSymbols = strings.NewReplacer(" ", "␣", "\t", "→", "\u00a0", "⍽", "\u202f", "⍽")

// richText renders s as HTML: prose escaped, placeholders and markup in
// left-to-right isolated spans, newlines marked and kept, edge whitespace drawn.
// The element holding it keeps line breaks (white-space: pre-wrap).
func richText(s string) template.HTML {
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, t := range tokenize(s) {
		switch t.kind {
		case tokText:
			b.WriteString(template.HTMLEscapeString(t.text))
		case tokPlaceholder:
			b.WriteString(`<span class="ph" dir="ltr">`)
			b.WriteString(template.HTMLEscapeString(t.text))
			b.WriteString(`</span>`)
		case tokMarkup:
			b.WriteString(`<span class="mk" dir="ltr">`)
			b.WriteString(template.HTMLEscapeString(t.text))
			b.WriteString(`</span>`)
		case tokNewline:
			b.WriteString(`<span class="nl" aria-hidden="true">↵</span>`)
			b.WriteString(t.text)
		case tokSpace:
			n := utf8.RuneCountInString(t.text)
			title := "1 whitespace character"
			if n > 1 {
				title = itoa(n) + " whitespace characters"
			}
			b.WriteString(`<span class="ws" title="` + title + `">`)
			b.WriteString(spaceSymbols.Replace(t.text))
			b.WriteString(`</span>`)
		}
	}
	return template.HTML(b.String()) //nolint:gosec // every piece is escaped above
}
