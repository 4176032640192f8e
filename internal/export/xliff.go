package export

import (
	"fmt"
	"github.com/gitlate/gitlate/internal/formats"
	"slices"
	"strings"
)

// XLIFF follows Weblate's PoXliffExporter ("xliff": XLIFF 1.1 with gettext
// extensions, translate-toolkit's PoXliffFile) and XliffExporter ("xliff11": plain
// XLIFF 1.1, xlifffile). The units are translate-toolkit's xliffunit and
// PoXliffUnit (translate/storage/xliff.py, poxliff.py, lisa.py) ported call for
// call: their state attributes, approvals and plural groups come from a chain of
// side effects (a plural group first gets the target "None", as Python prints
// multistring(None)), which only a literal port reproduces.

// pv is a value as translate-toolkit passes it: None, a str, or a multistring
// (a str that also carries its plural forms).
type pv struct {
	none  bool
	multi bool
	strs  []string
}

func pyNone() pv          { return pv{none: true} }
func pyStr(s string) pv   { return pv{strs: []string{s}} }
func (v pv) str() string  { return v.strs[0] }
func (v pv) truthy() bool { return !v.none && v.strs[0] != "" }

// multistring is multistring(list): None items print as "None".
func multistring(items []pv) pv {
	out := pv{multi: true}
	for _, it := range items {
		if it.none {
			out.strs = append(out.strs, "None")
		} else {
			out.strs = append(out.strs, it.str())
		}
	}
	return out
}

// toMulti is multistring(x) of a single value.
func toMulti(v pv) pv { return multistring([]pv{v}) }

// pyEq is Python's ==, with multistring.__cmp__ deciding when either side is one.
func pyEq(a, b pv) bool {
	switch {
	case a.none || b.none:
		return a.none && b.none
	case a.multi && b.multi:
		return slices.Equal(a.strs, b.strs)
	}
	return a.str() == b.str()
}

// handlePlurals is the exporter's handle_plurals.
func handlePlurals(forms []string) pv {
	if len(forms) == 1 {
		return pyStr(forms[0])
	}
	return pv{multi: true, strs: forms}
}

type xliffUnit struct {
	el    *xnode
	po    bool         // a PoXliffUnit
	units []*xliffUnit // a PoXliffUnit group's trans-units (plain xliffunits)
}

func newXliffUnit(source pv, po bool) *xliffUnit {
	u := &xliffUnit{po: po}
	if po && source.multi && len(source.strs) > 1 {
		u.el = newNode("group")
		u.el.set("restype", "x-gettext-plurals")
		u.setsource(source, "en")
		return u
	}
	u.el = newNode("trans-unit")
	u.setsource(source, "en")
	u.el.set("xml:space", "preserve")
	return u
}

func (u *xliffUnit) hasplural() bool { return u.po && u.el.tag == "group" }

// languageNodes is xliffunit.getlanguageNodes: the first source, and the first
// target when there is a source.
func (u *xliffUnit) languageNodes() []*xnode {
	src := u.el.child("source")
	if src == nil {
		return nil
	}
	if tgt := u.el.child("target"); tgt != nil {
		return []*xnode{src, tgt}
	}
	return []*xnode{src}
}

func (u *xliffUnit) languageNode(i int) *xnode {
	if nodes := u.languageNodes(); i < len(nodes) {
		return nodes[i]
	}
	return nil
}

// nodeText is getNodeText: the text content, whitespace-normalized unless the unit
// is xml:space="preserve".
func (u *xliffUnit) nodeText(n *xnode) pv {
	if n == nil {
		return pyNone()
	}
	text := n.textContent()
	if space, ok := u.el.get("xml:space"); !ok || space == "default" {
		text = strings.Join(strings.FieldsFunc(text, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\r'
		}), " ")
	}
	return pyStr(text)
}

func (u *xliffUnit) source() pv {
	if u.hasplural() {
		items := make([]pv, len(u.units))
		for i, s := range u.units {
			items[i] = s.source()
		}
		return multistring(items)
	}
	return u.nodeText(u.languageNode(0))
}

