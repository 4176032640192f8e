// Package jsondoc is the one JSON writer of the API's rendered documents and the change log's stored ones — strings escaped as Python's json.dumps(ensure_ascii=False) escapes them — with the marks a stored document keeps where each request puts its base URL and ?format= suffix.
package jsondoc

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// Marks a stored document holds where a request's own text goes. JSON text never
// holds these bytes raw (AppendText escapes every control character), so a mark is
// never mistaken for content.
const (
	// MarkBase stands for the base URL ("http://host[/prefix]"), escaped for JSON.
	MarkBase byte = 0x01
	// MarkFormatQ stands for "?format=…" when the request asked for a format, else nothing.
	MarkFormatQ byte = 0x02
	// MarkFormatAmp stands for "&format=…": the URL already has a query.
	MarkFormatAmp byte = 0x03
	// MarkID stands for the document's own id (a change's), which the store gives
	// when it stores the document: stored documents do not depend on it.
	MarkID byte = 0x04
)

const hexDigits = "0123456789abcdef"

// AppendText appends s escaped for a JSON string as Django REST framework's
// JSONRenderer writes it: Python's json.dumps with ensure_ascii=False (non-ASCII
// kept, <>& kept, control characters escaped, invalid UTF-8 replaced by U+FFFD),
// then U+2028 and U+2029 escaped by the renderer.
func AppendText(dst []byte, s string) []byte { return appendText(dst, s, true) }

// AppendPython appends s escaped as Python's json.dumps(s, ensure_ascii=False)
// escapes it, without quotes: what translate-toolkit writes into JSON files and
// placeholder flags, where U+2028 and U+2029 stay as they are.
func AppendPython(dst []byte, s string) []byte { return appendText(dst, s, false) }

func appendText(dst []byte, s string, drf bool) []byte {
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\ufffd"...)
			i += size
			start = i
			continue
		}
		if drf && (r == '\u2028' || r == '\u2029') {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// FormatTime writes a time as Django REST framework writes a DateTimeField in UTC:
// microseconds, "Z".
func FormatTime(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000Z")
}

// Writer writes a JSON document into memory: objects key by key in the order the
// caller gives, which keeps a serializer's field order, strings escaped by
// AppendText. The change log's stored documents and the API's rendered ones are
// both written with it; each marks its internal URLs its own way (URL and IDURL
// write the marks of a stored document, the API records holes beside Buf).
type Writer struct {
	// Buf is the document written so far. A value of a kind Writer does not
	// write is appended to it after Sep.
	Buf   []byte
	comma []bool // per open container: does the next value need a comma?
}

// Sep writes the comma a value needs before it, if any.
func (w *Writer) Sep() {
	if n := len(w.comma); n > 0 {
		if w.comma[n-1] {
			w.Buf = append(w.Buf, ',')
		}
		w.comma[n-1] = true
	}
}

func (w *Writer) open(c byte) {
	w.Sep()
	w.Buf = append(w.Buf, c)
	w.comma = append(w.comma, false)
}

func (w *Writer) close(c byte) {
	w.Buf = append(w.Buf, c)
	w.comma = w.comma[:len(w.comma)-1]
}

// Obj opens an object, End closes it.
func (w *Writer) Obj() { w.open('{') }

// End closes the innermost object.
func (w *Writer) End() { w.close('}') }

// Arr opens an array, EndArr closes it.
func (w *Writer) Arr() { w.open('[') }

// EndArr closes the innermost array.
func (w *Writer) EndArr() { w.close(']') }

// Key writes an object key; the value that follows adds no comma.
func (w *Writer) Key(k string) {
	w.Sep()
	w.Buf = append(w.Buf, '"')
	w.Buf = AppendText(w.Buf, k)
	w.Buf = append(w.Buf, '"', ':')
	w.comma[len(w.comma)-1] = false
}

// Str writes a string.
func (w *Writer) Str(s string) {
	w.Sep()
	w.Buf = append(w.Buf, '"')
	w.Buf = AppendText(w.Buf, s)
	w.Buf = append(w.Buf, '"')
}

// Int writes an integer.
func (w *Writer) Int(i int64) {
	w.Sep()
	w.Buf = strconv.AppendInt(w.Buf, i, 10)
}

// Bool writes true or false.
func (w *Writer) Bool(b bool) {
	w.Sep()
	w.Buf = strconv.AppendBool(w.Buf, b)
}

// Null writes null.
func (w *Writer) Null() {
	w.Sep()
	w.Buf = append(w.Buf, "null"...)
}

// URL writes an internal URL: the base URL's mark, path (which starts with "/"),
// and the mark of the format suffix.
func (w *Writer) URL(path string) {
	w.Sep()
	w.Buf = append(w.Buf, '"', MarkBase)
	w.Buf = AppendText(w.Buf, path)
	mark := MarkFormatQ
	for i := 0; i < len(path); i++ {
		if path[i] == '?' {
			mark = MarkFormatAmp
			break
		}
	}
	w.Buf = append(w.Buf, mark, '"')
}

// ID writes the document's own id (MarkID) as a number.
func (w *Writer) ID() {
	w.Sep()
	w.Buf = append(w.Buf, MarkID)
}

// IDURL writes an internal URL made of prefix, the document's own id and suffix.
func (w *Writer) IDURL(prefix, suffix string) {
	w.Sep()
	w.Buf = append(w.Buf, '"', MarkBase)
	w.Buf = AppendText(w.Buf, prefix)
	w.Buf = append(w.Buf, MarkID)
	w.Buf = AppendText(w.Buf, suffix)
	w.Buf = append(w.Buf, MarkFormatQ, '"')
}

// Bytes returns the document written so far, in memory of its own; the Writer
// starts a new one.
func (w *Writer) Bytes() []byte {
	out := append([]byte(nil), w.Buf...)
	w.Reset()
	return out
}

// Reset starts a new document, keeping the Writer's memory.
func (w *Writer) Reset() { w.Buf, w.comma = w.Buf[:0], w.comma[:0] }

// Fill appends a stored document with its marks replaced: baseJSON is the base URL
// already escaped for JSON, formatJSON the ?format= value escaped ("" when the
// request asked for none), id the document's id.
func Fill(dst, stored []byte, baseJSON, formatJSON string, id int) []byte {
	last := 0
	for i, b := range stored {
		if b > MarkID {
			continue
		}
		dst = append(dst, stored[last:i]...)
		last = i + 1
		switch b {
		case MarkBase:
			dst = append(dst, baseJSON...)
		case MarkFormatQ:
			if formatJSON != "" {
				dst = append(dst, "?format="...)
				dst = append(dst, formatJSON...)
			}
		case MarkFormatAmp:
			if formatJSON != "" {
				dst = append(dst, "&format="...)
				dst = append(dst, formatJSON...)
			}
		case MarkID:
			dst = strconv.AppendInt(dst, int64(id), 10)
		default: // 0x00 is never written
			dst = append(dst, b)
		}
	}
	return append(dst, stored[last:]...)
}
