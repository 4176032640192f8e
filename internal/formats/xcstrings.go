package formats

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// xcstringsFormat is Xcode's String Catalog (.xcstrings), which neither Weblate
// 4.18 nor translate-toolkit reads; gitlate reads it the way Weblate reads its
// monolingual formats, the catalog being its own template. Apple publishes no
// specification: what follows is what Xcode writes, as real catalogs show it
// (testdata/xcstrings/README.md names them).
//
// A catalog is one JSON object: "sourceLanguage" names the language of the
// source strings and "strings" maps each key to an entry holding "comment",
// "extractionState", "shouldTranslate" and "localizations", which maps a
// language code (Xcode's: "pt-BR", "zh-Hans") to what that language says:
//   - a "stringUnit" {"state", "value"}: one unit, keyed by the catalog key;
//   - "variations" of "plural" (zero/one/two/few/many/other, each a
//     stringUnit): one plural unit, keyed by the catalog key, its forms named
//     by CLDR category (PluralsByCategory);
//   - "variations" of "device" (iphone, ipad, mac, applewatch, appletv,
//     applevision, ipod, other; each a stringUnit or plural variations): one
//     unit per device, keyed "key:device=iphone";
//   - "substitutions": named arguments a string refers to as %#@name@, each
//     with plural variations: one plural unit per name, keyed "key:name", as
//     the stringsdict reader keys the variables of a format string.
//
// The source language's units are the template (Parse). A key the source
// language does not localize has the key itself as its source, as Xcode uses
// it. A key whose extractionState is "stale" (no code uses it any more) is no
// unit at all, as Weblate drops the keys a template no longer has; a key with
// shouldTranslate false is read-only. In the other languages a stringUnit's
// state "needs_review" (or "stale") is needs editing, "new" untranslated
// however its value reads, and a language that does not localize a key leaves
// it untranslated. A plural unit is needs editing when one of its forms is,
// untranslated when one of its forms is new. The entry's comment is the note.
type xcstringsFormat struct{}

func init() {
	Register(Info{
		ID: "xcstrings", Name: "Apple String Catalog", Monolingual: true,
		MimeType: "application/json", Extension: "xcstrings",
		Plurals: PluralsByCategory, Fuzzy: true, ReadOnly: true,
		Detect: &Detection{Name: "xcstrings", Extensions: []string{".xcstrings"}, Default: "xcstrings", OneFile: true},
	}, xcstringsFormat{})
}

// Parse reads the source language's units: the catalog as its own template.
func (f xcstringsFormat) Parse(data []byte) (*File, error) { return f.ParseLanguage(data, "") }