func (u *xliffUnit) target() pv {
	if u.hasplural() {
		if len(u.units) == 0 {
			return pyNone()
		}
		// translate-toolkit 3.9 reads a missing target as "" here (3.8 printed
		// "None"): [unit.target or "" for unit in self.units].
		items := make([]pv, len(u.units))
		for i, s := range u.units {
			if items[i] = s.target(); items[i].none {
				items[i] = pyStr("")
			}
		}
		return multistring(items)
	}
	return u.nodeText(u.languageNode(1))
}

// asciiControlCodes are xliff.ASCII_CONTROL_CODES, which createlanguageNode
// writes as character-reference text.
var asciiControlCodes = []rune{0, 1, 2, 3, 4, 5, 6, 7, 8, 0xb, 0xc, 0xe, 0xf, 0x10, 0x11, 0x12, 0x13, 0x14,
	0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f}

func createLanguageNode(text, purpose string) *xnode {
	n := newNode(purpose)
	if strings.ContainsFunc(text, func(r rune) bool { return r < 0x20 }) {
		for _, c := range asciiControlCodes {
			text = strings.ReplaceAll(text, string(c), fmt.Sprintf("&#x%x;", c))
		}
	}
	n.setText(text)
	return n
}

func (u *xliffUnit) setSourceDom(n *xnode) {
	if nodes := u.languageNodes(); len(nodes) > 0 {
		u.el.replace(nodes[0], n)
	} else {
		u.el.append(n)
	}
}

func (u *xliffUnit) setTargetDom(n *xnode, appendIt bool) {
	nodes := u.languageNodes()
	if n != nil {
		if appendIt || len(nodes) == 0 {
			u.el.append(n)
		} else {
			u.el.insert(1, n)
		}
	}
	if !appendIt && len(nodes) > 1 {
		u.el.remove(nodes[1])
	}
}

// setsource is LISAunit.setsource, or PoXliffUnit.setsource for a plural.
func (u *xliffUnit) setsource(v pv, lang string) {
	if u.po && v.multi && len(v.strs) > 1 {
		target := u.target()
		for _, s := range u.units {
			u.el.remove(s.el)
		}
		u.units = nil
		for _, s := range v.strs {
			nu := newXliffUnit(toMulti(pyStr(s)), false)
			u.units = append(u.units, nu)
			u.el.append(nu.el)
		}
		u.settarget(target, "xx")
		return
	}
	u.setSourceDom(createLanguageNode(v.str(), "source"))
}

// settarget is PoXliffUnit.settarget, or xliffunit.settarget.
func (u *xliffUnit) settarget(v pv, lang string) {
	if !u.po {
		u.xliffSetTarget(v, lang)
		return
	}
	if pyEq(u.target(), v) {
		return
	}
	if !u.hasplural() {
		u.xliffSetTarget(v, lang)
		return
	}
	if !v.multi {
		v = toMulti(v)
	}
	source := u.source()
	sl, tl := len(source.strs), len(v.strs)
	var targets []pv
	for _, s := range v.strs {
		targets = append(targets, toMulti(pyStr(s)))
	}
	switch {
	case sl < tl:
		sources := slices.Clone(source.strs)
		for len(sources) < tl {
			sources = append(sources, source.strs[sl-1])
		}
		id := u.getid()
		u.setsource(pv{multi: true, strs: sources}, "en")
		u.setid(id)
	case tl < sl:
		for len(targets) < sl {
			targets = append(targets, pyStr(""))
		}
	}
	for i, s := range u.units {
		s.settarget(targets[i], "xx")
	}
}

// xliffSetTarget is xliffunit.settarget: LISAunit.settarget, then, for a
// non-empty target, marktranslated (which runs even when the text was already set).
func (u *xliffUnit) xliffSetTarget(v pv, lang string) {
	if !pyEq(u.target(), v) {
		node := u.languageNode(1)
		switch {
		case v.none:
			u.setTargetDom(nil, false)
		case node == nil:
			u.setTargetDom(createLanguageNode(v.str(), "target"), false)
		default:
			node.setText(v.str())
		}
	}
	if v.truthy() {
		if space, _ := u.el.get("xml:space"); space != "preserve" {
			u.el.set("xml:space", "preserve")
		}
		u.marktranslated()
	}
}

