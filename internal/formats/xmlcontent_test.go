package formats

import (
	"reflect"
	"testing"
)

func TestReadXMLContent(t *testing.T) {
	t.Parallel()
	el := func(name string, attrs, decls []XMLAttr, kids ...XMLNode) XMLNode {
		return XMLNode{Kind: XMLElement, Name: name, Attrs: attrs, Decls: decls, Kids: kids}
	}
	text := func(s string) XMLNode { return XMLNode{Kind: XMLText, Text: s} }
	cases := []struct {
		in   string
		want []XMLNode // nil with ok false: refused
		ok   bool
	}{
		{"", nil, true},
		{"plain", []XMLNode{text("plain")}, true},
		// Line ends normalized, references replaced, CDATA joined to the text
		// around it, an empty CDATA section adding nothing.
		{"a\r\nb\rc &amp; &#x263A;<![CDATA[<x>]]><![CDATA[]]>", []XMLNode{text("a\nb\nc & ☺<x>")}, true},
		{`<g id="1" ctype="x&#9;y	z"><b/>t</g><!-- c -->u<?pi d?>`, []XMLNode{
			el("g", []XMLAttr{{"id", "1"}, {"ctype", "x\ty z"}}, nil, el("b", nil, nil), text("t")),
			{Kind: XMLComment}, text("u"), {Kind: XMLPI},
		}, true},
		{`<q:z xmlns:q="urn:q" q:a="1">in</q:z>`, []XMLNode{
			el("q:z", []XMLAttr{{"q:a", "1"}}, []XMLAttr{{"xmlns:q", "urn:q"}}, text("in")),
		}, true},
		// What libxml2 refuses (lxml raises XMLSyntaxError on each).
		{"<p:a/>", nil, false},           // an undeclared prefix
		{`<a xmlns:p=""/>`, nil, false},  // an empty namespace for a prefix
		{`<a b="1" b="2"/>`, nil, false}, // a repeated attribute
		{"a]]>b", nil, false},
		{"&nbsp;", nil, false}, // no DTD declares it
		{"&#0;", nil, false},
		{"bell\x07", nil, false},
		{"\xff", nil, false},
		{"<b>", nil, false},
		{"</i>", nil, false},
		{"a</source><source>b", nil, false},
		{"<?xml version='1.0'?>", nil, false},
		{"<!DOCTYPE x>", nil, false},
	}
	for _, c := range cases {
		got, ok := ReadXMLContent(c.in)
		if ok != c.ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %v %+v, want %v %+v", c.in, ok, got, c.ok, c.want)
		}
	}
}
