package formats

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// subtitleFormat is a subtitle file as Weblate 4.18 reads it: SubRipFormat,
// MicroDVDFormat, AdvSubStationAlphaFormat and SubStationAlphaFormat in
// weblate/formats/ttkit.py (SubtitleUnit), on translate-toolkit's
// translate/storage/subtitles.py (3.9; the same in Debian's 3.8.4), which reads
// the file with gaupol's aeidon library (Debian's python3-aeidon 1.11:
// aeidon/util.py detect_format, aeidon/file.py, aeidon/files/{subrip,ssa,ass,
// microdvd}.py, aeidon/calculator.py).
//
// The four formats read alike: translate-toolkit lets aeidon tell the file's
// format from its content, whatever its name or Weblate's format, by the first
// line that looks like one of aeidon's formats (ASS's "ScriptType: v4.00+",
// MicroDVD's "{1}{2}", a SubRip time line, SSA's "ScriptType: v4.00", …). The
// lines are read with universal newlines, blank lines at both ends dropped.
//   - SubRip: a time line "00:00:01,000 --> 00:00:02,500" starts a cue, and the
//     number line above it (with one blank line above that) is dropped; every
//     other line adds to the cue's text (a first line of text before any time
//     line is an error, as it is for aeidon).
//   - SubStation Alpha (SSA, ASS): the lines before "[Events]" are the header;
//     the last "Format:" line names the fields of the "Dialogue:" lines, which
//     split on commas (the text keeps the rest), \n and \N in the text being
//     line breaks. A time is the field with a 0 put before and after it.
//   - MicroDVD: "{start}{end}text", frames, | a line break.
//
// A cue is a unit unless its text is empty (translate-toolkit's isblank); its
// key is "start-->end" (aeidon's times, HH:MM:SS.mmm, or MicroDVD's frames),
// its text the cue's, its note "visible for N seconds" (the duration, truncated;
// MicroDVD's frames at 23.976 per second). SubtitleUnit has no fuzzy state.
//
// Deliberately different: the encoding is UTF-8 (a byte-order mark dropped),
// UTF-16 (by byte-order mark or NUL bytes) or else Windows-1252, where aeidon
// asks chardet for a statistical guess; a file aeidon would read as LRC, MPL2,
// SubViewer 2 or TMPlayer is refused (WebVTT is read as aeidon reads it).
type subtitleFormat struct{}

func init() {
	for _, f := range []struct{ id, name, ext string }{
		{"srt", "SubRip subtitle file", "srt"},
		{"sub", "MicroDVD subtitle file", "sub"},
		{"ass", "Advanced SubStation Alpha subtitle file", "ass"},
		{"ssa", "SubStation Alpha subtitle file", "ssa"},
	} {
		Register(Info{
			ID: f.id, Name: f.name, Monolingual: true,
			MimeType: "text/plain", Extension: f.ext,
			// translation_finder/discovery/files.py: SRTDiscovery,
			// SUBDiscovery, ASSDiscovery, SSADiscovery (2023), each a
			// MonoTemplateDiscovery of its extension.
			Detect: &Detection{Name: strings.ToUpper(f.ext) + " subtitles", Extensions: []string{"." + f.ext}, Default: f.id},
		}, subtitleFormat{})
	}
}

// aeidon's formats, in the order detect_format tries them on each line.
const (
	subASS = iota
	subLRC
	subMicroDVD
	subMPL2
	subSubRip
	subSSA
	subSubViewer2
	subTMPlayer
	subWebVTT
)

var subtitleFormatNames = [...]string{"ASS", "LRC", "MicroDVD", "MPL2", "SubRip", "SSA", "SubViewer 2", "TMPlayer", "WebVTT"}

const (
	pyDigit = `\p{Nd}`
	pySpace = `[\t\n\v\f\r\x1c-\x1f \x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]`
)

// pyRE compiles a Python regular expression written with \d and \s, which
// Python matches on Unicode digits and white space.
func pyRE(expr string) *regexp.Regexp {
	return regexp.MustCompile(strings.NewReplacer(`\d`, pyDigit, `\s`, pySpace).Replace(expr))
}

