package rules

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/text/cases"
)

// placeholdersChecks are Weblate's checks of weblate/checks/placeholders.py
// (placeholders, regex) and chars.py's max-length. All three are parametrized
// (TargetCheckParametrized): off unless their flag is in force, and they judge
// a unit only when the flag has a value.
var placeholdersChecks = []*Check{
	{ID: "max-length", Name: "Maximum length of translation", Description: "Translation should not exceed given length",
		Kind: TargetCheck, DefaultDisabled: true, Unit: maxLengthUnit},
	{ID: "placeholders", Name: "Placeholders", Description: "Translation is missing some placeholders",
		Kind: TargetCheck, DefaultDisabled: true, Unit: placeholdersUnit},
	{ID: "regex", Name: "Regular expression", Description: "Translation does not match regular expression",
		Kind: TargetCheck, DefaultDisabled: true, Unit: regexUnit},
}

// ---------------------------------------------------------------------------
// max-length

// maxLengthUnit is MaxLengthCheck: some target form is longer (in code points)
// than the flag's number, after the unit's replacement function
// (Check.get_replacement_function: XML markup stripped with xml-text, then the
// replacements flag).
func maxLengthUnit(s *Subject, _, targets []string) bool {
	limit, ok := s.Flags.IntValue("max-length")
	if !ok {
		return false
	}
	replace := replacementFunc(s)
	for _, t := range targets {
		if utf8.RuneCountInString(replace(t)) > limit {
			return true
		}
	}
	return false
}

// replacementFunc is Check.get_replacement_function.
func replacementFunc(s *Subject) func(string) string {
	strip := func(t string) string { return t }
	if s.Flags.Has("xml-text") {
		strip = stripXMLText
	}
	vals := s.Flags.Values("replacements")
	if len(vals) == 0 {
		return strip
	}
	// The values pair up (key, replacement); a repeated key keeps its first
	// place among the alternatives and its last replacement, as a Python dict
	// built from the pairs does. An odd last value has no replacement and is
	// dropped (Python would refuse the flag).
	repl := map[string]string{}
	var keys []string
	for i := 0; i+1 < len(vals); i += 2 {
		if _, seen := repl[vals[i]]; !seen {
			keys = append(keys, vals[i])
		}
		repl[vals[i]] = vals[i+1]
	}
	quoted := make([]string, len(keys))
	for i, k := range keys {
		quoted[i] = regexp.QuoteMeta(k)
	}
	re, err := regexp.Compile(strings.Join(quoted, "|"))
	if err != nil {
		return strip
	}
	return func(t string) string {
		return re.ReplaceAllStringFunc(strip(t), func(m string) string { return repl[m] })
	}
}

// stripXMLText is get_replacement_function's strip_xml: the text content of
// "<x>" + t + "</x>" parsed as XML, or t unchanged when that does not parse
// (an undefined entity such as &nbsp; is enough).
func stripXMLText(t string) string {
	_, content, err := parseXMLTree("<x>" + t + "</x>")
	if err != nil {
		return t
	}
	return content
}

// ---------------------------------------------------------------------------
// placeholders

// placeholderPattern is PlaceholderCheck.get_value: the placeholders flag's
// values joined as alternatives, a literal value escaped and a regular
// expression (written r"…") as it is, case-insensitive with fold (the
// case-insensitive flag). As in Python the alternatives are joined without
// grouping, and the first that matches at a place wins.
//
// ok is false when Go cannot compile the expression Python accepts
// (lookarounds, backreferences, the verbose flag): the unit cannot be judged
// and does not fail, as regexUnit does for the regex flag. An expression Python
// refuses too never reaches Weblate's checks: its flag parser compiles r"…"
// values and refuses the flags. Known differences left: Python's "$" matches
// before a final newline without taking it (pyRegexToGo makes the newline part
// of the match), and a global inline flag such as (?i) after the start applies
// to the whole expression in Python 3.10 (an error in 3.11) but only to what
// follows in Go.
func placeholderPattern(params []FlagParam, fold bool) (*regexp.Regexp, bool) {
	var key strings.Builder
	if fold {
		key.WriteByte('i')
	}
	for _, p := range params {
		mark := byte('s')
		if p.Regex {
			mark = 'r'
		}
		key.WriteByte(mark)
		key.WriteString(strconv.Itoa(len(p.Text)))
		key.WriteByte(':')
		key.WriteString(p.Text)
	}
	if v, ok := placeholderREs.Load(key.String()); ok {
		re, _ := v.(*regexp.Regexp)
		return re, re != nil
	}
	parts := make([]string, len(params))
	for i, p := range params {
		if p.Regex {
			parts[i] = p.Text
		} else {
			parts[i] = regexp.QuoteMeta(p.Text)
		}
	}
	expr := pyRegexToGo(strings.Join(parts, "|"))
	if fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		re = nil
	}
	// A hostile file could give every unit its own placeholders: past a bound
	// the patterns are compiled each time instead of kept.
	if placeholderRECount.Load() < maxPlaceholderREs {
		if _, loaded := placeholderREs.LoadOrStore(key.String(), re); !loaded {
			placeholderRECount.Add(1)
		}
	}
	return re, re != nil
}

