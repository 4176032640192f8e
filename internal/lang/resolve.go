package lang

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// pluralSet is one distinct default plural of the generated table.
type pluralSet struct {
	number     int
	formula    string
	typ        int
	categories string // space-separated
}

// row is one language of the generated table.
type row struct {
	code, name string
	plural     int
	rtl        bool
	population int64
}

// Weblate's plural types that Resolve needs (weblate/lang/data.py).
const (
	pluralOneOther = 1
	pluralArabic   = 3
	pluralUnknown  = 666
)

const maxCache = 1 << 16

type result struct {
	lang *Language
	err  error
}

var (
	table     []Language
	tablePtrs []*Language
	byCode    map[string]*Language // code
	byLower   map[string]*Language // lower-case code
	byName    map[string]*Language // lower-case name, when only one language has it
	aliasTo   map[string]string    // ALIASES: alias -> code
	defaults  map[string]bool      // DEFAULT_LANGS
	rtlCodes  map[string]bool      // RTL_LANGS

	androidTagSets map[string][]string

	state struct {
		mu        sync.RWMutex
		cache     map[string]result    // raw file code -> result
		generated map[string]*Language // code -> generated language
		genLower  map[string]*Language
	}
)

// built builds the table and its indexes once; every exported function calls it
// first. init starts it on another core: a command spends its first milliseconds
// initialising packages on one core, and the table is ready by the time a scan
// resolves its first code.
var built = sync.OnceFunc(build)

func init() { go built() }

func build() {
	cats := make([][]string, len(pluralSets))
	for i, s := range pluralSets {
		cats[i] = strings.Fields(s.categories)
	}
	aliasTo = make(map[string]string, len(aliasRows))
	aliasesOf := map[string][]string{}
	for _, a := range aliasRows {
		aliasTo[a[0]] = a[1]
		// Language.get_aliases_names: the aliases naming this code, in ALIASES order.
		aliasesOf[a[1]] = append(aliasesOf[a[1]], a[0])
	}
	table = make([]Language, len(rows))
	tablePtrs = make([]*Language, len(rows))
	byCode = make(map[string]*Language, len(rows))
	byLower = make(map[string]*Language, len(rows))
	byName = make(map[string]*Language, len(rows))
	ambiguous := map[string]bool{}
	for i, r := range rows {
		ps := pluralSets[r.plural]
		l := &table[i]
		*l = Language{
			ID:   i + 1,
			Code: r.code,
			Name: r.name,
			Plural: Plural{
				ID:      i + 1,
				Number:  ps.number,
				Formula: ps.formula,
				Type:    ps.typ,
			},
			Aliases:    aliasesOf[r.code],
			Direction:  "ltr",
			Population: r.population,
			Categories: cats[r.plural],
		}
		if l.Aliases == nil {
			l.Aliases = []string{}
		}
		if r.rtl {
			l.Direction = "rtl"
		}
		tablePtrs[i] = l
		byCode[l.Code] = l
		byLower[strings.ToLower(l.Code)] = l
		name := strings.ToLower(l.Name)
		if _, dup := byName[name]; dup {
			ambiguous[name] = true
		}
		byName[name] = l
	}
	// try_get succeeds only when exactly one language has the name.
	for name := range ambiguous {
		delete(byName, name)
	}
	defaults = set(defaultLangs)
	rtlCodes = set(rtlLangs)
	androidTagSets = make(map[string][]string, len(androidTags))
	for k, v := range androidTags {
		androidTagSets[k] = strings.Fields(v)
	}
	state.cache = map[string]result{}
	state.generated = map[string]*Language{}
	state.genLower = map[string]*Language{}
}

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// androidQualifiers are the keywords of Android resource qualifiers
// (developer.android.com, "App resources overview", table 2). A code with one
// of them as a subtag names a configuration, not (only) a language: Weblate
// would make up a language such as "es_NIGHT", the scanner must skip it.
// "car" (UI mode) shadows language-data's Galibi Carib, which repositories
// do not use.
var androidQualifiers = map[string]bool{
	"ldrtl": true, "ldltr": true, "small": true, "normal": true, "large": true, "xlarge": true,
	"long": true, "notlong": true, "round": true, "notround": true, "widecg": true, "nowidecg": true,
	"highdr": true, "lowdr": true, "port": true, "land": true, "square": true,
	"car": true, "desk": true, "television": true, "appliance": true, "watch": true, "vrheadset": true,
	"night": true, "notnight": true, "ldpi": true, "mdpi": true, "tvdpi": true, "hdpi": true,
	"xhdpi": true, "xxhdpi": true, "xxxhdpi": true, "nodpi": true, "anydpi": true,
	"notouch": true, "finger": true, "stylus": true, "keysexposed": true, "keyshidden": true,
	"keyssoft": true, "nokeys": true, "qwerty": true, "12key": true, "navexposed": true,
	"navhidden": true, "nonav": true, "dpad": true, "trackball": true, "wheel": true,
	"feminine": true, "masculine": true, "neuter": true,
}

