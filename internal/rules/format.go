package rules

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// This file is Weblate 4.18's format-string checks (weblate/checks/format.py,
// qt.py, ruby.py, angularjs.py) and the source check unnamed_format. Every
// format check extracts the placeholders of the source and of the target with
// a regular expression of its family, keeps one group of each match (the part
// after the "%", the name inside the braces, …) and compares the two lists:
// in order when a source placeholder is positional (%s, {}), else as multisets
// (4.16 counts duplicated placeholders). The regular expressions are Python's;
// they are rewritten for Go's RE2 below (see pyRe), and the one that uses
// lookarounds (Java's printf) is shown not to need them.

// pyWhitespace is the characters Python's \s matches in a str pattern
// (str.isspace): Go's \s is ASCII only.
const pyWhitespace = `\t\n\x0b\f\r\x1c-\x20\x85\xa0\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`

// lazyPyRe is pyRe compiled when first used: Vue's case-insensitive letter
// classes take a quarter of a millisecond, which a process running no check
// should not pay at start.
func lazyPyRe(p string) formatMatcher {
	return lazyMatcher{sync.OnceValue(func() *regexp.Regexp { return pyRe(p) })}
}

// lazyMatcher is a formatMatcher whose expression is compiled when first used.
type lazyMatcher struct{ re func() *regexp.Regexp }

func (m lazyMatcher) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return m.re().FindAllStringSubmatchIndex(s, n)
}

func (m lazyMatcher) ReplaceAllLiteralString(src, repl string) string {
	return m.re().ReplaceAllLiteralString(src, repl)
}

func (m lazyMatcher) LiteralPrefix() (string, bool) { return m.re().LiteralPrefix() }

// pyRe compiles a Python regular expression written for RE2, with Python's
// Unicode meaning of \d (any decimal digit) and of \s, written {WS} so that it
// can stand inside a class.
func pyRe(p string) *regexp.Regexp {
	p = strings.ReplaceAll(p, `\d`, `\p{Nd}`)
	p = strings.ReplaceAll(p, `{WS}`, pyWhitespace)
	return regexp.MustCompile(p)
}

