package rules

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gitlate/gitlate/internal/formats"
	"github.com/gitlate/gitlate/internal/weblate"
	"github.com/leonelquinteros/gotext/plurals"
)

// CheckKind says which units a check judges, and when.
type CheckKind uint8

const (
	// TargetCheck judges the units of translations other than the source one
	// (Weblate's TargetCheck): never a read-only unit, nor an empty one.
	TargetCheck CheckKind = iota + 1
	// SourceCheck judges the units of the source translation (SourceCheck).
	SourceCheck
	// BatchCheck needs other units of the project (inconsistent, reused) or a
	// history Weblate has and an import does not (translated); it does not run
	// per unit.
	BatchCheck
	// NeverCheck is a check a repository import never fails: it needs a font
	// renderer (max-size), a glossary (check_glossary) or the age of a string in
	// Weblate (long_untranslated).
	NeverCheck
)

// A Check is one of Weblate 4.18's quality checks (weblate/checks/), with
// Weblate's id, name and description.
type Check struct {
	ID          string // Weblate's check_id: "end_stop"
	Name        string // Weblate's name: "Mismatched full stop"
	Description string
	Kind        CheckKind
	// DefaultDisabled checks run only where their Enable flag is in force
	// (every format check, max-length, placeholders, …).
	DefaultDisabled bool
	// Enable is the flag that turns the check on; Weblate's default is the id
	// with "-" for "_" (c_format: c-format), which an empty Enable means.
	Enable string

	// A target check gives Single or Unit. Single judges one source form against
	// one target form, paired as Weblate 4.x pairs plural forms (the first source
	// form with the first target form, then the source's plural form with every
	// other target form); the unit fails when one pair does. Unit judges all
	// forms at once (plurals, format strings and their own pairing).
	Single func(s *Subject, source, target string) bool
	Unit   func(s *Subject, sources, targets []string) bool
	// Source judges a unit of the source translation by its source forms.
	Source func(s *Subject, sources []string) bool

	// enableFlag and ignoreFlag are EnableFlag and IgnoreFlag, made once.
	enableFlag, ignoreFlag string
	// family is the placeholders a format check compares (gateOf reads it).
	family *formatFamily
}

// EnableFlag is the flag that turns c on (Enable, or Weblate's default).
func (c *Check) EnableFlag() string {
	if c.enableFlag != "" {
		return c.enableFlag
	}
	if c.Enable != "" {
		return c.Enable
	}
	return strings.ReplaceAll(c.ID, "_", "-")
}

// IgnoreFlag is the flag that turns c off: ignore- and the id with "-" for "_"
// (ignore-end-stop), whatever flag enables it.
func (c *Check) IgnoreFlag() string {
	if c.ignoreFlag != "" {
		return c.ignoreFlag
	}
	return "ignore-" + strings.ReplaceAll(c.ID, "_", "-")
}

// checkOrder is Weblate 4.18's CHECK_LIST (weblate/checks/models.py): the order
// checks are listed and run in.
var checkOrder = []string{
	"same", "begin_newline", "end_newline", "begin_space", "end_space", "double_space",
	"end_stop", "end_colon", "end_question", "end_exclamation", "end_ellipsis",
	"end_semicolon", "max-length", "kashida", "punctuation_spacing",
	"python_format", "python_brace_format", "php_format", "c_format", "perl_format",
	"javascript_format", "lua_format", "object_pascal_format", "scheme_format",
	"c_sharp_format", "java_printf_format", "java_format", "percent_placeholders",
	"vue_format", "i18next_interpolation", "es_format", "angularjs_format",
	"icu_message_format", "icu_message_format_syntax", "qt_format", "qt_plural_format",
	"ruby_format", "plurals", "same-plurals", "inconsistent", "reused", "translated",
	"escaped_newline", "newline-count", "bbcode", "zero-width-space", "max-size",
	"xml-invalid", "xml-tags", "md-reflink", "md-link", "md-syntax", "url", "safe-html",
	"placeholders", "regex", "duplicate", "optional_plural", "ellipsis",
	"multiple_failures", "long_untranslated", "unnamed_format", "check_glossary",
}

// registry holds every check, in checkOrder; byID finds one.
var (
	registry []*Check
	byID     map[string]*Check
)

