package formats

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/gitlate/gitlate/internal/lang"
)

// The JSON family, as Weblate 4.18 reads it (weblate/formats/ttkit.py: JSONFormat
// and its subclasses, whose units are JSONUnit) through translate-toolkit 3.9
// (translate/storage/jsonl10n.py). Every format here is monolingual: the
// template's units are looked up by key in each translation.
//
// What all of them share, from Weblate's JSONUnit and MonolingualSimpleUnit:
//   - A unit's key (Weblate's context) is translate-toolkit's unit id without
//     its leading dot: nested objects join their keys with ".", array items
//     add "[n]" ({"a": {"b": …}} is "a.b", {"a": ["x"]} is "a[0]").
//   - Every unit counts, empty or not; only ARB's "@@" header is not one.
//   - No state but empty and translated: nothing is fuzzy, approved or
//     read-only. A unit is translated when its text (its first plural form) is
//     not empty.
//   - A value that is not a string is shown as Python prints it (true is
//     "True", 1e6 is "1000000.0", null is empty). Python counts 0, 0.0, false,
//     {} and [] as untranslated although Weblate shows their text: such a unit
//     is Blank.
//   - Notes are the file's descriptions (WebExtension, ARB, go-i18n); Weblate
//     shows no explanation and no location for these formats.

func init() {
	// checkFlags are the classes' check_flags (weblate/formats/ttkit.py):
	// I18NextFormat's, which I18NextV4Format inherits, and ARBFormat's. ARB's
	// is Weblate 5's class (Weblate 4.7's ARBFormat had none; no 4.18 copy of
	// the class was at hand), the ICU checks being there since Weblate 4.9.
	for _, f := range []struct {
		id, name   string
		plurals    Plurals
		format     Format
		checkFlags string
	}{
		{"json", "JSON file", PluralsNone, jsonFile, ""},
		{"json-nested", "JSON nested structure file", PluralsNone, jsonNested, ""},
		{"i18next", "i18next JSON file v3", PluralsPositional, i18next, "i18next-interpolation"},
		{"i18nextv4", "i18next JSON file v4", PluralsByCategory, i18nextV4, "i18next-interpolation"},
		{"webextension", "WebExtension JSON file", PluralsNone, webext, ""},
		{"arb", "ARB file", PluralsNone, arb, "icu-message-format"},
		{"go-i18n-json", "go-i18n v1 JSON file", PluralsPositional, goI18n, ""},
		{"go-i18n-json-v2", "go-i18n v2 JSON file", PluralsPositional, goI18nV2, ""},
	} {
		// Every one is monolingual, application/json and .json.
		detect := jsonDetection
		if f.id == "arb" {
			detect = arbDetection
		}
		Register(Info{ID: f.id, Name: f.name, Monolingual: true, MimeType: "application/json", Extension: "json", Plurals: f.plurals, CheckFlags: f.checkFlags, Detect: detect}, f.format)
	}
}

// The family of .json files, whose format their content tells; ARB files are
// told by their extension (translation_finder/discovery/files.py JSONDiscovery
// and its ARB discovery).
var (
	jsonDetection = &Detection{Name: "JSON", Extensions: []string{".json"}, Default: "json-nested", Choose: chooseJSON}
	arbDetection  = &Detection{Name: "ARB", Extensions: []string{".arb"}, Default: "arb"}
)

// chooseJSON is the WebExtension layout, _locales/<code>/messages.json
// (translation_finder's WebExtensionDiscovery), else sniffJSON of the sample.
func chooseJSON(s *Sample) string {
	if strings.HasSuffix(s.Mask, "_locales/*/messages.json") {
		return "webextension"
	}
	return sniffJSON(s.Data, s.SourceLanguage)
}

