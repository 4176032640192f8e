package search

import (
	"math"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Terms become predicates the way Weblate's TermExpr.as_sql turns them into
// Django lookups: is: and has: first, then the field's conversion
// (convert_<field>), then a regular expression check, then the field table
// (field_name), then field_extra. Errors surface in that order, and across terms
// in the order of the query's text, as Weblate's parser_to_query meets them.

type pred func(*subject) bool

func never(*subject) bool { return false }

// pluralSeparator joins plural forms in Weblate's database (weblate/trans/util.py).
const pluralSeparator = "\x1e\x1e"

func joined(forms []string) string {
	switch len(forms) {
	case 0:
		return ""
	case 1:
		return forms[0]
	}
	return strings.Join(forms, pluralSeparator)
}

type compiler struct {
	now    time.Time
	fields map[Field]bool
	terms  int // terms compiled
}

func (c *compiler) use(fs ...Field) {
	for _, f := range fs {
		c.fields[f] = true
	}
}

func (c *compiler) compile(n *node) (pred, error) {
	if n == nil {
		return nil, nil // the empty query: Q()
	}
	if n.op == "" {
		p, err := c.term(n)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	if n.op == "NOT" {
		// A chain of NOT costs nothing per unit: an even number is the operand
		// itself. Errors still come from the one operand, as in Weblate.
		neg := false
		for n.op == "NOT" {
			neg, n = !neg, n.items[0]
		}
		p, err := c.compile(n)
		if err != nil || !neg {
			return p, err
		}
		return func(u *subject) bool { return !p(u) }, nil
	}
	ps := make([]pred, len(n.items))
	for i, it := range n.items {
		p, err := c.compile(it)
		if err != nil {
			return nil, err
		}
		ps[i] = p
	}
	switch n.op {
	case "OR":
		return func(u *subject) bool {
			for _, p := range ps {
				if p(u) {
					return true
				}
			}
			return false
		}, nil
	}
	return func(u *subject) bool {
		for _, p := range ps {
			if !p(u) {
				return false
			}
		}
		return true
	}, nil
}

// Weblate's field table (weblate/utils/search.py).
var (
	stringFieldMap = map[string]bool{"suggestion": true, "comment": true, "resolved_comment": true, "key": true, "explanation": true}
	exactFieldMap  = map[string]bool{
		"check": true, "dismissed_check": true, "language": true, "component": true, "project": true,
		"changed_by": true, "suggestion_author": true, "comment_author": true, "label": true, "screenshot": true,
	}
	nontextFields = map[string]bool{
		"priority": true, "id": true, "state": true, "position": true, "pending": true,
		"changed": true, "change_time": true, "added": true, "change_action": true,
	}
)

// Lookups Weblate answers from data gitlate does not have.
var unsupportedFields = map[string]string{
	"changed_by":    "gitlate does not keep Weblate user names",
	"change_time":   "gitlate does not keep non-content changes",
	"change_action": "gitlate does not keep non-content changes",
}

// Lookups on objects gitlate never has (suggestions, comments, labels,
// screenshots): Weblate would find nothing either.
var emptyFields = map[string]bool{
	"dismissed_check": true, // gitlate dismisses no check
	"suggestion":      true, "comment": true, "resolved_comment": true,
	"suggestion_author": true, "comment_author": true, "label": true, "screenshot": true,
}

var stateNames = map[string]int{
	"empty": 0, "needs-editing": 10, "translated": 20, "approved": 30, "read-only": 100,
}

// objectText is str() of a regex or range object in Weblate's messages. Python
// prints the object's address, which gitlate cannot know.
func objectText(v value) string {
	return "<weblate.utils.search." + v.pyName() + " object>"
}

// conv is a term's value after Weblate's convert_<field>.
type conv struct {
	kind byte // 's' string, 'r' regex, 'o' regex/range object, 'i' int, 'I' int set, 'b' bool, 't' time
	text string
	re   *regexp.Regexp
	i    pyInteger
	set  []pyInteger
	b    bool
	t    timeSpan
}

func (c *compiler) term(t *node) (pred, *Error) {
	c.terms++
	if !t.hasField {
		if t.val.kind != valString {
			// Q(source__substring=<object>) compares the object's repr: no match.
			return never, nil
		}
		c.use(FieldSource, FieldTarget, FieldContext)
		src, tgt, ctx := substring(textSource, t.val.text), substring(textTarget, t.val.text), substring(textContext, t.val.text)
		return func(u *subject) bool { return src(u) || tgt(u) || ctx(u) }, nil
	}
	switch t.field {
	case "is":
		return c.isField(t.val)
	case "has":
		return c.hasField(t.val)
	}
	v, err := c.convert(t)
	if err != nil {
		return nil, err
	}
	if v.kind == 'r' {
		re, err := regexp.Compile("(?s)" + v.text)
		if err != nil {
			return nil, errorf("Invalid regular expression: %s", goRegexpError(err))
		}
		v.re = re
	}
	f := t.field
	if !plainFields[f] && !stringFieldMap[f] && !exactFieldMap[f] && !nontextFields[f] {
		return nil, errorf("Unsupported field: %s", f)
	}
	if why, ok := unsupportedFields[f]; ok {
		return nil, unsupported(f, why)
	}
	if emptyFields[f] {
		return never, nil
	}
	return c.lookup(f, t.operator, v)
}

func goRegexpError(err error) string {
	msg := err.Error()
	return strings.TrimPrefix(msg, "error parsing regexp: ")
}

// convert applies Weblate's convert_<field>, with the exceptions Python raises
// when a regex or range object reaches a converter written for strings.
func (c *compiler) convert(t *node) (conv, *Error) {
	v := t.val
	notStr := v.kind != valString
	switch t.field {
	case "state":
		if notStr {
			return conv{}, errorf("'%s' object has no attribute 'isdigit'", v.pyName())
		}
		if pyIsDigits(v.text) {
			n, ok := pyInt(v.text)
			if !ok {
				return conv{}, intError(v.text)
			}
			return conv{kind: 'i', i: n}, nil
		}
		s, ok := stateNames[v.text]
		if !ok {
			return conv{}, errorf("Unsupported state: %s", v.text)
		}
		return conv{kind: 'i', i: pyInteger{v: int64(s)}}, nil
	case "bool", "pending":
		if notStr {
			return conv{}, errorf("'%s' object has no attribute 'lower'", v.pyName())
		}
		switch strings.ToLower(v.text) {
		case "yes", "true", "on", "1":
			return conv{kind: 'b', b: true}, nil
		case "no", "false", "off", "0":
			return conv{kind: 'b'}, nil
		}
		return conv{}, errorf("Invalid boolean value: %s", v.text)
	case "int", "priority", "position":
		if notStr {
			return conv{}, errorf("int() argument must be a string, a bytes-like object or a real number, not '%s'", v.pyName())
		}
		n, ok := pyInt(v.text)
		if !ok {
			return conv{}, intError(v.text)
		}
		return conv{kind: 'i', i: n}, nil
	case "id":
		if notStr {
			return conv{}, errorf("argument of type '%s' is not iterable", v.pyName())
		}
		if strings.Contains(v.text, ",") {
			var set []pyInteger
			for _, part := range strings.Split(v.text, ",") {
				n, ok := pyInt(part)
				if !ok {
					return conv{}, intError(part)
				}
				set = append(set, n)
			}
			return conv{kind: 'I', set: set}, nil
		}
		n, ok := pyInt(v.text)
		if !ok {
			return conv{}, intError(v.text)
		}
		return conv{kind: 'i', i: n}, nil
	case "datetime", "changed", "change_time", "added":
		switch v.kind {
		case valRegex:
			return conv{}, errorf("'RegexExpr' object has no attribute 'isdigit'")
		case valRange:
			from, err := convertDatetime(v.start, c.now, 0, 0, 0, 0)
			if err != nil {
				return conv{}, err
			}
			to, err := convertDatetime(v.end, c.now, 23, 59, 59, 999999)
			if err != nil {
				return conv{}, err
			}
			if from.span || to.span {
				// Weblate passes the nested spans on to the database, which fails.
				return conv{}, errorf("Invalid range: each end must be a date or a time, not a whole day or year: [%s to %s]", v.start, v.end)
			}
			return conv{kind: 't', t: timeSpan{from: from.at, to: to.at, span: true}}, nil
		}
		ts, err := convertDatetime(v.text, c.now, sentinelHour, sentinelMinute, sentinelSecond, 0)
		if err != nil {
			return conv{}, err
		}
		return conv{kind: 't', t: ts}, nil
	case "change_action":
		return conv{}, unsupported("change_action", unsupportedFields["change_action"])
	}
	switch v.kind {
	case valRegex:
		return conv{kind: 'r', text: v.text}, nil
	case valRange:
		return conv{kind: 'o'}, nil
	}
	return conv{kind: 's', text: v.text}, nil
}

func intError(s string) *Error {
	r := []rune(pyRepr(s))
	if len(r) > 200 {
		r = r[:200]
	}
	return errorf("invalid literal for int() with base 10: %s", string(r))
}

func (c *compiler) isField(v value) (pred, *Error) {
	if v.kind != valString {
		return nil, errorf("Unsupported is lookup: %s", objectText(v))
	}
	var p pred
	switch v.text {
	case "read-only", "readonly":
		p = func(u *subject) bool { return u.State == 100 }
	case "approved":
		p = func(u *subject) bool { return u.State == 30 }
	case "fuzzy", "needs-editing":
		p = func(u *subject) bool { return u.State == 10 }
	case "translated":
		p = func(u *subject) bool { return u.State >= 20 }
	case "untranslated":
		p = func(u *subject) bool { return u.State < 20 }
	case "pending":
		return never, nil // gitlate has no changes waiting for a commit
	default:
		return nil, errorf("Unsupported is lookup: %s", v.text)
	}
	c.use(FieldState)
	return p, nil
}

func (c *compiler) hasField(v value) (pred, *Error) {
	if v.kind != valString {
		return nil, errorf("Unsupported has lookup: %s", objectText(v))
	}
	switch v.text {
	case "plural":
		c.use(FieldSource)
		return func(u *subject) bool { return strings.Contains(u.text(textSource), pluralSeparator) }, nil
	case "explanation":
		c.use(FieldExplanation)
		return func(u *subject) bool { return u.Explanation != "" }, nil
	case "note":
		c.use(FieldNote)
		return func(u *subject) bool { return u.Note != "" }, nil
	case "context":
		c.use(FieldContext)
		return func(u *subject) bool { return u.Context != "" }, nil
	case "translation":
		c.use(FieldState)
		return func(u *subject) bool { return u.State >= 20 }, nil
	case "flags":
		c.use(FieldExtraFlags)
		return func(u *subject) bool { return u.ExtraFlags != "" }, nil
	case "suggestion", "comment", "resolved-comment", "resolved_comment", "label", "screenshot":
		return never, nil
	case "glossary":
		// The API searches without a project, so Weblate asks for source IS NULL.
		return never, nil
	case "check", "failing-check", "failing_check":
		c.use(FieldChecks)
		return func(u *subject) bool { return len(u.Checks) > 0 }, nil
	case "dismissed-check", "dismissed_check", "ignored-check", "ignored_check":
		return never, nil // gitlate dismisses no check
	case "variant", "shaping":
		return nil, unsupported("has:"+v.text, "gitlate does not group string variants")
	}
	return nil, errorf("Unsupported has lookup: %s", v.text)
}

// lookup builds the predicate of Django's field lookup named by the field and
// operator (substring, iexact, exact, lt, lte, gt, gte, trgm_regex, in, ranges).
func (c *compiler) lookup(field, op string, v conv) (pred, *Error) {
	switch field {
	case "id", "position", "priority", "state":
		get := map[string]func(*Unit) int{
			"id":       func(u *Unit) int { return u.ID },
			"position": func(u *Unit) int { return u.Position },
			"priority": func(u *Unit) int { return u.Priority },
			"state":    func(u *Unit) int { return u.State },
		}[field]
		c.use(map[string]Field{"id": FieldID, "position": FieldPosition, "priority": FieldPriority, "state": FieldState}[field])
		if v.kind == 'I' {
			// A set of a few thousand ids fits in a query: look each unit up.
			set := make(map[int64]bool, len(v.set))
			for _, n := range v.set {
				if n.over == 0 { // a number past 64 bits equals no unit's
					set[n.v] = true
				}
			}
			return func(u *subject) bool { return set[int64(get(u.Unit))] }, nil
		}
		want := v.i
		return func(u *subject) bool { return compareOp(op, -want.cmp(int64(get(u.Unit)))) }, nil
	case "pending":
		want := 0
		if v.b {
			want = 1
		}
		return func(*subject) bool { return compareOp(op, 0-want) }, nil // pending is always false
	case "added":
		c.use(FieldAdded)
		tp := timePred(op, v.t)
		return func(u *subject) bool { return tp(u.Added) }, nil
	case "changed":
		c.use(FieldChanged)
		tp := timePred(op, v.t)
		return func(u *subject) bool {
			for _, t := range u.Changed {
				if tp(t) {
					return true
				}
			}
			return false
		}, nil
	}
	if field == "check" {
		// check__check: a string matches when one of its failing checks' ids does.
		c.use(FieldChecks)
		var one func(string) bool
		switch {
		case v.kind == 'o':
			return never, nil
		case v.kind == 'r':
			one = v.re.MatchString
		default:
			one = stringPred(op, v.text, true)
		}
		return func(u *subject) bool {
			for _, id := range u.Checks {
				if one(id) {
					return true
				}
			}
			return false
		}, nil
	}
	tf, f := textFieldOf(field)
	c.use(f)
	var p pred
	switch {
	case v.kind == 'o':
		p = never // the lookup compares the object's repr
	case v.kind == 'r':
		re := v.re
		p = func(u *subject) bool { return re.MatchString(u.text(tf)) }
	default:
		p = textPred(op, v.text, exactFieldMap[field], tf)
	}
	if field == "component" {
		// field_extra: | Q(translation__component__name__icontains=match)
		if v.kind != 's' {
			return p, nil
		}
		needle := strings.ToUpper(v.text)
		base := p
		return func(u *subject) bool {
			return base(u) || strings.Contains(u.upper(textComponentName), needle)
		}, nil
	}
	return p, nil
}

func textFieldOf(field string) (textField, Field) {
	switch field {
	case "source":
		return textSource, FieldSource
	case "target":
		return textTarget, FieldTarget
	case "context", "key":
		return textContext, FieldContext
	case "note":
		return textNote, FieldNote
	case "location":
		return textLocation, FieldLocation
	case "explanation":
		return textExplanation, FieldExplanation
	case "language":
		return textLanguage, FieldLanguage
	case "component":
		return textComponent, FieldComponent
	}
	return textProject, FieldProject
}

// textPred is a text lookup: ":" is substring (iexact on Weblate's exact fields),
// ":=" exact, the others compare (in byte order, which is PostgreSQL's C collation).
func textPred(op, want string, exactField bool, f textField) pred {
	switch op {
	case ":":
		if exactField {
			up := strings.ToUpper(want)
			return func(u *subject) bool { return u.upper(f) == up }
		}
		return substring(f, want)
	case ":=":
		return func(u *subject) bool { return u.text(f) == want }
	}
	return func(u *subject) bool { return compareOp(op, strings.Compare(u.text(f), want)) }
}

// stringPred is textPred on one string.
func stringPred(op, want string, exactField bool) func(string) bool {
	switch op {
	case ":":
		if exactField {
			up := strings.ToUpper(want)
			return func(s string) bool { return strings.ToUpper(s) == up }
		}
		return func(s string) bool { return strings.Contains(strings.ToLower(s), strings.ToLower(want)) }
	case ":=":
		return func(s string) bool { return s == want }
	}
	return func(s string) bool { return compareOp(op, strings.Compare(s, want)) }
}

// compareOp applies a comparison operator to the sign of have-minus-want.
func compareOp(op string, sign int) bool {
	switch op {
	case ":<":
		return sign < 0
	case ":<=":
		return sign <= 0
	case ":>":
		return sign > 0
	case ":>=":
		return sign >= 0
	}
	return sign == 0
}

// timePred compares a stored time (kept to PostgreSQL's microseconds) with a
// converted date: a span is inside for ":" and ":=", from its start on for ":>"
// and ":>=", up to its end for ":<" and ":<=".
func timePred(op string, ts timeSpan) func(time.Time) bool {
	if ts.span {
		from, to := ts.from, ts.to
		switch op {
		case ":>", ":>=":
			return func(t time.Time) bool { return !t.Truncate(time.Microsecond).Before(from) }
		case ":<", ":<=":
			return func(t time.Time) bool { return !t.Truncate(time.Microsecond).After(to) }
		}
		return func(t time.Time) bool {
			t = t.Truncate(time.Microsecond)
			return !t.Before(from) && !t.After(to)
		}
	}
	at := ts.at
	return func(t time.Time) bool { return compareOp(op, t.Truncate(time.Microsecond).Compare(at)) }
}

// substring is Weblate's PostgreSQL substring lookup: ILIKE (both sides lower-cased)
// when the needle has at least three alphanumeric characters, otherwise a plain,
// case-sensitive LIKE (PostgreSQLFallbackLookup, weblate/utils/db.py).
func substring(f textField, needle string) pred {
	alnum := 0
	for _, r := range needle {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			alnum++
		}
	}
	if alnum < 3 {
		return func(u *subject) bool { return strings.Contains(u.text(f), needle) }
	}
	low := strings.ToLower(needle)
	return func(u *subject) bool { return strings.Contains(u.lower(f), low) }
}

// pyInteger is a Python int as far as comparisons with unit numbers need: its value
// when it fits 64 bits, else only its sign.
type pyInteger struct {
	v    int64
	over int8   // +1 above the int64 range, -1 below it
	big  string // the value in decimal when over is set
}

// cmp compares n with x: -1, 0 or +1.
func (n pyInteger) cmp(x int64) int {
	switch {
	case n.over != 0:
		return int(n.over)
	case n.v < x:
		return -1
	case n.v > x:
		return 1
	}
	return 0
}

// pyInt is Python's int(s) for base 10: surrounding whitespace, a sign, decimal
// digits of any script with single underscores between them.
func pyInt(s string) (pyInteger, bool) {
	s = strings.TrimFunc(s, pyIsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return pyInteger{}, false
	}
	var v uint64
	over := false
	prevDigit := false
	var digits strings.Builder
	for i, r := range s {
		if r == '_' {
			if !prevDigit || i+1 == len(s) {
				return pyInteger{}, false
			}
			prevDigit = false
			continue
		}
		d, ok := digitValue(r)
		if !ok {
			return pyInteger{}, false
		}
		prevDigit = true
		digits.WriteByte(byte('0' + d))
		if v > (math.MaxUint64-9)/10 {
			over = true
		}
		v = v*10 + uint64(d)
	}
	if !prevDigit {
		return pyInteger{}, false
	}
	switch {
	case over || !neg && v > math.MaxInt64 || neg && v > 1<<63:
		n := new(big.Int)
		n.SetString(digits.String(), 10)
		if neg {
			return pyInteger{over: -1, big: n.Neg(n).String()}, true
		}
		return pyInteger{over: 1, big: n.String()}, true
	case neg:
		return pyInteger{v: -int64(v)}, true
	}
	return pyInteger{v: int64(v)}, true
}

// digitValue is the value of a decimal digit (Unicode category Nd), found by its
// place in the run of ten consecutive digits Unicode encodes it in.
func digitValue(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if !unicode.Is(unicode.Nd, r) || r == utf8.RuneError {
		return 0, false
	}
	start := r
	for start > 0 && unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(r-start) % 10, true
}