// subtitleIdentifiers are aeidon's format identifiers (aeidon/enums.py),
// searched in each line (with its newline).
var subtitleIdentifiers = [...]*regexp.Regexp{
	subASS:        pyRE(`^ScriptType:\s*[vV]4.00\+\s*\n?$`),
	subLRC:        pyRE(`^\[-?\d\d:\d\d\.\d\d\]`),
	subMicroDVD:   pyRE(`^\{-?\d+\}\{-?\d+\}`),
	subMPL2:       pyRE(`^\[-?\d+\]\[-?\d+\]`),
	subSubRip:     pyRE(`^-?\d\d:\d\d:\d\d,\d\d\d --> -?\d\d:\d\d:\d\d,\d\d\d(  X1:\d+ X2:\d+ Y1:\d+ Y2:\d+)?\s*\n?$`),
	subSSA:        pyRE(`^ScriptType:\s*[vV]4.00\s*\n?$`),
	subSubViewer2: pyRE(`^-?\d\d:\d\d:\d\d\.\d\d,-?\d\d:\d\d:\d\d\.\d\d\s*\n?$`),
	subTMPlayer:   pyRE(`^-?\d?\d:\d\d:\d\d:`),
	subWebVTT:     nil, // pyWordAfter(`^\s*[wW][eE][bB][vV][tT][tT]`)
}

// webVTTIdentifier is `^\s*[wW][eE][bB][vV][tT][tT]\b` with Python's Unicode \b.
var webVTTIdentifier = pyRE(`^\s*[wW][eE][bB][vV][tT][tT]`)

// matchWordEnd is re.match(prefix + r"\b", s) for a prefix ending in a word
// character: the prefix matches and no word character follows it.
func matchWordEnd(re *regexp.Regexp, s string) bool {
	loc := re.FindStringIndex(s)
	if loc == nil {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[loc[1]:])
	return loc[1] == len(s) || !pyIsWord(r)
}

var (
	subRipTimeLine = pyRE(`^(-?\d{1,2}:\d{1,2}:\d{1,2},\d{1,3}) --> (-?\d{1,2}:\d{1,2}:\d{1,2},\d{1,3})(  X1:(\d+) X2:(\d+) Y1:(\d+) Y2:(\d+))?\s*$`)
	microDVDLine   = pyRE(`^\{(-?\d+)\}\{(-?\d+)\}(.*)$`)
	ssaSeparator   = pyRE(`,\s*`)
)

type subtitleCue struct {
	start, end string // times, or MicroDVD's frames
	seconds    float64
	text       string
	line       int
	// more holds the text's lines while a reader adds them (text += "\n" +
	// line, again and again, would copy the text once a line).
	more *strings.Builder
}

// appendLine is aeidon's `if text: text += "\n"; text += line`.
func (c *subtitleCue) appendLine(line string) {
	if c.more == nil {
		c.more = &strings.Builder{}
		c.more.WriteString(c.text)
	}
	if c.more.Len() > 0 {
		c.more.WriteByte('\n')
	}
	c.more.WriteString(line)
}

// finish makes text of the lines added.
func (c *subtitleCue) finish() {
	if c.more != nil {
		c.text, c.more = c.more.String(), nil
	}
}

