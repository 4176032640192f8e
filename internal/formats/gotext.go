package formats

// gotext is Weblate 4.18's "gotext JSON file" (weblate/formats/ttkit.py,
// GoTextFormat, a JSONFormat with PlaceholdersJSONUnit) over translate-toolkit's
// jsonl10n.GoTextJsonFile (3.8.4 reads it as 3.9.2 does): the catalogues of Go's
// golang.org/x/text/cmd/gotext, {"language": …, "messages": [{"id": …,
// "translation": …}, …]}.
//
// Each message is a unit, in file order: its key is the "id" (a leading dot
// dropped, as JSONUnit does), its note the "translatorComment", its flags the
// "placeholders" list as Weblate writes it ("placeholders:{id}:…"). A
// translation that is an object is a plural select: the "msg" of each case named
// by a CLDR category, in CLDR order (zero, one, two, few, many, other), are the
// forms (a case without "msg" gives Python's "None", any other value its
// str(), as the multistring prints them); other cases ("=0") are dropped, and
// an object with no such case fails, as translate-toolkit's empty multistring
// does. A missing translation is empty.
// The document must be an object with a list of message objects in "messages"
// (translate-toolkit fails otherwise).
func init() {
	Register(Info{ID: "gotext", Name: "gotext JSON file", Monolingual: true, MimeType: "application/json", Extension: "json",
		Plurals: PluralsPositional, Detect: jsonDetection}, gotextFormat{jsonFormat{(*jsonUnits).gotext}})
}

// gotextFormat warns of an id given twice (golang/text's extraction writes one
// message per call site): Weblate's DuplicateString alert, the first counting.
type gotextFormat struct{ jsonFormat }

func (f gotextFormat) Parse(data []byte) (*File, error) {
	file, err := f.jsonFormat.Parse(data)
	if err != nil {
		return nil, err
	}
	file.Warnings = duplicateWarnings(file.Units, false)
	return file, nil
}

func (b *jsonUnits) gotext() error {
	root := b.doc.node(b.doc.root)
	if root.kind != jsonObject {
		return notOf(root, "an object with messages")
	}
	top := memberIndex{d: b.doc, ms: b.doc.objMembers(root)}
	msgs, ok := top.get("messages")
	if !ok {
		return &SyntaxError{Line: int(root.line), Msg: "gotext: no \"messages\" (translate-toolkit cannot read this file)"}
	}
	list := b.doc.node(msgs)
	var items []int32
	switch {
	case list.kind == jsonArray:
		items = b.doc.arrElems(list)
	case (list.kind == jsonObject || list.kind == jsonString) && !b.doc.truthy(msgs):
		// Python iterates an empty object or string without complaint.
	default:
		return notOf(list, "a list of messages")
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
				return notOf(vn, "a string id")
			}
			id = b.doc.text(vn)
		}
		u := Unit{Key: contextOf(id), Line: int(n.line)}
		if tr, ok := x.get("translation"); !ok {
			u.Target = oneString(&b.pool, "")
		} else if tn := b.doc.node(tr); tn.kind == jsonObject {
			forms, err := b.gotextForms(tn)
			if err != nil {
				return err
			}
			u.Target, u.Plural = forms, len(forms) > 1
		} else {
			text, err := b.doc.valueText(tr)
			if err != nil {
				return err
			}
			u.Target, u.Blank = oneString(&b.pool, text), b.doc.blank(tr)
		}
		if c, ok := x.get("translatorComment"); ok {
			u.Note = b.doc.note(c, true)
		}
		if p, ok := x.get("placeholders"); ok {
			u.Flags = b.doc.placeholdersFlag(p, true)
		}
		b.units = append(b.units, u)
	}
	return nil
}

// gotextForms reads a plural select: translation.select.cases, the "msg" of
// each CLDR category present, in CLDR order.
func (b *jsonUnits) gotextForms(tn *jsonNode) ([]string, error) {
	x := memberIndex{d: b.doc, ms: b.doc.objMembers(tn)}
	sel, ok := x.get("select")
	if !ok {
		return nil, &SyntaxError{Line: int(tn.line), Msg: "gotext: a translation object without a plural case (translate-toolkit cannot read this file)"}
	}
	sn := b.doc.node(sel)
	if sn.kind != jsonObject {
		return nil, notOf(sn, "an object for select")
	}
	sx := memberIndex{d: b.doc, ms: b.doc.objMembers(sn)}
	cases, ok := sx.get("cases")
	if !ok {
		return nil, &SyntaxError{Line: int(sn.line), Msg: "gotext: a select without a plural case (translate-toolkit cannot read this file)"}
	}
	cn := b.doc.node(cases)
	if cn.kind != jsonObject {
		return nil, notOf(cn, "an object for cases")
	}
	cx := memberIndex{d: b.doc, ms: b.doc.objMembers(cn)}
	var forms []string
	for _, cat := range cldrCategories {
		c, ok := cx.get(cat)
		if !ok {
			continue
		}
		n := b.doc.node(c)
		if n.kind != jsonObject {
			return nil, notOf(n, "an object for case "+cat)
		}
		mx := memberIndex{d: b.doc, ms: b.doc.objMembers(n)}
		m, ok := mx.get("msg")
		if !ok {
			// Python's None, which the multistring prints.
			forms = append(forms, "None")
			continue
		}
		// multistringForms' rule: str() of the value, except that a list after
		// the first form gives its first item (and an empty one fails).
		if mn := b.doc.node(m); len(forms) > 0 && mn.kind == jsonArray {
			if mn.n == 0 {
				return nil, &SyntaxError{Line: int(mn.line), Msg: "a plural form that is an empty list (translate-toolkit cannot read this file)"}
			}
			m = b.doc.elems[mn.first]
		}
		forms = append(forms, b.doc.pyStr(m))
	}
	if forms == nil {
		return nil, &SyntaxError{Line: int(cn.line), Msg: "gotext: a select without a plural case (translate-toolkit cannot read this file)"}
	}
	return forms, nil
}