// sniffJSON tells a JSON set's format from its template
// (translation_finder/discovery/files.py JSONDiscovery.adjust_format): a list of
// objects with "id" is go-i18n v1; an object of objects with "message" and
// "description" is a WebExtension catalogue; go-i18n v2 messages carry "hash"
// or, as go-i18n's extract writes them, only go-i18n's message fields with
// "other" (gitlate's addition: translation-finder needs "hash"); keys ending in
// _one, _many or _other are i18next v4 plurals, _plural or a "{{" placeholder
// i18next v3; an object of strings is flat JSON and anything else nested JSON.
// Formats gitlate may not read are named too (gotext, nextcloud-json, resjson,
// formatjs), so that the files are reported rather than misread.
func sniffJSON(data []byte, sourceLanguage string) string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, bomUTF8)))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "json-nested"
	}
	if list, ok := v.([]any); ok {
		if len(list) > 0 {
			if first, ok := list[0].(map[string]any); ok && first["id"] != nil {
				return "go-i18n-json"
			}
		}
		return "json-nested"
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return "json-nested"
	}
	switch {
	case (has(obj, "lang") || has(obj, "language")) && has(obj, "messages"):
		// translation-finder looks for "lang"; Go's gotext tool writes
		// "language" (golang.org/x/text/message/pipeline, Messages).
		return "gotext"
	case isGoI18nV2(obj):
		return "go-i18n-json-v2"
	case has(obj, "_strings") || has(obj, "_locales"):
		return "resjson"
	}
	if list, ok := obj["translations"].([]any); ok && len(list) > 0 {
		if first, ok := list[0].(map[string]any); ok && has(first, "key") {
			return "nextcloud-json"
		}
	}
	for _, val := range obj {
		if m, ok := val.(map[string]any); ok {
			switch {
			case has(m, "message") && has(m, "description"):
				return "webextension"
			case has(m, "defaultMessage") && has(m, "description"):
				return "formatjs"
			case isGoI18nV2(m) || isGoI18nExtract(m):
				return "go-i18n-json-v2"
			}
		}
	}
	return i18nextEvidence(obj, sourceLanguage)
}

// i18nextEvidence tells i18next from plain JSON by what the file holds.
// translation-finder (JSONDiscovery) takes any key ending in _one, _many or
// _other for i18next v4 and any "{{" for v3, and so would make plurals of
// plain nested JSON whose keys happen to end so ("arrowhead_one",
// "arrowhead_many", "arrowhead_one_or_many", with no "_other"), which v4 then
// merges into made-up plural strings. A format that groups keys is chosen only
// where the file holds such groups:
//
//   - i18next v4: a key whose "_other" form is there with every other form the
//     source language has (key_one and key_other in English; key_other alone
//     in Japanese);
//   - i18next v3: "key" and "key_plural", or "key_0" and "key_1", side by side;
//   - i18next (v3, which groups no key the file holds) when nothing is grouped
//     but the strings use what only i18next writes: nesting ("$t(key)"),
//     unescaped ("{{- name}}") or formatted ("{{n, number}}") interpolation.
//     A bare "{{name}}" is no evidence: ngx-translate, Mustache and
//     hand-written loaders (excalidraw's) use the same braces.
//
// Anything else is plain JSON: "json" for an object of strings, "json-nested"
// otherwise.
func i18nextEvidence(obj map[string]any, sourceLanguage string) string {
	if sourceLanguage == "" {
		sourceLanguage = "en"
	}
	forms := lang.AndroidPluralTags(sourceLanguage) // i18nextv4's PluralTags
	v4, v3, syntax, flat := false, false, false, true
	var walk func(m map[string]any, top bool)
	walk = func(m map[string]any, top bool) {
		for k, val := range m {
			switch val := val.(type) {
			case string:
				if i18nextSyntax.MatchString(val) {
					syntax = true
				}
				if base, ok := strings.CutSuffix(k, "_other"); ok && base != "" {
					if !slices.ContainsFunc(forms, func(f string) bool { return !isString(m[base+"_"+f]) }) {
						v4 = true
					}
				}
				if base, ok := strings.CutSuffix(k, "_plural"); ok && isString(m[base]) {
					v3 = true
				}
				if base, ok := strings.CutSuffix(k, "_0"); ok && isString(m[base+"_1"]) {
					v3 = true
				}
			case map[string]any:
				if top {
					flat = false
				}
				walk(val, false)
			default:
				if top {
					flat = false
				}
			}
		}
	}
	walk(obj, true)
	switch {
	case v4:
		return "i18nextv4"
	case v3, syntax:
		return "i18next"
	case flat:
		return "json"
	}
	return "json-nested"
}

// i18nextSyntax is what only i18next writes in a string: nesting "$t(key",
// unescaped interpolation "{{- name}}", formatting "{{value, format}}"
// (i18next.com, "Interpolation", "Nesting" and "Formatting").
var i18nextSyntax = regexp.MustCompile(`\$t\(|\{\{-|\{\{[^{},]+,[^{}]*\}\}`)

func isString(v any) bool { _, ok := v.(string); return ok }

