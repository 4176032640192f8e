package formats

import (
	"strings"
	"testing"
)

// TestTBXFlags: Weblate's TBXUnit keeps TTKitUnit.flags, which merges
// parse_flags_xml of the unit's element, for TBX the termEntry; attributes of
// the langSet or term are not read.
func TestTBXFlags(t *testing.T) {
	t.Parallel()
	entry := func(attrs string) string {
		return `<?xml version="1.0"?><martif type="TBX"><text><body>` +
			`<termEntry id="e"` + attrs + `><langSet xml:lang="en" weblate-flags="c-format"><tig><term>pin</term></tig></langSet></termEntry>` +
			`</body></text></martif>`
	}
	cases := []struct {
		name, attrs, want string
	}{
		{"none", "", ""},
		{"weblate-flags", ` weblate-flags="read-only, max-length:12"`, "max-length:12, read-only"},
		{"maxwidth without a unit is a size", ` maxwidth="40"`, "max-size:40"},
		{"maxwidth in characters is a length", ` maxwidth="40" size-unit="char"`, "max-length:40"},
		{"maxwidth in an unknown unit is nothing", ` maxwidth="40" size-unit="line"`, ""},
		{"font", ` font="Noto Sans; 10"`, "font-family:Noto_Sans, font-size:10"},
	}
	for _, c := range cases {
		f, err := tbxFormat{}.Parse([]byte(entry(c.attrs)))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(f.Units) != 1 || f.Units[0].Flags != c.want {
			t.Errorf("%s: units %+v, want flags %q", c.name, f.Units, c.want)
		}
	}
	_, err := tbxFormat{}.Parse([]byte(entry(` weblate-flags="a:'b"`)))
	if err == nil || !strings.Contains(err.Error(), "weblate-flags") {
		t.Errorf("bad weblate-flags: err = %v", err)
	}
}