func (subtitleFormat) Parse(data []byte) (*File, error) {
	text, enc, err := decodeSubtitle(data)
	if err != nil {
		return nil, &SyntaxError{Line: 1, Msg: err.Error()}
	}
	lines := pyTextLines(text)
	format := -1
	for _, l := range lines {
		for f, re := range subtitleIdentifiers {
			if f == subWebVTT && matchWordEnd(webVTTIdentifier, l.text) || re != nil && re.MatchString(l.text) {
				format = f
				break
			}
		}
		if format >= 0 {
			break
		}
	}
	if format < 0 {
		return nil, &SyntaxError{Line: 1, Msg: "no line of the file looks like a subtitle format aeidon reads"}
	}
	read := aeidonLines(lines, enc)
	var cues []subtitleCue
	switch format {
	case subSubRip:
		cues, err = readSubRip(read)
	case subSSA, subASS:
		cues, err = readSSA(read, format == subASS)
	case subMicroDVD:
		cues, err = readMicroDVD(read)
	case subWebVTT:
		cues, err = readWebVTT(read)
	default:
		return nil, &SyntaxError{Line: 1, Msg: "the file is " + subtitleFormatNames[format] + ", a subtitle format gitlate does not read"}
	}
	if err != nil {
		return nil, err
	}
	f := &File{Units: make([]Unit, 0, len(cues))}
	for _, c := range cues {
		c.finish()
		if c.text == "" {
			continue // translate-toolkit's isblank
		}
		secs, err := pyPercentD(c.seconds)
		if err != nil {
			return nil, &SyntaxError{Line: max(c.line, 1), Msg: err.Error()}
		}
		f.Units = append(f.Units, Unit{
			Key:    c.start + "-->" + c.end,
			Target: []string{c.text},
			Note:   "visible for " + secs + " seconds",
			Line:   c.line,
		})
	}
	return f, nil
}

// subtitle encodings, as aeidon names the ones whose handling differs.
const (
	subEncUTF8 = iota
	subEncUTF16BOM
	subEncUTF16
	subEncOther
)

// decodeSubtitle decodes the file: by byte-order mark (UTF-8, UTF-16; aeidon's
// detect_bom), else UTF-8, else UTF-16 by its NUL bytes, else Windows-1252. A
// UTF-16 byte-order mark stays at the start of the text, as aeidon's utf_16_le
// and utf_16_be keep it (it is removed from the first line later).
func decodeSubtitle(data []byte) (string, int, error) {
	switch {
	case len(data) >= 4 && (data[0] == 0 && data[1] == 0 && data[2] == 0xFE && data[3] == 0xFF || data[0] == 0xFF && data[1] == 0xFE && data[2] == 0 && data[3] == 0):
		return "", 0, errors.New("UTF-32 subtitles are not read")
	case len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF:
		if !utf8.Valid(data[3:]) {
			return "", 0, errors.New("the file starts with a UTF-8 byte-order mark but is not UTF-8")
		}
		return string(data[3:]), subEncUTF8, nil
	case len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF):
		s, err := decodeUTF16Keep(data[2:], data[0] == 0xFE)
		return "\ufeff" + s, subEncUTF16BOM, err
	case utf8.Valid(data):
		return string(data), subEncUTF8, nil
	case LooksUTF16(data):
		s, err := decodePyUTF16(data)
		return s, subEncUTF16, err
	}
	s, _ := decodeAutoText(data) // Windows-1252: the data is not UTF-8
	return s, subEncOther, nil
}

// decodeUTF16Keep is Python's utf_16_le or utf_16_be codec (strict).
func decodeUTF16Keep(data []byte, big bool) (string, error) {
	if len(data)%2 != 0 {
		return "", errors.New("the file is not UTF-16: odd number of bytes")
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		if big {
			units[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			units[i] = uint16(data[2*i]) | uint16(data[2*i+1])<<8
		}
	}
	var b strings.Builder
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		if utf16.IsSurrogate(u) {
			if u >= 0xDC00 || i+1 >= len(units) {
				return "", errors.New("the file is not UTF-16: unpaired surrogate")
			}
			r := utf16.DecodeRune(u, rune(units[i+1]))
			if r == utf8.RuneError {
				return "", errors.New("the file is not UTF-16: unpaired surrogate")
			}
			b.WriteRune(r)
			i++
			continue
		}
		b.WriteRune(u)
	}
	return b.String(), nil
}

// pyTextLine is a line as Python's text-mode readlines gives it (with its
// newline) and its 1-based number.
type pyTextLine struct {
	text string
	num  int
}