// The regular expressions of weblate/checks/format.py as the 5.4.2 code our
// oracle runs has them (no 4.18 copy was at hand; older 4.x copies differ in
// C#'s flags class and Vue's linked-message pattern, so those two are the
// least certain), with Python's groups kept in order: group 1 is what the
// checks compare.
var (
	// %, an optional (name), flags, width, precision, a length and a type; a
	// lone % matches with an empty group ("incomplete format string"). The
	// checks match it with pythonPrintf, which costs linear time; the
	// expression is its tests' reference.
	pythonPrintfRe = pyRe(`%((?:\(([^)]+)\))?([ +#-]*(?:\d+)?(?:\.\d+)?(hh|h|l|ll)?([a-zA-Z%])|))`)
	// ~, an optional ~N@*~ argument, comma-separated parameters, : and @
	// modifiers and a directive.
	schemePrintfRe = pyRe(`~((?:(\d+)@\*~)?((?:([+-]?\d+|'.|[vV]|#)(,([+-]?\d+|'.|[vV]|#))*)?:?@?([a-zA-Z%$?&_/|!\[\]()~])|))`)
	phpPrintfRe    = pyRe(`%((?:(\d+)\$)?([ +#-]*(?:\d+)?(?:\.\d+)?(hh|h|l|ll)?([a-zA-Z%])|))`)
	// C's flags also hold ' (thousands grouping), which the checks drop.
	cPrintfRe = pyRe(`%((?:(\d+)\$)?([ +#'-]*(?:\d+)?(?:\.\d+)?(hh|h|l|ll)?([a-zA-Z%])|))`)
	// Object Pascal: %index:, where index, width and precision may be *.
	pascalFormatRe = pyRe(`%((?:(\*|\d+):)?(-?(?:\*|\d+)?(\.(?:\*|\d+))?([defgmnpsuxDEFGMNPSUX%])|))`)
	// {} (the empty alternative comes first), {field.attr[index]!conv:spec}.
	pythonBraceRe = pyRe(`\{(|([0-9]+|[_A-Za-z][_0-9A-Za-z]*)(\.[_A-Za-z][_0-9A-Za-z]*|\[[^\]]+\])*(![rsa])?(:.?[<>=^]?[+ -]?[#]?0?(?:[1-9][0-9]*)?,?(?:\.[1-9][0-9]*)?[bcdeEfFgGnosxX%]?)?)\}`)
	// C#: group 1 is the argument number alone, so {0} and {0,5:N2} agree.
	cSharpRe = pyRe(`\{(\d+)([-,?{WS}]+(?:\d+)?(?:\.\d+)?)?(:(([a-zA-Z0#.,{WS}]*(?:\d+)?))?)?\}`)
	// Java's printf. Python writes %(?![\s]) and (?<![tT])[tT][A-Za-z] for the
	// type; neither lookaround can change a match: the character after % must
	// be a digit, a flag or a letter to match at all (never whitespace), and
	// the character before the type is %, $, a flag or a digit (never t or T).
	javaPrintfRe = pyRe(`%((?:(\d+)\$)?([-.#+0,(]*(?:\d+)?(?:\.\d+)?(([tT][A-Za-z]|[A-Za-z]))))`)
	// Java MessageFormat: group 1 is the argument number alone.
	javaMessageRe = pyRe(`\{(\d+)[{WS}]*(,[{WS}]*([a-z]+)(,[{WS}]*([^{WS}]+))?)?[{WS}]*\}`)
	// i18next: $t(key) nesting or {{name}} interpolation, both lazy.
	i18nextRe = pyRe(`(\$t\((.+?)\)|\{\{(.+?)\}\})`)
	// ES template literal ${name}.
	esTemplateRe = pyRe(`\$\{[{WS}]*(([^}]+))[{WS}]*\}`)
	percentRe    = pyRe(`(%([a-zA-Z0-9_]+)%)`)
	// Vue I18n: {name}, %{name}, or linked messages @:key, @.modifier:key and
	// @:(key), case-insensitive; Python's \w is Unicode letters, digits and _.
	vueRe = lazyPyRe(`(?i)(%?\{([^}]+)\}|(?:@(?:\.[a-z]+)?:(?:[\p{L}\p{N}_\-|./]+|\([\p{L}\p{N}_\-:|./]+\))))`)
	// Qt (weblate/checks/qt.py): %1 … %99, optionally %L1; plural %n, %Ln.
	qtFormatRe = pyRe(`%(L?(\d{1,2}))`)
	qtPluralRe = pyRe(`%(L?(n))`)
	// Ruby (weblate/checks/ruby.py): printf (%s, %1$s), named %<name>s and
	// template %{name}, all with flags, width and precision.
	rubyFormatRe = pyRe(`%((?:(?:(\d+)\$)?([ +#*-]*(?:\d+)?(?:\.\d+)?([a-zA-Z%])))|(?:([ +#*-]*(?:\d+)?(?:\.\d+)?(?:(?:<([^> ]+)>([a-zA-Z]))|(?:\{([^} ]+)\})))))`)
	// AngularJS (weblate/checks/angularjs.py): {{ expression }}, lazy.
	angularjsRe = pyRe(`\{\{[{WS}]*((.+?))[{WS}]*\}\}`)
	// reStructuredText roles and literals (weblate/checks/same.py), which the
	// same check strips under rst-text.
	rstRe = pyRe("(:[a-z:]+:`[^`]+`|``[^`]+``)")

	pyWhitespaceRe = regexp.MustCompile(`[` + pyWhitespace + `]+`)
)

// Which placeholders are positional (is_position_based): a source with one
// compares in order, else as multisets.
func cFormatPositional(s string) bool      { return !strings.Contains(s, "$") && s != "%" }
func pascalFormatPositional(s string) bool { return !strings.Contains(s, ":") && s != "%" }
func schemeFormatPositional(s string) bool { return !strings.Contains(s, "@*") && s != "~" }
func pythonFormatPositional(s string) bool { return !strings.Contains(s, "(") && s != "%" }
func nameFormatPositional(s string) bool   { return s == "" }
func rubyFormatPositional(s string) bool   { return s != "%" && !strings.ContainsAny(s, "$<{") }
func neverPositional(string) bool          { return false }
func alwaysPositional(string) bool         { return true }

// A formatRule is a format flag's regular expression and its test of a
// positional placeholder (format.py's FLAG_RULES).
type formatRule struct {
	flag       string
	re         formatMatcher
	positional func(string) bool
}