// isQualifier tells whether one subtag is an Android qualifier: a keyword,
// or a numbered one (v21, mcc310, mnc004, sw600dp, w820dp, h720dp, 640dpi).
func isQualifier(s string) bool {
	s = strings.ToLower(s)
	if androidQualifiers[s] {
		return true
	}
	num := func(prefix, suffix string) bool {
		rest, ok := strings.CutPrefix(s, prefix)
		if !ok {
			return false
		}
		rest, ok = strings.CutSuffix(rest, suffix)
		return ok && rest != "" && strings.Trim(rest, "0123456789") == ""
	}
	return num("v", "") || num("mcc", "") || num("mnc", "") || num("sw", "dp") ||
		num("w", "dp") || num("h", "dp") || num("", "dpi")
}

// hasQualifier tells whether any subtag of the code is an Android qualifier.
func hasQualifier(code string) bool {
	for _, p := range strings.FieldsFunc(code, func(r rune) bool { return r == '-' || r == '_' || r == '+' }) {
		if isQualifier(p) {
			return true
		}
	}
	return false
}

// maxCodeLength is Weblate's LANGUAGE_CODE_LENGTH (weblate/trans/defines.py):
// the length of the language code column, which
// weblate/trans/validators.py validate_language_code checks a code from a
// file path against.
const maxCodeLength = 50

// resolve is auto_get_or_create; the caller holds state.mu for writing.
func resolve(raw string) (*Language, error) {
	// The default language_regex ^[^.]+$ skips such files.
	if raw == "" {
		return nil, &CodeError{Code: raw, Reason: "it is empty"}
	}
	if strings.Contains(raw, ".") {
		return nil, &CodeError{Code: raw, Reason: "it holds a dot, which the default language_regex ^[^.]+$ filters out"}
	}
	code := sanitize(raw)
	if code == "" {
		return nil, &CodeError{Code: raw, Reason: "nothing is left once the copy suffix, spaces and parentheses are removed"}
	}
	// fuzzy_get also finds a language by its name, which may hold letters that are
	// not ASCII ("Volapük"); no other code may, and no name may be reached through a
	// character that only folds to an ASCII one (the Kelvin sign's "K").
	if l, ok := byName[strings.ToLower(code)]; ok && !isASCII(code) && !foldsToASCII(code) {
		return l, nil
	}
	if i := strings.IndexFunc(code, func(r rune) bool { return !codeChar(r) && r != '+' }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(code[i:])
		return nil, &CodeError{Code: raw, Reason: fmt.Sprintf("it holds %#U, which is not an ASCII letter or digit, nor - _ @ +", r)}
	}
	if len(code) > maxCodeLength {
		return nil, &CodeError{Code: raw, Reason: fmt.Sprintf("it is longer than %d characters", maxCodeLength)}
	}
	if hasQualifier(code) {
		return nil, &CodeError{Code: raw, Reason: "an Android resource qualifier is one of its parts"}
	}
	l, newcode := fuzzyGet(code, false)
	if l != nil {
		return l, nil
	}
	if !plainCode(newcode) {
		return nil, &CodeError{Code: raw, Reason: fmt.Sprintf("it matches no language, and the code %s a new one would get is not letters and digits in runs joined by single - _ @", newcode)}
	}
	return autoCreate(newcode), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldsToASCII tells whether a character of s that is not ASCII becomes an ASCII
// one in lower or upper case (U+212A KELVIN SIGN lowers to "k").
func foldsToASCII(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf {
			if l, u := unicode.ToLower(r), unicode.ToUpper(r); l < utf8.RuneSelf || u < utf8.RuneSelf {
				return true
			}
		}
	}
	return false
}

// codeChar tells whether r may be part of a language code: an ASCII letter or
// digit, or one of the separators - _ @ (see plainCode).
func codeChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '@'
}