// pyTextLines splits text as Python's universal newlines read it: \r\n, \r
// and \n each end a line, which ends in "\n".
func pyTextLines(text string) []pyTextLine {
	var out []pyTextLine
	for i, n := 0, 1; i < len(text); n++ {
		j := strings.IndexAny(text[i:], "\r\n")
		if j < 0 {
			out = append(out, pyTextLine{text[i:], n})
			break
		}
		end := i + j + 1
		if text[i+j] == '\r' && end < len(text) && text[end] == '\n' {
			end++
		}
		out = append(out, pyTextLine{text[i:i+j] + "\n", n})
		i = end
	}
	return out
}

// aeidonLines is SubtitleFile._read_lines: the lines without their newlines,
// blank lines dropped from both ends; for UTF-16 the byte-order mark removed
// from the first line and, when every second line is empty (NUL-padded line
// breaks read as two), those lines dropped.
func aeidonLines(lines []pyTextLine, enc int) []pyTextLine {
	out := make([]pyTextLine, len(lines))
	for i, l := range lines {
		out[i] = pyTextLine{strings.TrimSuffix(l.text, "\n"), l.num}
	}
	for len(out) > 0 && pyStrip(out[0].text) == "" {
		out = out[1:]
	}
	for len(out) > 0 && pyStrip(out[len(out)-1].text) == "" {
		out = out[:len(out)-1]
	}
	if enc == subEncUTF16BOM || enc == subEncUTF16 {
		if len(out) > 0 {
			out[0].text = strings.ReplaceAll(out[0].text, "\ufeff", "")
		}
		oddEmpty := true
		for i := 1; i < len(out); i += 2 {
			if out[i].text != "" {
				oddEmpty = false
				break
			}
		}
		if oddEmpty {
			even := out[:0:0]
			for i := 0; i < len(out); i += 2 {
				even = append(even, out[i])
			}
			out = even
		}
	}
	return out
}

// readSubRip is aeidon's SubRip.read with its _read_lines.
func readSubRip(lines []pyTextLine) ([]subtitleCue, error) {
	// _read_lines: a sentinel blank line first; a number line above a time line
	// is dropped, with the blank line above it.
	kept := make([]pyTextLine, 0, len(lines)+1)
	kept = append(kept, pyTextLine{"\n", 0})
	for _, l := range lines {
		kept = append(kept, l)
		if !subRipTimeLine.MatchString(l.text) {
			continue
		}
		n := len(kept)
		if n >= 2 && pyIsDigitString(pyStrip(kept[n-2].text)) {
			if n >= 3 && pyStrip(kept[n-3].text) == "" {
				kept = append(kept[:n-3], kept[n-2:]...)
				n--
			}
			kept = append(kept[:n-2], kept[n-1:]...)
		}
	}
	var cues []subtitleCue
	for _, l := range kept {
		m := subRipTimeLine.FindStringSubmatch(l.text)
		if m == nil {
			if len(cues) == 0 {
				return nil, &SyntaxError{Line: max(l.num, 1), Msg: "text before the first SubRip time line"}
			}
			c := &cues[len(cues)-1]
			c.appendLine(l.text)
			continue
		}
		start, err1 := aeidonNormalizeTime(m[1])
		end, err2 := aeidonNormalizeTime(m[2])
		if err := errors.Join(err1, err2); err != nil {
			return nil, &SyntaxError{Line: l.num, Msg: err.Error()}
		}
		secs, err := aeidonDuration(start, end)
		if err != nil {
			return nil, &SyntaxError{Line: l.num, Msg: err.Error()}
		}
		cues = append(cues, subtitleCue{start: start, end: end, seconds: secs, line: l.num})
	}
	return cues, nil
}

