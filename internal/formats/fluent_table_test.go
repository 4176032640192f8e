package formats

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFluentRules: what Weblate 4.18 reads of small inputs, by the rules of
// translate-toolkit 3.9.2's FluentFile and fluent.syntax 0.19.0 (see
// fluentFormat).
func TestFluentRules(t *testing.T) {
	t.Parallel()
	type u struct{ key, text, note string }
	cases := []struct {
		name, doc string
		want      []u
		errLine   int // > 0: the file does not load, the error names this line
	}{
		{"message and term", "a = A\n-t = T\n", []u{{"a", "A", ""}, {"-t", "T", ""}}, 0},
		{"attributes follow the value", "a = A\n    .title = T\n    .label =\n        one\n        two\n",
			[]u{{"a", "A\n.title = T\n.label =\none\ntwo", ""}}, 0},
		{"attributes without a value", "a =\n    .title = T\n", []u{{"a", ".title = T", ""}}, 0},
		{"a leading special character becomes a literal", "a = *star\nb = [x]\n", []u{{"a", `{ "*" }star`, ""}, {"b", `{ "[" }x]`, ""}}, 0},
		{"common indentation removed, the rest kept", "a =\n    one\n      two\n\n    three\n", []u{{"a", "one\n  two\n\nthree", ""}}, 0},
		{"inline first line", "a = one\n    two\n", []u{{"a", "one\ntwo", ""}}, 0},
		{"CRLF read as LF", "a =\r\n    one\r\n    two\r\n", []u{{"a", "one\ntwo", ""}}, 0},
		{"placeables as fluent.syntax writes them", "a = {$x}{-t}{ NUMBER($n,minimumFractionDigits:2) }{\"\\u00A0\"}{{b}}\n",
			[]u{{"a", `{ $x }{ -t }{ NUMBER($n, minimumFractionDigits: 2) }{ "\u00A0" }{{ b }}`, ""}}, 0},
		{"select expression normalized", "a = { $n ->\n  [one] one\n  *[other] many\n}\n",
			[]u{{"a", "{ $n ->\n    [one] one\n   *[other] many\n}", ""}}, 0},
		// Notes: every resource comment, the group, the unit's own comment.
		{"notes", "### R1\n\n## G\n\n# C\na = A\nb = B\n\n##\n\nc = C\n\n### R2\n",
			[]u{{"a", "A", "R1\nR2\nG\nC"}, {"b", "B", "R1\nR2\nG"}, {"c", "C", "R1\nR2"}}, 0},
		{"a comment with a blank line below is nobody's", "# C\n\na = A\n", []u{{"a", "A", ""}}, 0},
		{"a comment of several lines", "# one\n#\n#   two\na = A\n", []u{{"a", "A", "one\n\n  two"}}, 0},
		// fluent.syntax does not join CRLF after "#": the block ends there.
		{"CRLF ends a comment at an empty line", "# one\r\n#\r\n# two\r\na = A\r\n", []u{{"a", "A", "\ntwo"}}, 0},
		{"a repeated key is a warning", "a = A\na = B\n", []u{{"a", "A", ""}, {"a", "B", ""}}, 0},
		{"a value of blanks only is no unit", "a = \t\nb = B\n", []u{{"b", "B", ""}}, 0},
		{"empty file", "", nil, 0},
		// Any Junk fails the file.
		{"junk", "a = A\nb\n", nil, 2},
		{"message without value", "a = A\n\nb =\n", nil, 3},
		{"term without value", "-t =\n    .a = x\n", nil, 1},
		{"comment without a space", "#x\na = A\n", nil, 1},
		{"a lone # at the end", "a = A\n#", nil, 2},
		{"byte-order mark", "\ufeffa = A\n", nil, 1},
		{"not UTF-8", "a = A\nb = \xff\n", nil, 2},
		{"select without default", "a = { $n ->\n  [one] x\n}\n", nil, 3},
		{"lowercase function", "a = { number($n) }\n", nil, 1},
		{"closing brace", "a = x }\n", nil, 1},
		{"too deep", "a = " + strings.Repeat("{", fluentMaxDepth+1) + "1" + strings.Repeat("}", fluentMaxDepth+1) + "\n", nil, 1},
	}
	for _, c := range cases {
		f, err := fluentFormat{}.Parse([]byte(c.doc))
		if c.errLine > 0 {
			se, ok := err.(*SyntaxError)
			if !ok || se.Line != c.errLine {
				t.Errorf("%s: error %v, want one at line %d", c.name, err, c.errLine)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []u
		for _, x := range f.Units {
			got = append(got, u{x.Key, x.Target[0], x.Note})
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: unit %d %q, want %q", c.name, i, got[i], c.want[i])
			}
		}
		if c.name == "a repeated key is a warning" && len(f.Warnings) != 1 {
			t.Errorf("%s: warnings %v", c.name, f.Warnings)
		}
	}
}

// ftlNaiveSource is FluentUnit._fluent_pattern_to_source as fluent.syntax
// writes it, part by part, every part indented again (quadratic, as there):
// the reference ftlWriter is compared with.
func ftlNaiveSource(p *ftlPattern) string {
	if first := p.elems[0]; first.expr == nil && first.text != "" {
		if c := first.text[0]; c == '[' || c == '.' || c == '*' {
			elems := []ftlElem{{expr: &ftlExpr{kind: ftlExprString, name: string(c)}}, {text: first.text[1:]}}
			p = &ftlPattern{elems: append(elems, p.elems[1:]...)}
		}
	}
	s := "i =" + naivePattern(p) + "\n"
	s = strings.TrimSuffix(s[4:], "\n")
	return pyDedent(s)
}

func naiveIndent(s string) string {
	var lines []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			j += size
			if r == '\r' && j < len(s) && s[j] == '\n' {
				j++
				break
			}
			if strings.ContainsRune("\n\r\v\f\x1c\x1d\x1e\u0085\u2028\u2029", r) {
				break
			}
		}
		lines = append(lines, s[i:j])
		i = j
	}
	return strings.Join(lines, "    ")
}