func has(m map[string]any, k string) bool { _, ok := m[k]; return ok }

// isGoI18nV2 is translation-finder's test for a go-i18n v2 message.
func isGoI18nV2(m map[string]any) bool {
	return has(m, "hash") && (has(m, "message") || has(m, "one") || has(m, "other"))
}

// goI18nFields are the fields of a go-i18n v2 message
// (github.com/nicksnyder/go-i18n/v2/i18n Message).
var goI18nFields = map[string]bool{"id": true, "hash": true, "description": true, "leftdelim": true,
	"rightdelim": true, "zero": true, "one": true, "two": true, "few": true, "many": true, "other": true}

// isGoI18nExtract tells whether m is a go-i18n v2 message as `goi18n extract`
// writes it: only go-i18n's fields, "other" among them, and a "description".
func isGoI18nExtract(m map[string]any) bool {
	if !has(m, "other") || !has(m, "description") {
		return false
	}
	for k := range m {
		if !goI18nFields[strings.ToLower(k)] {
			return false
		}
	}
	return true
}

// jsonFormat is a format of the JSON family: how its document is walked for
// units.
type jsonFormat struct {
	walk func(*jsonUnits) error
}

func (f jsonFormat) Parse(data []byte) (*File, error) { return parseJSONWith(data, f.walk) }

// jsonFile is "JSON file" (translate-toolkit's JsonFile): every string,
// number, boolean or null anywhere in the document is a unit, nested objects
// and arrays included.
var jsonFile = jsonFormat{(*jsonUnits).walkPlain}

// jsonNested is "JSON nested structure file" (JsonNestedFile). It reads
// exactly as JsonFile does; the two differ only in how Weblate writes a new key.
var jsonNested = jsonFormat{(*jsonUnits).walkPlain}

// i18next is i18next v3 (I18NextFile): nested JSON where, within one
// object, "key" and "key_plural" make one unit "key" with the two forms, and
// "key_0", "key_1", … make one unit "key" with the forms up to the first
// missing number. The forms are positional, in that order. Anything else is a
// plain unit, "key_plural" without "key" included.
var i18next = jsonFormat{(*jsonUnits).walkV3}

// i18nextV4 is i18next v4 (I18NextV4File): within one object, the keys
// "key_zero", "key_one", … "key_other" make one unit "key" at the place of the
// first of them. translate-toolkit takes the forms of the file's language (its
// plural_tags table, PluralTags) and reads a missing one as empty; the unit
// keeps every category the file has (Categories) and FormsFor picks the
// language's.
//
// translate-toolkit makes a further unit with the same key for each such key of
// a category the language lacks that comes after the first (an English file
// with key_one, key_other, key_zero has two units "key"); Weblate refuses a
// template with a repeated key. Here the key has one unit.
var i18nextV4 = i18nextV4Format{jsonFormat{(*jsonUnits).walkV4}}

// i18nextV4Format names its plural forms by its own table (PluralTagger).
type i18nextV4Format struct{ jsonFormat }

// PluralTags is translate-toolkit's choice for a JSON store
// (jsonl10n.JsonFile.plural_tags): the code's part before the first "-" or "_"
// looked up in its plural_tags table, English's for a code it lacks.
func (i18nextV4Format) PluralTags(code string) []string {
	base := code
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	if base == "" || strings.ContainsRune(base, '+') {
		// The table has no such key; lang's lookup would read past the "+".
		base = "en"
	}
	return lang.AndroidPluralTags(base)
}

// webext is a WebExtension messages.json (WebExtensionJsonFile): each
// member of the top-level object is a unit keyed by its name, whose text is its
// "message", whose note is its "description" and whose "placeholders" become
// Weblate's placeholders flag.
var webext = jsonFormat{(*jsonUnits).webext}

// arb is a Flutter ARB file (ARBJsonFile): each member of the top-level
// object whose name does not start with "@" is a unit; "@name" holds its
// metadata, whose "description" is the note and whose "placeholders" become the
// placeholders flag; "@@locale" and the other "@@" members are the file's
// header. ICU plurals stay inside the one string.
var arb = jsonFormat{(*jsonUnits).arb}

// goI18n is go-i18n v1 JSON (GoI18NJsonFile), what Weblate 4.18 calls
// "go-i18n-json": a list of {"id", "translation", "description"} objects. A
// translation that is an object holds plural forms by CLDR category; the unit
// has the forms it holds, in CLDR order (zero, one, two, few, many, other), as
// positional forms.
var goI18n = jsonFormat{(*jsonUnits).goI18n}