// readSSA is aeidon's SubStationAlpha.read (and AdvSubStationAlpha's, whose
// Layer field is a number).
func readSSA(lines []pyTextLine, ass bool) ([]subtitleCue, error) {
	// _read_header: every line before "[Events]" is the header.
	i := 0
	for i < len(lines) && !strings.HasPrefix(lines[i].text, "[Events]") {
		i++
	}
	if i == len(lines) {
		return nil, &SyntaxError{Line: max(len(lines), 1), Msg: `no "[Events]" section`}
	}
	lines = lines[i:]
	var fields []string
	for _, l := range lines {
		if strings.HasPrefix(l.text, "Format:") {
			fields = ssaSeparator.Split(pyStrip(strings.ReplaceAll(l.text, "Format:", "")), -1)
		}
	}
	if fields == nil {
		return nil, &SyntaxError{Line: lines[0].num, Msg: `no "Format:" line in the [Events] section`}
	}
	// indices: each name's first position; maxsplit len(fields)-1.
	index := map[string]int{}
	var checked []string
	maxIndex := 0
	for k, f := range fields {
		if _, ok := index[f]; !ok {
			index[f] = k
			maxIndex = k
			switch f {
			case "Marked", "Layer", "MarginL", "MarginR", "MarginV", "Start", "End", "Text":
				checked = append(checked, f)
			}
		}
	}
	var cues []subtitleCue
	for _, l := range lines {
		if !strings.HasPrefix(l.text, "Dialogue:") {
			continue
		}
		line := pyLstrip(strings.ReplaceAll(l.text, "Dialogue:", ""))
		values := pySplitN(ssaSeparator, line, len(fields)-1)
		c := subtitleCue{line: l.num}
		var start, end string
		// Every name's field is decoded; a line without one fails. Only the
		// names aeidon checks or keeps are looked at (a Format of a million
		// names costs a line no more).
		if maxIndex >= len(values) {
			return nil, &SyntaxError{Line: l.num, Msg: fmt.Sprintf("a Dialogue line of %d fields, the Format names %d", len(values), len(fields))}
		}
		for _, name := range checked {
			v := values[index[name]]
			switch {
			case name == "Marked":
				parts := strings.Split(v, "=")
				if _, ok := pyIntUnicode(parts[len(parts)-1]); !ok {
					return nil, &SyntaxError{Line: l.num, Msg: "bad Marked value " + strconv.Quote(v)}
				}
			case name == "Layer" && ass, name == "MarginL", name == "MarginR", name == "MarginV":
				if _, ok := pyIntUnicode(v); !ok {
					return nil, &SyntaxError{Line: l.num, Msg: "bad " + name + " value " + strconv.Quote(v)}
				}
			case name == "Start":
				start = ssaTime(v)
			case name == "End":
				end = ssaTime(v)
			case name == "Text":
				c.text = strings.ReplaceAll(strings.ReplaceAll(v, `\n`, "\n"), `\N`, "\n")
			}
		}
		if _, ok := index["Start"]; !ok {
			return nil, &SyntaxError{Line: l.num, Msg: "a cue without a start time"}
		}
		if _, ok := index["End"]; !ok {
			return nil, &SyntaxError{Line: l.num, Msg: "a cue without an end time"}
		}
		secs, err := aeidonDuration(start, end)
		if err != nil {
			return nil, &SyntaxError{Line: l.num, Msg: err.Error()}
		}
		c.start, c.end, c.seconds = start, end, secs
		cues = append(cues, c)
	}
	return cues, nil
}

// ssaTime is the field with "0" put before it (after a minus sign) and after
// it, unchecked: SubStationAlpha._decode_field.
func ssaTime(v string) string {
	if v == "" || strings.ContainsAny(v, "\n") {
		return v
	}
	if strings.HasPrefix(v, "-") && len(v) > 1 {
		return "-0" + v[1:] + "0"
	}
	return "0" + v + "0"
}

// pySplitN is re.split(pattern, s, maxsplit) for a pattern without groups.
func pySplitN(re *regexp.Regexp, s string, maxsplit int) []string {
	if maxsplit <= 0 {
		return re.Split(s, -1)
	}
	return re.Split(s, maxsplit+1)
}

var (
	webVTTTimeLine = pyRE(`^(-?(?:\d{1,2}:)?\d{1,2}:\d{1,2}\.\d{1,3}) --> (-?(?:\d{1,2}:)?\d{1,2}:\d{1,2}\.\d{1,3})(\s+.+)?\s*$`)
	webVTTStyle    = pyRE(`^\s*STYLE`)
	webVTTNote     = pyRE(`^\s*NOTE`)
)

