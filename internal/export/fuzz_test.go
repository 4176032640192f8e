package export

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzExport writes arbitrary text (control characters, quotes, newlines, markup,
// invalid UTF-8) in every format; each file must stay readable: XML well formed,
// JSON valid with the targets in it, CSV with one record of eight fields per unit,
// MO with its tables in bounds, and PO read by gettext's msgcat (or, without
// gettext, made only of comment, keyword and string lines). msgcat checks the
// syntax only: msgfmt also refuses entries whose msgid and msgstr disagree on
// leading or trailing newlines, which is the text's fault, not the format's
// (TestMsgfmtAcceptsPO runs msgfmt -c on consistent text).
func FuzzExport(f *testing.F) {
	f.Add("Demo", "Hello", "Ahoj", "ctx", "note", uint8(20), false)
	f.Add("a\nb", "%d file", "%d soubor", "", "", uint8(10), true)
	f.Add("x", "<b>bold</b> & \"q\"\r\n", "\x01\x00\xff\\n", "c\x04", "  ", uint8(30), true)
	f.Add("x", "", "", "", "", uint8(0), false)
	bin, _ := exec.LookPath("msgcat")
	f.Fuzz(func(t *testing.T, project, source, target, context, note string, state uint8, plural bool) {
		tr := sample()
		tr.ProjectName = project
		tr.Monolingual = true
		states := []int{0, 10, 20, 30, 100}
		u := Unit{Source: []string{source}, Target: []string{target}, Context: context, Note: note,
			Location: note, State: states[int(state)%len(states)]}
		if plural {
			u.Source = append(u.Source, target+source)
			u.Target = append(u.Target, source)
		}
		// A unit next to fixed ones, with a context of its own: Weblate's units are
		// unique by context and source.
		u.Context += "#fuzz"
		tr.Units = append(tr.Units, u)
		for _, format := range Formats() {
			file, err := Export(format, tr)
			if err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if !utf8.Valid(file.Data) && format != "mo" {
				t.Fatalf("%s: invalid UTF-8", format)
			}
			checkReadable(t, format, file.Data, tr, bin)
		}
	})
}

var poLine = regexp.MustCompile(`^(#.*|(msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?) "([^"\\]|\\.)*"|"([^"\\]|\\.)*")?$`)

func checkReadable(t *testing.T, format string, data []byte, tr *Translation, msgcat string) {
	t.Helper()
	switch format {
	case "xliff", "xliff11", "tbx", "tmx":
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			_, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s is not well-formed XML: %v\n%s", format, err, data)
			}
		}
	case "json":
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("json: %v\n%s", err, data)
		}
		s := sanitize(tr)
		last := sanitizeUnit(tr.Units[len(tr.Units)-1])
		if got := m[strings.TrimPrefix(last.Context, ".")]; got != targets(s, &last)[0] {
			t.Fatalf("json holds %q, want %q", got, targets(s, &last)[0])
		}
	case "csv":
		records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil || len(records) != len(tr.Units)+1 {
			t.Fatalf("csv: %v, %d records\n%s", err, len(records), data)
		}
		for _, r := range records {
			if len(r) != 8 {
				t.Fatalf("csv record of %d fields", len(r))
			}
		}
	case "mo":
		n := int(binary.LittleEndian.Uint32(data[8:]))
		for _, table := range []int{int(binary.LittleEndian.Uint32(data[12:])), int(binary.LittleEndian.Uint32(data[16:]))} {
			for i := 0; i < n; i++ {
				l := int(binary.LittleEndian.Uint32(data[table+8*i:]))
				off := int(binary.LittleEndian.Uint32(data[table+8*i+4:]))
				if off+l >= len(data) || data[off+l] != 0 {
					t.Fatalf("mo string %d out of bounds", i)
				}
			}
		}
	case "po":
		if msgcat != "" {
			cmd := exec.Command(msgcat, "-o", "/dev/null", "-")
			cmd.Stdin = bytes.NewReader(data)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("msgcat rejects the PO: %v\n%s\n%s", err, out, data)
			}
			return
		}
		for _, line := range strings.Split(string(data), "\n") {
			if !poLine.MatchString(line) {
				t.Fatalf("po line %q", line)
			}
		}
	}
}

// TestRandomTextReadable runs the fuzz checks, and translate-toolkit's reader, on
// the random translations the translate-toolkit comparison uses.
func TestRandomTextReadable(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: reading back starts nine Python processes")
	}
	bin, _ := exec.LookPath("msgcat")
	r := newRand(11)
	for round := 0; round < 3; round++ {
		tr := randomTranslation(r, 30)
		for i := range tr.Units {
			tr.Units[i].Context += "#" + itoa(i) // unique, as Weblate's units are
		}
		for _, format := range Formats() {
			tr.Monolingual = true
			f, err := Export(format, tr)
			if err != nil {
				t.Fatal(err)
			}
			checkReadable(t, format, f.Data, tr, bin)
			if format == "po" || format == "xliff" || format == "csv" {
				if got := readBack(t, f.Name, f.Data); len(got) == 0 {
					t.Fatalf("%s: translate-toolkit read no units", format)
				}
			}
		}
	}
}
