// Command gen writes lang/tables_gen.go from CLDR data published on the npm registry.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gitlate/gitlate/internal/lang/internal/cldrplural"
	"github.com/leonelquinteros/gotext/plurals"
)

// pkg is one pinned npm tarball; integrity is npm's dist.integrity.
type pkg struct {
	name, version, integrity string
}

var (
	// cldrCore provides plural rules, aliases, likely subtags, territory
	// populations, available and default-content locales and script metadata.
	cldrCore = pkg{"cldr-core", "43.1.0", "sha512-8Q/Zh/eCzV4SxggzZhPnw5WDWH9OnhbPfwzthfG8uXsCn7F5UeBCiAOTxsstxuxtXPKlvPJqqMSQjiYcqJPJsA=="}
	// cldrNames provides the English names of languages, scripts, territories and variants.
	cldrNames = pkg{"cldr-localenames-full", "43.1.0", "sha512-g9Vx5jJ6yRvNI4uiSR7921GA8ErQTsQFFhio6O9hbdtJtQD3bWJmV8gNxnUTjpdzza0xeTUtH1I/L5ylESp6IA=="}
	// ttkCore is the CLDR release translate-toolkit 3.8.4's plural_tags table
	// was built from (whole-number categories of CLDR 41, checked against the
	// Debian python3-translate 3.8.4 table by the tests).
	ttkCore = pkg{"cldr-core", "41.0.0", "sha512-8UL/NVueD9BeyrYGjZWrAvhowmQt4THriUB04jxRHWST9Lmc9K1pISPjnbh0kIfRueslZ37EvQ53dxOm5w8pjQ=="}
)

func main() {
	out := flag.String("out", "tables_gen.go", "output file")
	cache := flag.String("cache", filepath.Join(os.TempDir(), "gitlate-cldr-cache"), "directory for downloaded tarballs")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("gen: ")

	core := mustLoad(*cache, cldrCore, "package/supplemental/", "package/availableLocales.json", "package/defaultContent.json", "package/scriptMetadata.json")
	nameFiles := mustLoad(*cache, cldrNames, "package/main/en/")
	old := mustLoad(*cache, ttkCore, "package/supplemental/plurals.json")

	var d data
	d.load(core, nameFiles, old)
	src := d.build()
	formatted, err := format.Source(src)
	if err != nil {
		os.WriteFile(*out+".broken", src, 0o644)
		log.Fatalf("format: %v", err)
	}
	if err := os.WriteFile(*out, formatted, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d languages, %d aliases, %d plural sets", *out, len(d.langs), d.aliasCount, len(d.sets))
}

// ---------------------------------------------------------------------------
// download

func mustLoad(cacheDir string, p pkg, prefixes ...string) map[string][]byte {
	files, err := load(cacheDir, p, prefixes)
	if err != nil {
		log.Fatalf("%s@%s: %v", p.name, p.version, err)
	}
	return files
}

// load returns the tarball's files under the prefixes, downloading the
// tarball into cacheDir unless a copy with the pinned hash is there.
func load(cacheDir string, p pkg, prefixes []string) (map[string][]byte, error) {
	path := filepath.Join(cacheDir, fmt.Sprintf("%s-%s.tgz", p.name, p.version))
	blob, err := os.ReadFile(path)
	if err != nil || verify(blob, p.integrity) != nil {
		url := fmt.Sprintf("https://registry.npmjs.org/%s/-/%s-%s.tgz", p.name, p.name, p.version)
		log.Printf("downloading %s", url)
		if blob, err = fetch(url); err != nil {
			return nil, err
		}
		if err := verify(blob, p.integrity); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(cacheDir, 0o755); err == nil {
			os.WriteFile(path, blob, 0o644)
		}
	}
	zr, err := gzip.NewReader(bytes.NewReader(blob))
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		for _, pre := range prefixes {
			if strings.HasPrefix(h.Name, pre) {
				b, err := io.ReadAll(tr)
				if err != nil {
					return nil, err
				}
				files[strings.TrimPrefix(h.Name, "package/")] = b
				break
			}
		}
	}
	return files, nil
}

