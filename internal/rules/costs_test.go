package rules

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gitlate/gitlate/internal/weblate"
)

// Every check must cost time linear (or n log n) in the length of the source
// and the target, whatever their shape: a translation file is written by anyone
// who can open a pull request, its strings and flags reach every check, and a
// string that takes minutes to check holds the scan (and the server) for
// minutes. TestHostileStringsStayLinear builds, by repetition, strings of the
// shapes that make a naive matcher superlinear (runs of "%", "{", "<", "`",
// "[", "*", unclosed tags, deep nesting, …), puts them in the source, the
// target or both, singular and plural, under flags that enable every check,
// and times each check's function on its own:
//
//   - growth: a string growth times longer costs at most growthBound times
//     what growth checks of the shorter one cost together (linear is 1, a
//     larger heap and caches outgrown make it up to 4; quadratic is growth).
//
// Sizes climb a ladder (×growth a step, up to the test's size), so that a
// check that fails at a small size is reported there instead of holding the
// test for hours at the next. Costs are CPU time, the least of a few tries; a
// bound is only failed when it is failed again on fresh measurements (three
// tries), so that a descheduling or a GC pause does not count. The test runs
// alone (no t.Parallel): the package's other tests wait for it. Under the race
// detector, whose cost per operation is not the program's, it does not run.

var costSize = flag.Int("costs.size", 0, "the largest of the smaller strings TestHostileStringsStayLinear checks (0: 64 KiB, 16 KiB with -short)")

const (
	costGrowth      = 16
	costGrowthBound = 6
	// costMeasurable is the least cost a growth is judged on: below it, timer
	// resolution and cache effects decide the ratio, and the check is fast anyway.
	costMeasurable = 3 * time.Millisecond
)

// costShape is one kind of hostile string: text returns one of about n bytes.
type costShape struct {
	name string
	text func(n int) string
}

// repeated repeats piece to about n bytes (at least once).
func repeated(piece string) func(n int) string {
	return func(n int) string { return strings.Repeat(piece, max(1, n/len(piece))) }
}

// nestedText opens n/(len(open)+len(close)) times, then closes as often.
func nestedText(open, middle, close string) func(n int) string {
	return func(n int) string {
		k := max(1, n/(len(open)+len(close)))
		return strings.Repeat(open, k) + middle + strings.Repeat(close, k)
	}
}

// costKnown are the hostile shapes (by the prefix of their name) a check is
// still known to cost superlinear time on, and why: the test does not time
// them (it logs them), and the list is to shrink.
var costKnown = map[string]struct{ shapes, why string }{}

// costKnownShape: some check is known to be slow on the shape.
func costKnownShape(name string) bool {
	for _, k := range costKnown {
		if strings.HasPrefix(name, k.shapes) {
			return true
		}
	}
	return false
}

// afterGT puts a ">" before text.
func afterGT(text func(int) string) func(int) string {
	return func(n int) string { return ">" + text(n) }
}