func init() {
	groups := [][]*Check{charsChecks, formatChecks, sameChecks, markupChecks,
		consistencyChecks, duplicateChecks, sourceChecks, placeholdersChecks, otherChecks}
	byID = map[string]*Check{}
	for _, g := range groups {
		for _, c := range g {
			if _, dup := byID[c.ID]; dup {
				panic("rules: check " + c.ID + " registered twice")
			}
			byID[c.ID] = c
		}
	}
	for _, id := range checkOrder {
		if c := byID[id]; c != nil {
			c.enableFlag, c.ignoreFlag = c.EnableFlag(), c.IgnoreFlag()
			registry = append(registry, c)
		}
	}
	if len(registry) != len(byID) {
		panic("rules: a check missing from checkOrder")
	}
}

// Checks returns Weblate's checks in Weblate's order. The slice is shared.
func Checks() []*Check { return registry }

// CheckByID returns the check of a Weblate check id, or nil.
func CheckByID(id string) *Check { return byID[id] }

// Flags are the flags in force for a unit, as Weblate's Flags holds them.
type Flags struct {
	list []formats.Flag
	// byName indexes list when it is long (a hostile file's thousands of flags
	// would make every lookup, and the merge, cost their number).
	byName map[string]int
}

const indexFlagsAbove = 16

// ParseFlags reads flags as Weblate writes them; text the grammar refuses gives
// no flags (Weblate refuses such a file or setting before any check runs).
func ParseFlags(text ...string) Flags {
	var f Flags
	for _, t := range text {
		f = f.Merge(t)
	}
	return f
}

// Merge returns f with the flags of text added; a name given again replaces its
// earlier value, as Flags.merge does. f is not changed.
func (f Flags) Merge(text string) Flags {
	if strings.TrimSpace(text) == "" {
		return f
	}
	add, err := formats.ParseFlags(text)
	if err != nil || len(add) == 0 {
		return f
	}
	out := Flags{list: slices.Clone(f.list)}
	if f.byName != nil {
		out.byName = maps.Clone(f.byName)
	}
	for _, a := range add {
		if i := out.index(a.Name); i >= 0 {
			out.list[i] = a
			continue
		}
		out.list = append(out.list, a)
		switch {
		case out.byName != nil:
			out.byName[a.Name] = len(out.list) - 1
		case len(out.list) > indexFlagsAbove:
			out.byName = make(map[string]int, 2*len(out.list))
			for i := range out.list {
				out.byName[out.list[i].Name] = i
			}
		}
	}
	return out
}

func (f Flags) index(name string) int {
	if f.byName != nil {
		if i, ok := f.byName[name]; ok {
			return i
		}
		return -1
	}
	for i := range f.list {
		if f.list[i].Name == name {
			return i
		}
	}
	return -1
}

// Has reports whether the flag name is in force.
func (f Flags) Has(name string) bool { return f.index(name) >= 0 }

// Values returns the parameters of the flag name (nil when it has none or is
// not in force).
func (f Flags) Values(name string) []string {
	if i := f.index(name); i >= 0 {
		return f.list[i].Values
	}
	return nil
}

// A FlagParam is one parameter of a flag; Regex marks one written r"…", which
// Weblate's flag parser compiles as a (Python) regular expression.
type FlagParam struct {
	Text  string
	Regex bool
}

// Params returns the parameters of the flag name with their regex marks (nil
// when it has none or is not in force).
func (f Flags) Params(name string) []FlagParam {
	i := f.index(name)
	if i < 0 || len(f.list[i].Values) == 0 {
		return nil
	}
	fl := f.list[i]
	out := make([]FlagParam, len(fl.Values))
	for j, v := range fl.Values {
		out[j] = FlagParam{Text: v, Regex: j < len(fl.Regex) && fl.Regex[j]}
	}
	return out
}

// Value returns the first parameter of the flag name.
func (f Flags) Value(name string) (string, bool) {
	if v := f.Values(name); len(v) > 0 {
		return v[0], true
	}
	return "", false
}

// IntValue returns the first parameter of the flag name as a number.
func (f Flags) IntValue(name string) (int, bool) {
	v, ok := f.Value(name)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return n, err == nil
}

// Names returns the names of the flags in force, in the order they were given.
func (f Flags) Names() []string {
	out := make([]string, len(f.list))
	for i := range f.list {
		out[i] = f.list[i].Name
	}
	return out
}

