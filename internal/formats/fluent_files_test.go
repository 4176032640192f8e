package formats

import (
	"os"
	"strings"
	"testing"
)

// Fluent has no translate-toolkit to compare with here (Debian does not
// package fluent.syntax): real files from public projects
// (testdata/fluent/README.md) are checked against what is counted and
// derived by hand from them.

func parseFluentFile(t *testing.T, name string) *File {
	t.Helper()
	data, err := os.ReadFile("testdata/fluent/" + name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := fluentFormat{}.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

func fluentUnitByKey(t *testing.T, f *File, key string) Unit {
	t.Helper()
	for _, u := range f.Units {
		if u.Key == key {
			return u
		}
	}
	t.Fatalf("no unit %q", key)
	return Unit{}
}

// TestFluentFileCounts: one unit per message and term, none for comments
// (counted as the lines that begin with an identifier or "-" and "=").
func TestFluentFileCounts(t *testing.T) {
	t.Parallel()
	for name, n := range map[string]int{
		"cosmic-term/en-cosmic_term.ftl": 112,
		"cosmic-term/de-cosmic_term.ftl": 112,
		"cosmic-term/ja-cosmic_term.ftl": 73,
		"relay/en-brands.ftl":            22,
		"relay/de-brands.ftl":            22,
		"relay/cs-brands.ftl":            22,
		"relay/en-settings.ftl":          22,
		"relay/cs-settings.ftl":          22,
		"relay/en-misc.ftl":              55,
	} {
		f := parseFluentFile(t, name)
		if len(f.Units) != n {
			t.Errorf("%s: %d units, want %d", name, len(f.Units), n)
		}
		if len(f.Warnings) != 0 {
			t.Errorf("%s: warnings %v", name, f.Warnings)
		}
	}
}

// TestFluentFileLayout: Pontoon writes Fluent as fluent.syntax serializes
// it, so in the Relay files it wrote each unit's text is its lines as the
// file has them: the value after "= ", or the lines below the key with their
// four spaces of indentation removed, attributes included.
func TestFluentFileLayout(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"relay/en-brands.ftl", "relay/de-brands.ftl", "relay/cs-brands.ftl", "relay/en-settings.ftl", "relay/cs-settings.ftl"} {
		data, _ := os.ReadFile("testdata/fluent/" + name)
		lines := strings.Split(string(data), "\n")
		want := map[string]string{}
		for i := 0; i < len(lines); i++ {
			l := lines[i]
			if l == "" || l[0] == '#' || l[0] == ' ' {
				continue
			}
			key, value, ok := strings.Cut(l, " =")
			if !ok {
				t.Fatalf("%s:%d: %q", name, i+1, l)
			}
			var text []string
			if value != "" {
				text = append(text, strings.TrimPrefix(value, " "))
			}
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "    ") {
				i++
				text = append(text, lines[i][4:])
			}
			want[key] = strings.Join(text, "\n")
		}
		f := parseFluentFile(t, name)
		if len(f.Units) != len(want) {
			t.Errorf("%s: %d units, want %d", name, len(f.Units), len(want))
		}
		for _, u := range f.Units {
			if u.Target[0] != want[u.Key] {
				t.Errorf("%s %s:\n got %q\nwant %q", name, u.Key, u.Target[0], want[u.Key])
			}
		}
	}
}

// TestFluentFileUnits: units derived by hand.
func TestFluentFileUnits(t *testing.T) {
	t.Parallel()
	// Every "###" comment of the file, wherever it stands, starts every
	// note; then the "##" group the unit is under; then its own comment.
	resource := "Appearance\nFont\nSplits\nAdvanced\nKeyboard shortcuts"
	en := parseFluentFile(t, "cosmic-term/en-cosmic_term.ftl")
	for _, c := range []struct{ key, text, note string }{
		{"cosmic-terminal", "COSMIC Terminal", resource},
		{"repository", "Repository", resource + "\nAbout"},
		{"appearance", "Appearance", resource + "\nSettings"},
		{"shortcut-replace-body", "{ $binding } is already assigned to { $existing }. Replace it with { $new_action }?", resource + "\nSettings"},
		// "# Find" is attached; "# Context Pages" and "# Menu", a blank line
		// below them, are not.
		{"find-placeholder", "Find...", resource + "\nSettings\nFind"},
		{"find-previous", "Find previous", resource + "\nSettings"},
		{"file", "File", resource + "\nFile"},
		{"menu-password-manager", "Passwords...", resource + "\nView\nPassword Manager"},
	} {
		u := fluentUnitByKey(t, en, c.key)
		if u.Target[0] != c.text || u.Note != c.note {
			t.Errorf("%s: %q note %q, want %q note %q", c.key, u.Target[0], u.Note, c.text, c.note)
		}
	}

	misc := parseFluentFile(t, "relay/en-misc.ftl")
	for _, c := range []struct{ key, text, note string }{
		// A comment's lines keep what follows "# ".
		{"success-signed-in-message", "Successfully signed in as { $username }.",
			"Success Messages\nVariables:\n  $username (url) - Username of the current user"},
		// The file indents "*[other]" as "[one]"; the serializer puts the
		// default's "*" in the indentation.
		{"trackerreport-trackers-value", "{ $count ->\n    [one] 1 tracker\n   *[other] { $count } trackers\n}", ""},
		// A variant whose value is a select expression on the variant's line
		// gets it on lines of its own, indented four more.
		{"offer-countdown-timer-alt", "{ $remaining_days ->\n" +
			"    [0]\n        { $remaining_hours ->\n            [1] 1 hour remaining\n           *[other] { $remaining_hours } hours remaining\n        }\n" +
			"    [1]\n        { $remaining_hours ->\n            [0] 1 day remaining\n            [1] 1 day and 1 hour remaining\n           *[other] 1 day and { $remaining_hours } hours remaining\n        }\n" +
			"   *[other]\n        { $remaining_hours ->\n            [0] { $remaining_days } days remaining\n            [1] { $remaining_days } days and 1 hour remaining\n           *[other] { $remaining_days } days and { $remaining_hours } hours remaining\n        }\n}", ""},
	} {
		u := fluentUnitByKey(t, misc, c.key)
		if u.Target[0] != c.text || (c.note != "" && u.Note != c.note) {
			t.Errorf("%s:\n got %q note %q\nwant %q note %q", c.key, u.Target[0], u.Note, c.text, c.note)
		}
	}

	// A term keeps its "-"; its attributes follow its value.
	cs := parseFluentFile(t, "relay/cs-brands.ftl")
	u := fluentUnitByKey(t, cs, "-brand-name-firefox")
	want := "{ $case ->\n    [gen] Firefoxu\n    [dat] Firefoxu\n    [acc] Firefox\n    [voc] Firefoxe\n    [loc] Firefoxu\n    [ins] Firefoxem\n   *[nom] Firefox\n}\n.gender = masculine"
	if u.Target[0] != want || u.Note != "Brands" || u.Line != 11 {
		t.Errorf("-brand-name-firefox: %q note %q line %d", u.Target[0], u.Note, u.Line)
	}
}