var costShapes = []costShape{
	{"%", repeated("%")},
	{"%%", repeated("%%")},
	{"%1$", repeated("%1$")},
	{"%(", repeated("%(")},
	{"%(a", repeated("%(a")},
	{"%<", repeated("%<")},
	{"%{", repeated("%{")},
	{"{", repeated("{")},
	{"{{", repeated("{{")},
	{"}}", repeated("}}")},
	{"{0}", repeated("{0}")},
	{"{0,", repeated("{0,")},
	{"{a", repeated("{a")},
	{"${", repeated("${")},
	{"$t(", repeated("$t(")},
	{"@:", repeated("@:")},
	{"~", repeated("~")},
	{"~1@*", repeated("~1@*")},
	{"<", repeated("<")},
	{"<a>", repeated("<a>")},
	{"</a>", repeated("</a>")},
	{"<a", repeated("<a")},
	{"<a ", repeated("<a ")},
	{"<a b=", repeated("<a b=")},
	{`<a href="`, repeated(`<a href="`)},
	{"<!--", repeated("<!--")},
	{"<![CDATA[", repeated("<![CDATA[")},
	{"<![if", repeated("<![if ")},
	{"<!", repeated("<!")},
	{"<?", repeated("<?")},
	{"</", repeated("</")},
	{"<<a>a>", nestedText("<", "", "a>")},
	// The same check strips tags only from a text with both "<" and ">".
	{"><a", afterGT(repeated("<a"))},
	{"><a b='", afterGT(repeated("<a b='"))},
	{"><!--", afterGT(repeated("<!--"))},
	{"><![if", afterGT(repeated("<![if "))},
	{"><![CDATA[ ]", afterGT(repeated("<![CDATA[ ]"))},
	{"></a", afterGT(repeated("</a"))},
	{"><!", afterGT(repeated("<!"))},
	{"><?", afterGT(repeated("<?"))},
	{"><script>", afterGT(repeated("<script></scrip"))},
	{">&#", afterGT(repeated("&#1"))},
	{">&a", afterGT(repeated("&a-"))},
	{"&amp;", repeated("&amp;")},
	{"&#", repeated("&#")},
	{"&a", repeated("&a")},
	{"unbalanced XML", repeated("<a><b></a>")},
	{"deep nesting", nestedText("<a>", "x", "</a>")},
	{"deep nesting, unclosed", repeated("<a>")},
	{"backticks", repeated("`")},
	{"backtick, space", repeated("` ")},
	{"*", repeated("*")},
	{"_", repeated("_")},
	{"**", repeated("**")},
	{"__", repeated("__")},
	{"~~", repeated("~~")},
	{"[", repeated("[")},
	{"]", repeated("]")},
	{"[[", nestedText("[", "a", "]")},
	{"](", repeated("](")},
	{"[a](", repeated("[a](")},
	{"[a] [", repeated("[a] [")},
	{"![", repeated("![")},
	{"[a](<", repeated("[a](<")},
	{`[a](b "`, repeated(`[a](b "`)},
	{"<http://", repeated("<http://")},
	{"<a@b.c", repeated("<a@b.c")},
	{`\\`, repeated(`\\`)},
	{`\n`, repeated(`\n`)},
	{"newline", repeated("\n")},
	{"space", repeated(" ")},
	{"...", repeated("...")},
	{"…", repeated("…")},
	{"(s)", repeated("a(s)")},
	{"[b]", repeated("[b]")},
	{"[/b]", repeated("[/b]")},
	{"[b@", repeated("[b@")},
	{"[b]x", repeated("[b]x\n")},
	{"http://", repeated("http://")},
	{"a.b", repeated("a.b")},
	{"a@b.c", repeated("a@b.c ")},
	{"a a a", repeated("a ")},
	{"aa aa", repeated("aa ")},
	{"aa aa bb bb", func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			w := fmt.Sprintf("w%d ", i)
			b.WriteString(w + w)
		}
		return b.String()
	}},
	{":a:`", repeated(":a:`")},
	{"``", repeated("``")},
	{"'", repeated("'")},
	{"emoji", repeated("😀")},
	{"long word", repeated("a")},
	{"ΣΣ", repeated("aΣ")},
	{"İ", repeated("İ")},
}

// costVariant places a hostile string in a unit.
type costVariant struct {
	name string
	unit func(text, plain string) CheckUnit
}

var costVariants = []costVariant{
	{"in both", func(t, _ string) CheckUnit { return CheckUnit{Source: []string{t}, Target: []string{t}} }},
	{"in the target", func(t, p string) CheckUnit { return CheckUnit{Source: []string{p}, Target: []string{t}} }},
	{"in the source", func(t, p string) CheckUnit { return CheckUnit{Source: []string{t}, Target: []string{p}} }},
	{"in both, different", func(t, _ string) CheckUnit {
		return CheckUnit{Source: []string{t}, Target: []string{"b " + t}}
	}},
	{"plural", func(t, _ string) CheckUnit {
		return CheckUnit{Source: []string{t, t + "s"}, Target: []string{"b " + t, t + " c", t}}
	}},
}

