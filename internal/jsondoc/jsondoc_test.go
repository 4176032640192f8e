package jsondoc

import (
	"encoding/json"
	"testing"
	"time"
)

func TestAppendText(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{`a "quoted" \ back`, `a \"quoted\" \\ back`},
		{"tab\tnl\ncr\r", `tab\tnl\ncr\r`},
		{"\x01\x1f", `\u0001\u001f`},
		{"<b>&é", "<b>&é"},                               // kept, as ensure_ascii=False keeps them
		{"line\u2028para\u2029", `line\u2028para\u2029`}, // as DRF's JSONRenderer escapes them
		{"bad\xffbyte", "bad\ufffdbyte"},
	}
	for _, tt := range tests {
		if got := string(AppendText(nil, tt.in)); got != tt.want {
			t.Errorf("AppendText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestAppendPython: json.dumps(s, ensure_ascii=False) as Python 3 prints it, where
// only the renderer escapes U+2028 and U+2029 and DEL stays raw.
func TestAppendPython(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"a\u2028b\x01\x7f", "a\u2028b\\u0001\x7f"},
		{`say "hi"\`, `say \"hi\"\\`},
		{"\b\f", `\b\f`},
	}
	for _, tt := range tests {
		if got := string(AppendPython(nil, tt.in)); got != tt.want {
			t.Errorf("AppendPython(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWriterAndFill: a stored document holds marks, never raw control bytes of its
// content, and filling them gives valid JSON with each request's base and format.
func TestWriterAndFill(t *testing.T) {
	t.Parallel()
	var w Writer
	w.Obj()
	w.Key("unit")
	w.Null()
	w.Key("url")
	w.IDURL("/api/changes/", "/")
	w.Key("search")
	w.URL("/api/units/?q=x")
	w.Key("target")
	w.Str("ctl\x01\x02\x03\x04")
	w.Key("id")
	w.ID()
	w.Key("timestamp")
	w.Str(FormatTime(time.Date(2026, 2, 4, 16, 12, 0, 5000, time.FixedZone("x", 3600))))
	w.End()
	doc := w.Bytes()
	marks := 0
	for _, b := range doc {
		if b <= MarkID {
			marks++
		}
	}
	if marks != 6 {
		t.Fatalf("%d marks in %q, want 6 (two URLs, each base and format; the id twice)", marks, doc)
	}
	for _, tt := range []struct{ base, format, want string }{
		{"http://h", "", `{"unit":null,"url":"http://h/api/changes/7/","search":"http://h/api/units/?q=x","target":"ctl\u0001\u0002\u0003\u0004","id":7,"timestamp":"2026-02-04T15:12:00.000005Z"}`},
		{"https://h/p", "api", `{"unit":null,"url":"https://h/p/api/changes/7/?format=api","search":"https://h/p/api/units/?q=x&format=api","target":"ctl\u0001\u0002\u0003\u0004","id":7,"timestamp":"2026-02-04T15:12:00.000005Z"}`},
	} {
		got := Fill(nil, doc, tt.base, tt.format, 7)
		if string(got) != tt.want {
			t.Errorf("Fill(%q, %q):\n got %s\nwant %s", tt.base, tt.format, got, tt.want)
		}
		if !json.Valid(got) {
			t.Errorf("not JSON: %s", got)
		}
	}
}

// TestWriterValues: commas go between the values of arrays and objects at every
// depth, and a value the caller appends after Sep gets its comma too.
func TestWriterValues(t *testing.T) {
	var w Writer
	w.Obj()
	w.Key("a")
	w.Arr()
	w.Int(1)
	w.Bool(true)
	w.Null()
	w.Arr()
	w.EndArr()
	w.Obj()
	w.End()
	w.Sep()
	w.Buf = append(w.Buf, "12.5"...)
	w.EndArr()
	w.Key("b")
	w.Bool(false)
	w.End()
	if got, want := string(w.Bytes()), `{"a":[1,true,null,[],{},12.5],"b":false}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if len(w.Buf) != 0 {
		t.Errorf("Bytes left %q in the writer", w.Buf)
	}
}
