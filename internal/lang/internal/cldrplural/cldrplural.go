// Package cldrplural parses CLDR plural rules and turns them into gettext plural expressions.
package cldrplural

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Order is CLDR's canonical category order, which is also the order of gettext forms.
var Order = []string{"zero", "one", "two", "few", "many", "other"}

// CategoryIndex returns the position of a category in Order, or -1.
func CategoryIndex(cat string) int {
	for i, c := range Order {
		if c == cat {
			return i
		}
	}
	return -1
}

// Range is an inclusive range of values; a single value has Lo == Hi.
type Range struct{ Lo, Hi int64 }

// Relation is "operand [% mod] (=|!=) ranges".
type Relation struct {
	Operand byte // n i v w f t c e
	Mod     int64
	Negate  bool
	Ranges  []Range
}

// Rule is a condition in disjunctive form: OR of AND of relations; an empty
// rule (the "other" category) is always true.
type Rule struct {
	Or [][]Relation
	// Integers lists the plain integer samples of the rule ("@integer"),
	// without compact-exponent samples such as 1c6.
	Integers []int64
	// HasIntegerSamples tells whether CLDR lists any integer sample at all,
	// which is how CLDR says the category is reachable by whole numbers.
	HasIntegerSamples bool
}

// Parse reads a CLDR rule such as "v = 0 and i % 10 = 2..4 @integer 2~4, …".
func Parse(s string) (*Rule, error) {
	r := &Rule{}
	cond := s
	if at := strings.IndexByte(s, '@'); at >= 0 {
		cond = s[:at]
		if err := r.parseSamples(s[at:]); err != nil {
			return nil, err
		}
	}
	cond = strings.TrimSpace(cond)
	if cond == "" {
		return r, nil
	}
	for _, orPart := range strings.Split(cond, " or ") {
		var and []Relation
		for _, relText := range strings.Split(orPart, " and ") {
			rel, err := parseRelation(strings.TrimSpace(relText))
			if err != nil {
				return nil, fmt.Errorf("%q: %w", s, err)
			}
			and = append(and, rel)
		}
		r.Or = append(r.Or, and)
	}
	return r, nil
}

func (r *Rule) parseSamples(s string) error {
	for _, part := range strings.Split(s, "@") {
		part = strings.TrimSpace(part)
		if !strings.HasPrefix(part, "integer") {
			continue
		}
		r.HasIntegerSamples = true
		for _, item := range strings.Split(strings.TrimPrefix(part, "integer"), ",") {
			item = strings.TrimSpace(item)
			if item == "" || item == "…" || strings.ContainsAny(item, "ce") {
				continue
			}
			lo, hi, found := strings.Cut(item, "~")
			a, err := strconv.ParseInt(lo, 10, 64)
			if err != nil {
				return fmt.Errorf("sample %q: %w", item, err)
			}
			b := a
			if found {
				if b, err = strconv.ParseInt(hi, 10, 64); err != nil {
					return fmt.Errorf("sample %q: %w", item, err)
				}
			}
			for v := a; v <= b; v++ {
				r.Integers = append(r.Integers, v)
			}
		}
	}
	return nil
}

func parseRelation(s string) (Relation, error) {
	var rel Relation
	op := "="
	idx := strings.Index(s, "!=")
	if idx >= 0 {
		op = "!="
	} else if idx = strings.IndexByte(s, '='); idx < 0 {
		return rel, fmt.Errorf("relation %q: no operator", s)
	}
	left := strings.TrimSpace(s[:idx])
	right := strings.TrimSpace(s[idx+len(op):])
	rel.Negate = op == "!="
	operand, mod, hasMod := strings.Cut(left, "%")
	operand = strings.TrimSpace(operand)
	if len(operand) != 1 || !strings.ContainsAny(operand, "nivwftce") {
		return rel, fmt.Errorf("relation %q: operand %q", s, operand)
	}
	rel.Operand = operand[0]
	if hasMod {
		m, err := strconv.ParseInt(strings.TrimSpace(mod), 10, 64)
		if err != nil || m <= 0 {
			return rel, fmt.Errorf("relation %q: modulus", s)
		}
		rel.Mod = m
	}
	for _, item := range strings.Split(right, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), "..")
		a, err := strconv.ParseInt(lo, 10, 64)
		if err != nil {
			return rel, fmt.Errorf("relation %q: %w", s, err)
		}
		b := a
		if isRange {
			if b, err = strconv.ParseInt(hi, 10, 64); err != nil {
				return rel, fmt.Errorf("relation %q: %w", s, err)
			}
		}
		rel.Ranges = append(rel.Ranges, Range{a, b})
	}
	return rel, nil
}