// costPlain is ordinary text of about n bytes.
func costPlain(n int) string { return repeated("The file was saved, you may close it. ")(n) }

// costFlags enable every check: every format flag, the markup ones, the
// parametrized ones.
const costFormatFlags = "c-format, python-format, python-brace-format, php-format, perl-format, " +
	"javascript-format, lua-format, object-pascal-format, scheme-format, c-sharp-format, " +
	"java-printf-format, java-format, auto-java-messageformat, percent-placeholders, vue-format, " +
	"i18next-interpolation, es-format, angularjs-format, qt-format, qt-plural-format, ruby-format, " +
	`md-text, url, rst-text, placeholders:"x":"%s", regex:^a+$, max-length:10`

// costFlagSets: safe-html skips the XML checks and strict-same cuts the same
// check short, so each is also left out; without xml-text the XML checks first
// ask whether the source looks like XML.
var costFlagSets = []struct{ name, flags string }{
	{"every flag", costFormatFlags + ", safe-html, xml-text, strict-same"},
	{"xml-text", costFormatFlags + ", xml-text"},
	{"no xml-text", costFormatFlags},
}

// costCheck is one check's function, run as the frame runs it.
type costCheck struct {
	id  string
	run func(c *Checker, u *CheckUnit)
}

// costChecks are the functions of every registered check, and the frame
// running all of them.
func costChecks() []costCheck {
	var out []costCheck
	for _, ch := range Checks() {
		switch {
		case ch.Unit != nil:
			out = append(out, costCheck{ch.ID, func(c *Checker, u *CheckUnit) { ch.Unit(c.subject(u), u.Source, u.Target) }})
		case ch.Single != nil:
			out = append(out, costCheck{ch.ID, func(c *Checker, u *CheckUnit) { pairs(c.subject(u), ch.Single, u.Source, u.Target) }})
		case ch.Source != nil:
			out = append(out, costCheck{ch.ID, func(c *Checker, u *CheckUnit) { ch.Source(c.subject(u), u.Source) }})
		}
	}
	return append(out, costCheck{costAll, func(c *Checker, u *CheckUnit) {
		c.Target(nil, u)
		c.Source(nil, u, 0)
	}})
}

// costAll names the frame running every check (Checker.Target and Source).
const costAll = "(Checker.Target and Source)"

// cpuTime is the process's CPU time, the kernel's included.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// checksCost is the least CPU time, of runs tries, that n runs of f on u take
// together.
func checksCost(f func(*Checker, *CheckUnit), c *Checker, u *CheckUnit, n, runs int) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range runs {
		start := cpuTime()
		for range n {
			f(c, u)
		}
		best = min(best, cpuTime()-start)
	}
	return max(best, time.Microsecond)
}

// costReading is one check's costs at one size.
type costReading struct {
	id         string
	small, big time.Duration
}

func (r costReading) grew() float64 { return float64(r.big) / float64(r.small) }

// costJudge measures f on small (growth times) and big; ok when the growth is
// within bound or big is too cheap to judge, after up to three tries.
func costJudge(f func(*Checker, *CheckUnit), c *Checker, small, big *CheckUnit) (costReading, bool) {
	var r costReading
	for try := 1; ; try++ {
		r.big = checksCost(f, c, big, 1, 1)
		if r.big < costMeasurable {
			return r, true
		}
		r.small = checksCost(f, c, small, costGrowth, 2)
		r.big = min(r.big, checksCost(f, c, big, 1, 1))
		if r.grew() <= costGrowthBound || r.big < costMeasurable || try == 3 {
			return r, r.grew() <= costGrowthBound || r.big < costMeasurable
		}
	}
}

