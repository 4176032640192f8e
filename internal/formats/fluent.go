package formats

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// fluentFormat is Mozilla's Fluent (.ftl) as Weblate 4.18 reads it: its
// FluentFormat (weblate/formats/ttkit.py, "Fluent file", text/x-fluent, .ftl,
// no check flags; the fluent-type flag and the Fluent checks came with
// Weblate 5.0) wraps translate-toolkit 3.9.2's FluentFile
// (translate/storage/fluent.py), which parses with fluent.syntax 0.19.0 (the
// version translate-toolkit 3.9.2 requires). Its units are Weblate's
// FluentUnit, a MonolingualSimpleUnit: used with a template.
//
// What gitlate follows, as translate-toolkit does it:
//   - the file is UTF-8 (a byte-order mark is not skipped: fluent.syntax
//     reads it as the start of an entry, which is not one) and must parse
//     without Junk: any syntax error fails the whole file, as translate-toolkit
//     raises on the first Junk entry;
//   - a message is a unit keyed by its id, a term (-brand) one keyed by its id
//     with the "-"; comments of any level are header units, which Weblate
//     leaves out (TTKitFormat.all_store_units drops isheader units);
//   - attributes are not units of their own: the unit's text is its value's
//     text (when it has one), then a line ".name = text" for each attribute
//     (".name =" and the text on the next lines when the text has several
//     lines), joined by line ends (FluentUnit._create_from_fluent_pattern);
//   - each pattern's text is fluent.syntax's serialization of it
//     (FluentSerializer: placeables as "{ $var }", "{ -term }",
//     "{ FUNC($a, opt: 1) }", string literals with their escapes as written,
//     select expressions on lines of their own with their variants indented
//     four spaces, "   *[other]" for the default), a leading ".", "*" or "["
//     written as a string literal placeable ({ "." }), then the first line's
//     "i =" cut off and textwrap.dedent applied: the common indentation of the
//     lines removed, lines of only blanks emptied. fluent.syntax has already
//     removed the common indentation of a multi-line value and its trailing
//     blanks; line ends are "\n" whatever the file's (CRLF is read as one);
//   - the note is every resource comment ("###") of the file, wherever it
//     stands, joined by line ends, then the group comment ("##") the unit is
//     under, then the comment ("#") attached to the unit (written on the lines
//     just above it), the empty ones left out (FluentFile._combine_comments);
//   - no location, no flag, never fuzzy; the text is always translated. A
//     unit whose text comes out empty (a value of blanks only, "a = \t") is
//     left out, as Weblate leaves out blank units.
//
// Odd but kept, as fluent.syntax does it: in a CRLF file a comment line "#"
// with nothing after it ends the comment block (fluent.syntax compares the
// character after "#" with "\n" without joining CRLF), so only that line
// (empty) and the lines after it are attached to the message; a "#" at the
// very end of a file without a line end is a syntax error; a comment block
// followed by a blank line is attached to nothing. Serializing, fluent.syntax indents after every
// line break Python's str.splitlines knows (a lone CR, U+2028, form feed…),
// so a text holding one gets four spaces after it that the file does not
// have.
//
// Deliberately different: fluent.syntax parses recursively and Python stops
// it near 150 nested placeables (RecursionError, the file does not load);
// gitlate refuses more than fluentMaxDepth.
type fluentFormat struct{}

func init() {
	Register(Info{
		ID: "fluent", Name: "Fluent file", Monolingual: true,
		// FluentFormat.mimetype and .extension.
		MimeType: "text/x-fluent", Extension: "ftl",
		// translation_finder's FluentDiscovery: *.ftl files, named or
		// placed by language (Mozilla's en-US as English).
		Detect: &Detection{Name: "Fluent", Extensions: []string{".ftl"}, Default: "fluent"},
	}, fluentFormat{})
}

// fluentMaxDepth bounds the nesting of placeables and select expressions.
const fluentMaxDepth = 100

