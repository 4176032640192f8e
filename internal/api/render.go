package api

import (
	"encoding/binary"

	"github.com/cespare/xxhash/v2"

	"github.com/gitlate/gitlate/internal/jsondoc"
	"github.com/gitlate/gitlate/internal/weblate"
)

// A doc is a JSON document rendered once per snapshot, with holes where each request
// puts its own base URL and, for ?format=, the format suffix of every internal URL.
// Rendering once and filling holes keeps the hot handlers free of per-request
// marshalling and of aggregation over units.
//
// A document embeds others (a translation its component, which embeds its project)
// by reference, as a hole of its own: copying them into each of 10,000 translations
// was a third of the views' memory.
type doc struct {
	buf   []byte
	holes []hole // in offset order
	subs  []*doc // embedded documents (holeDoc)
	// sum hashes what the document writes for any request: its bytes, its holes and
	// its embedded documents' sums. With the request's base URL and format it
	// determines the bytes written, so an answer's ETag is made from the sums of
	// the documents in it, not from hashing the bytes again (conditional.go). Every
	// document is made by newDoc, which computes it.
	sum uint64
}

type holeKind uint8

const (
	holeBase     holeKind = iota // the base URL ("http://host[/prefix]")
	holeFormatQ                  // "?format=api" when asked for, else nothing
	holeFormatAm                 // "&format=api": the URL already has a query
	holeDoc                      // an embedded document, subs[sub]
)

type hole struct {
	at   uint32 // offset in buf
	sub  uint32 // holeDoc: index in subs
	kind holeKind
}

// urlParams is what a request puts into the holes.
type urlParams struct {
	base string
	// baseJSON is base escaped for a JSON string, made once per base URL: escaping it
	// at every hole was half the time of a paginated answer.
	baseJSON string
	format   string // "" or the ?format= value to propagate ("api", "json")
}

// appendTo writes the document with the holes filled.
func (d *doc) appendTo(dst []byte, p urlParams) []byte {
	last := 0
	for _, h := range d.holes {
		dst = append(dst, d.buf[last:h.at]...)
		last = int(h.at)
		switch h.kind {
		case holeBase:
			if p.baseJSON != "" {
				dst = append(dst, p.baseJSON...)
			} else {
				dst = appendJSONText(dst, p.base)
			}
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
		case holeDoc:
			dst = d.subs[h.sub].appendTo(dst, p)
		}
	}
	return append(dst, d.buf[last:]...)
}

// enc builds docs: jsondoc's Writer writes the JSON (the change log's stored
// documents are written with it too), and enc records an internal URL's holes
// beside the bytes and embeds documents by reference. Its Writer's URL, ID and
// IDURL write a stored document's marks and have no place in a doc.
type enc struct {
	jsondoc.Writer
	holes []hole
	subs  []*doc
}

// pct writes a percentage with one decimal, always ("100.0", never "100").
func (e *enc) pct(f float64) {
	e.Sep()
	e.Buf = weblate.AppendPercent(e.Buf, f)
}

// url writes an internal URL: the base URL, then path (which starts with "/"), then
// the format suffix when the request asked for one.
func (e *enc) url(path string) {
	e.Sep()
	e.Buf = append(e.Buf, '"')
	e.holes = append(e.holes, hole{at: uint32(len(e.Buf)), kind: holeBase})
	e.Buf = appendJSONText(e.Buf, path)
	kind := holeFormatQ
	for i := 0; i < len(path); i++ {
		if path[i] == '?' {
			kind = holeFormatAm
			break
		}
	}
	e.holes = append(e.holes, hole{at: uint32(len(e.Buf)), kind: kind})
	e.Buf = append(e.Buf, '"')
}

// strOrNull writes s, or null for "".
func (e *enc) strOrNull(s string) {
	if s == "" {
		e.Null()
		return
	}
	e.Str(s)
}

// raw splices a rendered document in as a value: by reference when it is large
// enough for a copy to matter (d must not change afterwards, as no rendered document
// does), else as a copy, which keeps small documents flat.
func (e *enc) raw(d *doc) {
	e.Sep()
	if len(d.buf) >= 128 {
		e.holes = append(e.holes, hole{at: uint32(len(e.Buf)), sub: uint32(len(e.subs)), kind: holeDoc})
		e.subs = append(e.subs, d)
		return
	}
	off := uint32(len(e.Buf))
	e.Buf = append(e.Buf, d.buf...)
	for _, h := range d.holes {
		if h.kind == holeDoc {
			sub := d.subs[h.sub]
			h.sub = uint32(len(e.subs))
			e.subs = append(e.subs, sub)
		}
		h.at += off
		e.holes = append(e.holes, h)
	}
}

// done returns the built document, in memory of its exact size (views hold tens of
// thousands of documents for as long as a snapshot is served); the encoder keeps its
// buffers for the next document.
func (e *enc) done() *doc {
	var holes []hole
	var subs []*doc
	if len(e.holes) > 0 {
		holes = append([]hole(nil), e.holes...)
	}
	if len(e.subs) > 0 {
		subs = append([]*doc(nil), e.subs...)
	}
	d := newDoc(e.Bytes(), holes, subs)
	e.holes = e.holes[:0]
	clear(e.subs[:cap(e.subs)]) // let the embedded documents go
	e.subs = e.subs[:0]
	return d
}

// appendJSONText appends s escaped for a JSON string (jsondoc.AppendText: as
// Python's json.dumps with ensure_ascii=False does it). The change log stores its
// documents escaped by the same function, so both read alike.
func appendJSONText(dst []byte, s string) []byte { return jsondoc.AppendText(dst, s) }

// hash computes sum: xxhash64 of the bytes, then of each hole (offset, kind) and
// each embedded document's sum, so two documents with one sum write the same bytes
// for every request.
func (d *doc) hash() uint64 {
	var h xxhash.Digest
	h.Reset()
	_, _ = h.Write(d.buf)
	var b [13]byte
	for _, ho := range d.holes {
		binary.LittleEndian.PutUint32(b[:], ho.at)
		b[4] = byte(ho.kind)
		n := 5
		if ho.kind == holeDoc {
			binary.LittleEndian.PutUint64(b[5:], d.subs[ho.sub].sum)
			n = 13
		}
		_, _ = h.Write(b[:n])
	}
	return h.Sum64()
}

// newDoc is how every document is made: it computes the sum its ETags are made of
// (a document without one would give every content the same tag). The slices are
// the document's from then on.
func newDoc(buf []byte, holes []hole, subs []*doc) *doc {
	d := &doc{buf: buf, holes: holes, subs: subs}
	d.sum = d.hash()
	return d
}
