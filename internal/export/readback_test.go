package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Reading the exports back: translate-toolkit's factory must find in each file the
// units that went in, as far as the format holds them, and gettext's msgfmt must
// accept the PO files.

type readUnit struct {
	Source    []string `json:"source"`
	Target    []string `json:"target"`
	Context   string   `json:"context"`
	Notes     string   `json:"notes"`
	Locations []string `json:"locations"`
	Fuzzy     bool     `json:"fuzzy"`
	ID        string   `json:"id"`
}

func readBack(t *testing.T, name string, data []byte) []readUnit {
	t.Helper()
	needTTK(t)
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(python, "testdata/ttk_read.py", path)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("translate-toolkit cannot read %s: %v\n%s", name, err, stderr.String())
	}
	var units []readUnit
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var u readUnit
		if err := json.Unmarshal(sc.Bytes(), &u); err != nil {
			t.Fatal(err)
		}
		units = append(units, u)
	}
	return units
}

// plainTranslation holds units whose text reads back unchanged in every format:
// no markup, no control characters, unique contexts.
func plainTranslation() *Translation {
	tr := sample()
	tr.Units = []Unit{
		{Source: []string{"Hello world"}, Target: []string{"Ahoj světe"}, Context: "hello",
			Note: "Shown on start\nsecond line", Explanation: "Greeting", Location: "src/main.c:10, src/ui.c:20",
			State: 20, IDHash: 11},
		{Source: []string{"%d file", "%d files"}, Target: []string{"%d soubor", "%d soubory", "%d souborů"},
			Context: "files", State: 10, IDHash: 12},
		{Source: []string{"Empty"}, Target: []string{""}, Context: "empty", IDHash: 13},
		{Source: []string{"Read only"}, Target: []string{"Jen ke čtení"}, Context: "ro", State: 100, IDHash: 14},
		{Source: []string{"Quotes \"and\" \\ backslash\nnew line"}, Target: []string{"Uvozovky \"a\" \\ zpětné\nlomítko"},
			Context: "quotes", State: 30, IDHash: 15},
		{Source: []string{"No context"}, Target: []string{"Bez kontextu"}, State: 20, IDHash: 16},
	}
	return tr
}

func TestReadBackPO(t *testing.T) {
	t.Parallel()
	tr := plainTranslation()
	f, err := Export("po", tr)
	if err != nil {
		t.Fatal(err)
	}
	got := readBack(t, f.Name, f.Data)
	if len(got) != len(tr.Units) {
		t.Fatalf("read %d units, want %d", len(got), len(tr.Units))
	}
	for i, u := range tr.Units {
		g := got[i]
		wantSource := sources(&u)
		if len(wantSource) > 2 {
			wantSource = wantSource[:2] // msgid and msgid_plural
		}
		notes := strings.TrimSuffix(u.Note+"\n"+u.Explanation, "\n")
		notes = strings.TrimPrefix(notes, "\n")
		if !slices.Equal(g.Source, wantSource) || !slices.Equal(g.Target, targets(tr, &u)) ||
			g.Context != u.Context || g.Fuzzy != (u.State == stateFuzzy) || g.Notes != notes {
			t.Errorf("unit %d read back as %+v", i, g)
		}
	}
	if want := []string{"src/main.c:10,", "src/ui.c:20"}; !slices.Equal(got[0].Locations, want) {
		t.Errorf("locations %q, want %q (Weblate splits its location text on whitespace)", got[0].Locations, want)
	}
}