// CheckContext is what a translation gives the checks of its units.
type CheckContext struct {
	// Lang and SourceLang are the codes of the translation's language and of its
	// component's source language.
	Lang, SourceLang string
	// PluralNumber and PluralFormula are the plural Weblate gives the translation
	// (its number of forms and its gettext expression).
	PluralNumber  int
	PluralFormula string
	// Project and Component are the names the same check ignores as words.
	Project, Component string
	// Multivalue formats (CSV with several values) have no plurals check.
	Multivalue bool
	// Flags are the flags every unit of the translation has: its format's
	// (formats.Info.CheckFlags) and the component's check_flags.
	Flags string
	// Memo, when set, is shared by the translations of one component (which
	// have the same Flags, Project and Component): what is worked out from a
	// source string alone is worked out once for all of them.
	Memo *Memo
}

// Memo keeps the verdicts checks draw from a source string alone.
type Memo struct {
	same sync.Map // sameKey → bool: SameCheck.should_ignore
	xml  sync.Map // xmlKey → bool: BaseXMLCheck.should_skip
	// xmlSource holds the XML checks' parse of each source (sourceXML).
	xmlSource sync.Map // string → *xmlParsed
}

type xmlKey struct {
	unitFlags string
	sources   string // the source forms, joined by NUL
	forms     int
}

// NewMemo returns an empty Memo.
func NewMemo() *Memo { return &Memo{} }

type sameKey struct{ unitFlags, note, source string }

// Subject is the unit a check judges, with its translation's context.
type Subject struct {
	*CheckContext
	// Flags are the flags in force for the unit: the translation's and its own.
	Flags Flags
	// Note is the unit's developer comment, Key its context (Android name, msgctxt).
	Note, Key string
	// unitFlags are the unit's own flags as written (Flags holds them merged).
	unitFlags string
	State     weblate.State
	// lang is the base code of Lang (before _ or -), sourceLang SourceLang's.
	lang, sourceLang string
	// langBit is lang's bit in exceptionLangs (0 for the others).
	langBit langSet
	checker *Checker
	// pair holds the ends of the pair the character checks judge last.
	pair pairEnds
	// strip is what StripFormat removes under Flags, once stripKnown.
	strip      formatMatcher
	stripKnown bool
	// xmlTarget is the XML checks' last parse of a target (targetXML).
	xmlTarget *xmlParsed
}

// BaseLang is the translation language's base code: Lang before "_" or "-"
// (Weblate's Language.base_code), as the language exceptions of checks compare it.
func (s *Subject) BaseLang() string { return s.lang }

// SourceBaseLang is the source language's base code.
func (s *Subject) SourceBaseLang() string { return s.sourceLang }

// PluralExamples returns, per plural form of the translation's language, how
// many of the numbers Weblate samples (0 … 9999, then every thousand up to two
// million) the form is used for, capped at 10, and whether form 0 is used for
// exactly 0 and 1 (Weblate's Plural.examples, which the format checks read).
func (s *Subject) PluralExamples() (counts []int, zeroOne bool) {
	c := s.checker
	if c.examples == nil {
		c.examples, c.zeroOne = pluralExamples(s.PluralNumber, s.PluralFormula)
	}
	return c.examples, c.zeroOne
}

// examplesCache keeps pluralExamples by plural: a few dozen plurals serve
// every translation.
var examplesCache sync.Map // examplesKey → examples

type examplesKey struct {
	number  int
	formula string
}

type examples struct {
	counts  []int
	zeroOne bool
}

// pluralExamples samples a gettext plural expression as Plural.examples does.
// The counts are shared: callers must not change them.
func pluralExamples(number int, formula string) ([]int, bool) {
	if e, ok := pluralExampleTable[formula]; ok {
		return tableExamples(e, number)
	}
	key := examplesKey{number, formula}
	if e, ok := examplesCache.Load(key); ok {
		return e.(examples).counts, e.(examples).zeroOne
	}
	counts, zeroOne := samplePlural(number, formula)
	examplesCache.Store(key, examples{counts, zeroOne})
	return counts, zeroOne
}

// tableExamples are a table entry's examples for a plural of number forms:
// the entry is sampled with one form, and samplePlural makes room for number
// forms from the start.
func tableExamples(e examples, number int) ([]int, bool) {
	if number <= len(e.counts) {
		return e.counts, e.zeroOne
	}
	counts := make([]int, number)
	copy(counts, e.counts)
	return counts, e.zeroOne
}