func fetch(url string) ([]byte, error) {
	client := &http.Client{Timeout: 5 * time.Minute}
	resp, err := client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return io.ReadAll(resp.Body)
}

func verify(blob []byte, integrity string) error {
	sum := sha512.Sum512(blob)
	if got := "sha512-" + base64.StdEncoding.EncodeToString(sum[:]); got != integrity {
		return fmt.Errorf("integrity mismatch: got %s, want %s", got, integrity)
	}
	return nil
}

// ---------------------------------------------------------------------------
// CLDR input

type data struct {
	langNames, scriptNames, territoryNames, variantNames map[string]string
	available, defaultContent                            []string
	likely, parent                                       map[string]string
	aliases                                              map[string]struct{ Reason, Replacement string }
	rtlScripts                                           map[string]bool
	plurals, ttkPlurals                                  map[string]map[string]string
	territories                                          map[string]territory

	// built
	langs      []*language
	byCode     map[string]*language // Weblate code -> language
	byLower    map[string]*language
	sets       []*pluralSet
	aliasCount int
	simplify   map[string]string
}

type territory struct {
	Population string `json:"_population"`
	Languages  map[string]struct {
		Percent string `json:"_populationPercent"`
	} `json:"languagePopulation"`
}

func decode(files map[string][]byte, name string, v any) {
	b, ok := files[name]
	if !ok {
		log.Fatalf("missing %s", name)
	}
	if err := json.Unmarshal(b, v); err != nil {
		log.Fatalf("%s: %v", name, err)
	}
}

// namesFile reads main/en/<kind>.json's localeDisplayNames.<kind>.
func namesFile(files map[string][]byte, kind string) map[string]string {
	var doc struct {
		Main map[string]struct {
			LocaleDisplayNames map[string]map[string]string `json:"localeDisplayNames"`
		} `json:"main"`
	}
	decode(files, "main/en/"+kind+".json", &doc)
	return doc.Main["en"].LocaleDisplayNames[kind]
}

func (d *data) load(core, nameFiles, old map[string][]byte) {
	d.langNames = namesFile(nameFiles, "languages")
	d.scriptNames = namesFile(nameFiles, "scripts")
	d.territoryNames = namesFile(nameFiles, "territories")
	d.variantNames = namesFile(nameFiles, "variants")

	var avail struct {
		AvailableLocales struct{ Full []string } `json:"availableLocales"`
	}
	decode(core, "availableLocales.json", &avail)
	d.available = avail.AvailableLocales.Full
	var dc struct{ DefaultContent []string }
	decode(core, "defaultContent.json", &dc)
	d.defaultContent = dc.DefaultContent

	var likely struct {
		Supplemental struct{ LikelySubtags map[string]string }
	}
	decode(core, "supplemental/likelySubtags.json", &likely)
	d.likely = likely.Supplemental.LikelySubtags

	var parents struct {
		Supplemental struct {
			ParentLocales struct{ ParentLocale map[string]string }
		}
	}
	decode(core, "supplemental/parentLocales.json", &parents)
	d.parent = parents.Supplemental.ParentLocales.ParentLocale

	var aliases struct {
		Supplemental struct {
			Metadata struct {
				Alias struct {
					LanguageAlias map[string]struct {
						Reason      string `json:"_reason"`
						Replacement string `json:"_replacement"`
					}
				}
			}
		}
	}
	decode(core, "supplemental/aliases.json", &aliases)
	d.aliases = map[string]struct{ Reason, Replacement string }{}
	for k, v := range aliases.Supplemental.Metadata.Alias.LanguageAlias {
		d.aliases[k] = struct{ Reason, Replacement string }{v.Reason, v.Replacement}
	}

	var scripts struct {
		ScriptMetadata map[string]struct{ RTL string }
	}
	decode(core, "scriptMetadata.json", &scripts)
	d.rtlScripts = map[string]bool{}
	for k, v := range scripts.ScriptMetadata {
		if v.RTL == "YES" {
			d.rtlScripts[k] = true
		}
	}

	d.plurals = loadPlurals(core)
	d.ttkPlurals = loadPlurals(old)

	var ti struct {
		Supplemental struct{ TerritoryInfo map[string]territory }
	}
	decode(core, "supplemental/territoryInfo.json", &ti)
	d.territories = ti.Supplemental.TerritoryInfo
}