// goI18nV2 is go-i18n v2 JSON (GoI18NV2JsonFile, added in
// translate-toolkit 3.9; Weblate 4.16 and later call it "go-i18n-json-v2"): an
// object whose members are either a string or an object of plural forms by CLDR
// category with an optional "description", read as in v1.
var goI18nV2 = jsonFormat{(*jsonUnits).goI18nV2}

// cldrCategories is translate-toolkit's cldr_plural_categories, in its order.
var cldrCategories = [...]string{"zero", "one", "two", "few", "many", "other"}

func isCLDRCategory(s string) bool {
	for _, c := range cldrCategories {
		if s == c {
			return true
		}
	}
	return false
}

// jsonUnits collects the units of one file.
type jsonUnits struct {
	doc   *jsonDoc
	units []Unit
	// path is translate-toolkit's id of the value being walked: ".key" per
	// object level, "[n]" per array level.
	path  []byte
	arena strArena
	pool  []string
	// keyBudget bounds the bytes of all keys: a key repeats the keys of every
	// object above it, so a long key over many members would otherwise grow
	// the output with the square of the input.
	keyBudget int
	overflow  bool
	tmp       []byte
}

// jsonKeyBudget is the bytes the keys of a file may take, per byte of input.
const jsonKeyBudget = 16

func parseJSONWith(data []byte, walk func(*jsonUnits) error) (*File, error) {
	doc, err := decodeJSON(data)
	if err != nil {
		return nil, err
	}
	b := jsonUnits{doc: doc, units: make([]Unit, 0, doc.scalars), keyBudget: jsonKeyBudget*len(data) + 1<<20}
	b.arena.size = min(max(len(data)/8, 1<<10), arenaChunk)
	if err := walk(&b); err != nil {
		return nil, err
	}
	if b.overflow {
		return nil, &SyntaxError{Line: 1, Msg: "the keys of this file are too long to list"}
	}
	return &File{Units: b.units}, nil
}

// context is Weblate's context of a unit with translate-toolkit's id id:
// JSONUnit drops one leading dot.
func (b *jsonUnits) context(id []byte) string {
	if len(id) > 0 && id[0] == '.' {
		id = id[1:]
	}
	if b.keyBudget -= len(id); b.keyBudget < 0 {
		b.overflow = true
		return ""
	}
	return b.arena.str(id)
}

// topContext is context for the id "." + key, sharing key's bytes.
func (b *jsonUnits) topContext(key string) string {
	if b.keyBudget -= len(key); b.keyBudget < 0 {
		b.overflow = true
		return ""
	}
	return key
}

// suffixed is key+suffix in a reused buffer: map lookups by string(…) of it
// do not allocate.
func (b *jsonUnits) suffixed(key, suffix string) []byte {
	b.tmp = append(append(b.tmp[:0], key...), suffix...)
	return b.tmp
}

// contextOf is context for an id that is a key of its own (WebExtension, ARB,
// go-i18n), without copying it.
func contextOf(id string) string { return strings.TrimPrefix(id, ".") }

func (b *jsonUnits) pushKey(key string) int {
	mark := len(b.path)
	b.path = append(append(b.path, '.'), key...)
	return mark
}

func (b *jsonUnits) pushIndex(i int) int {
	mark := len(b.path)
	b.path = append(b.path, '[')
	b.path = strconv.AppendInt(b.path, int64(i), 10)
	b.path = append(b.path, ']')
	return mark
}

// leafText is the text Weblate shows for a value translate-toolkit keeps as a
// unit's target: a string as it is, null as empty, anything else as Python's
// str() prints it.
func (d *jsonDoc) leafText(i int32) string {
	if d.nodes[i].kind == jsonNull {
		return ""
	}
	return d.pyStr(i)
}

// valueText is leafText for a value translate-toolkit hands to a unit as its
// source (WebExtension's message, an ARB value, a go-i18n translation): the unit
// hashes a true value, which fails for a non-empty object or array.
func (d *jsonDoc) valueText(i int32) (string, error) {
	n := &d.nodes[i]
	if (n.kind == jsonObject || n.kind == jsonArray) && n.n > 0 {
		return "", &SyntaxError{Line: int(n.line), Msg: "a message that is a non-empty " + n.kind.String() + " (translate-toolkit cannot read this file)"}
	}
	return d.leafText(i), nil
}