// readWebVTT is aeidon's WebVTT.read: blocks separated by blank lines, the
// first the header; a time line makes its block a cue, the lines after it the
// text; STYLE and NOTE blocks are no text. Every blank line after a header or
// a cue opens a cue, and the last one opened is dropped; a cue opened without a
// time line is an error for translate-toolkit, which asks its duration.
func readWebVTT(lines []pyTextLine) ([]subtitleCue, error) {
	type cue struct {
		subtitleCue
		timed bool
	}
	var cues []cue
	const (
		header = iota
		none
		style
		comment
		text
	)
	current := header
	all := append(lines[:len(lines):len(lines)], pyTextLine{"", 0})
	for _, l := range all {
		switch {
		case pyStrip(l.text) == "":
			if current == header || current == text {
				cues = append(cues, cue{subtitleCue: subtitleCue{line: l.num}})
			}
			current = none
		case current == header:
		case current == style || matchWordEnd(webVTTStyle, l.text):
			current = style
		case current == comment || matchWordEnd(webVTTNote, l.text):
			current = comment
		default:
			m := webVTTTimeLine.FindStringSubmatch(l.text)
			if m != nil {
				c := &cues[len(cues)-1]
				start, err1 := aeidonNormalizeTime(m[1])
				end, err2 := aeidonNormalizeTime(m[2])
				if err := errors.Join(err1, err2); err != nil {
					return nil, &SyntaxError{Line: l.num, Msg: err.Error()}
				}
				c.start, c.end, c.timed, c.line = start, end, true, l.num
				current = text
			} else if current == text {
				c := &cues[len(cues)-1]
				c.appendLine(l.text)
			}
		}
	}
	if len(cues) > 0 {
		cues = cues[:len(cues)-1]
	}
	out := make([]subtitleCue, len(cues))
	for i, c := range cues {
		if !c.timed {
			return nil, &SyntaxError{Line: max(c.line, 1), Msg: "a WebVTT block without a time line"}
		}
		secs, err := aeidonDuration(c.start, c.end)
		if err != nil {
			return nil, &SyntaxError{Line: c.line, Msg: err.Error()}
		}
		c.seconds = secs
		out[i] = c.subtitleCue
	}
	return out, nil
}

// readMicroDVD is aeidon's MicroDVD.read: frames, | for a line break.
func readMicroDVD(lines []pyTextLine) ([]subtitleCue, error) {
	var cues []subtitleCue
	for _, l := range lines {
		m := microDVDLine.FindStringSubmatch(l.text)
		if m == nil {
			continue
		}
		start, startF, ok1 := pyBigInt(m[1])
		end, endF, ok2 := pyBigInt(m[2])
		if !ok1 || !ok2 {
			return nil, &SyntaxError{Line: l.num, Msg: "a MicroDVD frame number too large for a float"}
		}
		secs, err := aeidonDuration(aeidonSecondsToTime(startF/aeidonFPS), aeidonSecondsToTime(endF/aeidonFPS))
		if err != nil {
			return nil, &SyntaxError{Line: l.num, Msg: err.Error()}
		}
		cues = append(cues, subtitleCue{start: start, end: end, seconds: secs,
			text: strings.ReplaceAll(m[3], "|", "\n"), line: l.num})
	}
	return cues, nil
}

// aeidonFPS is aeidon.framerates.FPS_23_976: 24000/1001 frames a second.
const aeidonFPS = 24 / 1.001

// pyBigInt is int(s) of -?\d+ (Unicode digits): its decimal text as str()
// writes it and its value as a float; false where float() of it overflows.
func pyBigInt(s string) (string, float64, bool) {
	var b strings.Builder
	for _, r := range s {
		if d, ok := decimalDigitValue(r); ok {
			b.WriteByte(byte('0' + d))
		} else {
			b.WriteRune(r)
		}
	}
	i, ok := new(big.Int).SetString(b.String(), 10)
	if !ok {
		return "", 0, false
	}
	f, acc := new(big.Float).SetInt(i).Float64()
	if math.IsInf(f, 0) || acc != big.Exact && math.Abs(f) == math.MaxFloat64 {
		return "", 0, false
	}
	return i.String(), f, true
}

