package conditional

import (
	"net/http"
	"testing"
	"time"
)

func TestETag(t *testing.T) {
	if got := ETag(0x0123456789abcdef, false)[0]; got != `"0123456789abcdef"` {
		t.Errorf("plain %s", got)
	}
	if got := ETag(0x0123456789abcdef, true)[0]; got != `"0123456789abcdef-gzip"` {
		t.Errorf("gzip %s", got)
	}
	// Two tags in one cache slot: each gets its own value back.
	a, b := uint64(5), uint64(5+len(etags))
	if ETag(a, false)[0] == ETag(b, false)[0] || ETag(a, false)[0] != `"0000000000000005"` {
		t.Errorf("slot collision: %s %s", ETag(a, false)[0], ETag(b, false)[0])
	}
	if n := testing.AllocsPerRun(100, func() { ETag(a, true) }); n != 0 {
		t.Errorf("a cached tag costs %v allocations", n)
	}
}

func TestMatch(t *testing.T) {
	const tag = 0xfeedfacecafebeef
	const q = `"feedfacecafebeef"`
	cases := []struct {
		values []string
		want   bool
	}{
		{[]string{q}, true},
		{[]string{"W/" + q}, true},                  // weak comparison
		{[]string{`"feedfacecafebeef-gzip"`}, true}, // the compressed representation
		{[]string{`W/"feedfacecafebeef-gzip"`}, true},
		{[]string{`"a", ` + q + ` , "b"`}, true},
		{[]string{`"a"`, q}, true}, // a list split over header lines
		{[]string{"*"}, true},
		{[]string{` * `}, true},
		{nil, false},
		{[]string{""}, false},
		{[]string{`"a", "b"`}, false},
		{[]string{"feedfacecafebeef"}, false},   // not quoted
		{[]string{`"feedfacecafebeef`}, false},  // not closed
		{[]string{`"FEEDFACECAFEBEEF"`}, false}, // opaque tags compare exactly
		{[]string{`"feedfacecafebeef-br"`}, false},
		{[]string{`"0000000000000000"`}, false},
	}
	for _, c := range cases {
		if got := Match(c.values, tag); got != c.want {
			t.Errorf("%q: %v, want %v", c.values, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Match([]string{`"a", W/"feedfacecafebeef-gzip"`}, tag) }); n != 0 {
		t.Errorf("matching costs %v allocations", n)
	}
}

func TestNotModified(t *testing.T) {
	t.Parallel()
	built := time.Date(2026, 3, 20, 12, 0, 7, 400e6, time.UTC)
	lm := NewLastModified(built, time.Time{})
	same := NewLastModified(built, built.Add(-300*time.Millisecond))
	if lm.Value[0] != "Fri, 20 Mar 2026 12:00:07 GMT" || lm.Ambiguous || !same.Ambiguous {
		t.Fatalf("%+v %+v", lm, same)
	}
	if z := NewLastModified(time.Time{}, built); z.Value != nil {
		t.Errorf("a snapshot without a time has Last-Modified %q", z.Value)
	}
	at, before, after := lm.Value[0], "Fri, 20 Mar 2026 12:00:06 GMT", "Fri, 20 Mar 2026 12:00:08 GMT"
	cases := []struct {
		hdr  http.Header
		lm   *LastModified
		want bool
	}{
		{http.Header{}, &lm, false},
		{http.Header{"If-None-Match": {`"0000000000000001"`}}, &lm, true},
		// If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
		{http.Header{"If-None-Match": {`"0000000000000002"`}, "If-Modified-Since": {after}}, &lm, false},
		{http.Header{"If-Modified-Since": {at}}, &lm, true},
		{http.Header{"If-Modified-Since": {after}}, &lm, true},
		{http.Header{"If-Modified-Since": {before}}, &lm, false},
		{http.Header{"If-Modified-Since": {"yesterday"}}, &lm, false},
		{http.Header{"If-Modified-Since": {at}}, nil, false},
		// Within the second of the snapshot before: only a later date proves it.
		{http.Header{"If-Modified-Since": {at}}, &same, false},
		{http.Header{"If-Modified-Since": {after}}, &same, true},
	}
	for i, c := range cases {
		if got := NotModified(c.hdr, 1, c.lm); got != c.want {
			t.Errorf("case %d %v: %v, want %v", i, c.hdr, got, c.want)
		}
	}
}