// plainCode tells whether code is one Weblate's language code validator
// accepts: runs of ASCII letters and digits joined by single - _ or @, as
// ^[A-Za-z0-9]+(?:[-_@][A-Za-z0-9]+)*\Z (the validator of Language.code,
// weblate/lang/migrations/0007_alter_language_code.py, WeblateOrg/weblate pull
// request 19658). Weblate 4.18's Language.code is a SlugField, whose validator
// (Django's validate_slug, ^[-a-zA-Z0-9_]+\Z) forms apply; neither runs when
// auto_create saves a language for a file, but every language-data code and
// every code Weblate lets an administrator enter is plain.
func plainCode(code string) bool {
	run := false // inside a run of letters and digits
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			run = true
		case (c == '-' || c == '_' || c == '@') && run:
			run = false
		default:
			return false
		}
	}
	return run
}

// sanitize is LanguageQuerySet.sanitize_code.
func sanitize(code string) string {
	code = strings.TrimPrefix(code, "b+")
	if utf8.RuneCountInString(code) == 6 && strings.Contains(code, "-r") {
		code = strings.ReplaceAll(code, "-r", "_")
	}
	code = stripCopySuffix(code)
	code = strings.NewReplacer(" ", "", "(", "", ")", "").Replace(code)
	return strings.Trim(code, ".")
}

// stripCopySuffix removes "(n)" groups, as re.sub(r"\([0-9]+\)", "").
func stripCopySuffix(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '(')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > i+1 && j < len(s) && s[j] == ')' {
			b.WriteString(s[:i])
			s = s[j+1:]
			continue
		}
		b.WriteString(s[:i+1])
		s = s[i+1:]
	}
}

// exact is try_get(code=code).
func exact(code string) *Language {
	if l, ok := byCode[code]; ok {
		return l
	}
	return state.generated[code]
}

// iexact is try_get(code__iexact=code). Codes are unique ignoring case: the
// table's are, and auto_create only makes codes iexact found nothing for.
func iexact(code string) *Language {
	code = strings.ToLower(code)
	if l, ok := byLower[code]; ok {
		return l
	}
	return state.genLower[code]
}

// knownSuffixes are the script subtags fuzzy_get title-cases (KNOWN_SUFFIXES).
var knownSuffixes = map[string]string{"hant": "Hant", "hans": "Hans", "latn": "Latn", "cyrl": "Cyrl", "shaw": "Shaw"}

// fuzzyGet is LanguageQuerySet.fuzzy_get: the language, or nil and the
// corrected code a new language would get (only when not strict).
func fuzzyGet(code string, strict bool) (*Language, string) {
	code = sanitize(code)
	if l := exact(code); l != nil {
		return l, ""
	}
	if l := iexact(code); l != nil {
		return l, ""
	}
	if l := iexact(strings.ReplaceAll(code, "-", "_")); l != nil {
		return l, ""
	}
	if l := iexact(strings.ReplaceAll(code, "+", "_")); l != nil {
		return l, ""
	}
	// Name lookup, for language-data's languages only (NO_CODE_LANGUAGES).
	if l, ok := byName[strings.ToLower(code)]; ok {
		return l, ""
	}
	expanded := ""
	if r := []rune(code); len(r) == 4 {
		// Country code without separator: "ptbr" is pt_br.
		expanded = strings.ToLower(string(r[:2]) + "_" + string(r[2:]))
		if l := iexact(expanded); l != nil {
			return l, ""
		}
	}
	if l := aliasesGet(code, expanded); l != nil {
		return l, ""
	}

	lang, country, hasCountry, subtags := parseLangCountry(code)
	newcode := strings.ToLower(lang)
	if hasCountry {
		if region, variant, ok := strings.Cut(country, "@"); ok {
			country = strings.ToUpper(region) + "@" + strings.ToLower(variant)
		} else if region, variant, ok := strings.Cut(country, "_"); ok {
			// XLIFF's way of writing variants.
			country = strings.ToUpper(region) + "@" + strings.ToLower(variant)
		} else if title, ok := knownSuffixes[country]; ok {
			country = title
		} else {
			country = strings.ToUpper(country)
		}
		newcode += "_" + country
	}
	newcode += subtags
	if l := iexact(newcode); l != nil {
		return l, ""
	}
	// SIMPLIFY_LANGUAGES (on by default): lang_COUNTRY of the main country is lang.
	var l *Language
	if defaults[strings.ToLower(newcode)] {
		l = exact(strings.ToLower(lang))
	} else if expanded != "" && defaults[expanded] {
		l = exact(string([]rune(expanded)[:2]))
	}
	if l != nil || strict {
		return l, ""
	}
	return nil, newcode
}