// aeidonSecondsToTime is Calculator.seconds_to_time.
func aeidonSecondsToTime(seconds float64) string {
	sign := ""
	if seconds < 0 {
		sign = "-"
	}
	s := math.Abs(pyRound3(seconds))
	if s > 359999.999 {
		return sign + "99:59:59.999"
	}
	h, _ := pyDivmod(s, 3600)
	_, rest := pyDivmod(s, 3600)
	m, _ := pyDivmod(rest, 60)
	_, sec := pyDivmod(s, 60)
	_, frac := pyDivmod(s, 1)
	return sign + pyFormat0(h, 2) + ":" + pyFormat0(m, 2) + ":" + pyFormat0(float64(int64(sec)), 2) + "." + pyFormat0(frac*1000, 3)
}

// pyRound3 is round(x, 3): the decimal rounding of the binary value.
func pyRound3(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 3, 64), 64)
	return v
}

// pyDivmod is Python's divmod on floats (Objects/floatobject.c float_divmod).
func pyDivmod(vx, wx float64) (float64, float64) {
	mod := math.Mod(vx, wx)
	div := (vx - mod) / wx
	if mod != 0 {
		if (wx < 0) != (mod < 0) {
			mod += wx
			div -= 1
		}
	} else {
		mod = math.Copysign(0, wx)
	}
	var floordiv float64
	if div != 0 {
		floordiv = math.Floor(div)
		if div-floordiv > 0.5 {
			floordiv++
		}
	} else {
		floordiv = math.Copysign(0, vx/wx)
	}
	return floordiv, mod
}

