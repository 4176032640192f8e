package formats

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// aeidon's readers and Weblate's SubtitleUnit on small files.
func TestSubtitleUnits(t *testing.T) {
	t.Parallel()
	u := func(key, text, note string, line int) Unit {
		return Unit{Key: key, Target: []string{text}, Note: note, Line: line}
	}
	cases := []struct {
		name, doc string
		want      []Unit
	}{
		{"SubRip: numbers dropped, times normalized, text over lines",
			"1\n00:00:01,000 --> 00:00:03,500\nHello\nworld\n\n2\n0:0:4,5 --> 00:00:05,000  X1:1 X2:2 Y1:3 Y2:4\nBye\n",
			[]Unit{u("00:00:01.000-->00:00:03.500", "Hello\nworld", "visible for 2 seconds", 2),
				u("00:00:04.500-->00:00:05.000", "Bye", "visible for 0 seconds", 7)}},
		{"SubRip: CRLF, a blank line inside the text, an empty cue is no unit",
			"1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n\r\nB\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n\r\n3\r\n00:00:05,000 --> 00:00:09,999\r\nC\r\n",
			[]Unit{u("00:00:01.000-->00:00:02.000", "A\n\n\nB", "visible for 1 seconds", 2),
				u("00:00:05.000-->00:00:09.999", "C", "visible for 4 seconds", 12)}},
		{"negative times", "1\n-00:00:06,843 --> -00:00:02,850\nEarly\n",
			[]Unit{u("-00:00:06.843-->-00:00:02.850", "Early", "visible for 3 seconds", 2)}},
		{"SSA: the Events' Format names the fields, \\N breaks lines, commas stay in the text",
			"[Script Info]\nScriptType: v4.00\n\n[V4 Styles]\nFormat: Name, Fontname\nStyle: Default,Sans\n\n[Events]\n" +
				"Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n" +
				"Dialogue: Marked=0,0:00:00.95,0:00:03.36,Default,,0000,0000,0000,,So, one day\\Nwhen I was 17\n",
			[]Unit{u("00:00:00.950-->00:00:03.360", "So, one day\nwhen I was 17", "visible for 2 seconds", 10)}},
		{"ASS: a Layer field",
			"[Script Info]\nScriptType: v4.00+\n[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:01.00,0:00:02.50,Default,Hi\\nthere\n",
			[]Unit{u("00:00:01.000-->00:00:02.500", "Hi\nthere", "visible for 1 seconds", 5)}},
		{"WebVTT: hours optional, NOTE and STYLE blocks are no cues",
			"WEBVTT - title\n\nNOTE a comment\n\nSTYLE\n::cue {}\n\n1\n00:01.000 --> 00:04.000 align:start\nHi\nthere\n\n00:00:05.000 --> 00:00:06.500\nBye\n",
			[]Unit{u("00:00:01.000-->00:00:04.000", "Hi\nthere", "visible for 3 seconds", 9), u("00:00:05.000-->00:00:06.500", "Bye", "visible for 1 seconds", 13)}},
		{"MicroDVD: frames at 23.976 a second, | breaks lines, the default line is no cue",
			"{DEFAULT}{}{Y:b}\n{1}{25}Hi|there\n{-35}{23}Back\n{30}{60}\n",
			[]Unit{u("1-->25", "Hi\nthere", "visible for 1 seconds", 2), u("-35-->23", "Back", "visible for 2 seconds", 3)}},
	}
	f := mustLookup(t, "srt")
	for _, c := range cases {
		got, err := f.Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(got.Units, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got.Units, c.want)
		}
	}
	for _, bad := range []struct{ name, doc string }{
		{"empty", ""},
		{"no format", "hello\nworld\n"},
		{"text before the first time line", "Title\n1\n00:00:01,000 --> 00:00:02,000\nA\n"},
		{"a time line without its number first", "00:00:01,000 --> 00:00:02,000\nA\n"},
		{"SSA without [Events]", "ScriptType: v4.00\nFormat: Start, End, Text\nDialogue: 0:00:01.00,0:00:02.00,A\n"},
		{"SSA Dialogue with too few fields", "ScriptType: v4.00\n[Events]\nFormat: Start, End, Style, Text\nDialogue: 0:00:01.00,0:00:02.00\n"},
		{"SSA time that is no time", "ScriptType: v4.00\n[Events]\nFormat: Start, End, Text\nDialogue: x,0:00:02.00,A\n"},
		{"LRC, which gitlate does not read", "[00:01.00]Hi\n"},
	} {
		if _, err := f.Parse([]byte(bad.doc)); err == nil {
			t.Errorf("%s: parsed", bad.name)
		}
	}
	for _, id := range []string{"srt", "sub", "ass", "ssa"} {
		info, _ := Lookup(id)
		if !info.Monolingual || info.MimeType != "text/plain" || info.Extension != id || info.Fuzzy || info.Plurals != PluralsNone {
			t.Errorf("%s info %+v", id, info)
		}
	}
}