// Parse returns the messages and terms in file order.
func (fluentFormat) Parse(data []byte) (*File, error) {
	if !utf8.Valid(data) {
		return nil, &SyntaxError{Line: invalidUTF8Line(data), Msg: "not UTF-8"}
	}
	p := &ftlParser{s: string(data)}
	entries, err := p.parse()
	if err != nil {
		return nil, err
	}
	var resource []string
	for _, e := range entries {
		if e.kind == ftlResourceComment {
			resource = append(resource, e.content)
		}
	}
	resourceComments := strings.Join(resource, "\n")
	prefix := resourceComments
	out := &File{}
	budget := textBudget(len(data))
	for _, e := range entries {
		switch e.kind {
		case ftlGroupComment:
			prefix = ftlCombine(resourceComments, e.content)
			continue
		case ftlMessage, ftlTerm:
		default:
			continue
		}
		text, err := e.source(budget)
		if err != nil {
			return nil, &SyntaxError{Line: e.line, Msg: err.Error()}
		}
		if text == "" {
			continue
		}
		key := e.id
		if e.kind == ftlTerm {
			key = "-" + key
		}
		note := prefix
		if e.comment != nil {
			note = ftlCombine(prefix, e.comment.content)
		}
		u := Unit{Key: key, Target: []string{text}, Note: note, Line: e.line}
		if budget -= unitText(&u); budget < 0 {
			return nil, &SyntaxError{Line: u.Line, Msg: "the units hold more text than the file's budget"}
		}
		out.Units = append(out.Units, u)
	}
	out.Warnings = duplicateWarnings(out.Units, false)
	return out, nil
}

// invalidUTF8Line is the line of the first byte that is not UTF-8.
func invalidUTF8Line(data []byte) int {
	line := 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return line
		}
		if r == '\n' {
			line++
		}
		i += size
	}
	return line
}

// ftlCombine is FluentFile._combine_comments: the texts that are not empty,
// joined by line ends.
func ftlCombine(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "\n")
}

// source is the unit's text as translate-toolkit builds it
// (FluentUnit._create_from_fluent_pattern).
func (e *ftlEntry) source(limit int) (string, error) {
	var lines []string
	if e.value != nil {
		s, err := ftlPatternSource(e.value, limit)
		if err != nil {
			return "", err
		}
		if s != "" {
			lines = append(lines, s)
		}
	}
	for _, a := range e.attrs {
		s, err := ftlPatternSource(a.value, limit)
		if err != nil {
			return "", err
		}
		sep := " "
		if strings.Contains(s, "\n") {
			sep = "\n"
		}
		lines = append(lines, "."+a.name+" ="+sep+s)
	}
	return strings.Join(lines, "\n"), nil
}

// ftlPatternSource is FluentUnit._fluent_pattern_to_source: the pattern
// serialized as the value of a message "i", "i =" and the line end after the
// value cut off, then dedented. limit bounds the text (the file's budget
// left): past it, the serialization stops with an error.
func ftlPatternSource(p *ftlPattern, limit int) (string, error) {
	if len(p.elems) == 0 {
		return "", fmt.Errorf("unexpected fluent Pattern without any elements")
	}
	if first := p.elems[0]; first.expr == nil && first.text != "" {
		if c := first.text[0]; c == '[' || c == '.' || c == '*' {
			elems := make([]ftlElem, 0, len(p.elems)+1)
			elems = append(elems, ftlElem{expr: &ftlExpr{kind: ftlExprString, name: string(c)}})
			elems = append(elems, ftlElem{text: first.text[1:]})
			p = &ftlPattern{elems: append(elems, p.elems[1:]...)}
		}
	}
	w := &ftlWriter{limit: limit}
	// serialize_pattern puts "\n    " or " " before the content; "i =" and
	// that line end or space are cut off.
	if ftlShouldStartOnNewLine(p) {
		w.str("    ")
	}
	w.content(p)
	if w.over {
		return "", errFluentBudget
	}
	return pyDedent(w.b.String()), nil
}

var errFluentBudget = fmt.Errorf("the units hold more text than the file's budget")

// pyDedent is Python's textwrap.dedent (3.11): lines of spaces and tabs only
// are emptied, then the longest indentation (spaces and tabs) common to the
// other lines is removed from each.
func pyDedent(text string) string {
	lines := strings.Split(text, "\n")
	margin, have := "", false
	for i, l := range lines {
		j := 0
		for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
			j++
		}
		if j == len(l) {
			lines[i] = ""
			continue
		}
		indent := l[:j]
		switch {
		case !have:
			margin, have = indent, true
		case strings.HasPrefix(indent, margin):
		case strings.HasPrefix(margin, indent):
			margin = indent
		default:
			k := 0
			for k < len(margin) && k < len(indent) && margin[k] == indent[k] {
				k++
			}
			margin = margin[:k]
		}
	}
	if margin != "" {
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, margin)
		}
	}
	return strings.Join(lines, "\n")
}