// formatRules is FLAG_RULES as Weblate 4.18 has it, in its order (the same
// check strips the first that is in force): 5.4.2's without perl-brace-format,
// which came with its check in 5.4.
var formatRules = []formatRule{
	{"python-format", pythonPrintf{}, pythonFormatPositional},
	{"php-format", phpPrintfRe, cFormatPositional},
	{"c-format", cPrintfRe, cFormatPositional},
	{"object-pascal-format", pascalFormatRe, pascalFormatPositional},
	{"perl-format", cPrintfRe, cFormatPositional},
	{"javascript-format", cPrintfRe, cFormatPositional},
	{"lua-format", cPrintfRe, cFormatPositional},
	{"python-brace-format", pythonBraceRe, nameFormatPositional},
	{"scheme-format", schemePrintfRe, schemeFormatPositional},
	{"c-sharp-format", cSharpRe, nameFormatPositional},
	{"java-printf-format", javaPrintfRe, cFormatPositional},
}

// A formatFamily is how one format check reads placeholders.
type formatFamily struct {
	re         formatMatcher
	positional func(string) bool
	// printf checks (BasePrintfCheck) drop "'" from a placeholder (a locale
	// flag) and ignore where the escape (%% as "%", or Scheme's ~~) stands:
	// remove is the placeholder left out before the second comparison.
	printf bool
	remove string
	// i18next, ES and AngularJS compare placeholders without whitespace.
	squeeze bool
	// Java MessageFormat also wants its apostrophes paired.
	quotes bool

	cache  sync.Map // source text → extract's list (extractCached)
	cached atomic.Int64
}

// extractCached is extract of a source string: the same sources come back in
// every translation of a component, so their lists are kept (up to
// extractCacheMax strings per family, then the cache starts again). The list
// is shared: callers must not change it.
func (f *formatFamily) extractCached(text string) []string {
	if v, ok := f.cache.Load(text); ok {
		return v.([]string)
	}
	list := f.extract(text)
	if f.cached.Add(1) > extractCacheMax {
		f.cache.Clear()
		f.cached.Store(0)
	}
	f.cache.Store(text, list)
	return list
}

const extractCacheMax = 1 << 16

// extract is extract_matches: group 1 of every match, cleaned up.
func (f *formatFamily) extract(text string) []string {
	var out []string
	if f.re == formatMatcher(javaPrintfRe) {
		var buf [8][2]int
		if spans, ok := javaPrintfSimple(text, buf[:0]); ok {
			for _, sp := range spans {
				out = append(out, text[sp[0]+1:sp[1]]) // group 1: all but the %
			}
			return out
		}
	}
	for _, m := range f.re.FindAllStringSubmatchIndex(text, -1) {
		g := ""
		if m[2] >= 0 {
			g = text[m[2]:m[3]]
		}
		if f.printf {
			g = strings.ReplaceAll(g, "'", "")
		}
		if f.squeeze {
			g = pyWhitespaceRe.ReplaceAllString(g, "")
		}
		out = append(out, g)
	}
	return out
}

// fails is check_format: whether target's placeholders differ from source's.
// ignoreMissing lets the target lack some of them, provided it has none the
// source lacks.
func (f *formatFamily) fails(source, target string, ignoreMissing bool) bool {
	if source == "" || target == "" {
		return false
	}
	bad := f.differ(source, target, ignoreMissing)
	// Weblate adds the apostrophe test after the comparison, so that an odd
	// count fails even where a missing placeholder is forgiven (it skips it for
	// GWT files only, a format gitlate does not read).
	if f.quotes && strings.Count(target, "'")%2 != 0 {
		return true
	}
	return bad
}

