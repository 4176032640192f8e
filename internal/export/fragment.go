package export

import (
	"slices"
	"strings"

	"github.com/gitlate/gitlate/internal/formats"
)

// The XLIFF exporters first try to read each string as XLIFF markup (Weblate's
// xliff_string_to_rich, translate-toolkit's parse_xliff: lxml parses
// "<source>" + text + "</source>"); when that works, the string is written as the
// markup it holds, not as escaped text. parseFragment reads a string with the XML
// layer the formats parse files with (formats.ReadXMLContent), which refuses what
// libxml2 refuses, then refuses what translate-toolkit fails on (processing
// instructions, <g> without an id). It returns the content as translate-toolkit's
// placeables would write it back (xml_to_strelem, then strelem_to_xml).

// richItem is text or an element of markup (never a comment or a processing
// instruction once toRich has run).
type richItem = formats.XMLNode

// parseFragment returns the items of s read as XLIFF content, or ok false.
func parseFragment(s string) (items []richItem, ok bool) {
	nodes, ok := formats.ReadXMLContent(s)
	if !ok {
		return nil, false
	}
	return toRich(nodes)
}

// toRich is xml_to_strelem and the placeable makers: a comment is skipped with
// the text that follows it; a processing instruction makes translate-toolkit fail
// (a TypeError, which Weblate catches); <g> needs an id (a KeyError); <x>, <bx>
// and <ex> lose their content, and all their attributes without an id; any other
// element (an UnknownXML) keeps a copy of the node, namespace declarations first,
// as lxml writes them.
func toRich(nodes []formats.XMLNode) ([]richItem, bool) {
	plain := true
	for i := range nodes {
		plain = plain && nodes[i].Kind == formats.XMLText
	}
	if plain {
		return nodes, true // text only: nothing to change
	}
	var out []richItem
	afterComment := false
	for _, n := range nodes {
		switch n.Kind {
		case formats.XMLText:
			if !afterComment {
				out = append(out, n)
			}
			continue
		case formats.XMLComment:
			afterComment = true
			continue
		case formats.XMLPI:
			return nil, false
		}
		afterComment = false
		local := n.Name
		if _, l, ok := strings.Cut(n.Name, ":"); ok {
			local = l
		}
		get := func(name string) (string, bool) {
			for _, a := range n.Attrs {
				if a.Name == name {
					return a.Value, true
				}
			}
			return "", false
		}
		el := richItem{Kind: formats.XMLElement, Name: n.Name}
		switch local {
		case "g":
			id, ok := get("id")
			if !ok {
				return nil, false
			}
			el.Name = "g"
			el.Attrs = mergeAttrs([]formats.XMLAttr{{Name: "id", Value: id}}, n.Attrs)
			kids, ok := toRich(n.Kids)
			if !ok {
				return nil, false
			}
			el.Kids = kids
		case "x", "bx", "ex":
			el.Name = local
			if id, ok := get("id"); ok {
				el.Attrs = []formats.XMLAttr{{Name: "id", Value: id}}
				if xid, ok := get("xid"); ok {
					el.Attrs = append(el.Attrs, formats.XMLAttr{Name: "xid", Value: xid})
				}
				if rid, ok := get("rid"); ok {
					el.Attrs = append(el.Attrs, formats.XMLAttr{Name: "rid", Value: rid})
				}
				el.Attrs = mergeAttrs(el.Attrs, n.Attrs)
			}
		default:
			el.Attrs = append(slices.Clip(n.Decls), n.Attrs...)
			kids, ok := toRich(n.Kids)
			if !ok {
				return nil, false
			}
			el.Kids = kids
		}
		out = append(out, el)
	}
	return out, true
}

// mergeAttrs sets each attribute of add on base, keeping places.
func mergeAttrs(base, add []formats.XMLAttr) []formats.XMLAttr {
	for _, a := range add {
		found := false
		for i := range base {
			if base[i].Name == a.Name {
				base[i].Value = a.Value
				found = true
			}
		}
		if !found {
			base = append(base, a)
		}
	}
	return base
}

// writeRich is strelem_to_xml: text joins the node's text or its last child's
// tail, elements are appended.
func writeRich(parent *xnode, items []richItem) {
	for _, it := range items {
		switch {
		case it.Kind == formats.XMLElement:
			n := newNode(it.Name)
			n.attrs = make([]xattr, len(it.Attrs))
			for i, a := range it.Attrs {
				n.attrs[i] = xattr{a.Name, a.Value}
			}
			parent.append(n)
			writeRich(n, it.Kids)
		default:
			appendText(parent, it.Text)
		}
	}
}

func appendText(n *xnode, s string) {
	if len(n.kids) == 0 {
		if n.text == nil || *n.text == "" {
			n.setText(s)
		} else {
			n.setText(*n.text + s)
		}
		return
	}
	last := n.kids[len(n.kids)-1]
	if last.tail == nil {
		last.tail = &s
	} else {
		t := *last.tail + s
		last.tail = &t
	}
}
