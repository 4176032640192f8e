package lang

import (
	"strconv"
	"strings"
	"sync"
)

// pluralSet is one distinct plural rule of the generated table.
type pluralSet struct {
	formula    string
	typ        int
	categories string // space-separated, CLDR order
	rules      []string
}

// row is one language of the generated table.
type row struct {
	code, name string
	plural     int
	rtl        bool
	population int64
	aliases    string // space-separated
}

const maxCache = 1 << 16

type result struct {
	lang *Language
	err  error
}

var (
	table     []Language
	tablePtrs []*Language
	byCode    map[string]*Language // canonical code
	byLower   map[string]*Language // lowercase code
	byName    map[string]*Language // lowercase English name, when unique
	aliasTo   map[string]*Language // lowercase alias

	androidTagSets map[string][]string

	state struct {
		mu        sync.RWMutex
		cache     map[string]result    // raw file code -> result
		generated map[string]*Language // canonical code -> generated language
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
	sets := make([]struct {
		cats  []string
		rules []string
	}, len(pluralSets))
	for i, s := range pluralSets {
		sets[i].cats = strings.Fields(s.categories)
		sets[i].rules = s.rules
	}
	table = make([]Language, len(rows))
	tablePtrs = make([]*Language, len(rows))
	byCode = make(map[string]*Language, len(rows))
	byLower = make(map[string]*Language, len(rows))
	byName = make(map[string]*Language, len(rows))
	aliasTo = map[string]*Language{}
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
				Number:  len(sets[r.plural].cats),
				Formula: ps.formula,
				Type:    ps.typ,
			},
			Aliases:    strings.Fields(r.aliases),
			Direction:  "ltr",
			Population: r.population,
			Categories: sets[r.plural].cats,
			cldrRules:  sets[r.plural].rules,
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
		for _, a := range l.Aliases {
			aliasTo[a] = l
		}
	}
	// Weblate's name lookup only succeeds when exactly one language matches.
	for name := range ambiguous {
		delete(byName, name)
	}
	androidTagSets = make(map[string][]string, len(androidTags))
	for k, v := range androidTags {
		androidTagSets[k] = strings.Fields(v)
	}
	state.cache = map[string]result{}
	state.generated = map[string]*Language{}
	state.genLower = map[string]*Language{}
}

// androidQualifiers are the keywords of Android resource qualifiers
// (developer.android.com, "App resources overview", table 2). A code with one
// of them as a subtag names a configuration, not (only) a language: Weblate
// would make up a language such as "es_NIGHT", the scanner must skip it.
// "car" (UI mode) shadows ISO 639 Galibi Carib, which repositories do not use.
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

// resolve runs Weblate's fuzzy_get; the caller holds state.mu for writing.
func resolve(raw string) (*Language, error) {
	// Weblate's default language_regex ^[^.]+$ skips such files.
	if raw == "" || strings.Contains(raw, ".") {
		return nil, ErrNotLanguage
	}
	code := sanitize(raw)
	if code == "" || hasQualifier(code) {
		return nil, ErrNotLanguage
	}
	if l := fuzzyGet(code, false); l != nil {
		return l, nil
	}
	newcode := rebuild(code)
	if !wellFormed(code) {
		return nil, ErrNotLanguage
	}
	return generate(newcode), nil
}

// sanitize is Weblate's LanguageQuerySet.sanitize_code.
func sanitize(code string) string {
	code = strings.TrimPrefix(code, "b+")
	if len(code) == 6 && strings.Contains(code, "-r") {
		code = strings.ReplaceAll(code, "-r", "_")
	}
	code = stripCopySuffix(code)
	code = strings.NewReplacer(" ", "", "(", "", ")", "").Replace(code)
	return strings.Trim(code, ".")
}