func samplePlural(number int, formula string) ([]int, bool) {
	counts := make([]int, max(number, 1))
	if formula == "" {
		formula = "0"
	}
	expr, err := plurals.Compile(formula)
	if err != nil {
		return counts, false
	}
	first := []int{}
	try := func(n int) {
		i := expr.Eval(uint32(n))
		if i < 0 {
			return
		}
		for i >= len(counts) {
			counts = append(counts, 0)
		}
		if counts[i] >= 10 {
			return
		}
		counts[i]++
		if i == 0 {
			first = append(first, n)
		}
	}
	for n := 0; n < 10000; n++ {
		try(n)
	}
	for n := 10000; n <= 2000000; n += 1000 {
		try(n)
	}
	return counts, len(first) == 2 && first[0] == 0 && first[1] == 1
}

// Checker runs the checks of one translation's units; the nil Checker runs none.
// A Checker is not safe for concurrent use.
type Checker struct {
	ctx      CheckContext
	base     Flags
	lang     string
	langBit  langSet
	srcLang  string
	examples []int
	zeroOne  bool
	// targets and sources are the target and source checks the translation's
	// flags enable: those of a unit without flags of its own.
	targets, sources []*Check
	// gates are the targets' gates (gateOf) under the translation's flags;
	// noGates runs every check (the tests compare both ways).
	gates   []factMask
	noGates bool
	// strip is StripFormat's matcher under the translation's flags.
	strip formatMatcher
	sub   Subject // reused for each unit
}

// NewChecker returns the checker of a translation.
func NewChecker(ctx CheckContext) *Checker {
	c := &Checker{ctx: ctx, base: ParseFlags(ctx.Flags), lang: BaseCode(ctx.Lang), srcLang: BaseCode(ctx.SourceLang)}
	c.langBit = exceptionLangs[c.lang]
	s := &Subject{CheckContext: &c.ctx, Flags: c.base}
	c.targets, c.sources = enabledChecks(s, TargetCheck), enabledChecks(s, SourceCheck)
	c.gates = make([]factMask, len(c.targets))
	for i, ch := range c.targets {
		c.gates[i] = gateOf(ch, c.base)
	}
	c.strip = stripMatcher(c.base)
	return c
}

// enabledChecks are the checks of kind the flags of s enable, in Weblate's order.
func enabledChecks(s *Subject, kind CheckKind) []*Check {
	var out []*Check
	for _, ch := range registry {
		if ch.Kind == kind && s.enabled(ch) {
			out = append(out, ch)
		}
	}
	return out
}

// BaseCode is a language code before "_" or "-" (Weblate's base_code, which
// keeps a variant: sr@latin).
func BaseCode(code string) string {
	if i := strings.IndexAny(code, "_-"); i >= 0 {
		return code[:i]
	}
	return code
}

// CheckUnit is a unit as the checks see it: Weblate's stored forms.
type CheckUnit struct {
	// Source and Target are the unit's forms: the target as Weblate shows it
	// (one form unless plural, else exactly the plural's number of forms).
	Source, Target []string
	State          weblate.State
	// Flags are the unit's own flags (what its file gives), as Weblate writes them.
	Flags     string
	Note, Key string
	// srcFacts are the facts of the one source form, when known (factKnown).
	srcFacts factMask
}

// prepare is u as its checks see it (in the Subject the checker reuses), and
// the checks of kind its flags enable.
func (c *Checker) prepare(u *CheckUnit, kind CheckKind) (*Subject, []*Check) {
	s := &c.sub
	*s = Subject{CheckContext: &c.ctx, Flags: c.base, Note: u.Note, Key: u.Key, unitFlags: u.Flags,
		State: u.State, lang: c.lang, langBit: c.langBit, sourceLang: c.srcLang, checker: c}
	if u.Flags == "" {
		s.strip, s.stripKnown = c.strip, true
		if kind == TargetCheck {
			return s, c.targets
		}
		return s, c.sources
	}
	s.Flags = c.base.Merge(u.Flags)
	return s, enabledChecks(s, kind)
}