// xliffunit states (translate/storage/workflow.py values).
const (
	sUntranslated     = 0
	sNeedsTranslation = 30
	sNeedsReview      = 80
	sTranslated       = 100
)

var xliffStateMap = map[string]int{
	"new": 1, "needs-translation": 30, "needs-adaptation": 31, "needs-l10n": 32,
	"needs-review-translation": 80, "needs-review-adaptation": 81, "needs-review-l10n": 82,
	"translated": 100, "signed-off": 120, "final": 121,
}

func xliffStateName(n int) (string, bool) {
	for k, v := range xliffStateMap {
		if v == n {
			return k, true
		}
	}
	return "", false
}

func (u *xliffUnit) isapproved() bool {
	v, _ := u.el.get("approved")
	return v == "yes"
}

func (u *xliffUnit) markapproved(v bool) {
	if v {
		u.el.set("approved", "yes")
	} else if u.isapproved() {
		u.el.set("approved", "no")
	}
}

func (u *xliffUnit) stateN() int {
	node := u.languageNode(1)
	approved := u.isapproved()
	if node == nil {
		if approved {
			return sTranslated
		}
		return sUntranslated
	}
	xs, _ := node.get("state")
	n := xliffStateMap[xs]
	if n < sNeedsTranslation && u.target().truthy() {
		n = sNeedsTranslation
	}
	if approved && n < sTranslated {
		n = sTranslated
	}
	if !approved && n > sTranslated {
		n = sTranslated
	}
	return n
}

// stateID is get_state_id over xliffunit.STATE.
func stateID(n int) int {
	for _, b := range []int{120, 100, 80, 30, 0} {
		if n >= b {
			return b
		}
	}
	return 0
}

func (u *xliffUnit) setStateN(v int) {
	if _, ok := xliffStateName(v); !ok {
		v = stateID(v)
	}
	node := u.languageNode(1)
	if v == sUntranslated {
		if node != nil {
			node.del("state")
		}
	} else if node != nil {
		name, _ := xliffStateName(v)
		node.set("state", name)
	}
	u.markapproved(v > sNeedsReview)
}

func (u *xliffUnit) marktranslated() {
	if stateID(u.stateN()) < sTranslated {
		u.setStateN(sTranslated)
	}
	if u.po {
		for _, s := range u.units[min(1, len(u.units)):] {
			s.marktranslated()
		}
	}
}

func (u *xliffUnit) markfuzzy(v bool) {
	id := stateID(u.stateN())
	if v {
		u.markapproved(false)
		if id != sNeedsTranslation {
			u.setStateN(sNeedsTranslation)
		}
	} else {
		u.markapproved(true)
		if id < sTranslated {
			u.setStateN(sTranslated)
		}
	}
	if u.po {
		for _, s := range u.units[min(1, len(u.units)):] {
			s.markfuzzy(v)
		}
	}
}

func (u *xliffUnit) setid(id string) {
	u.el.set("id", strings.ReplaceAll(id, "\x04", "__%04__"))
	if u.po && len(u.units) > 1 {
		for i, s := range u.units {
			s.setid(fmt.Sprintf("%s[%d]", id, i))
		}
	}
}

// getid is xliffunit.getid for a unit not yet in a file.
func (u *xliffUnit) getid() string {
	id, _ := u.el.get("id")
	return strings.ReplaceAll(id, "__%04__", "\x04")
}

func (u *xliffUnit) addnote(text, origin string) {
	if !u.po {
		u.xliffAddNote(text, origin)
		return
	}
	n := u.el.sub("note")
	n.setText(text)
	n.set("from", origin)
	for _, s := range u.units[min(1, len(u.units)):] {
		s.xliffAddNote(text, origin)
	}
}