// stripCopySuffix removes "(n)" groups, as Weblate's re.sub(r"\([0-9]+\)", "").
func stripCopySuffix(s string) string {
	for {
		i := strings.IndexByte(s, '(')
		if i < 0 {
			return s
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > i+1 && j < len(s) && s[j] == ')' {
			s = s[:i] + s[j+1:]
			continue
		}
		// Not a copy suffix: look for the next one after this parenthesis.
		rest := stripCopySuffix(s[i+1:])
		return s[:i+1] + rest
	}
}

func exact(code string) *Language {
	if l, ok := byCode[code]; ok {
		return l
	}
	return state.generated[code]
}

func iexact(code string) *Language {
	code = strings.ToLower(code)
	if l, ok := byLower[code]; ok {
		return l
	}
	return state.genLower[code]
}

// fuzzyGet is Weblate's fuzzy_get minus the final generated code: nil when
// no language matches.
func fuzzyGet(code string, strict bool) *Language {
	if l := exact(code); l != nil {
		return l
	}
	if l := iexact(code); l != nil {
		return l
	}
	if l := iexact(strings.ReplaceAll(code, "-", "_")); l != nil {
		return l
	}
	if l := iexact(strings.ReplaceAll(code, "+", "_")); l != nil {
		return l
	}
	if l, ok := byName[strings.ToLower(code)]; ok {
		return l
	}
	expanded := ""
	if len(code) == 4 {
		// "ptbr" -> "pt_br"
		expanded = strings.ToLower(code[:2] + "_" + code[2:])
		if l := iexact(expanded); l != nil {
			return l
		}
	}
	if l := aliasesGet(code, expanded); l != nil {
		return l
	}
	newcode := rebuild(code)
	if l := iexact(newcode); l != nil {
		return l
	}
	// SIMPLIFY_LANGUAGES: lang_COUNTRY of the language's main country.
	if target, ok := simplifyTo[strings.ToLower(newcode)]; ok {
		return exact(target)
	}
	if target, ok := simplifyTo[expanded]; ok {
		return exact(target)
	}
	return nil
}

// aliasesGet is Weblate's aliases_get.
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
		if l, ok := aliasTo[c]; ok {
			return l
		}
	}
	// glibc's script modifiers with a region: "sr_RS@latin" -> sr_Latn_RS.
	for modifier, script := range scriptModifiers {
		base, found := strings.CutSuffix(codes[0], modifier)
		if language, country, ok := strings.Cut(base, "_"); found && ok {
			if l := fuzzyGet(language+"_"+script+"_"+country, true); l != nil {
				return l
			}
		}
	}
	// An aliased language with a country: "deu_de" -> "de_de". Weblate
	// does this for three-letter codes only; Android's legacy two-letter
	// codes ("iw-rIL") deserve the same.
	for _, c := range codes {
		language, country, found := strings.Cut(c, "_")
		if !found || country == "" {
			continue
		}
		target, ok := aliasTo[language]
		if !ok || strings.Contains(target.Code, "_") {
			continue
		}
		if l := fuzzyGet(target.Code+"_"+country, true); l != nil {
			return l
		}
	}
	return nil
}

var scriptModifiers = map[string]string{"@latin": "Latn", "@cyrillic": "Cyrl"}

// rebuild is the lang_COUNTRY reconstruction of Weblate's fuzzy_get.
func rebuild(code string) string {
	subtag := ""
	if i := strings.Index(code, "-x-"); i >= 0 {
		code, subtag = code[:i], code[i:]
	}
	var lang, country string
	hasCountry := true
	if i := strings.IndexByte(code, '-'); i >= 0 {
		lang, country = code[:i], code[i+1:]
		if len(country) > 2 && country[0] == 'r' {
			country = country[1:]
		}
	} else if i := strings.IndexByte(code, '_'); i >= 0 {
		lang, country = code[:i], code[i+1:]
	} else if i := strings.IndexByte(code, '+'); i >= 0 {
		lang, country = code[:i], code[i+1:]
	} else {
		lang, hasCountry = code, false
	}
	newcode := strings.ToLower(lang)
	if hasCountry {
		if i := strings.IndexAny(country, "@_"); i >= 0 {
			country = strings.ToUpper(country[:i]) + "@" + strings.ToLower(country[i+1:])
		} else if len(country) == 4 && scriptCodes[strings.ToLower(country)] {
			// Scripts are title-cased (Weblate: hans, hant, latn, cyrl, shaw;
			// here any ISO 15924 code, whatever its case).
			country = strings.ToUpper(country[:1]) + strings.ToLower(country[1:])
		} else {
			country = strings.ToUpper(country)
		}
		newcode += "_" + country
	}
	return newcode + subtag
}