// pyFormat0 is "{:0Nd.0f}".format(x): rounded to an integer, zero-padded.
func pyFormat0(x float64, width int) string {
	s := strconv.FormatFloat(x, 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for len(s) < width-boolInt(neg) {
		s = "0" + s
	}
	if neg {
		return "-" + s
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// aeidonNormalizeTime is Calculator.normalize_time of a SubRip time.
func aeidonNormalizeTime(t string) (string, error) {
	t = pyStrip(t)
	sign := ""
	if strings.HasPrefix(t, "-") {
		sign = "-"
	}
	t = strings.ReplaceAll(t, "-", "")
	t = strings.ReplaceAll(t, ",", ".")
	if strings.Count(t, ":") == 1 {
		t = "00:" + t
	}
	parts := strings.Split(t, ":")
	if len(parts) != 3 {
		return "", errors.New("bad time " + strconv.Quote(t))
	}
	h, ok1 := pyIntUnicode(parts[0])
	m, ok2 := pyIntUnicode(parts[1])
	s, ok3 := pyFloatText(parts[2])
	if !ok1 || !ok2 || !ok3 || math.IsInf(s, 0) || math.IsNaN(s) {
		return "", errors.New("bad time " + strconv.Quote(t))
	}
	_, frac := pyDivmod(s, 1)
	return sign + pyFormat0(float64(h), 2) + ":" + pyFormat0(float64(m), 2) + ":" + pyFormat0(float64(int64(s)), 2) + "." + pyFormat0(frac*1000, 3), nil
}

// aeidonTimeSeconds is Calculator.time_to_seconds: fixed slices of the text.
func aeidonTimeSeconds(t string) (float64, error) {
	coefficient := 1.0
	if strings.HasPrefix(t, "-") {
		coefficient, t = -1, t[1:]
	}
	r := []rune(t)
	slice := func(a, b int) string {
		a, b = min(a, len(r)), min(b, len(r))
		if b < a {
			b = a
		}
		return string(r[a:b])
	}
	var parts [4]float64
	for k, s := range [4]string{slice(0, 2), slice(3, 5), slice(6, 8), slice(9, len(r))} {
		v, ok := pyFloatText(s)
		if !ok {
			return 0, errors.New("bad time " + strconv.Quote(t))
		}
		parts[k] = v
	}
	sum := 0.0
	sum += parts[0] * 3600
	sum += parts[1] * 60
	sum += parts[2]
	sum += parts[3] / 1000
	return coefficient * sum, nil
}

// aeidonDuration is Subtitle.duration_seconds: end - start in seconds.
func aeidonDuration(start, end string) (float64, error) {
	e, err := aeidonTimeSeconds(end)
	if err != nil {
		return 0, err
	}
	s, err := aeidonTimeSeconds(start)
	if err != nil {
		return 0, err
	}
	return e - s, nil
}

// pyPercentD is "%d" % x for a float: truncated toward zero; NaN and the
// infinities are errors, as in Python.
func pyPercentD(x float64) (string, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "", errors.New("a cue's duration is not a number")
	}
	t := math.Trunc(x)
	if math.Abs(t) < 1<<53 {
		return strconv.FormatInt(int64(t), 10), nil
	}
	i, _ := new(big.Float).SetFloat64(t).Int(nil)
	return i.String(), nil
}

// pyIntUnicode is int(s) on a string of Python digits (with white space, a sign
// and single underscores), as an int64; false where Python raises or the value
// does not fit.
func pyIntUnicode(s string) (int64, bool) {
	s = strings.TrimFunc(s, pyIsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	if s == "" {
		return 0, false
	}
	var v int64
	prevDigit := false
	for _, r := range s {
		if r == '_' {
			if !prevDigit {
				return 0, false
			}
			prevDigit = false
			continue
		}
		d, ok := decimalDigitValue(r)
		if !ok {
			return 0, false
		}
		if v > (math.MaxInt64-9)/10 {
			return 0, false
		}
		v = v*10 + int64(d)
		prevDigit = true
	}
	if !prevDigit {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

var pyFloatSyntax = regexp.MustCompile(`^[+-]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|(?i:inf|infinity|nan))$`)

// pyFloatText is float(s): white space stripped, Unicode digits, single
// underscores between digits, inf and nan; false where Python raises.
func pyFloatText(s string) (float64, bool) {
	s = strings.TrimFunc(s, pyIsSpace)
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if r == '_' {
			if i == 0 || i == len(rs)-1 || !isDigitRune(rs[i-1]) || !isDigitRune(rs[i+1]) {
				return 0, false
			}
			continue
		}
		if d, ok := decimalDigitValue(r); ok {
			b.WriteByte(byte('0' + d))
			continue
		}
		if r >= utf8.RuneSelf {
			return 0, false
		}
		b.WriteRune(r)
	}
	t := b.String()
	if !pyFloatSyntax.MatchString(t) {
		return 0, false
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return v, true // Python gives inf or 0 too
		}
		return 0, false
	}
	return v, true
}

func isDigitRune(r rune) bool { _, ok := decimalDigitValue(r); return ok }

// pyIsDigitString is str.isdigit: decimal digits and the other digits
// (superscripts, circled digits…) Unicode gives a digit value.
func pyIsDigitString(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) && !isOtherDigit(r) {
			return false
		}
	}
	return true
}

func isOtherDigit(r rune) bool {
	switch {
	case r == 0xB2, r == 0xB3, r == 0xB9, r == 0x2070, r >= 0x2074 && r <= 0x2079, r >= 0x2080 && r <= 0x2089,
		r >= 0x2460 && r <= 0x2468, r >= 0x2474 && r <= 0x247C, r >= 0x2488 && r <= 0x2490, r == 0x24EA,
		r >= 0x24F5 && r <= 0x24FD, r == 0x24FF, r >= 0x2776 && r <= 0x277E, r >= 0x2780 && r <= 0x2788,
		r >= 0x278A && r <= 0x2792, r >= 0x1369 && r <= 0x1371, r == 0x19DA, r >= 0x1F100 && r <= 0x1F10A:
		return true
	}
	return false
}
