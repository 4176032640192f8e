//go:build ignore

// trim.go makes the trimmed corpora of this folder from the full ones (see
// SOURCE.md). Run from the repository root:
//
//	rm -rf internal/testutil/corpora/testdata/{newpipe,fdroidclient,slicer-glossary}
//	go run internal/testutil/corpora/testdata/trim.go DIR/corpora internal/testutil/corpora/testdata
//
// where DIR/corpora holds the full corpora.
//
// It copies the files of the languages listed below and, in each, keeps only
// some top-level elements, byte for byte: the bytes before the first element
// and after the last stay as they are, and each kept element keeps the white
// space and comments just before it. Nothing inside an element is changed.
//
// Android (strings.xml): the kept names are those of the template's first
// firstNames <string>/<plurals> elements, of its first firstPlurals <plurals>,
// and of every translatable="false" or empty element of the template. Every
// file keeps the elements (of any kind) with a kept name, in its own order
// (repeats included), and the first element whose name the template lacks.
//
// TBX: the kept terms are the first firstTerms source terms of de.tbx, its
// first firstIDs terms of a <termEntry id=...>, and, for every listed file, its
// first extraTerms source terms de.tbx lacks. Every file keeps the termEntries
// whose source term (the first <term>'s text) is kept.
package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

const (
	firstNames   = 30
	firstPlurals = 4
	firstTerms   = 10
	firstIDs     = 3
	extraTerms   = 2
)

var languages = map[string][]string{
	"newpipe": {"ace", "ang", "ar", "ar-rLY", "ars", "b+ast", "b+uz+Latn", "ber", "bn", "bn-rBD", "bn-rIN",
		"ckb", "cs", "de", "dum", "en-rGB", "enm", "frc", "he", "in", "ja", "ji", "kmr", "ko", "nb-rNO",
		"nl-rBE", "pa-rPK", "pt", "pt-rBR", "pt-rPT", "ru", "ryu", "sat", "tok", "tzm", "und", "vmf",
		"zh-rCN", "zh-rHK", "zh-rTW"},
	"fdroidclient": {"af", "ar", "ast", "b+hi+Latn", "bn-rBD", "bo", "brh", "cs", "de", "es", "es-rAR",
		"es-rMX", "id", "ja", "kab", "nah", "nb", "nl-rBE", "pa-rPK", "pt", "pt-rBR", "pt-rPT", "ru",
		"uz", "yue", "zh-rCN", "zh-rHK", "zh-rTW"},
	"slicer-glossary": {"af", "ar", "ar_SA", "ca", "cs", "de", "en_US", "es_419", "fr", "he", "he_IL",
		"hu", "nb_NO", "ota", "pt_BR", "sgn", "sr_SP", "zgh", "zh_Hans", "zh_Hant"},
}

// element is one top-level element of the root: its bytes with the white space
// and comments before it (doc[start:end]), its tag and name attribute, and
// for TBX its first <term>'s text and whether it has an id.
type element struct {
	start, end int
	tag, name  string
	attrs      map[string]string
	empty      bool // no text content at all
	term       string
	hasID      bool
}

// parse returns the elements of the body: for Android the children of
// <resources>, for TBX the <termEntry> elements (at any depth), and the offset
// just after the last one.
func parse(doc []byte, tbx bool) (els []element, tail int, err error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = false
	depth := 0
	var cur *element
	curDepth := 0
	prevEnd := -1 // end of the previous element, or -1 before the first
	inTerm, termDone := false, false
	for {
		before := int(d.InputOffset())
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			depth++
			isUnit := (!tbx && depth == 2) || (tbx && cur == nil && tok.Name.Local == "termEntry")
			if isUnit {
				start := prevEnd
				if start < 0 {
					start = before
					// the white space and comments before the first element stay in the head
				}
				cur = &element{start: start, tag: tok.Name.Local, attrs: map[string]string{}, empty: true}
				curDepth = depth
				for _, a := range tok.Attr {
					cur.attrs[a.Name.Local] = a.Value
					if a.Name.Local == "name" {
						cur.name = a.Value
					}
					if a.Name.Local == "id" {
						cur.hasID = true
					}
				}
				inTerm, termDone = false, false
			} else if cur != nil && tok.Name.Local == "term" && !termDone {
				inTerm = true
			}
		case xml.EndElement:
			if cur != nil && tok.Name.Local == "term" && inTerm {
				inTerm, termDone = false, true
			}
			if cur != nil && depth == curDepth {
				cur.end = int(d.InputOffset())
				els = append(els, *cur)
				prevEnd = cur.end
				cur = nil
			}
			depth--
		case xml.CharData:
			if cur != nil {
				if len(bytes.TrimSpace(tok)) > 0 {
					cur.empty = false
				}
				if inTerm {
					cur.term += string(tok)
				}
			}
		}
	}
	return els, prevEnd, nil
}