// parseLangCountry is LanguageQuerySet.parse_lang_country.
func parseLangCountry(code string) (lang, country string, hasCountry bool, subtags string) {
	if i := strings.Index(code, "-x-"); i >= 0 {
		code, subtags = code[:i], code[i:]
	}
	if lang, country, ok := strings.Cut(code, "-"); ok {
		// Android regional locales: "rBR".
		if utf8.RuneCountInString(country) > 2 && country[0] == 'r' {
			country = country[1:]
		}
		return lang, country, true, subtags
	}
	if lang, country, ok := strings.Cut(code, "_"); ok {
		return lang, country, true, subtags
	}
	if lang, country, ok := strings.Cut(code, "+"); ok {
		return lang, country, true, subtags
	}
	return code, "", false, subtags
}

// aliasesGet is LanguageQuerySet.aliases_get.
func aliasesGet(code, expanded string) *Language {
	code = strings.ToLower(code)
	code = strings.ReplaceAll(code, "_latin", "@latin")
	code = strings.ReplaceAll(code, "_cyrillic", "@cyrillic")
	codes := []string{code}
	for _, r := range []string{"+", "-", "-r", "_r"} {
		if strings.Contains(code, r) {
			codes = append(codes, strings.ReplaceAll(code, r, "_"))
		}
	}
	if expanded != "" && expanded != code {
		codes = append(codes, expanded)
	}
	for _, c := range codes {
		if target, ok := aliasTo[c]; ok {
			if l := exact(target); l != nil {
				return l
			}
		}
	}
	// An alias of the language alone, with a country: "cze_CZ" is cs_CZ.
	for _, c := range codes {
		language, country, _ := strings.Cut(c, "_")
		target, ok := aliasTo[language]
		if country == "" || utf8.RuneCountInString(language) <= 2 || !ok || strings.Contains(target, "_") {
			continue
		}
		if l, _ := fuzzyGet(target+"_"+country, true); l != nil {
			return l
		}
	}
	return nil
}

var generatedCategories = []string{"one", "other"}

// autoCreate is LanguageQuerySet.auto_create: a language named "CODE
// (generated)" with two plural forms, or, when the code's base language is
// known, with that language's name, direction and plural. The caller holds
// state.mu for writing.
func autoCreate(code string) *Language {
	if l, ok := state.generated[code]; ok {
		return l
	}
	var base *Language
	if before, _, ok := strings.Cut(code, "@"); ok {
		base, _ = fuzzyGet(before, true)
	}
	// Python's precedence: (base is None and "_" in code) or "-" in code.
	if base == nil && strings.Contains(code, "_") || strings.Contains(code, "-") {
		first, _, _ := strings.Cut(strings.ReplaceAll(code, "-", "_"), "_")
		base, _ = fuzzyGet(first, true)
	}
	id := len(table) + len(state.generated) + 1
	l := &Language{
		ID:         id,
		Code:       code,
		Name:       code + " (generated)",
		Plural:     Plural{ID: id, Number: 2, Formula: "n != 1", Type: pluralOneOther},
		Aliases:    []string{},
		Direction:  guessDirection(code),
		Generated:  true,
		Categories: generatedCategories,
	}
	if base != nil {
		l.Name = base.Name
		l.Direction = base.Direction
		l.Plural.Number = base.Plural.Number
		l.Plural.Formula = base.Plural.Formula
		// Plural.save recomputes the type from the new language's base code:
		// only Arabic's formula depends on it.
		l.Plural.Type = base.Plural.Type
		if l.Plural.Type == pluralArabic && baseCode(code) != "ar" {
			l.Plural.Type = pluralUnknown
		}
		l.Categories = base.Categories
	}
	state.generated[code] = l
	state.genLower[strings.ToLower(code)] = l
	return l
}

// baseCode is Language.base_code: the code up to the first - or _.
func baseCode(code string) string {
	base, _, _ := strings.Cut(strings.ReplaceAll(code, "_", "-"), "-")
	return base
}

// guessDirection is Language.guess_direction.
func guessDirection(code string) string {
	if rtlCodes[baseCode(code)] || rtlCodes[code] {
		return "rtl"
	}
	return "ltr"
}

// String returns the code, for logs.
func (l *Language) String() string {
	if l == nil {
		return "<nil>"
	}
	return l.Code + "#" + strconv.Itoa(l.ID)
}