type subtitleDoc struct {
	format, name string
	data         []byte
}

func compareSubtitleDocs(t *testing.T, docs []subtitleDoc) {
	t.Helper()
	reqs := make([]ttkRequest, len(docs))
	for i, d := range docs {
		reqs[i] = csvtxtRequest(d.format, d.data)
	}
	var res []csvtxtResult
	if err := runTTKRaw(t, reqs, &res); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for i, d := range docs {
		got, err := mustLookup(t, d.format).Parse(d.data)
		if (err != nil) != (res[i].Error != "") {
			t.Errorf("%s (%s) %q: gitlate error %v, translate-toolkit error %q", d.name, d.format, truncate(d.data), err, res[i].Error)
			failed++
		} else if err == nil {
			want := res[i].Units
			ok := len(got.Units) == len(want)
			for k := 0; ok && k < len(want); k++ {
				g := got.Units[k]
				ok = g.Key == want[k].Key && reflect.DeepEqual(g.Target, want[k].Target) && g.Note == want[k].Note
			}
			if !ok {
				t.Errorf("%s (%s) %q:\n got %+v\nwant %+v", d.name, d.format, truncate(d.data), got.Units, want)
				failed++
			}
		}
		if failed > 10 {
			t.Fatal("too many differences")
		}
	}
}

// The files of testdata/subtitles against translate-toolkit, as they are, in
// UTF-16 and with CRLF line ends, each read as the format of its extension.
func TestTTKSubtitleFiles(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	var docs []subtitleDoc
	for _, ext := range []string{"srt", "sub", "ass", "ssa"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", "subtitles", "*", "*."+ext))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, subtitleDoc{ext, p, data}, subtitleDoc{ext, p + " (UTF-16)", utf16BOM(string(data))},
				subtitleDoc{ext, p + " (CRLF)", []byte(strings.ReplaceAll(string(data), "\n", "\r\n"))})
		}
	}
	if len(docs) < 21 {
		t.Fatalf("%d subtitle documents", len(docs))
	}
	compareSubtitleDocs(t, docs)
}

// aeidon asks chardet for a file's encoding, which finds Windows-1251 in
// Russian text that is not UTF-8; gitlate reads such a file as Windows-1252
// (README, "Deliberately different").
func TestTTKSubtitleEncodingGuess(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	// "Привет, как дела? Всё хорошо, спасибо." in Windows-1251.
	doc := []byte("1\n00:00:01,000 --> 00:00:02,000\n\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0? \xc2\xf1\xb8 \xf5\xee\xf0\xee\xf8\xee, \xf1\xef\xe0\xf1\xe8\xe1\xee.\n")
	var res []csvtxtResult
	if err := runTTKRaw(t, []ttkRequest{csvtxtRequest("srt-detect", doc), csvtxtRequest("srt", doc)}, &res); err != nil {
		t.Fatal(err)
	}
	got, err := mustLookup(t, "srt").Parse(doc)
	if err != nil || len(got.Units) != 1 || len(res[0].Units) != 1 || len(res[1].Units) != 1 {
		t.Fatalf("gitlate %+v %v; translate-toolkit %+v", got, err, res)
	}
	if res[0].Units[0].Target[0] != "Привет, как дела? Всё хорошо, спасибо." {
		t.Errorf("chardet no longer finds Windows-1251: %q", res[0].Units[0].Target[0])
	}
	if got.Units[0].Target[0] != res[1].Units[0].Target[0] || got.Units[0].Target[0] == res[0].Units[0].Target[0] {
		t.Errorf("gitlate %q, translate-toolkit with gitlate's decoding %q", got.Units[0].Target[0], res[1].Units[0].Target[0])
	}
}

