package formats

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestFluentTTKCases: every parse case of translate-toolkit 3.9.2's own
// tests (translate/storage/test_fluent.py: basic_test and
// assert_parse_failure, recorded in testdata/fluent/ttk392_cases.json, see
// its README) gives the units translate-toolkit expects there, less the
// comment units Weblate leaves out; the failures fail.
func TestFluentTTKCases(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/fluent/ttk392_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Test   string
		Source string
		Error  bool
		Units  []struct{ ID, Source, Comment, Type *string }
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 300 {
		t.Fatalf("only %d cases", len(cases))
	}
	str := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	for i, c := range cases {
		f, err := fluentFormat{}.Parse([]byte(c.Source))
		if c.Error {
			if err == nil {
				t.Errorf("%d %s: %q parsed, want an error", i, c.Test, c.Source)
			} else if !strings.HasPrefix(err.Error(), "line ") {
				t.Errorf("%d %s: error %q names no line", i, c.Test, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%d %s: %q: %v", i, c.Test, c.Source, err)
			continue
		}
		var want []Unit
		for _, u := range c.Units {
			if strings.HasSuffix(str(u.Type), "Comment") {
				continue
			}
			want = append(want, Unit{Key: str(u.ID), Target: []string{str(u.Source)}, Note: str(u.Comment)})
		}
		if len(f.Units) != len(want) {
			t.Errorf("%d %s: %q: %d units, want %d: %+v", i, c.Test, c.Source, len(f.Units), len(want), f.Units)
			continue
		}
		for j, w := range want {
			g := f.Units[j]
			if g.Key != w.Key || g.Target[0] != w.Target[0] || g.Note != w.Note {
				t.Errorf("%d %s: %q unit %d:\n got %q %q note %q\nwant %q %q note %q", i, c.Test, c.Source, j, g.Key, g.Target[0], g.Note, w.Key, w.Target[0], w.Note)
			}
		}
	}
}