// placeholderREs caches placeholderPattern's expressions (a nil one does not
// compile) by their parameters.
var (
	placeholderREs     sync.Map
	placeholderRECount atomic.Int64
)

const maxPlaceholderREs = 4096

func placeholdersUnit(s *Subject, sources, targets []string) bool {
	params := s.Flags.Params("placeholders")
	if len(params) == 0 {
		return false
	}
	re, ok := placeholderPattern(params, s.Flags.Has("case-insensitive"))
	if !ok {
		return false
	}
	missing, extra := placeholdersDiff(s, re, sources, targets)
	return len(missing) > 0 || len(extra) > 0
}

// placeholdersDiff is PlaceholderCheck.check_target_params: the placeholders
// of the first source form (of the last one when the first has none) must be
// in every target form, and no target form may have others. A form missing
// placeholders is forgiven when the unit is plural and the form's plural is
// used for at most one number, or for exactly 0 and 1, among Weblate's
// samples (a "one" form may spell the number out). With case-insensitive,
// placeholders compare case-folded.
func placeholdersDiff(s *Subject, re *regexp.Regexp, sources, targets []string) (missing, extra map[string]bool) {
	fold := s.Flags.Has("case-insensitive")
	key := func(v string) string { return v }
	if fold {
		folder := cases.Fold()
		key = func(v string) string { return folder.String(v) }
	}
	matches := func(text string) map[string]bool {
		out := map[string]bool{}
		for _, m := range re.FindAllString(text, -1) {
			out[key(m)] = true
		}
		return out
	}
	expected := matches(sources[0])
	if len(expected) == 0 && len(sources) > 1 {
		expected = matches(sources[len(sources)-1])
	}
	missing, extra = map[string]bool{}, map[string]bool{}
	var counts []int
	var zeroOne bool
	if len(targets) != 1 {
		counts, zeroOne = s.PluralExamples()
	}
	for i, t := range targets {
		found := matches(t)
		// Plural.examples lists the numbers of each form; the frame gives their
		// count and whether form 0's are exactly 0 and 1.
		strict := len(targets) == 1
		if !strict && i < len(counts) {
			strict = counts[i] > 1 && !(i == 0 && zeroOne)
		}
		if strict {
			for v := range expected {
				if !found[v] {
					missing[v] = true
				}
			}
		}
		for v := range found {
			if !expected[v] {
				extra[v] = true
			}
		}
	}
	return missing, extra
}

// ---------------------------------------------------------------------------
// regex

// regexUnit is RegexCheck: every target form must match the flag's regular
// expression somewhere; an empty expression skips the check. An expression
// Go cannot compile (lookarounds, backreferences) cannot be judged and does
// not fail.
func regexUnit(s *Subject, _, targets []string) bool {
	expr, ok := s.Flags.Value("regex")
	if !ok || expr == "" {
		return false
	}
	return regexMismatch(expr, targets)
}

// regexMismatch reports whether some target has no match of the Python
// regular expression expr.
func regexMismatch(expr string, targets []string) bool {
	re, err := regexp.Compile(pyRegexToGo(expr))
	if err != nil {
		return false
	}
	for _, t := range targets {
		if !re.MatchString(t) {
			return true
		}
	}
	return false
}

// pyRegexToGo rewrites a Python re pattern for Go's regexp where the two read
// the same text differently: \d, \w, \s and their negations are Unicode-aware
// in Python (Go's are ASCII), and Python's end of string is \Z (Go's \z).
// Inside a character class the positive shorthands expand to their ranges;
// the negated ones are left as Go reads them. \b stays ASCII-based. Python's
// "$" also matches before a final newline: outside multi-line mode it becomes
// an optional newline and the end (which then belongs to the match).
func pyRegexToGo(p string) string {
	multiline := strings.Contains(p, "(?m") || strings.Contains(p, "(?im") || strings.Contains(p, "(?sm")
	const (
		word  = `\p{L}\p{N}_`
		digit = `\p{Nd}`
		space = `\t\n\x0b\f\r \x{1c}-\x{1f}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`
	)
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			n := p[i+1]
			i++
			switch {
			case n == 'd' && inClass:
				b.WriteString(digit)
			case n == 'd':
				b.WriteString(digit)
			case n == 'D' && !inClass:
				b.WriteString(`\P{Nd}`)
			case n == 'w' && inClass:
				b.WriteString(word)
			case n == 'w':
				b.WriteString("[" + word + "]")
			case n == 'W' && !inClass:
				b.WriteString("[^" + word + "]")
			case n == 's' && inClass:
				b.WriteString(space)
			case n == 's':
				b.WriteString("[" + space + "]")
			case n == 'S' && !inClass:
				b.WriteString("[^" + space + "]")
			case n == 'Z' && !inClass:
				b.WriteString(`\z`)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		switch {
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			// A "]" right after "[" or "[^" is a literal member.
			if i+1 < len(p) && p[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(p) && p[i+1] == ']' {
				b.WriteString(`\]`)
				i++
			}
			continue
		case c == ']' && inClass:
			inClass = false
		case c == '$' && !inClass && !multiline:
			b.WriteString(`(?:\n?\z)`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