func loadPlurals(files map[string][]byte) map[string]map[string]string {
	var doc struct {
		Supplemental struct {
			Cardinal map[string]map[string]string `json:"plurals-type-cardinal"`
		}
	}
	decode(files, "supplemental/plurals.json", &doc)
	return doc.Supplemental.Cardinal
}

// ---------------------------------------------------------------------------
// tags and codes

// tag is a parsed CLDR locale id.
type tag struct {
	lang, script, region string
	variants             []string
}

func parseTag(s string) tag {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' })
	t := tag{lang: strings.ToLower(parts[0])}
	for _, p := range parts[1:] {
		switch {
		case len(p) == 4 && isAlpha(p) && t.script == "" && t.region == "":
			t.script = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		case (len(p) == 2 && isAlpha(p) || len(p) == 3 && isDigit(p)) && t.region == "":
			t.region = strings.ToUpper(p)
		default:
			t.variants = append(t.variants, strings.ToLower(p))
		}
	}
	return t
}

func (t tag) String() string {
	s := t.lang
	for _, p := range []string{t.script, t.region} {
		if p != "" {
			s += "-" + p
		}
	}
	for _, v := range t.variants {
		s += "-" + v
	}
	return s
}

// natural is the Weblate form of a CLDR tag without overrides:
// lang[_Script][_REGION][@variant].
func (t tag) natural() string {
	s := t.lang
	for _, p := range []string{t.script, t.region} {
		if p != "" {
			s += "_" + p
		}
	}
	for _, v := range t.variants {
		s += "@" + v
	}
	return s
}

// code is the Weblate code of a CLDR tag.
func code(cldrTag string) string {
	t := parseTag(cldrTag)
	if c, ok := renames[t.String()]; ok {
		return c
	}
	return t.natural()
}