// blank tells a value translate-toolkit keeps as a unit's target but calls
// untranslated although it has text (Unit.Blank).
func (d *jsonDoc) blank(i int32) bool {
	return !d.truthy(i) && d.nodes[i].kind != jsonNull && d.nodes[i].kind != jsonString
}

func (b *jsonUnits) leaf(key string, v int32, line int32) {
	b.units = append(b.units, Unit{Key: key, Target: oneString(&b.pool, b.doc.leafText(v)), Blank: b.doc.blank(v), Line: int(line)})
}

// walkPlain is JsonFile._extract_units: every scalar below an object or array
// is a unit; a document that is a scalar has none.
func (b *jsonUnits) walkPlain() error {
	b.plain(b.doc.root)
	return nil
}

func (b *jsonUnits) plain(v int32) {
	n := b.doc.node(v)
	switch n.kind {
	case jsonObject:
		for _, m := range b.doc.objMembers(n) {
			key := b.doc.key(&m)
			if len(b.path) == 0 && b.doc.nodes[m.val].kind < jsonArray {
				// A top-level key is its own context: no copy needed.
				b.leaf(b.topContext(key), m.val, b.doc.nodes[m.val].line)
				continue
			}
			mark := b.pushKey(key)
			b.plain(m.val)
			b.path = b.path[:mark]
		}
	case jsonArray:
		for i, e := range b.doc.arrElems(n) {
			mark := b.pushIndex(i)
			b.plain(e)
			b.path = b.path[:mark]
		}
	default:
		if len(b.path) > 0 {
			b.leaf(b.context(b.path), v, n.line)
		}
	}
}

// memberIndex finds members of one object by key.
type memberIndex struct {
	d   *jsonDoc
	ms  []jsonMember
	idx map[string]int32
}

// getBytes is get for a key in a buffer, without copying it.
func (x *memberIndex) getBytes(key []byte) (int32, bool) {
	if len(x.ms) <= 16 {
		for i := range x.ms {
			if m := &x.ms[i]; x.d.key(m) == string(key) {
				return m.val, true
			}
		}
		return 0, false
	}
	x.build()
	v, ok := x.idx[string(key)]
	return v, ok
}

func (x *memberIndex) build() {
	if x.idx == nil {
		x.idx = make(map[string]int32, len(x.ms))
		for i := range x.ms {
			x.idx[x.d.key(&x.ms[i])] = x.ms[i].val
		}
	}
}

func (x *memberIndex) get(key string) (int32, bool) {
	if len(x.ms) <= 16 {
		for i := range x.ms {
			if m := &x.ms[i]; x.d.key(m) == key {
				return m.val, true
			}
		}
		return 0, false
	}
	x.build()
	v, ok := x.idx[key]
	return v, ok
}

func (b *jsonUnits) walkV3() error { return b.v3(b.doc.root) }

func (b *jsonUnits) v3(v int32) error {
	n := b.doc.node(v)
	switch n.kind {
	case jsonObject:
		return b.v3Object(n)
	case jsonArray:
		for i, e := range b.doc.arrElems(n) {
			mark := b.pushIndex(i)
			err := b.v3(e)
			b.path = b.path[:mark]
			if err != nil {
				return err
			}
		}
	default:
		if len(b.path) > 0 {
			b.leaf(b.context(b.path), v, n.line)
		}
	}
	return nil
}