func (f *formatFamily) differ(source, target string, ignoreMissing bool) bool {
	src := f.extractCached(source)
	tgt := f.extract(target)
	positional := true
	if len(src) > 0 {
		positional = false
		for _, s := range src {
			if f.positional(s) {
				positional = true
				break
			}
		}
	}
	if !positional {
		if slices.Equal(src, tgt) {
			return false // the same list is the same multiset
		}
		sc, tc := countStrings(src), countStrings(tgt)
		if equalCounts(sc, tc) {
			return false
		}
		if f.remove != "" {
			delete(sc, f.remove)
			delete(tc, f.remove)
			if equalCounts(sc, tc) {
				return false
			}
		}
		missing, extra := false, false
		for k, n := range sc {
			if n > tc[k] {
				missing = true
			}
		}
		for k, n := range tc {
			if n > sc[k] {
				extra = true
			}
		}
		return !(ignoreMissing && missing && !extra)
	}
	if slices.Equal(src, tgt) {
		return false
	}
	if f.remove != "" && slices.Equal(f.without(src), f.without(tgt)) {
		return false
	}
	// Pairwise, on the lists as extracted (the escapes included): a different
	// placeholder at one place is both missing and extra.
	missing, extra := len(src) > len(tgt), len(tgt) > len(src)
	for i := range min(len(src), len(tgt)) {
		if src[i] != tgt[i] {
			missing, extra = true, true
		}
	}
	return !(ignoreMissing && missing && !extra)
}

func (f *formatFamily) without(list []string) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		if s != f.remove {
			out = append(out, s)
		}
	}
	return out
}

func countStrings(list []string) map[string]int {
	m := make(map[string]int, len(list))
	for _, s := range list {
		m[s]++
	}
	return m
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, n := range a {
		if b[k] != n {
			return false
		}
	}
	return true
}

// unitFails is BaseFormatCheck.check_generator as 4.18 runs it. A language
// with one plural form compares its only form with the source's plural. Else
// the first form is compared with the singular (or with the plural when only
// the plural has placeholders), and every other form with the plural. A target
// form may lack placeholders (the 4.x ignore-missing rule) when the unit is
// plural and the form is used for a single number; the first form also when it
// is used for exactly 0 and 1 (Plural.examples; 5.0's strict-format and
// strict_format_plurals do not exist in 4.18).
func (f *formatFamily) unitFails(s *Subject, sources, targets []string) bool {
	// Without the literal every placeholder starts with, no form has one: the
	// lists compare equal (Java MessageFormat still pairs its apostrophes).
	if prefix := literalPrefix(f.re); prefix != "" && !f.quotes && !anyContains(sources, prefix) && !anyContains(targets, prefix) {
		return false
	}
	if len(sources) > 1 && len(targets) == 1 {
		return f.fails(sources[1], targets[0], false)
	}
	source := sources[0]
	if len(sources) > 1 && len(f.extractCached(sources[0])) == 0 && len(f.extractCached(sources[1])) > 0 {
		source = sources[1]
	}
	// Forgiving a missing placeholder only turns a failure into a pass, so the
	// plural's examples (thousands of evaluations of its formula) are sampled
	// only for a form that fails without it.
	if f.fails(source, targets[0], false) {
		if len(sources) == 1 {
			return true
		}
		counts, zeroOne := s.PluralExamples()
		if f.fails(source, targets[0], (len(counts) > 0 && counts[0] == 1) || zeroOne) {
			return true
		}
	}
	if len(sources) == 1 {
		return false
	}
	for i, t := range targets[1:] {
		if !f.fails(sources[1], t, false) {
			continue
		}
		counts, _ := s.PluralExamples()
		if f.fails(sources[1], t, i+1 < len(counts) && counts[i+1] == 1) {
			return true
		}
	}
	return false
}

// literalPrefix is the literal every match of m starts with ("" when unknown).
func literalPrefix(m formatMatcher) string {
	if p, ok := m.(interface{ LiteralPrefix() (string, bool) }); ok {
		prefix, _ := p.LiteralPrefix()
		return prefix
	}
	return ""
}

func anyContains(forms []string, sub string) bool {
	for _, f := range forms {
		if strings.Contains(f, sub) {
			return true
		}
	}
	return false
}

func printfFamily(re formatMatcher, positional func(string) bool) *formatFamily {
	return &formatFamily{re: re, positional: positional, printf: true, remove: "%"}
}