// TestHostileStringsStayLinear: see the comment at the top of this file.
func TestHostileStringsStayLinear(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's costs are not the checks'; run this test without it")
	}
	// Every check × about 95 shapes × three flag sets takes many minutes: it
	// runs when asked (GITLATE_TEST_CHECK_COSTS=1, with -costs.size to choose).
	if os.Getenv("GITLATE_TEST_CHECK_COSTS") == "" {
		t.Skip("set GITLATE_TEST_CHECK_COSTS=1 to time every check on hostile strings (about 20 minutes at -costs.size=4096)")
	}
	size := 64 << 10
	if testing.Short() {
		size = 16 << 10
	}
	if *costSize > 0 {
		size = *costSize
	}
	// The ladder's first step is the largest that stays under 256 bytes.
	first := size
	for first > 256 {
		first /= costGrowth
	}
	checks := costChecks()
	// worst is, per check, its largest growth among measurable ones, for the log.
	worst := map[string]costReading{}
	where := map[string]string{}
	for _, fs := range costFlagSets {
		c := NewChecker(CheckContext{Lang: "fr", SourceLang: "en", PluralNumber: 3,
			PluralFormula: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", Project: "p", Component: "c", Flags: fs.flags})
		for _, shape := range costShapes {
			for _, v := range costVariants {
				name := fs.name + ", " + shape.name + ", " + v.name
				failed := map[string]bool{}
				for n := first; n <= size; n *= costGrowth {
					small := v.unit(shape.text(n), costPlain(n))
					big := v.unit(shape.text(costGrowth*n), costPlain(costGrowth*n))
					small.State, big.State = weblate.StateTranslated, weblate.StateTranslated
					var readings []costReading
					var bad []string
					for _, ch := range checks {
						if failed[ch.id] {
							continue
						}
						if k, ok := costKnown[ch.id]; ok && strings.HasPrefix(shape.name, k.shapes) {
							continue
						}
						if ch.id == costAll && (len(failed) > 0 || costKnownShape(shape.name)) {
							// The frame runs the checks: one that failed would
							// hold it at this size or the next.
							continue
						}
						r, ok := costJudge(ch.run, c, &small, &big)
						r.id = ch.id
						readings = append(readings, r)
						if !ok {
							failed[ch.id] = true
							bad = append(bad, fmt.Sprintf("%s grew %.1f× (%d × %v, then %v)", ch.id, r.grew(), costGrowth, r.small, r.big))
						}
						if w, seen := worst[ch.id]; r.small > 0 && (!seen || r.grew() > w.grew()) {
							worst[ch.id], where[ch.id] = r, fmt.Sprintf("%s at %d bytes", name, len(strings.Join(big.Target, "")))
						}
					}
					if len(bad) > 0 {
						t.Errorf("%s: %d bytes to %d: %s (bound %d×)\nevery check:\n%s",
							name, len(strings.Join(small.Source, "")+strings.Join(small.Target, "")),
							len(strings.Join(big.Source, "")+strings.Join(big.Target, "")),
							strings.Join(bad, "; "), costGrowthBound, costBreakdown(readings))
					}
				}
			}
		}
	}
	for id, k := range costKnown {
		t.Logf("%s: not timed on the shapes %q…: %s", id, k.shapes, k.why)
	}
	ids := slices.Sorted(maps.Keys(worst))
	for _, id := range ids {
		t.Logf("%s: worst measurable growth %.1f× (%s; %v, then %v)", id, worst[id].grew(), where[id], worst[id].small, worst[id].big)
	}
}

// costBreakdown lists the costs of every check at one size, the costliest
// first (those under 100µs left out).
func costBreakdown(readings []costReading) string {
	slices.SortFunc(readings, func(a, b costReading) int { return int(b.big - a.big) })
	var b strings.Builder
	for _, r := range readings {
		if r.big < 100*time.Microsecond {
			break
		}
		if r.small == 0 {
			fmt.Fprintf(&b, "  %s: %v at the larger size (too cheap to judge)\n", r.id, r.big)
			continue
		}
		fmt.Fprintf(&b, "  %s: %d × %v, then %v (%.1f×)\n", r.id, costGrowth, r.small, r.big, r.grew())
	}
	return b.String()
}