func TestReadBackCSV(t *testing.T) {
	t.Parallel()
	tr := plainTranslation()
	f, err := Export("csv", tr)
	if err != nil {
		t.Fatal(err)
	}
	got := readBack(t, f.Name, f.Data)
	if len(got) != len(tr.Units) {
		t.Fatalf("read %d units, want %d", len(got), len(tr.Units))
	}
	for i, u := range tr.Units {
		g := got[i]
		// CSV holds one form; the exporter quotes text starting like a formula.
		// translate-toolkit writes a backslash escaped but reads with a sniffed
		// dialect that has no escape character, so backslashes come back doubled.
		read := func(s string) []string { return []string{strings.ReplaceAll(csvFilter(s), `\`, `\\`)} }
		if !slices.Equal(g.Source, read(sources(&u)[0])) || !slices.Equal(g.Target, read(targets(tr, &u)[0])) ||
			g.Context != u.Context || g.Fuzzy != (u.State == stateFuzzy) {
			t.Errorf("unit %d read back as %+v", i, g)
		}
	}
}

func TestReadBackXLIFF(t *testing.T) {
	t.Parallel()
	tr := plainTranslation()
	for _, format := range []string{"xliff", "xliff11"} {
		f, err := Export(format, tr)
		if err != nil {
			t.Fatal(err)
		}
		// The factory reads .xlf as plain XLIFF: a gettext plural group gives one
		// unit per trans-unit, with ids suffixed [0], [1], …
		var want []readUnit
		for _, u := range tr.Units {
			id := u.Context
			if id == "" {
				id = checksum(u.IDHash)
			}
			src, tg := sources(&u), targets(tr, &u)
			if format == "xliff" && len(src) > 1 {
				for j := range tg {
					want = append(want, readUnit{Source: []string{src[min(j, len(src)-1)]}, Target: []string{tg[j]},
						ID: "NoName\x04" + id + "[" + itoa(j) + "]"})
				}
				continue
			}
			want = append(want, readUnit{Source: src[:1], Target: tg[:1], ID: "NoName\x04" + id})
		}
		got := readBack(t, f.Name, f.Data)
		if len(got) != len(want) {
			t.Fatalf("%s: read %d units, want %d", format, len(got), len(want))
		}
		for i := range want {
			if !slices.Equal(got[i].Source, want[i].Source) || !slices.Equal(got[i].Target, want[i].Target) || got[i].ID != want[i].ID {
				t.Errorf("%s unit %d read back as %+v, want %+v", format, i, got[i], want[i])
			}
		}
	}
}

func TestReadBackTMXTBXMO(t *testing.T) {
	t.Parallel()
	tr := plainTranslation()
	for _, format := range []string{"tmx", "tbx", "mo"} {
		f, err := Export(format, tr)
		if err != nil {
			t.Fatal(err)
		}
		got := readBack(t, f.Name, f.Data)
		var want []readUnit
		for _, u := range tr.Units {
			src, tg := sources(&u), targets(tr, &u)
			if format == "mo" {
				if u.State < stateTranslated || tg[0] == "" {
					continue // only translated units go into a MO file
				}
				want = append(want, readUnit{Source: src, Target: tg, Context: u.Context})
				continue
			}
			want = append(want, readUnit{Source: src[:1], Target: tg[:1]})
		}
		if format == "mo" {
			// a MO file is sorted by context and source
			slices.SortFunc(want, func(a, b readUnit) int {
				ka, kb := a.Source[0], b.Source[0]
				if a.Context != "" {
					ka = a.Context + "\x04" + ka
				}
				if b.Context != "" {
					kb = b.Context + "\x04" + kb
				}
				return strings.Compare(ka, kb)
			})
		}
		if len(got) != len(want) {
			t.Fatalf("%s: read %d units, want %d", format, len(got), len(want))
		}
		for i := range want {
			if !slices.Equal(got[i].Source, want[i].Source) || !slices.Equal(got[i].Target, want[i].Target) ||
				format == "mo" && got[i].Context != want[i].Context {
				t.Errorf("%s unit %d read back as %+v, want %+v", format, i, got[i], want[i])
			}
		}
	}
}

func TestReadBackJSON(t *testing.T) {
	t.Parallel()
	tr := plainTranslation()
	tr.Units = tr.Units[:5] // keyed units only
	f, err := Export("json", tr)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]string
	if err := json.Unmarshal(f.Data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, u := range tr.Units {
		want[u.Context] = targets(tr, &u)[0]
	}
	if len(got) != len(want) {
		t.Fatalf("read %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%q: %q, want %q", k, got[k], v)
		}
	}
}

func msgfmt(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("msgfmt")
	if err != nil {
		t.Skip("msgfmt (gettext) is missing")
	}
	return p
}

// TestMsgfmtAcceptsPO runs gettext's strictest check on PO exports with plurals
// and fuzzy units, and compiles them: the header, the Plural-Forms and each entry
// must be valid.
func TestMsgfmtAcceptsPO(t *testing.T) {
	t.Parallel()
	bin := msgfmt(t)
	for _, tr := range []*Translation{plainTranslation(), sample()} {
		f, err := Export("po", tr)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), f.Name)
		if err := os.WriteFile(path, f.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "-c", "--use-fuzzy", "-o", filepath.Join(t.TempDir(), "out.mo"), path).CombinedOutput()
		if err != nil {
			t.Errorf("msgfmt -c rejects the export: %v\n%s\n%s", err, out, f.Data)
		}
	}
}

// TestWideRangesMatchPython rebuilds pyWideRanges from the installed Python's
// unicodedata (Python 3.11, Unicode 14.0.0, as in Weblate 4.18's images).
func TestWideRangesMatchPython(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: Python walks every code point")
	}
	needTTK(t)
	out, err := exec.Command(python, "-c", `import unicodedata, sys
assert unicodedata.unidata_version == "14.0.0", unicodedata.unidata_version
wide = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF and unicodedata.east_asian_width(chr(cp)) in ("F", "W")]
sys.stdout.write(" ".join(map(str, wide)))`).Output()
	if err != nil {
		t.Skipf("python3 with Unicode 14.0.0: %v", err)
	}
	var want []int
	for _, f := range strings.Fields(string(out)) {
		want = append(want, int(mustAtoi(t, f)))
	}
	var got []int
	for _, rg := range pyWideRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			got = append(got, int(r))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("pyWideRanges holds %d characters, Python calls %d wide", len(got), len(want))
	}
}

func mustAtoi(t *testing.T, s string) int64 {
	var n int64
	for _, c := range s {
		n = n*10 + int64(c-'0')
	}
	return n
}