// v3Object is I18NextFile._extract_units on an object, its accidents kept: the
// bases of "_plural" and "_0" keys are collected first and each is used once,
// "x_plural_plural" makes "x_plural" a plural base, and a "_N" key whose base has
// "base_0" starts the numbered forms wherever it stands.
func (b *jsonUnits) v3Object(n *jsonNode) error {
	ms := b.doc.objMembers(n)
	var simple, numbered, processed map[string]bool
	for _, m := range ms {
		if base, ok := strings.CutSuffix(b.doc.key(&m), "_plural"); ok {
			if simple == nil {
				simple = map[string]bool{}
			}
			simple[base] = true
		}
		if base, ok := strings.CutSuffix(b.doc.key(&m), "_0"); ok {
			if numbered == nil {
				numbered = map[string]bool{}
			}
			numbered[base] = true
		}
	}
	index := memberIndex{d: b.doc, ms: ms}
	for _, m := range ms {
		k := b.doc.key(&m)
		if processed[k] {
			continue
		}
		var keys []string
		base := ""
		if simple != nil && (simple[k] || simple[string(b.suffixed(k, "_plural"))]) {
			base = k
			if s, ok := strings.CutSuffix(k, "_plural"); ok {
				base = s
			}
			if !simple[base] {
				// Python's list.remove fails ("x_plural_plural" without
				// "x_plural"): translate-toolkit cannot read the file.
				return &SyntaxError{Line: int(m.line), Msg: "i18next: no " + strconv.Quote(base+"_plural") + " for " + strconv.Quote(k) + " (translate-toolkit cannot read this file)"}
			}
			delete(simple, base)
			keys = []string{k, k + "_plural"}
		} else if i := strings.LastIndexByte(k, '_'); i >= 0 {
			if b2 := k[:i]; numbered[b2] && pyIsDigit(k[i+1:]) {
				base = b2
				delete(numbered, base)
				keys = make([]string, 10)
				for j := range keys {
					keys[j] = base + "_" + strconv.Itoa(j)
				}
			}
		}
		if keys == nil {
			mark := b.pushKey(k)
			err := b.v3(m.val)
			b.path = b.path[:mark]
			if err != nil {
				return err
			}
			continue
		}
		var vals []int32
		for _, key := range keys {
			val, ok := index.get(key)
			if !ok {
				break
			}
			if processed == nil {
				processed = map[string]bool{}
			}
			processed[key] = true
			vals = append(vals, val)
		}
		forms, err := b.doc.multistringForms(vals)
		if err != nil {
			return err
		}
		mark := b.pushKey(base)
		b.units = append(b.units, Unit{Key: b.context(b.path), Target: forms, Plural: len(forms) > 1, Line: int(m.line)})
		b.path = b.path[:mark]
	}
	return nil
}

func (b *jsonUnits) walkV4() error {
	b.v4(b.doc.root)
	return nil
}

func (b *jsonUnits) v4(v int32) {
	n := b.doc.node(v)
	switch n.kind {
	case jsonObject:
		b.v4Object(n)
	case jsonArray:
		for i, e := range b.doc.arrElems(n) {
			mark := b.pushIndex(i)
			b.v4(e)
			b.path = b.path[:mark]
		}
	default:
		if len(b.path) > 0 {
			b.leaf(b.context(b.path), v, n.line)
		}
	}
}

// v4Object is I18NextV4File._extract_units on an object: a key ending in "_"
// and a CLDR category starts a plural unit of its base, which takes every
// "base_category" key of the object; the others are walked as usual. A form's
// value that is not a string is Python's str() of it (null is "None"), as
// translate-toolkit builds the forms with multistring. (multistring prints a
// list as a list only in the first form of the file's language and takes its
// first item in the others; not knowing the language, a list prints as a list
// here.)
func (b *jsonUnits) v4Object(n *jsonNode) {
	ms := b.doc.objMembers(n)
	index := memberIndex{d: b.doc, ms: ms}
	var processed map[string]bool
	for _, m := range ms {
		k := b.doc.key(&m)
		if processed[k] {
			continue
		}
		i := strings.LastIndexByte(k, '_')
		if i < 0 || !isCLDRCategory(k[i+1:]) {
			mark := b.pushKey(k)
			b.v4(m.val)
			b.path = b.path[:mark]
			continue
		}
		base := k[:i]
		var forms, cats []string
		for _, cat := range cldrCategories {
			key := base + "_" + cat
			val, ok := index.get(key)
			if !ok {
				continue
			}
			if processed == nil {
				processed = map[string]bool{}
			}
			processed[key] = true
			forms = append(forms, b.doc.pyStr(val))
			cats = append(cats, cat)
		}
		mark := b.pushKey(base)
		b.units = append(b.units, Unit{Key: b.context(b.path), Target: forms, Categories: cats, Plural: true, Line: int(m.line)})
		b.path = b.path[:mark]
	}
}

// multistringForms is what translate-toolkit's multistring makes of a list of
// values: Python's str() of the first, and of each other one the same except
// that a list gives its first item (multistring recurses into a list, taking
// its first item as the text) and an empty list fails.
func (d *jsonDoc) multistringForms(vals []int32) ([]string, error) {
	forms := make([]string, 0, len(vals))
	for i, v := range vals {
		n := &d.nodes[v]
		if i > 0 && n.kind == jsonArray {
			if n.n == 0 {
				return nil, &SyntaxError{Line: int(n.line), Msg: "a plural form that is an empty list (translate-toolkit cannot read this file)"}
			}
			v = d.elems[n.first]
		}
		forms = append(forms, d.pyStr(v))
	}
	return forms, nil
}