// wellFormed tells whether a sanitized code looks like a language tag:
// a 2–3 letter language, then script, region (also Android's rXX), variant
// or private-use subtags separated by - _ +, and an optional @modifier.
func wellFormed(code string) bool {
	code, modifier, hasModifier := strings.Cut(code, "@")
	// Weblate's own codes carry modifiers such as @formal or @ijekavian_Latn.
	if hasModifier && !isAlnum(strings.ReplaceAll(modifier, "_", ""), 1, 32) {
		return false
	}
	parts := strings.FieldsFunc(code, func(r rune) bool { return r == '-' || r == '_' || r == '+' })
	if len(parts) == 0 || !isAlpha(parts[0], 2, 3) || strings.Count(code, "-")+strings.Count(code, "_")+strings.Count(code, "+") != len(parts)-1 {
		return false
	}
	private := false
	for _, p := range parts[1:] {
		lp := strings.ToLower(p)
		switch {
		case private:
			if !isAlnum(p, 1, 8) {
				return false
			}
		case lp == "x":
			private = true
		case len(p) == 4 && scriptCodes[lp]:
		case len(p) == 4 && lp >= "qaaa" && lp <= "qabx": // private-use scripts
		case isAlpha(p, 2, 2) || isDigits(p, 3):
		case len(p) == 3 && lp[0] == 'r' && isAlpha(p[1:], 2, 2):
		case isAlnum(p, 5, 8) || len(p) == 4 && p[0] >= '0' && p[0] <= '9' && isAlnum(p, 4, 4):
		default:
			return false
		}
	}
	return true
}

func isAlpha(s string, lo, hi int) bool {
	if len(s) < lo || len(s) > hi {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func isAlnum(s string, lo, hi int) bool {
	if len(s) < lo || len(s) > hi {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') {
			return false
		}
	}
	return true
}

func isDigits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var generatedCategories = []string{"one", "other"}

// generate makes Weblate's "xx (generated)" language for an unknown code;
// the caller holds state.mu for writing.
func generate(code string) *Language {
	if l, ok := state.generated[code]; ok {
		return l
	}
	id := len(table) + len(state.generated) + 1
	// Weblate: rtl when the base code is a right-to-left language ("ar_XB").
	dir := "ltr"
	if base, ok := byLower[strings.ToLower(code[:baseEnd(code)])]; ok {
		dir = base.Direction
	}
	l := &Language{
		ID:         id,
		Code:       code,
		Name:       code + " (generated)",
		Plural:     Plural{ID: id, Number: 2, Formula: "n != 1", Type: 1},
		Aliases:    []string{},
		Direction:  dir,
		Generated:  true,
		Categories: generatedCategories,
		cldrRules:  generatedRules,
	}
	state.generated[code] = l
	state.genLower[strings.ToLower(code)] = l
	return l
}

// baseEnd is the length of the code's language subtag.
func baseEnd(code string) int {
	if i := strings.IndexAny(code, "_-@+"); i >= 0 {
		return i
	}
	return len(code)
}

var generatedRules = []string{"one: i = 1 and v = 0 @integer 1", "other: @integer 0, 2~16"}

// String returns the code, for logs.
func (l *Language) String() string {
	if l == nil {
		return "<nil>"
	}
	return l.Code + "#" + strconv.Itoa(l.ID)
}