// operand gives the value of a CLDR operand for a whole number written
// without fraction digits or exponent: n and i are the number, the others 0.
func operand(op byte, n int64) int64 {
	if op == 'n' || op == 'i' {
		return n
	}
	return 0
}

func (rel Relation) matchInt(n int64) bool {
	v := operand(rel.Operand, n)
	if rel.Mod != 0 {
		v %= rel.Mod
	}
	in := false
	for _, rg := range rel.Ranges {
		if v >= rg.Lo && v <= rg.Hi {
			in = true
			break
		}
	}
	return in != rel.Negate
}

// MatchInt tells whether the rule holds for the whole number n (n >= 0).
func (r *Rule) MatchInt(n int64) bool {
	if len(r.Or) == 0 {
		return true
	}
	for _, and := range r.Or {
		ok := true
		for _, rel := range and {
			if !rel.matchInt(n) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Set is the cardinal rule set of one language: category -> rule.
type Set map[string]*Rule

// ParseSet parses the "pluralRule-count-CAT" map of CLDR's plurals.json, or a
// plain category -> rule map.
func ParseSet(m map[string]string) (Set, error) {
	set := Set{}
	for k, v := range m {
		cat := k[strings.LastIndexByte(k, '-')+1:]
		if CategoryIndex(cat) < 0 {
			return nil, fmt.Errorf("unknown plural category %q", k)
		}
		r, err := Parse(v)
		if err != nil {
			return nil, err
		}
		set[cat] = r
	}
	return set, nil
}

// IntegerCategories lists, in CLDR order, the categories that whole numbers
// can take (those with integer samples); these are the gettext forms.
func (s Set) IntegerCategories() []string {
	var out []string
	for _, c := range Order {
		if r, ok := s[c]; ok && r.HasIntegerSamples {
			out = append(out, c)
		}
	}
	return out
}

// CategoryInt returns the category CLDR assigns to the whole number n: the
// first non-"other" category whose rule matches, else "other".
func (s Set) CategoryInt(n int64) string {
	for _, c := range Order[:len(Order)-1] {
		if r, ok := s[c]; ok && r.MatchInt(n) {
			return c
		}
	}
	return "other"
}

// Categories returns all categories of the set in CLDR order.
func (s Set) Categories() []string {
	var out []string
	for _, c := range Order {
		if _, ok := s[c]; ok {
			out = append(out, c)
		}
	}
	return out
}

// ----------------------------------------------------------------------------
// gettext expressions

// cmp is one comparison "n [% mod] op value" of a gettext expression.
type cmp struct {
	mod int64
	op  string // == != < <= > >=
	val int64
}

func (c cmp) String() string {
	lhs := "n"
	if c.mod != 0 {
		lhs = fmt.Sprintf("n %% %d", c.mod)
	}
	return fmt.Sprintf("%s %s %d", lhs, c.op, c.val)
}

// term is a conjunction of comparisons; a dnf is a disjunction of terms.
// A nil dnf is false, a dnf holding one empty term is true.
type term []cmp
type dnf []term

var trueDNF = dnf{term{}}

func or(a, b dnf) dnf { return append(append(dnf{}, a...), b...) }

func and(a, b dnf) dnf {
	var out dnf
	for _, x := range a {
		for _, y := range b {
			out = append(out, append(append(term{}, x...), y...))
		}
	}
	return out
}

// rangeDNF is "x in [lo, hi]" for x = n % mod, knowing x >= 0 and, with a
// modulus, x < mod; bounds that always hold are dropped.
func rangeDNF(mod int64, rg Range) dnf {
	if rg.Lo > rg.Hi || (mod != 0 && rg.Lo >= mod) {
		return nil
	}
	if rg.Lo == rg.Hi {
		return dnf{term{{mod, "==", rg.Lo}}}
	}
	var t term
	if rg.Lo > 0 {
		t = append(t, cmp{mod, ">=", rg.Lo})
	}
	if mod == 0 || rg.Hi < mod-1 {
		t = append(t, cmp{mod, "<=", rg.Hi})
	}
	return dnf{t}
}

// notRangeDNF is "x not in [lo, hi]" under the same assumptions.
func notRangeDNF(mod int64, rg Range) dnf {
	if rg.Lo > rg.Hi || (mod != 0 && rg.Lo >= mod) {
		return trueDNF
	}
	if rg.Lo == rg.Hi {
		return dnf{term{{mod, "!=", rg.Lo}}}
	}
	var out dnf
	if rg.Lo > 0 {
		out = append(out, term{{mod, "<", rg.Lo}})
	}
	if mod == 0 || rg.Hi < mod-1 {
		out = append(out, term{{mod, ">", rg.Hi}})
	}
	return out
}

func relationDNF(rel Relation, negate bool) dnf {
	neg := rel.Negate != negate
	if rel.Operand != 'n' && rel.Operand != 'i' {
		// Fraction and exponent operands are 0 for whole numbers.
		if rel.matchInt(0) != negate {
			return trueDNF
		}
		return nil
	}
	if !neg {
		var out dnf
		for _, rg := range rel.Ranges {
			out = or(out, rangeDNF(rel.Mod, rg))
		}
		return out
	}
	out := trueDNF
	for _, rg := range rel.Ranges {
		out = and(out, notRangeDNF(rel.Mod, rg))
	}
	return out
}

func ruleDNF(r *Rule, negate bool) dnf {
	if !negate {
		var out dnf
		for _, conj := range r.Or {
			t := trueDNF
			for _, rel := range conj {
				t = and(t, relationDNF(rel, false))
			}
			out = or(out, t)
		}
		return simplify(out)
	}
	out := trueDNF
	for _, conj := range r.Or {
		var t dnf
		for _, rel := range conj {
			t = or(t, relationDNF(rel, true))
		}
		out = simplify(and(out, t))
	}
	return simplify(out)
}

// simplify reduces every term to its tightest bounds per modulus, drops
// contradictory terms and duplicates, and collapses to true.
func simplify(d dnf) dnf {
	seen := map[string]bool{}
	var out dnf
	for _, t := range d {
		nt, ok := reduce(t)
		if !ok {
			continue
		}
		if len(nt) == 0 {
			return trueDNF
		}
		key := fmt.Sprint(nt)
		if !seen[key] {
			seen[key] = true
			out = append(out, nt)
		}
	}
	// A term implied by a shorter one adds nothing: a || a && b == a.
	var kept dnf
	for i, t := range out {
		redundant := false
		for j, u := range out {
			if i != j && subset(u, t) && (len(u) < len(t) || j < i) {
				redundant = true
				break
			}
		}
		if !redundant {
			kept = append(kept, t)
		}
	}
	return kept
}

// subset tells whether every comparison of a is in b.
func subset(a, b term) bool {
	for _, c := range a {
		found := false
		for _, d := range b {
			if c == d {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// reduce rewrites a conjunction with, per "n % mod", one lower bound, one
// upper bound and the != values inside them; ok is false when it cannot hold.
func reduce(t term) (term, bool) {
	type group struct {
		lo, hi     int64
		loC, hiC   *cmp
		exclude    []int64
		maxDefault int64
	}
	var mods []int64
	groups := map[int64]*group{}
	for i := range t {
		c := t[i]
		g := groups[c.mod]
		if g == nil {
			g = &group{lo: 0, hi: 1 << 62}
			if c.mod != 0 {
				g.hi = c.mod - 1
			}
			g.maxDefault = g.hi
			groups[c.mod] = g
			mods = append(mods, c.mod)
		}
		lo, hi := int64(-1), int64(-1)
		switch c.op {
		case "==":
			lo, hi = c.val, c.val
		case ">=":
			lo = c.val
		case ">":
			lo = c.val + 1
		case "<=":
			hi = c.val
		case "<":
			hi = c.val - 1
		case "!=":
			g.exclude = append(g.exclude, c.val)
		}
		if lo >= 0 && lo > g.lo {
			g.lo, g.loC = lo, &t[i]
		}
		if hi >= 0 && hi < g.hi || c.op == "<" && c.val <= 0 {
			g.hi, g.hiC = hi, &t[i]
		}
	}
	var out term
	for _, m := range mods {
		g := groups[m]
		var ex []int64
		for _, v := range g.exclude {
			if v >= g.lo && v <= g.hi && !contains(ex, v) {
				ex = append(ex, v)
			}
		}
		if g.lo > g.hi || int64(len(ex)) > g.hi-g.lo {
			return nil, false
		}
		if g.lo == g.hi {
			out = append(out, cmp{m, "==", g.lo})
			continue
		}
		if g.loC != nil && g.lo > 0 {
			out = append(out, *g.loC)
		}
		if g.hiC != nil && g.hi < g.maxDefault {
			out = append(out, *g.hiC)
		}
		for _, v := range ex {
			out = append(out, cmp{m, "!=", v})
		}
	}
	return out, true
}

func contains(list []int64, v int64) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (d dnf) String() string {
	if d == nil {
		return "0"
	}
	parts := make([]string, len(d))
	for i, t := range d {
		if len(t) == 0 {
			return "1"
		}
		cs := make([]string, len(t))
		for j, c := range t {
			cs[j] = c.String()
		}
		parts[i] = strings.Join(cs, " && ")
	}
	return strings.Join(parts, " || ")
}

// Formula writes the gettext expression giving, for a whole number n, the
// index of CLDR's category in IntegerCategories. The expression has no
// parentheses (|| of && of comparisons) so that simple evaluators such as
// gotext's parse it unambiguously. Two forms are written as a boolean like
// gettext's "n != 1"; one form is "0".
func (s Set) Formula() string {
	cats := s.IntegerCategories()
	switch len(cats) {
	case 0, 1:
		return "0"
	case 2:
		// Index 1 holds exactly when the first category does not.
		return ruleDNF(s[cats[0]], true).String()
	}
	var b strings.Builder
	for i, c := range cats[:len(cats)-1] {
		fmt.Fprintf(&b, "%s ? %d : ", ruleDNF(s[c], false), i)
	}
	fmt.Fprintf(&b, "%d", len(cats)-1)
	return b.String()
}

// Type is Weblate's plural type (weblate/lang/data.py) for a category set.
func Type(cats []string) int {
	if t, ok := types[strings.Join(cats, " ")]; ok {
		return t
	}
	return 666
}

var types = map[string]int{
	"other":                       0,
	"one other":                   1,
	"one few other":               2,
	"zero one two few many other": 3,
	"one two other":               4,
	"one two few other":           6,
	"one few many other":          8,
	"two other":                   9,
	"one two few many other":      10,
	"zero one other":              11,
	"zero other":                  15,
	"zero one few other":          16,
	"zero one two few other":      17,
	"zero one two other":          18,
	"zero one few many other":     19,
	"one many other":              20,
	"zero one many other":         21,
	"one few many":                22,
}

// SortedKeys returns a map's keys in order (used for stable output).
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