// Target appends to out the ids of the target checks u fails, in Weblate's
// order, as Unit.run_checks runs them on a unit of a translation: none for a
// read-only or an empty unit; fuzzy units are checked.
func (c *Checker) Target(out []string, u *CheckUnit) []string {
	if c == nil || u.State == weblate.StateReadOnly || u.State == weblate.StateEmpty || len(u.Source) == 0 || len(u.Target) == 0 {
		return out
	}
	s, checks := c.prepare(u, TargetCheck)
	// Most units have one form on each side: their pair is judged directly.
	single := len(u.Source) == 1 && len(u.Target) == 1
	if single && u.Flags == "" && !c.noGates {
		// The translation's checks, each unless its gate says it passes.
		facts := pairFacts(u.Source[0], u.Target[0], u.srcFacts)
		for i, ch := range checks {
			if g := c.gates[i]; g != 0 && facts&g == 0 {
				continue
			}
			switch {
			case ch.Unit != nil:
				if ch.Unit(s, u.Source, u.Target) {
					out = append(out, ch.ID)
				}
			case ch.Single != nil:
				if ch.Single(s, u.Source[0], u.Target[0]) {
					out = append(out, ch.ID)
				}
			}
		}
		return out
	}
	for _, ch := range checks {
		switch {
		case ch.Unit != nil:
			if ch.Unit(s, u.Source, u.Target) {
				out = append(out, ch.ID)
			}
		case ch.Single == nil:
		case single:
			if ch.Single(s, u.Source[0], u.Target[0]) {
				out = append(out, ch.ID)
			}
		case pairs(s, ch.Single, u.Source, u.Target):
			out = append(out, ch.ID)
		}
	}
	return out
}

// pairs is Weblate 4.x's Check.check_target_unit.
func pairs(s *Subject, single func(*Subject, string, string) bool, sources, targets []string) bool {
	if single(s, sources[0], targets[0]) {
		return true
	}
	src := sources[0]
	if len(sources) > 1 {
		src = sources[1]
	}
	for _, t := range targets[1:] {
		if single(s, src, t) {
			return true
		}
	}
	return false
}

// enabled is Check.should_skip negated: not ignored, and enabled by its flag
// when it is default-disabled.
func (s *Subject) enabled(ch *Check) bool {
	if s.Flags.Has(ch.IgnoreFlag()) {
		return false
	}
	return !ch.DefaultDisabled || s.Flags.Has(ch.EnableFlag())
}

// Source appends to out the ids of the source checks u (a unit of the source
// translation) fails. rows is the number of failing target checks its string has
// in the component's other translations: multiple_failures fails from two.
func (c *Checker) Source(out []string, u *CheckUnit, rows int) []string {
	if c == nil || len(u.Source) == 0 {
		return out
	}
	s, checks := c.prepare(u, SourceCheck)
	for _, ch := range checks {
		if ch.ID == MultipleFailures {
			if rows >= 2 {
				out = append(out, ch.ID)
			}
			continue
		}
		if ch.Source != nil && ch.Source(s, u.Source) {
			out = append(out, ch.ID)
		}
	}
	return out
}

// MultipleFailures is the id of the source check that counts the failing checks
// of a string's translations.
const MultipleFailures = "multiple_failures"

// otherChecks are the checks no group file runs: the batch ones and those an
// import never fails, listed so that their names show.
var otherChecks = []*Check{
	{ID: "inconsistent", Name: "Inconsistent", Description: "This string has more than one translation in this project or is untranslated in some components.", Kind: BatchCheck},
	{ID: "reused", Name: "Reused translation", Description: "Different strings are translated the same.", Kind: BatchCheck},
	{ID: "translated", Name: "Has been translated", Description: "This string has been translated in the past", Kind: BatchCheck},
	{ID: "max-size", Name: "Maximum size of translation", Description: "Translation rendered text should not exceed given size", Kind: NeverCheck, DefaultDisabled: true},
	{ID: "long_untranslated", Name: "Long untranslated", Description: "The string has not been translated for a long time", Kind: NeverCheck},
	{ID: "check_glossary", Name: "Does not follow glossary", Description: "The translation does not follow terms defined in a glossary.", Kind: NeverCheck, DefaultDisabled: true},
}

// ChecksVersion names the checks' behaviour: results cached by content are only
// reused under the same version. Change it whenever a check's verdict for some
// unit changes.
const ChecksVersion = "2026-12-05.3"

// PluralNumber is the number of plural forms of the checker's translation (0
// for the nil Checker).
func (c *Checker) PluralNumber() int {
	if c == nil {
		return 0
	}
	return c.ctx.PluralNumber
}