var (
	pythonFormat      = printfFamily(pythonPrintf{}, pythonFormatPositional)
	phpFormat         = printfFamily(phpPrintfRe, cFormatPositional)
	cFormat           = printfFamily(cPrintfRe, cFormatPositional)
	pascalFormat      = printfFamily(pascalFormatRe, pascalFormatPositional)
	schemeFormat      = &formatFamily{re: schemePrintfRe, positional: schemeFormatPositional, printf: true, remove: "~"}
	javaPrintfFormat  = printfFamily(javaPrintfRe, cFormatPositional)
	pythonBraceFormat = &formatFamily{re: pythonBraceRe, positional: nameFormatPositional}
	cSharpFormat      = &formatFamily{re: cSharpRe, positional: nameFormatPositional}
	javaMessageFormat = &formatFamily{re: javaMessageRe, positional: neverPositional, quotes: true}
	percentFormat     = &formatFamily{re: percentRe, positional: neverPositional}
	vueFormat         = &formatFamily{re: vueRe, positional: neverPositional}
	i18nextFormat     = &formatFamily{re: i18nextRe, positional: neverPositional, squeeze: true}
	esFormat          = &formatFamily{re: esTemplateRe, positional: neverPositional, squeeze: true}
	angularjsFormat   = &formatFamily{re: angularjsRe, positional: neverPositional, squeeze: true}
	qtFormat          = &formatFamily{re: qtFormatRe, positional: neverPositional}
	qtPluralFormat    = &formatFamily{re: qtPluralRe, positional: alwaysPositional}
	rubyFormat        = &formatFamily{re: rubyFormatRe, positional: rubyFormatPositional}
)

// formatCheck is a default-disabled target check of a family, enabled by the
// flag of its id.
func formatCheck(id, name, description string, f *formatFamily) *Check {
	return &Check{ID: id, Name: name, Description: description, Kind: TargetCheck, DefaultDisabled: true,
		Unit: func(s *Subject, sources, targets []string) bool { return f.unitFails(s, sources, targets) }, family: f}
}

// javaMessageEnabled is JavaMessageFormatCheck.should_skip negated (the
// ignore flag is the frame's, tested first as Weblate does): the java-format
// flag, or auto-java-messageformat (Java properties, GWT) when the source
// (any of its forms) holds "{0".
func javaMessageEnabled(s *Subject, sources []string) bool {
	if s.Flags.Has("java-format") {
		return true
	}
	if !s.Flags.Has("auto-java-messageformat") {
		return false
	}
	for _, src := range sources {
		if strings.Contains(src, "{0") {
			return true
		}
	}
	return false
}

// unnamedFormatFails is MultipleUnnamedFormatsCheck: the first source form has
// two or more positional placeholders (different places in the text) under
// the format flags in force.
func unnamedFormatFails(s *Subject, sources []string) bool {
	if len(sources) == 0 {
		return false
	}
	type span struct{ start, end int }
	found := map[span]bool{}
	for _, r := range formatRules {
		if !s.Flags.Has(r.flag) {
			continue
		}
		for _, m := range r.re.FindAllStringSubmatchIndex(sources[0], -1) {
			g := ""
			if m[2] >= 0 {
				g = sources[0][m[2]:m[3]]
			}
			if r.positional(g) {
				found[span{m[0], m[1]}] = true
				if len(found) >= 2 {
					return true
				}
			}
		}
	}
	return false
}

// StripFormat removes from text the placeholders of the unit's format, as
// Weblate's same check does before it compares words (weblate/checks/same.py
// strip_format): those of the first FLAG_RULES flag in force, else of
// qt-format, qt-plural-format, ruby-format, rst-text or percent-placeholders,
// the first of them in force; text is returned as is under none of them.
func StripFormat(s *Subject, text string) string {
	if !s.stripKnown {
		s.strip, s.stripKnown = stripMatcher(s.Flags), true
	}
	if s.strip == nil {
		return text
	}
	return removeAll(s.strip, text)
}

// stripOthers are the flags strip_format reads after FLAG_RULES', in its order.
var stripOthers = []struct {
	flag string
	re   formatMatcher
}{
	{"qt-format", qtFormatRe},
	{"qt-plural-format", qtPluralRe},
	{"ruby-format", rubyFormatRe},
	{"rst-text", rstRe},
	{"percent-placeholders", percentRe},
}

// stripMatcher is the matcher StripFormat removes under flags (nil for none).
func stripMatcher(flags Flags) formatMatcher {
	for _, r := range formatRules {
		if flags.Has(r.flag) {
			return r.re
		}
	}
	for _, r := range stripOthers {
		if flags.Has(r.flag) {
			return r.re
		}
	}
	return nil
}