// The serializer: fluent.syntax's FluentSerializer for patterns, written in
// one pass. fluent.syntax indents a serialized part again at every level
// around it (indent_except_first_line: four spaces after every line break
// str.splitlines knows but one ending the part); ftlWriter counts the levels
// instead: a line break is indented, when the next character comes, by the
// levels it stood in that have not ended before that character.
type ftlWriter struct {
	b         strings.Builder
	depth     int  // the levels open
	pending   bool // a line break awaits its indentation
	pendDepth int  // the levels open since that line break
	cr        bool // the pending line break is a CR (a LF after it joins it)
	limit     int
	over      bool
}

func (w *ftlWriter) open() { w.depth++ }

func (w *ftlWriter) close() {
	w.depth--
	if w.pending && w.pendDepth > w.depth {
		w.pendDepth = w.depth
	}
}

func (w *ftlWriter) str(s string) {
	if w.over {
		return
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if w.pending {
			if w.cr && r == '\n' {
				w.b.WriteByte('\n')
				w.cr = false
				i += size
				continue
			}
			for range w.pendDepth {
				w.b.WriteString("    ")
			}
			w.pending = false
		}
		w.b.WriteString(s[i : i+size])
		i += size
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			w.pending, w.pendDepth, w.cr = true, w.depth, r == '\r'
		}
	}
	if w.b.Len() > w.limit {
		w.over = true
	}
}

func ftlShouldStartOnNewLine(p *ftlPattern) bool {
	multiline := false
	for _, e := range p.elems {
		if (e.expr != nil && e.expr.kind == ftlExprSelect) || (e.expr == nil && strings.Contains(e.text, "\n")) {
			multiline = true
			break
		}
	}
	if !multiline {
		return false
	}
	if first := p.elems[0]; first.expr == nil && first.text != "" {
		if c := first.text[0]; c == '[' || c == '.' || c == '*' {
			return false
		}
	}
	return true
}

// content is the indented content of serialize_pattern.
func (w *ftlWriter) content(p *ftlPattern) {
	w.open()
	for _, e := range p.elems {
		if e.expr == nil {
			w.str(e.text)
		} else {
			w.placeable(e.expr)
		}
	}
	w.close()
}

// placeable writes the placeable whose expression is x (serialize_placeable).
func (w *ftlWriter) placeable(x *ftlExpr) {
	switch x.kind {
	case ftlExprPlaceable:
		w.str("{")
		w.placeable(x.inner)
		w.str("}")
	case ftlExprSelect:
		w.str("{ ")
		w.expr(x)
		w.str("}")
	default:
		w.str("{ ")
		w.expr(x)
		w.str(" }")
	}
}

func (w *ftlWriter) expr(x *ftlExpr) {
	if w.over {
		return
	}
	switch x.kind {
	case ftlExprString:
		w.str(`"` + x.name + `"`)
	case ftlExprNumber:
		w.str(x.name)
	case ftlExprVariable:
		w.str("$" + x.name)
	case ftlExprTerm, ftlExprMessage:
		if x.kind == ftlExprTerm {
			w.str("-")
		}
		w.str(x.name)
		if x.hasAttr {
			w.str("." + x.attr)
		}
		if x.args != nil {
			w.args(x.args)
		}
	case ftlExprFunction:
		w.str(x.name)
		w.args(x.args)
	case ftlExprSelect:
		w.expr(x.selector)
		w.str(" ->")
		for _, v := range x.variants {
			w.str("\n")
			if v.def {
				w.str("   *")
			} else {
				w.str("    ")
			}
			w.str("[" + v.key + "]")
			// serialize_variant indents serialize_pattern's text, which
			// indents its content.
			w.open()
			if ftlShouldStartOnNewLine(v.value) {
				w.str("\n    ")
			} else {
				w.str(" ")
			}
			w.content(v.value)
			w.close()
		}
		w.str("\n")
	case ftlExprPlaceable:
		w.placeable(x.inner)
	}
}

func (w *ftlWriter) args(a *ftlArgs) {
	w.str("(")
	for i, x := range a.positional {
		if i > 0 {
			w.str(", ")
		}
		w.expr(x)
	}
	if len(a.positional) > 0 && len(a.named) > 0 {
		w.str(", ")
	}
	for i, n := range a.named {
		if i > 0 {
			w.str(", ")
		}
		w.str(n.name + ": ")
		w.expr(n.value)
	}
	w.str(")")
}
