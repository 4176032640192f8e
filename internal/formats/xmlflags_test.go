package formats

import (
	"slices"
	"testing"
)

// TestParseFlagsRegex: parameters written r"…" are marked as regular
// expressions, as Weblate's flag parser (weblate/checks/flags.py) compiles
// them; their text keeps every escape but \" \\ and the white-space ones. The
// expected values were checked against Weblate 4.18's parser.
func TestParseFlagsRegex(t *testing.T) {
	t.Parallel()
	cases := []struct {
		text   string
		name   string
		values []string
		regex  []bool
	}{
		{`placeholders:r"%\w+%"`, "placeholders", []string{`%\w+%`}, []bool{true}},
		{`placeholders:$URL$:r"(\$)([^$]*)(\$)":'x'`, "placeholders", []string{"$URL$", `(\$)([^$]*)(\$)`, "x"}, []bool{false, true, false}},
		{`placeholders:r"a\"b"`, "placeholders", []string{`a"b`}, []bool{true}},
		{`placeholders:r"\\d"`, "placeholders", []string{`\d`}, []bool{true}},
		{`placeholders:r"a\nb"`, "placeholders", []string{"a\nb"}, []bool{true}},
		{`placeholders:r"\s?{\w+}\s?"`, "placeholders", []string{`\s?{\w+}\s?`}, []bool{true}},
		{`regex:r"\d+"`, "regex", []string{`\d+`}, []bool{true}},
		{`placeholders:r""`, "placeholders", []string{""}, []bool{true}},
		// A quoted or bare r is a plain value.
		{`placeholders:"r"`, "placeholders", []string{"r"}, nil},
		{`placeholders:r`, "placeholders", []string{"r"}, nil},
		{`placeholders:r:x`, "placeholders", []string{"r", "x"}, nil},
		{`placeholders:'\d'`, "placeholders", []string{`\d`}, nil},
		// The last flag of a name replaces the marks with its values.
		{`placeholders:r"a", placeholders:b`, "placeholders", []string{"b"}, nil},
		{`max-length:10`, "max-length", []string{"10"}, nil},
		{`c-format`, "c-format", nil, nil},
	}
	for _, c := range cases {
		flags, err := ParseFlags(c.text)
		if err != nil || len(flags) != 1 {
			t.Errorf("%q: %v, %v", c.text, flags, err)
			continue
		}
		f := flags[0]
		if f.Name != c.name || !slices.Equal(f.Values, c.values) || !slices.Equal(f.Regex, c.regex) {
			t.Errorf("%q: %q %q %v, want %q %q %v", c.text, f.Name, f.Values, f.Regex, c.name, c.values, c.regex)
		}
	}
	// The parsed flags still format as before: r"…" stays r"…".
	var f weblateFlags
	if err := f.mergeText(`placeholders:r"%\w+%":"a b"`); err != nil || f.String() != `placeholders:r"%\w+%":"a b"` {
		t.Errorf("format: %q, %v", f.String(), err)
	}
}