// write writes the document with the elements keep picks.
func write(path string, doc []byte, els []element, tail int, keep func(i int, e element) bool) error {
	var b bytes.Buffer
	if len(els) == 0 { // an empty <resources/>: copied as it is
		b.Write(doc)
	} else {
		b.Write(doc[:els[0].start])
	}
	for i, e := range els {
		if keep(i, e) {
			b.Write(doc[e.start:e.end])
		}
	}
	if len(els) > 0 {
		b.Write(doc[tail:])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func android(from, to, corpus string) error {
	res := filepath.Join("app", "src", "main", "res")
	read := func(dir string) ([]byte, []element, int, error) {
		doc, err := os.ReadFile(filepath.Join(from, corpus, res, dir, "strings.xml"))
		if err != nil {
			return nil, nil, 0, err
		}
		els, tail, err := parse(doc, false)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("%s/%s: %v", corpus, dir, err)
		}
		return doc, els, tail, nil
	}
	doc, els, tail, err := read("values")
	if err != nil {
		return err
	}
	inTemplate, keepName := map[string]bool{}, map[string]bool{}
	units, plurals := 0, 0
	for _, e := range els {
		inTemplate[e.name] = true
		if e.tag != "string" && e.tag != "plurals" {
			continue
		}
		if units < firstNames {
			keepName[e.name] = true
		}
		units++
		if e.tag == "plurals" && plurals < firstPlurals {
			keepName[e.name] = true
			plurals++
		}
		if e.attrs["translatable"] == "false" || e.empty {
			keepName[e.name] = true
		}
	}
	keep := func(_ int, e element) bool { return keepName[e.name] }
	if err := write(filepath.Join(to, corpus, res, "values", "strings.xml"), doc, els, tail, keep); err != nil {
		return err
	}
	for _, l := range languages[corpus] {
		doc, els, tail, err := read("values-" + l)
		if err != nil {
			return err
		}
		stray := false
		keep := func(_ int, e element) bool {
			if !inTemplate[e.name] && !stray {
				stray = true
				return true
			}
			return keepName[e.name]
		}
		if err := write(filepath.Join(to, corpus, res, "values-"+l, "strings.xml"), doc, els, tail, keep); err != nil {
			return err
		}
	}
	return nil
}

func glossary(from, to, corpus string) error {
	type file struct {
		doc  []byte
		els  []element
		tail int
	}
	files := map[string]file{}
	read := func(l string) (file, error) {
		doc, err := os.ReadFile(filepath.Join(from, corpus, "glossary", l+".tbx"))
		if err != nil {
			return file{}, err
		}
		els, tail, err := parse(doc, true)
		if err != nil {
			return file{}, fmt.Errorf("%s/%s: %v", corpus, l, err)
		}
		return file{doc, els, tail}, nil
	}
	de, err := read("de")
	if err != nil {
		return err
	}
	keepTerm, inDE := map[string]bool{}, map[string]bool{}
	terms, ids := 0, 0
	for _, e := range de.els {
		inDE[e.term] = true
		if !keepTerm[e.term] && terms < firstTerms {
			keepTerm[e.term] = true
			terms++
		}
		if e.hasID && ids < firstIDs {
			keepTerm[e.term] = true
			ids++
		}
	}
	for _, l := range languages[corpus] {
		f, err := read(l)
		if err != nil {
			return err
		}
		files[l] = f
		extra := 0
		for _, e := range f.els {
			if !inDE[e.term] && !keepTerm[e.term] && extra < extraTerms {
				keepTerm[e.term] = true
				extra++
			}
		}
	}
	for _, l := range languages[corpus] {
		f := files[l]
		keep := func(_ int, e element) bool { return keepTerm[e.term] }
		if err := write(filepath.Join(to, corpus, "glossary", l+".tbx"), f.doc, f.els, f.tail, keep); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run trim.go FULL_CORPORA_DIR OUT_DIR")
		os.Exit(2)
	}
	from, to := os.Args[1], os.Args[2]
	for _, c := range []string{"newpipe", "fdroidclient"} {
		if err := android(from, to, c); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := glossary(from, to, "slicer-glossary"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(strings.Join([]string{"trimmed into", to}, " "))
}