// notOf is the error translate-toolkit's store raises, as Python words it, when
// a value is not of the type it calls a method of.
func notOf(n *jsonNode, what string) error {
	names := map[jsonKind]string{jsonNull: "NoneType", jsonFalse: "bool", jsonTrue: "bool", jsonNumber: "int",
		jsonString: "str", jsonArray: "list", jsonObject: "dict"}
	return &SyntaxError{Line: int(n.line), Msg: "expected " + what + ", not " + names[n.kind] + " (translate-toolkit cannot read this file)"}
}

// note is a description as translate-toolkit keeps it (only when Python finds
// it true) and Weblate prints it.
func (d *jsonDoc) note(v int32, ok bool) string {
	if !ok || !d.truthy(v) {
		return ""
	}
	return d.pyStr(v)
}

var upper = cases.Upper(language.Und)

// placeholdersFlag is Weblate's PlaceholdersJSONUnit.flags for a unit's
// "placeholders": a list of {"id": …} objects gives "{id}" placeholders (gotext
// style), anything else is iterated as Python does (an object's keys, a
// string's characters), each key upper-cased between dollars, and the check made
// case-insensitive, as WebExtension placeholders are. Values holding a flag's
// syntax characters are quoted as Weblate's Flags.format_value does.
func (d *jsonDoc) placeholdersFlag(v int32, ok bool) string {
	if !ok || !d.truthy(v) {
		return ""
	}
	n := d.node(v)
	var b strings.Builder
	b.WriteString("placeholders:")
	first := true
	add := func(id string) {
		if !first {
			b.WriteByte(':')
		}
		first = false
		if strings.ContainsAny(id, `,:"'\`) {
			b.WriteString(pyJSONString(id))
		} else {
			b.WriteString(id)
		}
	}
	switch n.kind {
	case jsonArray:
		for _, e := range d.arrElems(n) {
			en := d.node(e)
			if en.kind != jsonObject {
				continue
			}
			x := memberIndex{d: d, ms: d.objMembers(en)}
			if id, ok := x.get("id"); ok {
				add("{" + d.pyStr(id) + "}")
			}
		}
		return b.String()
	case jsonObject:
		for _, m := range d.objMembers(n) {
			add("$" + pyUpper(d.key(&m)) + "$")
		}
	case jsonString:
		for _, r := range d.text(n) {
			add("$" + pyUpper(string(r)) + "$")
		}
	default:
		return ""
	}
	b.WriteString(",case-insensitive")
	return b.String()
}

// pyUpper is Python's str.upper(): full Unicode case mapping (ß is SS).
func pyUpper(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return upper.String(s)
		}
	}
	return strings.ToUpper(s)
}

func (b *jsonUnits) webext() error {
	root := b.doc.node(b.doc.root)
	if root.kind != jsonObject {
		return notOf(root, "an object of messages")
	}
	for _, m := range b.doc.objMembers(root) {
		val := b.doc.node(m.val)
		if val.kind != jsonObject {
			return notOf(val, "an object for message "+strconv.Quote(b.doc.key(&m)))
		}
		x := memberIndex{d: b.doc, ms: b.doc.objMembers(val)}
		text, blank := "", false
		if msg, ok := x.get("message"); ok {
			var err error
			if text, err = b.doc.valueText(msg); err != nil {
				return err
			}
			blank = b.doc.blank(msg)
		}
		desc, hasDesc := x.get("description")
		ph, hasPh := x.get("placeholders")
		b.units = append(b.units, Unit{
			Key:    contextOf(b.doc.key(&m)),
			Target: oneString(&b.pool, text),
			Blank:  blank,
			Note:   b.doc.note(desc, hasDesc),
			Flags:  b.doc.placeholdersFlag(ph, hasPh),
			Line:   int(m.line),
		})
	}
	return nil
}

func (b *jsonUnits) arb() error {
	root := b.doc.node(b.doc.root)
	if root.kind != jsonObject {
		return notOf(root, "an object")
	}
	ms := b.doc.objMembers(root)
	index := memberIndex{d: b.doc, ms: ms}
	for _, m := range ms {
		if strings.HasPrefix(b.doc.key(&m), "@") {
			continue
		}
		var desc, ph int32
		var hasDesc, hasPh bool
		b.path = append(append(b.path[:0], '@'), b.doc.key(&m)...)
		if meta, ok := index.getBytes(b.path); ok {
			mn := b.doc.node(meta)
			if mn.kind != jsonObject {
				return notOf(mn, "an object for "+strconv.Quote("@"+b.doc.key(&m)))
			}
			x := memberIndex{d: b.doc, ms: b.doc.objMembers(mn)}
			desc, hasDesc = x.get("description")
			ph, hasPh = x.get("placeholders")
		}
		text, err := b.doc.valueText(m.val)
		if err != nil {
			return err
		}
		b.units = append(b.units, Unit{
			Key:    contextOf(b.doc.key(&m)),
			Target: oneString(&b.pool, text),
			Blank:  b.doc.blank(m.val),
			Note:   b.doc.note(desc, hasDesc),
			Flags:  b.doc.placeholdersFlag(ph, hasPh),
			Line:   int(m.line),
		})
	}
	return nil
}

// goForms reads go-i18n plural forms: the object's CLDR categories in CLDR
// order, each as Python's str() of its value. An object with none fails in
// translate-toolkit (a multistring of no strings).
func (b *jsonUnits) goForms(n *jsonNode) ([]string, error) {
	x := memberIndex{d: b.doc, ms: b.doc.objMembers(n)}
	var vals []int32
	for _, cat := range cldrCategories {
		if v, ok := x.get(cat); ok {
			vals = append(vals, v)
		}
	}
	if vals == nil {
		return nil, &SyntaxError{Line: int(n.line), Msg: "go-i18n: an object with no plural form (translate-toolkit cannot read this file)"}
	}
	return b.doc.multistringForms(vals)
}

func (b *jsonUnits) goI18n() error {
	root := b.doc.node(b.doc.root)
	var items []int32
	switch {
	case root.kind == jsonArray:
		items = b.doc.arrElems(root)
	case (root.kind == jsonObject || root.kind == jsonString) && !b.doc.truthy(b.doc.root):
		// Python iterates an empty object or string without complaint.
	default:
		return notOf(root, "a list of messages")
	}
	for _, it := range items {
		n := b.doc.node(it)
		if n.kind != jsonObject {
			return notOf(n, "an object for each message")
		}
		x := memberIndex{d: b.doc, ms: b.doc.objMembers(n)}
		id := ""
		if v, ok := x.get("id"); ok {
			vn := b.doc.node(v)
			if vn.kind != jsonString {
				// Weblate takes the id as the unit's context and fails on any
				// other type.
				return notOf(vn, "a string id")
			}
			id = b.doc.text(vn)
		}
		forms, blank := oneString(&b.pool, ""), false
		if tr, ok := x.get("translation"); ok {
			if tn := b.doc.node(tr); tn.kind == jsonObject {
				var err error
				if forms, err = b.goForms(tn); err != nil {
					return err
				}
			} else {
				text, err := b.doc.valueText(tr)
				if err != nil {
					return err
				}
				forms, blank = oneString(&b.pool, text), b.doc.blank(tr)
			}
		}
		desc, hasDesc := x.get("description")
		b.units = append(b.units, Unit{
			Key:    contextOf(id),
			Target: forms,
			Blank:  blank,
			Plural: len(forms) > 1,
			Note:   b.doc.note(desc, hasDesc),
			Line:   int(n.line),
		})
	}
	return nil
}

func (b *jsonUnits) goI18nV2() error {
	root := b.doc.node(b.doc.root)
	if root.kind != jsonObject {
		return notOf(root, "an object of messages")
	}
	for _, m := range b.doc.objMembers(root) {
		n := b.doc.node(m.val)
		u := Unit{Key: contextOf(b.doc.key(&m)), Line: int(m.line)}
		switch n.kind {
		case jsonString:
			u.Target = oneString(&b.pool, b.doc.text(n))
		case jsonObject:
			forms, err := b.goForms(n)
			if err != nil {
				return err
			}
			u.Target, u.Plural = forms, len(forms) > 1
			x := memberIndex{d: b.doc, ms: b.doc.objMembers(n)}
			desc, hasDesc := x.get("description")
			u.Note = b.doc.note(desc, hasDesc)
		default:
			return notOf(n, "a string or an object for message "+strconv.Quote(b.doc.key(&m)))
		}
		b.units = append(b.units, u)
	}
	return nil
}