func (u *xliffUnit) xliffAddNote(text, origin string) {
	if text = pyStrip(text); text == "" {
		return
	}
	n := u.el.sub("note")
	n.setText(text)
	n.set("from", origin)
}

// setRich is set_rich_source (index 0) or set_rich_target (index 1): the node,
// made if missing, emptied and refilled with the first form's markup.
func (u *xliffUnit) setRich(index int, items []richItem) {
	node := u.languageNode(index)
	if node == nil {
		purpose := "source"
		if index == 1 {
			purpose = "target"
		}
		node = createLanguageNode("", purpose)
		if index == 0 {
			u.setSourceDom(node)
		} else {
			u.setTargetDom(node, false)
		}
	}
	for _, k := range slices.Clone(node.kids) {
		node.remove(k)
	}
	node.text = nil
	leaf := true
	var text strings.Builder
	for _, it := range items {
		if it.Kind == formats.XMLElement {
			leaf = false
		}
		text.WriteString(it.Text)
	}
	if leaf {
		appendText(node, text.String())
	} else {
		writeRich(node, items)
	}
}

func writePoXLIFF(t *Translation, w *writer) error { return writeXLIFFStore(t, w, true) }
func writeXLIFF(t *Translation, w *writer) error   { return writeXLIFFStore(t, w, false) }

func writeXLIFFStore(t *Translation, w *writer, po bool) error {
	src, lang := t.SourceLanguage.Code, t.Language.Code
	root := newNode("xliff")
	root.set("xmlns", "urn:oasis:names:tc:xliff:document:1.1")
	root.set("version", "1.1")
	file := root.sub("file")
	file.set("original", "NoName")
	file.set("source-language", "en")
	file.set("datatype", "plaintext")
	if src != "" {
		file.set("source-language", src)
	}
	if lang != "" {
		file.set("target-language", lang)
	}
	body := file.sub("body")
	filter := func(forms []string) []string {
		out := make([]string, len(forms))
		for i, f := range forms {
			out[i] = xmlFilter(f)
		}
		return out
	}
	return xmlStore(w, "", root, body, xmlLayout{indent: "  ", maxLevel: 4}, 3, t.count(), func(i int) *xnode {
		uc := t.unit(i)
		u := &uc
		out := newXliffUnit(handlePlurals(filter(sources(u))), po)
		out.setsource(out.source(), src)
		out.settarget(handlePlurals(filter(targets(t, u))), lang)
		// xliff_string_to_rich reads every form of the source, then of the target.
		var rich [2][]richItem
		ok := true
		for side, forms := range [2][]string{sources(u), targets(t, u)} {
			for j, f := range forms {
				items, good := parseFragment(f)
				if !good {
					ok = false
					break
				}
				if j == 0 {
					rich[side] = items
				}
			}
			if !ok {
				break
			}
		}
		if ok {
			out.setRich(0, rich[0])
			out.setRich(1, rich[1])
		}
		for _, loc := range pySplit(u.Location) {
			// addlocation sets the id, which the id set next replaces. Weblate passes
			// locations to lxml unfiltered and fails on control characters; gitlate
			// strips them.
			if loc = xmlFilter(loc); loc != "" {
				out.setid(loc)
			}
		}
		if ctx := xmlFilter(u.Context); ctx != "" {
			out.setid(ctx)
		} else {
			out.setid(checksum(u.IDHash))
		}
		for _, note := range []string{u.Note, u.Explanation} {
			if note = xmlFilter(note); note != "" {
				out.addnote(note, "developer")
			}
		}
		if len(u.Flags) > 0 {
			flags := filter(u.Flags)
			for _, f := range flags {
				if v, ok := strings.CutPrefix(f, "max-length:"); ok {
					out.el.set("maxwidth", v)
				}
			}
			out.el.set("weblate-flags", strings.Join(flags, ", "))
		}
		if u.State == stateFuzzy {
			out.markfuzzy(true)
		}
		out.markapproved(u.State == stateApproved)
		return out.el
	})
}