func naivePattern(p *ftlPattern) string {
	var c string
	for _, e := range p.elems {
		if e.expr == nil {
			c += e.text
		} else {
			c += naivePlaceable(e.expr)
		}
	}
	c = naiveIndent(c)
	if ftlShouldStartOnNewLine(p) {
		return "\n    " + c
	}
	return " " + c
}

func naivePlaceable(x *ftlExpr) string {
	switch x.kind {
	case ftlExprPlaceable:
		return "{" + naivePlaceable(x.inner) + "}"
	case ftlExprSelect:
		return "{ " + naiveExpr(x) + "}"
	}
	return "{ " + naiveExpr(x) + " }"
}

func naiveExpr(x *ftlExpr) string {
	w := &ftlWriter{limit: 1 << 30}
	switch x.kind {
	case ftlExprSelect:
		s := naiveExpr(x.selector) + " ->"
		for _, v := range x.variants {
			mark := "    "
			if v.def {
				mark = "   *"
			}
			s += "\n" + mark + "[" + v.key + "]" + naiveIndent(naivePattern(v.value))
		}
		return s + "\n"
	case ftlExprPlaceable:
		return naivePlaceable(x.inner)
	}
	w.expr(x) // no line breaks in the other expressions
	return w.b.String()
}

func FuzzFluent(f *testing.F) {
	addPlainSeeds(f, []string{
		"a = A\n", "a =\n    one\n\r\n      two\u2028x\r\n    .t = { $n ->\n [one] { -b(c: 1) }\n *[o] x\n }\n",
		"### R\n## G\n# C\n-t = { { \"*\" } }\n", "a = [{ a.b }\n    .c =\n        { $x ->\n            [a]\n                { $y ->\n                   *[b] c\r d\n                }\n           *[e] f\n        }\n",
	}, "fluent")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPlainParse(t, data, func(n int) int { return budgetOf(n) }, "fluent")
		if !utf8.Valid(data) {
			return
		}
		p := &ftlParser{s: string(data)}
		entries, err := p.parse()
		if err != nil {
			return
		}
		for _, e := range entries {
			pats := []*ftlPattern{e.value}
			for _, a := range e.attrs {
				pats = append(pats, a.value)
			}
			for _, pat := range pats {
				if pat == nil || len(pat.elems) == 0 {
					continue
				}
				got, err := ftlPatternSource(pat, budgetOf(len(data)))
				if err == nil && got != ftlNaiveSource(pat) {
					t.Fatalf("%q: one pass %q, part by part %q", e.id, got, ftlNaiveSource(pat))
				}
			}
		}
	})
}
