package api

import (
	"strconv"
	"unicode/utf8"
)

// A doc is a JSON document rendered once per snapshot, with holes where each request
// puts its own base URL and, for ?format=, the format suffix of every internal URL.
// Rendering once and filling holes keeps the hot handlers free of per-request
// marshalling and of aggregation over units.
type doc struct {
	buf   []byte
	holes []hole
}

type holeKind uint8

const (
	holeBase     holeKind = iota // the base URL ("http://host[/prefix]")
	holeFormatQ                  // "?format=api" when asked for, else nothing
	holeFormatAm                 // "&format=api": the URL already has a query
)

type hole struct {
	at   int // offset in buf
	kind holeKind
}

// urlParams is what a request puts into the holes.
type urlParams struct {
	base   string
	format string // "" or the ?format= value to propagate ("api", "json")
}

// appendTo writes the document with the holes filled.
func (d *doc) appendTo(dst []byte, p urlParams) []byte {
	last := 0
	for _, h := range d.holes {
		dst = append(dst, d.buf[last:h.at]...)
		last = h.at
		switch h.kind {
		case holeBase:
			dst = appendJSONText(dst, p.base)
		case holeFormatQ:
			if p.format != "" {
				dst = append(dst, "?format="...)
				dst = appendJSONText(dst, p.format)
			}
		case holeFormatAm:
			if p.format != "" {
				dst = append(dst, "&format="...)
				dst = appendJSONText(dst, p.format)
			}
		}
	}
	return append(dst, d.buf[last:]...)
}

// size is the document's length without the holes' contents, for buffer sizing.
func (d *doc) size(p urlParams) int {
	n := len(d.buf) + len(d.holes)*len(p.base)
	if p.format != "" {
		n += len(d.holes) * 8
	}
	return n
}

// enc builds docs. Objects are written key by key in the order the caller gives,
// which is how Weblate's field order is kept.
type enc struct {
	d     doc
	comma []bool // per open container: does the next value need a comma?
}

func (e *enc) sep() {
	if n := len(e.comma); n > 0 {
		if e.comma[n-1] {
			e.d.buf = append(e.d.buf, ',')
		}
		e.comma[n-1] = true
	}
}

func (e *enc) open(c byte) {
	e.sep()
	e.d.buf = append(e.d.buf, c)
	e.comma = append(e.comma, false)
}

func (e *enc) close(c byte) {
	e.d.buf = append(e.d.buf, c)
	e.comma = e.comma[:len(e.comma)-1]
}

func (e *enc) obj()    { e.open('{') }
func (e *enc) end()    { e.close('}') }
func (e *enc) arr()    { e.open('[') }
func (e *enc) endArr() { e.close(']') }

// key writes an object key; the value that follows must not add a comma.
func (e *enc) key(k string) {
	e.sep()
	e.d.buf = append(e.d.buf, '"')
	e.d.buf = appendJSONText(e.d.buf, k)
	e.d.buf = append(e.d.buf, '"', ':')
	e.comma[len(e.comma)-1] = false
}

func (e *enc) str(s string) {
	e.sep()
	e.d.buf = append(e.d.buf, '"')
	e.d.buf = appendJSONText(e.d.buf, s)
	e.d.buf = append(e.d.buf, '"')
}

func (e *enc) int(i int64) {
	e.sep()
	e.d.buf = strconv.AppendInt(e.d.buf, i, 10)
}

// pct writes a percentage with one decimal, always ("100.0", never "100").
func (e *enc) pct(f float64) {
	e.sep()
	e.d.buf = strconv.AppendFloat(e.d.buf, f, 'f', 1, 64)
}

func (e *enc) boolean(b bool) {
	e.sep()
	e.d.buf = strconv.AppendBool(e.d.buf, b)
}

func (e *enc) null() {
	e.sep()
	e.d.buf = append(e.d.buf, "null"...)
}

// url writes an internal URL: the base URL, then path (which starts with "/"), then
// the format suffix when the request asked for one.
func (e *enc) url(path string) {
	e.sep()
	e.d.buf = append(e.d.buf, '"')
	e.d.holes = append(e.d.holes, hole{len(e.d.buf), holeBase})
	e.d.buf = appendJSONText(e.d.buf, path)
	kind := holeFormatQ
	for i := 0; i < len(path); i++ {
		if path[i] == '?' {
			kind = holeFormatAm
			break
		}
	}
	e.d.holes = append(e.d.holes, hole{len(e.d.buf), kind})
	e.d.buf = append(e.d.buf, '"')
}

// urlOrNull writes url(path), or null for "".
func (e *enc) urlOrNull(path string) {
	if path == "" {
		e.null()
		return
	}
	e.url(path)
}

// strOrNull writes s, or null for "".
func (e *enc) strOrNull(s string) {
	if s == "" {
		e.null()
		return
	}
	e.str(s)
}

// raw splices a rendered document in as a value.
func (e *enc) raw(d *doc) {
	e.sep()
	off := len(e.d.buf)
	e.d.buf = append(e.d.buf, d.buf...)
	for _, h := range d.holes {
		e.d.holes = append(e.d.holes, hole{h.at + off, h.kind})
	}
}

// done returns the built document.
func (e *enc) done() *doc {
	d := e.d
	e.d = doc{}
	return &d
}

const hexDigits = "0123456789abcdef"

// appendJSONText appends s escaped for a JSON string, as Python's json.dumps with
// ensure_ascii=False does it: non-ASCII kept, <>& kept, control characters and
// U+2028/U+2029 escaped, invalid UTF-8 replaced by U+FFFD.
func appendJSONText(dst []byte, s string) []byte {
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
		if r == '\u2028' || r == '\u2029' {
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