// Languages lists the languages the catalog localizes a key into, but its
// source language, sorted; keys Xcode marked stale are left out, as they are of
// the units.
func (xcstringsFormat) Languages(data []byte) (string, []string, error) {
	c, err := openCatalog(data)
	if err != nil {
		return "", nil, err
	}
	seen := map[string]bool{}
	var out []string
	err = c.each(func(e *xcEntry) error {
		if e.locs == nil {
			return nil
		}
		for _, m := range c.doc.objMembers(e.locs) {
			l := c.doc.key(&m)
			if l != c.source && !seen[l] {
				seen[l] = true
				out = append(out, strings.Clone(l))
			}
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	sort.Strings(out)
	return c.source, out, nil
}

// ParseLanguage reads the units of language code ("" or the source language:
// the template).
func (xcstringsFormat) ParseLanguage(data []byte, code string) (*File, error) {
	c, err := openCatalog(data)
	if err != nil {
		return nil, err
	}
	source := code == "" || code == c.source
	if code == "" {
		code = c.source
	}
	f := &File{}
	budget := jsonKeyBudget*len(data) + 1<<20
	var warn xcWarnings
	// A device's or a substitution's unit repeats its key and the entry's
	// comment: the budget bounds what they add up to, as a JSON file's keys are.
	keyed := func(base, suffix, note string) (string, error) {
		if budget -= len(base) + len(suffix) + len(note) + 1; budget < 0 {
			return "", &SyntaxError{Line: 1, Msg: "the keys of this file are too long to list"}
		}
		return base + ":" + suffix, nil
	}
	err = c.each(func(e *xcEntry) error {
		var loc *jsonNode
		if e.locs != nil {
			loc = c.member(e.locs, code)
		}
		if loc == nil {
			if source {
				f.Units = append(f.Units, Unit{Key: e.key, Target: []string{e.key}, ReadOnly: e.readOnly, Note: e.comment, Line: e.line})
				warn.key(e.key, e.line)
			}
			return nil
		}
		if loc.kind != jsonObject {
			return c.errorf(loc, "the localization of %q into %s is not an object", e.key, code)
		}
		base := Unit{Key: e.key, ReadOnly: e.readOnly, Note: e.comment, Line: e.line}
		n := len(f.Units)
		if su := c.member(loc, "stringUnit"); su != nil {
			u := base
			if err := c.stringUnit(su, &u, source); err != nil {
				return err
			}
			f.Units = append(f.Units, u)
		}
		if v := c.member(loc, "variations"); v != nil {
			if v.kind != jsonObject {
				return c.errorf(v, "the variations of %q are not an object", e.key)
			}
			if p := c.member(v, "plural"); p != nil && len(f.Units) == n {
				u := base
				if err := c.plural(p, &u, source); err != nil {
					return err
				}
				f.Units = append(f.Units, u)
			}
			if d := c.member(v, "device"); d != nil {
				if d.kind != jsonObject {
					return c.errorf(d, "the device variations of %q are not an object", e.key)
				}
				for _, m := range c.doc.objMembers(d) {
					dv := c.doc.node(m.val)
					if dv.kind != jsonObject {
						return c.errorf(dv, "a device variation of %q is not an object", e.key)
					}
					u := base
					key, err := keyed(e.key, "device="+c.doc.key(&m), e.comment)
					if err != nil {
						return err
					}
					u.Key, u.Line = key, int(m.line)
					if su := c.member(dv, "stringUnit"); su != nil {
						err = c.stringUnit(su, &u, source)
					} else if vv := c.member(dv, "variations"); vv != nil && vv.kind == jsonObject && c.member(vv, "plural") != nil {
						err = c.plural(c.member(vv, "plural"), &u, source)
					} else {
						continue // nothing Xcode reads
					}
					if err != nil {
						return err
					}
					f.Units = append(f.Units, u)
				}
			}
		}
		if len(f.Units) == n && source {
			// A source localization that says nothing of the string itself (only
			// substitutions): the key is its text, as with no localization.
			u := base
			u.Target = []string{e.key}
			f.Units = append(f.Units, u)
		}
		if s := c.member(loc, "substitutions"); s != nil {
			if s.kind != jsonObject {
				return c.errorf(s, "the substitutions of %q are not an object", e.key)
			}
			for _, m := range c.doc.objMembers(s) {
				sv := c.doc.node(m.val)
				if sv.kind != jsonObject {
					return c.errorf(sv, "a substitution of %q is not an object", e.key)
				}
				vv := c.member(sv, "variations")
				if vv == nil || vv.kind != jsonObject || c.member(vv, "plural") == nil {
					continue // a substitution without plural forms has nothing to translate
				}
				u := base
				key, err := keyed(e.key, c.doc.key(&m), e.comment)
				if err != nil {
					return err
				}
				u.Key, u.Line = key, int(m.line)
				if err := c.plural(c.member(vv, "plural"), &u, source); err != nil {
					return err
				}
				f.Units = append(f.Units, u)
			}
		}
		for i := n; i < len(f.Units); i++ {
			warn.key(f.Units[i].Key, f.Units[i].Line)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.Warnings = warn.list
	return f, nil
}

// xcWarnings collects the DuplicateString warnings of a catalog: a key built for
// a device or a substitution ("key:name") that another key of the catalog spells.
type xcWarnings struct {
	seen  map[string]struct{}
	list  []Warning
	extra int
}

func (w *xcWarnings) key(k string, line int) {
	if w.seen == nil {
		w.seen = map[string]struct{}{}
	}
	if _, dup := w.seen[k]; !dup {
		w.seen[k] = struct{}{}
		return
	}
	if len(w.list) < maxWarnings {
		w.list = append(w.list, Warning{Line: line, Kind: DuplicateString, Message: "the key " + quoteKey(k) + " is given twice"})
	}
}

func quoteKey(k string) string {
	if len(k) > 80 {
		n := 80
		for n > 0 && !utf8.RuneStart(k[n]) {
			n-- // not within a character
		}
		k = k[:n] + "…"
	}
	return `"` + k + `"`
}

// xcCatalog is a decoded catalog.
type xcCatalog struct {
	doc     *jsonDoc
	source  string
	strings *jsonNode
}

// xcEntry is what a key's entry says besides its localizations.
type xcEntry struct {
	key, comment string
	readOnly     bool
	line         int
	locs         *jsonNode // nil when the entry has none
}

func openCatalog(data []byte) (*xcCatalog, error) {
	doc, err := decodeJSON(data)
	if err != nil {
		return nil, err
	}
	c := &xcCatalog{doc: doc}
	root := doc.node(doc.root)
	if root.kind != jsonObject {
		return nil, c.errorf(root, "a string catalog is a JSON object, not %s", root.kind)
	}
	sl := c.member(root, "sourceLanguage")
	if sl == nil || sl.kind != jsonString || doc.text(sl) == "" {
		return nil, c.errorf(root, "the catalog names no sourceLanguage")
	}
	c.source = doc.text(sl)
	if s := c.member(root, "strings"); s != nil {
		if s.kind != jsonObject {
			return nil, c.errorf(s, "strings is not an object")
		}
		c.strings = s
	}
	return c, nil
}

func (c *xcCatalog) errorf(n *jsonNode, format string, args ...any) error {
	return &SyntaxError{Line: int(n.line), Msg: fmt.Sprintf(format, args...)}
}

// member is the value of an object's member name; nil when it has none.
func (c *xcCatalog) member(obj *jsonNode, name string) *jsonNode {
	for _, m := range c.doc.objMembers(obj) {
		if c.doc.key(&m) == name {
			return c.doc.node(m.val)
		}
	}
	return nil
}

// each calls fn with every entry of the catalog but the stale ones, in file order.
func (c *xcCatalog) each(fn func(*xcEntry) error) error {
	if c.strings == nil {
		return nil
	}
	d := c.doc
	for _, m := range d.objMembers(c.strings) {
		v := d.node(m.val)
		key := d.key(&m)
		if v.kind != jsonObject {
			return c.errorf(v, "the entry of %q is not an object", key)
		}
		e := xcEntry{key: key, line: int(m.line)}
		if x := c.member(v, "extractionState"); x != nil && x.kind == jsonString && d.text(x) == "stale" {
			continue
		}
		if x := c.member(v, "shouldTranslate"); x != nil && x.kind == jsonFalse {
			e.readOnly = true
		}
		if x := c.member(v, "comment"); x != nil && x.kind == jsonString {
			e.comment = d.text(x)
		}
		if x := c.member(v, "localizations"); x != nil {
			if x.kind != jsonObject {
				return c.errorf(x, "the localizations of %q are not an object", key)
			}
			e.locs = x
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return nil
}

// xcState is what a stringUnit's state makes of a unit.
type xcState uint8

const (
	xcTranslated xcState = iota
	xcFuzzy
	xcNew
)

// unitValue reads a stringUnit: its value and state.
func (c *xcCatalog) unitValue(su *jsonNode) (string, xcState, error) {
	if su.kind != jsonObject {
		return "", 0, c.errorf(su, "a stringUnit is not an object")
	}
	var value string
	if v := c.member(su, "value"); v != nil {
		if v.kind != jsonString {
			return "", 0, c.errorf(v, "a stringUnit's value is not a string")
		}
		value = c.doc.text(v)
	}
	st := xcTranslated
	if s := c.member(su, "state"); s != nil && s.kind == jsonString {
		switch c.doc.text(s) {
		case "needs_review", "stale":
			st = xcFuzzy
		case "new":
			st = xcNew
		}
	}
	return value, st, nil
}

// stringUnit makes u the one-form unit of su; the source language's states
// change nothing (its text is the source whatever Xcode thinks of it).
func (c *xcCatalog) stringUnit(su *jsonNode, u *Unit, source bool) error {
	value, st, err := c.unitValue(su)
	if err != nil {
		return err
	}
	u.Target = []string{value}
	if !source {
		u.Fuzzy, u.Blank = st == xcFuzzy, st == xcNew
	}
	return nil
}

// plural makes u the plural unit of plural variations p, its forms in file order
// named by category.
func (c *xcCatalog) plural(p *jsonNode, u *Unit, source bool) error {
	if p.kind != jsonObject {
		return c.errorf(p, "plural variations are not an object")
	}
	ms := c.doc.objMembers(p)
	u.Plural = true
	u.Target = make([]string, 0, len(ms))
	u.Categories = make([]string, 0, len(ms))
	for _, m := range ms {
		v := c.doc.node(m.val)
		if v.kind != jsonObject {
			return c.errorf(v, "a plural variation is not an object")
		}
		su := c.member(v, "stringUnit")
		if su == nil {
			continue
		}
		value, st, err := c.unitValue(su)
		if err != nil {
			return err
		}
		u.Target = append(u.Target, value)
		u.Categories = append(u.Categories, c.doc.key(&m))
		if !source {
			u.Fuzzy = u.Fuzzy || st == xcFuzzy
			u.Blank = u.Blank || st == xcNew
		}
	}
	return nil
}
