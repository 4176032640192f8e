package formats

import (
	"encoding/binary"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16Bytes is s in UTF-16 of the given byte order, after bom (raw bytes).
func utf16Bytes(s string, big bool, bom string) string {
	var order binary.AppendByteOrder = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	b := []byte(bom)
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return string(b)
}

const (
	bomLE = "\xff\xfe"
	bomBE = "\xfe\xff"
)

func xmlDecl(enc string) string { return `<?xml version="1.0" encoding="` + enc + `"?>` + "\n" }

// encodingBody is an Android file with a character beyond U+FFFF on its third line.
const encodingBody = "<resources>\n<string name=\"k\">h\u00e9 \U0001F9D8</string>\n<string name=\"l\">x</string>\n</resources>\n"

// encodingCases are documents in UTF-16 and their fate in libxml2 2.9.14 (lxml
// 4.9.2, which translate-toolkit parses with): translated, they give the units of
// the same text in UTF-8, or fail. TestTTKEncodings checks every row against
// translate-toolkit.
var encodingCases = []struct {
	name string
	doc  string
	ok   bool
}{
	{"little-endian with a byte order mark, labelled UTF-16", utf16Bytes(xmlDecl("utf-16")+encodingBody, false, bomLE), true},
	{"little-endian with a byte order mark, unlabelled", utf16Bytes(encodingBody, false, bomLE), true},
	{"big-endian with a byte order mark, unlabelled", utf16Bytes(encodingBody, true, bomBE), true},
	{"big-endian with a byte order mark, labelled UTF-16", utf16Bytes(xmlDecl("UTF-16")+encodingBody, true, bomBE), true},
	{"little-endian without a byte order mark, labelled UTF-16", utf16Bytes(xmlDecl("UTF-16")+encodingBody, false, ""), true},
	{"big-endian without a byte order mark, labelled UTF-16", utf16Bytes(xmlDecl("UTF-16")+encodingBody, true, ""), true},
	{"little-endian labelled with its byte order", utf16Bytes(xmlDecl("UTF-16LE")+encodingBody, false, ""), true},
	{"big-endian labelled with its byte order", utf16Bytes(xmlDecl("utf-16be")+encodingBody, true, ""), true},
	{"UTF-16 labelled UTF-8 (libxml2 keeps reading UTF-16)", utf16Bytes(xmlDecl("UTF-8")+encodingBody, false, bomLE), true},
	{"UTF-16 with CRLF line ends", utf16Bytes(xmlDecl("UTF-16")+strings.ReplaceAll(encodingBody, "\n", "\r\n"), false, bomLE), true},
	{"an odd last byte is ignored", utf16Bytes(encodingBody, false, bomLE) + "\x00", true},
	{"little-endian labelled big-endian", utf16Bytes(xmlDecl("UTF-16BE")+encodingBody, false, ""), false},
	{"little-endian with a byte order mark, labelled big-endian", utf16Bytes(xmlDecl("UTF-16BE")+encodingBody, false, bomLE), false},
	{"UTF-16 labelled something else", utf16Bytes(xmlDecl("ISO-8859-1")+encodingBody, false, bomLE), false},
	{"UTF-8 labelled UTF-16", xmlDecl("UTF-16") + encodingBody, false},
	{"UTF-8 with a byte order mark, labelled UTF16", "\xef\xbb\xbf" + xmlDecl("UTF16") + encodingBody, false},
	{"little-endian without a byte order mark or declaration", utf16Bytes(encodingBody, false, ""), false},
	{"a lone surrogate", utf16Bytes(encodingBody, false, bomLE)[:40] + "\x3d\xd8" + utf16Bytes(encodingBody, false, "")[38:], false},
	{"a second byte order mark", utf16Bytes("\ufeff"+encodingBody, false, bomLE), false},
	{"a NUL character", utf16Bytes(strings.Replace(encodingBody, "x", "\x00", 1), false, bomLE), false},
	{"white space before the declaration", utf16Bytes(" "+xmlDecl("UTF-16")+encodingBody, false, bomLE), false},
}

func TestUTF16(t *testing.T) {
	want, err := androidFormat{}.Parse([]byte(encodingBody))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range encodingCases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.doc)
			got, err := androidFormat{}.Parse(data)
			compareStream(t, data, got, err)
			ref, rerr := refAndroidParse(data)
			compareWithReference(t, data, got, err, ref, rerr)
			if !c.ok {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Line < 1 {
					t.Fatalf("Parse: %v, want a *SyntaxError", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			// An XML declaration moves the lines down; the rest is the UTF-8 file's.
			if len(got.Units) != len(want.Units) {
				t.Fatalf("units %#v, want %#v", got.Units, want.Units)
			}
			for i := range got.Units {
				g, w := got.Units[i], want.Units[i]
				g.Line, w.Line = 0, 0
				if !reflect.DeepEqual(g, w) {
					t.Errorf("unit %d: %#v, want %#v", i, g, w)
				}
			}
		})
	}
}

// TestUTF16Lines: an error in a UTF-16 document names the line of the text.
func TestUTF16Lines(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		line      int
	}{
		{"a mismatched end tag", utf16Bytes("<resources>\n<string name=\"a\">x</string>\n<string name=\"b\">y</strin>\n</resources>", false, bomLE), 3},
		{"a lone surrogate", utf16Bytes("<resources>\n<string name=\"a\">x</string>\n<string name=\"b\">", true, bomBE) + "\xdc\x00" + utf16Bytes("</string></resources>", true, ""), 3},
	} {
		_, err := androidFormat{}.Parse([]byte(c.doc))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != c.line {
			t.Errorf("%s: error %v, want one on line %d", c.name, err, c.line)
		}
	}
}

func TestUTF16TBX(t *testing.T) {
	doc := `<martif><termEntry id="a"><langSet><term>h\u00e9</term></langSet><langSet><term>` + "\U0001F9D8" + `</term></langSet></termEntry></martif>`
	want, err := tbxFormat{}.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, big := range []bool{false, true} {
		bom := bomLE
		if big {
			bom = bomBE
		}
		got, err := tbxFormat{}.Parse([]byte(utf16Bytes(doc, big, bom)))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("UTF-16 (big-endian %v): %#v, %v; want %#v", big, got, err, want)
		}
	}
}

func TestTTKEncodings(t *testing.T) {
	t.Parallel()
	requireTTK(t)
	var docs []string
	var fails []bool
	for _, c := range encodingCases {
		docs = append(docs, c.doc)
		fails = append(fails, !c.ok)
	}
	var reqs []ttkRequest
	for _, d := range docs {
		reqs = append(reqs, docRequest("aresource-bytes", d, "en"))
	}
	for i, r := range runTTK(t, reqs) {
		if (r.Error != "") != fails[i] {
			t.Errorf("%s: translate-toolkit error %q, the table says failing is %v", encodingCases[i].name, r.Error, fails[i])
		}
	}
	compareAndroidDocs(t, docs)
}