// removeAll deletes re's matches from text; a text without the literal every
// match starts with (printf's "%") is returned as it is, without running re.
func removeAll(re formatMatcher, text string) string {
	if prefix := literalPrefix(re); prefix != "" && !strings.Contains(text, prefix) {
		return text
	}
	if re == formatMatcher(javaPrintfRe) {
		var buf [8][2]int
		if spans, ok := javaPrintfSimple(text, buf[:0]); ok {
			var b strings.Builder
			b.Grow(len(text))
			last := 0
			for _, sp := range spans {
				b.WriteString(text[last:sp[0]])
				last = sp[1]
			}
			b.WriteString(text[last:])
			return b.String()
		}
	}
	return re.ReplaceAllLiteralString(text, "")
}

// formatChecks are Weblate's checks of weblate/checks/format.py, qt.py,
// ruby.py, angularjs.py and icu.py, with their names and descriptions.
var formatChecks = []*Check{
	formatCheck("python_format", "Python format", "Python format string does not match source", pythonFormat),
	formatCheck("python_brace_format", "Python brace format", "Python brace format string does not match source", pythonBraceFormat),
	formatCheck("php_format", "PHP format", "PHP format string does not match source", phpFormat),
	formatCheck("c_format", "C format", "C format string does not match source", cFormat),
	formatCheck("perl_format", "Perl format", "Perl format string does not match source", cFormat),
	formatCheck("javascript_format", "JavaScript format", "JavaScript format string does not match source", cFormat),
	formatCheck("lua_format", "Lua format", "Lua format string does not match source", cFormat),
	formatCheck("object_pascal_format", "Object Pascal format", "Object Pascal format string does not match source", pascalFormat),
	formatCheck("scheme_format", "Scheme format", "Scheme format string does not match source", schemeFormat),
	formatCheck("c_sharp_format", "C# format", "C# format string does not match source", cSharpFormat),
	formatCheck("java_printf_format", "Java format", "Java format string does not match source", javaPrintfFormat),
	{
		ID: "java_format", Name: "Java MessageFormat", Description: "Java MessageFormat string does not match source",
		Kind: TargetCheck,
		// Weblate's check is default-disabled, but auto-java-messageformat turns
		// it on per unit by the source's text, which a single enabling flag
		// cannot say: so the frame always runs it and javaMessageEnabled decides.
		Unit: func(s *Subject, sources, targets []string) bool {
			return javaMessageEnabled(s, sources) && javaMessageFormat.unitFails(s, sources, targets)
		},
	},
	formatCheck("percent_placeholders", "Percent placeholders", "The percent placeholders do not match source", percentFormat),
	formatCheck("vue_format", "Vue I18n formatting", "The Vue I18n formatting does not match source", vueFormat),
	formatCheck("i18next_interpolation", "i18next interpolation", "The i18next interpolation does not match source", i18nextFormat),
	formatCheck("es_format", "ECMAScript template literals", "ECMAScript template literals do not match source", esFormat),
	formatCheck("angularjs_format", "AngularJS interpolation string", "AngularJS interpolation strings do not match source", angularjsFormat),
	// The ICU checks parse MessageFormat with pyicumessageformat, which the
	// oracle gitlate is measured against lacks (it cannot run them): they are
	// listed, enabled by icu-message-format as Weblate's are, and never fail.
	{ID: "icu_message_format", Name: "ICU MessageFormat", Description: "Syntax errors and/or placeholder mismatches in ICU MessageFormat strings.",
		Kind: NeverCheck, DefaultDisabled: true, Enable: "icu-message-format"},
	{ID: "icu_message_format_syntax", Name: "ICU MessageFormat syntax", Description: "Syntax errors in ICU MessageFormat strings.",
		Kind: NeverCheck, DefaultDisabled: true, Enable: "icu-message-format"},
	formatCheck("qt_format", "Qt format", "Qt format string does not match source", qtFormat),
	formatCheck("qt_plural_format", "Qt plural format", "Qt plural format string does not match source", qtPluralFormat),
	formatCheck("ruby_format", "Ruby format", "Ruby format string does not match source", rubyFormat),
	{
		ID: "unnamed_format", Name: "Multiple unnamed variables",
		Description: "There are multiple unnamed variables in the string, making it impossible for translators to reorder them",
		Kind:        SourceCheck, Source: unnamedFormatFails,
	},
}
