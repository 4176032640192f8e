package formats

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDetections: every family discovery reads from the registry is whole: its
// default format is one of its own, its extensions are written as discovery
// compares them, its code shape compiles, and no two families claim the same
// files.
func TestDetections(t *testing.T) {
	t.Parallel()
	members := map[*Detection][]string{}
	for _, id := range IDs() {
		info, _ := Lookup(id)
		if info.Detect != nil {
			members[info.Detect] = append(members[info.Detect], id)
		}
	}
	families := Detections()
	if len(families) != len(members) {
		t.Errorf("%d families listed, %d given in the registry", len(families), len(members))
	}
	claimed := map[string]*Detection{} // extension, prefix and folder → family
	for _, d := range families {
		ids := members[d]
		if !slices.Contains(ids, d.Default) {
			t.Errorf("%s: default %q is not one of its formats %v", d.Name, d.Default, ids)
		}
		for _, id := range ids {
			info, _ := Lookup(id)
			if info.Monolingual != d.Monolingual() {
				t.Errorf("%s: %s is monolingual=%v, the family %v", d.Name, id, info.Monolingual, d.Monolingual())
			}
		}
		for _, ext := range d.Extensions {
			if !strings.HasPrefix(ext, ".") || ext != strings.ToLower(ext) {
				t.Errorf("%s: extension %q is not lower case with its dot", d.Name, ext)
			}
			key := ext + " " + d.Prefix + " " + d.Folder
			if other := claimed[key]; other != nil {
				t.Errorf("%s and %s both claim %s files", d.Name, other.Name, ext)
			}
			claimed[key] = d
		}
		if d.Prefix != strings.ToLower(d.Prefix) {
			t.Errorf("%s: prefix %q is not lower case", d.Name, d.Prefix)
		}
		if d.CodeShape != "" {
			if _, err := regexp.Compile(d.CodeShape); err != nil {
				t.Errorf("%s: %v", d.Name, err)
			}
		}
		if !d.Monolingual() && d.Lproj {
			t.Errorf("%s: a bilingual family has no template to find in Base.lproj", d.Name)
		}
	}
}

// TestChooseRegistered: each family's Choose, on small samples of its
// formats; "" where the file is not of the family.
func TestChooseRegistered(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		id   string
		s    Sample
		want string
	}{
		{"json", Sample{Data: []byte(`{"a": "A"}`), Mask: "l/*.json", Path: "l/en.json"}, "json"},
		{"json", Sample{Data: []byte(`{"a": "A"}`), Mask: "x/_locales/*/messages.json", Path: "x/_locales/en/messages.json"}, "webextension"},
		// Go's gotext writes "language", translation-finder looks for "lang".
		{"json", Sample{Data: []byte(`{"language": "de", "messages": [{"id": "Hello", "message": "Hello", "translation": "Hallo"}]}`), Mask: "locales/*/out.gotext.json", Path: "locales/de/out.gotext.json"}, "gotext"},
		{"json", Sample{Data: []byte(`{"lang": "de", "messages": []}`), Mask: "l/*.json", Path: "l/de.json"}, "gotext"},
		{"yaml", Sample{Data: []byte("en:\n  a: A\n"), Mask: "c/*.yml", Path: "c/en.yml"}, "ruby-yaml"},
		{"yaml", Sample{Data: []byte("de:\n  a: A\n"), Mask: "config/locales/*/*.yml", Path: "config/locales/de/de.yml"}, "ruby-yaml"},
		{"strings", Sample{Data: []byte("\xff\xfe\"\x00")}, "strings"},
		{"properties", Sample{Data: []byte("a=b\n"), Files: [][]byte{[]byte("a=b\n"), []byte("a=\xc3\xa9\n")}}, "properties-utf8"},
		{"ts", Sample{Data: []byte("<?xml version=\"1.0\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\">")}, "ts"},
		{"ts", Sample{Data: []byte("export const x: Array<TS> = [];\n")}, ""},
		{"xliff", Sample{Data: []byte(`<xliff><file><body><trans-unit id="a"><source>A</source></trans-unit></body></file></xliff>`)}, "plainxliff"},
	} {
		info, _ := Lookup(tt.id)
		if got := info.Detect.Choose(&tt.s); got != tt.want {
			t.Errorf("%s family on %q: %q, want %q", tt.id, tt.s.Data, got, tt.want)
		}
	}
}

// TestI18nextEvidence: i18next is chosen only for files that hold what
// i18next alone reads: plural groups with the source language's forms, v3's
// key_plural or key_0/key_1 pairs, nesting or i18next's own interpolation.
func TestI18nextEvidence(t *testing.T) {
	t.Parallel()
	tests := []struct {
		data, source, want string
	}{
		// Keys that end in a category by chance, with no _other.
		{`{"l": {"crowfoot_many": "a", "crowfoot_one": "b", "crowfoot_one_or_many": "c"}}`, "en", "json-nested"},
		{`{"crowfoot_many": "a", "crowfoot_one": "b"}`, "en", "json"},
		// A bare "{{name}}" is every template engine's.
		{`{"l": {"n_one": "{{count}} x"}, "size": "at most {{maxSize}}"}`, "en", "json-nested"},
		// An _other without English's one.
		{`{"n_other": "{{count}} xs", "n_many": "many"}`, "en", "json"},
		{`{"x": {"n_one": "a", "n_other": "b"}}`, "en", "i18nextv4"},
		// Japanese has the one form "other".
		{`{"n_other": "{{count}} 件"}`, "ja", "i18nextv4"},
		{`{"n_other": "{{count}} xs"}`, "en", "json"},
		{`{"n": "{{count}} x", "n_plural": "{{count}} xs"}`, "en", "i18next"},
		{`{"d_0": "a", "d_1": "b"}`, "en", "i18next"},
		{`{"lonely_plural": "no singular"}`, "en", "json"},
		{`{"a": "see $t(b)", "b": "B"}`, "en", "i18next"},
		{`{"a": "<b>{{- name}}</b>"}`, "en", "i18next"},
		{`{"a": "{{n, number}} items"}`, "en", "i18next"},
		// Other choices pass through.
		{`{"a": "A"}`, "en", "webextension"},
	}
	for _, tt := range tests {
		mask := "l/*.json"
		if tt.want == "webextension" {
			mask = "x/_locales/*/messages.json"
		}
		if got := chooseJSON(&Sample{Data: []byte(tt.data), Path: "l/en.json", Mask: mask, SourceLanguage: tt.source}); got != tt.want {
			t.Errorf("%s (%s): %s, want %s", tt.data, tt.source, got, tt.want)
		}
	}
}