// Random documents of the lines aeidon's readers tell apart, against
// translate-toolkit.
func TestTTKRandomSubtitles(t *testing.T) {
	requireTTK(t)
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 5))
	var docs []subtitleDoc
	for i := 0; i < 600; i++ {
		docs = append(docs, subtitleDoc{"srt", fmt.Sprintf("random %d", i), []byte(randomSubtitleDoc(rng))})
	}
	compareSubtitleDocs(t, docs)
}

func randomSubtitleDoc(rng *rand.Rand) string {
	times := []string{"00:00:01,000", "0:0:2,5", "-00:00:06,843", "01:02:03,004", "99:59:59,999", "00:00:00,9995", "1:2:3,45"}
	ssaTimes := []string{"0:00:01.00", "0:00:02.50", "-0:00:06.84", "1:2:3.4", "", "x", "0:00:0٣.00", " 0:00:01.00"}
	pieces := []string{"Hello", "", "  ", "1", "2", "٣", "{1}{25}Hi|there", "{-3}{4}", "{DEFAULT}{}", "[Events]", "[Script Info]",
		"ScriptType: v4.00", "ScriptType: v4.00+", "Format: Start, End, Text", "Format: Layer, Start, End, Style, Text",
		"Format: Marked, Start, End, Text", "A, b\\Nc", "text, with comma", "WEBVTT", "Dialogue:"}
	var b strings.Builder
	kind := rng.IntN(3)
	for n := 1 + rng.IntN(12); n > 0; n-- {
		switch kind {
		case 0: // SubRip-like
			switch rng.IntN(4) {
			case 0:
				fmt.Fprintf(&b, "%s --> %s", times[rng.IntN(len(times))], times[rng.IntN(len(times))])
				if rng.IntN(4) == 0 {
					b.WriteString("  X1:010 X2:710 Y1:400 Y2:460")
				}
			case 1:
				fmt.Fprintf(&b, "%d", rng.IntN(5))
			default:
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		case 1: // SubStation Alpha-like
			switch rng.IntN(3) {
			case 0:
				fmt.Fprintf(&b, "Dialogue: %s%s,%s,%s", []string{"", "0,", "Marked=0,", "x,"}[rng.IntN(4)],
					ssaTimes[rng.IntN(len(ssaTimes))], ssaTimes[rng.IntN(len(ssaTimes))], pieces[rng.IntN(len(pieces))])
			default:
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		default: // MicroDVD-like
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "{%d}{%d}%s", rng.IntN(2000)-100, rng.IntN(5000), pieces[rng.IntN(len(pieces))])
			} else {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		b.WriteString([]string{"\n", "\n", "\r\n", "\r", "\n\n"}[rng.IntN(5)])
	}
	return b.String()
}

func FuzzSubtitles(f *testing.F) {
	for _, s := range []string{"1\n00:00:01,000 --> 00:00:02,000\nA\n", "[Events]\nScriptType: v4.00+\nFormat: Start, End, Text\nDialogue: 0:00:01.00,0:00:02.00,A\n", "{1}{2}A|B\n"} {
		f.Add([]byte(s))
	}
	addPlainSeeds(f, nil, "subtitles")
	f.Fuzz(func(t *testing.T, data []byte) {
		// A cue's text is a part of the file (three bytes of UTF-8 a byte at
		// most), its key two times of at most 30 bytes or two numbers of the
		// file, its note a number of at most 310 digits.
		checkPlainParse(t, data, func(n int) int { return 400*n + 1024 }, "srt")
	})
}