func isAlpha(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

func isDigit(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// likelyOf returns the likely lang-Script-REGION of a tag (CLDR's "add
// likely subtags": lang-Script-REGION, lang-REGION, lang-Script, lang).
func (d *data) likelyOf(t tag) (tag, bool) {
	try := []tag{
		{lang: t.lang, script: t.script, region: t.region},
		{lang: t.lang, region: t.region},
		{lang: t.lang, script: t.script},
		{lang: t.lang},
	}
	for _, c := range try {
		if v, ok := d.likely[c.String()]; ok {
			l := parseTag(v)
			if t.script != "" {
				l.script = t.script
			}
			if t.region != "" {
				l.region = t.region
			}
			return l, true
		}
	}
	return tag{}, false
}

// ---------------------------------------------------------------------------
// building the table

type language struct {
	code, cldr, name string
	set              *pluralSet
	rtl              bool
	population       float64
	aliases          map[string]bool
}

type pluralSet struct {
	index      int
	key        string
	formula    string
	typ        int
	categories []string
	rules      []string // "category: rule" in CLDR order, without decimal samples
}

func (d *data) build() []byte {
	d.byCode = map[string]*language{}
	d.byLower = map[string]*language{}

	// Candidate CLDR locales: every language CLDR names in English, every
	// locale it has data for, and the default-content locales Weblate keeps.
	var candidates []string
	for k := range d.langNames {
		if !strings.Contains(k, "-") {
			candidates = append(candidates, k)
		}
	}
	candidates = append(candidates, d.available...)
	candidates = append(candidates, keepRegion...)
	candidates = append(candidates, cldrplural.SortedKeys(extraLanguages)...)
	sort.Strings(candidates)

	// Primary tags first, so that a rename merging into an existing locale
	// (zh -> zh_Hans) leaves the locale's own data in place.
	sort.SliceStable(candidates, func(i, j int) bool {
		_, ri := renames[candidates[i]]
		_, rj := renames[candidates[j]]
		return !ri && rj
	})
	merged := map[string][]string{} // code -> natural codes merged into it
	for _, c := range candidates {
		t := parseTag(c)
		if _, ok := d.langNames[t.lang]; !ok && extraLanguages[c] == "" {
			continue // CLDR has no English name for the language
		}
		wc := code(c)
		if _, ok := d.byCode[wc]; ok {
			if n := t.natural(); n != wc {
				merged[wc] = append(merged[wc], n)
			}
			continue
		}
		l := &language{code: wc, cldr: t.String(), aliases: map[string]bool{}}
		if n := t.natural(); n != wc {
			merged[wc] = append(merged[wc], n)
		}
		d.byCode[wc] = l
		d.byLower[strings.ToLower(wc)] = l
		d.langs = append(d.langs, l)
	}
	sort.Slice(d.langs, func(i, j int) bool { return d.langs[i].code < d.langs[j].code })

	for _, l := range d.langs {
		l.name = d.name(l)
		l.set = d.pluralSet(l.cldr)
		l.rtl = d.rtl(l.cldr)
	}
	d.population()

	// Aliases. Resolution tries codes and then English names before
	// aliases, so an alias equal to either could never be reached.
	nameCount := map[string]int{}
	for _, l := range d.langs {
		nameCount[strings.ToLower(l.name)]++
	}
	addAlias := func(alias string, target *language) {
		alias = strings.ToLower(strings.ReplaceAll(alias, "-", "_"))
		if _, isCode := d.byLower[alias]; isCode || target == nil || nameCount[alias] == 1 {
			return
		}
		target.aliases[alias] = true
	}
	for wc, ns := range merged {
		for _, n := range ns {
			addAlias(n, d.byCode[wc])
		}
	}
	for _, l := range d.langs {
		t := parseTag(l.cldr)
		// ca@valencia is also written ca_valencia / ca_ES_valencia; be@tarask as be_tarask.
		if len(t.variants) > 0 {
			addAlias(strings.ReplaceAll(l.code, "@", "_"), l)
			addAlias(t.natural(), l)
			addAlias(strings.ReplaceAll(t.natural(), "@", "_"), l)
		}
		if m, ok := gettextModifiers[t.script]; ok && t.region == "" && len(t.variants) == 0 {
			addAlias(t.lang+"@"+m, l)
		}
	}
	for _, k := range cldrplural.SortedKeys(d.aliases) {
		a := d.aliases[k]
		if strings.HasPrefix(k, "und-") {
			continue // variant and region aliases of "und", not language codes
		}
		if a.Reason == "macrolanguage" && !keepMacrolanguageAlias[k] {
			continue
		}
		if _, drop := dropAlias[k]; drop {
			continue
		}
		repl := strings.Fields(a.Replacement)
		if len(repl) == 0 {
			continue
		}
		addAlias(k, d.resolveTag(repl[0]))
	}
	for _, k := range cldrplural.SortedKeys(extraAliases) {
		addAlias(k, d.byCode[extraAliases[k]])
	}
	d.regionAliases(addAlias)
	for _, l := range d.langs {
		d.aliasCount += len(l.aliases)
	}
	return d.write()
}

// resolveTag finds the table language for a CLDR tag: its own code, a
// renamed code, or the language it simplifies to.
func (d *data) resolveTag(s string) *language {
	t := parseTag(s)
	if l, ok := d.byCode[code(t.String())]; ok {
		return l
	}
	if l, ok := d.byLower[strings.ToLower(t.natural())]; ok {
		return l
	}
	if t.region != "" || t.script != "" {
		if lt, ok := d.likelyOf(t); ok {
			return d.resolveLikely(lt)
		}
	}
	return nil
}

// resolveLikely maps a full lang-Script-REGION to the table: the exact locale,
// else the locale without the region if REGION is that locale's likely region,
// else the bare language if the script and region are its likely ones.
func (d *data) resolveLikely(t tag) *language {
	if l, ok := d.byCode[code(t.String())]; ok {
		return l
	}
	ls := tag{lang: t.lang, script: t.script}
	if l, ok := d.byCode[code(ls.String())]; ok {
		if lk, ok := d.likelyOf(ls); ok && lk.region == t.region {
			return l
		}
		return nil
	}
	lang := tag{lang: t.lang}
	if lk, ok := d.likelyOf(lang); ok && lk.script == t.script && lk.region == t.region {
		return d.byCode[code(lang.String())]
	}
	return nil
}

// regionAliases adds lang_REGION aliases that need a script (zh_TW ->
// zh_Hant, zh_HK -> zh_Hant_HK, uz_AF -> uz_Arab) and lang_Script_REGION
// aliases for default regions (sr_Latn_RS -> sr_Latn), and records the
// lang_REGION -> lang simplifications (de_DE -> de) Weblate applies.
func (d *data) regionAliases(addAlias func(string, *language)) {
	d.simplify = map[string]string{}
	pairs := map[string]bool{}
	for k := range d.likely {
		if t := parseTag(k); t.lang != "und" && t.region != "" && len(t.variants) == 0 {
			pairs[tag{lang: t.lang, region: t.region}.String()] = true
		}
	}
	for terr, ti := range d.territories {
		for l := range ti.Languages {
			t := parseTag(l)
			if len(t.variants) == 0 {
				pairs[tag{lang: t.lang, script: t.script, region: terr}.String()] = true
				pairs[tag{lang: t.lang, region: terr}.String()] = true
			}
		}
	}
	for _, l := range d.langs {
		t := parseTag(l.cldr)
		if t.region == "" && len(t.variants) == 0 {
			if lk, ok := d.likelyOf(t); ok {
				pairs[tag{lang: t.lang, script: t.script, region: lk.region}.String()] = true
			}
		}
	}
	for _, p := range cldrplural.SortedKeys(pairs) {
		t := parseTag(p)
		key := strings.ToLower(t.natural())
		if _, isCode := d.byLower[key]; isCode || t.lang == "und" {
			continue
		}
		// lang_REGION of the language's own likely region: Weblate's
		// SIMPLIFY_LANGUAGES step (de_DE -> de), or an alias when Weblate's
		// code for the language is not the bare language (zh_CN -> zh_Hans).
		if t.script == "" {
			if base, ok := d.likelyOf(tag{lang: t.lang}); ok && base.region == t.region {
				if l, ok := d.byCode[code(t.lang)]; ok {
					if l.code == t.lang {
						d.simplify[key] = l.code
					} else {
						addAlias(key, l)
					}
					continue
				}
			}
		}
		lk, ok := d.likelyOf(t)
		if !ok {
			continue
		}
		target := d.resolveLikely(lk)
		if target == nil {
			continue
		}
		addAlias(key, target)
	}
}

// name composes Weblate's "Language (Script, Region, Variant)" name.
func (d *data) name(l *language) string {
	if n, ok := names[l.code]; ok {
		return n
	}
	if n, ok := extraLanguages[l.code]; ok {
		return n
	}
	t := parseTag(strings.ReplaceAll(l.code, "@", "-"))
	base := d.langNames[t.lang]
	var parts []string
	if t.script != "" {
		s, ok := scriptNames[t.script]
		if !ok {
			s = d.scriptNames[t.script]
		}
		parts = append(parts, s)
	}
	if t.region != "" {
		r := d.territoryNames[t.region]
		if short, ok := d.territoryNames[t.region+"-alt-short"]; ok && strings.Contains(r, "SAR") {
			r = short // "Hong Kong", not "Hong Kong SAR China"
		}
		parts = append(parts, r)
	}
	for _, v := range t.variants {
		parts = append(parts, d.variantNames[strings.ToUpper(v)])
	}
	if len(parts) == 0 {
		return base
	}
	return base + " (" + strings.Join(parts, ", ") + ")"
}

// rtl tells whether the tag's script, explicit or likely, is right-to-left.
func (d *data) rtl(s string) bool {
	t := parseTag(s)
	if t.script == "" {
		if lk, ok := d.likelyOf(t); ok {
			t.script = lk.script
		}
	}
	return d.rtlScripts[t.script]
}

// pluralSet finds the tag's CLDR rules through CLDR's locale inheritance
// (parent locales, then truncation); languages CLDR has no rules for get
// English's (one, other; "n != 1"), which is also what Weblate gives a
// language it does not know.
func (d *data) pluralSet(s string) *pluralSet {
	rules := d.findPlurals(d.plurals, s)
	if rules == nil {
		rules = d.plurals["en"]
	}
	set, err := cldrplural.ParseSet(rules)
	if err != nil {
		log.Fatalf("%s: %v", s, err)
	}
	var rs []string
	for _, c := range set.Categories() {
		rs = append(rs, c+": "+stripDecimal(rules["pluralRule-count-"+c]))
	}
	key := strings.Join(rs, "\n")
	for _, ps := range d.sets {
		if ps.key == key {
			return ps
		}
	}
	cats := set.IntegerCategories()
	ps := &pluralSet{
		index:      len(d.sets),
		key:        key,
		formula:    set.Formula(),
		typ:        cldrplural.Type(cats),
		categories: cats,
		rules:      rs,
	}
	check(s, set, ps)
	d.sets = append(d.sets, ps)
	return ps
}

func (d *data) findPlurals(table map[string]map[string]string, s string) map[string]string {
	for s != "" && s != "root" {
		if r, ok := table[s]; ok {
			return r
		}
		// A root parent ("und" since CLDR 42) only cuts data inheritance
		// across scripts; plural rules belong to the language, so fall back
		// to truncation then.
		if p, ok := d.parent[s]; ok && p != "root" && p != "und" {
			s = p
			continue
		}
		i := strings.LastIndexByte(s, '-')
		if i < 0 {
			break
		}
		s = s[:i]
	}
	return nil
}

// stripDecimal drops "@decimal …" samples, which whole-number forms never use.
func stripDecimal(rule string) string {
	if i := strings.Index(rule, "@decimal"); i >= 0 {
		rule = rule[:i]
	}
	return strings.TrimSpace(rule)
}

// check refuses to write a formula gotext does not evaluate exactly like CLDR.
func check(s string, set cldrplural.Set, ps *pluralSet) {
	expr, err := plurals.Compile(ps.formula)
	if err != nil {
		log.Fatalf("%s: formula %q: %v", s, ps.formula, err)
	}
	for n := int64(0); n <= 10000; n++ {
		c := set.CategoryInt(n)
		if got := expr.Eval(uint32(n)); got < 0 || got >= len(ps.categories) || ps.categories[got] != c {
			log.Fatalf("%s: formula %q gives %d for %d, CLDR says %s", s, ps.formula, got, n, c)
		}
	}
	if ps.typ == 666 {
		log.Printf("warning: %s: category set %v has no Weblate plural type", s, ps.categories)
	}
}

// population follows language-data's population.py: every territory's
// population times the language's share is added to lang and lang_TERRITORY.
func (d *data) population() {
	pop := map[string]float64{}
	// Sorted, so that float sums (and their truncation) are reproducible.
	for _, terr := range cldrplural.SortedKeys(d.territories) {
		ti := d.territories[terr]
		total, err := strconv.ParseFloat(ti.Population, 64)
		if err != nil {
			log.Fatalf("territory %s: population %q", terr, ti.Population)
		}
		for _, l := range cldrplural.SortedKeys(ti.Languages) {
			share := ti.Languages[l]
			pct, err := strconv.ParseFloat(share.Percent, 64)
			if err != nil {
				log.Fatalf("territory %s, %s: percent %q", terr, l, share.Percent)
			}
			v := total * pct / 100
			wc := code(l)
			pop[wc] += v
			pop[wc+"_"+terr] += v
		}
	}
	for _, l := range d.langs {
		l.population = pop[l.code]
	}
}

// ---------------------------------------------------------------------------
// output

func (d *data) write() []byte {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("// Code generated by \"go run ./internal/gen\"; DO NOT EDIT.\n")
	p("// Sources (npm, Unicode-DFS-2016 licence): %s@%s, %s@%s, %s@%s (translate-toolkit plural tags).\n\n",
		cldrCore.name, cldrCore.version, cldrNames.name, cldrNames.version, ttkCore.name, ttkCore.version)
	p("package lang\n\n")
	p("// cldrVersion is the CLDR release the table was generated from.\n")
	p("const cldrVersion = %q\n\n", cldrCore.version)

	p("// pluralSets are the distinct plural rules: formula, Weblate type, categories, CLDR rules.\n")
	p("var pluralSets = [...]pluralSet{\n")
	for _, s := range d.sets {
		p("\t{%q, %d, %q, []string{", s.formula, s.typ, strings.Join(s.categories, " "))
		for i, r := range s.rules {
			if i > 0 {
				p(", ")
			}
			p("%q", r)
		}
		p("}},\n")
	}
	p("}\n\n")

	p("// rows are the languages in id order: code, name, plural set, rtl, population, aliases.\n")
	p("var rows = [...]row{\n")
	for _, l := range d.langs {
		aliases := cldrplural.SortedKeys(l.aliases)
		p("\t{%q, %q, %d, %v, %d, %q},\n", l.code, l.name, l.set.index, l.rtl, int64(l.population), strings.Join(aliases, " "))
	}
	p("}\n\n")

	p("// simplifyTo maps lowercase lang_REGION of a language's main region to the language.\n")
	p("var simplifyTo = map[string]string{\n")
	for _, k := range cldrplural.SortedKeys(d.simplify) {
		p("\t%q: %q,\n", k, d.simplify[k])
	}
	p("}\n\n")

	p("// scriptCodes are the ISO 15924 codes CLDR names, lowercase.\n")
	p("var scriptCodes = map[string]bool{\n")
	for _, k := range cldrplural.SortedKeys(d.scriptNames) {
		if len(k) == 4 {
			p("\t%q: true,\n", strings.ToLower(k))
		}
	}
	p("}\n\n")

	p("// androidTags is translate-toolkit 3.8.4's plural_tags: whole-number categories of CLDR %s.\n", ttkCore.version)
	p("var androidTags = map[string]string{\n")
	tags := map[string]string{}
	for k, rules := range d.ttkPlurals {
		if strings.Contains(k, "-") {
			continue // translate-toolkit looks up the base subtag only
		}
		set, err := cldrplural.ParseSet(rules)
		if err != nil {
			log.Fatalf("CLDR %s plurals %s: %v", ttkCore.version, k, err)
		}
		tags[k] = strings.Join(set.IntegerCategories(), " ")
	}
	for legacy, current := range androidLegacy {
		tags[legacy] = tags[current]
	}
	for _, k := range cldrplural.SortedKeys(tags) {
		p("\t%q: %q,\n", k, tags[k])
	}
	p("}\n")
	return b.Bytes()
}
